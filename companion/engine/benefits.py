"""Capital buildings at work: their effect when bought, their phase-4 income, and the
powers used by choice (``benefit`` events). What each power does lives in its module
under ``companion.engine.powers``; this module only finds it and enforces its limits.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion import names
from companion.engine.common import check_good, from_reserve, player, refuse, use_limited
from companion.engine.decisions import Decision
from companion.engine.errors import MalformedEvent
from companion.engine.events import Benefit
from companion.engine.flow import Phase, Step
from companion.engine.powers import BUILDING_POWERS, BuildingPower
from companion.engine.powers.base import choice_of
from companion.engine.state import GameState, PlayerState
from companion.i18n import _, component_name
from companion.rules.buildings import BUILDINGS, Building
from companion.rules.editions import SPECIALIST_TYPES

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_BENEFITS = Phase.BENEFITS
_RESOLUTION = Phase.RESOLUTION


def power_of(b: Building) -> BuildingPower | None:
    return BUILDING_POWERS.get(b.effect.action or "")


def _ids(pays: Callable[[Building, BuildingPower | None], Any]) -> frozenset[str]:
    """The ids of the buildings (of any edition) for which ``pays`` holds: a building
    whose id is not among them has nothing to do at that moment, so an owner of none of
    them is passed over at once (phase 4 and income are asked of every player, every turn)."""
    return frozenset(b.id for b in BUILDINGS if pays(b, power_of(b)))


PHASE4_BUILDINGS = _ids(lambda b, power: b.effect.money_per_turn or (
    b.effect.money_per_good and b.effect.timing != "income") or (
        power is not None and power.each_turn is not None))
INCOME_BUILDINGS = _ids(lambda b, power: (b.effect.timing == "income" and b.effect.money_per_good)
                        or (power is not None and power.on_income is not None))
ASKED_BUILDINGS = _ids(lambda b, power: power is not None and power.asked_at is not None)
WAITING_BUILDINGS = _ids(lambda b, power: power is not None
                         and power.acts_before(b) is not None)


def _per_good(b: Building, goods: Mapping[str, int]) -> int:
    good, dollars = b.effect.money_per_good or ("", 0)
    return dollars * goods.get(good, 0) if good else 0


def building_money(b: Building, goods: Mapping[str, int]) -> int:
    """Dollars ``b`` pays its owner each turn, phase 4 and Income phase together, with
    these goods (what the Scoreboard shows beside income: never Economy VP)."""
    return b.effect.money_per_turn + _per_good(b, goods)


def income_money(state: GameState, who: PlayerState) -> int:
    """Building money paid in the Income phase (Mint, AoE III Rum Distillery): paid with
    income, but never part of it (no Economy VP). Returns the dollars paid."""
    before = who.money
    if INCOME_BUILDINGS.isdisjoint(who.buildings):
        return 0
    for building_id in who.buildings:
        b = state.catalogue[building_id]
        if b.effect.timing == "income":
            who.money += _per_good(b, who.goods)
        power = power_of(b)
        if power is not None and power.on_income is not None:
            power.on_income(state, who)
    return who.money - before


def begin_benefits(state: GameState) -> None:
    """Phase 4: automatic building income, in turn order; decisions may follow."""
    state.phase = _BENEFITS
    for name in state.order:
        who = state.players[name]
        if PHASE4_BUILDINGS.isdisjoint(who.buildings):
            continue
        for building_id in who.buildings:
            b = state.catalogue[building_id]
            who.money += b.effect.money_per_turn
            if b.effect.timing != "income":
                who.money += _per_good(b, who.goods)
            power = power_of(b)
            if power is not None and power.each_turn is not None:
                power.each_turn(state, who)


def choice_due(state: GameState) -> tuple[str, str] | None:
    """(player, building) of the first owner, in turn order, who still owes the choice a
    power asks at this step every turn (the Mint before income), or None."""
    if state.phase != _RESOLUTION or state.step is None:
        return None
    for name in state.order:
        who = state.players[name]
        if ASKED_BUILDINGS.isdisjoint(who.buildings):
            continue
        for building_id in dict.fromkeys(who.buildings):
            power = power_of(state.catalogue[building_id])
            if (power is not None and power.asked_at == state.step
                    and not state.turn_uses.get(f"{name}:{building_id}")):
                return name, building_id
    return None


def waits_before(state: GameState, step: Step) -> bool:
    """Whether the resolution stops just before ``step`` for a building power that acts
    then (Empires Stables before Discovery) and can still be used."""
    return any(
        (power := power_of(state.catalogue[b])) is not None
        and power.acts_before(state.catalogue[b]) == step
        and usable_now(state, who, state.catalogue[b])
        for who in state.players.values() if not WAITING_BUILDINGS.isdisjoint(who.buildings)
        for b in dict.fromkeys(who.buildings))


# ---------------------------------------------------------------- on purchase


def on_purchase(state: GameState, who: PlayerState, building: Building,
                choice: Mapping[str, Any]) -> None:
    effect = building.effect
    who.money += effect.money_once
    if effect.ships_once:
        given = min(effect.ships_once, state.ships_in_reserve)
        state.ships_in_reserve -= given
        who.ships += given
    if effect.specialists_once:
        picks = choice_of(state, choice, "specialists", building)
        if not isinstance(picks, list) or len(picks) != effect.specialists_once:
            raise refuse(state, _("{name} gives exactly {specialists_once} specialists: list "
                                  "them").format(
                                    name=names.building_of(state,
                                            building), specialists_once=effect.specialists_once))
        for worker in picks:
            if worker not in SPECIALIST_TYPES or (
                worker == "builder" and not state.setup.options.builders
            ):
                raise refuse(state, _("{worker!r} is not a specialist in this game").format(
                                        worker=component_name("worker", worker)))
            if not from_reserve(state, who, worker, 1):
                raise refuse(state, _("{name} has no {worker} left in stock").format(
                                        name=who.name, worker=component_name("worker", worker)))
            who.incoming[worker] += 1
    if effect.random_goods_once:
        drawn = choice_of(state, choice, "goods", building)
        if not isinstance(drawn, list):
            raise refuse(state, _("{name}: list the goods drawn").format(name=names.building_of(
                    state, building)))
        if len(drawn) != min(effect.random_goods_once, sum(state.supply.values())):
            raise refuse(state, _("{name} draws {random_goods_once} goods").format(
                                    name=names.building_of(state, building),
                                    random_goods_once=effect.random_goods_once))
        for good in drawn:
            _draw(state, who, good)
    power = power_of(building)
    if power is not None and power.on_purchase is not None:
        power.on_purchase(state, who, building, choice)


def _draw(state: GameState, who: PlayerState, good: Any) -> None:
    check_good(state, good)
    if state.supply[good] < 1:
        raise refuse(state, _("there is no {good} left in the goods supply").format(good=good))
    state.supply[good] -= 1
    who.goods[good] += 1


# ---------------------------------------------------------------- powers used by choice


def usable_now(state: GameState, who: PlayerState, b: Building) -> bool:
    """Whether ``who`` may use the power of building ``b`` at this moment."""
    power = power_of(b)
    if power is None or power.use is None or not power.moment(state, b):
        return False
    if power.per_game is not None and who.uses.get(b.id, 0) >= power.per_game:
        return False
    if power.per_turn is not None and (
            state.turn_uses.get(f"{who.name}:{b.id}", 0) >= power.per_turn):
        return False
    return power.available(state, who, b)


def benefit(state: GameState, ev: Benefit) -> None:
    who = player(state, ev.player)
    if ev.building not in who.buildings:
        raise refuse(state, _("{player} does not own {building!r}").format(
                                player=ev.player, building=ev.building))
    b = state.catalogue[ev.building]
    power = power_of(b)
    if power is None or power.use is None:
        raise refuse(state, _("{name} has no power to use by choice").format(
                name=names.building_of(state, b)))
    if not power.moment(state, b):
        raise refuse(state, _("{name} cannot be used now").format(name=names.building_of(state, b))
                     + (f": {power.when}" if power.when else ""))
    use_limited(state, who, b.id, per_game=power.per_game, per_turn=power.per_turn,
            what=names.building_of(state, b))
    power.use(state, who, b, ev.choice)


def ask_use(state: GameState, draft: dict[str, Any]) -> Decision:
    """The question of a building power used by choice (its module writes it)."""
    me, building = draft["player"], draft["building"]
    b = state.catalogue[building]
    power = power_of(b)
    if power is None or power.ask_use is None:
        raise MalformedEvent(_("{name} has no power to use by choice").format(
                name=names.building_of(state, b)))
    return power.ask_use(state, draft, me, _("{me} uses {name}: ").format(
        me=me, name=component_name("building", b.name, state.setup.edition)))
