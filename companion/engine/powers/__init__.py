"""Every capital-building power and national advantage, one module each.

Open ``stables.py`` to see all Stables does: when it may act, what it changes, what it
asks. Passive effects that are plain numbers (workers or money per turn, end VP) are data
in ``companion.rules.buildings`` and need no module.

>>> sorted(NATION_POWERS)
['england', 'france', 'holland', 'italy', 'portugal', 'spain']
>>> BUILDING_POWERS["stables"].use is not None
True
"""

from __future__ import annotations

from companion.engine.powers import (
    broker,
    cartography,
    england,
    france,
    holland,
    indian_allies,
    italy,
    mayflower,
    migration,
    mint,
    overpopulation,
    papal_edict,
    plague_strike,
    plague_thin,
    portugal,
    privateers,
    reformation,
    rewrite_history,
    smuggle,
    spain,
    stables,
    university,
    west_indies,
)
from companion.engine.powers.base import BuildingPower, NationPower

BUILDING_POWERS: dict[str, BuildingPower] = {p.action: p for p in (
    indian_allies.POWER, overpopulation.POWER, papal_edict.POWER, plague_thin.POWER,
    plague_strike.POWER, rewrite_history.POWER, cartography.POWER, mint.POWER, broker.POWER,
    smuggle.POWER, migration.POWER, stables.POWER, university.POWER, privateers.POWER,
    mayflower.POWER, reformation.POWER, west_indies.POWER,
)}
NATION_POWERS: dict[str, NationPower] = {p.nation: p for p in (
    england.POWER, spain.POWER, france.POWER, portugal.POWER, holland.POWER, italy.POWER,
)}

__all__ = ["BUILDING_POWERS", "NATION_POWERS", "BuildingPower", "NationPower"]
