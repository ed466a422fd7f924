"""A headless browser on the web gateway (`whitechapel web`), for its
benchmarks and its tests: Debian's chromium driven by Playwright, pages
logged in, their terminal's text read, keys pressed.

Playwright's own browser builds are never downloaded: `launch` starts the
system's chromium (`apt-get install chromium`), headless, each launch with
a fresh profile (Playwright's temporary one) and nothing that would reach
another host.  The terminal (xterm.js in textual-serve's page) draws on a
canvas, so its text is not in the page's DOM: an init script catches the
terminal object as textual.js makes it (`window.__wcTerminal`), and `text`
reads its rows -- what a player sees, cell by cell.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 800}
NO_CHROMIUM = (
    "Debian's chromium is not installed (apt-get install -y chromium; .ci/run "
    "installs it): the web gateway's browser tests and benchmarks need it"
)

# xterm.js's public Terminal object is the one that sets `_addonManager`:
# caught there, kept where the page's scripts (and this module) find it.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "_addonManager", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_addonManager", {value, writable: true, configurable: true});
    window.__wcTerminal = this;
  },
});
"""
READ_TERMINAL = """() => {
  const t = window.__wcTerminal;
  if (!t) return "";
  const buffer = t.buffer.active, rows = [];
  for (let y = 0; y < t.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
KEYS = {
    "enter": "Enter",
    "escape": "Escape",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "left": "ArrowLeft",
    "right": "ArrowRight",
    "tab": "Tab",
    "backspace": "Backspace",
    "end": "End",
}


def chromium() -> str | None:
    """The system's chromium, if installed."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


async def launch(playwright: Any) -> Any:
    """Headless chromium (the system's; RuntimeError naming the install if
    there is none)."""
    path = chromium()
    if path is None:
        raise RuntimeError(NO_CHROMIUM)
    return await playwright.chromium.launch(executable_path=path, headless=True, args=FLAGS)


CLEAR_FIELD = 24  # backspaces that empty the room-code field (its max_length), whatever it holds


class Player:
    """One browser context (its own cookies: its own login) and its page."""

    def __init__(self, page: Any) -> None:
        self.page = page

    @classmethod
    async def open(
        cls,
        browser: Any,
        url: str,
        name: str,
        password: str | None = None,
        viewport: dict[str, int] | None = None,
        click: bool = True,
    ) -> Player:
        """Log in as `name` and wait for the lobby (connected); `click`: then
        click on the terminal, as a player might."""
        context = await browser.new_context(viewport=viewport or VIEWPORT)
        page = await context.new_page()
        await page.add_init_script(CATCH_TERMINAL)
        await page.goto(url)
        await page.fill("input[name=name]", name)
        if password is not None:
            await page.fill("input[name=password]", password)
        await page.click("button[type=submit]")
        player = cls(page)
        await player.wait_for("Connected.")
        if click:
            await page.click("#terminal")
        return player

    async def text(self) -> str:
        return str(await self.page.evaluate(READ_TERMINAL))

    async def wait_for(self, words: str, timeout: float = 20) -> str:
        """The terminal's text once it shows `words`; TimeoutError after `timeout` s."""
        deadline = time.monotonic() + timeout
        while True:
            text = await self.text()
            if words in text:
                return text
            if time.monotonic() > deadline:
                raise TimeoutError(f"{words!r} never showed; the page shows:\n{text}")
            await asyncio.sleep(0.05)

    async def join(self, code: str, timeout: float = 20) -> None:
        """Join room `code` from the lobby as a player does: `j`, the code in
        its field (seen there whole), Enter.  A key the app takes while the
        focus is still moving to the field goes elsewhere (on a busy machine
        the first letter was lost, CI 2026-12-05): where the field settles on
        anything but the code, it is emptied and the code typed again, so
        the wait is for what the terminal shows, never for a time."""
        await self.keys("j", *code)
        deadline = time.monotonic() + timeout
        while True:
            field = await self.join_field()
            if field == code:
                await self.keys("enter")
                return
            if field and not code.startswith(field):  # a key went elsewhere: again,
                # the field emptied whole first (a stale read retypes the same)
                await self.keys("end", *(["backspace"] * CLEAR_FIELD), *code)
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"{code} never showed in the room-code field:\n{await self.text()}"
                )
            await asyncio.sleep(0.05)

    async def join_field(self) -> str | None:
        """The text in the lobby's room-code field, None where it is not shown."""
        for row in (await self.text()).splitlines():
            if "Join a room by code" in row and "▊" in row:
                return row.split("▊", 1)[1].split("▎", 1)[0].strip()
        return None

    async def keys(self, *keys: str, gap: float = 0.05) -> None:
        for key in keys:  # "ctrl+l" is Playwright's "Control+l"
            await self.page.keyboard.press(KEYS.get(key, key).replace("ctrl+", "Control+"))
            await asyncio.sleep(gap)

    async def close(self) -> None:
        await self.page.context.close()
