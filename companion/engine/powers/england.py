"""England: once a game, just before the Colonist Dock resolves, two more colonists of
yours join the dock (beyond the printed slots) and you may reorder the whole dock.
"""

from __future__ import annotations

from typing import Any

from companion.engine.common import from_reserve, refuse
from companion.engine.decisions import Answer, Decision, Field, Kind, Option
from companion.engine.flow import Step, before_track, is_resolving
from companion.engine.powers.base import NationPower
from companion.engine.questions import clean, plural, ready, with_choice
from companion.engine.state import GameState, PlayerState, Slot
from companion.i18n import N_, _, component_name

ENGLAND_COLONISTS = 2


def _moment(state: GameState) -> bool:
    """The declare moment, or the Dock before its first slot resolves."""
    phase, step, cursor = state.phase, state.step, state.cursor
    return is_resolving(phase, step, Step.DECLARE) or (
        step == Step.DOCK and before_track(phase, step, cursor, Step.DOCK))


def _use(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state):
        raise refuse(state, _("England's power is used just before the Colonist Dock resolves"))
    dock = state.tracks["dock"]
    for _colonist in range(from_reserve(state, who, "colonist", ENGLAND_COLONISTS)):
        dock.append(Slot(who.name, "colonist", "E"))
    order = choice.get("order")
    if order is not None:
        if sorted(order) != list(range(len(dock))):
            raise refuse(state, _("England reorders the {n} dock workers: give each position "
                                  "0..{value} once").format(n=len(dock), value=len(dock) - 1))
        dock[:] = [dock[i] for i in order]
    for number, slot in enumerate(dock, start=1):
        slot.label = str(number)


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    dock = state.tracks["dock"]
    extra = min(ENGLAND_COLONISTS, state.players[me].reserve["colonist"])
    labels = [_("{player}'s {worker} (slot {label})").format(
                  player=s.player, worker=component_name("worker", s.worker), label=s.label)
              for s in dock]
    labels += [_("{me}'s new colonist {value}").format(me=me, value=i + 1) for i in range(extra)]
    options = tuple(Option(i, label) for i, label in enumerate(labels))

    def reorder(order: Any) -> Answer:
        picked = [int(i) for i in order]
        return ready(_("New order: ") + ", ".join(labels[i] for i in picked), picked,
                     clean(with_choice(draft, order=picked)))

    prompt = ask + _("{colonists} join the dock; in which order do the dock workers "
                     "sail?").format(colonists=plural(extra, "colonist"))
    return Decision(Kind.ORDER, prompt, me, "power", draft=draft,
                    answers=(ready(_("Keep the order (new colonists last)"), None, clean(draft),
                                   usual=True),),
                    field=Field(options, total=len(options), build=reorder))


POWER = NationPower(
    "england", "England",
    N_("Just before the Colonist Dock resolves: two more colonists join the dock (beyond the "
    "printed slots) and the dock may be reordered. Once a game."),
    moment=_moment, use=_use, ask=_ask)
