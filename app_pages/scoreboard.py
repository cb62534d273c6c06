"""Scoreboard: drawn by companion.ui.screens.scoreboard (see that package for why)."""

from companion.ui.screens import scoreboard

scoreboard.show()
