"""The game open in this session: opening and following it, recording the table's answers,
undo and the events set aside, conflicts with another device, what each version of the game
shows, and new games (set-up helpers, the demo game).
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any, TypeVar

from companion import names
from companion.engine import (
    Conflict,
    EngineError,
    event_dict,
    placements_from_board,
    scoring_in,
    step_summary,
)
from companion.i18n import _, language_key
from companion.store import GameNotFound, Store, StoredGame, WrongKind, trust
from companion.ui import access, session
from companion.ui.colony_table import Scoring
from companion.ui.game_view import GameView
from companion.ui.saved_games import Outcome, stops_on_database_problem, store


@stops_on_database_problem
def current_game() -> StoredGame | None:
    """The game open in this session, loaded once and kept until it changes. A game named
    in the page address (``?game=12``, a link shared by another phone) is opened first."""
    linked = session.linked_game_id()
    if linked is not None and linked != session.game_id():
        session.open_game(linked, None)
    game_id = session.game_id()
    if game_id is None:
        return None
    stored = session.cached_game()
    if stored is None:
        try:
            stored = store().load(game_id)
        except GameNotFound:
            session.close_game()
            session.link_game(None)
            session.flash("warning", _("There is no saved game {id}.").format(id=game_id))
            return None
        except WrongKind:
            session.close_game()
            session.link_game(None)
            session.flash("warning", _("Game {id} is a score sheet: it has no turns to "
                                       "play. Open it in the History.").format(id=game_id))
            return None
        except EngineError as exc:  # saved before today's checks, and refused by them
            session.close_game()
            session.link_game(None)
            session.flash("warning", _("Game {id} cannot be read: {problem}").format(
                id=game_id, problem=exc))
            return None
        session.remember_game(stored)
    return stored


@stops_on_database_problem
def revision_of(game_id: int) -> int | None:
    """The saved game's revision (None if it is gone): what a live page polls."""
    try:
        return store().watched_revision(game_id)
    except GameNotFound:
        return None


def game_deleted(game_id: int) -> None:
    """The game open here was deleted (on another device): closed, and said once."""
    if session.game_id() == game_id:
        session.close_game()
    session.link_game(None)
    session.flash("warning", _("Game {id} was deleted on another device: it is no longer "
                               "saved.").format(id=game_id))


@stops_on_database_problem
def open_game(game_id: int) -> Outcome:
    try:
        stored = store().load(game_id)
    except (GameNotFound, WrongKind, EngineError) as exc:
        return Outcome(None, str(exc))
    session.open_game(game_id, stored)
    return Outcome(stored)


@stops_on_database_problem
def reload_game() -> StoredGame | None:
    game_id = session.game_id()
    if game_id is None:
        return None
    session.open_game(game_id, None)
    return current_game()


@stops_on_database_problem
def record(events: Mapping[str, Any] | list[Mapping[str, Any]]) -> Outcome:
    """Save one answer of the open game at once: its events and the steps the engine
    settles after it, in one transaction (guarded by the number of events seen)."""
    stored = current_game()
    if stored is None:
        return Outcome(None, _("no game is open"))
    if (refusal := access.entry_refusal(store(), stored.id)) is not None:
        return Outcome(stored, refusal)
    batch = [dict(e) for e in ([events] if isinstance(events, Mapping) else events)]
    try:  # guarded by the version this session saw: a change since (an undo too) is refused
        new = store().answer(stored.id, batch, expected_seq=stored.seq,
                             revision=stored.revision, device=access.device_name())
    except Conflict as exc:
        return _conflict(stored.id, exc)
    except EngineError as exc:
        return Outcome(stored, str(exc))
    except GameNotFound as exc:
        session.close_game()
        return Outcome(None, str(exc))
    session.remember_game(new, written=True)
    return Outcome(new)


def board_placements(board: Mapping[str, Any]) -> tuple[list[dict[str, Any]], str | None]:
    """The placement events that leave the tracks as the table copied them from the board,
    or the engine's reason (naming the track) why no legal placement does."""
    stored = current_game()
    if stored is None:
        return [], _("no game is open")
    try:
        return [event_dict(e) for e in placements_from_board(stored.game.state, board)], None
    except EngineError as exc:
        return [], str(exc)


