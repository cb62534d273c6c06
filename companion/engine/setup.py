"""Game set-up: edition, players in turn order, options. Stored with the event log.

>>> s = GameSetup(players=[PlayerSetup(name="Ann"), PlayerSetup(name="Bob")])
>>> s.edition, s.starting_money()
('empires', {'Ann': 10, 'Bob': 11})
>>> auction = GameSetup(players=[PlayerSetup(name="Ann", nation="spain"),
...                              PlayerSetup(name="Bob", nation="england"),
...                              PlayerSetup(name="Cleo", nation="italy")],
...                     options=Options(nations=True), auction=NationAuction(bids=[6, 3]))
>>> auction.starting_money()  # seats 1, 2 pay their bids; the last pays half of $3 (up)
{'Ann': 9, 'Bob': 12, 'Cleo': 13}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    model_validator,
)

from companion.engine.errors import (
    EngineError,
    MalformedEvent,
    problem_field,
    shown,
    validation_problems,
)
from companion.engine.fields import Id, Name, Points, same_names
from companion.i18n import _
from companion.rules.buildings import NAVY_VP_PER_SHIP, buildings_for
from companion.rules.discoveries import TOKENS, listed_name
from companion.rules.editions import (
    AUCTION_PURSE,
    EDITIONS,
    RANDOM_BOARDS_MONEY,
    TWO_PLAYER_VARIANT_PLAYERS,
    starting_money,
)
from companion.rules.goods import GOODS
from companion.rules.nations import COLOURS, NATIONS  # noqa: F401 - the engine's names
from companion.rules.regions import REGIONS

BID_FOR_SPECIALIST = 8
REDUCED_AGE3 = 10
Colour = Literal["", "red", "yellow", "blue", "green", "orange", "purple", "white", "black"]
MAX_SEATS = 8  # more than any edition seats: the edition's own count is checked after

# A player's name typed for a new game (the New game form stops there): it reads at a
# glance on a phone. Records and imports keep their own, longer limit (``NAME_MAX``).
NEW_NAME_MAX = 20


class PlayerSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    colour: Colour = ""
    nation: Literal["england", "spain", "france", "portugal", "holland", "italy"] | None = None
    money: Points | None = None  # override (bidding starts)


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    builders: StrictBool = False  # Builder expansion (empires): the builder specialist ...
    # ... and its Capital buildings, unless this says otherwise (`000_…`: experienced players
    # may play "une partie ou la totalité de l'extension Builder"); None: as ``builders``
    builder_buildings: StrictBool | None = None
    nations: StrictBool = False  # national advantages (empires)
    buy_vp: StrictBool = False  # buy VP after each colony scoring (empires)
    reduced_randomness: StrictBool = False
    no_survivors: StrictBool = False
    scouting: StrictBool = False
    advanced_scouting: StrictBool = False
    two_player_variant: StrictBool = False

    @property
    def expansion_buildings(self) -> bool:
        """Whether the Builder expansion's Capital buildings are in the game."""
        return self.builders if self.builder_buildings is None else self.builder_buildings


