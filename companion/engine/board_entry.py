"""Enter a turn's placement from the board: the finished tracks, copied track by track.

Instead of tapping each worker as it is placed, the table may copy the board once everybody
has placed. ``placements_from_board`` turns that copy into the ``Place`` events that produce
it: an order in which the players, one worker at a time in turn order, can have filled the
tracks this way. On a slotted track a worker takes the leftmost free slot, so the slot order
of a track is the order in which its workers were placed; a search finds how the tracks
interleave, and the engine (``apply``) checks every placement of the order it finds.

>>> from companion.engine.game import Game, apply
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> game = game.apply({"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...                    "buildings": ["settlers", "monastery", "trading_post", "navigator",
...                                  "trade_routes"]})
>>> for name in ("Bob", "Ann"):  # two workers each this turn, to keep the example short
...     game = game.apply({"type": "correction", "player": name, "reason": "example",
...                        "available": {"colonist": -3}})
>>> board = {
...     "initiative": [{"player": "Bob", "worker": "colonist"}],
...     "trade_goods": [{"player": "Ann", "worker": "colonist"},
...                     {"player": "Ann", "worker": "colonist"}],
...     "shipping": [{"player": "Bob", "worker": "colonist"}],
... }
>>> events = placements_from_board(game.state, board)
>>> [(ev.player, ev.track) for ev in events]
[('Ann', 'trade_goods'), ('Bob', 'initiative'), ('Ann', 'trade_goods'), ('Bob', 'shipping')]
>>> state = game.state
>>> for ev in events:
...     state = apply(state, ev)
>>> [(s.player, s.label) for s in state.tracks["trade_goods"]]
[('Ann', '1'), ('Ann', '2')]
>>> placements_from_board(game.state, {"trade_goods": board["trade_goods"] * 2})
Traceback (most recent call last):
...
companion.errors.IllegalAction: Ann has 2 workers to place this turn; the board shows 4 ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.engine.common import refuse
from companion.engine.errors import IllegalAction, MalformedEvent
from companion.engine.events import Place
from companion.engine.game import apply
from companion.engine.legal import legal_now
from companion.engine.state import GameState, Slot
from companion.engine.tracks import placement
from companion.i18n import N_, _, component_name
from companion.rules.editions import TRACK_TITLES, TRACKS, WORKER_TYPES

# Tracks where a worker goes anywhere (or into the box its owner names): no slot order.
UNORDERED = ("shipping", "discovery", "specialists")
SLOTTED = tuple(t for t in TRACKS if t not in UNORDERED)
WHY_FULL = {  # in the catalogue: shown with i18n._
    "initiative": N_("one slot per player"),
    "trade_goods": N_("one slot per good face up"),
    "buildings": N_("one slot per building face up"),
    "specialists": N_("one worker per box"),
    "warfare": N_("its limit per turn"),
}
ENTRY_KEYS = {"player", "worker", "box"}


@dataclass(frozen=True)
class _Entry:
    """One worker as the board shows it; ``index`` is its place in the track's list."""

    track: str
    index: int
    player: str
    worker: str
    box: str | None
    label: str  # the engine's name of its slot ("3", "M1", "captain"); "" where slotless

    def event(self) -> Place:
        return Place(player=self.player, worker=self.worker,  # type: ignore[arg-type]
                     track=self.track, box=self.box)  # type: ignore[arg-type]


