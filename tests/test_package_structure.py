"""The package's shape: no import circle between modules of ``companion`` (function-level
imports included) nor between its packages (``companion.engine``) or their subpackages
(``companion.engine.tracks``), no module over 600 lines, and a score sheet or a result read
without the engine."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
MAX_LINES = 600


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, prefix: str = "companion") -> set[str]:
    """Every ``companion`` name ``path`` imports, at any depth (a module, or a name in one)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return {n for n in found if n == prefix or n.startswith(prefix + ".")}


def module_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    modules = {module_name(p, root): p for p in root.rglob("*.py")}
    return {name: {t for t in imports(path, root.name) if t in modules and t != name}
            for name, path in modules.items()}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """The first import circle (a package importing its own submodules is how a registry is
    built, not a circle)."""
    state: dict[str, int] = {}  # 1 visiting, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt.startswith(node + "."):
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def package_of(module: str, depth: int = 2) -> str:
    """``companion.store.tracked`` -> ``companion.store``; a top-level module is its own.
    At depth 3, ``companion.engine.tracks.placement`` -> ``companion.engine.tracks`` (and a
    module of ``companion.engine`` is its own)."""
    parts = module.split(".")
    return ".".join(parts[:depth])


def test_no_import_circle_between_modules():
    circle = find_circle(module_graph())
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def package_graph(modules: dict[str, set[str]], depth: int) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, targets in modules.items():
        graph.setdefault(package_of(module, depth), set()).update(
            package_of(t, depth) for t in targets
            if package_of(t, depth) != package_of(module, depth))
    return graph


@pytest.mark.parametrize("depth", [2, 3], ids=["packages", "subpackages"])
def test_no_import_circle_between_packages(depth):
    circle = find_circle(package_graph(module_graph(), depth))
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_the_circle_finder_finds_circles(tmp_path):
    """The checks above can fail: a circle through a function-level import is found, and
    one between two packages too."""
    root = tmp_path / "pkg"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    for p in (root, root / "a", root / "b"):
        (p / "__init__.py").write_text("")
    (root / "a" / "x.py").write_text("from pkg.b.y import f\n")
    (root / "b" / "y.py").write_text("def f():\n    from pkg.a import x\n")
    graph = module_graph(root)
    assert graph["pkg.a.x"] == {"pkg.b.y"} and graph["pkg.b.y"] == {"pkg.a", "pkg.a.x"}
    assert find_circle(graph) == ["pkg.a.x", "pkg.b.y", "pkg.a.x"]
    assert find_circle({"p.a": {"p.b"}, "p.b": set()}) is None


def test_a_circle_between_subpackages_is_found_where_modules_have_none(tmp_path):
    """``pkg.a.s.x`` -> ``pkg.a.m`` -> ``pkg.a.s.y``: no module circle, but the subpackage
    ``pkg.a.s`` and its sibling module ``pkg.a.m`` lean on each other (depth 3)."""
    root = tmp_path / "pkg"
    (root / "a" / "s").mkdir(parents=True)
    for p in (root, root / "a", root / "a" / "s"):
        (p / "__init__.py").write_text("")
    (root / "a" / "s" / "x.py").write_text("from pkg.a.m import g\n")
    (root / "a" / "s" / "y.py").write_text("h = 1\n")
    (root / "a" / "m.py").write_text("from pkg.a.s.y import h\ng = h\n")
    modules = module_graph(root)
    assert find_circle(modules) is None
    assert find_circle(package_graph(modules, 2)) is None
    assert find_circle(package_graph(modules, 3)) == ["pkg.a.m", "pkg.a.s", "pkg.a.m"]


def test_no_module_is_over_600_lines():
    long = {module_name(p): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


@pytest.mark.parametrize("module", [f"companion.games.{m.name}" for m in pkgutil.iter_modules(
    [str(PACKAGE / "games")])])
def test_games_load_no_engine_module(module):
    code = (f"import sys, {module}; "
            "print(sorted(m for m in sys.modules if m.startswith('companion.engine')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_engine_keeps_no_process_wide_state():
    """No ``global`` statement in the engine: what it works out is kept on the state or in a
    value-keyed cache, so games folded in the server's threads never share a memo."""
    found = [f"{module_name(p)}:{node.lineno}" for p in (PACKAGE / "engine").rglob("*.py")
             for node in ast.walk(ast.parse(p.read_text())) if isinstance(node, ast.Global)]
    assert found == []
