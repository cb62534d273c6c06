"""New game: drawn by companion.ui.screens.new_game (see that package for why)."""

from companion.ui.screens import new_game

new_game.show()
