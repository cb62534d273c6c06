"""Game set-up: edition, players in turn order, options. Stored with the event log.

>>> s = GameSetup(players=[PlayerSetup(name="Ann"), PlayerSetup(name="Bob")])
>>> s.edition, s.starting_money()
('empires', {'Ann': 10, 'Bob': 11})
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError, model_validator

from companion.engine.errors import MalformedEvent, validation_problems
from companion.engine.fields import Id, Name, Points, same_names
from companion.rules.buildings import buildings_for
from companion.rules.discoveries import TOKENS
from companion.rules.editions import EDITIONS, STARTING_MONEY_NATIONS, starting_money
from companion.rules.goods import GOODS
from companion.rules.regions import REGIONS

BID_FOR_SPECIALIST = 8
REDUCED_AGE3 = 10
NATIONS = ("england", "spain", "france", "portugal", "holland", "italy")
COLOURS = ("red", "yellow", "blue", "green", "orange", "purple", "white", "black")
Colour = Literal["", "red", "yellow", "blue", "green", "orange", "purple", "white", "black"]
MAX_SEATS = 8  # more than any edition seats: the edition's own count is checked after


class PlayerSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Name
    colour: Colour = ""
    nation: Literal["england", "spain", "france", "portugal", "holland", "italy"] | None = None
    money: Points | None = None  # override (bidding starts)


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    builders: StrictBool = False  # Builder expansion (empires)
    nations: StrictBool = False  # national advantages (empires)
    buy_vp: StrictBool = False  # buy VP after each colony scoring (empires)
    reduced_randomness: StrictBool = False
    no_survivors: StrictBool = False
    scouting: StrictBool = False
    advanced_scouting: StrictBool = False
    two_player_variant: StrictBool = False


class Bidding(BaseModel):
    """The `aoe3` bidding start (Annex I), as it ended at the table.

    Players in ``GameSetup.players`` are already in the seat order the bidding gave.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    winner_bid: Points  # seat 1 pays it and discovers the Caribbean
    second_bid: Points  # seat 2 pays half of it, rounded up
    second_specialist: Literal["captain", "merchant", "missionary", "soldier"] | None = None
    caribbean_token: Id  # the token the winner finds in the Caribbean


class GameSetup(BaseModel):
    """Players are listed in the initial turn order (seat 1 first)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    edition: Literal["empires", "aoe3"] = "empires"
    players: Annotated[list[PlayerSetup], Field(max_length=MAX_SEATS)]
    options: Options = Field(default_factory=Options)
    region_goods: dict[Id, Id] = Field(default_factory=dict)  # the table's map corrections
    bidding: Bidding | None = None  # aoe3 bidding start
    age3_buildings: Annotated[list[Id], Field(max_length=REDUCED_AGE3 * 2)] = Field(
        default_factory=list)  # reduced randomness: the 10 drawn
    tokens: dict[Id, Id] = Field(default_factory=dict)  # advanced scouting: region -> token

    @model_validator(mode="after")
    def _check(self) -> GameSetup:
        edition = EDITIONS[self.edition]
        edition.check_player_count(len(self.players))
        twins = same_names([p.name for p in self.players])
        if twins:  # names that differ only by case or width are the same player
            raise ValueError(f"two players have the same name ({twins[0]} and {twins[1]})")
        colours = [p.colour for p in self.players if p.colour]
        if len(set(colours)) != len(colours):
            raise ValueError("two players have the same colour")
        if self.edition == "aoe3":
            o = self.options
            for flag in ("builders", "nations", "buy_vp", "reduced_randomness", "no_survivors",
                         "scouting", "advanced_scouting", "two_player_variant"):
                if getattr(o, flag):
                    raise ValueError(f"the option {flag} exists only in Empires")
        if not self.options.nations and any(p.nation for p in self.players):
            raise ValueError("nations are chosen only with the national-advantages option")
        nations = [p.nation for p in self.players if p.nation]
        if len(set(nations)) != len(nations):
            raise ValueError("two players have the same nation")
        for region_id, good in self.region_goods.items():
            if region_id not in REGIONS:
                raise ValueError(f"unknown region {region_id!r}")
            if good not in GOODS:
                raise ValueError(f"unknown trade good {good!r}")
        self._check_board_goods()
        self._check_variants()
        if self.options.two_player_variant and len(self.players) != 2:
            raise ValueError("the 2-player variant needs exactly 2 players")
        return self

    def _check_board_goods(self) -> None:
        """The map (with the table's corrections) cannot print more of a good than exists."""
        board = {rid: r.good for rid, r in REGIONS.items()} | self.region_goods
        for good, most in GOODS.items():
            printed = [rid for rid, g in board.items() if g == good]
            if len(printed) > most:
                raise ValueError(f"region_goods: the map would show {len(printed)} {good} "
                                 f"({', '.join(sorted(printed))}) but the game has only {most}")

    def _check_variants(self) -> None:
        if self.bidding is not None:
            if self.edition != "aoe3":
                raise ValueError("the bidding start belongs to Age of Empires III")
            if self.bidding.caribbean_token not in TOKENS:
                raise ValueError(f"unknown discovery token {self.bidding.caribbean_token!r}")
            if self.bidding.second_specialist and self.bidding.second_bid < BID_FOR_SPECIALIST:
                raise ValueError(f"seat 2 gets a specialist only for a bid of "
                                 f"${BID_FOR_SPECIALIST} or more")
        if self.options.reduced_randomness:
            catalogue = buildings_for(self.edition, self.options.builders)
            chosen = self.age3_buildings
            if len(chosen) != REDUCED_AGE3 or len(set(chosen)) != len(chosen):
                raise ValueError(f"reduced randomness: list the {REDUCED_AGE3} different Age III "
                                 "buildings drawn at set-up")
            for b in chosen:
                if b not in catalogue or catalogue[b].age != 3:
                    raise ValueError(f"{b!r} is not an Age III building of this game")
        elif self.age3_buildings:
            raise ValueError("Age III buildings are drawn at set-up only with reduced randomness")
        if self.tokens:
            if not self.options.advanced_scouting:
                raise ValueError("tokens are laid face up only with advanced scouting")
            if len(set(self.tokens.values())) != len(self.tokens):
                raise ValueError("the same token lies on two regions")
            for region_id, token in self.tokens.items():
                if region_id not in REGIONS or region_id == "caribbean":
                    raise ValueError(f"{region_id!r} is not a region with a token")
                if token not in TOKENS:
                    raise ValueError(f"unknown discovery token {token!r}")

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def starting_money(self) -> dict[str, int]:
        money = {}
        for seat, p in enumerate(self.players, start=1):
            if p.money is not None:
                money[p.name] = p.money
            elif self.options.nations:
                money[p.name] = STARTING_MONEY_NATIONS
            else:
                money[p.name] = starting_money(seat)
        if self.bidding is not None:  # the bids are paid from the starting money
            first, second = self.names[0], self.names[1]
            money[first] = max(0, money[first] - self.bidding.winner_bid)
            money[second] = max(0, money[second] - -(-self.bidding.second_bid // 2))
        return money


def parse_setup(data: object) -> GameSetup:
    if isinstance(data, GameSetup):
        return data
    try:
        return GameSetup.model_validate(data)
    except ValidationError as exc:
        problems = validation_problems(exc, "setup")
        raise MalformedEvent(f"not a valid game set-up ({problems})") from None
