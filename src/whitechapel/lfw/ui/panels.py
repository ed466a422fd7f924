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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from whitechapel.lfw.phases import Phase
from whitechapel.lfw.render import winners
from whitechapel.lfw.rulebook import (
    ALLEY,
    ALLEYS,
    COACH,
    COACHES,
    COLOURS,
    NIGHTS,
    POLICE,
    ROMAN,
    TRACK,
    space_name,
)
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
    return f"{night} · {phase.name}{chief} · [b]{turn}[/b]"  # no tag (`untagged`)


# A rules reference's tag (H3, T1, N3, O1-O6, S1), alone or in a list or
# span ("T2, T3", "H1–H9"): the text of a screen drops it where it stands in
# brackets, or opens one ("(T2: the Chief first…)"), or ends one ("…, H3)"),
# or heads a title ("T3 · …", "N3: …").  A log line's night ("N3 Blue
# moves…") is followed by a word and stays.
_TAG = r"[HTNSO][1-9]"
_SPAN = rf"{_TAG}(?:\s*(?:–|-|\.\.)\s*{_TAG})?"
_TAGS = rf"{_SPAN}(?:(?:,\s*|\s*/\s*|\s+(?:and|or)\s+){_SPAN})*"
RULE_TAGS = (
    (re.compile(rf" ?\({_TAGS}\)"), ""),
    (re.compile(rf"\({_TAGS}(?:[:;,]\s*|\s+)"), "("),
    (re.compile(rf"[,;]\s*{_TAGS}\)"), ")"),
    (re.compile(rf"\b{_TAGS}(?: ·|:) "), ""),
)


def untagged(text: str) -> str:
    """`text` without the rules reference's tags: they name sections of the
    rules in the source tree, which the box's rulebook does not have (tester
    K2, round 19), so they stay in the code and the tests, never in what a
    player reads.  The names of phases and rules are said in words."""
    for pattern, instead in RULE_TAGS:
        text = pattern.sub(instead, text)
    return text


HOW_STYLE = {
    "crime": "reverse red",
    "step": "reverse",
    "coach": "reverse yellow",
    "alley": "reverse magenta",
}
HOW_MARK = {"crime": "✝", "step": "", "coach": "c", "alley": "a"}


def track_text(view: LfwView) -> str:
    """The move track (§3): spaces used tonight and the tokens spent on them
    (c coach, a alley; ✝ the crime), and the space Jack's last move took
    ("on 7").  Public."""
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
    said = [f"crime at {crime}"] if crime else []
    moves = [t.index for t in view.track if t.how != "crime"]
    if moves:  # the space he is on, in words (J3, round 32: a walk is drawn in
        said.append(f"on {space_name(max(moves))}")  # reverse video alone)
    lines = [
        "[b]Move track[/b]" + (f" ({', '.join(said)})" if said else ""),
        " ".join(cells[:split]),
        " ".join(cells[split:]),
        _tokens_line(view),
    ]
    if view.options.false_clues:  # its own line: the panel is narrow
        lines.append(f"False clue tokens (O2): {view.false_clue_tokens}")
    return "\n".join(lines)


def _tokens_line(view: LfwView) -> str:
    """Jack's tokens left tonight; before a night's tokens are handed out
    (its first move), the ones it will bring (play-tester G, round 4: "0
    and 0" before night 1 read as none at all)."""
    if view.track or view.coaches_left or view.alleys_left:
        return f"Coaches left {view.coaches_left} · alleys left {view.alleys_left}"
    night = max(view.night, 1)
    if night > len(COACHES):
        return "Coaches left 0 · alleys left 0"
    coaches, alleys = COACHES[night - 1], ALLEYS[night - 1]
    return (
        f"Night {night}: {coaches} coach{'es' if coaches != 1 else ''}"
        f" · {alleys} alley{'s' if alleys != 1 else ''}"
    )


# The side column's text: 36 cells less its padding (lfw.tcss #side), and
# less the line between map and panels where the whole board fits ("fits").
PANEL_WIDTH = 33


def _fit(forms: Iterable[str], width: int) -> str:
    """The first of `forms` (markup, richest first) whose text fits `width`
    cells on one line; else the last, cut to fit."""
    form = ""
    for form in forms:
        if cell_len(Text.from_markup(form).plain) <= width:
            return form
    text = Text.from_markup(form)
    text.truncate(width, overflow="ellipsis")
    return text.markup


def _searches(circles: tuple[int, ...]) -> str:
    return "searches " + " ".join(map(str, circles)) if circles else "touches no circle"


def _letter(c: str) -> str:
    return colour(c, c[0].upper() if c != "brown" else "N")


