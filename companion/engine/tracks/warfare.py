"""Warfare: each worker on it may start a battle in one region (Empires: where either
side has a soldier), or pay for a war against one player in every region they share;
each soldier removes one enemy worker of its owner's choice, at once on both sides."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import compress, repeat
from typing import Any

from companion import names
from companion.engine.common import (
    check_region,
    pay,
    player,
    refuse,
    remove_from_region,
)
from companion.engine.decisions import Answer, Decision, Kind, Legal, Move
from companion.engine.events import Warfare
from companion.engine.questions import clean, counts_words, multisets, record_move
from companion.engine.slots import current_slot
from companion.engine.state import GameState, Slot
from companion.engine.tracks.base import Question
from companion.engine.worth import colony_worth
from companion.i18n import _, edition_text, format_list, ngettext
from companion.rules.editions import WAR_PRICE
from companion.rules.regions import REGIONS

# Enum members read in every game, as module names: Python 3.11 finds a member on
# its class through ``EnumType.__getattr__`` (hundreds of instructions a read).
_MULTISET = Kind.MULTISET
_PLAYER = Kind.PLAYER

NOBODY: dict[str, int] = {}  # (read only: a player with no worker in a region)


def _soldiers(state: GameState, region: str, name: str) -> int:
    return state.regions[region].get(name, NOBODY).get("soldier", 0)


def _workers(n: int) -> str:
    return ngettext("{n} worker", "{n} workers", n).format(n=n)


def battle_regions(state: GameState, attacker: str, defender: str) -> list[str]:
    """Where a war between the two is fought: both present and a soldier on either side."""
    return [
        r for r in REGIONS
        if state.workers_in_region(r, attacker) and state.workers_in_region(r, defender)
        and (_soldiers(state, r, attacker) or _soldiers(state, r, defender))
    ]


def battle_refusal(state: GameState, attacker: str, defender: str, region: str,
                   explain: bool = True) -> str | None:
    """Why a single battle cannot be fought there (None: it can). Both editions: the defender
    must have workers in the region ("un seul joueur à combattre dans cette région"); Empires
    also needs a soldier of either side there (`000_…`, "Piste : Guerre"). With ``explain``
    False a refusal is only ``"refused"``: the Warfare question asks of every region."""
    if not state.workers_in_region(region, defender):
        if not explain:
            return "refused"
        where = names.region_in(state.setup.edition, region)
        return _("no battle against {defender} {in_region}: {defender} has no worker "
                 "there").format(defender=defender, in_region=where)
    if state.edition.battle_needs_soldier and not (
            _soldiers(state, region, attacker) or _soldiers(state, region, defender)):
        if not explain:
            return "refused"
        where = names.region_in(state.setup.edition, region)
        return (_("no battle {in_region}: neither {attacker} nor {defender} has a soldier "
                  "there (a battle needs a soldier of either side)").format(
                    in_region=where, attacker=attacker, defender=defender))
    return None


def expected_losses(state: GameState, region: str, attacker: str, defender: str) -> tuple[int, int]:
    """(attacker's losses, defender's losses) in a battle: one per enemy soldier."""
    return _expected(state.regions[region], attacker, defender, _militia(state, defender))


def _militia(state: GameState, defender: str) -> int:
    """The soldiers the defender's buildings add in every battle."""
    catalogue, total = state.catalogue, 0
    for b in state.players[defender].buildings:
        total += catalogue[b].effect.defence_soldiers
    return total


def _expected(here: Mapping[str, Mapping[str, int]], attacker: str, defender: str,
              militia: int) -> tuple[int, int]:
    """``expected_losses`` in a region whose workers are ``here``."""
    mine, theirs = here.get(attacker, NOBODY), here.get(defender, NOBODY)
    return (min(theirs.get("soldier", 0) + militia, sum(mine.values())),
            min(mine.get("soldier", 0), sum(theirs.values())))


# ---------------------------------------------------------------- legal moves


