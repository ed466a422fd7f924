"""The game server's speed (issue: the game server and its protocol).

Net duel latency: the server runs in a **subprocess** (`run_server` on
127.0.0.1, an ephemeral port, a temporary data folder, so every action is
written to its room file with fsync as in real use), with its default limits
except the per-address ones (`per_address`, `rooms_per_address`), raised
because all 50 clients come from one loopback address.  This process
runs 50 protocol clients (`net.client.Client`) in one event loop: 25 Pocket
duels played at once, each client choosing a random legal action from its
own view after a pause of 0-100 ms (a fast player; the default flood limit
of 20 messages a second would stop a bot that never pauses), and starting a
new duel when one ends.  For every `act`, the time from sending it to
receiving the resulting `state` at the same client, decoding included; each
duel's first two actions warm up and are not counted.  The figure is the
95th percentile, in milliseconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from whitechapel.benchmarks.base import Benchmark, p95

SERVER = """
import sys
from whitechapel.net.server import Limits, run_server

limits = Limits(per_address=64, pending_per_address=64, rooms_per_address=64)  # 50 clients share one address
run_server("127.0.0.1", 0, sys.argv[1], limits=limits,
           on_ready=lambda host, port: print(port, flush=True))
"""
DUELS = 25
WARM_UP = 2  # actions per duel not counted
PAUSE = 0.1  # seconds at most between a state and the next action


async def _duel(port: int, i: int, deadline: float, latencies: list[float]) -> None:
    from whitechapel.net.client import Client

    rng = random.Random(i)
    jack = await Client.connect("127.0.0.1", port, f"jack{i}")
    inv = await Client.connect("127.0.0.1", port, f"investigator{i}")
    clients = {"jack": jack, "investigator": inv}
    played = 0
    try:
        while time.perf_counter() < deadline:
            room = (await jack.create("pocket", clock=None))["room"]
            await jack.state(room)
            await inv.join(room, "investigator")
            states = {"jack": await jack.state(room), "investigator": await inv.state(room)}
            while "result" not in states["jack"] and time.perf_counter() < deadline:
                seat = states["jack"]["to_act"]
                other = "jack" if seat == "investigator" else "investigator"
                await asyncio.sleep(rng.uniform(0, PAUSE))
                action = rng.choice(states[seat]["view"]["legal"])
                start = time.perf_counter()
                await clients[seat].send({"type": "act", "room": room, "action": action})
                states[seat] = await clients[seat].state(room)
                if played >= WARM_UP:
                    latencies.append(time.perf_counter() - start)
                played += 1
                states[other] = await clients[other].state(room)
    finally:
        for client in clients.values():
            await client.close()


async def _play(port: int, seconds: float) -> list[float]:
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    await asyncio.gather(*(_duel(port, i, deadline, latencies) for i in range(DUELS)))
    return latencies


def start_server(folder: str) -> tuple[subprocess.Popen, int]:
    """`run_server` in a subprocess on 127.0.0.1 with its data in `folder`."""
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, folder],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    return server, int(server.stdout.readline())  # type: ignore[union-attr]


def stop_server(server: subprocess.Popen) -> None:
    """Ctrl-C (the server closes cleanly), killed if it takes over 10 s."""
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def duel_p95(budget: float) -> float:
    """p95 of act -> resulting state, ms, 50 clients in 25 duels at once."""
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder)
        try:
            latencies = asyncio.run(_play(port, max(budget, 2.0)))
        finally:
            stop_server(server)
    return 1000 * p95(latencies)


# -- kill -9 right after an acknowledged action -----------------------------------


def _actions(view: dict) -> int:
    """How many actions a Pocket view's log holds (witness calls are not actions)."""
    return sum(1 for entry in view.get("log", []) if "action" in entry)


async def _check(port: int, rooms: list[dict]) -> tuple[int, int]:
    """Every room acknowledged so far, after a restart: (actions lost, rooms lost).
    A finished room is looked for as its record."""
    from whitechapel.net.client import Client, ClientError

    lost_actions = lost_rooms = 0
    client = await Client.connect("127.0.0.1", port, "checker")
    try:
        for r in rooms:
            if r["done"]:
                continue
            try:
                await client.join(r["room"], token=r["tokens"]["jack"])
                got = _actions((await client.state(r["room"]))["view"])
                await client.send({"type": "leave", "room": r["room"]})
                await client.expect("left")
            except ClientError as e:
                if "is over" not in str(e):
                    lost_rooms += 1
                    lost_actions += r["acked"]
                    r["done"] = True
                    continue
                got = len(json.loads(await client.record(r["room"]))["actions"])
                r["done"] = True
            lost_actions += max(0, r["acked"] - got)
            r["acked"] = got
    finally:
        await client.close()
    return lost_actions, lost_rooms


