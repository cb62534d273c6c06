"""Extracts the marked texts into companion/locale/messages.pot and brings every language's
messages.po up to it (new texts untranslated, gone ones dropped); English is the identity.

    python tools/messages.py          # update the template and the catalogues
    python tools/messages.py --check  # exit 1 when a catalogue lags behind the code

Marks: _, N_, Nn_, Np_, Ne_, edition_text, gettext, ngettext, pgettext, npgettext
(companion.i18n). Translations are written in the .po files by hand (our own words);
component names live in their own domain (components.po) and are not touched here.
"""

from __future__ import annotations

import argparse
import copy
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale"
TEMPLATE = LOCALE / "messages.pot"
PROJECT = "Age of Discovery Companion"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Nn_": (1, 2), "Np_": ((1, "c"), 2),
            "edition_text": (2,), "Ne_": None}
# Texts marked with ``edition_text(edition, ...)`` also get one entry per edition with its own
# book's words (msgctxt "edition/<id>", i18n.EDITION_CONTEXT)
EDITION_KEYWORDS = {"edition_text": (2,), "Ne_": None}
EDITIONS_WITH_OWN_WORDS = ("aoe3",)
# gettext's usual plural rule where Babel's (CLDR's) has more forms than a table needs
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}


def extract() -> Catalog:
    """The template: every marked text of the app, with where it is used."""
    template = Catalog(project=PROJECT, fuzzy=False)
    with (ROOT / "babel.cfg").open() as config:
        from babel.messages.frontend import parse_mapping_cfg
        method_map, options_map = parse_mapping_cfg(config)
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map=method_map, options_map=options_map, keywords=KEYWORDS,
            comment_tags=("i18n:",), strip_comment_tags=True,
            directory_filter=_source_folder):
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    for filename, lineno, message, comments, _context in extract_from_dir(
            ROOT, method_map=method_map, options_map=options_map, keywords=EDITION_KEYWORDS,
            comment_tags=("i18n:",), strip_comment_tags=True,
            directory_filter=_source_folder):
        for edition in EDITIONS_WITH_OWN_WORDS:
            template.add(message, None, [(filename, lineno)], auto_comments=comments,
                         context=f"edition/{edition}")
    return template


def _source_folder(path: str) -> bool:
    name = Path(path).name
    return not name.startswith((".", "_")) and name not in ("tests", "bench", "docs", "tools")


def updated(lang: str, template: Catalog) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / "messages.po"
    if path.exists():
        with path.open("rb") as po:
            catalog = read_po(po, locale=lang)
    else:
        catalog = Catalog(locale=lang, project=PROJECT, fuzzy=False)
        if lang in PLURAL_FORMS:
            catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    # a copy: update() takes the template's own entries, which the next language would share
    catalog.update(copy.deepcopy(template), no_fuzzy_matching=True,
                   update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    if lang == "en":  # the msgids are English: the catalogue says so, plural forms included
        for message in catalog:
            if message.id:
                message.string = message.id
                message.flags.discard("fuzzy")  # (Babel marks a singular turned plural)
    return catalog


def written(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False,
             ignore_obsolete=True, include_previous=False, include_lineno=False)
    return out.getvalue()


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a file would change")
    args = parser.parse_args(argv)
    template = extract()
    files = {TEMPLATE: written(template)}
    for lang in languages():
        files[LOCALE / lang / "LC_MESSAGES" / "messages.po"] = written(updated(lang, template))
    stale = []
    for path, text in files.items():
        old = path.read_bytes() if path.exists() else b""
        if _without_dates(old) != _without_dates(text):
            stale.append(path)
            if not args.check:
                path.write_bytes(text)
    for path in stale:
        print(("stale: " if args.check else "written: ") + str(path.relative_to(ROOT)))
    return 1 if args.check and stale else 0


def _without_dates(text: bytes) -> bytes:
    """The file without its creation/revision stamps (they change on every run)."""
    return b"\n".join(line for line in text.splitlines()
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


if __name__ == "__main__":
    sys.exit(main())