def legal(state: GameState, draft: Mapping[str, Any], most: int | None = None) -> Legal:
    """A battle per region worth fighting, a war per opponent, or no fight; then each
    side's losses, region by region. Settled here: a fight whose every loss leaves one
    choice is ready at once, any other asks on (its losses have two outcomes or more)."""
    me = current_slot(state).player
    if "kind" in draft:
        return _losses(state, draft)
    regions = state.regions
    # Only regions where both stand can hold a battle or a war (the rules of
    # ``battle_refusal`` and ``battle_regions``, asked of fewer regions): each opponent's,
    # in the board's order, found in one pass over the regions ``me`` is in (told in C).
    needs_soldier = state.edition.battle_needs_soldier
    together: dict[str, list[str]] = {}  # where each could fight a battle
    armed: dict[str, list[str]] = {}  # ... where a soldier of either side stands (a war's)
    for r in compress(_REGION_IDS, map(dict.__contains__, map(regions.__getitem__, _REGION_IDS),
                                       repeat(me))):
        here = regions[r]
        mine = here[me]
        if len(here) < 2 or not any(mine.values()):
            continue
        my_soldier = mine.get("soldier")
        for d, theirs in here.items():
            if d != me and any(theirs.values()):
                if my_soldier or theirs.get("soldier"):
                    armed.setdefault(d, []).append(r)
                elif needs_soldier:  # (Empires: a battle needs a soldier of either side)
                    continue
                together.setdefault(d, []).append(r)
    if not together:  # (the usual case: nobody to fight)
        return Legal(_PLAYER, "warfare", me, (), _no_fight(me), draft=draft, settled=True)
    money = state.players[me].money
    moves = []
    for d in state.order:
        shared = together.get(d)
        if not shared:
            continue
        # (the defender stands in each: ``battle_refusal`` has nothing to refuse there)
        militia = _militia(state, d)
        moves += [_fight(state, (d, r), {"type": "warfare", "player": me, "kind": "battle",
                                         "defender": d, "losses": [], "_regions": [r]})
                  for r in shared if any(_expected(regions[r], me, d, militia))]
        fought = armed.get(d)
        if fought and money >= WAR_PRICE:
            moves.append(_fight(state, (d, None), {"type": "warfare", "player": me,
                                                   "kind": "war", "defender": d, "losses": [],
                                                   "_regions": fought}))
    return Legal(_PLAYER, "warfare", me, tuple(moves), _no_fight(me), draft=draft,
                 settled=True)


_REGION_IDS = tuple(REGIONS)


@lru_cache(maxsize=8)  # (made once per player and shared: its event parsed once)
def _no_fight(me: str) -> Move:
    return Move(None, events=({"type": "warfare", "player": me, "kind": None},))


def _fight(state: GameState, value: Any, draft: Mapping[str, Any]) -> Move:
    """A battle or a war: ready when each of its losses leaves one choice, else open."""
    steps = _steps(state, draft)
    if all(_one_choice(step) for step in steps):
        return Move(value, events=(_finished(draft, steps),))
    return Move(value, draft=draft, open=True)


# One loss still to choose: (region, side, owner, how many, chooser, the owner's workers).
LossStep = tuple[str, str, str, int, str, Mapping[str, int]]


def _steps(state: GameState, draft: Mapping[str, Any]) -> list[LossStep]:
    """The losses still to choose, in the order asked: region by region, the attacker's
    then the defender's (the board does not change while they are chosen)."""
    me, defender = draft["player"], draft["defender"]
    done = {loss["region"] for loss in draft["losses"]}
    partial = draft.get("_partial")
    steps: list[LossStep] = []
    for region in draft["_regions"]:
        if region in done:
            continue
        here = state.regions[region]
        lose_a, lose_d = expected_losses(state, region, me, defender)
        if partial is None:
            steps.append((region, "attacker", me, lose_a, defender, here.get(me, NOBODY)))
        partial = None  # (a region half chosen is the first one left)
        steps.append((region, "defender", defender, lose_d, me, here.get(defender, NOBODY)))
    return steps


