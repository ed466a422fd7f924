"""A session host's guard (gateway/guard.py, issue 25): each session's time
on the shared event loop is counted to it; an address whose sessions take
more than one share together, or a host whose sessions take more than its
budget, has its busy sessions held back, then ended with a sentence on
their terminal if they go on; a host past its memory ends its heaviest
session.  The last test runs a real session host in a thread, on a pty,
with an app that hogs the loop."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import os
import pty
import socket
import subprocess
import sys
import threading
import time

import pytest
from textual.app import App

from polling import until
from sshterm import SRC
from whitechapel.gateway.guard import (
    CPU_FAREWELL,
    LUMP,
    MEMORY_FAREWELL,
    SESSION,
    Guard,
    GuardLimits,
    MeteredLoop,
    weigh,
)
from whitechapel.gateway.limits import MiB


def busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


class Ticking:
    """A clock that moves only when `busy` says work was done: what the
    loop counts is then the work itself, whatever the machine's load."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def busy(self, seconds: float) -> None:
        self.now += seconds


def test_the_loop_counts_each_sessions_time_to_it():
    clock = Ticking()
    busy = clock.busy

    async def main() -> dict[int, float]:
        loop = asyncio.get_running_loop()
        assert isinstance(loop, MeteredLoop)

        async def work(seconds: float) -> None:
            for _ in range(5):
                busy(seconds)
                await asyncio.sleep(0)

        tasks = []
        for n, seconds in ((1, 0.02), (2, 0.001)):
            context = contextvars.copy_context()
            context.run(SESSION.set, n)
            tasks.append(loop.create_task(work(seconds), context=context))

        def from_a_thread() -> None:  # a driver's input thread posts for its session
            SESSION.set(3)
            loop.call_soon_threadsafe(busy, 0.03)

        thread = threading.Thread(target=from_a_thread)
        thread.start()
        thread.join()
        await asyncio.gather(*tasks)
        await asyncio.sleep(0.01)
        busy(0.05)  # the host's own work counts to nobody
        return dict(loop.spent)

    with asyncio.Runner(loop_factory=lambda: MeteredLoop(clock)) as runner:
        spent = runner.run(main())
    assert spent == {1: pytest.approx(0.1), 2: pytest.approx(0.005), 3: pytest.approx(0.03)}
    assert set(spent) == {1, 2, 3}


def test_a_long_callback_is_felt_as_its_square():
    """What the others wait for grows with a callback's length squared: one
    of 0.1 s or more (past `LUMP`) is felt as its square over `LUMP`."""

    async def main() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        assert isinstance(loop, MeteredLoop)
        context = contextvars.copy_context()
        context.run(SESSION.set, 1)
        done = loop.create_future()
        loop.call_soon(lambda: (busy(0.1), done.set_result(None)), context=context)
        await done
        return loop.spent[1], loop.felt[1]

    with asyncio.Runner(loop_factory=MeteredLoop) as runner:
        spent, felt = runner.run(main())
    assert spent >= 0.1 and felt == pytest.approx(spent * spent / LUMP)


class FakeLoop:
    def __init__(self) -> None:
        self.spent: dict[int, float] = {}


def guard_of(loop: FakeLoop, apps: dict, limits: GuardLimits, addresses: dict | None = None):
    held: list[tuple[int, float]] = []
    ended: list[tuple[int, str, str]] = []
    guard = Guard(
        loop,
        lambda: apps,
        lambda n, s: held.append((n, s)),  # type: ignore[arg-type]
        lambda n, why, farewell: ended.append((n, why, farewell)),
        limits,
        memory=lambda: 0,
        address=lambda n: (addresses or {}).get(n, f"#{n}"),
    )
    return guard, held, ended


def test_a_session_over_its_share_is_held_back_and_ended_if_it_goes_on_while_held():
    loop = FakeLoop()
    limits = GuardLimits(interval=1.0, window=2.0, share=0.3, hold=1.0, strikes=3)
    guard, held, ended = guard_of(loop, {1: "runaway", 2: "player"}, limits)
    for second in range(6):  # first seen, then it holds the loop 80 % of the time, held or not
        loop.spent = {1: 0.8 * second, 2: 0.05 * second}
        guard.look()
    assert held == [(1, 1.0)] * 4  # held back from the first look that saw it over
    ((n, why, farewell),) = ended
    assert n == 1 and "80%" in why and "held back" in why
    assert farewell == CPU_FAREWELL.format(share=0.8, seconds=3.0)
    assert farewell.startswith("whitechapel: this session was ended")


def test_a_player_holding_a_key_down_is_slowed_never_ended():
    """Busy only while not held back (its input answered), idle while held."""
    loop = FakeLoop()
    limits = GuardLimits(interval=1.0, window=2.0, share=0.3, hold=1.0, strikes=3)
    guard, held, ended = guard_of(loop, {1: "player"}, limits)
    spent = 0.0
    for _ in range(30):
        loop.spent = {1: spent}
        guard.look()
        if not guard.usage[1].held:
            spent += 0.9  # keys answered at full speed while not held back
    assert held and not ended


