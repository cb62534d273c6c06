"""Table: drawn by companion.ui.screens.table (see that package for why)."""

from companion.ui.screens import table

table.show()
