"""View models: what the pages show, computed from the engine's state. No Streamlit here.

Everything a page displays about a game goes through these functions, so the pages only lay
out widgets. Player names are user text: use ``md`` before putting one into markdown.

>>> md("*Ann* [x](y)")
'\\\\*Ann\\\\* \\\\[x\\\\]\\\\(y\\\\)'
>>> names.track("trade_goods"), worker_label("captain")
('Trade Goods', '⚓ captain')

Component names (tracks, workers, goods, regions, buildings, nations, discoveries) are the
printed ones of the current language (``i18n.component_name``); the rest is our own words.
"""

from __future__ import annotations

import html
import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion import colours, names
from companion.engine import (
    Game,
    GameSetup,
    GameState,
    Phase,
    Spot,
    Step,
    building_money,
    building_title,
    shipping_values,
    standings,
)
from companion.games.age_of_discovery import income_sets_text  # noqa: F401
from companion.i18n import N_, _, component_name, edition_text, format_clauses
from companion.rules.editions import LAST_TURN, TRACKS, TRAINING_PRICE, WAR_PRICE
from companion.scoring import Income, ScoreBreakdown, best_income

# ---------------------------------------------------------------- labels

WORKER_ICONS = {
    "colonist": "👤",
    "captain": "⚓",
    "merchant": "💰",
    "missionary": "✝️",
    "soldier": "⚔️",
    "builder": "🔨",
}
COLOUR_EMOJI = {
    "red": "🔴", "yellow": "🟡", "blue": "🔵", "green": "🟢", "orange": "🟠",
    "purple": "🟣", "white": "⚪", "black": "⚫",
}
OPTION_TITLES = {  # set-up options, in a game's caption line
    "builders": N_("Builder expansion"), "builder_buildings": N_("Builder buildings"),
    "nations": N_("nations"), "buy_vp": N_("buy VP"),
    "reduced_randomness": N_("reduced randomness"), "no_survivors": N_("no survivors"),
    "scouting": N_("scouting"), "advanced_scouting": N_("advanced scouting"),
    "two_player_variant": N_("two-player variant"),
}
NATION_COLOURS = {
    "england": "red", "spain": "yellow", "france": "blue", "portugal": "green",
    "holland": "orange", "italy": "purple",
}
KIND_TITLES = {
    "immediate": N_("acts when bought"),
    "one_use": N_("one use"),
    "permanent": N_("every turn"),
    "end_vp": N_("VP at the end"),
}

_PUNCTUATION = frozenset(string.punctuation)


def md(text: str) -> str:
    """User text made inert for Streamlit markdown: every ASCII punctuation mark escaped."""
    return "".join("\\" + c if c in _PUNCTUATION else c for c in str(text)).replace("\n", " ")


def plain(text: str) -> str:
    """User text made inert for plotly labels (which read a little HTML)."""
    return html.escape(str(text), quote=False)


def worker_label(worker: str) -> str:
    return f"{WORKER_ICONS.get(worker, '•')} {names.worker(worker)}"


def option_title(option: str) -> str:
    return _(OPTION_TITLES[option]) if option in OPTION_TITLES else option.replace("_", " ")


def player_colours(setup: GameSetup) -> dict[str, str]:
    """Each player's colour name; players who chose none get a free one, in seat order."""
    return colours.player_colours({p.name: p.colour for p in setup.players})


def colour_hex(setup: GameSetup) -> dict[str, str]:
    return {name: colours.PLAYER_HEX.get(c, "#555555") for name, c in player_colours(setup).items()}


def badge(setup: GameSetup, name: str) -> str:
    """Colour disc and escaped name, for markdown."""
    return f"{disc(setup, name)} {md(name)}"


def disc(setup: GameSetup, name: str) -> str:
    """The player's colour disc alone."""
    return colour_disc(player_colours(setup).get(name, ""))


def colour_disc(colour: str) -> str:
    """The disc of a colour (a plain circle for none)."""
    return COLOUR_EMOJI.get(colour, "◯")


