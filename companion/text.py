r"""Text a person types, as the app stores it: player names, notes and dates.

Names are trimmed, put in Unicode NFC and refused if they hold control or invisible format
characters (a zero-width joiner inside an emoji is fine); notes keep newlines and tabs but no
other control character. Plain Python: the engine, the game families and the store all read
text through these.

>>> clean_name("  Jose\u0301 ")
'José'
>>> clean_name("Ann\u200b")
Traceback (most recent call last):
...
ValueError: a name cannot hold control or invisible characters (U+200B ZERO WIDTH SPACE)
>>> clean_name("👩\u200d🚀 Val")  # a zero-width joiner inside an emoji
'👩\u200d🚀 Val'
>>> name_key("ＡＮＮ") == name_key("ann")
True
>>> clean_note("line one\r\nline\ttwo")
'line one\nline\ttwo'
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime
from functools import lru_cache

from companion.errors import shown
from companion.i18n import _

NAME_MAX = 40
NOTE_MAX = 500

ZWJ = "\u200d"
BLACK_FLAG = "\U0001f3f4"  # subdivision flags: the black flag, then tag characters
TAGS = range(0xE0020, 0xE0080)
NOTE_CONTROLS_KEPT = "\n\t"


def _char_name(ch: str) -> str:
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'control character')}"


def _emoji_side(ch: str) -> bool:
    """A character that can stand beside a zero-width joiner inside an emoji sequence."""
    return unicodedata.category(ch) in ("So", "Sk") or ch == "\ufe0f"


def _allowed_format(text: str, i: int) -> bool:
    ch = text[i]
    if ch == ZWJ:
        return 0 < i < len(text) - 1 and _emoji_side(text[i - 1]) and _emoji_side(text[i + 1])
    if ord(ch) in TAGS:  # 🏴 + tags + cancel tag: the flags of England, Scotland, Wales
        j = i
        while j > 0 and ord(text[j - 1]) in TAGS:
            j -= 1
        return j > 0 and text[j - 1] == BLACK_FLAG
    return False


def forbidden_character(text: str, *, keep: str = "", format_ok: bool = False) -> str | None:
    """The first character a stored text may not hold, described, or None.

    Refused: control characters (Unicode Cc, except those in ``keep``), format characters
    (Cf, unless ``format_ok``; a zero-width joiner inside an emoji is always fine), lone
    surrogates (Cs, which no database can store) and line or paragraph separators.
    """
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category == "Cc" and ch not in keep or category in ("Cs", "Zl", "Zp"):
            return _char_name(ch)
        if category == "Cf" and not format_ok and not _allowed_format(text, i):
            return _char_name(ch)
    return None


def tidy_name(value: str) -> str:
    """NFC and trimmed (what ``clean_name`` stores, without its checks)."""
    return unicodedata.normalize("NFC", value).strip()


def tidy_note(value: str) -> str:
    """NFC, ``\\n`` line ends, trimmed (what ``clean_note`` stores, without its checks)."""
    return unicodedata.normalize("NFC", value).replace("\r\n", "\n").replace("\r", "\n").strip()


@lru_cache(maxsize=1024)  # every event names a player: the same few names, checked once
def clean_name(value: str) -> str:
    """A player's name as stored: trimmed and NFC; ``ValueError`` says what is wrong."""
    name = tidy_name(value)
    if not name:
        raise ValueError(_("a name cannot be empty or only spaces"))
    bad = forbidden_character(name)
    if bad:
        raise ValueError(_("a name cannot hold control or invisible characters ({bad})").format(
                             bad=bad))
    if len(name) > NAME_MAX:
        raise ValueError(_("a name is at most {NAME_MAX} characters, not {n}").format(
                             NAME_MAX=NAME_MAX, n=len(name)))
    return name


def name_key(name: str) -> str:
    """What makes two names the same player: equal after folding case and width."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def same_names(names: list[str]) -> tuple[str, str] | None:
    """The first two names that count as the same player, or None."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def clean_note(value: str, most: int = NOTE_MAX) -> str:
    """Free text as stored: NFC, line ends as ``\\n``, trimmed; tabs and newlines stay."""
    note = tidy_note(value)
    bad = forbidden_character(note, keep=NOTE_CONTROLS_KEPT, format_ok=True)
    if bad:
        raise ValueError(_("the text cannot hold control characters other than newlines and "
                           "tabs ({bad})").format(bad=bad))
    if len(note) > most:
        raise ValueError(_("the text is at most {most} characters, not {n}").format(
                             most=most, n=len(note)))
    return note


def clean_reason(value: str) -> str:
    """A note that must say something (a correction's reason)."""
    reason = clean_note(value)
    if not reason:
        raise ValueError(_("say why: the text cannot be empty or only spaces"))
    return reason


def iso_datetime(value: object) -> datetime:
    """A record's date (ISO 8601) that the databases can store once turned to UTC; the
    ``ValueError`` reads after the field's name.

    >>> iso_datetime("0001-01-01T00:00:00+01:00")
    Traceback (most recent call last):
    ...
    ValueError: is outside the calendar (years 1 to 9999 in UTC), not '0001-01-01T00:00:00+01:00'
    """
    when = None
    if isinstance(value, str) and len(value) <= 40:
        try:
            when = datetime.fromisoformat(value)
        except ValueError:
            when = None
    if when is None:
        raise ValueError(_("must be an ISO date and time such as 2024-06-07T20:30:00+00:00, "
                           "not {shown}").format(shown=shown(value)))
    try:
        if when.tzinfo is not None:
            when.astimezone(UTC)
    except OverflowError:
        raise ValueError(_("is outside the calendar (years 1 to 9999 in UTC), not {shown}").format(
                             shown=shown(value))) from None
    return when


def field_problem(field: str, problem: object) -> str:
    """A problem worded to read after a field's name (``iso_datetime``'s), said of ``field``.

    >>> field_problem("played", "must be an ISO date")
    "'played' must be an ISO date"
    """
    # i18n: problem reads after the field's name ("must be an ISO date and time such as …")
    return _("'{field}' {problem}").format(field=field, problem=problem)
