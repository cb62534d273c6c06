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

from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import Any

from companion.engine import benefits, nations
from companion.engine.decisions import (
    Action,
    Answer,
    Decision,
    Field,
    Kind,
    Option,
    ReadyAnswers,
    evolve,
)
from companion.engine.discovery import expedition_value, resistance_modifier
from companion.engine.errors import MalformedEvent
from companion.engine.events import event_dict
from companion.engine.flow import IN_TURN, Phase, Step
from companion.engine.placement import (
    open_places,
    place_event,
    placement_choices,
)
from companion.engine.powers import NATION_POWERS, portugal, west_indies
from companion.engine.questions import (
    LIST_AT_MOST,
    READY_WANTED,
    TRACK_NAMES,
    as_list,
    counts_field,
    counts_words,
    enough,
    good_name,
    listed,
    multisets,
    plural,
    ready,
    record,
    region_answers,
    region_name,
    sub_multiset_items,
    target_name,
    then,
    token_question,
    with_choice,
)
from companion.engine.refresh import building_pile
from companion.engine.resolution import (
    ANSWER_OF_STEP,
    battle_choices,
    battle_regions,
    current_slot,
    discovery_pause,
    dock_and_goods_optional,
    expected_losses,
    price_of,
)
from companion.engine.state import GameState, Slot
from companion.engine.variants import SCOUTING_PRICE, swap_kinds
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS
from companion.rules.editions import (
    BUILDING_SLOTS,
    BUY_VP_PRICE,
    LAST_TURN,
    SPECIALIST_TYPES,
    TRADE_GOODS_SLOTS,
    TRAINING_PRICE,
    WAR_PRICE,
    age_of_turn,
)
from companion.rules.regions import REGIONS

Asker = Callable[[GameState, dict[str, Any]], Decision]


# ---------------------------------------------------------------- the pending decision


def decide(state: GameState, draft: Mapping[str, Any] | None = None) -> Decision | None:
    """The question the game waits for (None once it is over), or the next question of
    ``draft``. A question with a single way on is skipped: its follow-up is returned."""
    opening = draft is None
    if draft is None:
        draft = _opening_draft(state)
        if draft is None:
            return None
    decision = _ask(state, draft)
    if opening and state.phase == Phase.RESOLUTION and state.step in SLOT_STEPS:
        slot = current_slot(state)
        decision = evolve(decision, slot=slot.label, worker=slot.worker)
    while (decision.field is None and decision.decline is None and len(decision.answers) == 1
           and decision.answers[0].draft is not None):
        decision = _ask(state, decision.answers[0].draft)
    return decision


def _ask(state: GameState, draft: Mapping[str, Any]) -> Decision:
    """The asker's question, its answers that ask on settled (see ``_settle``)."""
    decision = ASKERS[draft["type"]](state, dict(draft))
    answers = decision.answers
    if type(answers) is not ReadyAnswers:  # (known ready: nothing to look through)
        for answer in answers:  # (a plain loop: a generator here costs more than the check)
            if answer.draft is not None and not answer.events:  # some ask on: settle them
                answers = _settle_all(state, answers)
                break
    field = decision.field
    if field is not None:
        field = evolve(field, build=_settled_build(state, field.build))
    elif answers is decision.answers:  # all ready already (the usual case): nothing to copy
        return decision
    return evolve(decision, answers=answers, field=field)


def _settle(state: GameState, answer: Answer) -> Answer | None:
    """An answer that asks on becomes ready at once when its follow-up has one outcome,
    and is dropped when the follow-up leads nowhere legal."""
    return _settled(state, answer)[1]


def _settled(state: GameState, answer: Answer) -> tuple[int, Answer | None]:
    """``_settle``'s answer, after the outcomes its follow-up was found to have (up to 2)."""
    if answer.events or answer.draft is None:
        return 1, answer
    outcomes, only = _probe(state, answer.draft)
    if outcomes == 0:
        return 0, None
    if only is not None:
        return outcomes, evolve(answer, events=only.events, draft=None)
    return outcomes, answer


