"""Small rules that are events of their own: scouting (Empires variant) and swaps."""

from __future__ import annotations

from typing import Any

from companion import names
from companion.engine.common import (
    add_to_region,
    check_region,
    pay,
    player,
    refuse,
    remove_from_region,
)
from companion.engine.decisions import Decision, Kind
from companion.engine.events import Scout, Swap
from companion.engine.flow import Phase
from companion.engine.questions import listed, ready, region_answers, target_name, then
from companion.engine.state import GameState
from companion.engine.tracks.base import written
from companion.i18n import _, component_name
from companion.rules.regions import REGIONS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_BENEFITS = Phase.BENEFITS
_PLACEMENT = Phase.PLACEMENT
_RESOLUTION = Phase.RESOLUTION

SCOUTING_PRICE = {1: 1, 2: 2, 3: 3}
# Specialists whose power ends in the New World; soldiers fight there, builders score there.
SWAPPABLE = ("captain", "merchant", "missionary")
SWAP_RULE = (_("a specialist in the New World is swapped for a colonist only when its owner must "
             "take one of its kind from an empty stock"))


def must_take(state: GameState, name: str) -> set[str]:
    """The kinds of swappable specialist ``name`` must still take from its stock this turn:
    a worker waiting on a Specialists box (Training: any kind), a War Chest of specialists
    waiting to be bought, or a building that grants one each turn."""
    if state.phase not in (_PLACEMENT, _RESOLUTION, _BENEFITS):
        return set()
    who = state.players[name]
    kinds: set[str] = set()
    waiting = state.phase != _BENEFITS
    for slot in state.tracks.get("specialists", []) if waiting else ():
        if slot.player == name and not slot.done:
            kinds |= set(SWAPPABLE) if slot.label == "training" else {slot.label}
    buying = any(s.player == name and not s.done for s in state.tracks.get("buildings", []))
    if waiting and buying and any(state.catalogue[b].effect.specialists_once
                                  for b in state.buildings_offer):
        kinds |= set(SWAPPABLE)
    for building_id in who.buildings:
        effect = state.catalogue[building_id].effect
        kinds |= {w for w, _ in effect.workers_per_turn}
        if effect.discovery_worker:
            kinds.add(effect.discovery_worker)
    return kinds & set(SWAPPABLE)


def scout(state: GameState, ev: Scout) -> None:
    if not state.setup.options.scouting:
        raise refuse(state, _("scouting is not used in this game"))
    who = player(state, ev.player)
    if ev.target != "card" and (ev.target not in REGIONS or ev.target in state.discovered):
        raise refuse(state, _("there is no hidden token to look at in {target!r}").format(
                                target=ev.target))
    if state.phase not in (_PLACEMENT, _RESOLUTION):
        raise refuse(state, _("scouting happens during a turn"))
    pay(state, who, SCOUTING_PRICE[state.age], "scouting")


def may_swap(state: GameState, name: str, worker: str) -> bool:
    """Whether ``name`` may swap a ``worker`` of theirs in the New World now (its presence
    there and a colonist in stock aside)."""
    return worker in swap_kinds(state, name)


def swap_kinds(state: GameState, name: str) -> list[str]:
    """The kinds of specialist ``name`` may swap now (``may_swap`` for each kind)."""
    if not state.edition.swap_only_when_needed:  # AoE III: "si un joueur le souhaite"
        allowed = state.phase in (_PLACEMENT, _RESOLUTION, _BENEFITS)
        return list(SWAPPABLE) if allowed else []
    reserve = state.players[name].reserve
    if all(map(reserve.__getitem__, SWAPPABLE)):  # (asked of every player: usually none is short)
        return []
    empty = [w for w in SWAPPABLE if reserve[w] == 0]
    needed = must_take(state, name)
    return [w for w in empty if w in needed]


