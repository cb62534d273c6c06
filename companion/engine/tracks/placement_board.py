"""The placement board: every place a worker may go, which of them a state leaves open
(each track's rule, ``scan``), and why one is closed. A set of places is a small int
(bits of ``BIT``): which places are open is worked out once per placement, not place by
place. ``placement`` carries these sets from one placement to the next.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> game = game.apply({"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...                    "buildings": ["settlers", "monastery", "trading_post", "navigator",
...                                  "trade_routes"]})
>>> [place for place in compress(PLACES, open_flags(scan(game.state)[2]))][:4]
[('dock', None), ('trade_goods', None), ('shipping', None), ('buildings', None)]
"""

from __future__ import annotations

from itertools import compress

from companion.engine.powers import mayflower
from companion.engine.setup import GameSetup
from companion.engine.state import GameState, Slot
from companion.i18n import _, edition_text
from companion.rules.editions import EDITIONS, WORKER_TYPES

TrackBox = tuple[str, str | None]  # a (track, box) pair

# Every place on the board, in board order (``open_places`` lists them so), and its bit.
PLACES: tuple[TrackBox, ...] = (
    ("initiative", None), ("dock", None), ("dock", "mayflower"), ("trade_goods", None),
    ("shipping", None), ("buildings", None), ("discovery", None),
    *(("specialists", box) for box in EDITIONS["empires"].specialist_boxes(True)),
    ("warfare", None))
BIT = {place: 1 << index for index, place in enumerate(PLACES)}
INITIATIVE, DOCK, MAYFLOWER, TRADE_GOODS, BUILDINGS, WARFARE = (
    BIT["initiative", None], BIT["dock", None], BIT["dock", "mayflower"],
    BIT["trade_goods", None], BIT["buildings", None], BIT["warfare", None])
EVER_OPEN = BIT["shipping", None] | BIT["discovery", None]  # no limit on these
BOX_BIT = {box: bit for (track, box), bit in BIT.items() if track == "specialists"}
# Beyond the places, what a placement needs besides its place, as bits of one set with
# them: a game of the Builder expansion (a builder may be placed), each worker type left
# to place, and a bit no set ever has (no such place or worker).
BUILDERS_PLAYED = 1 << len(PLACES)
WORKER_BIT = {worker: BUILDERS_PLAYED << 1 + index for index, worker in enumerate(WORKER_TYPES)}
NEVER = BUILDERS_PLAYED << 1 + len(WORKER_TYPES)
_WORKER_BITS = tuple(WORKER_BIT.values())
# The worker types of each set of them (bits of ``WORKER_BIT``), in their order.
WORKERS_OF = {sum(WORKER_BIT[w] for w in types): types for types in (
    tuple([w for index, w in enumerate(WORKER_TYPES) if 1 << index & subset])
    for subset in range(1 << len(WORKER_TYPES)))}
assert all(list(boxes) == [box for box in BOX_BIT if box in boxes]  # board order kept
           for boxes in (e.specialist_boxes(b) for e in EDITIONS.values() for b in (False, True)))

# What a game's set-up fixes for placement, keyed on the set-up's id (each entry keeps its
# set-up alive, so no other set-up can take that id): numbered dock slots, the Specialists
# boxes as bits (and ``BUILDERS_PLAYED``), the Mayflower reading, the Warfare cap.
Board = tuple[GameSetup, int, int, bool, "int | None"]
_BOARDS: dict[int, Board] = {}


def board_of(state: GameState) -> Board:
    setup = state.setup
    found = _BOARDS.get(id(setup))
    if found is None:
        if len(_BOARDS) >= 64:
            _BOARDS.clear()
        edition = state.edition
        builders = setup.options.builders
        boxes = sum(BOX_BIT[box] for box in edition.specialist_boxes(builders))
        if builders:
            boxes |= BUILDERS_PLAYED
        found = _BOARDS[id(setup)] = (setup, len(edition.dock_slots(len(state.players))),
                                      boxes, setup.readings.mayflower_any_time,
                                      edition.warfare_cap)
    return found


# For each place of the board (``PLACES``), whether a set of open places has it: looked up
# in two halves (7 places each), not worked out place by place.
_LOW = tuple(tuple([bool(BIT[place] & bits) for place in PLACES[:7]]) for bits in range(128))
_HIGH = tuple(tuple([bool(BIT[place] & bits << 7) for place in PLACES[7:]])
              for bits in range(128))
assert len(PLACES) == 14


def open_flags(bits: int) -> tuple[bool, ...]:
    """For each place of the board (``PLACES``): whether ``bits`` has it open."""
    return _LOW[bits & 127] + _HIGH[bits >> 7 & 127]


