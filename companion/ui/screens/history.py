"""History: past games (filter, replay turn by turn; score sheets show their breakdown),
statistics, export and import."""

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from companion import charts, names
from companion.engine import GameState, describe_event, scoring_in, step_changes
from companion.exchange.imports import ImportReport
from companion.exchange.plays import title
from companion.games import FAMILY_IDS, family
from companion.i18n import _, format_date, ngettext, pgettext
from companion.rules.editions import EDITIONS
from companion.store import StoredGame
from companion.text import name_key
from companion.ui import (
    access,
    colony_table,
    joining,
    language,
    library,
    playing,
    report_view,
    session,
    views,
    widgets,
)

KINDS = (None, "tracked", "score_sheet", "result")


def kind_label(kind: str | None) -> str:
    return {None: _("any"), "tracked": "🎲 " + _("turn by turn"), "score_sheet":
            widgets.sheet_mark(), "result": widgets.result_mark()}[kind]


AS_WRITTEN = "(a new player, as written)"  # a choice's value; shown as new_player_label()


def new_player_label(name: str) -> str:
    return _("(a new player, as written)") if name == AS_WRITTEN else name


def game_name(game: str | None) -> str:
    return _("any") if game is None else family(game).name


def edition_text(game: str, edition: str) -> str:
    """The box a kept game was played with, for a family with editions."""
    f = family(game)
    return f.edition_title(edition) if edition in f.editions() else "—"


def options_text(game: str, options: dict) -> str:
    """A sheet's game-level options in a few words."""
    f = family(game)
    said = [o.label if o.type == "bool" else f"{o.label}: {o.option_label(options[o.name])}"
            for o in f.option_fields()
            if o.name != f.edition_option and options.get(o.name) not in (None, False)]
    return " · ".join([f.title(options), *said])


def show_sheet(game_id: int) -> None:
    """A saved score sheet of any game: its totals, places, categories and winner(s) (it
    has no turns to replay)."""
    outcome = library.load_sheet(game_id)
    if outcome.stored is None:
        widgets.error(outcome.error)
        return
    saved = outcome.stored
    sheet, f = saved.sheet, family(saved.game)
    st.markdown(pgettext("a bold label before its text", "**{label}**: {text}").format(
            label=widgets.sheet_mark(), text=_(
        "final result of the game played on {date}").format(date=format_date(saved.created))))
    st.caption(_("Game #{id}").format(id=saved.id) + " · "
               + options_text(saved.game, dict(sheet.options)))
    if sheet.note:
        st.markdown(f"> {views.md(sheet.note)}")
    widgets.scored_results(f, saved.scored, f"hist_sheet_{game_id}")
    widgets.explanations(f, sheet, saved.scored)
    report_view.show_sheet(saved)
    with st.expander(_("What each player entered")):
        widgets.sheet_entries(f, sheet)
    with st.container(horizontal=True):
        if st.button(_("Reopen on the Score sheet"), key=f"hist_reopen_{game_id}",
                     help=_("Fill the Score sheet with these inputs, to check or correct them")):
            library.reopen_sheet(game_id)
            language.switch_page("app_pages/score_sheet.py")
        st.download_button(_("Download JSON"), library.export_json(game_id),
                           file_name=f"score-sheet-{game_id}.json", mime="application/json",
                           key=f"hist_json_{game_id}", on_click="ignore")


def show_result(game_id: int) -> None:
    """A result imported from another app: players, totals, places and winner(s); it has
    no breakdown and no turns."""
    result = library.load_result(game_id)
    if isinstance(result, str):
        widgets.error(result)
        return
    played = _("{game}, played on {date}").format(
        game=views.md(title(result.game, result.edition)), date=format_date(result.played))
    source = (" " + _("(from {source})").format(source=views.md(result.source))
              if result.source else "")
    st.markdown(pgettext("a bold label before its text", "**{label}**: {text}").format(
            label=widgets.result_mark(),
                                                                     text=played + source))
    f = family(result.game)
    unit = f.word(f.unit)
    st.dataframe(pd.DataFrame([
        {_("Place"): s.place, _("Player"): s.name, unit[:1].upper() + unit[1:]: s.score,
         _("Won"): "🏆" if s.won else "", _("Began"): "✓" if s.start else ""}
        for s in sorted(result.seats, key=lambda s: (s.place, -s.score))]),
        hide_index=True, width="stretch")
    st.caption(_("Kept as the other app recorded it: it counts for plays and wins, not for "
               "the points per category."))
    st.download_button(_("Download JSON"), library.export_json(game_id),
                       file_name=f"result-{game_id}.json", mime="application/json",
                       key=f"hist_json_{game_id}", on_click="ignore")


