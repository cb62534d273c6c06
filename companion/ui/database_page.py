"""The page shown instead of the app when the database cannot be used."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.ui.views import md


def database_page(problem: Any) -> None:
    """What is wrong, what to do, and which database (never a password), from a
    ``DatabaseProblem``."""
    st.title("⚓ The saved games cannot be opened")
    st.error(md(problem.what), icon="🚫")
    st.info(md(problem.todo), icon="🛠️")
    st.caption(f"Database: {md(problem.where)}")
    if st.button("Try again", key="db_retry", type="primary"):
        st.rerun()