def question_heading(setup: GameSetup, player: str | None, prompt: str) -> str:
    """Who decides and the question, for markdown, naming the player once: their disc alone
    when the question opens with their name, their disc and name before it otherwise.

    >>> from companion.engine import parse_setup
    >>> setup = parse_setup({"players": [{"name": "Ann", "colour": "red"}, {"name": "Bob"}]})
    >>> question_heading(setup, "Ann", "Ann places a worker")
    '🔴 Ann places a worker'
    >>> question_heading(setup, "Ann", "Bob loses a worker in Peru")
    '🔴 Ann · Bob loses a worker in Peru'
    >>> question_heading(setup, "Ann", "Anna sails")  # another name that starts alike
    '🔴 Ann · Anna sails'
    """
    if player is None:
        return md(prompt)
    rest = prompt[len(player):] if prompt.startswith(player) else None
    if rest is not None and (not rest or rest[0] in " '’:,"):
        return f"{disc(setup, player)} {md(prompt)}"
    return f"{badge(setup, player)} · {md(prompt)}"





def where_now(state: GameState) -> str:
    """Turn, age and phase in a few words."""
    if state.phase == Phase.OVER:
        return _("Game over")
    edition = state.setup.edition
    if state.phase == Phase.SETUP:
        return edition_text(edition, "Set-up: turn up the opening goods and buildings")
    age = "I" * state.age
    step = str(state.step)
    resolving = (_("powers before the tracks") if step == Step.DECLARE else
                 _("income") if state.step in (Step.INCOME, None) else
                 _("resolving {track}").format(track=names.track(step, edition)))
    # the phases by the names each book gives them
    phase = {
        Phase.PLACEMENT: edition_text(edition, "placement"),
        Phase.RESOLUTION: resolving,
        Phase.BENEFITS: edition_text(edition, "building powers and refresh"),
        Phase.BUY_VP: _("buying VP after the scoring"),
    }.get(state.phase, state.phase)
    return _("Turn {turn} of {last} · Age {age} · {phase}").format(
        turn=state.turn, last=LAST_TURN, age=age, phase=phase)


# ---------------------------------------------------------------- the board


@dataclass(frozen=True)
class SlotView:
    label: str
    player: str | None = None
    worker: str | None = None
    done: bool = False
    current: bool = False  # the slot the engine is resolving now


@dataclass(frozen=True)
class TrackView:
    track: str
    title: str
    slots: tuple[SlotView, ...]
    note: str = ""
    active: bool = False  # resolving now
    open_ended: bool = False  # no numbered slots (Shipping, Discovery)


def _current_slot(state: GameState, track: str) -> Any:
    if state.phase != Phase.RESOLUTION or state.step != track or track == "discovery":
        return None
    slots = state.tracks.get(track, [])
    return slots[state.cursor] if state.cursor < len(slots) else None


def _slot_views(state: GameState, track: str, labels: Sequence[str]) -> list[SlotView]:
    placed = {s.label: s for s in state.tracks.get(track, [])}
    current = _current_slot(state, track)
    views = []
    for label in labels:
        s = placed.pop(label, None)
        if s is None:
            views.append(SlotView(label))
        else:
            views.append(SlotView(label, s.player, s.worker, s.done, s is current))
    for label, s in placed.items():  # X, Y, Mayflower slots and anything unexpected
        views.append(SlotView(label, s.player, s.worker, s.done, s is current))
    return views


