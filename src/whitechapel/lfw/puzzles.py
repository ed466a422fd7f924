"""Notebook puzzles that teach Letters from Whitechapel: where Jack may
step (T1), where he can be after his move (T1 and the notebook), where a
policeman should search (T3) and which arrest can succeed (T3).

A puzzle is a record: a board, a seed (the Chief tokens) and the actions
that bring a night to the moment of the question.  The engine plays them;
the question is asked of one side's view.  The right answer is never
written by hand: it is read from the engine (`legal(view)`: the steps Jack
may take, the searches and arrests a policeman may make) and from the
notebook (`notebook.py`: where Jack can be now; for a search also the
circles a coach may have passed, where a clue can be though he cannot
stand there), so a puzzle whose record changed answers accordingly.  Each
answer is the best move by its own explanation (round 15: puzzle 3's
search is after a coach, where no arrest can win).  A wrong answer is refused with a sentence
saying why (a circle not next to the last known one, a street a
policeman blocks, a circle searched with no clue, a circle not next to
the policeman) and can be tried again; a right one is followed by its
explanation.  An answer that leaves circles out says how many, with a
hint where to look; the circle itself only at the next such answer
(`Verdict.reveal`).

The texts a player reads speak board terms: a policeman by his colour (his
letter is on the map) and a crossing by the circles it touches, never by
its id in the notation (`x23`), which the map does not show
(play-testers A-F).

A police puzzle reads the police's view only: Jack's circle, which the
record knows, is never used to judge or to explain (§9).  Pure Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from whitechapel.core.errors import WhitechapelError
from whitechapel.lfw.actions import Step
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.legal import legal
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.views import LfwView

# What a puzzle asks for: every circle of a set (typed, any order), or one
# circle.
STEPS = "steps"  # Jack: every circle a step reaches now (the engine's legal steps)
WHERE = "where"  # the police: every circle where Jack can be now (the notebook)
SEARCH = "search"  # the police: one circle to search first (T3)
ARREST = "arrest"  # the police: the one circle where an arrest can succeed (T3)
EVERY = (STEPS, WHERE)


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer judged: right or not, and the sentence that says why."""

    right: bool
    sentence: str
    reveal: str = ""  # a set left short: the sentence that names a circle left out


