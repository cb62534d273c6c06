"""Copy the finished placement from the board, track by track, instead of worker by worker.

The engine says when this is possible and what may be entered (``board_form``: the tracks,
the Specialists boxes, every player's workers still to place) and finds a legal order for
what was copied (``placements_from_board``), or names the track that cannot be right. This
module only draws the form: a tap adds a worker to a track, in slot order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import streamlit as st

from companion import names
from companion.engine import BoardForm, BoardTrack, board_form
from companion.i18n import _
from companion.store import StoredGame
from companion.ui import decisions, playing, session, views, widgets
from companion.ui.views import md

EMPTY = "—"


def board_entry(stored: StoredGame) -> None:
    """The board-copy form, folded away; drawn only while the engine allows it."""
    form = board_form(stored.game.state)
    if form is None:
        return
    seq = stored.seq
    # Drawn only while open: its hundred-odd buttons would cost every rerun of the page.
    with st.expander("📋 " + _("Copy the whole placement from the board"), key=board_key(seq),
                     on_change="rerun") as shown:
        if not shown.open:
            return
        st.caption(_("When everybody has placed: tap each track's workers from left to right "
                   "(slot order), then record. The engine checks the placement could happen "
                   "in turn order and records it worker by worker."))
        copied = session.board_copy(seq)
        left = _left(form, copied, seq)
        for track in form.tracks:
            if track.boxes:
                _boxes(stored, form, track, seq)
            else:
                _track(stored, track, copied.get(track.track, []), left, seq)
        widgets.show_flashes("board")  # why the board was refused, above its button
        st.button(_("Record the board"), type="primary", key=f"board_go@{seq}",
                  on_click=_record, args=(form, seq))


def board_key(seq: int) -> str:
    """The key of the board-copy expander at ``seq`` (True in the session: open)."""
    return f"board@{seq}"


def _piece_label(stored: StoredGame, player: str, worker: str) -> str:
    """Plain text (escaped once, where it is drawn): the worker's icon first, so that a
    long name cut at the button's edge never hides whether it is a colonist or a captain."""
    icon = views.WORKER_ICONS.get(worker, "")
    return f"{icon} {views.disc(stored.game.setup, player)} {player}".strip()


def _box_key(box: str, seq: int) -> str:
    return f"board_box_{box}@{seq}"


def _boxed(form: BoardForm, seq: int) -> dict[str, tuple[str, str]]:
    """Specialists box -> (player, worker) as chosen in its select box."""
    out = {}
    for track in form.tracks:
        for box in track.boxes:
            value = session.widget_value(_box_key(box, seq))
            if value and value != EMPTY:
                out[box] = tuple(value.split("|", 1))
    return out


def _left(form: BoardForm, copied: dict[str, list[list[str]]], seq: int) -> dict[tuple, int]:
    """How many of each player's workers of a type are not on the copy yet."""
    used = Counter((p, w) for entries in copied.values() for p, w in entries)
    used.update(_boxed(form, seq).values())
    return {(p.player, p.worker): p.most - used[(p.player, p.worker)] for p in form.pieces}


def _track(stored: StoredGame, track: BoardTrack, entries: list[list[str]],
           left: dict[tuple, int], seq: int) -> None:
    order = " " + _("(left to right)") if track.ordered else ""
    shown = ", ".join(_piece_label(stored, p, w) for p, w in entries) or _("empty")
    st.markdown(f"**{md(track.title)}**{order}: {md(shown)}")
    with st.container(horizontal=True, key=f"board_row_{track.track}@{seq}"):
        for j, ((player, worker), n) in enumerate(left.items()):
            st.button(md(_piece_label(stored, player, worker)),
                      key=f"board_{track.track}_{j}@{seq}", disabled=n <= 0,
                      on_click=session.add_board_worker,
                      args=(seq, track.track, player, worker),
                      help=_("{player}'s {worker} on {track}").format(
                          player=player, worker=names.worker(worker), track=track.title))
        if entries:
            st.button(_("Clear"), key=f"board_clear_{track.track}@{seq}", type="tertiary",
                      on_click=session.clear_board_track, args=(seq, track.track))


def _boxes(stored: StoredGame, form: BoardForm, track: BoardTrack, seq: int) -> None:
    st.markdown(f"**{md(track.title)}** " + _("(one worker per box)"))
    choices = [EMPTY] + [f"{p.player}|{p.worker}" for p in form.pieces]
    cols = st.columns(len(track.boxes))
    for col, box in zip(cols, track.boxes, strict=True):
        with col:
            st.selectbox(names.box(box), choices, key=_box_key(box, seq),
                         format_func=lambda v: v if v == EMPTY else _choice_label(stored, v))


def _choice_label(stored: StoredGame, value: str) -> str:
    player, worker = value.split("|", 1)
    return f"{player}: {views.worker_label(worker)}"


def _board(form: BoardForm, seq: int) -> dict[str, list[dict[str, Any]]]:
    copied = session.board_copy(seq)
    board: dict[str, list[dict[str, Any]]] = {
        track: [{"player": p, "worker": w} for p, w in entries]
        for track, entries in copied.items()}
    boxed = _boxed(form, seq)
    if boxed:
        board["specialists"] = [{"player": p, "worker": w, "box": box}
                                for box, (p, w) in boxed.items()]
    return board


def _record(form: BoardForm, seq: int) -> None:
    """Callback: the copied board becomes placement events, recorded as one answer."""
    if not decisions.still_current(seq):
        return
    events, problem = playing.board_placements(_board(form, seq))
    if problem is not None:
        session.flash("error", problem, at="board")
        return
    decisions.record_events(events, seq, where="board")

