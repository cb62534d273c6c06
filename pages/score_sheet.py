"""Score sheet: final scores for a game that was not recorded turn by turn."""

import pandas as pd
import streamlit as st

from companion.rules.buildings import buildings_for
from companion.rules.discoveries import CARDS, TOKENS
from companion.rules.editions import EDITIONS
from companion.rules.goods import GOODS
from companion.ui import scoresheet, views, widgets
from companion.ui.views import md

st.title("🧮 Score sheet")
st.caption("Fill in what each player has at the end of turn 8; totals, places and tie-breaks "
           "update as you type.")
widgets.show_flashes()

cols = st.columns([3, 2])
edition = cols[0].radio("Edition", list(EDITIONS), key="sheet_edition", horizontal=True,
                        format_func=lambda e: EDITIONS[e].title)
ed = EDITIONS[edition]
builders = cols[1].toggle("Builder expansion", key="sheet_builders",
                          disabled=not ed.has_builder_expansion) and ed.has_builder_expansion
count = st.segmented_control("Players", list(ed.players), default=4, key="sheet_count",
                             required=True) or 4
catalogue = buildings_for(edition, builders)
building_ids = sorted(catalogue, key=lambda b: (catalogue[b].age, catalogue[b].name))
discovery_ids = list(TOKENS) + list(CARDS)

players = []
tabs = st.tabs([f"Seat {i + 1}" for i in range(count)])
for i, tab in enumerate(tabs):
    with tab:
        name = st.text_input("Name", value=f"Player {i + 1}", key=f"sheet_name_{i}",
                             max_chars=40).strip() or f"Player {i + 1}"
        st.markdown("**Colony VP** (the three scorings)")
        c = st.columns(3)
        colony = tuple(int(c[a].number_input(f"Age {'I' * (a + 1)}", 0, 200, 0,
                                             key=f"sheet_colony_{i}_{a}")) for a in range(3))
        st.markdown("**Discoveries**")
        typed = st.toggle("Type the VP instead of picking tokens and cards",
                          key=f"sheet_typed_{i}")
        picked: list[str] = []
        typed_vp, typed_count = None, 0
        if typed:
            c = st.columns(2)
            typed_vp = int(c[0].number_input("Discovery VP", 0, 200, 0, key=f"sheet_dvp_{i}"))
            typed_count = int(c[1].number_input("Tokens and cards owned", 0, 32, 0,
                                                key=f"sheet_dcount_{i}"))
        else:
            picked = st.multiselect("Tokens and cards owned", discovery_ids,
                                    key=f"sheet_disc_{i}", format_func=views.discovery_title)
        st.markdown("**Capital buildings**")
        owned = st.multiselect(
            "Buildings owned", building_ids, key=f"sheet_buildings_{i}",
            format_func=lambda b: f"{catalogue[b].name} (Age {'I' * catalogue[b].age})")
        extra = int(st.number_input("Other tiles not in the list (a second Settlers)", 0, 5, 0,
                                    key=f"sheet_extra_{i}"))
        facts = {}
        for q in scoresheet.facts_needed(edition, builders, owned):
            facts[q] = int(st.number_input(scoresheet.FACT_TITLES[q], 0, 99, 0,
                                           key=f"sheet_fact_{i}_{q}"))
        st.markdown("**Goods, ships and money**")
        goods = {}
        c = st.columns(4)
        for j, (good, most) in enumerate(GOODS.items()):
            goods[good] = int(c[j % 4].number_input(good, 0, most, 0,
                                                    key=f"sheet_good_{i}_{good}"))
        c = st.columns(3)
        ships = int(c[0].number_input("Ships", 0, 9, 0, key=f"sheet_ships_{i}"))
        money = int(c[1].number_input("Money", 0, 999, 0, key=f"sheet_money_{i}"))
        bought = int(c[2].number_input("Bought VP", 0, 200, 0, key=f"sheet_bought_{i}"))
        players.append(scoresheet.SheetPlayer(
            name=name, colony=colony, discoveries=tuple(picked), typed_discovery_vp=typed_vp,
            typed_discovery_count=typed_count, buildings=tuple(owned), extra_buildings=extra,
            goods=goods, ships=ships, money=money, bought=bought, facts=facts))

st.subheader("Totals")
try:
    results = scoresheet.score_sheet(edition, builders, players)
except ValueError as exc:
    widgets.error(str(exc))
    st.stop()
rows = views.score_rows((r.place, r.score) for r in results)
table = pd.DataFrame(rows)
st.dataframe(table, hide_index=True, width="stretch")
ties = [r for r in results if sum(1 for o in results if o.place == r.place) > 1]
if ties:
    st.caption("Still tied after the tie-breaks (turn-8 colony VP, money, goods and ships): "
               "those players share the place.")
elif len({r.score.total for r in results}) < len(results):
    st.caption("Equal totals were split by the tie-breaks: turn-8 colony VP, then money, "
               "then goods and ships.")
with st.expander("Economy: the income sets behind each player's economy VP"):
    for r in results:
        lines = views.income_sets_text(r.income)
        st.markdown(f"**{md(r.score.player)}**: {r.income.dollars} VP"
                    + "".join(f"\n- {md(line)}" for line in lines))
    st.caption("Economy VP equal the income of the last Income phase.")
st.download_button("Download the sheet (CSV)", table.to_csv(index=False),
                   file_name="score-sheet.csv", mime="text/csv", key="sheet_csv",
                   on_click="ignore")
st.caption("Score sheets are not kept in the game history: the history holds games recorded "
           "step by step on the Table.")
