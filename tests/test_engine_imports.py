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


def _modules(folder: Path, *, skip: tuple[str, ...] = ()) -> list[str]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(SRC).with_suffix("")
        if any(part in skip for part in rel.parts):
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        out.append(".".join(parts))
    return out


# The engines: each game's folder but its `ui/` (drawing and screens).
ENGINE_MODULES = _modules(PACKAGE / "pocket", skip=("ui",)) + _modules(
    PACKAGE / "lfw", skip=("ui",)
)
GAMES = ("whitechapel.pocket", "whitechapel.lfw")

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


def test_the_engines_are_found() -> None:
    assert "whitechapel.pocket.game" in ENGINE_MODULES and "whitechapel.lfw.flow" in ENGINE_MODULES
    assert "whitechapel.lfw.map.board" in ENGINE_MODULES
    assert not [m for m in ENGINE_MODULES if ".ui" in m]


def test_no_import_circle_among_engine_modules() -> None:
    graph = engine_graph()
    cycles = sorted(nx.simple_cycles(graph))
    assert cycles == []
    assert nx.is_directed_acyclic_graph(graph)


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_engine_modules_import_no_ui_library(name: str) -> None:
    forbidden = [m for m in imports_of(name) if m.split(".")[0] in UI_LIBRARIES]
    assert forbidden == []


# Below and beside the games: what reaches a game only through the registry
# (`core.registry.rules_for`) and the engine contract (`core/game.py`).
SHARED_MODULES = [
    *_modules(PACKAGE / "core"),
    *_modules(PACKAGE / "net"),
    *_modules(PACKAGE / "ui"),
    *_modules(PACKAGE / "benchmarks"),
    *_modules(PACKAGE / "gateway"),
    *_modules(PACKAGE / "web"),
    "whitechapel.app",
    "whitechapel.cli",
    "whitechapel.join",
]


@pytest.mark.parametrize("name", SHARED_MODULES)
def test_shared_modules_import_no_game(name: str) -> None:
    """`core/`, `net/`, `ui/`, the app and the command line import no game:
    the registry finds each by name, and they use it through the engine
    contract (a game adds its own commands: `<game>/cli.py`)."""
    games = [m for m in imports_of(name) if m.startswith(GAMES)]
    assert games == []


def setting_names() -> set[str]:
    from whitechapel.core.registry import entries, rules_for

    return {s.name for e in entries() for s in rules_for(e.name).settings}


