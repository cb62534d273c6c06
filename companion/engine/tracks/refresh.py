"""Phase 5 (Refresh) and the start of the game: goods and buildings turned face up, colony
scoring at the end of each age, new workers, the next turn order, the optional VP purchase."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine import timeline
from companion.engine.common import check_good, player, refuse
from companion.engine.decisions import Answer, Decision, Field, Kind, Legal, Move, Option
from companion.engine.events import BuyVP, Refresh, Reveal
from companion.engine.final import region_counts, score_colonies
from companion.engine.flow import Phase
from companion.engine.powers import west_indies
from companion.engine.questions import (
    LIST_AT_MOST,
    as_list,
    clean,
    counts_field,
    counts_words,
    labelled_field,
    record_move,
    record_words,
)
from companion.engine.state import GameState
from companion.engine.tracks.base import Question
from companion.engine.tracks.placement import start_turn
from companion.i18n import _, format_list, ngettext
from companion.rules.buildings import buildings_for
from companion.rules.editions import (
    BUILDING_SLOTS,
    BUY_VP_PRICE,
    COLONISTS_PER_TURN,
    LAST_TURN,
    SCORING_TURNS,
    TRADE_GOODS_SLOTS,
    age_of_turn,
)

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_MULTISET = Kind.MULTISET
_NUMBER = Kind.NUMBER
_BENEFITS = Phase.BENEFITS
_BUY_VP = Phase.BUY_VP
_OVER = Phase.OVER
_SETUP = Phase.SETUP


def _what(turn: int | None) -> str:
    """What a refusal names: the set-up (``turn`` None) or that turn's refresh (written only
    when refused)."""
    return _("set-up") if turn is None else _("refresh of turn {turn}").format(turn=turn)


def _take_goods(state: GameState, goods: tuple[str, ...], turn: int | None) -> None:
    wanted = min(TRADE_GOODS_SLOTS, sum(state.supply.values()))
    if len(goods) != wanted:
        raise refuse(state, _("{what}: turn {wanted} goods face up, not {n}").format(
                                what=_what(turn), wanted=wanted, n=len(goods)))
    for good in goods:
        check_good(state, good)
        if state.supply[good] < 1:
            raise refuse(state, _("{what}: no {good} is left in the goods supply").format(
                                    what=_what(turn), good=good))
        state.supply[good] -= 1
    state.goods_offer = list(goods)


def _turn_up_buildings(state: GameState, new: tuple[str, ...], age: int,
                       turn: int | None) -> None:
    pile = _age_pile(state, age)
    left_in_pile = sum(_left_in(pile, tuple(state.buildings_seen)).values())
    wanted = min(BUILDING_SLOTS - len(state.buildings_offer), left_in_pile)
    if len(new) != wanted:
        raise refuse(state, ngettext(
            "{what}: turn {wanted} Age {age} building face up, not {n}",
            "{what}: turn {wanted} Age {age} buildings face up, not {n}", wanted).format(
                what=_what(turn), wanted=wanted, age=age, n=len(new)))
    in_pile = {b for b, _tiles in pile}
    for building_id in new:
        building = state.catalogue.get(building_id)
        if building is None:
            raise refuse(state, _("{what}: there is no building {building_id!r} in this "
                                  "game").format(what=_what(turn), building_id=building_id))
        if building_id not in in_pile:
            raise refuse(state, _("{what}: {name} is not in the Age {age} pile of this "
                                  "game").format(what=_what(turn), name=names.building_of(state,
                                          building), age=age))
        if state.buildings_seen.count(building_id) >= building.tiles:
            raise refuse(state, _("{what}: {name} has already come out").format(
                                    what=_what(turn), name=names.building_of(state, building)))
        state.buildings_seen.append(building_id)
        state.buildings_offer.append(building_id)


def _age_pile(state: GameState, age: int) -> tuple[tuple[str, int], ...]:
    """The buildings an age can bring out, as (id, tiles) in the catalogue's order (reduced
    randomness narrows Age III to 10)."""
    setup = state.setup
    chosen = (tuple(setup.age3_buildings) if age == 3 and setup.options.reduced_randomness
              else None)
    return _pile_of(setup.edition, setup.options.expansion_buildings, age, chosen)


@functools.cache
def _pile_of(edition: str, expansion: bool, age: int,
             chosen: tuple[str, ...] | None) -> tuple[tuple[str, int], ...]:
    """``_age_pile`` of every game with that set-up (its catalogue is ``buildings_for``
    it): worked out once."""
    return tuple((b.id, b.tiles) for b in buildings_for(edition, expansion).values()
                 if b.age == age and (chosen is None or b.id in chosen))


def reveal(state: GameState, ev: Reveal) -> None:
    """The set-up: 4 goods and 5 Age I buildings face up, then turn 1 begins."""
    if state.phase != _SETUP:
        raise refuse(state, _("the opening goods and buildings are turned up only once, at set-up"))
    _take_goods(state, ev.goods, None)
    _turn_up_buildings(state, ev.buildings, 1, None)
    start_turn(state)


def _next_order(state: GameState) -> list[str]:
    first = [s.player for s in state.tracks.get("initiative", [])]
    return first + [name for name in state.order if name not in first]


def refresh(state: GameState, ev: Refresh) -> None:
    if state.phase != _BENEFITS:
        raise refuse(state, _("the board is refreshed only after the building benefits"))
    turn, age = state.turn, state.age
    last = turn == LAST_TURN
    # Goods: what is left on the track leaves the game (Empires) or goes back (AoE III).
    leftovers = state.supply if state.edition.leftover_goods == "reshuffled" else (
        state.removed_goods)
    for good in state.goods_offer:
        leftovers[good] += 1
    state.goods_offer = []
    west_indies.take_draws(state, ev.drawn)
    if last:
        if ev.goods or ev.buildings:
            raise refuse(state, _("nothing is turned up after turn 8"))
    else:
        _take_goods(state, ev.goods, turn)
        if not state.ship_on_track and state.ships_in_reserve > 0:
            state.ships_in_reserve -= 1
            state.ship_on_track = True
        next_age = age_of_turn(turn + 1)
        if next_age != age:
            state.buildings_offer = []
        _turn_up_buildings(state, ev.buildings, next_age, turn)
    # The workers in the New World do not move from here on: counted once, when a colony
    # scoring or the charts' snapshot (a timeline kept) read them.
    scored = turn in SCORING_TURNS
    regions = region_counts(state) if scored or state.timeline is not None else {}
    if scored:
        for scores in score_colonies(state, regions).values():
            for name, vp in scores.items():
                if vp:  # (most regions score nobody)
                    state.players[name].colony_vp[age - 1] += vp
    if not last:
        catalogue = state.catalogue
        after_new = state.setup.readings.free_colonist_after_new
        for who in state.players.values():
            for worker, n in who.incoming.items():
                if n:
                    who.available[worker] += n
                    who.incoming[worker] = 0
            grants = {"colonist": COLONISTS_PER_TURN}
            held = 0  # colonists kept in the stock for dock slot X / Y
            for building_id in who.buildings:
                effect = catalogue[building_id].effect
                for worker, n in effect.workers_per_turn:
                    grants[worker] = grants.get(worker, 0) + n
                held += bool(effect.dock_slot)
            if after_new:
                held = 0
            for worker, n in grants.items():
                # Phase 4 before phase 5: the free colonist of X / Y is set aside before
                # the 5 new colonists come (it goes on its slot as the next turn opens).
                spare = who.reserve[worker] - (held if worker == "colonist" else 0)
                taken = min(n, max(spare, 0))
                who.reserve[worker] -= taken
                who.available[worker] += taken
    scored_order = list(state.order)
    state.order = _next_order(state)
    timeline.turn_ended(state, turn, regions)
    state.turn += 0 if last else 1
    if state.setup.options.buy_vp and turn in SCORING_TURNS:
        if last:  # Wealth may be scored before the last VP purchase
            for who in state.players.values():
                who.wealth_money = who.money
        state.phase, state.queue = _BUY_VP, scored_order
        return
    _after_turn(state, last)


def _after_turn(state: GameState, last: bool) -> None:
    if last:
        state.phase = _OVER
    else:
        start_turn(state)


def buy_vp(state: GameState, ev: BuyVP) -> None:
    if state.phase != _BUY_VP:
        raise refuse(state, _("VP can be bought only right after a colony scoring"))
    expected = state.queue[0]
    if ev.player != expected:
        raise refuse(state, _("it is {expected}'s turn to buy VP, not {player}'s").format(
                                expected=expected, player=ev.player))
    who = player(state, ev.player)
    scored_turn = state.scored_turn
    price = BUY_VP_PRICE[age_of_turn(scored_turn)]
    if who.money < ev.vp * price:
        raise refuse(state, _("{player} has ${money}: {vp} VP cost ${value} (${price} each "
                              "in Age {age_of_turn})").format(
                                player=ev.player, money=who.money, vp=ev.vp, value=ev.vp * price,
                                price=price, age_of_turn=age_of_turn(scored_turn)))
    who.money -= ev.vp * price
    who.bought_vp += ev.vp
    timeline.vp_bought(state, scored_turn)
    state.queue.pop(0)
    if not state.queue:
        _after_turn(state, scored_turn == LAST_TURN)


# ---------------------------------------------------------------- the reports: moves, words
# Listed without words (a random playout asks them every turn); ``_words`` names them.


def _report(state: GameState, draft: Mapping[str, Any], key: str, pile: Mapping[str, int],
            wanted: int, later: dict[str, list[str]] | None) -> Legal:
    """Which ``wanted`` goods (``key`` "goods") or buildings came out of ``pile``. Each
    answer is ready when the reports after it are fixed by the rules (``later``: what
    they take), else it asks on (the next report is a field: two outcomes or more)."""
    options = _options(pile)

    def finish(counts: dict[str, int]) -> Answer | None:
        chosen = {**draft, key: as_list(counts)}
        if later is None:
            return Answer("", counts, draft=chosen, open=True)
        return Answer("", counts, events=(clean({**chosen, **later}),))

    return Legal(_MULTISET, draft["type"], None, report=True, draft=draft,
                 field=counts_field(state, options, wanted, finish))


Report = tuple[str, Mapping[str, int], int]  # (draft key, pile, how many come out)


def _reports(state: GameState, draft: Mapping[str, Any], steps: list[Report]) -> Legal:
    """The reports still to make, (key, pile, how many come out) each, in order: one the
    rules fix (``_forced``) is filled in, the first one that is not is asked, and a
    finished draft is recorded."""
    for i, (key, pile, wanted) in enumerate(steps):
        forced = _forced(pile, wanted)
        if forced is None:
            later: dict[str, list[str]] = {}
            for later_key, later_pile, later_wanted in steps[i + 1:]:
                fixed = _forced(later_pile, later_wanted)
                if fixed is None:
                    return _report(state, draft, key, pile, wanted, None)
                later[later_key] = fixed
            return _report(state, draft, key, pile, wanted, later)
        draft = {**draft, key: forced}
    return record_move(draft)


def _options(pile: Mapping[str, int]) -> tuple[Option, ...]:
    """A report's options (no words)."""
    return tuple([_option(k, n) for k, n in pile.items() if n > 0])


