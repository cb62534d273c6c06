"""New game: edition, players (names, colours, nations), options, turn order; then the Table."""

from typing import Any

import pandas as pd
import streamlit as st

from companion import names
from companion.engine import (
    AMOUNT_MAX,
    BID_FOR_SPECIALIST,
    COLOURS,
    NATIONS,
    NEW_NAME_MAX,
    REDUCED_AGE3,
)
from companion.i18n import N_, _
from companion.rules.buildings import NAVY_VP_PER_SHIP
from companion.rules.discoveries import TOKENS
from companion.rules.editions import (
    AUCTION_PURSE,
    EDITIONS,
    RANDOM_BOARDS_MONEY,
    TWO_PLAYER_VARIANT_PLAYERS,
    Edition,
    starting_money,
)
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

DEFAULT_PLAYERS = 4  # the form's first choice: both editions seat four
EXAMPLE_SEATS = (1, 2)  # the seats whose starting money shows the rule ("$10, $11, …")
BUILDER_PARTS = {"all": N_("All of it"), "builders": N_("The builders only"),
                 "buildings": N_("Its buildings only")}
BOARDS = {"auction": N_("Auction: bid for boards and seats ({purse} each)"),
          "random": N_("Dealt at random")}
BOARDS_MONEY = {"ten_each": N_("{money} each (the rulebook's words)"),
                "by_seat": N_("{first}, {second}, … by seat (as usual)")}
ORDERS = {"listed": N_("As listed (seat 1 starts)"), "random": N_("Draw it at random")}
SECOND_SPECIALISTS = [None, "captain", "merchant", "missionary", "soldier"]

Setup = dict[str, Any]  # the set-up as the engine reads it (``parse_new_setup``)
Player = dict[str, str]


def money(n: int) -> str:
    """An amount of money, inert in markdown labels ("\\$15")."""
    return views.md(names.money(n))


def seats_money() -> dict[str, str]:
    """The money of the first two seats, to show the rule "$1 more each"."""
    first, second = (money(starting_money(seat)) for seat in EXAMPLE_SEATS)
    return {"first": first, "second": second}


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
    count = st.segmented_control(_("Players"), list(ed.players), key="ng_count",
                                 default=DEFAULT_PLAYERS, required=True) or DEFAULT_PLAYERS
    options, expansion_buildings = options_section(ed, count)
    readings: dict[str, object] = {}
    boards = boards_section(options, readings)
    readings_section(ed, expansion_buildings, readings)
    players = players_section(count, boards, problems)
    auction, seat_rows = None, list(range(count))  # the row each seat's player was typed in
    if boards == "auction":
        players, auction, seat_rows = auction_section(players, problems)
    setup: Setup = {"edition": edition, "players": players,
                    "options": {k: v for k, v in options.items() if v}}
    if auction is not None:
        setup["auction"] = auction
    if options.get("reduced_randomness"):
        age3_section(setup, expansion_buildings, problems)
    if options.get("advanced_scouting"):
        scouting_section(setup, problems)
    bidding = ed.has_bidding_start and bidding_section(setup, readings, problems)
    if readings:
        setup["readings"] = readings
    start_section(setup, bidding or auction is not None, seat_rows, problems)


def options_section(ed: Edition, count: int) -> tuple[dict[str, bool], bool]:
    """The Empires options and variants; with whether the expansion's buildings are in."""
    options: dict[str, bool] = {}
    if not ed.has_builder_expansion:
        return options, False
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
        if count == TWO_PLAYER_VARIANT_PLAYERS:
            options["two_player_variant"] = st.checkbox(_("2-player variant"), key="ng_two")
    return options, expansion_buildings


def boards_section(options: dict[str, bool], readings: dict[str, object]) -> str:
    """How the national-advantage boards are given out ("none" without them)."""
    if not options.get("nations"):
        return "none"
    boards = st.radio(_("Player boards (national advantages)"), ["auction", "random"],
                      key="ng_boards", horizontal=True,
                      format_func=lambda b: _(BOARDS[b]).format(purse=money(AUCTION_PURSE)))
    if boards == "random":
        readings["random_boards_money"] = st.radio(
            _("Starting money without the auction"), ["ten_each", "by_seat"],
            key="ng_boards_money", horizontal=True,
            format_func=lambda m: _(BOARDS_MONEY[m]).format(
                money=money(RANDOM_BOARDS_MONEY), **seats_money()))
    if not st.checkbox(_("The Age I Plague also lowers Portugal's fixed resistance 3"),
                       value=True, key="ng_portugal_plague"):
        readings["portugal_plague"] = False
    return boards