def _settle_all(state: GameState, answers: tuple[Answer, ...]) -> tuple[Answer, ...]:
    """``_settle`` each answer, in order. Answers sharing an ``alike`` key have follow-ups
    with as many outcomes each: the first one probed tells whether they are all dropped,
    all left to ask on, or (one outcome each) each settled to its own."""
    shared: dict[Any, int] = {}  # alike key -> outcomes of the first of them probed
    settled: list[Answer] = []
    for answer in answers:
        asks_on = answer.draft is not None and not answer.events
        known = shared.get(answer.alike) if asks_on else None
        if known is None or known == 1:  # ready, or settled by its own probe
            outcomes, own = _settled(state, answer)
            if asks_on and known is None and answer.alike is not None:
                shared[answer.alike] = outcomes
            if own is not None:
                settled.append(own)
        elif known:  # two or more outcomes each: left to ask on, unprobed
            settled.append(answer)
    return tuple(settled)


def _probe(state: GameState, draft: Mapping[str, Any],
           need: int = 2) -> tuple[int, Answer | None]:
    """What ``_settle`` needs of ``decide(state, draft)``: its outcomes counted up to
    ``need`` (2: none, one, or two or more; 1: whether it leads anywhere) and, when it has
    exactly one, that answer if it is ready. Answers are only checked until ``need`` of
    them lead somewhere, and only the sole one left is settled in full: a chain of
    questions (a loss per region, ...) is walked once, not once per combination."""
    counting = READY_WANTED.set(need)  # more ready answers than that would change nothing
    try:
        decision = ASKERS[draft["type"]](state, dict(draft))
    finally:
        READY_WANTED.reset(counting)
    if decision.field is not None:
        return need, None
    answers = decision.answers
    if decision.decline is None and len(answers) == 1 and answers[0].draft is not None \
            and not answers[0].events:
        # One way on (``decide`` would skip this question): its follow-up's outcomes are
        # these, probed once rather than first for "somewhere" and then again in full.
        return _probe(state, answers[0].draft, need)
    found = 0 if decision.decline is None else 1
    first = None
    leads: dict[Any, bool] = {}  # alike key -> whether their follow-ups lead anywhere
    for answer in answers:
        if found >= need:
            return need, None
        if answer.events or answer.draft is None:
            somewhere = True
        elif answer.alike is not None and answer.alike in leads:
            somewhere = leads[answer.alike]
        else:
            somewhere = _probe(state, answer.draft, 1)[0] > 0
            if answer.alike is not None:
                leads[answer.alike] = somewhere
        if somewhere:
            found += 1
            first = answer if first is None else first
    if found != 1 or need == 1:
        return min(found, need), None
    if first is None:  # the decline alone
        assert decision.decline is not None
        return 1, decision.decline if decision.decline.ready else None
    only = _settle(state, first)
    if only is not None and only.draft is not None:  # ``decide`` asks on at once
        return _probe(state, only.draft)
    return 1, only if only is not None and only.ready else None


def _settled_build(state: GameState, build: Callable[[Any], Answer]) -> Callable[[Any], Answer]:
    def settled(value: Any) -> Answer:
        answer = build(value)
        return _settle(state, answer) or Answer(answer.label, answer.value)

    return settled


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
    assert step is not None  # the resolution is always on a step
    if discovery_pause(state):
        return {"type": "resolve"}
    if step == Step.INCOME:
        due = benefits.choice_due(state)
        if due is None:  # nothing is owed: income is paid at once (never waits here)
            return None
        return {"type": "benefit", "player": due[0], "building": due[1], "choice": {}}
    if step == Step.DECLARE:
        return {"type": "resolve"}
    decider = state.queue[0] if step == Step.DISCOVERY else current_slot(state).player
    return {"type": ANSWER_OF_STEP[step], "player": decider}


# ---------------------------------------------------------------- reports: set-up, refresh


def _goods_report(state: GameState, draft: dict[str, Any], supply: Mapping[str, int],
                  wanted: int, prompt: str) -> Decision:
    options = tuple(Option(g, good_name(g), n) for g, n in supply.items() if n > 0)

    def finish(counts: dict[str, int]) -> Answer | None:
        return then(counts_words(counts), counts, {**draft, "goods": as_list(counts)})

    return Decision(Kind.MULTISET, prompt, None, draft["type"], report=True, draft=draft,
                    field=counts_field(state, options, wanted, finish))


