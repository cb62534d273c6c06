"""Streamlit entry point: navigation over the pages (each a thin script in app_pages/).

The folder is not called `pages/`: Streamlit would serve that one as old-style pages too,
so the first direct link after a start (a join link) would open without the menu.

A database that cannot be used (damaged, read-only, full, another program's, unreachable) is
shown as a page that says what is wrong and what to do, never as a traceback.
"""

import streamlit as st

from companion.ui import process, services, widgets

st.set_page_config(page_title="Age of Discovery Companion", page_icon="⚓", layout="wide")
process.settle_start_up()  # the first run, once every module of the app is imported

PAGES = [
    st.Page("app_pages/home.py", title="Home", icon="🏠", default=True),
    st.Page("app_pages/new_game.py", title="New game", icon="➕"),
    st.Page("app_pages/table.py", title="Table", icon="🎲"),
    st.Page("app_pages/scoreboard.py", title="Scoreboard", icon="🏆"),
    st.Page("app_pages/history.py", title="History", icon="📜"),
    st.Page("app_pages/score_sheet.py", title="Score sheet", icon="🧮"),
    st.Page("app_pages/rules.py", title="Rules", icon="📖"),
]
problem = services.database_problem()
if problem is not None:  # later failures show the same page (services.stops_on_...)
    st.navigation(PAGES, position="hidden")  # no menu of pages that need the database
    widgets.database_problem(problem)
    st.stop()
# Streamlit's own menu becomes a sidebar drawer on a narrow screen, and that drawer stays open
# over the page chosen unless the browser says it is a phone: a row of links instead, the
# same on every screen, that nothing has to close.
page = st.navigation(PAGES, position="hidden")
widgets.page_menu(PAGES, page)
page.run()
