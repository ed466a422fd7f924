"""A plain-text drawing of a Pocket view, for the command line and logs.

It reads only a view (never the state), so what it prints for a side is
exactly what that side may know.

Each tile is a box with its streets drawn open and its wall drawn as a solid
bar; the detectives stand on the numbered positions around the district.
"""

from __future__ import annotations

from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    CHARACTERS,
    DETECTIVE_LETTERS,
    FACE_NAMES,
)
from whitechapel.pocket.sentences import of_goal, pronoun, sight_sentence
from whitechapel.pocket.sightlines import sightings
from whitechapel.pocket.views import Detectives, PocketView, Tile

_W = 13  # inner width of a tile


def _tile_lines(tile: Tile) -> list[str]:
    c = CHARACTERS[tile.index]
    has = {d: (d == tile.wall and not tile.open_crossroads) for d in "NESW"}
    top = "█" * _W if has["N"] else " " * (_W // 2) + "║" + " " * (_W // 2)
    bottom = "█" * _W if has["S"] else " " * (_W // 2) + "║" + " " * (_W // 2)
    left = "█" if has["W"] else "═"
    right = "█" if has["E"] else "═"
    short = c.name.split()[-1]
    name = short if not tile.cleared else f"({short})"
    status = "cleared" if tile.cleared else ("seen" if tile.seen else "")
    return [
        " " + top + " ",
        left + name[:_W].center(_W) + right,
        " " + status.center(_W) + " ",
        " " + bottom + " ",
    ]


def _marks(detectives: Detectives, position: int) -> str:
    return "".join(DETECTIVE_LETTERS[d] for d, p in enumerate(detectives) if p == position) or "·"


def render_board(view: PocketView) -> str:
    """The district with detectives, as lines of text."""
    det = view.detectives
    tiles = view.tiles
    cell = _W + 2
    pad = "     "
    lines = [pad + "".join(f"{f'{p}:' + _marks(det, p):^{cell}}" for p in (1, 2, 3))]
    for row in range(3):
        row_tiles = [_tile_lines(tiles[row * 3 + col]) for col in range(3)]
        left_pos, right_pos = 12 - row, 4 + row
        for k in range(4):
            body = "".join(t[k] for t in row_tiles)
            if k == 1:
                lines.append(
                    f"{f'{left_pos}:' + _marks(det, left_pos):>4} {body} {right_pos}:{_marks(det, right_pos)}"
                )
            else:
                lines.append(pad + body)
    lines.append(pad + "".join(f"{f'{p}:' + _marks(det, p):^{cell}}" for p in (9, 8, 7)))
    return "\n".join(lines)


def _name(cid: str) -> str:
    return CHARACTERS[CHARACTER_INDEX[cid]].name


def render_status(view: PocketView) -> str:
    tokens = "  ".join(
        f"[{FACE_NAMES[t.up]}]" if not t.used else f" {FACE_NAMES[t.up]} (used)"
        for t in view.tokens
    )
    suspects = view.suspects
    lines = [
        f"Round {view.round} of 8" + ("  — the race is on" if view.race else ""),
        f"Action tokens: {tokens}",
        # two rows: a replay's window cut the one (testers PQ and PR, round 9)
        f"Round tokens: {', '.join(view.round_tokens) or 'none yet'}",
        f"Jack's known hourglasses: {of_goal(view.known_hourglasses)}"
        f" · alibi cards Jack holds: {view.jack_alibi_count}",
        f"Suspects left ({len(suspects)}, {len(suspects) - 1} to clear): "
        f"{', '.join(_name(s) for s in suspects)}",
    ]
    seen = sightings(view.tiles, view.detectives)
    lines.append(f"Sight: {sight_sentence(seen, view.detectives)}")
    if view.investigator_alibis:
        shown = ", ".join(_name(c) for c in view.investigator_alibis)
        lines.append(f"Alibis shown by the investigator: {shown}")
    secret = view.jack
    if secret:
        alibis = ", ".join(_name(c) for c in secret.alibis) or "none"
        her = pronoun(secret.identity, "his")
        lines.append(
            f"Jack is {_name(secret.identity)}; {her} alibi cards: {alibis}; "
            f"hourglasses: {of_goal(secret.hourglasses)}"
        )
    outcome = view.outcome
    if outcome:
        lines.append(f"Game over: {outcome.winner} wins — {outcome.reason} ({outcome.detail})")
    elif view.to_act:
        lines.append(f"To act: {view.to_act}")
    return "\n".join(lines)


def render(view: PocketView) -> str:
    return render_board(view) + "\n\n" + render_status(view)
