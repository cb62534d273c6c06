"""Many phones at one table: viewers, the join link, and what a page says after a race."""

from __future__ import annotations

import base64
import re
import time

import pytest
from sqlalchemy import event
from ui_driver import check, first_place, open_table

from companion.store import Store, trust, watch
from companion.ui import hints, joining, playing, saved_games, session

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def test_a_viewer_sees_the_question_but_can_enter_nothing(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    at.query_params["role"] = "viewer"
    open_table(at, sg.id)
    assert any("Ann places a worker" in m.value for m in at.markdown)
    keys = [b.key or "" for b in at.button] + [g.key or "" for g in at.button_group]
    assert not [k for k in keys if k.startswith(("ans_", "place_", "undo@", "act_", "fix_"))]
    assert any("Following the game" in c.value for c in at.caption)


def test_an_entry_device_gets_the_answers(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    at.query_params["role"] = "entry"
    open_table(at, sg.id)
    assert [g for g in at.button_group if (g.key or "").startswith("place_")]


def test_the_store_revision_is_one_cheap_read_that_moves_with_every_change(store):
    sg = store.create_game(FOUR)
    assert store.revision(sg.id) == 0
    store.append(sg.id, REVEAL, 0)
    assert store.revision(sg.id) == 1
    store.undo(sg.id, 1)
    assert store.revision(sg.id) == 2  # an undo moves it on too


def counting_revision_reads(monkeypatch) -> list[int]:
    """Every revision a page polls from now on (``Store.watched_revision``), by game id."""
    reads: list[int] = []
    read = Store.watched_revision

    def counted(self, game_id):
        reads.append(game_id)
        return read(self, game_id)

    monkeypatch.setattr(Store, "watched_revision", counted)
    return reads


def test_the_page_after_a_tap_does_not_read_back_the_revision_the_tap_wrote(
        at, store, monkeypatch):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    reads = counting_revision_reads(monkeypatch)
    first_place(at)
    assert store.load(sg.id).seq == 2 and reads == []  # the tap's own version, not asked for
    at.run()  # a later run of the page checks again
    check(at)
    assert reads == [sg.id]


def test_another_devices_step_after_a_tap_is_followed_on_the_next_run(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    first_place(at)  # this phone: Ann places
    assert any("Bob places a worker" in m.value for m in at.markdown)
    shown = store.load(sg.id)
    bob = shown.game.pending().answers[0]
    store.answer(sg.id, list(bob.events), revision=shown.revision)  # the other phone: Bob
    time.sleep(watch.FRESH_SECONDS)  # the app's store reads the revision again by then
    at.run()
    check(at)
    assert any("Cid places a worker" in m.value for m in at.markdown)


def test_the_join_link_names_the_game_and_carries_its_key_on_the_network_address():
    url = joining.join_url(7, "entry", host="10.0.0.5", port=8600, key="k3Y")
    assert url == "http://10.0.0.5:8600/table?game=7&key=k3Y"  # no language: the phone's
    assert joining.join_url(7, "viewer", host="10.0.0.5", port=8600) \
        == "http://10.0.0.5:8600/table?game=7&role=viewer"
    with pytest.raises(ValueError, match="entry key"):
        joining.join_url(7, "entry", host="10.0.0.5", port=8600)
    assert joining.network_address() != "127.0.0.1"
    png = joining.qr_png(url)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 200


def test_home_offers_the_join_link_and_its_qr_code(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    at.switch_page("app_pages/home.py").run()
    check(at)
    codes = [c.value for c in at.code]
    key = trust.entry_key(store, sg.id)
    assert any(c.endswith(f"/table?game={sg.id}&key={key}") for c in codes)
    assert any(c.endswith(f"/table?game={sg.id}&role=viewer") for c in codes)
    assert not any("localhost" in c and "127.0.0.1" in c for c in codes)
    # The QR code is the entry link's, as a PNG picture inside the page.
    pictures = [m.value for m in at.markdown if 'alt="QR code of' in m.value]
    assert len(pictures) == 1 and f"game={sg.id}&amp;key={key}" in pictures[0]
    entry = next(c for c in codes if c.endswith(f"/table?game={sg.id}&key={key}"))
    shown = base64.b64decode(re.search(r'base64,([A-Za-z0-9+/=]+)"', pictures[0]).group(1))
    assert shown == joining.qr_png(entry)


def test_a_game_deleted_on_another_device_is_said_on_the_table(at, store):
    """The Table's live check finds the game gone: the page closes it and says it was
    deleted, rather than drawing the old game or a bare "no game"."""
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    assert any("Ann places a worker" in m.value for m in at.markdown)
    store.delete_game(sg.id)  # the host, on another device
    at.run()
    check(at)
    said = [w.value for w in at.warning]
    assert any(f"Game {sg.id} was deleted on another device" in w for w in said), said
    assert not any("Ann places a worker" in m.value for m in at.markdown)
    assert "game" not in at.query_params and "aod.game_id" not in at.session_state


def test_each_phones_live_check_of_the_hints_switch_reads_memory(store, monkeypatch):
    """What every phone's live fragment asks at each poll (has the game moved on, has its
    Hints switch moved) is answered by the server's watcher: twenty phones polling costs no
    settings query per poll, only the watcher's one shared read per interval; a switch
    flipped through another server's store is still seen."""
    monkeypatch.setattr(watch, "FRESH_SECONDS", 0.3)
    sg = store.create_game(FOUR)
    app_store = saved_games.store()
    sent: list[str] = []
    event.listen(app_store.engine, "before_cursor_execute",
                 lambda _c, _k, statement, *_r: sent.append(statement))
    monkeypatch.setattr(Store, "game_settings", None)  # the per-poll read of old: gone
    monkeypatch.setattr(session, "widget_value", lambda _key, _default=None: False)
    start = time.monotonic()
    for _round in range(10):
        for _phone in range(20):  # every phone drew the switch off
            assert playing.revision_of(sg.id) == 0 and not hints.switch_moved(sg.id)
    reads = [s for s in sent if "game_settings" in s]
    assert len(reads) <= (time.monotonic() - start) / 0.3 + 1  # not 200
    assert reads and all("games.revision" in s for s in reads)  # one read brings both
    store.set_hints(sg.id, True)  # another device, on another server
    time.sleep(0.3)
    assert hints.switch_moved(sg.id) and playing.revision_of(sg.id) == 0