@functools.lru_cache(maxsize=256)
def _option(value: str, most: int) -> Option:
    """One option of a report, made once and shared: the piles change at every report,
    but the same (tile or good, how many left) comes back all game. (Kept one by one, in a
    small cache: a whole pile's options were asked again only one time in five.)"""
    return Option(value, "", most)


def _pile(state: GameState, age: int) -> Mapping[str, int]:
    """How many tiles of each building of that age are still in its pile (read only)."""
    return _left_in(_age_pile(state, age), tuple(state.buildings_seen))


@functools.lru_cache(maxsize=16)  # (a refresh asks it two or three times, then never)
def _left_in(pile: tuple[tuple[str, int], ...], seen: tuple[str, ...]) -> dict[str, int]:
    """``_pile`` once per pile and buildings seen (read only: shared)."""
    counted = Counter(seen)
    return {b: tiles - counted.get(b, 0) for b, tiles in pile}  # (C's get)


def _forced(pile: Mapping[str, int], slots: int) -> list[str] | None:
    """What comes out when the rules leave one outcome, so that nothing is asked: nothing
    when no slot is free, every tile left when the free slots take them all."""
    if slots <= 0:
        return []
    return as_list(pile) if sum(pile.values()) <= slots else None


def _legal_reveal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    steps: list[Report] = [] if "goods" in draft else [("goods", state.supply, TRADE_GOODS_SLOTS)]
    if "buildings" not in draft:
        steps.append(("buildings", _pile(state, 1), BUILDING_SLOTS))
    return _reports(state, draft, steps)


