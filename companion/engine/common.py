"""Small helpers every part of the engine uses: refusing, moving workers, reading the state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from companion import names
from companion.engine.errors import IllegalAction
from companion.engine.state import GameState, PlayerState, Slot
from companion.engine.state import add_to_region as add_to_region  # re-exported
from companion.i18n import _, component_count, ngettext
from companion.rules.goods import GOODS
from companion.rules.regions import REGIONS

DOCK_ORDER = {"X": 1000, "Y": 1001}


def dock_order(slot: Slot) -> int:
    """Numbered slots first, then X, then Y, then the Mayflower ships M1.. M3."""
    if slot.label.isdigit():
        return int(slot.label)
    if slot.label in DOCK_ORDER:
        return DOCK_ORDER[slot.label]
    return 2000 + int(slot.label[1:])


def refuse(state: GameState, message: str) -> IllegalAction:
    """An IllegalAction whose message names where the game stands."""
    return IllegalAction(f"{message} ({state.describe()})")


def player(state: GameState, name: str | None) -> PlayerState:
    if name is None or name not in state.players:
        raise refuse(state, _("there is no player {name!r} in this game (players: {join})").format(
                                name=name, join=', '.join(state.players)))
    return state.players[name]


def check_region(state: GameState, region: str | None, *, discovered: bool = True) -> str:
    if region not in REGIONS:
        raise refuse(state, _("{region!r} is not a region of the New World").format(region=region))
    if discovered and region not in state.discovered:
        raise refuse(state, _("{display_name} has not been discovered yet").format(
                                display_name=REGIONS[region].display_name(state.setup.edition)))
    return region


def check_good(state: GameState, good: str | None) -> str:
    if good not in GOODS:
        raise refuse(state, _("{good!r} is not a trade good").format(good=good))
    return good


_Worker = TypeVar("_Worker", bound=str)  # worker types, as str or as their Literal


def remove_from_region(state: GameState, region: str, owner: str,
                       losses: Mapping[_Worker, int], what: str) -> None:
    """Take workers out of a region back to their owner's reserve."""
    counts = state.regions[region].get(owner, {})
    for worker, n in losses.items():
        if n < 0 or counts.get(worker, 0) < n:
            raise refuse(state, _("{owner} has {workers} {in_region}, cannot "
                                  "lose {n} to {what}").format(
                                    owner=owner, workers=component_count(
                                        counts.get(worker, 0), "worker", worker),
                                    in_region=names.region_in(state.setup.edition, region),
                                    n=n, what=what))
    for worker, n in losses.items():
        if not n:
            continue
        counts[worker] -= n
        state.players[owner].reserve[worker] += n
        if counts[worker] == 0:
            del counts[worker]
    if not counts:
        state.regions[region].pop(owner, None)


def from_reserve(state: GameState, who: PlayerState, worker: str, n: int) -> int:
    """Take up to n workers of a type from the reserve; returns how many there were."""
    taken = min(n, who.reserve.get(worker, 0))
    who.reserve[worker] -= taken
    return taken


def pay(state: GameState, who: PlayerState, amount: int, what: str) -> None:
    if who.money < amount:
        raise refuse(state, _("{name} has ${money}, not enough for {what} (${amount})").format(
                                name=who.name, money=who.money, what=what, amount=amount))
    who.money -= amount


def owner_of(state: GameState, building_id: str) -> str | None:
    for p in state.players.values():
        if building_id in p.buildings:
            return p.name
    return None


def use_limited(state: GameState, who: PlayerState, key: str, per_game: int | None,
                per_turn: int | None, what: str) -> None:
    """Count one use of a limited power, refusing when the limit is reached."""
    if per_game is not None and who.uses.get(key, 0) >= per_game:
        raise refuse(state, ngettext("{name} has already used {what} once this game",
                                     "{name} has already used {what} {per_game} times this game",
                                     per_game).format(name=who.name, what=what,
                                                      per_game=per_game))
    turn_key = f"{who.name}:{key}"
    if per_turn is not None and state.turn_uses.get(turn_key, 0) >= per_turn:
        raise refuse(state, _("{name} has already used {what} this turn").format(
                                name=who.name, what=what))
    who.uses[key] = who.uses.get(key, 0) + 1
    state.turn_uses[turn_key] = state.turn_uses.get(turn_key, 0) + 1


def discovery_began(state: GameState) -> bool:
    """Whether this turn's Discovery has begun (an expedition answered, or the moment just
    before it passed)."""
    return bool(state.turn_uses.get("discovery_began"))


def went_on_before(state: GameState, step: str) -> bool:
    """Whether the table went on from the moment just before ``step`` this turn (a national
    advantage that acts "juste avant" a track is no longer usable then)."""
    return bool(state.turn_uses.get(f"went_on:{step}"))


def check_counts(state: GameState, counts: Mapping[str, object], what: str) -> None:
    for key, n in counts.items():
        if not isinstance(n, int) or n < 0:
            raise refuse(state, _("{what}: {n!r} {key} is not a count").format(
                                    what=what, n=n, key=key))
