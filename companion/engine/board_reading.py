"""Reading a copied board: each worker the table entered, checked against the turn (who
may still place, what each track holds), and the words that name a spot on the board.
The search for a placement order that fills the board this way is ``board_entry``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion import names
from companion.engine.common import refuse
from companion.engine.errors import MalformedEvent
from companion.engine.events import Place
from companion.engine.legal import legal_now
from companion.engine.state import GameState, Slot
from companion.engine.tracks import placement
from companion.i18n import (
    N_,
    _,
    component_count,
    component_name,
    format_list,
    ngettext,
)
from companion.rules.editions import TRACKS, WORKER_TYPES

WHY_FULL = {  # in the catalogue: shown with i18n._
    "initiative": N_("one slot per player"),
    "trade_goods": N_("one slot per good face up"),
    "buildings": N_("one slot per building face up"),
    "specialists": N_("one worker per box"),
    "warfare": N_("its limit per turn"),
}
ENTRY_KEYS = {"player", "worker", "box"}


@dataclass(frozen=True)
class Entry:
    """One worker as the board shows it; ``index`` is its place in the track's list."""

    track: str
    index: int
    player: str
    worker: str
    box: str | None
    label: str  # the engine's name of its slot ("3", "M1", "captain"); "" where slotless

    def event(self) -> Place:
        return Place(player=self.player, worker=self.worker,
                     track=self.track, box=self.box)

# ---------------------------------------------------------------- reading the board


def check_start(state: GameState) -> None:
    if placement.current_placer(state) is None:
        raise refuse(state, _("the board can be entered only during the placement phase"))
    placed = _placed_by_players(state)
    if placed:
        track, slot = placed[0]
        raise refuse(state, ngettext(
            "{n} worker already placed this turn ({whose} on {track}): enter the board "
            "before anyone places, or undo that placement first",
            "{n} workers already placed this turn (such as {whose} on {track}): enter the "
            "board before anyone places, or undo those placements first", len(placed)).format(
                n=len(placed), whose=whose(slot.player, slot.worker),
                track=names.track(track, state.setup.edition)))


def _placed_by_players(state: GameState) -> list[tuple[str, Slot]]:
    """Slots the players filled this turn: all but the dock slots buildings fill by themselves."""
    fixed = {b.effect.dock_slot for b in state.catalogue.values() if b.effect.dock_slot}
    return [(track, s) for track, slots in state.tracks.items() for s in slots
            if not (track == "dock" and s.label in fixed)]


def read_board(state: GameState, board: object) -> dict[str, list[Entry]]:
    if not isinstance(board, Mapping):
        raise MalformedEvent(_("the board is a mapping from each track to the list of its "
                               "workers, not {name}").format(name=type(board).__name__))
    entries: dict[str, list[Entry]] = {t: [] for t in TRACKS}
    numbered_dock = legal_now(state).open_slots.get("dock") or 0
    for track, workers in board.items():
        if track not in TRACKS:
            raise refuse(state, _("there is no track {track!r} on the board (tracks: "
                                  "{tracks})").format(track=track, tracks=", ".join(TRACKS)))
        title = names.track(track, state.setup.edition)
        if isinstance(workers, str | bytes | Mapping) or not isinstance(workers, Sequence):
            raise MalformedEvent(_("{title}: give the list of its workers, not {name}").format(
                                     title=title, name=type(workers).__name__))
        entries[track] = [_read_entry(state, track, i, raw, numbered_dock)
                          for i, raw in enumerate(workers)]
    return entries


def _read_entry(state: GameState, track: str, index: int, raw: object,
                numbered_dock: int) -> Entry:
    title = names.track(track, state.setup.edition)
    where = _("{title}: entry {value}").format(title=title, value=index + 1)
    if not isinstance(raw, Mapping):
        raise MalformedEvent(_("{where} is not a {{\"player\": ..., \"worker\": ...}} "
                               "mapping").format(where=where))
    needed = ("player", "worker", "box") if track == "specialists" else ("player", "worker")
    missing = [k for k in needed if k not in raw]
    if missing:
        raise MalformedEvent(_("{where} has no {join}").format(
                                 where=where, join=format_list([repr(k) for k in missing],
                                                               style="or")))
    unknown = sorted(str(k) for k in raw if k not in ENTRY_KEYS)
    if unknown:
        raise MalformedEvent(_("{where} has unknown keys: {join}").format(
                                 where=where, join=', '.join(unknown)))
    name, worker, box = raw["player"], raw["worker"], raw.get("box")
    if not (isinstance(name, str) and isinstance(worker, str)
            and (box is None or isinstance(box, str))):
        raise MalformedEvent(_("{where}: player, worker and box are names (text)").format(
                                 where=where))
    if name not in state.players:
        raise refuse(state, _("{where} belongs to {name!r}, who is not a player in this game "
                              "(players: {join})").format(
                                where=where, name=name, join=', '.join(state.order)))
    if worker not in WORKER_TYPES:
        raise refuse(state, _("{where}: {worker!r} is not a kind of worker ({join})").format(
                                where=where, worker=component_name("worker", worker),
                                join=', '.join(WORKER_TYPES)))
    if box is not None and track != "specialists":
        raise refuse(state, _("{where}: boxes exist only on the Specialists track").format(
                                where=where))
    if track == "specialists":
        boxes = state.edition.specialist_boxes(state.setup.options.builders)
        if box not in boxes:
            raise refuse(state, _("{where}: there is no {box!r} box in this game (boxes: "
                                  "{join})").format(where=where, box=box, join=', '.join(boxes)))
    # The label the engine gives that slot (see ``placement``): past the numbered dock slots
    # only a Mayflower owner's ships carry workers, M1.. in order.
    if track in ("shipping", "discovery"):
        label = ""
    elif track == "specialists":
        label = str(box)
    elif track == "dock" and index >= numbered_dock:
        label = f"M{index - numbered_dock + 1}"
    else:
        label = str(index + 1)
    return Entry(track, index, name, worker, box, label)


