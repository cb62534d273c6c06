"""Streamlit entry point: navigation over the pages (each page is a thin script in pages/)."""

import streamlit as st

st.set_page_config(page_title="Age of Discovery Companion", page_icon="⚓", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon="🏠", default=True),
    st.Page("pages/new_game.py", title="New game", icon="➕"),
    st.Page("pages/table.py", title="Table", icon="🎲"),
    st.Page("pages/scoreboard.py", title="Scoreboard", icon="🏆"),
    st.Page("pages/history.py", title="History", icon="📜"),
    st.Page("pages/score_sheet.py", title="Score sheet", icon="🧮"),
    st.Page("pages/rules.py", title="Rules", icon="📖"),
]
st.navigation(PAGES, position="top").run()
