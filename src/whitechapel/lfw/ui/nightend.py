"""The end of a night (T1: Jack home, or the game's end), in a few lines
for the pause the screen makes there: what happened that night, told from
one side's view alone (§9).

The police read the public facts of the night (`NightSeen`, the log): the
crime, how many moves Jack made and with which tokens, the clues and the
searches that found nothing, the arrests, and how many circles the
notebook still leaves for his hideout.  Where Jack went home is never in
it: announcing the hideout names no circle.  Jack reads the same, and his
own sheet: the path he walked and where he is home.  At the game's end
every view carries Jack's sheet, so both read it.  Pure Python: no Textual.
"""

from __future__ import annotations

from whitechapel.lfw.rulebook import ALLEY, COACH, CRIME, JACK, NIGHTS, STEP, space_name
from whitechapel.lfw.view_parts import NightSeen, PathSpace
from whitechapel.lfw.views import LfwView

# The curtain's kind while a night's summary covers the screen.
NIGHT_END = "night-end"

_KINDS = ((STEP, "walk", "walks"), (COACH, "coach", "coaches"), (ALLEY, "alley", "alleys"))


def ended_night(view: LfwView) -> int:
    """The last night that has ended in this view: Jack announced his
    hideout (T1), or the game is over (that night ends it).  0: none yet."""
    homes = [e.night for e in view.log if e.event == "home"]
    last = max(homes, default=0)
    if view.outcome is not None:
        last = max(last, view.night)
    return last


def _circles(circles: list[int] | tuple[int, ...]) -> str:
    return ", ".join(map(str, circles))


# The widest a summary's line is made: the curtain centres each line, and a
# longer one wrapped at the window's edge, its rest centred under it (tester
# H2, round 17, at 200 columns: "Searched in vain: 3, 5, …, 102, 110," then
# "122, 123, 137." in the middle of the next line).  Under 80 columns.
LIST_WIDTH = 64


