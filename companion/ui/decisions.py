"""The Table page's input: one prompt per decision the engine waits for.

Every widget key carries the game's event count (``@seq``), so a prompt's inputs belong to
one step and vanish once it is recorded; a refused step keeps them. Buttons act through
callbacks (``_submit``), which save the step before the page is drawn again: one tap, one
run. The event is built from the widgets' values at the time of the tap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from companion.engine import Game
from companion.engine.placement import placement_options
from companion.engine.state import GameState
from companion.rules.discoveries import TOKENS
from companion.rules.editions import WORKER_TYPES
from companion.rules.goods import GOODS
from companion.rules.regions import REGIONS, neighbours
from companion.store import StoredGame
from companion.ui import services, session, views, widgets
from companion.ui.views import md

Builder = Callable[[], dict[str, Any] | None]


# ---------------------------------------------------------------- submitting


def _current(seq: int) -> bool:
    """Whether a tap drawn for step ``seq`` still applies (a double tap, or a tap on a page
    that was being redrawn, arrives after the game has moved on: it is ignored)."""
    stored = services.current_game()
    if stored is None or stored.seq != seq:
        session.flash("info", "That tap was for a step already recorded; it was ignored.")
        return False
    return True


def _submit(event: Mapping[str, Any] | Builder, seq: int) -> None:
    """Callback: build the event if needed, save it, leave a message for the next run."""
    if not _current(seq):
        return
    if callable(event):
        try:
            built = event()
        except ValueError as exc:
            session.flash("error", str(exc))
            return
        if built is None:
            return
        event = built
    stored = services.current_game()
    before = stored.game.state if stored else None
    outcome = services.record(event)
    if outcome.conflict:
        session.flash("warning", outcome.error or "")
    elif not outcome.ok:
        session.flash("error", outcome.error or "refused")
    elif before is not None:
        session.flash("success", views.describe_event(before, event))


def undo(seq: int) -> None:
    """Callback: take back the last step (the one before ``seq``)."""
    if not _current(seq):
        return
    stored = services.current_game()
    last = services.last_step(stored) if stored else None
    outcome = services.undo()
    if outcome.conflict:
        session.flash("warning", outcome.error or "")
    elif not outcome.ok:
        session.flash("error", outcome.error or "refused")
    else:
        session.flash("success", f"Undone: {last}")


def _key(name: str, seq: int) -> str:
    return f"{name}@{seq}"


def _val(name: str, seq: int, default: Any = None) -> Any:
    return session.widget_value(_key(name, seq), default)


def _buttons(choices: list[views.Choice], seq: int, key: str, make: Callable[[Any], Any],
             decline: str | None = None, decline_event: Any = None) -> None:
    """A wrapping row of buttons, one per choice, plus an optional 'decline' button."""
    with st.container(horizontal=True, key=f"row_{key}"):
        for i, c in enumerate(choices):
            st.button(md(c.label), key=f"{key}_{i}", on_click=_submit, args=(make(c.value), seq),
                      disabled=not c.enabled, help=md(c.help) if c.help else None)
        if decline:
            st.button(decline, key=f"{key}_none", on_click=_submit, args=(decline_event, seq),
                      type="tertiary")


def _who(game: Game, name: str | None) -> str:
    return views.badge(game.setup, name) if name else "the table"


# ---------------------------------------------------------------- the prompt


def prompt(stored: StoredGame) -> None:
    """Draw the input for whatever the engine expects now."""
    wanted = stored.game.pending()
    if wanted is None:
        st.success("The game is over: final standings below, charts on the Scoreboard.")
        return
    kind = wanted.kind
    handlers: dict[str, Callable[[StoredGame, Any], None]] = {
        "reveal": _reveal, "place": _place_header, "dock": _dock, "take_good": _take_good,
        "buy": _buy, "expedition": _expedition, "training": _training, "warfare": _warfare,
        "refresh": _refresh, "buy_vp": _buy_vp, "resolve": _resolve,
    }
    handlers[kind](stored, wanted)


# ---------------------------------------------------------------- placement


SHORT_TRACKS = {
    "initiative": "Initiative", "dock": "Dock", "trade_goods": "Goods", "shipping": "Shipping",
    "buildings": "Buildings", "discovery": "Discovery", "specialists": "Specialists",
    "warfare": "Warfare",
}


def _place_header(stored: StoredGame, wanted: Any) -> None:
    """Who places, what is left, and one button per legal spot for the chosen worker."""
    game, seq = stored.game, stored.seq
    p = game.state.players[wanted.player]
    st.markdown(
        f"#### {_who(game, wanted.player)} places a worker\n"
        f"Left to place: {views.counts_text(p.available)} — tap where it goes (here, or on "
        "the board below)."
    )
    options = placement_options(game.state)
    kinds = list(dict.fromkeys(o.worker for o in options))
    if not kinds:
        return
    worker = kinds[0]
    if len(kinds) > 1:
        worker = st.segmented_control("Worker", kinds, default=kinds[0], key=_key("qp_worker", seq),
                                      format_func=views.worker_label) or kinds[0]
    with st.container(horizontal=True, key=f"row_quick@{seq}"):
        for o in options:
            if o.worker != worker:
                continue
            label = SHORT_TRACKS[o.track]
            if o.box == "training":
                label = "Training"
            elif o.box:
                label = f"Box {views.WORKER_ICONS[o.box]}"
            st.button(label, key=_key(f"qp_{o.track}_{o.box}", seq), on_click=_submit,
                      args=(o.model_dump(), seq),
                      help=f"Place a {o.worker} on {views.track_title(o.track)}"
                           + (f" ({o.box} box)" if o.box else ""))


def placement_buttons(stored: StoredGame, box: Any, track: str) -> None:
    """In a track's box: one button per legal (worker[, Specialists box]) placement."""
    state = stored.game.state
    if state.phase != "placement":
        return
    options = [o for o in placement_options(state) if o.track == track]
    if not options:
        return
    by_box: dict[str | None, list[Any]] = {}
    for o in options:
        by_box.setdefault(o.box, []).append(o)
    with box:
        for spot, opts in by_box.items():
            with st.container(horizontal=True, key=f"place_{track}_{spot}"):
                if spot:
                    st.markdown(f"*{spot}:*")
                for o in opts:
                    st.button(views.worker_label(o.worker), on_click=_submit,
                              args=(o.model_dump(), stored.seq),
                              key=_key(f"place_{track}_{spot}_{o.worker}", stored.seq),
                              help=f"Place a {o.worker} on {views.track_title(track)}"
                                   + (f" ({spot} box)" if spot else ""))


