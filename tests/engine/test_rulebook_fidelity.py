"""Rules read from the French rulebooks (issue 10, second pass): one test per rule, each built
from the book's wording, citing the seed file and its section.

Seeds (``/work/shared/seeds``): ``000_f909ebd8729f327e.txt`` is the Empires: Age of Discovery
rulebook, ``001_4c5a529980c8a233.txt`` the Age of Empires III one. Where the digest and a
rulebook disagree, the rulebook wins (see ``docs/rules-readings.md``).
"""

from __future__ import annotations

import pytest
from helpers import (
    correct,
    decline_until,
    finish_turn,
    money,
    new_game,
    only_workers,
    pass_turn,
    place,
    play_plan,
    resolve,
    to_turn,
)

from companion.engine import IllegalAction, final_scores, standings
from companion.sheet import SheetPlayer, score_sheet


def _places(game):
    return [(place, s.player) for place, s in standings(game.state)]


def _buy(game, purchases):
    """Each buyer puts one colonist on Capital Buildings and buys its building."""
    game = only_workers(game, {name: {"colonist": 1} for name in purchases})
    while game.state.phase == "placement":
        game = place(game, (game.pending().player, "colonist", "buildings"))
    game = decline_until(game, "buy")
    while game.pending().type == "buy":
        game = game.apply({"type": "buy", "building": purchases[game.pending().player]})
    return game


def _mint(good, player="Red"):
    return {"type": "benefit", "player": player, "building": "mint", "choice": {"good": good}}


# Openings that leave sugar, gold and silver in the supply for the tests' corrections.
GOODS = ["coffee", "coffee", "indigo", "indigo"]


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


# ---------------------------------------------------------------- 2. Mint


def test_mint_is_a_choice_made_before_income_is_paid_every_turn_and_never_economy():
    """`000_…`, Appendix II, "Hôtel des Monnaies": "A chaque tour le propriétaire du bâtiment
    doit choisir soit de l'or ou de l'argent (pas les deux) avant d'être payé pendant la phase
    de revenus"; "Phase 3 : Revenus": building money is never Economy VP."""
    game = to_turn(new_game(goods=GOODS, builders=True), 4, {3: ["mint"]})
    game = correct(game, "Red", money=4, goods={"gold": 2, "silver": 1})
    game = _buy(game, {"Red": "mint"})
    wanted = game.pending()  # the tracks are done: the Mint's owner must choose now
    assert (wanted.type, wanted.player, game.state.phase) == ("benefit", "Red", "resolution")
    assert {a.value for a in wanted.answers} == {"gold", "silver"}
    assert money(game)["Red"] == 0  # income is not paid before the choice
    with pytest.raises(IllegalAction, match="only after"):  # no moving on without it
        game.apply({"type": "refresh", "goods": [], "buildings": []})
    game = game.apply(_mint("gold"))
    assert game.state.phase == "benefits"
    assert money(game)["Red"] == 1 + 2 * 2  # {gold, gold, silver} = $1, then the Mint
    assert game.state.players["Red"].income[4] == 1  # only the goods are income
    with pytest.raises(IllegalAction, match="before income is paid"):
        game.apply(_mint("silver"))  # phase 4 is too late
    game = only_workers(finish_turn(game), {})
    assert game.pending().type == "benefit"  # asked again next turn
    game = game.apply(_mint("silver"))
    assert money(game)["Red"] == 5 + 1 + 2 * 1
    while game.state.phase != "over":
        game = only_workers(finish_turn(game), {})
        if game.state.phase == "resolution":
            game = game.apply(_mint("gold"))
    red = next(s for s in final_scores(game.state) if s.player == "Red")
    assert red.economy == 1  # turn 8: the $1 set; the Mint's $4 is not economy


def test_mint_with_as_much_gold_as_silver_is_settled_by_the_engine():
    """Nothing to choose when both pay the same (`000_…`, "Hôtel des Monnaies")."""
    game = to_turn(new_game(goods=GOODS, builders=True), 4, {3: ["mint"]})
    game = correct(game, "Red", money=4)
    game = _buy(game, {"Red": "mint"})
    decision = game.pending()
    assert decision.only_answer is not None  # $0 either way: one outcome
    game = game.answer(decision.only_answer.events)
    assert game.state.phase == "benefits"


