"""Jack's own sheet, with the tension of his turn: his hideout and how far
it is, where he stands and how many spaces of the move track are left, his
path tonight, and on his turn (T1) the moves he may make, each with what it
costs on the move track, and where each takes him on the map.

Everything here reads Jack's view only (its `jack` part and, on his turn,
its legal actions) and the board: the police view has neither, so nothing
here can reach the police (§9).  Pure Python: no Textual, no rich.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from whitechapel.lfw.rulebook import MOVES, TRACK, space_name

KINDS = MOVES
KIND_NAMES = {"step": "walk", "coach": "coach", "alley": "alley"}
HOW_MARK = {"crime": "✝", "step": "", "coach": "c", "alley": "a"}
REACH = {"step": "reach-step", "coach": "reach-coach", "alley": "reach-alley"}  # map tags


def next_space(view: dict[str, Any]) -> int:
    """The index of the move track's next free space tonight."""
    used = [t["index"] for t in view["track"]]
    return max(used) + 1 if used else TRACK


def spaces_left(view: dict[str, Any]) -> int:
    return max(TRACK - next_space(view), 0) if view["track"] else 0


def moves_home(board: Any, here: int, hideout: int, alleys: int) -> int | None:
    """The fewest moves (spaces of the track) from `here` to the hideout,
    walking and taking up to `alleys` alleys, policemen ignored (they move
    every turn); None if it cannot be reached.  A coach is two steps in two
    spaces: never fewer spaces than walking."""
    if here == hideout:
        return 0
    seen = {(here, 0)}
    queue = deque([(here, 0, 0)])
    while queue:
        c, used, d = queue.popleft()
        steps = [(n, used) for n in board.jack_adjacent(c)]
        if used < alleys:
            steps += [(n, used + 1) for n in board.alley_destinations(c)]
        for n, u in steps:
            if n == hideout:
                return d + 1
            if (n, u) not in seen:
                seen.add((n, u))
                queue.append((n, u, d + 1))
    return None


def path_tonight(jack: dict[str, Any], night: int) -> str:
    """Tonight's row as "space:circle", with ✝ the crime, c coach, a alley."""
    rows = jack["path"]
    if not rows or len(rows) != night or not rows[-1]:
        return ""
    return " ".join(f"{e['space']}:{e['circle']}{HOW_MARK.get(e['how'], '')}" for e in rows[-1])


def move_options(view: dict[str, Any]) -> dict[str, set[int]]:
    """On Jack's turn (T1): each kind of move offered, in the order of the
    choices (their digit keys), with the circles it can end on."""
    out: dict[str, set[int]] = {}
    if view["phase"]["key"] != "escape":
        return out
    for text in view.get("legal", ()):
        words = text.split()
        if words and words[0] in KINDS:
            out.setdefault(words[0], set()).add(int(words[-1] if words[-1] != "home" else words[1]))
    return out


def move_lines(view: dict[str, Any], hideout: int | None = None) -> list[str]:
    """Jack's moves on his turn, numbered as the choices are: the space(s)
    each writes on the track and the token it spends (before → after); a
    kind not offered says why."""
    options = move_options(view)
    if not options:
        return []
    n = next_space(view)
    lines = ["[b]Your move[/b] (T1), into space:"]
    for k, (kind, ends) in enumerate(options.items(), start=1):
        if kind == "coach":
            c = view["coaches_left"]
            cost = f"{space_name(n)}–{space_name(n + 1)}, coaches {c}→{c - 1}"
        elif kind == "alley":
            a = view["alleys_left"]
            cost = f"{space_name(n)}, alleys {a}→{a - 1}"
        else:
            cost = space_name(n)
        home = " [b]home![/b]" if hideout in ends else ""
        lines.append(f" {k} {KIND_NAMES[kind]:<5} → {cost}{home}")
    for kind in KINDS:
        if kind in options:
            continue
        if kind == "coach":
            why = "no token left" if not view["coaches_left"] else (
                "needs two free spaces" if TRACK - n < 2 else "no route"
            )
        elif kind == "alley":
            why = "no token left" if not view["alleys_left"] else "none from here"
        else:
            why = "blocked by the police"
        lines.append(f" [dim]no {KIND_NAMES[kind]}: {why}[/dim]")
    return lines


def jack_text(view: dict[str, Any], board: Any) -> str:
    """Jack's secret sheet, on his own screens only."""
    jack = view["jack"]
    lines = ["[b red]Secret — Jack only[/b red]"]
    hideout, here = jack["hideout"], jack["position"]
    tonight = bool(jack["path"]) and len(jack["path"]) == view["night"]
    if hideout is not None:
        home = f"Your hideout: [b]{hideout}[/b]"
        if here is not None and tonight:
            need = moves_home(board, here, hideout, view["alleys_left"])
            if need is None:
                home += " · out of reach"
            else:
                home += f" · {need} move{'s' if need != 1 else ''} away"
                if need > spaces_left(view):
                    home += " [b red](too far!)[/b red]"
        lines.append(home)
    if here is not None and tonight:
        lines.append(f"On circle [b]{here}[/b] · {spaces_left(view)} spaces left")
    if jack["marked_women"]:
        lines.append("Marked women: " + " ".join(map(str, jack["marked_women"])))
    path = path_tonight(jack, view["night"])
    if path:
        lines.append(f"Tonight: {path}")
    for night, row in enumerate(jack["path"][: view["night"] - 1], start=1):
        if row:
            walked = " ".join(f"{e['circle']}{HOW_MARK.get(e['how'], '')}" for e in row)
            lines.append(f"Night {night}: {walked}")
    moves = move_lines(view, hideout)
    if moves:
        lines += ["", *moves]
    return "\n".join(lines)


def reach_marks(view: dict[str, Any]) -> dict[int, str]:
    """On Jack's turn, before he picks the kind of move: where each kind can
    take him (a walk wins over an alley, an alley over a coach)."""
    marks: dict[int, str] = {}
    options = move_options(view)
    for kind in ("coach", "alley", "step"):
        for c in options.get(kind, ()):
            marks[c] = REACH[kind]
    return marks
