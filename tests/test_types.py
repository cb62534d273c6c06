"""The type checker (mypy, configured in ``pyproject.toml``) finds no error in ``companion/``,
and every ``type: ignore`` there names its error code and says why.

Quick once mypy's cache is warm (``make test`` runs ``make typecheck`` first: about a second);
a fresh clone's first run reads every module (about 20 s on this 2-core machine).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Packages whose types are still being written: their errors are reported by ``make
# typecheck`` but not refused here. Empty: every package of companion/ is typed.
STILL_BEING_TYPED: tuple[str, ...] = ()

# ``# type: ignore[code]`` and then the reason, as a comment of its own or after " — ".
_IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[^\]]*\])?(?P<rest>.*)$")


def _ours(path: str) -> bool:
    return not path.replace("\\", "/").startswith(STILL_BEING_TYPED)


def test_mypy_finds_no_error_in_companion():
    done = subprocess.run([sys.executable, "-m", "mypy"], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode in (0, 1), done.stdout + done.stderr  # 2: mypy itself failed
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 or errors, done.stdout  # (a failure says which errors)
    wrong = [line for line in errors if _ours(line)]
    assert not wrong, "\n".join(wrong)


def test_every_type_ignore_names_its_code_and_a_reason():
    unexplained = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        shown = path.relative_to(ROOT).as_posix()
        if not _ours(shown):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = _IGNORE.search(line)
            if found is None:
                continue
            reason = found["rest"].strip().lstrip("#—-: ").strip()
            if not found["codes"] or not reason:
                unexplained.append(f"{shown}:{number}: {line.strip()}")
    assert not unexplained, "\n".join(unexplained)
