"""Typed input survives another device's step: the page reloads the game and keeps the drafts
that still apply to it (the same question still asked, the correction form), and drops the
others."""

from __future__ import annotations

import re

from ui_driver import check, open_table, tap_answer

FOUR = {"edition": "empires",
        "players": [{"name": n, "colour": c} for n, c in
                    (("Ann", "red"), ("Bob", "blue"), ("Cid", "green"), ("Dee", "yellow"))]}
REVEAL = {"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
          "buildings": ["settlers", "monastery", "trading_post", "navigator", "trade_routes"]}
FIX = {"type": "correction", "player": "Bob", "reason": "a good was forgotten", "money": 2,
       "vp": 0, "ships": 0}  # recorded on the other phone: the question on this one stands


def picked(at) -> str:
    return next(c.value for c in at.caption if c.value.startswith("Picked "))


def pick(at, n: int, seq: int) -> None:
    for _ in range(n):
        button = next(b for b in at.button
                      if re.fullmatch(rf"pick_\d+@{seq}:\d+", b.key or "") and not b.disabled)
        button.click().run()
        check(at)


def test_picks_are_kept_when_the_same_question_is_still_asked(at, store):
    sg = store.create_game(FOUR)
    open_table(at, sg.id)
    pick(at, 2, seq=0)
    store.append(sg.id, FIX, 0)  # the other phone
    at.run()  # the page follows the game (its live check sees the new revision)
    check(at)
    assert picked(at).startswith("Picked 2 of 4")
    assert any(re.fullmatch(r"pick_\d+@1:0", b.key or "") for b in at.button)


def test_the_last_pick_after_a_conflict_keeps_the_others(at, store):
    """The goods are picked (a draft), then 4 of the 5 buildings; the other phone records
    before the 5th pick reaches the server: the goods and 4 buildings stay picked."""
    sg = store.create_game(FOUR)
    open_table(at, sg.id)
    pick(at, 4, seq=0)
    assert picked(at).startswith("Picked 0 of 5")
    pick(at, 4, seq=0)
    store.append(sg.id, FIX, 0)  # recorded before this phone's last pick reaches the server
    pick(at, 1, seq=0)
    assert any(w.value.startswith("Another device already recorded") for w in at.warning)
    assert picked(at).startswith("Picked 4 of 5"), "one tap gives the answer again"
    pick(at, 1, seq=1)
    assert len(store.load(sg.id).game.events) == 2  # the correction, then this phone's reveal


def test_drafts_of_a_question_no_longer_asked_are_dropped(at, store):
    sg = store.create_game(FOUR)
    open_table(at, sg.id)
    pick(at, 2, seq=0)
    store.append(sg.id, REVEAL, 0)  # the other phone entered both reveals
    at.run()
    check(at)
    assert any("Ann places a worker" in m.value for m in at.markdown)
    assert not any(c.value.startswith("Picked ") for c in at.caption)


def test_a_correction_being_typed_survives_another_devices_step(at, store):
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    shown = store.load(sg.id).game.pending()  # the question on this phone
    at.session_state["fix_reason@1"] = "Bob's fur was forgotten"
    at.session_state["fix_money@1"] = 3
    store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
                         "track": "shipping"}, 1)  # the other phone
    tap_answer(at, shown, 1, 1)  # this phone's tap loses the race
    assert any(w.value.startswith("Another device already recorded") for w in at.warning)
    assert at.session_state["fix_reason@2"] == "Bob's fur was forgotten"
    assert at.session_state["fix_money@2"] == 3


def test_the_board_being_copied_stays_open_and_filled_after_another_devices_correction(
        at, store):
    from companion.engine import board_form
    from companion.ui.board_entry import board_key

    sg = store.create_game(FOUR)
    stored = store.append(sg.id, REVEAL, 0)
    open_table(at, sg.id)
    at.session_state[board_key(stored.seq)] = True  # the board-copy form, opened
    at.run()
    ann = next(j for j, p in enumerate(board_form(stored.game.state).pieces)
               if p.player == "Ann")
    at.button(key=f"board_initiative_{ann}@{stored.seq}").click().run()
    store.append(sg.id, FIX, stored.seq)  # the other phone: a correction, nobody placed
    at.run()  # the live check follows the game
    check(at)
    new = stored.seq + 1
    assert at.button(key=f"board_go@{new}")  # still open, at the new step
    assert any(b.key.startswith("board_initiative_") and b.key.endswith(f"@{new}")
               for b in at.button if b.key)
    seq, copied = at.session_state["aod.board"]  # the worker tapped in, kept
    assert seq == new and [p for p, _ in copied["initiative"]] == ["Ann"]


def test_a_stale_device_after_another_devices_undo_is_told_the_step_was_taken_back(at, store):
    """Ann's placement is on this phone's page; another phone undoes it; this phone's tap
    (still on the page that shows Bob's turn) is told it was taken back, not recorded."""
    sg = store.create_game(FOUR)
    store.append(sg.id, REVEAL, 0)
    store.append(sg.id, {"type": "place", "player": "Ann", "worker": "colonist",
                         "track": "shipping"}, 1)
    open_table(at, sg.id)
    assert any("Bob places a worker" in m.value for m in at.markdown)
    store.undo(sg.id, 2)  # the other phone: Ann's placement taken back
    rows = [g for g in at.button_group if (g.key or "").startswith("place_")]
    rows[0].set_value(0).run()  # this phone, still showing Bob's turn
    check(at)
    warnings = [w.value.replace("\\", "") for w in at.warning]  # markdown escapes
    assert any(w.startswith("Another device took back a step: Ann") for w in warnings), warnings
    assert not any(w.startswith("Another device already recorded") for w in warnings)
    assert store.load(sg.id).seq == 1  # nothing recorded by the stale tap
    assert any("Ann places a worker" in m.value for m in at.markdown)