@dataclass(frozen=True)
class Puzzle:
    tag: str  # the rules it teaches
    title: str
    side: str
    ask: str  # STEPS, WHERE, SEARCH or ARREST
    question: str  # the question, in a sentence
    lesson: str  # what to know first
    explanation: str  # shown after the right answer, after the right circles
    seed: int
    actions: tuple[str, ...]
    board_name: str = "tutorial"

    # -- the position, built by the engine ----------------------------------------------

    @cached_property
    def board(self) -> Board:
        return load_board(self.board_name)

    def start(self) -> LfwGame:
        game = LfwGame.new(self.seed, Options(), self.board)
        for text in self.actions:
            game.play(text)
        return game

    @cached_property
    def view(self) -> LfwView:
        """The view the question is asked of (the puzzle side's)."""
        return self.start().view(self.side)

    @cached_property
    def before_move(self) -> tuple[int, dict[str, str]]:
        """Where Jack was known to be before his last move (the crime scene,
        or tonight's newest clue), and the policemen's crossings then: read
        from the public view before that move, or now if he has not moved
        (for the reasons given)."""
        game = LfwGame.new(self.seed, Options(), self.board)
        moves = [i for i, t in enumerate(self.actions) if t.split()[0] in ("step", "coach")]
        for text in self.actions[: moves[-1] if moves else None]:
            game.play(text)
        public = game.view("public")
        known = public.clues[-1] if public.clues else public.crime_scenes[-1].circle
        return known, dict(public.police)

    @cached_property
    def moved_since(self) -> dict[str, str]:
        """The policemen who moved since Jack's last move, and the crossing
        each stood on then (colour -> crossing): what blocked his step is
        no longer on the map (tester G2, round 17: puzzle 4's explanation
        needed Green where he stood when Jack stepped)."""
        _, then = self.before_move
        now = self.view.police
        return {c: x for c, x in then.items() if now.get(c) != x}

    # -- the answer, from the engine and the notebook -----------------------------------

    @cached_property
    def possible(self) -> frozenset[int]:
        """Where Jack can be now, as the notebook of the puzzle's view says."""
        return frozenset(notebook(self.view, self.board).possible)

    @cached_property
    def passed(self) -> frozenset[int]:
        """The circles Jack may have passed since the last known one (a
        coach's first circle, on the way to a circle where he can be now):
        a search there can find a clue though he cannot stand there now.
        Read from the board, the move track and the notebook."""
        known, _ = self.before_move
        track = self.view.track
        if not track or track[-1].how != "coach":
            return frozenset()
        possible = self.possible
        return frozenset(
            first
            for first in self.board.jack_adjacent(known)
            if any(
                second in possible and second not in (known, first)
                for second in self.board.jack_adjacent(first)
            )
        )

    @cached_property
    def acting(self) -> tuple[str, str] | None:
        """The policeman to act and his crossing (SEARCH, ARREST)."""
        colour = self.view.acting_colour
        if colour is None or colour not in self.view.police:
            return None
        return colour, self.view.police[colour]

    @cached_property
    def right(self) -> frozenset[int]:
        """The right circles: all of them for STEPS and WHERE, any one of
        them for SEARCH and ARREST."""
        if self.ask == STEPS:
            return frozenset(a.circle for a in legal(self.view) if isinstance(a, Step))
        if self.ask == WHERE:
            return self.possible
        texts = {str(a) for a in legal(self.view)}
        colour = self.view.acting_colour
        if self.ask == SEARCH:
            # where a clue can be found: where he can be, or may have passed;
            # never tonight's crime scene (it is in his row already)
            scenes = {s.circle for s in self.view.crime_scenes if s.night == self.view.night}
            where = (self.possible | self.passed) - scenes
        else:
            where = self.possible
        return frozenset(c for c in where if f"{colour} {self.ask} {c}" in texts)

    def answer_text(self) -> str:
        return " ".join(map(str, sorted(self.right)))

    # -- judging --------------------------------------------------------------------

    def judge(self, text: str) -> Verdict:
        """The answer typed (circle numbers, spaces or commas between)
        judged: right with the explanation, or not with the reason."""
        words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
        if not words or not all(w.isdigit() for w in words):
            what = "every circle, e.g. 3 12 20" if self.ask in EVERY else "one circle's number"
            return Verdict(False, f"Type {what}, then Enter.")
        circles = [int(w) for w in words]
        unknown = [c for c in circles if not self.board.is_circle(c)]
        if unknown:
            return Verdict(False, f"There is no circle {unknown[0]} on this board.")
        if self.ask in EVERY:
            return self._judge_set(set(circles))
        if len(set(circles)) > 1:
            what = "the one he names first" if self.ask == SEARCH else "an arrest names one"
            return Verdict(False, f"One circle only: {what}.")
        return self._judge_one(circles[0])

    def _judge_set(self, chosen: set[int]) -> Verdict:
        wrong = sorted(chosen - self.right)
        if wrong:
            return Verdict(False, f"Not {wrong[0]}: {self.why_not(wrong[0])}")
        missing = sorted(self.right - chosen)
        if missing:
            known, _ = self.before_move
            more = "One more circle" if len(missing) == 1 else f"{len(missing)} more circles"
            return Verdict(
                False,
                f"{more} at least. Look again at every street from {known}: a "
                "street is open unless a policeman stands on one of its crossings.",
                f"One more at least: {self.why_yes(missing[0])}",
            )
        return Verdict(True, self.solution())

    def _judge_one(self, circle: int) -> Verdict:
        if circle in self.right:
            return Verdict(True, self.solution())
        return Verdict(False, f"Not {circle}: {self.why_not(circle)}")

    def solution(self) -> str:
        circles = sorted(self.right)
        named = ", ".join(map(str, circles))
        if self.ask in EVERY:
            head = f"Right: {named}."
        else:
            head = f"Right: {named}." if len(circles) == 1 else f"Right: any of {named}."
        return f"{head} {self.explanation}"

    # -- the reasons ------------------------------------------------------------------

    def why_not(self, circle: int) -> str:
        """Why `circle` is not a right answer, from the board, the public
        facts and the policemen (never from Jack's circle)."""
        view = self.view
        if self.ask in (SEARCH, ARREST) and self.acting is not None:
            colour, crossing = self.acting
            near = self.board.direct_circles(crossing)
            if circle not in near:
                names = ", ".join(map(str, near))
                return (
                    f"{circle} is not next to {colour.capitalize()}'s crossing: "
                    f"he may name only {names}."
                )
            scenes = {s.circle for s in view.crime_scenes if s.night == view.night}
            if circle in scenes and self.ask == SEARCH:
                return (
                    f"{circle} is tonight's crime scene: it is in Jack's row already, "
                    "so a clue there tells the police nothing new."
                )
        if circle in view.searched:
            return f"{circle} was searched tonight with no clue: Jack has not been there tonight."
        known, police = self.before_move
        if circle == known:
            return f"Jack must move: he cannot stay on {known}."
        if circle not in self.board.jack_adjacent(known):
            return (
                f"{circle} is not next to {known}: a step goes only to a circle "
                "joined to it by a street with no other circle on the way."
            )
        held = {x: c for c, x in police.items()}
        blocked = [p for p in self.board.step_paths(known, circle) if p & set(held)]
        if blocked:
            men = sorted({held[x].capitalize() for p in blocked for x in p if x in held})
            return (
                f"every street from {known} to {circle} passes a policeman "
                f"({', '.join(men)}): a step may not go through his crossing."
            )
        return f"the notebook leaves only {', '.join(map(str, sorted(self.possible)))}."

    def why_yes(self, circle: int) -> str:
        """Why a right circle left out is one."""
        known, police = self.before_move
        held = set(police.values())
        free = [p for p in self.board.step_paths(known, circle) if not p & held]
        if free and free[0]:
            via = "by a street whose crossings no policeman holds"
        else:
            via = "a street joins them with nothing between"
        return f"{circle} is a step from {known} ({via})."


