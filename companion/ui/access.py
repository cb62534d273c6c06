"""Who may write, decided by the server (issue 32); never by what a page's address says.

* **The host**: the machine that runs the app (its own browser, over loopback), and code
  running in this process (the command line, tests). It may do everything.
* **A host device**: another device where the host's PIN (``COMPANION_HOST_PIN``) was given.
  Without a PIN set, nothing that touches all games is offered to other devices.
* **An entry device** for one game: it opened the game's entry link, whose key is that
  game's current entry key. It keeps the right for its session, and for a reload (the key is
  kept in a cookie of this site), until the host makes a new key.
* **Everyone else** follows the games and writes nothing: no new game and no score sheet
  either, unless the host opened the table (``COMPANION_OPEN_TABLE=1``: any device may start
  a game, becoming its entry device, and save score sheets).

Rights are asked of the store at every write: a new key shuts out the devices let in with
the old one at their next tap. Keys are compared in constant time (``trust.key_matches``)
and are never logged. Tests stand a remote device in by replacing ``peer``.
"""

from __future__ import annotations

import ipaddress
import os
import threading
import time
import unicodedata
from urllib.parse import quote, unquote

import streamlit as st
from streamlit import runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

from companion.i18n import N_, _
from companion.store import Store
from companion.store.trust import DEVICE_LENGTH, key_matches
from companion.ui import session

HOST_PIN_VAR = "COMPANION_HOST_PIN"
OPEN_TABLE_VAR = "COMPANION_OPEN_TABLE"  # "1": any device may start games and save sheets
KEY_PARAM = "key"  # the entry key in an entry link: ?game=12&key=...
ENTRY_COOKIE = "aod_entry_{game_id}"
DEVICE_COOKIE = "aod_device"
COOKIE_SECONDS = 12 * 3600  # a long evening of play
IN_PROCESS = ""  # ``peer()`` of a run that serves no browser: code on this machine
PIN_TRIES = 5  # wrong PINs per device address ...
PIN_WINDOW = 600.0  # ... within this many seconds; then refused until the window passes
# What only the host may do (``host_refusal``), translated where it is said
DELETE = N_("delete a game")
IMPORT = N_("import files")
DEMO = N_("add demo games")
FILES = N_("import files or add demo games")
NEW_KEY = N_("make a new entry key")
NEW_GAME = N_("start a new game")  # ... or any device, at an open table (``start_refusal``)
SAVE_SHEET = N_("save a score sheet to the history")


# ---------------------------------------------------------------- which device


def peer() -> str | None:
    """The address of the device this run serves: its IP as the connection gives it (a
    proxy on this machine may name the browser behind it: X-Forwarded-For from loopback
    only), ``IN_PROCESS`` outside a served session, None when a served session's address
    is unknown (taken for another device). Read once a session: a session is one
    connection, whose address does not change."""
    return session.once(session.PEER, _connection_peer)


def _connection_peer() -> str | None:
    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None or not runtime.exists():
        return IN_PROCESS
    client = runtime.get_instance().get_client(ctx.session_id)
    address = getattr(getattr(client, "client_context", None), "remote_ip", None)
    if isinstance(address, str):
        return address
    # AppTest runs pages in this process with a stand-in runtime, whose address is no text
    return None if address is None else IN_PROCESS


def on_host_machine() -> bool:
    """Whether this run serves the machine that runs the app (or no browser at all)."""
    address = peer()
    return address == IN_PROCESS or is_loopback(address)


def is_loopback(address: str | None) -> bool:
    """Whether a connection from ``address`` comes from this machine (IPv4, IPv6, or IPv4
    seen through an IPv6 socket).

    >>> [is_loopback(a) for a in ("127.0.0.1", "::1", "::ffff:127.0.0.1", "192.168.1.5",
    ...                           "::ffff:192.168.1.5", "fd00::2", "", None, "host")]
    [True, True, True, False, False, False, False, False, False]
    """
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def host_pin() -> str | None:
    """The host's PIN for other devices (``COMPANION_HOST_PIN``), None when none is set."""
    return (os.environ.get(HOST_PIN_VAR) or "").strip() or None


def is_host() -> bool:
    """Whether this device may do everything: the host's machine, or the PIN was given."""
    return on_host_machine() or (host_pin() is not None and session.host_pin_given())


def host_refusal(what: str) -> str | None:
    """Why this device may not ``what`` (``DELETE``, ...), or None if it may."""
    if is_host():
        return None
    if host_pin() is None:
        return _("Only the machine that runs the app may {action}: no host PIN is set for "
                 "other devices.").format(action=_(what))
    return _("Only the host may {action}: give the host's PIN on this device first.").format(
        action=_(what))


def open_table() -> bool:
    """Whether the host opened the table: any device may start a game and save a score
    sheet (``COMPANION_OPEN_TABLE``; off unless set to 1, true, yes or on)."""
    return (os.environ.get(OPEN_TABLE_VAR) or "").strip().lower() in ("1", "true", "yes", "on")


