"""One migration per file, ``NNNN_what.py``; each names the one before it (``down_revision``)."""
