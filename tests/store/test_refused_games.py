"""A stored game that a corrected rule now refuses (issue 10): it opens read-only up to the
refused event, its record loses nothing, and it can go on once the refused events are set
aside; rows written before the record version was kept read as version 2."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from companion.engine import IllegalAction
from companion.store import Store
from companion.store.schema import GameRow

from .games import REVEAL, TWO_PLAYERS, old_record_with_a_battle_against_nobody


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


def test_rows_written_before_versions_were_kept_read_as_version_2(store: Store) -> None:
    """Rows stored by the previous release carry no version: they are read as version 2
    (answers that name nobody get the decider the older engine used)."""
    sg = store.create_game(TWO_PLAYERS)
    sg = store.answer(sg.id, [REVEAL], 0)
    sg = store.answer(sg.id, [{"type": "place", "player": "Ann", "worker": "colonist",
                               "track": "dock"}], 1)
    with store.engine.begin() as conn:  # as the previous release wrote it
        setup = conn.execute(update(GameRow).where(GameRow.id == sg.id).values(
            setup=TWO_PLAYERS).returning(GameRow.setup)).scalar_one()
    assert "record_version" not in setup
    assert store.load(sg.id).version == 2
    assert store.load(sg.id).game.state == sg.game.state