def check_tracks(state: GameState, entries: Mapping[str, list[Entry]]) -> None:
    """What is wrong with a track whatever the order: a player twice, a box twice, too many."""
    for name, n in Counter(e.player for e in entries["initiative"]).items():
        if n > 1:
            raise refuse(state, ngettext(
                "{track}: {name} appears {n} time (one worker each)",
                "{track}: {name} appears {n} times (one worker each)", n).format(
                    track=names.track("initiative", state.setup.edition), name=name, n=n))
    for box, n in Counter(e.box for e in entries["specialists"]).items():
        if n > 1:
            raise refuse(state, ngettext(
                "{track}: the {box} box is taken {n} time (one worker per box)",
                "{track}: the {box} box is taken {n} times (one worker per box)", n).format(
                    track=names.track("specialists", state.setup.edition), box=box_name(box),
                    n=n))
    room = legal_now(state).open_slots
    for track, why in WHY_FULL.items():
        shown, free = len(entries[track]), room.get(track)
        if free is not None and shown > free:
            raise refuse(state, ngettext(
                "{track}: the board shows {shown} workers, but the track takes only {free} "
                "this turn ({why})", "{track}: the board shows {shown} workers, but the track "
                "takes only {free} this turn ({why})", free).format(
                    track=names.track(track, state.setup.edition), shown=shown, free=free,
                    why=_(why)))


def check_counts(state: GameState, entries: Mapping[str, list[Entry]]) -> None:
    """Every worker to place is on the board, no more: workers cannot be saved."""
    shown: dict[str, list[Entry]] = {name: [] for name in state.order}
    for track in TRACKS:
        for e in entries[track]:
            shown[e.player].append(e)
    for name in state.order:
        has, on_board = state.players[name].workers_to_place(), len(shown[name])
        if has != on_board:
            if on_board < has:
                said = ngettext("{name} has {n} worker to place this turn; the board shows "
                                "{on_board} (workers cannot be saved for a later turn)",
                                "{name} has {n} workers to place this turn; the board shows "
                                "{on_board} (workers cannot be saved for a later turn)", has)
            else:
                said = ngettext("{name} has {n} worker to place this turn; the board shows "
                                "{on_board}", "{name} has {n} workers to place this turn; "
                                "the board shows {on_board}", has)
            raise refuse(state, said.format(name=name, n=has, on_board=on_board))
    for name in state.order:
        available = state.players[name].available
        for worker in WORKER_TYPES:
            mine = [e for e in shown[name] if e.worker == worker]
            if len(mine) > available.get(worker, 0):
                has = available.get(worker, 0)
                said = (_("{name} has {what} to place this turn; the board shows {count} "
                          "({where})") if has else
                        _("{name} has no {none} to place this turn; the board shows {count} "
                          "({where})"))
                raise refuse(state, said.format(
                    name=name, what=component_count(has, "worker", worker),
                    none=component_name("worker", worker, count=0),
                    count=component_count(len(mine), "worker", worker),
                    where=format_list([_spot(state, e) for e in mine])))


# ---------------------------------------------------------------- words


def box_name(box: str | None) -> str:
    """A Specialists box as printed ("Captain", "Training")."""
    return component_name("specialist", str(box).title())


def whose(player: str, worker: str) -> str:
    """"Ann's colonist", the worker as printed."""
    return _("{player}'s {worker}").format(player=player,
                                           worker=component_name("worker", worker))


def _spot(state: GameState, e: Entry) -> str:
    """Where an entry stands, short: "Trade Goods slot 3", "Specialists, captain box"."""
    title = names.track(e.track, state.setup.edition)
    if e.track == "specialists":
        return _("{title}, {box} box").format(title=title, box=box_name(e.box))
    if not e.label:
        return title
    if e.label.isdigit():
        return _("{title} slot {value}").format(title=title, value=e.index + 1)
    return _("{title} place {value}").format(title=title, value=e.index + 1)


def holds(e: Entry) -> str:
    """What the board shows there: "slot 3 holds Ann's colonist", "Ann's colonist"."""
    worker = whose(e.player, e.worker)
    if e.track == "specialists":
        return _("the {box} box holds {whose}").format(box=box_name(e.box), whose=worker)
    if not e.label:
        return worker
    if e.label.isdigit():
        return _("slot {value} holds {whose}").format(value=e.index + 1, whose=worker)
    return _("place {value} (past the numbered slots) holds {whose}").format(
               value=e.index + 1, whose=worker)

