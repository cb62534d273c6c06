"""Hints on screen (a teaching aid, off by default, turned on per game): beside the answers
of the question on the Table page, what each is worth; on the Scoreboard, the standings if
the game ended now. The values come from the engine (``companion.engine.hints``); this
module only draws them and the switch, which is kept with the game (``playing.hints_on``):
every device and every reload sees it, and only a device that may enter steps changes it.
"""

from __future__ import annotations

import streamlit as st

from companion.engine import Decision, Phase, hints
from companion.i18n import N_, _, pgettext
from companion.store import StoredGame
from companion.ui import playing, session
from companion.ui.game_view import GameView
from companion.ui.views import md

LABEL = N_("Hints: what each answer is worth")  # the Table's switch
ENDED_NOW_LABEL = N_("Hints: the standings if the game ended now")  # the same, Scoreboard


def _switched(game_id: int, key: str) -> None:
    outcome = playing.set_hints(game_id, bool(session.widget_value(key)))
    if outcome.error is not None:  # not ok
        session.flash("error", outcome.error)


def toggle(game_id: int, label: str = LABEL) -> bool:
    """The game's switch, worded for what it shows on this page, as the game keeps it (a
    device that may not enter steps sees it, greyed); returns whether it is on."""
    key = f"hints_on_{game_id}"
    on = playing.hints_on(game_id)
    session.set_widget_value(key, on)  # the stored switch, whoever changed it last
    refusal = playing.hints_refusal(game_id)
    about = _("A teaching aid: it never decides or records anything.")
    st.toggle("💡 " + _(label), key=key, on_change=_switched, args=(game_id, key),
              disabled=refusal is not None,
              help=about if refusal is None else f"{about} {refusal}")
    return on


def switch_moved(game_id: int) -> bool:
    """Whether the game's switch, as this server follows it (memory: no query per poll),
    differs from the one this page drew last (changed on another device since)."""
    shown = session.widget_value(f"hints_on_{game_id}")
    return shown is not None and playing.hints_on(game_id) != bool(shown)


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
        lines.append(f"#{place} · " + pgettext("a bold label before its text",
                "**{label}**: {text}").format(label=md(score.player),
                                                             text=points + scoring))
    return lines


def ended_now(stored: StoredGame, view: GameView) -> None:
    """The Scoreboard's "if the game ended now" lines, when hints are on for the game."""
    if stored.game.state.phase == Phase.OVER or not toggle(stored.id, ENDED_NOW_LABEL):
        return
    with st.container(key="ended_now"):
        st.markdown(_("**If the game ended now** (the board scored as it stands, Economy from "
                    "the goods and ships held):"))
        st.markdown("  \n".join(ended_now_lines(view)))