# ---------------------------------------------------------------- resolution: simple steps


def _slot_line(game: Game, wanted: Any, what: str) -> None:
    worker = views.worker_label(wanted.worker) if wanted.worker else ""
    st.markdown(f"#### {_who(game, wanted.player)} — {what}\n{worker} on slot `{wanted.label}`")


def _dock(stored: StoredGame, wanted: Any) -> None:
    state = stored.game.state
    _slot_line(stored.game, wanted, "Colonist Dock: where does this worker go?")
    _buttons(views.dock_choices(state), stored.seq, _key("dock", stored.seq),
             lambda r: {"type": "dock", "region": r},
             decline="Stays home", decline_event={"type": "dock", "region": None})


def _take_good(stored: StoredGame, wanted: Any) -> None:
    state = stored.game.state
    _slot_line(stored.game, wanted, "Trade Goods: which good?")
    _buttons(views.good_choices(state), stored.seq, _key("good", stored.seq),
             lambda g: {"type": "take_good", "good": g},
             decline="Takes nothing", decline_event={"type": "take_good", "good": None})


def _training(stored: StoredGame, wanted: Any) -> None:
    state = stored.game.state
    p = state.players[wanted.player]
    st.markdown(f"#### {_who(stored.game, wanted.player)} — Training: buy a specialist for \\$5?\n"
                f"Has \\${p.money}.")
    _buttons(views.training_choices(state, wanted.player), stored.seq, _key("train", stored.seq),
             lambda w: {"type": "training", "specialist": w},
             decline="No, thanks", decline_event={"type": "training", "specialist": None})


# ---------------------------------------------------------------- Capital Buildings


def _buy(stored: StoredGame, wanted: Any) -> None:
    state, seq = stored.game.state, stored.seq
    p = state.players[wanted.player]
    picked = session.picked_building(seq)
    if picked:
        _buy_choice(stored, wanted, picked)
        return
    _slot_line(stored.game, wanted, f"Capital Buildings: buy one? (has \\${p.money})")

    def on_pick(building: str) -> None:
        if views.needs_choice(state.catalogue[building]):
            if _current(seq):
                session.pick_building(seq, building)
        else:
            _submit({"type": "buy", "building": building}, seq)

    with st.container(horizontal=True, key=f"row_buy@{seq}"):
        for i, c in enumerate(views.buy_choices(state, wanted.player, wanted.worker)):
            st.button(md(c.label), key=_key(f"buy_{i}", seq), on_click=on_pick, args=(c.value,),
                      disabled=not c.enabled, help=md(c.help) if c.help else None)
        st.button("Buys nothing", key=_key("buy_none", seq), type="tertiary", on_click=_submit,
                  args=({"type": "buy", "building": None}, seq))
    with st.expander("What do these buildings do?"):
        for b in dict.fromkeys(state.buildings_offer):
            building = state.catalogue[b]
            st.markdown(f"**{building.name}** ({views.KIND_TITLES[building.kind]}): "
                        f"{md(building.description)}")


