"""The suite runs the interpreted engine (its doctests read the sources) unless
COMPANION_ENGINE says otherwise: `make test` runs it again on the compiled engine."""

import os

os.environ.setdefault("COMPANION_ENGINE", "interpreted")
