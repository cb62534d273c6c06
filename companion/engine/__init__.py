"""The game model: turn flow, events, Decisions, validation, replay and undo.

No Streamlit, no database. The app uses only the names exported here.
"""

from companion.engine.asking import decide
from companion.engine.benefits import building_money
from companion.engine.board_entry import (
    BoardForm,
    BoardPiece,
    BoardTrack,
    board_form,
    placements_from_board,
)
from companion.engine.decisions import Action, Answer, Decision, Field, Kind, Option
from companion.engine.errors import (
    Conflict,
    EngineError,
    IllegalAction,
    MalformedEvent,
    UnreadableEvent,
)
from companion.engine.events import Buy, Event, Warfare, event_dict, parse_event
from companion.engine.fields import AMOUNT_MAX, COUNT_MAX, clean_name, iso_datetime, name_key
from companion.engine.final import (
    colony_scoring,
    final_scores,
    score_colonies,
    scoring_of,
    standings,
)
from companion.engine.flow import Phase, Step
from companion.engine.game import Game, apply, replay, scoring_in
from companion.engine.hints import (
    BuildingWorth,
    ColonyWorth,
    ExpeditionWorth,
    Hint,
    IncomeWorth,
    ended_now,
    hints,
)
from companion.engine.nations import POWER_TEXT as NATION_POWER_TEXT
from companion.engine.playout import random_game
from companion.engine.records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    Refusal,
    as_stored,
    converted,
    read_record,
)
from companion.engine.setup import (
    BID_FOR_SPECIALIST,
    COLOURS,
    NATIONS,
    NEW_NAME_MAX,
    REDUCED_AGE3,
    GameSetup,
    Options,
    PlayerSetup,
    parse_new_setup,
    parse_setup,
)
from companion.engine.state import GameState
from companion.engine.told import (
    building_title,
    describe_event,
    discovery_short,
    step_changes,
    step_summary,
)
from companion.engine.tracks.placement import Spot
from companion.engine.tracks.shipping import shipping_values
from companion.scoring import RegionScoring

__all__ = [
    "building_money",
    "AMOUNT_MAX",
    "COUNT_MAX",
    "BID_FOR_SPECIALIST", "REDUCED_AGE3",
    "COLOURS", "NATIONS", "NEW_NAME_MAX", "NATION_POWER_TEXT", "RECORD_FORMAT",
    "RECORD_VERSION", "Refusal",
    "Action", "Answer", "BoardForm", "BoardPiece", "BoardTrack", "BuildingWorth", "Buy",
    "ColonyWorth",
    "Conflict", "Decision", "EngineError", "Event", "ExpeditionWorth", "Field", "Game",
    "GameSetup", "GameState", "Hint", "IllegalAction", "IncomeWorth", "Kind",
    "MalformedEvent", "Option", "Options", "Phase", "PlayerSetup", "RegionScoring", "Spot",
    "Step",
    "UnreadableEvent", "Warfare",
    "apply", "as_stored", "board_form", "building_title", "clean_name", "colony_scoring",
    "converted", "decide", "describe_event", "discovery_short", "step_changes", "step_summary",
    "ended_now",
    "event_dict", "final_scores", "hints", "iso_datetime",
    "name_key", "parse_event", "parse_new_setup", "parse_setup", "placements_from_board",
    "random_game", "read_record", "replay", "score_colonies", "scoring_in", "scoring_of",
    "shipping_values", "standings",
]
