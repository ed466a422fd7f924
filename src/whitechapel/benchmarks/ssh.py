"""The SSH gateway's speed and weight (issue: play over the network and SSH).

A game server and its SSH gateway run in this process on 127.0.0.1; an
asyncssh client logs in with a password, asks for a terminal (100×30) and
reads what the session shows until the lobby's title appears.

- Connection to first lobby screen: from opening the TCP connection (SSH
  handshake and login included) to the lobby's first frame, median of a few
  sessions, in seconds.
- Memory per SSH session: what one more session costs.  Sessions are
  opened one after another (from distinct loopback addresses) and kept,
  each opening a Pocket duel from the lobby; after each, the private memory
  (Private_Clean + Private_Dirty in /proc/PID/smaps_rollup) of everything
  the gateway runs for its sessions is summed: the session hosts, not the
  fork server, which is there before the first session.  The figure is the growth per session once the
  hosts are started (a host per CPU: the first sessions each start one):
  (total with N sessions - total with H) / (N - H), N = 6 (`--quick`: 4).
  `LAST` keeps the first session's cost and the total.  (The gateway's own
  share per session, a few channel buffers, is left out.)
- 20 logins at once (`ssh.login20`): 20 clients from distinct loopback
  addresses (127.0.0.2, .3, ...) start at the same instant; connection to
  first lobby screen, p95 (nearest rank), seconds.  `--quick`: 5 clients.
- 100 sessions at once (`ssh.sessions100`): 100 such clients, all started
  together; how many reach the lobby within 120 s.  `--quick`: 10.
- Memory after a burst (`ssh.burst_memory`, from the same run): the Pss
  (/proc/PID/smaps_rollup) of the gateway's process tree (the gateway, its
  fork server, its session hosts) once the 100 sessions have closed, read
  every second until it is back within 50 MiB or 60 s have passed, minus
  the same before the first session; MiB.
- A neighbour beside flooders (`ssh.neighbour`, `ssh.neighbour8`): a
  player from one address types into the lobby's room-code field, a letter
  every 0.1 s, while 1 (or 8) hostile sessions from another address on the
  same session host ask for everything they should not as fast as they are
  let (`_hostile`); p95 of its key to echo, ms.  `ssh.neighbour8` goes on
  typing for 5 s after the 8 have hung up, and counts those letters too.

For these the game server and its gateway run in a child process (so
that the clients' own SSH work does not share their event loop), started
with `Limits(per_address=...)` large enough: every session's app connects
to the game server from 127.0.0.1, which the default limit (8 connections
per address) would refuse.  The gateway's door has room for all the
sessions at once (and, for `ssh.neighbour8`, for 10 from one address).  The gateway runs the sessions' apps in session
hosts (gateway/sessionhost.py).  `LAST` keeps the
median, the largest time, and the private memory of the processes the
sessions run in (how many, in all, per session) of the last such run.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from whitechapel.benchmarks.base import Benchmark, p95, steady

ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
PASSWORD = "bench-221b"
LAST: dict[str, float] = {}


async def _connect(port: int, user: str, source: str, **options: Any) -> Any:
    """A bench client's SSH connection to the gateway on loopback, from its own
    `source` address (each its own peer to the gateway's per-address limits),
    logged in with the bench's password."""
    import asyncssh

    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=user,
        password=PASSWORD,
        known_hosts=None,
        client_keys=None,
        preferred_auth="password",
        local_addr=(source, 0),
        **options,
    )


