"""What the engine asks: the pending Decision, its follow-up questions, the actions allowed now.

``decide(state)`` is the question the game waits for; ``decide(state, draft)`` the next
question of a choice asked step by step (the draft holds what was chosen so far);
``actions(state)`` the powers and standing actions allowed beside it. Every listed answer
is legal in ``state``; ``apply`` remains the judge of anything else.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> decide(game.state).prompt
'Set-up: which 4 goods were turned face up on Trade Goods?'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import Any

from companion.engine import benefits, nations
from companion.engine.decisions import Action, Answer, Decision, Field, Kind, Option
from companion.engine.errors import MalformedEvent
from companion.engine.events import event_dict
from companion.engine.flow import IN_TURN, Phase, Step
from companion.engine.placement import current_placer, placement_options
from companion.engine.refresh import building_pile
from companion.engine.resolution import (
    accounted_tokens,
    battle_regions,
    expected_losses,
    expedition_value,
    price_of,
    resistance_modifier,
)
from companion.engine.state import GameState, Slot
from companion.engine.variants import SCOUTING_PRICE
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS
from companion.rules.editions import (
    BUILDING_SLOTS,
    BUY_VP_PRICE,
    LAST_TURN,
    SPECIALIST_TYPES,
    TRACK_TITLES,
    TRADE_GOODS_SLOTS,
    TRAINING_PRICE,
    WAR_PRICE,
    age_of_turn,
)
from companion.rules.regions import REGIONS, neighbours

LIST_AT_MOST = 16  # answer spaces up to this size are listed outright
TRACK_NAMES = {**TRACK_TITLES, "turn_order": "Turn order"}

Asker = Callable[[GameState, dict[str, Any]], Decision]


# ---------------------------------------------------------------- words


def region_name(state: GameState, region: str) -> str:
    return REGIONS[region].display_name(state.setup.edition)


def good_name(good: str) -> str:
    return good.replace("_", " ")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def counts_words(counts: Mapping[str, int]) -> str:
    """'2 colonists + 1 captain' (or 'nobody')."""
    return " + ".join(plural(n, w) for w, n in counts.items() if n) or "nobody"


def discovery_name(item: str) -> str:
    d = DISCOVERIES[item]
    return d.name.split(":")[0] if d.kind == "token" else d.name


def discovery_note(item: str) -> str:
    d = DISCOVERIES[item]
    return f"natives {d.natives}, ${d.dollars}+${d.dollars_per_soldier}/soldier, {d.vp} VP"


# ---------------------------------------------------------------- building blocks


def _clean(draft: Mapping[str, Any]) -> dict[str, Any]:
    """The event a finished draft stands for (private keys start with '_')."""
    event = {k: v for k, v in draft.items() if not k.startswith("_")}
    if isinstance(event.get("choice"), dict):
        event["choice"] = {k: v for k, v in event["choice"].items() if not k.startswith("_")}
    return event


def _record(draft: Mapping[str, Any], prompt: str = "Record it") -> Decision:
    """A finished draft: one ready answer (it folds into the answer that led here)."""
    event = _clean(draft)
    return Decision(Kind.YES_NO, prompt, draft.get("player"), event["type"],
                    answers=(Answer(prompt, True, events=(event,)),), draft=draft)


def _then(state: GameState, label: str, value: Any, draft: dict[str, Any], *, note: str = "",
          usual: bool = False) -> Answer | None:
    """An answer that continues with ``draft``: ready at once when nothing is left to ask,
    None when the draft leads nowhere legal."""
    follow = decide(state, draft)
    if follow is None or follow.outcomes == 0:
        return None
    only = follow.only_answer
    if only is not None:
        return Answer(label, value, events=only.events, note=note, usual=usual)
    return Answer(label, value, draft=draft, note=note, usual=usual)


def _answers(items: Iterator[Answer | None]) -> tuple[Answer, ...]:
    found = [a for a in items if a is not None]
    found.sort(key=lambda a: not a.usual)  # the usual answer first, the rest as listed
    return tuple(found)


def _ready(label: str, value: Any, *events: Mapping[str, Any], note: str = "",
           usual: bool = False) -> Answer:
    return Answer(label, value, events=tuple(events), note=note, usual=usual)


def _multisets(limits: Mapping[str, int], size: int) -> list[dict[str, int]]:
    """Every way to pick ``size`` items from ``limits`` (kind -> most), as counts."""
    kinds = [k for k, n in limits.items() if n > 0]
    out = []
    for combo in combinations_with_replacement(kinds, size):
        counts: dict[str, int] = {}
        for k in combo:
            counts[k] = counts.get(k, 0) + 1
        if all(counts[k] <= limits[k] for k in counts):
            out.append(counts)
    return out


def _sub_multisets(pool: Mapping[str, int]) -> list[dict[str, int]]:
    """Every non-empty part of ``pool``, largest first."""
    parts: list[dict[str, int]] = [{}]
    for kind, n in pool.items():
        parts = [{**p, kind: k} if k else dict(p) for p in parts for k in range(n + 1)]
    parts = [p for p in parts if sum(p.values())]
    parts.sort(key=lambda p: -sum(p.values()))
    return parts


def _counts_field(state: GameState, options: Sequence[Option], total: int | None,
                  finish: Callable[[dict[str, int]], Answer | None], least: int = 0,
                  most: int | None = None) -> Field:
    limits = {o.value: o.most for o in options}

    def build(value: Any) -> Answer:
        counts = _counts_of(value)
        for item, n in counts.items():
            if item not in limits:
                raise MalformedEvent(f"{item!r} is not one of the choices offered")
            if n > limits[item]:
                raise MalformedEvent(f"at most {limits[item]} {item} can be picked")
        picked = sum(counts.values())
        if total is not None and picked != total:
            raise MalformedEvent(f"pick exactly {total}, not {picked}")
        if picked < least or (most is not None and picked > most):
            raise MalformedEvent(f"pick between {least} and {most} in all, not {picked}")
        answer = finish(counts)
        if answer is None:
            return Answer(counts_words(counts), counts)
        return answer

    return Field(tuple(options), total=total, least=least, most=most, build=build)


def _counts_of(value: Any) -> dict[str, int]:
    """Counts from a mapping or a list of picks (both are what a multiset field returns)."""
    if isinstance(value, Mapping):
        if not all(type(n) is int and n >= 0 for n in value.values()):
            raise MalformedEvent("give each count as a whole number, 0 or more")
        return {str(k): n for k, n in value.items() if n}
    if not isinstance(value, list | tuple):
        raise MalformedEvent("pick the items from the list offered")
    counts: dict[str, int] = {}
    for item in value:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return counts


def _as_list(counts: Mapping[str, int]) -> list[str]:
    return [k for k, n in counts.items() for _ in range(n)]


# ---------------------------------------------------------------- the pending decision


def decide(state: GameState, draft: Mapping[str, Any] | None = None) -> Decision | None:
    """The question the game waits for (None once it is over), or the next question of
    ``draft``. A question with a single way on is skipped: its follow-up is returned."""
    opening = draft is None
    if draft is None:
        draft = _opening_draft(state)
        if draft is None:
            return None
    decision = ASKERS[draft["type"]](state, dict(draft))
    if opening and state.phase == Phase.RESOLUTION and state.step in SLOT_STEPS:
        slot = _slot(state)
        decision = replace(decision, slot=slot.label, worker=slot.worker)
    while (decision.field is None and decision.decline is None and len(decision.answers) == 1
           and decision.answers[0].draft is not None):
        decision = ASKERS[decision.answers[0].draft["type"]](state,
                                                             dict(decision.answers[0].draft))
    return decision


SLOT_STEPS = (Step.DOCK, Step.TRADE_GOODS, Step.BUILDINGS, Step.SPECIALISTS, Step.WARFARE)


def _opening_draft(state: GameState) -> dict[str, Any] | None:
    phase = state.phase
    if phase == Phase.OVER:
        return None
    if phase == Phase.SETUP:
        return {"type": "reveal"}
    if phase == Phase.PLACEMENT:
        return {"type": "place"}
    if phase == Phase.BENEFITS:
        return {"type": "refresh"}
    if phase == Phase.BUY_VP:
        return {"type": "buy_vp", "player": state.queue[0]}
    step = state.step
    by_step = {Step.DECLARE: "resolve", Step.DOCK: "dock", Step.TRADE_GOODS: "take_good",
               Step.BUILDINGS: "buy", Step.DISCOVERY: "expedition", Step.SPECIALISTS: "training",
               Step.WARFARE: "warfare"}
    return {"type": by_step[step]}


def _slot(state: GameState) -> Slot:
    return state.tracks[state.step][state.cursor]


# ---------------------------------------------------------------- reports: set-up, refresh


def _goods_report(state: GameState, draft: dict[str, Any], supply: Mapping[str, int],
                  wanted: int, prompt: str) -> Decision:
    options = tuple(Option(g, good_name(g), n) for g, n in supply.items() if n > 0)

    def finish(counts: dict[str, int]) -> Answer | None:
        return _then(state, counts_words(counts), counts, {**draft, "goods": _as_list(counts)})

    return Decision(Kind.MULTISET, prompt, None, draft["type"], report=True, draft=draft,
                    field=_counts_field(state, options, wanted, finish))


def _buildings_report(state: GameState, draft: dict[str, Any], age: int, wanted: int,
                      prompt: str) -> Decision:
    pile = {b.id: b.tiles - state.buildings_seen.count(b.id) for b in building_pile(state, age)}
    options = tuple(Option(b, state.catalogue[b].name, n) for b, n in pile.items() if n > 0)

    def finish(counts: dict[str, int]) -> Answer | None:
        names = ", ".join(state.catalogue[b].name for b in _as_list(counts))
        return _then(state, names, counts, {**draft, "buildings": _as_list(counts)})

    return Decision(Kind.MULTISET, prompt, None, draft["type"], report=True, draft=draft,
                    field=_counts_field(state, options, wanted, finish))


def _pile_left(state: GameState, age: int) -> int:
    return sum(b.tiles - state.buildings_seen.count(b.id) for b in building_pile(state, age))


def _ask_reveal(state: GameState, draft: dict[str, Any]) -> Decision:
    if "goods" not in draft:
        wanted = min(TRADE_GOODS_SLOTS, sum(state.supply.values()))
        return _goods_report(state, draft, state.supply, wanted,
                             f"Set-up: which {wanted} goods were turned face up on Trade Goods?")
    if "buildings" not in draft:
        wanted = min(BUILDING_SLOTS, _pile_left(state, 1))
        return _buildings_report(state, draft, 1, wanted,
                                 f"Set-up: which {wanted} Age I buildings were turned face up?")
    return _record(draft, "Start turn 1")


def _refresh_supply(state: GameState, drawn: Mapping[str, str]) -> dict[str, int]:
    """The face-down goods at the refresh, after leftovers and the draws so far."""
    supply = dict(state.supply)
    if state.edition.leftover_goods == "reshuffled":
        for g in state.goods_offer:
            supply[g] += 1
    for g in drawn.values():
        supply[g] -= 1
    return supply


def _ask_refresh(state: GameState, draft: dict[str, Any]) -> Decision:
    drawn = dict(draft.get("drawn", {}))
    supply = _refresh_supply(state, drawn)
    owners = [n for n in state.order if state.players[n].owns("west_indies_company")]
    for owner in owners:
        if owner not in drawn and sum(supply.values()):
            answers = tuple(
                _then(state, good_name(g), g, {**draft, "drawn": {**drawn, owner: g}})
                for g, n in supply.items() if n > 0)
            return Decision(Kind.GOOD, f"West Indies Company: which good did {owner} draw?",
                            None, "refresh", answers=_answers(iter(answers)), report=True,
                            draft=draft)
    turn = state.turn
    last = turn == LAST_TURN
    if not last and "goods" not in draft:
        wanted = min(TRADE_GOODS_SLOTS, sum(supply.values()))
        if wanted:
            return _goods_report(state, draft, supply, wanted,
                                 f"End of turn {turn}: which {wanted} goods came out?")
        draft = {**draft, "goods": []}
    if not last and "buildings" not in draft:
        next_age = age_of_turn(turn + 1)
        keep = len(state.buildings_offer) if next_age == state.age else 0
        wanted = min(BUILDING_SLOTS - keep, _pile_left(state, next_age))
        if wanted:
            age = "I" * next_age
            return _buildings_report(state, draft, next_age, wanted,
                                     f"End of turn {turn}: which {wanted} Age {age} "
                                     "building(s) were turned face up?")
        draft = {**draft, "buildings": []}
    return _record(draft, "Score the game" if last else f"Start turn {turn + 1}")


# ---------------------------------------------------------------- placement


def _ask_place(state: GameState, draft: dict[str, Any]) -> Decision:
    name = current_placer(state)
    answers = []
    for o in placement_options(state):
        where = TRACK_NAMES[o.track] + (f" ({o.box} box)" if o.box else "")
        answers.append(_ready(where, (o.worker, o.track, o.box), event_dict(o), note=o.worker))
    left = counts_words(state.players[name].available) if name else ""
    return Decision(Kind.TRACK, f"{name} places a worker ({left} left)", name, "place",
                    answers=tuple(answers), draft=draft)


# ---------------------------------------------------------------- resolution


def _ask_resolve(state: GameState, draft: dict[str, Any]) -> Decision:
    return Decision(Kind.YES_NO, "Powers used before the tracks resolve? Record them, then "
                    "resolve the tracks.", None, "resolve",
                    answers=(_ready("Resolve the tracks", True, {"type": "resolve"}),),
                    draft=draft)


def _ask_dock(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = _slot(state)
    answers = [_ready(region_name(state, r), r, {"type": "dock", "region": r})
               for r in state.discovered]
    waiting = len(state.tracks["dock"]) - state.cursor
    if len(state.discovered) == 1 and waiting > 1:
        only = state.discovered[0]
        answers.append(_ready(f"All {waiting} dock workers → {region_name(state, only)}", only,
                              *({"type": "dock", "region": only},) * waiting, usual=True))
    return Decision(Kind.REGION, f"{slot.player}'s {slot.worker} on dock slot {slot.label}: "
                    "which region does it sail to?", slot.player, "dock",
                    answers=_answers(iter(answers)),
                    decline=_ready("Stays home", None, {"type": "dock", "region": None}),
                    draft=draft)


def _ask_take_good(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = _slot(state)
    answers = tuple(_ready(good_name(g), g, {"type": "take_good", "good": g})
                    for g in dict.fromkeys(state.goods_offer))
    return Decision(Kind.GOOD, f"{slot.player} on Trade Goods slot {slot.label}: which good?",
                    slot.player, "take_good", answers=answers,
                    decline=_ready("Takes nothing", None, {"type": "take_good", "good": None}),
                    draft=draft)


def _ask_training(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = _slot(state)
    who = state.players[slot.player]
    answers: tuple[Answer, ...] = ()
    if who.money >= TRAINING_PRICE:
        answers = tuple(
            _ready(w, w, {"type": "training", "specialist": w}, note=f"${TRAINING_PRICE}")
            for w in _specialist_kinds(state) if who.reserve[w] > 0)
    return Decision(Kind.WORKER, f"{slot.player} on Training (has ${who.money}): buy a "
                    f"specialist for ${TRAINING_PRICE}?", slot.player, "training",
                    answers=answers,
                    decline=_ready("No training", None, {"type": "training", "specialist": None}),
                    draft=draft)


def _specialist_kinds(state: GameState) -> list[str]:
    return [w for w in SPECIALIST_TYPES if w != "builder" or state.setup.options.builders]


def _ask_buy_vp(state: GameState, draft: dict[str, Any]) -> Decision:
    name = draft["player"]
    price = BUY_VP_PRICE[age_of_turn(state.scored_turn)]
    money = state.players[name].money
    most = money // price

    def buy(vp: int) -> Answer:
        return _ready(plural(vp, "VP"), vp, {"type": "buy_vp", "player": name, "vp": vp},
                      note=f"${vp * price}")

    decline = _ready("Buys none", 0, {"type": "buy_vp", "player": name, "vp": 0})
    prompt = f"{name} (has ${money}): buy VP at ${price} each?"
    if most <= LIST_AT_MOST:
        return Decision(Kind.NUMBER, prompt, name, "buy_vp",
                        answers=tuple(buy(vp) for vp in range(1, most + 1)), decline=decline,
                        draft=draft)
    return Decision(Kind.NUMBER, prompt, name, "buy_vp", decline=decline, draft=draft,
                    field=Field(least=1, most=most, build=lambda v: buy(int(v))))


# ---------------------------------------------------------------- Capital Buildings


def _ask_buy(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = _slot(state)
    who = state.players[slot.player]
    if draft.get("building"):
        return _ask_purchase(state, draft, slot)

    def offers() -> Iterator[Answer | None]:
        for b in dict.fromkeys(state.buildings_offer):
            price = price_of(state, b, slot.worker)
            if price <= who.money:
                yield _then(state, state.catalogue[b].name, b,
                            {"type": "buy", "building": b, "choice": {}}, note=f"${price}")

    return Decision(Kind.BUILDING, f"{slot.player} on Capital Buildings slot {slot.label} "
                    f"(has ${who.money}): buy a building?", slot.player, "buy",
                    answers=_answers(offers()),
                    decline=_ready("Buys nothing", None, {"type": "buy", "building": None}),
                    draft=draft)


def _with_choice(draft: dict[str, Any], **values: Any) -> dict[str, Any]:
    return {**draft, "choice": {**draft.get("choice", {}), **values}}


def _mine(state: GameState, name: str, worker: str | None = None) -> list[str]:
    """Regions where ``name`` has a worker (of that type)."""
    return [r for r in REGIONS
            if (state.regions[r].get(name, {}).get(worker, 0) if worker
                else state.workers_in_region(r, name))]


def _ask_purchase(state: GameState, draft: dict[str, Any], slot: Slot) -> Decision:
    """The choices an immediate building asks for, one at a time."""
    me = slot.player
    b = state.catalogue[draft["building"]]
    e, choice = b.effect, draft.get("choice", {})
    ask = f"{me} buys {b.name}: "
    if e.specialists_once and "specialists" not in choice:
        reserve = {w: state.players[me].reserve[w] for w in _specialist_kinds(state)}
        answers = tuple(
            _then(state, counts_words(c), c, _with_choice(draft, specialists=_as_list(c)))
            for c in _multisets(reserve, e.specialists_once))
        return Decision(Kind.MULTISET, ask + f"which {e.specialists_once} specialists?", me,
                        "buy", answers=_answers(iter(answers)), draft=draft)
    if e.random_goods_once and "goods" not in choice:
        wanted = min(e.random_goods_once, sum(state.supply.values()))
        options = tuple(Option(g, good_name(g), n) for g, n in state.supply.items() if n)

        def drawn(counts: dict[str, int]) -> Answer | None:
            return _then(state, counts_words(counts), counts,
                         _with_choice(draft, goods=_as_list(counts)))

        return Decision(Kind.MULTISET, ask + f"which {wanted} goods were drawn?", None, "buy",
                        report=True, draft=draft,
                        field=_counts_field(state, options, wanted, drawn))
    asker = PURCHASE_ASKERS.get(e.action or "")
    if asker is not None:
        decision = asker(state, draft, me, ask)
        if decision is not None:
            return decision
    return _record(draft, f"Buy {b.name}")


def _region_answers(state: GameState, regions: Sequence[str],
                    draft_for: Callable[[str], dict[str, Any]]) -> tuple[Answer, ...]:
    return _answers(_then(state, region_name(state, r), r, draft_for(r)) for r in regions)


def _ask_indian_allies(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    if "region" in draft["choice"]:
        return None
    return Decision(Kind.REGION, ask + "which region gets the 2 soldiers (you have a worker "
                    "there)?", me, "buy", draft=draft,
                    answers=_region_answers(state, _mine(state, me),
                                            lambda r: _with_choice(draft, region=r)))


def _ask_overpopulation(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    if "regions" in draft["choice"]:
        return None
    limits = dict.fromkeys(state.discovered, 3)
    prompt = ask + "how are the 3 colonists split between regions?"

    def split(counts: dict[str, int]) -> Answer | None:
        label = ", ".join(f"{n} in {region_name(state, r)}" for r, n in counts.items())
        return _then(state, label, counts, _with_choice(draft, regions=counts))

    splits = _multisets(limits, 3)
    if len(splits) <= LIST_AT_MOST:
        return Decision(Kind.MULTISET, prompt, me, "buy", draft=draft,
                        answers=_answers(split(c) for c in splits))
    options = tuple(Option(r, region_name(state, r), 3) for r in state.discovered)
    return Decision(Kind.MULTISET, prompt, me, "buy", draft=draft,
                    field=_counts_field(state, options, 3, split))


def _ask_papal_edict(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    choice = draft["choice"]
    if "opponent" not in choice:
        others = [n for n in state.order if n != me and _mine(state, n)]
        mine = _mine(state, me)
        return Decision(Kind.PLAYER, ask + "which opponent also places 2 colonists?", me, "buy",
                        draft=draft, answers=_answers(
                            _then(state, n, n, _with_choice(draft, opponent=n))
                            for n in (others if mine else [])))
    if "region" not in choice:
        return Decision(Kind.REGION, ask + "your 2 colonists go to which of your regions?", me,
                        "buy", draft=draft, answers=_region_answers(
                            state, _mine(state, me), lambda r: _with_choice(draft, region=r)))
    opponent = choice["opponent"]
    if "opponent_region" not in choice:
        return Decision(Kind.REGION, ask + f"{opponent}'s 2 colonists go to which of their "
                        "regions?", me, "buy", draft=draft, answers=_region_answers(
                            state, _mine(state, opponent),
                            lambda r: _with_choice(draft, opponent_region=r)))
    if "opponent_first" not in choice:
        return Decision(Kind.YES_NO, ask + "who places first?", me, "buy", draft=draft, answers=(
            _ready(f"{me} first", False, _clean(_with_choice(draft, opponent_first=False)),
                   usual=True),
            _ready(f"{opponent} first", True, _clean(_with_choice(draft, opponent_first=True)))))
    return None


def _ask_plague_thin(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    losses = draft["choice"].get("losses", {})
    for region in REGIONS:
        for name in state.regions[region]:
            if state.workers_in_region(region, name) < 3 or name in losses.get(region, {}):
                continue
            kinds = [w for w, n in state.regions[region][name].items() if n]
            answers = tuple(
                _then(state, w, w, _with_choice(draft, losses={
                    **losses, region: {**losses.get(region, {}), name: w}}))
                for w in kinds)
            return Decision(Kind.WORKER, ask + f"which worker does {name} lose in "
                            f"{region_name(state, region)}?", name, "buy", draft=draft,
                            answers=_answers(iter(answers)))
    if "losses" not in draft["choice"]:
        draft["choice"] = {**draft["choice"], "losses": {}}
    return None


def _ask_plague_strike(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    choice = draft["choice"]
    if "region" not in choice:
        occupied = [r for r in REGIONS if state.regions[r]]
        return Decision(Kind.REGION, ask + "which region does the plague strike?", me, "buy",
                        draft=draft, answers=_region_answers(
                            state, occupied, lambda r: _with_choice(draft, region=r)))
    region = choice["region"]
    if "player" not in choice:
        return Decision(Kind.PLAYER, ask + f"whose colonists in {region_name(state, region)}?",
                        me, "buy", draft=draft, answers=_answers(
                            _then(state, n, n, _with_choice(draft, player=n))
                            for n in state.regions[region]))
    if "colonists" not in choice:
        most = min(3, state.regions[region].get(choice["player"], {}).get("colonist", 0))
        return Decision(Kind.NUMBER, ask + "how many colonists are removed (up to 3)?", me,
                        "buy", draft=draft, answers=tuple(
                            _ready(plural(n, "colonist"), n,
                                   _clean(_with_choice(draft, colonists=n)), usual=n == most)
                            for n in range(most, -1, -1)))
    return None


def _ask_rewrite_history(state: GameState, draft: dict, me: str, ask: str) -> Decision | None:
    choice = draft["choice"]
    taken = dict(choice.get("tokens", {}))
    victim = choice.get("_from")
    if victim is not None:
        tokens = [d for d in state.players[victim].discoveries if d in TOKENS]
        return Decision(Kind.TOKEN, ask + f"which of {victim}'s tokens?", me, "buy", draft=draft,
                        answers=_answers(
                            _then(state, discovery_name(t), t, _with_choice(
                                draft, tokens={**taken, victim: t}, _from=None),
                                note=discovery_note(t))
                            for t in dict.fromkeys(tokens)))
    if len(taken) >= 2:
        return None
    owners = [n for n in state.order if n != me and n not in taken
              and any(d in TOKENS for d in state.players[n].discoveries)]
    if not owners:
        return None
    done = _clean(_with_choice(draft, tokens=taken))
    return Decision(Kind.PLAYER, ask + "take a discovery token from whom?", me, "buy",
                    draft=draft, answers=_answers(
                        _then(state, n, n, _with_choice(draft, _from=n)) for n in owners),
                    decline=_ready("Nobody more" if taken else "Nobody", None, done))


def _ask_purchase_discovery(state: GameState, draft: dict, me: str,
                            ask: str) -> Decision | None:
    """New World Cartography: discover now, or keep it for a later turn."""
    choice = draft["choice"]
    if "token" in choice:
        return None
    if "_now" not in choice:
        later = _clean(draft)
        return Decision(Kind.YES_NO, ask + "discover a region now?", me, "buy", draft=draft,
                        answers=_answers(iter([
                            _then(state, "Discover now", True, _with_choice(draft, _now=True)),
                            _ready("Keep it for later", False, later)])))
    return _discovery_question(state, draft, me, ask, lambda extra: _with_choice(draft, **extra))


def _discovery_question(state: GameState, draft: dict, me: str, ask: str,
                        extend: Callable[[dict[str, Any]], dict[str, Any]]) -> Decision:
    """A discovery without a test: which region, then which token it revealed."""
    region = (draft.get("choice") or {}).get("region")
    if region is None:
        left = [r for r in REGIONS if r not in state.discovered]
        return Decision(Kind.REGION, ask + "which region is discovered?", me, draft["type"],
                        draft=draft, answers=_region_answers(
                            state, left, lambda r: extend({"region": r})))
    return _token_question(state, region, me, ask, draft,
                           lambda t: extend({"token": t}))


def _token_question(state: GameState, target: str, me: str | None, ask: str,
                    draft: dict[str, Any],
                    extend: Callable[[str], dict[str, Any]]) -> Decision:
    """Report: the token (or card) the table revealed for ``target``."""
    if target == "card":
        owned = {d for p in state.players.values() for d in p.discoveries}
        items = [c for c in CARDS if c not in owned]
    elif target in state.known_tokens:
        items = [state.known_tokens[target]]
    else:
        used = accounted_tokens(state)
        items = [t for t in TOKENS if t not in used]
    what = "card was drawn" if target == "card" else "token was revealed"
    answers = tuple(_ready(discovery_name(t), t, _clean(extend(t)), note=discovery_note(t))
                    for t in items)
    return Decision(Kind.TOKEN, ask + f"which {what}?", None, draft["type"], answers=answers,
                    report=True, draft=draft)


PURCHASE_ASKERS: dict[str, Callable[[GameState, dict, str, str], Decision | None]] = {
    "indian_allies": _ask_indian_allies,
    "overpopulation": _ask_overpopulation,
    "papal_edict": _ask_papal_edict,
    "plague_thin": _ask_plague_thin,
    "plague_strike": _ask_plague_strike,
    "rewrite_history": _ask_rewrite_history,
    "free_discovery": _ask_purchase_discovery,
}


# ---------------------------------------------------------------- Discovery


def _portugal_ready(state: GameState, name: str) -> bool:
    who = state.players[name]
    return (state.setup.options.nations and who.nation == "portugal"
            and who.uses.get(f"nation:portugal:age{state.age}", 0) < 1)


def _free_cards(state: GameState) -> list[str]:
    owned = {d for p in state.players.values() for d in p.discoveries}
    return [c for c in CARDS if c not in owned]


def _ask_expedition(state: GameState, draft: dict[str, Any]) -> Decision:
    me = state.queue[0]
    who = state.players[me]
    pool = {w: n for w, n in who.discovery.items() if n}
    ask = f"{me}'s expedition: "
    decline = _ready("Nobody sails", None, {"type": "expedition", "workers": {}})
    if "target" not in draft:
        undiscovered = [r for r in REGIONS if r not in state.discovered]
        answers: list[Answer | None] = []
        for r in undiscovered:
            known = state.known_tokens.get(r)
            note = f"token known: natives {TOKENS[known].natives}" if known else ""
            answers.append(_then(state, region_name(state, r), r, {**draft, "target": r},
                                 note=note))
        cards = _free_cards(state)
        if cards and not undiscovered:
            answers.append(_then(state, "Draw a discovery card", "card",
                                 {**draft, "target": "card"}))
        if cards and undiscovered and _portugal_ready(state, me):
            answers.append(_then(state, "Portugal's power: draw a card (natives 3)", "card",
                                 {**draft, "target": "card", "nation_power": True}))
        return Decision(Kind.REGION, ask + f"where do they sail ({counts_words(pool)} on "
                        "Discovery)?", me, "expedition", answers=_answers(iter(answers)),
                        decline=decline, draft=draft)
    target = draft["target"]
    if "workers" not in draft:
        def send(counts: dict[str, int], usual: bool = False) -> Answer | None:
            value = expedition_value(state, me, counts)
            return _then(state, counts_words(counts), counts, {**draft, "workers": counts},
                         note=f"strength {value}", usual=usual)

        parts = _sub_multisets(pool)
        prompt = ask + f"who sails to {_target_name(state, target)}?"
        if len(parts) <= LIST_AT_MOST:
            return Decision(Kind.MULTISET, prompt, me, "expedition", draft=draft,
                            answers=_answers(send(p, usual=i == 0) for i, p in enumerate(parts)))
        options = tuple(Option(w, w, n) for w, n in pool.items())
        return Decision(Kind.MULTISET, prompt, me, "expedition", draft=draft,
                        field=_counts_field(state, options, None, send, least=1))
    decision = _token_question(state, target, None, ask, draft,
                               lambda t: {**draft, "found": t})
    natives_extra = resistance_modifier(state, me)
    strength = expedition_value(state, me, draft["workers"])
    answers = tuple(
        Answer(a.label, a.value, events=a.events,
               note=_odds_note(state, a.value, strength, natives_extra, draft))
        for a in decision.answers)
    return Decision(decision.kind, decision.prompt, None, "expedition", answers=answers,
                    report=True, draft=draft)


def _odds_note(state: GameState, item: str, strength: int, extra: int, draft: dict) -> str:
    natives = (nations.PORTUGAL_NATIVES if draft.get("nation_power")
               else DISCOVERIES[item].natives) + extra
    verdict = "success" if strength >= natives else "fails"
    return f"natives {natives} vs strength {strength}: {verdict}"


def _target_name(state: GameState, target: str) -> str:
    return "the discovery cards" if target == "card" else region_name(state, target)


# ---------------------------------------------------------------- Warfare


def _ask_warfare(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = _slot(state)
    me = slot.player
    if "kind" in draft:
        return _ask_losses(state, draft, me)
    money = state.players[me].money
    answers: list[Answer | None] = []
    for d in state.order:
        if d == me:
            continue
        regions = battle_regions(state, me, d)
        for r in regions:
            answers.append(_then(state, f"Battle with {d} in {region_name(state, r)}", (d, r),
                                 {"type": "warfare", "kind": "battle", "defender": d,
                                  "losses": [], "_regions": [r]}))
        if regions and money >= WAR_PRICE:
            where = ", ".join(region_name(state, r) for r in regions)
            answers.append(_then(state, f"War on {d}", (d, None),
                                 {"type": "warfare", "kind": "war", "defender": d,
                                  "losses": [], "_regions": regions},
                                 note=f"${WAR_PRICE}: {where}"))
    return Decision(Kind.PLAYER, f"{me} on Warfare slot {slot.label}: a battle, a war, or "
                    "no fight?", me, "warfare", answers=_answers(iter(answers)),
                    decline=_ready("No fight", None, {"type": "warfare", "kind": None}),
                    draft=draft)


def _ask_losses(state: GameState, draft: dict[str, Any], me: str) -> Decision:
    """Each side's losses, region by region: every soldier removes a worker of its owner's
    choice, so the attacker picks the defender's losses and the defender the attacker's."""
    defender = draft["defender"]
    done = {loss["region"] for loss in draft["losses"]}
    partial = draft.get("_partial")
    for region in draft["_regions"]:
        if region in done:
            continue
        lose_a, lose_d = expected_losses(state, region, me, defender)
        side, owner, n, chooser = (("attacker", me, lose_a, defender) if partial is None
                                   else ("defender", defender, lose_d, me))
        present = dict(state.regions[region].get(owner, {}))

        def extend(counts: dict[str, int], region: str = region, side: str = side) -> dict:
            entry = {**(partial or {"region": region}), side: counts}
            if side == "attacker":
                return {**draft, "_partial": entry}
            return {**draft, "_partial": None, "losses": [*draft["losses"], entry]}

        options = _multisets(present, n)
        answers = _answers(
            _then(state, counts_words(c) if c else "nobody", c, extend(c), usual=i == 0)
            for i, c in enumerate(sorted(options, key=_loss_order)))
        return Decision(Kind.MULTISET, f"Battle in {region_name(state, region)}: which "
                        f"{plural(n, 'worker')} does {owner} lose? ({chooser} chooses)",
                        chooser, "warfare", answers=answers, draft=draft)
    return _record(draft, f"{draft['kind'].title()} against {defender}")


def _loss_order(counts: Mapping[str, int]) -> tuple[int, ...]:
    """Colonists first, soldiers last: the usual losses come first."""
    order = ("colonist", "merchant", "missionary", "captain", "builder", "soldier")
    return tuple(-counts.get(w, 0) for w in order)


# ---------------------------------------------------------------- building powers


def _ask_benefit(state: GameState, draft: dict[str, Any]) -> Decision:
    me, building = draft["player"], draft["building"]
    b = state.catalogue[building]
    asker = BENEFIT_ASKERS[b.effect.action]
    return asker(state, draft, me, f"{me} uses {b.name}: ")


def _ask_mint(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    goods = state.players[me].goods
    return Decision(Kind.GOOD, ask + "paid for gold or silver?", me, "benefit", draft=draft,
                    answers=tuple(
                        _ready(g, g, _clean(_with_choice(draft, good=g)),
                               note=f"${benefits.MINT_PER_GOOD * goods[g]}")
                        for g in ("gold", "silver")))


def _ask_broker(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    if "goods" in draft["choice"]:
        return _record(draft)
    owned = {g: n for g, n in state.players[me].goods.items() if n}
    if not owned:
        return Decision(Kind.MULTISET, ask + "nothing to sell.", me, "benefit", draft=draft)
    options = tuple(Option(g, good_name(g), n, note=f"${benefits.BROKER_PRICE} each")
                    for g, n in owned.items())

    def sell(counts: dict[str, int]) -> Answer | None:
        return _then(state, counts_words(counts), counts, _with_choice(draft, goods=counts))

    return Decision(Kind.MULTISET, ask + f"which goods are sold (${benefits.BROKER_PRICE} "
                    "each)?", me, "benefit", draft=draft,
                    field=_counts_field(state, options, None, sell, least=1))


def _ask_smuggle(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    mine = [g for g, n in state.players[me].goods.items() if n]
    if "other" not in choice:
        others = [n for n in state.order if n != me and any(state.players[n].goods.values())]
        return Decision(Kind.PLAYER, ask + "swap a good with whom?", me, "benefit", draft=draft,
                        answers=_answers(_then(state, n, n, _with_choice(draft, other=n))
                                         for n in (others if mine else [])))
    if "give" not in choice:
        return Decision(Kind.GOOD, ask + "which of your goods do you give?", me, "benefit",
                        draft=draft, answers=_answers(
                            _then(state, good_name(g), g, _with_choice(draft, give=g))
                            for g in mine))
    theirs = [g for g, n in state.players[choice["other"]].goods.items() if n]
    return Decision(Kind.GOOD, ask + f"which of {choice['other']}'s goods do you take?", me,
                    "benefit", draft=draft, answers=tuple(
                        _ready(good_name(g), g, _clean(_with_choice(draft, take=g)))
                        for g in theirs))


def _move_from(state: GameState, draft: dict, me: str, prompt: str, worker: str) -> Decision:
    """Where a building power moves ``me``'s workers of one type from."""
    return Decision(Kind.REGION, prompt, me, "benefit", draft=draft, answers=_region_answers(
        state, _mine(state, me, worker), lambda r: _with_choice(draft, **{"from": r})))


