"""Scoreboard: standings with the VP breakdown, holdings and income, the map, the charts."""

import streamlit as st

from companion.engine import Phase
from companion.i18n import _
from companion.ui import hints, language, playing, session, views, widgets


def show() -> None:
    """One run of the page."""
    st.title("🏆 " + _("Scoreboard"))
    widgets.show_flashes()
    stored = playing.current_game()
    if stored is None:
        st.info(_("No game is open. Resume a game from Home, or replay a finished one in History."))
        language.page_link("app_pages/home.py", _("Home"), "🏠")
        language.page_link("app_pages/history.py", _("History"), "📜")
        st.stop()

    session.link_game(stored.id)
    game, state = stored.game, stored.game.state
    view = playing.game_view(stored)  # tables and figures built once per version of the game
    st.markdown(f"**{views.where_now(state)}**")
    widgets.game_caption(game, stored.id)
    if state.phase != Phase.OVER:
        st.caption(_("Scores are provisional: economy is what the current goods and ships "
                   "would earn."))

    st.subheader(_("Standings"))
    widgets.standings_table(view)
    hints.ended_now(stored, view)  # opt-in per game, like the hints on the Table page

    st.subheader(_("Money, goods and income"))
    widgets.players_table(view, show_placing=False)
    with st.expander(_("Income sets"), expanded=True):
        widgets.income_section(view)
    with st.expander(_("Buildings and discoveries")):
        widgets.player_details(view)

    st.subheader(_("The New World"))
    map_col, table_col = st.columns([1, 1])
    with map_col:
        widgets.region_map(view, "sb_map")
    with table_col:
        widgets.regions_table(view)

    st.subheader(_("Charts"))
    widgets.charts_section(view, "sb", lazy=True)  # only the open tab's chart is drawn