def placements_from_board(state: GameState, board: Mapping[str, Sequence[Mapping]]) -> list[Place]:
    """The placements, in a legal order, that leave the tracks as ``board`` shows them.

    ``state`` is at the start of a placement phase (nobody has placed a worker yet; workers
    the engine puts out itself, such as the X/Y dock colonists, are already there and are not
    on ``board``). ``board`` maps a track to its workers, ``{"player": ..., "worker": ...}``
    (plus ``"box"`` on Specialists), in slot order on slotted tracks; Discovery lists only the
    workers placed this turn. Raises ``MalformedEvent`` for input of the wrong shape and
    ``IllegalAction``, naming the track, when no legal placement gives this board.
    """
    _check_start(state)
    entries = _read_board(state, board)
    _check_tracks(state, entries)
    _check_counts(state, entries)
    schedule = _schedule(state)
    chains = [entries[t] for t in SLOTTED]
    free = {name: [e for t in UNORDERED for e in entries[t] if e.player == name]
            for name in state.order}
    order = _search(schedule, chains, {n: len(f) for n, f in free.items()})
    if order is None:
        raise refuse(state, _why_impossible(state, schedule, entries))
    picks = {name: iter(f) for name, f in free.items()}  # slotless: any order will do
    placed = [next(picks[name]) if e is None else e
              for name, e in zip(schedule, order, strict=True)]
    return _verified(state, entries, placed)


@dataclass(frozen=True)
class BoardTrack:
    """A track as the board-entry form shows it: ``ordered`` when its slot order matters,
    ``boxes`` on Specialists (each box holds one worker)."""

    track: str
    title: str
    ordered: bool
    boxes: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardPiece:
    """A worker a player still has to place this turn: ``most`` of them."""

    player: str
    worker: str
    most: int


@dataclass(frozen=True)
class BoardForm:
    """What the table may enter from the board now: the tracks and every player's workers."""

    tracks: tuple[BoardTrack, ...]
    pieces: tuple[BoardPiece, ...]


def board_form(state: GameState) -> BoardForm | None:
    """The board-entry form for this moment, or None when the board cannot be entered
    (outside placement, or once a player has placed a worker this turn)."""
    try:
        _check_start(state)
    except IllegalAction:
        return None
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    tracks = tuple(BoardTrack(t, TRACK_TITLES[t], t in SLOTTED,
                              tuple(boxes) if t == "specialists" else ())
                   for t in TRACKS)
    pieces = tuple(BoardPiece(name, worker, n) for name in state.order
                   for worker, n in state.players[name].available.items() if n > 0)
    return BoardForm(tracks, pieces)


# ---------------------------------------------------------------- reading the board


def _check_start(state: GameState) -> None:
    if placement.current_placer(state) is None:
        raise refuse(state, _("the board can be entered only during the placement phase"))
    placed = _placed_by_players(state)
    if placed:
        track, slot = placed[0]
        raise refuse(state, _("{count} already placed this turn (such as {player}'s {worker} "
                              "on {TRACK_TITLES}): enter the board before anyone places, or "
                              "undo those placements first").format(
                                count=_count(len(placed), 'worker'), player=slot.player,
                                worker=component_name("worker", slot.worker),
                                TRACK_TITLES=TRACK_TITLES[track]))


def _placed_by_players(state: GameState) -> list[tuple[str, Slot]]:
    """Slots the players filled this turn: all but the dock slots buildings fill by themselves."""
    fixed = {b.effect.dock_slot for b in state.catalogue.values() if b.effect.dock_slot}
    return [(track, s) for track, slots in state.tracks.items() for s in slots
            if not (track == "dock" and s.label in fixed)]


def _read_board(state: GameState, board: object) -> dict[str, list[_Entry]]:
    if not isinstance(board, Mapping):
        raise MalformedEvent(_("the board is a mapping from each track to the list of its "
                               "workers, not {name}").format(name=type(board).__name__))
    entries: dict[str, list[_Entry]] = {t: [] for t in TRACKS}
    numbered_dock = legal_now(state).open_slots.get("dock") or 0
    for track, workers in board.items():
        if track not in TRACKS:
            raise refuse(state, _("there is no track {track!r} on the board (tracks: "
                                  "{tracks})").format(track=track, tracks=", ".join(TRACKS)))
        title = TRACK_TITLES[track]
        if isinstance(workers, str | bytes | Mapping) or not isinstance(workers, Sequence):
            raise MalformedEvent(_("{title}: give the list of its workers, not {name}").format(
                                     title=title, name=type(workers).__name__))
        entries[track] = [_read_entry(state, track, i, raw, numbered_dock)
                          for i, raw in enumerate(workers)]
    return entries


