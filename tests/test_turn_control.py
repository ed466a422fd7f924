"""The hot seat's turn control (ui/turns.py) without a screen: who holds
the keyboard, the curtain, the computer's turn, asked of a plain object and
a stand-in for its screen."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any

from test_computer_turns import answer, turn_over
from whitechapel.core.game import legal_of
from whitechapel.core.players import Answer
from whitechapel.core.record import record_of
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.ui.source import LocalSource
from whitechapel.ui.turns import PASS, TurnControl


class FakeScreen:
    """What a game screen does for its turn control, written down."""

    def __init__(self) -> None:
        self.covered: str | None = None
        self.sent: list[str] = []
        self.redrawn = 0

    def player_name(self, side: str, *, capital: bool = False) -> str:
        return {"jack": "Jack", "investigator": "the investigator"}[side]

    def reset_choice(self) -> None:
        pass

    def refresh_all(self) -> None:
        self.redrawn += 1

    def centre_on_targets(self) -> None:
        pass

    def curtain_at_every_change(self) -> bool:
        return True

    def cover(self, text: str | None) -> None:
        self.covered = text

    def computer_sends(self, text: str, note: str | None = None) -> None:
        self.sent.append(text)

    def handover_note(self, side: str) -> str:
        return ""

    def computer_failed(self, message: str) -> None:
        raise AssertionError(message)

    def call_later(self, callback: Any, *args: Any, **kwargs: Any) -> bool:
        asyncio.get_running_loop().call_soon(callback, *args)
        return True

    def run_worker(self, work: Any, **kwargs: Any) -> Any:
        return asyncio.get_running_loop().create_task(work)


def test_two_people_pass_the_keyboard_behind_the_curtain():
    game = PocketGame.new(3)
    screen = FakeScreen()
    turns = TurnControl(screen, LocalSource(game, record_of(game)), (JACK, INVESTIGATOR))
    assert turns.shared and turns.holder is None and turns.human is None
    first = game.to_act
    turns.pass_keyboard()
    assert turns.curtain_kind == PASS and turns.holder is None  # nobody's view under it
    assert screen.covered and "Pass to" in screen.covered
    turns.lift_curtain()
    assert not turns.curtain_up and screen.covered is None and turns.holder == first


async def test_against_the_computer_the_keyboard_stays_with_the_person():
    game = PocketGame.new(3)
    computer = INVESTIGATOR if game.to_act == INVESTIGATOR else JACK
    person = JACK if computer == INVESTIGATOR else INVESTIGATOR
    record = record_of(game, players={computer: "computer:random"})
    screen = FakeScreen()
    turns = TurnControl(screen, LocalSource(game, record), (JACK, INVESTIGATOR))
    assert not turns.shared and turns.human == person and turns.holder == person
    turns.thinker = AnswersAtOnce()
    turns.pass_keyboard()  # the computer's turn: no curtain, it thinks
    assert not turns.curtain_up and turns.thinking == computer
    await turn_over()
    assert len(screen.sent) == 1 and turns.computer_moves == [(computer, screen.sent[0])]
    assert turns.holder == person
    turns.person_acted()
    assert turns.computer_moves == []


class AnswersAtOnce:
    """A thinker whose player answers with the first legal action."""

    levels: dict[str, str] = {}

    def ask(self, side: str, view: Any) -> Future[Answer]:
        future: Future[Answer] = Future()
        future.set_result(answer(legal_of(view)[0]))
        return future

    def forget(self) -> None:
        pass
