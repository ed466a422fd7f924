"""Where the boards shipped with the game are.

They live once, in the repository's top-level `assets/maps/` (the generators
in `tools/` write them there).  A wheel carries them inside the package, as
`whitechapel/assets/maps/` (`force-include` in pyproject.toml).  So:

- a source checkout or an editable install imports this file from
  `src/whitechapel/lfw/map/`, and the boards are in `assets/maps/` beside
  `src/`;
- an installed wheel has no `src/` above the package, and the boards are
  package data, read through `importlib.resources`.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

# The boards' place inside an installed package (the wheel's force-include).
IN_PACKAGE = ("assets", "maps")


def maps_dir() -> Traversable:
    """The folder of the shipped boards: the checkout's `assets/maps/` when
    this file runs from a source tree, else the installed package's."""
    src = Path(__file__).parents[3]  # src/whitechapel/lfw/map/shipped.py -> src
    checkout = src.parent / "assets" / "maps"
    if src.name == "src" and checkout.is_dir():
        return checkout
    found = resources.files("whitechapel")
    for part in IN_PACKAGE:
        found = found / part
    return found


def read_shipped(name: str) -> bytes:
    """The bytes of one shipped board file, e.g. 'tutorial.json'."""
    return (maps_dir() / name).read_bytes()


# The short names a player may type for a shipped board (`--map 1888`), each
# with the board's own name beside it (records and rooms keep the own name).
ALIASES = {"1888": "whitechapel-1888"}

# What every `--map` (and `map check|show`) accepts, for its help.
BOARD_HELP = (
    "a board: 1888 (the default: whitechapel-1888), 1888@1 or 1888@2 (its earlier editions), "
    "tutorial (tutorial@1, tutorial@2 its earlier editions), or a map file's path"
)


def board_id(text: str) -> str:
    """The shipped board's own name for a short one ('1888' ->
    'whitechapel-1888', '1888@1' -> 'whitechapel-1888@1'); any other text
    (a board's own name, a map file's path) as it is."""
    name, at, edition = text.partition("@")
    return ALIASES[name] + at + edition if name in ALIASES else text
