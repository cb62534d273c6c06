"""New game: edition, players (names, colours, nations), options, turn order; then the Table."""

import pandas as pd
import streamlit as st

from companion import names
from companion.engine import COLOURS, NATIONS, NEW_NAME_MAX
from companion.i18n import N_, _
from companion.rules.discoveries import TOKENS
from companion.rules.editions import EDITIONS
from companion.ui import (
    access,
    joining,
    language,
    playing,
    saved_games,
    session,
    views,
    widgets,
)

BUILDER_PARTS = {"all": N_("All of it"), "builders": N_("The builders only"),
                 "buildings": N_("Its buildings only")}
BOARDS = {"auction": N_("Auction: bid for boards and seats (\\$15 each)"),
          "random": N_("Dealt at random")}
BOARDS_MONEY = {"ten_each": N_("\\$10 each (the rulebook's words)"),
                "by_seat": N_("\\$10, \\$11, … by seat (as usual)")}
ORDERS = {"listed": N_("As listed (seat 1 starts)"), "random": N_("Draw it at random")}


def show_problem(problems: widgets.FieldErrors, seat_rows: list[int],
                 outcome: saved_games.Outcome) -> None:
    """Beside the input concerned; a player's field by the row where that player was typed
    (``seat_rows``: the auction reorders the players into their seats)."""
    field = outcome.field or ""
    parts = field.split(".")
    if parts[0] == "players" and len(parts) > 1 and parts[1].isdigit():
        field = ".".join(["seat", str(seat_rows[int(parts[1])]), *parts[2:]])
    problems.show(outcome.error, field, "start")


