"""The game model: events, validation, replay and undo. No Streamlit, no database."""

from companion.engine.errors import Conflict, EngineError, IllegalAction, MalformedEvent
from companion.engine.events import Event, event_dict, parse_event
from companion.engine.final import final_scores, standings
from companion.engine.game import Game, apply, replay
from companion.engine.resolution import Pending, pending
from companion.engine.setup import GameSetup, Options, PlayerSetup, parse_setup
from companion.engine.state import GameState

__all__ = [
    "Conflict", "EngineError", "Event", "Game", "GameSetup", "GameState", "IllegalAction",
    "MalformedEvent", "Options", "Pending", "PlayerSetup", "apply", "event_dict",
    "final_scores", "parse_event", "parse_setup", "pending", "replay", "standings",
]