def swap(state: GameState, ev: Swap) -> None:
    """A captain, merchant or missionary in the New World has no power left, so it may come
    home, a colonist from the stock taking its place. Empires: only when its owner must take
    one of that kind from an empty stock (`000_…`, "Piste : Quai des Colons"); AoE III:
    whenever its owner wishes (`001_…`, "Colonist Dock", Remarque). Never a soldier, never a
    builder."""
    who = player(state, ev.player)
    region = check_region(state, ev.region)
    if ev.worker == "soldier":
        raise refuse(state, _("a soldier keeps its power in the New World: it is never swapped "
                            "for a colonist"))
    if ev.worker == "builder":
        raise refuse(state, _("builders cannot be swapped for colonists"))
    if ev.worker not in SWAPPABLE:
        raise refuse(state, _("only a specialist is swapped for a colonist, not a {worker}").format(
                                worker=component_name("worker", ev.worker)))
    if state.edition.swap_only_when_needed and who.reserve[ev.worker] > 0:
        raise refuse(state, _("{name} still has a {worker} in stock: no swap needed").format(
                                name=who.name, worker=component_name("worker", ev.worker)))
    if not may_swap(state, who.name, ev.worker):
        raise refuse(state, _("{name} does not have to take a {worker} now: {SWAP_RULE}").format(
                                name=who.name, worker=component_name("worker", ev.worker),
                                SWAP_RULE=SWAP_RULE))
    if who.reserve["colonist"] < 1:
        raise refuse(state, _("{name} has no colonist in stock to take the {worker}'s "
                              "place").format(name=who.name,
                                              worker=component_name("worker", ev.worker)))
    remove_from_region(state, region, who.name, {ev.worker: 1}, _("a swap"))
    who.reserve["colonist"] -= 1
    add_to_region(state, region, who.name, "colonist")


# ---------------------------------------------------------------- the questions


def swappable(state: GameState, name: str) -> dict[str, list[str]]:
    """region -> specialists of ``name`` there that may be swapped for a colonist."""
    reserve = state.players[name].reserve
    if reserve["colonist"] < 1:
        return {}
    if state.edition.swap_only_when_needed and all(map(reserve.__getitem__, SWAPPABLE)):
        return {}  # (asked of every player after most events: no kind short, no swap)
    needed = swap_kinds(state, name)
    if not needed:
        return {}
    out = {}
    for r in REGIONS:
        kinds = [w for w in needed if state.regions[r].get(name, {}).get(w)]
        if kinds:
            out[r] = kinds
    return out


def anyone_may_swap(state: GameState) -> bool:
    """``any(swappable(state, n) for n in state.order)`` in one call (asked whenever a
    random playout looks at the actions offered): a player with no colonist in stock, or
    (Empires) with no specialist kind short, is passed over without a call."""
    only_when_needed = state.edition.swap_only_when_needed
    for name, who in state.players.items():
        reserve = who.reserve
        if reserve["colonist"] < 1 or (
                only_when_needed and all(map(reserve.__getitem__, SWAPPABLE))):
            continue
        if swappable(state, name):
            return True
    return False


def _ask_swap(state: GameState, draft: dict[str, Any]) -> Decision:
    ask = _("Swap a specialist for a colonist: ")
    if "player" not in draft:
        players = [n for n in state.order if swappable(state, n)]
        return Decision(Kind.PLAYER, ask + _("whose?"), None, "swap", draft=draft, answers=listed(
            then(n, n, {**draft, "player": n}) for n in players))
    me = draft["player"]
    options = swappable(state, me)
    if "region" not in draft:
        return Decision(Kind.REGION, ask + _("from which region?"), me, "swap", draft=draft,
                        answers=region_answers(state, list(options),
                                                lambda r: {**draft, "region": r}))
    return Decision(Kind.WORKER, ask + _("which specialist comes home?"), me, "swap", draft=draft,
                    answers=tuple(ready(names.worker(w), w, {**draft, "worker": w})
                                  for w in options.get(draft["region"], [])))


def _ask_scout(state: GameState, draft: dict[str, Any]) -> Decision:
    price = SCOUTING_PRICE[state.age]
    if "player" not in draft:
        payers = [n for n in state.order if state.players[n].money >= price]
        return Decision(Kind.PLAYER, _("Scouting (${price}): who looks?").format(price=price),
                        None, "scout",
                        draft=draft, answers=listed(
                            then(n, n, {**draft, "player": n}) for n in payers))
    targets = [r for r in REGIONS if r not in state.discovered] or ["card"]
    return Decision(Kind.REGION, _("{player} scouts: which token?").format(
        player=draft["player"]), draft["player"],
                    "scout", draft=draft, answers=tuple(
                        ready(target_name(state, t), t, {**draft, "target": t})
                        for t in targets))


def _told_swap(state: GameState, ev: Any, player: str) -> str:
    return _("{player}: a {worker} {in_region} swapped for a colonist").format(
        player=player, worker=names.worker(ev.worker),
        in_region=names.region_in(state.setup.edition, ev.region))


def _told_scout(state: GameState, ev: Any, player: str) -> str:
    if ev.target == "card":
        return _("{player}: scouts the top card").format(player=player)
    return _("{player}: sends a scout {to_region}").format(
        player=player, to_region=names.region_to(state.setup.edition, ev.target))


SWAP = written("swap", _ask_swap, _told_swap)
SCOUT = written("scout", _ask_scout, _told_scout)