def _buy_choice(stored: StoredGame, wanted: Any, building_id: str) -> None:
    """The extra choice an immediate building needs, then the purchase."""
    state, seq = stored.game.state, stored.seq
    b = state.catalogue[building_id]
    me = wanted.player
    st.markdown(f"#### {_who(stored.game, me)} buys **{b.name}**\n{md(b.description)}")
    e = b.effect
    others = [n for n in state.order if n != me]
    mine = [r for r in REGIONS if state.workers_in_region(r, me)]
    fields: list[Callable[[], tuple[str, Any] | None]] = []
    k = lambda name: _key(f"bc_{name}", seq)  # noqa: E731

    def region_box(label: str, name: str, options: list[str]) -> None:
        st.selectbox(label, options, key=k(name), format_func=lambda r: views.region_title(
            state, r), index=0 if options else None)

    if e.specialists_once:
        kinds = [w for w in WORKER_TYPES[1:] if w != "builder" or state.setup.options.builders]
        cols = st.columns(e.specialists_once)
        for i in range(e.specialists_once):
            cols[i].selectbox(f"Specialist {i + 1}", kinds, key=k(f"spec{i}"))
        fields.append(lambda: ("specialists", [_val(f"bc_spec{i}", seq)
                                               for i in range(e.specialists_once)]))
    if e.random_goods_once:
        cols = st.columns(e.random_goods_once)
        for i in range(e.random_goods_once):
            cols[i].selectbox(f"Good drawn {i + 1}", list(GOODS), key=k(f"good{i}"))
        fields.append(lambda: ("goods", [_val(f"bc_good{i}", seq)
                                         for i in range(e.random_goods_once)]))
    action = e.action
    if action == "indian_allies":
        region_box("Region for the 2 soldiers (you have a worker there)", "region", mine)
        fields.append(lambda: ("region", _val("bc_region", seq)))
    elif action == "overpopulation":
        st.caption("Split 3 colonists between discovered regions.")
        cols = st.columns(min(3, len(state.discovered)) or 1)
        for i, r in enumerate(state.discovered):
            cols[i % len(cols)].number_input(views.region_title(state, r), 0, 3, 0,
                                             key=k(f"over_{r}"))
        fields.append(lambda: ("regions", {r: int(_val(f"bc_over_{r}", seq) or 0)
                                           for r in state.discovered
                                           if _val(f"bc_over_{r}", seq)}))
    elif action == "papal_edict":
        region_box("Your region", "region", mine)
        st.selectbox("Opponent", others, key=k("opponent"))
        opp = _val("bc_opponent", seq) or (others[0] if others else None)
        theirs = [r for r in REGIONS if opp and state.workers_in_region(r, opp)]
        region_box("Opponent's region", "opp_region", theirs)
        st.checkbox("The opponent places first", key=k("opp_first"))
        fields.extend([
            lambda: ("region", _val("bc_region", seq)),
            lambda: ("opponent", _val("bc_opponent", seq)),
            lambda: ("opponent_region", _val("bc_opp_region", seq)),
            lambda: ("opponent_first", bool(_val("bc_opp_first", seq))),
        ])
    elif action == "plague_thin":
        hit = [(r, n) for r in REGIONS for n in state.regions[r]
               if state.workers_in_region(r, n) >= 3]
        if not hit:
            st.caption("Nobody has 3 workers in a region: nobody loses anyone.")
        for r, n in hit:
            kinds = [w for w, c in state.regions[r][n].items() if c]
            st.selectbox(f"{md(n)} loses in {views.region_title(state, r)}", kinds,
                         key=k(f"plague_{r}_{n}"))

        def thin() -> tuple[str, Any]:
            losses: dict[str, dict[str, str]] = {}
            for r, n in hit:
                losses.setdefault(r, {})[n] = _val(f"bc_plague_{r}_{n}", seq)
            return ("losses", losses)

        fields.append(thin)
    elif action == "plague_strike":
        occupied = [r for r in REGIONS if state.regions[r]]
        region_box("Region", "region", occupied)
        chosen = _val("bc_region", seq) or (occupied[0] if occupied else None)
        victims = list(state.regions[chosen]) if chosen else []
        st.selectbox("Player", victims, key=k("victim"))
        st.number_input("Colonists removed", 0, 3, 0, key=k("colonists"))
        fields.extend([
            lambda: ("region", _val("bc_region", seq)),
            lambda: ("player", _val("bc_victim", seq)),
            lambda: ("colonists", int(_val("bc_colonists", seq) or 0)),
        ])
    elif action == "rewrite_history":
        owners = [n for n in others if any(d in TOKENS for d in state.players[n].discoveries)]
        st.caption("Pick up to two players and the token drawn from each.")
        for n in owners:
            tokens = [d for d in state.players[n].discoveries if d in TOKENS]
            st.selectbox(f"Token taken from {md(n)}", [None, *tokens], key=k(f"rh_{n}"),
                         format_func=lambda t: "none" if t is None else views.discovery_title(t))
        fields.append(lambda: ("tokens", {n: _val(f"bc_rh_{n}", seq) for n in owners
                                          if _val(f"bc_rh_{n}", seq)}))
    elif action == "free_discovery":
        left = views.undiscovered(state)
        use_now = st.checkbox("Use it now (else keep it for a later building phase)",
                              key=k("now"), value=bool(left), disabled=not left)
        if use_now and left:
            region_box("Region discovered", "region", left)
            target = _val("bc_region", seq) or left[0]
            found = views.found_choices(state, target)
            st.selectbox("Token revealed", [c.value for c in found], key=k("token"),
                         format_func=views.discovery_title)
            fields.extend([lambda: ("region", _val("bc_region", seq)),
                           lambda: ("token", _val("bc_token", seq))])

    def build() -> dict[str, Any]:
        pairs = [f() for f in fields]
        return {"type": "buy", "building": building_id,
                "choice": dict(pair for pair in pairs if pair is not None)}

    with st.container(horizontal=True):
        st.button(f"Buy {b.name}", type="primary", key=_key("buy_confirm", seq),
                  on_click=_submit, args=(build, seq))
        st.button("Back", key=_key("buy_back", seq), on_click=session.pick_building,
                  args=(seq, None))