def at_end(key: str, last: int) -> None:
    """A replay slider not yet moved (or beyond a shorter game) starts at the end."""
    value = session.widget_value(key)
    if not isinstance(value, int) or not 0 <= value <= last:
        session.set_widget_value(key, last)


def step_buttons(key: str, at: int, last: int, by_turn: bool) -> None:
    """Previous / next beside a replay slider: on a phone a slider of 80 steps cannot be
    moved by one."""
    def move(by: int) -> None:
        session.set_widget_value(key, min(max(at + by, 0), last))

    with st.container(horizontal=True, key=f"{key}_steps"):
        st.button(_("◀ Previous turn") if by_turn else _("◀ Previous step"),
                  key=f"{key}_prev", on_click=move, args=(-1,),
                  disabled=at <= 0)
        st.button(_("Next turn ▶") if by_turn else _("Next step ▶"),
                  key=f"{key}_next", on_click=move, args=(1,),
                  disabled=at >= last)


def show() -> None:
    """One run of the page."""
    st.title("📜 " + _("History"))
    widgets.show_flashes()
    filters = filter_section()
    view = library.history(filters)

    games_tab, stats_tab, files_tab = st.tabs([_("Games"), _("Statistics"), _("Import / export")])
    with games_tab:
        games_section(view)
    with stats_tab:
        stats_section(view, filters.game)
    with files_tab:
        export_section(view, filters)
        import_section()


# ---------------------------------------------------------------- the filter


def filter_section() -> library.Filters:
    """The games to list: by player, game, status, dates, kind and edition."""
    with st.expander(_("Filter")):
        cols = st.columns(3)
        player = cols[0].text_input(_("Player name (exact)"), key="hist_player")
        game_filter = cols[1].selectbox(_("Game"), [None, *FAMILY_IDS], key="hist_family",
                                        format_func=game_name)
        status = cols[2].selectbox(_("Status"), [None, "finished", "in_progress"],
                                   key="hist_status", format_func=lambda s: {
                                       None: _("any"), "finished": _("finished"),
                                       "in_progress": _("in progress")}[s])
        second_row = st.columns(4)
        since = second_row[0].date_input(_("From"), value=None, key="hist_since")
        before = second_row[1].date_input(_("Before"), value=None, key="hist_before")
        kind = second_row[2].selectbox(_("Kind"), [None, "tracked", "score_sheet", "result"],
                                 key="hist_kind", format_func=kind_label)
        edition = second_row[3].selectbox(_("Edition (Age of Discovery)"), [None, *EDITIONS],
                                    key="hist_edition",
                                    format_func=lambda e: (_("any") if e is None
                                                           else EDITIONS[e].title))
    return library.Filters(player=player.strip() or None, edition=edition, status=status,
                           since=since, before=before, kind=kind, game=game_filter)


# ---------------------------------------------------------------- the games


def games_section(view: library.HistoryView) -> None:
    """The games listed, and the one opened: a replay, a score sheet or a result."""
    counted = ngettext("{n} game", "{n} games", view.total).format(n=view.total)
    if view.total > len(view.games):
        counted += ", " + _("showing {n}").format(n=len(view.games))
    st.caption(counted)
    if not view.games:
        st.caption(_("No game matches."))
        return
    status_words = {"finished": _("finished"), "in_progress": _("in progress")}
    rows = [{"#": g.id, _("Date"): format_date(g.created, "short"),
             _("Game"): family(g.family).name,
             _("Edition"): edition_text(g.family, g.edition),
             _("Kind"): kind_label(g.kind),
             _("Status"): status_words.get(g.status, g.status.replace("_", " ")),
             _("Players"): ", ".join(g.players),
             _("Winner"): " & ".join(g.winners),
             _("Top score"): max(g.totals.values(), default=0)} for g in view.games]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    ids = [g.id for g in view.games]
    labels = {g.id: widgets.listing_label(g, markdown=False) for g in view.games}
    wanted = session.history_game() or session.game_id()  # else the game on the Table
    chosen = st.selectbox(_("Open a game"), ids, key="hist_game",
                          index=ids.index(wanted) if wanted in ids else None,
                          placeholder=_("choose a game to open"), format_func=labels.__getitem__)
    if chosen is None:
        return
    session.set_history_game(chosen)
    kinds = {g.id: g.kind for g in view.games}
    if kinds[chosen] == "score_sheet":
        show_sheet(chosen)
    elif kinds[chosen] == "result":
        show_result(chosen)
    else:
        show_game(chosen)
    delete_section(chosen)


