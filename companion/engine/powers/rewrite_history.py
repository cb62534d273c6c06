"""Rewrite History (immediate): take a discovery token from each of up to 2 other players.

The owner chooses whom to take from; the token is drawn at random, face down (`000_…`,
Appendix II, "Réécrire l'histoire": "Les compteurs sont choisis au hasard"), so the app asks
which token came out, as it asks an expedition's revealed token: a report, with no values
shown beside the tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import (
    player,
    refuse,
)
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.powers.base import BuildingPower, choice_of
from companion.engine.questions import clean, record_move, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import _
from companion.rules.buildings import Building
from companion.rules.discoveries import TOKENS, discovery_name


def _effect(state: GameState, who: PlayerState, b: Building, choice: Mapping) -> None:
    taken = choice_of(state, choice, "tokens", b)
    if not isinstance(taken, dict) or len(taken) > 2:
        raise refuse(state, _("{name}: give player -> token for up to 2 different players").format(
                                name=names.building_of(state, b)))
    for name, token in taken.items():
        victim = player(state, name)
        if victim.name == who.name:
            raise refuse(state, _("{name} takes from other players").format(name=names.building_of(
                    state, b)))
        if token not in TOKENS or token not in victim.discoveries:
            raise refuse(state, _("{name}: {name2} does not own {discovery_name}").format(
                                    name=names.building_of(state,
                                            b), name2=name, discovery_name=discovery_name(token)))
        victim.discoveries.remove(token)
        who.discoveries.append(token)


def _moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal | None:
    """From whom, then which of their tokens came out; up to two players."""
    choice = draft["choice"]
    taken = dict(choice.get("tokens", {}))
    victim = choice.get("_from")
    if victim is not None:
        tokens = [d for d in state.players[victim].discoveries if d in TOKENS]
        return Legal(Kind.TOKEN, "buy", None, tuple(
            Move(t, draft=with_choice(draft, tokens={**taken, victim: t}, _from=None))
            for t in dict.fromkeys(tokens)), report=True, draft=draft)
    if len(taken) >= 2:
        return None
    owners = [n for n in state.order if n != me and n not in taken
              and any(d in TOKENS for d in state.players[n].discoveries)]
    if not owners:  # nobody (left) to take from: bought for its VP alone
        return record_move(with_choice(draft, tokens=taken))
    done = clean(with_choice(draft, tokens=taken))
    return Legal(Kind.PLAYER, "buy", me, tuple(
        Move(n, draft=with_choice(draft, _from=n)) for n in owners),
        Move(None, events=(done,)), draft=draft)


def _words(state: GameState, legal: Legal, ask: str) -> Decision | None:
    draft = legal.draft
    choice = draft["choice"]
    victim = choice.get("_from")
    if victim is not None:
        prompt = ask + _("one of {victim}'s tokens is drawn at random, face down: which one "
                         "came out?").format(victim=victim)
        return Decision(Kind.TOKEN, prompt, None, "buy", draft=draft, report=True,
                        answers=tuple(Answer(discovery_name(m.value), m.value, m.events,
                                             m.draft) for m in legal.moves))
    if legal.kind != Kind.PLAYER:  # (the purchase's record: nothing asked)
        return None
    nobody = _("Nobody more") if choice.get("tokens") else _("Nobody")
    return Decision(Kind.PLAYER, ask + _("take a discovery token from whom?"), legal.player,
                    "buy", draft=draft, answers=tuple(
                        Answer(m.value, m.value, m.events, m.draft) for m in legal.moves),
                    decline=Answer(nobody, None, legal.decline.events))


POWER = BuildingPower("rewrite_history", on_purchase=_effect, purchase_moves=_moves,
                      purchase_words=_words)
