"""The police notebook on the screen: the circles where Jack can be, tinted
on the map, and the panel's lines on them (the engine's `lfw/notebook.py`
deduces them from the public facts of any side's view).

Three modes, the game's "notebook" setting (`lfw/rules.py`; chosen at the
setup or by a network room's creator, and kept in the record):
"off" shows nothing, "possible" tints every possible circle alike, "heat"
tints each by its share of the paths (`HEAT_TAGS`, palest fewest).  A
fourth, `HIDEOUTS`, tints the hideout candidates instead (a key on the
screen); and where there is no "now" (before tonight's crime, or once Jack
is home) while a night is finished, the other modes tint the candidates
too: then they are what the police think about.  On the
police screens it is what they can deduce; on Jack's it is the same set,
"what the police can know": how exposed he is.  Pure Python: no Textual.

How it looks (mapstyle.py): a hue no fixed mark of the board uses (a cool
blue deepening to indigo, never the red of the red circles and crime
scenes, the yellow of patrol crossings, the policemen's colours or the
clues' greens), every possible circle underlined, and in heat mode a bar
after the number (`HEAT_BARS`: ▂ fewest paths, █ most): inside a short
number's label, in the street cell beside a three-digit one, so the marks
read without colour too.  The number stays whole.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from whitechapel.lfw.map.mapfile import Node
from whitechapel.lfw.notebook import Notebook

POSSIBLE = "possible"
# The heat scale, fewest paths first: a circle's share of the most paths
# ending on one circle, in quarters.
HEAT_TAGS = ("heat-1", "heat-2", "heat-3", "heat-4")
# The bar drawn after a circle's number, by heat level (fewest paths first).
HEAT_BARS = ("▂", "▄", "▆", "█")
HEAT_BAR = dict(zip(HEAT_TAGS, HEAT_BARS, strict=True))
HIDEOUTS = "hideouts"  # the mode that tints the hideout candidates
CANDIDATE = "candidate"  # their tag
CANDIDATE_MARK = "⌂"  # after a candidate's number where its label has room
TINT_TAGS = (POSSIBLE, *HEAT_TAGS)  # where Jack can be (the candidates' tag is apart)
POSSIBLE_SHOWN = 8  # up to this many, where Jack can be is listed as is; more in runs


def tint_marks(nb: Notebook | None, mode: str) -> dict[int, str]:
    """Circle -> tint tag: the circles where Jack can be now, or the hideout
    candidates (`HIDEOUTS`; in any mode while there is no "now" and a night
    is finished: before tonight's crime, or Jack home)."""
    if nb is None or mode == "off" or nb.over:
        return {}  # at the end the map reviews Jack's path
    now = bool(nb.counts) and not nb.home
    if mode == HIDEOUTS or (not now and any(n.home for n in nb.nights)):
        return dict.fromkeys(nb.hideouts, CANDIDATE)
    if not now:
        return {}  # nothing is "now" once the night is finished
    if mode == "possible":
        return dict.fromkeys(nb.counts, POSSIBLE)
    counts = heat_counts(nb)
    top = max(counts.values())
    heat = {
        c: HEAT_TAGS[min(len(HEAT_TAGS) - 1, (n * len(HEAT_TAGS) - 1) // top)]
        for c, n in counts.items()
    }
    # where he can be but no longer get home from: the palest tint, no share
    return {c: heat.get(c, HEAT_TAGS[0]) for c in nb.counts}


def heat_counts(nb: Notebook) -> Mapping[int, int]:
    """The paths the heat map counts: those ending where Jack can still
    get home tonight (`Notebook.homeward`), where there are any; else all.
    Testers I3 and J3 (round 32): "Most paths end on: 143 8%, 145 7%" while
    the line above said he could get home in time only from circles 145 was
    not among; an arrest on the top share was wasted."""
    return nb.homeward() or nb.counts


def tint_text(circle: int, tag: str) -> str | None:
    """The label of a tinted circle: its number, then the heat's bar: inside
    the 3-cell label where it has room (" 7▄", "12▄"), else one cell longer
    ("149▆"), which the map draws in the street cell beside the label
    (`canvas.overlay`); None keeps the number as it is (no bar for the tag)."""
    bar = CANDIDATE_MARK if tag == CANDIDATE else HEAT_BAR.get(tag)
    if bar is None:
        return None
    number = str(circle)
    return f"{number}{bar}".rjust(3)


def put_tint(marks: dict[Node, str], texts: dict[Node, str], tint: Mapping[int, str]) -> None:
    """Lay the tint under the map's marks: on circles no other mark holds;
    a circle another mark holds (searched, a clue, a woman) keeps that
    mark's colour and takes the bar alone (tester Q, round 9: the likeliest
    circles, searched earlier, had no bar, and the strongest bars stood on
    less likely ones).  A re-lettered label (a target) is left as it is."""
    for c, tag in tint.items():
        if c in texts:
            continue
        if c not in marks:
            marks[c] = tag
        text = tint_text(c, tag)
        if text is not None:
            texts[c] = text


def runs(circles: Iterable[int]) -> str:
    """Circles in number order, each run of three or more that follow one
    another as "12–20": every number can be read, and 150 candidates take
    a few lines, not ten."""
    out: list[str] = []
    ordered = sorted(set(circles))
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{ordered[i]}–{ordered[j]}")
        else:
            out.extend(map(str, ordered[i : j + 1]))
        i = j + 1
    return " ".join(out)


def hideouts_line(
    hideouts: tuple[int, ...], *, key: str | None = None, ends: tuple[int, ...] = ()
) -> str:
    """Every hideout candidate, in runs ("Hideout candidates (43): 2 5–9
    14 …"), the panel wraps it; `key`: the key that tints them on the map.
    `ends`: on how many circles each night Jack went home could have ended,
    said from the second on, so that candidates that stop shrinking say why
    (tester A3, round 28: 41 from night 1 to the end, understood only with
    `lfw notebook`: nights 2 and 3 ended on 83 and 194 circles)."""
    if not hideouts:
        return "Hideout candidates: none yet"
    how = f" [dim]({key}: on the map)[/dim]" if key else ""
    why = ""
    if len(ends) > 1:
        # (testers W3 and Y3, rounds 39-40: "each night could end on 83 · 83
        # circles; they are where all could" was hard to parse)
        each = [f"night 1 could end on {ends[0]} circles"]
        each += [f"night {n} on {k}" for n, k in enumerate(ends[1:], 2)]
        why = f" [dim]({', '.join(each)}: the hideout is one every night could end on)[/dim]"
    return f"Hideout candidates ({len(hideouts)}){how}{why}: {runs(hideouts)}"


JACK_CANDIDATES_SHOWN = 30  # Jack's line lists the candidates up to this many (runs: a few rows)


def deduction_text(
    nb: Notebook | None,
    *,
    jack: bool = False,
    key: str | None = None,
    shares: bool = True,
    searched: Collection[int] = (),
) -> str:
    """The notebook panel's lines on the deduction: how many circles Jack
    can be on (and by how many paths), and every hideout candidate; with
    `shares` (the heat map) the circles most paths end on.  On Jack's
    screen it is headed as what the police can know; `searched`: tonight's
    circles searched empty (`likeliest_line`)."""
    if nb is None:
        return ""
    n, h = len(nb.counts), nb.hideouts
    if nb.over or nb.home:  # the night's finished state: no current set
        where = "The game is over" if nb.over else f"Night {nb.night} is finished"
        if nb.home:
            where += ": Jack went home"
    elif nb.on_board:
        where = f"Jack can be on {n} {_plural(n, 'circle')} ({paths_text(nb.total)})"
        if not jack:  # every one, in runs (play-tester G, round 4: a count alone at 200x60)
            where += ": " + (
                " ".join(map(str, nb.possible)) if n <= POSSIBLE_SHOWN else runs(nb.possible)
            )
    else:
        where = "Jack is not on the streets"
    if not jack and nb.on_board and not (nb.over or nb.home):
        where += homeward_line(nb)
    if shares and not jack and nb.on_board and not (nb.over or nb.home) and n > 1:
        where += "\n" + likeliest_line(nb, searched)
    if jack:  # one short line: his sheet fills most of the panel
        if nb.on_board and not (nb.over or nb.home):
            where = f"{n} {_plural(n, 'circle')} ({paths_text(nb.total)})"
        elif not (nb.over or nb.home):
            where = "not on the streets"
        said = f"{len(h)} {_plural(len(h), 'hideout candidate')}"
        if 0 < len(h) <= JACK_CANDIDATES_SHOWN:  # which (tester I4, LfW round 45: "28", not which)
            said += f": {runs(h)}"
        return f"[b]What the police can know:[/b] {where}, {said}"
    # the circles each night could end on that may be a hideout (not red,
    # S1): else "night 1 could end on 63" beside 59 candidates after night 1
    # (tester M4, LfW round 47)
    red = nb.board.red
    ends = tuple(len(set(night.counts) - red) for night in nb.nights if night.home)
    hideouts = hideouts_line(h, key=key, ends=ends)
    if shares:
        hideouts += likeliest_hideouts(nb)
    hideouts += bare_ways_line(nb)
    if not (nb.on_board or nb.over or nb.home):
        # before the crime there is nowhere he can be: the hideouts alone,
        # on the rows the places' list leaves in H3 at 80×24 (round 27)
        return f"[b]Deduction[/b]\n{hideouts}"
    return f"[b]Deduction[/b] {where}\n{hideouts}"


def hideout_odds(nb: Notebook) -> dict[int, float]:
    """Each hideout candidate's share once every finished night is
    counted: the product over those nights of the share of that night's
    paths that ended on it (a night's paths counted alike, as the heat map
    counts them: a count, not a forecast), scaled to add up to 1.  Empty
    before a night is finished or where one candidate is left."""
    finished = [n for n in nb.nights if n.home and n.total]
    if not finished or len(nb.hideouts) < 2:
        return {}
    weight = {c: 1.0 for c in nb.hideouts}
    for night in finished:
        for c in weight:
            weight[c] *= night.counts.get(c, 0) / night.total
    total = sum(weight.values())
    return {c: w / total for c, w in weight.items()} if total else {}


LIKELIEST_HIDEOUTS = 5


def likeliest_hideouts(nb: Notebook) -> str:
    """The heat map's ranking of the hideout candidates: "\nHideouts
    most of the nights' paths end on, first (a count, not odds): 61, 2,
    44" (tester L3, round 33: "the notebook doesn't rank them by how each
    night ended, which is what a box player does by hand").  No
    percentages: U3 (round 38) read "99 85%" as "almost certainly", and
    Jack lived on 86 at 5%; F4 (round 43) sealed 56 and 69 "at 62% and
    28%" on night 4, and Jack lived on 105, outside the five."""
    odds = hideout_odds(nb)
    if not odds:
        return ""
    top = sorted(odds, key=lambda c: (-odds[c], c))[:LIKELIEST_HIDEOUTS]
    said = ", ".join(str(c) for c in top)
    return f"\nHideouts most of the nights' paths end on, first (a count, not odds): {said}"


BARE_SHOWN = 8  # hideout candidates: up to this many, their bare streets are listed


def bare_ways_line(nb: Notebook) -> str:
    """Once the hideout candidates are few, the streets with no crossing
    into them: "\nInto a candidate by a street with no crossing (no
    policeman can bar it; only an arrest on the far circle stops the walk):
    105–106, 88–106" (tester G4, round 44: he sealed every crossing beside
    the last four candidates, and Jack came by coach onto 105, then walked
    the bare street to 106; nothing in the aids pointed at 105).  From the
    board and the public candidates alone; "" where there are none."""
    if not nb.hideouts or len(nb.hideouts) > BARE_SHOWN:
        return ""
    g = nb.board.graph
    pairs = sorted({tuple(sorted((c, n))) for c in nb.hideouts for n in g[c] if isinstance(n, int)})
    if not pairs:
        return ""
    listed = ", ".join(f"{a}–{b}" for a, b in pairs)
    return (
        "\nInto a candidate by a street with no crossing (no policeman can bar it; "
        f"only an arrest on the far circle stops the walk): {listed}"
    )


def homeward_line(nb: Notebook) -> str:
    """Where Jack can be that still lets him home tonight, where that is
    fewer circles: "\nHome in time only from 2 of them: 106 109" (tester
    N2, round 20: at the last space the notebook said 193 circles while
    only from 106 could Jack still reach a hideout candidate, which a box
    player works out).  From the notebook alone: the candidates within the
    spaces left, alleys counted, the policemen ignored (they move)."""
    home = nb.homeward()
    if not nb.hideouts or len(home) == len(nb.counts):
        return ""
    if len(home) > POSSIBLE_SHOWN and 4 * len(home) > 3 * len(nb.counts):
        return ""  # a long list hardly shorter tells little for its lines
    if not home:
        return "\nFrom none of them can he reach a hideout candidate in time."
    circles = sorted(home)
    listed = " ".join(map(str, circles)) if len(circles) <= POSSIBLE_SHOWN else runs(circles)
    return f"\nHome in time only from {len(circles)} of them: {listed}"


PATHS_SHOWN = 10_000  # path counts said in full below this


def paths_text(total: int) -> str:
    """How many ways Jack can have gone tonight, as a reader takes it in:
    "1 path", "9,480 paths", "10,000+ paths" (tester P, round 8:
    "2876059330 paths", ten digits with no separator; D4, round 42: "about
    112.2 billion paths" is not useful to a player: past a few thousand the
    count says only that he has had many ways)."""
    if total < PATHS_SHOWN:
        return f"{total:,} {_plural(total, 'path')}"
    return f"{PATHS_SHOWN:,}+ paths"


LIKELIEST = 5  # circles in the "Most paths" line


def likeliest_line(nb: Notebook, searched: Collection[int] = ()) -> str:
    """The circles most of Jack's possible paths end on, with each one's
    share: "Most paths end on: 85 31%, 98 20%, 79 12%" (testers M and N,
    round 7: the heat map's bar fits no three-digit circle, and its palest
    tint covered the board).  A count of paths, not a forecast; of the
    paths that still get him home where some do not (`heat_counts`).  The
    `searched` circles among them (searched empty tonight) are said to be
    searched before his last move: else it reads as a mistake (tester I4,
    round 45: "listed circles just searched empty, and I took it for a
    bug")."""
    counts = heat_counts(nb)
    total = sum(counts.values()) or 1
    top = sorted(counts, key=lambda c: (-counts[c], c))[:LIKELIEST]
    # each "85 31%" whole on a line: the panel wraps between them
    shares = ", ".join(f"{c}\u00a0{round(100 * counts[c] / total)}%" for c in top)
    before = [c for c in top if c in searched]
    if before:
        which = ", ".join(map(str, before))
        shares += f" ({which} searched before his last move)"
    if len(counts) < len(nb.counts):
        return f"Of the paths that still get him home, most end on: {shares}"
    return f"Most paths end on: {shares}"


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"