def board(state: GameState) -> list[TrackView]:
    """The eight tracks of the current turn, top to bottom, with their slots."""
    n = len(state.players)
    edition = state.setup.edition
    views = []
    for track in TRACKS:
        slots = state.tracks.get(track, [])
        note, open_ended = "", False
        if track == "initiative":
            labels = [str(i) for i in range(1, n + 1)]
            note = _("Each player here receives as many $ as the slot's number and goes "
                     "first next turn, in slot order.")
        elif track == "dock":
            labels = [str(i) for i in state.edition.dock_slots(n)]
            note = _("Workers sail to a discovered region, in slot order.")
        elif track == "trade_goods":
            labels = [str(i) for i in range(1, max(len(state.goods_offer), len(slots)) + 1)]
            offer = (", ".join(names.good_label(g, edition) for g in state.goods_offer)
                     or _("none left"))
            note = _("Face up: {offer}").format(offer=offer)
        elif track == "buildings":
            labels = [str(i) for i in range(1, max(len(state.buildings_offer), len(slots)) + 1)]
            offer = ", ".join(building_title(state, b) for b in state.buildings_offer)
            note = _("Face up: {offer}").format(offer=offer or _("none"))
        elif track == "specialists":
            labels = list(state.edition.specialist_boxes(state.setup.options.builders))
            note = _("Each box gives its specialist; Training sells one for ${price}.").format(
                price=TRAINING_PRICE)
        elif track == "warfare":
            cap = state.edition.warfare_cap
            labels = [str(i) for i in range(1, (cap or max(len(slots) + 1, 1)) + 1)]
            note = _("Each worker here may start a battle or, for ${price}, a war.").format(
                price=WAR_PRICE)
        else:
            labels = [s.label for s in slots]
            open_ended = True
            if track == "shipping":
                values = shipping_values(state) if "shipping" in state.tracks else {}
                ship = _("a ship is waiting") if state.ship_on_track else _("no ship this turn")
                score = ", ".join(f"{md(p)} {v}" for p, v in values.items())
                note = (_("Highest value takes the ship ({ship}).").format(ship=ship)
                        + f" {score}").strip()
            else:
                waiting = [
                    _("{player}: {workers}").format(player=md(name), workers=", ".join(
                        f"{k} {WORKER_ICONS[w]}" for w, k in p.discovery.items() if k))
                    for name, p in state.players.items() if any(p.discovery.values())
                ]
                note = _("Waiting to explore: {who}").format(
                    who=format_clauses(waiting) if waiting else _("nobody"))
        views.append(TrackView(
            track, names.track(track, edition), tuple(_slot_views(state, track, labels)), note,
            active=state.phase == Phase.RESOLUTION and state.step == track, open_ended=open_ended,
        ))
    return views


# ---------------------------------------------------------------- players


@dataclass(frozen=True)
class PlayerView:
    name: str
    colour: str
    nation: str | None
    money: int
    to_place: dict[str, int]
    incoming: dict[str, int]
    on_discovery: dict[str, int]
    goods: dict[str, int]
    ships: int
    buildings: tuple[str, ...]
    discoveries: tuple[str, ...]
    vp: int
    placing: bool  # it is this player's turn to place / decide


def _nonzero(counts: Mapping[str, int]) -> dict[str, int]:
    return {k: v for k, v in counts.items() if v}


def players(game: Game, scored: Sequence[tuple[int, ScoreBreakdown]] | None = None,
            ) -> list[PlayerView]:
    """Every player in the current turn order, with what they hold and their provisional VP
    (``scored``: the standings, when already worked out)."""
    state = game.state
    totals = {s.player: s.total for _, s in (standings(state) if scored is None else scored)}
    colour_of = player_colours(game.setup)
    wanted = game.pending()
    acting = wanted.player if wanted else None
    views = []
    for name in state.order:
        p = state.players[name]
        views.append(PlayerView(
            name=name, colour=colour_of.get(name, ""), nation=p.nation, money=p.money,
            to_place=_nonzero(p.available), incoming=_nonzero(p.incoming),
            on_discovery=_nonzero(p.discovery), goods=_nonzero(p.goods), ships=p.ships,
            buildings=tuple(p.buildings), discoveries=tuple(p.discoveries),
            vp=totals.get(name, 0), placing=name == acting,
        ))
    return views


