"""History queries: filters and paging, player and nation statistics, CSV, rebuilt summaries.

The expected figures are computed here from the engine's own standings, independently of
the SQL the store runs.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from sqlalchemy import event, insert, select, update

from companion.engine import Game, standings
from companion.store import Store
from companion.store.schema import EventRow, GamePlayerRow, GameRow

from .games import finished, partial_game


@dataclass
class Saved:
    id: int
    game: Game
    created: datetime


def at(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.fixture
def history(store: Store) -> list[Saved]:
    other = partial_game(3, {"edition": "empires", "players": [
        {"name": "Eve", "colour": "red"}, {"name": "Fay", "colour": "blue"}]})
    plan = [
        (finished("two", 1), at(2024, 1, 10)),
        (finished("nations3", 3), at(2024, 2, 1)),
        (finished("aoe3_4", 1), at(2024, 3, 5)),
        (finished("two", 2), at(2024, 3, 20)),
        (partial_game(5), at(2024, 4, 1)),
        (other, at(2023, 12, 31)),
        (finished("nations3", 4), at(2024, 5, 2)),
    ]
    return [Saved(store.import_record(g.record(), created=when).id, g, when) for g, when in plan]


def expected_stats(games: list[Game], key: str) -> dict[str, tuple[int, int, float, int]]:
    scores: dict[str, list[tuple[int, bool]]] = defaultdict(list)
    for game in games:
        if game.state.phase != "over":
            continue
        seats = {p.name: p for p in game.setup.players}
        for place, s in standings(game.state):
            k = s.player if key == "name" else seats[s.player].nation
            if k is not None:
                scores[k].append((s.total, place == 1))
    return {k: (len(v), sum(w for _, w in v), sum(t for t, _ in v) / len(v), max(t for t, _ in v))
            for k, v in scores.items()}


def test_list_games_newest_first_with_summary(store: Store, history: list[Saved]) -> None:
    listing = store.list_games()
    assert [g.id for g in listing] == [s.id for s in sorted(history, key=lambda s: s.created,
                                                             reverse=True)]
    first = next(g for g in listing if g.id == history[0].id)
    game = history[0].game
    ranked = standings(game.state)
    assert first.status == "finished" and first.phase == "over"
    assert first.players == ["Ann", "Bob"]
    assert first.winners == [s.player for place, s in ranked if place == 1]
    assert first.totals == {s.player: s.total for _, s in ranked}
    assert first.event_count == len(game.events)
    in_progress = next(g for g in listing if g.id == history[4].id)
    assert (in_progress.status, in_progress.winners, in_progress.turn) == ("in_progress", [], 1)


def test_list_games_filters(store: Store, history: list[Saved]) -> None:
    def ids(**filters) -> set[int]:
        found = {g.id for g in store.list_games(limit=100, **filters)}
        assert store.count_games(**filters) == len(found)
        return found

    h = [s.id for s in history]
    assert ids() == set(h)
    assert ids(player="Cy") == {h[1], h[2], h[6]}
    assert ids(player="Eve") == {h[5]}
    assert ids(player="eve") == set()  # names match exactly
    assert ids(edition="aoe3") == {h[2]}
    assert ids(status="in_progress") == {h[4], h[5]}
    assert ids(status="finished") == {h[0], h[1], h[2], h[3], h[6]}
    # since is inclusive, before exclusive; dates are midnight UTC
    assert ids(since=date(2024, 2, 1), before=date(2024, 3, 20)) == {h[1], h[2]}
    assert ids(since=datetime(2024, 2, 1, 1, 0, tzinfo=timezone(timedelta(hours=1)))) == {
        h[1], h[2], h[3], h[4], h[6]}
    assert ids(before=at(2024, 1, 1)) == {h[5]}
    assert ids(player="Ann", status="finished", edition="empires",
               since=at(2024, 3, 1)) == {h[3], h[6]}
    with pytest.raises(ValueError, match="status"):
        store.list_games(status="abandoned")


def test_paging(store: Store, history: list[Saved]) -> None:
    everything = [g.id for g in store.list_games(limit=100)]
    pages = [[g.id for g in store.list_games(limit=3, offset=o)] for o in (0, 3, 6, 9)]
    assert [len(p) for p in pages] == [3, 3, 1, 0]
    assert sum(pages, []) == everything
    # Ann's games, newest first: h6 (May), h4 (April), h3 (20 March), h2 (5 March), ...
    assert [g.id for g in store.list_games(limit=2, offset=1, player="Ann")] == [
        history[4].id, history[3].id]


def test_player_stats_match_the_standings(store: Store, history: list[Saved]) -> None:
    expected = expected_stats([s.game for s in history], "name")
    stats = store.player_stats()
    got = {p.name: (p.games, p.wins, p.average_vp, p.best_vp) for p in stats}
    assert got.keys() == expected.keys()
    for name, (games, wins, avg, best) in expected.items():
        assert got[name][:2] == (games, wins)
        assert got[name][2] == pytest.approx(avg)
        assert got[name][3] == best
    assert "Eve" not in got  # in-progress games do not count
    for p in stats:
        assert p.win_rate == pytest.approx(p.wins / p.games)
    assert [(-p.wins, -p.games, p.name) for p in stats] == sorted(
        (-p.wins, -p.games, p.name) for p in stats)
    only_aoe3 = {p.name: p.games for p in store.player_stats(edition="aoe3")}
    assert only_aoe3 == {"Ann": 1, "Bob": 1, "Cy": 1, "Di": 1}
    assert {p.name: p.games for p in store.player_stats(since=at(2024, 3, 1))} == {
        "Ann": 3, "Bob": 3, "Cy": 2, "Di": 1}


def test_nation_stats_match_the_standings(store: Store, history: list[Saved]) -> None:
    expected = expected_stats([s.game for s in history], "nation")
    got = {n.nation: (n.games, n.wins, n.average_vp, n.best_vp) for n in store.nation_stats()}
    assert set(got) == {"england", "spain", "france"}
    for nation, (games, wins, avg, best) in expected.items():
        assert got[nation][:2] == (games, wins) and got[nation][3] == best
        assert got[nation][2] == pytest.approx(avg)
    assert store.nation_stats(before=at(2024, 3, 1)) and all(
        n.games == 1 for n in store.nation_stats(before=at(2024, 3, 1)))


def test_statistics_are_one_grouped_query(store: Store, history: list[Saved]) -> None:
    statements: list[str] = []

    def log(conn, cursor, statement, *args) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", log)
    try:
        store.player_stats()
        store.nation_stats()
    finally:
        event.remove(store.engine, "before_cursor_execute", log)
    assert len(statements) == 2
    assert all("GROUP BY" in s.upper() for s in statements)


def test_history_csv(store: Store, history: list[Saved]) -> None:
    text = store.export_history_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == list(Store.CSV_COLUMNS)
    assert len(rows) == sum(len(s.game.setup.players) for s in history)
    oldest_first = sorted(history, key=lambda s: s.created)
    assert [int(r["game_id"]) for r in rows][::2][:2] == [oldest_first[0].id, oldest_first[1].id]
    for saved in history:
        mine = [r for r in rows if int(r["game_id"]) == saved.id]
        assert [r["player"] for r in mine] == saved.game.setup.names
        assert {r["date"][:10] for r in mine} == {saved.created.date().isoformat()}
        assert {r["edition"] for r in mine} == {saved.game.setup.edition}
        if saved.game.state.phase == "over":
            ranked = {s.player: (place, s.total) for place, s in standings(saved.game.state)}
            assert [(r["place"], r["vp"], r["won"]) for r in mine] == [
                (str(ranked[n][0]), str(ranked[n][1]), "yes" if ranked[n][0] == 1 else "no")
                for n in saved.game.setup.names]
            assert {r["status"] for r in mine} == {"finished"}
        else:
            assert {(r["vp"], r["place"], r["won"], r["status"]) for r in mine} == {
                ("", "", "no", "in_progress")}
    nations = [r["nation"] for r in rows if int(r["game_id"]) == history[1].id]
    assert nations == ["england", "spain", "france"]
    only_cy = list(csv.DictReader(io.StringIO(store.export_history_csv(player="Cy"))))
    assert {int(r["game_id"]) for r in only_cy} == {history[1].id, history[2].id, history[6].id}


def snapshot(store: Store) -> tuple:
    return (store.list_games(limit=100), store.player_stats(), store.nation_stats(),
            store.export_history_csv())


def test_rebuild_summaries_restores_tampered_rows(store: Store, history: list[Saved]) -> None:
    before = snapshot(store)
    with store.engine.begin() as conn:
        conn.execute(update(GameRow).where(GameRow.id == history[4].id).values(
            status="finished", winners=["Bob"], result={}, event_count=99))
        conn.execute(update(GameRow).where(GameRow.id == history[2].id).values(
            edition="empires", players=[{"name": "Mallory"}]))
        conn.execute(update(GamePlayerRow).values(vp=999, won=True, place=1))
        conn.execute(GamePlayerRow.__table__.delete().where(
            GamePlayerRow.game_id == history[1].id))
    assert snapshot(store) != before
    report = store.rebuild_summaries()
    assert report.rebuilt == len(history) and report.failed == []
    assert snapshot(store) == before


def test_rebuild_reports_a_log_that_no_longer_replays(store: Store,
                                                     history: list[Saved]) -> None:
    victim = history[4]
    seq = len(victim.game.events)
    with store.engine.begin() as conn:  # behind the store's back: Bob places out of turn
        conn.execute(insert(EventRow).values(
            game_id=victim.id, seq=seq, type="place", created=datetime(2024, 4, 2),
            payload={"type": "place", "player": "Bob", "worker": "colonist",
                     "track": "dock", "box": None}))
    before = store.list_games(limit=100)
    report = store.rebuild_summaries()
    assert report.rebuilt == len(history) - 1
    assert [gid for gid, _ in report.failed] == [victim.id]
    assert f"event {seq}" in report.failed[0][1]
    assert store.list_games(limit=100) == before
    with store.engine.connect() as conn:
        assert conn.scalar(select(GameRow.event_count).where(GameRow.id == victim.id)) == seq