async def _sessions(count: int) -> tuple[list[float], list[float]]:
    """`count` sessions opened one after the other and kept: seconds from
    connecting to each one's first lobby frame, and after each (once it has
    opened a Pocket duel and settled) the private memory of everything the
    gateway runs for its sessions (session hosts or app processes; not the
    fork server, which is there before any session), MiB."""

    from whitechapel.gateway.ssh import Access, Gateway
    from whitechapel.net.server import GameServer, Limits

    times: list[float] = []
    memory: list[float] = []
    conns = []
    with tempfile.TemporaryDirectory() as folder:
        game = GameServer(Path(folder), limits=Limits(per_address=count + 10))
        host, port = await game.start("127.0.0.1", 0)
        gateway = Gateway(host, port, key_folder=Path(folder) / "ssh", access=Access(PASSWORD))
        ssh_port = await gateway.start("127.0.0.1", 0)
        base = _descendants(os.getpid())  # the fork server, if any
        try:
            for k in range(count):
                start = time.perf_counter()
                conn = await _connect(ssh_port, f"bench{k}", f"127.0.0.{k + 2}")
                conns.append(conn)
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
                # settled: what a session holds while it plays
                memory.append(await steady(lambda: _hosts_mib(base)))
        finally:
            for conn in conns:
                conn.close()
            await gateway.close()
            await game.close()
    return times, memory


def _hosts_mib(base: set[int]) -> float:
    """The private memory of this process's children but `base`, MiB."""
    return sum(
        _memory_mib(pid)[0]
        for pid in _descendants(os.getpid()) - base
        if Path(f"/proc/{pid}/smaps_rollup").exists()
    )


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
    count = 6 if budget >= 2 else 4
    times, memory = asyncio.run(_sessions(count))
    hosts = min(os.cpu_count() or 1, count - 1)
    LAST["first_screen_s"] = statistics.median(times)
    LAST["memory_mib"] = (memory[-1] - memory[hosts - 1]) / (count - hosts)
    LAST["memory_first_mib"] = memory[0]
    LAST["memory_total_mib"] = memory[-1]


def first_lobby_screen(budget: float) -> float:
    _run(budget)
    return LAST["first_screen_s"]


def memory_per_session(budget: float) -> float:
    if "memory_mib" not in LAST:
        _run(budget)
    return LAST["memory_mib"]


_SERVE = """
import asyncio, dataclasses, inspect, sys
from pathlib import Path
from whitechapel.net.server import GameServer, Limits
from whitechapel.gateway.ssh import Access, Gateway

def door(per_address, sessions):
    # Room for `sessions` at once, and `per_address` from one address: `door=`
    # where the gateway takes DoorLimits, else `per_address=`.
    if "door" not in inspect.signature(Gateway).parameters:
        return {"per_address": per_address} if per_address else {}
    from whitechapel.net import admission
    limits = admission.SSH
    changes = {"pending": max(limits.pending, sessions), "live": max(limits.live, sessions)}
    if per_address:
        changes.update(live_per_address=per_address, pending_per_address=per_address)
    return {"door": dataclasses.replace(limits, **changes)}

async def main():
    folder, password, sessions = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    hosts = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4] != "0" else None
    per_address = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    game = GameServer(folder, limits=Limits(per_address=sessions + 10))
    host, port = await game.start("127.0.0.1", 0)
    gateway = Gateway(
        host, port, key_folder=folder / "ssh", access=Access(password), min_hosts=hosts,
        **door(per_address, sessions),
    )
    print(await gateway.start("127.0.0.1", 0), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until told
    await gateway.close()
    await game.close()

asyncio.run(main())
"""


def _serve(
    folder: str, sessions: int, hosts: int = 0, per_address: int = 0
) -> subprocess.Popen[str]:
    """A game server and its SSH gateway in a child process: `sessions`
    apps may reach the game server, `hosts` session hosts at least (0: one
    per CPU), `per_address` connections from one address (0: the default).
    Its first line is the gateway's port; closing its stdin stops it."""
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            _SERVE,
            folder,
            PASSWORD,
            str(sessions),
            str(hosts),
            str(per_address),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


async def _port(server: subprocess.Popen[str]) -> int:
    assert server.stdout is not None and server.stdin is not None  # PIPEs
    return int(await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 120))


def _stop(server: subprocess.Popen[str]) -> None:
    """Tell the child serving the gateway to stop (its stdin closes), and wait."""
    with contextlib.suppress(OSError):
        server.stdin.close()  # type: ignore[union-attr]
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def _descendants(pid: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rpartition(")")[2].split()[1]
                )
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


