"""The saved games as the pages reach them: the app's one ``Store``, the guard that shows the
database-problem page instead of a traceback, and ``Outcome``, what became of a request.

The pages never open a store themselves: they call ``open_game`` (the game open in this
session) or ``library`` (every kept game: history, sheets, exports, imports), which use these.
Engine refusals come back as an ``Outcome`` with the engine's message (never an exception),
so a page can show it with ``st.error`` and keep the table's input.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import ParamSpec, TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.store import DatabaseProblem, Store, StoredGame, default_url, open_store
from companion.ui.database_page import database_page

P = ParamSpec("P")
R = TypeVar("R")


class _Stores:
    """The open stores of this process by database URL, shared by every session. A plain
    dictionary rather than ``st.cache_resource``, whose lookup (hashing its argument) cost
    more than the rest of ``store()`` on every call, several times a run."""

    def __init__(self) -> None:
        self._open: dict[str, Store] = {}
        self._lock = threading.Lock()

    def __call__(self, url: str) -> Store:
        found = self._open.get(url)
        if found is None:
            with self._lock:
                found = self._open.get(url)
                if found is None:  # DatabaseProblem is not kept: the next run tries again
                    found = self._open[url] = open_store(url)
        return found

    def clear(self) -> None:
        """Forget every store (tests and benchmarks: a new data folder)."""
        with self._lock:
            self._open.clear()


_store_at = _Stores()


def store() -> Store:
    """The app's one Store, kept per database URL (COMPANION_DB_URL / COMPANION_DATA_DIR).
    ``DatabaseProblem`` when the database cannot be used (the app shows it as a page)."""
    return _store_at(_url(os.environ.get(URL_VAR), os.environ.get(DATA_VAR), os.getcwd()))


URL_VAR, DATA_VAR = "COMPANION_DB_URL", "COMPANION_DATA_DIR"


@functools.lru_cache(maxsize=8)
def _url(url: str | None, data_dir: str | None, cwd: str) -> str:
    """``default_url`` of these settings (a folder is made absolute from ``cwd``): worked
    out once, not at each of a run's several ``store()`` calls."""
    return default_url({k: v for k, v in ((URL_VAR, url), (DATA_VAR, data_dir)) if v})


def database_problem() -> DatabaseProblem | None:
    """Why the database cannot be used, or None once the store is open."""
    try:
        store()
    except DatabaseProblem as exc:
        return exc
    return None


def stops_on_database_problem(func: Callable[P, R]) -> Callable[P, R]:
    """A service that shows the database-problem page (and ends the run) when the database
    fails under it, instead of a traceback; outside a Streamlit run the error is raised."""

    @functools.wraps(func)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except DatabaseProblem as exc:
            if get_script_run_ctx(suppress_warning=True) is None:
                raise
            database_page(exc)
            st.stop()

    return guarded


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
