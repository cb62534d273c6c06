"""A step of the game in words, read against the state it was applied to: what one answer
recorded (the Table's last step, Undo) and each event of the log (the History). No Streamlit
here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.engine import Game, GameState, apply, decide, shipping_values
from companion.i18n import _, component_count, ngettext
from companion.ui.views import (
    box_title,
    building_title,
    discovery_short,
    good_name,
    nation_label,
    power_label,
    region_title,
    track_title,
    worker_name,
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
                words += " — " + _("{player} takes the {good} of {region}").format(
                    player=owner, good=good_name(state.region_goods[region], state.setup.edition),
                    region=region_title(state, region))
        (settled if ev.auto else told).append(words)
    text = "; ".join(dict.fromkeys(told))
    if settled:
        text += " — " + _("then, with no other choice: {steps}").format(steps="; ".join(settled))
    said = changes(before, after.state, events)
    return f"{text} — {said}" if said else text


def _vp(p: Any) -> int:
    return sum(p.colony_vp) + p.bought_vp + p.corrected_vp


def _signed(n: int, unit: str = "") -> str:
    return ("+" if n > 0 else "−") + unit + str(abs(n))


def _ship(before: GameState, after: GameState, name: str, change: int) -> str:
    """A change of ships; the one taken on Merchant Shipping says how it was won when
    workers there counted the same (the first in turn order wins) or Holland's power took it
    from a player whose workers counted more."""
    ship = component_count(abs(change), "good", "ship", after.setup.edition,
                           written=_signed(change))
    values = shipping_values(before) if "shipping" in before.tracks else {}
    if change <= 0 or not values or not before.ship_on_track or after.ship_on_track:
        return ship  # not the ship of Merchant Shipping
    best = max(values.values())
    if values.get(name, 0) < best:
        return ship + " " + _("(by {title}, {nation}'s power; the workers there counted "
                              "{value} at most)").format(title=power_label("holland"),
                                                         nation=nation_label("holland"),
                                                         value=best)
    rivals = [n for n, v in values.items() if n != name and v == best]
    if rivals:
        ship += " " + _("(tied at {value} with {players}: the first in turn order wins)").format(
            value=best, players=", ".join(rivals))
    return ship


def changes(before: GameState, after: GameState, events: Sequence[Any] = ()) -> str:
    """What a step changed in each player's holdings, in words: money, goods, ships, VP,
    specialists gained, workers gained or lost in the New World, buildings and tokens (every
    automatic consequence the table must copy onto the board), and who won a tie for the
    ship and why. ``events``: the step's own; a dock worker they send is not said again.

    >>> from companion.engine import Game
    >>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
    >>> after = game.state.clone()
    >>> after.players["Ann"].money += 3; after.players["Bob"].goods["fur"] += 1
    >>> after.players["Bob"].incoming["merchant"] += 2
    >>> after.regions["caribbean"] = {"Ann": {"colonist": 3}}
    >>> changes(game.state, after)
    'Ann +$3, +3 workers in Caribbean; Bob +1 fur, +merchant ×2'
    """
    edition = after.setup.edition
    sent = Counter((ev.player, ev.region) for ev in events if getattr(ev, "type", None) == "dock")
    said = []
    for name, p in after.players.items():
        old = before.players.get(name)
        if old is None:
            continue
        parts = []
        if p.money != old.money:
            parts.append(_signed(p.money - old.money, "$"))
        for good, n in p.goods.items():
            if n != old.goods.get(good, 0):
                change = n - old.goods.get(good, 0)
                parts.append(component_count(abs(change), "good", good.replace("_", " "),
                                             edition, written=_signed(change)))
        if p.ships != old.ships:
            parts.append(_ship(before, after, name, p.ships - old.ships))
        if _vp(p) != _vp(old):
            parts.append(_("{n} VP").format(n=_signed(_vp(p) - _vp(old))))
        for region in after.regions:  # a battle, a plague, Overpopulation, a discovery ...
            moved = (after.workers_in_region(region, name)
                     - before.workers_in_region(region, name) - sent[name, region])
            if moved:
                parts.append(ngettext("{n} worker in {region}", "{n} workers in {region}",
                                      abs(moved)).format(n=_signed(moved),
                                                         region=region_title(after, region)))
        for worker, n in p.incoming.items():  # a Specialists box, Training, a building
            gained = n - old.incoming.get(worker, 0)
            if gained > 0:
                parts.append("+" + worker_name(worker) + (f" ×{gained}" if gained > 1 else ""))
        parts += ["+" + building_title(after, b) for b in p.buildings[len(old.buildings):]]
        parts += ["+" + discovery_short(d) for d in p.discoveries[len(old.discoveries):]]
        if parts:
            said.append(f"{name} {', '.join(parts)}")
    if any(p.colony_vp != before.players[n].colony_vp
           for n, p in after.players.items() if n in before.players):
        said.append(_("colony scoring"))
    return "; ".join(said)


def describe_event(state: GameState, event: Any) -> str:
    """A short sentence for an event, read against the state it was applied to."""
    from companion.engine import parse_event

    ev = parse_event(event)
    who = ev.player if hasattr(ev, "player") else None
    if who is None:
        wanted = decide(state)
        who = wanted.player if wanted else None
    name = who or _("the table")
    t = ev.type
    edition = state.setup.edition
    if t == "reveal":
        return _("Opening goods and buildings turned up")
    if t == "place":
        where = track_title(ev.track, edition)
        if ev.box:
            where = _("{track} ({box} box)").format(track=where, box=box_title(ev.box))
        return _("{player}: {worker} on {place}").format(player=name, place=where,
                                                        worker=worker_name(ev.worker))
    if t == "dock":
        where = region_title(state, ev.region) if ev.region else _("stays home")
        return _("{player}: dock worker → {region}").format(player=name, region=where)
    if t == "take_good":
        if not ev.good:
            return _("{player}: takes no good").format(player=name)
        return _("{player}: takes {good}").format(player=name, good=good_name(ev.good, edition))
    if t == "buy":
        if not ev.building:
            return _("{player}: buys nothing").format(player=name)
        return _("{player}: buys {building}").format(
            player=name, building=building_title(state, ev.building))
    if t == "expedition":
        if not ev.workers:
            return _("{player}: no expedition").format(player=name)
        target = _("a card") if ev.target == "card" else region_title(state, ev.target or "")
        return _("{player}: expedition to {target}").format(player=name, target=target)
    if t == "training":
        if not ev.specialist:
            return _("{player}: no training").format(player=name)
        return _("{player}: trains a {worker}").format(player=name,
                                                      worker=worker_name(ev.specialist))
    if t == "warfare":
        if ev.kind is None:
            return _("{player}: no fight").format(player=name)
        fight = (_("battle against {player}") if ev.kind == "battle"
                 else _("war against {player}"))
        return f"{name}: " + fight.format(player=ev.defender)
    if t == "benefit":
        return _("{player}: uses {building}").format(
            player=name, building=building_title(state, ev.building))
    if t == "refresh":
        return _("End of turn {turn}").format(turn=state.turn)
    if t == "buy_vp":
        return _("{player}: buys {vp} VP").format(player=name, vp=ev.vp)
    if t == "correction":
        return _("{player}: correction ({reason})").format(player=name, reason=ev.reason)
    if t == "power":
        return _("{player}: uses {title} ({nation})").format(
            player=name, title=power_label(ev.nation), nation=nation_label(ev.nation))
    if t == "resolve":
        return _("Powers declared: the tracks resolve")
    if t == "swap":
        return _("{player}: a {worker} in {region} swapped for a colonist").format(
            player=name, worker=worker_name(ev.worker), region=region_title(state, ev.region))
    if t == "scout":
        target = (_("the top card") if ev.target == "card"
                  else region_title(state, ev.target))
        return _("{player}: scouts {target}").format(player=name, target=target)
    return t

