"""The web gateway's speed and weight (issue 31), in headless chromium.

A game server and its web gateway run in a child process on 127.0.0.1
(so that the browser's driver does not share their event loop), with the
caps raised to the sessions opened; Debian's chromium (driven by
Playwright, `benchmarks/browser.py`) opens `SESSIONS` pages, one after
another, each in a browser context of its own (its own login), at
1280×800.

- Page to lobby (`web.first_screen`): a logged-in browser opens the page;
  seconds until the lobby says "Connected." on its terminal (the page, its
  scripts, the websocket, the app started in a session host, the lobby
  joined to the game server), median over the sessions.
- Memory per browser session (`web.memory`): after each page has opened a
  Pocket duel and settled, the private memory (Private_Clean +
  Private_Dirty) of the web gateway's process and of its session hosts
  (not the fork server, there before the first session) is summed; the
  figure is its growth per session once the hosts are started (one per
  CPU: the first sessions each start one): (total with N - total with H) /
  (N - H), N = 10 (`--quick`: 4).
- Key to screen with 10 sessions (`web.key_p95`): every page goes back to
  the lobby and, all at once, types letters into its room-code field, a
  letter every 0.15 s; from the browser's keydown to the terminal having
  parsed the frame that shows it (measured in the page, xterm.js's
  `onWriteParsed`), p95 in ms.
- Login under a flood of half-open connections (`web.login_flooded`): the
  gateway as `whitechapel web` runs it (the default door) in a child
  process; 127.0.0.2 opens 1,000 connections, each sending half a
  request's headers and then nothing, and holds them; meanwhile, from
  127.0.0.3, seconds from a login's POST to the game page served with its
  cookie (wall clock; no browser).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from whitechapel.benchmarks.base import Benchmark, p95, steady

PASSWORD = "bench-221b"
SESSIONS = 10
LAST: dict[str, float] = {}

_SERVE = """
import asyncio, sys
from pathlib import Path
from dataclasses import replace
from whitechapel.net import admission
from whitechapel.net.server import GameServer, Limits, gateway_socket_path
from whitechapel.web.server import Web

async def main():
    folder, password, sessions = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    game = GameServer(folder, limits=Limits(per_address=sessions + 10),
                      gateway_socket=gateway_socket_path(folder))
    host, port = await game.start("127.0.0.1", 0)
    # Every browser is on 127.0.0.1: its caps per address as high as the bench needs.
    door = replace(admission.WEB, live=sessions + 10, live_per_address=sessions + 10,
                   pending_per_address=admission.WEB.pending, login_burst=4 * sessions + 10)
    web = Web(host, port, data=folder, password=password, door=door)
    print(await web.start("127.0.0.1", 0), web.hosts.forks.pid, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until told
    await web.close()
    await game.close()

asyncio.run(main())
"""

# In the page: each keydown's time, and the time the terminal has parsed a
# frame showing what is expected (`__wcExpect`), handed to `wcShown` (ms).
_MEASURE = """() => {
  const t = window.__wcTerminal;
  window.__wcKeyAt = 0; window.__wcExpect = "";
  document.addEventListener("keydown", () => { window.__wcKeyAt = performance.now(); }, true);
  t.onWriteParsed(() => {
    if (!window.__wcExpect) return;
    const buffer = t.buffer.active;
    for (let y = 0; y < t.rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y);
      if (line && line.translateToString(true).includes(window.__wcExpect)) {
        window.__wcExpect = "";
        window.wcShown(performance.now() - window.__wcKeyAt);
        return;
      }
    }
  });
}"""
LETTERS = "QWERTYUPADFGHKXCVNMZ"


def _private_mib(pid: int) -> float:
    from whitechapel.benchmarks.ssh import _memory_mib

    return _memory_mib(pid)[0] if Path(f"/proc/{pid}/smaps_rollup").exists() else 0.0


def _children(pid: int) -> set[int]:
    from whitechapel.benchmarks.ssh import _descendants

    return _descendants(pid)


async def _page(browser: Any, url: str, k: int) -> tuple[Any, float]:
    """A new browser context logged in as benchK; its page opened: the page
    and the seconds from opening it to the lobby, connected."""
    from whitechapel.benchmarks.browser import CATCH_TERMINAL, VIEWPORT, Player

    context = await browser.new_context(viewport=VIEWPORT)
    await context.request.post(
        f"{url}login",
        form={"name": f"bench{k}", "password": PASSWORD},
        headers={"Origin": url.rstrip("/")},
        max_redirects=0,
    )
    page = await context.new_page()
    await page.add_init_script(CATCH_TERMINAL)
    start = time.perf_counter()
    await page.goto(url)
    player = Player(page)
    await player.wait_for("Connected.", timeout=60)
    took = time.perf_counter() - start
    await page.click("#terminal")
    return player, took


async def _typing(player: Any, letters: int) -> list[float]:
    """Letters typed into the lobby's room-code field, one every 0.15 s:
    each one's keydown to the frame showing it, ms."""
    page = player.page
    waits: list[float] = []
    shown = asyncio.Event()

    def seen(ms: float) -> None:  # called by the page: no polling adds to its work
        waits.append(float(ms))
        shown.set()

    await page.expose_function("wcShown", seen)
    await page.evaluate(_MEASURE)
    typed = ""
    for k in range(letters):
        typed += LETTERS[k % len(LETTERS)]
        shown.clear()
        await page.evaluate(f"window.__wcExpect = {typed!r}")
        await page.keyboard.press(typed[-1])
        try:
            await asyncio.wait_for(shown.wait(), 20)
        except TimeoutError:
            raise TimeoutError(f"{typed!r} never showed:\n{await player.text()}") from None
        await asyncio.sleep(0.15)
    return waits