def _by(board: Any, x: str, spelt: bool = False) -> str:
    """Where a crossing is, short and said as a place: "by 57·70", "by 8",
    "near 57" (placenames' short forms, "by" put before a pair)."""
    short = placenames.short_name(board, x, spelt)
    return short if short.startswith(("by ", "near ")) else f"by {short}"


def last_night_police(view: LfwView) -> dict[str, str]:
    """Where each policeman stood at the end of the last night (colour ->
    crossing), from the public log alone: the night's alarm (H9), then his
    moves (T2) and chases (O3).  Empty on the first night.  They are public,
    and on night 2 and later they decide where the patrol markers may go
    (H3; tester G2, round 17: the panel said "B blue —" and only the log had
    them)."""
    last = view.night - 1
    where: dict[str, str] = {}
    for e in view.log:
        if e.night == last:
            follow_police(where, e)
    return where


def follow_police(where: dict[str, str], e: LogEntry) -> None:
    """`where` (colour -> crossing) after a log entry: the alarm (H9) puts
    every policeman down, a move (T2) or a chase (O3) moves one."""
    if e.event == "alarm":
        where.clear()
        where.update(e.police)
    elif e.event == "police_move" and e.colour and e.crossing is not None:
        where[e.colour] = e.crossing
    elif e.event == "chase" and len(e.detail) >= 2:
        where[str(e.detail[0])] = str(e.detail[1])


# The phases where one policeman acts for himself (T2, T3): elsewhere the
# Chief acts for them all (H3's markers, H6's Wretched), and the title line
# names him; a ▶ on his line there read as whose marker went next (tester
# A3, round 28: "the set-up hint says 'the blue policeman's marker' while
# ▶ points at red").
_OWN_TURNS = frozenset({Phase.HUNT, Phase.CLUES, Phase.SEARCHING})


def _acting(view: LfwView) -> str | None:
    """The policeman the panel marks ▶: the one acting for himself."""
    if view.to_act != POLICE or view.phase.key not in _OWN_TURNS:
        return None
    return view.acting_colour


def police_forms(view: LfwView, c: str, board: Any | None) -> tuple[str, ...]:
    """One policeman's line, richest first: his letter and colour, where he
    stands, then the circles he can search from there (T3), one pattern at
    every width (tester H2, round 17, found four): "▶B blue between 57 and
    70 · searches 57 70", "B blue by 57·70 · searches 57 70", then the
    place dropped, "B blue searches 57 70", then his colour's name ("B
    searches 57 70 71 72", his letter in his colour); never a bare list.  Off the board on night 2 and later, where he stood
    at the last night's end: "B blue — (last night between 57 and 70)"."""
    acting = _acting(view)
    mark = "▶" if c == acting else " "
    head = f"{mark}{_letter(c)} {c}"
    x = view.police.get(c)
    if x is None:
        was = last_night_police(view).get(c) if not view.police else None
        if was is None:
            return (f"{head} —",)
        if board is None:
            return (f"{head} — (last night {was})",)
        return (
            f"{head} — (last night {placenames.between(board, was)})",
            f"{head} — (last night {_by(board, was, spelt=True)})",
            f"{head} — (last night {_by(board, was)})",
            f"{head} — (last night {placenames.short_name(board, was)})",
        )
    if board is None:  # the plain console: the notation's id
        return (f"{head} {x}",)
    does = _searches(placenames.touches(board, x))
    return (
        f"{head} {placenames.between(board, x)} · {does}",
        f"{head} {_by(board, x, spelt=True)} · {does}",
        f"{head} {_by(board, x)} · {does}",
        f"{head} {does}",
    )


def _letter_only(view: LfwView, c: str, board: Any | None) -> tuple[str, ...]:
    """A policeman's line for a line too long with his letter and his
    colour's name: the name alone, in his colour, "yellow searches 110 122
    123 137" (testers I3, J3 and N3, rounds 32-34, missed "yellow" on the
    Chief's row; H2, round 17, asked for no "Y yellow: …" list beside the
    "searches" rows), then his letter alone (in his colour, as on the
    map): "Y searches 110 122 123 137 140"."""
    x = view.police.get(c)
    if board is None:
        return ()
    acting = _acting(view)
    mark = "▶" if c == acting else " "
    if x is None:
        # off the board: where he stood last night by his letter, else
        # nothing, never a place cut off (tester K2, round 19: "(last night
        # 127·132 S…")
        was = last_night_police(view).get(c) if not view.police else None
        if was is None:
            return ()
        spelt, short = placenames.short_name(board, was, True), placenames.short_name(board, was)
        # his colour's name before his letter alone, as on the board (tester
        # J4, round 45: "G — (last night 127·132 SW)" among "B blue — …")
        return (
            f"{mark}{colour(c, c)} — (last night {spelt})",
            f"{mark}{colour(c, c)} — (last night {short})",
            f"{mark}{_letter(c)} — (last night {spelt})",
            f"{mark}{_letter(c)} — (last night {short})",
            f"{mark}{_letter(c)} {c} —",
        )
    does = _searches(placenames.touches(board, x))
    return (f"{mark}{colour(c, c)} {does}", f"{mark}{_letter(c)} {does}")


