"""Phase 1: placing workers on the tracks, one at a time in turn order: where each track
has room (its opener), the placement itself, and the placement question.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> game = game.apply({"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...                    "buildings": ["settlers", "monastery", "trading_post", "navigator",
...                                  "trade_routes"]})
>>> open_slots(game.state)["dock"], open_slots(game.state)["shipping"]
(3, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import compress
from typing import Any, NamedTuple

from companion import names
from companion.engine.common import player, refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.events import Place, event_dict
from companion.engine.flow import Phase
from companion.engine.powers import mayflower
from companion.engine.questions import counts_words
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.engine.tracks.placement_board import (
    BIT,
    BOX_BIT,
    BUILDERS_PLAYED,
    BUILDINGS,
    DOCK,
    INITIATIVE,
    NEVER,
    PLACES,
    TRADE_GOODS,
    WARFARE,
    WORKER_BIT,
    WORKERS_OF,
    Open,
    TrackBox,
    board_of,
    on_numbered_slots,
    open_flags,
    scan,
    why_closed,
    with_ship,
)
from companion.i18n import _, component_name
from companion.rules.editions import TRACKS, WORKER_TYPES

# Read before every placement of every game: an enum member is slow to look up.
_PLACEMENT, _PLACE = Phase.PLACEMENT, Kind.PLACE

# What follows the last placement of a turn: the resolution's start, which
# ``companion.engine.resolution`` plugs in when it is imported. (It runs the tracks, this
# module among them: importing it from here would close a circle between the two.)
AFTER_PLACEMENT: list[Callable[[GameState], None]] = []


def _placement_over(state: GameState) -> None:
    (begin_resolution,) = AFTER_PLACEMENT  # (plugged in once)
    begin_resolution(state)


def start_turn(state: GameState) -> None:
    """Open the placement phase: free workers from buildings, then the first player."""
    state.phase = Phase.PLACEMENT
    state.tracks = {track: [] for track in TRACKS}
    state.turn_uses = {}
    state.turn_choices = {}
    state.mayflower_ships = {}
    state.step, state.cursor, state.queue = None, 0, []
    for name in state.order:
        who = state.players[name]
        for building_id in who.buildings:
            effect = state.catalogue[building_id].effect
            if effect.dock_slot and who.reserve["colonist"] > 0:
                who.reserve["colonist"] -= 1
                state.tracks["dock"].append(Slot(name, "colonist", effect.dock_slot))
            if effect.discovery_worker and who.reserve[effect.discovery_worker] > 0:
                who.reserve[effect.discovery_worker] -= 1
                who.discovery[effect.discovery_worker] += 1
    state.placing = 0
    _skip_to_next_placer(state)


def start_placing_from(state: GameState) -> None:
    """After a correction: the current placer, or the next one who still has workers."""
    _skip_to_next_placer(state)


def _skip_to_next_placer(state: GameState) -> None:
    """The current placer, or the next in turn order with a worker left (not after a place)."""
    players, order = state.players, state.order
    n = len(order)
    start = state.placing
    for i in range(start, start + n):
        idx = i % n
        if sum(players[order[idx]].available.values()) > 0:  # (``workers_to_place``)
            state.placing = idx
            return
    _placement_over(state)


def current_placer(state: GameState) -> str | None:
    return state.order[state.placing] if state.phase == _PLACEMENT else None


Places = tuple[TrackBox, ...]

# The places open on one state at one event (``placement_board.scan``), kept on it as
# ``state.places`` (the fold counts every event in ``version``; a copy is another state,
# hence the state in the memo too): asked before and at every placement of every game, so
# read from the tracks once, then carried from each placement to the next by ``place``.
# Each state holds its own: two games folded in two threads share nothing.
_NOTHING_OPEN: Open = (None, -1, 0, (), 0, {}, (), "", 0, 0)


def _scan(state: GameState) -> Open:
    found = state.places = scan(state)
    return found


def _open_bits(state: GameState, name: str) -> int:
    """The places open to ``name`` now, as bits of ``BIT``."""
    found = state.places or _NOTHING_OPEN
    if found[0] is not state or found[1] != state.version:
        found = _scan(state)
    if name == found[7]:
        return found[8]
    bits = found[2] if name in found[3] else found[2] | INITIATIVE  # (one each)
    if name in found[6]:
        return with_ship(state, name, bits)
    return bits


_new_object = object.__new__
_LABELS = tuple(str(number) for number in range(1, 100))  # slots 1, 2, ... as placed


def _placer_checked(state: GameState, name: str) -> None:
    """Refuse a placement out of its phase, by nobody in the game, or out of turn."""
    if state.phase != _PLACEMENT:
        raise refuse(state, _("workers are placed only during the placement phase"))
    player(state, name)  # (refused: no such player)
    expected = state.order[state.placing]
    if name != expected:
        raise refuse(state, _("it is {expected}'s turn to place a worker, not {player}'s").format(
                                expected=expected, player=name))


def _checked(state: GameState, name: str, worker: str, track: str, box: str | None,
             found: Open) -> Open:
    """A placement the carried sets do not show legal at once, checked rule by rule:
    refused in words, or ``state``'s open places (read again if not carried here)."""
    if found[0] is not state or found[1] != state.version:  # (not carried here)
        _placer_checked(state, name)
        found = _scan(state)
    elif name != found[7]:  # (a state kept is in its placement phase)
        _placer_checked(state, name)
    available = state.players[name].available
    if available.get(worker, 0) < 1:
        have = ", ".join(f"{n} {w}" for w, n in available.items() if n) or "nothing"
        raise refuse(state, _("{player} has no {worker} left to place (has {have})").format(
                                player=name, worker=component_name("worker", worker),
                                have=have))
    if box is not None:
        if track != "specialists" and (track, box) != ("dock", "mayflower"):
            raise refuse(state, _("boxes exist only on the Specialists track, not on "
                                  "{track}").format(track=track))
        if box == "mayflower" and track != "dock":
            raise refuse(state, _("a Mayflower ship carries a worker from the Colonist Dock "
                                  "only"))
    if worker == "builder" and not state.setup.options.builders:
        raise refuse(state, _("builders are only in the Builder expansion"))
    if not found[8] & BIT.get((track, box), 0):
        raise refuse(state, why_closed(state, name, track, box))
    return found


