"""The rulebook's fixed terms are written once (`lfw/rulebook.py`): no other
module of the game spells out a table, an order or an ending of the rules
again, where a change to one copy would leave the others behind."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from whitechapel.lfw import rulebook

PACKAGE = Path(rulebook.__file__).parent
# `routes.py` is the notebook's reference lister, written apart from the rules
# on purpose (its tests compare two independent readings); `map/` is the map
# format, below the rules of play.
APART = {"rulebook.py", "routes.py"}


def _tables() -> dict[object, str]:
    """Each table, order and sentence of the rulebook -> its name."""
    out: dict[object, str] = {}
    for name, value in vars(rulebook).items():
        if name.startswith("_") or not name.isupper():
            continue
        if isinstance(value, tuple) and len(value) > 1:
            out[value] = name
        elif isinstance(value, dict):
            for key, item in value.items():
                out[item] = f"{name}[{key!r}]"
        elif isinstance(value, str) and " " in value:  # an ending's sentence
            out[value] = name
    return out


def _literal(node: ast.AST) -> object:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return tuple(value) if isinstance(value, list) else value


def copies(source: str) -> list[str]:
    """The rulebook's tables spelt out again in `source`."""
    tables = _tables()
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple | ast.List | ast.Constant):
            value = _literal(node)
            try:
                name = tables.get(value) if value is not None else None
            except TypeError:  # an unhashable literal
                name = None
            if name is not None:
                found.append((node.lineno, node.col_offset, name))
    return [f"line {line}: {name}" for line, _, name in sorted(found)]


def _modules() -> list[Path]:
    return [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.name not in APART and "map" not in p.relative_to(PACKAGE).parts
    ]


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_copies_the_rulebook(path: Path) -> None:
    assert copies(path.read_text()) == []


def test_a_copy_is_seen():
    """The check can fail: the copies the rulebook replaced are found."""
    old = """
LETTER_SECTORS = {"dear-boss": ("A/a", "C/b"), "from-hell": ("A/b", "C/a")}
ORDER = ("blue", "yellow", "brown", "red", "green")
def crime(name): return ("V", "IV", "III", "II", "I").index(name)
def o6(chief): return chief in ("brown", "red")
TRAPPED = "Jack cannot move"
"""
    assert [c.split(": ")[1] for c in copies(old)] == [
        "LETTER_SECTORS['dear-boss']",
        "LETTER_SECTORS['from-hell']",
        "COLOURS",
        "ROMAN",
        "KNOWING_CHIEFS",
        "TRAPPED",
    ]


def test_the_police_order_starts_with_the_chief_and_goes_clockwise():
    assert rulebook.police_order("red") == ("red", "green", "blue", "yellow", "brown")
    assert rulebook.police_order(None) == rulebook.COLOURS
