"""Drive the Table page through its widgets (streamlit AppTest) and count the taps.

``enter`` takes an event the engine would accept next and performs, on the page, what a
player would tap to record it; the tests then check that the store holds exactly that event.
Tap costs: a button 1, a select box 2 (open, pick) when it must change, a number 1 per
changed field (typed), a toggle or segmented control 1, opening an expander 1.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from companion.engine import Game, parse_event
from companion.engine.playout import random_step
from companion.store import Store, StoredGame
from companion.ui import views

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
    at.switch_page("pages/table.py").run()
    check(at)
    return at


class Driver:
    """Enters events on the Table page of ``at`` for the saved game ``game_id``."""

    def __init__(self, at: AppTest, store: Store, game_id: int) -> None:
        self.at, self.store, self.game_id = at, store, game_id
        self.taps = 0

    # ------------------------------------------------------------ primitives

    @property
    def stored(self) -> StoredGame:
        return self.store.load(self.game_id)

    def click(self, key: str) -> None:
        self.taps += 1
        self.at.button(key=key).click().run()
        check(self.at)

    def select(self, key: str, value: Any) -> None:
        box = self.at.selectbox(key=key)
        if box.value != value:
            self.taps += 2
            box.set_value(value).run()
            check(self.at)

    def number(self, key: str, value: int) -> None:
        field = self.at.number_input(key=key)
        if field.value != value:
            self.taps += 1
            field.set_value(value).run()
            check(self.at)

    def checkbox(self, key: str, value: bool) -> None:
        box = self.at.checkbox(key=key)
        if box.value != value:
            self.taps += 1
            box.set_value(value).run()
            check(self.at)

    def segment(self, key: str, value: Any) -> None:
        control = self.at.segmented_control(key=key)
        if control.value != value:
            self.taps += 1
            control.set_value(value).run()
            check(self.at)

    # ------------------------------------------------------------ events

    def enter(self, event: Mapping[str, Any]) -> None:
        """Tap in ``event`` (it must be what the engine expects now)."""
        stored = self.stored
        state, seq = stored.game.state, stored.seq
        ev = parse_event(event)
        k = lambda name: f"{name}@{seq}"  # noqa: E731
        t = ev.type
        if t == "place":
            self.click(k(f"place_{ev.track}_{ev.box}_{ev.worker}"))
        elif t == "dock":
            self._choose("dock", seq, [c.value for c in views.dock_choices(state)], ev.region)
        elif t == "take_good":
            self._choose("good", seq, [c.value for c in views.good_choices(state)], ev.good)
        elif t == "training":
            values = [c.value for c in views.training_choices(state, state.order[0])]
            self._choose("train", seq, values, ev.specialist)
        elif t == "buy":
            self._buy(state, seq, ev)
        elif t == "expedition":
            self._expedition(state, seq, ev)
        elif t == "warfare":
            self._warfare(state, seq, ev)
        elif t in ("reveal", "refresh"):
            for good in ev.goods:
                self.click(k(f"tg_{good}"))
            for building in ev.buildings:
                self.click(k(f"tb_{building}"))
            for owner, good in getattr(ev, "drawn", {}).items():
                self.select(k(f"wic_{owner}"), good)
            self.click(k("reveal_go" if t == "reveal" else "refresh_go"))
        elif t == "buy_vp":
            if ev.vp:
                self.number(k("bvp"), ev.vp)
                self.click(k("bvp_go"))
            else:
                self.click(k("bvp_pass"))
        elif t == "benefit":
            self._benefit(state, seq, ev)
        elif t == "resolve":
            self.click(k("resolve"))
        elif t == "power":
            self._power(state, seq, ev)
        elif t == "swap":
            self.taps += 1  # open the expander
            self.select(k("swap_player"), ev.player)
            self.select(k("swap_region"), ev.region)
            self.select(k("swap_worker"), ev.worker)
            self.click(k("swap_go"))
        elif t == "scout":
            self.taps += 1  # open the expander
            self.select(k("scout_player"), ev.player)
            self.select(k("scout_target"), ev.target)
            self.click(k("scout_go"))
        else:
            raise AssertionError(f"the driver cannot enter {t}")

    def _choose(self, name: str, seq: int, values: list[Any], value: Any) -> None:
        if value is None:
            self.click(f"{name}@{seq}_none")
        else:
            self.click(f"{name}@{seq}_{values.index(value)}")

    def _buy(self, state: Any, seq: int, ev: Any) -> None:
        if ev.building is None:
            self.click(f"buy_none@{seq}")
            return
        wanted = state.tracks["buildings"][state.cursor]
        values = [c.value for c in views.buy_choices(state, wanted.player, wanted.worker)]
        self.click(f"buy_{values.index(ev.building)}@{seq}")
        building = state.catalogue[ev.building]
        if not views.needs_choice(building):
            return
        k = lambda name: f"bc_{name}@{seq}"  # noqa: E731
        c = ev.choice
        for i, w in enumerate(c.get("specialists", [])):
            self.select(k(f"spec{i}"), w)
        for i, g in enumerate(c.get("goods", [])):
            self.select(k(f"good{i}"), g)
        action = building.effect.action
        if action == "overpopulation":
            for region, n in c["regions"].items():
                self.number(k(f"over_{region}"), n)
        elif action == "papal_edict":
            self.select(k("opponent"), c["opponent"])
            self.select(k("region"), c["region"])
            self.select(k("opp_region"), c["opponent_region"])
            self.checkbox(k("opp_first"), bool(c.get("opponent_first")))
        elif action == "plague_thin":
            for region, by in c.get("losses", {}).items():
                for name, worker in by.items():
                    self.select(k(f"plague_{region}_{name}"), worker)
        elif action == "plague_strike":
            self.select(k("region"), c["region"])
            self.select(k("victim"), c["player"])
            self.number(k("colonists"), c["colonists"])
        elif action == "rewrite_history":
            for name, token in c.get("tokens", {}).items():
                self.select(k(f"rh_{name}"), token)
        elif action == "free_discovery":
            self.checkbox(k("now"), "region" in c)
            if "region" in c:
                self.select(k("region"), c["region"])
                self.select(k("token"), c["token"])
        elif action == "indian_allies" and "region" in c:
            self.select(k("region"), c["region"])
        self.click(f"buy_confirm@{seq}")

    def _expedition(self, state: Any, seq: int, ev: Any) -> None:
        if not ev.workers:
            self.click(f"exp_none@{seq}")
            return
        me = state.queue[0]
        for w, n in state.players[me].discovery.items():
            if n:
                self.number(f"exp_{w}@{seq}", ev.workers.get(w, 0))
        if ev.nation_power:
            self.checkbox(f"exp_portugal@{seq}", True)
        else:
            self.select(f"exp_target@{seq}", ev.target)
        self.select(f"exp_found@{seq}", ev.found)
        self.click(f"exp_go@{seq}")

    def _warfare(self, state: Any, seq: int, ev: Any) -> None:
        if ev.kind is None:
            self.click(f"war_none@{seq}")
            return
        me = state.tracks["warfare"][state.cursor].player
        self.segment(f"war_kind@{seq}", ev.kind)
        self.select(f"war_def@{seq}", ev.defender)
        if ev.kind == "battle":
            self.select(f"war_region@{seq}", ev.losses[0].region)
        for loss in ev.losses:
            r = loss.region
            for side, owner, lost in (("a", me, loss.attacker), ("d", ev.defender, loss.defender)):
                for w in state.regions[r].get(owner, {}):
                    key = f"loss_{side}_{r}_{w}@{seq}"
                    if any(f.key == key for f in self.at.number_input):
                        self.number(key, lost.get(w, 0))
        self.click(f"war_go@{seq}")

    def _power(self, state: Any, seq: int, ev: Any) -> None:
        powers = views.usable_nation_powers(state)
        i = next(i for i, p in enumerate(powers)
                 if p.player == ev.player and p.nation == ev.nation)
        if state.step != "declare":
            self.taps += 1  # open the expander
        k = lambda name: f"np{i}_{name}@{seq}"  # noqa: E731
        c = ev.choice
        if ev.nation == "spain":
            self.select(k("region"), c["region"])
            self.select(k("token"), c["token"])
        elif ev.nation == "france":
            self.select(k("good"), c["good"])
        elif ev.nation == "italy":
            self.select(k("box"), c["box"])
            self.select(k("worker"), c["worker"])
        elif ev.nation == "england" and c.get("order"):
            self.taps += len(c["order"])
            self.at.multiselect(key=k("order")).set_value(c["order"]).run()
            check(self.at)
        self.click(f"np_go_{i}@{seq}")

    def _benefit(self, state: Any, seq: int, ev: Any) -> None:
        powers = views.usable_powers(state)
        i = next(i for i, p in enumerate(powers)
                 if p.player == ev.player and p.building == ev.building)
        if state.phase != "benefits" and state.step != "declare":
            self.taps += 1  # open the expander
        k = lambda name: f"pw{i}_{name}@{seq}"  # noqa: E731
        c = ev.choice
        action = powers[i].action
        if action == "mint":
            self.segment(k("good"), c["good"])
        elif action == "broker":
            for good, n in c["goods"].items():
                self.number(k(f"sell_{good}"), n)
        elif action == "smuggle":
            self.select(k("other"), c["other"])
            self.select(k("give"), c["give"])
            self.select(k("take"), c["take"])
        elif action in ("migration", "stables"):
            self.select(k("from"), c["from"])
            self.select(k("to"), c["to"])
            if action == "migration":
                self.number(k("n"), c["colonists"])
        elif action == "free_discovery":
            self.select(k("region"), c["region"])
            self.select(k("token"), c["token"])
        elif action == "university":
            self.select(k("track"), c["track"])
        self.click(f"pw_go_{i}@{seq}")


def next_event(game: Game, rng: random.Random) -> dict[str, Any]:
    """A legal next event, chosen by the engine's random player."""
    return random_step(game, rng).events[-1].model_dump(mode="json")


def same_event(a: Any, b: Any) -> bool:
    return parse_event(a) == parse_event(b)