async def _trial(
    port: int, rooms: list[dict], rng: random.Random, kill: Callable[[], None], only_create: bool
) -> None:
    """Create a room or play 1-3 actions in the newest one, and `kill` the
    server the moment the last acknowledgement (`created` or the actor's
    `state`) arrives."""
    from whitechapel.net.client import Client

    jack = await Client.connect("127.0.0.1", port, "jack")
    inv = await Client.connect("127.0.0.1", port, "investigator")
    try:
        live = [r for r in rooms if not r["done"] and "investigator" in r["tokens"]]
        if only_create or not live:
            created = await jack.create("pocket", clock=None)
            r = {
                "room": created["room"],
                "tokens": {"jack": created["token"]},
                "acked": 0,
                "done": False,
            }
            rooms.append(r)
            if only_create:
                return kill()
            await jack.state(r["room"])
            r["tokens"]["investigator"] = (await inv.join(r["room"]))["token"]
        else:
            r = live[-1]
            await jack.join(r["room"], token=r["tokens"]["jack"])
            await inv.join(r["room"], token=r["tokens"]["investigator"])
        clients = {"jack": jack, "investigator": inv}
        states = {seat: await c.state(r["room"]) for seat, c in clients.items()}
        for left in range(rng.randint(1, 3), 0, -1):
            seat = states["jack"]["to_act"]
            if seat is None:
                break
            action = rng.choice(states[seat]["view"]["legal"])
            await clients[seat].send({"type": "act", "room": r["room"], "action": action})
            states[seat] = await clients[seat].state(r["room"])
            r["acked"] = _actions(states[seat]["view"])  # acknowledged
            if left == 1:
                return kill()
            other = "jack" if seat == "investigator" else "investigator"
            states[other] = await clients[other].state(r["room"])
        kill()
    finally:
        await jack.close()
        await inv.close()


def kill9_lost(kills: int, seed: int = 0) -> tuple[int, int, int]:
    """Kill the server with SIGKILL `kills` times, each right after an
    acknowledged action or room, restarting it on the same data folder:
    returns (acknowledged actions, actions lost, rooms lost)."""
    rng = random.Random(seed)
    rooms: list[dict] = []
    lost_actions = lost_rooms = 0
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder)
        try:
            for i in range(kills):
                asyncio.run(_trial(port, rooms, rng, server.kill, only_create=i % 4 == 3))
                server.wait(timeout=10)
                server, port = start_server(folder)
                lost = asyncio.run(_check(port, rooms))
                lost_actions, lost_rooms = lost_actions + lost[0], lost_rooms + lost[1]
        finally:
            server.kill()
            server.wait()
    acked = sum(r["acked"] for r in rooms)
    return acked, lost_actions, lost_rooms


def kill9(budget: float) -> float:
    """Acknowledged actions and rooms lost over 25 kill -9s (10 when quick)."""
    _, actions, rooms = kill9_lost(25 if budget >= 1 else 10)
    return float(actions + rooms)


BENCHMARKS = [
    Benchmark(
        "net.duel_p95",
        "Net: action to updated view, 50 clients in 25 duels, p95",
        "ms",
        50.0,
        False,
        duel_p95,
    ),
    Benchmark(
        "net.kill9",
        "Net: acknowledged actions or rooms lost, 25 kill -9s",
        "lost",
        0.0,
        False,
        kill9,
        clock="none",
    ),
]


# -- net.flood: the duels again, during a flood ------------------------------------------

FLOODERS = 160  # each from its own loopback address, 127.0.0.2 ... 127.0.0.161
FLOOD_PAUSE = 0.5  # seconds a closed flooder waits before it comes back
MANY = 1000  # connections held at once at the end (the default max_connections)
RSS_BOUND = 512  # MiB: docs/hosting.md
FLOOD_CHUNK = b'{"type":"ping"}\n' * 1024  # 16 KiB of pings a write
_flood_runs: dict[float, dict[str, float]] = {}


def _peak_rss(pid: int) -> float:
    """The process's peak resident memory so far (VmHWM), MiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds(pid: int) -> float:
    """User and system time the process has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _pour(writer: asyncio.StreamWriter, until: float) -> None:
    """Pings as fast as the connection takes them, until it fails."""
    while time.perf_counter() < until:
        writer.write(FLOOD_CHUNK)
        await writer.drain()


async def _listen(reader: asyncio.StreamReader) -> None:
    """Read (and forget) until the server hangs up."""
    while await reader.read(65536):
        pass


async def _flooder(port: int, i: int, deadline: float, closes: list[float]) -> None:
    """Connect, say hello, pour pings until the server closes the connection
    (half of the flooders read what they are sent, half never do); note the
    time from the first ping to the close; come back after a pause."""
    reads = i % 2 == 0
    address = f"127.0.0.{i + 2}"
    while time.perf_counter() < deadline:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address, 0)
            )
        except OSError:
            await asyncio.sleep(FLOOD_PAUSE)
            continue
        # A small send buffer: the flood goes as fast as the server takes it,
        # without this process copying megabytes into the kernel for nothing.
        writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
        writer.write(b'{"type":"hello","protocol":"whitechapel/1","name":"flood"}\n')
        start = time.perf_counter()

        tasks = [asyncio.ensure_future(_pour(writer, deadline + 5))]
        if reads:
            tasks.append(asyncio.ensure_future(_listen(reader)))
        _, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        closes.append(time.perf_counter() - start)
        for task in pending:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        writer.transport.abort()
        await asyncio.sleep(FLOOD_PAUSE)


