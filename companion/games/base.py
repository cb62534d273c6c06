"""What a game family declares, and the value objects every family shares.

A **family** is one game on the shelf (Age of Discovery, Endeavor: Age of Sail, Nouveau
Monde, ...). It declares its score-sheet fields (name, label, type, range, help), how a sheet
scores (per-category breakdown and total), what it refuses (field by field, each with a
sentence saying why) and who wins a tie. The page, the store, the History and the command line
work from these declarations and never from a family's rules.

A **sheet** is what a table fills in at the end of a game: game-level options, one mapping per
player whose keys are the family's field names (``"name"`` included), and a note.

>>> sheet = Sheet("endeavor", players=({"name": "Red"}, {"name": "Blue"}))
>>> sheet.names
('Red', 'Blue')
>>> str(FieldError("there are 2 of them", seat=2, player="Blue", field="harbor_discs"))
'seat 2 (Blue), harbor_discs: there are 2 of them'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard

from companion.errors import MalformedInput, shown
from companion.i18n import _, format_list, printed_or_ours

NAME_MAX = 40
NOTE_MAX = 500

FieldType = Literal["int", "bool", "choice", "multi", "ints", "counts", "player"]
Values = Mapping[str, Any]  # one player's entries so far, by field name


@dataclass(frozen=True)
class FieldError:
    """One refused (or doubtful) entry: where it is and a sentence saying why.

    ``seat`` counts from 1; ``seat`` None is about the whole sheet (player count, options),
    ``field`` None is about the player as a whole."""

    message: str
    seat: int | None = None
    player: str | None = None
    field: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.seat is not None:
            where = (_("seat {seat} ({player})").format(seat=self.seat, player=self.player)
                     if self.player else _("seat {seat}").format(seat=self.seat))
        if self.field:
            where = _("{where}, {field}").format(where=where, field=self.field) if where \
                else self.field
        return _("{where}: {problem}").format(where=where, problem=self.message) if where \
            else self.message


class InvalidSheet(MalformedInput):
    """A score sheet (or sheet record) that cannot be scored or stored; says why.

    ``errors`` holds every problem found, each at its seat and field when it has one."""

    def __init__(self, message: str = "", errors: Sequence[FieldError] = ()) -> None:
        self.errors: tuple[FieldError, ...] = tuple(errors) or (FieldError(message),)
        super().__init__(message or "; ".join(str(e) for e in self.errors))


@dataclass(frozen=True)
class Part:
    """One number inside an ``ints`` or ``counts`` field (an age's colony VP, one good)."""

    key: str
    label: str
    max: int | None = None
    shown: Callable[[Values], bool] | None = None  # asked only when this says so


@dataclass(frozen=True)
class SheetField:
    """One line of a score sheet (per player), or one game-level option.

    Types: ``int`` (whole number in ``min``..``max``; ``optional`` names the switch that
    leaves it out, value None), ``bool``, ``choice`` (one of ``options``), ``multi`` (a
    set of ``options``), ``ints`` (a fixed list of numbers, one per part), ``counts`` (a
    number per part key, zeros left out) and ``player`` (another player's name, or None).
    """

    name: str
    label: str
    type: FieldType
    help: str = ""
    min: int | None = 0
    max: int | None = None
    default: Any = 0
    required: bool = False  # a record must give it (the page always does)
    group: str = ""  # the heading it is asked under
    options: tuple[Any, ...] = ()
    option_labels: Mapping[Any, str] = field(default_factory=dict)
    parts: tuple[Part, ...] = ()
    optional: str = ""
    step: int = 1
    shown: Callable[[Values], bool] | None = None  # asked only when this says so
    # what the entry is worth, in words, shown beside it (None: nothing to say yet)
    hint: Callable[[Values], str | None] | None = None

    def visible(self, values: Values) -> bool:
        return self.shown is None or bool(self.shown(values))

    def option_label(self, option: Any) -> str:
        if option is None or option == "":
            return self.option_labels.get(option, "—")
        return self.option_labels.get(option, str(option))

    def range_text(self) -> str:
        """The hard range in a few characters, for help texts and the docs."""
        if self.type == "bool":
            return _("yes / no")
        if self.type in ("choice", "multi"):
            return ", ".join(self.option_label(o) for o in self.options if o not in (None, ""))
        if self.type == "player":
            return _("another player, or nobody")
        low = 0 if self.min is None else self.min
        if self.max is None:
            if self.step > 1:
                return _("{low} or more, in steps of {step}").format(low=low, step=self.step)
            return _("{low} or more").format(low=low)
        return f"{low}–{self.max}"


@dataclass(frozen=True)
class Category:
    """One line of the score breakdown (what the chart stacks)."""

    id: str
    label: str


@dataclass(frozen=True)
class Explanation:
    """Words a family shows under a sheet's totals: a sentence (``title`` alone), or a titled
    list of (player, what, lines) with a closing ``footer``."""

    title: str
    players: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    footer: str = ""


@dataclass(frozen=True)
class Sheet:
    """A filled-in score sheet of one family: ``options`` (game level), one mapping per
    player (keys: ``"name"`` and the family's field names) and a note."""

    game: str
    players: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(str(p.get("name", "")) for p in self.players)

    def to_json(self) -> dict[str, Any]:
        """The stored form: the options as top-level keys, ``note`` and ``players``."""
        return {**dict(self.options), "note": self.note,
                "players": [dict(p) for p in self.players]}


@dataclass(frozen=True)
class PlayerScore:
    """One player's result: points per category (in the family's order), total, place."""

    seat: int
    player: str
    breakdown: Mapping[str, int]
    total: int
    place: int
    won: bool
    can_win: bool = True
    details: Mapping[str, int] = field(default_factory=dict)  # derived figures shown beside
    note: str = ""  # e.g. why the player cannot win


@dataclass(frozen=True)
class Scored:
    """A scored sheet: players best place first (then seat), the winners, and the doubts
    the players are asked to confirm (accepted, not refused)."""

    game: str
    categories: tuple[Category, ...]
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    warnings: tuple[FieldError, ...] = ()

    def of(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.player == name)

    def by_seat(self) -> list[PlayerScore]:
        return sorted(self.players, key=lambda p: p.seat)


def places(totals: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Places by seat index: the ``winners`` (indexes) share place 1, and only they take it;
    everybody else follows by total, equal totals sharing a place, the first of them
    counting after the winners.

    >>> places([10, 7, 10, 3], winners=[0, 2])
    [1, 3, 1, 4]
    >>> places([5, 9, 9], winners=[0])  # players 2 and 3 could not win
    [1, 2, 2]
    >>> places([5, 9], winners=[])  # nobody could win
    [3, 2]
    """
    after = max(len(winners), 1)
    result = [0] * len(totals)
    for i in winners:
        result[i] = 1
    rest = sorted((i for i in range(len(totals)) if i not in set(winners)),
                  key=lambda i: -totals[i])
    for n, i in enumerate(rest):
        if n and totals[i] == totals[rest[n - 1]]:
            result[i] = result[rest[n - 1]]
        else:
            result[i] = after + n + 1
    return result


def ranked(scores: Sequence[PlayerScore]) -> tuple[PlayerScore, ...]:
    return tuple(sorted(scores, key=lambda s: (s.place, s.seat)))


# ---------------------------------------------------------------- checking entries


def whole(value: object) -> TypeGuard[int]:
    """A whole number (``bool`` is not one: True is not a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(f: SheetField, value: Any, values: Values, names: Sequence[str]) -> str | None:
    """Why ``value`` cannot stand in field ``f`` (None: it can)."""
    if f.type == "int":
        if value is None and f.optional:
            return None
        if not whole(value):
            return _("{label} is a whole number, not {value}.").format(label=f.label,
                                                                      value=shown(value))
        return _range(f.label, value, f.min, f.max)
    if f.type == "bool":
        return None if isinstance(value, bool) else _("{label} is yes or no (true or "
                                                      "false).").format(label=f.label)
    if f.type == "choice":
        if value in f.options:
            return None
        return _("{label} is one of {choices}, not {value}.").format(
            label=f.label, choices=f.range_text(), value=shown(value))
    if f.type == "multi":
        if not isinstance(value, list | tuple) or len(set(map(str, value))) != len(value):
            return _("{label} is a list of ids, each at most once.").format(label=f.label)
        unknown = [v for v in value if v not in f.options]
        if unknown:
            return _("{label}: {value} is not one of the choices.").format(
                label=f.label, value=shown(unknown[0]))
        return None
    if f.type == "ints":
        if not isinstance(value, list | tuple) or len(value) != len(f.parts):
            return _("{label} is {count} whole numbers.").format(label=f.label,
                                                                 count=len(f.parts))
        for part, n in zip(f.parts, value, strict=True):
            if not whole(n):
                return _("{label}, {part}: a whole number, not {value}.").format(
                    label=f.label, part=part.label, value=shown(n))
            why = _range(_("{label}, {part}").format(label=f.label, part=part.label), n,
                         f.min, part.max)
            if why:
                return why
        return None
    if f.type == "counts":
        if not isinstance(value, Mapping):
            return _("{label} is a set of counts by name.").format(label=f.label)
        known = {p.key: p for p in f.parts}
        for key, n in value.items():
            if key not in known:
                return _("{label}: {value} is not one of {choices}.").format(
                    label=f.label, value=shown(key), choices=format_list(known, "or"))
            part_label = known[key].label
            if not whole(n):
                return _("{label}, {part}: a whole number, not {value}.").format(
                    label=f.label, part=part_label, value=shown(n))
            why = _range(_("{label}, {part}").format(label=f.label, part=part_label), n, f.min,
                         known[key].max)
            if why:
                return why
        return None
    if f.type == "player":
        if value is None:
            return None
        if value == values.get("name"):
            return _("a player cannot be their own {role}.").format(role=f.label.lower())
        if value not in names:
            return _("{value} is not a player at this table.").format(value=shown(value))
        return None
    raise AssertionError(f"unknown field type {f.type}")


def _range(label: str, value: int, low: int | None, high: int | None) -> str | None:
    if low is not None and value < low:
        return _("{label} cannot be below {low} (you entered {value}).").format(
            label=label, low=low, value=value)
    if high is not None and value > high:
        return _("{label} cannot be more than {high} (you entered {value}).").format(
            label=label, high=high, value=value)
    return None


class Family(ABC):
    """One game: its sheet's fields, scoring, refusals and tie rule (subclasses fill in)."""

    id: str
    name: str
    # unit, tie rule and category labels are English, marked for the catalogue: shown
    # through ``word`` (a name printed on the game's components, else our words)
    unit: str = "points"  # what the totals count ("VP", "Glory", ...)
    shelf: int = 1  # the order the app offers the games in (then by id)
    tie_rule: str = ""  # one sentence, shown under the totals
    categories: tuple[Category, ...] = ()
    printed_kind: str | None = None  # the msgctxt of its printed names (i18n.COMPONENTS)
    # False: refusals name the seat but not the field (the page then bounds the inputs)
    refuses_at_field: bool = True
    # the option that names the edition (None: the family has one edition, its id)
    edition_option: str | None = None
    final_turn: int = 0  # the turn a finished game of this family ends on, if it counts turns
    # ``Scored`` details kept beside the categories in each stored standings row
    standing_details: tuple[str, ...] = ()
    # BoardGameGeek ids by edition (a one-edition family: by its id), each confirmed from a
    # stored reference; titles other apps give the game, with the edition each names
    bgg_ids: Mapping[str, int] = {}
    other_titles: Mapping[str, str] = {}

    def word(self, text: str) -> str:
        """One of the family's own words (unit, category, tie rule) in the current language."""
        return printed_or_ours(self.printed_kind, text)

    # ---- declarations

    @abstractmethod
    def option_fields(self) -> tuple[SheetField, ...]:
        """Game-level options (a top-level key each in records)."""

    @abstractmethod
    def fields(self, options: Mapping[str, Any]) -> tuple[SheetField, ...]:
        """Each player's fields for these options, in the order the sheet asks them."""

    @abstractmethod
    def player_range(self, options: Mapping[str, Any]) -> range:
        """How many players the game takes."""

    def edition(self, options: Mapping[str, Any]) -> str:
        """What the history's edition column holds (a family with one edition: its id)."""
        return self.id

    def editions(self) -> tuple[str, ...]:
        """The editions a record may name (empty: one edition, never named)."""
        return ()

    def edition_title(self, edition: str | None) -> str:
        """The game's name as its box prints it (Age of Discovery: per edition)."""
        return self.name

    def title(self, options: Mapping[str, Any]) -> str:
        """The box these options are played with."""
        return self.edition_title(options.get(self.edition_option)
                                  if self.edition_option else None)

    def bgg_id(self, edition: str | None) -> int | None:
        """The BoardGameGeek id of an edition, when a stored reference confirms one."""
        return self.bgg_ids.get(edition or self.id)

    def titles(self) -> dict[str, str | None]:
        """Every title this game goes by (its own, per edition, and other apps'), with the
        edition each names (None: a one-edition family)."""
        own: dict[str, str | None] = {self.edition_title(e): e for e in self.editions()}
        if not own:
            own[self.name] = None
        return own | dict(self.other_titles)

    def explain(self, sheet: Sheet, scored: Scored) -> list[Explanation]:
        """Words shown under the totals (what the tie-breaks did, how a category was
        reached); none by default."""
        return []

    # ---- the stored form

    def default_options(self) -> dict[str, Any]:
        return {f.name: f.default for f in self.option_fields()}

    def blank_player(self, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"name": name, **{f.name: _copy(f.default) for f in self.fields(options)}}

    def parse(self, data: object) -> Sheet:
        """The stored form (``Sheet.to_json``, as records carry it) as a ``Sheet``; keys the
        family does not know are refused, optional ones take their defaults. Values are
        checked by ``check``, not here."""
        if not isinstance(data, Mapping):
            raise InvalidSheet(_("a score sheet of {game} is a JSON object with "
                                 "'players'").format(game=self.name))
        allowed = {f.name for f in self.option_fields()} | {"note", "players"}
        unknown = sorted(map(str, set(data) - allowed))
        if unknown:
            raise InvalidSheet(_("a score sheet of {game} has no {keys}").format(
                game=self.name, keys=", ".join(unknown)))
        players = data.get("players")
        if not isinstance(players, list):
            raise InvalidSheet(_("a score sheet needs a list of 'players'"))
        options = {f.name: data.get(f.name, _copy(f.default)) for f in self.option_fields()}
        refused = self._option_problems(options)
        if refused:
            raise InvalidSheet(errors=refused)
        fields = self.fields(options)
        errors, parsed = [], []
        for seat, p in enumerate(players, start=1):
            if not isinstance(p, Mapping):
                raise InvalidSheet(_("seat {seat}: a player is a JSON object").format(
                    seat=seat))
            keys = {f.name for f in fields} | {"name"}
            who = p.get("name") if isinstance(p.get("name"), str) else None
            for key in sorted(map(str, set(p) - keys)):
                errors.append(FieldError(_("{game} sheets have no field {key}.").format(
                    game=self.name, key=shown(key)), seat, who, key))
            for f in fields:
                if f.required and f.name not in p:
                    errors.append(FieldError(_("{label} is missing.").format(label=f.label),
                                             seat, who, f.name))
            parsed.append({"name": p.get("name"),
                           **{f.name: p.get(f.name, _copy(f.default)) for f in fields}})
        if errors:
            raise InvalidSheet(errors=errors)
        note = data.get("note") or ""
        return Sheet(self.id, tuple(parsed), options, note)

    # ---- checking

    def problems(self, sheet: Sheet) -> list[FieldError]:
        """Everything that refuses the sheet (empty: it can be scored and stored)."""
        if sheet.game != self.id:
            return [FieldError(_("this is a {other} sheet, not {game}.").format(
                other=shown(sheet.game), game=self.name))]
        errors = self._option_problems(sheet.options)
        if errors:  # the fields depend on the options
            return errors
        errors = self._sheet_problems(sheet)
        fields = self.fields(sheet.options)
        for seat, p in enumerate(sheet.players, start=1):
            name = p.get("name")
            errors += [FieldError(why, seat, name if isinstance(name, str) else None, key)
                       for key, why in self._player_problems(fields, p, sheet.names)]
        bad = {(e.seat, e.field) for e in errors if e.seat is not None}
        return errors + self.rule_problems(sheet, lambda seat, key: (seat, key) not in bad
                                           and (seat, "name") not in bad)

    def _option_problems(self, options: Mapping[str, Any]) -> list[FieldError]:
        return [FieldError(why, field=f.name) for f in self.option_fields()
                if (why := _check_value(f, options.get(f.name), {}, ()))]

    def _sheet_problems(self, sheet: Sheet) -> list[FieldError]:
        errors = []
        note: object = sheet.note  # (checked as given: a record may hold anything)
        if not isinstance(note, str) or len(note) > NOTE_MAX:
            errors.append(FieldError(_("the note is text of at most {most} "
                                       "characters.").format(most=NOTE_MAX), field="note"))
        allowed = self.player_range(sheet.options)
        if len(sheet.players) not in allowed:
            errors.append(FieldError(
                _("{game} is played by {least} to {most} players, not {count}.").format(
                    game=self.title(sheet.options), least=allowed.start,
                    most=allowed.stop - 1, count=len(sheet.players))))
        return errors + self._twin_names(sheet)

    def _twin_names(self, sheet: Sheet) -> list[FieldError]:
        """Two players with the same name."""
        names = [n for n in sheet.names if n]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            return [FieldError(_("two players have the same name ({name}); each needs a "
                                 "name of their own.").format(name=twice[0]))]
        return []

    def _player_problems(self, fields: Sequence[SheetField], p: Mapping[str, Any],
                         names: Sequence[str]) -> list[tuple[str, str]]:
        name = p.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
            return [("name", _("a name is 1 to {most} characters.").format(most=NAME_MAX))]
        out = []
        for f in fields:
            why = _check_value(f, p.get(f.name), p, names)
            if why:
                out.append((f.name, why))
        return out

    def rule_problems(self, sheet: Sheet, ok: Callable[[int, str], bool]) -> list[FieldError]:
        """What the rules forbid beyond each field's own range. ``ok(seat, field)`` says
        whether that entry passed its own check (a rule reads only entries that did)."""
        return []

    def warnings(self, sheet: Sheet) -> list[FieldError]:
        """Entries the players should confirm (accepted; the sheet scores anyway)."""
        return []

    def check(self, sheet: Sheet) -> None:
        errors = self.problems(sheet)
        if errors:
            raise InvalidSheet(errors=errors)

    # ---- scoring

    def score(self, sheet: Sheet) -> Scored:
        """Check, then score: per-category breakdown, totals, places and winners."""
        self.check(sheet)
        return self.tally(sheet)

    @abstractmethod
    def tally(self, sheet: Sheet) -> Scored:
        """Score a sheet that passed ``check``."""


def _copy(value: Any) -> Any:
    if isinstance(value, list | dict):
        return type(value)(value)
    return value
