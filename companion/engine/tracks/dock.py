"""Colonist Dock: each worker on it sails to a discovered region of its owner's choice
(Empires: or stays home; Age of Empires III: it must sail, `001_…`, "Dock de colons").
A merchant brings its owner money, a missionary takes colonists along.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import repeat
from typing import Any

from companion import names
from companion.engine.common import add_to_region, check_region, from_reserve, refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.events import Dock
from companion.engine.powers import reformation
from companion.engine.slots import current_slot
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.engine.worth import colony_worth
from companion.i18n import _, component_name, edition_text
from companion.rules.editions import MERCHANT_ARRIVAL_DOLLARS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_REGION = Kind.REGION


def dock_and_goods_optional(state: GameState) -> bool:
    """Whether a Colonist Dock worker may stay home and a Trade Goods worker take nothing
    (Empires; AoE III games recorded before version 4 too)."""
    return (state.edition.dock_and_goods_optional
            or state.setup.readings.skip_dock_and_goods)


# ---------------------------------------------------------------- legal moves, words


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    """Each discovered region; with one region, all the waiting workers with one tap where
    one may stay home; else the same player's next workers sent together."""
    me = current_slot(state).player
    dock, cursor, discovered = state.tracks["dock"], state.cursor, state.discovered
    optional = dock_and_goods_optional(state)
    moves = tuple(map(_sail, repeat(me), discovered, repeat(1)))  # (map stops at the end)
    if len(discovered) == 1:
        # One place to go: all the waiting workers with one tap, where one may stay home;
        # else (AoE III) each sails there by itself, the engine's only outcome.
        if optional and len(dock) - cursor > 1:
            moves = (_all_sail(discovered[0], tuple([s.player for s in dock[cursor:]])),
                     *moves)
    else:
        end = cursor  # (``me``'s run of slots from the cursor on)
        while end < len(dock) and dock[end].player == me:
            end += 1
        run = end - cursor
        if run > 1:  # (``me``'s next workers, sent together)
            moves += tuple(map(_sail, repeat(me), discovered, repeat(run)))
    return Legal(_REGION, "dock", me, moves, _stay(me) if optional else None, draft=draft,
                 settled=True)


# Each move made once and shared (frozen: its events parsed once); the regions and who is
# next change all game, so moves are kept one by one, in small caches: a large one keeps
# enough objects alive to set off more garbage collections than it saves.
@lru_cache(maxsize=128)
def _sail(me: str, region: str, run: int) -> Move:
    """``run`` of ``me``'s workers sail to ``region``."""
    return Move(region, events=({"type": "dock", "player": me, "region": region},) * run)


@lru_cache(maxsize=16)
def _all_sail(only: str, waiting: tuple[str, ...]) -> Move:
    """Every worker still on the dock (``waiting``: their owners) sails to the one region
    discovered, with one tap."""
    return Move(only, events=tuple({"type": "dock", "player": p, "region": only}
                                   for p in waiting), usual=True)


@lru_cache(maxsize=8)
def _stay(me: str) -> Move:
    return Move(None, events=({"type": "dock", "player": me, "region": None},))


def words(state: GameState, legal: Legal) -> Decision:
    slot = current_slot(state)
    me = slot.player

    def label(move: Move) -> str:
        where = names.region(state.setup.edition, move.value)
        if len(move.events) == 1:
            return where
        if move.usual:
            return edition_text(state.setup.edition, "All {n} dock workers → {where}").format(
                n=len(move.events), where=where)
        return _("All {n} of {me}'s → {where}").format(n=len(move.events), me=me, where=where)

    return Decision(Kind.REGION, edition_text(state.setup.edition, "{me}'s {worker} on dock "
                                              "slot {label}: which region does it sail to?").format(
                                     me=me, worker=component_name("worker", slot.worker),
                                     label=slot.label), me, "dock",
                    answers=tuple(Answer(label(m), m.value, m.events, usual=m.usual)
                                  for m in legal.moves),
                    decline=Answer(_("Stays home"), None, legal.decline.events)
                    if legal.decline is not None else None, draft=legal.draft)


def told(state: GameState, ev: Any, player: str) -> str:
    """A dock worker sent, in words."""
    where = names.region(state.setup.edition, ev.region) if ev.region else _("stays home")
    return edition_text(state.setup.edition, "{player}: dock worker → {region}").format(
        player=player, region=where)


QUESTION = Question("dock", legal, words, told)
hint = colony_worth


# ---------------------------------------------------------------- effect


def effect(state: GameState, ev: Dock, slot: Slot) -> None:
    """The worker sails (it stays in the New World) or, where the rules allow, goes home."""
    if ev.region is None:
        if not dock_and_goods_optional(state):
            raise refuse(state, _("{player}'s {worker} on the Colonist Dock sails to a "
                                  "discovered region: it cannot stay home in {title}").format(
                                    player=slot.player,
                                    worker=component_name("worker", slot.worker),
                                    title=state.edition.title))
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