# -- the puzzles ---------------------------------------------------------------------

# Night 1 on the tutorial board: the hideout, the women (five marked on the
# red circles 1 4 7 13 22), the Chief's markers (real ones on x12 x23 x28
# x17 x35 for blue yellow brown red green, fakes on x21 x32).
NIGHT_1 = (
    "hideout 9",
    "women 1 4 7 13 22 / 25 29 36",
    "patrols x12 x23 x28 x17 x35 / x21 x32",
)

# Night 1 on from there: the kill on 22, Jack's step to 21, the Hunt's
# moves (Red and Green move, the rest stay); Red, the Chief, acts first in T3.
RED_TO_ACT = (
    *NIGHT_1,
    "kill 22",
    "step 21",
    "red x32",
    "green x27",
    "blue stay",
    "yellow stay",
    "brown stay",
)

PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        tag="T1",
        title="Where can you step?",
        side=JACK,
        ask=STEPS,
        question="You have just killed on 22. Which circles can you reach with a step?",
        lesson=(
            "A step (a normal move) goes to a circle joined to yours by a street "
            "with only crossings on the way: no other circle. It may not pass a "
            "crossing where a policeman stands. A coach (two steps) and an alley "
            "ignore the policemen, but cost a token."
        ),
        explanation=(
            "Yellow blocks the street to 16, and Green the streets to "
            "31, 32, 33 and 34. 21 is joined to 22 directly: no policeman can ever "
            "block that street."
        ),
        seed=2,
        actions=(*NIGHT_1, "kill 22"),
    ),
    Puzzle(
        tag="T1",
        title="Where can Jack be?",
        side=POLICE,
        ask=WHERE,
        question="Jack killed on 13 and made a step (space 1). Where can he be?",
        lesson=(
            "The police see the crime scene and the kind of each move on the track "
            "(a step, a coach, an alley), never the circle. A step goes to a circle "
            "next to the last one, not through a crossing where a policeman stood "
            "at that moment. The notebook (F6 in the police's key bar) tints exactly these circles."
        ),
        explanation=(
            "Red blocked the streets from 13 to 7, 8 and 11; 12, 18 and 24 are "
            "joined to 13 by streets whose crossings nobody held."
        ),
        seed=2,
        actions=(*NIGHT_1, "kill 13", "step 12"),
    ),
    Puzzle(
        tag="T3",
        title="After a coach: search or arrest?",
        side=POLICE,
        ask=SEARCH,
        question=(
            "Jack killed on 22 and took a coach (two steps). Red stands on the "
            "crossing between 22 and 23: he may search or arrest on 22 or 23. Which "
            "circle does he search?"
        ),
        lesson=(
            "A search names the circles next to the policeman one at a time: "
            "one where Jack has been tonight gets a clue, and the search ends. An "
            "arrest names one circle: it wins only if Jack stands there now. A coach "
            "is two steps: Jack ends two circles away and passes one on the way."
        ),
        explanation=(
            "After a coach Jack cannot stand on 22 or 23: no arrest of Red's can "
            "succeed, so an arrest would waste his turn. But the coach may have "
            "passed 23 on its way: a clue there would tell the police which way Jack "
            "went, and leave only the circles a step beyond 23. 22 is the crime scene: "
            "a clue there tells nothing new. Search where Jack may have been; arrest "
            "only where he may be now."
        ),
        seed=5,
        actions=(
            *NIGHT_1,
            "kill 22",
            "coach 23 24",
            "red x31",
            "green stay",
            "blue stay",
            "yellow stay",
            "brown stay",
        ),
    ),
    Puzzle(
        tag="T3",
        title="Which arrest can succeed?",
        side=POLICE,
        ask=ARREST,
        question=(
            "Jack killed on 22 and made a step; Yellow stood where he stands now, "
            "beside 16, all the while. Then Green moved to the crossing "
            "between 16 and 21, and Red arrested on 23: nobody there. Green acts "
            "next. Where does an arrest of his have a chance?"
        ),
        lesson=(
            "An arrest names one circle next to the policeman; if Jack stands "
            "there now, the police win. After one step Jack has been only on the "
            "crime scene and where he stands, so an arrest is the police's best "
            "action then; a failed one says where he is not."
        ),
        explanation=(
            "When Jack stepped, Green still stood between 22 and 33 and blocked "
            "the streets to 31, 32, 33 and 34, and Yellow the street to 16: Jack "
            "could be on 17, 21 or 23. Red's failed arrest leaves 17 or 21. Green "
            "may arrest on 16 or 21 now, and only 21 is left: the one arrest with "
            "a chance."
        ),
        seed=5,
        actions=(*RED_TO_ACT, "red arrest 23"),
    ),
)


def puzzle(number: int) -> Puzzle:
    """Puzzle `number`, from 1; a WhitechapelError for another."""
    if not 1 <= number <= len(PUZZLES):
        raise WhitechapelError(f"there is no puzzle {number}: they are 1 to {len(PUZZLES)}")
    return PUZZLES[number - 1]
