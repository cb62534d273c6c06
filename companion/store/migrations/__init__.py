"""The database's schema history (Alembic): ``versions/`` holds one file per change, applied
in order by ``companion.store.migrate`` when a ``Store`` starts. See docs/store.md."""
