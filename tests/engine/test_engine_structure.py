"""The engine's shape: no import circles (function-level imports included) and every
building power or national advantage registered from a module of its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.engine.powers import BUILDING_POWERS, NATION_POWERS
from companion.engine.setup import NATIONS
from companion.rules.buildings import BUILDINGS

ENGINE = Path(__file__).resolve().parents[2] / "companion" / "engine"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[str, bool]]:
    """(imported engine module, imported inside a function?) for every import in ``path``."""
    tree = ast.parse(path.read_text())
    nested = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
              for n in ast.walk(f) if isinstance(n, ast.Import | ast.ImportFrom)}
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            if name.startswith("companion.engine"):
                found.append((name, id(node) in nested))
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = {target for target, _ in _imports(path)
                       if target in modules and target != name}
    return graph


def test_no_function_level_imports_in_the_engine():
    inside = [(p.name, target) for p in ENGINE.rglob("*.py")
              for target, nested in _imports(p) if nested]
    assert inside == []


def test_the_engine_has_no_import_circle():
    graph = _graph()
    state: dict[str, int] = {}  # 1 visiting, 2 done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            # a package importing its own submodules is how a registry is built, not a circle
            if nxt.startswith(node + "."):
                continue
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt]
                pytest.fail("import circle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_the_circle_detector_finds_a_circle(tmp_path, monkeypatch):
    """The check above can fail: a two-module circle is reported."""
    (tmp_path / "a.py").write_text("from companion.engine.b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from companion.engine.a import y\n")
    imports = {p.name: _imports(p) for p in tmp_path.glob("*.py")}
    assert imports["a.py"] == [("companion.engine.b", False), ("companion.engine.b.x", False)]
    assert imports["b.py"] == [("companion.engine.a", True), ("companion.engine.a.y", True)]


def test_every_building_power_in_the_catalogue_has_its_module():
    actions = {b.effect.action for b in BUILDINGS if b.effect.action}
    assert actions <= set(BUILDING_POWERS)
    for action, power in BUILDING_POWERS.items():
        assert power.action == action


def test_every_nation_has_its_module():
    assert set(NATION_POWERS) == set(NATIONS)


ENGINE_MAX_LINES = 450  # the house limit for an engine module (the rest of companion: 600)


def test_no_engine_module_is_over_450_lines():
    long = {str(p.relative_to(ENGINE)): n for p in ENGINE.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > ENGINE_MAX_LINES}
    assert long == {}


def test_every_track_has_a_module_of_its_own():
    """One home per track (and for placement, income and the refresh): its legal moves,
    effect and words live in ``companion/engine/tracks/<track>.py``."""
    from companion.rules.editions import TRACKS

    homes = {p.stem for p in (ENGINE / "tracks").glob("*.py")}
    assert set(TRACKS) | {"placement", "income", "refresh"} <= homes
