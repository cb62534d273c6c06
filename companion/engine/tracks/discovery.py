"""Discovery: in turn order, each player with workers on Discovery may send some of them
to an undiscovered region (once all are found, to draw a discovery card); the token (or
card) revealed says whether the natives are beaten. The strength and token rules shared
with the powers are in ``companion.engine.discovery``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion import names
from companion.engine.common import refuse
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move, Option
from companion.engine.discovery import (
    accounted_tokens,
    check_found,
    claim,
    expedition_value,
    failed_token,
    resistance_modifier,
)
from companion.engine.events import Expedition
from companion.engine.powers import portugal
from companion.engine.questions import (
    LIST_AT_MOST,
    clean,
    counts_field,
    counts_words,
    labelled_field,
    sub_multiset_items,
    target_to,
    token_items,
    token_moves,
    token_words,
    unseen_tokens,
)
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.engine.worth import After, ExpeditionWorth
from companion.i18n import _, component_count, component_name
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS
from companion.rules.nations import POWER_TITLES
from companion.rules.regions import REGIONS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_MULTISET = Kind.MULTISET
_REGION = Kind.REGION
_TOKEN = Kind.TOKEN


def _free_cards(state: GameState) -> list[str]:
    owned = {d for p in state.players.values() for d in p.discoveries}
    return [c for c in CARDS if c not in owned]


def _pool(state: GameState, me: str) -> dict[str, int]:
    return {w: n for w, n in state.players[me].discovery.items() if n}


# ---------------------------------------------------------------- legal moves


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    """Where to sail, then who sails, then which token was revealed. Each answer that asks
    on is settled here: the outcomes of its follow-ups are known without asking them."""
    me = state.queue[0]
    event = clean(draft)  # (every ready move's event: this one, its choices added)
    if "workers" in draft and "target" in draft:
        return Legal(_TOKEN, "expedition", None, token_moves(
            state, draft["target"], lambda t: {**event, "found": t}, most),
            report=True, draft=draft, settled=True)
    parts = sub_multiset_items(tuple(_pool(state, me).items()))
    if "target" not in draft:
        undiscovered = _undiscovered(tuple(state.discovered))
        moves = _regions(state, draft, event, parts, undiscovered) if parts else []
        power = portugal.ready(state, me)
        cards = _free_cards(state) if power or not undiscovered else []
        if cards and not undiscovered:
            moves.append(_to("card", draft, event, {"target": "card"}, parts, cards))
        if cards and power:
            moves.append(_to("card", draft, event, {"target": "card", "nation_power": True},
                             parts, cards))
        return Legal(_REGION, "expedition", me, tuple([m for m in moves if m is not None]),
                     _nobody_sails(me), draft=draft, settled=True)
    if len(parts) > LIST_AT_MOST:  # who sails: a field (``words`` names it)
        options = tuple([Option(w, "", n) for w, n in _pool(state, me).items()])
        return Legal(_MULTISET, "expedition", me, draft=draft, field=counts_field(
            state, options, None, lambda counts: Answer("", counts, draft={
                **draft, "workers": counts}), least=1))
    items = token_items(state, draft["target"])
    listed = parts if most is None else parts[:most]
    return Legal(_MULTISET, "expedition", me, tuple([
        m for i, p in enumerate(listed)
        if (m := _crew(dict(p), {**draft, "workers": dict(p)}, event, items, usual=i == 0))
        is not None]), draft=draft, settled=True)


@lru_cache(maxsize=16)
def _undiscovered(discovered: tuple[str, ...]) -> tuple[str, ...]:
    """The regions not yet discovered, in the board's order (once per board)."""
    return tuple([r for r in REGIONS if r not in discovered])


@lru_cache(maxsize=8)  # (made once per player and shared: its event parsed once)
def _nobody_sails(me: str) -> Move:
    return Move(None, events=({"type": "expedition", "player": me, "workers": {}},))


def _regions(state: GameState, draft: Mapping[str, Any], event: dict[str, Any],
             parts: tuple[Any, ...], undiscovered: tuple[str, ...]) -> list[Move | None]:
    """``_to`` of each undiscovered region (``parts``: the crews that may sail, at least
    one), its cases told once for them all."""
    known = state.known_tokens
    unseen = unseen_tokens(state) if not all(map(known.__contains__, undiscovered)) else []
    me = draft["player"]
    shared = len(draft) == 2  # (the question as the step asks it: its moves are shared)
    if len(parts) > 1:  # who sails is asked next: open where a token may turn up
        every = len(parts) > LIST_AT_MOST  # (who sails is a field)
        return [_sail_to(me, r, None, None) if shared
                else Move(r, draft={**draft, "target": r}, open=True)
                for r in undiscovered if every or unseen or r in known]
    # One crew: it sails without being asked, so the token is asked next (the event is
    # made only when that token is the one left).
    part = parts[0]
    moves: list[Move | None] = []  # (the caller adds the cards' moves: None where none)
    for r in undiscovered:
        items = [known[r]] if r in known else unseen
        if not items:
            continue
        found = items[0] if len(items) == 1 else None
        if shared:
            moves.append(_sail_to(me, r, part, found))
        elif found is None:
            moves.append(Move(r, draft={**draft, "target": r, "workers": dict(part)},
                              open=True))
        else:
            moves.append(Move(r, events=({**event, "target": r, "workers": dict(part),
                                                "found": found},)))
    return moves