def _refresh_supply(state: GameState, drawn: Mapping[str, str]) -> dict[str, int]:
    """The face-down goods at the refresh, after leftovers and the draws so far."""
    supply = dict(state.supply)
    if state.edition.leftover_goods == "reshuffled":
        for g in state.goods_offer:
            supply[g] += 1
    for g in drawn.values():
        supply[g] -= 1
    return supply


def _legal_refresh(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    supply = _refresh_supply(state, draft.get("drawn", {}))
    drawing = west_indies.draw_moves(state, draft, supply)
    if drawing is not None:
        return drawing
    turn = state.turn
    if turn == LAST_TURN:
        return record_move(draft)
    steps: list[Report] = [] if "goods" in draft else [("goods", supply, TRADE_GOODS_SLOTS)]
    if "buildings" not in draft:
        next_age = age_of_turn(turn + 1)
        keep = len(state.buildings_offer) if next_age == state.age else 0
        steps.append(("buildings", _pile(state, next_age), BUILDING_SLOTS - keep))
    return _reports(state, draft, steps)


def _words(state: GameState, legal: Legal) -> Decision:
    """The set-up's or a refresh's question in words: which goods, which buildings came
    out (or a West Indies Company's draw), else the record that starts the next turn."""
    draft = legal.draft
    if legal.kind == Kind.GOOD:
        return west_indies.draw_words(state, legal)
    setup, turn = legal.type == "reveal", state.turn
    field = legal.field
    if field is None:
        prompt = (_("Start turn 1") if setup else _("Score the game") if turn == LAST_TURN
                  else _("Start turn {value}").format(value=turn + 1))
        return record_words(legal, prompt)
    wanted = field.total
    assert wanted is not None  # (each report's field counts what comes out)
    if "goods" not in draft:
        prompt = (_("Set-up: which {wanted} goods were turned face up on Trade Goods?")
                  if setup else _("End of turn {turn}: which {wanted} goods came out?"))
        field = labelled_field(field, lambda g: names.good(g), counts_words)
    else:
        catalogue = state.catalogue
        prompt = (_("Set-up: which {wanted} Age I buildings were turned face up?") if setup
                  else ngettext("End of turn {turn}: which Age {age} building was turned "
                                "face up?",
                                "End of turn {turn}: which {wanted} Age {age} buildings were "
                                "turned face up?", wanted))
        edition = state.setup.edition

        def building(b: str) -> str:
            return names.building(edition, catalogue[b].name)

        field = labelled_field(field, building, lambda counts: format_list(
            [building(b) for b in as_list(counts)]))
    prompt = prompt.format(wanted=wanted, turn=turn, age="I" * age_of_turn(turn + 1))
    return Decision(Kind.MULTISET, prompt, None, legal.type, report=True, draft=draft,
                    field=field)


def _legal_buy_vp(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    name = draft["player"]
    price = BUY_VP_PRICE[age_of_turn(state.scored_turn)]
    top = state.players[name].money // price

    def event(vp: int) -> dict[str, Any]:
        return {"type": "buy_vp", "player": name, "vp": vp}

    def bought(value: Any) -> Answer:
        vp = int(value)
        return Answer("", vp, (event(vp),))

    decline = Move(0, events=(event(0),))
    if top <= LIST_AT_MOST:
        return Legal(_NUMBER, "buy_vp", name, tuple(
            Move(vp, events=(event(vp),)) for vp in range(1, top + 1)), decline, draft=draft)
    return Legal(_NUMBER, "buy_vp", name, decline=decline, draft=draft,
                 field=Field(least=1, most=top, build=bought))


def _words_buy_vp(state: GameState, legal: Legal) -> Decision:
    name = legal.player
    assert name is not None  # (a player buys)
    price = BUY_VP_PRICE[age_of_turn(state.scored_turn)]
    prompt = _("{name} (has ${money}): buy VP at ${price} each?").format(
                 name=name, money=state.players[name].money, price=price)
    field = legal.field
    if field is not None:
        field = labelled_field(field, str, lambda vp: _("{n} VP").format(n=vp),
                               lambda vp: names.money(vp * price))
    return Decision(Kind.NUMBER, prompt, name, "buy_vp", answers=tuple(
        Answer(_("{n} VP").format(n=m.value), m.value, m.events, note=names.money(m.value * price))
        for m in legal.moves), decline=Answer(_("Buys none"), 0, legal.decline.events),
        draft=legal.draft, field=field)


REVEAL = Question("reveal", _legal_reveal, _words)
REFRESH = Question("refresh", _legal_refresh, _words)
BUY_VP = Question("buy_vp", _legal_buy_vp, _words_buy_vp)
