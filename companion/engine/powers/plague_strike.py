"""Plague (immediate, one region): up to 3 colonists of one player in one region go home."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import (
    check_region,
    player,
    refuse,
    remove_from_region,
)
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import clean, plural, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building
from companion.rules.regions import REGIONS


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    region = check_region(state, choice_of(state, choice, "region", b))
    victim = player(state, choice_of(state, choice, "player", b))
    n = choice_of(state, choice, "colonists", b)
    if not isinstance(n, int) or not 0 <= n <= 3:
        raise refuse(state, _("{name} removes 0 to 3 colonists").format(name=names.building_of(
                state, b)))
    remove_from_region(state, region, victim.name, {"colonist": n}, names.building_of(state, b))


def _moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    """Which region, whose colonists there, how many (most first)."""
    choice = draft["choice"]
    if "region" not in choice:
        return Legal(Kind.REGION, "buy", me, tuple(
            Move(r, draft=with_choice(draft, region=r)) for r in REGIONS if state.regions[r]),
            draft=draft)
    region = choice["region"]
    if "player" not in choice:
        return Legal(Kind.PLAYER, "buy", me, tuple(
            Move(n, draft=with_choice(draft, player=n)) for n in state.regions[region]),
            draft=draft)
    if "colonists" not in choice:
        most = min(3, state.regions[region].get(choice["player"], {}).get("colonist", 0))
        return Legal(Kind.NUMBER, "buy", me, tuple(
            Move(n, events=(clean(with_choice(draft, colonists=n)),), usual=n == most)
            for n in range(most, -1, -1)), draft=draft)
    return None


def _words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    draft, kind = legal.draft, legal.kind
    if kind == Kind.REGION:
        prompt = ask + _("which region does the plague strike?")
    elif kind == Kind.PLAYER:
        prompt = ask + _("whose colonists {in_region}?").format(
            in_region=names.region_in(state.setup.edition, draft["choice"]["region"]))
    elif kind == Kind.NUMBER:
        prompt = ask + _("how many colonists are removed (up to 3)?")
    else:  # (the purchase's record: nothing asked)
        return None
    return Decision(kind, prompt, legal.player, "buy", draft=draft, answers=tuple(
        Answer(_label(state, kind, m.value), m.value, m.events, m.draft, usual=m.usual)
        for m in legal.moves))


def _label(state: GameState, kind: Kind, value: Any) -> str:
    if kind == Kind.REGION:
        return names.region(state.setup.edition, value)
    if kind == Kind.NUMBER:
        return plural(value, "colonist")
    return str(value)  # a player's name


POWER = BuildingPower("plague_strike", on_purchase=_effect, purchase_moves=_moves,
                      purchase_words=_words)
