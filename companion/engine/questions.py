"""The vocabulary every question is written in: words for the table, ready answers,
answers that ask on, multiset fields, and the questions several rules share (which
region, which token was revealed).

Power modules (``companion.engine.powers``) and ``asking`` build their Decisions from
these; nothing here decides what comes next.

>>> counts_words({"colonist": 2, "captain": 1})
'2 colonists + 1 captain'
>>> [sorted(m.items()) for m in multisets({"a": 1, "b": 2}, 2)]
[[('a', 1), ('b', 1)], [('b', 2)]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import methodcaller
from typing import Any

from companion import names
from companion.engine.decisions import (
    Answer,
    Decision,
    Field,
    Kind,
    Legal,
    Move,
    Option,
    evolve,
)
from companion.engine.discovery import accounted_tokens
from companion.engine.errors import MalformedEvent
from companion.engine.state import GameState
from companion.i18n import _, component_count
from companion.rules.discoveries import CARDS, DISCOVERIES, TOKENS, same_face
from companion.rules.editions import WORKER_TYPES
from companion.rules.regions import REGIONS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_REGION = Kind.REGION
_TOKEN = Kind.TOKEN
_YES_NO = Kind.YES_NO

LIST_AT_MOST = 16  # answer spaces up to this size are listed outright


def plural(n: int, word: str, edition: str | None = None) -> str:
    """``n`` of a worker type or a good, named as printed in the form for ``n`` ("2
    colonists", "2 rice"; in French "2 colons", "2 riz")."""
    if word in WORKER_TYPES:
        return component_count(n, "worker", word, edition)
    return component_count(n, "good", word.replace("_", " "), edition)


def counts_words(counts: Mapping[str, int]) -> str:
    """'2 colonists + 1 captain' (or 'nobody')."""
    return " + ".join(plural(n, w) for w, n in counts.items() if n) or _("nobody")


def discovery_note(item: str) -> str:
    """Beside a card's title, what it carries (a token's label is already its face)."""
    d = DISCOVERIES[item]
    return d.face if d.kind == "card" else ""


def clean(draft: Mapping[str, Any]) -> dict[str, Any]:
    """The event a finished draft stands for (private keys start with '_').

    >>> clean({"type": "buy", "_now": True, "choice": {"region": "peru", "_seen": 1}})
    {'type': 'buy', 'choice': {'region': 'peru'}}
    """
    # (most drafts hold no private key: told in one pass made in C, then copied whole)
    event = (dict(draft) if not any(map(_private, draft))
             else {k: v for k, v in draft.items() if k[:1] != "_"})
    choice = event.get("choice")
    if type(choice) is dict:
        event["choice"] = (choice.copy() if not any(map(_private, choice))
                           else {k: v for k, v in choice.items() if not k.startswith("_")})
    return event


_private = methodcaller("startswith", "_")


def record(draft: Mapping[str, Any], prompt: str | None = None) -> Decision:
    """A finished draft: one ready answer (it folds into the answer that led here); its
    prompt "Record it" unless given, in the language asked in (not the one imported in)."""
    return record_words(record_move(draft), _("Record it") if prompt is None else prompt)


def record_move(draft: Mapping[str, Any]) -> Legal:
    """``record`` without its words: the finished draft's event as one ready move."""
    event = clean(draft)
    return Legal(_YES_NO, event["type"], draft.get("player"),
                 (Move(True, events=(event,)),), draft=draft)


def record_words(legal: Legal, prompt: str) -> Decision:
    """``record_move``'s question in words: its one answer says ``prompt``."""
    return Decision(Kind.YES_NO, prompt, legal.player, legal.type, answers=tuple(
        Answer(prompt, m.value, m.events) for m in legal.moves), draft=legal.draft)


def then(label: str, value: Any, draft: Mapping[str, Any], *, note: str = "",
         usual: bool = False) -> Answer:
    """An answer that asks on with ``draft``. ``asking.decide`` settles it: ready at once
    when nothing is left to ask, dropped when the draft leads nowhere legal."""
    return Answer(label, value, draft=draft, note=note, usual=usual)


def listed(items: Iterator[Answer | None]) -> tuple[Answer, ...]:
    found = [a for a in items if a is not None]
    found.sort(key=lambda a: not a.usual)  # the usual answer first, the rest as listed
    return tuple(found)


def ready(label: str, value: Any, *events: Mapping[str, Any], note: str = "",
           usual: bool = False) -> Answer:
    return Answer(label, value, events=tuple(events), note=note, usual=usual)


def multisets(limits: Mapping[str, int], size: int) -> list[dict[str, int]]:
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


def sub_multisets(pool: Mapping[str, int]) -> list[dict[str, int]]:
    """Every non-empty part of ``pool``, largest first (new dicts each time)."""
    return [dict(part) for part in sub_multiset_items(tuple(pool.items()))]


Items = tuple[tuple[str, int], ...]


@lru_cache(maxsize=1024)
def sub_multiset_items(pool: Items) -> tuple[Items, ...]:
    """``sub_multisets`` of a pool given as its items, each part as its items: worked out
    once per pool (an expedition asks it of every region it probes)."""
    parts: list[dict[str, int]] = [{}]
    for kind, n in pool:
        parts = [{**p, kind: k} if k else dict(p) for p in parts for k in range(n + 1)]
    parts = [p for p in parts if sum(p.values())]
    parts.sort(key=lambda p: -sum(p.values()))
    return tuple(tuple(p.items()) for p in parts)


def counts_field(state: GameState, options: Sequence[Option], total: int | None,
                  finish: Callable[[dict[str, int]], Answer | None], least: int = 0,
                  most: int | None = None) -> Field:
    options = tuple(options)

    def build(value: Any) -> Answer:  # (the limits read only when an answer is built)
        limits = {o.value: o.most for o in options}
        counts = counts_of(value)
        for item, n in counts.items():
            if item not in limits:
                raise MalformedEvent(_("{item!r} is not one of the choices offered").format(
                                         item=item))
            if n > limits[item]:
                raise MalformedEvent(_("at most {limits} {item} can be picked").format(
                                         limits=limits[item], item=item))
        picked = sum(counts.values())
        if total is not None and picked != total:
            raise MalformedEvent(_("pick exactly {total}, not {picked}").format(
                                     total=total, picked=picked))
        if picked < least or (most is not None and picked > most):
            raise MalformedEvent(_("pick between {least} and {most} in all, not {picked}").format(
                                     least=least, most=most, picked=picked))
        answer = finish(counts)
        if answer is None:
            return Answer(counts_words(counts), counts)
        return answer

    return Field(options, total=total, least=least, most=most, build=build)


def labelled_field(field: Field, name: Callable[[Any], str], label: Callable[[Any], str],
                   note: Callable[[Any], str] | None = None) -> Field:
    """A field listed without words (``Legal.field``) as the table sees it: each option
    named (``name`` of its value), each answer built with its label (``label`` of its
    value) and its ``note`` (none on an answer that leads nowhere); the rest as listed."""
    build = field.build

    def built(value: Any) -> Answer:
        answer = build(value)
        if note is not None and (answer.events or answer.draft is not None):
            return evolve(answer, label=label(answer.value), note=note(answer.value))
        return evolve(answer, label=label(answer.value))

    return evolve(field, build=built, options=tuple(
        Option(o.value, name(o.value), o.most, o.note) for o in field.options))


def counts_of(value: Any) -> dict[str, int]:
    """Counts from a mapping or a list of picks (both are what a multiset field returns)."""
    if isinstance(value, Mapping):
        if not all(type(n) is int and n >= 0 for n in value.values()):
            raise MalformedEvent(_("give each count as a whole number, 0 or more"))
        return {str(k): n for k, n in value.items() if n}
    if not isinstance(value, list | tuple):
        raise MalformedEvent(_("pick the items from the list offered"))
    counts: dict[str, int] = {}
    for item in value:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return counts


def as_list(counts: Mapping[str, int]) -> list[str]:
    return [k for k, n in counts.items() for _ in range(n)]


def with_choice(draft: Mapping[str, Any], **values: Any) -> dict[str, Any]:
    return {**draft, "choice": {**draft.get("choice", {}), **values}}


def regions_with(state: GameState, name: str, worker: str | None = None) -> list[str]:
    """Regions where ``name`` has a worker (of that type)."""
    return [r for r in REGIONS
            if (state.regions[r].get(name, {}).get(worker, 0) if worker
                else state.workers_in_region(r, name))]


def region_answers(state: GameState, regions: Sequence[str],
                    draft_for: Callable[[str], dict[str, Any]]) -> tuple[Answer, ...]:
    return listed(then(names.region(state.setup.edition, r), r, draft_for(r)) for r in regions)


def discovery_moves(state: GameState, draft: Mapping[str, Any], me: str) -> Legal:
    """A discovery without a test (its choices in ``draft["choice"]``): which region, then
    which token it revealed (without words: ``discovery_words`` names them)."""
    region = (draft.get("choice") or {}).get("region")
    if region is None:
        # A region whose token is unknown while two or more may turn up asks on with two
        # outcomes or more: open (nothing to probe); the others are settled by probing.
        discovered, known = state.discovered, state.known_tokens
        several = len(unseen_tokens(state)) > 1
        return Legal(_REGION, draft["type"], me, tuple(
            Move(r, draft=with_choice(draft, region=r), open=several and r not in known)
            for r in REGIONS if r not in discovered), draft=draft)
    event = clean(draft)  # (each token's event: this one, the token added to its choice)
    choice = event.get("choice", {})
    return Legal(_TOKEN, draft["type"], None, token_moves(
        state, region, lambda t: {**event, "choice": {**choice, "token": t}}), report=True,
        draft=draft)


def discovery_has_choices(state: GameState) -> bool:
    """Whether a discovery without a test has two outcomes or more: two regions or more
    where a token may turn up (a known one, or any unseen)."""
    known = state.known_tokens
    unseen = bool(unseen_tokens(state))
    return sum(1 for r in REGIONS if r not in state.discovered and (unseen or r in known)) > 1


def discovery_words(state: GameState, legal: Legal, ask: str) -> Decision:
    if legal.kind == Kind.REGION:
        return Decision(Kind.REGION, ask + _("which region is discovered?"), legal.player,
                        legal.type, draft=legal.draft, answers=tuple(
                            Answer(names.region(state.setup.edition, m.value), m.value, m.events,
                                   m.draft)
                            for m in legal.moves))
    return token_words(state, legal.draft["choice"]["region"], ask, legal)


def discovery_question(state: GameState, draft: dict, me: str, ask: str) -> Decision:
    """``discovery_moves`` in words at once."""
    return discovery_words(state, discovery_moves(state, draft, me), ask)


def token_items(state: GameState, target: str) -> list[str]:
    """The tokens (or cards) that may turn up for ``target``: a known token, else every
    token (card) not yet accounted for."""
    if target == "card":
        owned = {d for p in state.players.values() for d in p.discoveries}
        return [c for c in CARDS if c not in owned]
    if target in state.known_tokens:
        return [state.known_tokens[target]]
    return unseen_tokens(state)


def unseen_tokens(state: GameState) -> list[str]:
    """The tokens an unknown region may reveal: those not accounted for, one per printed
    face (compared by numbers, never by words)."""
    return list(_unseen(frozenset(accounted_tokens(state))))


@lru_cache(maxsize=512)
def _unseen(used: frozenset[str]) -> tuple[str, ...]:
    """``unseen_tokens`` once per set of tokens accounted for (every expedition asks)."""
    return tuple(same_face([t for t in TOKENS if t not in used]))


def token_moves(state: GameState, target: str, event: Callable[[str], dict[str, Any]],
                most: int | None = None) -> tuple[Move, ...]:
    """The legal answers of the token question, each with ``event`` of its token, the
    finished event (``most``: only the first few are needed)."""
    items = token_items(state, target)
    if most is not None:
        items = items[:most]
    return tuple([Move(t, events=(event(t),)) for t in items])


def token_words(state: GameState, target: str, ask: str, legal: Legal,
                note: Callable[[str], str] = discovery_note) -> Decision:
    what = _("which card was drawn?") if target == "card" else _("which token was revealed?")
    return Decision(Kind.TOKEN, ask + what, None, legal.type, answers=tuple(
        Answer(names.token(m.value, state.setup.edition), m.value, events=m.events,
               note=note(m.value))
        for m in legal.moves), report=True, draft=legal.draft)


def move_from(state: GameState, draft: dict, me: str, prompt: str, worker: str) -> Decision:
    """Where a building power moves ``me``'s workers of one type from."""
    return Decision(Kind.REGION, prompt, me, "benefit", draft=draft, answers=region_answers(
        state, regions_with(state, me, worker), lambda r: with_choice(draft, **{"from": r})))


def target_to(state: GameState, target: str) -> str:
    """Where an expedition sails: to a region, with its preposition, or to the cards."""
    if target == "card":
        return _("to the discovery cards")
    return names.region_to(state.setup.edition, target)


def target_name(state: GameState, target: str) -> str:
    if target == "card":
        return _("the discovery cards")
    return names.region(state.setup.edition, target)
