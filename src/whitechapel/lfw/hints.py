"""Hints for a player new to Letters from Whitechapel (the `hints`
setting; "Learn by playing": a guided first night against the easy
computer).

A hint comes the first time each kind of decision comes up in a game: the
hideout (S1), the women (H2), the patrols (H3; again on night 2, where
they go on), the kill (H5; again on night 3, the double event), the
Wretched (H6) and the reveal (H7), Jack's moves (T1: step, coach, alley;
and the first time he can announce his hideout), the policemen's moves
(T2), the search and the arrest (T3), and the notebook (what its marks
mean, once the first round is played).  Each says what the rules do and
which keys do it.

`hint(view)` reads the view at the keyboard and nothing else (the secrecy
rule): "the first time" is read from the night, the phase, the move track
and the Time of the Crime, which every side sees, so Jack's hints never
depend on which patrol markers are real and the police's never on where
Jack is.  The key names are `KEYS`, in this one place, so that a change of
keys (`ui/picking.py`) is one edit here.  Pure Python; the screens add the
markup and decide where a hint goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from whitechapel.lfw.actions import Step
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import (
    ALLEY,
    ARRESTED,
    COACH,
    CRIME_START,
    DOUBLE_EVENT_NIGHT,
    JACK,
    LAST_SPACE,
    OUT_OF_MOVES,
    ROMAN,
    STEP,
    TRAPPED,
)
from whitechapel.lfw.view_parts import LogEntry
from whitechapel.lfw.views import LfwView

# The keys the hints name (ui/picking.py's docstring and help.md say what
# each does): one place, so a change of keys is one edit here.
KEYS = {
    "circle": "type its number and Enter",
    # H6: a Wretched by her letter, then where she goes (tester F2, round 16:
    # the hint said "type its number and Enter" while the prompt asked a letter)
    "wretched": "her letter (each keeps hers all night), then her new circle's letter or number",
    "red": "press its letter (under the map) or type its number and Enter",
    "crossing": "press the letter the map shows on it",
    "skipped": "b y n r g (the policemen's own keys), f and x",
    "word": "the digit shown under the map",  # 1-3: not "1-9" (tester V, round 11)
    "rest": "0",
    "sweep": "9",
    "search_one": "a circle's letter (listed under the map)",
    "search_all": "1",
    "arrest": "2, then the circle's letter",
    "confirm": "Enter",
    "back": "Esc",
    "cycle": "Tab",
    "policemen": "B Y N R G",
    "legend": "F3",
    "streets": "/ and a circle's number",  # the street inspector (ui/streets.py)
    "whole": "F4",
    "log": "F5",
    "notebook": "F6",
    "help": "F1",
    # the box at the lesson's end (ui/learn.py binds these)
    "play_on": "Enter",
    "menu": "Esc",
    "puzzles": "P",
    "try_again": "R",
    "other_side": "O",
    "new_game": "N",
    "paths": "1-4",  # on a finished board: Jack's path, night by night
}


@dataclass(frozen=True, slots=True)
class Hint:
    """One hint: its kind (`KINDS`), the rules reference's tag, a title,
    what the rules do, and the keys that do it."""

    kind: str
    tag: str
    title: str
    rule: str
    keys: str

    @property
    def text(self) -> str:
        return f"{self.rule} Keys: {self.keys}"


def moves_tonight(view: LfwView) -> int:
    """How many moves Jack has made tonight, from the move track everyone
    sees (a coach writes two spaces)."""
    track = view.track
    return (
        sum(1 for t in track if t.how in (STEP, ALLEY))
        + sum(1 for t in track if t.how == COACH) // 2
    )


def first_hunt_night(view: LfwView) -> int:
    """The night of the police's first Hunt (T2, T3): the first night in
    which Jack moved and the night went on after a move (a night whose only
    move announced his hideout had none), from the public log; tonight if
    no earlier night had one."""
    for night in range(1, view.night):
        moves = sum(1 for e in view.log if e.event == "move" and e.night == night)
        home = any(e.event == "home" and e.night == night for e in view.log)
        if moves >= 2 or (moves == 1 and not home):
            return night
    return view.night


FIRST_TIME = ROMAN[CRIME_START]  # H4: the Time of the Crime marker's first space (I)
AFTER_WAIT = ROMAN[CRIME_START - 1]  # after one wait (II)
AFTER_TWO_WAITS = ROMAN[CRIME_START - 2]  # after two (III)


def _k(name: str) -> str:
    return KEYS[name]


def _hideout() -> Hint:
    return Hint(
        "hideout",
        "S1",
        "Your hideout",
        "Choose your hideout in secret: any circle that is not red. Every night "
        "you must get back to it by space 15 of the move track, or the police win. "
        "A tip: pick one a few moves from several red circles (the women stand on "
        "them): near enough to get home in time, not so near that the police search "
        "beside it first.",
        f"a circle: {_k('circle')} (or click it, or {_k('cycle')} to it and {_k('confirm')}).",
    )


def _women() -> Hint:
    return Hint(
        "women",
        "H2",
        "The women",
        "Put the women tokens on red circles, one a circle, the marked ones "
        "first: they are your possible victims, the others decoys. The police "
        "see where the tokens lie, not which are marked until the patrol markers "
        "are down: then each marked one becomes a Wretched on her circle and the "
        "others leave. Where there are only "
        "as many red circles as tokens, the decoys take the red circles left. "
        "A tip: mark women a few moves from your hideout and on different sides "
        "of it, so a crime scene does not point the police at your home.",
        f"a red circle: {_k('red')}; the last one waits for {_k('confirm')}; "
        f"{_k('back')} takes the last one back.",
    )


def _patrols(night: int) -> Hint:
    if night == 1:
        where = "the seven patrol markers on yellow crossings"
    else:  # (tester O2, round 21, read "the seven patrol markers five where …" as garbled)
        where = (
            "the seven patrol markers down: five on the crossings where the policemen "
            "ended last night, two on yellow crossings none of them holds"
        )
    return Hint(
        "patrols" if night == 1 else "patrols_later",
        "H3",
        "The patrol markers",
        f"As the Chief, put {where}. The first five are "
        "the policemen (blue, yellow, brown, red, green), the last two fakes "
        "(they go down by themselves where only two crossings are left for them). "
        "Jack sees them all face down. A Wretched (a marked woman, turned up "
        "once the markers are down) may not go past a marker. "
        "A tip: the murder will be on a woman's circle; put the policemen on "
        "crossings beside several women, spread out, so one of them is near "
        "wherever Jack kills."
        + (
            " The police win by arresting Jack, or if he is not home by space 15 "
            "of the move track; Jack wins if he gets home on all four nights."
            if night == 1
            else ""
        ),
        f"{_k('crossing')} (the letters skip {_k('skipped')}); the last one waits "
        f"for {_k('confirm')}; {_k('back')} takes the last one back.",
    )


def _kill(night: int) -> Hint:
    if night == DOUBLE_EVENT_NIGHT:
        return Hint(
            "double_event",
            "N3",
            "The double event",
            "Tonight you kill two women at once, in the order you choose: the "
            "second counts as your first move, and the police move first.",
            "1 kill, 2 wait; then the circles, in the order written; Enter kills.",
        )
    return Hint(
        "kill",
        "H5",
        "The kill",
        "Kill now (the circle becomes the crime scene and the Hunt begins) or "
        "wait: each wait gives you one more space to escape, but the Chief moves "
        "the women (the Wretched) and you turn a patrol marker. On V you must kill.",
        "1 kill, then the Wretched's letter (each red circle keeps its letter from "
        "the women's placement) or her circle's number and Enter; Enter again kills "
        "(Esc: choose again); 2 wait.",
    )


def _wretched() -> Hint:
    return Hint(
        "wretched",
        "H6",
        "The Wretched",
        "Jack waited (the Time of the Crime moves on: one more space for his "
        "escape). Move every Wretched (a marked woman) to an empty circle next "
        "to hers, not past or next to a patrol marker and not onto a crime scene. "
        "What it does: Jack will kill one of them, and the murder starts the Hunt "
        "there; a Wretched near your policemen is a crime scene they can reach at "
        "once, one away from Jack's likely hideout makes his night longer.",
        f"for each Wretched: {_k('wretched')}; a Wretched that "
        f"cannot move stays ({_k('confirm')}); {_k('rest')}: every Wretched still to "
        "move goes to the circle beside hers nearest your real patrol markers.",
    )


def _revealed(view: LfwView) -> Hint | None:
    """For the police: what Jack's turned marker (H7) told him, from the
    public log (who it was: a fake, or which policeman)."""
    turned = [e for e in view.log if e.event == "reveal" and e.night == view.night]
    if not turned:
        return None
    last = turned[-1]
    if last.colour is None:
        what = "It was a fake: it left the board, and Jack knows no policeman stands there."
    else:
        what = (
            f"It was {last.colour.capitalize()}: his marker stays face up, and Jack now "
            "knows where that policeman will stand when the Hunt begins."
        )
    return Hint(
        "reveal_seen",
        "H7",
        "Jack turned a patrol marker",
        "After each wait Jack turns one face-down patrol marker of his choice. "
        f"{what} The more he waits, the more he knows, and the longer his night "
        "(each wait is one more space on his move track). Now Jack waited again: "
        "move the Wretched once more.",
        f"as before: each Wretched, {_k('wretched')}; {_k('rest')}: every "
        "Wretched still to move goes to the circle nearest your real markers (she must "
        "move every wait: one near them steps to and fro).",
    )


def _reveal() -> Hint:
    return Hint(
        "reveal",
        "H7",
        "Turn a patrol marker",
        "You turn one face-down patrol marker: a fake leaves the board, a real "
        "one stays face up. Tonight's policemen start on the real ones.",
        f"{_k('crossing')}.",
    )


def _escape() -> Hint:
    return Hint(
        "moves",
        "T1",
        "Your moves",
        "Each round you move once: a step to a circle next to yours (never "
        "through a policeman's crossing); a coach, two steps ignoring the "
        "policemen (two spaces of the track); or an alley, across a block to any "
        "circle around it. Coaches and alleys are tokens: the police see which "
        "you used, never where. A step onto your hideout may announce it: home, "
        "the night ends.",
        f"{_k('word')} for a step, a coach or an alley; then the circle ({_k('circle')}); "
        "the map marks where each kind of move reaches.",
    )


def _home() -> Hint:
    return Hint(
        "home",
        "T1",
        "Home",
        "A step reaches your hideout: 'home' announces it and ends the night "
        "safely. You may also pass through without a word, to bluff.",
        f"{_k('confirm')} (or 1): home, the night ends; 2: pass through, the night goes on.",
    )


def _hunt() -> Hint:
    return Hint(
        "police_moves",
        "T2",
        "The policemen move",
        "Each policeman moves up to two crossings (circles do not count), or "
        "stays; the Chief first, then clockwise. Two may not end on one crossing. "
        "Stand where Jack's steps go: he may not step through your crossing. "
        f"{_k('streets')} lights every street a step from that circle takes.",
        f"{_k('crossing')}; 3 stay (3 is a pass when they search, too); {_k('rest')}: "
        f"everyone still to move stays (the first press only asks: {_k('rest')} again or "
        f"{_k('confirm')} does it); {_k('policemen')} pressed twice: skip to that "
        "policeman, those before him stay put (the first press only asks).",
    )


def _clues() -> Hint:
    return Hint(
        "search",
        "T3",
        "Search or arrest",
        "Each policeman searches or arrests on the circles next to his crossing. "
        "A search names the circles one at a time until a clue (Jack has been "
        "there tonight; the search ends) or until every one is named. An arrest "
        "names one circle: if Jack is on it now, the police win.",
        f"{_k('search_one')} searches there, each further letter names the next "
        f"circle; {_k('search_all')} searches every circle, likeliest first; "
        f"{_k('arrest')} arrests; {_k('rest')}: everyone still to act passes (in a "
        f"search under way: the circles left); {_k('sweep')}: everyone still to act "
        "searches where a clue can be, else passes (no arrest; the first press only "
        "asks); "
        f"{_k('policemen')} pressed twice: "
        "skip to that policeman, those before him pass (the first press only asks).",
    )


def _notebook(side: str) -> Hint:
    who = "what the police can know" if side == JACK else "what you can know"
    return Hint(
        "notebook",
        "T1" if side == JACK else "T2",  # the decision it comes with: Jack's move, theirs
        "The notebook",
        f"The notebook is {who}: the tinted circles are where Jack can be now "
        "(deeper, more of his possible paths end there), from the crime scene, "
        "the kind of each move, the clues, the empty searches and the failed "
        "arrests. It also lists where his hideout can be.",
        f"{_k('notebook')} hides or shows it; {_k('legend')} explains every mark; "
        f"{_k('log')} shows the log; {_k('help')} the rules.",
    )


def _jack_move(view: LfwView, moves: int) -> Hint | None:
    """T1 on night 1: the moves, then the notebook, then home when a step
    reaches it."""
    if moves == 0:
        return _escape()  # it says how home is announced too
    if moves == 1:
        return _notebook(view.side)
    if any(isinstance(a, Step) and a.home for a in view.legal):
        return _home()
    return None


def hint(view: LfwView) -> Hint | None:
    """The hint for the decision `view`'s side faces now, the first time
    that kind comes up (None: no hint now, or not its turn)."""
    if view.outcome is not None or view.to_act != view.side:
        return None
    phase, night = view.phase.key, view.night
    moves = moves_tonight(view)
    jack = view.side == JACK
    if phase == Phase.HIDEOUT:
        return _hideout()
    if phase == Phase.WOMEN and night == 1:
        return _women()
    if phase == Phase.PATROLS and night in (1, 2):
        return _patrols(night)
    if phase == Phase.KILL and night in (1, DOUBLE_EVENT_NIGHT):
        return _kill(night) if view.time_of_the_crime == FIRST_TIME else None
    if night == 1 and phase == Phase.WRETCHED and view.time_of_the_crime == AFTER_WAIT:
        return _wretched()
    if night == 1 and phase == Phase.WRETCHED and view.time_of_the_crime == AFTER_TWO_WAITS:
        return _revealed(view)  # the police saw a marker turned (H7) since the first wait
    if night == 1 and phase == Phase.REVEAL and view.time_of_the_crime == AFTER_WAIT:
        return _reveal()
    if night == 1 and phase == Phase.ESCAPE and jack:
        return _jack_move(view, moves)
    # The Hunt's hints come in the police's first Hunt: night 1's, or a
    # later night's when Jack was home at his first move.
    if phase not in (Phase.HUNT, Phase.CLUES, Phase.SEARCHING):
        return None
    if night != first_hunt_night(view):
        return None
    if phase == Phase.HUNT and moves == 1:
        return _hunt()
    if phase in (Phase.CLUES, Phase.SEARCHING) and moves == 1:
        return _clues()
    if phase == Phase.HUNT and moves == 2 and len(view.track) < LAST_SPACE:
        return _notebook(view.side)
    return None


# -- the lesson's end ----------------------------------------------------------------

LESSON_NIGHT = 1  # the guided night
ADVICE = (
    "Keep a circle or more between you and the policemen, and mind the circles "
    "they can reach; a coach or an alley widens where the police think you can be."
)


def _arrest(view: LfwView) -> LogEntry | None:
    """Tonight's arrest that caught Jack (the public log)."""
    return next(
        (e for e in view.log if e.event == "arrest" and e.success and e.night == view.night),
        None,
    )


