"""Plays in the files other apps read and write: a BG Stats export (JSON), the BoardGameGeek
play XML, and our own records, bundles and history CSV; and the one import that reads our
records and BG Stats exports (``python -m companion export|import``, the History page).

``plays``, ``bgstats`` and ``bgg`` are pure (no database); ``exports`` and ``imports`` use
the store.
"""
