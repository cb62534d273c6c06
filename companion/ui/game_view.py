"""What the pages show of one version of a game, each part computed on first use and kept.

A version of a game never changes (the store hands out a new ``StoredGame`` for every
revision), so neither does anything shown of it: ``playing.game_view`` keeps one ``GameView``
per (game id, revision) — per step shown, on the History page — shared by every browser
session, and a rerun of an unchanged page computes nothing again: no replay, no scoring, no
figure built twice. Nothing here is changed once built (figures included: ``st.plotly_chart``
only reads them). No Streamlit here.

>>> from companion.engine import Game
>>> view = GameView(Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]}))
>>> view.players is view.players, [p.name for p in view.players]
(True, ['Ann', 'Bob'])
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from companion import charts, names
from companion.engine import Game, GameState, Hint, ended_now, hints, standings
from companion.i18n import _
from companion.scoring import ScoreBreakdown
from companion.ui import views


class GameView:
    """``state`` (default: the game's own) as the pages show it; ``game`` gives the set-up
    and, for its own state, the pending question."""

    def __init__(self, game: Game, state: GameState | None = None) -> None:
        self.game = game
        self.state = game.state if state is None else state

    # ---------------------------------------------------------------- tables and texts

    @cached_property
    def standings(self) -> list[tuple[int, ScoreBreakdown]]:
        if self.state is self.game.state:
            return self.game.standings()  # shared with the store's summary of this step
        return standings(self.state)

    @cached_property
    def standings_table(self) -> str:
        """Markdown (no dataframe: the pages of a game then never load pandas); each name
        with its colour disc, as in the players' table (the CSV rows stay plain names)."""
        return views.markdown_table(self._with_discs(views.short_score_rows(self.standings)))

    @cached_property
    def standings_detail(self) -> str:
        """Every column of the standings (colonies per age, money, tie-break goods)."""
        return views.markdown_table(self._with_discs(views.score_rows(self.standings)))

    @cached_property
    def standings_cards(self) -> str:
        """The same columns as ``standings_detail``, one short paragraph per player (a
        phone's width holds no 12-column table): place and name, then each column's title
        and value."""
        place, player = _("Place"), _("Player")
        cards = []
        for row in self._with_discs(views.score_rows(self.standings)):
            rest = " · ".join(f"{views.md(str(k))} {views.md(str(v))}"
                              for k, v in row.items() if k not in (place, player))
            cards.append(f"**{row.get(place, '')} · {views.md(str(row[player]))}**  \n"
                         f"{rest}")
        return "\n\n".join(cards)

    def _with_discs(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        player = _("Player")
        for row in rows:
            # a no-break space, as in the players' table: the disc never wraps from the name
            row[player] = f"{views.disc(self.game.setup, row[player])}\u00a0{row[player]}"
        return rows

    @cached_property
    def ended_now(self) -> list[tuple[int, ScoreBreakdown]]:
        """Standings if the game ended now (a last colony scoring of the board as it is)."""
        return ended_now(self.state)

    @cached_property
    def pending_hints(self) -> tuple[Hint, ...]:
        """Hints for the game's pending question (none for another state than its own)."""
        return hints(self.state, self.game.pending()) if self.state is self.game.state else ()

    @cached_property
    def players(self) -> list[views.PlayerView]:
        """Only for the game's own state (the pending question says who acts)."""
        return views.players(self.game, self.standings)

    @cached_property
    def board(self) -> list[views.TrackView]:
        return views.board(self.state)

    @cached_property
    def income(self) -> list[views.IncomeView]:
        return views.income(self.state)

    @cached_property
    def regions(self) -> list[dict[str, Any]]:
        return views.regions(self.state)

    @cached_property
    def regions_table(self) -> str:
        rows = []
        for r in self.regions:  # three narrow columns: the Leader stays in view on a phone
            workers = " · ".join(f"{name} {n}" for name, n in r["counts"].items() if n)
            good = names.good(r["good"], self.game.setup.edition) + (
                f" → {r['good_taken_by']}" if r["good_taken_by"] else "")
            name = r["name"] if r["discovered"] else _("{region} (undiscovered)").format(
                region=r["name"])
            tied = _("{players} tied").format(players=" / ".join(r["tied"]))
            rows.append({
                _("Region (good)"): f"{name} ({good})",
                _("Workers"): workers or "—",
                _("Leader"): r["leader"] or (tied if r["tied"] else "—"),
            })
        return views.markdown_table(rows)

    @cached_property
    def timeline(self) -> list[dict[str, Any]]:
        return views.timeline(self.game, self.state, self.standings)

    @cached_property
    def colours(self) -> dict[str, str]:
        return views.colour_hex(self.game.setup)

    # ---------------------------------------------------------------- figures

    @cached_property
    def vp_by_turn(self) -> Any:
        return charts.vp_by_turn(self.timeline, self.colours)

    @cached_property
    def money_by_turn(self) -> Any:
        return charts.money_by_turn(self.timeline, self.colours)

    @cached_property
    def vp_by_category(self) -> Any:
        return charts.vp_by_category(views.category_totals(self.standings),
                                     self.game.setup.edition)

    @cached_property
    def region_control(self) -> Any:
        names = {r["region"]: r["name"] for r in self.regions}
        return charts.region_control(self.timeline, names, self.colours)

    @cached_property
    def region_map(self) -> Any:
        return charts.region_map(self.regions, self.colours)
