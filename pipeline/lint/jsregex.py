"""Translate the JavaScript regular expressions of prh dictionaries into Python ``re``.

prh compiles every pattern with the flags ``gmu`` (plus ``i`` when written), so the JavaScript
meaning is: ``\\d``, ``\\w`` and ``\\b`` are ASCII-only (今日もJS祭り has word boundaries around
JS), ``.`` stops at any line terminator, ``^``/``$`` work per line. Python's ``re`` differs on
exactly those points and on syntax (named groups, ``\\u{…}``, ``[^]``), and it rejects a
variable-width look-behind such as ``(?<=する|できる)事`` — which this module rewrites as one
look-behind per alternative, ``(?:(?<=する)|(?<=できる))事``. What cannot be rewritten (a
look-behind with a quantifier, ``\\p{…}`` properties outside the known scripts, the ``v`` flag)
raises :class:`TranslationError` naming the construct, which prh reports as a configuration error.
"""

from __future__ import annotations

import re

WORD = "A-Za-z0-9_"
JS_SPACE = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
IN_CLASS = {"d": "0-9", "w": WORD, "s": JS_SPACE, "D": "\\D", "W": "\\W", "S": "\\S"}
OUTSIDE = {
    "d": "[0-9]", "w": f"[{WORD}]", "s": f"[{JS_SPACE}]",
    "D": "[^0-9]", "W": f"[^{WORD}]", "S": f"[^{JS_SPACE}]",
    "b": f"(?:(?<![{WORD}])(?=[{WORD}])|(?<=[{WORD}])(?![{WORD}]))",
    "B": f"(?:(?<![{WORD}])(?![{WORD}])|(?<=[{WORD}])(?=[{WORD}]))",
}
SIMPLE = {"t": "\\t", "n": "\\n", "v": "\\x0b", "f": "\\x0c", "r": "\\r"}
SCRIPTS = {
    "hiragana": "\\u3041-\\u309f\\U0001b001-\\U0001b11f",
    "katakana": "\\u30a1-\\u30fa\\u30fd-\\u30ff\\u31f0-\\u31ff\\u32d0-\\u32fe\\u3300-\\u3357\\uff66-\\uff6f\\uff71-\\uff9d",
    "han": "\\u2e80-\\u2e99\\u2e9b-\\u2ef3\\u2f00-\\u2fd5\\u3005\\u3007\\u3021-\\u3029\\u3038-\\u303b"
           "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufa6d\\uf970-\\ufad9\\U00020000-\\U0003134a",
}
SCRIPT_ALIASES = {"hira": "hiragana", "kana": "katakana", "hani": "han"}
FLAGS = set("gimsuy")
SYNTAX = set("^$\\.*+?()[]{}|/-")


class TranslationError(ValueError):
    """A JavaScript pattern that Python's ``re`` cannot express."""


def translate(source: str, flags: str = "") -> re.Pattern:
    """Compile the JavaScript pattern ``/source/flags`` as prh does (``gmu`` always added)."""
    bad = set(flags) - FLAGS
    if bad:
        raise TranslationError(f"unsupported regex flag(s) {''.join(sorted(bad))}")
    pyflags = re.MULTILINE | (re.IGNORECASE if "i" in flags else 0)
    python = _Translator(source, dotall="s" in flags).run()
    try:
        return re.compile(python, pyflags)
    except re.error as exc:
        raise TranslationError(f"invalid pattern /{source}/: {exc}") from None