# ---------------------------------------------------------------- 3. Rum Distillery


def test_aoe3_rum_distillery_is_paid_in_income_before_privateers_collect():
    """`001_…`, Annex II, "Distillerie de Rhum": "+3$ pour chaque marchandise Sugar …
    (collecté durant la phase de revenus)"; "Corsaires": "Collectez cet argent chaque tour,
    après la phase de revenu". Not income from sets, so not Economy VP."""
    game = to_turn(new_game(edition="aoe3", goods=GOODS), 4,
                   {3: ["privateers", "rum_distillery"]})
    game = correct(game, "Red", money=14 - money(game)["Red"], ships=3)
    game = correct(game, "Blue", money=14 - money(game)["Blue"], goods={"sugar": 1})
    assert game.state.order == ["Red", "Blue"]
    game = _buy(game, {"Red": "privateers", "Blue": "rum_distillery"})
    assert game.state.phase == "benefits"
    # Blue: $0 after buying, +3 rum in the Income phase; then Red's Privateers take $3
    assert money(game) == {"Red": 0 + 3, "Blue": 0}
    assert game.state.players["Blue"].income[4] == 0


def test_empires_rum_distillery_is_still_paid_in_the_building_phase():
    """`000_…`, Appendix II, "Distillerie de Rhum": "gagné pendant la phase des bénéfices
    des bâtiments de la Capitale" (phase 4), not Economy VP."""
    game = to_turn(new_game(goods=GOODS), 4, {3: ["rum_distillery"]})
    game = correct(game, "Blue", money=14 - money(game)["Blue"], goods={"sugar": 3})
    game = _buy(game, {"Blue": "rum_distillery"})
    assert money(game)["Blue"] == 3 + 9  # a $3 set, then 3 x $3
    assert game.state.players["Blue"].income[4] == 3


# ---------------------------------------------------------------- 7. Stables (Empires)