def _buildings_report(state: GameState, draft: dict[str, Any], age: int, wanted: int,
                      prompt: str) -> Decision:
    pile = {b.id: b.tiles - state.buildings_seen.count(b.id) for b in building_pile(state, age)}
    options = tuple(Option(b, state.catalogue[b].name, n) for b, n in pile.items() if n > 0)

    def finish(counts: dict[str, int]) -> Answer | None:
        names = ", ".join(state.catalogue[b].name for b in as_list(counts))
        return then(names, counts, {**draft, "buildings": as_list(counts)})

    return Decision(Kind.MULTISET, prompt, None, draft["type"], report=True, draft=draft,
                    field=counts_field(state, options, wanted, finish))


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
    return record(draft, "Start turn 1")


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
    drawing = west_indies.ask_draw(state, draft, supply)
    if drawing is not None:
        return drawing
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
    return record(draft, "Score the game" if last else f"Start turn {turn + 1}")


# ---------------------------------------------------------------- placement


def _ask_place(state: GameState, draft: dict[str, Any]) -> Decision:
    name, workers, free = open_places(state)
    if not name:  # not the placement phase: no placement is legal
        return Decision(Kind.TRACK, "Nobody places a worker now", None, "place", draft=draft)
    prompt = _placement_prompt(name, tuple(state.players[name].available.items()))
    return Decision(Kind.TRACK, prompt, name, "place",
                    answers=_placement_answers(name, workers, free), draft=draft)


@lru_cache(maxsize=1024)
def _placement_prompt(name: str, available: tuple[tuple[str, int], ...]) -> str:
    return f"{name} places a worker ({counts_words(dict(available))} left)"


@lru_cache(maxsize=4096)  # about 80% of a playout's placements found here (1024: 60%)
def _placement_answers(name: str, workers: tuple[str, ...],
                       free: tuple[tuple[str, str | None], ...]) -> tuple[Answer, ...]:
    """Answers are frozen, and the same few places recur all game: built once each, then
    found by plain dict lookups (the combinations of workers and places recur less)."""
    built = _placement_answers_of(name)
    return ReadyAnswers([built.get(choice) or _placement_answer(built, name, choice)
                         for choice in placement_choices(workers, free)])


@lru_cache(maxsize=64)
def _placement_answers_of(name: str) -> dict[tuple[str, str, str | None], Answer]:
    """The placement answers of ``name`` built so far, by (worker, track, box)."""
    return {}


def _placement_answer(built: dict[tuple[str, str, str | None], Answer], name: str,
                      choice: tuple[str, str, str | None]) -> Answer:
    worker, track, box = choice
    where = TRACK_NAMES[track] + (" (on a Mayflower ship)" if box == "mayflower"
                                  else f" ({box} box)" if box else "")
    answer = built[choice] = ready(where, choice, event_dict(place_event(name, *choice)),
                                   note=worker)
    return answer


# ---------------------------------------------------------------- resolution


def _ask_resolve(state: GameState, draft: dict[str, Any]) -> Decision:
    if discovery_pause(state):
        return Decision(Kind.YES_NO, "Just before Discovery resolves (nobody sails this turn): "
                        "Stables may move a soldier now. Record it, then go on.", None,
                        "resolve", answers=(ready("Go on", True, {"type": "resolve"}),),
                        draft=draft)
    return Decision(Kind.YES_NO, "Powers used before the tracks resolve? Record them, then "
                    "resolve the tracks.", None, "resolve",
                    answers=(ready("Resolve the tracks", True, {"type": "resolve"}),),
                    draft=draft)


