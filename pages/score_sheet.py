"""Score sheet: final scores for a game that was not recorded turn by turn, kept in the history
on request."""

from datetime import date

import streamlit as st

from companion.engine import COLOURS, NATIONS
from companion.rules.buildings import buildings_for
from companion.rules.discoveries import CARDS, TOKENS
from companion.rules.editions import EDITIONS
from companion.rules.goods import GOODS
from companion.sheet import (
    FACT_TITLES,
    LIMITS,
    NOTE_MAX,
    InvalidSheet,
    ScoreSheet,
    SheetPlayer,
    facts_needed,
)
from companion.ui import services, session, views, widgets


def preset(key: str, value: object) -> None:
    """A widget's starting value, given through the session (never as a widget default, so
    that a reopened sheet can fill the same widgets)."""
    if session.widget_value(key) is None:
        session.set_widget_value(key, value)


def prefill(sheet: ScoreSheet, played: date) -> None:
    """Fill the widgets with a saved sheet's inputs, before they are drawn."""
    values: dict[str, object] = {
        "sheet_edition": sheet.edition, "sheet_builders": sheet.builders,
        "sheet_count": len(sheet.players), "sheet_note": sheet.note, "sheet_date": played}
    for i, p in enumerate(sheet.players):
        typed = p.typed_discovery_vp is not None
        values.update({
            f"sheet_name_{i}": p.name, f"sheet_colour_{i}": p.colour,
            f"sheet_nation_{i}": p.nation or "", f"sheet_typed_{i}": typed,
            f"sheet_dvp_{i}": p.typed_discovery_vp or 0,
            f"sheet_dcount_{i}": p.typed_discovery_count if typed else 0,
            f"sheet_disc_{i}": list(p.discoveries), f"sheet_buildings_{i}": list(p.buildings),
            f"sheet_extra_{i}": p.extra_buildings, f"sheet_ships_{i}": p.ships,
            f"sheet_money_{i}": p.money, f"sheet_bought_{i}": p.bought,
        })
        values.update({f"sheet_colony_{i}_{a}": vp for a, vp in enumerate(p.colony)})
        values.update({f"sheet_good_{i}_{g}": p.goods.get(g, 0) for g in GOODS})
        values.update({f"sheet_fact_{i}_{q}": n for q, n in p.facts.items()})
    for key, value in values.items():
        session.set_widget_value(key, value)


st.title("🧮 Score sheet")
st.caption("Fill in what each player has at the end of turn 8; totals, places and tie-breaks "
           "update as you type. Save the result to keep it in the history and statistics.")
widgets.show_flashes()
reopened = session.take_sheet_prefill()
if reopened is not None:
    prefill(reopened[1], reopened[2])
preset("sheet_count", 4)

cols = st.columns([3, 2])
edition = cols[0].radio("Edition", list(EDITIONS), key="sheet_edition", horizontal=True,
                        format_func=lambda e: EDITIONS[e].title)
ed = EDITIONS[edition]
builders = cols[1].toggle("Builder expansion", key="sheet_builders",
                          disabled=not ed.has_builder_expansion) and ed.has_builder_expansion
count = st.segmented_control("Players", list(ed.players), key="sheet_count",
                             required=True) or 4
catalogue = buildings_for(edition, builders)
building_ids = sorted(catalogue, key=lambda b: (catalogue[b].age, catalogue[b].name))
discovery_ids = list(TOKENS) + list(CARDS)

