"""Hints on screen (a teaching aid, off by default, turned on per game): beside the answers
of the question on the Table page, what each is worth; on the Scoreboard, the standings if
the game ended now. The values come from the engine (``companion.engine.hints``); this
module only draws them and keeps the switch (in ``session``).
"""

from __future__ import annotations

import streamlit as st

from companion.engine import Decision, Phase, hints
from companion.i18n import N_, _
from companion.store import StoredGame
from companion.ui import playing, session
from companion.ui.game_view import GameView
from companion.ui.views import md

LABEL = N_("Hints: what each answer is worth")  # the Table's switch
ENDED_NOW_LABEL = N_("Hints: the standings if the game ended now")  # the same, Scoreboard


def _switched(game_id: int, key: str) -> None:
    session.set_hints(game_id, bool(session.widget_value(key)))


def toggle(game_id: int, label: str = LABEL) -> bool:
    """The per-game switch (remembered in this tab for the game), worded for what it shows
    on this page; returns whether it is on."""
    key = f"hints_on_{game_id}"
    st.toggle("💡 " + _(label), value=session.hints_on(game_id), key=key, on_change=_switched,
              args=(game_id, key),
              help=_("A teaching aid: it never decides or records anything."))
    return session.hints_on(game_id)


def answer_hints(stored: StoredGame, decision: Decision) -> None:
    """The switch, and when it is on the worth of each answer of ``decision``."""
    if not toggle(stored.id):
        return
    if decision is stored.game.pending():
        found = playing.game_view(stored).pending_hints  # kept per revision
    else:
        found = hints(stored.game.state, decision)  # a follow-up question of a draft
    if not found:
        st.caption("💡 " + _("No hint for this question."))
        return
    with st.container(key="hints"):
        for hint in found:
            st.caption(f"💡 **{md(hint.label)}** — {md(hint.text)}")


def ended_now_lines(view: GameView) -> list[str]:
    """One line per player: VP if the game ended now, and what a scoring now adds."""
    so_far = {s.player: s.colony_total for _, s in view.standings}
    lines = []
    for place, score in view.ended_now:
        extra = score.colony_total - so_far[score.player]
        scoring = " " + _("({extra} colony VP from a scoring now)").format(
            extra=f"{extra:+d}") if extra else ""
        points = _("{n} VP").format(n=score.total)
        lines.append(f"#{place} · **{md(score.player)}**: {points}{scoring}")
    return lines


def ended_now(stored: StoredGame, view: GameView) -> None:
    """The Scoreboard's "if the game ended now" lines, when hints are on for the game."""
    if stored.game.state.phase == Phase.OVER or not toggle(stored.id, ENDED_NOW_LABEL):
        return
    with st.container(key="ended_now"):
        st.markdown(_("**If the game ended now** (the board scored as it stands, Economy from "
                    "the goods and ships held):"))
        st.markdown("  \n".join(ended_now_lines(view)))
