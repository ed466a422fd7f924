"""The tutorial board's generator (`make_tutorial_map.py`) at K times the
size: K times the circles, crossings, blocks and alley pairs, the drawing
and its named streets by the square root of K (corners rounded down, so
diagonal streets stay diagonal); 8 red circles and 7 yellow crossings as
ever.  For measuring how the balance of the computer players moves with a
board's size (docs/lfw.md, "What a board change would need").

    python tools/scale_tutorial_map.py K SEED OUT

K = 1 rebuilds `make_tutorial_map.py --seed SEED`; 2.25, 3.0625, 4 and 5.4
give 81, 110, 144 and 194 circles from seed 7 (other K may draw a street
that is not octilinear and stop).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import make_tutorial_map as tutorial


def main(argv: list[str]) -> int:
    k, seed, out = float(argv[0]), int(argv[1]), argv[2]
    s = math.sqrt(k)
    tutorial.WIDTH, tutorial.HEIGHT = round(100 * s), round(26 * s)
    tutorial.BLOCKS, tutorial.CIRCLES, tutorial.CROSSINGS = (
        round(22 * k),
        round(36 * k),
        round(44 * k),
    )
    tutorial.STREETS = {
        name: [(int(x * s), int(y * s)) for x, y in corners]
        for name, corners in tutorial.STREETS.items()
    }
    target = dict(tutorial.TARGETS["target"], pairs=(62 * k, 8 * s))
    tutorial.TARGETS = dict(tutorial.TARGETS, target=target)
    return tutorial.main(["--seed", str(seed), "--out", out])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
