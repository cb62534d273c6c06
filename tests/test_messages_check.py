"""The catalogues are up to the code: ``tools/messages.py --check`` finds nothing to write
(a marked text missing, a gone one kept, entries out of the code's order)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_catalogues_are_up_to_the_code():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "messages.py"), "--check"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