@lru_cache(maxsize=256)
def _sail_to(me: str, region: str, part: Any, found: str | None) -> Move:
    """``_regions``' move to ``region`` asked with the step's own draft, made once and
    shared (frozen: its events parsed once): who sails asked next (``part`` None), the
    token asked next (``found`` None), or the one ``part`` finds ``found``."""
    draft = {"type": "expedition", "player": me, "target": region}
    if part is None:
        return Move(region, draft=draft, open=True)
    if found is None:
        return Move(region, draft={**draft, "workers": dict(part)}, open=True)
    return Move(region, events=({**draft, "workers": dict(part), "found": found},))


def _to(target: str, draft: Mapping[str, Any], event: dict[str, Any], chosen: dict[str, Any],
        parts: tuple[Any, ...], items: list[str]) -> Move | None:
    """A target (``chosen``: what choosing it adds to ``draft``, clean as ``event``;
    ``items``: what may turn up there): open when who sails or what turns up leaves two
    or more outcomes."""
    if not parts:
        return None
    if len(parts) > LIST_AT_MOST:  # who sails is a field
        return Move(target, draft={**draft, **chosen}, open=True)
    if not items:  # nothing left to find there
        return None
    if len(parts) > 1:
        return Move(target, draft={**draft, **chosen}, open=True)
    # One crew: it sails without being asked, so the token is asked next (the event is
    # made only when that token is the one left).
    part = dict(parts[0])
    if len(items) > 1:
        return Move(target, draft={**draft, **chosen, "workers": part}, open=True)
    return Move(target, events=({**event, **chosen, "workers": part, "found": items[0]},))


def _crew(value: Any, draft: Mapping[str, Any], event: dict[str, Any], items: list[str],
          usual: bool = False) -> Move | None:
    """A crew whose last question is the token (``event``: ``draft`` as an event, before
    who sails): none if no token may turn up, ready if exactly one, else open."""
    if not items:
        return None
    if len(items) > 1:
        return Move(value, draft=draft, usual=usual, open=True)
    return Move(value, events=({**event, "workers": draft["workers"], "found": items[0]},),
                usual=usual)


# ---------------------------------------------------------------- words


def words(state: GameState, legal: Legal) -> Decision:
    draft = legal.draft
    me = state.queue[0]
    ask = _("{player}'s expedition: ").format(player=me)
    if "workers" in draft and "target" in draft:
        strength, extra = (expedition_value(state, me, draft["workers"]),
                           resistance_modifier(state, me))
        return token_words(state, draft["target"], ask, legal,
                           lambda t: _odds_note(state, t, strength, extra, draft))
    if "target" not in draft:
        def answer(m: Move) -> Answer:
            if m.value != "card":
                known = state.known_tokens.get(m.value)
                note = (_("token known: natives {natives}").format(
                    natives=TOKENS[known].natives) if known else "")
                return Answer(names.region(state.setup.edition, m.value), m.value, m.events,
                              m.draft,
                              note=note)
            power = (m.draft or m.events[0]).get("nation_power")
            label = (_("{title}: draw a card (natives 3)").format(
                         title=component_name("power", POWER_TITLES["portugal"])) if power
                     else _("Draw a discovery card"))
            return Answer(label, m.value, m.events, m.draft)

        prompt = ask + _("where do they sail ({workers} on Discovery)?").format(
            workers=counts_words(_pool(state, me)))
        return Decision(Kind.REGION, prompt, me, "expedition",
                        answers=tuple(answer(m) for m in legal.moves),
                        decline=Answer(_("Nobody sails"), None, legal.decline.events),
                        draft=draft)
    prompt = ask + _("who sails {to_target}?").format(to_target=target_to(state, draft['target']))
    field = legal.field
    if field is not None:
        field = labelled_field(field, names.worker, counts_words, lambda counts: _(
            "strength {value}").format(value=expedition_value(state, me, counts)))
    return Decision(Kind.MULTISET, prompt, me, "expedition", draft=draft, field=field,
                    answers=tuple(Answer(counts_words(m.value), m.value, m.events, m.draft,
                                         note=_("strength {value}").format(
                                             value=expedition_value(state, me, m.value)),
                                         usual=m.usual) for m in legal.moves))


