"""Plotly figures for the scoreboard and the history. Plain data in, a figure out.

Player names are user text and plotly reads a little HTML in labels, so every name is
escaped here before it reaches a figure. Titles, axes and legends are in the current
language (``companion.i18n``).

>>> points = [{"turn": 1, "players": {"Ann": {"vp": 0, "money": 12}}},
...           {"turn": 2, "players": {"Ann": {"vp": 4, "money": 9}}}]
>>> fig = vp_by_turn(points, {"Ann": "#c0392b"})
>>> list(fig.data[0].y)
[0, 4]
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

from companion import names
from companion.colours import CATEGORY_HEX, SHEET_PALETTE
from companion.i18n import _

# A rough layout of the New World, west to east and south to north (not to scale).
REGION_XY: dict[str, tuple[float, float]] = {
    "new_france": (-71.0, 50.0),
    "new_england": (-67.0, 43.0),
    "virginia": (-78.0, 37.5),
    "florida": (-84.0, 30.0),
    "new_spain": (-101.0, 21.0),
    "caribbean": (-72.0, 18.5),
    "new_granada": (-74.0, 5.0),
    "peru": (-77.0, -11.0),
    "brazil": (-52.0, -9.0),
}
# Where each region's label sits beside its disc: sideways into the sea where neighbours are
# close, so that no two labels overlap on a phone (390 px wide).
LABEL_AT: dict[str, str] = {
    "new_france": "top center", "new_england": "middle right", "virginia": "middle left",
    "florida": "middle left", "new_spain": "bottom center", "caribbean": "middle right",
    "new_granada": "middle left", "peru": "middle left", "brazil": "bottom center",
}
COASTLINE = [  # a few points that suggest the continent's outline
    (-125, 49), (-124, 40), (-117, 32), (-105, 20), (-95, 16), (-83, 9), (-80, 0),
    (-81, -6), (-76, -14), (-71, -18), (-70, -30), (-73, -42), (-68, -53), (-65, -40),
    (-57, -35), (-48, -26), (-39, -14), (-35, -7), (-44, -2), (-51, 4), (-60, 9),
    (-72, 11), (-77, 8), (-83, 15), (-88, 21), (-91, 19), (-97, 22), (-97, 28), (-90, 30),
    (-82, 29), (-80, 25), (-81, 31), (-76, 35), (-75, 40), (-70, 42), (-66, 44), (-60, 46),
    (-56, 52), (-62, 58), (-78, 60), (-95, 60), (-125, 49),
]
NEUTRAL = "#bdb39c"


def _name(text: str) -> str:
    return html.escape(str(text), quote=False)


TITLE_LINE = 36  # characters of a title's line: 15 px letters within a phone's 390 px


def title_lines(title: str) -> list[str]:
    """A chart's title in lines a phone shows whole (plotly never wraps a title itself).

    >>> title_lines("The New World: who leads where (👤 workers there)")
    ['The New World: who leads where (👤', 'workers there)']
    """
    return textwrap.wrap(title, TITLE_LINE, break_long_words=False) or [title]


def _layout(fig: go.Figure, title: str, height: int = 330, **extra: Any) -> go.Figure:
    """Title at the top left (in lines a phone shows whole), the legend in rows under the
    plot. No chart has an x axis title (the chart's title says what runs along it): on a
    phone the legend's rows fell on it."""
    lines = title_lines(title)
    fig.update_layout(
        title={"text": "<br>".join(lines), "x": 0,
               "font": {"size": 15}},
        height=height + 20 * (len(lines) - 1),
        margin={"l": 10, "r": 10, "t": 40 + 20 * (len(lines) - 1), "b": 10},
        legend={"orientation": "h", "yanchor": "top", "y": -0.15, "x": 0},
        paper_bgcolor="rgba(0,0,0,0)",
        plot_bgcolor="rgba(255,255,255,0.35)",
        **extra,
    )
    return fig


def _players(points: Sequence[Mapping[str, Any]]) -> list[str]:
    names: list[str] = []
    for point in points:
        for name in point.get("players", {}):
            if name not in names:
                names.append(name)
    return names


def _per_turn(points: Sequence[Mapping[str, Any]], colours: Mapping[str, str], key: str,
              title: str, y_title: str) -> go.Figure:
    fig = go.Figure()
    for name in _players(points):
        xs = [p["turn"] for p in points if name in p["players"]]
        ys = [p["players"][name].get(key, 0) for p in points if name in p["players"]]
        dash = ["dot" if p.get("provisional") else "solid" for p in points]
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines+markers", name=_name(name),
            line={"color": colours.get(name), "width": 3, "dash": "solid"},
            marker={"size": 8, "symbol": ["circle-open" if d == "dot" else "circle"
                                          for d in dash]},
            hovertext=[f"{_name(name)}<br>" + _("turn {turn}: {value}").format(turn=x, value=y)
                       for x, y in zip(xs, ys, strict=True)],
            hoverinfo="text",
        ))
    fig.update_xaxes(dtick=1, range=[0.5, 8.5], tickprefix=_("turn "))
    fig.update_yaxes(title=y_title, rangemode="tozero")
    return _layout(fig, title)


