"""France: twice a game, at most once a turn, just before Trade Goods resolves, take one
of the goods on the track.
"""

from __future__ import annotations

from companion import names
from companion.engine.common import check_good, refuse
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Step, before_track
from companion.engine.powers.base import NationPower
from companion.engine.questions import clean, ready, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _


def _moment(state: GameState) -> bool:
    return before_track(state.phase, state.step, state.cursor, Step.TRADE_GOODS)


def _use(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state):
        raise refuse(state, _("France's power is used just before Trade Goods resolves"))
    good = check_good(state, choice.get("good"))
    if good not in state.goods_offer:
        raise refuse(state, _("{good} is not on the Trade Goods track").format(good=good))
    state.goods_offer.remove(good)
    who.goods[good] += 1


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return Decision(Kind.GOOD, ask + _("which good from the Trade Goods track?"), me, "power",
                    draft=draft, answers=tuple(
                        ready(names.good(g), g, clean(with_choice(draft, good=g)))
                        for g in dict.fromkeys(state.goods_offer)))


POWER = NationPower(
    "france", "France",
    N_("Just before Trade Goods resolves: take one of the goods on the track. Twice a game, at "
    "most once a turn."),
    moment=_moment, use=_use, ask=_ask, per_game=2, per_turn=1,
    available=lambda state, who: bool(state.goods_offer))
