"""Every moment of the end-of-game report checked against a replay of the record: the kept
records (``tests/data``, ``docs/examples``) and seeded random games of both editions. The
checks read the standings of the state at each turn's end (``Game.at_turn_end``), not the
charts' timeline the report reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.engine import Game, random_game, standings
from companion.i18n import use_language
from companion.report import game_report, leader
from companion.report.words import moment_text, picture_moments

ROOT = Path(__file__).resolve().parents[2]
RECORDS = [ROOT / "tests/data/hand_game_4p.json", ROOT / "docs/examples/four-player-builders.json"]
SETUPS = [
    {"edition": "empires", "players": [{"name": n} for n in ("Ann", "Bob", "Cid")]},
    {"edition": "aoe3", "players": [{"name": n} for n in ("Ann", "Bob", "Cid", "Dee")]},
    {"edition": "empires", "options": {"builders": True, "buy_vp": True},
     "players": [{"name": n} for n in ("Ann", "Bob", "Cid", "Dee", "Eve")]},
    {"edition": "empires", "players": [{"name": "Ann"}, {"name": "Bob"}]},
]


def _games() -> list[tuple[str, Game]]:
    games = [(p.name, Game.from_record(json.loads(p.read_text()))) for p in RECORDS]
    games += [(f"seed-{seed}-{i}", random_game(setup, seed=seed))
              for i, setup in enumerate(SETUPS) for seed in (1, 2, 5)]
    return games


GAMES = _games()


@pytest.fixture(scope="module", params=GAMES, ids=[name for name, _ in GAMES])
def replayed(request):
    """A game, its report, and each turn's standings from a replay to that turn's end."""
    game = request.param[1]
    by_turn = {t: {s.player: s for _, s in standings(game.at_turn_end(t))}
               for t in range(1, 9)}
    return game, game_report(game), by_turn


def test_the_kept_records_and_random_games_are_finished():
    assert all(g.state.phase.value == "over" for _, g in GAMES)


def test_standings_are_the_engines_with_categories_adding_up(replayed):
    game, report, _ = replayed
    assert [(s.place, s.name, s.total) for s in report.standings] == [
        (place, s.player, s.total) for place, s in standings(game.state)]
    for s in report.standings:
        assert sum(s.categories.values()) == s.total
        assert set(s.categories) == {"colony", "discoveries", "buildings", "economy", "bought"}


def test_each_turns_vp_are_those_of_the_replay_at_that_turns_end(replayed):
    _, report, by_turn = replayed
    assert len(report.turns) == 8
    for turn, vp in enumerate(report.turns, start=1):
        assert vp == {n: s.total for n, s in by_turn[turn].items()}


def test_a_lead_change_really_happened_that_turn_and_none_is_missed(replayed):
    _, report, by_turn = replayed
    said = {m.turn: m for m in report.of_kind("lead_change")}
    last = None
    for turn in range(1, 9):
        vp = {n: s.total for n, s in by_turn[turn].items()}
        alone = [n for n, v in vp.items() if v == max(vp.values())]
        now = alone[0] if len(alone) == 1 and max(vp.values()) > 0 else None
        if now is not None and last is not None and now != last:
            m = said.pop(turn)
            assert (m.player, m.facts["passed"]) == (now, last)
            assert m.facts["vp"] == vp[now] > vp[last] == m.facts["passed_vp"]
        last = now or last
    assert not said, f"lead changes that never happened: {said}"


def test_a_swing_is_the_largest_gain_of_its_turn_and_its_cause_the_largest_part(replayed):
    _, report, by_turn = replayed
    swings = report.of_kind("swing")
    assert swings, "a whole game gains VP"
    for m in swings:
        before = by_turn.get(m.turn - 1, {})
        gains = {n: s.total - (before[n].total if before else 0)
                 for n, s in by_turn[m.turn].items()}
        assert m.facts["vp"] == gains[m.player] == max(gains.values()) > 0
        parts = m.facts["categories"]
        assert sum(parts.values()) == m.facts["vp"]
        assert parts[m.facts["cause"]] == max(parts.values())
        if m.facts["cause"] == "colony":
            assert m.turn in (3, 6, 8)  # colony VP come only at a colony scoring


def test_each_ages_colony_scoring_adds_up_to_the_colony_vp_of_that_age(replayed):
    _, report, by_turn = replayed
    scorings = report.of_kind("colony_scoring")
    assert [(m.turn, m.facts["age"]) for m in scorings] == [(3, 1), (6, 2), (8, 3)]
    for m in scorings:
        for name, s in by_turn[m.turn].items():
            took = sum(r.get(name, 0) for r in m.facts["regions"].values())
            assert took == s.colony[m.facts["age"] - 1]


def test_best_category_and_feats_match_the_final_state(replayed):
    game, report, _ = replayed
    best = {m.player: m.facts for m in report.of_kind("best_category")}
    for s in report.standings:
        if s.total:
            assert best[s.name]["points"] == max(s.categories.values())
            assert s.categories[best[s.name]["category"]] == best[s.name]["points"]
    feats = {m.player: m.facts for m in report.of_kind("feats")}
    assert set(feats) == set(game.state.players)
    for name, p in game.state.players.items():
        assert feats[name]["discoveries"] == len(p.discoveries)
        assert feats[name]["buildings"] <= len(p.buildings)
    fought = [ev for ev in game.events if ev.type == "warfare" and ev.kind]
    assert sum(f["battles_won"] for f in feats.values()) <= len(fought)


def test_a_tie_break_names_the_first_rule_that_differs(replayed):
    game, report, _ = replayed
    ranked = standings(game.state)
    for m in report.of_kind("tie_break"):
        a = next(s for _, s in ranked if s.player == m.player)
        b = next(s for _, s in ranked if s.player == m.facts["behind"])
        assert a.total == b.total
        keys = {"colony_turn_8": (a.colony[2], b.colony[2]), "money": (a.money, b.money),
                "goods": (a.tie_goods, b.tie_goods)}
        order = list(keys)
        rule = m.facts["rule"]
        assert all(x == y for x, y in (keys[k] for k in order[:order.index(rule)]))
        assert keys[rule][0] > keys[rule][1] and list(keys[rule]) == m.facts["values"]
    for m in report.of_kind("shared_place"):
        places = {s.player: p for p, s in ranked}
        assert len({places[n] for n in m.facts["players"]}) == 1


def test_every_moment_has_words_in_both_languages_and_json_holds_no_words(replayed):
    _, report, _ = replayed
    for lang in ("en", "fr"):
        with use_language(lang):
            for m in report.moments:
                assert moment_text(report, m).strip()
    data = json.dumps(report.to_json())
    assert "Turn" not in data and "Tour" not in data
    assert len(picture_moments(report)) == 3


def test_the_hand_game_tells_its_story():
    """The hand-kept record (``tests/data/hand_game_4p.md``): Ann takes the lead from Bob at
    turn 7, and Dev finishes ahead of Cleo on the colony VP of turn 8."""
    report = game_report(Game.from_record(json.loads(RECORDS[0].read_text())))
    assert [(m.turn, m.player, m.facts["passed"]) for m in report.of_kind("lead_change")][-1] \
        == (7, "Ann", "Bob")
    [tie] = report.of_kind("tie_break")
    assert (tie.player, tie.facts["behind"], tie.facts["rule"]) == ("Dev", "Cleo",
                                                                   "colony_turn_8")
    with use_language("fr"):
        text = moment_text(report, tie)
    assert "\u00a0:" in text and "Dev" in text


def test_leader_is_alone_at_the_top():
    assert leader({"A": 3, "B": 3}) is None and leader({"A": 0}) is None
    assert leader({"A": 3, "B": 4}) == "B"


def test_the_games_checked_hold_every_kind_of_moment_and_won_battles():
    """The checks above are not vacuous: these games lead-change, swing, score colonies,
    break a tie and win battles."""
    reports = [game_report(g) for _, g in GAMES]
    kinds = {m.kind for r in reports for m in r.moments}
    assert {"lead_change", "swing", "colony_scoring", "best_category", "feats",
            "tie_break"} <= kinds
    assert sum(m.facts["battles_won"] for r in reports for m in r.of_kind("feats")) > 0
