"""What the table sees on a phone (issue 33), page by page through AppTest: picks kept over a
reload, the one game in progress opened by a fresh Table tab, steps said with what they
changed, the Rules page's tokens and nations, standings narrow enough for a phone."""

from __future__ import annotations

from ui_driver import check, new_app, open_table

from companion.engine import NEW_NAME_MAX

FOUR = {"edition": "empires", "players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Dee")]}


def test_goods_picked_halfway_are_kept_over_a_reload(at, store):
    game = store.create_game(FOUR)
    open_table(at, game.id)
    labels = [b.label for b in at.button if b.key.startswith("pick_")]
    assert any(label.endswith("left") for label in labels), labels  # "fur · 4 left", not "(4)"
    at.button(key="pick_0@0:0").click().run()
    at.button(key="pick_1@0:0").click().run()
    check(at)
    kept = at.query_params["picks"]
    assert any("Picked 2 of 4" in c.value for c in at.caption)

    reloaded = new_app()  # a phone that slept: a new session, the same address
    reloaded.query_params["picks"] = kept
    reloaded.query_params["game"] = str(game.id)
    reloaded.switch_page("app_pages/table.py").run()
    check(reloaded)
    assert any("Picked 2 of 4" in c.value for c in reloaded.caption)
    reloaded.button(key="clear@0:0").click().run()  # Clear empties them for good
    assert any("Picked 0 of 4" in c.value for c in reloaded.caption)
    assert "picks" not in reloaded.query_params


def test_a_fresh_table_tab_opens_the_only_game_in_progress(at, store):
    at.switch_page("app_pages/table.py").run()
    assert any("No game is open" in i.value for i in at.info)
    game = store.create_game(FOUR)
    at.switch_page("app_pages/table.py").run()
    check(at)
    assert not at.info and at.session_state["aod.game_id"] == game.id
    store.create_game(FOUR)  # two in progress: the table chooses
    fresh = new_app()
    fresh.switch_page("app_pages/table.py").run()
    assert any("No game is open" in i.value for i in fresh.info)


def test_a_step_says_what_it_changed(at, store):
    """Trade Goods: the good taken is said beside the step, by whom (the Undo line)."""
    from companion.engine import told as steps
    from companion.engine.playout import random_game

    for stop in range(60, 120):  # the first step, from the 60th event on, that changes goods
        played = random_game(FOUR, seed=11, stop_after=stop)
        if played.events[-1].type == "take_good" and played.events[-1].good:
            break
    game = store.import_record(played.record())
    open_table(at, game.id)
    stored = store.load(game.id)
    start = stored.seq - stored.game.last_step()
    said = steps.step_summary(stored.state_at(start), stored.game, start)
    changed = steps.step_changes(stored.state_at(start), stored.game.state)
    assert changed and changed in said
    assert any(changed in c.value.replace("\\", "") for c in at.caption)


def test_the_rules_page_shows_token_faces_and_nations(at):
    at.switch_page("app_pages/rules.py").run()
    check(at)
    tokens = next(d.value for d in at.dataframe if "Natives" in d.value.columns
                  and "In the box" in d.value.columns)
    assert len(tokens) == 12 and tokens["In the box"].sum() == 16
    assert "Token" not in tokens.columns
    nations = " ".join(m.value for m in at.markdown)
    for nation in ("England", "France", "Portugal", "Spain", "Holland"):
        assert f"**{nation}**" in nations


def test_names_of_a_new_game_are_short_and_standings_fit_a_phone(at, store):
    at.switch_page("app_pages/new_game.py").run()
    assert at.text_input(key="ng_name_0").proto.max_chars == NEW_NAME_MAX == 20
    from companion.engine.playout import random_game

    game = store.import_record(random_game(FOUR, seed=2).record())
    at.session_state["aod.game_id"] = game.id
    at.switch_page("app_pages/scoreboard.py").run()
    check(at)
    short = next(m.value for m in at.markdown if m.value.startswith("| Place | Player | VP |"))
    assert len(short.splitlines()[0].split("|")) - 2 <= 8  # columns (Bought only if any)
    assert any("Tie-break goods" in m.value.replace("\\", "") for m in at.markdown)  # folded


def _first_event(game_setup: dict, seed: int, wanted) -> tuple:
    """The game played up to the answer of the first event whose changes ``wanted`` accepts
    (with the steps settled after it), how many events lead to it, and its changes."""
    from companion.engine import Game, apply
    from companion.engine import told as steps
    from companion.engine.playout import random_game

    played = random_game(game_setup, seed=seed)
    state = Game.new(played.setup).state
    for i, ev in enumerate(played.events):
        after = apply(state, ev)
        said = steps.step_changes(state, after)
        if wanted(said):
            return random_game(game_setup, seed=seed, stop_after=i + 1), i + 1, said
        state = after
    raise AssertionError("no such step in this game")


def _last_step_on_table(at, game_id: int) -> str:
    open_table(at, game_id)
    return next(c.value for c in at.caption if c.value.startswith("Last step:")).replace(
        "\\", "")


