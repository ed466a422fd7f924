"""The SSH gateway's speed and weight (issue: play over the network and SSH).

A game server and its SSH gateway run in this process on 127.0.0.1; an
asyncssh client logs in with a password, asks for a terminal (100×30) and
reads what the session shows until the lobby's title appears.

- Connection to first lobby screen: from opening the TCP connection (SSH
  handshake and login included) to the lobby's first frame, median of a few
  sessions, in seconds.
- Memory per SSH session: what one more session costs, i.e. the private
  memory (Private_Clean + Private_Dirty in /proc/PID/smaps_rollup) of the
  app process the gateway started for it, once it has opened a Pocket duel
  from the lobby and settled; MiB, the largest of the sessions.  Its RSS
  also counts the Python binary and the libraries all sessions share (about
  12 MiB more); `LAST["rss_mib"]` keeps it.  (The gateway's own share per
  session, a few channel buffers, is left out.)
"""

from __future__ import annotations

import asyncio
import re
import statistics
import tempfile
import time
from pathlib import Path

from whitechapel.benchmarks.runner import Benchmark

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
PASSWORD = "bench-221b"
LAST: dict[str, float] = {}


async def _sessions(count: int) -> tuple[list[float], list[tuple[float, float]]]:
    import asyncssh

    from whitechapel.net.server import GameServer
    from whitechapel.net.ssh import Access, Gateway

    times: list[float] = []
    memory: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        game = GameServer(Path(folder))
        host, port = await game.start("127.0.0.1", 0)
        gateway = Gateway(host, port, key_folder=Path(folder) / "ssh", access=Access(PASSWORD))
        ssh_port = await gateway.start("127.0.0.1", 0)
        try:
            for k in range(count):
                start = time.perf_counter()
                conn = await asyncssh.connect(
                    "127.0.0.1", ssh_port, username=f"bench{k}", password=PASSWORD,
                    known_hosts=None, client_keys=None, preferred_auth="password",
                )  # fmt: skip
                process = await conn.create_process(
                    term_type="xterm-256color", term_size=(100, 30), encoding=None
                )
                seen = b""
                while b"lobby of" not in ANSI.sub(b"", seen):
                    seen += await asyncio.wait_for(process.stdout.read(65536), 30)
                times.append(time.perf_counter() - start)
                while b"Connected." not in ANSI.sub(b"", seen):  # the lobby reached the server
                    seen += await asyncio.wait_for(process.stdout.read(65536), 30)
                process.stdin.write(b"n")  # a new duel: the game screen is up too
                while b"Action tokens" not in ANSI.sub(b"", seen):
                    seen += await asyncio.wait_for(process.stdout.read(65536), 30)
                await asyncio.sleep(2.5)  # settled: what a session holds while it plays
                for pid in gateway.children:
                    memory.append(_memory_mib(pid))
                process.close()
                conn.close()
                await conn.wait_closed()
                while gateway.children:
                    await asyncio.sleep(0.05)
        finally:
            await gateway.close()
            await game.close()
    return times, memory


def _memory_mib(pid: int) -> tuple[float, float]:
    """(private, resident) memory of a process, MiB: what it alone holds
    (Private_Clean + Private_Dirty: the cost of one more session), and its
    RSS (which also counts the Python binary and libraries every session
    shares)."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, rest = line.partition(":")
        if rest.strip().endswith("kB"):
            fields[name] = int(rest.split()[0])
    private = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return private / 1024, fields.get("Rss", 0) / 1024


def _run(budget: float) -> None:
    times, memory = asyncio.run(_sessions(5 if budget >= 2 else 3))
    LAST["first_screen_s"] = statistics.median(times)
    LAST["memory_mib"] = max(m[0] for m in memory) if memory else 0.0
    LAST["rss_mib"] = max(m[1] for m in memory) if memory else 0.0


def first_lobby_screen(budget: float) -> float:
    _run(budget)
    return LAST["first_screen_s"]


def memory_per_session(budget: float) -> float:
    if "memory_mib" not in LAST:
        _run(budget)
    return LAST["memory_mib"]


BENCHMARKS = [
    Benchmark(
        "ssh.first_screen",
        "SSH: connection to first lobby screen",
        "s",
        1.5,
        False,
        first_lobby_screen,
    ),
    Benchmark(
        "ssh.memory",
        "SSH: memory per session (app's private memory)",
        "MiB",
        40.0,
        False,
        memory_per_session,
    ),
]