def counts_text(counts: Mapping[str, int]) -> str:
    """'👤×3 ⚓×1' for a worker count mapping (or '—')."""
    return " ".join(f"{WORKER_ICONS.get(w, w)}×{n}" for w, n in counts.items() if n) or "—"


def goods_text(goods: Mapping[str, int], ships: int = 0) -> str:
    parts = [f"{n} {names.good_label(g)}" for g, n in goods.items() if n]
    if ships:
        parts.append(f"{ships} 🚢")
    return ", ".join(parts) or "—"


# ---------------------------------------------------------------- income


@dataclass(frozen=True)
class IncomeView:
    player: str
    income: Income
    wild_ships: int
    last_income: int | None  # dollars goods and ships earned in the last Income phase
    buildings: tuple[tuple[str, int], ...] = ()  # (building, $ it pays every turn now)


def income(state: GameState) -> list[IncomeView]:
    """The best arrangement of each player's goods and ships right now, and the money the
    player's buildings pay every turn beside it (Trading Post $5, ...: never Economy VP)."""
    views = []
    for name in state.order:
        p = state.players[name]
        wild = max(0, p.ships - state.mayflower_ships.get(name, 0))
        last = p.income.get(state.turn, p.income.get(state.turn - 1))
        views.append(IncomeView(name, best_income(p.goods, wild), wild, last,
                                buildings_paying(state, p.buildings, p.goods)))
    return views


