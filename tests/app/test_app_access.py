"""Trust at the table (issue 32): the server decides who writes. A device that is not the host
machine writes to a game only with that game's current entry key (and a name), and touches
all games only with the host's PIN; every refusal is one sentence and stores nothing."""

from __future__ import annotations

import json

import pytest
import streamlit as st
from test_app_live import FOUR, REVEAL
from ui_driver import check, open_table

from companion.engine import told as steps
from companion.store import trust
from companion.ui import access, library, playing, saved_games, session, views

REMOTE = "192.168.1.50"


def _clear_session() -> None:
    for key in session.KEYS:
        st.session_state.pop(key, None)


@pytest.fixture
def device(monkeypatch):
    """Services called as another device on the network (no PIN set unless a test sets
    one); the session starts empty."""
    monkeypatch.setattr(access, "peer", lambda: REMOTE)
    monkeypatch.delenv(access.HOST_PIN_VAR, raising=False)
    monkeypatch.delenv(access.OPEN_TABLE_VAR, raising=False)
    monkeypatch.setattr(access, "_pin_tries", {})
    _clear_session()
    yield
    _clear_session()


def _playing(store) -> int:
    """A game with its first step recorded (something to undo, a question to answer)."""
    game_id = store.create_game(FOUR).id
    store.append(game_id, REVEAL, 0)
    return game_id


def _answer(game_id: int) -> list[dict]:
    stored = saved_games.store().load(game_id)
    return [dict(e) for e in stored.game.pending().answers[0].events]


def _open(game_id: int) -> None:
    session.open_game(game_id, None)


def _writes(game_id: int) -> dict:
    """What every writing service gives back when this device tries it on ``game_id``."""
    record = playing.record(_answer(game_id))
    return {
        "record": record.error,
        "undo": playing.undo().error,
        "set_aside": playing.set_aside().error,
        "reapply": playing.reapply_set_aside().error,
        "delete": library.delete_game(game_id).error,
        "import": library.import_files([("g.json", json.dumps(
            saved_games.store().export_record(game_id)).encode())]).failed,
        "demo": playing.demo_game(seed=1).error,
    }


def test_without_the_key_every_writing_service_refuses_and_nothing_is_stored(device, store):
    game_id = _playing(store)
    other = _playing(store)
    before = (store.revision(game_id), store.count_games(), len(store.load(game_id).game.events))
    noted = trust.entries(store, game_id)  # the first step, entered on this machine
    _open(game_id)
    said = _writes(game_id)
    for door in ("record", "undo", "set_aside", "reapply"):
        assert said[door] == (f"This device follows game {game_id} but may not enter steps "
                              "in it: open the game's entry link (the host shows it on the "
                              "Home page)."), door
    assert said["delete"] == ("Only the machine that runs the app may delete a game: no host "
                              "PIN is set for other devices.")
    assert said["import"] == ["Only the machine that runs the app may import files: no host "
                              "PIN is set for other devices."]
    assert "may add demo games" in said["demo"]
    assert (store.revision(game_id), store.count_games(),
            len(store.load(game_id).game.events)) == before
    assert trust.entries(store, game_id) == noted and [e.device for e in noted] == [None]
    # a forged role, the key of another game, an old key: the same refusal
    for held in ("entry", trust.entry_key(store, other), None):
        session.hold_entry_key(game_id, held)
        assert playing.record(_answer(game_id)).error.startswith("This device follows")
    old = trust.entry_key(store, game_id)
    trust.new_entry_key(store, game_id)
    session.hold_entry_key(game_id, old)
    assert playing.undo().error.startswith("This device follows")
    assert store.revision(game_id) == before[0]


def test_the_entry_key_lets_a_named_device_enter_until_the_host_makes_a_new_one(device,
                                                                               store):
    game_id = _playing(store)
    _open(game_id)
    session.hold_entry_key(game_id, trust.entry_key(store, game_id))
    revision = store.revision(game_id)
    assert playing.record(_answer(game_id)).error == ("Give this device a name (e.g. Anne's "
                                                       "phone) before entering steps.")
    assert store.revision(game_id) == revision
    assert access.name_device(" Anne's\tphone ") is None
    done = playing.record(_answer(game_id))
    assert done.ok and store.revision(game_id) == revision + 1
    assert playing.undo().ok
    kept = trust.entries(store, game_id)
    assert [(e.action, e.seq_before, e.seq_after, e.device) for e in kept] == [
        ("answer", 0, 1, None),  # the first step, entered on this machine
        ("answer", 1, done.stored.seq, "Anne's phone"),
        ("undo", done.stored.seq, 1, "Anne's phone")]
    # entering the game is not deleting it, nor touching the others
    assert library.delete_game(game_id).error.startswith("Only the machine that runs")
    trust.new_entry_key(store, game_id)  # the host's new link: this device is shut out
    assert playing.record(_answer(game_id)).error.startswith("This device follows")
    assert len(trust.entries(store, game_id)) == 3