def names_in_code(source: str) -> set[str]:
    """The identifiers and the texts of a module's code, its docstrings and
    comments left out."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            docstrings.add(id(body[0].value))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                out.add(node.value)
        elif isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            out.add(node.arg)
    return out


BELOW_THE_GAMES = ("whitechapel.core", "whitechapel.net", "whitechapel.ui")


@pytest.mark.parametrize("name", [m for m in SHARED_MODULES if m.startswith(BELOW_THE_GAMES)])
def test_shared_modules_name_no_setting_of_any_game(name: str) -> None:
    """A game's settings (Pocket's hand-over mode, LfW's notebook) are its own
    schema (`Rules.settings`, core/settings.py): records, rooms, the
    protocol, the setup rows and the lobby handle them by the schema alone."""
    named = names_in_code(module_path(name).read_text(encoding="utf-8")) & setting_names()
    assert named == set()


def test_the_setting_rule_sees_a_name_in_code_and_not_in_a_docstring() -> None:
    assert setting_names() >= {"handover", "notebook"}
    source = '''"""The notebook."""
def f(record):
    """Its handover."""
    return record.notebook, {"handover": 1}
'''
    assert names_in_code(source) & setting_names() == {"notebook", "handover"}
    assert not names_in_code('"""notebook, handover"""\nx = 1\n') & setting_names()


# The network server and its client link sit below every screen: `net/`
# imports no UI, no app, no gateway (the SSH one and the web one sit above
# the app, in `gateway/` and `web/`: they run the app for their sessions),
# no SSH library and no web server.
NET_MODULES = _modules(PACKAGE / "net")
ABOVE_NET = (
    "whitechapel.ui",
    "whitechapel.app",
    "whitechapel.gateway",
    "whitechapel.web",
    "whitechapel.cli",
    "whitechapel.join",
    "textual",
    "rich",
    "asyncssh",
    "aiohttp",
    "textual_serve",
)
GATEWAY_MODULES = _modules(PACKAGE / "gateway")
WEB_MODULES = _modules(PACKAGE / "web")


@pytest.mark.parametrize("name", NET_MODULES)
def test_the_network_modules_import_no_ui_and_no_gateway(name: str) -> None:
    above = [m for m in imports_of(name) if m.startswith(ABOVE_NET)]
    assert above == []


@pytest.mark.parametrize("name", NET_MODULES)
def test_the_network_modules_are_split_by_meaning(name: str) -> None:
    """The server is split by meaning (connections, the table of rooms, the
    room messages' handlers, the room's file codec, ...): no module of
    `net/` grows past about 400 lines."""
    lines = module_path(name).read_text(encoding="utf-8").count("\n")
    assert lines <= 400


@pytest.mark.parametrize("name", GATEWAY_MODULES)
def test_the_ssh_gateway_imports_nothing_of_the_web_one(name: str) -> None:
    """The web gateway uses the SSH gateway's session hosts and bounds, never
    the other way: serving over SSH needs no web server."""
    web = [
        m for m in imports_of(name) if m.startswith(("whitechapel.web", "aiohttp", "textual_serve"))
    ]
    assert web == []


@pytest.mark.parametrize("name", WEB_MODULES)
def test_the_web_gateway_needs_no_ssh_library(name: str) -> None:
    ssh = [
        m
        for m in imports_of(name)
        if m.split(".")[0] == "asyncssh"
        or m in ("whitechapel.gateway.ssh", "whitechapel.gateway.session")
    ]
    assert ssh == []


def test_no_import_circle_in_the_server_and_its_gateways() -> None:
    modules = set(NET_MODULES) | set(GATEWAY_MODULES) | set(WEB_MODULES)
    graph = nx.DiGraph()
    for name in modules:
        graph.add_node(name)
        graph.add_edges_from((name, t) for t in imports_of(name) if t in modules and t != name)
    assert sorted(nx.simple_cycles(graph)) == []
    assert "whitechapel.gateway.sessionhost" in modules and "whitechapel.net.server" in modules
    assert "whitechapel.web.server" in modules


# Two entries per game: its rules (`<game>/rules.py`: engine, views, legal
# actions, settings, players) and its screens (`<game>/ui/entry.py`).  Only
# interface code imports a `ui/` folder: nothing below it (core, net, the
# engines) and nothing beside it; above it, the app, the command line, `join`
# and the SSH and web gateways (which run the app for their sessions) start screens.
ALL_MODULES = _modules(PACKAGE)
ABOVE_UI = (
    "whitechapel.app",
    "whitechapel.cli",
    "whitechapel.join",
    "whitechapel.__main__",
    "whitechapel.gateway",
    "whitechapel.web",
)


def in_ui(name: str) -> bool:
    """Is module `name` in a `ui/` folder (the shared one or a game's)?"""
    return "ui" in name.split(".")[1:]


def test_the_ui_modules_are_found() -> None:
    assert in_ui("whitechapel.ui.lobby") and in_ui("whitechapel.pocket.ui.entry")
    assert not in_ui("whitechapel.pocket.rules") and not in_ui("whitechapel.lfw.map.board")
    assert (
        "whitechapel.lfw.ui.entry" in ALL_MODULES
        and "whitechapel.gateway.forkserver" in ALL_MODULES
    )


@pytest.mark.parametrize(
    "name", [m for m in ALL_MODULES if not in_ui(m) and not m.startswith(ABOVE_UI)]
)
def test_nothing_outside_a_ui_folder_imports_one(name: str) -> None:
    """A game's rules, the engines, `core/`, `net/` and the benchmarks never
    import a screen, not even inside a function: the interface is above them."""
    screens = [m for m in imports_of(name) if m.startswith("whitechapel.") and in_ui(m)]
    assert screens == []


def test_the_ui_rule_sees_a_deferred_screen_import() -> None:
    source = "def screen():\n    from whitechapel.pocket.ui.setup import PocketSetup\n"
    found = imports_in(source, "whitechapel.pocket.rules")
    assert [m for m in found if in_ui(m)] == ["whitechapel.pocket.ui.setup"]


def test_each_game_has_its_rules_and_its_screens_apart() -> None:
    """The registry names each game's two entries; the screens' is in the
    game's `ui/` folder, the rules' outside it."""
    from whitechapel.core.registry import entries

    for e in entries():
        assert e.module == f"whitechapel.{e.name}.rules" and not in_ui(e.module)
        assert e.screens == f"whitechapel.{e.name}.ui.entry" and e.screens in ALL_MODULES


def package_levels() -> dict[str, nx.DiGraph]:
    """For every package, the import graph among its direct children, each
    sub-package standing for every module inside it."""
    edges = [(m, t) for m in ALL_MODULES for t in imports_of(m) if t in ALL_MODULES and t != m]
    packages = [m for m in ALL_MODULES if module_path(m).name == "__init__.py"]
    out = {}
    for package in packages:

        def child(m: str, package: str = package) -> str | None:
            if not m.startswith(package + "."):
                return None
            return f"{package}.{m[len(package) + 1 :].split('.')[0]}"

        graph = nx.DiGraph()
        for a, b in edges:
            ca, cb = child(a), child(b)
            if ca is not None and cb is not None and ca != cb:
                graph.add_edge(ca, cb)
        out[package] = graph
    return out


def test_no_import_circle_at_any_level_of_the_package() -> None:
    """No circle among modules, nor among the folders of any folder (a
    game's rules and its `ui/`, `core/` and `net/`, ...): every import
    counts, deferred or not."""
    whole = nx.DiGraph()
    whole.add_edges_from(
        (m, t) for m in ALL_MODULES for t in imports_of(m) if t in ALL_MODULES and t != m
    )
    assert sorted(nx.simple_cycles(whole)) == []
    levels = package_levels()
    assert (
        "whitechapel.pocket" in levels and "whitechapel.pocket.ui" in levels["whitechapel.pocket"]
    )
    circles = {p: sorted(nx.simple_cycles(g)) for p, g in levels.items()}
    assert {p: c for p, c in circles.items() if c} == {}


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


def test_the_registry_knows_each_games_sides_without_importing_it() -> None:
    from whitechapel.core.registry import entries, rules_for

    for e in entries():
        assert e.sides == rules_for(e.name).sides


# Computer players get views, never the engine (core/players.py): no player
# module imports a module that defines a game's state.  A player looks ahead
# only on possible games built from its view (`pocket/worlds.py`).
PLAYER_MODULES = [
    m
    for game in ("pocket", "lfw")
    if (PACKAGE / game / "players").is_dir()
    for m in _modules(PACKAGE / game / "players")
]
STATE_MODULES = (
    "whitechapel.pocket.game",
    "whitechapel.pocket.setup",
    "whitechapel.lfw.game",
    "whitechapel.lfw.state",
    "whitechapel.lfw.flow",
)


def test_the_player_modules_are_found() -> None:
    assert "whitechapel.pocket.players" in PLAYER_MODULES
    assert "whitechapel.pocket.players.simple" in PLAYER_MODULES


@pytest.mark.parametrize("name", PLAYER_MODULES)
def test_player_modules_import_no_engine_state(name: str) -> None:
    state = [m for m in imports_of(name) if m in STATE_MODULES]
    assert state == []


def test_the_player_rule_sees_a_state_import() -> None:
    found = imports_in(
        "from whitechapel.pocket.game import PocketGame\n", "whitechapel.pocket.players.x"
    )
    assert [m for m in found if m in STATE_MODULES] == ["whitechapel.pocket.game"]
