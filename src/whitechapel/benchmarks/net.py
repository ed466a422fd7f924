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
import json
import math
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from whitechapel.benchmarks.base import Benchmark

SERVER = """
import sys
from whitechapel.net.server import Limits, run_server

limits = Limits(per_address=64, rooms_per_address=64)  # 50 clients share one address
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


def duel_p95(budget: float) -> float:
    """p95 of act -> resulting state, ms, 50 clients in 25 duels at once."""
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder)
        try:
            latencies = asyncio.run(_play(port, max(budget, 2.0)))
        finally:
            server.send_signal(signal.SIGINT)  # Ctrl-C: the server closes cleanly
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    latencies.sort()
    return 1000 * latencies[min(len(latencies) - 1, math.ceil(0.95 * len(latencies)) - 1)]


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


async def _trial(port: int, rooms: list[dict], rng: random.Random, kill: Callable[[], None],
                 only_create: bool) -> None:  # fmt: skip
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
            r = {"room": created["room"], "tokens": {"jack": created["token"]}, "acked": 0,
                 "done": False}  # fmt: skip
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
    ),
]
