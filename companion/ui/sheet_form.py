"""The score-sheet form: a game family's declared fields drawn as widgets, read back as a
``Sheet``, with each refusal (and each doubt) shown under the field it is about.

Every widget's value lives in the session under a key made from the field's name
(``sheet_<field>_<seat>``, parts ``sheet_<field>_<seat>_<part>``, options ``sheet_<option>``)
and is preset before it is drawn, never given as a widget default: so the page can read the
whole sheet, check it, and only then draw the widgets with their messages, and a saved sheet
can be put back (``prefill``) by setting the same keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

import streamlit as st

from companion.games import FAMILY_IDS, Family, FieldError, Scored, Sheet, SheetField, family
from companion.games.base import NAME_MAX
from companion.i18n import _
from companion.ui import session
from companion.ui.views import md

GAME_KEY = "sheet_game"
COUNT_KEY = "sheet_count"
SEAT_KEY = "sheet_seat"
NOTE_KEY = "sheet_note"
DATE_KEY = "sheet_date"
NONE = ""  # how a choice of "nothing" (None) sits in a select box


def key(name: str, seat: int | None = None, part: str | None = None) -> str:
    """The widget key of an option (no seat), a player's field, or a part of one."""
    k = f"sheet_{name}" if seat is None else f"sheet_{name}_{seat}"
    return k if part is None else f"{k}_{part}"


def _preset(k: str, value: Any) -> None:
    if session.widget_value(k) is None:
        session.set_widget_value(k, value)


def _shown(value: Any) -> Any:
    return NONE if value is None else value


def _stored(f: SheetField, value: Any) -> Any:
    return None if value == NONE and None in f.options else value


SHEET_DEFAULT_PLAYERS = 4  # a new sheet's player count, when the game seats four
PICK_OVER = 4  # a counts field of more parts (goods: 11) is entered by picking what is held


def picked(f: SheetField) -> bool:
    """Whether ``f`` is entered as "pick what the player holds, then how many of each": a
    counts field of many parts that are always asked (on a phone, 11 steppers per seat
    were a long scroll for a few goods)."""
    return (f.type == "counts" and len(f.parts) > PICK_OVER
            and all(p.shown is None for p in f.parts))


def held_key(f: SheetField, seat: int) -> str:
    """The key of the picker of a ``picked`` field: the part keys chosen."""
    return key(f.name, seat, "held")


def _held_changed(f: SheetField, seat: int) -> None:
    """A part just picked starts at 1 (a pick means the player holds some); one let go
    goes back to 0, so that nothing unseen is counted."""
    held = set(session.widget_value(held_key(f, seat)) or ())
    for part in f.parts:
        k = key(f.name, seat, part.key)
        count = int(session.widget_value(k) or 0)
        if part.key in held and count <= 0:
            session.set_widget_value(k, 1)
        elif part.key not in held and count:
            session.set_widget_value(k, 0)


def _help(f: SheetField) -> str:
    allowed = _("Allowed: {range}.").format(range=f.range_text())
    return f"{f.help} {allowed}" if f.help else allowed


# ---------------------------------------------------------------- the game and its options


def pick_game() -> Family:
    """The game first: which family's sheet this is."""
    _preset(GAME_KEY, FAMILY_IDS[0])
    game = st.segmented_control(_("Game"), list(FAMILY_IDS), key=GAME_KEY, required=True,
                                format_func=lambda g: family(g).name) or FAMILY_IDS[0]
    return family(game)


def options(f: Family) -> dict[str, Any]:
    """The game-level options, drawn (those that apply) and read."""
    values: dict[str, Any] = {}
    fields = f.option_fields()
    for o in fields:
        _preset(key(o.name), _shown(o.default))
    cols = st.columns(len(fields)) if fields else []
    for o, col in zip(fields, cols, strict=True):
        if not o.visible(values):
            values[o.name] = o.default
            continue
        with col:
            if o.type == "bool":
                values[o.name] = bool(st.toggle(o.label, key=key(o.name), help=o.help or None))
            elif o.type == "choice":
                choice = st.radio(o.label, [_shown(x) for x in o.options], key=key(o.name),
                                  horizontal=True, help=o.help or None,
                                  format_func=lambda x, o=o: o.option_label(_stored(o, x)))
                values[o.name] = _stored(o, choice)
            else:
                values[o.name] = int(st.number_input(o.label, min_value=o.min, step=o.step,
                                                     key=key(o.name), help=_help(o)))
    return values


def player_count(f: Family, opts: Mapping[str, Any]) -> int:
    allowed = list(f.player_range(opts))
    if session.widget_value(COUNT_KEY) not in allowed:
        session.set_widget_value(COUNT_KEY, SHEET_DEFAULT_PLAYERS
                                 if SHEET_DEFAULT_PLAYERS in allowed else allowed[0])
    return int(st.segmented_control(_("Players"), allowed, key=COUNT_KEY, required=True)
               or allowed[0])


# ---------------------------------------------------------------- reading the players


