"""Table: the question the engine asks now, answered with a tap; the board below it."""

import streamlit as st

from companion.engine import Phase
from companion.ui import board_entry, decisions, services, session, views, widgets

stored = services.current_game()
if stored is None:
    st.title("🎲 Table")
    widgets.show_flashes()
    st.info("No game is open. Resume one from Home or start a new one.")
    st.page_link("pages/home.py", label="Home", icon="🏠")
    st.page_link("pages/new_game.py", label="New game", icon="➕")
    st.stop()

session.link_game(stored.id)
game = stored.game
state = game.state
st.markdown(f"### 🎲 {views.where_now(state)}")
widgets.game_caption(game, stored.id)
widgets.show_flashes()

if stored.read_only:
    widgets.refused_banner(stored.refused)
    st.button("Set the refused events aside and go on", key=f"set_aside@{stored.seq}",
              on_click=decisions.set_aside, args=(stored.seq,), type="primary")
else:
    with st.container(border=True, key="prompt"):
        decisions.prompt(stored)
        board_entry.board_entry(stored)

    with st.container(horizontal=True, key="table_tools"):
        last = services.last_step(stored)
        st.button("↩ Undo", key=f"undo@{stored.seq}", on_click=decisions.undo,
                  args=(stored.seq,), disabled=last is None,
                  help=f"Take back: {last}" if last else "Nothing to undo")
        st.button("🔄 Reload", key="reload", on_click=services.reload_game,
                  help="Fetch the game again (if another device is entering steps)")
        if last:
            st.caption(f"Last step: {views.md(last)}")
    if stored.set_aside and stored.set_aside[-1].events:
        decisions.set_aside_tools(stored)

if state.phase == Phase.OVER:
    st.subheader("Final standings")
    widgets.standings_table(state)
    st.page_link("pages/scoreboard.py", label="Scoreboard and charts", icon="🏆")

widgets.players_table(game)

left, right = st.columns(2, gap="small")
for i, track in enumerate(views.board(state)):
    with left if i < 4 else right:
        widgets.track_box(game, track)

with st.expander("Income: each player's best sets"):
    widgets.income_section(state)
with st.expander("Buildings and discoveries"):
    widgets.player_details(game)
with st.expander("Correction (outside the rules)"):
    decisions.correction(stored)