class _Translator:
    def __init__(self, source: str, dotall: bool):
        self.src = source
        self.i = 0
        self.dotall = dotall

    def run(self) -> str:
        out = self.alternation()
        if self.i < len(self.src):
            raise TranslationError(f"unbalanced ')' at {self.i} in /{self.src}/")
        return out

    def peek(self, text: str) -> bool:
        return self.src.startswith(text, self.i)

    def alternation(self) -> str:
        return "|".join(self.alternatives())

    def alternatives(self) -> list[str]:
        alts = [self.sequence()]
        while self.peek("|"):
            self.i += 1
            alts.append(self.sequence())
        return alts

    def sequence(self) -> str:
        parts = []
        src = self.src
        while self.i < len(src):
            c = src[self.i]
            if c in ")|":
                break
            if c == "\\":
                parts.append(self.escape(in_class=False))
            elif c == "[":
                parts.append(self.char_class())
            elif c == "(":
                parts.append(self.group())
            elif c == ".":
                parts.append("[\\s\\S]" if self.dotall else "[^\\n\\r\\u2028\\u2029]")
                self.i += 1
            elif c == "{":
                m = re.compile(r"\{\d+(?:,\d*)?\}").match(src, self.i)
                parts.append(m.group() if m else "\\{")
                self.i += len(m.group()) if m else 1
            elif c == "}":
                parts.append("\\}")
                self.i += 1
            else:
                parts.append(c)
                self.i += 1
        return "".join(parts)

    def group(self) -> str:
        src = self.src
        if self.peek("(?<=") or self.peek("(?<!"):
            kind = src[self.i + 3]
            self.i += 4
            alts = self.alternatives()
            self.close()
            return _lookbehind(kind, alts, src)
        m = re.compile(r"\(\?<([A-Za-z_][A-Za-z0-9_]*)>").match(src, self.i)
        if m:
            self.i = m.end()
            head = f"(?P<{m.group(1)}>"
        elif self.peek("(?:") or self.peek("(?=") or self.peek("(?!"):
            head = src[self.i:self.i + 3]
            self.i += 3
        elif self.peek("(?"):
            raise TranslationError(f"unsupported group syntax at {self.i} in /{src}/")
        else:
            head = "("
            self.i += 1
        body = self.alternation()
        self.close()
        return f"{head}{body})"

    def close(self) -> None:
        if not self.peek(")"):
            raise TranslationError(f"missing ')' in /{self.src}/")
        self.i += 1

    def escape(self, in_class: bool) -> str:
        src = self.src
        if self.i + 1 >= len(src):
            raise TranslationError(f"pattern /{src}/ ends with a backslash")
        c = src[self.i + 1]
        self.i += 2
        if c in "dwsDWS":
            return IN_CLASS[c] if in_class else OUTSIDE[c]
        if c in "bB":
            return "\\x08" if in_class else OUTSIDE[c]
        if c in SIMPLE:
            return SIMPLE[c]
        if c == "u":
            m = re.compile(r"\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{4})").match(src, self.i)
            if not m:
                raise TranslationError(f"bad \\u escape in /{src}/")
            self.i = m.end()
            code = int(m.group(1) or m.group(2), 16)
            return f"\\U{code:08x}"
        if c == "x":
            m = re.compile(r"[0-9A-Fa-f]{2}").match(src, self.i)
            if not m:
                raise TranslationError(f"bad \\x escape in /{src}/")
            self.i = m.end()
            return f"\\x{m.group()}"
        if c == "c" and self.i < len(src) and src[self.i].isalpha():
            self.i += 1
            return f"\\x{ord(src[self.i - 1]) % 32:02x}"
        if c == "0" and not (self.i < len(src) and src[self.i].isdigit()):
            return "\\x00"
        if c.isdigit():
            m = re.compile(r"\d*").match(src, self.i)
            self.i = m.end()
            if in_class:
                raise TranslationError(f"back-reference inside a class in /{src}/")
            return f"(?:\\{c}{m.group()})"
        if c == "k" and self.peek("<"):
            m = re.compile(r"<([A-Za-z_][A-Za-z0-9_]*)>").match(src, self.i)
            if not m:
                raise TranslationError(f"bad \\k<name> in /{src}/")
            self.i = m.end()
            return f"(?P={m.group(1)})"
        if c in "pP":
            return self.property(c == "P", in_class)
        if c == "/":
            return "/"
        if c in SYNTAX:
            return "\\" + c
        return re.escape(c)

    def property(self, negated: bool, in_class: bool) -> str:
        m = re.compile(r"\{(?:(?:Script|sc|Script_Extensions|scx)=)?([A-Za-z_]+)\}").match(self.src, self.i)
        if not m:
            raise TranslationError(f"unsupported \\p{{…}} property in /{self.src}/")
        self.i = m.end()
        name = m.group(1).lower()
        name = SCRIPT_ALIASES.get(name, name)
        if name not in SCRIPTS:
            raise TranslationError(f"Unicode property \\p{{{m.group(1)}}} has no Python re equivalent here "
                                   f"(known: Hiragana, Katakana, Han)")
        ranges = SCRIPTS[name]
        if in_class:
            if negated:
                raise TranslationError(f"negated \\P{{{m.group(1)}}} inside a class in /{self.src}/")
            return ranges
        return f"[{'^' if negated else ''}{ranges}]"

    def char_class(self) -> str:
        src = self.src
        self.i += 1
        negated = self.peek("^")
        if negated:
            self.i += 1
        if self.peek("]"):
            self.i += 1
            return "[\\s\\S]" if negated else "(?!)"
        parts = []
        while self.i < len(src) and src[self.i] != "]":
            c = src[self.i]
            if c == "\\":
                parts.append(self.escape(in_class=True))
                continue
            parts.append("\\" + c if c in "[&~|" else c)
            self.i += 1
        if self.i >= len(src):
            raise TranslationError(f"unterminated character class in /{src}/")
        self.i += 1
        return f"[{'^' if negated else ''}{''.join(parts)}]"


def _lookbehind(kind: str, alts: list[str], src: str) -> str:
    whole = "|".join(alts)
    try:
        re.compile(f"(?<{kind}{whole})")
        return f"(?<{kind}{whole})"
    except re.error:
        pass  # variable width (valid in JavaScript): try one look-behind per alternative
    if len(alts) > 1 and not any(_captures(a) for a in alts):
        parts = []
        for alt in alts:
            try:
                re.compile(f"(?<{kind}{alt})")
            except re.error:
                break
            parts.append(f"(?<{kind}{alt})")
        else:
            return f"(?:{'|'.join(parts)})" if kind == "=" else "".join(parts)
    raise TranslationError(f"variable-width look-behind (?<{kind}{whole}) in /{src}/ cannot be expressed "
                           "with Python re")


def _captures(pattern: str) -> bool:
    return re.compile(pattern).groups > 0 if _compiles(pattern) else True


def _compiles(pattern: str) -> bool:
    try:
        re.compile(pattern)
    except re.error:
        return False
    return True


def replace(expected: str, match: re.Match) -> str:
    """prh's replacement: ``$1`` … ``$99`` become the groups (an unset group is empty; ``$0``
    and numbers past the last group stay as written)."""
    if "$" not in expected:
        return expected
    groups = match.re.groups

    def sub(m: re.Match) -> str:
        index = int(m.group(1))
        if index == 0 or index > groups:
            return m.group(0)
        return match.group(index) or ""

    return re.sub(r"\$([0-9]{1,2})", sub, expected)
