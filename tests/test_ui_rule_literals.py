"""Rule numbers live in ``companion/rules`` (or come from the engine), never in the UI.

The finder reads ``companion/ui`` as syntax trees and reports, with file and line:
- a number other than -1, 0 or 1 compared (``count == 2``, ``top >= 3``), used in arithmetic
  (``i % 4``), written in a tuple or list of numbers (``(10, 14, 20)``), or given to a call
  (``number_input(.., 1, 15)``, ``max_selections=10``) -- except column widths
  (``st.columns([3, 2])``) and the layout keywords below;
- an edition id compared (``edition == "aoe3"``): ask the edition (``EDITIONS[e].has_...``);
- a price or VP written inside a message (``_("$15 each")``, ``"3 VP"``): a placeholder
  filled from the rules instead.
The few numbers that belong to the UI itself are module constants named in ``UI_NUMBERS``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.rules.editions import EDITIONS

UI = Path(__file__).resolve().parents[1] / "companion" / "ui"

# Numbers of the app, not of the game: each with the reason it is the UI's own.
UI_NUMBERS = {
    "PIN_TRIES": "wrong PINs before the door waits",
    "PIN_WINDOW": "seconds the door waits",
    "COOKIE_SECONDS": "how long a device stays joined",
    "LIVE_SECONDS": "how often a phone looks for another phone's entry",
    "DEMO_TRIES": "random demo games tried before giving up",
    "DEMO_UNFINISHED_STEPS": "where an unfinished demo game stops",
    "DEMO_SEEDS": "range of a demo game's seed",
    "DEFAULT_PLAYERS": "the New game form's first choice",
    "STREAMLIT_PORT": "the port a join link names when none is configured",
    "PICK_OVER": "score sheets: a choice over this many options is a select box",
    "SHEET_DEFAULT_PLAYERS": "score sheets: the player count offered first",
    "EXAMPLE_SEATS": "the seats whose starting money the New game form shows as an example",
}
LAYOUT_CALLS = {"columns"}  # column widths
LAYOUT_KEYWORDS = {"width", "height", "border", "box_size", "size", "maxsize", "indent",
                   "ttl", "max_entries", "gap"}
MESSAGE_CALLS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
PRICE_OR_VP = re.compile(r"\\?\$\s?\d|\d\s?\\?\$|\b\d+\s?(VP|PV)\b")


def _number(node: ast.AST) -> float | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _number(node.operand)
        return None if inner is None else -inner
    if (isinstance(node, ast.Constant) and isinstance(node.value, int | float)
            and not isinstance(node.value, bool)):
        return node.value
    return None


def _rule_number(node: ast.AST) -> bool:
    value = _number(node)
    return value is not None and value not in (-1, 0, 1)


def _numbers_in(node: ast.AST) -> list[ast.AST]:
    """``node`` itself, the elements of a tuple, list or set written out, or the branches of
    ``a if c else b`` and ``a or b``."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [e for e in node.elts if _rule_number(e)]
    if isinstance(node, ast.IfExp):
        return _numbers_in(node.body) + _numbers_in(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [n for v in node.values for n in _numbers_in(v)]
    return [node] if _rule_number(node) else []


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _exempt(tree: ast.Module) -> set[int]:
    """ids of the nodes inside UI constants, column widths and layout keywords."""
    exempt: set[int] = set()
    for node in ast.walk(tree):
        roots: list[ast.AST] = []
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in UI_NUMBERS for t in targets):
                roots.append(node)
        elif isinstance(node, ast.Call) and _call_name(node) in LAYOUT_CALLS:
            roots.append(node)
        elif isinstance(node, ast.keyword) and node.arg in LAYOUT_KEYWORDS:
            roots.append(node.value)
        for root in roots:
            exempt |= {id(n) for n in ast.walk(root)}
    return exempt


def rule_literals(source: str, name: str = "<ui>") -> list[str]:
    """Every rule number, edition id compared and price in a message in ``source``."""
    tree = ast.parse(source)
    exempt = _exempt(tree)
    found: list[tuple[int, str]] = []

    def report(node: ast.AST, what: str) -> None:
        if id(node) not in exempt:
            found.append((getattr(node, "lineno", 0),
                          f"{name}:{getattr(node, 'lineno', '?')}: {what}: "
                          f"{ast.unparse(node)}"))

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for operand in operands:
                for n in _numbers_in(operand):
                    report(n, "number compared")
                if any(isinstance(c, ast.Constant) and c.value in EDITIONS
                       for c in ast.walk(operand)):
                    report(node, "edition id compared")
        elif isinstance(node, ast.BinOp):
            for n in (node.left, node.right):
                if _rule_number(n):
                    report(n, "number in arithmetic")
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            numbers = _numbers_in(node)
            if len([e for e in node.elts if _number(e) is not None]) >= 2 and numbers:
                report(node, "numbers written out")
        elif isinstance(node, ast.Call):
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Tuple | ast.List):
                    continue  # reported above when it holds two numbers or more
                for n in _numbers_in(arg):
                    report(n, "number given to " + (_call_name(node) or "a call"))
            if _call_name(node) in MESSAGE_CALLS:
                for arg in node.args:
                    if (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                            and PRICE_OR_VP.search(arg.value)):
                        report(arg, "price or VP in a message")
    return [text for _line, text in sorted(set(found))]


def ui_sources() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_the_ui_holds_no_rule_number():
    found = [hit for path in ui_sources()
             for hit in rule_literals(path.read_text(), str(path.relative_to(UI.parent)))]
    assert found == [], "rule numbers in the UI (take them from companion.rules or the " \
                        "engine):\n" + "\n".join(found)


@pytest.mark.parametrize("planted", [
    "if count == 2:\n    pass",
    "if top >= 3:\n    pass",
    "price = (10, 14, 20)[age - 1]",
    "cost = names.money(age * 10)",
    "if edition == 'aoe3':\n    pass",
    "if 'empires' != state.setup.edition:\n    pass",
    "show = edition in ('aoe3',)",
    "bid = st.number_input('Bid', 1, 15, 1)",
    "st.multiselect('Age III', ids, max_selections=10)",
    "game = random_game(setup, stop_after=None if finished else 150)",
    "st.radio('Boards', BOARDS, format_func=lambda b: _('Auction (\\\\$15 each)'))",
    "label = N_('15 $ each')",
    "label = _('Navy scores 3 VP per ship')",
])
def test_a_planted_rule_literal_is_found(planted):
    assert len(rule_literals(planted)) >= 1, planted


@pytest.mark.parametrize("layout", [
    "cols = st.columns([3, 2, 2])",
    "cols[i % len(cols)].write(x)",
    "label = _('Seat {n}').format(n=i + 1)",
    "first = row[2]",
    "img = qrcode.make(url, box_size=6, border=2)",
    "PIN_TRIES = 5",
    "if len(games) == 1:\n    pass",
    "label = _('Player {n}')",
])
def test_layout_numbers_are_not_rule_literals(layout):
    assert rule_literals(layout) == []


def test_a_number_planted_in_a_real_screen_is_found():
    """The New game page with its 2-player check written as a bare ``2``: found, at its line."""
    path = UI / "screens" / "new_game.py"
    source = path.read_text()
    assert "count == TWO_PLAYER_VARIANT_PLAYERS" in source
    assert rule_literals(source) == []
    planted = source.replace("count == TWO_PLAYER_VARIANT_PLAYERS", "count == 2")
    line = 1 + source[:source.index("count == TWO_PLAYER_VARIANT_PLAYERS")].count("\n")
    assert rule_literals(planted, "new_game.py") == [
        f"new_game.py:{line}: number compared: 2"]
