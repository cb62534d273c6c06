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

from companion import names
from companion.engine.board_reading import (
    Entry,
    check_counts,
    check_start,
    check_tracks,
    holds,
    read_board,
)
from companion.engine.common import refuse
from companion.engine.errors import IllegalAction
from companion.engine.events import Place
from companion.engine.game import apply
from companion.engine.state import GameState
from companion.engine.tracks import placement
from companion.i18n import _, format_list, format_ordinal, ngettext
from companion.rules.editions import TRACKS

# Tracks where a worker goes anywhere (or into the box its owner names): no slot order.
UNORDERED = ("shipping", "discovery", "specialists")
SLOTTED = tuple(t for t in TRACKS if t not in UNORDERED)


def placements_from_board(state: GameState, board: Mapping[str, Sequence[Mapping]]) -> list[Place]:
    """The placements, in a legal order, that leave the tracks as ``board`` shows them.

    ``state`` is at the start of a placement phase (nobody has placed a worker yet; workers
    the engine puts out itself, such as the X/Y dock colonists, are already there and are not
    on ``board``). ``board`` maps a track to its workers, ``{"player": ..., "worker": ...}``
    (plus ``"box"`` on Specialists), in slot order on slotted tracks; Discovery lists only the
    workers placed this turn. Raises ``MalformedEvent`` for input of the wrong shape and
    ``IllegalAction``, naming the track, when no legal placement gives this board.
    """
    check_start(state)
    entries = read_board(state, board)
    check_tracks(state, entries)
    check_counts(state, entries)
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
        check_start(state)
    except IllegalAction:
        return None
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    tracks = tuple(BoardTrack(t, names.track(t, state.setup.edition), t in SLOTTED,
                              tuple(boxes) if t == "specialists" else ())
                   for t in TRACKS)
    pieces = tuple(BoardPiece(name, worker, n) for name in state.order
                   for worker, n in state.players[name].available.items() if n > 0)
    return BoardForm(tracks, pieces)


# ---------------------------------------------------------------- the search


def _schedule(state: GameState) -> list[str]:
    """Who places the 1st, 2nd, ... worker this turn: the engine's own turn order.

    Players place one worker at a time in turn order, skipping those with none left, so the
    sequence does not depend on where the workers go: ask the engine by placing every worker
    on Merchant Shipping (which takes any number) in a throw-away copy.
    """
    probe = state.clone()
    found = []
    while (name := placement.current_placer(probe)) is not None:
        worker = next(w for w, n in probe.players[name].available.items() if n > 0)
        found.append(name)
        placement.place(probe, Place(player=name, worker=worker,
                                     track="shipping"))
    return found


def _search(schedule: Sequence[str], chains: Sequence[Sequence[Entry]],
            free: Mapping[str, int]) -> list[Entry | None] | None:
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
    path: list[Entry | None] = []

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
                    entries: Mapping[str, list[Entry]]) -> str:
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
                return ngettext(
                    "{track}: {holds}, but by then {player} had no worker left to place "
                    "({player} places {n} worker this turn; the slot before is filled at the "
                    "earliest with {who}'s {ordinal} worker)",
                    "{track}: {holds}, but by then {player} had no worker left to place "
                    "({player} places {n} workers this turn; the slot before is filled at the "
                    "earliest with {who}'s {ordinal} worker)", n).format(
                        track=names.track(track, state.setup.edition), holds=holds(e),
                        player=e.player, n=n, who=who, ordinal=format_ordinal(nth))
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
        return (_("{track}: no placement one worker at a time in turn order ({join}) "
                  "gives this slot order together with the other tracks (on its own it would "
                  "be possible)").format(
                    track=names.track(culprits[0], state.setup.edition),
                    join=', '.join(state.order)))
    if not culprits:
        culprits = [t for t in SLOTTED if len({e.player for e in entries[t]}) > 1]
    titles = format_list([names.track(t, state.setup.edition) for t in culprits])
    return ngettext(
        "{titles}: these slot orders cannot both be right: placing one worker at a time in "
        "turn order ({join}) cannot fill these tracks this way together, though each is "
        "possible on its own",
        "{titles}: these slot orders cannot all be right: placing one worker at a time in "
        "turn order ({join}) cannot fill these tracks this way together, though each is "
        "possible on its own", len(culprits) - 1).format(
            titles=titles, join=", ".join(state.order))


def _verified(state: GameState, entries: Mapping[str, list[Entry]],
              placed: Sequence[Entry]) -> list[Place]:
    """The events, each accepted by the engine, and the board they give is the board shown."""
    events = [e.event() for e in placed]
    now = state
    for e, ev in zip(placed, events, strict=True):
        try:
            now = apply(now, ev)
        except IllegalAction as exc:
            reason = str(exc).removesuffix(f" ({now.describe()})")
            raise refuse(state, _("{track}: {holds}, but {reason}").format(
                                    track=names.track(e.track, state.setup.edition),
                                    holds=holds(e), reason=reason)) from None
    left = {n: p.workers_to_place() for n, p in now.players.items() if p.workers_to_place()}
    if placement.current_placer(now) is not None or left:  # cannot happen: counts checked
        raise refuse(state, _("workers left to place after the board is entered: {left}").format(
                                left=left))
    got, want = _board_view(state, now), _entries_view(entries)
    for track in TRACKS:
        if got[track] != want[track]:  # cannot happen: a slot is the order of placement
            raise refuse(state, _("{track}: entering the board gives {got}, not "
                                  "{want}").format(track=names.track(track), got=got[track],
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


def _entries_view(entries: Mapping[str, list[Entry]]) -> dict[str, list[tuple]]:
    return {track: sorted((e.label, e.player, e.worker) for e in entries[track])
            for track in TRACKS}

