"""Play a whole Mr. Jack Pocket duel in two headless chromium pages over
`whitechapel web`'s gateway, key by key, and check that the investigator's
page never shows what the secrecy outlets show only Jack; save screenshots
at 1280×800 (the login, both seats mid-game) in a folder.

    python3 tools/web_duel.py docs [SEED]

A game server and the web gateway run in this process on loopback, in a
throw-away data folder.  The room is read from the server (this harness may
know everything); a legal action is picked at random (SEED) and its keys
pressed on the page of the side to act.  Needs the web extra, Playwright
and Debian's chromium.  For developers: the web gateway played by hand.
"""

import asyncio
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the secrecy outlets
from playwright.async_api import async_playwright

from secrecy_pocket import secret_lines
from whitechapel.benchmarks.browser import VIEWPORT, Player, launch
from whitechapel.net.server import GameServer, gateway_socket_path
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.ui.bench import keys_for
from whitechapel.web.server import Web

PASSWORD = "duel-221b"


def flat(text: str) -> str:
    return " ".join(text.split())


async def duel(out: Path, seed: int) -> None:
    data = Path(tempfile.mkdtemp(prefix="wcweb-"))
    game = GameServer(data, gateway_socket=gateway_socket_path(data))
    host, port = await game.start("127.0.0.1", 0)
    web = Web(host, port, data=data, password=PASSWORD, min_hosts=1)
    url = f"http://127.0.0.1:{await web.start('127.0.0.1', 0)}/"
    async with async_playwright() as playwright:
        browser = await launch(playwright)
        login = await (await browser.new_context(viewport=VIEWPORT)).new_page()
        await login.goto(url)
        await login.fill("input[name=name]", "Ann")
        await login.screenshot(path=str(out / "web-login.png"))
        await login.context.close()
        ann = await Player.open(browser, url, "Ann", PASSWORD)
        bob = await Player.open(browser, url, "Bob", PASSWORD)
        await ann.keys("n")  # a new Pocket duel; Bob joins it by its code
        await ann.wait_for("Action tokens")
        (code,) = game.rooms
        await bob.join(code)
        await bob.wait_for("Action tokens")
        room = game.rooms[code]
        page_of = {side: ann if name == "Ann" else bob for side, name in room.names.items()}
        rng, checked, shots = random.Random(seed), 0, False
        while code in game.rooms and room.game.outcome is None:
            g = room.game
            shown = flat(await page_of[INVESTIGATOR].text())
            leaked = [line for line in secret_lines(g, INVESTIGATOR) if line in shown]
            if leaked:
                raise SystemExit(f"the investigator's page shows {leaked}:\n{shown}")
            checked += 1
            action, played = rng.choice(g.legal_actions()), len(g.history)
            keys = keys_for(g, action)
            if not shots and played >= 9 and g.to_act == INVESTIGATOR and len(keys) > 2:
                await page_of[INVESTIGATOR].keys(*keys[:2])  # a choice under way: its preview
                await asyncio.sleep(1.0)
                for side, name in ((INVESTIGATOR, "investigator"), (JACK, "jack")):
                    await page_of[side].page.screenshot(path=str(out / f"web-pocket-{name}.png"))
                keys, shots = keys[2:], True
            await page_of[g.to_act].keys(*keys)
            for _ in range(400):
                if len(g.history) > played or code not in game.rooms:
                    break
                await asyncio.sleep(0.05)
            else:
                raise SystemExit(f"{action} was not played:\n{await page_of[g.to_act].text()}")
        await asyncio.sleep(1.5)
        for name, player in (("Ann", ann), ("Bob", bob)):
            ends = [
                line.strip() for line in (await player.text()).splitlines() if "game over" in line
            ]
            print(f"{name}'s page at the end: {ends}; titled {await player.page.title()!r}")
        print(
            f"web duel: {len(room.game.history)} actions, {room.game.outcome}; {checked} "
            f"investigator pages checked for Jack's secrets; screenshots: {shots}"
        )
        await browser.close()
    await web.close()
    await game.close()


if __name__ == "__main__":
    asyncio.run(duel(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 7))
