"""Display pieces shared by the pages: messages, players, board, income, scores and charts.

Names are always escaped (``views.md``) or shown in dataframes, which render plain text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import streamlit as st

from companion import charts, names
from companion.engine import Game, GameState, Phase, building_title, discovery_short
from companion.games import TRACKED_GAME, Family, Scored, Sheet, family
from companion.i18n import (
    N_,
    _,
    format_clauses,
    format_date,
    format_datetime,
    format_list,
    pgettext,
)
from companion.ui import language, playing, session, views
from companion.ui.game_view import GameView
from companion.ui.views import md

if TYPE_CHECKING:
    import pandas as pd

# No mode bar: on a phone it lies over the chart's title, and nobody zooms at the table.
PLOTLY_CONFIG = {"displaylogo": False, "responsive": True, "displayModeBar": False}


def show_flashes(at: str | None = None, every: bool = False) -> None:
    """Messages left by the last action, drawn in the page's flow where they belong (never a
    toast: on a phone a toast lies over the title and the question): those for the top of
    the page, or (``at``) for the input drawn here, or (``every``) all left."""
    for f in session.take_flashes(at, every):
        text = md(f.text)
        if f.level == "error":
            st.error(text, icon="🚫")
        elif f.level == "warning":
            st.warning(text)
        elif f.level == "success":
            st.caption(f"✅ {text}")
        else:
            st.info(text)


# After each step the question's heading is brought into the screen if a tap low in a long
# list left it above (or below) the phone's viewport, and the button last tapped loses its
# focus (its shading would read as an answer already chosen on the next question). At a new
# turn (or the first question a page shows: after "Start the game" the phone was low on the
# New game page) the page goes back to its top, where the turn's heading and last step are,
# if the question still shows from there. Tried again until the rerun is over: elements of
# the page before, not yet removed, would move the question after a first scroll.
_KEEP_IN_VIEW = """<script>(() => {{ const mark = {mark!r}, turn = {turn!r};
  const out = h => {{ const r = h.getBoundingClientRect();
    return r.top < 0 || r.bottom > window.innerHeight; }};
  const stale = () => document.querySelector('[data-stale="true"]') !== null;
  if (window.__aodInView === mark) return; window.__aodInView = mark;
  const toTop = window.__aodTurn !== turn; window.__aodTurn = turn;
  const go = () => {{ const h = document.querySelector({selector!r});
    if (!h) return false;
    const a = document.activeElement; if (a && a !== document.body && a.blur) a.blur();
    const top = document.querySelector('[data-testid=stMainBlockContainer]');
    if (toTop && top) top.scrollIntoView({{block: "start", behavior: "instant"}});
    if (out(h)) h.scrollIntoView({{block: "start", behavior: "instant"}});
    return !stale(); }};
  let tries = 0; const again = () => {{ if (!go() && ++tries < 40) setTimeout(again, 50); }};
  setTimeout(again, 30); }})();</script>"""


# On a phone: less empty space above the menu, and a heading scrolled to stays below
# Streamlit's header bar.
PHONE_STYLE = """<style>
@media (max-width: 640px) {
  /* a little more of a phone's width for the page (tables of words in French) */
  [data-testid=stMainBlockContainer] { padding-top: 3.25rem; padding-left: 0.75rem;
    padding-right: 0.75rem; }
}
.st-key-prompt h4 { scroll-margin-top: 3.75rem; }
/* an answer's or a power's words wrap rather than end in "…" (a token's face and its odds,
   "Spanish Conquistadors (Spain)" after a player's name are long) */
.st-key-prompt [class*="st-key-ans_"] button p, .st-key-prompt [class*="st-key-act_"] button p {
  white-space: normal; text-overflow: clip; overflow: visible; }
