"""Home: games in progress (resume), recent finished games, start a new one."""

import streamlit as st

from companion.i18n import _
from companion.ui import access, joining, language, library, playing, session, widgets


def show() -> None:
    """One run of the page."""
    st.title("⚓ " + _("Age of Discovery Companion"))
    st.caption(_("Keep the books for Empires: Age of Discovery and Age of Empires III: "
                 "The Age of Discovery — the app checks every step and keeps the score. The "
                 "Score sheet also totals Endeavor: Age of Sail and Nouveau Monde."))
    widgets.show_flashes()

    with st.container(horizontal=True):
        if st.button("➕ " + _("New game"), type="primary", key="home_new"):
            language.switch_page("app_pages/new_game.py")
        if st.button("🧮 " + _("Score sheet"), key="home_sheet"):
            language.switch_page("app_pages/score_sheet.py")
        if st.button("📖 " + _("Rules"), key="home_rules"):
            language.switch_page("app_pages/rules.py")

    view = library.home()

    st.subheader(_("Games in progress"))
    if not view.in_progress:
        st.caption(_("None. Start a new game above."))
    for g in view.in_progress:
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(widgets.listing_label(g))
            if st.button(_("Resume"), key=f"resume_{g.id}", type="primary"):
                playing.open_game(g.id)
                language.switch_page("app_pages/table.py")
            with st.popover("📱 " + _("Join"), key=f"join_{g.id}"):
                joining.join_box(g.id)

    st.subheader(_("Recently finished"))
    if not view.finished:
        st.caption(_("No finished game yet."))
    for g in view.finished:  # score sheets too: they are finished games without turns to replay
        with st.container(border=True, horizontal=True, vertical_alignment="center"):
            st.markdown(widgets.listing_label(g))
            if st.button(_("Replay") if g.kind == "tracked" else _("Open"), key=f"replay_{g.id}"):
                session.set_history_game(g.id)
                language.switch_page("app_pages/history.py")

    if view.total == 0 and access.is_host():
        st.divider()
        st.caption(_("An empty history? Add a randomly played game to see the scoreboard "
                     "and charts."))
        widgets.demo_game_button(_("Add a demo game"), key="home_demo")
