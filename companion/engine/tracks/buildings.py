"""Capital Buildings: each worker on it may buy one building face up, at its age's price
(a builder pays less; a free building nothing); an immediate building then asks its
choices, one at a time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from companion import names
from companion.engine import benefits
from companion.engine.benefits import on_purchase
from companion.engine.common import pay, refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move, Option
from companion.engine.events import Buy
from companion.engine.final import end_facts
from companion.engine.questions import (
    as_list,
    counts_field,
    counts_words,
    labelled_field,
    multisets,
    record_move,
    record_words,
    with_choice,
)
from companion.engine.slots import current_slot
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.engine.tracks.specialists import specialist_kinds
from companion.engine.worth import After, BuildingWorth
from companion.i18n import _, edition_text
from companion.rules.buildings import BUILDINGS, Building
from companion.rules.editions import BUILDER_DISCOUNT, BUILDING_PRICE, building_price

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_BUILDING = Kind.BUILDING
_MULTISET = Kind.MULTISET


def price_of(state: GameState, building_id: str, worker: str) -> int:
    building = state.catalogue[building_id]
    if building.cost == "free":
        return 0
    price = building_price(building.age)
    if worker == "builder":
        price -= BUILDER_DISCOUNT
    return max(price, 0)


# ---------------------------------------------------------------- legal moves, words


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    slot = current_slot(state)
    me = slot.player
    if draft.get("building"):
        return _purchase(state, draft, me)
    money, catalogue = state.players[me].money, state.catalogue
    prices = _BUILDER_PRICES if slot.worker == "builder" else _PRICES  # (``price_of``'s)
    moves = []
    for b in dict.fromkeys(state.buildings_offer):
        building = catalogue[b]
        if (0 if building.cost == "free" else prices[building.age]) <= money:
            moves.append(_offer(me, b, building) if b in ASKS_ON else _ready_offer(me, b))
    return Legal(_BUILDING, "buy", me, tuple(moves), _buys_nothing(me), draft=draft)


# ``price_of`` a building that is not free, by age: paid with a builder, and without.
_PRICES = {age: max(price, 0) for age, price in BUILDING_PRICE.items()}
_BUILDER_PRICES = {age: max(price - BUILDER_DISCOUNT, 0) for age, price in BUILDING_PRICE.items()}


def _asks_on(b: Building) -> bool:
    """Whether buying ``b`` asks more (which specialists, which goods drawn, its power's
    choices)."""
    e = b.effect
    return bool(e.specialists_once or e.random_goods_once or (
        (power := benefits.power_of(b)) is not None and power.purchase_moves is not None))


# The ids of the buildings (of any edition) whose purchase may ask more: any other is a
# ready move at once, without asking ``_asks_on``.
ASKS_ON = frozenset(b.id for b in BUILDINGS if _asks_on(b))


def _offer(me: str, building_id: str, b: Building) -> Move:
    """A building to buy: ready when its purchase asks nothing more, else asks on."""
    if _asks_on(b):
        return Move(building_id, draft={"type": "buy", "player": me,
                                        "building": building_id, "choice": {}})
    return _ready_offer(me, building_id)


# A ready purchase (nothing private in its draft: the event itself) and the decline, each
# made once per player and shared (frozen: their events parsed once), in small caches.
@lru_cache(maxsize=64)
def _ready_offer(me: str, building_id: str) -> Move:
    return Move(building_id, events=({"type": "buy", "player": me, "building": building_id,
                                      "choice": {}},))


@lru_cache(maxsize=8)
def _buys_nothing(me: str) -> Move:
    return Move(None, events=({"type": "buy", "player": me, "building": None},))


def _purchase(state: GameState, draft: Mapping[str, Any], me: str) -> Legal:
    """The choices an immediate building asks for, one at a time (``_purchase_words``
    names them)."""
    b = state.catalogue[draft["building"]]
    e, choice = b.effect, draft.get("choice", {})
    if e.specialists_once and "specialists" not in choice:
        reserve = {w: state.players[me].reserve[w] for w in specialist_kinds(state)}
        return Legal(_MULTISET, "buy", me, tuple(
            Move(c, draft=with_choice(draft, specialists=as_list(c)))
            for c in multisets(reserve, e.specialists_once)), draft=draft)
    if e.random_goods_once and "goods" not in choice:
        wanted = min(e.random_goods_once, sum(state.supply.values()))
        options = tuple(Option(g, "", n) for g, n in state.supply.items() if n)

        def drawn(counts: dict[str, int]) -> Answer | None:
            return Answer("", counts, draft=with_choice(draft, goods=as_list(counts)))

        return Legal(_MULTISET, "buy", None, report=True, draft=draft,
                     field=counts_field(state, options, wanted, drawn))
    power = benefits.power_of(b)
    if power is not None and power.purchase_moves is not None:
        found = power.purchase_moves(state, draft, me)
        if found is not None:
            return found
    return record_move(draft)


def words(state: GameState, legal: Legal) -> Decision:
    slot = current_slot(state)
    if legal.draft.get("building"):
        return _purchase_words(state, legal, slot.player)
    who = state.players[slot.player]
    prompt = edition_text(state.setup.edition, "{player} on Capital Buildings slot {label} (has "
                          "{money}): buy a building?").format(
        player=slot.player, label=slot.label, money=names.money(who.money))
    return Decision(Kind.BUILDING, prompt, slot.player, "buy",
                    answers=tuple(Answer(names.building(state.setup.edition,
                                                        state.catalogue[m.value].name),
                                         m.value, m.events,
                                         m.draft, note=_price_note(state, m.value, slot))
                                  for m in legal.moves),
                    decline=Answer(_("Buys nothing"), None, legal.decline.events),
                    draft=legal.draft)


def _price_note(state: GameState, building_id: str, slot: Slot) -> str:
    """What the buyer pays ("free" for a War Chest: "$5 · $0" read as two prices)."""
    price = price_of(state, building_id, slot.worker)
    return _("costs ${price}").format(price=price) if price else _("free")


def _buys(state: GameState, me: str, building_id: str) -> str:
    return _("{me} buys {name}: ").format(me=me, name=names.building(
        state.setup.edition, state.catalogue[building_id].name))


def _purchase_words(state: GameState, legal: Legal, me: str) -> Decision:
    """``_purchase``'s question in words (the stage read again from its draft)."""
    draft = legal.draft
    b = state.catalogue[draft["building"]]
    e, choice = b.effect, draft.get("choice", {})
    ask = _buys(state, me, b.id)
    if e.specialists_once and "specialists" not in choice:
        return Decision(Kind.MULTISET, ask + _("which {specialists_once} specialists?").format(
                                                 specialists_once=e.specialists_once), me,
                        "buy", draft=draft, answers=tuple(
                            Answer(counts_words(m.value), m.value, m.events, m.draft)
                            for m in legal.moves))
    if e.random_goods_once and "goods" not in choice:
        assert legal.field is not None  # (the goods drawn are a field)
        return Decision(Kind.MULTISET, ask + _("which {wanted} goods were drawn?").format(
                                                 wanted=legal.field.total), None, "buy",
                        report=True, draft=draft,
                        field=labelled_field(legal.field, names.good, counts_words))
    power = benefits.power_of(b)
    if power is not None and power.purchase_words is not None:
        decision = power.purchase_words(state, legal, ask)
        if decision is not None:
            return decision
    return record_words(legal, _("Buy {name}").format(name=names.building_of(state, b)))


