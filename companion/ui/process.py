"""Once per server process: the objects of the start-up (Streamlit, plotly, SQLAlchemy, the
rules tables, ...) are set apart from Python's cyclic garbage collector.

They live as long as the process, yet every full collection walked all of them again: about
170,000 objects, a pause of about 70 ms now and then in the middle of a tap. Frozen, a full
collection walks only what was made since (the games, the pages' caches).

>>> import gc
>>> settle_start_up() is settle_start_up()  # the first call freezes; later ones do nothing
True
>>> gc.get_freeze_count() > 0
True
"""

from __future__ import annotations

import functools
import gc


@functools.cache
def settle_start_up() -> bool:
    """Freeze what exists now (call once the app's modules are imported)."""
    gc.collect()  # garbage of the imports is freed, not frozen with the rest
    gc.freeze()
    return True