def _names(colours: Sequence[str]) -> str:
    names = [c.capitalize() for c in colours]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _why_caught(view: LfwView, board: Board | None) -> str:
    """For a Jack learner caught on the guided night: who arrested where,
    the rule, what told the police, and a sentence of advice (all from the
    public log and the policemen's crossings)."""
    arrest = _arrest(view)
    if arrest is None or not arrest.circles or arrest.colour is None:
        return f"You were caught. {ADVICE}"
    circle = arrest.circles[0]
    who = arrest.colour.capitalize()
    out = f"{who} arrested you on {circle}: a policeman may arrest on any circle next to his crossing."
    if board is not None:
        near = [c for c, x in view.police.items() if circle in board.direct_circles(x)]
        if len(near) > 1:
            out += f" {_names(near)} stood next to {circle}."
    clue = next(
        (
            e
            for e in view.log
            if e.event == "search" and e.clue and e.circle == circle and e.night == view.night
        ),
        None,
    )
    if clue is not None and clue.colour is not None:
        out += (
            f" {clue.colour.capitalize()} had searched {circle} and found a clue, so the "
            "police knew you had been there."
        )
    return f"{out} {ADVICE}"


def _clues_tonight(view: LfwView) -> list[int]:
    """The circles where the police found a clue tonight (the public log)."""
    return [
        e.circle
        for e in view.log
        if e.event == "search" and e.clue and e.night == view.night and e.circle is not None
    ]


