"""Score sheet: drawn by companion.ui.screens.score_sheet (see that package for why)."""

from companion.ui.screens import score_sheet

score_sheet.show()