def show_game(game_id: int) -> None:
    """A game kept turn by turn, replayed to the step chosen."""
    outcome = library.load_game(game_id)
    if not outcome.ok or outcome.stored is None:
        widgets.error(outcome.error)
        return
    stored = outcome.stored
    version = replay_position(stored)
    with st.spinner(_("Replaying…")):  # once per step shown, then kept
        shown = playing.game_view(stored, version)
    st.markdown(f"**{views.where_now(shown.state)}** " + _(
        "(after {n} of {total} events)").format(n=version, total=stored.seq))
    step_section(stored, shown.state, version)
    widgets.game_caption(stored.game, stored.id)
    widgets.standings_table(shown)
    map_col, table_col = st.columns([1, 1])
    with map_col:
        widgets.region_map(shown, f"hist_map_{game_id}")
    with table_col:
        widgets.regions_table(shown)
    widgets.charts_section(shown, f"hist_{game_id}")
    if stored.status == "finished":
        report_view.show_game(stored)
    with st.container(horizontal=True):
        if stored.status != "finished" and st.button(
                _("Resume on the Table"), key=f"hist_resume_{game_id}"):
            playing.open_game(game_id)
            language.switch_page("app_pages/table.py")
        st.download_button(_("Download JSON"), library.export_json(game_id),
                           file_name=f"game-{game_id}.json", mime="application/json",
                           key=f"hist_json_{game_id}", on_click="ignore")


def replay_position(stored: StoredGame) -> int:
    """How many events the replay shows: chosen by turn or by event."""
    game_id, marks = stored.id, views.turn_marks(stored.game)
    modes = {"turn": _("turn"), "event": _("event")}
    mode = st.segmented_control(_("Step by"), list(modes), default="turn",
                                format_func=modes.__getitem__,
                                key=f"hist_mode_{game_id}") or "turn"
    # the sliders start at the end through the session, never a default
    # (the step buttons set them: both would make Streamlit warn)
    if mode == "turn":
        at_end(f"hist_turn_{game_id}", len(marks) - 1)
        index = st.select_slider(
            _("Where in the game"), options=list(range(len(marks))),
            format_func=lambda i: marks[i][0], key=f"hist_turn_{game_id}")
        step_buttons(f"hist_turn_{game_id}", index, len(marks) - 1, True)
        return marks[index][1]
    at_end(f"hist_event_{game_id}", stored.seq)
    version = st.slider(_("After event"), 0, stored.seq, key=f"hist_event_{game_id}")
    step_buttons(f"hist_event_{game_id}", version, stored.seq, False)
    return version


def step_section(stored: StoredGame, state: GameState, version: int) -> None:
    """The step shown, in words (not just its number), who entered what, and the colony
    scoring it carried out."""
    game = stored.game
    writes = library.entries(stored.id)
    if version:
        before = stored.state_at(version - 1)
        said = describe_event(before, game.events[version - 1])
        done = step_changes(before, state,  # money, goods, VP, ties
                            game.events[version - 1:version])
        st.caption(_("Last step shown: ") + views.md(f"{said} — {done}" if done else said)
                   + joining.entered_on(writes, version - 1))
        step = game.events[version - 1:version]
        colony_table.show(before, scoring_in(before, step))
    joining.entries_list(writes, game, stored.id)


