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

from companion.engine.events import Place
from companion.engine.placement import placement_options
from companion.engine.resolution import Pending, pending, price_of
from companion.engine.state import GameState
from companion.rules.regions import REGIONS


@dataclass(frozen=True)
class LegalNow:
    pending: Pending | None
    placements: list[Place] = field(default_factory=list)  # for the current placer
    open_slots: dict[str, int | None] = field(default_factory=dict)  # None: no limit
    still_placing: list[str] = field(default_factory=list)  # players with workers left
    discovered: list[str] = field(default_factory=list)
    expedition_targets: list[str] = field(default_factory=list)
    goods: list[str] = field(default_factory=list)  # face up on Trade Goods
    buyable: dict[str, int] = field(default_factory=dict)  # building -> price for the buyer


def _open_slots(state: GameState) -> dict[str, int | None]:
    tracks = state.tracks
    numbered_dock = sum(1 for s in tracks.get("dock", []) if s.label.isdigit())
    boxes = state.edition.specialist_boxes(state.setup.options.builders)
    cap = state.edition.warfare_cap
    return {
        "initiative": len(state.players) - len(tracks.get("initiative", [])),
        "dock": 2 * len(state.players) - 1 - numbered_dock,
        "trade_goods": len(state.goods_offer) - len(tracks.get("trade_goods", [])),
        "shipping": None,
        "buildings": len(state.buildings_offer) - len(tracks.get("buildings", [])),
        "discovery": None,
        "specialists": len(boxes) - len(tracks.get("specialists", [])),
        "warfare": None if cap is None else cap - len(tracks.get("warfare", [])),
    }


def legal_now(state: GameState) -> LegalNow:
    wanted = pending(state)
    undiscovered = [r for r in REGIONS if r not in state.discovered]
    buyable = {}
    if wanted is not None and wanted.kind == "buy":
        money = state.players[wanted.player].money
        for b in state.buildings_offer:
            price = price_of(state, b, wanted.worker or "colonist")
            if price <= money:
                buyable[b] = price
    return LegalNow(
        pending=wanted,
        placements=placement_options(state),
        open_slots=_open_slots(state) if state.phase == "placement" else {},
        still_placing=[n for n in state.order if state.players[n].workers_to_place()]
        if state.phase == "placement" else [],
        discovered=list(state.discovered),
        expedition_targets=undiscovered or ["card"],
        goods=list(state.goods_offer),
        buyable=buyable,
    )
