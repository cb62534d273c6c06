"""Peak memory of an upload on the History page (``library.import_files``). Prints figures.

    .venv/bin/python bench/bench_import_memory.py [--mb 50] [--src DIR]

Builds a bundle of about ``--mb`` megabytes (copies of docs/examples/four-player-builders.json,
compact) and hands it to ``library.import_files`` in a child process with its own empty
SQLite database; prints the child's peak resident memory (with Streamlit and the app
imported), the outcome and the time. ``--src`` runs the code of another checkout (an
unpacked older commit) to compare: ``git archive COMMIT | tar -x -C DIR``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "four-player-builders.json"

CHILD = """
import json, os, resource, sys, time
sys.path.insert(0, {src!r})
os.environ["COMPANION_DATA_DIR"] = {data!r}
from companion.ui import library
data = open({bundle!r}, "rb").read()
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
report = library.import_files([("bundle.json", data)])
took = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"peak_mb": peak // 1024, "before_import_mb": base // 1024,
                   "imported": len(report.imported), "failed": report.failed[:1],
                   "seconds": round(took, 2)}}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--src", default=str(ROOT))
    args = parser.parse_args()
    record = json.dumps(json.loads(EXAMPLE.read_text()), separators=(",", ":")).encode()
    copies = int(args.mb * 1_000_000 // len(record)) + 1
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "bundle.json"
        bundle.write_bytes(b'{"games":[' + b",".join([record] * copies) + b"]}")
        size = bundle.stat().st_size
        script = CHILD.format(src=args.src, data=str(Path(tmp) / "data"), bundle=str(bundle))
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              check=False, cwd=args.src)
        if done.returncode:
            print(done.stderr[-3000:])
            sys.exit(1)
        result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"bundle: {size / 1e6:.1f} MB, {copies} game records ({args.src})")
    print(f"peak resident memory: {result['peak_mb']} MB "
          f"({result['before_import_mb']} MB before the import call)")
    print(f"imported {result['imported']}, refused: {result['failed'] or 'none'}, "
          f"{result['seconds']} s")


if __name__ == "__main__":
    main()
