"""'Learn Mr. Jack Pocket by playing' (the menu, the command palette): a
choice of side for a guided game, or the puzzles (issue 44: play-testers
PA and PB met only the investigator's side; the LfW learn screen offers
both sides the same way).

A guided game is a game with the `hints` setting on ("first", kept in its
record: Continue keeps them) against the computer, recorded as the easy
one; the game screen puts the teaching player in its seat while hints are
on (`players/teaching.py`: either side, it keeps the race of Jack's
hourglasses against the suspects left close, so the game comes to the
endgame; tester PF, round 3: "holds out into the middle rounds" was vague)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.widgets.option_list import Option

from whitechapel.core.players import computer_name
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.ui.screens.puzzles import ListScreen

LEVEL = "easy"  # what the record names; the screen plays the teaching player there
GUIDED_SETTINGS = {"hints": "first"}
OTHER = {JACK: INVESTIGATOR, INVESTIGATOR: JACK}
CHOICES = (
    (
        INVESTIGATOR,
        "Play the investigator: a guided game",
        "the computer plays a gentle Jack, hidden as one of the nine suspects; "
        "you split the suspects, seen and unseen, "
        "at each witness call; ctrl+z takes back a move",
    ),
    (
        JACK,
        "Play Jack: a guided game",
        "you are one of the suspects (the game tells you whom); the computer "
        "plays a gentle investigator; you stay unseen "
        "for hourglasses, "
        "draw alibi cards, and keep many suspects with you; ctrl+z takes back a move",
    ),
    ("puzzles", "The puzzles", "six short positions that teach sight, the call and the end"),
)


def guided_game(side: str = INVESTIGATOR, seed: int | None = None) -> Any:
    """A new guided game: `side` the learner's, the other the computer's."""
    from whitechapel.pocket.ui.setup import pocket_screen

    players = {OTHER[side]: computer_name(LEVEL)}
    return pocket_screen(seed, players, dict(GUIDED_SETTINGS))


def entry(title: str, what: str) -> Group:
    """A choice: its title, and under it what it is, indented."""
    return Group(Text(title), Padding(Text(what, style="dim"), (0, 0, 0, 3)))


class LearnScreen(ListScreen, scope="pocket"):
    """A guided game as either side, or the puzzles."""

    STEM = "learn"
    AGAIN_FROM_THE_TOP = True

    def __init__(self) -> None:
        super().__init__(
            "[b]Learn Mr. Jack Pocket by playing[/b]\nA whole game against the computer, "
            "with a hint at every decision and a review at the end.",
            [Option(entry(title, what), id=key) for key, title, what in CHOICES],
        )

    def chosen(self, option: str) -> None:
        if option == "puzzles":
            from whitechapel.pocket.ui.puzzles import learn_screen

            # over this list: Esc comes back to it (tester PD, issue 44)
            self.app.push_screen(learn_screen())
        elif option in OTHER:
            self.app.switch_screen(guided_game(option))