def _stables_owner():
    """Turn 5 of an Empires game: Red owns Stables, a soldier in the Caribbean and a
    colonist in Florida (so the soldier can ride to Florida)."""
    game = new_game()
    game = play_plan(game, {"Red": [("soldier", "dock"), ("colonist", "discovery")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "expedition", "workers": {"colonist": 1}, "target": "florida",
                    "found": "t01"})
    game = to_turn(finish_turn(game), 4, {3: ["stables"]})
    game = correct(game, "Red", money=14 - money(game)["Red"])
    game = finish_turn(_buy(game, {"Red": "stables"}))
    assert game.state.turn == 5
    return game


def _ride(frm="caribbean", to="florida"):
    return {"type": "benefit", "player": "Red", "building": "stables",
            "choice": {"from": frm, "to": to}}


def test_empires_stables_act_only_just_before_discovery_resolves():
    """`000_…`, Appendix II, "Étables": "une fois à chaque tour, juste avant de résoudre les
    découvertes … cela n'a pas d'importance si un joueur réalise l'action des découvertes ou
    pas". Not before the tracks, not while the Dock resolves."""
    game = _stables_owner()
    game = play_plan(game, {"Red": [("colonist", "dock")], "Blue": [("colonist", "dock")]})
    assert game.pending().type == "dock"  # no pause before the tracks for Stables
    with pytest.raises(IllegalAction, match="just before Discovery"):
        game.apply(_ride())  # too early: the Dock is resolving
    game = resolve(game, {"type": "dock", "region": None}, {"type": "dock", "region": None})
    # nobody sails this turn, yet the tracks stop just before Discovery for the Stables
    wanted = game.pending()
    assert (wanted.type, game.state.step) == ("resolve", "discovery")
    assert any(a.start.get("building") == "stables" and a.moment for a in game.actions())
    game = game.apply(_ride())  # once a turn: the moment is over, the tracks go on
    assert game.state.regions["florida"]["Red"] == {"colonist": 1, "soldier": 1}
    assert game.state.phase == "benefits"
    with pytest.raises(IllegalAction, match="just before Discovery"):
        game.apply(_ride("florida", "caribbean"))


def test_empires_stables_once_used_the_engine_goes_on_by_itself():
    """Once a turn (`000_…`, "Étables"): after the ride nothing is left to do just before
    Discovery, so the tracks go on without a pass."""
    game = _stables_owner()
    game = play_plan(game, {"Red": [("colonist", "shipping")]})
    assert game.pending().type == "resolve"
    game = game.answer(_ride())
    assert game.state.phase == "benefits"
    assert [e.type for e in game.events[-2:]] == ["place", "benefit"]


# ---------------------------------------------------------------- 5. University


def _university_owner():
    """Turn 5, order Blue, Red: Red bought the University in turn 4."""
    game = to_turn(new_game(), 4, {3: ["university"]})
    game = correct(game, "Red", money=14 - money(game)["Red"])
    game = play_plan(game, {"Red": [("colonist", "buildings")],
                            "Blue": [("colonist", "initiative")]})
    game = finish_turn(resolve(decline_until(game, "buy"),
                               {"type": "buy", "building": "university"}))
    assert game.state.turn == 5 and game.state.order == ["Blue", "Red"]
    return game


def _study(track, slot=None):
    choice = {"track": track} if slot is None else {"track": track, "slot": slot}
    return {"type": "benefit", "player": "Red", "building": "university", "choice": choice}


def _track(game, track):
    return [(s.player, s.worker, s.label) for s in game.state.tracks[track]]


def test_university_moves_any_of_the_owners_workers_not_only_the_first_placed():
    """`000_…`, Appendix II, "Université": "déplacer 1 ouvrier de n'importe quelle position
    … sur le devant de la piste, décalant ainsi tous les autres ouvriers vers la droite"."""
    game = _university_owner()
    game = only_workers(game, {"Red": {"colonist": 1, "soldier": 1, "merchant": 1},
                               "Blue": {"colonist": 2}})
    game = place(game, ("Blue", "colonist", "buildings"), ("Red", "colonist", "buildings"),
                 ("Blue", "colonist", "buildings"), ("Red", "soldier", "buildings"))
    assert [label for *_, label in _track(game, "buildings")] == ["1", "2", "3", "4"]
    decision = game.ask(_study("buildings"))
    assert {a.value for a in decision.answers} == {"2", "4"}  # either of Red's workers
    game = game.apply(_study("buildings", "4"))  # the soldier, placed last
    assert _track(game, "buildings") == [
        ("Red", "soldier", "1"), ("Blue", "colonist", "2"), ("Red", "colonist", "3"),
        ("Blue", "colonist", "4")]
    game = place(game, ("Red", "merchant", "shipping"))
    game = decline_until(game, "buy")
    assert (game.pending().player, game.pending().worker) == ("Red", "soldier")


def test_university_can_be_used_at_any_time_even_while_its_track_resolves():
    """`000_…`, "Université": "Cela peut être fait à n'importe quel moment, mais une fois
    seulement". Reading (docs/rules-readings.md): on a track partly resolved, the worker goes
    to the front of the workers still waiting, so it acts next."""
    game = _university_owner()
    game = play_plan(game, {"Blue": [("colonist", "buildings"), ("colonist", "buildings")],
                            "Red": [("colonist", "shipping"), ("colonist", "buildings")]})
    game = decline_until(game, "buy")
    game = game.apply({"type": "buy", "building": None})  # Blue's first worker, slot 1
    assert (game.pending().player, game.pending().slot) == ("Blue", "2")
    game = game.apply(_study("buildings"))  # Red's worker on slot 3 jumps ahead of slot 2
    assert (game.pending().player, game.pending().slot) == ("Red", "3")
    game = game.apply({"type": "buy", "building": None})
    assert (game.pending().player, game.pending().slot) == ("Blue", "2")
    with pytest.raises(IllegalAction, match="1 time"):
        game.apply(_study("turn_order"))


def test_university_moves_its_owner_to_the_front_of_the_turn_order_in_the_building_phase():
    """Any time, Turn Order included (`000_…` and `001_…`, "Université")."""
    game = _university_owner()
    game = decline_until(only_workers(game, {}), "refresh")
    assert game.state.phase == "benefits"
    game = game.apply(_study("turn_order"))
    assert game.state.order == ["Red", "Blue"]
    game = finish_turn(game)
    assert game.state.order == ["Red", "Blue"]  # nobody on Initiative: the order stays
