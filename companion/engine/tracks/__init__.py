"""One module per track and per phase of the turn: its legal moves, its question's words,
its effect and its hint, together (``dock.py`` has all the Colonist Dock does).

The dispatchers hold the registries: ``asking`` (questions), ``resolution`` (effects and
automatic steps) and ``hints``. This package imports none of its modules itself.
"""
