"""History: past games (filter, replay turn by turn; score sheets show their breakdown),
statistics, export and import."""

from dataclasses import asdict

import pandas as pd
import streamlit as st

from companion import charts
from companion.exchange.plays import title
from companion.games import FAMILY_IDS, family
from companion.rules.editions import EDITIONS
from companion.text import name_key
from companion.ui import (
    access,
    joining,
    language,
    library,
    playing,
    session,
    step_words,
    views,
    widgets,
)

KINDS = {None: "any", "tracked": "🎲 turn by turn", "score_sheet": widgets.SHEET_MARK,
         "result": widgets.RESULT_MARK}
AS_WRITTEN = "(a new player, as written)"


def game_name(game: str | None) -> str:
    return "any" if game is None else family(game).name


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
    st.markdown(f"**{widgets.SHEET_MARK}**: final result of the game played on "
                f"{saved.created.strftime('%d %b %Y')}")
    st.caption(f"Game #{saved.id} · {options_text(saved.game, dict(sheet.options))}")
    if sheet.note:
        st.markdown(f"> {views.md(sheet.note)}")
    widgets.scored_results(f, saved.scored, f"hist_sheet_{game_id}")
    widgets.explanations(f, sheet, saved.scored)
    with st.expander("What each player entered"):
        widgets.sheet_entries(f, sheet)
    with st.container(horizontal=True):
        if st.button("Reopen on the Score sheet", key=f"hist_reopen_{game_id}",
                     help="Fill the Score sheet with these inputs, to check or correct them"):
            library.reopen_sheet(game_id)
            language.switch_page("app_pages/score_sheet.py")
        st.download_button("Download JSON", library.export_json(game_id),
                           file_name=f"score-sheet-{game_id}.json", mime="application/json",
                           key=f"hist_json_{game_id}", on_click="ignore")


def show_result(game_id: int) -> None:
    """A result imported from another app: players, totals, places and winner(s); it has
    no breakdown and no turns."""
    result = library.load_result(game_id)
    if isinstance(result, str):
        widgets.error(result)
        return
    st.markdown(f"**{widgets.RESULT_MARK}**: {views.md(title(result.game, result.edition))}, "
                f"played on {result.played.strftime('%d %b %Y')}"
                + (f" (from {views.md(result.source)})" if result.source else ""))
    st.dataframe(pd.DataFrame([
        {"Place": s.place, "Player": s.name, family(result.game).unit.title(): s.score,
         "Won": "🏆" if s.won else "", "Began": "✓" if s.start else ""}
        for s in sorted(result.seats, key=lambda s: (s.place, -s.score))]),
        hide_index=True, width="stretch")
    st.caption("Kept as the other app recorded it: it counts for plays and wins, not for "
               "the points per category.")
    st.download_button("Download JSON", library.export_json(game_id),
                       file_name=f"result-{game_id}.json", mime="application/json",
                       key=f"hist_json_{game_id}", on_click="ignore")


def step_buttons(key: str, at: int, last: int, what: str) -> None:
    """Previous / next beside a replay slider: on a phone a slider of 80 steps cannot be
    moved by one."""
    def move(by: int) -> None:
        session.set_widget_value(key, min(max(at + by, 0), last))

    with st.container(horizontal=True, key=f"{key}_steps"):
        st.button(f"◀ Previous {what}", key=f"{key}_prev", on_click=move, args=(-1,),
                  disabled=at <= 0)
        st.button(f"Next {what} ▶", key=f"{key}_next", on_click=move, args=(1,),
                  disabled=at >= last)


