"""The pages' bodies, one module per page, each drawn by its ``show()``.

The scripts in ``app_pages/`` only call ``show()``: Streamlit compiles a page script again
whenever it has no cached copy (AppTest, for one, starts every run with an empty cache),
while a module is compiled once per process. Each ``show()`` is one run of its page: it
reads the widgets, asks ``companion.ui.playing`` or ``companion.ui.library``, and draws.
"""
