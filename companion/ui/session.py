"""The one owner of ``st.session_state``: everything a browser tab remembers between reruns.

Keys are namespaced (``aod.*``) and read through typed functions, so pages never index the
session state themselves. Tests seed a session through the same key names (``KEYS``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

Level = Literal["success", "info", "warning", "error"]

T = TypeVar("T")

GAME_ID = "aod.game_id"  # the game open on the Table page
GAME = "aod.game"  # its last loaded StoredGame (reloaded on a conflict)
OWN_WRITE = "aod.own_write"  # (game id, revision, when): this session's last write, unchecked
FLASH = "aod.flash"  # messages to show once, after a rerun
DRAFT = "aod.draft"  # (seq, draft): an answer being given step by step
PICKS = "aod.picks"  # items tapped so far into a multiset field
BOARD = "aod.board"  # (seq, {track: [[player, worker], ...]}): the board being copied
HISTORY_GAME = "aod.history_game"  # the game opened on the History page
SHEET_PREFILL = "aod.sheet_prefill"  # (game id, games.Sheet, date): a saved sheet to reopen
SHEET_SAVED = "aod.sheet_saved"  # (fingerprint of the inputs, game id): the sheet last saved
ENTRY_KEYS = "aod.entry_keys"  # {game id: the entry key this device was let in with}
DEVICE = "aod.device"  # this device's name, given when it joined for entry
HOST_PIN_OK = "aod.host_pin_ok"  # the host's PIN was given on this device
# Read once per session (a tab's connection, browser and cookies stay what they were):
BROWSER_LANGUAGE = "aod.browser_language"  # the language of the browser's headers
PEER = "aod.peer"  # (the device's address as its connection gives it,)
COOKIE_NAME_READ = "aod.cookie_name_read"  # the device-name cookie was looked for
KEYS = (GAME_ID, GAME, OWN_WRITE, FLASH, DRAFT, PICKS, BOARD, HISTORY_GAME, SHEET_PREFILL,
        SHEET_SAVED, ENTRY_KEYS, DEVICE, HOST_PIN_OK, BROWSER_LANGUAGE, PEER, COOKIE_NAME_READ)


@dataclass(frozen=True)
class Flash:
    level: Level
    text: str
    at: str | None = None  # the input it concerns ("prompt", "board", ...); None: the page


def _get(key: str, default: Any = None) -> Any:
    return st.session_state.get(key, default)


def _text(value: object) -> str | None:
    """A text this module stored (anything else reads as none)."""
    return value if isinstance(value, str) else None


# ---------------------------------------------------------------- the open game


def game_id() -> int | None:
    value = _get(GAME_ID)
    return int(value) if value is not None else None


def open_game(game_id: int, stored: Any | None = None) -> None:
    """Make ``game_id`` the game of the Table and Scoreboard pages."""
    if _get(GAME_ID) != game_id:
        clear_drafts()
    st.session_state[GAME_ID] = game_id
    st.session_state[GAME] = stored


def cached_game() -> Any | None:
    """The StoredGame last loaded for the open game (None: load it)."""
    stored = _get(GAME)
    if stored is None or getattr(stored, "id", None) != game_id():
        return None
    return stored


def remember_game(stored: Any, *, written: bool = False) -> None:
    """Keep ``stored`` as the open game; ``written``: this session has just made this
    version (a tap's write), so the page drawn next need not ask the store for it again."""
    st.session_state[GAME_ID] = stored.id
    st.session_state[GAME] = stored
    if written:
        st.session_state[OWN_WRITE] = (stored.id, stored.revision, time.monotonic())
    else:
        st.session_state.pop(OWN_WRITE, None)


OWN_WRITE_SECONDS = 1.0  # a page drawn later than this after the write asks the store again


def take_own_write(game_id: int, revision: int) -> bool:
    """True once, for the page drawn just after this session wrote ``revision`` of the game
    (within ``OWN_WRITE_SECONDS``); the mark is gone after it is asked about."""
    mark = st.session_state.pop(OWN_WRITE, None)
    return (mark is not None and mark[:2] == (game_id, revision)
            and time.monotonic() - mark[2] <= OWN_WRITE_SECONDS)


def close_game() -> None:
    for key in (GAME_ID, GAME, OWN_WRITE, DRAFT, PICKS):
        st.session_state.pop(key, None)


def linked_game_id() -> int | None:
    """The game named in the page address (``?game=12``), if any."""
    value = st.query_params.get("game")
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def is_viewer() -> bool:
    """A device opened as a viewer (``?role=viewer``): it follows the game, enters nothing."""
    return st.query_params.get("role") == "viewer"


def link_game(game_id: int | None) -> None:
    """Put the open game in the page address, so that the link opens it on another phone."""
    if game_id is None:
        st.query_params.pop("game", None)
    elif st.query_params.get("game") != str(game_id):
        st.query_params["game"] = str(game_id)


# ---------------------------------------------------------------- one-off messages


def flash(level: Level, text: str, at: str | None = None) -> None:
    """A message for the next run, shown at the top of the page or, with ``at``, where the
    page draws the input it concerns."""
    st.session_state.setdefault(FLASH, []).append(Flash(level, text, at))


def take_flashes(at: str | None = None, every: bool = False) -> list[Flash]:
    """The messages for place ``at`` (``every``: all that are left), taken off the list."""
    held = st.session_state.pop(FLASH, [])
    taken = [f for f in held if every or f.at == at]
    rest = [f for f in held if f not in taken]
    if rest:
        st.session_state[FLASH] = rest
    return taken


# ---------------------------------------------------------------- drafts (taps before a step)


def decision_draft(seq: int) -> dict[str, Any] | None:
    """The answer being given step by step for the step at ``seq`` (None: none started)."""
    held = _get(DRAFT)
    return held[1] if held and held[0] == seq else None


def set_decision_draft(seq: int, draft: dict[str, Any] | None) -> None:
    if draft is None:
        st.session_state.pop(DRAFT, None)
    else:
        st.session_state[DRAFT] = (seq, draft)


def picks() -> list[Any]:
    """Items tapped so far into a multiset field (goods turned up, workers sent, ...)."""
    return list(_get(PICKS, []))


def add_pick(value: Any) -> None:
    st.session_state[PICKS] = [*picks(), value]


def clear_picks() -> None:
    st.session_state.pop(PICKS, None)


def board_copy(seq: int) -> dict[str, list[list[str]]]:
    """The workers copied so far from the board for the placement at ``seq``, per track."""
    held = _get(BOARD)
    return {k: list(v) for k, v in held[1].items()} if held and held[0] == seq else {}


def add_board_worker(seq: int, track: str, player: str, worker: str) -> None:
    board = board_copy(seq)
    board[track] = [*board.get(track, []), [player, worker]]
    st.session_state[BOARD] = (seq, board)


def clear_board_track(seq: int, track: str) -> None:
    board = board_copy(seq)
    board.pop(track, None)
    st.session_state[BOARD] = (seq, board)


# Widgets whose typed values belong to one step (their keys end in ``@seq``): the
# correction form, the board's boxes, a field's number or order.
CORRECTION_INPUTS = "fix_"
BOARD_INPUTS = ("board_box_", "board@")  # the Specialists boxes, the form left open
FIELD_INPUTS = ("number@", "order@")
_NOT_VALUES = ("fix_go@",)  # buttons: Streamlit refuses a value set for them


def carry_drafts(old_seq: int, new_seq: int, *, keep_draft: bool, keep_picks: bool,
                 keep_board: bool) -> None:
    """The game moved on from step ``old_seq`` to ``new_seq`` under this page (another device
    recorded): keep what was typed for the old step where it still applies (re-keyed to the
    new step), drop the rest. The correction form always applies."""
    held, tapped, copied = decision_draft(old_seq), picks(), board_copy(old_seq)
    kept = [CORRECTION_INPUTS]
    kept += list(BOARD_INPUTS) if keep_board else []
    kept += list(FIELD_INPUTS) if keep_picks else []
    moved = {}
    for name in map(str, list(st.session_state)):
        stem, _, tail = name.rpartition("@")
        seq, colon, depth = tail.partition(":")
        if (stem and seq == str(old_seq) and name.startswith(tuple(kept))
                and not name.startswith(_NOT_VALUES)):
            moved[f"{stem}@{new_seq}{colon}{depth}"] = st.session_state[name]
    clear_drafts()
    for name, value in moved.items():
        st.session_state[name] = value
    if keep_draft and held is not None:
        set_decision_draft(new_seq, held)
    if keep_picks and tapped:
        st.session_state[PICKS] = tapped
    if keep_board and copied:
        st.session_state[BOARD] = (new_seq, copied)


def drop_last_pick() -> None:
    st.session_state[PICKS] = picks()[:-1]


def clear_drafts() -> None:
    st.session_state.pop(DRAFT, None)
    st.session_state.pop(PICKS, None)
    st.session_state.pop(BOARD, None)


# ---------------------------------------------------------------- rights (companion.ui.access)


def held_entry_key(game_id: int) -> str | None:
    """The entry key this device was let in with for ``game_id`` (checked again at every
    write: a new key shuts it out)."""
    return _text(_get(ENTRY_KEYS, {}).get(game_id))


def hold_entry_key(game_id: int, key: str | None) -> None:
    held = dict(_get(ENTRY_KEYS, {}))
    if key is None:
        held.pop(game_id, None)
    else:
        held[game_id] = key
    st.session_state[ENTRY_KEYS] = held


def device_name() -> str | None:
    return _text(_get(DEVICE))


def set_device_name(name: str) -> None:
    st.session_state[DEVICE] = name


def once(key: str, read: Callable[[], T]) -> T:
    """``read()`` the first time this session asks for ``key`` (one of the read-once keys
    above), then the value kept; outside a session, ``read()`` every time."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return read()
    held: tuple[T] | None = _get(key)  # only ``once`` stores under these keys
    if held is None:
        held = st.session_state[key] = (read(),)
    return held[0]


def note_cookie_name_read() -> None:
    st.session_state[COOKIE_NAME_READ] = True


def cookie_name_read() -> bool:
    return bool(_get(COOKIE_NAME_READ, False))


def host_pin_given() -> bool:
    return bool(_get(HOST_PIN_OK, False))


def set_host_pin_given() -> None:
    st.session_state[HOST_PIN_OK] = True


# ---------------------------------------------------------------- other pages


def history_game() -> int | None:
    game: int | None = _get(HISTORY_GAME)  # stored by ``set_history_game``
    return game


def set_history_game(game_id: int | None) -> None:
    st.session_state[HISTORY_GAME] = game_id


def set_sheet_prefill(game_id: int, sheet: Any, played: Any) -> None:
    """Ask the Score sheet page to fill its widgets with a saved sheet on its next run."""
    st.session_state[SHEET_PREFILL] = (game_id, sheet, played)


def take_sheet_prefill() -> tuple[int, Any, Any] | None:
    prefill: tuple[int, Any, Any] | None = st.session_state.pop(SHEET_PREFILL, None)
    return prefill  # stored by ``set_sheet_prefill``


def sheet_saved() -> tuple[str, int] | None:
    """(fingerprint, game id) of the score sheet saved last in this session."""
    saved: tuple[str, int] | None = _get(SHEET_SAVED)  # stored by ``set_sheet_saved``
    return saved


def set_sheet_saved(fingerprint: str, game_id: int) -> None:
    st.session_state[SHEET_SAVED] = (fingerprint, game_id)


def widget_value(key: str, default: Any = None) -> Any:
    """The current value of a widget by key (before or after it is drawn)."""
    return _get(key, default)


def set_widget_value(key: str, value: Any) -> None:
    """Preset a widget (call before it is drawn, or from a callback)."""
    st.session_state[key] = value
