"""The words on the Letters from Whitechapel screen's panels.

Pure functions of one side's view (or the public view), so a panel can only
show what that side may know (§9): Jack's sheet reads the view's "jack"
part, which the police view does not have.

Given the `board`, a crossing is said where it is, "the crossing between
57 and 70" (placenames.py), not by its record id (`x57`, which reads like
circle 57); without one (the plain console, where the player types the
notation) the ids stay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitechapel.lfw.render import winners
from whitechapel.lfw.rulebook import ALLEY, COACH, COLOURS, NIGHTS, POLICE, ROMAN, TRACK, space_name
from whitechapel.lfw.ui import placenames
from whitechapel.lfw.ui.notebook import SPACE_NAMES
from whitechapel.lfw.view_parts import JackSheet, LogEntry
from whitechapel.lfw.views import LfwView

COLOUR_STYLE = {
    "blue": "bold white on blue",
    "yellow": "bold black on yellow",
    "brown": "bold white on dark_orange3",
    "red": "bold white on red",
    "green": "bold black on green",
}


def colour(c: str | None, text: str | None = None) -> str:
    if c is None:
        return text or "?"
    return f"[{COLOUR_STYLE[c]}]{text or c.capitalize()}[/]"


def banner(view: LfwView, turn: str, player: str | None = None) -> str:
    """The top line; at the end `player` names the winning side's player."""
    if view.outcome:
        o = view.outcome
        who = winners(o.winner, player)
        return f"Letters from Whitechapel — game over: [b]{who}[/b] ({o.detail})"
    phase = view.phase
    chief = f" · Chief {colour(view.chief)}" if view.chief else ""
    night = f"Night {view.night}/{NIGHTS}" if view.night else "Before the first night"
    return f"{night} · {phase.tag} {phase.name}{chief} · [b]{turn}[/b]"


HOW_STYLE = {
    "crime": "reverse red",
    "step": "reverse",
    "coach": "reverse yellow",
    "alley": "reverse magenta",
}
HOW_MARK = {"crime": "✝", "step": "", "coach": "c", "alley": "a"}


def track_text(view: LfwView) -> str:
    """The move track (§3): spaces used tonight and the tokens spent on them
    (c coach, a alley; ✝ the crime).  Public."""
    used = {t.index: t.how for t in view.track}
    cells = []
    for s in range(TRACK):
        name = space_name(s)
        how = used.get(s)
        if how is None:
            cells.append(f"[dim]{name}[/dim]")
        else:
            cells.append(f"[{HOW_STYLE.get(how, 'reverse')}]{name}{HOW_MARK.get(how, '')}[/]")
    split = len(ROMAN) + 7
    crime = view.time_of_the_crime
    lines = [
        "[b]Move track[/b]" + (f" (crime at {crime})" if crime else ""),
        " ".join(cells[:split]),
        " ".join(cells[split:]),
        f"Coaches left {view.coaches_left} · alleys left {view.alleys_left}",
    ]
    if view.options.false_clues:  # its own line: the panel is narrow
        lines.append(f"False clue tokens (O2): {view.false_clue_tokens}")
    return "\n".join(lines)


def police_text(view: LfwView, *, compact: bool = False, board: Any | None = None) -> str:
    """The five policemen, the Chief and who acts; `compact`: on three lines
    (a short window), the letters alone.  With the `board` each stands
    "between 57 and 70" ("57·70" when compact)."""
    acting = view.acting_colour if view.to_act == POLICE else None
    chips = []
    lines = ["[b]The police[/b]"]
    for c in COLOURS:
        x = view.police.get(c)
        where = "—" if x is None else placenames.between(board, x) if board else x
        mark = "▶" if c == acting else " "
        letter = colour(c, c[0].upper() if c != "brown" else "N")
        short = "—" if x is None else placenames.short_name(board, x) if board else x
        chips.append(f"{mark}{letter} {short}")
        chief = " Chief" if c == view.chief else ""
        lines.append(f"{mark} {letter} {c} {where}{chief}")
    if compact:
        chief = f" · Chief {colour(view.chief)}" if view.chief else ""
        return "\n".join(["[b]The police[/b]" + chief, " ".join(chips[:3]), " ".join(chips[3:])])
    return "\n".join(lines)


def jack_sheet(jack: JackSheet, *, reveal: bool = False) -> str:
    """Jack's own sheet (§9): his hideout, where he is, his written path.
    `reveal`: the end of the game, shown to both sides."""
    lines = [] if reveal else ["[b red]Secret — Jack only[/b red]"]
    if jack.hideout is not None:
        whose = "Jack's" if reveal else "Your"
        lines.append(f"{whose} hideout: [b]{jack.hideout}[/b]")
    if jack.position is not None and not reveal:
        lines.append(f"You are on circle [b]{jack.position}[/b]")
    if jack.marked_women and not reveal:
        lines.append("Marked women: " + " ".join(map(str, jack.marked_women)))
    for night, row in enumerate(jack.path, start=1):
        if row:
            path = " ".join(f"{e.circle}{HOW_MARK.get(e.how, '')}" for e in row)
            lines.append(f"Night {night}: {path}")
    return "\n".join(lines)