def readings_section(ed: Edition, expansion_buildings: bool,
                     readings: dict[str, object]) -> None:
    """Where the rulebook reads two ways: the reading this table plays."""
    if expansion_buildings and st.checkbox(
            _("Mayflower ships take workers at any time (not only once the numbered dock "
              "slots are full)"), key="ng_mayflower_any_time"):
        readings["mayflower_any_time"] = True
    if ed.navy_vp_body_reading is not None and st.checkbox(
            _("Navy scores {body} VP per ship (the rulebook's scoring section) instead of the "
              "tile's {tile}").format(body=ed.navy_vp_body_reading, tile=NAVY_VP_PER_SHIP),
            key="ng_navy_three"):
        readings["navy_vp_per_ship"] = ed.navy_vp_body_reading


def players_section(count: int, boards: str,
                    problems: widgets.FieldErrors) -> list[Player]:
    """A row per player: name, colour, and the nation when the boards are dealt."""
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
        player = {"name": name.strip(), "colour": colour or ""}
        if boards == "random":
            player["nation"] = cols[2].selectbox(
                _("Nation"), NATIONS, index=i % len(NATIONS), key=f"ng_nation_{i}",
                format_func=names.nation) or ""
        players.append(player)
        problems.spot(f"seat.{i}")
    problems.spot("players")
    if boards == "random":
        st.button("🎲 " + _("Deal the boards at random"), key="ng_boards_deal",
                  on_click=playing.preset_boards, args=("ng_nation_", count))
    return players


def auction_section(players: list[Player], problems: widgets.FieldErrors,
                    ) -> tuple[list[Player], dict[str, list[int]], list[int]]:
    """The national-advantage auction: the players in the seats it gave, the bids, and the
    row each seat's player was typed in."""
    count = len(players)
    st.markdown(_("**The auction**: one round per seat; the winner pays its bid ({least} to "
                  "{most}), takes a board and the next seat. The last player takes the board "
                  "left and pays half the last winning bid, rounded up.").format(
                      least=money(1), most=money(AUCTION_PURSE)))
    left = list(range(count))
    seats: list[tuple[int, str]] = []
    bids: list[int] = []
    seated = [p["name"] or _("Player {n}").format(n=i + 1) for i, p in enumerate(players)]
    for r in range(count - 1):
        cols = st.columns([3, 2, 2])
        winner = cols[0].selectbox(_("Round {n}: winner (seat {n})").format(n=r + 1), left,
                                   key=f"ng_auction_winner_{r}",
                                   format_func=seated.__getitem__)
        bid = cols[1].number_input(_("Winning bid (\\$)"), 1, AUCTION_PURSE, 1,
                                   key=f"ng_auction_bid_{r}")
        nation = cols[2].selectbox(_("Board taken"), NATIONS, index=r % len(NATIONS),
                                   key=f"ng_auction_nation_{r}", format_func=names.nation)
        if winner is None:  # not drawn with an empty list: the first seat left
            winner = left[0]
        left = [i for i in left if i != winner]
        seats.append((winner, nation or ""))
        bids.append(int(bid))
    last = left[0] if left else 0
    cols = st.columns([3, 2, 2])
    cols[0].markdown(_("Seat {n}: **{player}** (pays half of \\${bid}, rounded up)").format(
        n=count, player=views.md(seated[last]), bid=bids[-1] if bids else 0))
    nation = cols[2].selectbox(_("Board left"), NATIONS, index=(count - 1) % len(NATIONS),
                               key="ng_auction_nation_last", format_func=names.nation)
    seats.append((last, nation or ""))
    problems.spot("auction")
    return ([{**players[i], "nation": n} for i, n in seats], {"bids": bids},
            [i for i, _n in seats])


def age3_section(setup: Setup, expansion_buildings: bool, problems: widgets.FieldErrors) -> None:
    """Reduced randomness: the Age III buildings drawn at set-up."""
    age3 = playing.age3_buildings(setup["edition"], expansion_buildings)
    st.multiselect(_("Reduced randomness: the {n} Age III buildings drawn at set-up").format(
                       n=REDUCED_AGE3),
                   list(age3), key="ng_age3", max_selections=REDUCED_AGE3,
                   format_func=age3.__getitem__,
                   placeholder=_("Tap to choose"), select_all=False)
    st.button("🎲 " + _("Draw {n} at random").format(n=REDUCED_AGE3), key="ng_age3_draw",
              on_click=playing.preset_random, args=("ng_age3", list(age3), REDUCED_AGE3))
    setup["age3_buildings"] = list(session.widget_value("ng_age3") or [])
    problems.spot("age3_buildings")