def place(state: GameState, ev: Place) -> None:
    fields = ev.__dict__  # (read once: each field read through pydantic is slower)
    name, worker, track, box = fields["player"], fields["worker"], fields["track"], fields["box"]
    # What the placement needs: its place, its worker type, and for a builder the expansion.
    need = BIT.get((track, box), NEVER) | WORKER_BIT.get(worker, NEVER)
    if worker == "builder":
        need |= BUILDERS_PLAYED
    found = state.places or _NOTHING_OPEN
    # The usual placement, on the state the last one was folded into, by its placer, of a
    # worker type left on a place open to them, needs no more checks; any other, all.
    if found[0] is not state or found[1] != state.version or name != found[7] \
            or found[9] & need != need:
        found = _checked(state, name, worker, track, box, found)
    _state, _version, board, on_initiative, numbered, left, ships, _placer, _mine, _may = found
    who = state.players[name]
    available = who.available
    count = available[worker]
    # The worker's slot, and what the placement closes for the next placer.
    slots = state.tracks[track]
    if track == "dock":
        dock_slots = board_of(state)[1]
        if box is None and numbered < dock_slots:
            label = _LABELS[numbered]  # (at most 11 numbered slots)
            numbered += 1
            if numbered >= dock_slots:
                board &= ~DOCK
        else:  # a Mayflower ship
            ship = mayflower.extra_dock_label(state, who)
            assert ship is not None  # (an open place always has a slot)
            label = ship
            mayflower.carried(state, name)
    elif track == "specialists":
        label = box
        board &= ~BOX_BIT[box]
    else:
        try:
            label = _LABELS[len(slots)]
        except IndexError:  # (never in a game: more workers than there are)
            label = str(len(slots) + 1)
        if track == "initiative":
            on_initiative += (name,)
        elif track == "trade_goods":
            if len(slots) + 1 >= len(state.goods_offer):
                board &= ~TRADE_GOODS
        elif track == "buildings":
            if len(slots) + 1 >= len(state.buildings_offer):
                board &= ~BUILDINGS
        elif track == "warfare":
            cap = state.edition.warfare_cap
            if cap is not None and len(slots) + 1 >= cap:
                board &= ~WARFARE
        elif track == "discovery":
            who.discovery[worker] += 1
    available[worker] = count - 1
    if count == 1:  # the last of its type (the map is this state's: its last sets are
        # never read again, the state being one event further on)
        left[name] &= ~WORKER_BIT[worker]
    slot = _new_object(Slot)  # (``Slot(name, worker, label)``, without a class call: one
    slot.player = name  # costs about 600 machine instructions more, at every placement)
    slot.worker = worker
    slot.label = label
    slot.done = slot.first = False
    slots.append(slot)
    order, index = state.order, state.placing
    for _turn in order:  # the next placer: the next in turn order with a worker left
        index += 1
        if index == len(order):
            index = 0
        following = order[index]
        if left[following]:
            state.placing = index
            mine = board if following in on_initiative else board | INITIATIVE  # (``scan``)
            if following in ships:
                mine = with_ship(state, following, mine)
            state.places = (state, state.version + 1, board, on_initiative, numbered, left,
                            ships, following, mine, mine | left[following])  # (the fold
            return  # counts this event: the next version's places)
    _placement_over(state)


def open_places(state: GameState) -> tuple[str, tuple[str, ...], Places]:
    """The current placer, the worker types they have left, and the (track, box) places
    open to them: every placement is one worker type on one place."""
    if state.phase != _PLACEMENT:
        return "", (), ()
    name = state.order[state.placing]
    available = state.players[name].available
    workers = tuple([w for w in WORKER_TYPES if available.get(w, 0) > 0])
    if not workers:
        return name, (), ()
    return name, workers, tuple(compress(PLACES, open_flags(_open_bits(state, name))))


