"""Puzzles that teach Mr. Jack Pocket: sight lines (P6), the witness call
(P7) and the end of the game (P8), each from an explicit position.

A puzzle is an explicit setup (`setup.py`: tiles, walls, detectives,
suspects already cleared, Jack, the deck and the throws) and the opening
actions that bring the game to the moment the player takes over.  The
player plays one side for one or two actions in a row, never past the end
of a round, so the other side never has to answer; then the puzzle's goal
(`goals.py`) is judged from the player's views.  A puzzle for the
investigator never names Jack in its words: he is as hidden as in a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from whitechapel.core.errors import WhitechapelError
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.goals import (
    Judge,
    clear_either_way,
    hide_jack,
    see_at_least,
    unseen_clearing_at_most,
    win_now,
)
from whitechapel.pocket.pieces import CHARACTERS, DETECTIVES, INVESTIGATOR, JACK, SQUARES
from whitechapel.pocket.setup import Setup


@dataclass(frozen=True, slots=True)
class Puzzle:
    tag: str  # the rules the puzzle teaches ("P6")
    title: str
    lesson: str  # the teaching text, in player words (Markdown-free, may hold [b] markup)
    goal: str  # the goal, one short sentence
    side: str  # the side the player plays
    setup: Setup
    opening: tuple[str, ...]  # actions played before the player takes over
    moves: int  # how many actions the player plays
    judge: Judge
    solution: tuple[str, ...]  # one way to meet the goal (tests, hints)

    def start(self) -> PocketGame:
        """The game at the moment the player takes over."""
        game = PocketGame(self.setup)
        for text in self.opening:
            game.play(text)
        return game

    @property
    def name(self) -> str:
        """As players read it: the title in words (the rule's tag is for the
        code and the tests; tester PC, round 2: "P6 · Lines of sight")."""
        return self.title


# -- the puzzles -------------------------------------------------------------------


def _setup(
    layout: str,
    *,
    jack: str,
    throws: tuple[str, ...],
    detectives: tuple[int, int, int],
    deck_top: tuple[str, ...] = (),
    suspects_left: tuple[str, ...] = (),
) -> Setup:
    """`layout`: the nine tiles in reading order as `character:wall`; the
    deck is `deck_top` then the other cards in the rulebook's order;
    `suspects_left`: when given, every other character starts cleared."""
    ids = [c.id for c in CHARACTERS]
    rest = [c for c in ids if c != jack and c not in deck_top]
    return Setup.from_json(
        {
            "tiles": [f"{sq}:{t}" for sq, t in zip(SQUARES, layout.split(), strict=True)],
            "jack": jack,
            "alibi_deck": [*deck_top, *rest],
            "throws": list(throws),
            "detectives": dict(zip(DETECTIVES, detectives, strict=True)),
            "cleared": [c for c in ids if suspects_left and c not in suspects_left],
        }
    )


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(
        tag="P6",
        title="Lines of sight",
        lesson="A detective looks along his row or column, starting with the tile next "
        "to him. A wall on the side facing him hides that tile and everything "
        "behind it. A wall on the far side lets him see the tile, but nothing "
        "beyond it. Walls on the two other sides of a tile do not block at all. "
        "The bright streets on the board are the lines of sight.\n\n"
        "You are the investigator, and nobody is seen yet.",
        goal="make the detectives see 3 suspects",
        side=INVESTIGATOR,
        setup=_setup(
            "bert:W gull:W smith:E stealthy:S pizer:S goodley:E lestrade:S lane:S madame:S",
            jack="pizer",
            throws=("HWRJ",) * 4,
            detectives=(12, 4, 8),
        ),
        opening=(),
        moves=1,
        judge=see_at_least(3),
        solution=("W+2",),
    ),
    Puzzle(
        tag="P6",
        title="Out of sight",
        lesson="You are Jack, hiding as Sergeant Goodley on a1, and two detectives see "
        "you: Toby from the left and Watson from the right, down the top row. "
        "You play two actions in a row. A tile's wall turned towards a detective "
        "hides that tile and everything behind it; a wall on the far side stops "
        "his sight after that tile.",
        goal="after your two actions, no detective sees you",
        side=JACK,
        setup=_setup(
            "goodley:N lane:N gull:S pizer:S lestrade:W smith:S stealthy:E bert:W madame:S",
            jack="goodley",
            throws=("HWRR",) * 4,
            detectives=(8, 3, 12),
        ),
        opening=("W+1",),
        moves=2,
        judge=hide_jack,
        solution=("Ra1W", "Rc1E"),
    ),
    Puzzle(
        tag="P7",
        title="The witness call",
        lesson="After the fourth action of a round comes the witness call. If Jack is "
        "seen, every suspect nobody sees is cleared; if he is not seen, every "
        "suspect a detective sees is cleared. You do not know who Jack is, so "
        "the safe play is to split the suspects into two halves: then the call "
        "clears half of them whichever way it goes.\n\n"
        "You are the investigator, with the round's last action. Eight suspects "
        "are left (Lestrade's alibi card cleared him).",
        goal="clear 4 suspects whichever way the witness call goes",
        side=INVESTIGATOR,
        setup=_setup(
            "stealthy:S lane:E goodley:N lestrade:E smith:S gull:W madame:W bert:E pizer:S",
            jack="madame",
            throws=("ATRJ",) * 4,
            detectives=(9, 4, 7),
        ),
        opening=("A", "T+2", "J:T"),
        moves=1,
        judge=clear_either_way(4),
        solution=("Rb1N",),
    ),
    Puzzle(
        tag="P7",
        title="An hourglass for Jack",
        lesson="You are Jack, hiding as William Gull on a3. If no detective sees you at "
        "the witness call, you take the round's token: an hourglass. But then "
        "every suspect a detective sees is cleared, and each suspect cleared "
        "brings the investigator closer to you. Watson sees you now, down the "
        "bottom row; Holmes sees Miss Stealthy.\n\n"
        "You play the last action of round 2.",
        goal="stay unseen, and let the witness call clear only one suspect",
        side=JACK,
        setup=_setup(
            "lestrade:N bert:W madame:E lane:N stealthy:W goodley:W gull:S pizer:N smith:S",
            jack="gull",
            throws=("ATRJ",) * 4,
            detectives=(4, 5, 2),
        ),
        opening=("Rc1N", "J:T", "A", "T+1", "H+1", "Xc1c2", "W+1"),
        moves=1,
        judge=unseen_clearing_at_most(1),
        solution=("Rc3E",),
    ),
    Puzzle(
        tag="P8",
        title="Two suspects left",
        lesson="The investigator wins when a witness call leaves only one suspect. Two "
        "are left: John Smith and Joseph Lane, and Holmes sees both. Whoever Jack "
        "is, if exactly one of them is seen, the call clears the other one.\n\n"
        "You are the investigator, with the round's last action.",
        goal="leave only one suspect at the witness call, and win",
        side=INVESTIGATOR,
        setup=_setup(
            "bert:S goodley:N lestrade:N smith:N lane:N madame:N gull:N stealthy:N pizer:E",
            jack="smith",
            throws=("HWRR",) * 4,
            detectives=(9, 1, 2),
            suspects_left=("smith", "lane"),
        ),
        opening=("W+1", "Ra2S", "H+2"),
        moves=1,
        judge=win_now(INVESTIGATOR),
        solution=("Rb2W",),
    ),
    Puzzle(
        tag="P8",
        title="Six hourglasses, or a race",
        lesson="Jack wins with 6 hourglasses after a witness call; the investigator "
        "wins when one suspect is left. If both goals are reached in the same "
        "round, Jack seen means the investigator wins; Jack not seen means a "
        "race begins instead: from then on the investigator wins at the first "
        "witness call that sees Jack, and Jack wins if he stays unseen through "
        "round 8.\n\n"
        "You are Jack, hiding as John Pizer on b3, with 5 hourglasses: three "
        "round tokens and Madame's alibi card. The only other suspect is Jeremy "
        "Bert. Watson sees you both, up the middle column. You play the last "
        "action of round 4.",
        goal="win the game with this action",
        side=JACK,
        setup=_setup(
            "lane:N gull:W madame:S lestrade:E bert:E stealthy:E goodley:S pizer:E smith:W",
            jack="pizer",
            throws=("ATRJ", "AWRJ", "ATXR", "AWXJ"),
            detectives=(12, 6, 1),
            deck_top=("madame",),
            suspects_left=("pizer", "bert"),
        ),
        opening=(
            "Ra2W",
            "A",
            "J:T",
            "T+1",
            "Rb1E",
            "Xb1c3",
            "W+1",
            "H+1",
            "Rb3S",
            "J:T",
            "W+1",
            "A",
            "H+2",
            "Rb3E",
            "T+1",
        ),
        moves=1,
        judge=win_now(JACK),
        solution=("Xa3b3",),
    ),
)


def puzzle(number: int) -> Puzzle:
    """Puzzle `number`, counted from 1 (a player's error outside 1..N)."""
    if not 1 <= number <= len(PUZZLES):
        raise WhitechapelError(
            f"there are {len(PUZZLES)} puzzles: choose one from 1 to {len(PUZZLES)}"
        )
    return PUZZLES[number - 1]