def half_rounded_up(bid: int) -> int:
    """What the bidder who pays half pays (both books: half, rounded up).

    >>> half_rounded_up(7), half_rounded_up(8)
    (4, 4)
    """
    return -(-bid // 2)


class Bidding(BaseModel):
    """The `aoe3` bidding start (Annex I), as it ended at the table.

    Players in ``GameSetup.players`` are already in the seat order the bidding gave.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    winner_bid: Points  # seat 1 pays it and discovers the Caribbean
    second_bid: Points  # seat 2 pays half of it, rounded up
    second_specialist: Literal["captain", "merchant", "missionary", "soldier"] | None = None
    caribbean_token: Id  # the token the winner finds in the Caribbean

    def second_paid(self) -> int:
        """What seat 2 pays: half its last bid, rounded up."""
        return half_rounded_up(self.second_bid)


class NationAuction(BaseModel):
    """The Empires national-advantage auction (`000_…`, Appendix I), as it ended at the table.

    Each player has $15. Round after round, from a random player, bids go round (at least
    $1, each higher, a pass drops out of the round); the winner pays its bid, takes any player
    board and the next Turn Order seat. The last player takes the board left and pays half of
    the last winning bid, rounded up. ``bids`` are the winning bids in seat order (one per
    round: one fewer than the players); ``GameSetup.players`` are listed in seat order with
    the board (nation) each took.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    bids: Annotated[list[StrictInt], Field(max_length=MAX_SEATS)]

    def paid(self) -> list[int]:
        """What each seat pays, seat 1 first (the last seat: half the last bid, rounded up)."""
        return [*self.bids, half_rounded_up(self.bids[-1])] if self.bids else []


class Readings(BaseModel):
    """Where the rulebooks can be read two ways, the reading this table plays
    (``docs/rules-readings.md``). The defaults are the readings the engine took before."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    # Empires national advantages dealt at random: "$10" each, or $10, $11, ... by seat
    random_boards_money: Literal["ten_each", "by_seat"] = "ten_each"
    # AoE III bidding start: the seats the bidding gave still get $1 more per seat
    bidding_seat_bonus: StrictBool = True
    # Portugal's card expedition ("resistance always 3"): lowered by the Age I Plague
    portugal_plague: StrictBool = True
    # Mayflower ships serve as dock slots at any time, not only once the numbered ones are full
    mayflower_any_time: StrictBool = False
    # AoE III Navy: 4 VP per ship (the tile, Annex II) or 3 (`001_…`'s body, "Points de
    # victoire"); Empires says 4 everywhere
    navy_vp_per_ship: Literal[4, 3] = 4
    # AoE III games recorded before version 4, when the app let a Colonist Dock worker stay
    # home and a Trade Goods worker take nothing there too (set when such a record is read;
    # never offered for a new game: `001_…` has no such choice)
    skip_dock_and_goods: StrictBool = False
    # Games recorded before version 5 (set when such a record is read; never offered):
    # Holland and Italy were declared before the tracks, which never stopped just before
    # Merchant Shipping or Specialists for them ...
    nations_declared_up_front: StrictBool = False
    # ... and the free colonist of dock slot X / Y came after the 5 new colonists
    free_colonist_after_new: StrictBool = False


class GameSetup(BaseModel):
    """Players are listed in the initial turn order (seat 1 first)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    edition: Literal["empires", "aoe3"] = "empires"
    players: Annotated[list[PlayerSetup], Field(max_length=MAX_SEATS)]
    options: Options = Field(default_factory=Options)
    region_goods: dict[Id, Id] = Field(default_factory=dict)  # the table's map corrections
    bidding: Bidding | None = None  # aoe3 bidding start
    auction: NationAuction | None = None  # empires national-advantage auction
    readings: Readings = Field(default_factory=Readings)
    age3_buildings: Annotated[list[Id], Field(max_length=REDUCED_AGE3 * 2)] = Field(
        default_factory=list)  # reduced randomness: the 10 drawn
    tokens: dict[Id, Id] = Field(default_factory=dict)  # advanced scouting: region -> token

    @model_validator(mode="after")
    def _check(self) -> GameSetup:
        edition = EDITIONS[self.edition]
        edition.check_player_count(len(self.players))
        twins = same_names([p.name for p in self.players])
        if twins:  # names that differ only by case or width are the same player
            seat = max(i for i, p in enumerate(self.players) if p.name == twins[1])
            raise EngineError(_("two players have the same name ({twins} and {twins2}): give "
                                "each player a different name").format(
                                  twins=twins[0], twins2=twins[1]),
                              field=f"players.{seat}.name")
        same_colour = _repeated([p.colour for p in self.players])
        if same_colour is not None:
            raise EngineError(_("two players have the same colour: give each player a different "
                              "colour"), field=f"players.{same_colour}.colour")
        if self.edition == "aoe3":
            o = self.options
            for flag in ("builders", "builder_buildings", "nations", "buy_vp",
                         "reduced_randomness", "no_survivors", "scouting", "advanced_scouting",
                         "two_player_variant"):
                if getattr(o, flag):
                    raise ValueError(_("the option {flag} exists only in Empires").format(
                                         flag=flag))
        if not self.options.nations and any(p.nation for p in self.players):
            raise ValueError(_("nations are chosen only with the national-advantages option"))
        same_nation = _repeated([p.nation for p in self.players])
        if same_nation is not None:
            raise EngineError(_("two players have the same nation: give each player a different "
                              "board"), field=f"players.{same_nation}.nation")
        for region_id, good in self.region_goods.items():
            if region_id not in REGIONS:
                raise ValueError(_("unknown region {region_id!r}").format(region_id=region_id))
            if good not in GOODS:
                raise ValueError(_("unknown trade good {good!r}").format(good=good))
        self._check_board_goods()
        self._check_variants()
        if (self.options.two_player_variant
                and len(self.players) != TWO_PLAYER_VARIANT_PLAYERS):
            raise ValueError(_("the 2-player variant needs exactly 2 players"))
        return self

    def _check_board_goods(self) -> None:
        """The map (with the table's corrections) cannot print more of a good than exists."""
        board = {rid: r.good for rid, r in REGIONS.items()} | self.region_goods
        for good, most in GOODS.items():
            printed = [rid for rid, g in board.items() if g == good]
            if len(printed) > most:
                raise ValueError(_("region_goods: the map would show {n} {good} ({join}) but "
                                   "the game has only {most}").format(
                                     n=len(printed), good=good, join=', '.join(sorted(printed)),
                                     most=most))

    def _check_auction(self) -> None:
        if self.auction is None:
            return
        if self.edition != "empires" or not self.options.nations:
            raise ValueError(_("the national-advantage auction belongs to Empires with the "
                             "national advantages"))
        rounds = len(self.players) - 1
        if len(self.auction.bids) != rounds:
            raise ValueError(_("the auction has {rounds} rounds with {n} players: give "
                               "{rounds} winning bids, not {n2}").format(
                                 rounds=rounds, n=len(self.players), n2=len(self.auction.bids)))
        for seat, bid in enumerate(self.auction.bids, start=1):
            if not 1 <= bid <= AUCTION_PURSE:
                raise ValueError(_("seat {seat}'s winning bid must be $1 to ${AUCTION_PURSE} "
                                   "(each player bids from $15), not {shown}").format(
                                     seat=seat, AUCTION_PURSE=AUCTION_PURSE, shown=shown(bid)))
        if any(p.nation is None for p in self.players):
            raise ValueError(_("with the auction every player takes a board: give each a nation"))
        if any(p.money is not None for p in self.players):
            raise ValueError(_("with the auction the starting money comes from the bids: "
                             "leave each player's money out"))

    def _check_variants(self) -> None:
        self._check_auction()
        if self.bidding is not None:
            if self.edition != "aoe3":
                raise ValueError(_("the bidding start belongs to Age of Empires III"))
            if self.bidding.caribbean_token not in TOKENS:
                raise ValueError(_("unknown discovery token {caribbean_token!r}").format(
                                     caribbean_token=self.bidding.caribbean_token))
            if self.bidding.second_specialist and self.bidding.second_bid < BID_FOR_SPECIALIST:
                raise ValueError(_("seat 2 gets a specialist only for a bid of "
                                   "${BID_FOR_SPECIALIST} or more").format(
                                     BID_FOR_SPECIALIST=BID_FOR_SPECIALIST))
        if self.readings.navy_vp_per_ship != NAVY_VP_PER_SHIP and self.edition != "aoe3":
            raise ValueError(_("Navy at 3 VP per ship is a reading of the Age of Empires III "
                             "book only (the Empires book says 4)"))
        if self.options.reduced_randomness:
            catalogue = buildings_for(self.edition, self.options.expansion_buildings)
            chosen = self.age3_buildings
            if len(chosen) != REDUCED_AGE3 or len(set(chosen)) != len(chosen):
                raise ValueError(_("reduced randomness: list the {REDUCED_AGE3} different "
                                   "Age III buildings drawn at set-up").format(
                                     REDUCED_AGE3=REDUCED_AGE3))
            for b in chosen:
                if b not in catalogue or catalogue[b].age != 3:
                    raise ValueError(_("{b!r} is not an Age III building of this game").format(
                                         b=b))
        elif self.age3_buildings:
            raise ValueError(
                _("Age III buildings are drawn at set-up only with reduced randomness"))
        if self.tokens:
            if not self.options.advanced_scouting:
                raise ValueError(_("tokens are laid face up only with advanced scouting"))
            region = _repeated_key(self.tokens)
            if region is not None:
                raise EngineError(_("{discovery_name} lies on two regions: pick a different "
                                    "token for each region").format(
                                      discovery_name=listed_name(self.tokens[region])),
                                  field=f"tokens.{region}")
            for region_id, token in self.tokens.items():
                if region_id not in REGIONS or region_id == "caribbean":
                    raise ValueError(_("{region_id!r} is not a region with a token").format(
                                         region_id=region_id))
                if token not in TOKENS:
                    raise ValueError(_("unknown discovery token {token!r}").format(token=token))

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def starting_money(self) -> dict[str, int]:
        money = self._money_before_bidding()
        if self.bidding is not None:  # the bids are paid from the starting money
            first, second = self.names[0], self.names[1]
            money[first] = max(0, money[first] - self.bidding.winner_bid)
            money[second] = max(0, money[second] - self.bidding.second_paid())
        return money

    def _money_before_bidding(self) -> dict[str, int]:
        money = {}
        paid = self.auction.paid() if self.auction is not None else []
        for seat, p in enumerate(self.players, start=1):
            if p.money is not None:  # given directly (older set-ups, or the table's own)
                money[p.name] = p.money
            elif self.auction is not None:
                money[p.name] = AUCTION_PURSE - paid[seat - 1]
            elif self.options.nations and self.readings.random_boards_money == "ten_each":
                money[p.name] = RANDOM_BOARDS_MONEY
            elif self.bidding is not None and not self.readings.bidding_seat_bonus:
                money[p.name] = starting_money(1)
            else:
                money[p.name] = starting_money(seat)
        return money

    def check_bids(self) -> None:
        """The AoE III bidding as the book allows it (`001_…`, Annex I): each bid higher than
        the one before, so seat 2's last bid is below the winning one (both $0 when nobody
        bid), and each pays from the money it starts with. Checked for games started now, not
        when a record is read: a record kept before this check still loads (its bids were
        then paid down to $0 at most)."""
        bidding = self.bidding
        if bidding is None:
            return
        if bidding.second_bid >= bidding.winner_bid and bidding.winner_bid:
            raise MalformedEvent(
                _("The set-up is not valid: seat 2's last bid (${second_bid}) must be below "
                  "the winning bid (${winner_bid}): each bid is higher than the one "
                  "before.").format(second_bid=bidding.second_bid,
                                    winner_bid=bidding.winner_bid),
                field="bidding.second_bid")
        if bidding.second_bid and not bidding.winner_bid:
            raise MalformedEvent(
                _("The set-up is not valid: seat 2 bid ${second_bid}, so the winner bid "
                  "more: give the winning bid.").format(second_bid=bidding.second_bid),
                field="bidding.winner_bid")
        before = self._money_before_bidding()
        for seat, (key, paid) in enumerate((("winner_bid", bidding.winner_bid),
                                            ("second_bid", bidding.second_paid())), start=1):
            name = self.names[seat - 1]
            if paid > before[name]:
                raise MalformedEvent(
                    _("The set-up is not valid: {name} (seat {seat}) starts with ${before} "
                      "and cannot pay ${paid} for the bid.").format(
                        name=name, seat=seat, before=before[name], paid=paid),
                    field=f"bidding.{key}")


def _repeated(values: list[object]) -> int | None:
    """The index of the first value given (not empty) that an earlier one repeats."""
    seen = set()
    for i, value in enumerate(values):
        if value and value in seen:
            return i
        seen.add(value)
    return None


def _repeated_key(mapping: dict[str, str]) -> str | None:
    keys = list(mapping)
    at = _repeated(list(mapping.values()))
    return None if at is None else keys[at]


def parse_setup(data: object) -> GameSetup:
    if isinstance(data, GameSetup):
        return data
    try:
        return GameSetup.model_validate(data)
    except ValidationError as exc:
        problems = validation_problems(exc, "")
        raise MalformedEvent(_("The set-up is not valid: {problems}.").format(problems=problems),
                             field=problem_field(exc)) from None


def parse_new_setup(data: object) -> GameSetup:
    """``parse_setup``, with the checks only a game started now gets (``check_bids``)."""
    setup = parse_setup(data)
    setup.check_bids()
    return setup
