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

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from companion.engine.common import player, refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.events import Place, event_dict
from companion.engine.flow import Phase
from companion.engine.powers import mayflower
from companion.engine.questions import counts_words, track_name, worker_name
from companion.engine.resolution import begin_resolution
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.i18n import _, component_name
from companion.rules.editions import EDITIONS, TRACKS, WORKER_TYPES


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
    _skip_to_next_placer(state, advance=False)


def start_placing_from(state: GameState) -> None:
    """After a correction: the current placer, or the next one who still has workers."""
    _skip_to_next_placer(state, advance=False)


def _skip_to_next_placer(state: GameState, advance: bool) -> None:
    n = len(state.order)
    start = (state.placing + 1) % n if advance else state.placing
    for i in range(n):
        idx = (start + i) % n
        if state.players[state.order[idx]].workers_to_place() > 0:
            state.placing = idx
            return
    begin_resolution(state)


def current_placer(state: GameState) -> str | None:
    return state.order[state.placing] if state.phase == Phase.PLACEMENT else None


def _numbered_dock_slots(state: GameState) -> int:
    return _dock_slot_count(state.edition.id, len(state.players))


@lru_cache(maxsize=64)
def _dock_slot_count(edition_id: str, players: int) -> int:
    """Keyed on the id: hashing the whole Edition costs more than the count."""
    return len(EDITIONS[edition_id].dock_slots(players))


def _free_label(state: GameState, ev: Place) -> str:
    """The slot the worker takes on its track, or a refusal naming the limit."""
    label, why = open_label(state, ev.player, ev.track, ev.box)
    if label is None:
        raise refuse(state, why)
    return label


def open_label(state: GameState, name: str, track_id: str,
               box: str | None) -> tuple[str | None, str]:
    """The slot a worker of ``name`` would take on the track (whatever its type), or None
    and why not. It returns, never raises."""
    label = _OPENERS[track_id](state, name, state.tracks[track_id], box)
    if label is not None:
        return label, ""
    return None, _WHY_CLOSED[track_id](state, name, state.tracks[track_id], box)