players = []
tabs = st.tabs([f"Seat {i + 1}" for i in range(count)])
for i, tab in enumerate(tabs):
    with tab:
        preset(f"sheet_name_{i}", f"Player {i + 1}")
        c = st.columns([2, 1, 1] if edition == "empires" else [2, 1])
        name = c[0].text_input("Name", key=f"sheet_name_{i}",
                               max_chars=40).strip() or f"Player {i + 1}"
        colour = c[1].selectbox("Colour", ["", *COLOURS], key=f"sheet_colour_{i}",
                                format_func=lambda x: x or "—")
        nation = None
        if edition == "empires":
            nation = c[2].selectbox("Nation", ["", *NATIONS], key=f"sheet_nation_{i}",
                                    format_func=views.nation_label,
                                    help="With the national advantages: counts in the "
                                         "nation statistics")
        st.markdown("**Colony VP** (the three scorings)")
        c = st.columns(3)
        colony = tuple(int(c[a].number_input(f"Age {'I' * (a + 1)}", 0, LIMITS["colony"],
                                             key=f"sheet_colony_{i}_{a}")) for a in range(3))
        st.markdown("**Discoveries**")
        typed = st.toggle("Type the VP instead of picking tokens and cards",
                          key=f"sheet_typed_{i}")
        picked: list[str] = []
        typed_vp, typed_count = None, 0
        if typed:
            c = st.columns(2)
            typed_vp = int(c[0].number_input("Discovery VP", 0, LIMITS["discovery_vp"],
                                             key=f"sheet_dvp_{i}"))
            typed_count = int(c[1].number_input("Tokens and cards owned", 0,
                                                LIMITS["discovery_count"],
                                                key=f"sheet_dcount_{i}"))
        else:
            picked = st.multiselect("Tokens and cards owned", discovery_ids,
                                    key=f"sheet_disc_{i}", format_func=views.discovery_title)
        st.markdown("**Capital buildings**")
        owned = st.multiselect(
            "Buildings owned", building_ids, key=f"sheet_buildings_{i}",
            format_func=lambda b: f"{catalogue[b].name} (Age {'I' * catalogue[b].age})")
        extra = int(st.number_input("Other tiles not in the list (a second Settlers)", 0,
                                    LIMITS["extra_buildings"], key=f"sheet_extra_{i}"))
        facts = {}
        for q in facts_needed(edition, builders, owned):
            facts[q] = int(st.number_input(FACT_TITLES[q], 0, LIMITS["fact"],
                                           key=f"sheet_fact_{i}_{q}"))
        st.markdown("**Goods, ships and money**")
        goods = {}
        c = st.columns(4)
        for j, (good, most) in enumerate(GOODS.items()):
            goods[good] = int(c[j % 4].number_input(good, 0, most, key=f"sheet_good_{i}_{good}"))
        c = st.columns(3)
        ships = int(c[0].number_input("Ships", 0, LIMITS["ships"], key=f"sheet_ships_{i}"))
        money = int(c[1].number_input("Money", 0, LIMITS["money"], key=f"sheet_money_{i}"))
        bought = int(c[2].number_input("Bought VP", 0, LIMITS["bought"],
                                       key=f"sheet_bought_{i}"))
        players.append(SheetPlayer(
            name=name, colony=colony, discoveries=tuple(picked), typed_discovery_vp=typed_vp,
            typed_discovery_count=typed_count, buildings=tuple(owned), extra_buildings=extra,
            goods=goods, ships=ships, money=money, bought=bought, facts=facts,
            colour=colour or "", nation=nation or None))

st.subheader("Totals")
sheet = ScoreSheet(players=tuple(players), edition=edition, builders=builders)
try:
    results = sheet.results()
except InvalidSheet as exc:
    widgets.error(str(exc))
    st.stop()
table = widgets.sheet_results(results)
st.download_button("Download the sheet (CSV)", services.sheet_csv(table),
                   file_name="score-sheet.csv", mime="text/csv", key="sheet_csv",
                   on_click="ignore")

st.subheader("Save to history")
c = st.columns([1, 3])
played = c[0].date_input("Played on", key="sheet_date")
note = c[1].text_input("Note (optional)", key="sheet_note", max_chars=NOTE_MAX,
                       placeholder="where, which variant, who brought the snacks…")
sheet = ScoreSheet(players=sheet.players, edition=edition, builders=builders,
                   note=note.strip())
fingerprint = services.sheet_fingerprint(sheet, played)
saved = session.sheet_saved()
if saved is not None and saved[0] == fingerprint:
    st.success(f"Saved to the history as game #{saved[1]}: it counts in the statistics.",
               icon="✅")
    st.page_link("pages/history.py", label="Open it in the History", icon="📜")
else:
    if saved is not None:
        st.caption(f"Changed since it was saved as game #{saved[1]}: saving again keeps this "
                   "as another game (delete the old one in the History if this replaces it).")
    if st.button("Save to history", key="sheet_save", type="primary",
                 help="Keep this result: the History lists it with the tracked games and "
                      "the statistics count it"):
        outcome = services.save_sheet(sheet, played)
        if outcome.stored is not None:
            session.set_sheet_saved(fingerprint, outcome.stored.id)
            st.rerun()
        widgets.error(outcome.error)
