"""What is legal now, for an app that offers only legal choices.

The engine stays the judge (``apply`` refuses anything else); this module only reads the state.

>>> from companion.engine.game import Game
>>> game = Game.new({"players": [{"name": "Ann"}, {"name": "Bob"}]})
>>> game = game.apply({"type": "reveal", "goods": ["fur", "rice", "gold", "fish"],
...                    "buildings": ["settlers", "monastery", "trading_post", "navigator",
...                                  "trade_routes"]})
>>> now = legal_now(game.state)
>>> now.pending.player, now.open_slots["dock"], now.discovered
('Ann', 3, ['caribbean'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.engine.asking import decide
from companion.engine.decisions import Decision, Kind
from companion.engine.events import Place, parse_event
from companion.engine.flow import Phase
from companion.engine.state import GameState
from companion.engine.tracks.buildings import price_of
from companion.engine.tracks.placement import open_slots
from companion.rules.regions import REGIONS


@dataclass(frozen=True)
class LegalNow:
    """A summary of the pending Decision for an app or a test: nothing here is decided
    twice, the lists are read off the Decision's answers."""

    pending: Decision | None
    placements: list[Place] = field(default_factory=list)  # for the current placer
    open_slots: dict[str, int | None] = field(default_factory=dict)  # None: no limit
    still_placing: list[str] = field(default_factory=list)  # players with workers left
    discovered: list[str] = field(default_factory=list)
    expedition_targets: list[str] = field(default_factory=list)
    goods: list[str] = field(default_factory=list)  # face up on Trade Goods
    buyable: dict[str, int] = field(default_factory=dict)  # building -> price for the buyer


def legal_now(state: GameState) -> LegalNow:
    wanted = decide(state)
    placements: list[Place] = []
    buyable: dict[str, int] = {}
    targets: list[str] = []
    if wanted is not None and wanted.kind == Kind.PLACE:
        placements = [e for a in wanted.answers if isinstance(e := parse_event(a.events[0]), Place)]
    if wanted is not None and wanted.type == "buy":
        slot = state.tracks["buildings"][state.cursor]
        buyable = {a.value: price_of(state, a.value, slot.worker) for a in wanted.answers}
    if wanted is not None and wanted.type == "expedition" and "target" not in wanted.draft:
        targets = list(dict.fromkeys(a.value for a in wanted.answers))
    placing = state.phase == Phase.PLACEMENT
    return LegalNow(
        pending=wanted,
        placements=placements,
        open_slots=open_slots(state) if placing else {},
        still_placing=[n for n in state.order if state.players[n].workers_to_place()]
        if placing else [],
        discovered=list(state.discovered),
        expedition_targets=targets or [r for r in REGIONS if r not in state.discovered],
        goods=list(state.goods_offer),
        buyable=buyable,
    )