async def _measure(count: int, letters: int) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from whitechapel.benchmarks.browser import launch

    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-c", _SERVE, folder, PASSWORD, str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            line = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 120)
            port, forks = (int(word) for word in line.split())
            url = f"http://127.0.0.1:{port}/"

            def memory() -> float:  # the gateway and its session hosts, not the fork server
                return _private_mib(server.pid) + sum(_private_mib(p) for p in _children(forks))

            async with async_playwright() as playwright:
                browser = await launch(playwright)
                players, firsts, totals = [], [], []
                for k in range(count):
                    player, took = await _page(browser, url, k)
                    players.append(player)
                    firsts.append(took)
                    await player.keys("n")  # a new Pocket duel: its game screen up too
                    await player.wait_for("Action tokens", timeout=30)
                    # settled: what a session holds while it plays
                    totals.append(await steady(memory))
                for player in players:  # back to the lobby, into its room-code field
                    await player.keys("ctrl+l")
                    # the lobby's own line (its status says the seat held now)
                    await player.wait_for("Join a room by code:", timeout=30)
                    await player.keys("j")
                await asyncio.sleep(1.0)
                waits = await asyncio.gather(*(_typing(p, letters) for p in players))
                await browser.close()
        finally:
            _stop(server)
    hosts = min(os.cpu_count() or 1, count - 1)
    return {
        "first_screen_s": statistics.median(firsts),
        "first_screen_max_s": max(firsts),
        "memory_mib": (totals[-1] - totals[hosts - 1]) / (count - hosts),
        "memory_total_mib": totals[-1],
        "keys": sum(len(w) for w in waits),
        "key_p95_ms": p95([x for w in waits for x in w]),
        "key_max_ms": max((x for w in waits for x in w), default=math.inf),
    }


FLOOD = 1000  # half-open connections held by one address
_SERVE_DEFAULT = """
import asyncio, logging, sys
from pathlib import Path
from whitechapel.net.server import GameServer, gateway_socket_path
from whitechapel.web.server import Web

async def main():
    logging.basicConfig(level=logging.ERROR)  # not the refusals' summary
    folder, password = Path(sys.argv[1]), sys.argv[2]
    game = GameServer(folder, gateway_socket=gateway_socket_path(folder))
    host, port = await game.start("127.0.0.1", 0)
    web = Web(host, port, data=folder, password=password)
    print(await web.start("127.0.0.1", 0), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until told
    await web.close()
    await game.close()

asyncio.run(main())
"""


async def _flooded_login(port: int, connections: int) -> float:
    """`connections` half-open connections from 127.0.0.2, held; then the
    seconds from 127.0.0.3's login POST to its game page."""
    import aiohttp

    from whitechapel.web.gate import raise_file_limit

    raise_file_limit()
    url = f"http://127.0.0.1:{port}"
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for _ in range(connections):
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=("127.0.0.2", 0)
                )
            except OSError:  # refused by the kernel's queue: the flood is as big as it gets
                continue
            writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Waiting: ")
            held.append((reader, writer))
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.3", 0), force_close=True)
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(connector=connector, cookie_jar=jar) as visitor:
            start = time.perf_counter()
            login = await visitor.post(
                f"{url}/login",
                data={"name": "bench", "password": PASSWORD},
                headers={"Origin": url},
                allow_redirects=False,
            )
            page = await visitor.get(f"{url}/")
            text = await page.text()
            took = time.perf_counter() - start
        if login.status != 303 or "textual.js" not in text:
            raise RuntimeError(f"the login under the flood failed: {login.status}")
        return took
    finally:
        for _, writer in held:
            writer.close()


def flooded_login(budget: float) -> float:
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-c", _SERVE_DEFAULT, folder, PASSWORD],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            port = int(server.stdout.readline())
            return asyncio.run(_flooded_login(port, FLOOD))
        finally:
            _stop(server)


def _stop(server: subprocess.Popen[str]) -> None:
    """End a benchmark's server process: its stdin closed is its stop; killed if it lingers."""
    with contextlib.suppress(OSError):
        if server.stdin is not None:
            server.stdin.close()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def _run(budget: float) -> None:
    if "first_screen_s" in LAST:
        return
    quick = budget < 2
    LAST.update(asyncio.run(_measure(4 if quick else SESSIONS, 6 if quick else 16)))


def first_screen(budget: float) -> float:
    _run(budget)
    return LAST["first_screen_s"]


def memory_per_session(budget: float) -> float:
    _run(budget)
    return LAST["memory_mib"]


def key_p95(budget: float) -> float:
    _run(budget)
    return LAST["key_p95_ms"]


BENCHMARKS = [
    Benchmark(
        "web.first_screen",
        "Web: page to lobby, in chromium (median)",
        "s",
        3.0,
        False,
        first_screen,
    ),
    Benchmark(
        "web.key_p95",
        f"Web: key to screen with {SESSIONS} browser sessions (p95)",
        "ms",
        100.0,
        False,
        key_p95,
    ),
    Benchmark(
        "web.login_flooded",
        f"Web: login while one address holds {FLOOD:,} half-open connections",
        "s",
        1.0,
        False,
        flooded_login,
    ),
    Benchmark(
        "web.memory",
        "Web: memory per browser session (private)",
        "MiB",
        60.0,
        False,
        memory_per_session,
        clock="none",
    ),
]