def police_line(view: LfwView, c: str, board: Any | None, width: int = PANEL_WIDTH) -> str:
    """One policeman on one line `width` cells wide (a line that wrapped
    pushed the last policeman off the panel): the first of `police_forms`
    that fits (or his letter alone), else the last cut to fit."""
    return _fit(police_forms(view, c, board) + _letter_only(view, c, board), width)


def _same_form(forms: list[tuple[str, ...]], last: list[tuple[str, ...]], width: int) -> list[str]:
    """A line for each policeman, all in the same form (the richest that
    every line fits in `width`, the colour's name kept): the panel reads as
    one pattern; where none fits them all, none says where he stands, and
    a line too long for its colour's name says his letter alone, then is
    cut (tester H2, round 17: some lines with a place, some without)."""
    for level in range(max(len(f) for f in forms)):
        lines = [f[min(level, len(f) - 1)] for f in forms]
        if all(cell_len(Text.from_markup(line).plain) <= width for line in lines):
            return lines
    return [_fit(f[-1:] + more, width) for f, more in zip(forms, last, strict=True)]


def police_text(
    view: LfwView, *, compact: bool = False, board: Any | None = None, width: int = PANEL_WIDTH
) -> str:
    """The five policemen, the Chief and who acts: a line each, never
    wrapping at `width` (`police_line`); `compact`: on three lines (a short
    window), under "Police can search" each policeman's letter and the
    circles he can search (the place dropped first, as on a full line); off
    the board on night 2 and later, under "The police last night" where each
    stood then."""
    chief = f" · Chief {colour(view.chief)}" if view.chief else ""
    if not compact:
        lines = [f"[b]The police[/b]{chief}"]
        forms = [police_forms(view, c, board) for c in COLOURS]
        lines += _same_form(forms, [_letter_only(view, c, board) for c in COLOURS], width)
        return "\n".join(lines)
    last = last_night_police(view) if not view.police else {}
    chips = _chips(view, last, board, spelt=True)  # "by 48 south" where the rows hold it
    if len(_rows(chips, width, rows=len(COLOURS))) > 2:
        chips = _chips(view, last, board)
    titles = [f"[b]The police[/b]{chief}"]
    if board is not None and view.police:  # the chips list what each can search
        titles.insert(0, f"[b]Police can search[/b]{chief}")
    elif last:  # the chips say where each stood
        titles = [f"[b]The police last night[/b]{chief}", f"[b]Last night[/b]{chief}"]
    return "\n".join([_fit(titles, width), *_rows(chips, width)])


def _chips(
    view: LfwView, last: dict[str, str], board: Any | None, spelt: bool = False
) -> list[str]:
    """Each policeman's letter and what he can search (or where he stood
    last night, its side `spelt` out or not), for the compact panel."""
    acting = _acting(view)
    chips = []
    for c in COLOURS:
        x = view.police.get(c)
        if x is None and c in last:
            where = last[c] if board is None else placenames.short_name(board, last[c], spelt)
        elif x is None:
            where = "—"
        elif board is None:
            where = x
        else:
            where = " ".join(map(str, placenames.touches(board, x))) or "none"
        chips.append(f"{'▶' if c == acting else ' '}{_letter(c)} {where}")
    return chips


