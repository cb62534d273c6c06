"""Many phones at one table: viewers, the join link, and what a page says after a race."""

from __future__ import annotations

from ui_driver import check, open_table

from companion.ui import joining

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


def test_the_join_link_names_the_game_and_the_role_on_the_network_address():
    url = joining.join_url(7, "entry", host="10.0.0.5", port=8600)
    assert url == "http://10.0.0.5:8600/table?game=7&role=entry"
    assert joining.network_address() != "127.0.0.1"
    png = joining.qr_png(url)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 200


def test_home_offers_the_join_link_and_its_qr_code(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    at.switch_page("app_pages/home.py").run()
    check(at)
    codes = [c.value for c in at.code]
    assert any(f"/table?game={sg.id}&role=entry" in c for c in codes)
    assert any(f"/table?game={sg.id}&role=viewer" in c for c in codes)
    assert not any("localhost" in c and "127.0.0.1" in c for c in codes)
