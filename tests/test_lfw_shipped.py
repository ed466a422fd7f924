"""The shipped boards are found from a source checkout and from an installed
wheel (docs/architecture.md, "Where the shipped boards are found")."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.maps import BUILTIN, EDITIONS, load_board
from whitechapel.lfw.map.shipped import IN_PACKAGE, maps_dir

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets" / "maps"
SHIPPED = sorted(p.name for p in ASSETS.glob("*.json"))


def test_the_checkout_holds_every_board_the_game_names():
    every_edition = [file for files in EDITIONS.values() for file in files.values()]
    assert sorted(every_edition) == SHIPPED
    assert set(BUILTIN.values()) <= set(SHIPPED)


def test_the_loader_finds_every_shipped_board_in_the_checkout():
    assert Path(str(maps_dir())).resolve() == ASSETS
    for name, file in BUILTIN.items():
        board = load_board(name)
        assert board.builtin_name == file.removesuffix(".json")
        assert Board.builtin(file).circles == board.circles


def test_a_wheel_carries_the_boards_where_an_installed_package_finds_them(tmp_path):
    out = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
        check=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    (wheel,) = out.glob("whitechapel-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        inside = "/".join(("whitechapel", *IN_PACKAGE))
        assert {f"{inside}/{f}" for f in SHIPPED} <= names
        assert not [n for n in names if n.endswith(".json") and not n.startswith(inside)]
        site = tmp_path / "site-packages"  # not named `src`: an installed package
        z.extractall(site)
    # Load every board from the unpacked wheel, far from the checkout.
    script = (
        "import whitechapel.lfw.map.shipped as s\n"
        "from whitechapel.lfw.map.maps import BUILTIN, EDITIONS, load_board\n"
        "print(s.maps_dir())\n"
        "for name in BUILTIN: print(name, len(load_board(name).circles))\n"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r})\n{script}"],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    lines = run.stdout.splitlines()
    assert Path(lines[0]) == site.joinpath("whitechapel", *IN_PACKAGE)
    assert sorted(line.split()[0] for line in lines[1:]) == sorted(BUILTIN)
