"""The report as a picture to share: a portrait PNG 1080 px wide for a group chat, in the
current language, made on the server from the report's figures.

Drawn with matplotlib (its Agg renderer and its DejaVu fonts, accents included): it needs no
browser, where plotly's image export (kaleido) needs Chrome or Chromium on the machine, which a
fresh install after ``make run`` may not have. Player names are user text: every text is
drawn with ``parse_math=False`` (a "$" never starts a formula).

>>> from companion.engine import random_game
>>> from companion.report import game_report
>>> png = picture(game_report(random_game({"players": [{"name": "A"}, {"name": "B"}]}, seed=2)))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", png_size(png)[0]
(True, 1080)
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import io
import struct
import textwrap
from collections.abc import Mapping

from companion import colours
from companion.i18n import _, format_date, format_ordinal
from companion.report.model import Report
from companion.report.words import (
    category_title,
    game_title,
    moment_text,
    picture_moments,
    unit,
)

WIDTH, HEIGHT, DPI = 1080, 1620, 100
PAPER, INK, MUTED = "#f5efe0", "#2b2118", "#7a6a55"
# colours for players beyond the eight the app names (a score sheet of many players)
SPARE = ("#8b3a1a", "#17a589", "#5d6d7e", "#a04000", "#1f618d", "#7b7d7d", "#b03a2e",
         "#196f3d")
MOMENT_LINE = 58  # characters of a moment's line at 21 pt within the picture's width


def available() -> bool:
    """Whether this machine can draw the picture (matplotlib installed)."""
    return importlib.util.find_spec("matplotlib") is not None


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height of a PNG, read from its header."""
    return struct.unpack(">II", png[16:24])


def player_colours(report: Report) -> dict[str, str]:
    """Each player's colour as the app draws them (``colours.player_colours``: a player who
    chose none gets a free one in seat order), then spare ones."""
    chosen = colours.player_colours(
        {name: report.colours.get(name) for name in [*report.colours, *(
            s.name for s in report.standings if s.name not in report.colours)]})
    spare = list(SPARE)
    return {s.name: colours.PLAYER_HEX.get(chosen.get(s.name, ""), "") or spare.pop(0)
            for s in report.standings}


def picture(report: Report, played: dt.date | dt.datetime | None = None) -> bytes:
    """The PNG: the game, the date, the podium, everyone's place and total, the VP by turn
    (a score sheet: the points by category), and three moments."""
    fig = figure(report, played)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI, facecolor=PAPER)
    return out.getvalue()


def figure(report: Report, played: dt.date | dt.datetime | None = None):  # noqa: ANN201
    """The picture as a matplotlib figure (its texts can be read back: the tests proofread
    them and check each one lies within the picture)."""
    from matplotlib.figure import Figure  # only when a picture is asked for

    fig = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor=PAPER)
    colours = player_colours(report)
    _heading(fig, report, played)
    _podium(fig, report, colours)
    _places(fig, report)
    if report.turns:
        _vp_by_turn(fig, report, colours)
    else:
        _by_category(fig, report)
    _moments(fig, report)
    fig.text(0.5, 0.012, _("Age of Discovery Companion"), ha="center", fontsize=12,
             color=MUTED, parse_math=False)
    return fig


def _heading(fig, report: Report, played: dt.date | dt.datetime | None) -> None:  # noqa: ANN001
    title = game_title(report)
    fig.text(0.5, 0.965, title, ha="center", va="center",
             fontsize=30 if len(title) <= 32 else 26, weight="bold", color=INK, parse_math=False)
    line = _("Final result") if report.finished else _("Provisional result")
    if played is not None:
        line = _("{result}, played on {date}").format(result=line, date=format_date(played))
    fig.text(0.5, 0.932, line, ha="center", va="center", fontsize=18, color=MUTED,
             parse_math=False)


def _podium(fig, report: Report, colours: Mapping[str, str]) -> None:  # noqa: ANN001
    ax = fig.add_axes((0.08, 0.70, 0.84, 0.21))
    ax.set_axis_off()
    ax.set_xlim(0, 3)
    ax.set_ylim(0, 1.5)
    heights = {1: 0.9, 2: 0.65, 3: 0.45}
    # the winner in the middle, the second on the left, the third on the right
    for x, s in zip((1.5, 0.5, 2.5), [s for s in report.standings if s.place <= 3],
                    strict=False):
        step = min(s.place, 3)
        ax.bar(x, heights[step], width=0.86, color=colours[s.name], edgecolor=INK)
        ax.text(x, heights[step] / 2, format_ordinal(s.place), ha="center", va="center",
                fontsize=30, weight="bold", color="white", parse_math=False)
        ax.text(x, heights[step] + 0.22, _short(s.name, 14), ha="center", va="center",
                fontsize=22, weight="bold", color=INK, parse_math=False)
        ax.text(x, heights[step] + 0.07, f"{s.total} {unit(report)}", ha="center",
                va="center", fontsize=18, color=INK, parse_math=False)


