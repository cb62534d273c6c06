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

from companion.i18n import N_, _, language_key
from companion.ui import language, process, saved_games, widgets
from companion.ui.database_page import database_page


def pages() -> list[st.Page]:
    """The app's pages (paths relative to ``app.py``), fresh objects for this run:
    ``st.navigation`` marks the page it lets run, so two sessions must not share them."""
    lang = language_key()
    if get_script_run_ctx() is None:  # outside a run a page is left half made: not kept
        return list(_make_pages(lang))
    return [copy.copy(page) for page in _made_pages(lang)]


# The pages: script, title (in the catalogue), icon. Their addresses come from the script's
# name, so a link works whatever the language.
PAGES = (
    ("app_pages/home.py", N_("Home"), "🏠"),
    ("app_pages/new_game.py", N_("New game"), "➕"),
    ("app_pages/table.py", N_("Table"), "🎲"),
    ("app_pages/scoreboard.py", N_("Scoreboard"), "🏆"),
    ("app_pages/history.py", N_("History"), "📜"),
    ("app_pages/score_sheet.py", N_("Score sheet"), "🧮"),
    ("app_pages/rules.py", N_("Rules"), "📖"),
)


@functools.cache
def _made_pages(lang: tuple[str, int]) -> tuple[st.Page, ...]:
    """Made once per process and language: making a page resolves its path and reads the
    disk, about 0.15 ms each on every run otherwise."""
    return _make_pages(lang)


def _make_pages(lang: tuple[str, int]) -> tuple[st.Page, ...]:
    return tuple(st.Page(script, title=_(title), icon=icon, default=script == PAGES[0][0])
                 for script, title, icon in PAGES)


def main() -> None:
    """One run of the app: the frame, then the page chosen."""
    language.start_run()  # first: every word of this run is in this device's language
    st.set_page_config(page_title=_("Age of Discovery Companion"), page_icon="⚓",
                       layout="wide")
    process.settle_start_up()  # the first run, once every module of the app is imported
    all_pages = pages()
    problem = saved_games.database_problem()
    if problem is not None:  # later failures show the same page (saved_games.stops_on_...)
        st.navigation(all_pages, position="hidden")  # no menu of pages that need the database
        database_page(problem)
        st.stop()
    # Streamlit's own menu becomes a sidebar drawer on a narrow screen, and that drawer stays
    # open over the page chosen unless the browser says it is a phone: a row of links
    # instead, the same on every screen, that nothing has to close.
    page = st.navigation(all_pages, position="hidden")
    widgets.phone_style()
    widgets.page_menu(all_pages, page)
    page.run()
