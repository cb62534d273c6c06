"""What a step changed, in words, told by the engine beside its questions: what one answer
recorded (the Table's last step, Undo) and each event of the log (the History), read against
the state it was applied to. The engine folds the events it tells (the UI only shows the
words: it never applies an event nor asks for the next question to find them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion import names
from companion.engine.events import Benefit, BuyVP, Correction, Power, parse_event
from companion.engine.game import Game, apply
from companion.engine.moves import QUESTIONS
from companion.engine.state import GameState, PlayerState
from companion.engine.tracks.shipping import shipping_values
from companion.i18n import _, component_count, edition_text, format_clauses, ngettext
from companion.rules.discoveries import DISCOVERIES


def building_title(state: GameState, building_id: str) -> str:
    """A building of this game as printed (its id when the game has no such building)."""
    found = state.catalogue.get(building_id)
    return names.building_of(state, found) if found else building_id


def discovery_short(item_id: str, edition: str | None = None) -> str:
    """A token or card owned, in a list of them: a token's face, a card's title."""
    found = DISCOVERIES.get(item_id)
    if found is not None and found.kind == "token":
        return _("token ({face})").format(face=found.face)
    return names.token(item_id, edition)



def step_summary(before: GameState, after: Game, start: int) -> str:
    """What one answer recorded, in words: its events from ``start`` on, then the steps the
    app settled because the rules left no other choice."""
    state = before
    told: list[str] = []
    settled: list[str] = []
    events = after.events[start:]
    for i, ev in enumerate(events):
        words = describe_event(state, ev)
        taken = dict(state.region_good_taken_by)
        # The state after the last event is the game's own: only steps in between are folded.
        state = after.state if i == len(events) - 1 else apply(state, ev)
        for region, owner in state.region_good_taken_by.items():
            if region not in taken:  # the third worker there takes the region's good
                words += " — " + _("{player} takes the {good} {of_region}").format(
                    player=owner, good=names.good(state.region_goods[region], state.setup.edition),
                    of_region=names.region_of(state.setup.edition, region))
        (settled if ev.auto else told).append(words)
    text = format_clauses(dict.fromkeys(told))
    if settled:
        text += " — " + _("then, with no other choice: {steps}").format(
            steps=format_clauses(settled))
    said = step_changes(before, after.state, events)
    return f"{text} — {said}" if said else text


def _vp(p: PlayerState) -> int:
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
                              "{value} at most)").format(title=names.power("holland"),
                                                         nation=names.nation("holland"),
                                                         value=best)
    rivals = [n for n, v in values.items() if n != name and v == best]
    if rivals:
        ship += " " + _("(tied at {value} with {players}: the first in turn order wins)").format(
            value=best, players=", ".join(rivals))
    return ship


def step_changes(before: GameState, after: GameState, events: Sequence[Any] = ()) -> str:
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
    >>> step_changes(game.state, after)
    'Ann +$3, +3 workers in the Caribbean; Bob +1 fur, +merchant ×2'
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
            parts.append(names.money_change(p.money - old.money))
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
                parts.append(ngettext("{n} worker {in_region}", "{n} workers {in_region}",
                                      abs(moved)).format(
                    n=_signed(moved), in_region=names.region_in(edition, region)))
        for worker, n in p.incoming.items():  # a Specialists box, Training, a building
            gained = n - old.incoming.get(worker, 0)
            if gained > 0:
                parts.append("+" + names.worker(worker) + (f" ×{gained}" if gained > 1 else ""))
        parts += ["+" + building_title(after, b) for b in p.buildings[len(old.buildings):]]
        parts += ["+" + discovery_short(d, edition) for d in p.discoveries[len(old.discoveries):]]
        if parts:
            said.append(f"{name} {', '.join(parts)}")
    if any(p.colony_vp != before.players[n].colony_vp
           for n, p in after.players.items() if n in before.players):
        said.append(_("colony scoring"))
    return format_clauses(said)


def describe_event(state: GameState, event: Any) -> str:
    """A short sentence for an event, read against the state it was applied to: told by
    its question's module (``Question.told``: each track, the variants), else here (the
    set-up, the refresh, a building's or nation's power, VP bought, a correction)."""
    ev = parse_event(event)
    name = getattr(ev, "player", None) or _("the table")  # (records name every answer's player)
    t = ev.type
    if t == "reveal":
        return edition_text(state.setup.edition, "Opening goods and buildings turned up")
    question = QUESTIONS.get(t)
    if question is not None and question.told is not None:  # told beside its question
        return question.told(state, ev, name)
    if isinstance(ev, Benefit):
        return _("{player}: uses {building}").format(
            player=name, building=building_title(state, ev.building))
    if t == "refresh":
        return _("End of turn {turn}").format(turn=state.turn)
    if isinstance(ev, BuyVP):
        return _("{player}: buys {vp} VP").format(player=name, vp=ev.vp)
    if isinstance(ev, Correction):
        return _("{player}: correction ({reason})").format(player=name, reason=ev.reason)
    if isinstance(ev, Power):
        return _("{player}: uses {title} ({nation})").format(
            player=name, title=names.power(ev.nation), nation=names.nation(ev.nation))
    if t == "resolve":
        return _("Powers declared: the tracks resolve")
    return t