def delete_section(game_id: int) -> None:
    with st.expander(_("Delete this game")):
        if joining.host_pin_form(access.DELETE, key="delete"):
            sure = st.checkbox(_("Yes, delete it for good"), key=f"hist_sure_{game_id}")
            if st.button(_("Delete"), key=f"hist_delete_{game_id}", disabled=not sure):
                deleted = library.delete_game(game_id)
                if deleted.ok:
                    session.flash("info", _("Game #{id} deleted").format(id=game_id))
                    st.rerun()
                widgets.error(deleted.error)


# ---------------------------------------------------------------- statistics


def stats_section(view: library.HistoryView, game_filter: str | None) -> None:
    """Games per game, players (one game: averages; every game: wins), nations."""
    played = [f for f in view.families if f.finished]
    if not view.players:
        st.caption(_("Statistics appear once a game is finished."))
        return
    st.markdown(_("**Games per game**"))
    st.dataframe(pd.DataFrame([
        {_("Game"): family(f.family).name, _("Games"): f.games,
         _("Finished"): f.finished, _("On a score sheet"): f.score_sheets,
         _("Imported"): f.results}
        for f in view.families]),
        hide_index=True, width="stretch")
    # points of different games do not compare: averages only for one game at a time
    one = game_filter or (played[0].family if len(played) == 1 else None)
    stats = [asdict(s) for s in view.players]
    if one is not None:
        players_of_one_game(stats, one)
    else:
        wins_per_player(view)
    widgets.plot(charts.wins_by_player(stats), "hist_wins")
    if one is not None:
        widgets.plot(charts.score_distribution(
            [r for r in view.scores if r["family"] == one]), "hist_dist")
    if view.nations:
        nations_section(view)


def players_of_one_game(stats: list[dict[str, Any]], one: str) -> None:
    unit = family(one).word(family(one).unit)
    st.markdown(_("**Players** ({game})").format(game=family(one).name))
    average = _("Average {unit}").format(unit=unit)
    table = pd.DataFrame(stats).rename(columns={
        "name": _("Player"), "games": _("Games"), "wins": _("Wins"),
        "win_rate": _("Win rate"), "average_vp": average,
        "best_vp": _("Best {unit}").format(unit=unit)})
    st.dataframe(table, hide_index=True, width="stretch", column_config={
        _("Win rate"): st.column_config.NumberColumn(format="percent"),
        average: st.column_config.NumberColumn(format="%.1f")})


def wins_per_player(view: library.HistoryView) -> None:
    st.markdown(_("**Wins per player** (every game)"))
    wins: dict[str, dict[str, Any]] = {}
    for r in view.per_family:
        row = wins.setdefault(r.name, {_("Player"): r.name, _("Games"): 0, _("Wins"): 0})
        row[_("Games")] += r.games
        row[_("Wins")] += r.wins
        row[family(r.family).name] = _("{wins} of {games}").format(wins=r.wins, games=r.games)
    st.dataframe(pd.DataFrame(list(wins.values())).fillna("—"), hide_index=True,
                 width="stretch")


def nations_section(view: library.HistoryView) -> None:
    st.subheader(_("Nations"))
    nations = [asdict(s) | {"nation": names.nation(s.nation)} for s in view.nations]
    st.dataframe(pd.DataFrame(nations).rename(columns={
        "nation": _("Nation"), "games": _("Games"), "wins": _("Wins"),
        "win_rate": _("Win rate"), "average_vp": _("Average VP"),
        "best_vp": _("Best VP")}), hide_index=True,
        width="stretch", column_config={
            _("Win rate"): st.column_config.NumberColumn(format="percent"),
            _("Average VP"): st.column_config.NumberColumn(format="%.1f")})
    widgets.plot(charts.wins_by_player(nations, key="nation"), "hist_nations")


# ---------------------------------------------------------------- import and export


