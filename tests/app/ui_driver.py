"""Drive the Table page through its widgets (streamlit AppTest) and count the taps.

``enter`` takes the events of one answer the engine would accept next and performs, on the
page, what a player would tap to give it: it walks the engine's Decision (and the powers
offered beside it) to the answer that records exactly those events, tapping the button of
each step, or filling the field a step carries. Tap costs: a button 1, a number 1 per
changed field (typed), a multiselect 1 per item, opening an expander 1.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from companion.engine import Answer, Decision, Game, Kind, parse_event
from companion.engine.playout import random_step
from companion.store import Store, StoredGame
from companion.ui.decisions import placement_key

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
TIMEOUT = float(os.environ.get("APPTEST_TIMEOUT", "60"))


def new_app() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    return at


def check(at: AppTest) -> None:
    """No exception on the page (raises with the trace if there is one)."""
    if at.exception:
        exc = at.exception[0]
        raise AssertionError(f"page raised: {exc.value}\n{''.join(exc.stack_trace)}")


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def open_table(at: AppTest, game_id: int) -> AppTest:
    """Seed the session with a saved game and show the Table page."""
    at.session_state["aod.game_id"] = game_id
    at.session_state["aod.game"] = None
    at.switch_page("app_pages/table.py").run()
    check(at)
    return at


def is_placement(decision: Decision) -> bool:
    return decision.kind == Kind.PLACE


def tap_answer(at: AppTest, decision: Decision, i: int, seq: int, depth: int = 0) -> AppTest:
    """Tap answer ``i`` of ``decision`` on the Table page: a placement answer is a pill in
    its worker's row (``place_<worker>@seq:depth``, valued by the answer's index), any
    other answer a button (``ans_<i>@seq:depth``)."""
    if is_placement(decision):
        worker = decision.answers[i].value.worker
        at.button_group(key=placement_key(worker, seq, depth)).set_value(i).run()
    else:
        at.button(key=f"ans_{i}@{seq}:{depth}").click().run()
    check(at)
    return at


def first_place(at: AppTest) -> AppTest:
    """Tap the first place offered on the page: answer 0 of the placement question, the
    first pill of the first row (rows follow the answers' order)."""
    rows = [g for g in at.button_group if (g.key or "").startswith("place_")]
    assert rows, "no placement row on the page"
    rows[0].set_value(0).run()
    check(at)
    return at


def drawn_in_order(node: Any) -> list[Any]:
    """The page's elements (under ``node``, e.g. ``at.main``) in the order they are drawn."""
    children = getattr(node, "children", None)
    if not children:
        return [node]
    return [leaf for key in sorted(children) for leaf in drawn_in_order(children[key])]


def errors_in_order(at: AppTest, words: str) -> tuple[list[Any], list[str | None], list[int]]:
    """The main area's elements in drawn order, their keys, and the places of the errors
    that say ``words`` (to check that an error shows beside the input it concerns)."""
    order = drawn_in_order(at.main)
    keys = [getattr(e, "key", None) for e in order]
    shown = [i for i, e in enumerate(order) if e.type == "error" and words in e.value]
    return order, keys, shown


# ---------------------------------------------------------------- matching answers to events


def _same(a: Any, b: Any) -> bool:
    return parse_event(a) == parse_event(b)


def _consistent(draft: Any, target: Any) -> bool:
    """Whether a partial event (a draft) can still lead to ``target``."""
    if isinstance(draft, Mapping):
        if not isinstance(target, Mapping):
            return False
        for key, value in draft.items():
            if key == "_partial":
                if value and not _consistent(
                        {k: v for k, v in value.items()},
                        target.get("losses", [])[len(draft.get("losses", []))]
                        if len(target.get("losses", [])) > len(draft.get("losses", [])) else {}):
                    return False
                continue
            if key == "_regions":
                if sorted(value) != sorted(loss["region"] for loss in target.get("losses", [])):
                    return False
                continue
            if key == "_now":
                if bool(value) != ("region" in target):
                    return False
                continue
            if key == "_from":
                if value is not None and value not in target.get("tokens", {}):
                    return False
                continue
            if key.startswith("_"):
                continue
            if key not in target:
                if value in ({}, [], None, False):
                    continue
                return False
            if not _consistent(value, target[key]):
                return False
        return True
    if isinstance(draft, list):
        return isinstance(target, list) and all(
            _consistent(d, t) for d, t in zip(draft, target, strict=False)) and len(
            draft) <= len(target)
    return draft == target


def _matches(answer: Answer, target: Sequence[Mapping[str, Any]]) -> bool:
    if answer.ready:
        return len(answer.events) == len(target) and all(
            _same(a, b) for a, b in zip(answer.events, target, strict=True))
    return answer.draft is not None and len(target) == 1 and _consistent(
        dict(answer.draft), _dump(target[0]))


def _dump(event: Mapping[str, Any]) -> dict[str, Any]:
    return parse_event(event).model_dump(mode="json")


def _field_values(event: Mapping[str, Any]) -> list[Any]:
    """Values a field of this event may have been filled with."""
    ev = _dump(event)
    choice = ev.get("choice") or {}
    out: list[Any] = []
    for items in (ev.get("goods"), ev.get("buildings"), choice.get("goods")):
        if isinstance(items, list | tuple):
            counts: dict[str, int] = {}
            for item in items:
                counts[item] = counts.get(item, 0) + 1
            out.append(counts)
    for mapping in (ev.get("workers"), choice.get("goods"), choice.get("regions")):
        if isinstance(mapping, dict) and mapping:
            out.append(dict(mapping))
    if isinstance(choice.get("order"), list):
        out.append(list(choice["order"]))
    if isinstance(ev.get("vp"), int):
        out.append(ev["vp"])
    return out


# ---------------------------------------------------------------- the driver


class Driver:
    """Enters answers on the Table page of ``at`` for the saved game ``game_id``."""

    def __init__(self, at: AppTest, store: Store, game_id: int) -> None:
        self.at, self.store, self.game_id = at, store, game_id
        self.taps = 0
        self.decisions = 0  # questions with two or more outcomes answered
        self.choice_taps = 0  # taps spent on them
        self.report_taps = 0  # taps spent reading facts off the components
        self.one_answer_taps = 0  # taps on questions the rules left one outcome
        self.by_question: Counter[str] = Counter()  # taps per question (its event type)

    @property
    def stored(self) -> StoredGame:
        return self.store.load(self.game_id)

    def click(self, key: str) -> None:
        self.taps += 1
        self.at.button(key=key).click().run()
        check(self.at)

    def tap_answer(self, decision: Decision, i: int, seq: int, depth: int = 0) -> None:
        """One tap on answer ``i``: its button, or its pill in the placement rows."""
        tap_answer(self.at, decision, i, seq, depth)
        self.taps += 1

    def number(self, key: str, value: int) -> None:
        field = self.at.number_input(key=key)
        if field.value != value:
            self.taps += 1
            field.set_value(value).run()
            check(self.at)

    # ------------------------------------------------------------ events

    def enter(self, events: Mapping[str, Any] | Sequence[Mapping[str, Any]]) -> None:
        """Tap in one answer (its events must be what the engine accepts now)."""
        target = [events] if isinstance(events, Mapping) else list(events)
        stored = self.stored
        game, seq = stored.game, stored.seq
        decision = game.pending()
        draft: dict[str, Any] | None = None
        if not self._leads_to(game, decision, target):
            actions = game.actions()
            for k, action in enumerate(actions):
                first = game.ask(action.start)
                if first is not None and self._leads_to(game, first, target):
                    if not action.moment:
                        self.taps += 1  # open the expander
                    self.click(f"act_{k}@{seq}")
                    self.by_question[first.type] += 1 + (not action.moment)
                    if first.only_answer is not None:  # one way to use it: recorded by the tap
                        self.decisions += 1
                        self.choice_taps += 1
                        return
                    decision, draft = first, dict(action.start)
                    break
            else:
                raise AssertionError(f"nothing on the page leads to {target}")
        for _ in range(40):
            depth = len(draft or {})
            before = self.taps
            answer = self._answer_on_page(game, decision, target, seq, depth)
            spent = self.taps - before
            self.by_question[decision.type] += spent
            if decision.report:
                self.report_taps += spent
            elif decision.outcomes >= 2:
                self.decisions += 1
                self.choice_taps += spent
            else:
                self.one_answer_taps += spent
            if answer.ready:
                return
            draft = dict(answer.draft or {})
            decision = game.ask(draft)
            assert decision is not None
        raise AssertionError(f"too many questions for {target}")

    def _leads_to(self, game: Game, decision: Decision | None,
                  target: Sequence[Mapping[str, Any]]) -> bool:
        if decision is None:
            return False
        if any(_matches(a, target) for a in decision.all_answers()):
            return True
        if decision.field is not None and len(target) == 1:
            for value in _field_values(target[0]):
                try:
                    answer = decision.field.answer(value)
                except ValueError:
                    continue
                if _matches(answer, target):
                    return True
        return False

    def _answer_on_page(self, game: Game, decision: Decision,
                        target: Sequence[Mapping[str, Any]], seq: int, depth: int) -> Answer:
        for i, answer in enumerate(decision.all_answers()):
            if _matches(answer, target):
                self.tap_answer(decision, i, seq, depth)
                return answer
        field = decision.field
        assert field is not None, f"no answer of {decision.prompt!r} leads to {target}"
        for value in _field_values(target[0]):
            try:
                answer = field.answer(value)
            except ValueError:
                continue
            if not _matches(answer, target):
                continue
            self._fill(decision, value, seq, depth)
            return answer
        raise AssertionError(f"the field of {decision.prompt!r} cannot give {target}")

    def _fill(self, decision: Decision, value: Any, seq: int, depth: int) -> None:
        field = decision.field
        assert field is not None
        if decision.kind == Kind.MULTISET:
            index = {o.value: j for j, o in enumerate(field.options)}
            for item, n in value.items():
                for _ in range(n):
                    self.click(f"pick_{index[item]}@{seq}:{depth}")
        elif decision.kind == Kind.ORDER:
            self.taps += len(value)
            self.at.multiselect(key=f"order@{seq}:{depth}").set_value(value).run()
            check(self.at)
        else:
            self.number(f"number@{seq}:{depth}", value)
        if decision.kind != Kind.MULTISET or field.total is None:
            self.click(f"done@{seq}:{depth}")  # an exact count submits with its last pick


def next_answer(game: Game, rng: random.Random) -> list[dict[str, Any]]:
    """The table's events of a random legal answer, chosen by the engine's random player
    (the automatic events the engine adds after it are left out)."""
    after = random_step(game, rng)
    step = after.events[len(game.events):]
    return [{**e.model_dump(mode="json"), "group": False} for e in step if not e.auto]


def same_event(a: Any, b: Any) -> bool:
    return _same(a, b)
