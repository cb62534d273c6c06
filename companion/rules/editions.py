"""The two editions of the game and every number that differs between them.

>>> EDITIONS["empires"].players
range(2, 7)
>>> EDITIONS["aoe3"].dock_slots(4)
(1, 2, 3, 4, 5, 6, 7)
>>> age_of_turn(7), building_price(2)
(3, 14)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EditionId = Literal["empires", "aoe3"]
DEFAULT_EDITION: EditionId = "empires"

LAST_TURN = 8
TURNS = range(1, LAST_TURN + 1)
AGE_TURNS: dict[int, tuple[int, ...]] = {1: (1, 2, 3), 2: (4, 5, 6), 3: (7, 8)}
AGES = tuple(AGE_TURNS)
LAST_AGE = AGES[-1]
SCORING_TURNS = (3, 6, 8)
BUILDING_PRICE = {1: 10, 2: 14, 3: 20}
BUY_VP_PRICE = {1: 1, 2: 3, 3: 10}  # `empires` optional rule: $ per VP after each scoring
BUILDER_DISCOUNT = 5
TRAINING_PRICE = 5
WAR_PRICE = 10
MERCHANT_ARRIVAL_DOLLARS = 5
STARTING_MONEY_FIRST = 10  # the next seats get $1 more each
AUCTION_PURSE = 15  # Empires national-advantage auction: each player's money before bidding
RANDOM_BOARDS_MONEY = 10  # Empires national advantages without the auction: "$10" each
COLONISTS_PER_TURN = 5
TRADE_GOODS_SLOTS = 4
BUILDING_SLOTS = 5
WINNABLE_SHIPS = 8
SCORING_REGION_MINIMUM = 3  # a region scores when someone has this many workers there
TWO_PLAYER_VARIANT_PLAYERS = 2  # Empires' 2-player variant: only with exactly this many

WORKER_TYPES = ("colonist", "captain", "merchant", "missionary", "soldier", "builder")
SPECIALIST_TYPES = WORKER_TYPES[1:]
WORKER_SUPPLY = {
    "colonist": 30,
    "captain": 5,
    "merchant": 5,
    "missionary": 10,
    "soldier": 10,
    "builder": 10,  # Builder expansion only
}
# Value of a worker on Merchant Shipping and on Discovery (Magellan raises captains to 3).
SHIPPING_VALUE = {"captain": 2, "merchant": 2}
DISCOVERY_VALUE = {"captain": 2}

TRACKS = (
    "initiative",
    "dock",
    "trade_goods",
    "shipping",
    "buildings",
    "discovery",
    "specialists",
    "warfare",
)
TRACK_TITLES = {
    "initiative": "Initiative",
    "dock": "Colonist Dock",
    "trade_goods": "Trade Goods",
    "shipping": "Merchant Shipping",
    "buildings": "Capital Buildings",
    "discovery": "Discovery",
    "specialists": "Specialists",
    "warfare": "Warfare",
}


@dataclass(frozen=True)
class Edition:
    """Numbers and rule readings of one edition."""

    id: EditionId
    title: str
    year: int
    players: range
    warfare_cap: int | None  # workers per turn on Warfare; None = no cap
    leftover_goods: Literal["removed", "reshuffled"]  # what Refresh does with unpicked goods
    glory_rule: Literal["other_has_three", "present"]
    has_builder_expansion: bool
    has_national_advantages: bool
    new_france_name: str
    ties_count_ships: bool  # tie-break 3: goods plus ships (Empires) or goods only (AoE III)
    battle_needs_soldier: bool  # a single battle needs a soldier of either side there
    swap_only_when_needed: bool  # a specialist is swapped only when one must be taken
    # The worker placed on Initiative becomes its owner's Turn Order marker at the end of the
    # resolution, and the marker it replaces goes home (AoE III); else it goes home at once.
    initiative_worker_marks_order: bool
    # A worker on the Colonist Dock may stay home and one on Trade Goods may take nothing:
    # Empires lets a player skip any track's action ("Les joueurs peuvent choisir de ne pas
    # réaliser l'action d'une piste"); AoE III moves dock workers to a region and gives each
    # Trade Goods worker a good, with no such choice.
    dock_and_goods_optional: bool
    # AoE III may start by bidding for the seats (`001_…`, Annex I)
    has_bidding_start: bool
    # VP per ship the book's body gives Navy where it differs from the tile (AoE III: 3)
    navy_vp_body_reading: int | None

    def dock_slots(self, player_count: int) -> tuple[int, ...]:
        """Numbered Colonist Dock slots open with this many players (1 .. 2N-1)."""
        self.check_player_count(player_count)
        return tuple(range(1, 2 * player_count))

    def check_player_count(self, player_count: int) -> None:
        if player_count not in self.players:
            raise ValueError(
                f"{self.title} is played by {self.players.start} to {self.players.stop - 1} "
                f"players, not {player_count}"
            )

    def specialist_boxes(self, builders: bool) -> tuple[str, ...]:
        return _BOXES_WITH_BUILDERS if builders else _BOXES


_BOXES = ("captain", "merchant", "missionary", "soldier", "training")
_BOXES_WITH_BUILDERS = ("captain", "merchant", "missionary", "soldier", "builder", "training")

EDITIONS: dict[str, Edition] = {
    "empires": Edition(
        id="empires",
        title="Empires: Age of Discovery",
        year=2015,
        players=range(2, 7),
        warfare_cap=4,
        leftover_goods="removed",
        glory_rule="other_has_three",
        has_builder_expansion=True,
        has_national_advantages=True,
        new_france_name="New France",
        ties_count_ships=True,
        battle_needs_soldier=True,
        swap_only_when_needed=True,
        initiative_worker_marks_order=False,
        dock_and_goods_optional=True,
        has_bidding_start=False,
        navy_vp_body_reading=None,
    ),
    "aoe3": Edition(
        id="aoe3",
        title="Age of Empires III: The Age of Discovery",
        year=2007,
        players=range(2, 6),
        warfare_cap=None,
        leftover_goods="reshuffled",
        glory_rule="present",
        has_builder_expansion=False,
        has_national_advantages=False,
        new_france_name="Canada",
        ties_count_ships=False,
        battle_needs_soldier=False,
        swap_only_when_needed=False,
        initiative_worker_marks_order=True,
        dock_and_goods_optional=False,
        has_bidding_start=True,
        navy_vp_body_reading=3,
    ),
}


def edition(edition_id: str) -> Edition:
    try:
        return EDITIONS[edition_id]
    except KeyError:
        known = ", ".join(EDITIONS)
        raise ValueError(f"unknown edition {edition_id!r} (known: {known})") from None


def age_of_turn(turn: int) -> int:
    for age, turns in AGE_TURNS.items():
        if turn in turns:
            return age
    raise ValueError(f"there is no turn {turn}: the game has turns 1 to 8")


def building_price(age: int) -> int:
    try:
        return BUILDING_PRICE[age]
    except KeyError:
        raise ValueError(f"there is no age {age}: the game has ages 1 to 3") from None


def starting_money(seat: int) -> int:
    """Money of the player in turn-order seat `seat` (1-based) at the start."""
    if seat < 1:
        raise ValueError(f"seat numbers start at 1, not {seat}")
    return STARTING_MONEY_FIRST + seat - 1
