"""Letters from Whitechapel map widget speed (issue: the LfW map widget must
repaint a 200×60 view in at most 5 ms, and send little over a slow link).

How it is measured, and why that way:

- A headless app (`App.run_test(size=(200, 60))`) holds only a `MapView` of
  the 1888 board, filling the screen.  Its marks are those of a real mid-game
  position: a seeded game played on by random legal actions (Jack mostly
  heading home, `selfplay.homeward_action`) into the second night's T3 after
  a few searches, seen by the police (`marks_for` of their view: five
  policemen, two crime scenes, clues and circles searched empty), with the
  acting policeman's circles as targets and one of them under the cursor.
- Before each repaint the view is scrolled to another place (a cycle of
  positions across the board, so no row is cut the same way twice in a row
  and no crop comes from a cache) and Textual is let to settle.  Then the
  whole widget is marked dirty (`refresh()`, which empties Textual's line
  cache for it) and the timer runs over what Textual does for a frame: the
  compositor's full update of the screen (every one of the 60 lines asked of
  the widget, which hands out its cached rows cut to the view, see
  `MapView.render_lines`) and its conversion to the bytes a terminal receives
  (`render_segments`, with a truecolor console, as a real terminal gets).
- The figure is the median over many repaints, in CPU milliseconds; the p95 and
  the bytes of a frame are kept in `LAST` for whoever wants them.
"""

from __future__ import annotations

import asyncio
import io
import statistics
import time
from typing import Any, Protocol, cast

from whitechapel.benchmarks.base import Benchmark


class Update(Protocol):
    """What the compositor's update of a full repaint is (typed loosely by Textual)."""

    def render_segments(self, console: Any) -> str: ...


LAST: dict[str, float] = {}  # details of the last run: median, p95, bytes per frame


def midgame_marks(seed: int = 1888) -> tuple[Any, dict, dict]:
    """(board, marks, texts) of a police view in the second night's T3, once
    the police have searched a few circles: seeded games are played on until
    one gets there."""
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.map.board import Board
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import JACK, POLICE
    from whitechapel.lfw.selfplay import homeward_action
    from whitechapel.lfw.ui.marks import marks_for

    def there(g: LfwGame) -> bool:
        return g.night == 2 and g.phase == Phase.CLUES and len(g.searched) + len(g.clues) >= 2

    board = Board.load()
    chance = Chance(seed)
    while True:
        game = LfwGame.new(chance.below(2**32), board=board)
        while game.outcome is None and game.night <= 2 and not there(game):
            if game.to_act == JACK:
                game.apply(homeward_action(game, chance))
            else:
                game.apply(game.random_action(chance))
        if there(game):
            break
    view = game.view(POLICE)
    crossing = view.police[view.acting_colour or ""]
    targets = list(board.direct_circles(crossing))
    return board, *marks_for(view, targets=targets, cursor=targets[0] if targets else None)


async def _repaints(count: int, deadline: float) -> list[tuple[float, int]]:
    from rich.console import Console
    from textual.app import App, ComposeResult

    from whitechapel.lfw.ui.mapview import MapView

    board, marks, texts = midgame_marks()

    class MapOnly(App[None]):
        def compose(self) -> ComposeResult:
            yield MapView(board)

    terminal = Console(file=io.StringIO(), color_system="truecolor", width=200, height=60)
    out: list[tuple[float, int]] = []
    app = MapOnly()
    async with app.run_test(size=(200, 60)) as pilot:
        view = app.query_one(MapView)
        view.show(marks, texts)
        await pilot.pause()
        compositor = app.screen._compositor
        i = 0
        while len(out) < count and (len(out) < 20 or time.perf_counter() < deadline):
            i += 1
            view.scroll_to((i * 7) % 46, (i * 3) % 10, animate=False)
            await pilot.pause()
            view.refresh()
            start = time.process_time()  # the repaint is this process's work alone
            update = compositor.render_update(full=True)
            data = cast(Update, update).render_segments(terminal)
            elapsed = time.process_time() - start
            if i > 5:  # the first repaints build the rows and warm Textual's caches
                out.append((elapsed, len(data.encode())))
    return out


def map_repaint(budget: float) -> float:
    """Median CPU milliseconds of a full repaint of the map widget at 200×60."""
    count = 200 if budget >= 2 else 60
    runs = asyncio.run(_repaints(count, time.perf_counter() + budget * 3))
    times = sorted(t for t, _ in runs)
    LAST.update(
        median_ms=1000 * statistics.median(times),
        p95_ms=1000 * times[int(0.95 * (len(times) - 1))],
        bytes=statistics.median(b for _, b in runs),
    )
    return LAST["median_ms"]


BENCHMARKS = [
    Benchmark(
        "lfw.map_repaint",
        "LfW: full repaint of the map widget at 200×60",
        "ms",
        5.0,
        False,
        map_repaint,
        clock="cpu",
    ),
]