# Each track's rule: the slot taken (None: closed), then the reason it is closed.
def _initiative(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    for s in track:
        if s.player == name:
            return None
    return str(len(track) + 1)


def _initiative_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("{name} already has a worker on Initiative (one each)").format(name=name)


def _dock(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    if box == "mayflower":
        if not state.setup.readings.mayflower_any_time:
            return None
        return mayflower.extra_dock_label(state, state.players[name])
    numbered = sum(1 for s in track if s.label.isdigit())
    if numbered >= _numbered_dock_slots(state):
        return mayflower.extra_dock_label(state, state.players[name])
    return str(numbered + 1)


def _dock_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    if box == "mayflower":
        if not state.setup.readings.mayflower_any_time:
            return (_("a Mayflower ship takes a worker only once the numbered dock slots are "
                    "full (the reading this game plays)"))
        return (_("{name} has no free Mayflower ship (the Mayflower and an unused ship of "
                  "their own, at most 3)").format(name=name))
    last = _numbered_dock_slots(state)
    return _("the Colonist Dock is full (slots 1-{last} in a {n}-player game)").format(
               last=last, n=len(state.players))


def _trade_goods(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    return None if len(track) >= len(state.goods_offer) else str(len(track) + 1)


def _trade_goods_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("Trade Goods is full ({n} goods this turn)").format(n=len(state.goods_offer))


def _buildings(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    return None if len(track) >= len(state.buildings_offer) else str(len(track) + 1)


def _buildings_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("Capital Buildings is full ({n} buildings face up)").format(
               n=len(state.buildings_offer))


def _specialists(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    return box if box is not None and box in _free_boxes(state, track) else None


def _free_boxes(state: GameState, track: list[Slot]) -> list[str]:
    """The Specialists boxes of this game nobody has taken yet, in board order."""
    taken = [s.label for s in track]
    return [box for box in state.edition.specialist_boxes(state.setup.options.builders)
            if box not in taken]


def _specialists_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    if box is None:
        return _("say which Specialists box ({join})").format(join=', '.join(boxes))
    if box not in boxes:
        return _("there is no {box} box in this game").format(box=box)
    return _("the {box} box is already taken").format(box=box)


def _warfare(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    cap = state.edition.warfare_cap
    return None if cap is not None and len(track) >= cap else str(len(track) + 1)


def _warfare_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("Warfare is full ({warfare_cap} workers per turn)").format(
               warfare_cap=state.edition.warfare_cap)


def _anywhere(state: GameState, name: str, track: list[Slot], box: str | None) -> str | None:
    return str(len(track) + 1)  # shipping, discovery


Opener = Callable[[GameState, str, list[Slot], str | None], str | None]  # (player, slots, box)

_OPENERS: dict[str, Opener] = {
    "initiative": _initiative, "dock": _dock, "trade_goods": _trade_goods,
    "shipping": _anywhere, "buildings": _buildings, "discovery": _anywhere,
    "specialists": _specialists, "warfare": _warfare}
_WHY_CLOSED = {"initiative": _initiative_closed, "dock": _dock_closed,
               "trade_goods": _trade_goods_closed, "buildings": _buildings_closed,
               "specialists": _specialists_closed, "warfare": _warfare_closed}


def place(state: GameState, ev: Place) -> None:
    if state.phase != Phase.PLACEMENT:
        raise refuse(state, _("workers are placed only during the placement phase"))
    who = player(state, ev.player)
    expected = current_placer(state)
    if ev.player != expected:
        raise refuse(state, _("it is {expected}'s turn to place a worker, not {player}'s").format(
                                expected=expected, player=ev.player))
    if who.available.get(ev.worker, 0) < 1:
        have = ", ".join(f"{n} {w}" for w, n in who.available.items() if n) or "nothing"
        raise refuse(state, _("{player} has no {worker} left to place (has {have})").format(
                                player=ev.player, worker=component_name("worker", ev.worker),
                                have=have))
    if ev.box is not None and ev.track != "specialists" and (ev.track, ev.box) != (
            "dock", "mayflower"):
        raise refuse(state, _("boxes exist only on the Specialists track, not on {track}").format(
                                track=ev.track))
    if ev.box == "mayflower" and ev.track != "dock":
        raise refuse(state, _("a Mayflower ship carries a worker from the Colonist Dock only"))
    if ev.worker == "builder" and not state.setup.options.builders:
        raise refuse(state, _("builders are only in the Builder expansion"))
    label = _free_label(state, ev)
    who.available[ev.worker] -= 1
    if label.startswith("M"):
        mayflower.carried(state, ev.player)
    if ev.track == "discovery":
        who.discovery[ev.worker] += 1
    state.tracks[ev.track].append(Slot(ev.player, ev.worker, label))
    _skip_to_next_placer(state, advance=True)


TrackBox = tuple[str, str | None]  # a (track, box) pair
Places = tuple[TrackBox, ...]


def placement_options(state: GameState) -> list[Place]:
    """Every placement the current player may make now."""
    return placement_options_of(*open_places(state))


def placement_options_of(name: str, workers: tuple[str, ...], free: Places) -> list[Place]:
    """The placements ``open_places`` describes: each worker type on each open place."""
    return [place_event(name, *choice) for choice in placement_choices(workers, free)]


def placement_choices(workers: tuple[str, ...],
                      free: Places) -> list[tuple[str, str, str | None]]:
    """(worker, track, box) of each placement ``open_places`` describes, in the order
    offered: each worker type on each open place."""
    return [(worker, track, box) for worker in workers for track, box in free]


def open_places(state: GameState) -> tuple[str, tuple[str, ...], Places]:
    """The current placer, the worker types they have left, and the (track, box) places
    open to them: every placement is one worker type on one place."""
    name = current_placer(state)
    if name is None:
        return "", (), ()
    available = state.players[name].available
    workers = tuple([w for w in WORKER_TYPES if available.get(w, 0) >= 1])
    if not workers:
        return name, (), ()
    # Whether a slot is free depends on the track, the box and the player, not on the
    # worker: probe each place once, then offer it to every worker the player has.
    free: list[tuple[str, str | None]] = []
    tracks = state.tracks
    for place, opener in _places_to_probe(state.setup.readings.mayflower_any_time):
        track = place[0]
        if opener is None:  # the Specialists boxes, in one pass over the track
            free.extend([(track, box) for box in _free_boxes(state, tracks[track])])
        elif opener(state, name, tracks[track], place[1]) is not None:
            free.append(place)
    return name, workers, tuple(free)


@lru_cache(maxsize=4)
def _places_to_probe(mayflower_any_time: bool) -> tuple[tuple[TrackBox, Opener | None], ...]:
    """Each (track, box) place a worker may ask for, in board order, with its track's
    opener (None for the Specialists boxes, which are the game's own: ``_free_boxes``)."""
    dock = (None, "mayflower") if mayflower_any_time else (None,)
    return tuple(((track, box), None if track == "specialists" else _OPENERS[track])
                 for track in TRACKS for box in (dock if track == "dock" else (None,)))


@lru_cache(maxsize=4096)
def place_event(player: str, worker: str, track: str, box: str | None) -> Place:
    """Events are frozen: the same placement is validated once and shared."""
    return Place(player=player, worker=worker, track=track, box=box)  # type: ignore[arg-type]


def open_slots(state: GameState) -> dict[str, int | None]:
    """How many more workers each track takes now (None: no limit): what a board shows."""
    tracks = state.tracks
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    cap = state.edition.warfare_cap
    numbered_dock = sum(1 for s in tracks.get("dock", []) if s.label.isdigit())
    return {
        "initiative": len(state.players) - len(tracks.get("initiative", [])),
        "dock": _numbered_dock_slots(state) - numbered_dock,
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


def legal(state: GameState, draft: dict[str, Any], most: int | None = None) -> Legal:
    """Each worker type the placer has left on each place open to them."""
    name, workers, free = open_places(state)
    if not name:  # not the placement phase: no placement is legal
        return Legal(Kind.PLACE, "place", None, draft=draft)
    return Legal(Kind.PLACE, "place", name, _moves(name, workers, free), draft=draft,
                 settled=True)


@lru_cache(maxsize=4096)  # the same few (placer, workers, places) recur all game
def _moves(name: str, workers: tuple[str, ...], free: Places) -> tuple[Move, ...]:
    return tuple([_move(name, worker, track, box) for worker in workers for track, box in free])


@lru_cache(maxsize=4096)  # moves are frozen: each placement is built once and shared
def _move(name: str, worker: str, track: str, box: str | None) -> Move:
    return Move(Spot(worker, track, box),
                events=(event_dict(place_event(name, worker, track, box)),))


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
                                         m.events, note=worker_name(m.value.worker))
                                  for m in legal.moves),
                    draft=legal.draft)


def place_label(track: str, box: str | None, edition: str | None = None) -> str:
    """Where a worker goes, in words: the track, and its box or Mayflower ship."""
    name = track_name(track, edition)
    if box == "mayflower":
        return _("{track} (on a Mayflower ship)").format(track=name)
    if box:
        return _("{track} ({box} box)").format(
            track=name, box=component_name("specialist", box.title()))
    return name


QUESTION = Question("place", legal, words)