# ---------------------------------------------------------------- Discovery


def _expedition(stored: StoredGame, wanted: Any) -> None:
    state, seq = stored.game.state, stored.seq
    me = wanted.player
    p = state.players[me]
    st.markdown(f"#### {_who(stored.game, me)} — Discovery: send an expedition?\n"
                f"Waiting on the track: {views.counts_text(p.discovery)}")
    kinds = [w for w, n in p.discovery.items() if n]
    cols = st.columns(max(len(kinds), 1))
    for col, w in zip(cols, kinds, strict=False):
        col.number_input(views.worker_label(w), 0, p.discovery[w], p.discovery[w],
                         key=_key(f"exp_{w}", seq))
    portugal = views.portugal_can_sail(state, me) and bool(views.undiscovered(state))
    if portugal:
        st.checkbox("Portugal's power: draw a discovery card, natives always 3",
                    key=_key("exp_portugal", seq))
    by_portugal = portugal and bool(_val("exp_portugal", seq))
    targets = ([views.Choice("card", "Draw a discovery card")] if by_portugal
               else views.expedition_targets(state))
    labels = {c.value: c.label for c in targets}
    st.selectbox("Where to", list(labels), key=_key(f"exp_target{'_pt' * by_portugal}", seq),
                 format_func=lambda v: labels[v])
    target = _val(f"exp_target{'_pt' * by_portugal}", seq) or targets[0].value
    found = views.found_choices(state, target)
    found_labels = {c.value: c.label for c in found}
    st.selectbox("Revealed token" if target != "card" else "Card drawn", list(found_labels),
                 key=_key("exp_found", seq), index=0 if len(found) == 1 else None,
                 placeholder="what did the table turn over?",
                 format_func=lambda v: found_labels.get(v, v))
    workers = {w: int(_val(f"exp_{w}", seq, p.discovery[w]) or 0) for w in kinds}
    if by_portugal:
        st.caption("Portugal's expedition faces natives 3, whatever the card says.")
    else:
        st.caption(views.expedition_preview(state, me, workers, _val("exp_found", seq)))

    def build() -> dict[str, Any]:
        sent = {w: int(_val(f"exp_{w}", seq, p.discovery[w]) or 0) for w in kinds}
        event = {"type": "expedition", "workers": {w: n for w, n in sent.items() if n},
                 "target": "card" if by_portugal else (_val("exp_target", seq) or target),
                 "found": _val("exp_found", seq)}
        if by_portugal:
            event["nation_power"] = True
        return event

    with st.container(horizontal=True):
        st.button("Send the expedition", type="primary", key=_key("exp_go", seq),
                  on_click=_submit, args=(build, seq))
        st.button("Not this turn", key=_key("exp_none", seq), type="tertiary",
                  on_click=_submit, args=({"type": "expedition", "workers": {}}, seq))


# ---------------------------------------------------------------- Warfare


def _warfare(stored: StoredGame, wanted: Any) -> None:
    state, seq = stored.game.state, stored.seq
    me = wanted.player
    _slot_line(stored.game, wanted, f"Warfare: a battle, a war, or nothing? "
                                    f"(has \\${state.players[me].money})")
    targets = views.war_targets(state, me)
    possible = {n: rs for n, rs in targets.items() if rs}
    if not possible:
        st.caption("Nobody shares a region with a soldier on either side: no fight possible.")
    st.button("No fight", key=_key("war_none", seq), on_click=_submit,
              args=({"type": "warfare", "kind": None}, seq), type="primary" if not possible else
              "secondary")
    if not possible:
        return
    kind = st.segmented_control("Fight", ["battle", "war"], key=_key("war_kind", seq),
                                default="battle", format_func=lambda k: {
                                    "battle": "Battle (one region)",
                                    "war": "War (\\$10, all regions)"}[k])
    kind = kind or "battle"
    defenders = list(possible)
    st.selectbox("Against", defenders, key=_key("war_def", seq))
    defender = _val("war_def", seq) or defenders[0]
    regions = possible.get(defender, [])
    if kind == "battle":
        st.selectbox("Region", regions, key=_key("war_region", seq),
                     format_func=lambda r: views.region_title(state, r))
        chosen = [_val("war_region", seq) or regions[0]] if regions else []
    else:
        chosen = regions
        st.caption("Battles in: " + ", ".join(views.region_title(state, r) for r in chosen))
    for r in chosen:
        lose_a, lose_d = views.losses_needed(state, r, me, defender)
        st.markdown(f"**{views.region_title(state, r)}** — {md(me)} loses {lose_a}, "
                    f"{md(defender)} loses {lose_d}")
        for side, owner, n in (("a", me, lose_a), ("d", defender, lose_d)):
            if not n:
                continue
            guess = views.default_losses(state, r, owner, n)
            have = {w: c for w, c in state.regions[r].get(owner, {}).items() if c}
            cols = st.columns(len(have) or 1)
            for col, (w, c) in zip(cols, have.items(), strict=False):
                col.number_input(f"{md(owner)}: {w}", 0, c, guess.get(w, 0),
                                 key=_key(f"loss_{side}_{r}_{w}", seq))

    def build() -> dict[str, Any]:
        k = _val("war_kind", seq) or "battle"
        d = _val("war_def", seq) or defenders[0]
        rs = possible.get(d, [])
        where = [_val("war_region", seq) or rs[0]] if k == "battle" and rs else rs
        losses = []
        for r in where:
            entry: dict[str, Any] = {"region": r}
            for side, owner, label in (("a", me, "attacker"), ("d", d, "defender")):
                lost = {}
                for w in state.regions[r].get(owner, {}):
                    n = _val(f"loss_{side}_{r}_{w}", seq)
                    if n is None:  # not drawn (no loss on that side, or a new choice)
                        need = views.losses_needed(state, r, me, d)[0 if side == "a" else 1]
                        n = views.default_losses(state, r, owner, need).get(w, 0)
                    if n:
                        lost[w] = int(n)
                entry[label] = lost
            losses.append(entry)
        return {"type": "warfare", "kind": k, "defender": d, "losses": losses}

    st.button("Fight", type="primary", key=_key("war_go", seq), on_click=_submit,
              args=(build, seq))