def _circles(circles: Sequence[int]) -> str:
    named = [str(c) for c in dict.fromkeys(circles)]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def _police_won(view: LfwView) -> str:
    """For a police learner whose arrest ended the game: what won it (the
    public log: the arrest, the clues that led to it)."""
    arrest = _arrest(view)
    moves = moves_tonight(view)
    if arrest is None or not arrest.circles or arrest.colour is None:
        return "Well done: the police win."
    when = "at his first move" if moves == 1 else f"after {moves} moves"
    who, circle = arrest.colour.capitalize(), arrest.circles[0]
    clues = _clues_tonight(view)
    if clues:
        led = (
            f"What won it: the clues found on {_circles(clues)} told where Jack had been, "
            f"which left few circles where he could stand, and {who}'s crossing was next "
            f"to {circle}."
        )
    else:
        led = (
            "What won it: the crime scene and the kind of each move left few circles "
            f"where he could stand, and {who}'s crossing was next to {circle}."
        )
    return (
        f"Well done: {who} arrested Jack on {circle} {when}. {led} An arrest names one "
        "circle: make it where the notebook (F6) leaves the fewest, and search where "
        "he may only have passed."
    )


def _moves_on(view: LfwView, night: int) -> int:
    return sum(1 for e in view.log if e.event == "move" and e.night == night)