@media (max-width: 640px) {
  .st-key-prompt h4 { font-size: 1.3rem; }
  /* the placement rows: 13 places (and a row per specialist held) in fewer lines */
  .st-key-prompt [class*="st-key-place_"] button { padding: 0 0.45rem; min-height: 1.9rem;
    font-size: 0.9rem; }
  .st-key-prompt [class*="st-key-place_"] [data-testid=stButtonGroup] { gap: 0.3rem; }
  .st-key-prompt [class*="st-key-place_"] [data-testid=stButtonGroup] > div { gap: 0.3rem; }
  /* the board's tracks: a thin rule between them, not a blank band */
  .st-key-tracks hr { margin: 0.35rem 0; }
  /* the standings: seven narrow columns within a phone's width, no sideways scroll */
  /* every table of words: its cells wrap at spaces (a long heading, "5 colonists + 1
     merchant") rather than push the page wider than the phone; small enough that a
     book's long words whole ("Marchandises", "Disponibles") fit side by side at 360 px */
  [data-testid=stMain] [data-testid=stMarkdownContainer] table { font-size: 0.8rem; }
  [data-testid=stMain] [data-testid=stMarkdownContainer] th,
  [data-testid=stMain] [data-testid=stMarkdownContainer] td { padding: 0.3rem 0.15rem;
    white-space: normal; overflow-wrap: break-word; }
  /* the standings: seven narrow columns, their short headings whole */
  .st-key-standings table { font-size: 0.8rem; }
  [data-testid=stMain] .st-key-standings th, [data-testid=stMain] .st-key-standings td {
    padding: 0.3rem 0.2rem; }
  [data-testid=stMain] .st-key-standings th { white-space: nowrap; }
  /* tabs on more lines rather than a strip that hides the last ones past the edge */
  [data-testid=stTabs] [role=tablist] { flex-wrap: wrap; row-gap: 0.25rem; }
  /* the standings' every column: a paragraph per player, not a 12-column table */
  .st-key-detail_table { display: none; }
}
@media (min-width: 641px) { .st-key-detail_cards { display: none; } }
</style>"""


def phone_style() -> None:
    st.html(PHONE_STYLE)


def keep_in_view(selector: str, mark: str, turn: str) -> None:
    """Scroll ``selector`` into the screen once per ``mark`` (a new question), if it is out;
    first to the page's top when ``turn`` is not the turn last shown."""
    st.html(_KEEP_IN_VIEW.format(selector=selector, mark=mark, turn=turn),
            unsafe_allow_javascript=True)


# The menu's short words, by page address (the titles are longer)
MENU_LABELS = {"": N_("Home"), "new_game": N_("New"), "table": N_("Table"),
               "scoreboard": N_("Scores"), "history": N_("History"),
               "score_sheet": N_("Sheet"), "rules": N_("Rules")}


def page_menu(pages: list[Any], current: Any) -> None:
    """The pages as one compact row of links (short words, so it fits a phone's width),
    then the language switch; each link keeps the language chosen in the address."""
    params = language.link_params()
    with st.container(horizontal=True, key="page_menu", gap="xsmall"):
        for page in pages:
            label = MENU_LABELS.get(page.url_path)
            st.page_link(page, label=_(label) if label else page.title,
                         icon=page.icon, help=page.title, query_params=params or None,
                         disabled=page.url_path == current.url_path)
        language.switch()


def error(text: str | None) -> None:
    """An error in the engine's (or the store's) words, made inert for markdown."""
    st.error(md(text or _("refused")), icon="🚫")


class FieldErrors:
    """Places beside a form's inputs where an error about that input shows (``spot`` while
    drawing the form, ``show`` once the engine has judged it). An error shows at the spot of
    the longest path its field starts with (``players.1.name`` at ``players.1``), else at the
    form's ``fallback`` spot."""

    def __init__(self) -> None:
        self._spots: dict[str, Any] = {}

    def spot(self, path: str) -> None:
        self._spots[path] = st.empty()

    def show(self, text: str | None, field: str | None, fallback: str) -> None:
        named = [p for p in self._spots if field and (field == p or field.startswith(p + "."))]
        place = max(named, key=len) if named else fallback
        with self._spots[place].container():
            error(text)


def game_caption(game: Game, game_id: int | None = None) -> None:
    st.caption(_game_line(game, game_id))


def game_heading(title: str, game: Game, game_id: int) -> None:
    """Where the game stands, in one bold line, with the game's caption line under it, drawn
    as one element: short, so that on a phone the question below shows without scrolling."""
    st.markdown(f"**{title}**  \n:small[:gray[{md(_game_line(game, game_id))}]]")


def _game_line(game: Game, game_id: int | None) -> str:
    edition = game.state.edition.title
    opts = [views.option_title(k) for k, v in game.setup.options.model_dump().items() if v]
    extra = " · " + _("options: {options}").format(options=", ".join(opts)) if opts else ""
    number = _("Game #{id}").format(id=game_id) + " · " if game_id is not None else ""
    return f"{number}{edition}{extra}"


