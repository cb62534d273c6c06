"""A stored game that a corrected rule now refuses (issue 10): it opens read-only up to the
refused event, its record loses nothing, and it can go on once the refused events are set
aside (rows written before the record version was kept: test_record_version_upgrade.py)."""

from __future__ import annotations

import pytest

from companion.engine import IllegalAction, MalformedEvent
from companion.store import Store

from .games import old_record_with_a_battle_against_nobody


def test_a_refused_game_opens_read_only_and_its_record_loses_nothing(store: Store) -> None:
    record, battle = old_record_with_a_battle_against_nobody()
    stored = store.import_record(record)
    loaded = store.load(stored.id)
    assert loaded.read_only and loaded.refused.index == battle
    assert "Bob has no worker there" in loaded.refused.reason
    assert loaded.seq == battle  # the game as it stood before the refused event
    with pytest.raises(IllegalAction, match="read-only.*event .* Set the refused events"):
        store.answer(stored.id, [{"type": "warfare", "kind": None}], loaded.seq)
    exported = store.export_record(stored.id)
    assert exported["version"] == 2 and exported["events"] == record["events"]


def test_a_refused_game_goes_on_once_its_refused_events_are_set_aside(store: Store) -> None:
    record, battle = old_record_with_a_battle_against_nobody()
    stored = store.import_record(record)
    aside = store.set_aside(stored.id, store.load(stored.id).seq)
    assert not aside.read_only and aside.seq == battle
    (kept,) = aside.set_aside
    assert kept.at == battle and [e["type"] for e in kept.events] == ["warfare", "refresh"]
    # the table records what the corrected rule allows: no fight
    after = store.answer(stored.id, [{"type": "warfare", "player": "Ann", "kind": None}],
                         aside.seq)
    assert after.game.state.phase == "benefits"
    # then the rest of what was set aside, leaving the refused battle out (still kept)
    again = store.reapply_set_aside(stored.id, after.seq, leave_out_first=True)
    assert again.game.state.turn == 2
    assert [e["type"] for b in again.set_aside for e in b.events] == ["warfare"]
    assert store.export_record(stored.id)["set_aside"][0]["events"][0]["kind"] == "battle"



def test_an_older_record_is_kept_read_only_only_if_every_event_can_be_read(
        store: Store) -> None:
    """Kept as given means every event in it must at least be an event (the rules may refuse
    it where it stands, its shape may not): a malformed one refuses the whole record."""
    record, battle = old_record_with_a_battle_against_nobody()
    bad = {**record, "events": [*record["events"], {"type": "dock", "region": ["peru"]}]}
    with pytest.raises(MalformedEvent, match=rf"event {battle + 2}: .*dock\.region"):
        store.import_record(bad)
    assert store.count_games() == 0


def test_events_set_aside_in_a_record_are_checked_before_they_are_kept(store: Store) -> None:
    record, _ = old_record_with_a_battle_against_nobody()
    batch = {"at": 3, "reason": "the rules refuse it", "when": "2025-01-02T03:04:05+00:00",
             "events": [{"type": "dock", "region": "peru"}]}
    for wrong, words in [({"events": [{"type": "dock", "region": 7}]}, "set_aside: event 0"),
                         ({"when": "yesterday"}, "set_aside: when"),
                         ({"at": 2.0}, "set_aside: at"),
                         ({"reason": "a\x00b"}, "set_aside: reason")]:
        with pytest.raises(MalformedEvent, match=words):
            store.import_record({**record, "set_aside": [{**batch, **wrong}]})
    assert store.count_games() == 0
    kept = store.import_record({**record, "set_aside": [batch]})
    assert [b.events for b in kept.set_aside] == [tuple(batch["events"])]
    assert store.export_record(kept.id)["set_aside"] == [batch]
