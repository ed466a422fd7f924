"""The engines' import graph: no circle among engine modules, no UI library.

Every import counts, at module level or inside a function, so that a deferred
import cannot hide a cycle.  The graph is built from the source with `ast`:
nothing is imported to check it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "whitechapel"

# The engine modules, listed by name so that a new module is a conscious choice.
ENGINE_MODULES = [
    "whitechapel.pocket",
    "whitechapel.pocket.actions",
    "whitechapel.pocket.game",
    "whitechapel.pocket.pieces",
    "whitechapel.pocket.render",
    "whitechapel.pocket.rules",
    "whitechapel.pocket.selfplay",
    "whitechapel.pocket.setup",
    "whitechapel.pocket.sight",
    "whitechapel.pocket.views",
    "whitechapel.lfw",
    "whitechapel.lfw.actions",
    "whitechapel.lfw.board",
    "whitechapel.lfw.canvas",
    "whitechapel.lfw.flow",
    "whitechapel.lfw.game",
    "whitechapel.lfw.geometry",
    "whitechapel.lfw.hell",
    "whitechapel.lfw.hunt",
    "whitechapel.lfw.legibility",
    "whitechapel.lfw.letters",
    "whitechapel.lfw.mapcheck",
    "whitechapel.lfw.mapdraw",
    "whitechapel.lfw.mapfile",
    "whitechapel.lfw.maps",
    "whitechapel.lfw.options",
    "whitechapel.lfw.phases",
    "whitechapel.lfw.render",
    "whitechapel.lfw.rules",
    "whitechapel.lfw.selfplay",
    "whitechapel.lfw.setup",
    "whitechapel.lfw.state",
    "whitechapel.lfw.table",
    "whitechapel.lfw.views",
]

# Drawing code that still uses rich's Text; another change moves it into the UI.
DRAWING_MODULES = {"whitechapel.lfw.canvas", "whitechapel.lfw.mapdraw"}

UI_LIBRARIES = ("textual", "rich", "asyncio")


def module_path(name: str) -> Path:
    base = SRC.joinpath(*name.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def is_module(name: str) -> bool:
    return name.startswith("whitechapel.") and module_path(name).exists()


def imports_in(source: str, name: str, is_package: bool = False) -> set[str]:
    """Every module the source of module `name` imports, anywhere in it (module
    level, inside functions, under `if TYPE_CHECKING:`), as dotted names.
    `from a import b` counts as `a.b` when that is a module, else as `a`: the
    package's own `__init__` runs first whichever submodule is imported, so
    it is not counted as a separate edge."""
    tree = ast.parse(source)
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            subs = {f"{base}.{alias.name}" for alias in node.names}
            modules = {m for m in subs if is_module(m)}
            out |= modules
            if modules != subs:
                out.add(base)
    return out


def imports_of(name: str) -> set[str]:
    path = module_path(name)
    return imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")


def engine_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    engine = set(ENGINE_MODULES)
    for name in ENGINE_MODULES:
        graph.add_node(name)
        for target in imports_of(name):
            if target in engine and target != name:
                graph.add_edge(name, target)
    return graph


def test_the_list_names_every_engine_module() -> None:
    found = set()
    for pkg in ("pocket", "lfw"):
        for path in (PACKAGE / pkg).glob("*.py"):
            stem = path.stem
            found.add(f"whitechapel.{pkg}" if stem == "__init__" else f"whitechapel.{pkg}.{stem}")
    assert found == set(ENGINE_MODULES)


def test_no_import_circle_among_engine_modules() -> None:
    graph = engine_graph()
    cycles = sorted(nx.simple_cycles(graph))
    assert cycles == []
    assert nx.is_directed_acyclic_graph(graph)


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_engine_modules_import_no_ui_library(name: str) -> None:
    forbidden = [
        m
        for m in imports_of(name)
        if m.split(".")[0] in UI_LIBRARIES
        and not (name in DRAWING_MODULES and m.split(".")[0] == "rich")
    ]
    assert forbidden == []


def test_the_graph_sees_deferred_and_type_checking_imports() -> None:
    source = """
from typing import TYPE_CHECKING
from . import hell
if TYPE_CHECKING:
    from whitechapel.lfw.game import LfwGame
def f():
    from whitechapel.lfw.hunt import legal_escape
    import rich.text
"""
    found = imports_in(source, "whitechapel.lfw.views")
    assert {"whitechapel.lfw.hell", "whitechapel.lfw.game", "whitechapel.lfw.hunt"} <= found
    assert "rich.text" in found and "typing" in found
    assert "whitechapel.lfw" not in found  # `from . import hell` names the module
