"""After the game: the report (standings by category and the game's moments, from a replay
of the record), its words, and a picture to share. No streamlit, no database."""

from companion.report.model import Moment, Report, Standing, game_report, leader, sheet_report

__all__ = ["Moment", "Report", "Standing", "game_report", "leader", "sheet_report"]