def _rows(chips: list[str], width: int, rows: int = 2) -> list[str]:
    """The chips on at most `rows` lines of `width` cells, as many on each
    as fit; where they need more lines, shared out evenly, each chip cut
    to its share: every policeman stays in sight."""
    lines: list[list[str]] = [[]]
    used = 0
    for chip in chips:
        n = cell_len(Text.from_markup(chip).plain)
        if lines[-1] and used + 1 + n > width:
            lines.append([])
            used = 0
        used += n + (1 if lines[-1] else 0)
        lines[-1].append(chip)
    if len(lines) > rows:
        per = -(-len(chips) // rows)
        share = (width - (per - 1)) // per
        cut = [_fit([chip], share) for chip in chips]
        lines = [cut[i : i + per] for i in range(0, len(cut), per)]
    return [" ".join(line) for line in lines]


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


CLUE, CLUE_KNOWN = "[b]a clue![/b]", "a clue, known already"  # a search's answer, in the log

# What the log says of each kind of event (the view's log entry in, one line out).
_LINES: dict[str, Callable[[LogEntry], str]] = {
    "hideout": lambda e: "Jack chose his hideout",
    "night": lambda e: f"Night {e.night} begins",
    "chief": lambda e: f"The Chief tonight: {e.chief}",
    "women": lambda e: "Women tokens on " + " ".join(map(str, e.where)),
    "patrols": lambda e: "Patrol markers on " + " ".join(map(str, e.where)),
    "letter": lambda e: f"Jack sends a letter: {e.letter}",
    "saucy": lambda e: "The Chief moves " + ", ".join(f"{a}>{b}" for a, b in e.moves),
    "wretched": lambda e: "Wretched (the women Jack may kill) on " + " ".join(map(str, e.circles)),
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
    "search": lambda e: f"{_who(e.colour)} searches {e.circle}: " + (CLUE if e.clue else "nothing"),
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
        return f"{_who(e.colour)} moves {placenames.moved_to(board, e.crossing)}"
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


# A known clue named after every circle beside the policeman that could
# hold a new one: his search lost nothing (T3 names circles until a clue or all are named;
# tester Z2, round 27, read "Red searches 158: a clue, known already" after
# 160 as a search cut short).
OTHERS_FIRST = " (he named the others first)"


class Searching:
    """Where each policeman stands and the circles his search has named so
    far, followed through the public log (H9's alarm, T2's moves, O3's
    chases, T3's searches)."""

    def __init__(self) -> None:
        self.where: dict[str, str] = {}
        self.named: dict[str, list[int]] = {}
        self.last: str | None = None  # the colour of the last search event

    def follow(self, e: LogEntry) -> None:
        follow_police(self.where, e)
        if e.event == "search" and e.colour and e.circle is not None:
            if self.last != e.colour:
                self.named[e.colour] = []
            self.named[e.colour].append(e.circle)
            self.last = e.colour
        else:
            self.last = None

    def named_all(self, board: Any, colour: str | None, known: set[int]) -> bool:
        """Has `colour`'s search named every circle beside him that could
        hold a clue not `known` yet?"""
        at = self.where.get(colour or "")
        if at is None:
            return False
        left = set(placenames.touches(board, at)) - known
        return bool(left) and left <= set(self.named.get(colour or "", ()))


def known_before(log: Sequence[LogEntry], end: int) -> dict[int, set[int]]:
    """Night -> the circles known written that night by the log's first
    `end` entries: crime scenes and clues found (T3: naming one again ends
    a search on what the police knew)."""
    known: dict[int, set[int]] = {}
    for e in log[:end]:
        _learn(known, e)
    return known


def _learn(known: dict[int, set[int]], e: LogEntry) -> None:
    if e.event == "kill":
        known.setdefault(e.night, set()).update(e.crime_scenes)
    elif e.event == "search" and e.clue and e.circle is not None:
        known.setdefault(e.night, set()).add(e.circle)


def log_text(
    view: LfwView,
    entries: int = 200,
    back: int = 0,
    board: Any | None = None,
    notes: Mapping[int, str] | None = None,
) -> str:
    """The newest `entries` events of the public log, the newest last, or
    the ones `back` entries older (PgUp).  The panel shows its end: however
    the lines wrap, the newest stays in sight.  `notes`: log index -> the
    computer's note on that entry's action (why a policeman held his
    crossing), dim on a line of its own under it."""
    log = view.log[: len(view.log) - back] if back else view.log
    first = max(len(log) - max(entries, 1), 0)
    lines = []
    known = known_before(log, first)
    searching = Searching()
    for e in log[:first]:
        searching.follow(e)
    for i, e in enumerate(log[first:], first):
        line = log_line(e, board)
        searching.follow(e)
        if e.event == "search" and e.clue and e.circle in known.get(e.night, ()):
            line = line.replace(CLUE, CLUE_KNOWN)
            if board is not None and searching.named_all(
                board, e.colour, known.get(e.night, set())
            ):
                line += OTHERS_FIRST
        lines.append(line)
        _learn(known, e)
        if notes and i in notes:
            lines.append(f"[dim]  ↳ {notes[i]}[/dim]")
    if back:
        lines.append(f"[dim]… {back} newer (PgDn)[/dim]")
    return "[b]Log[/b] [dim](PgUp older)[/dim]\n" + "\n".join(lines)