def show() -> None:
    """One run of the page."""
    st.title("📜 History")
    widgets.show_flashes()

    with st.expander("Filter"):
        cols = st.columns(3)
        player = cols[0].text_input("Player name (exact)", key="hist_player")
        game_filter = cols[1].selectbox("Game", [None, *FAMILY_IDS], key="hist_family",
                                 format_func=game_name)
        status = cols[2].selectbox("Status", [None, "finished", "in_progress"], key="hist_status",
                                   format_func=lambda s: {None: "any", "finished": "finished",
                                                          "in_progress": "in progress"}[s])
        cols = st.columns(4)
        since = cols[0].date_input("From", value=None, key="hist_since")
        before = cols[1].date_input("Before", value=None, key="hist_before")
        kind = cols[2].selectbox("Kind", [None, "tracked", "score_sheet", "result"],
                                 key="hist_kind", format_func=lambda k: KINDS[k])
        edition = cols[3].selectbox("Edition (Age of Discovery)", [None, *EDITIONS],
                                    key="hist_edition",
                                    format_func=lambda e: "any" if e is None else EDITIONS[e].title)
    filters = library.Filters(player=player.strip() or None, edition=edition, status=status,
                               since=since, before=before, kind=kind, game=game_filter)
    view = library.history(filters)

    games_tab, stats_tab, files_tab = st.tabs(["Games", "Statistics", "Import / export"])

    with games_tab:
        st.caption(f"{view.total} game(s)" + (f", showing {len(view.games)}"
                                             if view.total > len(view.games) else ""))
        if view.games:
            rows = [{"#": g.id, "Date": g.created.strftime("%Y-%m-%d"),
                     "Game": family(g.family).name,
                     "Edition": edition_text(g.family, g.edition),
                     "Kind": KINDS[g.kind], "Status": g.status.replace("_", " "),
                     "Players": ", ".join(g.players),
                     "Winner": " & ".join(g.winners),
                     "Top score": max(g.totals.values(), default=0)} for g in view.games]
            st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
            ids = [g.id for g in view.games]
            labels = {g.id: widgets.listing_label(g, markdown=False) for g in view.games}
            wanted = session.history_game() or session.game_id()  # else the game on the Table
            chosen = st.selectbox("Open a game", ids, key="hist_game",
                                  index=ids.index(wanted) if wanted in ids else None,
                                  placeholder="choose a game to open", format_func=labels.get)
            kinds = {g.id: g.kind for g in view.games}
            if chosen is not None and kinds[chosen] == "score_sheet":
                session.set_history_game(chosen)
                show_sheet(chosen)
            elif chosen is not None and kinds[chosen] == "result":
                session.set_history_game(chosen)
                show_result(chosen)
            elif chosen is not None:
                session.set_history_game(chosen)
                outcome = library.load_game(chosen)
                if not outcome.ok:
                    widgets.error(outcome.error)
                else:
                    stored = outcome.stored
                    game = stored.game
                    marks = views.turn_marks(game)
                    mode = st.segmented_control("Step by", ["turn", "event"], default="turn",
                                                key=f"hist_mode_{chosen}") or "turn"
                    if mode == "turn":
                        index = st.select_slider(
                            "Where in the game", options=list(range(len(marks))),
                            value=len(marks) - 1, format_func=lambda i: marks[i][0],
                            key=f"hist_turn_{chosen}")
                        step_buttons(f"hist_turn_{chosen}", index, len(marks) - 1, "turn")
                        version = marks[index][1]
                    else:
                        version = st.slider("After event", 0, stored.seq, stored.seq,
                                            key=f"hist_event_{chosen}")
                        step_buttons(f"hist_event_{chosen}", version, stored.seq, "step")
                    with st.spinner("Replaying…"):  # once per step shown, then kept
                        shown = playing.game_view(stored, version)
                    st.markdown(f"**{views.where_now(shown.state)}** (after {version} of "
                                f"{stored.seq} events)")
                    writes = library.entries(chosen)
                    if version:  # what that step was, in words (not just its number)
                        before = stored.state_at(version - 1)
                        said = step_words.describe_event(before, game.events[version - 1])
                        done = step_words.changes(before, shown.state)  # money, goods, VP, ties
                        st.caption("Last step shown: " + views.md(
                            f"{said} — {done}" if done else said)
                            + joining.entered_on(writes, version - 1))
                    joining.entries_list(writes)
                    widgets.game_caption(game, stored.id)
                    widgets.standings_table(shown)
                    map_col, table_col = st.columns([1, 1])
                    with map_col:
                        widgets.region_map(shown, f"hist_map_{chosen}")
                    with table_col:
                        widgets.regions_table(shown)
                    widgets.charts_section(shown, f"hist_{chosen}")
                    with st.container(horizontal=True):
                        if stored.status != "finished" and st.button(
                                "Resume on the Table", key=f"hist_resume_{chosen}"):
                            playing.open_game(chosen)
                            language.switch_page("app_pages/table.py")
                        st.download_button("Download JSON", library.export_json(chosen),
                                           file_name=f"game-{chosen}.json", mime="application/json",
                                           key=f"hist_json_{chosen}", on_click="ignore")
            if chosen is not None:
                with st.expander("Delete this game"):
                    if joining.host_pin_form(access.DELETE, key="delete"):
                        sure = st.checkbox("Yes, delete it for good",
                                           key=f"hist_sure_{chosen}")
                        if st.button("Delete", key=f"hist_delete_{chosen}", disabled=not sure):
                            deleted = library.delete_game(chosen)
                            if deleted.ok:
                                session.flash("info", f"Game #{chosen} deleted")
                                st.rerun()
                            widgets.error(deleted.error)
        else:
            st.caption("No game matches.")

    with stats_tab:
        played = [f for f in view.families if f.finished]
        if not view.players:
            st.caption("Statistics appear once a game is finished.")
        else:
            st.markdown("**Games per game**")
            st.dataframe(pd.DataFrame([
                {"Game": family(f.family).name, "Games": f.games, "Finished": f.finished,
                 "On a score sheet": f.score_sheets, "Imported": f.results}
                for f in view.families]),
                hide_index=True, width="stretch")
            # points of different games do not compare: averages only for one game at a time
            one = game_filter or (played[0].family if len(played) == 1 else None)
            stats = [asdict(s) for s in view.players]
            if one is not None:
                unit = family(one).unit
                st.markdown(f"**Players** ({family(one).name})")
                table = pd.DataFrame(stats).rename(columns={
                    "name": "Player", "games": "Games", "wins": "Wins", "win_rate": "Win rate",
                    "average_vp": f"Average {unit}", "best_vp": f"Best {unit}"})
                st.dataframe(table, hide_index=True, width="stretch", column_config={
                    "Win rate": st.column_config.NumberColumn(format="percent"),
                    f"Average {unit}": st.column_config.NumberColumn(format="%.1f")})
            else:
                st.markdown("**Wins per player** (every game)")
                wins = {}
                for r in view.per_family:
                    row = wins.setdefault(r.name, {"Player": r.name, "Games": 0, "Wins": 0})
                    row["Games"] += r.games
                    row["Wins"] += r.wins
                    row[family(r.family).name] = f"{r.wins} of {r.games}"
                st.dataframe(pd.DataFrame(list(wins.values())).fillna("—"), hide_index=True,
                             width="stretch")
            widgets.plot(charts.wins_by_player(stats), "hist_wins")
            if one is not None:
                widgets.plot(charts.score_distribution(
                    [r for r in view.scores if r["family"] == one]), "hist_dist")
            if view.nations:
                st.subheader("Nations")
                nations = [asdict(s) | {"nation": views.nation_label(s.nation)}
                           for s in view.nations]
                st.dataframe(pd.DataFrame(nations).rename(columns={
                    "nation": "Nation", "games": "Games", "wins": "Wins", "win_rate": "Win rate",
                    "average_vp": "Average VP", "best_vp": "Best VP"}), hide_index=True,
                    width="stretch", column_config={
                        "Win rate": st.column_config.NumberColumn(format="percent"),
                        "Average VP": st.column_config.NumberColumn(format="%.1f")})
                widgets.plot(charts.wins_by_player(nations, key="nation"), "hist_nations")

    with files_tab:
        st.markdown("**Export**")
        st.download_button("Download the history (CSV)", library.export_csv(filters),
                           file_name="age-of-discovery-history.csv", mime="text/csv",
                           key="hist_csv", on_click="ignore")
        if view.games and st.button(f"Bundle the {len(view.games)} listed game(s) as JSON",
                                    key="hist_bundle"):
            bar = st.progress(0.0, text="Bundling…")
            bundle = library.export_bundle([g.id for g in view.games],
                                            progress=lambda done, text: bar.progress(done, text))
            bar.empty()
            st.download_button("Download the bundle (JSON)", bundle, file_name="games.json",
                               mime="application/json", key="hist_bundle_dl", on_click="ignore")
        listed = [g.id for g in view.games]
        cols = st.columns(2)
        cols[0].download_button(
            "Download for BG Stats (JSON)", library.export_plays("bgstats", listed),
            file_name="bgstats-plays.json", mime="application/json", key="hist_bgstats",
            on_click="ignore", disabled=not listed,
            help="The finished games listed, as a BG Stats export (import it in BG Stats)")
        cols[1].download_button(
            "Download for BoardGameGeek (XML)", library.export_plays("bgg", listed),
            file_name="bgg-plays.xml", mime="application/xml", key="hist_bgg",
            on_click="ignore", disabled=not listed,
            help="The finished games listed, as BoardGameGeek play XML")
        st.markdown("**Import game records or a BG Stats export (JSON)**")
        host = joining.host_pin_form(access.FILES, key="files")
        uploads = st.file_uploader("Game records or a BG Stats export", type=["json"],
                                   accept_multiple_files=True, key="hist_upload",
                                   disabled=not host)
        files = [(f.name, f.getvalue()) for f in uploads or []]
        names: dict[str, str] = {}
        incoming = library.bgstats_names(files) if files else []
        if incoming:
            kept = library.player_names()
            known = {name_key(n): n for n in kept}
            st.caption("Who is who: each player of the BG Stats file is a player kept here, or "
                       "a new one.")
            cols = st.columns(min(len(incoming), 3))
            for i, name in enumerate(incoming):
                options = [AS_WRITTEN, *kept]
                match = known.get(name_key(name))
                chosen_name = cols[i % len(cols)].selectbox(
                    name, options, index=options.index(match) if match else 0,
                    key=f"hist_as_{name_key(name)}")
                if chosen_name != AS_WRITTEN:
                    names[name] = chosen_name
        if st.button("Import", key="hist_import", disabled=not uploads or not host):
            bar = st.progress(0.0, text="Importing…")
            report = library.import_files(
                files, names=names, progress=lambda done, text: bar.progress(done, text=text))
            bar.empty()
            if report.imported:
                st.success(f"Imported {len(report.imported)} game(s): "
                           + ", ".join(f"#{i}" for i in report.imported))
            elif not report.failed:
                st.info("Nothing new to import.")
            if report.already:
                st.info(f"{len(report.already)} already kept, not added again.")
            if report.other_games:
                st.info("Skipped, games this app does not keep: " + ", ".join(
                    f"{views.md(name)} ({n})" for name, n in report.other_games.most_common()))
            if report.skipped:
                with st.expander(f"{len(report.skipped)} play(s) skipped, and why"):
                    for line in report.skipped:
                        st.markdown(f"- {views.md(line)}")
            for failure in report.failed:
                widgets.error(failure)
        st.divider()
        if host:
            widgets.demo_game_button("Add a demo game (random play)", key="hist_demo")
