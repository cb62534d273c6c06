"""Display pieces shared by the pages: messages, players, board, income, scores and charts.

Names are always escaped (``views.md``) or shown in dataframes, which render plain text.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from companion import charts
from companion.engine import Game, GameState, Phase, standings
from companion.rules.buildings import buildings_for
from companion.sheet import FACT_TITLES
from companion.ui import session, views
from companion.ui.views import md

PLOTLY_CONFIG = {"displaylogo": False, "responsive": True}
SLOT_GAP = " \u2003"  # an em space between slots


def show_flashes() -> None:
    """Messages left by the last action (errors stay on screen; successes are toasts)."""
    for f in session.take_flashes():
        text = md(f.text)
        if f.level == "error":
            st.error(text, icon="🚫")
            st.toast(text, icon="🚫")
        elif f.level == "warning":
            st.warning(text)
        elif f.level == "success":
            st.toast(text, icon="✅")
        else:
            st.info(text)


def error(text: str | None) -> None:
    """An error in the engine's (or the store's) words, made inert for markdown."""
    st.error(md(text or "refused"), icon="🚫")


def game_caption(game: Game, game_id: int | None = None) -> None:
    edition = game.state.edition.title
    opts = [k.replace("_", " ") for k, v in game.setup.options.model_dump().items() if v]
    extra = f" · options: {', '.join(opts)}" if opts else ""
    number = f"Game #{game_id} · " if game_id is not None else ""
    st.caption(f"{number}{edition}{extra}")


def refused_banner(refused: Any) -> None:
    """A stored game the corrected rules refuse part-way: which event and which rule."""
    st.warning(md(f"Read-only: this game was recorded under an earlier reading of the rules, "
                  f"and the rules now refuse its {refused.describe()}. It is shown as it "
                  "stood just before that event. To go on, set the refused events aside: "
                  "they are kept with the game (nothing is deleted) and can be re-applied "
                  "after you record what the rule asks."), icon="🔒")


# ---------------------------------------------------------------- players


def players_table(game: Game, show_placing: bool = True) -> None:
    """Who holds what, in turn order: money, workers left to place, VP so far."""
    placing = game.state.phase == Phase.PLACEMENT
    rows = [
        "| Player | \\$ | " + ("To place" if placing else "Ready next turn") + " | Goods | VP |",
        "|---|---:|---|---|---:|",
    ]
    for p in views.players(game):
        mark = "▶\u00a0" if p.placing and show_placing else ""
        disc = views.COLOUR_EMOJI.get(p.colour, "◯")
        workers = p.to_place if placing else p.incoming
        rows.append(
            f"| {mark}{disc}\u00a0{md(p.name)} | {p.money} | {views.counts_text(workers)} | "
            f"{sum(p.goods.values())}{f' · {p.ships}🚢' if p.ships else ''} | {p.vp} |"
        )
    st.markdown("\n".join(rows))


def player_details(game: Game) -> None:
    """Goods, buildings and discoveries per player."""
    state = game.state
    for p in views.players(game):
        buildings = ", ".join(views.building_title(state, b) for b in p.buildings) or "none"
        found = ", ".join(views.discovery_title(d).split(":")[0] for d in p.discoveries)
        nation = f" ({views.nation_label(p.nation)})" if p.nation else ""
        st.markdown(
            f"**{views.badge(game.setup, p.name)}**{md(nation)}\n"
            f"- goods: {md(views.goods_text(p.goods, p.ships))}\n"
            f"- buildings: {md(buildings)}\n"
            f"- discoveries: {md(found or 'none')}\n"
            f"- waiting on Discovery: {views.counts_text(p.on_discovery)}"
        )


# ---------------------------------------------------------------- the board


def slot_text(setup: Any, slot: views.SlotView, track: str) -> str:
    label = slot.label
    if slot.player is None:
        return f"`{label}`"
    text = f"`{label}` {views.badge(setup, slot.player)} {views.WORKER_ICONS.get(slot.worker, '')}"
    if slot.current:
        return f"**▶ {text}**"
    if slot.done:
        return f"~~{text}~~"
    return text


def track_box(game: Game, track: views.TrackView) -> st.delta_generator.DeltaGenerator:
    """A bordered box for one track: its slots and a note. Returns the box for buttons."""
    box = st.container(border=True, key=f"track_{track.track}")
    with box:
        flag = " · *resolving now*" if track.active else ""
        st.markdown(f"**{track.title}**{flag}")
        if track.slots:
            st.markdown("  ".join(slot_text(game.setup, s, track.track)
                                       for s in track.slots))
        elif track.open_ended:
            st.markdown("*nobody yet*")
        if track.note:
            st.caption(track.note)
    return box


# ---------------------------------------------------------------- income and scores


def income_summary(state: GameState) -> None:
    """One line: what each player earned in this turn's Income phase."""
    earned = [f"{md(name)} \\${p.income[state.turn]}" for name, p in state.players.items()
              if state.turn in p.income]
    if earned:
        st.markdown("Income this turn: " + " · ".join(earned))


def income_section(state: GameState) -> None:
    for inc in views.income(state):
        lines = views.income_sets_text(inc.income)
        last = f" (earned ${inc.last_income} last Income phase)" if inc.last_income else ""
        st.markdown(f"**{md(inc.player)}**: \\${inc.income.dollars} from sets{md(last)}")
        if lines:
            st.markdown("\n".join(f"- {md(line)}" for line in lines))


