"""The computer's turns (core/turns.py), as the hot seat and the server both
use them: think once per state, drop stale answers, pace.  A plain object,
driven here by hand."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import Any

import pytest

from whitechapel.core.players import Answer
from whitechapel.core.turns import ComputerTurns


def answer(text: str) -> Answer:
    return Answer(text, 0.0)


class Host:
    """A game that is only a version number, and what the computer did in it."""

    def __init__(self, pace: float = 0.0) -> None:
        self.version = 0
        self.asked: list[str] = []
        self.played: list[tuple[str, int, str]] = []
        self.failed: list[str] = []
        self.futures: list[Future[Any]] = []
        self.now = 100.0
        self.turns = ComputerTurns(
            lambda who, version, text: self.played.append((who, version, text)),
            version=lambda: self.version,
            pace=pace,
            clock=lambda: self.now,
            failed=lambda who, error: self.failed.append(str(error)),
        )

    def ask(self, who: str) -> Future[Any]:
        self.asked.append(who)
        future: Future[Any] = Future()
        self.futures.append(future)
        return future


async def turn_over() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_the_computer_thinks_once_per_state_and_its_answer_is_played():
    host = Host()
    assert host.turns.turn("jack", lambda: host.ask("jack"))
    assert host.turns.turn("jack", lambda: host.ask("jack"))  # the same state: nothing asked
    assert host.asked == ["jack"] and host.turns.thinking == "jack"
    host.futures[0].set_result(answer("H+1"))
    await turn_over()
    assert host.played == [("jack", 0, "H+1")] and host.turns.thinking is None
    host.version = 1  # the next state: asked again
    host.turns.turn("jack", lambda: host.ask("jack"))
    assert host.asked == ["jack", "jack"]


async def test_an_answer_for_a_state_the_game_has_left_is_dropped():
    host = Host()
    host.turns.turn("jack", lambda: host.ask("jack"))
    host.version = 1  # a clock ran out, the person stepped back, ...
    host.futures[0].set_result(answer("H+1"))
    await turn_over()
    assert host.played == []
    host.turns.turn("investigator", lambda: host.ask("investigator"))  # a newer question
    host.turns.turn("jack", lambda: host.ask("jack"))
    host.futures[1].set_result(answer("W+1"))  # the investigator's: asked over since
    host.futures[2].set_result(answer("T+1"))
    await turn_over()
    assert host.played == [("jack", 1, "T+1")]


async def test_the_answer_waits_for_the_pace_unless_the_pauses_are_skipped():
    host = Host(pace=0.4)
    paused: list[float] = []
    release = asyncio.Event()

    async def pause(seconds: float) -> None:
        paused.append(seconds)
        await release.wait()

    host.turns.pause = pause  # type: ignore[method-assign]
    host.turns.turn("police", lambda: host.ask("police"))
    host.now += 0.1  # it thought 0.1 s: 0.3 s of pause are left
    host.futures[0].set_result(answer("blue x12"))
    await turn_over()
    assert paused == [pytest.approx(0.3)] and host.played == []
    assert host.turns.thinking == "police"  # still "thinking" while it waits
    release.set()
    await turn_over()
    assert host.played == [("police", 0, "blue x12")]
    host.turns.skip_pacing()  # Space: no more pauses until the person acts
    host.version = 1
    host.turns.turn("police", lambda: host.ask("police"))
    host.futures[1].set_result(answer("blue stay"))
    await turn_over()
    assert paused == [pytest.approx(0.3)] and host.played[-1] == ("police", 1, "blue stay")
    host.turns.person_acted()
    assert not host.turns.pace_skipped


async def test_a_computer_that_cannot_play_says_so_and_stop_drops_its_answer():
    host = Host()
    host.turns.turn("jack", lambda: host.ask("jack"))
    host.futures[0].set_exception(RuntimeError("the worker died"))
    await turn_over()
    assert host.failed == ["the worker died"] and host.turns.thinking is None
    host.version = 1
    host.turns.turn("jack", lambda: host.ask("jack"))
    host.turns.stop()  # the screen or the room went
    assert host.futures[1].cancelled() or not host.futures[1].done()
    await turn_over()
    assert host.played == [] and host.turns.thinking is None