def _why_over(view: LfwView, board: Board | None, side: str) -> str:
    """Why the guided night ended the game, in the learner's terms: for the
    police what won it, for Jack what lost it."""
    assert view.outcome is not None
    reason = view.outcome.reason
    jack = side == JACK
    if reason == ARRESTED:
        return _why_caught(view, board) if jack else _police_won(view)
    if reason == OUT_OF_MOVES:
        if jack:
            return (
                "What lost it: you did not reach your hideout by space 15 of the move "
                "track. Count the spaces home as you go (your panel says how far it "
                "is), and keep a coach for the last spaces: it ignores the policemen."
            )
        return (
            "Well done: Jack did not get home by space 15, and the police win. What won "
            "it: a step may not pass a policeman's crossing, so every street you held "
            "sent him round, or cost him a coach or an alley, until the track ran out."
        )
    if reason == TRAPPED:
        if jack:
            return (
                "What lost it: you could not move; the policemen stood on every street "
                f"out of your circle, and you had no coach or alley left. {ADVICE}"
            )
        return (
            "Well done: your policemen held every street out of Jack's circle and he "
            "had no coach or alley left: a Jack who cannot move loses."
        )
    return f"{reason}."


def _home_lesson(view: LfwView, side: str) -> str:
    """Jack home on the guided night, in the learner's terms (the public log)."""
    moves = _moves_on(view, LESSON_NIGHT)
    made = "one move" if moves == 1 else f"{moves} moves"
    if side == JACK:
        return (
            f"You reached your hideout after {made}: the night is yours. What won it: "
            "no arrest named the circle you stood on, and you got home before space "
            "15. "
            "Mind tomorrow: the police's notebook now lists where your hideout can be "
            "(near the end of tonight's path), and it narrows every night."
        )
    return (
        f"Jack reached his hideout after {made}: he got away tonight. What let him: "
        "no arrest named the circle he stood on, and no policeman stood on his last "
        "streets. What you keep: your notebook (F6) now lists where his hideout can be; "
        "tomorrow put policemen on the crossings around those circles, and search there."
    )


