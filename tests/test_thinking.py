"""The computer's worker processes (`core/thinking.py`): they think at a
lower priority than the screen, stop at once when asked (a search under way
is not waited for), and a worker that died fails its calls in a sentence
and is replaced by the next call."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from whitechapel.core.thinking import NICE, WorkerGone, Workers


def running(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


@pytest.fixture
def workers():
    made = Workers()
    yield made
    made.shutdown()


def test_a_worker_thinks_at_a_lower_priority_than_its_host(workers):
    assert workers.call("game", abs, -3).result(timeout=60) == 3
    (pid,) = workers.pids()
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, ours + NICE)


def test_shutdown_stops_a_worker_in_the_middle_of_a_search(workers):
    thinking = workers.call("game", time.sleep, 3600)
    (pid,) = workers.pids()
    workers.shutdown()
    assert not running(pid)
    with pytest.raises(WorkerGone):
        thinking.result(timeout=60)
    assert workers.call("game", abs, -4).result(timeout=60) == 4  # started again


def test_a_worker_that_died_fails_its_call_and_the_next_call_starts_another(workers):
    thinking = workers.call("game", time.sleep, 3600)
    (pid,) = workers.pids()
    os.kill(pid, 9)
    with pytest.raises(WorkerGone, match="the computer's process ended"):
        thinking.result(timeout=60)
    assert workers.call("game", abs, -5).result(timeout=60) == 5
    assert workers.pids() != [pid]


def release(fifo: Path, timeout: float = 60.0) -> None:
    """Write to `fifo` once its reader has opened it (a safety net of
    `timeout` seconds: a worker that never reads fails the test, not hangs it)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # ENXIO: nobody reads it yet
            assert time.monotonic() < deadline, f"nobody opened {fifo} in {timeout:g} s"
            time.sleep(0.01)
            continue
        os.write(fd, b"go")
        os.close(fd)
        return


def test_a_cancelled_call_is_dropped_and_the_worker_goes_on(workers, tmp_path):
    gate = tmp_path / "gate"
    os.mkfifo(gate)  # the worker's call reads it: it ends when the test writes
    first = workers.call("game", Path.read_text, gate)
    assert first.cancel()  # still under way however slow the machine: nothing was written
    release(gate)
    assert workers.call("game", abs, -6).result(timeout=60) == 6
    assert first.cancelled()


def test_a_pipe_closed_under_a_read_ends_the_reader_quietly(workers):
    """RH (Pocket round 31): quitting while the computer thought printed
    "Exception in thread thinker-answers … TypeError: 'NoneType' object
    cannot be interpreted as an integer" (the pipe closed under the
    reader's read).  The reader takes it as the worker gone: its calls fail
    in a sentence, and no thread dies with a traceback."""
    import threading

    from whitechapel.core import thinking

    thinking_call = workers.call("game", time.sleep, 3600)
    worker = workers.worker("game")

    class Closed:
        def recv(self):
            raise TypeError("'NoneType' object cannot be interpreted as an integer")

    died: list[BaseException] = []
    hook, threading.excepthook = threading.excepthook, lambda a: died.append(a.exc_value)
    try:
        real, worker.conn = worker.conn, Closed()
        reader = threading.Thread(target=worker._read)
        reader.start()
        reader.join(60)
    finally:
        threading.excepthook = hook
        worker.conn = real
    assert not died, died
    assert worker.gone
    with pytest.raises(thinking.WorkerGone, match="the computer's process ended"):
        thinking_call.result(timeout=60)
