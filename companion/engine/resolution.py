"""Phases 2 and 3: resolving the eight tracks in order, then income.

Steps that need no decision run by themselves; the others wait for the table's event
(``pending`` says which one is expected next).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.engine import benefits, nations
from companion.engine.benefits import (
    begin_benefits,
    choice_due,
    income_money,
    on_purchase,
    waits_before,
)
from companion.engine.common import (
    add_to_region,
    check_region,
    discovery_began,
    dock_order,
    from_reserve,
    pay,
    player,
    refuse,
    region_name,
    remove_from_region,
)
from companion.engine.discovery import (
    check_found,
    claim,
    expedition_value,
    failed_token,
    resistance_modifier,
)
from companion.engine.events import (
    Benefit,
    Buy,
    Dock,
    Expedition,
    Power,
    Resolve,
    TakeGood,
    Training,
    Warfare,
)
from companion.engine.flow import Phase, Step, first_step, next_step
from companion.engine.nations import powers_usable, waiting_before
from companion.engine.powers import holland, mayflower, portugal, reformation
from companion.engine.state import GameState, Slot
from companion.rules.discoveries import CARDS, TOKENS
from companion.rules.editions import (
    BUILDER_DISCOUNT,
    MERCHANT_ARRIVAL_DOLLARS,
    SHIPPING_VALUE,
    TRAINING_PRICE,
    WAR_PRICE,
    building_price,
)
from companion.rules.regions import REGIONS
from companion.scoring import best_income_dollars

BOX_ORDER = ("captain", "merchant", "missionary", "soldier", "builder", "training")


class Pending(NamedTuple):  # read before every event applied: a tuple is cheap to build
    """The decision the engine waits for: an event ``kind`` from ``player`` about ``label``."""

    kind: str
    player: str | None = None
    label: str | None = None
    worker: str | None = None


def begin_resolution(state: GameState) -> None:
    state.phase = Phase.RESOLUTION
    # Powers used "just before" a track resolves get a moment of their own first.
    state.step = first_step(declare=powers_usable(state))
    state.cursor = 0
    dock = state.tracks["dock"]
    dock.sort(key=lambda s: (not s.first, dock_order(s)))
    state.tracks["specialists"].sort(key=lambda s: BOX_ORDER.index(s.label))
    advance(state)


def _home(state: GameState, slot: Slot) -> None:
    """A resolved worker goes back to its owner's unused stock."""
    state.players[slot.player].reserve[slot.worker] += 1
    slot.done = True


def _next_step(state: GameState) -> None:
    assert state.step is not None  # (in a turn's resolution)
    state.step = next_step(state.step)
    state.cursor = 0




def discovery_pause(state: GameState) -> bool:
    """Whether the tracks wait just before Discovery resolves (nobody sails this turn, but a
    power that acts then, Empires Stables, can still be used): a ``resolve`` goes on."""
    return (state.phase == Phase.RESOLUTION and state.step == Step.DISCOVERY
            and not state.queue and not discovery_began(state)
            and waits_before(state, Step.DISCOVERY))


def nation_pause(state: GameState) -> bool:
    """Whether the tracks wait just before this step for a national advantage that acts
    then (Holland before Merchant Shipping, Italy before Specialists): a ``resolve`` goes on."""
    return (state.phase == Phase.RESOLUTION and state.step in (Step.SHIPPING, Step.SPECIALISTS)
            and state.cursor == 0 and bool(waiting_before(state, state.step)))


def resolve(state: GameState, ev: Resolve) -> None:
    """The table goes on: after declaring the powers used before the tracks resolve
    (nations), after the moment just before Discovery (Empires Stables), or just before
    Merchant Shipping or Specialists (Holland, Italy)."""
    if discovery_pause(state):
        state.turn_uses["discovery_began"] = 1
        advance(state)
        return
    if nation_pause(state):
        state.turn_uses[f"went_on:{state.step}"] = 1
        advance(state)
        return
    if state.phase != Phase.RESOLUTION or state.step != Step.DECLARE:
        stables = any(b == "stables" for p in state.players.values() for b in p.buildings)
        raise refuse(state, "there is no pause to end now" + (
            ": Stables stop the tracks only just before Discovery resolves, not before the "
            "tracks" if stables and state.edition.id == "empires" else ""))
    _next_step(state)
    advance(state)


