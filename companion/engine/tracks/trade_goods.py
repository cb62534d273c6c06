"""Trade Goods: each worker on it takes one of the goods face up (Empires: or nothing;
Age of Empires III: one must be taken, `001_…`, "Marchandises")."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import repeat
from typing import Any

from companion import names
from companion.engine.common import refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.events import TakeGood
from companion.engine.slots import current_slot
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.engine.tracks.dock import dock_and_goods_optional
from companion.engine.tracks.income import income_of
from companion.engine.worth import After, IncomeWorth
from companion.i18n import _, edition_text
from companion.scoring import economy_vp

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_GOOD = Kind.GOOD


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    """Each good face up, once; nothing where the rules allow it."""
    me = current_slot(state).player
    offer = dict.fromkeys(state.goods_offer)
    return Legal(_GOOD, "take_good", me, tuple(map(_take, repeat(me), offer)),
                 _decline(me) if dock_and_goods_optional(state) else None, draft=draft,
                 settled=True)


# Each move made once per (player, good) and shared (frozen: its events parsed once); the
# offer changes at every take, so moves are kept one by one, in small caches: a large one
# keeps enough objects alive to set off more garbage collections than it saves.
@lru_cache(maxsize=64)
def _take(me: str, good: str) -> Move:
    return Move(good, events=({"type": "take_good", "player": me, "good": good},))


@lru_cache(maxsize=8)
def _decline(me: str) -> Move:
    return Move(None, events=({"type": "take_good", "player": me, "good": None},))


def words(state: GameState, legal: Legal) -> Decision:
    slot = current_slot(state)
    prompt = edition_text(state.setup.edition, "{player} on Trade Goods slot {label}: which "
                          "good?").format(player=slot.player, label=slot.label)
    return Decision(Kind.GOOD, prompt,
                    slot.player, "take_good",
                    answers=tuple(Answer(names.good(m.value), m.value, m.events)
                                  for m in legal.moves),
                    decline=Answer(_("Takes nothing"), None, legal.decline.events)
                    if legal.decline is not None else None, draft=legal.draft)


def told(state: GameState, ev: Any, player: str) -> str:
    if not ev.good:
        return _("{player}: takes no good").format(player=player)
    return _("{player}: takes {good}").format(
        player=player, good=names.good(ev.good, state.setup.edition))


QUESTION = Question("take_good", legal, words, told)


def hint(state: GameState, decision: Decision, answer: Answer,
         after: After) -> IncomeWorth | None:
    """The player's income this turn and Economy VP at game end, without and with it."""
    me = decision.player
    later = after(state, answer)
    if me is None or later is None:
        return None
    return IncomeWorth(me, income_of(state, me), income_of(later, me),
                       _economy(state, me), _economy(later, me))


def _economy(state: GameState, name: str) -> int:
    who = state.players[name]
    return economy_vp(who.goods, who.ships)


def effect(state: GameState, ev: TakeGood, slot: Slot) -> None:
    if ev.good is None and not dock_and_goods_optional(state):
        raise refuse(state, _("{player} on Trade Goods takes one of the goods there: taking "
                              "nothing is not allowed in {title}").format(
                                player=slot.player, title=state.edition.title))
    if ev.good is not None:
        if ev.good not in state.goods_offer:
            offer = ", ".join(state.goods_offer) or "none"
            raise refuse(state, _("{good} is not on the Trade Goods track (left: {offer})").format(
                                    good=ev.good, offer=offer))
        state.goods_offer.remove(ev.good)
        state.players[slot.player].goods[ev.good] += 1
