"""Every capital-building power and national advantage, one module each.

Open ``stables.py`` to see all Stables does: when it may act, what it changes, what it
asks. Passive effects that are plain numbers (workers or money per turn, end VP) are data
in ``companion.rules.buildings`` and need no module. A new power is one module here whose
``POWER`` is a ``BuildingPower`` (named by its building's ``Effect.action``) or a
``NationPower``: the package finds it, as ``companion.games`` finds its families.

>>> from companion.rules.nations import NATION_NAMES
>>> set(NATION_POWERS) == set(NATION_NAMES)
True
>>> BUILDING_POWERS["stables"].use is not None
True
"""

from __future__ import annotations

import importlib
import pkgutil

from companion.engine.powers.base import BuildingPower, NationPower

NOT_POWERS = {"base"}  # this package's other modules


def _discover() -> list[BuildingPower | NationPower]:
    """Every power module of this package (found, never listed): each holds its ``POWER``."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if info.name in NOT_POWERS or info.name.startswith("_"):
            continue
        power = importlib.import_module(f"{__name__}.{info.name}").POWER
        if not isinstance(power, BuildingPower | NationPower):
            raise TypeError(f"{info.name}.POWER is not a BuildingPower or a NationPower")
        found.append(power)
    return found


_POWERS = _discover()
BUILDING_POWERS: dict[str, BuildingPower] = {
    p.action: p for p in _POWERS if isinstance(p, BuildingPower)}
NATION_POWERS: dict[str, NationPower] = {
    p.nation: p for p in _POWERS if isinstance(p, NationPower)}

__all__ = ["BUILDING_POWERS", "NATION_POWERS", "BuildingPower", "NationPower"]
