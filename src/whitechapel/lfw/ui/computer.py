"""What the computer played since the person's last action, as the Letters
from Whitechapel screen shows it to the one person playing against it: a
few lines under the map that stay until the person acts.

They are folded from the public log entries of the person's own view since
that action (the log panel shows the same entries one by one), so they
hold nothing the person may not see (§9): when the computer is Jack, the
police read "Jack moves: space 5" or "Jack takes a coach", never a circle.
A run of the policemen's moves (T2) is one line, and so is one policeman's
run of searches (T3: circle after circle, until a clue).  Pure Python: no
Textual.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from whitechapel.core.errors import NotationError
from whitechapel.lfw.actions import Arrest, Chase, PoliceMove, Search
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.ui.marks import COLOUR_LETTERS
from whitechapel.lfw.ui.panels import colour, event_text
from whitechapel.lfw.view_parts import LogEntry


def _moves(entries: Sequence[LogEntry]) -> str:
    said = []
    for e in entries:
        c = e.colour or "?"
        said.append(f"{colour(c, COLOUR_LETTERS.get(c))} {e.crossing or 'stays'}")
    return "Moved: " + " · ".join(said)


def _searches(entries: Sequence[LogEntry], known: Collection[int] = ()) -> str:
    circles = ", ".join(str(e.circle) for e in entries)
    found = next((e.circle for e in entries if e.clue), None)
    if found is None:
        result = "no clue"
    elif found in known:  # a crime scene or a clue found before: nothing new (C2, round 15)
        result = f"the clue already on {found}"
    else:
        result = f"[b]a clue on {found}![/b]"
    return f"{(entries[0].colour or '?').capitalize()} searched {circles}: {result}"


def known_clues(log: Sequence[LogEntry], start: int) -> frozenset[int]:
    """The circles where the night of `log[start]` had a clue before it
    (its crime scenes, the clues found earlier): a search ending there
    finds nothing new."""
    if start >= len(log):
        return frozenset()
    night = log[start].night
    known: set[int] = set()
    for e in log[:start]:
        if e.night != night:
            continue
        known.update(e.crime_scenes)
        if e.event == "search" and e.clue and e.circle is not None:
            known.add(e.circle)
    return frozenset(known)


def played_lines(entries: Sequence[LogEntry], known: Collection[int] = ()) -> list[str]:
    """The log entries in a few lines, in the order they happened; a
    search that ends on a circle of `known` (`known_clues`) says so."""
    groups: list[tuple[str, list[LogEntry]]] = []
    for e in entries:
        kind = {"police_move": "moves", "search": "search"}.get(e.event, "line")
        # The policemen's moves fold into one line; one policeman's searches too.
        if (
            groups
            and kind != "line"
            and groups[-1][0] == kind
            and (kind == "moves" or groups[-1][1][-1].colour == e.colour)
        ):
            groups[-1][1].append(e)
        else:
            groups.append((kind, [e]))
    out = []
    seen = set(known)
    for kind, group in groups:
        if kind == "moves":
            out.append(_moves(group))
        elif kind == "search":
            out.append(_searches(group, seen))
            seen.update(e.circle for e in group if e.clue and e.circle is not None)
        else:
            out.append(event_text(group[0]))
    return out


def played_text(entries: Sequence[LogEntry], who: str, known: Collection[int] = ()) -> str:
    """The panel's text: what happened since the person's move, `who` (the
    computer's side: "The police", "Jack") playing.  Empty when nothing did."""
    if not entries:
        return ""
    return f"[b]{who} since your move:[/b]\n" + "\n".join(played_lines(entries, known))


NOTES_SHOWN = 3  # the computer's notes under its actions, the newest


def notes_text(notes: Sequence[str]) -> str:
    """The computer's notes on its actions since the person's move (why a
    policeman held his crossing), dim, after what it played: the newest
    `NOTES_SHOWN`, one a line; empty when it said nothing."""
    if not notes:
        return ""
    shown = notes[-NOTES_SHOWN:]
    more = len(notes) - len(shown)
    head = f"(+{more} earlier) " if more > 0 else ""
    return "\n" + "\n".join(f"[dim]{head if i == 0 else ''}{n}[/dim]" for i, n in enumerate(shown))


# What Jack does that the police's prompt names until they act again: his
# actions that the map does not show by itself (not the women tokens, nor
# the hideout chosen; the night's end has its summary), tonight's only
# (tester R, round 9: last night's "Jack reaches his hideout" and the women
# tokens stayed all through the patrols and pushed the keys line away).
JACKS = ("letter", "wait", "reveal", "kill", "move", "false_clue")
NEWS_SHOWN = 3  # at most this many, the newest (the log has them all)


def since_line(
    entries: Sequence[LogEntry], board: Any | None = None, shown: int | None = None
) -> str:
    """The police's prompt's opening words: what Jack did since their last
    action, from their own view's log ("Jack since your last action: Jack
    waits; time of the crime III · Murder at 27"); empty when he did
    nothing.  Testers N and O (rounds 7 and 8): his waits, markers and
    moves went by in the log and a toast, and a new round of Wretched moves
    began unnoticed.  `shown`: the newest this many (`NEWS_SHOWN`)."""
    night = max((e.night for e in entries), default=0)
    said = [event_text(e, board) for e in entries if e.event in JACKS and e.night == night]
    return _newest("Since your last action:", said, shown)


def _newest(title: str, said: Sequence[str], shown: int | None) -> str:
    """A news line: `title`, then the newest `shown` (`NEWS_SHOWN`) of
    `said`, with how many earlier ones the log holds; empty when nothing
    is said."""
    if not said:
        return ""
    keep = NEWS_SHOWN if shown is None else shown
    more = len(said) - keep
    # in plain words (tester K2, round 19, found "(+1 in the log)" cryptic)
    head = f"({more} earlier action{'s' if more != 1 else ''} in the log) " if more > 0 else ""
    return f"[b]{title}[/b] " + head + " · ".join(said[max(0, len(said) - keep) :])


T3_RESULTS = ("search", "arrest")
T3_EVENTS = (*T3_RESULTS, "pass", "chase", "know")


def results_line(log: Sequence[LogEntry], board: Any | None = None) -> str:
    """What the police's turn just found (its T3: the log's last run of
    searches, arrests and passes), its searches folded one line a
    policeman: "[b]The police found:[/b] Red searched 56, 57: no clue ·
    Blue searched 45: a clue on 45!"; empty when they searched and
    arrested nowhere."""
    start = len(log)
    while start and log[start - 1].event in T3_EVENTS:
        start -= 1
    found = [e for e in log[start:] if e.event in T3_RESULTS]
    if not found:
        return ""
    return "[b]The police found:[/b] " + " · ".join(played_lines(found, known_clues(log, start)))


def found_line(log: Sequence[LogEntry], shown: int | None = None) -> str:
    """Jack's prompt's opening words: what the police's searches and
    arrests found since his last action (the log after his last own entry),
    from his own view's log ("The police since your move: Red searched 56,
    57: no clue · Blue arrested on 45"); empty when they searched and
    arrested nowhere.  Tester Y (round 13) asked for the police's news on
    Jack's prompt as the police have Jack's on theirs.  `shown`: the newest
    this many lines."""
    start = len(log)
    while start and log[start - 1].event not in JACKS:
        start -= 1
    lines = played_lines([e for e in log[start:] if e.event in T3_RESULTS], known_clues(log, start))
    return _newest("The police since your move:", lines, shown)


def touched(text: str) -> str | None:
    """The crossing or circle a computer's action is about (a policeman's
    move, a search, an arrest), to bring it into sight on the map.  `text`
    is the computer's answer as it arrives, read here once."""
    try:
        action = parse_action(text)
    except NotationError:
        return None
    if isinstance(action, PoliceMove):
        return action.crossing
    if isinstance(action, Chase):
        return action.crossing
    if isinstance(action, Search | Arrest) and action.circle is not None:
        return str(action.circle)
    return None
