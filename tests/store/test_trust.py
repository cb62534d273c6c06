"""What the store keeps about trust (issue 32): each write to a game's log keeps the device
that made it, in the write's own transaction (an answer, an undo, events set aside or
re-applied; a refused write keeps nothing); entry keys go with their game."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction
from companion.store import Store, trust

from .games import old_record_with_a_battle_against_nobody

TWO = {"players": [{"name": "Ann"}, {"name": "Bob"}]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def _noted(store: Store, game_id: int) -> list[tuple]:
    return [(e.action, e.seq_before, e.seq_after, e.revision, e.device)
            for e in trust.entries(store, game_id)]


def test_every_write_keeps_its_device_and_a_refused_one_keeps_nothing(store: Store) -> None:
    gid = store.create_game(TWO).id
    store.answer(gid, [REVEAL], 0, device="Anne's phone")
    with pytest.raises(IllegalAction):
        store.answer(gid, [REVEAL], 1, device="Bob's phone")  # refused: nothing kept
    store.undo(gid, 1, device="Bob's phone")
    store.append(gid, REVEAL, 0, device="x" * 60)  # names are cut to the column's width
    assert _noted(store, gid) == [("answer", 0, 1, 1, "Anne's phone"),
                                  ("undo", 1, 0, 2, "Bob's phone"),
                                  ("answer", 0, 1, 3, "x" * 40)]
    kept = trust.entries(store, gid)
    assert trust.entered_by(kept, 0).device == "x" * 40


def test_setting_aside_and_reapplying_keep_their_device(store: Store) -> None:
    record, battle = old_record_with_a_battle_against_nobody()
    gid = store.import_record(record).id
    assert _noted(store, gid) == []  # an imported record has no devices
    aside = store.set_aside(gid, store.load(gid).seq, device="Anne's phone")
    after = store.answer(gid, [{"type": "warfare", "player": "Ann", "kind": None}],
                         aside.seq, device="Anne's phone")
    again = store.reapply_set_aside(gid, after.seq, leave_out_first=True, device="Cid")
    assert _noted(store, gid) == [
        ("set_aside", battle + 2, battle, aside.revision, "Anne's phone"),
        ("answer", battle, after.seq, after.revision, "Anne's phone"),
        ("reapply", after.seq, again.seq, again.revision, "Cid")]


def test_a_deleted_game_takes_its_key_and_its_entries_along(store: Store) -> None:
    gid = store.create_game(TWO).id
    store.answer(gid, [REVEAL], 0)
    key = trust.entry_key(store, gid)
    store.delete_game(gid)
    again = store.create_game(TWO).id  # SQLite may give the same id again
    assert not trust.key_matches(store, again, key)
    assert _noted(store, again) == []
    with pytest.raises(LookupError):
        trust.new_entry_key(store, gid if gid != again else again + 1)