def _ask_migration(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "from" not in choice:
        return _move_from(state, draft, me, ask + "move colonists from which region?", "colonist")
    if "to" not in choice:
        targets = [r for r in state.discovered if r != choice["from"]]
        return Decision(Kind.REGION, ask + "to which region?", me, "benefit", draft=draft,
                        answers=_region_answers(state, targets,
                                                lambda r: _with_choice(draft, to=r)))
    have = state.regions[choice["from"]].get(me, {}).get("colonist", 0)
    return Decision(Kind.NUMBER, ask + "how many colonists move?", me, "benefit", draft=draft,
                    answers=tuple(_ready(plural(n, "colonist"), n,
                                         _clean(_with_choice(draft, colonists=n)))
                                  for n in range(1, min(2, have) + 1)))


def _ask_stables(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "from" not in choice:
        return _move_from(state, draft, me, ask + "move a soldier from which region?", "soldier")
    near = [r for r in sorted(neighbours(choice["from"])) if r in state.discovered]
    return Decision(Kind.REGION, ask + "to which neighbouring region?", me, "benefit",
                    draft=draft, answers=tuple(
                        _ready(region_name(state, r), r, _clean(_with_choice(draft, to=r)))
                        for r in near))


def _ask_cartography(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return _discovery_question(state, draft, me, ask, lambda extra: _with_choice(draft, **extra))


def _ask_university(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    tracks = state.catalogue[draft["building"]].effect.tracks
    usable = [t for t in tracks if t == "turn_order" or any(
        s.player == me and s.label.isdigit() for s in state.tracks.get(t, []))]
    return Decision(Kind.TRACK, ask + "move your worker to the front of which track?", me,
                    "benefit", draft=draft, answers=tuple(
                        _ready(TRACK_NAMES[t], t, _clean(_with_choice(draft, track=t)))
                        for t in usable))


BENEFIT_ASKERS: dict[str, Callable[[GameState, dict, str, str], Decision]] = {
    "mint": _ask_mint,
    "broker": _ask_broker,
    "smuggle": _ask_smuggle,
    "migration": _ask_migration,
    "stables": _ask_stables,
    "free_discovery": _ask_cartography,
    "university": _ask_university,
}


# ---------------------------------------------------------------- national advantages


def _ask_power(state: GameState, draft: dict[str, Any]) -> Decision:
    me, nation = draft["player"], draft["nation"]
    ask = f"{me} uses {nations.NATION_NAMES[nation]}'s power: "
    return NATION_ASKERS[nation](state, draft, me, ask)


def _ask_england(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    dock = state.tracks["dock"]
    extra = min(nations.ENGLAND_COLONISTS, state.players[me].reserve["colonist"])
    labels = [f"{s.player}'s {s.worker} (slot {s.label})" for s in dock]
    labels += [f"{me}'s new colonist {i + 1}" for i in range(extra)]
    options = tuple(Option(i, label) for i, label in enumerate(labels))

    def reorder(order: Any) -> Answer:
        picked = [int(i) for i in order]
        return _ready("New order: " + ", ".join(labels[i] for i in picked), picked,
                      _clean(_with_choice(draft, order=picked)))

    return Decision(Kind.ORDER, ask + f"{plural(extra, 'colonist')} join the dock; in which "
                    "order do the dock workers sail?", me, "power", draft=draft,
                    answers=(_ready("Keep the order (new colonists last)", None, _clean(draft),
                                    usual=True),),
                    field=Field(options, total=len(options), build=reorder))


def _ask_spain(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return _discovery_question(state, draft, me, ask, lambda extra: _with_choice(draft, **extra))


def _ask_france(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return Decision(Kind.GOOD, ask + "which good from the Trade Goods track?", me, "power",
                    draft=draft, answers=tuple(
                        _ready(good_name(g), g, _clean(_with_choice(draft, good=g)))
                        for g in dict.fromkeys(state.goods_offer)))


def _ask_holland(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    return Decision(Kind.YES_NO, ask + "take this turn's ship?", me, "power", draft=draft,
                    answers=(_ready("Take the ship", True, _clean(draft)),))


def _ask_italy(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    choice = draft["choice"]
    if "box" not in choice:
        taken = state.tracks.get("specialists", [])
        return Decision(Kind.WORKER, ask + "replace the worker on which box?", me, "power",
                        draft=draft, answers=_answers(
                            _then(state, f"{s.label} box ({s.player}'s {s.worker})", s.label,
                                  _with_choice(draft, box=s.label)) for s in taken))
    kinds = [w for w, n in state.players[me].reserve.items() if n]
    return Decision(Kind.WORKER, ask + "which of your workers goes there?", me, "power",
                    draft=draft, answers=tuple(
                        _ready(w, w, _clean(_with_choice(draft, worker=w))) for w in kinds))


NATION_ASKERS: dict[str, Callable[[GameState, dict, str, str], Decision]] = {
    "england": _ask_england, "spain": _ask_spain, "france": _ask_france,
    "holland": _ask_holland, "italy": _ask_italy,
}


# ---------------------------------------------------------------- standing actions


def _swappable(state: GameState, name: str) -> dict[str, list[str]]:
    """region -> specialists of ``name`` there that may be swapped for a colonist."""
    who = state.players[name]
    if who.reserve["colonist"] < 1:
        return {}
    spent = [w for w in ("captain", "merchant", "missionary", "soldier") if who.reserve[w] == 0]
    if not spent:  # asked for every player at every step: the usual answer, found at once
        return {}
    out = {}
    for r in REGIONS:
        kinds = [w for w in spent if state.regions[r].get(name, {}).get(w)]
        if kinds:
            out[r] = kinds
    return out


def _ask_swap(state: GameState, draft: dict[str, Any]) -> Decision:
    ask = "Swap a specialist for a colonist: "
    if "player" not in draft:
        names = [n for n in state.order if _swappable(state, n)]
        return Decision(Kind.PLAYER, ask + "whose?", None, "swap", draft=draft, answers=_answers(
            _then(state, n, n, {**draft, "player": n}) for n in names))
    me = draft["player"]
    options = _swappable(state, me)
    if "region" not in draft:
        return Decision(Kind.REGION, ask + "from which region?", me, "swap", draft=draft,
                        answers=_region_answers(state, list(options),
                                                lambda r: {**draft, "region": r}))
    return Decision(Kind.WORKER, ask + "which specialist comes home?", me, "swap", draft=draft,
                    answers=tuple(_ready(w, w, {**draft, "worker": w})
                                  for w in options.get(draft["region"], [])))


def _ask_scout(state: GameState, draft: dict[str, Any]) -> Decision:
    price = SCOUTING_PRICE[state.age]
    if "player" not in draft:
        payers = [n for n in state.order if state.players[n].money >= price]
        return Decision(Kind.PLAYER, f"Scouting (${price}): who looks?", None, "scout",
                        draft=draft, answers=_answers(
                            _then(state, n, n, {**draft, "player": n}) for n in payers))
    targets = [r for r in REGIONS if r not in state.discovered] or ["card"]
    return Decision(Kind.REGION, f"{draft['player']} scouts: which token?", draft["player"],
                    "scout", draft=draft, answers=tuple(
                        _ready(_target_name(state, t), t, {**draft, "target": t})
                        for t in targets))


def actions(state: GameState) -> list[Action]:
    """Powers usable at this moment, then the standing actions allowed at any time."""
    out: list[Action] = []
    for name in state.order:
        who = state.players[name]
        for building in dict.fromkeys(who.buildings):
            b = state.catalogue[building]
            if not benefits.usable_now(state, who, b):
                continue
            start = {"type": "benefit", "player": name, "building": building, "choice": {}}
            if _leads_somewhere(state, start):
                out.append(Action(f"benefit:{name}:{building}", b.name, name, b.description,
                                  start, moment=b.effect.action != "university"))
    for name in state.order:
        who = state.players[name]
        if nations.usable_now(state, who):
            start = {"type": "power", "player": name, "nation": who.nation, "choice": {}}
            if _leads_somewhere(state, start):
                out.append(Action(f"power:{name}", f"{nations.NATION_NAMES[who.nation]}'s power",
                                  name, nations.POWER_TEXT[who.nation], start, moment=True))
    if state.phase in IN_TURN and any(_swappable(state, n) for n in state.order):
        out.append(Action("swap", "Swap a specialist for a colonist", None,
                          "A specialist in the New World comes home when your stock has none "
                          "of its kind; a colonist from your stock takes its place.",
                          {"type": "swap"}))
    if state.setup.options.scouting and state.phase in IN_TURN:
        out.append(Action("scout", "Scouting", None, "Pay to look at a hidden token (or the top "
                          "card) in secret.", {"type": "scout"}))
    return out


def _leads_somewhere(state: GameState, start: Mapping[str, Any]) -> bool:
    decision = decide(state, start)
    return decision is not None and decision.outcomes > 0


ASKERS: dict[str, Asker] = {
    "reveal": _ask_reveal,
    "place": _ask_place,
    "resolve": _ask_resolve,
    "dock": _ask_dock,
    "take_good": _ask_take_good,
    "buy": _ask_buy,
    "expedition": _ask_expedition,
    "training": _ask_training,
    "warfare": _ask_warfare,
    "refresh": _ask_refresh,
    "buy_vp": _ask_buy_vp,
    "benefit": _ask_benefit,
    "power": _ask_power,
    "swap": _ask_swap,
    "scout": _ask_scout,
}
