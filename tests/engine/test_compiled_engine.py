"""The compiled engine (mypyc): used only while its build matches the sources, and it
plays exactly the games the interpreted engine plays."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from companion.engine import compiled

# Each mode in its own process: the choice is made once, when the engine is first imported.
PLAY = """
import hashlib, json, sys
from companion.engine import asking, compiled
from companion.engine.playout import random_game
configs = json.loads(sys.argv[1])
digest = hashlib.sha256()
for setup, seed in configs:
    game = random_game(setup, seed=seed)
    digest.update(json.dumps(game.record(), sort_keys=True).encode())
    digest.update(repr(game.state).encode())
    digest.update(repr(game.standings()).encode())
print(json.dumps({"compiled": compiled.in_use(), "module": asking.__file__,
                  "digest": digest.hexdigest()}))
"""

NATIONS = ("england", "spain", "france", "portugal", "holland", "italy")
CONFIGS = [
    ({"players": [{"name": f"P{i}"} for i in range(n)]}, seed) for n in (2, 4, 6)
    for seed in (0, 1)
] + [
    ({"players": [{"name": f"P{i}", "nation": NATIONS[i]} for i in range(n)],
      "options": {"builders": True, "buy_vp": True, "nations": True}}, seed)
    for n in (3, 5) for seed in (2, 3)
] + [
    ({"edition": "aoe3", "players": [{"name": f"P{i}"} for i in range(n)]}, seed)
    for n in (2, 5) for seed in (4, 5)
]


def _play(mode: str) -> dict:
    env = {**os.environ, compiled.ENV: mode, "PYTHONHASHSEED": "0"}  # set reprs in one order
    done = subprocess.run([sys.executable, "-c", PLAY, json.dumps(CONFIGS)], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_both_engines_play_the_same_games_to_the_same_end():
    if compiled.build_state() != "fresh":
        pytest.skip(f"no compiled engine for these sources ({compiled.describe()})")
    native, interpreted = _play("compiled"), _play("interpreted")
    assert native["compiled"] and native["module"].endswith(".so")
    assert not interpreted["compiled"] and interpreted["module"].endswith(".py")
    assert native["digest"] == interpreted["digest"]


def _fake_build(folder, digest: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / compiled.MANIFEST).write_text(json.dumps({"digest": digest}))


def test_a_build_is_fresh_only_while_it_matches_every_source(tmp_path):
    assert compiled.build_state(tmp_path / "none") == "missing"
    _fake_build(tmp_path / "old", "0" * 64)
    assert compiled.build_state(tmp_path / "old") == "stale"
    _fake_build(tmp_path / "now", compiled.source_digest())
    assert compiled.build_state(tmp_path / "now") == "fresh"
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / compiled.MANIFEST).write_text("not json")
    assert compiled.build_state(tmp_path / "bad") == "stale"


def test_the_digest_covers_the_engine_rules_and_scoring_sources():
    read = {p.relative_to(compiled.PACKAGE_ROOT).as_posix() for p in compiled.read_sources()}
    assert {"engine/asking.py", "engine/powers/broker.py", "engine/state.py",
            "rules/editions.py", "scoring.py"} <= read
    built = {p.name for p in compiled.compiled_sources()}
    assert "asking.py" in built and "events.py" not in built and "game.py" not in built


def test_a_stale_build_runs_interpreted_with_a_warning_or_is_refused(tmp_path, monkeypatch):
    _fake_build(tmp_path, "0" * 64)
    monkeypatch.setenv(compiled.ENV, "auto")
    with pytest.warns(RuntimeWarning, match="older than its sources"):
        assert compiled.in_use.__wrapped__(tmp_path) is False
    monkeypatch.setenv(compiled.ENV, "compiled")
    with pytest.raises(ImportError, match="stale"):
        compiled.in_use.__wrapped__(tmp_path)
    monkeypatch.setenv(compiled.ENV, "interpreted")
    _fake_build(tmp_path, compiled.source_digest())
    assert compiled.in_use.__wrapped__(tmp_path) is False
    monkeypatch.setenv(compiled.ENV, "auto")
    assert compiled.in_use.__wrapped__(tmp_path) is True
    monkeypatch.setenv(compiled.ENV, "fast")
    with pytest.raises(ValueError, match="COMPANION_ENGINE"):
        compiled.in_use.__wrapped__(tmp_path)