# ---------------------------------------------------------------- turning up goods and buildings


def _tap(name: str, seq: int, item: str | None, limit: int) -> None:
    if not _current(seq):
        return
    items = session.draft(name, seq)
    if item is None:
        items = items[:-1]
    elif len(items) < limit:
        items.append(item)
    session.set_draft(name, seq, items)


def _fill_random(seq: int, goods_pool: Mapping[str, int], need_goods: int,
                 pile: Mapping[str, int], need_buildings: int) -> None:
    if not _current(seq):
        return
    rng = random.Random()
    goods = session.draft("goods", seq)
    bag = [g for g, n in goods_pool.items() for _ in range(n - goods.count(g))]
    rng.shuffle(bag)
    session.set_draft("goods", seq, goods + bag[: need_goods - len(goods)])
    built = session.draft("buildings", seq)
    tiles = [b for b, n in pile.items() for _ in range(n - built.count(b))]
    rng.shuffle(tiles)
    session.set_draft("buildings", seq, built + tiles[: need_buildings - len(built)])


def _turn_up(stored: StoredGame, needs: views.RefreshNeeds, goods_pool: Mapping[str, int],
             ) -> tuple[list[str], list[str]]:
    """Tap the goods and buildings as they come out; returns the two lists so far."""
    state, seq = stored.game.state, stored.seq
    goods = session.draft("goods", seq)
    built = session.draft("buildings", seq)
    if needs.goods:
        shown = ", ".join(views.good_label(g) for g in goods) or "none yet"
        st.markdown(f"**Goods turned up ({len(goods)}/{needs.goods}):** {shown}")
        with st.container(horizontal=True, key=f"row_goods@{seq}"):
            for g, n in goods_pool.items():
                left = n - goods.count(g)
                st.button(f"{g} ({left})", key=_key(f"tg_{g}", seq), on_click=_tap,
                          args=("goods", seq, g, needs.goods),
                          disabled=left <= 0 or len(goods) >= needs.goods)
            st.button("⌫", key=_key("tg_back", seq), on_click=_tap,
                      args=("goods", seq, None, needs.goods), disabled=not goods,
                      help="Take back the last good")
    if needs.buildings:
        shown = ", ".join(views.building_title(state, b) for b in built) or "none yet"
        st.markdown(f"**Age {'I' * needs.age} buildings turned up "
                    f"({len(built)}/{needs.buildings}):** {shown}")
        with st.container(horizontal=True, key=f"row_buildings@{seq}"):
            for b, n in needs.pile.items():
                left = n - built.count(b)
                if left <= 0:
                    continue
                st.button(views.building_title(state, b), key=_key(f"tb_{b}", seq),
                          on_click=_tap, args=("buildings", seq, b, needs.buildings),
                          disabled=len(built) >= needs.buildings,
                          help=md(state.catalogue[b].description))
            st.button("⌫", key=_key("tb_back", seq), on_click=_tap,
                      args=("buildings", seq, None, needs.buildings), disabled=not built,
                      help="Take back the last building")
    if needs.goods or needs.buildings:
        st.button("🎲 Draw the rest at random", key=_key("tu_random", seq),
                  on_click=_fill_random,
                  args=(seq, goods_pool, needs.goods, needs.pile, needs.buildings),
                  help="For a table that lets the app draw (or to try things out)")
    return goods, built