def _odds_note(state: GameState, item: str, strength: int, extra: int,
               draft: Mapping[str, Any]) -> str:
    natives = (portugal.natives(state, state.queue[0]) if draft.get("nation_power")
               else DISCOVERIES[item].natives + extra)
    verdict = _("succeeds") if strength >= natives else _("fails")
    against = "" if natives == DISCOVERIES[item].natives else _(
        ", natives count {natives} here").format(natives=natives)
    return _("{verdict}: strength {strength}{against}").format(
        verdict=verdict, strength=strength, against=against)


def told(state: GameState, ev: Any, player: str) -> str:
    if not ev.workers:
        return _("{player}: no expedition").format(player=player)
    if ev.target == "card":
        return _("{player}: expedition to a card").format(player=player)
    return _("{player}: expedition {to_region}").format(
        player=player, to_region=names.region_to(state.setup.edition, ev.target or ""))


QUESTION = Question("expedition", legal, words, told)


# ---------------------------------------------------------------- hint


def hint(state: GameState, decision: Decision, answer: Answer,
         after: After) -> ExpeditionWorth | None:
    """The strength sent against a known token's natives, else the chance over the tokens
    (or cards) nobody has seen yet."""
    draft = decision.draft
    me = decision.player
    if me is None or answer.value is None:
        return None
    if "target" not in draft:  # where to: everyone on Discovery would sail
        target, power = answer.value, bool((answer.draft or {}).get("nation_power"))
        workers = _pool(state, me)
    elif "workers" not in draft and isinstance(answer.value, Mapping):
        target, power = draft["target"], bool(draft.get("nation_power"))
        workers = dict(answer.value)
    else:
        return None
    strength = expedition_value(state, me, workers)
    if power:
        return ExpeditionWorth(strength, natives=portugal.natives(state, me))
    extra = resistance_modifier(state, me)
    known = state.known_tokens.get(target)
    if known is not None:
        return ExpeditionWorth(strength, natives=TOKENS[known].natives + extra)
    if target == "card":
        owned = {d for p in state.players.values() for d in p.discoveries}
        unseen = [c.natives for c in CARDS.values() if c.id not in owned]
    else:
        seen = accounted_tokens(state)
        unseen = [t.natives for t in TOKENS.values() if t.id not in seen]
    beaten = sum(1 for natives in unseen if strength >= natives + extra)
    return ExpeditionWorth(strength, unseen=len(unseen), beaten=beaten,
                           of="cards" if target == "card" else "tokens")


# ---------------------------------------------------------------- effect


def effect(state: GameState, ev: Expedition, slot: Slot) -> None:
    """The expedition of the player first in the queue (``slot``: that player)."""
    name = slot.player
    who = state.players[name]
    sent: dict[str, int] = {w: n for w, n in ev.workers.items() if n}
    if sent:
        for worker, n in sent.items():
            if who.discovery.get(worker, 0) < n:
                raise refuse(state, _("{name} has {workers} on Discovery, cannot "
                                      "send {n}").format(
                                        name=name, n=n, workers=component_count(
                                            who.discovery.get(worker, 0), "worker", worker)))
        target = ev.target
        if ev.nation_power:
            portugal_natives = portugal.expedition(state, who, target)
        elif target == "card":
            if any(r not in state.discovered for r in REGIONS):
                raise refuse(state, _("discovery cards are drawn only once every region is found"))
        else:
            if target not in REGIONS:
                raise refuse(state, _("{target!r} is not a region of the New World").format(
                                        target=target))
            if target in state.discovered:
                raise refuse(state, _("{region_name} is already discovered").format(
                                        region_name=names.region(state.setup.edition, target)))
        assert target is not None  # each branch above refused a missing target
        found = check_found(state, target, ev.found)
        item = CARDS[found] if target == "card" else TOKENS[found]
        value = expedition_value(state, name, sent)
        natives = (portugal_natives if ev.nation_power
                   else item.natives + resistance_modifier(state, name))
        for worker, n in sent.items():
            who.discovery[worker] -= n
            who.reserve[worker] += n
        if value >= natives:
            who.money += item.loot(sent.get("soldier", 0))
            if target == "card":
                who.discoveries.append(found)
            else:
                claim(state, who, target, found, "colonist")
        elif target != "card":
            failed_token(state, target, found)
    elif ev.target or ev.found:
        raise refuse(state, _("an expedition needs at least one worker"))
    if sent:
        state.turn_uses["expeditions"] = state.turn_uses.get("expeditions", 0) + 1
    state.turn_uses["discovery_began"] = 1
    state.queue.pop(0)