def _listed(head: str, circles: list[int] | tuple[int, ...], width: int = LIST_WIDTH) -> list[str]:
    """`head` (its own colon, if any) and its circles on one line where they fit in `width` cells;
    else the heading on a line of its own and the circles under it in rows
    of even length, each row centred under the heading, the last ending
    with a full stop."""
    items = [f"{c}," for c in circles[:-1]] + [f"{circles[-1]}."] if circles else []
    one = f"{head} {' '.join(items)}"
    if len(one) <= width:
        return [one]
    total = sum(len(i) + 1 for i in items)
    rows = -(-total // width)
    while True:  # as few rows as fit, the items shared out evenly between them
        per = -(-len(items) // rows)
        chunks = [items[i : i + per] for i in range(0, len(items), per)]
        if all(len(" ".join(chunk)) <= width for chunk in chunks):
            break
        rows += 1
    return [head, *(" ".join(chunk) for chunk in chunks)]


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _moves_line(seen: NightSeen, you: bool) -> str:
    who = "You" if you else "Jack"
    moves = seen.moves
    if not moves:
        return f"{who} made no move after the crime."
    counts = [(sum(m.how == k for m in moves), one, many) for k, one, many in _KINDS]
    used = [_count(n, one, many) for n, one, many in counts if n]
    # a coach's index is its first space; it writes the next one too (tester
    # V, round 11: "to space 5" after a coach on spaces 5 and 6)
    last = space_name(max(m.index + (m.how == COACH) for m in moves))
    made = _count(len(moves), "move", "moves")
    # N3: the second victim is the first move (tester P, round 8: "2 moves
    # (2 walks), to space 3" read as a mistake)
    # (V3, round 38: "the second victim counts as the first" read as unclear)
    whose = "your" if you else "his"
    double = (
        f" (the second murder counts as {whose} first move)" if len(seen.crime_scenes) > 1 else ""
    )
    return f"{who} made {made} ({', '.join(used)}), to space {last} of the track{double}."


def _path_line(row: tuple[PathSpace, ...], home: bool) -> str:
    """The night's row of circles; a coach's two spaces in one group:
    "1 (crime) → (coach: 28 → 40) → 77" (tester U, round 11: "28 (coach) →
    40 (coach)" beside "1 coach" read as two; Y, round 13: "40 (coach, 2
    spaces)" put the coach on its second circle only); the double event's
    two murders "160 & 64 (crimes)"."""
    said: list[str] = []
    coach = 0  # spaces of the coach being read
    for e in row:
        coach = coach + 1 if e.how == COACH else 0
        if coach == 2:
            said[-1] = f"(coach: {said[-1]} → {e.circle})"
            coach = 0
            continue
        if e.how == CRIME and said and said[-1].endswith(" (crime)"):
            # the double event's two murders, no move between them (V3, round 38:
            # "160 (crime) → 64 (crime)" read as a move)
            said[-1] = f"{said[-1].removesuffix(' (crime)')} & {e.circle} (crimes)"
            continue
        mark = {CRIME: " (crime)", ALLEY: " (alley)"}.get(e.how, "")
        said.append(f"{e.circle}{mark}")
    if home and said:
        said[-1] += " (home)"
    # in rows of `LIST_WIDTH`, each centred by the curtain (tester R2, round
    # 22: a 17-move night's one line was cut at the window's edge after 12)
    rows = ["Path:"]
    for i, part in enumerate(said):
        piece = f" {part}" if i == 0 else f" → {part}"
        if len(rows[-1]) + len(piece) > LIST_WIDTH and rows[-1] != "Path:":
            rows.append(piece.strip())
        else:
            rows[-1] += piece
    return "\n".join(rows)


def night_summary(
    view: LfwView,
    night: int,
    *,
    hideouts: int | None = None,
    reader: str | None = None,
    end_words: str = "see the board",
) -> str:
    """The summary of `night` as the side of `view` may know it (markup).
    `hideouts`: how many circles the notebook leaves for the hideout (None:
    the game has no notebook).  `reader`: the side alone at the keyboard
    at the game's end (against the computer), told "you" and whether it
    won (play-tester J, round 5: Jack's last summary said "his hideout"
    and never "you win"); None where both sides read it (a hot seat).
    `end_words`: what Enter leads to at the game's end."""
    seen = next((n for n in view.nights if n.night == night), NightSeen(night))
    over = view.outcome is not None and night == view.night
    you = view.side == JACK and (view.outcome is None or (over and reader == JACK))
    lines = [f"[b]The end of night {night}[/b]"]
    if over and view.outcome is not None:
        lines.append(f"The game is over: {view.outcome.reason}.")
        if reader is not None:
            lines.append("[b]You win.[/b]" if view.outcome.winner == reader else "You lose.")
    elif seen.home:
        lines.append("You reached your hideout." if you else "Jack reached his hideout.")
    scenes = seen.crime_scenes
    if scenes:
        what = "Murders" if len(scenes) > 1 else "Murder"
        time = (
            f" (time of the crime {space_name(seen.crime_index)})"
            if seen.crime_index is not None
            else ""
        )
        lines.append(f"{what} at {' and '.join(map(str, scenes))}{time}.")
    lines.append(_moves_line(seen, you))
    if view.jack is not None and len(view.jack.path) >= night:
        row = view.jack.path[night - 1]
        lines.append(_path_line(row, seen.home))
        if view.jack.hideout is not None:
            lines.append(f"{'Your' if you else 'His'} hideout is {view.jack.hideout}.")
    clues = list(dict.fromkeys(s.circle for s in seen.searches if s.clue))
    empty = sorted({s.circle for s in seen.searches if not s.clue} - set(clues))
    found = _listed("The police found clues on", clues) if clues else ["The police found no clue."]
    vain = _listed("Searched in vain:", empty) if empty else []
    if len(found) == 1 and len(vain) == 1 and len(found[0]) + len(vain[0]) < LIST_WIDTH:
        found, vain = [f"{found[0]} {vain[0]}"], []  # short: one line, as it was
    lines += found + vain
    failed = [c for a in seen.arrests if not a.success for c in a.circles]
    if failed:  # one line if it fits: the summary must fit an 80x24 window
        lines += _listed("Arrests that found nobody:", failed)
    for a in seen.arrests:
        if a.success:
            lines.append(
                f"{a.colour.capitalize()} arrested at {_circles(a.circles)}: Jack is caught."
            )
    if hideouts is not None and not over:
        circles = _count(hideouts, "circle", "circles")
        if hideouts == 1:  # (tester H2, round 17: "your hideout is one of 1 circle")
            lines.append(
                "From what the police saw, they know your hideout."
                if you
                else "Hideout candidates: 1 circle: the police know where Jack lives."
            )
        else:
            lines.append(
                f"From what the police saw, your hideout is one of {circles}."
                if you
                else f"Hideout candidates: {circles}."
            )
    go_on = end_words if over else f"go on to night {night + 1}"
    if not over and night >= NIGHTS:
        go_on = "go on"
    lines.append(f"\nPress [b]Enter[/b] to {go_on}.")
    return "\n".join(lines)