def power(state: GameState, ev: Power) -> None:
    """A national advantage used; used at the stop just before its track (Holland, Italy),
    the tracks go on once it can no longer be used, as after Stables."""
    paused = nation_pause(state)
    nations.power(state, ev)
    if paused and not nation_pause(state):
        advance(state)


def benefit(state: GameState, ev: Benefit) -> None:
    """A building power used; a choice the tracks were waiting for (the Mint) lets them go on."""
    benefits.benefit(state, ev)
    if state.phase == Phase.RESOLUTION:
        advance(state)


def advance(state: GameState) -> None:
    """Run automatic steps until a decision is needed or the resolution is over."""
    while state.phase == Phase.RESOLUTION:
        step = state.step
        if step is None or step == Step.INCOME:
            if choice_due(state) is None:
                _income(state)
            return
        if step == Step.DECLARE:
            return
        track = state.tracks[step]
        if step == Step.INITIATIVE:
            for slot in track:
                state.players[slot.player].money += int(slot.label)
                if not state.edition.initiative_worker_marks_order:
                    _home(state, slot)
            _next_step(state)
        elif step == Step.SHIPPING:
            if nation_pause(state):
                return
            _shipping(state)
            _next_step(state)
        elif step == Step.DISCOVERY:
            if state.cursor == 0 and not state.queue:
                state.queue = [n for n in state.order if any(state.players[n].discovery.values())]
                state.cursor = 1  # the queue is built
            if state.queue or discovery_pause(state):
                return
            _next_step(state)
        elif step == Step.SPECIALISTS:
            if nation_pause(state):
                return
            if state.cursor == 0:  # every box but Training resolves by itself
                for slot in track:
                    if slot.label != "training":
                        who = state.players[slot.player]
                        if from_reserve(state, who, slot.label, 1):
                            who.incoming[slot.label] += 1
                        _home(state, slot)
                trains = bool(track) and track[-1].label == "training"  # sorted: Training last
                state.cursor = len(track) - 1 if trains else len(track)
            if state.cursor < len(track):
                return
            _next_step(state)
        else:  # dock, trade_goods, buildings, warfare: one decision per slot
            if step == Step.TRADE_GOODS and not state.goods_offer or (
                step == Step.BUILDINGS and not state.buildings_offer
            ):
                for slot in track[state.cursor:]:
                    _home(state, slot)
                state.cursor = len(track)
            if state.cursor < len(track):
                return
            _next_step(state)


def pending(state: GameState) -> Pending | None:
    """What the engine waits for now (None once the game is over)."""
    if state.phase == Phase.SETUP:
        return Pending("reveal")
    if state.phase == Phase.PLACEMENT:
        name = state.order[state.placing]
        return Pending("place", name)
    if state.phase == Phase.BENEFITS:
        return Pending("refresh")
    if state.phase == Phase.BUY_VP:
        return Pending("buy_vp", state.queue[0])
    if state.phase == Phase.OVER:
        return None
    step = state.step
    assert step is not None  # the resolution is always on a step
    if step == Step.DECLARE or discovery_pause(state) or nation_pause(state):
        return Pending("resolve")
    if step == Step.DISCOVERY:
        return Pending(ANSWER_OF_STEP[step], state.queue[0])
    if step == Step.INCOME:
        due = choice_due(state)
        return Pending("benefit", due[0] if due else None)
    slot = state.tracks[step][state.cursor]
    return Pending(ANSWER_OF_STEP[step], slot.player, slot.label, slot.worker)


# The event that answers each track's step (the same table for ``pending`` and the asker).
ANSWER_OF_STEP = {Step.DOCK: "dock", Step.TRADE_GOODS: "take_good", Step.BUILDINGS: "buy",
                  Step.DISCOVERY: "expedition", Step.SPECIALISTS: "training",
                  Step.WARFARE: "warfare"}


def _expect(state: GameState, kind: str) -> Slot:
    wanted = pending(state)
    if state.phase != Phase.RESOLUTION or wanted is None or wanted.kind != kind:
        expected = wanted.kind.replace("_", " ") if wanted else "nothing"
        raise refuse(state, f"the game expects {expected} now, not {kind.replace('_', ' ')}")
    if kind == "expedition":
        return Slot(state.queue[0], "", "")
    return current_slot(state)


