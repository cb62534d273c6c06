"""The app's frame, drawn on every run before the page: page set-up, the menu of pages, and
the page chosen (``app.py`` only calls ``main()``).

The folder of page scripts is not called ``pages/``: Streamlit would serve that one as
old-style pages too, so the first direct link after a start (a join link) would open
without the menu.

A database that cannot be used (damaged, read-only, full, another program's, unreachable) is
shown as a page that says what is wrong and what to do, never as a traceback.
"""

import copy
import functools

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.ui import process, services, widgets


def pages() -> list[st.Page]:
    """The app's pages (paths relative to ``app.py``), fresh objects for this run:
    ``st.navigation`` marks the page it lets run, so two sessions must not share them."""
    if get_script_run_ctx() is None:  # outside a run a page is left half made: not kept
        return list(_make_pages())
    return [copy.copy(page) for page in _made_pages()]


@functools.cache
def _made_pages() -> tuple[st.Page, ...]:
    """Made once per process: making a page resolves its path and reads the disk, about
    0.15 ms each on every run otherwise."""
    return _make_pages()


def _make_pages() -> tuple[st.Page, ...]:
    return (
        st.Page("app_pages/home.py", title="Home", icon="🏠", default=True),
        st.Page("app_pages/new_game.py", title="New game", icon="➕"),
        st.Page("app_pages/table.py", title="Table", icon="🎲"),
        st.Page("app_pages/scoreboard.py", title="Scoreboard", icon="🏆"),
        st.Page("app_pages/history.py", title="History", icon="📜"),
        st.Page("app_pages/score_sheet.py", title="Score sheet", icon="🧮"),
        st.Page("app_pages/rules.py", title="Rules", icon="📖"),
    )


def main() -> None:
    """One run of the app: the frame, then the page chosen."""
    st.set_page_config(page_title="Age of Discovery Companion", page_icon="⚓",
                       layout="wide")
    process.settle_start_up()  # the first run, once every module of the app is imported
    all_pages = pages()
    problem = services.database_problem()
    if problem is not None:  # later failures show the same page (services.stops_on_...)
        st.navigation(all_pages, position="hidden")  # no menu of pages that need the database
        widgets.database_problem(problem)
        st.stop()
    # Streamlit's own menu becomes a sidebar drawer on a narrow screen, and that drawer stays
    # open over the page chosen unless the browser says it is a phone: a row of links
    # instead, the same on every screen, that nothing has to close.
    page = st.navigation(all_pages, position="hidden")
    widgets.phone_style()
    widgets.page_menu(all_pages, page)
    page.run()
