"""Rules: drawn by companion.ui.screens.rules (see that package for why)."""

from companion.ui.screens import rules

rules.show()