def vp_by_turn(points: Sequence[Mapping[str, Any]], colours: Mapping[str, str]) -> go.Figure:
    """VP of each player at the end of every turn (an open marker: the turn in play)."""
    return _per_turn(points, colours, "vp", _("Victory points by turn"), _("VP"))


def money_by_turn(points: Sequence[Mapping[str, Any]], colours: Mapping[str, str]) -> go.Figure:
    return _per_turn(points, colours, "money", _("Money by turn"), "$")


def vp_by_category(totals: Mapping[str, Mapping[str, int]],
                   edition: str | None = None) -> go.Figure:
    """Stacked bars: each player's VP split by where it comes from (the categories in that
    edition's words)."""
    players = list(totals)
    fig = go.Figure()
    for category, colour in CATEGORY_HEX.items():
        ys = [totals[p].get(category, 0) for p in players]
        if not any(ys):
            continue
        title = _name(names.category(category, edition))
        fig.add_trace(go.Bar(
            x=[_name(p) for p in players], y=ys, name=title,
            marker_color=colour,
            hovertext=[f"{_name(p)}<br>{title}: {y}"
                       for p, y in zip(players, ys, strict=True)],
            hoverinfo="text",
        ))
    fig.update_yaxes(title=_("VP"))
    return _layout(fig, _("VP by category"), barmode="stack")


def sheet_breakdown(categories: Sequence[tuple[str, str]],
                    breakdowns: Mapping[str, Mapping[str, int]], unit: str) -> go.Figure:
    """Stacked bars for a score sheet of any game: one bar per player, one segment per
    category (``categories``: id and title, in the game's order); a negative category (a
    penalty) is drawn below zero.

    >>> fig = sheet_breakdown([("a", "A"), ("b", "B")], {"Red": {"a": 5, "b": -1}}, "Glory")
    >>> [(t.name, list(t.y)) for t in fig.data], fig.layout.barmode
    ([('A', [5]), ('B', [-1])], 'relative')
    """
    players = list(breakdowns)
    fig = go.Figure()
    for i, (category, title) in enumerate(categories):
        ys = [breakdowns[p].get(category, 0) for p in players]
        if not any(ys):
            continue
        fig.add_trace(go.Bar(
            x=[_name(p) for p in players], y=ys, name=_name(title),
            marker_color=SHEET_PALETTE[i % len(SHEET_PALETTE)],
            hovertext=[f"{_name(p)}<br>{_name(title)}: {y}"
                       for p, y in zip(players, ys, strict=True)],
            hoverinfo="text",
        ))
    fig.update_yaxes(title=unit)
    title = _("{unit} by category").format(unit=unit)
    return _layout(fig, title[:1].upper() + title[1:], barmode="relative")


def region_control(points: Sequence[Mapping[str, Any]], region_names: Mapping[str, str],
                   colours: Mapping[str, str], scoring_turns: Sequence[int] = (3, 6, 8),
                   ) -> go.Figure:
    """Who led each region at the end of every turn (scoring turns outlined)."""
    fig = go.Figure()
    regions = list(region_names)
    leaders_seen: dict[str, list[tuple[int, str]]] = {}
    for point in points:
        for region, leader in point.get("leaders", {}).items():
            if region in region_names:
                leaders_seen.setdefault(leader or "", []).append((point["turn"], region))
    for leader, cells in leaders_seen.items():
        label = _name(leader) if leader else _("nobody / tied")
        fig.add_trace(go.Scatter(
            x=[t for t, _ in cells], y=[region_names[r] for _, r in cells], mode="markers",
            name=label,
            marker={
                "symbol": "square", "size": 22,
                "color": colours.get(leader, NEUTRAL) if leader else NEUTRAL,
                "line": {"width": [3 if t in scoring_turns else 0 for t, _ in cells],
                         "color": "#2b2118"},
            },
            hovertext=[f"{label}<br>" + _("{region}, turn {turn}").format(
                region=region_names[r], turn=t) for t, r in cells],
            hoverinfo="text",
        ))
    fig.update_xaxes(dtick=1, range=[0.5, 8.5], tickprefix="T")
    fig.update_yaxes(categoryorder="array",
                     categoryarray=[region_names[r] for r in reversed(regions)])
    return _layout(fig, _("Region leaders by turn (outlined: colony scoring)"), height=380)