def move_line(how: str | None, space: str | None) -> str:
    """Jack's move as the police see it: its kind and the space(s) it used
    (a coach writes two)."""
    if how == COACH and space in SPACE_NAMES:
        i = SPACE_NAMES.index(space)
        second = SPACE_NAMES[i + 1] if i + 1 < TRACK else "?"
        return f"Jack takes a coach: spaces {space} and {second}"
    if how == ALLEY:
        return f"Jack takes an alley: space {space}"
    return f"Jack moves: space {space}"


def _who(colour: str | None) -> str:
    return (colour or "?").capitalize()


# What the log says of each kind of event (the view's log entry in, one line out).
_LINES: dict[str, Callable[[LogEntry], str]] = {
    "hideout": lambda e: "Jack chose his hideout",
    "night": lambda e: f"Night {e.night} begins",
    "chief": lambda e: f"The Chief tonight: {e.chief}",
    "women": lambda e: "Women tokens on " + " ".join(map(str, e.where)),
    "patrols": lambda e: "Patrol markers on " + " ".join(map(str, e.where)),
    "letter": lambda e: f"Jack sends a letter: {e.letter}",
    "saucy": lambda e: "The Chief moves " + ", ".join(f"{a}>{b}" for a, b in e.moves),
    "wretched": lambda e: "Wretched on " + " ".join(map(str, e.circles)),
    "wait": lambda e: f"Jack waits; time of the crime {e.time_of_the_crime}",
    "wretched_move": lambda e: (
        f"A Wretched moves {e.source}>{e.target}"
        if e.target is not None
        else f"The Wretched on {e.source} stays"
    ),
    "reveal": lambda e: f"Marker on {e.crossing} revealed: {e.colour or 'fake'}",
    "kill": lambda e: "Murder at " + " and ".join(map(str, e.crime_scenes)),
    "alarm": lambda e: "The alarm: the policemen take their places",
    "move": lambda e: move_line(e.how, e.space),
    "police_move": lambda e: (
        f"{_who(e.colour)} to {e.crossing}" if e.crossing is not None else f"{_who(e.colour)} stays"
    ),
    "search": lambda e: (
        f"{_who(e.colour)} searches {e.circle}: " + ("[b]a clue![/b]" if e.clue else "nothing")
    ),
    "arrest": lambda e: (
        f"{_who(e.colour)} arrests at {' '.join(map(str, e.circles))}: "
        + ("[b]Jack is caught![/b]" if e.success else "nobody")
    ),
    "chase": lambda e: f"{_who(e.detail[0])} chases to {e.detail[1]} (O3)",
    "graffito": lambda e: f"Goulston Street graffito: the Chief chose {e.detail[0]}",
    "pass": lambda e: f"{_who(e.detail[0])} passes",
    "false_clue": lambda e: f"A false clue on {' '.join(map(str, e.detail))}",
    "home": lambda e: "Jack reaches his hideout",
    "know": lambda e: (
        f'"I know where you live": {e.circle} — ' + ("found!" if e.found else "wrong")
    ),
    "end": lambda e: f"Game over. {winners(e.winner or '')}: {e.reason}",
}


def _in_board_terms(e: LogEntry, board: Any) -> str | None:
    """The entries that name several crossings, said in board terms (the
    rest go through `placenames.in_words`)."""
    if e.event == "patrols":
        return "Patrol markers on " + placenames.crossings_named(board, map(str, e.where))
    if e.event == "police_move" and e.crossing is not None:  # short: the panel is narrow
        return f"{_who(e.colour)} moves {placenames.between(board, e.crossing)}"
    if e.event == "saucy":
        return "The Chief moves " + ", ".join(
            f"the marker {placenames.between(board, a)} to {placenames.between(board, b)}"
            for a, b in e.moves
        )
    return None


def event_text(e: LogEntry, board: Any | None = None) -> str:
    """A log entry in words, without its night; with the `board` its
    crossings in board terms."""
    if board is not None:
        said = _in_board_terms(e, board)
        if said is not None:
            return said
    line = _LINES.get(e.event)
    text = line(e) if line is not None else e.event
    return placenames.in_words(text, board)


def log_line(e: LogEntry, board: Any | None = None) -> str:
    n = f"N{e.night} " if e.night else ""
    return n + event_text(e, board)


def log_text(view: LfwView, entries: int = 200, back: int = 0, board: Any | None = None) -> str:
    """The newest `entries` events of the public log, the newest last, or
    the ones `back` entries older (PgUp).  The panel shows its end: however
    the lines wrap, the newest stays in sight."""
    log = view.log[: len(view.log) - back] if back else view.log
    lines = [log_line(e, board) for e in log[-max(entries, 1) :]]
    if back:
        lines.append(f"[dim]… {back} newer (PgDn)[/dim]")
    return "[b]Log[/b] [dim](PgUp older)[/dim]\n" + "\n".join(lines)
