"""Joining the table from another device: the game's link on this machine's network address,
as text and as a QR code; an entry link carries the game's entry key, a viewer link none.
Also the forms a device meets when it joins (its name) or asks for the host's rights (the
PIN), and who entered each step; who may do what is decided in ``companion.ui.access``.

>>> join_url(12, "viewer", host="192.168.1.20", port=8501)
'http://192.168.1.20:8501/table?game=12&role=viewer'
>>> join_url(12, "entry", host="192.168.1.20", port=8501, key="Zq3")
'http://192.168.1.20:8501/table?game=12&key=Zq3'

The link carries no language: each device reads its own (its browser's, or its switch), not
the language of the device that shows the link.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import socket
from typing import Literal

import qrcode
import streamlit as st

from companion.engine import Game, apply, describe_event
from companion.i18n import N_, _, format_clauses, format_datetime
from companion.store import trust
from companion.ui import access, session, views
from companion.ui.saved_games import store

STREAMLIT_PORT = 8501  # Streamlit's own default, when no port is configured

Role = Literal["entry", "viewer"]


def network_address() -> str:
    """This machine's address on the local network (not localhost). A UDP socket "connected"
    to a private address picks the outgoing interface without sending anything."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    return address if address and not address.startswith("127.") else "localhost"


def join_url(game_id: int, role: Role, *, host: str | None = None,
             port: int | None = None, key: str | None = None) -> str:
    """The game's link for another device: ``entry`` with the game's entry ``key``, or
    ``viewer`` (which never carries one)."""
    host = host or network_address()
    port = port or int(st.get_option("server.port") or STREAMLIT_PORT)
    if role == "entry":
        if not key:
            raise ValueError("an entry link needs the game's entry key")
        return f"http://{host}:{port}/table?game={game_id}&key={key}"
    return f"http://{host}:{port}/table?game={game_id}&role=viewer"


@functools.lru_cache(maxsize=64)  # about 30 ms to draw; Home shows one per game in progress
def qr_png(url: str) -> bytes:
    """The link as a QR code picture (PNG) a phone camera opens."""
    picture = qrcode.make(url, box_size=6, border=2)
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def show_qr(url: str, width: int = 180) -> None:
    """The QR code of ``url``, drawn as an ``<img>`` of its PNG. Not ``st.image``: that
    loads NumPy for any picture, about 10 MiB of the server's memory for this one."""
    data = base64.b64encode(qr_png(url)).decode("ascii")
    alt = html.escape(_("QR code of {link}").format(link=url))
    st.markdown(f'<img src="data:image/png;base64,{data}" width="{width}" '
                f'alt="{alt}">', unsafe_allow_html=True)


# ---------------------------------------------------------------- the Home page's join box


def _new_key(game_id: int) -> None:
    """Callback (host only): the game gets a new entry key; the old links stop entering."""
    if (refusal := access.host_refusal(access.NEW_KEY)) is not None:
        session.flash("error", refusal)
        return
    trust.new_entry_key(store(), game_id)
    session.hold_entry_key(game_id, None)  # taken again from the store below
    session.flash("success", _("Game {game} has a new entry link: the old one no longer "
                               "enters steps.").format(game=game_id))


def join_box(game_id: int) -> None:
    """What another device needs to join the game: for the host, the entry link and its QR
    code (and a new key); for anyone, the viewer link."""
    if access.is_host():
        key = trust.entry_key(store(), game_id)
        entry = join_url(game_id, "entry", key=key)
        st.markdown(_("Scan with another phone on the same network to enter steps:"))
        show_qr(entry)
        st.code(entry, language=None, wrap_lines=True)  # whole on a phone
        st.button(_("New entry link (the old one stops entering)"), key=f"new_key_{game_id}",
                  on_click=_new_key, args=(game_id,))
    else:
        st.caption(_("The entry link is shown on the machine that runs the app."))
    st.markdown(_("To follow the game without entering anything:"))
    st.code(join_url(game_id, "viewer"), language=None, wrap_lines=True)


# ---------------------------------------------------------------- joining on the Table page


def table_rights(game_id: int) -> bool:
    """On the Table page: take an entry key from the address (it leaves the address either
    way, with one sentence if refused), ask a joining device its name, and say whether this
    device enters steps (else the page is drawn read-only)."""
    kept = store()
    taken = access.take_link_key(kept, game_id)
    if taken is False:
        st.error(_("This entry link does not (or no longer) open game {game} for entry: the "
                   "game is shown read-only. Ask the host for the current link.")
                 .format(game=game_id), icon="🚫")
    if not access.may_enter(kept, game_id):
        if not session.is_viewer():  # it came to enter: say how
            st.caption(_("To enter steps on this device, open the game's entry link (the "
                         "host shows it on the Home page, under Join)."))
        return False
    if access.needs_device_name():
        _device_name_form()
        return access.device_name() is not None
    return True