async def _many(port: int) -> tuple[int, int]:
    """Fill the server to `MANY` connections (8 from each of 125 addresses),
    then 20 more; returns (connections welcomed, refusals with the cap's
    sentence)."""
    from whitechapel.net.client import Client, ClientError

    async def one(k: int) -> Client | None:
        address = f"127.0.1.{k // 8 + 1}" if k < MANY else f"127.0.2.{k - MANY + 1}"
        try:
            return await Client.connect("127.0.0.1", port, f"m{k}", local_addr=(address, 0))
        except (ClientError, OSError, TimeoutError):
            return None

    held: list = []
    for first in range(0, MANY, 100):  # a hundred at a time
        held += await asyncio.gather(*(one(k) for k in range(first, first + 100)))
    refused = 0
    for k in range(MANY, MANY + 20):  # each refused at its hello: the live connections are full
        try:
            extra = await Client.connect(
                "127.0.0.1", port, f"m{k}", local_addr=(f"127.0.2.{k - MANY + 1}", 0)
            )
        except ClientError as e:
            refused += str(e).startswith("the server is full")
        except (OSError, TimeoutError):
            pass
        else:
            await extra.close()
    for client in held:
        if client is not None:
            await client.close()
    return sum(c is not None for c in held), refused


FLOODING = """
import asyncio, json, sys, time
from whitechapel.benchmarks.net import FLOODERS, _flooder

async def main(port, seconds):
    closes = []
    deadline = time.perf_counter() + seconds
    await asyncio.gather(*(_flooder(port, i, deadline, closes) for i in range(FLOODERS)))
    print(json.dumps(closes))

asyncio.run(main(int(sys.argv[1]), float(sys.argv[2])))
"""


async def _under_flood(port: int, seconds: float) -> tuple[list[float], list[float], int, int]:
    """The flooders in a process of their own (their own event loop does not
    delay the duels' clients), the duels here; then the many connections."""
    flooders = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        FLOODING,
        str(port),
        str(seconds),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
    )
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    await asyncio.gather(*(_duel(port, i, deadline, latencies) for i in range(DUELS)))
    out, _ = await flooders.communicate()
    closes = json.loads(out)
    welcomed, refused = await _many(port)
    return latencies, closes, welcomed, refused


def flood(budget: float) -> dict[str, float]:
    """Run the scenario once per budget: 25 duels (50 clients, as in
    net.duel_p95) play for 10 s (3 s with --quick) while 160 flooders from
    distinct loopback addresses pour pings and come back 0.5 s after each
    close; then 1,000 connections are held at once and 20 more refused.
    Figures: the longest time from a flooder's first ping to its close, the
    duels' p95, and the server's peak RSS (VmHWM of its process)."""
    if budget in _flood_runs:
        return _flood_runs[budget]
    seconds = 10.0 if budget >= 3 else 3.0
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder)
        try:
            idle = _peak_rss(server.pid)
            cpu = _cpu_seconds(server.pid)
            latencies, closes, welcomed, refused = asyncio.run(_under_flood(port, seconds))
            peak = _peak_rss(server.pid)
            cpu = _cpu_seconds(server.pid) - cpu
        finally:
            stop_server(server)
    duels_p95 = 1000 * p95(latencies)
    figures = {
        "close": max(closes),
        "p95": duels_p95,
        "rss": peak,
        "idle_rss": idle,
        "floods": len(closes),
        "actions": len(latencies),
        "welcomed": welcomed,
        "refused": refused,
    }
    print(
        f"  net.flood: {len(closes)} floods closed (median "
        f"{1000 * sorted(closes)[len(closes) // 2]:.0f} ms), {len(latencies)} duel actions, "
        f"{welcomed} of {MANY} connections held and {refused} of 20 past them refused; "
        f"server RSS {idle:.0f} MiB idle, {peak:.0f} MiB peak; server CPU {cpu:.1f} s "
        f"in {seconds:g} s and the connections after",
        file=sys.stderr,
        flush=True,
    )
    _flood_runs[budget] = figures
    return figures


BENCHMARKS += [
    Benchmark(
        "net.flood_close",
        "Net flood: 160 flooders, slowest closed after",
        "s",
        2.0,
        False,
        lambda budget: flood(budget)["close"],
    ),
    Benchmark(
        "net.flood_p95",
        "Net flood: duels' action to view meanwhile, p95",
        "ms",
        50.0,
        False,
        lambda budget: flood(budget)["p95"],
    ),
    Benchmark(
        "net.flood_rss",
        "Net flood: server's peak memory (RSS)",
        "MiB",
        float(RSS_BOUND),
        False,
        lambda budget: flood(budget)["rss"],
        clock="none",
    ),
]
