"""New game: edition, players (names, colours, nations), options, turn order; then the Table."""

import pandas as pd
import streamlit as st

from companion.engine import COLOURS, NATIONS
from companion.rules.discoveries import TOKENS
from companion.rules.editions import EDITIONS
from companion.ui import services, session, views, widgets

st.title("➕ New game")
widgets.show_flashes()

edition = st.radio("Edition", list(EDITIONS), key="ng_edition", horizontal=True,
                   format_func=lambda e: f"{EDITIONS[e].title} ({EDITIONS[e].year})")
ed = EDITIONS[edition]
count = st.segmented_control("Players", list(ed.players), key="ng_count", default=4,
                             required=True)
count = count or 4

options: dict[str, bool] = {}
if ed.has_builder_expansion:
    with st.container(horizontal=True):
        options["builders"] = st.toggle("Builder expansion", key="ng_builders")
        options["nations"] = st.toggle("National advantages", key="ng_nations")
        options["buy_vp"] = st.toggle("Buy VP after each scoring", key="ng_buy_vp")
    with st.expander("Variants"):
        options["reduced_randomness"] = st.checkbox("Reduced randomness (Age III buildings)",
                                                    key="ng_reduced")
        options["no_survivors"] = st.checkbox("No survivors (a failed token is swapped)",
                                              key="ng_survivors")
        options["scouting"] = st.checkbox("Scouting", key="ng_scouting")
        options["advanced_scouting"] = st.checkbox("Advanced scouting (tokens face up)",
                                                   key="ng_adv_scouting")
        if count == 2:
            options["two_player_variant"] = st.checkbox("2-player variant", key="ng_two")
    if options.get("nations"):
        st.caption("National advantages: everyone starts with \\$15 (before bidding). The app "
                   "records the nations; use a correction on the Table for a national power.")

st.subheader("Players, in turn order")
players = []
for i in range(count):
    cols = st.columns([3, 2, 2] if options.get("nations") else [3, 2])
    name = cols[0].text_input(f"Seat {i + 1}", value=f"Player {i + 1}", max_chars=40,
                              key=f"ng_name_{i}")
    colour = cols[1].selectbox("Colour", COLOURS, index=i % len(COLOURS), key=f"ng_colour_{i}",
                               format_func=lambda c: f"{views.COLOUR_EMOJI[c]} {c}")
    player = {"name": name.strip(), "colour": colour}
    if options.get("nations"):
        player["nation"] = cols[2].selectbox("Nation", NATIONS, index=i % len(NATIONS),
                                             key=f"ng_nation_{i}", format_func=views.nation_label)
    players.append(player)

if options.get("nations"):
    with st.expander("After bidding: each player's starting money"):
        for i, p in enumerate(players):
            money = st.number_input(f"Money of seat {i + 1}", 0, 100, 15, key=f"ng_money_{i}")
            if money != 15:
                p["money"] = int(money)

setup = {"edition": edition, "players": players,
         "options": {k: v for k, v in options.items() if v}}

if options.get("reduced_randomness"):
    age3 = services.age3_buildings(edition, bool(options.get("builders")))
    st.multiselect("Reduced randomness: the 10 Age III buildings drawn at set-up",
                   list(age3), key="ng_age3", max_selections=10, format_func=age3.get)
    st.button("🎲 Draw 10 at random", key="ng_age3_draw", on_click=services.preset_random,
              args=("ng_age3", list(age3), 10))
    setup["age3_buildings"] = list(session.widget_value("ng_age3") or [])
if options.get("advanced_scouting"):
    st.markdown("**Advanced scouting: the token lying face up on each region**")
    regions, tokens = services.token_regions(), list(TOKENS)
    cols = st.columns(4)
    for i, region in enumerate(regions):
        cols[i % 4].selectbox(views.region_title(edition, region), tokens, index=None,
                              key=f"ng_token_{region}", format_func=views.discovery_title)
    st.button("🎲 Deal the tokens at random", key="ng_tokens_deal",
              on_click=services.preset_tokens, args=("ng_token_",))
    setup["tokens"] = {r: session.widget_value(f"ng_token_{r}") for r in regions
                       if session.widget_value(f"ng_token_{r}")}
bidding = False
if edition == "aoe3":
    with st.expander("Bidding start (optional variant)"):
        bidding = st.checkbox("We bid for the seats: players are listed in the order the "
                              "bidding gave", key="ng_bidding")
        if bidding:
            cols = st.columns(2)
            win = cols[0].number_input("Seat 1's winning bid", 0, 50, 0, key="ng_bid_1")
            second = cols[1].number_input("Seat 2's last bid", 0, 50, 0, key="ng_bid_2")
            cols = st.columns(2)
            spec = cols[0].selectbox("Seat 2's free specialist (bid of 8 or more)",
                                     [None, "captain", "merchant", "missionary", "soldier"],
                                     key="ng_bid_spec", format_func=lambda w: w or "none")
            token = cols[1].selectbox("Token seat 1 finds in the Caribbean", list(TOKENS),
                                      key="ng_bid_token", format_func=views.discovery_title)
            setup["bidding"] = {"winner_bid": int(win), "second_bid": int(second),
                                "second_specialist": spec, "caribbean_token": token}

order = st.radio("Turn order", ["listed", "random"], key="ng_order", horizontal=True,
                 disabled=bidding,
                 format_func=lambda o: {"listed": "As listed (seat 1 starts)",
                                        "random": "Draw it at random"}[o])
if bidding:
    order = "listed"
money = services.starting_money(setup)
if isinstance(money, str):
    widgets.error(money)
else:
    st.caption("Starting money" + (" (seats are drawn when you start)" if order == "random"
                                   else ""))
    rows = [{"Seat": i + 1, "Player": p["name"] if order == "listed" else "(drawn)",
             "$": m} for i, (p, m) in enumerate(zip(players, money.values(), strict=True))]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="content")

if st.button("Start the game", type="primary", key="ng_start", disabled=isinstance(money, str)):
    outcome = services.create_game(setup, shuffle_order=order == "random")
    if outcome.ok:
        st.switch_page("pages/table.py")
    widgets.error(outcome.error)
