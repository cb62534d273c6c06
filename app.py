"""Streamlit entry point: the frame and the menu of pages, drawn by companion.ui.shell."""

from companion.ui import shell

shell.main()
