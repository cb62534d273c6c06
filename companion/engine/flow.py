"""Turn flow as data: the phases of a turn, the steps of the resolution, what comes next.

Every other module names phases and steps through these enums; this is the only place
that knows their order.

>>> next_step(Step.DECLARE), next_step(Step.WARFARE), next_step(Step.INCOME)
(<Step.INITIATIVE: 'initiative'>, <Step.INCOME: 'income'>, None)
>>> Step.DOCK in steps_before(Step.SHIPPING), Step.SHIPPING in steps_before(Step.SHIPPING)
(True, False)
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a game stands between turns and within a turn."""

    SETUP = "setup"  # before turn 1: the opening goods and buildings
    PLACEMENT = "placement"  # phase 1
    RESOLUTION = "resolution"  # phases 2 and 3: the tracks, then income
    BENEFITS = "benefits"  # phases 4 and 5: building powers, then the refresh
    BUY_VP = "buy_vp"  # optional rule: VP bought right after a colony scoring
    OVER = "over"


class Step(StrEnum):
    """The steps of the resolution phase, in the order they resolve."""

    DECLARE = "declare"  # powers used "just before" a track get a moment first
    INITIATIVE = "initiative"
    DOCK = "dock"
    TRADE_GOODS = "trade_goods"
    SHIPPING = "shipping"
    BUILDINGS = "buildings"
    DISCOVERY = "discovery"
    SPECIALISTS = "specialists"
    WARFARE = "warfare"
    INCOME = "income"  # phase 3: waits while a choice made "before income is paid" is due


TRACK_STEPS: tuple[Step, ...] = tuple(s for s in Step if s not in (Step.DECLARE, Step.INCOME))
IN_TURN = (Phase.PLACEMENT, Phase.RESOLUTION)  # phases during which the tracks are in play


def first_step(declare: bool) -> Step:
    """The first resolution step: the declare moment when some power may be used first."""
    return Step.DECLARE if declare else TRACK_STEPS[0]


STEP_ORDER: tuple[Step, ...] = tuple(Step)  # listed once: iterating an enum is slow


def next_step(step: Step) -> Step | None:
    """The step after ``step``; None after Income (the building phase comes next)."""
    index = STEP_ORDER.index(step)
    return STEP_ORDER[index + 1] if index + 1 < len(STEP_ORDER) else None


def steps_before(step: Step) -> tuple[Step, ...]:
    """The steps that come before ``step`` (declare included): "before it resolves"."""
    return STEP_ORDER[: STEP_ORDER.index(step)]


def is_resolving(phase: Phase | str, step: Step | str | None, *steps: Step) -> bool:
    """Whether the resolution is at one of ``steps`` (any step when none is named)."""
    if phase != Phase.RESOLUTION:
        return False
    return not steps or step in steps


def before_track(phase: Phase | str, step: Step | str | None, cursor: int, track: Step) -> bool:
    """Whether ``track`` has not started resolving yet (its first slot still waits)."""
    if phase != Phase.RESOLUTION:
        return False
    return step in steps_before(track) or (step == track and cursor == 0)
