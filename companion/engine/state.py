"""The game state: game data (players, board) kept apart from turn-flow data.

The state is mutable only inside the engine's fold; everything outside gets copies.
``clone`` copies exactly what the fold may change in place and shares the rest: every field
is listed in ``PLAYER_COPIED`` / ``STATE_COPIED`` (copied) or ``PLAYER_SHARED`` /
``STATE_SHARED`` (never changed in place) or ``STATE_MEMOS`` (worked out again by a clone),
and a test keeps those lists complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.flow import Phase, Step
from companion.engine.setup import GameSetup
from companion.i18n import _
from companion.rules.buildings import Building, buildings_for
from companion.rules.discoveries import TOKENS
from companion.rules.editions import (
    COLONISTS_PER_TURN,
    EDITIONS,
    LAST_TURN,
    WINNABLE_SHIPS,
    WORKER_SUPPLY,
    WORKER_TYPES,
    Edition,
)
from companion.rules.goods import GOODS
from companion.rules.regions import REGIONS, START_DISCOVERED


def _zero_workers() -> dict[str, int]:
    return dict.fromkeys(WORKER_TYPES, 0)


@dataclass(slots=True)
class Slot:
    """A worker standing on a track this turn; ``label`` is its slot or box."""

    player: str
    worker: str
    label: str
    done: bool = False  # resolved: the worker has left the track
    first: bool = False  # moved to the front of its track (University): resolves first


@dataclass
class PlayerState:
    name: str
    colour: str
    nation: str | None
    money: int
    reserve: dict[str, int]  # unused stock
    available: dict[str, int] = field(default_factory=_zero_workers)  # to place this turn
    incoming: dict[str, int] = field(default_factory=_zero_workers)  # usable next turn
    discovery: dict[str, int] = field(default_factory=_zero_workers)  # waiting on Discovery
    goods: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GOODS, 0))
    ships: int = 0
    buildings: list[str] = field(default_factory=list)
    discoveries: list[str] = field(default_factory=list)
    colony_vp: list[int] = field(default_factory=lambda: [0, 0, 0])
    bought_vp: int = 0
    corrected_vp: int = 0
    income: dict[int, int] = field(default_factory=dict)  # turn -> income-phase dollars
    uses: dict[str, int] = field(default_factory=dict)  # limited powers used: key -> times
    wealth_money: int | None = None  # money before the last VP purchase (Wealth counts it)
    # The worker standing on the Turn Order track for this player: out of the stock all game
    # (a colonist from set-up; in AoE III the worker last placed on Initiative).
    marker: str = "colonist"

    def clone(self) -> PlayerState:
        return PlayerState(
            name=self.name, colour=self.colour, nation=self.nation, money=self.money,
            reserve=self.reserve.copy(), available=self.available.copy(),
            incoming=self.incoming.copy(), discovery=self.discovery.copy(),
            goods=self.goods.copy(), ships=self.ships, buildings=self.buildings.copy(),
            discoveries=self.discoveries.copy(), colony_vp=self.colony_vp.copy(),
            bought_vp=self.bought_vp, corrected_vp=self.corrected_vp,
            income=self.income.copy(), uses=self.uses.copy(),
            wealth_money=self.wealth_money, marker=self.marker)

    def owns(self, building_id: str) -> bool:
        return building_id in self.buildings

    def workers_to_place(self) -> int:
        return sum(self.available.values())


# A player's fields the fold changes in place: copied by clone. The others hold
# immutable values.
PLAYER_COPIED = (
    "reserve", "available", "incoming", "discovery", "goods", "buildings", "discoveries",
    "colony_vp", "income", "uses")
PLAYER_SHARED = (
    "name", "colour", "nation", "money", "ships", "bought_vp", "corrected_vp",
    "wealth_money", "marker")


@dataclass
class GameState:
    setup: GameSetup
    edition: Edition
    catalogue: dict[str, Building]
    players: dict[str, PlayerState]
    # ---- board
    regions: dict[str, dict[str, dict[str, int]]]  # region -> player -> worker type -> n
    region_goods: dict[str, str]
    region_good_taken_by: dict[str, str]  # region -> player who took its good
    discovered: list[str]
    known_tokens: dict[str, str]  # undiscovered region -> token revealed by a failed expedition
    removed_tokens: list[str]  # "no survivors": failed tokens taken out of the game
    tracks: dict[str, list[Slot]]
    goods_offer: list[str]
    buildings_offer: list[str]
    buildings_seen: list[str]  # every building ever turned face up
    supply: dict[str, int]  # face-down goods
    removed_goods: dict[str, int]  # goods out of the game (Empires refresh)
    ship_on_track: bool
    ships_in_reserve: int
    # ---- turn flow
    turn: int = 1
    phase: Phase = Phase.SETUP
    order: list[str] = field(default_factory=list)
    placing: int = 0  # index into order of the player to place next
    step: Step | None = None  # the track being resolved
    cursor: int = 0  # the slot (or Discovery player) being resolved
    queue: list[str] = field(default_factory=list)  # players still to act (Discovery, buy VP)
    turn_uses: dict[str, int] = field(default_factory=dict)  # powers used this turn
    turn_choices: dict[str, str] = field(default_factory=dict)  # "player:power" -> choice
    mayflower_ships: dict[str, int] = field(default_factory=dict)  # ships carrying this turn
    # The charts' per-turn snapshots, kept only by a state replayed for them (None: not
    # kept; ``companion.engine.timeline``): game data and turn flow never read them.
    timeline: list[dict] | None = None
    version: int = 0  # events applied
    # The places open at this version, as ``tracks/placement`` read them (a memo tied to
    # this state and its version, never compared; a clone reads its own).
    places: Any = field(default=None, repr=False, compare=False)

    @property
    def scored_turn(self) -> int:
        """The turn whose colony scoring was last done (read while buying VP after it)."""
        after_last = self.phase in (Phase.BUY_VP, Phase.OVER) and self.turn == LAST_TURN
        return self.turn if after_last else self.turn - 1

    @property
    def age(self) -> int:
        return 1 if self.turn <= 3 else 2 if self.turn <= 6 else 3

    def player(self, name: str) -> PlayerState:
        try:
            return self.players[name]
        except KeyError:
            known = ", ".join(self.players)
            raise KeyError(f"there is no player {name!r} in this game (players: {known})") from None

    def workers_in_region(self, region: str, player: str) -> int:
        return sum(self.regions[region].get(player, {}).values())

    def new_world_workers(self, player: str, worker: str | None = None) -> int:
        total = 0
        for region in self.regions.values():
            counts = region.get(player)
            if counts:
                total += counts.get(worker, 0) if worker else sum(counts.values())
        return total

    def workers_on_tracks(self, player: str, worker: str) -> int:
        """Workers still standing on a track (Discovery keeps its own count)."""
        return sum(
            1 for track, slots in self.tracks.items() if track != "discovery"
            for s in slots if not s.done and s.player == player and s.worker == worker
        )

    def describe(self) -> str:
        """Where the game stands, for error messages."""
        phase = self.phase
        turn = self.turn
        if phase == Phase.SETUP:
            where = _("before turn 1")
        elif phase == Phase.PLACEMENT:
            where = _("turn {turn}, placement").format(turn=turn)
        elif phase == Phase.RESOLUTION:
            where = (_("turn {turn}, declaring powers before the tracks resolve")
                     if self.step == Step.DECLARE
                     else _("turn {turn}, income") if self.step in (Step.INCOME, None)
                     else _("turn {turn}, resolving {track}")).format(
                turn=turn, track=str(self.step).replace("_", " "))
        elif phase == Phase.BENEFITS:
            where = _("turn {turn}, building benefits").format(turn=turn)
        elif phase == Phase.BUY_VP:
            where = _("after the turn {turn} scoring, buying VP").format(turn=self.scored_turn)
        else:
            where = _("the game is over")
        return where

    def clone(self) -> GameState:
        """An independent copy: applying events to it leaves this state as it was."""
        return GameState(
            setup=self.setup, edition=self.edition, catalogue=self.catalogue,
            players={name: p.clone() for name, p in self.players.items()},
            regions={region: {name: counts.copy() for name, counts in by_player.items()}
                     for region, by_player in self.regions.items()},
            region_goods=self.region_goods.copy(),
            region_good_taken_by=self.region_good_taken_by.copy(),
            discovered=self.discovered.copy(), known_tokens=self.known_tokens.copy(),
            removed_tokens=self.removed_tokens.copy(),
            tracks={track: [Slot(s.player, s.worker, s.label, s.done, s.first)
                            for s in slots]
                    for track, slots in self.tracks.items()},
            goods_offer=self.goods_offer.copy(), buildings_offer=self.buildings_offer.copy(),
            buildings_seen=self.buildings_seen.copy(), supply=self.supply.copy(),
            removed_goods=self.removed_goods.copy(), ship_on_track=self.ship_on_track,
            ships_in_reserve=self.ships_in_reserve, turn=self.turn, phase=self.phase,
            order=self.order.copy(), placing=self.placing, step=self.step,
            cursor=self.cursor, queue=self.queue.copy(), turn_uses=self.turn_uses.copy(),
            turn_choices=self.turn_choices.copy(),
            mayflower_ships=self.mayflower_ships.copy(),
            timeline=None if self.timeline is None else self.timeline.copy(),
            version=self.version)


# Copied by clone (the fold changes them in place); the others are shared: set-up,
# edition and catalogue never change during a game, the rest are immutable values, and
# the timeline's snapshots are replaced, never changed (its list is copied).
STATE_COPIED = (
    "players", "regions", "region_goods", "region_good_taken_by", "discovered",
    "known_tokens", "removed_tokens", "tracks", "goods_offer", "buildings_offer",
    "buildings_seen", "supply", "removed_goods", "order", "queue", "turn_uses",
    "turn_choices", "mayflower_ships", "timeline")
STATE_SHARED = (
    "setup", "edition", "catalogue", "ship_on_track", "ships_in_reserve", "turn",
    "phase", "placing", "step", "cursor", "version")
STATE_MEMOS = ("places",)  # neither: a clone starts without them


def initial_state(setup: GameSetup) -> GameState:
    edition = EDITIONS[setup.edition]
    money = setup.starting_money()
    players: dict[str, PlayerState] = {}
    for p in setup.players:
        reserve = dict(WORKER_SUPPLY)
        if not setup.options.builders:
            reserve["builder"] = 0
        someone = PlayerState(name=p.name, colour=p.colour, nation=p.nation,
                              money=money[p.name], reserve=reserve)
        someone.reserve["colonist"] -= COLONISTS_PER_TURN
        someone.available["colonist"] = COLONISTS_PER_TURN
        someone.reserve["colonist"] -= 1  # the marker put on the Turn Order track
        players[p.name] = someone
    region_goods = {rid: r.good for rid, r in REGIONS.items()}
    region_goods.update(setup.region_goods)
    supply = dict(GOODS)
    for good in region_goods.values():
        supply[good] -= 1
    state = GameState(
        setup=setup,
        edition=edition,
        catalogue=buildings_for(setup.edition, setup.options.expansion_buildings,
                                setup.readings.navy_vp_per_ship),
        players=players,
        regions={rid: {} for rid in REGIONS},
        region_goods=region_goods,
        region_good_taken_by={},
        discovered=list(START_DISCOVERED),
        known_tokens={},
        removed_tokens=[],
        tracks={},
        goods_offer=[],
        buildings_offer=[],
        buildings_seen=[],
        supply=supply,
        removed_goods=dict.fromkeys(GOODS, 0),
        ship_on_track=True,
        ships_in_reserve=WINNABLE_SHIPS - 1,
        order=setup.names,
    )
    state.known_tokens.update(setup.tokens)
    if setup.bidding is not None:
        _bidding_start(state, setup)
    return state


def add_to_region(state: GameState, region: str, owner: str, worker: str, n: int = 1) -> None:
    """Put workers into a region; the first player to reach 3 there takes its good."""
    counts = state.regions[region].setdefault(owner, {})
    counts[worker] = counts.get(worker, 0) + n
    if region not in state.region_good_taken_by and state.workers_in_region(region, owner) >= 3:
        state.region_good_taken_by[region] = owner
        good = state.region_goods[region]
        state.players[owner].goods[good] += 1


def _bidding_start(state: GameState, setup: GameSetup) -> None:
    """`aoe3` Annex I: seat 2 may get a specialist; seat 1 discovers the Caribbean."""
    bidding = setup.bidding
    assert bidding is not None  # (called only for a game with bids)
    first, second = (state.players[n] for n in setup.names[:2])
    if bidding.second_specialist:
        second.reserve[bidding.second_specialist] -= 1
        second.available[bidding.second_specialist] += 1
    state.discovered.remove("caribbean")
    token = TOKENS[bidding.caribbean_token]
    first.money += token.dollars
    first.discoveries.append(token.id)
    state.discovered.insert(0, "caribbean")
    first.reserve["colonist"] -= 1
    add_to_region(state, "caribbean", first.name, "colonist")
