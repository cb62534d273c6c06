"""Live pages: every open page of a game follows it, with no tap.

A fragment reads the game's revision (one integer, raised by every entry and every undo) every
``LIVE_SECONDS`` and reruns the whole page only when it moved on, when the game is gone
(deleted on another device: the page says so), or when the game's Hints switch was changed
on another device. The revision and the switch come from the process's watcher of that
game (``Store.watched_revision``, ``Store.watched_settings``: memory, kept up to date by
PostgreSQL's notifications or one shared read of both on SQLite), so an idle viewer costs no
query, whatever the number of phones.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.ui import hints, playing, session

LIVE_SECONDS = 1.5


@st.fragment(run_every=LIVE_SECONDS)
def follow(game_id: int, seen: int) -> None:
    """Rerun the page once the game is past revision ``seen`` (entered on another device).

    The page drawn just after this session's own write skips one check: the revision it
    would read is the one that write made a moment ago (after a tap, that read was the
    costliest step left in drawing the page). A write is followed by a whole-page run, so
    the fragment's own reruns always check."""
    if session.take_own_write(game_id, seen):
        return
    now = playing.revision_of(game_id)
    if now is None:  # deleted on another device: the page says so, not the old game
        playing.game_deleted(game_id)
        st.rerun(scope="app")
    if now != seen:
        playing.follow_up(game_id)  # the game as it is now; drafts kept where they apply
        st.rerun(scope="app")
    if _on_its_own() and hints.switch_moved(game_id):  # switched on another device
        st.rerun(scope="app")


def _on_its_own() -> bool:
    """Whether this is the fragment's own timed run (a whole page's run has just drawn
    the switch from the store)."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)
