"""The language of this device: the page address's ``?lang=`` when chosen, else the
browser's (``st.context.locale``, then the ``Accept-Language`` header), set for each run
(``companion.i18n`` keeps it per request, so two phones may read two languages at once).

The switch drawn on every page writes ``?lang=`` into the address, and the links between
pages and to other devices (join links, QR codes) carry it.
"""

from __future__ import annotations

import functools
from typing import Any

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion import i18n
from companion.i18n import _
from companion.ui import session

PARAM = "lang"
SWITCH = "lang_switch"


def chosen() -> str | None:
    """The language named in the page address, if it is one we have."""
    value = st.query_params.get(PARAM)
    return value if value in i18n.languages() else None


def browser() -> str:
    """The browser's own language (English when it is none of ours): its locale, which
    comes with every run, else its ``Accept-Language`` header, read once a session (the
    request's headers do not change under an open tab, and reading them was the costliest
    part of a run's language)."""
    locale = st.context.locale
    if locale:
        return _negotiated(locale)
    return session.once(session.BROWSER_LANGUAGE, _from_headers)


@functools.lru_cache(maxsize=64)
def _negotiated(locale: str) -> str:
    return i18n.negotiate(locale)


def _from_headers() -> str:
    headers: Any = st.context.headers
    return i18n.negotiate(headers.get("Accept-Language") if headers else None)


def resolve() -> str:
    return chosen() or browser()


def start_run() -> str:
    """Set this run's language (the page calls it first of all)."""
    return i18n.set_language(resolve())


def _in_run() -> str | None:
    """For a callback, which Streamlit runs before the page has set the language."""
    if get_script_run_ctx() is None:
        return None
    try:
        return resolve()
    except Exception:  # noqa: BLE001 - no language is better than a failed tap
        return None


i18n.set_fallback(_in_run)


def link_params() -> dict[str, str]:
    """The address parameters a link to another page keeps (the language, when chosen)."""
    lang = chosen()
    return {PARAM: lang} if lang else {}


def switch_page(page: str) -> None:
    """``st.switch_page`` keeping the language chosen in the address."""
    st.switch_page(page, query_params=link_params())


def page_link(page: str, label: str, icon: str) -> None:
    """``st.page_link`` keeping the language chosen in the address."""
    st.page_link(page, label=label, icon=icon, query_params=link_params() or None)


def _switched() -> None:
    st.query_params[PARAM] = st.session_state[SWITCH]


def switch() -> None:
    """The language switch (on every page, in the menu row): the choice goes to the address."""
    current = i18n.current_language()
    st.session_state[SWITCH] = current
    st.segmented_control(_("Language"), list(i18n.languages()), key=SWITCH, required=True,
                         format_func=str.upper, on_change=_switched,
                         label_visibility="collapsed", help=_("Language of this device"))
