"""A step in words: what one answer recorded and everything it changed (money, goods,
ships and who won a tie for the ship, VP, buildings, tokens), for the Undo line and the
History. Read against the engine's states; no Streamlit here."""

from __future__ import annotations

from typing import Any

from companion.engine import Game, GameState, apply, decide, shipping_values
from companion.ui.views import (
    building_title,
    discovery_short,
    good_label,
    nation_label,
    region_title,
    track_title,
)


def step_summary(before: GameState, after: Game, start: int) -> str:
    """What one answer recorded, in words: its events from ``start`` on, then the steps the
    app settled because the rules left no other choice."""
    state = before
    told, settled = [], []
    events = after.events[start:]
    for i, ev in enumerate(events):
        words = describe_event(state, ev)
        taken = dict(state.region_good_taken_by)
        # The state after the last event is the game's own: only steps in between are folded.
        state = after.state if i == len(events) - 1 else apply(state, ev)
        for region, owner in state.region_good_taken_by.items():
            if region not in taken:  # the third worker there takes the region's good
                words += (f" — {owner} takes {region_title(state, region)}'s "
                          f"{state.region_goods[region].replace('_', ' ')}")
        (settled if ev.auto else told).append(words)
    text = "; ".join(dict.fromkeys(told))
    if settled:
        text += f" — then, with no other choice: {'; '.join(settled)}"
    said = changes(before, after.state)
    return f"{text} — {said}" if said else text


def _vp(p: Any) -> int:
    return sum(p.colony_vp) + p.bought_vp + p.corrected_vp


def changes(before: GameState, after: GameState) -> str:
    """What a step changed in each player's holdings, in words: money, goods, ships, VP,
    buildings and tokens (every automatic consequence the table must copy onto the board),
    and who won a tie for the ship.

    >>> from companion.engine import Game
    >>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
    >>> after = game.state.clone()
    >>> after.players["Ann"].money += 3; after.players["Bob"].goods["fur"] += 1
    >>> changes(game.state, after)
    'Ann +$3; Bob +1 fur'
    """
    said = []
    for name, p in after.players.items():
        old = before.players.get(name)
        if old is None:
            continue
        parts = []
        if p.money != old.money:
            parts.append(f"{p.money - old.money:+d}".replace("+", "+$").replace("-", "−$"))
        for good, n in p.goods.items():
            if n != old.goods.get(good, 0):
                parts.append(f"{n - old.goods.get(good, 0):+d} {good_label(good)}")
        if p.ships != old.ships:
            ship = f"{p.ships - old.ships:+d} ship"
            values = shipping_values(before) if "shipping" in before.tracks else {}
            rivals = [n for n, v in values.items()
                      if n != name and v == values.get(name) and v == max(values.values())]
            if p.ships > old.ships and rivals:
                ship += f" (tied at {values[name]} with {', '.join(rivals)})"
            parts.append(ship)
        if _vp(p) != _vp(old):
            parts.append(f"{_vp(p) - _vp(old):+d} VP")
        parts += [f"+{building_title(after, b)}" for b in p.buildings[len(old.buildings):]]
        parts += [f"+{discovery_short(d)}" for d in p.discoveries[len(old.discoveries):]]
        if parts:
            said.append(f"{name} {', '.join(parts)}")
    return "; ".join(said)


def describe_event(state: GameState, event: Any) -> str:
    """A short sentence for an event, read against the state it was applied to."""
    from companion.engine import parse_event

    ev = parse_event(event)
    who = ev.player if hasattr(ev, "player") else None
    if who is None:
        wanted = decide(state)
        who = wanted.player if wanted else None
    name = who or "the table"
    t = ev.type
    if t == "reveal":
        return "Opening goods and buildings turned up"
    if t == "place":
        box = f" ({ev.box} box)" if ev.box else ""
        return f"{name}: {ev.worker} on {track_title(ev.track)}{box}"
    if t == "dock":
        where = region_title(state, ev.region) if ev.region else "stays home"
        return f"{name}: dock worker → {where}"
    if t == "take_good":
        return f"{name}: takes {ev.good}" if ev.good else f"{name}: takes no good"
    if t == "buy":
        return f"{name}: buys {building_title(state, ev.building)}" if ev.building else (
            f"{name}: buys nothing")
    if t == "expedition":
        if not ev.workers:
            return f"{name}: no expedition"
        target = "a card" if ev.target == "card" else region_title(state, ev.target or "")
        return f"{name}: expedition to {target}"
    if t == "training":
        return f"{name}: trains a {ev.specialist}" if ev.specialist else f"{name}: no training"
    if t == "warfare":
        if ev.kind is None:
            return f"{name}: no fight"
        return f"{name}: {ev.kind} against {ev.defender}"
    if t == "benefit":
        return f"{name}: uses {building_title(state, ev.building)}"
    if t == "refresh":
        return f"End of turn {state.turn}"
    if t == "buy_vp":
        return f"{name}: buys {ev.vp} VP"
    if t == "correction":
        return f"{name}: correction ({ev.reason})"
    if t == "power":
        return f"{name}: uses {nation_label(ev.nation)}'s power"
    if t == "resolve":
        return "Powers declared: the tracks resolve"
    if t == "swap":
        return f"{name}: a {ev.worker} in {region_title(state, ev.region)} swapped for a colonist"
    if t == "scout":
        target = "the top card" if ev.target == "card" else region_title(state, ev.target)
        return f"{name}: scouts {target}"
    return t

