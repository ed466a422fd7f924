"""Put a crossing on one street of every circle that has no crossing beside
it, so that a policeman can search it and arrest Jack on it (T3: only the
circles beside his crossing).  This step turns edition 2 of the shipped
boards into edition 3 (docs/maps.md, "Circles no policeman can touch"); a
map author can run it on a map of their own:

    python tools/seal_circles.py IN OUT [--edition N]

The new crossing goes on the circle's longest street to another circle, on
the cell nearest that street's middle; it takes the next free crossing id,
so the ids of the other crossings (and everything that names them) stay.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from whitechapel.lfw.map.mapcheck import unsearchable
from whitechapel.lfw.map.mapfile import Crossing, MapData, Node, read_map_file


def _inner_cells(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells strictly between two ends of an octilinear street, in order;
    none for a street at another angle (no cell lies exactly on it)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = max(abs(dx), abs(dy))
    if dx and dy and abs(dx) != abs(dy):
        return []
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [(a[0] + k * sx, a[1] + k * sy) for k in range(1, steps)]


def seal(data: MapData, edition: int | None = None) -> MapData:
    """The map with a crossing beside every circle (and the edition given)."""
    pos: dict[Node, tuple[int, int]] = {c.n: (c.x, c.y) for c in data.circles}
    pos |= {x.id: (x.x, x.y) for x in data.crossings}
    taken = set(pos.values())
    segments = [tuple(s) for s in data.segments]
    crossings = list(data.crossings)
    streets = [(name, list(nodes)) for name, nodes in data.streets]
    next_id = 1 + max((int(x.id[1:]) for x in crossings if x.id[1:].isdigit()), default=0)
    for circle in unsearchable(data):
        if any(circle in s and isinstance(s[1 - s.index(circle)], str) for s in segments):
            continue  # a crossing put beside a neighbour is beside it too
        options = []
        for s in segments:
            if circle not in s:
                continue
            other = s[1] if s[0] == circle else s[0]
            cells = [c for c in _inner_cells(pos[circle], pos[other]) if c not in taken]
            if cells:
                middle = (len(cells) - 1) / 2
                best = min(range(len(cells)), key=lambda i: (abs(i - middle), i))
                options.append((-len(cells), str(other), s, other, cells[best]))
        if not options:
            raise SystemExit(f"circle {circle}: no street with room for a crossing")
        *_, s, other, cell = min(options)
        new = f"x{next_id}"
        next_id += 1
        crossings.append(Crossing(new, *cell))
        pos[new] = cell
        taken.add(cell)
        segments.remove(s)
        segments += [(circle, new), (new, other)]
        for _name, nodes in streets:
            for i in range(len(nodes) - 1):
                if {nodes[i], nodes[i + 1]} == {circle, other}:
                    nodes.insert(i + 1, new)
                    break
    return dataclasses.replace(
        data,
        crossings=crossings,
        segments=sorted(segments, key=lambda s: (str(s[0]), str(s[1]))),  # type: ignore[misc]
        streets=streets,
        edition=data.edition if edition is None else edition,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source")
    ap.add_argument("out")
    ap.add_argument("--edition", type=int, help="the sealed map's edition (default: the same)")
    args = ap.parse_args(argv)
    data = read_map_file(args.source)
    sealed = seal(data, args.edition)
    for x in sealed.crossings[len(data.crossings) :]:
        print(f"{x.id} at ({x.x}, {x.y})")
    Path(args.out).write_text(sealed.dumps(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