def refused_banner(refused: Any) -> None:
    """A stored game the corrected rules refuse part-way: which event and which rule."""
    st.warning(md(_("Read-only: this game was recorded under an earlier reading of the rules, "
                    "and the rules now refuse its {event}. It is shown as it stood just "
                    "before that event. To go on, set the refused events aside: they are kept "
                    "with the game (nothing is deleted) and can be re-applied after you record "
                    "what the rule asks.").format(event=refused.describe())), icon="🔒")


# ---------------------------------------------------------------- players


def players_table(view: GameView, show_placing: bool = True) -> None:
    """Who holds what, in turn order: money, workers left to place, VP so far."""
    placing = view.state.phase == Phase.PLACEMENT
    over = view.state.phase == Phase.OVER
    column = _("To place") if placing else _("Workers") if over else _("Ready next turn")
    rows = [
        "| " + " | ".join((_("Player"), "\\$", column, _("Goods"), _("VP"))) + " |",
        "|---|---:|---|---|---:|",
    ]
    for p in view.players:
        mark = "▶\u00a0" if p.placing and show_placing else ""
        disc = views.colour_disc(p.colour)
        workers = p.to_place if placing else p.incoming
        shown = "—" if over else views.counts_text(workers)  # no next turn to get ready for
        rows.append(
            f"| {mark}{disc}\u00a0{md(p.name)} | {p.money} | {shown} | "
            f"{sum(p.goods.values())}{f' · {p.ships}🚢' if p.ships else ''} | {p.vp} |"
        )
    st.markdown("\n".join(rows))


def player_details(view: GameView) -> None:
    """Goods, buildings and discoveries per player."""
    state, game = view.state, view.game
    for p in view.players:
        buildings = ", ".join(building_title(state, b) for b in p.buildings) or _("none")
        found = ", ".join(discovery_short(d) for d in p.discoveries)
        nation = f" ({names.nation(p.nation)})" if p.nation else ""
        lines = [
            _("goods: {goods}").format(goods=md(views.goods_text(p.goods, p.ships))),
            _("buildings: {buildings}").format(buildings=md(buildings)),
            _("discoveries: {found}").format(found=md(found or _("none"))),
            _("waiting on Discovery: {workers}").format(
                workers=views.counts_text(p.on_discovery)),
        ]
        st.markdown(f"**{views.badge(game.setup, p.name)}**{md(nation)}\n"
                    + "\n".join(f"- {line}" for line in lines))


# ---------------------------------------------------------------- the board


def slot_text(setup: Any, slot: views.SlotView, track: str) -> str:
    label = names.box(slot.label) if track == "specialists" else slot.label
    if slot.player is None:
        return f"`{label}`"
    icon = views.WORKER_ICONS.get(slot.worker or "", "")
    text = f"`{label}` {views.badge(setup, slot.player)} {icon}"
    if slot.current:
        return f"**▶ {text}**"
    if slot.done:
        return f"~~{text}~~"
    return text


def board_tracks(view: GameView) -> None:
    """The eight tracks in one bordered box, two blocks side by side (one under the other
    on a phone), each track its title, its slots and a note (a box per track cost about
    30 elements on every rerun of the Table)."""
    with st.container(border=True, horizontal=True, key="tracks", gap="medium"):
        for tracks in (view.board[:4], view.board[4:]):
            st.markdown(_tracks_text(view, tracks), width="stretch")


def _tracks_text(view: GameView, tracks: Sequence[views.TrackView]) -> str:
    parts = []
    for track in tracks:
        flag = " · *" + _("resolving now") + "*" if track.active else ""
        lines = [f"**{track.title}**{flag}"]
        if track.slots:
            lines.append("  ".join(slot_text(view.game.setup, s, track.track)
                                   for s in track.slots))
        elif track.open_ended:
            lines.append("*" + _("nobody yet") + "*")
        if track.note:
            lines.append(f":small[:gray[{track.note}]]")  # markdown already: names escaped
        parts.append("  \n".join(lines))
    return "\n\n---\n\n".join(parts)


# ---------------------------------------------------------------- income and scores


def income_summary(state: GameState) -> None:
    """One line: what each player earned in this turn's Income phase."""
    earned = [f"{md(name)} {md(names.money(p.income[state.turn]))}"
              for name, p in state.players.items() if state.turn in p.income]
    if earned:
        st.markdown(_("Income this turn: {earned}").format(earned=" · ".join(earned)))


