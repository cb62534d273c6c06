"""The end-of-game report on a page (the Table once a game ends, the History for any finished
game): its moments in words and a button that downloads the picture to share. The report is
worked out once per game revision and kept; the picture is drawn only when downloaded."""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable

import streamlit as st

from companion.i18n import _, current_language, language_key, use_language
from companion.report import Report, game_report, picture, sheet_report
from companion.report.words import moment_text
from companion.store import StoredGame, StoredSheet
from companion.ui import playing, views

# the moments told first; a turn's swing and each Age's colony scoring come under "Turn by
# turn", each player's feats under their own heading
HEADLINE = ("lead_change", "tie_break", "shared_place", "cannot_win", "best_category")


def show_game(stored: StoredGame) -> None:
    """The report of a tracked game, as stored now."""
    report = playing.per_version((stored.key, "report"), lambda: game_report(stored.game))
    _show(report, stored.key, stored.created, f"game-{stored.id}")


def show_sheet(saved: StoredSheet) -> None:
    """The report of a saved score sheet of any family."""
    key = ("sheet", saved.id, saved.created, saved.updated)
    report = playing.per_version((key, "report"),
                                 lambda: sheet_report(saved.sheet, saved.scored))
    _show(report, key, saved.created, f"score-sheet-{saved.id}")


def _show(report: Report, key: Hashable, played: dt.datetime, name: str) -> None:
    with st.container(border=True, key=f"report_{name}"):
        st.subheader("📖 " + _("The story of the game"))
        _moments(report, HEADLINE)
        if report.of_kind("swing") or report.of_kind("colony_scoring"):
            with st.expander(_("Turn by turn")):
                _moments(report, ("swing", "colony_scoring"), sort=True)
        if report.of_kind("feats"):
            with st.expander(_("Each player's feats")):
                _moments(report, ("feats",))
        if picture.available():
            # drawn on the click, on another thread: the page's language goes with it
            lang, words = current_language(), language_key()

            def png() -> bytes:
                with use_language(lang):
                    return playing.per_version((key, "picture", words),
                                               lambda: picture.picture(report, played))

            st.download_button("🖼 " + _("Download the picture to share"), png,
                               file_name=f"{name}.png", mime="image/png",
                               key=f"report_png_{name}", on_click="ignore", type="primary")
        else:
            st.info(_("This computer cannot draw the picture (matplotlib is not installed); "
                      "the report above is all here."))


def _moments(report: Report, kinds: tuple[str, ...], sort: bool = False) -> None:
    shown = [m for m in report.moments if m.kind in kinds]
    if sort:
        shown.sort(key=lambda m: (m.turn or 0, kinds.index(m.kind)))
    if shown:
        st.markdown("\n".join("- " + views.md(moment_text(report, m)) for m in shown))
