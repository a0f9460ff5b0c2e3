"""Declared parameters of effect ops: small checkers that turn YAML values into checked values.

Each :class:`Param` converts one argument (raising :class:`ParamError` with what was expected)
and says what it expects, so an op table states its vocabulary in code, with no string
expressions: :class:`Int`, :class:`Bool`, :class:`Enum`, :class:`Const`, :class:`Nullable`,
:class:`Either`, :class:`Struct` and :class:`Ops` (a nested op list, compiled recursively).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


class ParamError(ValueError):
    """An argument that does not fit its declaration (the message says what was expected)."""

    def __init__(self, message: str, path: tuple = ()):
        super().__init__(message)
        self.path = path


@dataclass(frozen=True)
class Param:
    """A declared parameter: a type check plus an optional default (``required`` otherwise)."""

    doc: str = ""
    default: object = None
    required: bool = True

    def convert(self, value, compile_ops):
        """The checked value (raise :class:`ParamError`)."""
        return value

    def optional(self, default=None) -> Param:
        """This parameter, optional with ``default``."""
        return type(self)(**{**self.__dict__, "default": default, "required": False})

    @property
    def expects(self) -> str:
        return "a value"


@dataclass(frozen=True)
class Int(Param):
    """An integer in ``[min, max]``."""

    min: int | None = None
    max: int | None = None

    def convert(self, value, compile_ops):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ParamError(f"expected {self.expects}, got {value!r}")
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise ParamError(f"expected {self.expects}, got {value}")
        return value

    @property
    def expects(self) -> str:
        lo = "" if self.min is None else f"≥ {self.min}"
        hi = "" if self.max is None else f"≤ {self.max}"
        return "an integer" + (f" {lo}" if lo else "") + (" and" if lo and hi else "") + (f" {hi}" if hi else "")


@dataclass(frozen=True)
class Bool(Param):
    """``true`` or ``false``."""

    def convert(self, value, compile_ops):
        if not isinstance(value, bool):
            raise ParamError(f"expected true or false, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Enum(Param):
    """One of a fixed list of words."""

    values: tuple = ()

    def convert(self, value, compile_ops):
        if value not in self.values or (isinstance(value, bool) and not any(isinstance(v, bool) for v in self.values)):
            raise ParamError(f"expected one of {', '.join(map(str, self.values))}, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return "one of " + ", ".join(map(str, self.values))


@dataclass(frozen=True)
class Const(Param):
    """Exactly one value (e.g. ``all`` or ``this``)."""

    value: object = None

    def convert(self, value, compile_ops):
        if value != self.value or isinstance(value, bool) != isinstance(self.value, bool):
            raise ParamError(f"expected {self.expects}, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Nullable(Param):
    """``null`` (kept as None, e.g. the bar ー) or a value of ``inner``."""

    inner: Param = field(default_factory=Param)  # (always given: Nullable(inner=...))

    def convert(self, value, compile_ops):
        if value is None:
            return None
        try:
            return self.inner.convert(value, compile_ops)
        except ParamError:
            raise ParamError(f"expected {self.expects}, got {value!r}") from None

    @property
    def expects(self) -> str:
        return f"null or {self.inner.expects}"


@dataclass(frozen=True)
class Either(Param):
    """A value fitting one of several declarations, tried in order."""

    choices: tuple = ()

    def convert(self, value, compile_ops):
        for choice in self.choices:
            try:
                return choice.convert(value, compile_ops)
            except ParamError:
                continue
        raise ParamError(f"expected {self.expects}, got {value!r}")

    @property
    def expects(self) -> str:
        return " or ".join(c.expects for c in self.choices)


@dataclass(frozen=True)
class Struct(Param):
    """A mapping with declared keys (all optional unless listed in ``needs``); at least
    ``min_keys`` of them. Converted to a plain dict of checked values."""

    fields: tuple = ()  # ((key, Param), ...)
    needs: tuple = ()
    min_keys: int = 0

    def convert(self, value, compile_ops):
        if not isinstance(value, Mapping):
            raise ParamError(f"expected a mapping with keys {self.expects}, got {value!r}")
        known = dict(self.fields)
        out = {}
        for key, item in value.items():
            if key not in known:
                raise ParamError(f"unknown key '{key}' (keys: {self.expects})", (key,))
            try:
                out[key] = known[key].convert(item, compile_ops)
            except ParamError as exc:
                raise ParamError(f"'{key}': {exc}", (key, *exc.path)) from None
        for key in self.needs:
            if key not in out:
                raise ParamError(f"missing key '{key}'")
        if len(out) < self.min_keys:
            raise ParamError(f"expected at least {self.min_keys} of the keys {self.expects}")
        return out

    @property
    def expects(self) -> str:
        return ", ".join(k for k, _ in self.fields)


@dataclass(frozen=True)
class Ops(Param):
    """A nested list of ops (for conditional or optional effects), compiled recursively."""

    def convert(self, value, compile_ops):
        if not isinstance(value, (list, tuple)):
            raise ParamError(f"expected a list of ops, got {value!r}")
        return compile_ops(value)

    @property
    def expects(self) -> str:
        return "a list of ops"
