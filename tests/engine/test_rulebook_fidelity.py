"""Rules read from the French rulebooks (issue 10, second pass): one test per rule, each built
from the book's wording, citing the seed file and its section.

Seeds (``/work/shared/seeds``): ``000_f909ebd8729f327e.txt`` is the Empires: Age of Discovery
rulebook, ``001_4c5a529980c8a233.txt`` the Age of Empires III one. Where the digest and a
rulebook disagree, the rulebook wins (see ``docs/rules-readings.md``).
"""

from __future__ import annotations

from helpers import correct, new_game, pass_turn

from companion.engine import standings
from companion.sheet import SheetPlayer, score_sheet


def _places(game):
    return [(place, s.player) for place, s in standings(game.state)]


def _game_over(edition):
    game = new_game(edition=edition)
    while game.state.phase != "over":
        game = pass_turn(game)
    return game


# ---------------------------------------------------------------- 4. tie-break 3


def test_tie_break_3_counts_ships_in_empires_but_only_goods_in_aoe3():
    """`000_…`, "Décompte de fin de partie", Égalités 3: "le plus de marchandises et de
    bateaux marchands"; `001_…`, VIII, "Egalités": "le plus de marchandises" (no ships)."""
    results = {}
    for edition in ("empires", "aoe3"):
        game = _game_over(edition)
        game = correct(game, "Red", money=1)  # $11 each: tie-breaks 1 and 2 are level
        game = correct(game, "Red", ships=1)
        spare = next(g for g, n in game.state.supply.items() if n)
        game = correct(game, "Blue", goods={spare: 1})
        results[edition] = _places(game)
    assert sorted(results["empires"]) == [(1, "Blue"), (1, "Red")]  # 1 ship = 1 good
    assert results["aoe3"] == [(1, "Blue"), (2, "Red")]  # the ship does not count


def test_score_sheets_break_ties_per_edition_too():
    """The same rule on a score sheet (`000_…` Égalités; `001_…` VIII, Egalités)."""
    ann = SheetPlayer("Ann", colony=(2, 2, 2), ships=2, money=5)
    bob = SheetPlayer("Bob", colony=(2, 2, 2), goods={"fur": 1}, money=5)
    empires = [(r.place, r.score.player) for r in score_sheet("empires", False, [ann, bob])]
    aoe3 = [(r.place, r.score.player) for r in score_sheet("aoe3", False, [ann, bob])]
    assert empires == [(1, "Ann"), (2, "Bob")]
    assert aoe3 == [(1, "Bob"), (2, "Ann")]