def test_the_host_pin_opens_what_touches_all_games_and_wrong_pins_are_counted(
        device, store, monkeypatch):
    game_id = _playing(store)
    assert access.give_host_pin("1234") == ("No host PIN is set: only the machine that runs "
                                            "the app may do this.")
    monkeypatch.setenv(access.HOST_PIN_VAR, "80-42")
    assert library.delete_game(game_id).error == ("Only the host may delete a game: give the "
                                                   "host's PIN on this device first.")
    assert access.give_host_pin("80-43") == "That is not the host's PIN."
    assert not access.is_host()
    assert access.give_host_pin(" 80-42 ") is None and access.is_host()
    assert library.delete_game(game_id).ok and store.count_games() == 0
    _clear_session()
    for _ in range(access.PIN_TRIES):
        access.give_host_pin("0000")
    assert access.give_host_pin("80-42").startswith("Too many wrong PINs")
    assert not access.is_host()


@pytest.mark.parametrize("address", ["127.0.0.1", "::1", access.IN_PROCESS])
def test_the_host_machine_may_do_everything(store, monkeypatch, address):
    monkeypatch.setattr(access, "peer", lambda: address)
    _clear_session()
    game_id = _playing(store)
    _open(game_id)
    assert playing.record(_answer(game_id)).ok
    assert [e.device for e in trust.entries(store, game_id)] == [None, None]  # the host
    assert library.delete_game(game_id).ok


def test_a_stranger_starts_no_game_and_saves_no_sheet_and_is_told_how_to_get_in(device,
                                                                                  store):
    from tests.aod_sheets import aod_player, aod_sheet

    sheet = aod_sheet([aod_player("Ann", colony=[6, 8, 10]), aod_player("Bob")])
    made, saved = playing.create_game(FOUR), library.save_sheet(sheet)
    assert made.stored is None and saved.stored is None and store.count_games() == 0
    assert made.error == (
        "Only the machine that runs the app may start a new game here. Ask the host to do it "
        "there (and to show you the game's entry link), or to open the table to every device.")
    assert saved.error.startswith("Only the machine that runs the app may save a score sheet")


def test_the_host_pin_lets_a_device_start_games_and_save_sheets(device, store, monkeypatch):
    monkeypatch.setenv(access.HOST_PIN_VAR, "80-42")
    refused = playing.create_game(FOUR)
    assert refused.stored is None and "Give the host's PIN on this device" in refused.error
    assert access.give_host_pin("80-42") is None
    made = playing.create_game(FOUR)
    assert made.stored is not None and store.count_games() == 1


def test_at_an_open_table_any_device_starts_a_game_and_enters_it(device, store, monkeypatch):
    from tests.aod_sheets import aod_player, aod_sheet

    monkeypatch.setenv(access.OPEN_TABLE_VAR, "1")
    made = playing.create_game(FOUR)
    assert session.held_entry_key(made.stored.id) == trust.entry_key(store, made.stored.id)
    assert access.may_enter(store, made.stored.id)  # its maker enters it ...
    assert library.delete_game(made.stored.id).error is not None  # ... and nothing more
    sheet = aod_sheet([aod_player("Ann", colony=[6, 8, 10]), aod_player("Bob")])
    assert library.save_sheet(sheet).stored is not None
    assert store.count_games() == 2


@pytest.mark.parametrize("value, opened", [("", False), ("0", False), ("no", False),
                                           ("1", True), ("on", True), ("TRUE", True)])
def test_the_open_table_is_off_unless_switched_on(monkeypatch, value, opened):
    monkeypatch.setenv(access.OPEN_TABLE_VAR, value)
    assert access.open_table() is opened


def test_keys_stay_out_of_exports(store):
    game_id = _playing(store)
    key = trust.entry_key(store, game_id)
    for text in (library.export_json(game_id), library.export_bundle([game_id]),
                 library.export_csv()):
        assert key not in text


# ---------------------------------------------------------------- the pages