def _one_choice(step: LossStep) -> bool:
    """Whether the owner's losses there leave one choice: none to lose, all of them, or
    all of one kind (``multisets`` lists one option then)."""
    n, workers = step[3], step[5]
    return n == 0 or n == sum(workers.values()) or sum(1 for k in workers.values() if k) == 1


def _options(step: LossStep) -> list[dict[str, int]]:
    """The losses the chooser may pick, the usual first."""
    return sorted(multisets(dict(step[5]), step[3]), key=_loss_order)


def _chosen(draft: Mapping[str, Any], step: LossStep, counts: dict[str, int]) -> dict[str, Any]:
    """``draft`` with that loss chosen."""
    region, side = step[0], step[1]
    entry = {**(draft.get("_partial") or {"region": region}), side: counts}
    if side == "attacker":
        return {**draft, "_partial": entry}
    return {**draft, "_partial": None, "losses": [*draft["losses"], entry]}


def _finished(draft: Mapping[str, Any], steps: list[LossStep]) -> dict[str, Any]:
    """The event once every one of ``steps`` (each with one choice) is chosen."""
    for step in steps:
        draft = _chosen(draft, step, _only_option(step))
    return clean(draft)


def _only_option(step: LossStep) -> dict[str, int]:
    """``_options(step)[0]`` of a step with one choice (``_one_choice``), without listing
    them: every worker there, or all the losses of the one kind there."""
    n, workers = step[3], step[5]
    if n == 0:
        return {}
    if n == sum(workers.values()):
        return {k: v for k, v in workers.items() if v}
    return {next(k for k, v in workers.items() if v): n}


def _next_loss(state: GameState, draft: Mapping[str, Any]) -> LossStep | None:
    """The loss asked next."""
    steps = _steps(state, draft)
    return steps[0] if steps else None


def _losses(state: GameState, draft: Mapping[str, Any]) -> Legal:
    """Every soldier removes a worker of its owner's choice: the attacker picks the
    defender's losses and the defender the attacker's. Each pick is ready when every
    loss after it leaves one choice, else open."""
    steps = _steps(state, draft)
    if not steps:
        return record_move(draft)  # (the draft names ``me``: the attacker decides)
    step, rest = steps[0], steps[1:]
    ready = all(_one_choice(later) for later in rest)
    moves = []
    for i, counts in enumerate(_options(step)):
        chosen = _chosen(draft, step, counts)
        moves.append(Move(counts, events=(_finished(chosen, rest),), usual=i == 0) if ready
                     else Move(counts, draft=chosen, usual=i == 0, open=True))
    return Legal(_MULTISET, "warfare", step[4], tuple(moves), draft=draft, settled=True)


def _loss_order(counts: Mapping[str, int]) -> tuple[int, ...]:
    """Colonists first, soldiers last: the usual losses come first."""
    order = ("colonist", "merchant", "missionary", "captain", "builder", "soldier")
    return tuple(-counts.get(w, 0) for w in order)


# ---------------------------------------------------------------- words