async def _one_login(port: int, k: int, start_at: float) -> tuple[float | None, object]:
    """One client from 127.0.0.(k+2): seconds from connecting to the lobby's
    first frame (None if it did not get there), and its connection."""
    import asyncssh

    await asyncio.sleep(max(0.0, start_at - time.perf_counter()))
    start = time.perf_counter()
    conn = None
    try:
        conn = await _connect(port, f"bench{k}", f"127.0.0.{k + 2}", login_timeout=120)
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        seen = b""
        while b"lobby of" not in ANSI.sub(b"", seen):
            chunk = await process.stdout.read(65536)
            if not chunk:
                return None, conn
            seen += chunk
        return time.perf_counter() - start, conn
    except (OSError, asyncssh.Error):
        return None, conn


async def _together(count: int, deadline: float = 120.0, settle: float = 0.0) -> dict[str, float]:
    """`count` clients at once against a gateway in a child process; with
    `settle`, once they have all hung up, how far the memory of the
    gateway's process tree comes back within that many seconds."""
    with tempfile.TemporaryDirectory() as folder:
        server = _serve(folder, count)
        conns: list[object] = []
        try:
            port = await _port(server)
            base = _descendants(server.pid)  # the fork server, if any
            before = _tree_mib(server.pid)
            start_at = time.perf_counter() + 0.2
            tasks = [asyncio.ensure_future(_one_login(port, k, start_at)) for k in range(count)]
            done, pending = await asyncio.wait(tasks, timeout=deadline)
            for task in pending:
                task.cancel()
            results = [t.result() for t in done if not t.cancelled()]
            conns = [conn for _, conn in results if conn is not None]
            times = sorted(t for t, _ in results if t is not None)
            await asyncio.sleep(1.0)  # the lobbies settle
            memory = [
                _memory_mib(pid)[0]
                for pid in _descendants(server.pid) - base
                if Path(f"/proc/{pid}/smaps_rollup").exists()
            ]
            during = _tree_mib(server.pid)
            for conn in conns:
                conn.close()  # type: ignore[attr-defined]
            conns = []
            after, took = during, 0.0
            if settle:
                after, took = await _settled(server.pid, before + BURST_ALLOWANCE, settle)
        finally:
            for conn in conns:
                conn.close()  # type: ignore[attr-defined]
            _stop(server)
    return {
        "count": count,
        "reached": len(times),
        "p95_s": p95(times),
        "median_s": statistics.median(times) if times else math.inf,
        "max_s": times[-1] if times else math.inf,
        "app_side_processes": len(memory),
        "app_side_private_mib": sum(memory),
        "app_side_private_per_session_mib": sum(memory) / max(1, len(times)),
        "tree_before_mib": before,
        "tree_during_mib": during,
        "tree_after_mib": after,
        "tree_after_s": took,
    }


BURST_ALLOWANCE = 50.0  # MiB the process tree may keep after a burst of sessions (the target)
BURST_SETTLE = 60.0  # seconds it has to get there once the sessions have closed