def told(state: GameState, ev: Any, player: str) -> str:
    if not ev.building:
        return _("{player}: buys nothing").format(player=player)
    return _("{player}: buys {building}").format(
        player=player, building=names.building_of(state, state.catalogue[ev.building]))


QUESTION = Question("buy", legal, words, told)


def hint(state: GameState, decision: Decision, answer: Answer,
         after: After) -> BuildingWorth | None:
    """Its price, its VP if the game ended just after the purchase, its end-VP formula."""
    if decision.draft.get("building") or answer.value not in state.catalogue:
        return None  # a question asked after the building was chosen
    me = decision.player
    assert me is not None  # a purchase is always some player's
    b = state.catalogue[answer.value]
    cost = price_of(state, b.id, current_slot(state).worker)
    facts = end_facts(state, me)
    facts = replace(facts, buildings=facts.buildings + 1, money=max(0, facts.money - cost))
    formula = b.effect.end_vp
    count = facts.as_mapping()[formula.per] if formula else 0
    formula_vp = formula.score(facts.as_mapping()) if formula else 0
    return BuildingWorth(me, cost, b.fixed_vp + formula_vp, b.fixed_vp,
                         formula.describe() if formula else None, count, formula_vp)


def effect(state: GameState, ev: Buy, slot: Slot) -> None:
    if ev.building is None:
        return
    if ev.building not in state.buildings_offer:
        offer = ", ".join(state.catalogue[b].name for b in state.buildings_offer)
        raise refuse(state, _("{building!r} is not face up on Capital Buildings (face up: "
                              "{offer})").format(building=ev.building, offer=offer))
    who = state.players[slot.player]
    building = state.catalogue[ev.building]
    pay(state, who, price_of(state, ev.building, slot.worker), names.building_of(state, building))
    state.buildings_offer.remove(ev.building)
    who.buildings.append(ev.building)
    on_purchase(state, who, building, ev.choice)
