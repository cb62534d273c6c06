"""Specialists: each box but Training gives its worker's owner that specialist from the
stock (it comes next turn); Training sells one specialist of the player's choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion import names
from companion.engine.common import from_reserve, pay, refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.events import Training
from companion.engine.slots import current_slot, home
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.i18n import _
from companion.rules.editions import SPECIALIST_TYPES, TRAINING_PRICE

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_WORKER = Kind.WORKER

BOX_ORDER = ("captain", "merchant", "missionary", "soldier", "builder", "training")


def specialist_kinds(state: GameState) -> list[str]:
    return [w for w in SPECIALIST_TYPES if w != "builder" or state.setup.options.builders]


def resolve_boxes(state: GameState) -> None:
    """Every box but Training, at once; the cursor then waits on Training (sorted last)."""
    track = state.tracks["specialists"]
    for slot in track:
        if slot.label != "training":
            who = state.players[slot.player]
            if from_reserve(state, who, slot.label, 1):
                who.incoming[slot.label] += 1
            home(state, slot)
    trains = bool(track) and track[-1].label == "training"
    state.cursor = len(track) - 1 if trains else len(track)


# ---------------------------------------------------------------- Training


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    who = state.players[current_slot(state).player]
    moves: tuple[Move, ...] = ()
    if who.money >= TRAINING_PRICE:
        moves = tuple(Move(w, events=({"type": "training", "player": who.name,
                                       "specialist": w},))
                      for w in specialist_kinds(state) if who.reserve[w] > 0)
    decline = Move(None, events=({"type": "training", "player": who.name,
                                  "specialist": None},))
    return Legal(_WORKER, "training", who.name, moves, decline, draft=draft,
                 settled=True)


def words(state: GameState, legal: Legal) -> Decision:
    who = state.players[current_slot(state).player]
    return Decision(Kind.WORKER, _("{name} on Training (has ${money}): buy a specialist for "
                                   "${TRAINING_PRICE}?").format(
                                     name=who.name, money=who.money,
                                     TRAINING_PRICE=TRAINING_PRICE), who.name, "training",
                    answers=tuple(Answer(names.worker(m.value), m.value, m.events,
                                         note=names.money(TRAINING_PRICE))
                                  for m in legal.moves),
                    decline=Answer(_("No training"), None, legal.decline.events),
                    draft=legal.draft)


def told(state: GameState, ev: Any, player: str) -> str:
    if not ev.specialist:
        return _("{player}: no training").format(player=player)
    return _("{player}: trains a {worker}").format(player=player,
                                                  worker=names.worker(ev.specialist))


QUESTION = Question("training", legal, words, told)


def effect(state: GameState, ev: Training, slot: Slot) -> None:
    if ev.specialist is not None:
        who = state.players[slot.player]
        if ev.specialist == "colonist":
            raise refuse(state, _("Training gives a specialist, not a colonist"))
        if ev.specialist == "builder" and not state.setup.options.builders:
            raise refuse(state, _("builders are only in the Builder expansion"))
        if who.reserve[ev.specialist] < 1:
            raise refuse(state, _("{name} has no {specialist} left in stock").format(
                                    name=who.name, specialist=ev.specialist))
        pay(state, who, TRAINING_PRICE, "Training")
        who.reserve[ev.specialist] -= 1
        who.incoming[ev.specialist] += 1