def _read_entry(state: GameState, track: str, index: int, raw: object,
                numbered_dock: int) -> _Entry:
    title = TRACK_TITLES[track]
    where = _("{title}: entry {value}").format(title=title, value=index + 1)
    if not isinstance(raw, Mapping):
        raise MalformedEvent(_("{where} is not a {{\"player\": ..., \"worker\": ...}} "
                               "mapping").format(where=where))
    needed = ("player", "worker", "box") if track == "specialists" else ("player", "worker")
    missing = [k for k in needed if k not in raw]
    if missing:
        raise MalformedEvent(_("{where} has no {join}").format(
                                 where=where, join=' or '.join(repr(k) for k in missing)))
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
    return _Entry(track, index, name, worker, box, label)


def _check_tracks(state: GameState, entries: Mapping[str, list[_Entry]]) -> None:
    """What is wrong with a track whatever the order: a player twice, a box twice, too many."""
    for name, n in Counter(e.player for e in entries["initiative"]).items():
        if n > 1:
            raise refuse(state, _("Initiative: {name} appears {times} (one worker each)").format(
                                    name=name, times=_times(n)))
    for box, n in Counter(e.box for e in entries["specialists"]).items():
        if n > 1:
            raise refuse(state, _("Specialists: the {box} box is taken {times} (one worker "
                                  "per box)").format(box=box, times=_times(n)))
    room = legal_now(state).open_slots
    for track, why in WHY_FULL.items():
        shown, free = len(entries[track]), room.get(track)
        if free is not None and shown > free:
            raise refuse(state, _("{TRACK_TITLES}: the board shows {shown} workers, but the "
                                  "track takes only {free} this turn ({why})").format(
                                    TRACK_TITLES=TRACK_TITLES[track], shown=shown, free=free,
                                    why=_(why)))


def _check_counts(state: GameState, entries: Mapping[str, list[_Entry]]) -> None:
    """Every worker to place is on the board, no more: workers cannot be saved."""
    shown: dict[str, list[_Entry]] = {name: [] for name in state.order}
    for track in TRACKS:
        for e in entries[track]:
            shown[e.player].append(e)
    for name in state.order:
        has, on_board = state.players[name].workers_to_place(), len(shown[name])
        if has != on_board:
            hint = _(" (workers cannot be saved for a later turn)") if on_board < has else ""
            raise refuse(state, _("{name} has {count} to place this turn; the board shows "
                                  "{on_board}{hint}").format(
                                    name=name, count=_count(has, 'worker'), on_board=on_board,
                                    hint=hint))
    for name in state.order:
        available = state.players[name].available
        for worker in WORKER_TYPES:
            mine = [e for e in shown[name] if e.worker == worker]
            if len(mine) > available.get(worker, 0):
                where = _and([_spot(e) for e in mine])
                has = available.get(worker, 0)
                what = _count(has, worker) if has else f"no {worker}"
                raise refuse(state, _("{name} has {what} to place this turn; the board shows "
                                      "{count} ({where})").format(
                                        name=name, what=what, count=_count(len(mine), worker),
                                        where=where))


# ---------------------------------------------------------------- the search


def _schedule(state: GameState) -> list[str]:
    """Who places the 1st, 2nd, ... worker this turn: the engine's own turn order.

    Players place one worker at a time in turn order, skipping those with none left, so the
    sequence does not depend on where the workers go: ask the engine by placing every worker
    on Merchant Shipping (which takes any number) in a throw-away copy.
    """
    probe = state.clone()
    names = []
    while (name := placement.current_placer(probe)) is not None:
        worker = next(w for w, n in probe.players[name].available.items() if n > 0)
        names.append(name)
        placement.place(probe, Place(player=name, worker=worker,  # type: ignore[arg-type]
                                     track="shipping"))
    return names


