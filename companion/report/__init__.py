"""After the game: the report (standings by category and the game's moments, from a replay
of the record), its words, and a picture to share. No streamlit, no database: the picture
module imports matplotlib only when a picture is drawn."""

from companion.report import picture
from companion.report.model import Moment, Report, Standing, game_report, leader, sheet_report

__all__ = ["Moment", "Report", "Standing", "game_report", "leader", "picture", "sheet_report"]