def _rewrite(change: Callable[[Store, StoredGame], StoredGame]) -> Outcome:
    """Change the open game's log (undo, set aside, re-apply), guarded by the version this
    session saw and by this device's right; any draft in progress is dropped with the step
    it belonged to."""
    stored = current_game()
    if stored is None:
        return Outcome(None, _("no game is open"))
    if (refusal := access.entry_refusal(store(), stored.id)) is not None:
        return Outcome(stored, refusal)
    try:
        new = change(store(), stored)
    except Conflict as exc:
        return _conflict(stored.id, exc)
    except EngineError as exc:
        return Outcome(stored, str(exc))
    session.remember_game(new, written=True)
    session.clear_drafts()
    return Outcome(new)


@stops_on_database_problem
def undo() -> Outcome:
    """Take back the last answer of the open game (and the steps the engine settled)."""
    stored = current_game()
    if stored is not None and not stored.seq:
        return Outcome(stored, _("there is nothing to undo yet"))
    return _rewrite(lambda s, g: s.undo(g.id, expected_seq=g.seq, n=g.game.last_step(),
                                        revision=g.revision, device=access.device_name()))


@stops_on_database_problem
def set_aside() -> Outcome:
    """A read-only game goes on: its refused events are set aside (kept with the game)."""
    return _rewrite(lambda s, g: s.set_aside(g.id, expected_seq=g.seq, revision=g.revision,
                                             device=access.device_name()))


@stops_on_database_problem
def reapply_set_aside(leave_out_first: bool = False) -> Outcome:
    """Re-apply the events last set aside, as far as the rules accept them."""
    return _rewrite(lambda s, g: s.reapply_set_aside(
        g.id, expected_seq=g.seq, leave_out_first=leave_out_first, revision=g.revision,
        device=access.device_name()))


@stops_on_database_problem
def hints_on(game_id: int) -> bool:
    """Whether the game's hints are on (kept with the game: every device, every reload), as
    this server's watcher of the game holds them (``Store.watched_settings``: memory, read
    with the revision), so a live page's poll compares its switch at no query; off for a
    game gone."""
    try:
        return store().watched_settings(game_id).hints_on
    except GameNotFound:
        return False


@stops_on_database_problem
def hints_refusal(game_id: int) -> str | None:
    """Why this device may not switch the game's hints (None: it may): the same check as
    entering a step."""
    return access.entry_refusal(store(), game_id)


@stops_on_database_problem
def set_hints(game_id: int, on: bool) -> Outcome:
    """Turn the game's hints on or off for every device, if this device may enter steps in
    the game; a refused change stores nothing."""
    if (refusal := hints_refusal(game_id)) is not None:
        return Outcome(None, refusal)
    try:
        store().set_hints(game_id, on)
    except GameNotFound as exc:
        return Outcome(None, str(exc))
    return Outcome(None)


def _conflict(game_id: int, exc: Conflict) -> Outcome:
    """Another device got there first: this page moves on to the game as it now stands,
    keeps what was typed where it still applies, and says in one sentence what happened
    there: a step recorded (the game went on from what this page showed), or a step taken
    back (Undo: the game now has fewer events, or other ones)."""
    seen = session.cached_game()
    fresh = follow_up(game_id)
    went_on = seen is None or (seen.id == fresh.id and fresh.seq > seen.seq
                               and fresh.game.events[:seen.seq] == seen.game.events)
    done = last_step(fresh) if went_on else None
    undone = (last_step(seen) if seen is not None and not went_on and fresh.seq < seen.seq
              else None)
    if done:
        text = _("Another device already recorded: {step}. The page shows the game as it "
                 "is now; tap again if your step still applies.").format(step=done)
    elif undone:
        text = _("Another device took back a step: {step}. The page shows the game as it "
                 "is now; tap again if your step still applies.").format(step=undone)
    else:
        text = _("Another device changed the game first (a step was taken back). The page "
                 "shows the game as it is now; tap again if your step still applies.")
    return Outcome(fresh, text, conflict=True)


