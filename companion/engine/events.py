"""Events: frozen records of what happened at the table, one ``type`` each.

The event log is the game; the state is a fold of it. Events carry only what the table
decided (where a worker went, which good was picked); the engine derives the rest.

>>> parse_event({"type": "place", "player": "Red", "worker": "colonist", "track": "dock"}).track
'dock'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    TypeAdapter,
    ValidationError,
    with_config,
)
from typing_extensions import TypedDict

from companion.engine.errors import MalformedEvent, validation_problems
from companion.engine.fields import Amount, Count, Delta, Id, Name, Points, Reason
from companion.i18n import _

WorkerType = Literal["colonist", "captain", "merchant", "missionary", "soldier", "builder"]
Track = Literal[
    "initiative", "dock", "trade_goods", "shipping", "buildings", "discovery", "specialists",
    "warfare",
]
Box = Literal["captain", "merchant", "missionary", "soldier", "builder", "training"]
Counts = dict[WorkerType, Count]
MAX_LIST = 20  # ids in one list of an event: a turn reveals at most a handful

IdList = Annotated[list[Id], Field(max_length=MAX_LIST)]
IdTuple = Annotated[tuple[Id, ...], Field(max_length=MAX_LIST)]

# What each kind of choice may hold (docs/record-format.md): the engine reads only these
# keys, each of one type, so a value of the wrong shape is refused here, naming its field.
_FORBID = with_config(ConfigDict(extra="forbid"))


@_FORBID
class BuyChoice(TypedDict, total=False):
    specialists: IdList  # War Chest: the specialists taken
    goods: IdList  # War Chest: the goods drawn
    region: Id  # Indian Allies, Papal Edict, Plague (Age III), Cartography
    token: Id | None  # Cartography
    regions: dict[Id, Count]  # Overpopulation: region -> colonists
    opponent: Name  # Papal Edict, with the next two
    opponent_region: Id
    opponent_first: StrictBool
    losses: dict[Id, dict[Name, WorkerType]]  # Plague (Age II): region -> player -> worker
    player: Name  # Plague (Age III), with colonists
    colonists: Count
    tokens: dict[Name, Id]  # Rewrite History: player -> token


BenefitChoice = TypedDict("BenefitChoice", {  # "from" is a keyword: no class syntax
    "good": Id,  # Mint
    "goods": dict[Id, Count],  # Broker: good -> sold
    "other": Name, "give": Id, "take": Id,  # Smuggler
    "from": Id, "to": Id, "colonists": Count,  # Migration, Stables
    "region": Id, "token": Id | None,  # Cartography
    "track": Id, "slot": Id,  # University: the label of the worker moved to the front
}, total=False)
_FORBID(BenefitChoice)  # in place, as the decorator above does


@_FORBID
class PowerChoice(TypedDict, total=False):
    order: Annotated[list[Annotated[StrictInt, Field(ge=0, le=MAX_LIST)]],
                     Field(max_length=MAX_LIST)] | None  # England
    region: Id | None  # Spain, with token
    token: Id | None
    good: Id | None  # France
    box: Id | None  # Italy, with worker
    worker: WorkerType | None


class Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    # Record v2: written by the engine (the only outcome the rules left), or recorded by
    # the same answer as the event before it (one tap settling a group of steps).
    auto: StrictBool = False
    group: StrictBool = False
    if TYPE_CHECKING:  # each event class sets its own Literal tag; pydantic never sees this
        type: str


class Reveal(Event):
    """Goods and buildings turned face up (before turn 1 and at each Refresh)."""

    type: Literal["reveal"] = "reveal"
    goods: IdTuple = ()
    buildings: IdTuple = ()


class Place(Event):
    """One worker placed on a track (``box`` names the Specialists box)."""

    type: Literal["place"] = "place"
    player: Name
    worker: WorkerType
    track: Track
    box: Box | Literal["mayflower"] | None = None  # "mayflower": on one of its ships


class Answer(Event):
    """An answer of the player whose slot (or expedition) is being resolved; ``player``
    names that player (record version 3: always there; older records are converted)."""

    player: Name | None = None


class Dock(Answer):
    """The next worker on the Colonist Dock goes to ``region`` (None: it stays home)."""

    type: Literal["dock"] = "dock"
    region: Id | None


class TakeGood(Answer):
    """The next worker on Trade Goods takes ``good`` (None: declines)."""

    type: Literal["take_good"] = "take_good"
    good: Id | None


class Buy(Answer):
    """The next worker on Capital Buildings buys ``building`` (None: declines).

    ``choice`` carries what an immediate building needs: ``specialists`` (War Chest),
    ``goods`` drawn (War Chest: 2 goods), ``region`` and ``token`` (Cartography), ...
    """

    type: Literal["buy"] = "buy"
    building: Id | None
    choice: BuyChoice = Field(default_factory=BuyChoice)


class Expedition(Answer):
    """The current Discovery player sends ``workers`` (empty: sends nobody this turn).

    ``target`` is a region id, or ``"card"`` once every region is discovered; ``found`` is the
    revealed token or card id.
    """

    type: Literal["expedition"] = "expedition"
    workers: Counts = Field(default_factory=dict)
    target: Id | None = None
    found: Id | None = None
    nation_power: StrictBool = False  # Portugal: a card, resistance always 3


class Training(Answer):
    """The worker on the Training box pays $5 for ``specialist`` (None: declines)."""

    type: Literal["training"] = "training"
    specialist: WorkerType | None


class Losses(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    region: Id
    attacker: Counts = Field(default_factory=dict)  # workers the attacker loses
    defender: Counts = Field(default_factory=dict)  # workers the defender loses


class Warfare(Answer):
    """The next Warfare worker: a battle, a war, or nothing (``kind`` None).

    ``losses`` lists, per region fought over, which workers each side lost (chosen by the
    soldiers' owners at the table); the engine checks the numbers.
    """

    type: Literal["warfare"] = "warfare"
    kind: Literal["battle", "war"] | None
    defender: Name | None = None
    losses: Annotated[tuple[Losses, ...], Field(max_length=MAX_LIST)] = ()


class Benefit(Event):
    """A building power used in phase 4 (or just before Discovery for Stables)."""

    type: Literal["benefit"] = "benefit"
    player: Name
    building: Id
    choice: BenefitChoice = Field(default_factory=BenefitChoice)


class Power(Event):
    """A national advantage used (England, Spain, France, Holland, Italy)."""

    type: Literal["power"] = "power"
    player: Name
    nation: Literal["england", "spain", "france", "portugal", "holland", "italy"]
    choice: PowerChoice = Field(default_factory=PowerChoice)


class Resolve(Event):
    """With national advantages: powers are declared, resolve the tracks now."""

    type: Literal["resolve"] = "resolve"


class Swap(Event):
    """Short of a specialist: bring one home from a region, a colonist takes its place."""

    type: Literal["swap"] = "swap"
    player: Name
    region: Id
    worker: WorkerType  # the engine refuses all but captains, merchants and missionaries


class Scout(Event):
    """Scouting variant: a player pays to look at a token (or the top card) in secret."""

    type: Literal["scout"] = "scout"
    player: Name
    target: Id  # a region id, or "card"


class Refresh(Event):
    """End of turn: new goods and buildings from the table, West Indies draws."""

    type: Literal["refresh"] = "refresh"
    goods: IdTuple = ()
    buildings: IdTuple = ()
    drawn: dict[Name, Id] = Field(default_factory=dict)  # West Indies Company: player -> good


class BuyVP(Event):
    """Optional rule: VP bought right after a colony scoring (0 to pass)."""

    type: Literal["buy_vp"] = "buy_vp"
    player: Name
    vp: Points


class Correction(Event):
    """A manual adjustment for something that happened outside the rules."""

    type: Literal["correction"] = "correction"
    player: Name
    reason: Reason
    money: Amount = 0
    vp: Amount = 0
    goods: dict[Id, Delta] = Field(default_factory=dict)
    ships: Delta = 0
    available: dict[WorkerType, Delta] = Field(default_factory=dict)  # workers ready to place


AnyEvent = Annotated[
    Reveal | Place | Dock | TakeGood | Buy | Expedition | Training | Warfare | Benefit
    | Power | Resolve | Swap | Scout | Refresh | BuyVP | Correction,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Event] = TypeAdapter(AnyEvent)
# Every event class, told by its type alone: ``isinstance`` on a pydantic model goes through
# ``ABCMeta.__instancecheck__``, and an answer's events are told apart from dicts every time.
EVENT_CLASSES: frozenset[type[Event]] = frozenset(get_args(get_args(AnyEvent)[0]))


def parse_event(data: Any) -> Event:
    """An event from a dict (or an event), or ``MalformedEvent`` naming what is wrong.

    Events are frozen, so a flat dict (strings, whole numbers, flags, None) seen before
    gets the event validated then: every answer of a playout is one of a few such dicts.

    >>> raw = {"type": "dock", "player": "Ann", "region": "caribbean"}
    >>> parse_event(raw) is parse_event(dict(raw))
    True
    """
    if type(data) is dict:  # (first: the usual case, and cheaper to tell than an Event)
        kinds = tuple(map(type, data.values()))  # ``True`` is not ``1`` to the validator
        if _FLAT_TYPES.issuperset(kinds):  # (a list or a map inside: validated every time)
            key = (tuple(data.items()), kinds)
            event = _FLAT_SEEN.get(key)
            if event is None:
                if len(_FLAT_SEEN) >= _FLAT_MOST:
                    _FLAT_SEEN.clear()
                event = _FLAT_SEEN[key] = _validate(data)  # a refusal raises: not kept
            return event
    elif isinstance(data, Event):
        return data
    return _validate(data)


_FLAT_TYPES = frozenset((str, int, bool, type(None)))
_FLAT_MOST = 8192
_FLAT_SEEN: dict[tuple[tuple[Any, ...], tuple[type, ...]], Event] = {}


def _validate(data: Any) -> Event:
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        problems = validation_problems(exc, "event")
        raise MalformedEvent(
            _("not a valid event ({problems})").format(problems=problems)) from None


def event_dict(event: Event) -> dict[str, Any]:
    """The event as stored in a record (``auto`` and ``group`` only where they are true)."""
    data = event.model_dump(mode="json")
    for flag in ("auto", "group"):
        if not data.get(flag):
            data.pop(flag, None)
    return data