def current_slot(state: GameState) -> Slot:
    """The slot being resolved, on a track's step of the resolution."""
    assert state.step is not None
    return state.tracks[state.step][state.cursor]


def _done(state: GameState, slot: Slot | None) -> None:
    if slot is not None:
        _home(state, slot)
    state.cursor += 1
    advance(state)


# ---------------------------------------------------------------- Colonist Dock


def dock_and_goods_optional(state: GameState) -> bool:
    """Whether a Colonist Dock worker may stay home and a Trade Goods worker take nothing
    (Empires; AoE III games recorded before version 4 too)."""
    return (state.edition.dock_and_goods_optional
            or state.setup.readings.skip_dock_and_goods)


def dock(state: GameState, ev: Dock) -> None:
    slot = _expect(state, "dock")
    if ev.region is None:
        if not dock_and_goods_optional(state):
            raise refuse(state, f"{slot.player}'s {slot.worker} on the Colonist Dock sails to "
                                f"a discovered region: it cannot stay home in "
                                f"{state.edition.title}")
        _done(state, slot)
        return
    region = check_region(state, ev.region)
    who = state.players[slot.player]
    slot.done = True
    add_to_region(state, region, slot.player, slot.worker)
    if slot.worker == "merchant":
        who.money += MERCHANT_ARRIVAL_DOLLARS
    if slot.worker == "missionary":
        extra = max([1, *(state.catalogue[b].effect.missionary_colonists or 0
                          for b in who.buildings)])
        if reformation.blocks_converts(state, region, slot.player):
            extra = 0
        extra = from_reserve(state, who, "colonist", extra)
        if extra:
            add_to_region(state, region, slot.player, "colonist", extra)
    state.cursor += 1
    advance(state)


# ---------------------------------------------------------------- Trade Goods


def take_good(state: GameState, ev: TakeGood) -> None:
    slot = _expect(state, "take_good")
    if ev.good is None and not dock_and_goods_optional(state):
        raise refuse(state, f"{slot.player} on Trade Goods takes one of the goods there: "
                            f"taking nothing is not allowed in {state.edition.title}")
    if ev.good is not None:
        if ev.good not in state.goods_offer:
            offer = ", ".join(state.goods_offer) or "none"
            raise refuse(state, f"{ev.good} is not on the Trade Goods track (left: {offer})")
        state.goods_offer.remove(ev.good)
        state.players[slot.player].goods[ev.good] += 1
    _done(state, slot)


# ---------------------------------------------------------------- Merchant Shipping


def shipping_values(state: GameState) -> dict[str, int]:
    values: dict[str, int] = {}
    for slot in state.tracks["shipping"]:
        values[slot.player] = values.get(slot.player, 0) + SHIPPING_VALUE.get(slot.worker, 1)
    return values


def _shipping(state: GameState) -> None:
    values = shipping_values(state)
    dutch = holland.takes_ship(state)
    if (values or dutch) and state.ship_on_track:
        best = max(values.values(), default=0)
        winner = dutch or next(n for n in state.order if values.get(n) == best)
        state.players[winner].ships += 1
        state.ship_on_track = False
    for slot in state.tracks["shipping"]:
        _home(state, slot)


# ---------------------------------------------------------------- Capital Buildings


def price_of(state: GameState, building_id: str, worker: str) -> int:
    building = state.catalogue[building_id]
    if building.cost == "free":
        return 0
    price = building_price(building.age)
    if worker == "builder":
        price -= BUILDER_DISCOUNT
    return max(price, 0)


def buy(state: GameState, ev: Buy) -> None:
    slot = _expect(state, "buy")
    if ev.building is not None:
        if ev.building not in state.buildings_offer:
            offer = ", ".join(state.catalogue[b].name for b in state.buildings_offer)
            raise refuse(state, f"{ev.building!r} is not face up on Capital Buildings "
                                f"(face up: {offer})")
        who = state.players[slot.player]
        building = state.catalogue[ev.building]
        pay(state, who, price_of(state, ev.building, slot.worker), building.name)
        state.buildings_offer.remove(ev.building)
        who.buildings.append(ev.building)
        on_purchase(state, who, building, ev.choice)
    _done(state, slot)