def _places(fig, report: Report) -> None:  # noqa: ANN001
    lines = [_("{place} {player} — {total} {unit}").format(
        place=format_ordinal(s.place), player=_short(s.name, 24), total=s.total,
        unit=unit(report)) for s in report.standings]
    columns = [lines[:4], lines[4:8]]
    for c, column in enumerate(c for c in columns if c):
        for row, line in enumerate(column):
            fig.text(0.08 + 0.46 * c, 0.675 - 0.026 * row, line, fontsize=18, color=INK,
                     va="center", parse_math=False)


def _vp_by_turn(fig, report: Report, colours: Mapping[str, str]) -> None:  # noqa: ANN001
    ax = _chart_axes(fig, _("Victory points by turn"))
    turns = range(1, len(report.turns) + 1)
    ends = {}
    for s in report.standings:
        ys = [point.get(s.name, 0) for point in report.turns]
        ax.plot(turns, ys, color=colours[s.name], linewidth=3.5, marker="o", markersize=6)
        ends[s.name] = ys[-1]
    for name, y in label_heights(ends, max(max(ends.values(), default=0), 10) / 14).items():
        ax.text(len(report.turns) + 0.15, y, _short(name, 10), color=colours[name],
                fontsize=14, va="center", weight="bold", parse_math=False)
    ax.set_xticks(list(turns))
    ax.set_xlim(0.7, len(report.turns) + 1.3)
    ax.set_xlabel(_("turn"), fontsize=14, color=MUTED)
    ax.set_ylabel(unit(report), fontsize=14, color=MUTED)


def label_heights(ends: Mapping[str, float], gap: float) -> dict[str, float]:
    """Where each line's end label goes: at its last value, moved up just enough that no
    two labels come closer than ``gap``.

    >>> label_heights({"A": 56, "B": 56, "C": 10}, 5)
    {'C': 10, 'A': 56, 'B': 61}
    """
    placed: dict[str, float] = {}
    last = None
    for name, y in sorted(ends.items(), key=lambda kv: kv[1]):
        y = y if last is None else max(y, last + gap)
        placed[name] = last = y
    return placed


def _by_category(fig, report: Report) -> None:  # noqa: ANN001
    title = _("{unit} by category").format(unit=unit(report))
    ax = _chart_axes(fig, title[:1].upper() + title[1:], bottom=0.37)
    names = [_short(s.name, 12) for s in report.standings][::-1]
    rows = list(report.standings)[::-1]
    left = [0] * len(rows)
    right = [0] * len(rows)
    hues = colours.category_colours(report.categories)
    for category in report.categories:
        values = [s.categories.get(category, 0) for s in rows]
        if not any(values):
            continue
        starts = [r if v >= 0 else lf + v for v, lf, r in zip(values, left, right, strict=True)]
        ax.barh(names, [abs(v) for v in values], left=starts,
                color=hues[category],
                label=category_title(report, category))
        right = [r + max(v, 0) for v, r in zip(values, right, strict=True)]
        left = [lf + min(v, 0) for v, lf in zip(values, left, strict=True)]
    legend = ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=3, fontsize=13,
                       frameon=False)
    for text in legend.get_texts():
        text.set_parse_math(False)
    for tick in ax.get_yticklabels():
        tick.set_parse_math(False)


def _chart_axes(fig, title: str, bottom: float = 0.33):  # noqa: ANN001, ANN202
    ax = fig.add_axes((0.11, bottom, 0.78, 0.54 - bottom))
    ax.set_facecolor("#fbf7ee")
    ax.set_title(title, loc="left", fontsize=18, color=INK, parse_math=False)
    ax.tick_params(labelsize=13, colors=MUTED)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="y", color="#e4dccb")
    return ax


def _moments(fig, report: Report) -> None:  # noqa: ANN001
    y = 0.27
    for moment in picture_moments(report):
        lines = textwrap.wrap(moment_text(report, moment), MOMENT_LINE) or [""]
        for i, line in enumerate(lines):
            fig.text(0.06, y, ("• " if i == 0 else "   ") + line, fontsize=21, color=INK,
                     va="top", parse_math=False)
            y -= 0.021
        y -= 0.012


def _short(name: str, most: int) -> str:
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"