def income_section(view: GameView) -> None:
    """Per player: what the goods and ships would pay now (the sets), what they paid at the
    last Income phase, and the buildings' money paid beside it (never Economy VP)."""
    for inc in view.income:
        lines = views.income_sets_text(inc.income)
        said = [_("goods and ships pay ${dollars}").format(dollars=inc.income.dollars)]
        if inc.last_income is not None:
            said.append(_("they paid ${dollars} at the last Income phase").format(
                dollars=inc.last_income))
        said += [_("{building} pays ${dollars} every turn").format(building=building,
                                                                     dollars=dollars)
                 for building, dollars in inc.buildings]
        st.markdown(pgettext("a bold label before its text", "**{label}**: {text}").format(
            label=md(inc.player), text=md(format_clauses(said))))
        if lines:
            st.markdown("\n".join(f"- {md(line)}" for line in lines))


def scored_results(f: Family, scored: Scored, key: str, chart: bool = True) -> pd.DataFrame:
    """Any game's score sheet result: places, points per category and totals (a table), the
    winner(s) and the game's tie rule, and (``chart``) the categories stacked per player.
    Returns the table."""
    import pandas as pd  # here: the pages of a tracked game never need pandas

    rows = []
    notes = any(p.note for p in scored.players)
    unit = f.word(f.unit)
    total = unit[:1].upper() + unit[1:]
    for p in scored.players:
        # the total beside the name: scrolling to the last column hid the names
        row: dict[str, Any] = {_("Place"): p.place, _("Player"): p.player,
                               total: p.total}
        row |= {f.word(c.label): p.breakdown[c.id] for c in scored.categories}
        if notes:
            row[_("Note")] = p.note
        rows.append(row)
    table = pd.DataFrame(rows)
    st.dataframe(table, hide_index=True, width="stretch",
                 column_config={_("Player"): st.column_config.TextColumn(pinned=True)})
    st.markdown(winners_text(f, scored))
    st.caption(f.word(f.tie_rule))
    if not chart:
        return table
    plot(charts.sheet_breakdown([(c.id, f.word(c.label)) for c in scored.categories],
                                {p.player: p.breakdown for p in scored.by_seat()},
                                f.word(f.unit)),
         f"{key}_chart")
    return table


def winners_text(f: Family, scored: Scored) -> str:
    """Who won, in words (markdown, names escaped)."""
    if not scored.winners:
        return _("Nobody could win: every player is a vassal or accepted defeat.")
    top = scored.of(scored.winners[0]).total
    names = format_list(f"**{md(n)}**" for n in scored.winners)
    if len(scored.winners) > 1:
        return "🏆 " + _("{names} share the victory with {points} {unit}.").format(
            names=names, points=top, unit=f.word(f.unit))
    return "🏆 " + _("{names} wins with {points} {unit}.").format(names=names, points=top,
                                                                 unit=f.word(f.unit))


def explanations(f: Family, sheet: Sheet, scored: Scored) -> None:
    """What the family says under a sheet's totals (``Family.explain``): a caption, or a
    folded list per player."""
    for said in f.explain(sheet, scored):
        if not said.players:
            st.caption(said.title)
            continue
        with st.expander(said.title):
            for player, what, lines in said.players:
                st.markdown(pgettext("a bold label before its text", "**{label}**: {text}").format(
                        label=md(player), text=md(what))
                            + "".join(f"\n- {md(line)}" for line in lines))
            if said.footer:
                st.caption(said.footer)


def sheet_entries(f: Family, sheet: Sheet) -> None:
    """What was entered on a score sheet of any game: one row per player, one column per
    field (in the family's words)."""
    fields = f.fields(sheet.options)
    rows = []
    for p in sheet.players:
        row: dict[str, Any] = {_("Player"): p["name"]}
        for fld in fields:
            value = p.get(fld.name)
            if fld.type == "bool":
                value = _("yes") if value else _("no")
            elif fld.type in ("choice", "player"):
                value = fld.option_label(value) if value is not None else "—"
            elif isinstance(value, list):  # named as the form names them, never by id
                value = ", ".join(fld.option_label(v).split(":")[0] for v in value) or "—"
            elif isinstance(value, dict):
                labels = {part.key: part.label for part in fld.parts}
                value = ", ".join(f"{labels.get(k, k)} {n}" for k, n in value.items()
                                  if n) or "—"
            row[fld.label] = value
        rows.append(row)
    import pandas as pd

    st.dataframe(pd.DataFrame(rows).astype(str), hide_index=True, width="stretch")