@stops_on_database_problem
def follow_up(game_id: int) -> StoredGame:
    """Load the game as another device left it and keep this page's drafts that still
    apply to it (``carry_drafts``)."""
    old = session.cached_game()
    fresh = store().load(game_id)
    session.remember_game(fresh)
    if old is not None and old.id == fresh.id and old.seq != fresh.seq:
        carry_drafts(old, fresh)
    return fresh


def _question(stored: StoredGame, draft: Mapping[str, Any] | None) -> tuple | None:
    """What identifies the question on screen: its kind, words and who answers."""
    asked = stored.game.ask(draft) if draft is not None else stored.game.pending()
    return None if asked is None else (asked.kind, asked.prompt, asked.player)


def carry_drafts(old: StoredGame, fresh: StoredGame) -> None:
    """Which of the drafts typed for ``old`` still apply to ``fresh``: an answer given step
    by step that the engine still takes; picks and numbers if the same question is still
    asked; the board copied during a placement still going on; the correction form always.
    """
    draft = session.decision_draft(old.seq)
    follow = fresh.game.ask(draft) if draft is not None else None
    keep_draft = follow is not None and bool(follow.outcomes)
    same_question = _question(old, draft) == _question(fresh, draft if keep_draft else None)
    placing = {d.type if d else None for d in (old.game.pending(), fresh.game.pending())}
    keep_board = placing == {"place"} and old.game.state.turn == fresh.game.state.turn
    session.carry_drafts(old.seq, fresh.seq, keep_draft=keep_draft,
                         keep_picks=same_question, keep_board=keep_board)


def last_step(stored: StoredGame) -> str | None:
    """The last recorded step in words (for the Undo button): worked out once per version
    of the game, from the version before it that the store holds (a replay otherwise)."""
    if not stored.seq:
        return None

    def words() -> str:
        start = stored.seq - stored.game.last_step()
        return step_summary(stored.state_at(start), stored.game, start)

    return _PER_VERSION.get((stored.key, "last_step", language_key()), words)


def last_scoring(stored: StoredGame) -> Scoring | None:
    """The colony scoring the last recorded step carried out (None: it did none), worked
    out once per version of the game."""
    if not stored.seq:
        return None

    def found() -> Scoring | None:
        start = stored.seq - stored.game.last_step()
        return scoring_in(stored.state_at(start), stored.game.events[start:])

    return _PER_VERSION.get((stored.key, "last_scoring"), found)


# ---------------------------------------------------------------- one version of a game


T = TypeVar("T")


class _PerVersion:
    """Things derived from one version of a game, built once and shared by every session
    (a version never changes, so neither does what is derived from it); least recently used
    dropped first. Building happens outside the lock: two sessions may both build a missing
    entry, and one result is kept."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """What ``build`` gives for ``key`` (each key is built by one kind of ``build``)."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                kept: T = self._items[key]
                return kept
        value = build()
        with self._lock:
            value = self._items.setdefault(key, value)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return value


_PER_VERSION = _PerVersion(size=64)


def per_version(key: Hashable, build: Callable[[], T]) -> T:
    """Anything else derived from one version of a game (``key`` holds what names that
    version, e.g. ``StoredGame.key``), built once and shared by every session."""
    return _PER_VERSION.get(key, build)


def game_view(stored: StoredGame, version: int | None = None) -> GameView:
    """What the pages show of the game as stored (or after its first ``version`` events, for
    the History's step-through), one ``GameView`` per (game id, revision[, version])."""
    if version is None or version == stored.seq:
        return _PER_VERSION.get((stored.key, "view", language_key()),
                                lambda: GameView(stored.game))
    return _PER_VERSION.get((stored.key, "view", version, language_key()),
                            lambda: GameView(stored.game, stored.state_at(version)))


# ---------------------------------------------------------------- new games


