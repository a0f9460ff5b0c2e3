"""Compile the message catalogues: ``python -m fuda.i18n.compile [--check | --update]``.

Reads each ``locale/<lang>/LC_MESSAGES/<domain>.po`` (the domain ``fuda``, fuda's messages, and
``schema``, the bundled schemas' hovers: :mod:`fuda.i18n.hovers`) and writes the ``.mo`` beside it,
which is what fuda reads at run time (:mod:`fuda.i18n.catalogue`). With ``--check`` it writes
nothing and exits 1 naming each ``.mo`` that is not the compilation of its ``.po`` (a test runs
this), 0 when all are current. With ``--update`` it first brings each ``schema.po`` in line with the
bundled schemas (gettext's msgmerge): an explanation no schema has yet is added without a text (to
be translated), one no schema uses any more is dropped. A ``.po`` that does not parse is reported
as ``file:line: message`` with exit 1.

Babel reads and writes the files (the ecosystem's PO/MO library; a maintainer's tool, in the
``test`` extra — fuda itself reads ``.mo`` files with the standard library).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from fuda.i18n import hovers
from fuda.i18n.catalogue import LANGUAGES, po_path


def sources() -> list[tuple[str, Path]]:
    """Every ``(lang, .po file)``: fuda's messages in each language, and the schema hovers in each
    language that has them."""
    found = [(lang, po_path(lang)) for lang in LANGUAGES]
    return found + [(lang, hovers.po_path(lang)) for lang in LANGUAGES if hovers.po_path(lang).is_file()]


def read(lang: str, po: Path):
    """A ``.po`` file as a Babel catalogue."""
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        return read_po(source, locale=lang, abort_invalid=True)


def compiled(lang: str, po: Path | None = None) -> bytes:
    """The ``.mo`` bytes of a ``.po`` source (default: ``lang``'s messages)."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, read(lang, po or po_path(lang)), use_fuzzy=False)
    return out.getvalue()


def stale() -> list[str]:
    """The ``.mo`` files that differ from the compilation of their ``.po`` (or are missing)."""
    out = []
    for lang, po in sources():
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(lang, po):
            out.append(str(mo))
    return out


def update_hovers(lang: str) -> Path:
    """Bring ``lang``'s ``schema.po`` in line with the bundled schemas' explanations: new ones added
    without a text, unused ones dropped, each entry's comment naming where it is used."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    po = hovers.po_path(lang)
    old = read(lang, po) if po.is_file() else Catalog(locale=lang)
    # (the dates are the old file's: an update that changes no text changes no byte)
    new = Catalog(locale=lang, project="fuda", version="0.1", creation_date=old.creation_date,
                  revision_date=old.creation_date, fuzzy=False, msgid_bugs_address="the fuda issue tracker",
                  last_translator="fuda <fuda@localhost>", language_team="Japanese <fuda@localhost>", header_comment=(
        "# fuda — the hovers of the bundled JSON Schemas, in Japanese.\n"
        "# The msgid is the schema's English explanation; pipeline/i18n/README.md says how to update."))
    for text, used in hovers.msgids().items():
        before = old.get(text)
        new.add(text, before.string if before is not None else "", auto_comments=used[:3])
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as out:
        write_po(out, new, width=0, omit_header=False, sort_output=False)
    return po


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
        if "--update" in args:
            for lang in LANGUAGES:
                if lang != hovers.SOURCE_LANGUAGE:
                    update_hovers(lang)
        for lang, po in sources():
            po.with_suffix(".mo").write_bytes(compiled(lang, po))
    except PoFileError as exc:
        print(f"{exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