def _reveal(stored: StoredGame, wanted: Any) -> None:
    state = stored.game.state
    st.markdown("#### Set-up: turn up 4 trade goods and 5 Age I buildings")
    needs = views.opening_needs(state)
    goods, built = _turn_up(stored, needs, views.goods_left(state))
    ready = len(goods) == needs.goods and len(built) == needs.buildings
    st.button("Start turn 1", type="primary", key=_key("reveal_go", stored.seq),
              disabled=not ready, on_click=_submit,
              args=({"type": "reveal", "goods": goods, "buildings": built}, stored.seq))


def _refresh(stored: StoredGame, wanted: Any) -> None:
    state, seq = stored.game.state, stored.seq
    needs = views.refresh_needs(state)
    title = "Final scoring" if needs.last else f"End of turn {state.turn}"
    scoring = " — the colonies score now" if needs.scoring else ""
    st.markdown(f"#### {title}{scoring}")
    widgets.income_summary(state)
    powers(stored)
    drawn_keys = {}
    if needs.west_indies:
        cols = st.columns(len(needs.west_indies))
        for col, owner in zip(cols, needs.west_indies, strict=True):
            key = _key(f"wic_{owner}", seq)
            drawn_keys[owner] = key
            col.selectbox(f"West Indies Company: good drawn by {md(owner)}", list(GOODS), key=key,
                          index=None, placeholder="good drawn")
    goods, built = _turn_up(stored, needs, views.goods_left(state, reshuffle_offer=True))

    def build() -> dict[str, Any]:
        drawn = {o: session.widget_value(k) for o, k in drawn_keys.items()
                 if session.widget_value(k)}
        return {"type": "refresh", "goods": session.draft("goods", seq),
                "buildings": session.draft("buildings", seq), "drawn": drawn}

    label = "Score the game" if needs.last else f"Start turn {state.turn + 1}"
    ready = len(goods) == needs.goods and len(built) == needs.buildings
    st.button(label, type="primary", key=_key("refresh_go", seq), disabled=not ready,
              on_click=_submit, args=(build, seq))


