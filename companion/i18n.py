"""Words in the language of the person looking: the message catalogue (gettext ``.po`` files
managed with Babel, ``companion/locale/<lang>/LC_MESSAGES/messages.po``) and the component
names as printed on that language's components (domain ``components``).

The language is per request, never per process: two phones at one table may read two
languages at once. Each run of a page sets it (``set_language``); code outside a run (the
CLI, tests) uses ``use_language``. Code marks its texts with ``_``, ``ngettext``,
``pgettext`` (translated now) or ``N_`` (only marked: a constant translated where it is
shown, with ``_(constant)``); ``make messages`` extracts them into ``messages.pot`` and
updates each language's catalogue. Catalogues are read straight from their ``.po`` files
(once per process), so a fresh clone needs no build step.

>>> with use_language("en"):
...     _("Home"), ngettext("{n} worker", "{n} workers", 2).format(n=2)
('Home', '2 workers')
>>> with use_language("fr"):
...     format_number(1234.5)
'1\\u202f234,5'
>>> negotiate("fr-CA,fr;q=0.9,en;q=0.8")
'fr'
>>> negotiate("qaa-ZZ")  # (ISO 639's "reserved for local use": no catalogue's)
'en'
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import gettext as _gettext
import io
import os
import re
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from babel import Locale, UnknownLocaleError, dates, negotiate_locale, numbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

DEFAULT = "en"  # the language of the msgids, and of anything no catalogue covers
MESSAGES = "messages"  # our own words
COMPONENTS = "components"  # component names as printed (msgctxt: "<kind>" or "<kind>/<edition>")
COMPONENT_KINDS = ("building", "good", "region", "nation", "power", "specialist", "discovery",
                   "track", "worker", "card", "endeavor", "nouveau_monde")

_LOCALE_DIR = Path(__file__).parent / "locale"
_locale_dir = _LOCALE_DIR
_current: ContextVar[str | None] = ContextVar("companion_language", default=None)
_generation = 0  # counts catalogue changes (``use_locale_dir``): part of ``language_key``
_fallback: Callable[[], str | None] | None = None


# ---------------------------------------------------------------- the language of this request


def languages() -> tuple[str, ...]:
    """The languages with a catalogue (a folder with ``messages.po``), English first."""
    return _languages(_locale_dir)


@functools.cache
def _languages(folder: Path) -> tuple[str, ...]:
    found = {p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{MESSAGES}.po")}
    return (DEFAULT, *sorted(found - {DEFAULT}))


def current_language() -> str:
    """The language set for this request; else what the app's hook finds (a Streamlit
    callback runs before its page sets it); else English."""
    chosen = _current.get()
    if chosen is None and _fallback is not None:
        chosen = _fallback()
    return chosen or DEFAULT


def language_key() -> tuple[str, int]:
    """What words kept for later depend on: the current language and the catalogues read
    (a cache of worded things keys on this, never on the language alone)."""
    return current_language(), _generation


def set_language(lang: str | None) -> str:
    """Make ``lang`` (or English when it has no catalogue) the language of this request."""
    lang = lang if lang in languages() else DEFAULT
    _current.set(lang)
    return lang


def set_fallback(hook: Callable[[], str | None] | None) -> None:
    """The app's way to find the language when none is set in this context."""
    global _fallback
    _fallback = hook


@contextlib.contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    token = _current.set(lang if lang in languages() else DEFAULT)
    try:
        yield _current.get() or DEFAULT
    finally:
        _current.reset(token)


def negotiate(preferred: str | Iterable[str] | None) -> str:
    """The best of our languages for a browser's ``navigator.language`` ("fr-FR"), an
    ``Accept-Language`` header or a list of tags; English when none fits."""
    if not preferred:
        return DEFAULT
    if isinstance(preferred, str):
        tags = [part.split(";")[0].strip() for part in preferred.split(",")]
    else:
        tags = list(preferred)
    wanted = [t.replace("_", "-").split(".")[0] for t in tags if t and t != "*"]
    # each tag is also tried without its region, as browsers mostly send "fr-FR"
    wanted = [w for tag in wanted for w in (tag, tag.split("-")[0])]
    return negotiate_locale(wanted, list(languages()), sep="-") or DEFAULT


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the usual locale variables ask for (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``: the first one set), as gettext reads them."""
    variables = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = variables.get(name)
        if value:
            if value in ("C", "POSIX") or value.startswith(("C.", "POSIX.")):
                return DEFAULT
            return negotiate(value.split(":"))
    return DEFAULT


def language_name(lang: str) -> str:
    """A language's name in itself ("Français")."""
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (ValueError, UnknownLocaleError):
        return lang
    return name[:1].upper() + name[1:]


# ---------------------------------------------------------------- our own words


def _(message: str) -> str:
    """``message`` in the current language."""
    return _phrase(_catalogue(current_language(), MESSAGES).gettext(message))


gettext = _


