"""Discovery bookkeeping shared by expeditions and by discoveries without a test
(New World Cartography, Spain): which tokens are still unseen, what an expedition is
worth, and claiming a region.
"""

from __future__ import annotations

from companion import names
from companion.engine.common import add_to_region, from_reserve, refuse
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.discoveries import CARDS, TOKENS, discovery_name
from companion.rules.editions import DISCOVERY_VALUE
from companion.rules.regions import REGIONS, START_DISCOVERED


def captain_value(state: GameState, name: str) -> int:
    """What one captain adds to an expedition (more with a building such as Magellan)."""
    value, catalogue = DISCOVERY_VALUE["captain"], state.catalogue
    for b in state.players[name].buildings:
        boost = catalogue[b].effect.captain_discovery_value
        if boost and boost > value:
            value = boost
    return value


def expedition_value(state: GameState, name: str, workers: dict[str, int]) -> int:
    """Each worker sent counts 1, a captain ``captain_value``. (Plain loops here and in
    ``resistance_modifier``: every expedition and every crew listed asks.)"""
    value = sum(workers.values())
    captains = workers.get("captain", 0)
    return value + captains * (captain_value(state, name) - 1) if captains else value


def resistance_modifier(state: GameState, name: str) -> int:
    catalogue, total = state.catalogue, 0
    for b in state.players[name].buildings:
        total += catalogue[b].effect.resistance_modifier
    return total


def accounted_tokens(state: GameState) -> set[str]:
    """Tokens that cannot be revealed again: owned, known on a region, or out of the game."""
    owned = {d for p in state.players.values() for d in p.discoveries}
    return owned | set(state.known_tokens.values()) | set(state.removed_tokens)


def tokens_in_box(state: GameState) -> int:
    """Unused tokens left in the box: 16, less one per region that got one at set-up, less
    those swapped in by the "no survivors" variant."""
    on_board = sum(1 for r in REGIONS if r not in START_DISCOVERED)
    on_board += 1 if state.setup.bidding is not None else 0  # aoe3: a token in the Caribbean
    return len(TOKENS) - on_board - len(state.removed_tokens)


def failed_token(state: GameState, region: str, token: str) -> None:
    """A failed expedition: the token goes back face down, now known to the table; with "no
    survivors" it leaves the game and an unseen one from the box takes its place, while the
    box has any (`000_…`, "Variantes pour les compteurs de découvertes")."""
    if state.setup.options.no_survivors and tokens_in_box(state) > 0:
        state.known_tokens.pop(region, None)
        state.removed_tokens.append(token)
    else:
        state.known_tokens[region] = token


def check_found(state: GameState, target: str, found: str | None) -> str:
    """The token or card the table revealed must still be unaccounted for."""
    if target == "card":
        if found not in CARDS:
            raise refuse(state, _("{discovery_name} is not a discovery card: pick the card "
                                  "that was turned up").format(
                                    discovery_name=discovery_name(found)))
        if any(found in p.discoveries for p in state.players.values()):
            raise refuse(state, _("{name} has already been discovered").format(
                                    name=CARDS[found].name))
        return found
    if region_known := state.known_tokens.get(target):
        if found not in (None, region_known):
            raise refuse(state, _("the token {of_region} is already known "
                                  "({discovery_name}), not {discovery_name2}: pick "
                                  "{discovery_name}").format(
                                    of_region=names.region_of(state.setup.edition, target),
                                    discovery_name=discovery_name(region_known),
                                    discovery_name2=discovery_name(found)))
        return region_known
    if found not in TOKENS:
        raise refuse(state, _("say which discovery token was revealed") + (
            "" if found is None else _(" ({discovery_name} is not one)").format(
                                         discovery_name=discovery_name(found))))
    if found in state.removed_tokens:
        raise refuse(state, _("{discovery_name} was removed from the game after a failed "
                              "expedition (no survivors): it cannot be revealed again; pick "
                              "the token that was turned up").format(
                                discovery_name=discovery_name(found)))
    if found in accounted_tokens(state):
        raise refuse(state, _("{discovery_name} is already on the board or owned: pick the "
                              "token that was turned up").format(
                                discovery_name=discovery_name(found)))
    return found


def claim(state: GameState, who: PlayerState, region: str, token: str, settler: str) -> None:
    """A region found: its token to the finder, one free worker of the finder settles it."""
    who.discoveries.append(token)
    state.known_tokens.pop(region, None)
    state.discovered.append(region)
    if from_reserve(state, who, settler, 1):
        add_to_region(state, region, who.name, settler)


def free_discovery(state: GameState, who: PlayerState, region: object, token: object,
                   settler: str, what: str) -> None:
    """A discovery without a test (Cartography, Spain): the token's printed $, no loot."""
    if not isinstance(region, str) or region not in REGIONS or region in state.discovered:
        raise refuse(state, _("{what} discovers an undiscovered region, not {region!r}").format(
                                what=what, region=region))
    found = check_found(state, region, token if isinstance(token, str) else None)
    who.money += TOKENS[found].dollars
    claim(state, who, region, found, settler)