def _step_in_history(at, game_id: int, version: int) -> str:
    """What the History says of event ``version`` of the game (stepping by event)."""
    at.session_state["aod.history_game"] = game_id
    at.switch_page("app_pages/history.py").run()
    at.segmented_control(key=f"hist_mode_{game_id}").set_value("event").run()
    at.slider(key=f"hist_event_{game_id}").set_value(version).run()
    check(at)
    return next(c.value for c in at.caption if c.value.startswith("Last step shown")).replace(
        "\\", "")


def test_specialists_and_a_ship_tie_are_said_on_the_table_and_in_the_history(at, store):
    """The Specialists boxes give their workers when the track before them is done, and
    the ship goes to the first in turn order among equals: automatic, so said."""
    def wanted(s: str) -> bool:
        return "first in turn order wins" in s and any(
            f"+{w}" in s for w in ("captain", "merchant", "missionary", "soldier"))

    played, version, said = _first_event(FOUR, 25, wanted)
    game = store.import_record(played.record())
    assert said in _last_step_on_table(at, game.id)
    assert said in _step_in_history(at, game.id, version)  # that event alone


def _scoring_table(at) -> list[list[str]]:
    """The colony scoring's tables on the page, as rows: each region's name (in bold above
    its table), then one row per player (cells as shown, unescaped)."""
    shown = [m.value for m in at.markdown if "| Player | Workers | Place | VP |" in m.value]
    assert len(shown) == 1, [m.value[:40] for m in at.markdown]
    found = []
    for block in shown[0].replace("\\", "").split("\n\n"):
        if block.startswith("**"):
            found.append([block.strip("*")])
            continue
        lines = block.splitlines()
        assert lines[0] == "| Player | Workers | Place | VP |", lines[0]
        found += [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
    return found


def _expected_rows(state, judged) -> list[list[str]]:
    """The rows the engine's breakdown calls for: each region judged by name (with its
    builders), then each player present there, most workers first, with their place (ties
    said) and VP."""
    from companion import names

    words = {(1, False): "1st", (1, True): "1st, tied", (2, False): "2nd",
             (2, True): "2nd, tied"}
    rows = []
    for region in judged:
        vp = dict(region.vp)
        name = names.region(state.setup.edition, region.region)
        if region.builders:
            name += f" ({region.builders} builder{'s' if region.builders > 1 else ''})"
        rows.append([name])
        present = sorted(((p, n) for p, n in region.workers if n), key=lambda pn: -pn[1])
        for player, count in present:
            place = region.place(player)
            rows.append([player, str(count), words[place, region.tied(player)] if place else "",
                         str(vp[player])])
    return rows


def test_a_colony_scoring_is_a_table_on_the_table_and_in_the_history(at, store):
    """End of turn 3: the step's words say the colony scoring (no grey line of counts), and
    a table shows each region judged, each player's workers, place (ties said) and VP, as
    the engine's breakdown gives them, on the Table and in the History."""
    from companion.engine import Game, apply, scoring_of
    from companion.engine.playout import random_game

    whole = random_game(FOUR, seed=3)
    state = Game.new(whole.setup).state
    i = 0
    while (judged := scoring_of(state, whole.events[i])) is None:
        state = apply(state, whole.events[i])
        i += 1
    assert any(len(r.first) > 1 or len(r.second) > 1 for r in judged)  # a tie to show
    played = random_game(FOUR, seed=3, stop_after=i + 1)
    assert played.events[:i + 1] == whole.events[:i + 1]
    game = store.import_record(played.record())
    said = _last_step_on_table(at, game.id)
    assert "colony scoring" in said and "workers per region" not in said, said
    assert any("Colony scoring at the end of turn 3" in m.value for m in at.markdown)
    expected = _expected_rows(state, judged)
    assert _scoring_table(at) == expected
    shown = _step_in_history(at, game.id, i + 1)
    assert "colony scoring" in shown and "workers per region" not in shown, shown
    assert _scoring_table(at) == expected
    _step_in_history(at, game.id, i)  # the event before it scored nothing: no table
    assert not [m for m in at.markdown if "| Player | Workers |" in m.value]
    at.segmented_control(key=f"hist_mode_{game.id}").set_value("turn").run()  # turn by turn
    marks = at.select_slider(key=f"hist_turn_{game.id}")
    assert marks.options[-1] in ("End of turn 3", "Latest"), marks.options
    marks.set_value(marks.options.index("End of turn 3")).run()
    assert _scoring_table(at) == expected


def test_workers_lost_in_a_battle_are_said_in_the_history(at, store):
    """A battle takes a worker off the board: the History's step says whose and where (a
    dock worker sent is the step itself, not said twice)."""
    played, version, said = _first_event(FOUR, 0, lambda s: "−1 worker in" in s)
    assert played.events[version - 1].type == "warfare", said
    game = store.import_record(played.record())
    assert said in _step_in_history(at, game.id, version)
    docked = next(i for i, e in enumerate(played.events) if e.type == "dock" and e.region)
    shown = _step_in_history(at, game.id, docked + 1)
    assert "dock worker →" in shown and "worker in" not in shown, shown
