"""Functions stay short enough to read: none over 80 lines in ``companion``, none over 60 in
the UI's screens (a screen is named sections, each a function)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
SCREENS = PACKAGE / "ui" / "screens"
MAX_LINES = 80
MAX_SCREEN_LINES = 60


def long_functions(source: str, limit: int, name: str = "<module>") -> list[str]:
    """``name:line function (n lines)`` for each function of ``source`` over ``limit`` lines
    (from its ``def`` to its last line, decorators aside)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > limit:
                found.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    return found


def limit_of(path: Path) -> int:
    return MAX_SCREEN_LINES if path.is_relative_to(SCREENS) else MAX_LINES


def test_no_function_is_too_long():
    found = [hit for path in sorted(PACKAGE.rglob("*.py"))
             for hit in long_functions(path.read_text(), limit_of(path),
                                       str(path.relative_to(PACKAGE.parent)))]
    assert found == []


def test_a_long_function_is_found():
    body = "".join(f"    x{i} = {i}\n" for i in range(61))
    source = f"def short():\n    return 1\n\n\ndef screen():\n{body}"
    assert long_functions(source, MAX_SCREEN_LINES) == ["<module>:5 screen (62 lines)"]
    assert long_functions(source, MAX_LINES) == []
    assert limit_of(SCREENS / "history.py") == MAX_SCREEN_LINES
    assert limit_of(PACKAGE / "ui" / "widgets.py") == MAX_LINES