def _pss_mib(pid: int) -> float:
    """A process's proportional share of memory (Pss: its private pages,
    and its share of those it shares), MiB; 0 once it is gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0.0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _tree_mib(pid: int) -> float:
    """The memory of process `pid` and every process below it (the gateway,
    its fork server and its session hosts), MiB of Pss: what they hold
    together, shared pages counted once."""
    return sum(_pss_mib(p) for p in {pid} | _descendants(pid))


async def _settled(pid: int, target: float, seconds: float) -> tuple[float, float]:
    """Look at the process tree's memory every second until it is at most
    `target` MiB or `seconds` have passed: the last figure, and when it was
    read (seconds from the first look)."""
    start = time.perf_counter()
    while True:
        now = _tree_mib(pid)
        took = time.perf_counter() - start
        if now <= target or took >= seconds:
            return now, took
        await asyncio.sleep(1.0)


def login20(budget: float) -> float:
    figures = asyncio.run(_together(20 if budget >= 2 else 5))
    LAST.update({f"login20.{k}": v for k, v in figures.items()})
    return figures["p95_s"] if figures["reached"] == figures["count"] else math.inf


def sessions100(budget: float) -> float:
    figures = asyncio.run(_together(100 if budget >= 2 else 10, settle=BURST_SETTLE))
    LAST.update({f"sessions100.{k}": v for k, v in figures.items()})
    return figures["reached"] * 100 / figures["count"]


def burst_memory(budget: float) -> float:
    """`ssh.burst_memory`: the process tree's memory once the 100 sessions
    of `ssh.sessions100` have closed (+ up to 60 s), above what it was
    before them, MiB."""
    if "sessions100.tree_after_mib" not in LAST:
        sessions100(budget)
    return LAST["sessions100.tree_after_mib"] - LAST["sessions100.tree_before_mib"]


async def _hostile(port: int, stop: asyncio.Event, source: str = "127.0.0.3") -> None:
    """A session that asks for everything it should not, as fast as it is
    let: a 40000×40000 terminal, window changes as often as the gateway
    takes them (nonsense sizes among them), keys, clicks and paste markers
    as fast as the channel takes them, never a byte of its output read (an
    8 KiB window); closed, it logs in again."""
    import asyncssh

    sizes = [(65536, 65536), (0, 0), (2**32 - 1, 24), (500, 200), (120, 40), (40000, 40000)]
    junk = b"jqwe\x1b[A\x1b[B\x1b[<0;30;10M\x1b[<0;30;10m\x1b[200~abc" * 8
    while not stop.is_set():
        with contextlib.suppress(OSError, asyncssh.Error):
            async with await _connect(port, "mallory", source, window=8192) as conn:
                process = await conn.create_process(
                    term_type="xterm", term_size=(40000, 40000), encoding=None
                )
                k = 0
                while not stop.is_set() and not process.is_closing():
                    process.change_terminal_size(*sizes[k % len(sizes)])
                    process.stdin.write(junk)
                    k += 1
                    await asyncio.sleep(0.06)  # within the channel requests' rate
        if not stop.is_set():
            await asyncio.sleep(0.1)  # refused: again, soon


ECHO_TIMEOUT = 30.0  # a letter not shown by then counts as this long a wait
PLACEHOLDER = b"K7QX K7Q4XM"  # what the empty room-code field shows


async def _echo(process: Any, typed: str) -> float:
    """Seconds until what the neighbour typed shows (its last letter sent now)."""
    seen, start = b"", time.perf_counter()
    process.stdin.write(typed[-1].encode())
    while typed not in ANSI.sub(b"", seen).decode(errors="replace"):
        left = ECHO_TIMEOUT - (time.perf_counter() - start)
        try:
            seen += await asyncio.wait_for(process.stdout.read(65536), max(0.0, left))
        except TimeoutError:
            return ECHO_TIMEOUT
    return time.perf_counter() - start


async def _cleared(process: Any) -> None:
    """Empty the room-code field (ctrl+u) and wait until it shows so: the
    key's action runs once it has gone up to the app, and a letter typed
    meanwhile could land in the field before it is emptied."""
    seen = b""
    process.stdin.write(b"\x15")
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(ECHO_TIMEOUT):
            while PLACEHOLDER not in ANSI.sub(b"", seen):
                seen += await process.stdout.read(65536)


async def _type(process: Any, seconds: float, waits: list[float]) -> None:
    """The neighbour types into the lobby's room-code field for `seconds`,
    a letter every 0.1 s, each one's wait for its echo added to `waits`."""
    typed, end = "", time.perf_counter() + seconds
    while time.perf_counter() < end:
        if len(typed) >= 8:
            await _cleared(process)
            typed = ""
        typed += "QWERTYUPADFGHKXCVNM"[len(waits) % 19]
        waits.append(await _echo(process, typed))
        await asyncio.sleep(0.1)


