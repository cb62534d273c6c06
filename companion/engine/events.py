"""Events: frozen records of what happened at the table, one ``type`` each.

The event log is the game; the state is a fold of it. Events carry only what the table
decided (where a worker went, which good was picked); the engine derives the rest.

>>> parse_event({"type": "place", "player": "Red", "worker": "colonist", "track": "dock"}).track
'dock'
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from companion.engine.errors import MalformedEvent, validation_problems

WorkerType = Literal["colonist", "captain", "merchant", "missionary", "soldier", "builder"]
Track = Literal[
    "initiative", "dock", "trade_goods", "shipping", "buildings", "discovery", "specialists",
    "warfare",
]
Box = Literal["captain", "merchant", "missionary", "soldier", "builder", "training"]
Counts = dict[str, Annotated[int, Field(ge=0)]]


class Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    # Record v2: written by the engine (the only outcome the rules left), or recorded by
    # the same answer as the event before it (one tap settling a group of steps).
    auto: bool = False
    group: bool = False


class Reveal(Event):
    """Goods and buildings turned face up (before turn 1 and at each Refresh)."""

    type: Literal["reveal"] = "reveal"
    goods: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()


class Place(Event):
    """One worker placed on a track (``box`` names the Specialists box)."""

    type: Literal["place"] = "place"
    player: str
    worker: WorkerType
    track: Track
    box: Box | Literal["mayflower"] | None = None  # "mayflower": on one of its ships


class Answer(Event):
    """An answer of the player whose slot (or expedition) is being resolved; ``player``
    names that player (record version 3: always there; older records are converted)."""

    player: str | None = None


class Dock(Answer):
    """The next worker on the Colonist Dock goes to ``region`` (None: it stays home)."""

    type: Literal["dock"] = "dock"
    region: str | None


class TakeGood(Answer):
    """The next worker on Trade Goods takes ``good`` (None: declines)."""

    type: Literal["take_good"] = "take_good"
    good: str | None


class Buy(Answer):
    """The next worker on Capital Buildings buys ``building`` (None: declines).

    ``choice`` carries what an immediate building needs: ``specialists`` (War Chest),
    ``goods`` drawn (War Chest: 2 goods), ``region`` and ``token`` (Cartography), ...
    """

    type: Literal["buy"] = "buy"
    building: str | None
    choice: dict[str, Any] = Field(default_factory=dict)


class Expedition(Answer):
    """The current Discovery player sends ``workers`` (empty: sends nobody this turn).

    ``target`` is a region id, or ``"card"`` once every region is discovered; ``found`` is the
    revealed token or card id.
    """

    type: Literal["expedition"] = "expedition"
    workers: Counts = Field(default_factory=dict)
    target: str | None = None
    found: str | None = None
    nation_power: bool = False  # Portugal: a card, resistance always 3


class Training(Answer):
    """The worker on the Training box pays $5 for ``specialist`` (None: declines)."""

    type: Literal["training"] = "training"
    specialist: WorkerType | None


class Losses(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    region: str
    attacker: Counts = Field(default_factory=dict)  # workers the attacker loses
    defender: Counts = Field(default_factory=dict)  # workers the defender loses


class Warfare(Answer):
    """The next Warfare worker: a battle, a war, or nothing (``kind`` None).

    ``losses`` lists, per region fought over, which workers each side lost (chosen by the
    soldiers' owners at the table); the engine checks the numbers.
    """

    type: Literal["warfare"] = "warfare"
    kind: Literal["battle", "war"] | None
    defender: str | None = None
    losses: tuple[Losses, ...] = ()


class Benefit(Event):
    """A building power used in phase 4 (or just before Discovery for Stables)."""

    type: Literal["benefit"] = "benefit"
    player: str
    building: str
    choice: dict[str, Any] = Field(default_factory=dict)


class Power(Event):
    """A national advantage used (England, Spain, France, Holland, Italy)."""

    type: Literal["power"] = "power"
    player: str
    nation: Literal["england", "spain", "france", "portugal", "holland", "italy"]
    choice: dict[str, Any] = Field(default_factory=dict)


class Resolve(Event):
    """With national advantages: powers are declared, resolve the tracks now."""

    type: Literal["resolve"] = "resolve"


class Swap(Event):
    """Short of a specialist: bring one home from a region, a colonist takes its place."""

    type: Literal["swap"] = "swap"
    player: str
    region: str
    worker: WorkerType  # the engine refuses all but captains, merchants and missionaries


class Scout(Event):
    """Scouting variant: a player pays to look at a token (or the top card) in secret."""

    type: Literal["scout"] = "scout"
    player: str
    target: str  # a region id, or "card"


class Refresh(Event):
    """End of turn: new goods and buildings from the table, West Indies draws."""

    type: Literal["refresh"] = "refresh"
    goods: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    drawn: dict[str, str] = Field(default_factory=dict)  # West Indies Company: player -> good


class BuyVP(Event):
    """Optional rule: VP bought right after a colony scoring (0 to pass)."""

    type: Literal["buy_vp"] = "buy_vp"
    player: str
    vp: Annotated[int, Field(ge=0)]


class Correction(Event):
    """A manual adjustment for something that happened outside the rules."""

    type: Literal["correction"] = "correction"
    player: str
    reason: Annotated[str, Field(min_length=1)]
    money: int = 0
    vp: int = 0
    goods: dict[str, int] = Field(default_factory=dict)
    ships: int = 0
    available: dict[str, int] = Field(default_factory=dict)  # workers ready to place


AnyEvent = Annotated[
    Reveal | Place | Dock | TakeGood | Buy | Expedition | Training | Warfare | Benefit
    | Power | Resolve | Swap | Scout | Refresh | BuyVP | Correction,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyEvent)


def parse_event(data: Any) -> Event:
    """An event from a dict (or an event), or ``MalformedEvent`` naming what is wrong."""
    if isinstance(data, Event):
        return data
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        problems = validation_problems(exc, "event")
        raise MalformedEvent(f"not a valid event ({problems})") from None


def event_dict(event: Event) -> dict[str, Any]:
    """The event as stored in a record (``auto`` and ``group`` only where they are true)."""
    data = event.model_dump(mode="json")
    for flag in ("auto", "group"):
        if not data.get(flag):
            data.pop(flag, None)
    return data