# ---------------------------------------------------------------- Discovery














def expedition(state: GameState, ev: Expedition) -> None:
    slot = _expect(state, "expedition")
    name = slot.player
    who = state.players[name]
    sent: dict[str, int] = {w: n for w, n in ev.workers.items() if n}
    if sent:
        for worker, n in sent.items():
            if who.discovery.get(worker, 0) < n:
                raise refuse(state, f"{name} has {who.discovery.get(worker, 0)} {worker}(s) on "
                                    f"Discovery, cannot send {n}")
        target = ev.target
        undiscovered = [r for r in REGIONS if r not in state.discovered]
        if ev.nation_power:
            portugal_natives = portugal.expedition(state, who, target)
        elif target == "card":
            if undiscovered:
                raise refuse(state, "discovery cards are drawn only once every region is found")
        else:
            if target not in REGIONS:
                raise refuse(state, f"{target!r} is not a region of the New World")
            if target in state.discovered:
                raise refuse(state, f"{region_name(state, target)} is already discovered")
        assert target is not None  # each branch above refused a missing target
        found = check_found(state, target, ev.found)
        item = CARDS[found] if target == "card" else TOKENS[found]
        value = expedition_value(state, name, sent)
        natives = (portugal_natives if ev.nation_power
                   else item.natives + resistance_modifier(state, name))
        for worker, n in sent.items():
            who.discovery[worker] -= n
            who.reserve[worker] += n
        if value >= natives:
            who.money += item.loot(sent.get("soldier", 0))
            if target == "card":
                who.discoveries.append(found)
            else:
                claim(state, who, target, found, "colonist")
        elif target != "card":
            failed_token(state, target, found)
    elif ev.target or ev.found:
        raise refuse(state, "an expedition needs at least one worker")
    if sent:
        state.turn_uses["expeditions"] = state.turn_uses.get("expeditions", 0) + 1
    state.turn_uses["discovery_began"] = 1
    state.queue.pop(0)
    advance(state)


# ---------------------------------------------------------------- Specialists


def training(state: GameState, ev: Training) -> None:
    slot = _expect(state, "training")
    if ev.specialist is not None:
        who = state.players[slot.player]
        if ev.specialist == "colonist":
            raise refuse(state, "Training gives a specialist, not a colonist")
        if ev.specialist == "builder" and not state.setup.options.builders:
            raise refuse(state, "builders are only in the Builder expansion")
        if who.reserve[ev.specialist] < 1:
            raise refuse(state, f"{who.name} has no {ev.specialist} left in stock")
        pay(state, who, TRAINING_PRICE, "Training")
        who.reserve[ev.specialist] -= 1
        who.incoming[ev.specialist] += 1
    _done(state, slot)


# ---------------------------------------------------------------- Warfare


def _soldiers(state: GameState, region: str, name: str) -> int:
    return state.regions[region].get(name, {}).get("soldier", 0)


def battle_regions(state: GameState, attacker: str, defender: str) -> list[str]:
    """Where a war between the two is fought: both present and a soldier on either side."""
    return [
        r for r in REGIONS
        if state.workers_in_region(r, attacker) and state.workers_in_region(r, defender)
        and (_soldiers(state, r, attacker) or _soldiers(state, r, defender))
    ]


def battle_refusal(state: GameState, attacker: str, defender: str, region: str,
                   explain: bool = True) -> str | None:
    """Why a single battle cannot be fought there (None: it can). Both editions: the defender
    must have workers in the region ("un seul joueur à combattre dans cette région"); Empires
    also needs a soldier of either side there (`000_…`, "Piste : Guerre"). With ``explain``
    False a refusal is only ``"refused"``: the Warfare question asks of every region."""
    if not state.workers_in_region(region, defender):
        if not explain:
            return "refused"
        name = region_name(state, region)
        return f"no battle against {defender} in {name}: {defender} has no worker there"
    if state.edition.battle_needs_soldier and not (
            _soldiers(state, region, attacker) or _soldiers(state, region, defender)):
        if not explain:
            return "refused"
        name = region_name(state, region)
        return (f"no battle in {name}: neither {attacker} nor {defender} has a soldier there "
                "(a battle needs a soldier of either side)")
    return None


