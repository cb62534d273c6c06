"""National advantages (Empires, optional): finding a nation's power and enforcing its
limits. What each power does lives in its module under ``companion.engine.powers``.

Portugal's power is part of an ``Expedition`` (``nation_power``); the others are ``Power``
events declared at the moment the power applies: before the tracks resolve (the declare
step), or, for a power that acts "juste avant" one track (Holland, Italy), at the stop just
before it.
"""

from __future__ import annotations

from typing import Any

from companion.engine.common import player, refuse, use_limited, went_on_before
from companion.engine.decisions import Decision
from companion.engine.errors import MalformedEvent
from companion.engine.events import Power
from companion.engine.flow import Step
from companion.engine.powers import NATION_POWERS
from companion.engine.state import GameState, PlayerState
from companion.i18n import _, component_name
from companion.rules.nations import NATION_NAMES, POWER_TITLES

POWER_TEXT = {nation: p.text for nation, p in NATION_POWERS.items()}  # in the catalogue


def nation_name(nation: str) -> str:
    """A nation as printed on its board, in the current language."""
    return component_name("nation", NATION_NAMES[nation])


def power_title(nation: str) -> str:
    """A nation's power by the title printed beside it on the board, in the current language."""
    return component_name("power", POWER_TITLES[nation])


def usable_now(state: GameState, who: PlayerState) -> bool:
    """Whether ``who``'s national power (not Portugal's, which sails) can be used now."""
    if not state.setup.options.nations:
        return False
    power = NATION_POWERS.get(who.nation or "")
    if power is None or power.use is None:
        return False
    if not power.moment(state):
        return False
    if power.per_game is not None and who.uses.get(power.key, 0) >= power.per_game:
        return False
    if power.per_turn is not None and (
            state.turn_uses.get(f"{who.name}:{power.key}", 0) >= power.per_turn):
        return False
    return power.available(state, who)


def _stops_before_its_track(state: GameState, nation: str) -> bool:
    """Whether the tracks stop just before the track ``nation``'s power acts before (records
    before version 5 declared Holland and Italy before the tracks only)."""
    power = NATION_POWERS[nation]
    return power.acts_before is not None and not state.setup.readings.nations_declared_up_front


def powers_usable(state: GameState) -> bool:
    """Whether some player still has a power that is declared before the tracks resolve."""
    if not state.setup.options.nations:
        return False
    for who in state.players.values():
        power = NATION_POWERS.get(who.nation or "")
        if (power is not None and power.use is not None and power.declared_before_tracks
                and not _stops_before_its_track(state, power.nation)
                and (power.per_game is None or who.uses.get(power.key, 0) < power.per_game)):
            return True
    return False


def waiting_before(state: GameState, step: Step) -> list[str]:
    """The players whose national advantage acts just before ``step`` and can still be used:
    the tracks stop there for them (as Stables stop before Discovery), until a ``resolve``."""
    if not state.setup.options.nations or went_on_before(state, step):
        return []
    return [name for name in state.order
            if (nation := state.players[name].nation) is not None
            and NATION_POWERS[nation].acts_before == step
            and _stops_before_its_track(state, nation)
            and usable_now(state, state.players[name])]


def power(state: GameState, ev: Power) -> None:
    who = player(state, ev.player)
    if not state.setup.options.nations:
        raise refuse(state, _("national advantages are not used in this game"))
    if who.nation != ev.nation:
        raise refuse(state, _("{name} does not play {title}").format(
                                name=who.name, title=ev.nation.title()))
    nation = NATION_POWERS[ev.nation]
    if nation.use is None:
        raise refuse(state, _("Portugal's power is part of an expedition (nation_power)"))
    use_limited(state, who, nation.key, nation.per_game, nation.per_turn,
                _("{nation}'s power ({title})").format(nation=nation_name(ev.nation),
                                                       title=power_title(ev.nation)))
    nation.use(state, who, dict(ev.choice))


def ask(state: GameState, draft: dict[str, Any]) -> Decision:
    """The question of a national advantage used (its module writes it)."""
    me, nation = draft["player"], draft["nation"]
    power = NATION_POWERS[nation]
    if power.ask is None:
        raise MalformedEvent(_("{name}'s power is chosen with an expedition").format(
                                 name=power.name))
    return power.ask(state, draft, me, _("{player} uses {title} ({nation}): ").format(
        player=me, title=power_title(nation), nation=nation_name(nation)))
