"""Table: the question the engine asks now, answered with a tap; the board below it."""

import streamlit as st

from companion.engine import Phase
from companion.i18n import _
from companion.store import StoredGame
from companion.ui import (
    board_entry,
    colony_table,
    decisions,
    hints,
    joining,
    language,
    library,
    live,
    playing,
    report_view,
    session,
    views,
    widgets,
)
from companion.ui.game_view import GameView


def show() -> None:
    """One run of the page."""
    stored = open_game()
    session.link_game(stored.id)
    live.follow(stored.id, stored.revision)  # another phone's entry shows here within seconds
    game = stored.game
    state = game.state
    view = playing.game_view(stored)  # computed once per version of the game, then kept
    widgets.game_heading(f"🎲 {views.where_now(state)}", game, stored.id)
    widgets.show_flashes()
    # the server decides: without the game's entry key (or the host's rights) read-only
    viewer = not joining.table_rights(stored.id) or session.is_viewer()

    if stored.read_only:
        refused_section(stored, viewer)
    else:
        question_section(stored, viewer)

    if state.phase == Phase.OVER:
        st.subheader(_("Final standings"))
        widgets.standings_table(view)
        report_view.show_game(stored)  # the story and the picture to share
        language.page_link("app_pages/scoreboard.py", _("Scoreboard and charts"), "🏆")

    widgets.players_table(view)
    widgets.board_tracks(view)
    folded_sections(stored, view, viewer)
    widgets.show_flashes(every=True)  # any left (their input is not drawn now)


def open_game() -> StoredGame:
    """The game open in this session; else the one game in progress; else a page that says
    none is open (and stops)."""
    stored = playing.current_game()
    if stored is None and session.game_id() is None and session.linked_game_id() is None:
        # a fresh tab: with exactly one game in progress, that is the game at the table
        playing_now = library.home().in_progress
        if len(playing_now) == 1 and playing.open_game(playing_now[0].id).ok:
            stored = playing.current_game()
    if stored is None:
        st.title("🎲 " + _("Table"))
        widgets.show_flashes()
        st.info(_("No game is open. Resume one from Home or start a new one."))
        language.page_link("app_pages/home.py", _("Home"), "🏠")
        language.page_link("app_pages/new_game.py", _("New game"), "➕")
        st.stop()
    return stored


def refused_section(stored: StoredGame, viewer: bool) -> None:
    """A game whose log a corrected rule refuses: what was refused, and the way on."""
    widgets.refused_banner(stored.refused)
    if viewer:
        st.caption("👀 " + _("Following the game; steps are entered on another device."))
    else:
        st.button(_("Set the refused events aside and go on"), key=f"set_aside@{stored.seq}",
                  on_click=decisions.set_aside, args=(stored.seq,), type="primary")


def question_section(stored: StoredGame, viewer: bool) -> None:
    """Undo, the question the engine asks now, and the colonies under it."""
    # Undo first, then the question: on a phone both show before any scrolling.
    with st.container(horizontal=True, key="table_tools"):
        last = playing.last_step(stored)
        if viewer:
            st.caption("👀 " + _("Following the game; steps are entered on another device."))
        else:
            st.button("↩ " + _("Undo"), key=f"undo@{stored.seq}", on_click=decisions.undo,
                      args=(stored.seq,), disabled=last is None,
                      help=(_("Take back: {step}").format(step=last) if last
                            else _("Nothing to undo")))
        if last:
            st.caption(_("Last step: {step}").format(step=views.md(last)))
    with st.container(border=True, key="prompt"):
        widgets.show_flashes("prompt")  # a refused answer, at the question it answers
        if viewer:  # the question, and the hints if the table turned them on
            if (decision := decisions.prompt_text(stored)) is not None:
                hints.answer_hints(stored, decision)
        else:
            decisions.prompt(stored)
            board_entry.board_entry(stored)
    # under the question, not above it: the next question stays in view on a phone
    colony_table.show(stored.game.state, playing.last_scoring(stored))

    if not viewer and stored.set_aside and stored.set_aside[-1].events:
        decisions.set_aside_tools(stored)


def folded_sections(stored: StoredGame, view: GameView, viewer: bool) -> None:
    """Income, details and the correction form, drawn only while open: their elements would
    cost every rerun."""
    with st.expander(_("Income: each player's best sets"), key="income_open",
                     on_change="rerun") as income:
        if income.open:
            widgets.income_section(view)
    with st.expander(_("Buildings and discoveries"), key="details_open",
                     on_change="rerun") as details:
        if details.open:
            widgets.player_details(view)
    if not viewer and not stored.read_only:
        with st.expander(_("Correction (outside the rules)"), key="correction",
                         on_change="rerun") as correction:
            if correction.open:
                widgets.show_flashes("correction")
                decisions.correction(stored)