def scouting_section(setup: Setup, problems: widgets.FieldErrors) -> None:
    """Advanced scouting: the token lying face up on each region."""
    edition = setup["edition"]
    st.markdown(_("**Advanced scouting: the token lying face up on each region**"))
    regions, tokens = playing.token_regions(), list(TOKENS)
    cols = st.columns(4)
    for i, region in enumerate(regions):
        cols[i % len(cols)].selectbox(names.region(edition, region), tokens, index=None,
                                      key=f"ng_token_{region}",
                                      format_func=lambda t: names.token_listed(t, edition))
    st.button("🎲 " + _("Deal the tokens at random"), key="ng_tokens_deal",
              on_click=playing.preset_tokens, args=("ng_token_",))
    setup["tokens"] = {r: session.widget_value(f"ng_token_{r}") for r in regions
                       if session.widget_value(f"ng_token_{r}")}
    problems.spot("tokens")


def bidding_section(setup: Setup, readings: dict[str, object],
                    problems: widgets.FieldErrors) -> bool:
    """The optional bidding start (AoE III); whether the players bid for their seats."""
    edition = setup["edition"]
    with st.expander(_("Bidding start (optional variant)")):
        bidding = st.checkbox(_("We bid for the seats: players are listed in the order "
                                "the bidding gave"), key="ng_bidding")
        if not bidding:
            return False
        cols = st.columns(2)
        win = cols[0].number_input(_("Seat 1's winning bid"), 0, AMOUNT_MAX, 0, key="ng_bid_1")
        second = cols[1].number_input(_("Seat 2's last bid"), 0, AMOUNT_MAX, 0, key="ng_bid_2")
        cols = st.columns(2)
        spec = cols[0].selectbox(_("Seat 2's free specialist (bid of {bid} or more)").format(
                                     bid=BID_FOR_SPECIALIST),
                                 SECOND_SPECIALISTS, key="ng_bid_spec", format_func=lambda w: (
                                     names.worker(w) if w else _("none")))
        token = cols[1].selectbox(_("Token seat 1 finds in the Caribbean"),
                                  list(TOKENS), key="ng_bid_token",
                                  format_func=lambda t: names.token_listed(t, edition))
        setup["bidding"] = {"winner_bid": int(win), "second_bid": int(second),
                            "second_specialist": spec, "caribbean_token": token}
        problems.spot("bidding")
        if not st.checkbox(_("The seats the bidding gave still get {one} more each "
                             "({first}, {second}, …)").format(
                                 one=money(1), **seats_money()),
                           value=True, key="ng_bid_seat_bonus"):
            readings["bidding_seat_bonus"] = False
    return True


def start_section(setup: Setup, seated: bool, seat_rows: list[int],
                  problems: widgets.FieldErrors) -> None:
    """Turn order, the starting money, and the button that starts the game (``seated``:
    the bids gave the seats)."""
    players = setup["players"]
    order = st.radio(_("Turn order"), ["listed", "random"], key="ng_order", horizontal=True,
                     disabled=seated, format_func=lambda o: _(ORDERS[o]))
    if seated:
        order = "listed"
    problems.spot("start")

    money_now = playing.starting_money(setup)
    if isinstance(money_now, saved_games.Outcome):
        show_problem(problems, seat_rows, money_now)
    else:
        st.caption(_("Starting money (seats are drawn when you start)") if order == "random"
                   else _("Starting money"))
        rows = [{_("Seat"): i + 1,
                 _("Player"): p["name"] if order == "listed" else _("(drawn)"), "$": m}
                for i, (p, m) in enumerate(zip(players, money_now.values(), strict=True))]
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="content")

    if st.button(_("Start the game"), type="primary", key="ng_start",
                 disabled=isinstance(money_now, saved_games.Outcome)):
        outcome = playing.create_game(setup, shuffle_order=order == "random")
        if outcome.ok:
            language.switch_page("app_pages/table.py")
        show_problem(problems, seat_rows, outcome)
