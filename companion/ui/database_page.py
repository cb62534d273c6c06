"""The page shown instead of the app when the database cannot be used."""

from __future__ import annotations

from typing import Any

import streamlit as st

from companion.i18n import _
from companion.ui.views import md


def database_page(problem: Any) -> None:
    """What is wrong, what to do, and which database (never a password), from a
    ``DatabaseProblem``."""
    st.title("⚓ " + _("The saved games cannot be opened"))
    what, todo = problem.words()
    st.error(md(what), icon="🚫")
    st.info(md(todo), icon="🛠️")
    st.caption(_("Database: {where}").format(where=md(problem.where)))
    if st.button(_("Try again"), key="db_retry", type="primary"):
        st.rerun()
