#!/bin/bash
# Instructions per 4-player random playout (seeds 0..5), a warm-up game (seed 99) subtracted.
# Run from the repository root: bash bench/bench_instructions.sh (needs valgrind; about a minute).
# The figure issue 29 is measured by: it does not move with the machine's load.
set -e
export PYTHONHASHSEED=0  # string hashes fixed: set and dict orders, so the count, repeat
py=.venv/bin/python
tmp=$(mktemp -d)
cat > $tmp/g.py <<'PY'
import sys
from companion.engine.playout import random_game
setup = {"players": [{"name": f"P{i}"} for i in range(4)]}
random_game(setup, seed=99)
from companion.i18n import component_name
component_name("worker", "colonist", count=2)  # the component names: read once a process
for k in range(int(sys.argv[1])):
    random_game(setup, seed=k)
PY
count() {
  valgrind --tool=callgrind --callgrind-out-file=$tmp/out.$1 $py $tmp/g.py $1 >/dev/null 2>$tmp/err.$1
  grep -o "Collected : [0-9]*" $tmp/err.$1 | grep -o "[0-9]*"
}
a=$(count 0); b=$(count 6)
python3 -c "print(f'{($b-$a)/6/1e6:.1f} M instructions per 4-player game (seeds 0..5)')"
rm -rf $tmp
