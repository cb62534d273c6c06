"""The compiled engine: the engine's logic modules built with mypyc, used when the build
matches the sources.

``make`` compiles the modules of ``compiled_sources()`` (``tools/compile_engine.py``)
into ``<venv>/companion-compiled``, beside a manifest holding a digest of every source the
build read. The engine's packages put that folder first on their ``__path__`` only while
the digest still matches, so an edited source is never shadowed by an older build: the
engine then runs interpreted (the same code, about 1.6 to 1.8 times slower) until the next
``make``. ``COMPANION_ENGINE=interpreted`` forces the interpreted engine (the test suite
runs both), ``COMPANION_ENGINE=compiled`` insists on the compiled one.

The state is compiled; the values and models the rest of the app builds and reads
(``decisions``, ``events``, ``setup``, ...) and ``Game`` stay interpreted. See
docs/compiled-engine.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
import warnings
from functools import cache
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]  # the ``companion`` folder
ENGINE = PACKAGE_ROOT / "engine"
BUILD_DIR = Path(sys.prefix) / "companion-compiled"  # one build per environment
MANIFEST = "manifest.json"
GROUP = "companion.engine.compiled_group"  # mypyc's shared library for the whole build
ENV = "COMPANION_ENGINE"

# Interpreted on purpose: value objects and models the app builds and reads (pydantic,
# dataclasses with a hand-made __init__, a tuple subclass), Game (it keeps memos set with
# object.__setattr__), the package files and this loader.
KEPT_INTERPRETED = frozenset({
    "__init__.py", "compiled.py", "decisions.py", "errors.py", "events.py", "fields.py",
    "game.py", "setup.py",
})


def compiled_sources() -> list[Path]:
    """The engine modules the build compiles, in a stable order."""
    found = sorted(ENGINE.glob("*.py")) + sorted((ENGINE / "powers").glob("*.py"))
    return [p for p in found if p.name not in KEPT_INTERPRETED]


def read_sources() -> list[Path]:
    """Every source a build depends on: a change to any of them makes the build stale
    (the compiled modules may inline what they import, constants included)."""
    found = [*ENGINE.rglob("*.py"), *(PACKAGE_ROOT / "rules").rglob("*.py"),
             PACKAGE_ROOT / "scoring.py"]
    return sorted(p for p in found if "__pycache__" not in p.parts)


def source_digest() -> str:
    """A digest of every source the build read, and of the interpreter it is built for."""
    digest = hashlib.sha256(abi_tag().encode())
    for path in read_sources():
        digest.update(path.relative_to(PACKAGE_ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def abi_tag() -> str:
    return f"{sys.implementation.cache_tag} {sysconfig.get_config_var('EXT_SUFFIX')}"


def wanted_mode() -> str:
    mode = os.environ.get(ENV, "auto")
    if mode not in ("auto", "compiled", "interpreted"):
        raise ValueError(f"{ENV} is 'compiled', 'interpreted' or unset, not {mode!r}")
    return mode


def build_state(build_dir: Path = BUILD_DIR) -> str:
    """'fresh', 'stale' or 'missing': whether a build of today's sources is at hand."""
    manifest = build_dir / MANIFEST
    if not manifest.is_file():
        return "missing"
    try:
        built = json.loads(manifest.read_text()).get("digest")
    except (OSError, ValueError, AttributeError):
        return "stale"
    return "fresh" if built == source_digest() else "stale"


@cache
def in_use(build_dir: Path = BUILD_DIR) -> bool:
    """Whether the engine runs compiled in this process (decided once, at first import)."""
    mode = wanted_mode()
    if mode == "interpreted":
        return False
    state = build_state(build_dir)
    if state == "fresh":
        return True
    if mode == "compiled":
        raise ImportError(f"{ENV}=compiled but the compiled engine is {state} in "
                          f"{build_dir}: run `make` (tools/compile_engine.py) first")
    if state == "stale":
        warnings.warn("the compiled engine is older than its sources: running interpreted "
                      "until `make` rebuilds it", RuntimeWarning, stacklevel=3)
    return False


def package_path(package: str) -> list[str]:
    """The folder to search before ``package``'s own for its compiled modules (none when
    the engine runs interpreted)."""
    if not in_use():
        return []
    folder = BUILD_DIR.joinpath(*package.split("."))
    return [str(folder)] if folder.is_dir() else []


def describe() -> str:
    """How the engine runs in this process, in a few words (the benchmarks print it)."""
    if in_use():
        return f"compiled (mypyc build in {BUILD_DIR})"
    if wanted_mode() == "interpreted":
        return f"interpreted ({ENV}=interpreted)"
    return f"interpreted (compiled build {build_state()}: run `make` to build it)"