def _preset_player(f: SheetField, seat: int) -> None:
    k = key(f.name, seat)
    if f.type == "int" and f.optional:
        _preset(f"{k}_on", f.default is not None)
        _preset(k, f.default or 0)
    elif f.type in ("ints", "counts"):
        for i, part in enumerate(f.parts):
            default = f.default[i] if f.type == "ints" else f.default.get(part.key, 0)
            _preset(key(f.name, seat, part.key), default)
        if picked(f):
            _preset(held_key(f, seat), [p.key for p in f.parts if f.default.get(p.key)])
    elif f.type in ("choice", "player"):
        _preset(k, _shown(f.default))
    else:
        _preset(k, list(f.default) if isinstance(f.default, list) else f.default)


def _read(f: SheetField, seat: int, values: Mapping[str, Any]) -> Any:
    k = key(f.name, seat)
    value = session.widget_value(k)
    if f.type == "int":
        if f.optional and not session.widget_value(f"{k}_on"):
            return None
        return int(value or 0)
    if f.type == "ints":
        return [int(session.widget_value(key(f.name, seat, p.key)) or 0) for p in f.parts]
    if f.type == "counts":
        held = set(session.widget_value(held_key(f, seat)) or ()) if picked(f) else None
        counts = {p.key: int(session.widget_value(key(f.name, seat, p.key)) or 0)
                  for p in f.parts if (p.shown is None or p.shown(values))
                  and (held is None or p.key in held)}
        return {k: n for k, n in counts.items() if n}
    if f.type == "multi":
        return list(value or [])
    if f.type in ("choice", "player"):
        return _stored(f, value) if f.type == "choice" else (value or None)
    return bool(value)


def read_sheet(f: Family, opts: Mapping[str, Any], count: int) -> Sheet:
    """The sheet as the widgets hold it (presetting any widget not yet filled). A master
    who is no longer at the table (renamed, or a seat removed) is reset to nobody."""
    fields = f.fields(opts)
    names = []
    for seat in range(count):
        default = _("Player {n}").format(n=seat + 1)
        _preset(key("name", seat), default)
        names.append(str(session.widget_value(key("name", seat))).strip() or default)
    players = []
    for seat in range(count):
        values: dict[str, Any] = {"name": names[seat]}
        for fld in fields:
            _preset_player(fld, seat)
            if fld.type == "player" and session.widget_value(key(fld.name, seat)) not in (
                    NONE, *[n for n in names if n != names[seat]]):
                session.set_widget_value(key(fld.name, seat), NONE)
            values[fld.name] = (_read(fld, seat, values) if fld.visible(values)
                                else _copy(fld.default))
        players.append(values)
    note = str(session.widget_value(NOTE_KEY) or "").strip()
    return Sheet(f.id, tuple(players), dict(opts), note)


def _copy(value: Any) -> Any:
    return type(value)(value) if isinstance(value, list | dict) else value


# ---------------------------------------------------------------- choosing the seat shown


def seat_box(seat: int) -> str:
    """The key of the container of one seat's widgets (``seat`` counts from 0)."""
    return f"sheet_seat_box_{seat}"


def pick_seat(sheet: Sheet, problems: Sequence[FieldError], scored: Scored | None) -> int:
    """Which seat's fields are open: one button per player, named by the player with their
    total beside (when the sheet can be totalled) and 🚫 on a seat with a refused entry.

    The choice is the seat's number, kept in the session: a name typed, a total changed or
    a refusal marked relabels the buttons but never moves to another seat (tabs reopened the
    first seat when a label changed, and the next number went to the wrong player)."""
    count = len(sheet.players)
    if session.widget_value(SEAT_KEY) not in range(count):
        session.set_widget_value(SEAT_KEY, 0)
    totals = {p.player: p.total for p in scored.players} if scored is not None else {}

    def label(seat: int) -> str:
        name = sheet.players[seat]["name"]
        marks = " 🚫" if by_field(problems, seat + 1) else ""
        if name in totals:
            return _("{name} · {total}").format(name=md(name), total=totals[name]) + marks
        return md(name) + marks

    seat = st.segmented_control(_("Player"), list(range(count)), key=SEAT_KEY, required=True,
                                format_func=label, wrap=True)
    return int(seat or 0)


def show_only_seat(seat: int, count: int) -> None:
    """Hide every seat's widgets but the open one's (all stay drawn, so each keeps what was
    typed in it)."""
    hidden = ", ".join(f".st-key-{seat_box(i)}" for i in range(count) if i != seat)
    if hidden:
        st.html(f"<style>{hidden} {{ display: none; }}</style>")


# ---------------------------------------------------------------- drawing the players


def by_field(problems: Sequence[FieldError], seat: int) -> dict[str | None, list[str]]:
    """The messages about one seat (1-based), by field (None: the player as a whole)."""
    out: dict[str | None, list[str]] = {}
    for p in problems:
        if p.seat == seat:
            out.setdefault(p.field, []).append(p.message)
    return out