def test_sessions_of_one_address_share_one_share_held_back_then_ended_together():
    """8 sessions from one address, each holding the loop 10 % of the time
    (a third of the share one session may have), together 80 %: each is
    held back from the first look that sees them, allowed an eighth of the
    share while held, and ended when it goes on; a neighbour from another
    address is neither."""
    loop = FakeLoop()
    limits = GuardLimits(interval=1.0, window=2.0, share=0.3, hold=1.0, strikes=3)
    flood = range(1, 9)
    addresses = {n: "203.0.113.7" for n in flood} | {9: "198.51.100.2"}
    paces: dict[int, float] = {}
    guard, held, ended = guard_of(loop, dict.fromkeys(addresses, "app"), limits, addresses)
    guard.pace = lambda n, share: paces.__setitem__(n, share)
    for second in range(5):  # first seen, then 10 % each, held or not
        loop.spent = {n: 0.1 * second for n in flood} | {9: 0.02 * second}
        guard.look()
        if second == 1:
            assert sorted(n for n, _ in held) == list(flood)
            assert paces == {n: 0.3 / 8 for n in flood} | {9: 0.3}
    assert {n for n, _ in held} == set(flood)
    assert sorted(n for n, _, _ in ended) == list(flood)
    assert all("held back" in why for _, why, _ in ended)


def test_a_host_over_its_budget_holds_back_the_sessions_over_their_part():
    """Ten sessions from ten addresses, nine holding the loop 10 % of the
    time each (within the share one address may have), together 90 % of it:
    past the host's 80 %, the nine are held back, the quiet tenth is not."""
    loop = FakeLoop()
    limits = GuardLimits(interval=1.0, window=2.0, share=0.3, host_share=0.8, strikes=3)
    addresses = {n: f"192.0.2.{n}" for n in range(1, 11)}
    guard, held, ended = guard_of(loop, dict.fromkeys(addresses, "app"), limits, addresses)
    for second in range(3):
        loop.spent = {n: 0.1 * second for n in range(1, 10)} | {10: 0.005 * second}
        guard.look()
    assert {n for n, _ in held} == set(range(1, 10))
    assert not ended  # they were held back for one look only so far


def test_a_player_holding_keys_down_in_several_sessions_is_slowed_never_ended():
    """Three sessions from one address, each busy only while not held back."""
    loop = FakeLoop()
    limits = GuardLimits(interval=1.0, window=2.0, share=0.3, hold=1.0, strikes=3)
    addresses = dict.fromkeys((1, 2, 3), "203.0.113.7")
    guard, held, ended = guard_of(loop, dict.fromkeys(addresses, "player"), limits, addresses)
    spent = dict.fromkeys(addresses, 0.0)
    for _ in range(30):
        loop.spent = dict(spent)
        guard.look()
        for n in spent:
            if not guard.usage[n].held:
                spent[n] += 0.2  # within the share alone, over it together
    assert held and not ended


def test_a_host_past_its_memory_ends_its_heaviest_session_once():
    memory = [100 * MiB]
    apps = {1: [0] * 10, 2: [0] * 100_000, 3: [0] * 1000}
    ended: list[int] = []
    limits = GuardLimits(memory_base=64 * MiB, memory_per_session=16 * MiB)
    guard = Guard(
        FakeLoop(),
        lambda: apps,
        lambda n, s: None,  # type: ignore[arg-type]
        lambda n, why, farewell: ended.append(n) or (farewell == MEMORY_FAREWELL),
        limits,
        memory=lambda: memory[0],
    )
    memory[0] += 100 * MiB  # within 64 + 3 × 16
    guard.look()
    assert ended == []
    memory[0] += 20 * MiB  # past it
    guard.look()
    assert ended == [2]
    for _ in range(10):  # its memory stays in the process: no second victim for it
        guard.look()
    assert ended == [2]


def test_weigh_counts_what_an_app_holds_not_the_classes_it_shares():
    small, big = {"a": [1, 2]}, {"a": list(range(100_000))}
    assert weigh(big) > 50 * weigh(small)
    assert weigh(App) < 1000  # a class is everyone's


HOST = """
import asyncio, socket, sys, time
import pytest
from textual.app import App
from textual.widgets import Static
from whitechapel.gateway.guard import GuardLimits, MeteredLoop
from whitechapel.gateway.sessionhost import Host

class Hog(App):
    # An app that holds the loop 60 ms of every 80.
    def compose(self):
        yield Static("hogging")

    def on_mount(self):
        self.set_interval(0.02, self.hog)

    def hog(self):
        end = time.perf_counter() + 0.06
        while time.perf_counter() < end:
            pass

limits = GuardLimits(interval=0.25, window=1.0, share=0.3, hold=0.25, strikes=4)
host = Host(socket.socket(fileno=int(sys.argv[1])), make_app=lambda env: Hog(), limits=limits)
with asyncio.Runner(loop_factory=MeteredLoop) as runner:
    runner.run(host.serve())
"""


async def test_a_hog_in_a_real_host_is_ended_with_a_sentence_on_its_terminal():
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    master, tty = pty.openpty()
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    process = subprocess.Popen(
        [sys.executable, "-c", HOST, str(theirs.fileno())], pass_fds=[theirs.fileno()], env=env
    )
    theirs.close()
    try:
        socket.send_fds(ours, [json.dumps({"id": 7, "env": {}}).encode()], [tty])
        os.close(tty)
        os.set_blocking(master, False)
        shown = b""

        def farewell() -> bool:
            nonlocal shown
            with contextlib.suppress(OSError):
                shown += os.read(master, 65536)
            return b"this session was ended" in shown

        await until(
            farewell,
            what="the farewell on the terminal",
            timeout=30,
            shown=lambda: repr(shown[-300:]),
        )
        ours.setblocking(False)
        report: dict = {}

        def reported() -> bool:
            nonlocal report
            try:
                report = json.loads(ours.recv(65536))
            except BlockingIOError:
                return False
            return True

        await until(reported, what="the host's report", timeout=10)
        assert report["exit"] == 7 and report["status"] != 0
        assert "event loop" in report["why"]
    finally:
        ours.close()  # the host ends when the gateway's end closes
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        os.close(master)
