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

from companion.engine import Game, IllegalAction, MalformedEvent, final_scores, standings
from companion.games import family
from tests.aod_sheets import aod_player, aod_sheet


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
    ann = aod_player("Ann", colony=(2, 2, 2), ships=2, money=5)
    bob = aod_player("Bob", colony=(2, 2, 2), goods={"fur": 1}, money=5)
    places = {edition: [(p.place, p.player) for p in family("age-of-discovery").score(
        aod_sheet([ann, bob], edition=edition)).players] for edition in ("empires", "aoe3")}
    empires, aoe3 = places["empires"], places["aoe3"]
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
    with pytest.raises(IllegalAction, match="Mint, before income is paid"):  # no moving on
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
    with pytest.raises(IllegalAction, match="once this game"):
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


# ---------------------------------------------------------------- 6. swapping specialists


def _swap(worker, player="Red", region="caribbean"):
    return {"type": "swap", "player": player, "region": region, "worker": worker}


def test_a_specialist_is_swapped_only_when_one_must_be_taken_from_an_empty_stock():
    """`000_…`, "Piste : Quai des Colons": "Dès qu'un spécialiste (sauf un soldat ou un
    bâtisseur) est déplacé dans une région, il ne procure plus de bénéfices spéciaux. En tant
    que tel, si un joueur a besoin de prendre un spécialiste de sa réserve personnelle et
    qu'il n'en reste plus, il peut échanger un spécialiste contre un colon"; "Les bâtisseurs
    ne peuvent pas être échangés"."""
    game = correct(new_game(), "Red", available={"captain": 1, "soldier": 1})
    game = play_plan(game, {"Red": [("captain", "dock"), ("soldier", "dock")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"})
    game = finish_turn(game)
    # turn 2: Red's stock has no captain and no soldier left
    game = correct(game, "Red", available={"captain": 4, "soldier": 9})
    red = game.state.players["Red"]
    assert (red.reserve["captain"], red.reserve["soldier"]) == (0, 0)
    assert game.state.regions["caribbean"]["Red"] == {"captain": 1, "soldier": 1}
    with pytest.raises(IllegalAction, match="never swapped"):
        game.apply(_swap("soldier"))  # a soldier keeps its power in the New World
    with pytest.raises(IllegalAction, match="does not have to take a captain"):
        game.apply(_swap("captain"))  # nothing obliges Red to take a captain yet
    assert not any(a.key == "swap" for a in game.actions())
    assert game.pending().player == "Red"
    game = place(game, ("Red", "colonist", "specialists", "captain"))
    assert any(a.key == "swap" for a in game.actions())  # now Red must take a captain
    game = game.apply(_swap("captain"))
    assert game.state.regions["caribbean"]["Red"] == {"colonist": 1, "soldier": 1}
    assert game.state.players["Red"].reserve["captain"] == 1


def test_aoe3_swaps_whenever_the_owner_wishes_but_never_a_soldier():
    """`001_…`, "Colonist Dock", Remarque: "A l'exception des soldats … si un joueur le
    souhaite il peut remplacer ses spécialistes présents sur le nouveau monde par des colons"
    (the 2007 book keeps its own rule: no need to be short of one)."""
    game = correct(new_game(edition="aoe3"), "Red", available={"captain": 1, "soldier": 1})
    game = play_plan(game, {"Red": [("captain", "dock"), ("soldier", "dock")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"},
                   {"type": "dock", "region": "caribbean"})
    game = finish_turn(game)
    assert game.state.players["Red"].reserve["captain"] == 4  # not short of captains
    with pytest.raises(IllegalAction, match="never swapped"):
        game.apply(_swap("soldier"))
    game = game.apply(_swap("captain"))
    assert game.state.regions["caribbean"]["Red"] == {"colonist": 1, "soldier": 1}


def test_builders_are_never_swapped():
    """`000_…`, "Piste : Quai des Colons": "Les bâtisseurs ne peuvent pas être échangés"."""
    game = correct(new_game(builders=True), "Red", available={"builder": 1})
    game = play_plan(game, {"Red": [("builder", "dock")]})
    game = resolve(game, {"type": "dock", "region": "caribbean"})
    game = correct(game, "Red", available={"builder": 9})
    with pytest.raises(IllegalAction, match="builders cannot be swapped"):
        game.apply(_swap("builder"))


# ---------------------------------------------------------------- 8. battles per edition


def _to_warfare(edition, red_dock, blue_dock):
    """Turn 1: Red's and Blue's dock workers land in the Caribbean, then Red's worker on
    Warfare is the one to resolve."""
    game = new_game(edition=edition)
    plan = {"Red": [(w, "dock") for w in red_dock] + [("colonist", "warfare")],
            "Blue": [(w, "dock") for w in blue_dock]}
    extra = {w: sum(1 for x in red_dock if x == w) for w in red_dock if w != "colonist"}
    game = correct(game, "Red", available=extra) if extra else game
    game = play_plan(game, plan)
    while game.pending().type == "dock":
        game = game.apply({"type": "dock", "region": "caribbean"})
    return decline_until(game, "warfare")


def _battle(region, attacker=None, defender=None):
    return {"type": "warfare", "kind": "battle", "defender": "Blue",
            "losses": [{"region": region, "attacker": attacker or {},
                        "defender": defender or {}}]}


def test_a_battle_needs_the_defender_there():
    """`000_…`, "Piste : Guerre": "l'assaillant choisit une région et un joueur (le
    défenseur) contre lequel il se battra dans cette région"; `001_…`, "Guerre": "un seul
    joueur à combattre dans cette région". A battle against an absent player is refused."""
    for edition in ("empires", "aoe3"):
        game = _to_warfare(edition, ["soldier", "colonist"], [])
        assert "Blue" not in game.state.regions["caribbean"]
        with pytest.raises(IllegalAction, match="Blue has no worker there"):
            game.apply(_battle("caribbean"))
        assert game.pending().answers == ()  # nothing to fight: only "no fight"


def test_empires_needs_a_soldier_for_a_battle_but_the_2007_book_does_not():
    """`000_…`, "Piste : Guerre": "il faut que l'assaillant ou le défenseur ait au moins 1
    soldat dans la région choisie"; `001_…`, "Guerre": "Une bataille ne coûte aucun dollar"
    and no such condition for a single battle (a war still needs a soldier)."""
    empires = _to_warfare("empires", ["colonist"], ["colonist"])
    with pytest.raises(IllegalAction, match="neither Red nor Blue has a soldier"):
        empires.apply(_battle("caribbean"))
    aoe3 = _to_warfare("aoe3", ["colonist"], ["colonist"])
    aoe3 = aoe3.apply(_battle("caribbean"))  # legal, and nobody is removed
    assert aoe3.state.regions["caribbean"] == {"Red": {"colonist": 1}, "Blue": {"colonist": 1}}


# ---------------------------------------------------------------- 9. no survivors


def test_no_survivors_a_removed_token_cannot_be_reported_again():
    """`000_…`, "Variantes pour les compteurs de découvertes", « Aucun survivant »: "après
    une expédition manquée, retirez le compteur de découvertes révélé du jeu, et remplacez-le
    par un des compteurs … face cachée dans la boîte"."""
    game = new_game(no_survivors=True)
    game = play_plan(game, {"Red": [("colonist", "discovery")],
                            "Blue": [("colonist", "discovery")]})
    game = game.apply({"type": "expedition", "workers": {"colonist": 1}, "target": "florida",
                       "found": "t16"})  # natives 5: the expedition fails
    assert "florida" not in game.state.discovered
    assert game.state.removed_tokens == ["t16"]
    with pytest.raises(IllegalAction, match="removed from the game"):
        game.apply({"type": "expedition", "workers": {"colonist": 1}, "target": "peru",
                    "found": "t16"})
    decision = game.ask({"type": "expedition", "workers": {"colonist": 1}, "target": "peru"})
    assert "t16" not in {a.value for a in decision.answers}  # not offered either


# ---------------------------------------------------------------- 1. the auction (Empires)

NATION_SEATS = [{"name": "Ann", "nation": "holland"}, {"name": "Bob", "nation": "spain"},
                {"name": "Cleo", "nation": "italy"}, {"name": "Dev", "nation": "england"}]


def test_the_national_advantage_auction_sets_money_and_seats():
    """`000_…`, Appendix I: "chaque joueur reçoit 15$ … L'enchère la plus forte remporte la
    mise et le joueur paye l'enchère finale à partir des 15$ … Le dernier joueur prend le
    plateau de joueur restant, et il paye la moitié de la dernière enchère vainqueur, arrondie
    au supérieur"."""
    game = Game.new({"players": NATION_SEATS, "options": {"nations": True},
                     "auction": {"bids": [5, 7, 3]}})
    assert game.state.order == ["Ann", "Bob", "Cleo", "Dev"]  # seats in the order won
    assert money(game) == {"Ann": 15 - 5, "Bob": 15 - 7, "Cleo": 15 - 3, "Dev": 15 - 2}
    assert {n: p.nation for n, p in game.state.players.items()} == {
        "Ann": "holland", "Bob": "spain", "Cleo": "italy", "Dev": "england"}


@pytest.mark.parametrize(("change", "words"), [
    ({"auction": {"bids": [5, 7]}}, "give 3 winning bids, not 2"),
    ({"auction": {"bids": [5, 0, 3]}}, "seat 2's winning bid must be $1 to $15"),
    ({"auction": {"bids": [5, 16, 3]}}, "seat 2's winning bid must be $1 to $15"),
    ({"players": [*NATION_SEATS[:3], {"name": "Dev"}]}, "give each a nation"),
    ({"options": {}}, "national-advantages option"),
])
def test_auction_refusals_name_the_rule(change, words):
    """Refusals in table language (`000_…`, Appendix I), never a pydantic message."""
    setup = {"players": NATION_SEATS, "options": {"nations": True},
             "auction": {"bids": [5, 7, 3]}, **change}
    with pytest.raises(MalformedEvent) as refused:
        Game.new(setup)
    assert words in str(refused.value)
    assert "Value error" not in str(refused.value) and "Input should" not in str(refused.value)


def test_boards_dealt_at_random_start_with_10_each_and_given_money_still_replays():
    """`000_…`, Appendix I: "Lorsque la partie des enchères n'est pas utilisée, les joueurs
    commencent la partie avec 10$" (the other reading, $1 more per seat, is a set-up
    option); a set-up that gives each player's money directly keeps it."""
    dealt = Game.new({"players": NATION_SEATS, "options": {"nations": True}})
    assert set(money(dealt).values()) == {10}
    by_seat = Game.new({"players": NATION_SEATS, "options": {"nations": True},
                        "readings": {"random_boards_money": "by_seat"}})
    assert list(money(by_seat).values()) == [10, 11, 12, 13]
    given = Game.new({"players": [{**p, "money": 15 - i} for i, p in enumerate(NATION_SEATS)],
                      "options": {"nations": True}})
    assert list(money(given).values()) == [15, 14, 13, 12]


# ---------------------------------------------------------------- 10. readings as options


def test_mayflower_reading_any_time_lets_its_ships_take_workers_before_the_dock_is_full():
    """`000_…`, Appendix II, "Le Mayflower": "comme s'ils étaient les dernières cases (après
    X et Y) du quai des colons" — nothing says the numbered slots must be full first; the
    engine's reading waits for them, a set-up option follows the other reading."""
    def owner(readings):
        game = Game.new({"players": [{"name": "Red"}, {"name": "Blue"}],
                         "options": {"builders": True}, "readings": readings})
        game = game.apply({"type": "reveal", "goods": GOODS,
                           "buildings": ["settlers", "monastery", "trade_routes",
                                         "trading_post", "navigator"]})
        game = to_turn(game, 4, {3: ["mayflower"]})
        game = correct(game, "Red", money=14 - money(game)["Red"], ships=1)
        return finish_turn(_buy(game, {"Red": "mayflower"}))

    ship = {"type": "place", "player": "Red", "worker": "colonist", "track": "dock",
            "box": "mayflower"}
    plain = owner({})
    with pytest.raises(IllegalAction, match="only once the numbered dock slots are full"):
        plain.apply(ship)
    any_time = owner({"mayflower_any_time": True})
    assert any(a.value == ("colonist", "dock", "mayflower") for a in any_time.pending().answers)
    any_time = any_time.apply(ship)
    assert [(s.player, s.label) for s in any_time.state.tracks["dock"]] == [("Red", "M1")]


@pytest.mark.parametrize(("plague_counts", "won"), [(True, True), (False, False)])
def test_portugal_with_the_age_1_plague_is_a_reading_chosen_at_set_up(plague_counts, won):
    """`000_…`, Appendix I, Portugal: "le chiffre de la résistance sera toujours égal à 3";
    Appendix II, "Peste" (Age I): "Toutes les découvertes faites par le propriétaire … voient
    leur chiffre de résistance réduit de 1". Default: the building's text wins (3 - 1)."""
    game = Game.new({"players": [{"name": "Red", "nation": "portugal"},
                                 {"name": "Blue", "nation": "spain"}],
                     "options": {"nations": True},
                     "readings": {"portugal_plague": plague_counts}})
    game = game.apply({"type": "reveal", "goods": GOODS,
                       "buildings": ["plague_1", "settlers", "monastery", "trade_routes",
                                     "navigator"]})
    game = play_plan(game, {"Red": [("colonist", "buildings"), ("colonist", "discovery"),
                                    ("colonist", "discovery")]})
    game = resolve(decline_until(game, "buy"), {"type": "buy", "building": "plague_1"})
    game = decline_until(game, "expedition")
    game = game.apply({"type": "expedition", "workers": {"colonist": 2}, "target": "card",
                       "found": "china", "nation_power": True})  # strength 2
    assert (game.state.players["Red"].discoveries == ["china"]) is won


@pytest.mark.parametrize(("bonus", "money_by_seat"), [(True, [10 - 8, 11 - 4, 12]),
                                                      (False, [10 - 8, 10 - 4, 10])])
def test_aoe3_bidding_and_the_dollar_per_seat_is_a_reading_chosen_at_set_up(bonus,
                                                                            money_by_seat):
    """`001_…`, Annex I replaces the random seat order by bids; whether the seats it gives
    still get "un dollar supplémentaire" each ("Ordre de départ initial") is not said."""
    game = Game.new({"edition": "aoe3", "players": [{"name": n} for n in ("A", "B", "C")],
                     "bidding": {"winner_bid": 8, "second_bid": 7, "caribbean_token": "t01"},
                     "readings": {"bidding_seat_bonus": bonus}})
    assert list(money(game).values()) == [money_by_seat[0] + 1, *money_by_seat[1:]]


# ---------------------------------------------------------------- England's order (docs)


def test_englands_order_example_in_the_record_format():
    """docs/record-format.md, "England's `order`"; `000_…`, Appendix I, Angleterre."""
    game = Game.new({"players": [{"name": "Ann", "nation": "france"},
                                 {"name": "Bob", "nation": "holland"},
                                 {"name": "Eng", "nation": "england"}],
                     "options": {"nations": True}})
    game = game.apply({"type": "reveal", "goods": GOODS,
                       "buildings": ["settlers", "monastery", "trade_routes", "trading_post",
                                     "navigator"]})
    game = correct(game, "Bob", available={"merchant": 1})
    game = play_plan(game, {"Ann": [("colonist", "dock")], "Bob": [("merchant", "dock")],
                            "Eng": [("colonist", "shipping")]})
    game = game.apply({"type": "power", "player": "Eng", "nation": "england",
                       "choice": {"order": [2, 0, 3, 1]}})
    assert [(s.player, s.worker, s.label) for s in game.state.tracks["dock"]] == [
        ("Eng", "colonist", "1"), ("Ann", "colonist", "2"), ("Eng", "colonist", "3"),
        ("Bob", "merchant", "4")]