def words(state: GameState, legal: Legal) -> Decision:
    slot = current_slot(state)
    me = slot.player
    draft = legal.draft
    if "kind" not in draft:
        def answer(m: Move) -> Answer:
            d, r = m.value
            if r is not None:
                return Answer(_("Battle with {d} {in_region}").format(
                                  d=d, in_region=names.region_in(state.setup.edition, r)), m.value,
                              m.events, m.draft)
            where = format_list([names.region(state.setup.edition, x)
                                 for x in battle_regions(state, me, d)])
            return Answer(_("War on {d}").format(d=d), m.value, m.events, m.draft,
                          note=_("{price}: {regions}").format(
                              price=names.money(WAR_PRICE), regions=where))

        prompt = edition_text(state.setup.edition, "{me} on Warfare slot {label}: a battle, a war, "
                              "or no fight?").format(
            me=me, label=slot.label)
        return Decision(Kind.PLAYER, prompt, me, "warfare",
                        answers=tuple(answer(m) for m in legal.moves),
                        decline=Answer(_("No fight"), None, legal.decline.events), draft=draft)
    asked = _next_loss(state, draft)
    if asked is None:
        fight = (_("Battle against {player}") if draft["kind"] == "battle"
                 else _("War against {player}"))
        prompt = fight.format(player=draft["defender"])
        return Decision(Kind.YES_NO, prompt, me, "warfare", draft=draft, answers=tuple(
            Answer(prompt, m.value, m.events) for m in legal.moves))
    region, _side, owner, n, chooser, _workers = asked
    return Decision(Kind.MULTISET, ngettext(
                        "Battle {in_region}: which worker does {owner} lose? ({chooser} "
                        "chooses)", "Battle {in_region}: which {n} workers does {owner} "
                        "lose? ({chooser} chooses)", n).format(
                            in_region=names.region_in(state.setup.edition, region), n=n,
                            owner=owner,
                            chooser=chooser),
                    chooser, "warfare", draft=draft, answers=tuple(
                        Answer(counts_words(m.value) if m.value else _("nobody"), m.value,
                               m.events, m.draft, usual=m.usual) for m in legal.moves))


def told(state: GameState, ev: Any, player: str) -> str:
    if ev.kind is None:
        return _("{player}: no fight").format(player=player)
    fight = (_("{player}: battle against {defender}") if ev.kind == "battle"
             else _("{player}: war against {defender}"))
    return fight.format(player=player, defender=ev.defender)


QUESTION = Question("warfare", legal, words, told)
hint = colony_worth


# ---------------------------------------------------------------- effect


def effect(state: GameState, ev: Warfare, slot: Slot) -> None:
    if ev.kind is None:
        return
    attacker = slot.player
    defender = player(state, ev.defender).name
    if defender == attacker:
        raise refuse(state, _("{attacker} cannot fight against themselves").format(
                                attacker=attacker))
    regions = [loss.region for loss in ev.losses]
    if len(set(regions)) != len(regions):
        raise refuse(state, _("a region is listed twice in the losses"))
    if ev.kind == "battle":
        if len(regions) != 1:
            raise refuse(state, _("a battle is fought in exactly one region"))
        region = check_region(state, regions[0])
        refusal = battle_refusal(state, attacker, defender, region)
        if refusal is not None:
            raise refuse(state, refusal)
    else:
        wanted = battle_regions(state, attacker, defender)
        if sorted(regions) != sorted(wanted):
            if not wanted:
                raise refuse(state, _("a war between {attacker} and {defender} has no region "
                                      "to be fought in").format(
                                        attacker=attacker, defender=defender))
            where = format_list([names.region(state.setup.edition, r) for r in wanted])
            raise refuse(state, _("a war between {attacker} and {defender} is fought in: "
                                  "{names}").format(
                                    attacker=attacker, defender=defender, names=where))
    for loss in ev.losses:
        want_a, want_d = expected_losses(state, loss.region, attacker, defender)
        got_a, got_d = sum(loss.attacker.values()), sum(loss.defender.values())
        if (got_a, got_d) != (want_a, want_d):
            raise refuse(state, _("{in_region} {attacker} loses {lost_a} and {defender} "
                                  "loses {lost_d}, not {got_a} and {got_d}").format(
                                    in_region=names.region_in(state.setup.edition, loss.region),
                                    attacker=attacker, defender=defender,
                                    lost_a=_workers(want_a), lost_d=_workers(want_d),
                                    got_a=got_a, got_d=got_d))
    if ev.kind == "war":
        pay(state, state.players[attacker], WAR_PRICE, _("a war"))
    # Losses are simultaneous; a refusal half-way is safe because apply() works on a copy.
    for loss in ev.losses:
        remove_from_region(state, loss.region, attacker, loss.attacker, _("the battle"))
        remove_from_region(state, loss.region, defender, loss.defender, _("the battle"))
