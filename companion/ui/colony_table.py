"""The colony scoring as a table (issue 43): for each region judged, each player there with
their workers, their place (ties said) and the VP won, as the engine worked them out
(``companion.engine.scoring_in``: nothing is decided here). Shown under the step's words on
the Table and in the History; narrow enough for a 360 px phone (four short columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from companion.engine import GameState, RegionScoring
from companion.i18n import _, ngettext
from companion.ui.views import markdown_table, region_title

Scoring = tuple[int, tuple[RegionScoring, ...]]  # the turn it ends, its regions


def place_words(region: RegionScoring, player: str) -> str:
    """A player's place in the region in words: first or second, tied or not ("" after)."""
    place = region.place(player)
    if place is None:
        return ""
    if region.tied(player):
        return _("1st, tied") if place == 1 else _("2nd, tied")
    return _("1st") if place == 1 else _("2nd")


def rows(state: GameState, judged: Sequence[RegionScoring]) -> list[dict[str, Any]]:
    """One row per player present in a region judged, most workers first (turn order
    among equals); the region named on its first row, with its builders if any."""
    found = []
    for region in judged:
        name = region_title(state, region.region)
        if region.builders:
            name = ngettext("{region} ({n} builder)", "{region} ({n} builders)",
                            region.builders).format(region=name, n=region.builders)
        vp = dict(region.vp)
        present = sorted(((p, n) for p, n in region.workers if n), key=lambda pn: -pn[1])
        for i, (player, count) in enumerate(present):
            found.append({_("Region"): name if i == 0 else "", _("Player"): player,
                          _("Workers"): count, _("Place"): place_words(region, player),
                          _("VP"): vp[player]})
    return found


def show(state: GameState, scoring: Scoring | None) -> None:
    """The table of ``scoring`` (the board's regions named in ``state``'s edition); nothing
    when the step scored no colonies."""
    if scoring is None:
        return
    turn, judged = scoring
    with st.container(key="colony_scoring"):
        st.markdown("**" + _("Colony scoring at the end of turn {turn}").format(turn=turn)
                    + "**")
        found = rows(state, judged)
        if not found:
            st.caption(_("No region scored: nobody had enough workers in one."))
            return
        st.markdown(markdown_table(found))