def N_(message: str) -> str:  # noqa: N802 - gettext's usual name for a mark without translation
    """Marks a constant for the catalogue; it is translated where shown, with ``_``."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - N_ for a plural pair
    """Marks a singular/plural pair for the catalogue; shown with ``ngettext(*pair, n)``."""
    return singular, plural


def Np_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 - N_ with a context
    """Marks a message with its context for the catalogue; shown with ``pgettext(*pair)``."""
    return context, message


def Ne_(message: str) -> str:  # noqa: N802 - N_ for a text with each edition's own words
    """Marks a constant for the catalogue and for each edition's book (as ``edition_text``
    does); it is shown with ``edition_text(edition, constant)``."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _phrase(_catalogue(current_language(), MESSAGES).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    return _phrase(_catalogue(current_language(), MESSAGES).pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _phrase(_catalogue(current_language(), MESSAGES).npgettext(
        context, singular, plural, n))


EDITION_CONTEXT = "edition/{edition}"  # a sentence's words in one edition's book
EDITIONS_WITH_OWN_WORDS = ("aoe3",)  # the first edition's book names things its own way


def edition_text(edition: str | None, message: str) -> str:
    """``message`` in the words of that edition's book: the catalogue's entry with msgctxt
    ``"edition/<edition>"`` (``tools/messages.py`` adds one for every text marked this way),
    else the plain entry. Age of Empires III says "Dock de colons", "réalisation majeure"
    where Empires says "quai", "bâtiment"."""
    catalogue = _catalogue(current_language(), MESSAGES)
    if edition in EDITIONS_WITH_OWN_WORDS:
        context = EDITION_CONTEXT.format(edition=edition)
        said = catalogue.pgettext(context, message)
        if said != message or current_language() == DEFAULT:
            return _phrase(said)
    return _phrase(catalogue.gettext(message))


# ---------------------------------------------------------------- elision at the seams

# A word that elides before a vowel, at the end of the text before a placeholder: French
# "de {player}" with "Anne" reads "d'Anne", "que {name}" "qu'Émile", "le {x}" "l'or".
_ELIDING = {"fr": re.compile(r"(?:(?<=[\s(«\u00a0])|^)([dDlLnNsSjJmMtT]|[qQ]u|[jJ]usqu|[lL]orsqu"
                             r"|[pP]uisqu)e $|(?:(?<=[\s(«\u00a0])|^)([lL])a $")}
_VOWELS = frozenset("aeiouyàâäéèêëîïôöûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ")
_FORMATTER = string.Formatter()


class Phrase(str):
    """A translated text whose ``format`` elides a word before a value that starts with a
    vowel, as the language writes it (only languages with elision get one)."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:  # noqa: A003 - str.format's name
        eliding = _ELIDING.get(current_language(), _ELIDING["fr"])
        out: list[str] = []
        auto = 0
        for literal, field, spec, conversion in _FORMATTER.parse(self):
            out.append(literal)
            if field is None:
                continue
            if field == "":
                field, auto = str(auto), auto + 1
            value, _key = _FORMATTER.get_field(field, args, kwargs)
            text = _FORMATTER.format_field(_FORMATTER.convert_field(value, conversion),
                                           spec or "")
            if text[:1] in _VOWELS and out:
                before = "".join(out)
                elided = eliding.sub(lambda m: (m.group(1) or m.group(2)) + "'", before)
                out = [elided]
            out.append(text)
        return "".join(out)


def _phrase(text: str) -> str:
    return Phrase(text) if current_language() in _ELIDING else text


def catalogue_path(lang: str, domain: str = MESSAGES) -> Path:
    return _locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def _catalogue(lang: str, domain: str) -> _gettext.NullTranslations:
    """The ``.po`` file read and compiled in memory (Babel), once per process."""
    path = catalogue_path(lang, domain)
    if not path.is_file():
        return _gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=domain)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # translated, non-fuzzy entries only: the rest stay English
    compiled.seek(0)
    return Translations(compiled, domain=domain)


@contextlib.contextmanager
def use_locale_dir(folder: Path) -> Iterator[None]:
    """Read catalogues from ``folder`` instead of the app's (tests: a pseudo-language)."""
    global _locale_dir
    before = _locale_dir
    _locale_dir = Path(folder)
    _clear_caches()
    try:
        yield
    finally:
        _locale_dir = before
        _clear_caches()


def _clear_caches() -> None:
    global _generation
    _generation += 1
    _catalogue.cache_clear()
    _component_names.cache_clear()
    _languages.cache_clear()


# ---------------------------------------------------------------- component names as printed


def component_name(kind: str, english_name: str, edition: str | None = None,
                   count: int | None = None) -> str:
    """A component's name as printed in the current language: the edition's own name
    (msgctxt ``"<kind>/<edition>"``) over the kind's (``"<kind>"``), else the English one.
    With ``count``: the name's form for that many (an entry's ``msgid_plural``: "2 riz",
    "2 soldats"; in English, the template's plural).

    >>> with use_language("fr"):
    ...     component_name("good", "rice", count=2), component_name("worker", "soldier", count=2)
    ('riz', 'soldats')
    >>> component_name("worker", "missionary", count=3)
    'missionaries'
    """
    return _printed(current_language(), kind, english_name, edition, count)


