"""Compile the message catalogues: ``python -m fuda.i18n.compile [--check]``.

Reads each ``locale/<lang>/LC_MESSAGES/fuda.po`` and writes the ``fuda.mo`` beside it, which is
what fuda reads at run time (:mod:`fuda.i18n.catalogue`). With ``--check`` it writes nothing and
exits 1 naming each ``.mo`` that is not the compilation of its ``.po`` (a test runs this), 0 when
all are current. A ``.po`` that does not parse is reported as ``file:line: message`` with exit 1.

Babel reads and writes the files (the ecosystem's PO/MO library; a maintainer's tool, in the
``test`` extra — fuda itself reads ``.mo`` files with the standard library).
"""

from __future__ import annotations

import io
import sys

from fuda.i18n.catalogue import LANGUAGES, po_path


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes of ``lang``'s ``.po`` source."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang, abort_invalid=True)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def stale() -> list[str]:
    """The ``.mo`` files that differ from the compilation of their ``.po`` (or are missing)."""
    out = []
    for lang in LANGUAGES:
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(lang):
            out.append(str(mo))
    return out


def main(argv: list[str] | None = None) -> int:
    """Compile every catalogue (or, with ``--check``, report the stale ones)."""
    from babel.messages.pofile import PoFileError

    args = sys.argv[1:] if argv is None else argv
    try:
        if "--check" in args:
            old = stale()
            for path in old:
                print(f"{path}: stale — run `python -m fuda.i18n.compile`", file=sys.stderr)
            return 1 if old else 0
        for lang in LANGUAGES:
            po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))
    except PoFileError as exc:
        print(f"{exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
