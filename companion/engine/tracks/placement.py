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


def open_labels(state: GameState, name: str, only: str | None = None) -> dict[TrackBox, str]:
    """Every (track, box) place open to ``name`` now (``only``: on that track), in board
    order, with the slot a worker would take there: each track's rule, in one pass over
    the board (asked before every placement of every game: written out, not one call per
    track)."""
    tracks, edition = state.tracks, state.edition
    labels: dict[TrackBox, str] = {}
    every = only is None
    if every or only == "initiative":
        track = tracks["initiative"]
        for s in track:  # one worker each
            if s.player == name:
                break
        else:
            labels[("initiative", None)] = str(len(track) + 1)
    if every or only == "dock":
        numbered = 0
        for s in tracks["dock"]:
            if s.label.isdigit():
                numbered += 1
        any_time = state.setup.readings.mayflower_any_time
        if numbered < _dock_slot_count(edition.id, len(state.players)):
            labels[("dock", None)] = str(numbered + 1)
        if any_time or ("dock", None) not in labels:  # a ship of the Mayflower's owner
            ship = mayflower.extra_dock_label(state, state.players[name])
            if ship is not None:
                labels.setdefault(("dock", None), ship)
                if any_time:
                    labels[("dock", "mayflower")] = ship
    if (every or only == "trade_goods") and len(tracks["trade_goods"]) < len(state.goods_offer):
        labels[("trade_goods", None)] = str(len(tracks["trade_goods"]) + 1)
    if every or only == "shipping":
        labels[("shipping", None)] = str(len(tracks["shipping"]) + 1)
    if (every or only == "buildings") and len(tracks["buildings"]) < len(state.buildings_offer):
        labels[("buildings", None)] = str(len(tracks["buildings"]) + 1)
    if every or only == "discovery":
        labels[("discovery", None)] = str(len(tracks["discovery"]) + 1)
    if every or only == "specialists":
        taken = [s.label for s in tracks["specialists"]]
        for box in edition.specialist_boxes(state.setup.options.builders):
            if box not in taken:
                labels[("specialists", box)] = box
    if every or only == "warfare":
        cap = edition.warfare_cap
        if cap is None or len(tracks["warfare"]) < cap:
            labels[("warfare", None)] = str(len(tracks["warfare"]) + 1)
    return labels


# Why a place is closed (the rule itself is ``open_labels``).
def _initiative_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("{name} already has a worker on Initiative (one each)").format(name=name)


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


def _trade_goods_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("Trade Goods is full ({n} goods this turn)").format(n=len(state.goods_offer))


def _buildings_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("Capital Buildings is full ({n} buildings face up)").format(
               n=len(state.buildings_offer))


def _specialists_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    if box is None:
        return _("say which Specialists box ({join})").format(join=', '.join(boxes))
    if box not in boxes:
        return _("there is no {box} box in this game").format(box=box)
    return _("the {box} box is already taken").format(box=box)


def _warfare_closed(state: GameState, name: str, track: list[Slot], box: str | None) -> str:
    return _("Warfare is full ({warfare_cap} workers per turn)").format(
               warfare_cap=state.edition.warfare_cap)


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
    label = open_labels(state, ev.player, ev.track).get((ev.track, ev.box))
    if label is None:
        raise refuse(state, _WHY_CLOSED[ev.track](state, ev.player, state.tracks[ev.track],
                                                  ev.box))
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
    if state.phase != Phase.PLACEMENT:
        return "", (), ()
    name = state.order[state.placing]
    available = state.players[name].available
    workers = tuple([w for w in WORKER_TYPES if available.get(w, 0) > 0])
    if not workers:
        return name, (), ()
    return name, workers, tuple(open_labels(state, name))


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
