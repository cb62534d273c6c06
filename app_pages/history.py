"""History: drawn by companion.ui.screens.history (see that package for why)."""

from companion.ui.screens import history

history.show()
