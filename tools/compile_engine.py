"""Compile the engine's logic modules with mypyc (``companion.engine.compiled`` says which,
where the build goes and when it is used).

    .venv/bin/python tools/compile_engine.py [--force]

Does nothing when the build already matches the sources. Without a C compiler (or with
mypyc missing) it says so and exits 0: the engine then runs interpreted, slower but the
same. The C files and objects go to ``build/compiled-engine`` (ignored by git).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["COMPANION_ENGINE"] = "interpreted"  # the build reads the sources, not a build

from companion.engine import compiled  # noqa: E402

WORK = ROOT / "build" / "compiled-engine"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild even when fresh")
    args = parser.parse_args()
    if not args.force and compiled.build_state() == "fresh":
        print(f"compiled engine: up to date in {compiled.BUILD_DIR}")
        return 0
    started = time.perf_counter()
    try:
        built = _build()
    except Exception as exc:  # a missing compiler, mypyc or header: the engine still runs
        print(f"compiled engine: NOT built ({type(exc).__name__}: {exc}); the engine runs "
              "interpreted (same results, about 1.6 times slower)", file=sys.stderr)
        return 0
    print(f"compiled engine: {built} modules built into {compiled.BUILD_DIR} "
          f"in {time.perf_counter() - started:.0f} s")
    return 0


def _build() -> int:
    from mypyc.build import mypycify  # the build's own tool: not needed at run time
    from setuptools import Distribution

    digest = compiled.source_digest()  # read before building: a change meanwhile is stale
    sources = [str(p.relative_to(ROOT)) for p in compiled.compiled_sources()]
    WORK.mkdir(parents=True, exist_ok=True)
    # Built beside its final place (one file system), then swapped in whole.
    staging = Path(tempfile.mkdtemp(prefix=".compiled-", dir=compiled.BUILD_DIR.parent))
    try:
        said = io.StringIO()  # mypyc's notes ("treating generator comprehension as list")
        try:
            with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
                extensions = mypycify(
                    ["--config-file", str(ROOT / "pyproject.toml"), *sources],
                    group_name=compiled.GROUP, target_dir=str(WORK / "c"),
                )
        except SystemExit:  # mypyc refused a source: say why
            raise RuntimeError("mypyc refused the sources:\n" + said.getvalue()) from None
        dist = Distribution({"name": "companion-compiled-engine", "ext_modules": extensions})
        dist.verbose = False  # (no compiler command lines; its errors still show)
        command = dist.get_command_obj("build_ext")
        command.build_lib = str(staging)
        command.build_temp = str(WORK / "obj")
        command.inplace = False
        dist.run_command("build_ext")
        (staging / compiled.MANIFEST).write_text(json.dumps({
            "digest": digest, "modules": sources, "abi": compiled.abi_tag(),
        }, indent=1))
        # Swap the whole folder: a half-written build is never seen as fresh.
        old = compiled.BUILD_DIR.with_name(compiled.BUILD_DIR.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if compiled.BUILD_DIR.exists():
            compiled.BUILD_DIR.rename(old)
        staging.rename(compiled.BUILD_DIR)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return len(sources)


if __name__ == "__main__":
    sys.exit(main())