def standings_table(view: GameView) -> None:
    """Narrow enough for a phone; every column folded below it."""
    with st.container(key="standings"):
        st.markdown(view.standings_table)
        st.caption(_("Col. colonies, Disc. discoveries, Bldg. buildings, Econ. economy (and "
                     "VP bought or corrected, when any)."))
    with st.expander(_("Every column: colonies per age, money, tie-break goods")):
        # both drawn, one shown (``PHONE_STYLE``): the server does not know the screen's width
        with st.container(key="detail_table"):
            st.markdown(view.standings_detail)
        with st.container(key="detail_cards"):
            st.markdown(view.standings_cards)


def regions_table(view: GameView) -> None:
    with st.container(key="regions"):
        st.markdown(view.regions_table)


def plot(fig: Any, key: str) -> None:
    st.plotly_chart(fig, width="stretch", config=PLOTLY_CONFIG, key=key)


CHART_TABS = (N_("VP by turn"), N_("VP by category"), N_("Money"), N_("Regions over time"))


def charts_section(view: GameView, key: str, lazy: bool = False) -> None:
    """The four game charts of ``view`` (figures built once per version of the game).
    ``lazy``: only the open tab's chart is drawn (switching tabs reruns the page)."""
    tabs = st.tabs([_(tab) for tab in CHART_TABS], key=f"{key}_tabs" if lazy else None,
                   on_change="rerun" if lazy else "ignore")
    shown = [not lazy or tab.open is not False for tab in tabs]
    if shown[0]:
        with tabs[0]:
            plot(view.vp_by_turn, f"{key}_vp")
    if shown[1]:
        with tabs[1]:
            plot(view.vp_by_category, f"{key}_cat")
    if shown[2]:
        with tabs[2]:
            plot(view.money_by_turn, f"{key}_money")
    if shown[3]:
        with tabs[3]:
            if view.timeline:
                plot(view.region_control, f"{key}_regions")
            else:
                st.caption(_("Region leaders appear once the first turn is over."))


def region_map(view: GameView, key: str) -> None:
    plot(view.region_map, key)


def sheet_mark() -> str:
    return "🧮 " + _("score sheet")


def result_mark() -> str:
    return "📋 " + _("imported result")


def listing_label(g: Any, markdown: bool = True) -> str:
    """One line for a saved game: number, players, turn or winner, date (escaped for
    markdown unless ``markdown`` is False, for plain-text places like select boxes).
    Score sheets are marked as such and dated by the day they were played."""
    esc = md if markdown else str
    names = ", ".join(g.players)
    when = format_datetime(g.updated, "short")
    if g.kind in ("score_sheet", "result"):
        mark = sheet_mark() if g.kind == "score_sheet" else result_mark()
        f = family(g.family)
        won = " & ".join(g.winners) or _("nobody")
        top = max((g.totals.get(w, 0) for w in g.winners), default=0)
        game = "" if g.family == TRACKED_GAME else f"{f.name} · "
        won_by = _("won by {winners} ({points} {unit})").format(winners=esc(won), points=top,
                                                               unit=f.word(f.unit))
        return (f"#{g.id} · {mark} · {game}{esc(names)} · {won_by} · "
                f"{format_date(g.created)}")
    if g.status == "finished":
        won = " & ".join(g.winners) or "?"
        top = max(g.totals.values(), default=0)
        won_by = _("won by {winners} ({points} {unit})").format(winners=esc(won), points=top,
                                                               unit=_("VP"))
        return f"#{g.id} · {esc(names)} · {won_by} · {when}"
    where = _("set-up") if g.phase == Phase.SETUP else _("turn {turn}").format(turn=g.turn)
    return f"#{g.id} · {esc(names)} · {where} · {when}"


def demo_game_button(label: str, key: str) -> None:
    """A button that adds a randomly played game to the history (and says which)."""
    if st.button(label, key=key):
        with st.spinner(_("Playing a demo game…")):
            outcome = playing.demo_game()
        if outcome.ok and outcome.stored is not None:
            session.flash("success", _("Demo game #{id} added").format(id=outcome.stored.id))
            st.rerun()
        error(outcome.error)
