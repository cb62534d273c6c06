"""Game records: their format, their versions, and older records brought up to date as they
are read. A record is its set-up and its events; the state is what they replay to.

Versions (game records only; score sheets number their versions apart):

1. the first format;
2. events the engine settled itself carry ``"auto": true``, the later events of one answer
   ``"group": true``;
3. every answer names the player whose decision it is (``player`` on ``dock``,
   ``take_good``, ``buy``, ``expedition``, ``training``, ``warfare``), and the rules of the
   second pass apply (issue 10: the Mint's choice before income, Stables just before
   Discovery, the national-advantage auction, ...).
4. Age of Empires III has no "stays home" on the Colonist Dock and no "takes nothing" on
   Trade Goods (`001_…`, "Dock de colons", "Marchandises"); an AoE III record of an older
   version gets ``readings.skip_dock_and_goods``, so it replays as it was played.
5. the rules of the third pass (issue 28): the tracks stop just before Merchant Shipping and
   Specialists while Holland's or Italy's power can still be used, and the free colonist of
   dock slot X / Y comes in phase 4, before the 5 new colonists. An older record gets
   ``readings.nations_declared_up_front`` when Holland or Italy plays, and
   ``readings.free_colonist_after_new`` when it buys Indentured Servitude or Colonisation
   Laws (nowhere else can they change anything).

A version 1 or 2 record is converted as it is read, one event for one event: each answer
gets the player the older engine gave it (the decider at that point of the replay), a
University use gets the worker the older rule moved, and a national-advantages set-up keeps
the $15 each the older engine gave. A record a corrected rule now refuses is read up to the
refused event (``Refusal`` names it and the rule); nothing in it is changed or dropped.

>>> loaded = load({"players": [{"name": "Ann"}, {"name": "Bob"}]},
...               [{"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...                 "buildings": ["settlers", "monastery", "trading_post", "navigator",
...                               "trade_routes"]},
...                {"type": "place", "player": "Bob", "worker": "colonist", "track": "dock"}],
...               version=RECORD_VERSION)
>>> len(loaded.events), loaded.refusal.index
(1, 1)
>>> loaded.refusal.reason
"it is Ann's turn to place a worker, not Bob's (turn 1, placement)"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.errors import EngineError, MalformedEvent, UnreadableEvent, shown
from companion.engine.events import Benefit, Event, parse_event
from companion.engine.fold import apply_in_place, shape_problem
from companion.engine.powers import university
from companion.engine.setup import GameSetup, parse_setup
from companion.engine.state import GameState, initial_state
from companion.i18n import _
from companion.rules.editions import AUCTION_PURSE

RECORD_FORMAT = "age-of-discovery-companion/game"
RECORD_VERSION = 5
READABLE_VERSIONS = (1, 2, 3, 4, 5)
SKIPS_UNTIL = 4  # AoE III records before this version let dock and goods workers skip
THIRD_PASS = 5  # records before this version keep the second pass's moments (see above)
FREE_DOCK_COLONIST = ("indentured_servitude", "colonization_laws")  # dock slots X and Y
NAMED_SINCE = 3  # from this version on, records as written name the player of every answer


@dataclass(frozen=True)
class Refusal:
    """The first event of a record that the rules now refuse."""

    index: int  # its position in the record's log (0-based)
    event: Mapping[str, Any]  # as the record stores it
    reason: str  # the engine's refusal, naming the rule
    unreadable: bool = False  # the event could not be read at all (a malformed shape)

    def describe(self) -> str:
        kind = str(self.event.get("type", "?")).replace("_", " ")
        return _("event {index} ({kind}): {reason}").format(index=self.index, kind=kind,
                                                            reason=self.reason)


@dataclass(frozen=True)
class Loaded:
    """A record as read: the set-up, the events that replay (converted and named), the state
    they give, and the first refused event if any (the events after it are not applied)."""

    setup: GameSetup
    events: tuple[Event, ...]
    state: GameState
    refusal: Refusal | None = None


def check_version(version: object) -> int:
    if type(version) is not int or version not in READABLE_VERSIONS:
        readable = ", ".join(map(str, READABLE_VERSIONS))
        raise MalformedEvent(_("record version {shown} is not supported (this app reads "
                               "versions {readable})").format(
                                 shown=shown(version), readable=readable))
    return version


def read_record(record: object) -> tuple[Any, list[Any], int]:
    """(set-up, events, version) of a game record, once its format and version are checked."""
    if not isinstance(record, Mapping):
        raise MalformedEvent(_("a game record is a JSON object with 'setup' and 'events'"))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise MalformedEvent(_("not a game record (format {shown})").format(
                                 shown=shown(record.get('format'))))
    version = check_version(record.get("version", RECORD_VERSION))
    if "setup" not in record or not isinstance(record.get("events", []), list):
        raise MalformedEvent(_("a game record needs 'setup' and a list of 'events'"))
    return record["setup"], record.get("events", []), version


def upgrade_setup(data: Any, version: int, events: Sequence[Any] = ()) -> GameSetup:
    """The set-up with what an older version left implicit made explicit (``events``: the
    record's, to keep an older reading only where it can change something)."""
    setup = _upgraded_to_3(data, version)
    if version < SKIPS_UNTIL and setup.edition == "aoe3":
        readings = setup.readings.model_copy(update={"skip_dock_and_goods": True})
        setup = setup.model_copy(update={"readings": readings})
    if version < THIRD_PASS:
        kept = {}
        if setup.options.nations and any(p.nation in ("holland", "italy")
                                          for p in setup.players):
            kept["nations_declared_up_front"] = True
        if any((e.get("building") if isinstance(e, Mapping) else getattr(e, "building", None))
               in FREE_DOCK_COLONIST for e in events):
            kept["free_colonist_after_new"] = True
        if kept:
            setup = setup.model_copy(update={"readings": setup.readings.model_copy(
                update=kept)})
    return setup


def _upgraded_to_3(data: Any, version: int) -> GameSetup:
    if version >= 3 or isinstance(data, GameSetup) or not isinstance(data, Mapping):
        return parse_setup(data)
    options = data.get("options") or {}
    players = data.get("players")
    if isinstance(options, Mapping) and options.get("nations") and isinstance(players, list):
        # The older engine gave every player $15 with national advantages (money before
        # the bids, which the table then entered as each player's money).
        data = {**data, "players": [
            {**p, "money": AUCTION_PURSE} if isinstance(p, Mapping) and p.get("money") is None
            else p for p in players]}
    return parse_setup(data)


def converted(state: GameState, ev: Event, version: int) -> Event:
    """One event of an older record in today's terms (same meaning, nothing added)."""
    if version >= NAMED_SINCE:
        # An answer that names nobody is named as it is applied, as a live one is: one
        # place decides an answer's player (``fold.named``), for records and taps alike.
        return ev
    if isinstance(ev, Benefit) and ev.building == "university":
        choice = university.older_choice(state, ev.player, ev.choice)
        if choice != ev.choice:
            return ev.model_copy(update={"choice": choice})
    return ev  # the player of an answer is filled in as it is applied


def load(setup: Any, events: Sequence[Any], version: int = RECORD_VERSION,
         strict: bool = False) -> Loaded:
    """Read a record's set-up and events (converting an older ``version``). ``strict``:
    raise at the first refused event (naming its index) instead of stopping there."""
    parsed_setup = upgrade_setup(setup, check_version(version), events)
    state = initial_state(parsed_setup)
    done: list[Event] = []
    for index, raw in enumerate(events):
        try:
            ev = converted(state, parse_event(raw), version)
            done.append(apply_in_place(state, ev))
        except (EngineError, KeyError, TypeError, AttributeError) as exc:
            reason = (str(exc) if isinstance(exc, EngineError)
                      else _("cannot read it: {shape_problem}").format(
                          shape_problem=shape_problem(exc)))
            unreadable = not isinstance(exc, EngineError) or isinstance(exc, UnreadableEvent)
            if strict:
                kind = type(exc) if isinstance(exc, EngineError) else MalformedEvent
                raise kind(_("event {index}: {why}").format(index=index, why=reason)) from None
            # A refused event may have changed the state half-way: replay what was accepted.
            state = initial_state(parsed_setup)
            for ev in done:
                apply_in_place(state, ev)
            return Loaded(parsed_setup, tuple(done), state, Refusal(index, as_stored(raw),
                                                                    reason, unreadable))
    return Loaded(parsed_setup, tuple(done), state)


def as_stored(raw: Any) -> Mapping[str, Any]:
    if isinstance(raw, Event):
        return raw.model_dump(mode="json")
    return raw if isinstance(raw, Mapping) else {"type": "?", "value": repr(raw)[:80]}