def component_count(n: int, kind: str, english_name: str, edition: str | None = None,
                    written: str | None = None) -> str:
    """``n`` of a component, its name in the form for ``n`` ("2 soldats", "3 riz");
    ``written``: the number as shown, when not plain (a change: "+2").

    >>> component_count(1, "worker", "colonist"), component_count(2, "worker", "colonist")
    ('1 colonist', '2 colonists')
    >>> component_count(2, "good", "ship", written="+2")
    '+2 ships'
    """
    return pgettext("a number of components", "{n} {name}").format(
        n=written or n, name=component_name(kind, english_name, edition, count=n))


def component_names(kind: str, english_name: str, edition: str | None = None) -> set[str]:
    """The component's name in every language (a search finds it by any of them)."""
    return {_printed(lang, kind, english_name, edition) for lang in languages()}


def printed_or_ours(kind: str | None, text: str, edition: str | None = None) -> str:
    """``text`` as printed on the components when it is a component's name, else in our
    catalogue's words (a score sheet's line: "Glory" is printed, "Map" is ours)."""
    if kind is not None:
        printed = component_name(kind, text, edition)
        if printed != text:
            return printed
    return _(text)


def _printed(lang: str, kind: str, english_name: str, edition: str | None,
             count: int | None = None) -> str:
    names, plural = _component_names(lang)
    contexts = (f"{kind}/{edition}", kind) if edition is not None else (kind,)
    for context in contexts:
        forms = names.get((context, english_name))
        if forms:
            return forms[0] if count is None else forms[plural(count)]
    if count is not None and count != 1:  # untranslated: the template's English plural
        forms = _component_names(None)[0].get((kind, english_name))
        if forms:
            return forms[-1]
    return english_name


@functools.cache
def _component_names(lang: str | None) -> tuple[dict[tuple[str, str], tuple[str, ...]],
                                               Callable[[int], int]]:
    """Each entry's forms (one, or one per plural form) and the plural rule; ``lang`` None:
    the template's English forms (the msgid and its ``msgid_plural``)."""
    path = catalogue_path(lang, COMPONENTS) if lang else _locale_dir / f"{COMPONENTS}.pot"
    if lang == DEFAULT and not path.is_file():
        return _component_names(None)
    if not path.is_file():
        return {}, lambda n: int(n != 1)
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang, domain=COMPONENTS)
    forms: dict[tuple[str, str], tuple[str, ...]] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        singular = m.id[0] if isinstance(m.id, tuple | list) else m.id
        written = m.id if lang is None else m.string
        if isinstance(written, tuple | list):
            said = tuple(written)
        elif written:
            said = (written,)
        else:
            continue  # an untranslated singular
        if all(said):
            forms[(m.context or "", singular)] = said
    rule = _gettext.c2py(catalog.plural_expr) if lang else (lambda n: int(n != 1))
    return forms, rule


# ---------------------------------------------------------------- numbers and dates


def format_number(value: float | int, format: str | None = None) -> str:  # noqa: A002
    """``value`` as the current language writes numbers; ``format``: a CLDR number pattern
    (``"#,##0.0"``: always one decimal)."""
    return numbers.format_decimal(value, format=format, locale=current_language())


def format_date(value: dt.date | dt.datetime, format: str = "medium") -> str:  # noqa: A002
    return dates.format_date(value, format=format, locale=current_language())


def format_datetime(value: dt.datetime, format: str = "medium") -> str:  # noqa: A002
    return dates.format_datetime(value, format=format, locale=current_language())


def format_clauses(items: Iterable[str]) -> str:
    """Clauses one after the other, each language's way ("a; b"; French "a\u00a0; b")."""
    return pgettext("between clauses", "; ").join(items)


ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short",
                    "unit-narrow"]  # CLDR's list patterns, as Babel names them


def format_list(items: Iterable[str], style: ListStyle = "standard") -> str:
    """``a, b and c`` in the current language (``style="or"``: a choice)."""
    from babel.lists import format_list as babel_list
    return babel_list(list(items), style=style, locale=current_language())


ORDINALS = {  # CLDR's ordinal categories (Babel), each a whole form in the catalogue
    "zero": N_("{n}th"), "one": N_("{n}st"), "two": N_("{n}nd"), "few": N_("{n}rd"),
    "many": N_("{n}th"), "other": N_("{n}th"),
}


def format_ordinal(n: int) -> str:
    """``n`` as an ordinal in the current language: the language's own category for ``n``
    (Babel: English 21 is "one", French 21 "other") worded by the catalogue.

    >>> format_ordinal(1), format_ordinal(22), format_ordinal(13)
    ('1st', '22nd', '13th')
    >>> with use_language("fr"):
    ...     format_ordinal(1), format_ordinal(22)
    ('1er', '22e')
    """
    category = Locale.parse(current_language()).ordinal_form(n)
    return _(ORDINALS[category]).format(n=n)