def _device_name_form() -> None:
    """Asked once when a device joins for entry: its name, kept with each step it enters."""
    with st.form("device_name", border=True):
        st.markdown(_("**Name this device** so that the game's history says who entered "
                      "each step."))
        text = st.text_input(_("Device name"), placeholder=_("e.g. Anne's phone"),
                             max_chars=trust.DEVICE_LENGTH, key="device_name_input")
        if st.form_submit_button(_("Join the table"), type="primary"):
            problem = access.name_device(text)
            if problem is not None:
                st.error(problem, icon="🚫")


def host_pin_form(what: str, key: str) -> bool:
    """Whether this device may ``what`` (the host): if not, the host's PIN form when a PIN
    is set, else one sentence."""
    return pin_form(access.host_refusal(what), key)


def pin_form(refusal: str | None, key: str) -> bool:
    """Whether this device may go on (``refusal`` is None); if not, the refusal, with the
    host's PIN form when a PIN is set."""
    if refusal is None:
        return True
    if access.host_pin() is None:
        st.caption(refusal)
        return False
    with st.form(f"host_pin_{key}", border=False):
        st.caption(refusal)
        pin = st.text_input(_("Host PIN"), type="password", key=f"host_pin_input_{key}")
        if st.form_submit_button(_("Unlock")):
            problem = access.give_host_pin(pin)
            if problem is None:
                st.rerun()
            st.error(problem, icon="🚫")
    return False


# ---------------------------------------------------------------- who entered what (History)

_ACTIONS = {"answer": N_("Recorded {events}"), "undo": N_("Took back {events}"),
            "set_aside": N_("Set aside {events}"), "reapply": N_("Re-applied {events}")}


def device_label(device: str | None) -> str:
    return _("the host") if device is None else device


def entered_on(kept: list[trust.Entry], index: int) -> str:
    """`` — entered on Anne's phone`` for event ``index`` of the log, if that is known."""
    entry = trust.entered_by(kept, index)
    if entry is None:
        return ""
    return " — " + _("entered on {device}").format(device=views.md(device_label(entry.device)))


def entries_list(kept: list[trust.Entry], game: Game, game_id: int) -> None:
    """The game's writes, newest first: when, which device, what it entered (the step's
    words while its events are in the log; their numbers once taken back or set aside).
    Drawn only while open: the words replay the log."""
    if not kept:
        return
    with st.expander(_("Who entered each step ({n} entries)").format(n=len(kept)),
                     key=f"hist_entries_{game_id}", on_change="rerun") as listing:
        if not listing.open:
            return
        said = _entered_words(kept, game)
        rows = []
        for i in reversed(range(len(kept))):
            entry = kept[i]
            low, high = sorted((entry.seq_before, entry.seq_after))
            events = (_("event {n}").format(n=low + 1) if high - low == 1
                      else _("events {first}–{last}").format(first=low + 1, last=high))
            what = (_("Recorded: {step}").format(step=said[i]) if i in said
                    else _(_ACTIONS[entry.action]).format(events=events))
            rows.append({_("When"): format_datetime(entry.created, "short"),
                         _("Device"): device_label(entry.device), _("What"): what})
        st.markdown(views.markdown_table(rows))


def _entered_words(kept: list[trust.Entry], game: Game) -> dict[int, str]:
    """The words of each write (by its place in ``kept``) whose events are still in the log
    as it entered them: the table's own events, each read against the state before it (one
    replay of the log up to the last of them)."""
    live = {i: e for i, e in enumerate(kept) if e.action in ("answer", "reapply")
            and e.seq_after > e.seq_before and trust.entered_by(kept, e.seq_before) is e}
    if not live:
        return {}
    last = min(max(e.seq_after for e in live.values()), len(game.events))
    wanted = {n for e in live.values() for n in range(e.seq_before, min(e.seq_after, last))}
    words: dict[int, str] = {}
    state = game.at(0)
    for n, ev in enumerate(game.events[:last]):
        if n in wanted and not ev.auto:
            words[n] = describe_event(state, ev)
        state = apply(state, ev)
    out = {}
    for i, e in live.items():
        said = [words[n] for n in range(e.seq_before, min(e.seq_after, last)) if n in words]
        if said:
            out[i] = format_clauses(list(dict.fromkeys(said)))
    return out
