"""The police notebook on the screen: the circles where Jack can be, tinted
on the map, and the panel's lines on them (the engine's `lfw/notebook.py`
deduces them from the public facts of any side's view).

Three modes, the game's "notebook" setting (`lfw/rules.py`; chosen at the
setup or by a network room's creator, and kept in the record):
"off" shows nothing, "possible" tints every possible circle alike, "heat"
tints each by its share of the paths (`HEAT_TAGS`, palest fewest).  On the
police screens it is what they can deduce; on Jack's it is the same set,
"what the police can know": how exposed he is.  Pure Python: no Textual.
"""

from __future__ import annotations

from whitechapel.lfw.notebook import Notebook

POSSIBLE = "possible"
# The heat scale, fewest paths first: a circle's share of the most paths
# ending on one circle, in quarters.
HEAT_TAGS = ("heat-1", "heat-2", "heat-3", "heat-4")
TINT_TAGS = (POSSIBLE, *HEAT_TAGS)
HIDEOUTS_SHOWN = 8  # circles listed by number; more are counted


def tint_marks(nb: Notebook | None, mode: str) -> dict[int, str]:
    """Circle -> tint tag for the circles where Jack can be now."""
    if nb is None or mode == "off" or not nb.counts or nb.home or nb.over:
        return {}  # nothing is "now" once the night (or the game) is finished
    if mode == "possible":
        return dict.fromkeys(nb.counts, POSSIBLE)
    top = max(nb.counts.values())
    return {
        c: HEAT_TAGS[min(len(HEAT_TAGS) - 1, (n * len(HEAT_TAGS) - 1) // top)]
        for c, n in nb.counts.items()
    }


def deduction_text(nb: Notebook | None, *, jack: bool = False) -> str:
    """The notebook panel's lines on the deduction: how many circles Jack
    can be on (and by how many paths), and the hideout candidates.  On
    Jack's screen it is headed as what the police can know."""
    if nb is None:
        return ""
    n, h = len(nb.counts), nb.hideouts
    if nb.over or nb.home:  # the night's finished state: no current set
        where = "The game is over" if nb.over else f"Night {nb.night} is finished"
        if nb.home:
            where += ": Jack went home"
    elif nb.on_board:
        where = (
            f"Jack can be on {n} {_plural(n, 'circle')} ({nb.total} {_plural(nb.total, 'path')})"
        )
        if n <= HIDEOUTS_SHOWN and not jack:
            where += ": " + " ".join(map(str, nb.possible))
    else:
        where = "Jack is not on the streets"
    if jack:  # one short line: his sheet fills most of the panel
        if nb.on_board and not (nb.over or nb.home):
            where = f"{n} {_plural(n, 'circle')} ({nb.total} {_plural(nb.total, 'path')})"
        elif not (nb.over or nb.home):
            where = "not on the streets"
        return f"[b]What the police can know:[/b] {where}, {len(h)} hideout candidates"
    if h:
        shown = " ".join(map(str, h[:HIDEOUTS_SHOWN]))
        more = f" and {len(h) - HIDEOUTS_SHOWN} more" if len(h) > HIDEOUTS_SHOWN else ""
        home = f"Hideout candidates ({len(h)}): {shown}{more}"
    else:
        home = "Hideout candidates: none yet"
    return f"[b]Deduction[/b] {where}\n{home}"


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"