def _search(schedule: Sequence[str], chains: Sequence[Sequence[_Entry]],
            free: Mapping[str, int]) -> list[_Entry | None] | None:
    """For each placement of ``schedule``, the slotted entry placed then (None: a free one).

    Depth-first: the player whose turn it is places the next unfilled slot of some track if
    that slot is his, or one of his workers that go on no slot (``free`` counts them per
    player). A branch is cut as soon as some track's next slot can no longer be filled in
    time for the rest of that track, and failed positions are remembered: a position is the
    number of placements made and how far each track is filled (which fixes how many free
    workers each player has used).
    """
    total = len(schedule)
    turns: dict[str, list[int]] = {}
    for t, name in enumerate(schedule):
        turns.setdefault(name, []).append(t)
    # done[t][p]: placements player p has made before placement t
    done: list[dict[str, int]] = [{}]
    for name in schedule:
        row = dict(done[-1])
        row[name] = row.get(name, 0) + 1
        done.append(row)
    # filled[k][i][p]: entries of player p among the first i slots of chain k
    filled: list[list[Counter[str]]] = []
    # latest[k][i]: the last placement at which slot i of chain k can still be filled
    latest: list[list[int]] = []
    for chain in chains:
        rows = [Counter[str]()]
        for e in chain:
            rows.append(rows[-1] + Counter({e.player: 1}))
        filled.append(rows)
        deadlines, before = [], total
        for e in reversed(chain):
            before = max((t for t in turns.get(e.player, []) if t < before), default=-1)
            deadlines.append(before)
        latest.append(deadlines[::-1])
    failed: set[tuple[int, tuple[int, ...]]] = set()
    path: list[_Entry | None] = []

    def go(t: int, pos: tuple[int, ...]) -> bool:
        if t == total:
            return all(p == len(c) for p, c in zip(pos, chains, strict=True))
        if (t, pos) in failed:
            return False
        if any(p < len(c) and t > latest[k][p]
               for k, (p, c) in enumerate(zip(pos, chains, strict=True))):
            return False
        name = schedule[t]
        for k, chain in enumerate(chains):
            if pos[k] < len(chain) and chain[pos[k]].player == name:
                path.append(chain[pos[k]])
                if go(t + 1, (*pos[:k], pos[k] + 1, *pos[k + 1:])):
                    return True
                path.pop()
        slotted = sum(filled[k][pos[k]][name] for k in range(len(chains)))
        if done[t].get(name, 0) - slotted < free.get(name, 0):
            path.append(None)
            if go(t + 1, pos):
                return True
            path.pop()
        failed.add((t, pos))
        return False

    return path if go(0, (0,) * len(chains)) else None


def _why_impossible(state: GameState, schedule: Sequence[str],
                    entries: Mapping[str, list[_Entry]]) -> str:
    """Name the track (or tracks) whose slot order no placement in turn order can give."""
    turns: dict[str, list[int]] = {}
    for t, name in enumerate(schedule):
        turns.setdefault(name, []).append(t)
    # A track on its own: fill each slot as early as its owner's turns allow.
    for track in SLOTTED:
        earliest = -1
        previous: tuple[str, int] | None = None
        for e in entries[track]:
            later = [t for t in turns[e.player] if t > earliest]
            if not later:
                n = len(turns[e.player])
                who, nth = previous or (e.player, 0)
                return (_("{TRACK_TITLES}: {holds}, but by then {player} had no worker left "
                          "to place ({player} places {count} this turn; the slot before is "
                          "filled at the earliest with {who}'s {ordinal} worker)").format(
                            TRACK_TITLES=TRACK_TITLES[track], holds=_holds(e), player=e.player,
                            count=_count(n, 'worker'), who=who, ordinal=_ordinal(nth)))
            earliest = later[0]
            previous = (e.player, turns[e.player].index(earliest) + 1)
    # Each track is possible alone: find the tracks whose orders clash.
    chains = [entries[t] for t in SLOTTED]
    culprits = []
    for k, track in enumerate(SLOTTED):
        if not chains[k]:
            continue
        relaxed = [c if i != k else [] for i, c in enumerate(chains)]
        free = Counter(e.player for t in UNORDERED for e in entries[t])
        free.update(e.player for e in chains[k])
        if _search(schedule, relaxed, free) is not None:
            culprits.append(track)
    if len(culprits) == 1:
        return (_("{TRACK_TITLES}: no placement one worker at a time in turn order ({join}) "
                  "gives this slot order together with the other tracks (on its own it would "
                  "be possible)").format(
                    TRACK_TITLES=TRACK_TITLES[culprits[0]], join=', '.join(state.order)))
    if not culprits:
        culprits = [t for t in SLOTTED if len({e.player for e in entries[t]}) > 1]
    titles = _and([TRACK_TITLES[t] for t in culprits])
    return (f"{titles}: these slot orders cannot {'both' if len(culprits) == 2 else 'all'} be "
            f"right, placing one worker at a time in turn order ({', '.join(state.order)}) "
            "cannot fill these tracks this way together, though each is possible on its own")