def _ask_dock(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = current_slot(state)
    me = slot.player
    answers = [ready(region_name(state, r), r, {"type": "dock", "player": me, "region": r})
               for r in state.discovered]
    dock = state.tracks["dock"]
    waiting = len(dock) - state.cursor
    optional = dock_and_goods_optional(state)
    if len(state.discovered) == 1:
        # One place to go: all the waiting workers with one tap, where one may stay home;
        # else (AoE III) each sails there by itself, the engine's only outcome.
        if optional and waiting > 1:
            only = state.discovered[0]
            answers.append(ready(f"All {waiting} dock workers → {region_name(state, only)}",
                                 only, *({"type": "dock", "player": s.player, "region": only}
                                         for s in dock[state.cursor:]), usual=True))
    else:
        # The same player's next dock workers, sent together with one tap.
        run = next((i for i, s in enumerate(dock[state.cursor:]) if s.player != me), waiting)
        if run > 1:
            answers += [ready(f"All {run} of {me}'s → {region_name(state, r)}", r,
                              *({"type": "dock", "player": me, "region": r},) * run)
                        for r in state.discovered]
    return Decision(Kind.REGION, f"{slot.player}'s {slot.worker} on dock slot {slot.label}: "
                    "which region does it sail to?", slot.player, "dock",
                    answers=listed(iter(answers)),
                    decline=ready("Stays home", None,
                                  {"type": "dock", "player": me, "region": None})
                    if optional else None,
                    draft=draft)


def _ask_take_good(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = current_slot(state)
    me = slot.player
    answers = tuple(ready(good_name(g), g, {"type": "take_good", "player": me, "good": g})
                    for g in dict.fromkeys(state.goods_offer))
    return Decision(Kind.GOOD, f"{slot.player} on Trade Goods slot {slot.label}: which good?",
                    slot.player, "take_good", answers=answers,
                    decline=ready("Takes nothing", None,
                                  {"type": "take_good", "player": me, "good": None})
                    if dock_and_goods_optional(state) else None,
                    draft=draft)


def _ask_training(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = current_slot(state)
    who = state.players[slot.player]
    answers: tuple[Answer, ...] = ()
    if who.money >= TRAINING_PRICE:
        answers = tuple(
            ready(w, w, {"type": "training", "player": who.name, "specialist": w},
                  note=f"${TRAINING_PRICE}")
            for w in _specialist_kinds(state) if who.reserve[w] > 0)
    return Decision(Kind.WORKER, f"{slot.player} on Training (has ${who.money}): buy a "
                    f"specialist for ${TRAINING_PRICE}?", slot.player, "training",
                    answers=answers,
                    decline=ready("No training", None,
                                  {"type": "training", "player": who.name, "specialist": None}),
                    draft=draft)


def _specialist_kinds(state: GameState) -> list[str]:
    return [w for w in SPECIALIST_TYPES if w != "builder" or state.setup.options.builders]


def _ask_buy_vp(state: GameState, draft: dict[str, Any]) -> Decision:
    name = draft["player"]
    price = BUY_VP_PRICE[age_of_turn(state.scored_turn)]
    money = state.players[name].money
    most = money // price

    def buy(vp: int) -> Answer:
        return ready(plural(vp, "VP"), vp, {"type": "buy_vp", "player": name, "vp": vp},
                      note=f"${vp * price}")

    decline = ready("Buys none", 0, {"type": "buy_vp", "player": name, "vp": 0})
    prompt = f"{name} (has ${money}): buy VP at ${price} each?"
    if most <= LIST_AT_MOST:
        return Decision(Kind.NUMBER, prompt, name, "buy_vp",
                        answers=tuple(buy(vp) for vp in range(1, most + 1)), decline=decline,
                        draft=draft)
    return Decision(Kind.NUMBER, prompt, name, "buy_vp", decline=decline, draft=draft,
                    field=Field(least=1, most=most, build=lambda v: buy(int(v))))


# ---------------------------------------------------------------- Capital Buildings


def _ask_buy(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = current_slot(state)
    who = state.players[slot.player]
    if draft.get("building"):
        return _ask_purchase(state, draft, slot)

    def offers() -> Iterator[Answer | None]:
        for b in dict.fromkeys(state.buildings_offer):
            price = price_of(state, b, slot.worker)
            if price <= who.money:
                yield then(state.catalogue[b].name, b,
                            {"type": "buy", "player": who.name, "building": b, "choice": {}},
                            note=f"${price}")

    return Decision(Kind.BUILDING, f"{slot.player} on Capital Buildings slot {slot.label} "
                    f"(has ${who.money}): buy a building?", slot.player, "buy",
                    answers=listed(offers()),
                    decline=ready("Buys nothing", None,
                                  {"type": "buy", "player": who.name, "building": None}),
                    draft=draft)


def _ask_purchase(state: GameState, draft: dict[str, Any], slot: Slot) -> Decision:
    """The choices an immediate building asks for, one at a time."""
    me = slot.player
    b = state.catalogue[draft["building"]]
    e, choice = b.effect, draft.get("choice", {})
    ask = f"{me} buys {b.name}: "
    if e.specialists_once and "specialists" not in choice:
        reserve = {w: state.players[me].reserve[w] for w in _specialist_kinds(state)}
        answers = tuple(
            then(counts_words(c), c, with_choice(draft, specialists=as_list(c)))
            for c in multisets(reserve, e.specialists_once))
        return Decision(Kind.MULTISET, ask + f"which {e.specialists_once} specialists?", me,
                        "buy", answers=listed(iter(answers)), draft=draft)
    if e.random_goods_once and "goods" not in choice:
        wanted = min(e.random_goods_once, sum(state.supply.values()))
        options = tuple(Option(g, good_name(g), n) for g, n in state.supply.items() if n)

        def drawn(counts: dict[str, int]) -> Answer | None:
            return then(counts_words(counts), counts,
                         with_choice(draft, goods=as_list(counts)))

        return Decision(Kind.MULTISET, ask + f"which {wanted} goods were drawn?", None, "buy",
                        report=True, draft=draft,
                        field=counts_field(state, options, wanted, drawn))
    power = benefits.power_of(b)
    if power is not None and power.ask_purchase is not None:
        decision = power.ask_purchase(state, draft, me, ask)
        if decision is not None:
            return decision
    return record(draft, f"Buy {b.name}")


# ---------------------------------------------------------------- Discovery


def _free_cards(state: GameState) -> list[str]:
    owned = {d for p in state.players.values() for d in p.discoveries}
    return [c for c in CARDS if c not in owned]


def _ask_expedition(state: GameState, draft: dict[str, Any]) -> Decision:
    me = state.queue[0]
    ask = f"{me}'s expedition: "
    if "workers" in draft and "target" in draft:  # the last step: which token was revealed
        return _ask_found(state, draft, me, ask)
    pool = {w: n for w, n in state.players[me].discovery.items() if n}
    if "target" not in draft:
        decline = ready("Nobody sails", None,
                        {"type": "expedition", "player": me, "workers": {}})
        undiscovered = [r for r in REGIONS if r not in state.discovered]
        answers: list[Answer | None] = []
        # The follow-ups (who sails, then which token) of every region whose token is known
        # have as many outcomes each, and so have those of every unknown one (the same
        # tokens may turn up there): one probe per kind of target, not one per region.
        for r in undiscovered:
            known = state.known_tokens.get(r)
            note = f"token known: natives {TOKENS[known].natives}" if known else ""
            answers.append(then(region_name(state, r), r, {**draft, "target": r},
                                 note=note, alike="known" if known else "unknown"))
        cards = _free_cards(state)
        if cards and not undiscovered:
            answers.append(then("Draw a discovery card", "card",
                                 {**draft, "target": "card"}, alike="card"))
        if cards and undiscovered and portugal.ready(state, me):
            answers.append(then("Portugal's power: draw a card (natives 3)", "card",
                                 {**draft, "target": "card", "nation_power": True},
                                 alike="card"))
        return Decision(Kind.REGION, ask + f"where do they sail ({counts_words(pool)} on "
                        "Discovery)?", me, "expedition", answers=listed(iter(answers)),
                        decline=decline, draft=draft)
    target = draft["target"]
    counting = READY_WANTED.get() is not None  # asked once per region to settle the first
    # question: a probe reads no words, so none are written then

    # Every part asks on to the same token question (only its odds note differs).
    def send(counts: dict[str, int], usual: bool = False) -> Answer | None:
        if counting:
            return then("", counts, {**draft, "workers": counts}, usual=usual, alike="part")
        value = expedition_value(state, me, counts)
        return then(counts_words(counts), counts, {**draft, "workers": counts},
                     note=f"strength {value}", usual=usual, alike="part")

    parts = sub_multiset_items(tuple(pool.items()))  # each part's dict made only if used
    prompt = "" if counting else ask + f"who sails to {target_name(state, target)}?"
    if len(parts) <= LIST_AT_MOST:
        # While a probe counts outcomes, the first few parts tell as much as all.
        return Decision(Kind.MULTISET, prompt, me, "expedition", draft=draft,
                        answers=listed(send(dict(p), usual=i == 0)
                                       for i, p in enumerate(enough(parts))))
    options = tuple(Option(w, w, n) for w, n in pool.items())
    return Decision(Kind.MULTISET, prompt, me, "expedition", draft=draft,
                    field=counts_field(state, options, None, send, least=1))


def _ask_found(state: GameState, draft: dict[str, Any], me: str, ask: str) -> Decision:
    """Which token (or card) the expedition revealed, each with its odds."""
    strength: list[int] = []  # worked out with the first note (a probe may want none)

    def note(item: str) -> str:
        if not strength:
            strength[:] = (expedition_value(state, me, draft["workers"]),
                           resistance_modifier(state, me))
        return _odds_note(state, item, strength[0], strength[1], draft)

    return token_question(state, draft["target"], None, ask, draft,
                          lambda t: {**draft, "found": t}, note)


def _odds_note(state: GameState, item: str, strength: int, extra: int, draft: dict) -> str:
    natives = (portugal.natives(state, state.queue[0]) if draft.get("nation_power")
               else DISCOVERIES[item].natives + extra)
    verdict = "succeeds" if strength >= natives else "fails"
    printed = DISCOVERIES[item].natives
    against = "" if natives == printed else f", natives count {natives} here"
    return f"{verdict}: strength {strength}{against}"


# ---------------------------------------------------------------- Warfare


def _ask_warfare(state: GameState, draft: dict[str, Any]) -> Decision:
    slot = current_slot(state)
    me = slot.player
    if "kind" in draft:
        return _ask_losses(state, draft, me)
    money = state.players[me].money
    answers: list[Answer | None] = []
    for d in state.order:
        if d == me:
            continue
        regions = battle_regions(state, me, d)
        for r in battle_choices(state, me, d):
            answers.append(then(f"Battle with {d} in {region_name(state, r)}", (d, r),
                                 {"type": "warfare", "player": me, "kind": "battle",
                                  "defender": d,
                                  "losses": [], "_regions": [r]}))
        if regions and money >= WAR_PRICE:
            where = ", ".join(region_name(state, r) for r in regions)
            answers.append(then(f"War on {d}", (d, None),
                                 {"type": "warfare", "player": me, "kind": "war",
                                  "defender": d,
                                  "losses": [], "_regions": regions},
                                 note=f"${WAR_PRICE}: {where}"))
    return Decision(Kind.PLAYER, f"{me} on Warfare slot {slot.label}: a battle, a war, or "
                    "no fight?", me, "warfare", answers=listed(iter(answers)),
                    decline=ready("No fight", None,
                                  {"type": "warfare", "player": me, "kind": None}),
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

        options = multisets(present, n)
        answers = listed(
            then(counts_words(c) if c else "nobody", c, extend(c), usual=i == 0)
            for i, c in enumerate(sorted(options, key=_loss_order)))
        return Decision(Kind.MULTISET, f"Battle in {region_name(state, region)}: which "
                        f"{plural(n, 'worker')} does {owner} lose? ({chooser} chooses)",
                        chooser, "warfare", answers=answers, draft=draft)
    return record(draft, f"{draft['kind'].title()} against {defender}")


def _loss_order(counts: Mapping[str, int]) -> tuple[int, ...]:
    """Colonists first, soldiers last: the usual losses come first."""
    order = ("colonist", "merchant", "missionary", "captain", "builder", "soldier")
    return tuple(-counts.get(w, 0) for w in order)


# ---------------------------------------------------------------- building powers


def _ask_benefit(state: GameState, draft: dict[str, Any]) -> Decision:
    me, building = draft["player"], draft["building"]
    b = state.catalogue[building]
    power = benefits.power_of(b)
    if power is None or power.ask_use is None:
        raise MalformedEvent(f"{b.name} has no power to use by choice")
    return power.ask_use(state, draft, me, f"{me} uses {b.name}: ")


# ---------------------------------------------------------------- national advantages


def _ask_power(state: GameState, draft: dict[str, Any]) -> Decision:
    me, nation = draft["player"], draft["nation"]
    power = NATION_POWERS[nation]
    if power.ask is None:
        raise MalformedEvent(f"{power.name}'s power is chosen with an expedition")
    return power.ask(state, draft, me, f"{me} uses {power.name}'s power: ")


# ---------------------------------------------------------------- standing actions


def _swappable(state: GameState, name: str) -> dict[str, list[str]]:
    """region -> specialists of ``name`` there that may be swapped for a colonist."""
    who = state.players[name]
    if who.reserve["colonist"] < 1:
        return {}
    needed = swap_kinds(state, name)
    if not needed:
        return {}
    out = {}
    for r in REGIONS:
        kinds = [w for w in needed if state.regions[r].get(name, {}).get(w)]
        if kinds:
            out[r] = kinds
    return out


def _ask_swap(state: GameState, draft: dict[str, Any]) -> Decision:
    ask = "Swap a specialist for a colonist: "
    if "player" not in draft:
        names = [n for n in state.order if _swappable(state, n)]
        return Decision(Kind.PLAYER, ask + "whose?", None, "swap", draft=draft, answers=listed(
            then(n, n, {**draft, "player": n}) for n in names))
    me = draft["player"]
    options = _swappable(state, me)
    if "region" not in draft:
        return Decision(Kind.REGION, ask + "from which region?", me, "swap", draft=draft,
                        answers=region_answers(state, list(options),
                                                lambda r: {**draft, "region": r}))
    return Decision(Kind.WORKER, ask + "which specialist comes home?", me, "swap", draft=draft,
                    answers=tuple(ready(w, w, {**draft, "worker": w})
                                  for w in options.get(draft["region"], [])))


def _ask_scout(state: GameState, draft: dict[str, Any]) -> Decision:
    price = SCOUTING_PRICE[state.age]
    if "player" not in draft:
        payers = [n for n in state.order if state.players[n].money >= price]
        return Decision(Kind.PLAYER, f"Scouting (${price}): who looks?", None, "scout",
                        draft=draft, answers=listed(
                            then(n, n, {**draft, "player": n}) for n in payers))
    targets = [r for r in REGIONS if r not in state.discovered] or ["card"]
    return Decision(Kind.REGION, f"{draft['player']} scouts: which token?", draft["player"],
                    "scout", draft=draft, answers=tuple(
                        ready(target_name(state, t), t, {**draft, "target": t})
                        for t in targets))


def actions(state: GameState) -> list[Action]:
    """Powers usable at this moment, then the standing actions allowed at any time."""
    out = list(_power_actions(state))
    if any(_swappable(state, n) for n in state.order):
        out.append(Action("swap", "Swap a specialist for a colonist", None,
                          "A captain, merchant or missionary of yours in the New World comes "
                          "home and a colonist from your stock takes its place (Empires: only "
                          "when you must take one of that kind and your stock has none; never "
                          "a soldier or a builder).",
                          {"type": "swap"}))
    if state.setup.options.scouting and state.phase in IN_TURN:
        out.append(Action("scout", "Scouting", None, "Pay to look at a hidden token (or the top "
                          "card) in secret.", {"type": "scout"}))
    return out


def moment_power_usable(state: GameState) -> bool:
    """Whether ``actions(state)`` offers a power tied to this moment (``Action.moment``):
    the same rules asked, stopping at the first such power, and never the standing ones."""
    return any(True for _ in _power_actions(state, moments_only=True))


def _power_actions(state: GameState, moments_only: bool = False) -> Iterator[Action]:
    """The buildings' powers usable now, then the nations' (``moments_only``: only those
    tied to this moment)."""
    # Asked after every event of every game (and nearly always empty): the building rule is
    # asked only of buildings with a power to use, the nations' only when they are played.
    players, catalogue = state.players, state.catalogue
    for name in state.order:
        who = players[name]
        for building in dict.fromkeys(who.buildings) if who.buildings else ():
            b = catalogue[building]
            power = benefits.power_of(b)
            if power is None or power.use is None or power.asked_at:
                continue  # (a choice asked every turn is the pending Decision itself)
            if moments_only and power.standing:
                continue
            if not benefits.usable_now(state, who, b):
                continue
            start = {"type": "benefit", "player": name, "building": building, "choice": {}}
            if _leads_somewhere(state, start):
                yield Action(f"benefit:{name}:{building}", b.name, name, b.description,
                             start, moment=not power.standing)
    for name in state.order if state.setup.options.nations else ():
        who = players[name]
        if who.nation is not None and nations.usable_now(state, who):
            start = {"type": "power", "player": name, "nation": who.nation, "choice": {}}
            if _leads_somewhere(state, start):
                yield Action(f"power:{name}", f"{nations.NATION_NAMES[who.nation]}'s power",
                             name, nations.POWER_TEXT[who.nation], start, moment=True)


def _leads_somewhere(state: GameState, start: Mapping[str, Any]) -> bool:
    return _probe(state, start, 1)[0] > 0


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
