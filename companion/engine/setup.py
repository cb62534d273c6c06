"""Game set-up: edition, players in turn order, options. Stored with the event log.

>>> s = GameSetup(players=[PlayerSetup(name="Ann"), PlayerSetup(name="Bob")])
>>> s.edition, s.starting_money()
('empires', {'Ann': 10, 'Bob': 11})
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.engine.errors import MalformedEvent
from companion.rules.editions import EDITIONS, STARTING_MONEY_NATIONS, starting_money
from companion.rules.goods import GOODS
from companion.rules.regions import REGIONS

NATIONS = ("england", "spain", "france", "portugal", "holland", "italy")
COLOURS = ("red", "yellow", "blue", "green", "orange", "purple", "white", "black")


class PlayerSetup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=40)]
    colour: str = ""
    nation: Literal["england", "spain", "france", "portugal", "holland", "italy"] | None = None
    money: int | None = Field(default=None, ge=0)  # override (bidding starts)


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    builders: bool = False  # Builder expansion (empires)
    nations: bool = False  # national advantages (empires)
    buy_vp: bool = False  # buy VP after each colony scoring (empires)
    reduced_randomness: bool = False
    no_survivors: bool = False
    scouting: bool = False
    advanced_scouting: bool = False
    two_player_variant: bool = False


class GameSetup(BaseModel):
    """Players are listed in the initial turn order (seat 1 first)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    edition: Literal["empires", "aoe3"] = "empires"
    players: list[PlayerSetup]
    options: Options = Field(default_factory=Options)
    region_goods: dict[str, str] = Field(default_factory=dict)  # the table's map corrections

    @model_validator(mode="after")
    def _check(self) -> GameSetup:
        edition = EDITIONS[self.edition]
        edition.check_player_count(len(self.players))
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
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
        if self.options.two_player_variant and len(self.players) != 2:
            raise ValueError("the 2-player variant needs exactly 2 players")
        return self

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
        return money


def parse_setup(data: object) -> GameSetup:
    if isinstance(data, GameSetup):
        return data
    try:
        return GameSetup.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'setup'}: {err['msg']}"
            for err in exc.errors()
        )
        raise MalformedEvent(f"not a valid game set-up ({problems})") from None