def _verified(state: GameState, entries: Mapping[str, list[_Entry]],
              placed: Sequence[_Entry]) -> list[Place]:
    """The events, each accepted by the engine, and the board they give is the board shown."""
    events = [e.event() for e in placed]
    now = state
    for e, ev in zip(placed, events, strict=True):
        try:
            now = apply(now, ev)
        except IllegalAction as exc:
            reason = str(exc).removesuffix(f" ({now.describe()})")
            raise refuse(state, _("{TRACK_TITLES}: {holds}, but {reason}").format(
                                    TRACK_TITLES=TRACK_TITLES[e.track], holds=_holds(e),
                                    reason=reason)) from None
    left = {n: p.workers_to_place() for n, p in now.players.items() if p.workers_to_place()}
    if placement.current_placer(now) is not None or left:  # cannot happen: counts checked
        raise refuse(state, _("workers left to place after the board is entered: {left}").format(
                                left=left))
    got, want = _board_view(state, now), _entries_view(entries)
    for track in TRACKS:
        if got[track] != want[track]:  # cannot happen: a slot is the order of placement
            raise refuse(state, _("{track}: entering the board gives {got}, not "
                                  "{want}").format(track=TRACK_TITLES[track], got=got[track],
                                                   want=want[track]))
    return events


def _board_view(before: GameState, after: GameState) -> dict[str, list[tuple]]:
    """The slots the players filled (all but those there before), sorted by label."""
    existing = {(t, s.player, s.worker, s.label) for t, slots in before.tracks.items()
                for s in slots}
    view: dict[str, list[tuple]] = {}
    for track in TRACKS:
        slotless = track in ("shipping", "discovery")  # labels there only count arrivals
        view[track] = sorted(("" if slotless else s.label, s.player, s.worker)
                             for s in after.tracks[track]
                             if (track, s.player, s.worker, s.label) not in existing)
    return view


def _entries_view(entries: Mapping[str, list[_Entry]]) -> dict[str, list[tuple]]:
    return {track: sorted((e.label, e.player, e.worker) for e in entries[track])
            for track in TRACKS}


# ---------------------------------------------------------------- words


def _spot(e: _Entry) -> str:
    """Where an entry stands, short: "Trade Goods slot 3", "Specialists, captain box"."""
    title = TRACK_TITLES[e.track]
    if e.track == "specialists":
        return _("{title}, {box} box").format(title=title, box=e.box)
    if not e.label:
        return title
    return f"{title} {'slot' if e.label.isdigit() else 'place'} {e.index + 1}"


def _holds(e: _Entry) -> str:
    """What the board shows there: "slot 3 holds Ann's colonist", "Ann's colonist"."""
    whose = f"{e.player}'s {e.worker}"
    if e.track == "specialists":
        return _("the {box} box holds {whose}").format(box=e.box, whose=whose)
    if not e.label:
        return whose
    if e.label.isdigit():
        return _("slot {value} holds {whose}").format(value=e.index + 1, whose=whose)
    return _("place {value} (past the numbered slots) holds {whose}").format(
               value=e.index + 1, whose=whose)


def _count(n: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{n} {noun if n == 1 else plural}"


def _times(n: int) -> str:
    return {2: "twice", 3: "three times"}.get(n, f"{n} times")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