def lesson_over(
    view: LfwView, board: Board | None = None, learner: str | None = None
) -> Hint | None:
    """The closing hint of a guided first night (`learner`: the learner's
    side, the view's if None; a finished game's screen shows Jack's view to
    both, so the screen names it), from the view at the keyboard (and the
    board, which every side knows: who stood next to the circle of an
    arrest): at the learner's first decision of night 2 (Jack home), or at
    the end of a game that ended on night 1 (Jack caught, or not home in
    time), saying why in that side's terms (the police: what won it; Jack:
    what lost it) and what comes next.  None at any other moment."""
    side = learner or view.side
    if view.outcome is not None:
        if view.night != LESSON_NIGHT:
            return None
        return Hint(
            "lesson_over",
            "",
            "The lesson is over",
            "The guided first night is over, and so is the game: "
            f"{view.outcome.reason}. {_why_over(view, board, side)}",
            f"{_k('try_again')}: try again (a new guided night); {_k('other_side')}: the "
            f"other side's guided night; {_k('puzzles')}: the notebook puzzles; "
            f"{_k('new_game')}: a new game against the normal computer; {_k('play_on')}: "
            f"look at the board ({_k('paths')}: Jack's path); {_k('menu')}: back to the menu.",
        )
    if view.night != LESSON_NIGHT + 1 or view.to_act != view.side:
        return None
    if view.phase.key not in (Phase.WOMEN, Phase.PATROLS) or view.track:
        return None
    home = any(e.event == "home" and e.night == LESSON_NIGHT for e in view.log)
    how = _home_lesson(view, side) if home else "The first night ended."
    return Hint(
        "lesson_over",
        "",
        "The lesson is over",
        f"{how} The guided first night is over; what next is yours (the keys "
        "below). Playing on, this game goes on as a real one (nights 2 to 4 against "
        "the easy computer), with a hint still for what is new: night 2's patrols, "
        "night 3's double event.",
        f"{_k('play_on')}: play on; {_k('puzzles')}: the notebook puzzles; "
        f"{_k('other_side')}: the other side's guided night; {_k('new_game')}: a new "
        f"game against the normal computer; {_k('try_again')}: a new guided night; "
        f"{_k('menu')}: back to the menu (this game is saved: Continue).",
    )


KINDS = (
    "hideout",
    "women",
    "patrols",
    "patrols_later",
    "kill",
    "double_event",
    "wretched",
    "reveal",
    "moves",
    "home",
    "police_moves",
    "search",
    "notebook",
    "reveal_seen",
    "lesson_over",
)