def buildings_paying(state: GameState, owned: Iterable[str],
                     goods: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    """The buildings among ``owned`` that pay money every turn, with what each pays now."""
    paid: dict[str, int] = {}
    for building_id in owned:
        b = state.catalogue[building_id]
        dollars = building_money(b, goods)
        if dollars:  # (named as printed: the board's tile, in the table's language)
            name = names.building(state.setup.edition, b.name)
            paid[name] = paid.get(name, 0) + dollars
    return tuple(paid.items())


# ---------------------------------------------------------------- scores


def score_rows(scored: Iterable[tuple[int, ScoreBreakdown]]) -> list[dict[str, Any]]:
    """Rows for the standings table."""
    rows = []
    for place, s in scored:
        rows.append({
            _("Place"): place, _("Player"): s.player, _("VP"): s.total,
            _("Colonies I"): s.colony[0], _("Colonies II"): s.colony[1],
            _("Colonies III"): s.colony[2], _("Discoveries"): s.discoveries,
            _("Buildings"): s.buildings_total, _("Economy"): s.economy, _("Bought"): s.bought,
            _("Money"): s.money, _("Tie-break goods"): s.tie_goods,
        })
    return rows


def short_score_rows(scored: Iterable[tuple[int, ScoreBreakdown]]) -> list[dict[str, Any]]:
    """Rows for the standings on a phone: the VP and where they come from, in narrow columns
    (``score_rows`` has every column)."""
    scored = list(scored)
    bought = any(s.bought for _place, s in scored)
    rows = []
    for place, s in scored:
        row = {_("Place"): place, _("Player"): s.player, _("VP"): s.total,
               _("Col."): s.colony_total, _("Disc."): s.discoveries,
               _("Bldg."): s.buildings_total, _("Econ."): s.economy}
        if bought:
            row[_("Bought")] = s.bought
        rows.append(row)
    return rows


def markdown_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows (all with the same keys) as a markdown table: text escaped, numbers to the right.

    >>> print(markdown_table([{"Player": "Ann|B", "VP": 3}, {"Player": "Bob", "VP": None}]))
    | Player | VP |
    |---|---:|
    | Ann\\|B | 3 |
    | Bob |  |
    """
    if not rows:
        return ""
    columns = list(rows[0])
    numeric = {c: all(isinstance(r[c], int | float) or r[c] is None for r in rows)
               for c in columns}
    lines = ["| " + " | ".join(md(c) for c in columns) + " |",
             "|" + "|".join("---:" if numeric[c] else "---" for c in columns) + "|"]
    for row in rows:
        cells = ("" if row[c] is None else str(row[c]) if numeric[c] else md(row[c])
                 for c in columns)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def category_totals(scored: Iterable[tuple[int, ScoreBreakdown]]) -> dict[str, dict[str, int]]:
    """player -> category -> VP, for the stacked bar chart."""
    return {
        s.player: {"colony": s.colony_total, "discoveries": s.discoveries,
                   "buildings": s.buildings_total, "economy": s.economy, "bought": s.bought}
        for _, s in scored
    }


def regions(state: GameState) -> list[dict[str, Any]]:
    """One row per region: discovered, its good, workers per player and the leader."""
    rows = []
    for region in state.regions:
        counts = {n: state.workers_in_region(region, n) for n in state.order}
        present = {n: c for n, c in counts.items() if c}
        top = max(present.values(), default=0)
        leaders = [n for n, c in present.items() if c == top]
        rows.append({
            "region": region,
            "name": names.region(state.setup.edition, region),
            "discovered": region in state.discovered,
            "good": state.region_goods[region],
            "good_taken_by": state.region_good_taken_by.get(region),
            "counts": counts,
            "detail": {n: _nonzero(state.regions[region].get(n, {})) for n in present},
            "leader": leaders[0] if len(leaders) == 1 else None,
            "tied": leaders if len(leaders) > 1 else [],
        })
    return rows


def timeline(game: Game, state: GameState | None = None,
             scored: Sequence[tuple[int, ScoreBreakdown]] | None = None) -> list[dict[str, Any]]:
    """Per-turn snapshots of ``game`` up to ``state`` (default: the game's own), plus a
    provisional point for the turn being played (``scored``: the standings of ``state``,
    when already worked out)."""
    if state is None:
        state = game.state
    points = game.timeline(state.version)
    done = points[-1]["turn"] if points else 0
    if state.phase not in (Phase.OVER, Phase.SETUP) and state.turn > done:
        scores = {sc.player: sc for _, sc in (standings(state) if scored is None else scored)}
        points.append({
            "turn": state.turn,
            "provisional": True,
            "players": {
                name: {"vp": scores[name].total, "money": p.money,
                       "colony": scores[name].colony_total,
                       "discoveries": scores[name].discoveries,
                       "buildings": scores[name].buildings_total,
                       "economy": scores[name].economy, "bought": scores[name].bought,
                       "new_world_workers": state.new_world_workers(name)}
                for name, p in state.players.items()
            },
            "leaders": {r["region"]: r["leader"] for r in regions(state)},
        })
    return points


def turn_marks(game: Game) -> list[tuple[str, int]]:
    """(label, version) pairs for stepping through a game turn by turn."""
    marks = [(_("Set-up"), 0)]
    turn = 1
    for index, ev in enumerate(game.events, start=1):
        if ev.type == "reveal":
            marks.append((_("Turn 1 begins"), index))
        elif ev.type == "refresh":
            marks.append((_("End of turn {turn}").format(turn=turn), index))
            turn += 1
    if marks[-1][1] != len(game.events):
        marks.append((_("Latest"), len(game.events)))
    return marks


# ---------------------------------------------------------------- decisions


SHORT_TRACKS = {  # our own short words for the buttons (the tracks' printed names are long)
    "initiative": N_("Initiative"), "dock": N_("Dock"), "trade_goods": N_("Goods"),
    "shipping": N_("Shipping"), "buildings": N_("Buildings"), "discovery": N_("Discovery"),
    "specialists": N_("Specialists"), "warfare": N_("Warfare"),
}


def short_place(value: Spot) -> str:
    """A placement answer's place as a short button label."""
    track, box = value.track, value.box
    if box == "training":
        return component_name("specialist", "Training")
    if box == "mayflower":
        return _("Dock") + " 🚢"
    if box:  # a Specialists box, named by its specialist in words (icons alone look alike)
        return _("{specialist} box").format(specialist=names.worker(box))
    return _(SHORT_TRACKS[track]) if track in SHORT_TRACKS else names.track(track)
