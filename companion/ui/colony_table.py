"""The colony scoring as a table : for each region judged, each player there with
their workers, their place (ties said) and the VP won, as the engine worked them out
(``companion.engine.scoring_in``: nothing is decided here). Shown under the step's words on
the Table and in the History; narrow enough for a 360 px phone (a small table per region).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from companion import names
from companion.engine import GameState, RegionScoring
from companion.i18n import _, ngettext
from companion.ui.views import markdown_table, md

Scoring = tuple[int, tuple[RegionScoring, ...]]  # the turn it ends, its regions


def place_words(region: RegionScoring, player: str) -> str:
    """A player's place in the region in words: first or second, tied or not ("" after)."""
    place = region.place(player)
    if place is None:
        return ""
    if region.tied(player):
        return _("1st, tied") if place == 1 else _("2nd, tied")
    return _("1st") if place == 1 else _("2nd")


def region_heading(state: GameState, region: RegionScoring) -> str:
    """The region's name, with the builders there when some stand in it."""
    name = names.region(state.setup.edition, region.region)
    if not region.builders:
        return name
    return ngettext("{region} ({n} builder)", "{region} ({n} builders)",
                    region.builders).format(region=name, n=region.builders)


def rows(region: RegionScoring) -> list[dict[str, Any]]:
    """One row per player present in the region, most workers first (turn order among
    equals): workers, place in words, VP won."""
    vp = dict(region.vp)
    present = sorted(((p, n) for p, n in region.workers if n), key=lambda pn: -pn[1])
    return [{_("Player"): player, _("Workers"): count, _("Place"): place_words(region, player),
             _("VP"): vp[player]} for player, count in present]


def markdown(state: GameState, judged: Sequence[RegionScoring]) -> str:
    """Each region judged as its name in bold above a table of four short columns."""
    return "\n\n".join(f"**{md(region_heading(state, region))}**\n\n"
                        + markdown_table(rows(region)) for region in judged)


# Narrow cells: four columns and a long name fit a 360 px screen.
_STYLE = """<style>
.st-key-colony_scoring table { font-size: 0.85rem; margin-bottom: 0.5rem; }
.st-key-colony_scoring th, .st-key-colony_scoring td { padding: 0.25rem 0.4rem; }
</style>"""


def show(state: GameState, scoring: Scoring | None) -> None:
    """The table of ``scoring`` (the board's regions named in ``state``'s edition); nothing
    when the step scored no colonies."""
    if scoring is None:
        return
    turn, judged = scoring
    with st.container(key="colony_scoring"):
        st.html(_STYLE)
        st.markdown("**" + _("Colony scoring at the end of turn {turn}").format(turn=turn)
                    + "**")
        if not judged:
            st.caption(_("No region scored: nobody had enough workers in one."))
            return
        st.markdown(markdown(state, judged))