@stops_on_database_problem
def create_game(setup: Mapping[str, Any], shuffle_order: bool = False,
                seed: int | None = None) -> Outcome:
    """Save a new game and open it (the host, or any device at an open table: its maker
    enters it). ``shuffle_order`` draws the turn order at random."""
    if (refusal := access.start_refusal(access.NEW_GAME)) is not None:
        return Outcome(None, refusal)
    setup = dict(setup)
    if shuffle_order:
        seats = list(setup.get("players", []))
        random.Random(seed).shuffle(seats)
        setup["players"] = seats
    try:
        stored = store().create_game(setup)
    except EngineError as exc:
        return Outcome(None, str(exc), field=exc.field)
    session.hold_entry_key(stored.id, trust.entry_key(store(), stored.id))  # its maker enters
    session.open_game(stored.id, stored)
    return Outcome(stored)


def starting_money(setup: Mapping[str, Any]) -> dict[str, int] | Outcome:
    """Money per player for a set-up, or why the set-up is not valid yet (an ``Outcome``
    whose ``field`` names the input concerned)."""
    from companion.engine import parse_new_setup

    try:
        return parse_new_setup(setup).starting_money()
    except EngineError as exc:
        return Outcome(None, str(exc), field=exc.field)


def age3_buildings(edition: str, builders: bool) -> dict[str, str]:
    """Age III building ids and names as printed (for the reduced-randomness draw)."""
    from companion.rules.buildings import buildings_for
    from companion.rules.editions import LAST_AGE

    return {b.id: names.building(edition, b.name)
            for b in buildings_for(edition, builders).values() if b.age == LAST_AGE}


def token_regions() -> list[str]:
    """The regions that get a discovery token at set-up (all but the Caribbean)."""
    from companion.rules.regions import REGIONS, START_DISCOVERED

    return [r for r in REGIONS if r not in START_DISCOVERED]


def preset_random(key: str, options: list[Any], n: int) -> None:
    """Callback: fill a multiselect with ``n`` options drawn at random."""
    session.set_widget_value(key, random.sample(options, n))


def preset_boards(prefix: str, count: int) -> None:
    """Callback: deal the player boards (nations) at random, one each."""
    from companion.engine import NATIONS

    for i, nation in enumerate(random.sample(list(NATIONS), count)):
        session.set_widget_value(f"{prefix}{i}", nation)


def preset_tokens(prefix: str) -> None:
    """Callback: deal one token face up on every region (advanced scouting)."""
    from companion.rules.discoveries import TOKENS

    regions = token_regions()
    for region, token in zip(regions, random.sample(list(TOKENS), len(regions)), strict=True):
        session.set_widget_value(f"{prefix}{region}", token)


DEMO_TRIES = 3
DEMO_UNFINISHED_STEPS = 150  # where an unfinished demo game stops
DEMO_SEEDS = 10**6


@stops_on_database_problem
def demo_game(players: int = 4, seed: int | None = None, finished: bool = True,
              builders: bool = True) -> Outcome:
    """A randomly played game, saved (to try the charts and the history)."""
    from companion.engine import random_game
    from companion.rules.editions import DEFAULT_EDITION

    if (refusal := access.host_refusal(access.DEMO)) is not None:
        return Outcome(None, refusal)
    rng = random.Random(seed)
    names = ["Amelia", "Bartolomeu", "Catalina", "Diego", "Elcano", "Florence"][:players]
    colours = ["red", "blue", "green", "yellow", "orange", "purple"]
    setup = {"edition": DEFAULT_EDITION, "options": {"builders": builders},
             "players": [{"name": n, "colour": colours[i]} for i, n in enumerate(names)]}
    problem = _("no demo game could be played")
    for _attempt in range(DEMO_TRIES):  # a random walk may reach a step the engine refuses
        try:
            game = random_game(setup, seed=rng.randrange(DEMO_SEEDS),
                               stop_after=None if finished else DEMO_UNFINISHED_STEPS)
            saved = store().import_record(game.record())
            if isinstance(saved, StoredGame):  # a game record is stored as a game
                return Outcome(saved)
        except EngineError as exc:
            problem = str(exc)
    return Outcome(None, problem)
