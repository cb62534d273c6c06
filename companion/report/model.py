"""The end-of-game report in the engine's terms: standings with each category, and the
game's moments, worked out from a replay of the record. Ids and numbers only: the words are
``companion.report.words``'s, the picture ``companion.report.picture``'s.

>>> from companion.engine import random_game
>>> report = game_report(random_game({"players": [{"name": "A"}, {"name": "B"}]}, seed=3))
>>> [s.place for s in report.standings], len(report.turns)
([1, 2], 8)
>>> {m.kind for m in report.moments} >= {"best_category", "colony_scoring", "swing"}
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Buy, Game, Phase, Warfare, score_colonies
from companion.games import TRACKED_GAME, Scored, Sheet, family
from companion.scoring import ScoreBreakdown

SCORING_TURNS = (3, 6, 8)  # the colony scorings (turn -> age 1, 2, 3), as the timeline has them
TRACKED_CATEGORIES = tuple(c.id for c in family(TRACKED_GAME).categories)
# what each tie-break after the total compares (``ScoreBreakdown.tie_key``), by position
TIE_BREAKS = ("total", "colony_turn_8", "money", "goods")


@dataclass(frozen=True)
class Standing:
    name: str
    place: int
    total: int
    categories: Mapping[str, int]


@dataclass(frozen=True)
class Moment:
    """One fact of the game: ``kind``, the turn it happened (None: the whole game), the player
    it is about (if one) and its figures (ids and numbers)."""

    kind: str
    turn: int | None = None
    player: str | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "kind": self.kind, "player": self.player, **self.facts}


@dataclass(frozen=True)
class Report:
    """``game``: the family id; ``turns``: VP of each player at the end of every turn
    (a tracked game; empty for a score sheet); ``colours``: player -> colour id chosen."""

    game: str
    edition: str | None
    categories: tuple[str, ...]
    standings: tuple[Standing, ...]
    moments: tuple[Moment, ...]
    turns: tuple[Mapping[str, int], ...] = ()
    colours: Mapping[str, str] = field(default_factory=dict)
    finished: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"standings": [{"name": s.name, "total": s.total, "place": s.place,
                               "categories": dict(s.categories)} for s in self.standings],
                "moments": [m.to_json() for m in self.moments]}

    def of_kind(self, kind: str) -> list[Moment]:
        return [m for m in self.moments if m.kind == kind]


# ---------------------------------------------------------------- a tracked game


def game_report(game: Game) -> Report:
    """The report of a tracked game (provisional until it is over: ``finished``)."""
    ranked = game.standings()
    standings = tuple(Standing(s.player, place, s.total, _categories(s)) for place, s in ranked)
    timeline = game.timeline()
    turns = tuple({name: p["vp"] for name, p in point["players"].items()} for point in timeline)
    fights, bought = _events_by_turn(game)
    scorings = _colony_scorings(game, len(timeline))
    moments = [*_lead_changes(turns), *_swings(timeline, fights, bought), *scorings,
               *_best_categories(standings), *_feats(game, scorings, fights, bought),
               *_tie_breaks(ranked, game.setup.edition)]
    return Report(TRACKED_GAME, game.setup.edition, TRACKED_CATEGORIES, standings,
                  tuple(moments), turns, {p.name: p.colour for p in game.setup.players},
                  game.state.phase == Phase.OVER)


def _categories(s: ScoreBreakdown) -> dict[str, int]:
    return {"colony": s.colony_total, "discoveries": s.discoveries,
            "buildings": s.buildings_total, "economy": s.economy, "bought": s.bought}


def leader(vp: Mapping[str, int]) -> str | None:
    """The one player with the most VP (None: tied, or nobody has any)."""
    best = max(vp.values(), default=0)
    top = [n for n, v in vp.items() if v == best]
    return top[0] if best > 0 and len(top) == 1 else None


def _lead_changes(turns: Sequence[Mapping[str, int]]) -> list[Moment]:
    """A turn whose end sees a new player alone in the lead, passing the last one who was."""
    moments, last = [], None
    for turn, vp in enumerate(turns, start=1):
        now = leader(vp)
        if now is None:
            continue
        if last is not None and now != last:
            moments.append(Moment("lead_change", turn, now,
                                  {"passed": last, "vp": vp[now], "passed_vp": vp[last]}))
        last = now
    return moments


def _turn_of_events(game: Game) -> list[int]:
    """The turn each event belongs to: a refresh closes its turn (VP bought right after a
    colony scoring count with the turn scored)."""
    turns, turn = [], 1
    for ev in game.events:
        turns.append(turn - 1 if ev.type == "buy_vp" and turn > 1 else turn)
        if ev.type == "refresh":
            turn += 1
    return turns


Fight = tuple[int, str, str, str | None]  # turn, attacker, defender, winner (None: even)
Bought = tuple[int, str, str]  # turn, player, building id


def _events_by_turn(game: Game) -> tuple[list[Fight], list[Bought]]:
    """Battles and wars as (turn, attacker, defender, winner: the side that lost fewer
    workers, None when even), and buildings bought as (turn, player, building id)."""
    fights: list[Fight] = []
    bought: list[Bought] = []
    for turn, ev in zip(_turn_of_events(game), game.events, strict=True):
        if isinstance(ev, Warfare) and ev.player and ev.kind and ev.defender:
            lost = [sum(sum(getattr(loss, side).values()) for loss in ev.losses)
                    for side in ("attacker", "defender")]
            winner = (ev.player if lost[0] < lost[1] else ev.defender if lost[1] < lost[0]
                      else None)
            fights.append((turn, ev.player, ev.defender, winner))
        elif isinstance(ev, Buy) and ev.player and ev.building:
            bought.append((turn, ev.player, ev.building))
    return fights, bought


def _swings(timeline: Sequence[Mapping[str, Any]], fights: list, bought: list) -> list[Moment]:
    """Each turn's biggest VP gain, the category that brought most of it, the buildings the
    player bought and the battles they won that turn."""
    moments = []
    before: Mapping[str, Mapping[str, int]] = {}
    for point in timeline:
        turn, players = point["turn"], point["players"]
        gains = {n: p["vp"] - before.get(n, {}).get("vp", 0) for n, p in players.items()}
        who = max(gains, key=gains.__getitem__)
        if gains[who] > 0:
            by_category = {c: players[who][c] - before.get(who, {}).get(c, 0)
                           for c in TRACKED_CATEGORIES}
            moments.append(Moment("swing", turn, who, {
                "vp": gains[who], "cause": max(by_category, key=by_category.__getitem__),
                "categories": by_category,
                "buildings": [b for t, p, b in bought if t == turn and p == who],
                "battles_won": sum(1 for t, *_, w in fights if t == turn and w == who)}))
        before = players
    return moments


def _colony_scorings(game: Game, turns_played: int) -> list[Moment]:
    """Each Age's colony scoring, per region: the VP each player took there. Kept only when
    the regions add up to the colony VP the replay gave each player that Age."""
    moments = []
    for age, turn in enumerate(SCORING_TURNS):
        if turn > turns_played:
            break
        state = game.at_turn_end(turn)
        regions = {r: {p: vp for p, vp in by_player.items() if vp}
                   for r, by_player in score_colonies(state).items()}
        regions = {r: v for r, v in regions.items() if v}
        if all(sum(v.get(name, 0) for v in regions.values()) == p.colony_vp[age]
               for name, p in state.players.items()):
            moments.append(Moment("colony_scoring", turn, None,
                                  {"age": age + 1, "regions": regions}))
    return moments


def _best_categories(standings: Sequence[Standing]) -> list[Moment]:
    moments = []
    for s in standings:
        category = max(s.categories, key=s.categories.__getitem__, default=None)
        if category is not None and s.categories[category] > 0:
            moments.append(Moment("best_category", None, s.name,
                                  {"category": category, "points": s.categories[category]}))
    return moments


def regions_won(scorings: Sequence[Moment], player: str) -> int:
    """The (Age, region) pairs where ``player`` took the most colony VP alone."""
    won = 0
    for m in scorings:
        for by_player in m.facts["regions"].values():
            best = max(by_player.values())
            won += by_player.get(player) == best and list(by_player.values()).count(best) == 1
    return won


def _feats(game: Game, scorings: Sequence[Moment], fights: list, bought: list) -> list[Moment]:
    return [Moment("feats", None, name, {
        "regions_won": regions_won(scorings, name),
        "battles_won": sum(1 for *_, w in fights if w == name),
        "discoveries": len(p.discoveries),
        "buildings": sum(1 for _, who, _b in bought if who == name)})
        for name, p in game.state.players.items()]


def _tie_breaks(ranked: Sequence[tuple[int, ScoreBreakdown]], edition: str) -> list[Moment]:
    """Equal totals: the tie-break that split two neighbours, or the place they share."""
    moments = []
    for (place, a), (next_place, b) in zip(ranked, ranked[1:], strict=False):
        if a.total != b.total:
            continue
        if place == next_place:
            moments.append(Moment("shared_place", None, None,
                                  {"place": place, "players": [a.player, b.player],
                                   "total": a.total}))
            continue
        rule = next(i for i, (x, y) in enumerate(zip(a.tie_key(), b.tie_key(), strict=True))
                    if x != y)
        moments.append(Moment("tie_break", None, a.player, {
            "place": place, "behind": b.player, "rule": TIE_BREAKS[rule],
            "values": [a.tie_key()[rule], b.tie_key()[rule]], "edition": edition}))
    return moments


# ---------------------------------------------------------------- a score sheet


def sheet_report(sheet: Sheet, scored: Scored | None = None) -> Report:
    """The report of a score sheet of any family: its categories, each player's best one,
    and the places decided by a tie-break or shared (the family's tie rule)."""
    f = family(sheet.game)
    scored = scored or f.score(sheet)
    standings = tuple(Standing(p.player, p.place, p.total, dict(p.breakdown))
                      for p in scored.players)
    moments = _best_categories(standings)
    players = list(scored.players)
    for a, b in zip(players, players[1:], strict=False):
        if a.total != b.total:
            continue
        if a.place == b.place:
            moments.append(Moment("shared_place", None, None,
                                  {"place": a.place, "players": [a.player, b.player],
                                   "total": a.total}))
        elif {"colony_turn_8", "money", "tie_goods"} <= set(a.details):
            keys = [(a.details[k], b.details[k]) for k in ("colony_turn_8", "money", "tie_goods")]
            rule = next((i for i, (x, y) in enumerate(keys) if x != y), None)
            if rule is not None:
                moments.append(Moment("tie_break", None, a.player, {
                    "place": a.place, "behind": b.player, "rule": TIE_BREAKS[rule + 1],
                    "values": list(keys[rule]), "edition": f.edition(sheet.options)}))
    cannot = [p.player for p in players if not p.can_win]
    if cannot:
        moments.append(Moment("cannot_win", None, None, {"players": cannot}))
    colours = {str(p.get("name")): str(p.get("colour") or "") for p in sheet.players}
    return Report(sheet.game, f.edition(sheet.options) if f.edition_option else None,
                  tuple(c.id for c in scored.categories), standings, tuple(moments),
                  colours=colours)