def export_section(view: library.HistoryView, filters: library.Filters) -> None:
    """The listed games as CSV, as a bundle of records, for BG Stats and for BoardGameGeek."""
    st.markdown(_("**Export**"))
    st.download_button(_("Download the history (CSV)"), library.export_csv(filters),
                       file_name="age-of-discovery-history.csv", mime="text/csv",
                       key="hist_csv", on_click="ignore")
    if view.games and st.button(ngettext("Bundle the {n} listed game as JSON",
                                         "Bundle the {n} listed games as JSON",
                                         len(view.games)).format(n=len(view.games)),
                                key="hist_bundle"):
        bar = st.progress(0.0, text=_("Bundling…"))
        bundle = library.export_bundle([g.id for g in view.games],
                                       progress=progress_on(bar))
        bar.empty()
        st.download_button(_("Download the bundle (JSON)"), bundle, file_name="games.json",
                           mime="application/json", key="hist_bundle_dl", on_click="ignore")
    listed = [g.id for g in view.games]
    cols = st.columns(2)
    cols[0].download_button(
        _("Download for BG Stats (JSON)"), library.export_plays("bgstats", listed),
        file_name="bgstats-plays.json", mime="application/json", key="hist_bgstats",
        on_click="ignore", disabled=not listed,
        help=_("The finished games listed, as a BG Stats export (import it in BG Stats)"))
    cols[1].download_button(
        _("Download for BoardGameGeek (XML)"), library.export_plays("bgg", listed),
        file_name="bgg-plays.xml", mime="application/xml", key="hist_bgg",
        on_click="ignore", disabled=not listed,
        help=_("The finished games listed, as BoardGameGeek play XML"))


def import_section() -> None:
    """Game records or a BG Stats export, read in (the host's door first)."""
    st.markdown(_("**Import game records or a BG Stats export (JSON)**"))
    host = joining.host_pin_form(access.FILES, key="files")
    uploads = st.file_uploader(_("Game records or a BG Stats export"), type=["json"],
                               accept_multiple_files=True, key="hist_upload",
                               disabled=not host)
    files = [(f.name, f.getvalue()) for f in uploads or []]
    chosen = who_is_who(files)
    if st.button(_("Import"), key="hist_import", disabled=not uploads or not host):
        bar = st.progress(0.0, text=_("Importing…"))
        report = library.import_files(
            files, names=chosen, progress=progress_on(bar))
        bar.empty()
        import_report(report)
    st.divider()
    if host:
        widgets.demo_game_button(_("Add a demo game (random play)"), key="hist_demo")


def progress_on(bar: DeltaGenerator) -> Callable[[float, str], None]:
    """A progress callback that moves ``bar`` (an ``st.progress``)."""
    def move(done: float, text: str) -> None:
        bar.progress(done, text=text)
    return move


def who_is_who(files: list[tuple[str, bytes]]) -> dict[str, str]:
    """Each player of a BG Stats file: a player kept here (name -> kept name), or new."""
    chosen: dict[str, str] = {}
    incoming = library.bgstats_names(files) if files else []
    if not incoming:
        return chosen
    kept = library.player_names()
    known = {name_key(n): n for n in kept}
    st.caption(_("Who is who: each player of the BG Stats file is a player kept here, or "
                 "a new one."))
    cols = st.columns(min(len(incoming), 3))
    for i, name in enumerate(incoming):
        options = [AS_WRITTEN, *kept]
        match = known.get(name_key(name))
        chosen_name = cols[i % len(cols)].selectbox(
            name, options, index=options.index(match) if match else 0,
            key=f"hist_as_{name_key(name)}", format_func=new_player_label)
        if chosen_name != AS_WRITTEN and chosen_name is not None:
            chosen[name] = chosen_name
    return chosen


def import_report(report: ImportReport) -> None:
    """What an import did: games added, already kept, other games, plays skipped, failures."""
    if report.imported:
        st.success(ngettext("Imported {n} game: {ids}", "Imported {n} games: {ids}",
                            len(report.imported)).format(
            n=len(report.imported), ids=", ".join(f"#{i}" for i in report.imported)))
    elif not report.failed:
        st.info(_("Nothing new to import."))
    if report.already:
        st.info(ngettext("{n} game already kept, not added again.",
                         "{n} games already kept, not added again.",
                         len(report.already)).format(n=len(report.already)))
    if report.other_games:
        st.info(_("Skipped, games this app does not keep: {games}").format(
            games=", ".join(f"{views.md(name)} ({n})"
                            for name, n in report.other_games.most_common())))
    if report.skipped:
        with st.expander(ngettext("{n} play skipped, and why",
                                  "{n} plays skipped, and why",
                                  len(report.skipped)).format(n=len(report.skipped))):
            for line in report.skipped:
                st.markdown(f"- {views.md(line)}")
    for failure in report.failed:
        widgets.error(failure)
