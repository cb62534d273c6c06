"""Joining the table from another device: the game's link on this machine's network address,
as text and as a QR code.

>>> join_url(12, "viewer", host="192.168.1.20", port=8501, lang="fr")
'http://192.168.1.20:8501/table?game=12&role=viewer&lang=fr'

The link carries the language of the device that shows it (its reader may switch).
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

from companion.i18n import _, current_language

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
             port: int | None = None, lang: str | None = None) -> str:
    host = host or network_address()
    port = port or int(st.get_option("server.port") or 8501)
    lang = lang or current_language()
    return f"http://{host}:{port}/table?game={game_id}&role={role}&lang={lang}"


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