def battle_choices(state: GameState, attacker: str, defender: str) -> list[str]:
    """Regions where a battle is allowed and can remove someone (the ones worth offering)."""
    out = []
    for r in REGIONS:
        if battle_refusal(state, attacker, defender, r, explain=False) is not None:
            continue
        lose_a, lose_d = expected_losses(state, r, attacker, defender)
        if lose_a or lose_d:
            out.append(r)
    return out


def expected_losses(state: GameState, region: str, attacker: str, defender: str) -> tuple[int, int]:
    """(attacker's losses, defender's losses) in a battle: one per enemy soldier."""
    militia = sum(state.catalogue[b].effect.defence_soldiers
                  for b in state.players[defender].buildings)
    attack = _soldiers(state, region, attacker)
    defence = _soldiers(state, region, defender) + militia
    return (min(defence, state.workers_in_region(region, attacker)),
            min(attack, state.workers_in_region(region, defender)))


def warfare(state: GameState, ev: Warfare) -> None:
    slot = _expect(state, "warfare")
    if ev.kind is None:
        _done(state, slot)
        return
    attacker = slot.player
    defender = player(state, ev.defender).name
    if defender == attacker:
        raise refuse(state, f"{attacker} cannot fight against themselves")
    regions = [loss.region for loss in ev.losses]
    if len(set(regions)) != len(regions):
        raise refuse(state, "a region is listed twice in the losses")
    if ev.kind == "battle":
        if len(regions) != 1:
            raise refuse(state, "a battle is fought in exactly one region")
        region = check_region(state, regions[0])
        refusal = battle_refusal(state, attacker, defender, region)
        if refusal is not None:
            raise refuse(state, refusal)
    else:
        wanted = battle_regions(state, attacker, defender)
        if sorted(regions) != sorted(wanted):
            names = ", ".join(region_name(state, r) for r in wanted) or "none"
            raise refuse(state, f"a war between {attacker} and {defender} is fought in: {names}")
    plan = []
    for loss in ev.losses:
        want_a, want_d = expected_losses(state, loss.region, attacker, defender)
        got_a, got_d = sum(loss.attacker.values()), sum(loss.defender.values())
        if (got_a, got_d) != (want_a, want_d):
            raise refuse(state, f"in {region_name(state, loss.region)} {attacker} loses {want_a} "
                                f"and {defender} loses {want_d} worker(s), not {got_a} and {got_d}")
        plan.append(loss)
    if ev.kind == "war":
        pay(state, state.players[attacker], WAR_PRICE, "a war")
    # Losses are simultaneous; a refusal half-way is safe because apply() works on a copy.
    for loss in plan:
        # (worker-type keys: str literals, read as str)
        remove_from_region(state, loss.region, attacker, loss.attacker, "the battle")  # type: ignore[arg-type]
        remove_from_region(state, loss.region, defender, loss.defender, "the battle")  # type: ignore[arg-type]
    _done(state, slot)


# ---------------------------------------------------------------- Income


def _initiative_to_turn_order(state: GameState) -> None:
    """AoE III, at the end of the resolution: each worker on Initiative becomes its owner's
    Turn Order marker and the marker it replaces goes back to the stock (the order itself is
    set at the refresh, from the Initiative slots)."""
    if not state.edition.initiative_worker_marks_order:
        return
    for slot in state.tracks["initiative"]:
        if not slot.done:
            who = state.players[slot.player]
            who.reserve[who.marker] += 1
            who.marker = slot.worker
            slot.done = True


def income_of(state: GameState, name: str) -> int:
    who = state.players[name]
    return best_income_dollars(who.goods, mayflower.wild_ships(state, who))


def _income(state: GameState) -> None:
    """Phase 3: each player's goods-and-ships income (the only money that is Economy VP),
    then the building money paid with it (Mint, AoE III Rum Distillery)."""
    _initiative_to_turn_order(state)
    for name in state.order:
        dollars = income_of(state, name)
        state.players[name].money += dollars
        state.players[name].income[state.turn] = dollars
    for name in state.order:
        income_money(state, state.players[name])
    begin_benefits(state)