@lru_cache(maxsize=4096)
def place_event(player: str, worker: str, track: str, box: str | None) -> Place:
    """Events are frozen: the same placement is validated once and shared."""
    return Place(player=player, worker=worker, track=track, box=box)


def open_slots(state: GameState) -> dict[str, int | None]:
    """How many more workers each track takes now (None: no limit): what a board shows."""
    tracks = state.tracks
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    cap = state.edition.warfare_cap
    numbered_dock = on_numbered_slots(tracks.get("dock", []))
    return {
        "initiative": len(state.players) - len(tracks.get("initiative", [])),
        "dock": board_of(state)[1] - numbered_dock,
        "trade_goods": len(state.goods_offer) - len(tracks.get("trade_goods", [])),
        "shipping": None,
        "buildings": len(state.buildings_offer) - len(tracks.get("buildings", [])),
        "discovery": None,
        "specialists": len(boxes) - len(tracks.get("specialists", [])),
        "warfare": None if cap is None else cap - len(tracks.get("warfare", [])),
    }


# ---------------------------------------------------------------- the placement question


class Spot(NamedTuple):
    """A placement answer's value: which worker goes where (the box: a Specialists box or
    a Mayflower ship)."""

    worker: str
    track: str
    box: str | None = None


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    """Each worker type the placer has left on each place open to them."""
    if state.phase != _PLACEMENT:  # no placement is legal
        return Legal(_PLACE, "place", None, draft=draft)
    found = state.places or _NOTHING_OPEN
    if found[0] is not state or found[1] != state.version:
        found = _scan(state)
    name = found[7]
    workers = found[5][name]
    if not workers:  # (a placer with no worker left has no place either)
        return Legal(_PLACE, "place", name, (), draft=draft, settled=True)
    every, times = _EVERY.get((name, workers)) or _every_of(name, workers)
    # (kind, type, player, moves, decline, field, report, draft, worded, settled: in
    # order, keywords cost a little more even here)
    return Legal(_PLACE, "place", name,
                 tuple(compress(every, open_flags(found[8]) * times)), None, None,
                 False, draft, None, True)


# Each placer's moves with each set of worker types (bits of ``WORKER_BIT``) on every place
# of the board, open or not, and how many worker types that is: a question picks the open
# places' moves out of them in one pass.
_EVERY: dict[tuple[str, int], tuple[tuple[Move, ...], int]] = {}


def _every_of(name: str, workers: int) -> tuple[tuple[Move, ...], int]:
    if len(_EVERY) >= 1024:
        _EVERY.clear()
    types = WORKERS_OF[workers]
    found = _EVERY[name, workers] = (
        tuple([move for worker in types for move in _every_move(name, worker)]), len(types))
    return found


@lru_cache(maxsize=256)  # moves are frozen: each placement is built once and shared
def _every_move(name: str, worker: str) -> tuple[Move, ...]:
    """``worker`` of ``name`` on each place of the board (``PLACES``), open or not."""
    return tuple([Move(Spot(worker, track, box),
                       events=(event_dict(place_event(name, worker, track, box)),))
                  for track, box in PLACES])


def words(state: GameState, legal: Legal) -> Decision:
    name = legal.player
    if name is None:
        return Decision(Kind.PLACE, _("Nobody places a worker now"), None, "place",
                        draft=legal.draft)
    left = counts_words(state.players[name].available)
    return Decision(Kind.PLACE, _("{name} places a worker ({left} left)").format(
                                    name=name, left=left), name, "place",
                    answers=tuple(Answer(place_label(m.value.track, m.value.box,
                                                     state.setup.edition), m.value,
                                         m.events, note=names.worker(m.value.worker))
                                  for m in legal.moves),
                    draft=legal.draft, closed=closed_tracks(state, name, legal))


def closed_tracks(state: GameState, name: str, legal: Legal) -> tuple[str, ...]:
    """Why each track with room on other turns takes none of ``name``'s workers now (the
    places are the engine's: this only says why the missing ones are missing)."""
    offered = {m.value.track for m in legal.moves}
    if not offered:
        return ()
    out = []
    for track in TRACKS:
        if track in offered or track in ("shipping", "discovery"):  # (never full)
            continue
        if track == "specialists":
            out.append(_("every Specialists box is taken this turn"))
        elif track != "warfare" or state.edition.warfare_cap is not None:
            out.append(why_closed(state, name, track, None))
    return tuple(out)


def place_label(track: str, box: str | None, edition: str | None = None) -> str:
    """Where a worker goes, in words: the track, and its box or Mayflower ship."""
    name = names.track(track, edition)
    if box == "mayflower":
        return _("{track} (on a Mayflower ship)").format(track=name)
    if box:
        return _("{track} ({box} box)").format(
            track=name, box=component_name("specialist", box.title()))
    return name


def told(state: GameState, ev: Any, player: str) -> str:
    where = names.track(ev.track, state.setup.edition)
    if ev.box:
        where = _("{track} ({box} box)").format(track=where, box=names.box(ev.box))
    return _("{player}: {worker} on {place}").format(player=player, place=where,
                                                    worker=names.worker(ev.worker))


QUESTION = Question("place", legal, words, told)
