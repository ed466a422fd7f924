"""The generators of the shipped boards (tools/make_whitechapel_1888.py,
tools/make_tutorial_map.py) rebuild the committed files: edition 2's drawing,
and edition 3, the same drawing with a crossing beside every circle
(tools/seal_circles.py).

Laying the streets takes a second and is checked on every run; the whole
rebuild (the annealing search for circles and crossings takes minutes) runs
when WHITECHAPEL_MAPGEN=1 is set:

    WHITECHAPEL_MAPGEN=1 PYTHONPATH=src python -m pytest tests/test_lfw_mapgen.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.map.shipped import read_shipped

TOOLS = Path(__file__).resolve().parents[1] / "tools"


@pytest.fixture(scope="module")
def gen():
    sys.path.insert(0, str(TOOLS))
    try:
        import make_whitechapel_1888

        yield make_whitechapel_1888
    finally:
        sys.path.remove(str(TOOLS))


def test_the_generator_lays_the_committed_streets(gen):
    net, graph, _pos, goulston, reds = gen.streets(1888)
    board = load_board("whitechapel-1888@2")
    assert set(board.pos.values()) == set(graph)  # every point where the file has it
    at = {p: v for v, p in board.pos.items()}
    assert {frozenset((at[a], at[b])) for a, b in graph.edges()} == {
        frozenset(s) for s in board.data.segments
    }
    assert board.data.street_labels == net.names
    assert at[goulston] == board.goulston
    assert {n: at[p] for n, p in reds.items()} == {
        n: n for n in reds
    }  # red circles keep their numbers
    assert board.edition == gen.EDITION and (board.data.width, board.data.height) == (198, 56)


@pytest.mark.skipif(not os.environ.get("WHITECHAPEL_MAPGEN"), reason="takes minutes")
def test_the_generator_rebuilds_the_committed_file_byte_for_byte(gen, tmp_path):
    out = tmp_path / "whitechapel-1888.json"
    assert gen.main(["--out", str(out)]) == 0
    assert out.read_bytes() == read_shipped("whitechapel-1888.json")
    assert gen.main(["--edition", "2", "--out", str(out)]) == 0
    assert out.read_bytes() == read_shipped("whitechapel-1888-ed2.json")


def test_the_tutorial_generator_rebuilds_the_committed_file_byte_for_byte(tmp_path):
    sys.path.insert(0, str(TOOLS))
    try:
        import make_tutorial_map
    finally:
        sys.path.remove(str(TOOLS))
    out = tmp_path / "tutorial.json"
    assert make_tutorial_map.main(["--out", str(out)]) == 0
    assert out.read_bytes() == read_shipped("tutorial.json")
    assert make_tutorial_map.main(["--edition", "2", "--out", str(out)]) == 0
    assert out.read_bytes() == read_shipped("tutorial-ed2.json")