def start_refusal(what: str) -> str | None:
    """Why this device may not ``what`` (``NEW_GAME``, ``SAVE_SHEET``: something new for the
    history), or None if it may: the host, or anyone at an open table. The refusal says how
    to get in."""
    if is_host() or open_table():
        return None
    if host_pin() is None:
        return _("Only the machine that runs the app may {action} here. Ask the host to do it "
                 "there (and to show you the game's entry link), or to open the table to every "
                 "device.").format(action=_(what))
    return _("Only the host may {action} here. Give the host's PIN on this device, or ask the "
             "host to do it (and to show you the game's entry link), or to open the table to "
             "every device.").format(action=_(what))


_pin_tries: dict[str, list[float]] = {}
_pin_lock = threading.Lock()


def give_host_pin(given: str) -> str | None:
    """Check the host's PIN given on this device (constant time); None when accepted (this
    session is then a host device), else why not. Wrong tries are counted per device address:
    after ``PIN_TRIES`` within ``PIN_WINDOW`` seconds, every try is refused for a while."""
    import hmac

    pin = host_pin()
    if pin is None:
        return _("No host PIN is set: only the machine that runs the app may do this.")
    address, now = peer() or "unknown", time.monotonic()
    with _pin_lock:
        tries = [t for t in _pin_tries.get(address, []) if now - t < PIN_WINDOW]
        _pin_tries[address] = tries
        if len(tries) >= PIN_TRIES:
            return _("Too many wrong PINs from this device: wait ten minutes and try again.")
        if not hmac.compare_digest(pin.encode(), (given or "").strip().encode()):
            tries.append(now)
            return _("That is not the host's PIN.")
    session.set_host_pin_given()
    return None


# ---------------------------------------------------------------- entering one game


def may_enter(store: Store, game_id: int) -> bool:
    """Whether this device may enter steps in the game: the host, or a device let in with
    the game's current entry key (from its link this session, or kept in a cookie)."""
    if is_host():
        return True
    held = session.held_entry_key(game_id)
    if held is None:
        held = st.context.cookies.get(ENTRY_COOKIE.format(game_id=game_id))
        if held and key_matches(store, game_id, held):
            session.hold_entry_key(game_id, held)
            return True
        return False
    return key_matches(store, game_id, held)


def entry_refusal(store: Store, game_id: int) -> str | None:
    """Why this device may not write to the game, or None if it may."""
    if not may_enter(store, game_id):
        return _("This device follows game {game} but may not enter steps in it: open the "
                 "game's entry link (the host shows it on the Home page).").format(game=game_id)
    if needs_device_name():
        return _("Give this device a name (e.g. Anne's phone) before entering steps.")
    return None


def take_link_key(store: Store, game_id: int) -> bool | None:
    """An entry key in the page address (``?key=``) for the game on the page: held for this
    session if it is the game's key (True), refused if not (False); None when the address
    has none. Either way the key leaves the address, so that no link copied from the page
    carries it."""
    given = st.query_params.get(KEY_PARAM)
    if given is None:
        return None
    del st.query_params[KEY_PARAM]
    if not key_matches(store, game_id, given):
        return False
    session.hold_entry_key(game_id, given)
    remember_in_browser(ENTRY_COOKIE.format(game_id=game_id), given)
    return True


def remember_in_browser(name: str, value: str) -> None:
    """Keep ``value`` in a cookie of this site, so that a reload (a new session) keeps what
    this device was given. The page sets it (no reply of the server can)."""
    st.html(f"<script>document.cookie = '{name}=' + {quote(value, safe='')!r} + "
            f"'; path=/; max-age={COOKIE_SECONDS}; SameSite=Strict';</script>",
            unsafe_allow_javascript=True, width="content")


# ---------------------------------------------------------------- the device's name


def clean_device_name(text: str | None) -> str | None:
    """A device name as kept: printable, spaces squeezed, at most ``DEVICE_LENGTH``
    characters; None if nothing is left.

    >>> clean_device_name("  Anne's\\tphone \\u202e "), clean_device_name("\\n")
    ("Anne's phone", None)
    """
    kept = "".join(c if unicodedata.category(c)[0] not in "CZ" or c == " " else " "
                   for c in (text or ""))
    kept = " ".join(kept.split())[:DEVICE_LENGTH].strip()
    return kept or None


def device_name() -> str | None:
    """This device's name (None: not named yet; the host machine needs none)."""
    name = session.device_name()
    if name is None and not session.cookie_name_read():  # the cookie of an earlier session
        name = clean_device_name(unquote(st.context.cookies.get(DEVICE_COOKIE) or ""))
        if name is not None:
            session.set_device_name(name)
        session.note_cookie_name_read()
    return name


def name_device(text: str) -> str | None:
    """Name this device for the steps it enters; None when taken, else why not."""
    name = clean_device_name(text)
    if name is None:
        return _("Give this device a name (e.g. Anne's phone) before entering steps.")
    session.set_device_name(name)
    remember_in_browser(DEVICE_COOKIE, name)
    return None


def needs_device_name() -> bool:
    """Whether this device must be named before it enters a step (the host machine need
    not: its steps show as the host's)."""
    return not on_host_machine() and device_name() is None
