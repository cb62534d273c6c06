"""Home: drawn by companion.ui.screens.home (see that package for why)."""

from companion.ui.screens import home

home.show()