async def _neighbour_waits(
    seconds: float, flooders: int = 1, after: float = 0.0
) -> tuple[list[float], list[float]]:
    """Seconds from each letter a neighbour (127.0.0.2) types to its echo
    while `flooders` hostile sessions from one other address (127.0.0.3)
    run on the same host, and for `after` seconds once they have hung up."""
    with tempfile.TemporaryDirectory() as folder:
        per_address = flooders + 2 if flooders > 1 else 0
        server = _serve(folder, 4 + flooders, hosts=1, per_address=per_address)
        stop = asyncio.Event()
        waits: list[float] = []
        later: list[float] = []
        attack: asyncio.Future[Any] | None = None
        try:
            port = await _port(server)
            conn = await _connect(port, "ann", "127.0.0.2")
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None
            )
            seen = b""
            while b"Connected." not in ANSI.sub(b"", seen):
                seen += await asyncio.wait_for(process.stdout.read(65536), 30)
            process.stdin.write(b"j")
            await asyncio.sleep(0.5)
            attack = asyncio.gather(*(_hostile(port, stop) for _ in range(flooders)))
            await asyncio.sleep(1.0 + 0.5 * flooders)  # the attack under way
            await _type(process, seconds, waits)
            stop.set()
            await attack
            await _type(process, after, later)
            conn.close()
        finally:
            stop.set()
            if attack is not None:
                with contextlib.suppress(Exception):
                    await attack
            _stop(server)
    return waits, later


def neighbour_latency(budget: float) -> float:
    """`ssh.neighbour`: p95 of a neighbour's key → echo, ms, beside a hostile session."""
    waits, _ = asyncio.run(_neighbour_waits(10.0 if budget >= 2 else 3.0))
    LAST["neighbour.keys"] = len(waits)
    LAST["neighbour.max_ms"] = max(waits) * 1000 if waits else math.inf
    return p95(waits) * 1000


def neighbour_flood(budget: float) -> float:
    """`ssh.neighbour8`: p95 of a neighbour's key → echo, ms, beside 8
    hostile sessions from one address, and for 5 s after they hang up (2 s
    with --quick)."""
    seconds, after = (15.0, 5.0) if budget >= 2 else (3.0, 2.0)
    waits, later = asyncio.run(_neighbour_waits(seconds, flooders=8, after=after))
    LAST["neighbour8.keys"] = len(waits) + len(later)
    LAST["neighbour8.p95_during_ms"] = p95(waits) * 1000
    LAST["neighbour8.max_during_ms"] = max(waits, default=math.inf) * 1000
    LAST["neighbour8.max_after_ms"] = max(later, default=math.inf) * 1000
    return p95(waits + later) * 1000


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
        "SSH: memory per additional session (private)",
        "MiB",
        15.0,
        False,
        memory_per_session,
        clock="none",
    ),
    Benchmark(
        "ssh.login20",
        "SSH: 20 logins at once, to lobby (p95)",
        "s",
        2.0,
        False,
        login20,
    ),
    Benchmark(
        "ssh.neighbour",
        "SSH: neighbour's key to echo while a hostile session runs on its host (p95)",
        "ms",
        100.0,
        False,
        neighbour_latency,
    ),
    Benchmark(
        "ssh.neighbour8",
        "SSH: neighbour's key to echo beside 8 flooders from one address (p95)",
        "ms",
        100.0,
        False,
        neighbour_flood,
    ),
    Benchmark(
        "ssh.sessions100",
        "SSH: 100 sessions at once, reaching lobby",
        "%",
        100.0,
        True,
        sessions100,
    ),
    Benchmark(
        "ssh.burst_memory",
        "SSH: memory after 100 sessions closed (+60 s), above before",
        "MiB",
        BURST_ALLOWANCE,
        False,
        burst_memory,
        clock="none",
    ),
]