def show() -> None:
    """One run of the page."""
    st.title("➕ " + _("New game"))
    widgets.show_flashes()
    if not joining.pin_form(access.start_refusal(access.NEW_GAME), "new_game"):
        st.stop()  # the host's door: nothing to fill in that could not be saved
    problems = widgets.FieldErrors()  # each refusal shows beside the input it concerns

    edition = st.radio(_("Edition"), list(EDITIONS), key="ng_edition", horizontal=True,
                       format_func=lambda e: f"{EDITIONS[e].title} ({EDITIONS[e].year})")
    ed = EDITIONS[edition]
    count = st.segmented_control(_("Players"), list(ed.players), key="ng_count", default=4,
                                 required=True)
    count = count or 4

    options: dict[str, bool] = {}
    expansion_buildings = False
    if ed.has_builder_expansion:
        with st.container(horizontal=True):
            expansion = st.toggle(_("Builder expansion"), key="ng_builders")
            options["nations"] = st.toggle(_("National advantages"), key="ng_nations")
            options["buy_vp"] = st.toggle(_("Buy VP after each scoring"), key="ng_buy_vp")
        part = "all"
        if expansion:  # the book lets experienced tables take part of it
            part = st.radio(_("Builder expansion: play with"), list(BUILDER_PARTS),
                            key="ng_builder_part", horizontal=True,
                            format_func=lambda p: _(BUILDER_PARTS[p]))
        options["builders"] = expansion and part != "buildings"
        expansion_buildings = expansion and part != "builders"
        if expansion and part != "all":
            options["builder_buildings"] = expansion_buildings
        with st.expander(_("Variants")):
            options["reduced_randomness"] = st.checkbox(
                _("Reduced randomness (Age III buildings)"), key="ng_reduced")
            options["no_survivors"] = st.checkbox(_("No survivors (a failed token is swapped)"),
                                                  key="ng_survivors")
            options["scouting"] = st.checkbox(_("Scouting"), key="ng_scouting")
            options["advanced_scouting"] = st.checkbox(_("Advanced scouting (tokens face up)"),
                                                       key="ng_adv_scouting")
            if count == 2:
                options["two_player_variant"] = st.checkbox(_("2-player variant"), key="ng_two")

    readings: dict[str, object] = {}
    boards = "none"
    if options.get("nations"):
        boards = st.radio(_("Player boards (national advantages)"), ["auction", "random"],
                          key="ng_boards", horizontal=True,
                          format_func=lambda b: _(BOARDS[b]))
        if boards == "random":
            readings["random_boards_money"] = st.radio(
                _("Starting money without the auction"), ["ten_each", "by_seat"],
                key="ng_boards_money", horizontal=True,
                format_func=lambda m: _(BOARDS_MONEY[m]))
        if not st.checkbox(_("The Age I Plague also lowers Portugal's fixed resistance 3"),
                           value=True, key="ng_portugal_plague"):
            readings["portugal_plague"] = False
    if expansion_buildings and st.checkbox(
            _("Mayflower ships take workers at any time (not only once the numbered dock "
              "slots are full)"), key="ng_mayflower_any_time"):
        readings["mayflower_any_time"] = True
    if edition == "aoe3" and st.checkbox(
            "Navy scores 3 VP per ship (the rulebook's scoring section) instead of the tile's 4",
            key="ng_navy_three"):
        readings["navy_vp_per_ship"] = 3

    st.subheader(_("Players (the auction sets the seats below)") if boards == "auction"
                 else _("Players, in turn order"))
    players = []
    for i in range(count):
        cols = st.columns([3, 2, 2] if boards == "random" else [3, 2])
        label = _("Player {n}") if boards == "auction" else _("Seat {n}")
        name = cols[0].text_input(label.format(n=i + 1), value=_("Player {n}").format(n=i + 1),
                                  max_chars=NEW_NAME_MAX, key=f"ng_name_{i}")
        colour = cols[1].selectbox(_("Colour"), COLOURS, index=i % len(COLOURS),
                                   key=f"ng_colour_{i}", format_func=lambda c: (
                                       f"{views.COLOUR_EMOJI[c]} {names.colour(c)}"))
        player = {"name": name.strip(), "colour": colour}
        if boards == "random":
            player["nation"] = cols[2].selectbox(
                _("Nation"), NATIONS, index=i % len(NATIONS), key=f"ng_nation_{i}",
                format_func=names.nation)
        players.append(player)
        problems.spot(f"seat.{i}")
    problems.spot("players")
    if boards == "random":
        st.button("🎲 " + _("Deal the boards at random"), key="ng_boards_deal",
                  on_click=playing.preset_boards, args=("ng_nation_", count))

    auction = None
    if boards == "auction":
        st.markdown(_("**The auction**: one round per seat; the winner pays its bid (\\$1 to "
                    "\\$15), takes a board and the next seat. The last player takes the board "
                    "left and pays half the last winning bid, rounded up."))
        left = list(range(count))
        seats, bids = [], []
        seated = [p["name"] or _("Player {n}").format(n=i + 1) for i, p in enumerate(players)]
        for r in range(count - 1):
            cols = st.columns([3, 2, 2])
            winner = cols[0].selectbox(_("Round {n}: winner (seat {n})").format(n=r + 1), left,
                                       key=f"ng_auction_winner_{r}",
                                       format_func=seated.__getitem__)
            bid = cols[1].number_input(_("Winning bid (\\$)"), 1, 15, 1,
                                       key=f"ng_auction_bid_{r}")
            nation = cols[2].selectbox(_("Board taken"), NATIONS, index=r % len(NATIONS),
                                       key=f"ng_auction_nation_{r}",
                                       format_func=names.nation)
            left = [i for i in left if i != winner]
            seats.append((winner, nation))
            bids.append(int(bid))
        last = left[0] if left else 0
        cols = st.columns([3, 2, 2])
        cols[0].markdown(_("Seat {n}: **{player}** (pays half of \\${bid}, rounded up)").format(
            n=count, player=views.md(seated[last]), bid=bids[-1] if bids else 0))
        nation = cols[2].selectbox(_("Board left"), NATIONS, index=(count - 1) % len(NATIONS),
                                   key="ng_auction_nation_last", format_func=names.nation)
        seats.append((last, nation))
        players = [{**players[i], "nation": n} for i, n in seats]
        auction = {"bids": bids}
        problems.spot("auction")

    setup = {"edition": edition, "players": players,
             "options": {k: v for k, v in options.items() if v}}
    if auction is not None:
        setup["auction"] = auction

    if options.get("reduced_randomness"):
        age3 = playing.age3_buildings(edition, expansion_buildings)
        st.multiselect(_("Reduced randomness: the 10 Age III buildings drawn at set-up"),
                       list(age3), key="ng_age3", max_selections=10, format_func=age3.get,
                       placeholder=_("Tap to choose"), select_all=False)
        st.button("🎲 " + _("Draw 10 at random"), key="ng_age3_draw",
                  on_click=playing.preset_random, args=("ng_age3", list(age3), 10))
        setup["age3_buildings"] = list(session.widget_value("ng_age3") or [])
        problems.spot("age3_buildings")
    if options.get("advanced_scouting"):
        st.markdown(_("**Advanced scouting: the token lying face up on each region**"))
        regions, tokens = playing.token_regions(), list(TOKENS)
        cols = st.columns(4)
        for i, region in enumerate(regions):
            cols[i % 4].selectbox(names.region(edition, region), tokens, index=None,
                                  key=f"ng_token_{region}",
                                  format_func=lambda t: views.discovery_title(t, edition))
        st.button("🎲 " + _("Deal the tokens at random"), key="ng_tokens_deal",
                  on_click=playing.preset_tokens, args=("ng_token_",))
        setup["tokens"] = {r: session.widget_value(f"ng_token_{r}") for r in regions
                           if session.widget_value(f"ng_token_{r}")}
        problems.spot("tokens")
    bidding = False
    if edition == "aoe3":
        with st.expander(_("Bidding start (optional variant)")):
            bidding = st.checkbox(_("We bid for the seats: players are listed in the order "
                                    "the bidding gave"), key="ng_bidding")
            if bidding:
                cols = st.columns(2)
                win = cols[0].number_input(_("Seat 1's winning bid"), 0, 50, 0, key="ng_bid_1")
                second = cols[1].number_input(_("Seat 2's last bid"), 0, 50, 0, key="ng_bid_2")
                cols = st.columns(2)
                spec = cols[0].selectbox(_("Seat 2's free specialist (bid of 8 or more)"),
                                         [None, "captain", "merchant", "missionary", "soldier"],
                                         key="ng_bid_spec", format_func=lambda w: (
                                             names.worker(w) if w else _("none")))
                token = cols[1].selectbox(_("Token seat 1 finds in the Caribbean"),
                                          list(TOKENS), key="ng_bid_token",
                                          format_func=lambda t: views.discovery_title(t, edition))
                setup["bidding"] = {"winner_bid": int(win), "second_bid": int(second),
                                    "second_specialist": spec, "caribbean_token": token}
                problems.spot("bidding")
                if not st.checkbox(_("The seats the bidding gave still get \\$1 more each "
                                     "(\\$10, \\$11, …)"), value=True, key="ng_bid_seat_bonus"):
                    readings["bidding_seat_bonus"] = False
    if readings:
        setup["readings"] = readings

    seated = bidding or auction is not None  # the bids gave the seats
    order = st.radio(_("Turn order"), ["listed", "random"], key="ng_order", horizontal=True,
                     disabled=seated,
                     format_func=lambda o: _(ORDERS[o]))
    if seated:
        order = "listed"
    problems.spot("start")
    seat_rows = [i for i, _ in seats] if auction is not None else list(range(count))

    money = playing.starting_money(setup)
    if isinstance(money, saved_games.Outcome):
        show_problem(problems, seat_rows, money)
    else:
        st.caption(_("Starting money (seats are drawn when you start)") if order == "random"
                   else _("Starting money"))
        rows = [{_("Seat"): i + 1,
                 _("Player"): p["name"] if order == "listed" else _("(drawn)"), "$": m}
                for i, (p, m) in enumerate(zip(players, money.values(), strict=True))]
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="content")

    if st.button(_("Start the game"), type="primary", key="ng_start",
                 disabled=isinstance(money, saved_games.Outcome)):
        outcome = playing.create_game(setup, shuffle_order=order == "random")
        if outcome.ok:
            language.switch_page("app_pages/table.py")
        show_problem(problems, seat_rows, outcome)
