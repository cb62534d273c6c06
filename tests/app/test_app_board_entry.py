"""Entering a turn's placement from the board, through the Table page's widgets."""

from __future__ import annotations

import random

from ui_driver import check, errors, errors_in_order, open_table

from companion.engine import Game, Phase, board_form
from companion.engine.playout import random_step
from companion.ui.board_entry import board_key

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}


def _placed_at_random(game: Game, seed: int) -> Game:
    """The same game once every worker is placed (random legal placements)."""
    rng = random.Random(seed)
    while game.state.phase == Phase.PLACEMENT:
        game = random_step(game, rng)
    return game


def _tracks(game: Game) -> dict[str, list[tuple[str, str, str]]]:
    """Who stands where; Shipping and Discovery have no slots, only their workers."""
    return {t: sorted((s.player, s.worker, "" if t in ("shipping", "discovery") else s.label)
                      for s in slots)
            for t, slots in game.state.tracks.items()}


def open_board(at, seq: int) -> None:
    """Open the board-copy expander (its form is drawn only while it is open)."""
    at.session_state[board_key(seq)] = True
    at.run()


def _copy_board(at, game: Game, placed: Game, seq: int) -> None:
    """Tap the finished board into the form, track by track, in slot order."""
    open_board(at, seq)
    form = board_form(game.state)
    index = {(p.player, p.worker): j for j, p in enumerate(form.pieces)}
    for track, slots in placed.state.tracks.items():
        if track == "specialists":
            for s in slots:
                at.selectbox(key=f"board_box_{s.label}@{seq}").set_value(
                    f"{s.player}|{s.worker}").run()
            continue
        for s in slots:
            j = index[(s.player, s.worker)]
            at.button(key=f"board_{track}_{j}@{seq}").click().run()
            check(at)


def test_the_board_copied_track_by_track_is_recorded_as_the_placements(at, store):
    sg = store.create_game(FOUR)
    stored = store.append(sg.id, REVEAL, 0)
    placed = _placed_at_random(stored.game, seed=3)
    open_table(at, sg.id)
    _copy_board(at, stored.game, placed, stored.seq)
    at.button(key=f"board_go@{stored.seq}").click().run()
    check(at)
    assert errors(at) == []
    after = store.load(sg.id)
    assert _tracks(after.game) == _tracks(placed)  # the same slots, the same workers
    assert after.game.state.phase != Phase.PLACEMENT
    table = [e for e in after.game.events[1:] if not e.auto]
    assert table[0].group is False and all(e.group for e in table[1:])  # one answer
    at.button(key=f"undo@{after.seq}").click().run()  # one Undo takes it all back
    check(at)
    assert store.load(sg.id).seq == stored.seq


def test_an_impossible_board_is_refused_naming_the_track(at, store):
    """Refused inside the board form, just above its Record button, not at the page's top;
    nothing stored."""
    sg = store.create_game(FOUR)
    stored = store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    open_board(at, stored.seq)
    form = board_form(stored.game.state)
    ann = next(j for j, p in enumerate(form.pieces) if p.player == "Ann")
    for _ in range(2):  # Ann twice on Initiative: one worker each there
        at.button(key=f"board_initiative_{ann}@{stored.seq}").click().run()
    at.button(key=f"board_go@{stored.seq}").click().run()
    check(at)
    assert any("Initiative" in e and "Ann" in e for e in errors(at))
    _, keys, shown = errors_in_order(at, "Initiative")
    assert len(shown) == 1
    assert keys.index(f"board_initiative_{ann}@{stored.seq}") < shown[0]
    assert shown[0] < keys.index(f"board_go@{stored.seq}")
    assert store.load(sg.id).seq == stored.seq  # nothing stored


def test_the_board_form_is_offered_only_before_anyone_places(at, store):
    sg = store.create_game(FOUR)
    stored = store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    assert not [b for b in at.button if b.key and b.key.startswith("board_go@")]  # folded
    open_board(at, stored.seq)
    assert at.button(key=f"board_go@{stored.seq}")
    store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
                         "track": "shipping"}, stored.seq)
    open_table(at, sg.id)
    assert not [e for e in at.expander if "Copy the whole placement" in e.label]
    assert not [b for b in at.button if b.key and b.key.startswith("board_go@")]