@pytest.fixture
def remote_page(monkeypatch):
    monkeypatch.setattr(access, "peer", lambda: REMOTE)
    monkeypatch.delenv(access.HOST_PIN_VAR, raising=False)
    monkeypatch.delenv(access.OPEN_TABLE_VAR, raising=False)


def test_the_new_game_page_shows_a_stranger_the_door_not_the_form(remote_page, at, store,
                                                                  monkeypatch):
    at.switch_page("app_pages/new_game.py").run()
    check(at)
    assert any(c.value.startswith("Only the machine that runs the app may start a new game")
               for c in at.caption)
    assert not [b for b in at.button if b.label == "Start the game"] and not at.radio
    monkeypatch.setenv(access.OPEN_TABLE_VAR, "1")
    at.run()
    check(at)
    assert at.radio  # the form, at an open table


def _writing_keys(at) -> list[str]:
    keys = [b.key or "" for b in at.button] + [g.key or "" for g in at.button_group]
    return [k for k in keys if k.startswith(("ans_", "place_", "undo@", "act_", "fix_"))]


def test_a_device_without_the_key_follows_read_only_whatever_its_role(remote_page, at, store):
    game_id = _playing(store)
    at.query_params["role"] = "entry"  # a viewer link edited by hand
    open_table(at, game_id)
    assert any("Ann places a worker" in m.value for m in at.markdown)
    assert not _writing_keys(at)
    assert not [e for e in at.expander if "Correction" in e.label]
    assert any(c.value.startswith("To enter steps on this device, open the game's entry link")
               for c in at.caption)


def test_the_entry_link_asks_a_name_then_enters_and_leaves_the_address(remote_page, at,
                                                                       store):
    game_id = _playing(store)
    at.query_params["key"] = trust.entry_key(store, game_id)
    open_table(at, game_id)
    assert "key" not in at.query_params
    assert not _writing_keys(at)  # not before the device has a name
    at.text_input(key="device_name_input").input("Anne's phone")
    at.button[[b.label for b in at.button].index("Join the table")].click().run()
    check(at)
    assert [k for k in _writing_keys(at) if k.startswith("place_")]
    at.run()  # asked once: the name is kept in the session
    assert not [t for t in at.text_input if t.key == "device_name_input"]


def test_a_wrong_key_in_the_link_is_one_sentence_and_read_only(remote_page, at, store):
    game_id = _playing(store)
    other = _playing(store)
    at.query_params["key"] = trust.entry_key(store, other)  # the wrong game's key
    open_table(at, game_id)
    assert [e.value for e in at.error] == [
        f"This entry link does not (or no longer) open game {game_id} for entry: the game "
        "is shown read-only. Ask the host for the current link."]
    assert "key" not in at.query_params and not _writing_keys(at)


def test_history_offers_no_delete_nor_import_to_another_device(remote_page, at, store):
    game_id = _playing(store)
    session_keys = {"aod.history_game": game_id}
    for k, v in session_keys.items():
        at.session_state[k] = v
    at.switch_page("app_pages/history.py").run()
    check(at)
    assert not [b for b in at.button if (b.key or "").startswith(("hist_delete_", "hist_demo"))]
    assert [b for b in at.button if b.key == "hist_import"][0].disabled
    assert any("Only the machine that runs the app may delete a game" in c.value
               for c in at.caption)


def test_history_says_which_device_entered_each_step(device, store):
    game_id = _playing(store)
    _open(game_id)
    session.hold_entry_key(game_id, trust.entry_key(store, game_id))
    access.name_device("Anne's phone")
    first = playing.record(_answer(game_id)).stored.seq
    access.name_device("Bob's | tablet")
    playing.record(_answer(game_id))
    from streamlit.testing.v1 import AppTest
    from ui_driver import APP, TIMEOUT

    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["aod.history_game"] = game_id
    at.session_state[f"hist_entries_{game_id}"] = True  # open the list of entries
    at.switch_page("app_pages/history.py").run()
    check(at)
    assert any(c.value.endswith("entered on Bob\\'s \\| tablet") for c in at.caption)
    table = next(m.value for m in at.markdown if "| Device |" in m.value)
    game = store.load(game_id)  # each device's step in its words, as the Table said it
    for device, n in (("Anne\\'s phone", first - 1), ("Bob\\'s \\| tablet", first)):
        words = steps.describe_event(game.state_at(n), game.game.events[n])
        assert f"| {device} | {views.md('Recorded: ' + words)} |" in table
    assert "Recorded event" not in table and first == 2
    assert trust.entry_key(store, game_id) not in "".join(
        m.value for m in [*at.markdown, *at.caption])