def _region_label(name: str, workers: int, at: str) -> str:
    """A region's label; one set to the right of its disc has its count on a second line,
    so that the longest names (Nouvelle-Angleterre) stay inside a phone's map.

    >>> _region_label("Brazil", 0, "bottom center"), _region_label("Caribbean", 9, "middle right")
    ('Brazil · 0 👤', 'Caribbean<br>9 👤')
    """
    return f"{name}<br>{workers} 👤" if at.endswith("right") else f"{name} · {workers} 👤"


def region_map(rows: Sequence[Mapping[str, Any]], colours: Mapping[str, str]) -> go.Figure:
    """The nine regions on a rough map: size = workers there, colour = the leader."""
    fig = go.Figure()
    xs, ys = zip(*COASTLINE, strict=True)
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", hoverinfo="skip",
                             fillcolor="rgba(198,180,140,0.35)",
                             line={"color": "rgba(120,100,70,0.5)", "width": 1},
                             showlegend=False))
    for row in rows:
        x, y = REGION_XY.get(row["region"], (0.0, 0.0))
        total = sum(row["counts"].values())
        at = LABEL_AT.get(row["region"], "top center")
        leader = row.get("leader")
        colour = colours.get(leader, NEUTRAL) if leader else NEUTRAL
        detail = "<br>".join(
            f"{_name(p)}: {n}" for p, n in sorted(row["counts"].items(), key=lambda kv: -kv[1])
            if n) or _("nobody")
        state = "" if row["discovered"] else " " + _("(undiscovered)")
        head = _name(leader) if leader else (
            _("tied: {players}").format(players=", ".join(_name(p) for p in row["tied"]))
            if row.get("tied") else _("no leader"))
        fig.add_trace(go.Scatter(
            x=[x], y=[y], mode="markers+text", showlegend=False,
            text=[_region_label(row["name"], total, at)],
            textposition=at,
            textfont={"size": 12, "color": "#2b2118"},
            marker={"size": 14 + 3 * min(total, 10), "color": colour,
                    "opacity": 0.9 if row["discovered"] else 0.35,
                    "line": {"width": 2 if row.get("scores") else 0, "color": "#2b2118"}},
            hovertext=[f"<b>{row['name']}</b>{state}<br>"
                       + _("leader: {leader}").format(leader=head) + f"<br>{detail}"],
            hoverinfo="text",
        ))
    for name, colour in colours.items():  # a legend of the players' colours
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=_name(name),
                                 marker={"size": 12, "color": colour}))
    # ... and of what the grey discs and the outlines mean
    fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name=_("tied / nobody"),
                             marker={"size": 12, "color": NEUTRAL}))
    fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers",
                             name=_("outlined: would score now"),
                             marker={"size": 12, "color": "rgba(0,0,0,0)",
                                     "line": {"width": 2, "color": "#2b2118"}}))
    # No locked aspect: the map fills its column (a half page on a desktop, a phone's width).
    fig.update_xaxes(visible=False, range=[-125, -31], fixedrange=True)
    fig.update_yaxes(visible=False, range=[-56, 63], fixedrange=True)
    return _layout(fig, _("The New World: who leads where (👤 workers there)"), height=520)


def wins_by_player(stats: Sequence[Mapping[str, Any]], key: str = "name") -> go.Figure:
    """Wins and games per player (or nation) as grouped bars."""
    names = [_name(s[key]) for s in stats]
    fig = go.Figure([
        go.Bar(x=names, y=[s["games"] for s in stats], name=_("games"), marker_color=NEUTRAL),
        go.Bar(x=names, y=[s["wins"] for s in stats], name=_("wins"), marker_color="#8b3a1a"),
    ])
    fig.update_yaxes(dtick=1, tick0=0, rangemode="tozero")  # whole games, no 0.5 ticks
    return _layout(fig, _("Games and wins"), barmode="group")


def score_distribution(scores: Sequence[Mapping[str, Any]]) -> go.Figure:
    """Histogram of final scores (winners apart)."""
    fig = go.Figure()
    for won, colour, label in ((False, NEUTRAL, _("other places")),
                               (True, "#8b3a1a", _("winners"))):
        values = [s["vp"] for s in scores if bool(s["won"]) == won]
        if values:
            # bins on round numbers (0-4, 5-9, ...), the same for both traces
            fig.add_trace(go.Histogram(x=values, name=label, marker_color=colour,
                                       xbins={"start": 0, "size": 5}, bingroup="vp"))
    fig.update_xaxes(dtick=10, tick0=0, ticksuffix=" " + _("VP"))
    fig.update_yaxes(title=_("players"), dtick=1, tick0=0, rangemode="tozero")
    return _layout(fig, _("Final scores: players per 5 VP"), barmode="stack")