def _buy_vp(stored: StoredGame, wanted: Any) -> None:
    state, seq = stored.game.state, stored.seq
    me = wanted.player
    price = views.buy_vp_price(state)
    money = state.players[me].money
    st.markdown(f"#### {_who(stored.game, me)} — buy VP at \\${price} each? (has \\${money})")
    st.number_input("VP to buy", 0, max(money // price, 0), 0, key=_key("bvp", seq))

    def build() -> dict[str, Any]:
        return {"type": "buy_vp", "player": me, "vp": int(_val("bvp", seq) or 0)}

    with st.container(horizontal=True):
        st.button("Buy", type="primary", key=_key("bvp_go", seq), on_click=_submit,
                  args=(build, seq))
        st.button("Pass", key=_key("bvp_pass", seq), on_click=_submit,
                  args=({"type": "buy_vp", "player": me, "vp": 0}, seq))


# ---------------------------------------------------------------- powers before the tracks


def _resolve(stored: StoredGame, wanted: Any) -> None:
    seq = stored.seq
    st.markdown("#### Before the tracks resolve\nAnyone using a national power or Stables now? "
                "Record it below, then resolve the tracks.")
    nation_powers(stored, inline=True)
    powers(stored, inline=True)
    st.button("Resolve the tracks", type="primary", key=_key("resolve", seq), on_click=_submit,
              args=({"type": "resolve"}, seq))


def nation_powers(stored: StoredGame, inline: bool = False) -> None:
    """National advantages that can be used now (Empires option)."""
    setup = stored.game.setup
    _power_panel(
        stored, views.usable_nation_powers(stored.game.state), inline, "np",
        label="National powers you can use now", expanded=False,
        describe=lambda p: f"**{views.badge(setup, p.player)} — {p.title}**: "
                           f"{views.NATION_POWERS[p.nation]}",
        form=_nation_form,
    )


def _power_panel(stored: StoredGame, usable: list, inline: bool, prefix: str, *, label: str,
                 expanded: bool, describe: Callable[[Any], str],
                 form: Callable[[GameState, int, int, Any], Builder]) -> None:
    """One panel of powers usable now: a description, the power's form and a Use button."""
    if not usable:
        return
    state, seq = stored.game.state, stored.seq
    box = st.container(border=True) if inline else st.expander(
        f"{label} ({len(usable)})", expanded=expanded)
    with box:
        for i, power in enumerate(usable):
            st.markdown(describe(power))
            build = form(state, seq, i, power)
            st.button(f"Use {power.title}", key=_key(f"{prefix}_go_{i}", seq), on_click=_submit,
                      args=(build, seq))


def _nation_form(state: GameState, seq: int, i: int, power: views.NationPower) -> Builder:
    me, nation = power.player, power.nation
    k = lambda name: _key(f"np{i}_{name}", seq)  # noqa: E731
    v = lambda name: _val(f"np{i}_{name}", seq)  # noqa: E731
    region_name = lambda r: views.region_title(state, r)  # noqa: E731
    choice: Callable[[], dict[str, Any]] = dict
    if nation == "spain":
        left = views.undiscovered(state)
        st.selectbox("Region discovered", left, key=k("region"), format_func=region_name)
        found = views.found_choices(state, v("region") or left[0])
        st.selectbox("Token revealed", [c.value for c in found], key=k("token"),
                     format_func=views.discovery_title)
        choice = lambda: {"region": v("region"), "token": v("token")}  # noqa: E731
    elif nation == "france":
        goods = list(dict.fromkeys(state.goods_offer))
        st.selectbox("Good taken", goods, key=k("good"), format_func=views.good_label)
        choice = lambda: {"good": v("good")}  # noqa: E731
    elif nation == "italy":
        taken = {s.label: s for s in state.tracks.get("specialists", [])}
        st.selectbox("Box", list(taken), key=k("box"),
                     format_func=lambda b: f"{b} (now {taken[b].player}'s {taken[b].worker})")
        kinds = [w for w, n in state.players[me].reserve.items() if n]
        st.selectbox("Your worker put there", kinds, key=k("worker"))
        choice = lambda: {"box": v("box"), "worker": v("worker")}  # noqa: E731
    elif nation == "england":
        dock = state.tracks.get("dock", [])
        labels = [f"{s.label}: {s.player} ({s.worker})" for s in dock]
        labels += [f"England {j + 1}: {me} (colonist)" for j in range(2)]
        st.multiselect("New dock order (pick every worker in order, or none to keep it)",
                       list(range(len(labels))), key=k("order"), format_func=labels.__getitem__)

        def choice() -> dict[str, Any]:
            order = list(v("order") or [])
            if order and len(order) != len(labels):
                raise ValueError(f"England's new dock order: pick all {len(labels)} workers, "
                                 "or none to keep the order")
            return {"order": order} if order else {}

    def build() -> dict[str, Any]:
        return {"type": "power", "player": me, "nation": nation, "choice": choice()}

    return build


def swap(stored: StoredGame) -> None:
    """A specialist in the New World comes home for a colonist (when the stock has none)."""
    state, seq = stored.game.state, stored.seq
    k = lambda name: _key(f"swap_{name}", seq)  # noqa: E731
    specialists = ("captain", "merchant", "missionary", "soldier")
    st.caption("Short of a specialist? One of yours in the New World comes home and a colonist "
               "from your stock takes its place.")
    cols = st.columns(3)
    cols[0].selectbox("Player", list(state.order), key=k("player"))
    me = _val("swap_player", seq) or state.order[0]
    mine = [r for r in state.regions if any(state.regions[r].get(me, {}).get(w)
                                            for w in specialists)]
    cols[1].selectbox("Region", mine, key=k("region"),
                      format_func=lambda r: views.region_title(state, r))
    where = _val("swap_region", seq) or (mine[0] if mine else None)
    kinds = [w for w in specialists if where and state.regions[where].get(me, {}).get(w)]
    cols[2].selectbox("Specialist", kinds, key=k("worker"))

    def build() -> dict[str, Any] | None:
        if not mine:
            raise ValueError(f"{me} has no specialist in the New World")
        return {"type": "swap", "player": _val("swap_player", seq) or me,
                "region": _val("swap_region", seq), "worker": _val("swap_worker", seq)}

    st.button("Swap", key=_key("swap_go", seq), on_click=_submit, args=(build, seq))


def scout(stored: StoredGame) -> None:
    """Scouting variant: a player pays to look at a hidden token (or the top card)."""
    from companion.engine.variants import SCOUTING_PRICE

    state, seq = stored.game.state, stored.seq
    k = lambda name: _key(f"scout_{name}", seq)  # noqa: E731
    st.caption(f"Pay \\${SCOUTING_PRICE[state.age]} (Age {'I' * state.age}) to look at a "
               "token in secret.")
    cols = st.columns(2)
    cols[0].selectbox("Player", list(state.order), key=k("player"))
    targets = views.undiscovered(state) or ["card"]
    cols[1].selectbox("Looks at", targets, key=k("target"), format_func=lambda t: (
        "the top discovery card" if t == "card" else views.region_title(state, t)))

    def build() -> dict[str, Any]:
        return {"type": "scout", "player": _val("scout_player", seq) or state.order[0],
                "target": _val("scout_target", seq) or targets[0]}

    st.button("Record the scouting", key=_key("scout_go", seq), on_click=_submit,
              args=(build, seq))


# ---------------------------------------------------------------- building powers


def powers(stored: StoredGame, inline: bool = False) -> None:
    """Building powers that can be used now (phase 4, University, Stables)."""
    state = stored.game.state
    _power_panel(
        stored, views.usable_powers(state), inline, "pw",
        label="Building powers you can use now", expanded=state.phase == "benefits",
        describe=lambda p: f"**{md(p.player)} — {p.title}**: "
                           f"{md(state.catalogue[p.building].description)}",
        form=_power_form,
    )


def _power_form(state: GameState, seq: int, i: int, power: views.Power) -> Builder:
    me, action = power.player, power.action
    p = state.players[me]
    k = lambda name: _key(f"pw{i}_{name}", seq)  # noqa: E731
    v = lambda name, default=None: _val(f"pw{i}_{name}", seq, default)  # noqa: E731
    region_name = lambda r: views.region_title(state, r)  # noqa: E731
    choice: Callable[[], dict[str, Any]]
    if action == "mint":
        st.segmented_control("Paid for", ["gold", "silver"], key=k("good"), default="gold")
        choice = lambda: {"good": v("good") or "gold"}  # noqa: E731
    elif action == "broker":
        owned = [g for g, n in p.goods.items() if n]
        cols = st.columns(max(1, min(4, len(owned))))
        for j, g in enumerate(owned):
            cols[j % len(cols)].number_input(f"Sell {g}", 0, p.goods[g], 0, key=k(f"sell_{g}"))
        choice = lambda: {"goods": {g: int(v(f"sell_{g}") or 0) for g in owned  # noqa: E731
                                    if v(f"sell_{g}")}}
    elif action == "smuggle":
        others = [n for n in state.order if n != me]
        st.selectbox("Swap with", others, key=k("other"))
        other = v("other") or others[0]
        st.selectbox("You give", [g for g, n in p.goods.items() if n], key=k("give"))
        st.selectbox("You take", [g for g, n in state.players[other].goods.items() if n],
                     key=k("take"))
        choice = lambda: {"other": v("other") or others[0], "give": v("give"),  # noqa: E731
                          "take": v("take")}
    elif action == "migration":
        mine = [r for r in REGIONS if state.regions[r].get(me, {}).get("colonist")]
        st.selectbox("From", mine, key=k("from"), format_func=region_name)
        st.selectbox("To", list(state.discovered), key=k("to"), format_func=region_name)
        st.number_input("Colonists", 1, 2, 1, key=k("n"))
        choice = lambda: {"from": v("from"), "to": v("to"),  # noqa: E731
                          "colonists": int(v("n") or 1)}
    elif action == "stables":
        mine = [r for r in REGIONS if state.regions[r].get(me, {}).get("soldier")]
        st.selectbox("Soldier from", mine, key=k("from"), format_func=region_name)
        src = v("from") or (mine[0] if mine else None)
        near = sorted(neighbours(src)) if src else []
        st.selectbox("To", near, key=k("to"), format_func=region_name)
        choice = lambda: {"from": v("from"), "to": v("to")}  # noqa: E731
    elif action == "free_discovery":
        left = views.undiscovered(state)
        st.selectbox("Region discovered", left, key=k("region"), format_func=region_name)
        target = v("region") or left[0]
        found = views.found_choices(state, target)
        st.selectbox("Token revealed", [c.value for c in found], key=k("token"),
                     format_func=views.discovery_title)
        choice = lambda: {"region": v("region"), "token": v("token")}  # noqa: E731
    else:  # university
        tracks = list(state.catalogue[power.building].effect.tracks)
        st.selectbox("Move to the front of", tracks, key=k("track"),
                     format_func=lambda t: "Turn order" if t == "turn_order" else
                     views.track_title(t))
        choice = lambda: {"track": v("track")}  # noqa: E731

    def build() -> dict[str, Any]:
        return {"type": "benefit", "player": me, "building": power.building, "choice": choice()}

    return build


# ---------------------------------------------------------------- corrections


def correction(stored: StoredGame) -> None:
    """A manual adjustment for what happened outside the rules (a national power, a slip)."""
    state, seq = stored.game.state, stored.seq
    k = lambda name: _key(f"fix_{name}", seq)  # noqa: E731
    st.caption("For what the app does not model (national advantages, a mistake at the table). "
               "Amounts are added; use negative numbers to take away.")
    st.selectbox("Player", list(state.order), key=k("player"))
    st.text_input("Reason", key=k("reason"), placeholder="e.g. France took a good")
    cols = st.columns(3)
    cols[0].number_input("Money (\\$)", -200, 200, 0, key=k("money"))
    cols[1].number_input("VP", -100, 100, 0, key=k("vp"))
    cols[2].number_input("Ships", -8, 8, 0, key=k("ships"))
    cols = st.columns(2)
    cols[0].selectbox("Good", [None, *GOODS], key=k("good"),
                      format_func=lambda g: "—" if g is None else g)
    cols[1].number_input("Good count", -6, 6, 0, key=k("good_n"))
    cols = st.columns(2)
    cols[0].selectbox("Workers ready to place", [None, *WORKER_TYPES], key=k("worker"),
                      format_func=lambda w: "—" if w is None else w)
    cols[1].number_input("Worker count", -10, 10, 0, key=k("worker_n"))

    def build() -> dict[str, Any]:
        v = lambda name, d=0: _val(f"fix_{name}", seq, d)  # noqa: E731
        event: dict[str, Any] = {
            "type": "correction", "player": v("player", state.order[0]),
            "reason": (v("reason", "") or "").strip(), "money": int(v("money") or 0),
            "vp": int(v("vp") or 0), "ships": int(v("ships") or 0),
        }
        if v("good", None) and v("good_n"):
            event["goods"] = {v("good", None): int(v("good_n"))}
        if v("worker", None) and v("worker_n"):
            event["available"] = {v("worker", None): int(v("worker_n"))}
        if not event["reason"]:
            raise ValueError("say why (a reason) before recording a correction")
        return event

    st.button("Record the correction", key=_key("fix_go", seq), on_click=_submit,
              args=(build, seq))
