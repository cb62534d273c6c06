"""The saved games as the pages reach them: the app's one ``Store``, the guard that shows the
database-problem page instead of a traceback, and ``Outcome``, what became of a request.

The pages never open a store themselves: they call ``open_game`` (the game open in this
session) or ``library`` (every kept game: history, sheets, exports, imports), which use these.
Engine refusals come back as an ``Outcome`` with the engine's message (never an exception),
so a page can show it with ``st.error`` and keep the table's input.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.store import DatabaseProblem, Store, StoredGame, default_url, open_store
from companion.ui.database_page import database_page

F = TypeVar("F", bound=Callable[..., Any])


@st.cache_resource(show_spinner=False)
def _store_at(url: str) -> Store:
    return open_store(url)  # DatabaseProblem is not cached: the next run tries again


def store() -> Store:
    """The app's one Store, cached per database URL (COMPANION_DB_URL / COMPANION_DATA_DIR).
    ``DatabaseProblem`` when the database cannot be used (the app shows it as a page)."""
    return _store_at(default_url())


def database_problem() -> DatabaseProblem | None:
    """Why the database cannot be used, or None once the store is open."""
    try:
        store()
    except DatabaseProblem as exc:
        return exc
    return None


def stops_on_database_problem(func: F) -> F:
    """A service that shows the database-problem page (and ends the run) when the database
    fails under it, instead of a traceback; outside a Streamlit run the error is raised."""

    @functools.wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except DatabaseProblem as exc:
            if get_script_run_ctx(suppress_warning=True) is None:
                raise
            database_page(exc)
            st.stop()

    return guarded  # type: ignore[return-value]


@dataclass(frozen=True)
class Outcome:
    """What became of a request: the game as it now stands, and why it was refused if so."""

    stored: StoredGame | None
    error: str | None = None
    conflict: bool = False  # someone else changed the game first: it has been reloaded
    field: str | None = None  # the input the refusal concerns (``EngineError.field``)

    @property
    def ok(self) -> bool:
        return self.error is None
