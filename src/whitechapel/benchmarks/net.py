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
import math
import random
import signal
import subprocess
import sys
import tempfile
import time

from whitechapel.benchmarks.runner import Benchmark

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


def duel_p95(budget: float) -> float:
    """p95 of act -> resulting state, ms, 50 clients in 25 duels at once."""
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, folder],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            port = int(server.stdout.readline())  # type: ignore[union-attr]
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


BENCHMARKS = [
    Benchmark(
        "net.duel_p95",
        "Net: action to updated view, 50 clients in 25 duels, p95",
        "ms",
        50.0,
        False,
        duel_p95,
    ),
]