def on_numbered_slots(dock: list[Slot]) -> int:
    """Workers on the numbered dock slots (the others: X, Y and the Mayflower ships)."""
    count = 0
    for s in dock:
        if s.label.isdigit():
            count += 1
    return count


# The places open on one state at one event: the state, its ``version``, the board's open
# places (Initiative and the Mayflower ships aside: they are each player's), who is on
# Initiative, how many workers stand on numbered dock slots, the worker types each player
# has left to place (bits of ``WORKER_BIT``), who owns the Mayflower; then the current
# placer, the places open to them, and what they may place (those places, their worker
# types left, ``BUILDERS_PLAYED``): a placement needing no more is legal.
Open = tuple["GameState | None", int, int, tuple[str, ...], int, dict[str, int],
             tuple[str, ...], str, int, int]


def scan(state: GameState) -> Open:
    """The open places of ``state`` (in its placement phase), read from its tracks: each
    track's rule."""
    _setup, dock_slots, boxes, _any_time, warfare_cap = (_BOARDS.get(id(state.setup))
                                                         or board_of(state))
    tracks = state.tracks
    bits = EVER_OPEN
    on_dock = on_numbered_slots(tracks["dock"])
    if on_dock < dock_slots:
        bits |= DOCK
    if len(tracks["trade_goods"]) < len(state.goods_offer):
        bits |= TRADE_GOODS
    if len(tracks["buildings"]) < len(state.buildings_offer):
        bits |= BUILDINGS
    for s in tracks["specialists"]:
        boxes &= ~BOX_BIT[s.label]
    if warfare_cap is None or len(tracks["warfare"]) < warfare_cap:
        bits |= WARFARE
    bits |= boxes
    left = {name: sum(compress(_WORKER_BITS, map(who.available.get, WORKER_TYPES)))
            for name, who in state.players.items()}  # (counts are never below 0)
    on_initiative = tuple([s.player for s in tracks["initiative"]])
    ships = tuple([name for name, who in state.players.items() if "mayflower" in who.buildings])
    placer = state.order[state.placing]
    mine = bits if placer in on_initiative else bits | INITIATIVE  # (one each)
    if placer in ships:
        mine = with_ship(state, placer, mine)
    return (state, state.version, bits, on_initiative, on_dock, left, ships, placer, mine,
            mine | left[placer])


def with_ship(state: GameState, name: str, bits: int) -> int:
    """``bits`` with the Colonist Dock open to a Mayflower owner with a free ship: once the
    numbered slots are full, or at any time (the reading this game plays: then the ship is
    a place of its own)."""
    any_time = state.setup.readings.mayflower_any_time
    if (any_time or not bits & DOCK) \
            and mayflower.extra_dock_label(state, state.players[name]) is not None:
        bits |= DOCK | MAYFLOWER if any_time else DOCK
    return bits


def why_closed(state: GameState, name: str, track: str, box: str | None) -> str:
    """Why a place is closed (the rule itself is ``scan`` and ``with_ship``)."""
    if track == "initiative":
        return _("{name} already has a worker on Initiative (one each)").format(name=name)
    if track == "dock" and box == "mayflower":
        if not state.setup.readings.mayflower_any_time:
            return (_("a Mayflower ship takes a worker only once the numbered dock slots are "
                    "full (the reading this game plays)"))
        return (_("{name} has no free Mayflower ship (the Mayflower and an unused ship of "
                  "their own, at most 3)").format(name=name))
    if track == "dock":
        return edition_text(  # (each book names the track its own way)
            state.setup.edition,
            "the Colonist Dock is full (slots 1-{last} in a {n}-player game)").format(
                   last=board_of(state)[1], n=len(state.players))
    if track == "trade_goods":
        return edition_text(state.setup.edition, "Trade Goods is full ({n} goods this turn)"
                            ).format(n=len(state.goods_offer))
    if track == "buildings":
        return edition_text(state.setup.edition,
                            "Capital Buildings is full ({n} buildings face up)").format(
                   n=len(state.buildings_offer))
    if track == "specialists":
        boxes = state.edition.specialist_boxes(state.setup.options.builders)
        if box is None:
            return _("say which Specialists box ({join})").format(join=', '.join(boxes))
        if box not in boxes:
            return _("there is no {box} box in this game").format(box=box)
        return _("the {box} box is already taken").format(box=box)
    return edition_text(state.setup.edition,
                        "Warfare is full ({warfare_cap} workers per turn)").format(
               warfare_cap=state.edition.warfare_cap)