def _messages(errors: Sequence[str], doubts: Sequence[str]) -> None:
    for text in errors:
        st.error(text, icon="🚫")
    for text in doubts:
        st.warning(text, icon="⚠️")


def draw_player(f: Family, sheet: Sheet, seat: int, errors: Mapping[str | None, list[str]],
                doubts: Mapping[str | None, list[str]]) -> None:
    """One seat's widgets (``seat`` counts from 0), in the family's order, under their
    group headings; each refusal and doubt right under its field."""
    values = sheet.players[seat]
    st.text_input(_("Name"), key=key("name", seat), max_chars=NAME_MAX)
    _messages(errors.get("name", []) + errors.get(None, []), doubts.get(None, []))
    group = None
    others = [n for n in sheet.names if n != values["name"]]
    for fld in f.fields(sheet.options):
        parts = [p for p in fld.parts if p.shown is None or p.shown(values)]
        if not fld.visible(values) or (fld.parts and not parts):
            continue
        if fld.group and fld.group != group:
            group = fld.group
            st.markdown(f"**{group}**")
        _widget(fld, seat, parts, others)
        said = fld.hint(values) if fld.hint and fld.name not in errors else None
        if said:
            st.caption(said)
        _messages(errors.get(fld.name, []), doubts.get(fld.name, []))


def _widget(f: SheetField, seat: int, parts: Sequence[Any], others: Sequence[str]) -> None:
    """The input of one field; its range is the family's to check (the refusal shows under
    it), not the widget's."""
    k = key(f.name, seat)
    if f.type == "int":
        if f.optional:
            on = st.toggle(f.optional, key=f"{k}_on")
            if not on:
                return
        st.number_input(f.label, step=1, key=k, help=_help(f))
    elif f.type == "bool":
        st.toggle(f.label, key=k, help=_help(f))
    elif f.type == "choice":
        st.selectbox(f.label, [_shown(o) for o in f.options], key=k, help=f.help or None,
                     format_func=lambda x: f.option_label(_stored(f, x)))
    elif f.type == "player":
        st.selectbox(f.label, [NONE, *others], key=k, help=_help(f),
                     format_func=lambda x: x or _("nobody"))
    elif f.type == "multi":
        # No "Select all" / "Select N matches": one tap would give a player every token
        # that matched what was typed (and their VP).
        st.multiselect(f.label, list(f.options), key=k, help=f.help or None,
                       format_func=f.option_label, select_all=False,
                       placeholder=_("Tap to choose"))
    else:  # ints, counts: one number per part, side by side
        if picked(f):  # the parts held, then a number for each of those only
            labels = {p.key: p.label for p in parts}
            held = st.pills(f.label, list(labels), selection_mode="multi", key=held_key(f, seat),
                            format_func=labels.__getitem__, on_change=_held_changed,
                            args=(f, seat),
                            help=_("Tap what the player holds, then say how many of each."))
            parts = [p for p in parts if p.key in set(held or ())]
            if not parts:
                return
        elif f.type == "counts":
            st.caption(f.label)
        width = 3 if f.type == "ints" else 4
        cols = st.columns(min(width, len(parts)))
        for i, part in enumerate(parts):
            cols[i % len(cols)].number_input(
                part.label, step=1, key=key(f.name, seat, part.key),
                help=f.help or None)


# ---------------------------------------------------------------- putting a sheet back


def prefill(sheet: Sheet, played: date | None) -> None:
    """Set every widget of the page to a saved sheet, before the widgets are drawn."""
    f = family(sheet.game)
    session.set_widget_value(GAME_KEY, sheet.game)
    for o in f.option_fields():
        session.set_widget_value(key(o.name), _shown(sheet.options.get(o.name, o.default)))
    session.set_widget_value(COUNT_KEY, len(sheet.players))
    session.set_widget_value(NOTE_KEY, sheet.note)
    if played is not None:
        session.set_widget_value(DATE_KEY, played)
    fields = f.fields(sheet.options)
    for seat, p in enumerate(sheet.players):
        session.set_widget_value(key("name", seat), p["name"])
        for fld in fields:
            value, k = p.get(fld.name, fld.default), key(fld.name, seat)
            if fld.type == "int" and fld.optional:
                session.set_widget_value(f"{k}_on", value is not None)
                session.set_widget_value(k, value or 0)
            elif fld.type == "ints":
                for part, n in zip(fld.parts, value, strict=True):
                    session.set_widget_value(key(fld.name, seat, part.key), n)
            elif fld.type == "counts":
                for part in fld.parts:
                    session.set_widget_value(key(fld.name, seat, part.key),
                                             value.get(part.key, 0))
                if picked(fld):
                    session.set_widget_value(held_key(fld, seat),
                                             [p.key for p in fld.parts if value.get(p.key)])
            elif fld.type in ("choice", "player"):
                session.set_widget_value(k, _shown(value))
            else:
                session.set_widget_value(k, _copy(value))
