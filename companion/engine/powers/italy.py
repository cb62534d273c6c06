"""Italian city-states: twice a game, at most once a turn, "juste avant que la piste des
spécialistes ne soit résolue" (`000_…`, Appendix I), put one of your workers in place of the
worker on a box (that one goes home). The tracks stop just before Specialists while the power
can still be used, so workers back from Discovery may go (records before version 5: declared
before the tracks only, ``Readings.nations_declared_up_front``).
"""

from __future__ import annotations

from companion import names
from companion.engine.common import refuse, went_on_before
from companion.engine.decisions import Decision, Kind
from companion.engine.flow import Step, before_track
from companion.engine.powers.base import NationPower
from companion.engine.questions import clean, listed, ready, then, with_choice
from companion.engine.state import GameState, PlayerState
from companion.i18n import N_, _, component_name


def _moment(state: GameState) -> bool:
    return (before_track(state.phase, state.step, state.cursor, Step.SPECIALISTS)
            and not went_on_before(state, Step.SPECIALISTS))


def _use(state: GameState, who: PlayerState, choice: dict) -> None:
    if not _moment(state):
        raise refuse(state, _("the Italian power is used before Specialists resolves"))
    box, worker = choice.get("box"), choice.get("worker")
    slots = [s for s in state.tracks["specialists"] if s.label == box]
    if not slots:
        raise refuse(state, _("nobody stands on the {box!r} box").format(box=box))
    if who.reserve.get(worker or "", 0) < 1:
        raise refuse(state, _("{name} has no {worker!r} in stock to put there").format(
                                name=who.name,
                                worker=component_name("worker", worker) if worker else worker))
    assert isinstance(worker, str)  # a worker type the player has in stock
    slot = slots[0]
    state.players[slot.player].reserve[slot.worker] += 1
    who.reserve[worker] -= 1
    slot.player, slot.worker = who.name, worker


def _ask(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "box" not in choice:
        taken = state.tracks.get("specialists", [])
        return Decision(Kind.WORKER, ask + _("replace the worker on which box?"), me, "power",
                        draft=draft, answers=listed(
                            then(_("{label} box ({player}'s {worker})").format(
                                     label=names.box(s.label), player=s.player,
                                     worker=component_name("worker", s.worker)), s.label,
                                 with_choice(draft, box=s.label)) for s in taken))
    kinds = [w for w, n in state.players[me].reserve.items() if n]
    return Decision(Kind.WORKER, ask + _("which of your workers goes there?"), me, "power",
                    draft=draft, answers=tuple(
                        ready(names.worker(w), w, clean(with_choice(draft, worker=w)))
                        for w in kinds))


POWER = NationPower(
    "italy", "Italian city-states",
    N_("Before Specialists resolves: put one of your workers in place of the worker on a box "
       "(that one goes home). Twice a game, at most once a turn."),
    moment=_moment, use=_use, ask=_ask, per_game=2, per_turn=1, acts_before=Step.SPECIALISTS,
    available=lambda state, who: bool(state.tracks.get("specialists"))
    and any(who.reserve.values()))