def sheet_results(results: list[Any]) -> pd.DataFrame:
    """A score sheet's totals and places (``companion.sheet.SheetResult``), what the
    tie-breaks did, and the income sets behind each economy score. Returns the table."""
    table = pd.DataFrame(views.score_rows((r.place, r.score) for r in results))
    st.dataframe(table, hide_index=True, width="stretch")
    ties = [r for r in results if sum(1 for o in results if o.place == r.place) > 1]
    if ties:
        st.caption("Still tied after the tie-breaks (turn-8 colony VP, money, goods plus ships "
                   "— goods only in Age of Empires III): those players share the place.")
    elif len({r.score.total for r in results}) < len(results):
        st.caption("Equal totals were split by the tie-breaks: turn-8 colony VP, then money, "
                   "then goods plus ships (goods only in Age of Empires III).")
    with st.expander("Economy: the income sets behind each player's economy VP"):
        for r in results:
            lines = views.income_sets_text(r.income)
            st.markdown(f"**{md(r.score.player)}**: {r.income.dollars} VP"
                        + "".join(f"\n- {md(line)}" for line in lines))
        st.caption("Economy VP equal the income of the last Income phase.")
    return table


def sheet_inputs(sheet: Any) -> None:
    """What was entered on a score sheet, one row per seat (``companion.sheet.ScoreSheet``)."""
    catalogue = buildings_for(sheet.edition, sheet.builders)
    rows = []
    for p in sheet.players:
        found = (f"{p.typed_discovery_vp} VP ({p.typed_discovery_count} owned)"
                 if p.typed_discovery_vp is not None
                 else ", ".join(views.discovery_title(d).split(":")[0] for d in p.discoveries))
        owned = [catalogue[b].name if b in catalogue else b for b in p.buildings]
        if p.extra_buildings:
            owned.append(f"{p.extra_buildings} other tile(s)")
        rows.append({
            "Player": p.name, "Colour": p.colour, "Nation": views.nation_label(p.nation),
            "Colonies": " + ".join(str(vp) for vp in p.colony), "Discoveries": found,
            "Buildings": ", ".join(owned),
            "Counts": ", ".join(f"{FACT_TITLES.get(q, q)}: {n}" for q, n in p.facts.items()
                                if n),
            "Goods": views.goods_text({g: n for g, n in p.goods.items() if n}, p.ships),
            "Money": p.money, "Bought VP": p.bought,
        })
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def standings_table(state: GameState) -> None:
    rows = views.score_rows(standings(state))
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def regions_table(state: GameState) -> None:
    rows = []
    for r in views.regions(state):
        row = {"Region": r["name"] + ("" if r["discovered"] else " (undiscovered)"),
               "Good": r["good"] + (f" → {r['good_taken_by']}" if r["good_taken_by"] else "")}
        row.update({name: n for name, n in r["counts"].items()})
        row["Leader"] = r["leader"] or (" / ".join(r["tied"]) + " tied" if r["tied"] else "")
        rows.append(row)
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def plot(fig: Any, key: str) -> None:
    st.plotly_chart(fig, width="stretch", config=PLOTLY_CONFIG, key=key)


def charts_section(game: Game, state: GameState, key: str) -> None:
    """The four game charts for ``state`` (a point in ``game``)."""
    colours = views.colour_hex(game.setup)
    points = views.timeline(state)
    tabs = st.tabs(["VP by turn", "VP by category", "Money", "Regions over time"])
    with tabs[0]:
        plot(charts.vp_by_turn(points, colours), f"{key}_vp")
    with tabs[1]:
        plot(charts.vp_by_category(views.category_totals(standings(state))), f"{key}_cat")
    with tabs[2]:
        plot(charts.money_by_turn(points, colours), f"{key}_money")
    with tabs[3]:
        names = {r["region"]: r["name"] for r in views.regions(state)}
        if points:
            plot(charts.region_control(points, names, colours), f"{key}_regions")
        else:
            st.caption("Region leaders appear once the first turn is over.")


def region_map(game: Game, state: GameState, key: str) -> None:
    plot(charts.region_map(views.regions(state), views.colour_hex(game.setup)), key)


SHEET_MARK = "🧮 score sheet"


def listing_label(g: Any, markdown: bool = True) -> str:
    """One line for a saved game: number, players, turn or winner, date (escaped for
    markdown unless ``markdown`` is False, for plain-text places like select boxes).
    Score sheets are marked as such and dated by the day they were played."""
    esc = md if markdown else str
    names = ", ".join(g.players)
    when = g.updated.strftime("%d %b %Y %H:%M")
    if g.kind == "score_sheet":
        won = " & ".join(g.winners) or "?"
        top = max(g.totals.values(), default=0)
        return (f"#{g.id} · {SHEET_MARK} · {esc(names)} · won by {esc(won)} ({top} VP) · "
                f"{g.created.strftime('%d %b %Y')}")
    if g.status == "finished":
        won = " & ".join(g.winners) or "?"
        top = max(g.totals.values(), default=0)
        return f"#{g.id} · {esc(names)} · won by {esc(won)} ({top} VP) · {when}"
    where = "set-up" if g.phase == Phase.SETUP else f"turn {g.turn}"
    return f"#{g.id} · {esc(names)} · {where} · {when}"
