"""Portugal: once an age, an expedition may draw a discovery card instead of sailing to a
region; the natives are always 3. Chosen with the expedition (``nation_power``), so it is
never a separate power event.

`000_…`, Appendix I: "une fois par Âge … peut utiliser la pile des cartes découvertes à la
place de découvrir une région … la résistance sera toujours égale à 3". Once every region is
discovered everyone draws cards, but the power still sets the natives to 3, so it stays open
while unused this age. ``_broken`` is the one rule: the expedition question offers the power
exactly when the engine accepts it.
"""

from __future__ import annotations

from companion.engine.common import refuse, use_limited
from companion.engine.discovery import resistance_modifier
from companion.engine.powers.base import NationPower
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _

PORTUGAL_NATIVES = 3


def _key(state: GameState) -> str:
    return f"nation:portugal:age{state.age}"


def _broken(state: GameState, who: PlayerState) -> str | None:
    """Which condition of the power ``who`` fails now (None: none, it may be used)."""
    if not state.setup.options.nations:
        return "off"
    if who.nation != "portugal":
        return "nation"
    if who.uses.get(_key(state), 0) >= 1:
        return "used"
    return None


def refusal(state: GameState, who: PlayerState) -> str | None:
    """Why ``who`` may not use Portugal's power on this turn's expedition (None: it may)."""
    broken = _broken(state, who)
    if broken == "off":
        return _("national advantages are not used in this game")
    if broken == "nation":
        return _("{name} does not play Portugal").format(name=who.name)
    if broken == "used":
        return _("{name} has already used Portugal's power in Age {age} (once an age)").format(
            name=who.name, age=state.age)
    return None


def ready(state: GameState, name: str) -> bool:
    """Whether ``name`` may use Portugal's power on this turn's expedition (asked with
    every expedition: no words built)."""
    return _broken(state, state.players[name]) is None


def natives(state: GameState, name: str) -> int:
    """The resistance Portugal's card faces: always 3, less 1 with the Age I Plague under the
    reading "building text beats the general rules" (``Readings.portugal_plague``)."""
    plague = resistance_modifier(state, name) if state.setup.readings.portugal_plague else 0
    return PORTUGAL_NATIVES + plague


def expedition(state: GameState, who: PlayerState, target: str | None) -> int:
    """Checks Portugal's power for an expedition; returns the natives it faces."""
    why = refusal(state, who)
    if why is not None:
        raise refuse(state, why)
    if target != "card":
        raise refuse(state, _("Portugal's power draws a discovery card (target 'card')"))
    use_limited(state, who, _key(state), 1, None, _("Portugal's power in Age {age}").format(
                                                      age=state.age))
    return natives(state, who.name)


POWER = NationPower(
    "portugal", "Portugal",
    N_("On Discovery: draw a discovery card instead of a region; the natives are always 3. Once "
    "an age (chosen with the expedition)."),
    moment=lambda state: False, declared_before_tracks=False)
