"""What a real terminal shows of a Textual app under test: the frames the
app writes, applied cell by cell, as a terminal keeps them.

`screen_text` (snapshots.py) composes the whole screen afresh, so it can
never show a cell the app forgot to repaint: a row left over from an
earlier frame until the map pans.  `VirtualTerminal` keeps what every
frame wrote (the compositor's full and partial updates, the same
objects Textual turns into escape sequences for a real terminal) and so
shows such a row; `stale_cells` compares it with a fresh full frame.

    async with app.run_test(size=(200, 60)) as pilot:
        vt = VirtualTerminal(app)
        ...
        assert not vt.stale_cells(), vt.describe_stale()
"""

from __future__ import annotations

import io
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.segment import ControlType
from rich.style import Style
from textual.app import App

Cell = tuple[str, Style | None]


class VirtualTerminal:
    def __init__(self, app: App) -> None:
        self.app = app
        width, height = app.size
        self.width, self.height = width, height
        self.cells: list[list[Cell]] = self._blank()
        self.frames = 0
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            if renderable is not None and not app._batch_count:
                self.frames += 1
                self.apply(renderable, self.cells)
            original(screen, renderable)

        app._display = display  # type: ignore[method-assign]
        self.full_frame()  # what the terminal holds now: the last full frame

    def _blank(self) -> list[list[Cell]]:
        return [[(" ", None)] * self.width for _ in range(self.height)]

    def _console(self) -> Console:
        return Console(
            width=self.width,
            height=self.height,
            file=io.StringIO(),
            force_terminal=True,
            color_system="truecolor",
            legacy_windows=False,
        )

    def apply(self, update: Any, cells: list[list[Cell]]) -> None:
        """Write an update (its move-to controls and text) into `cells`."""
        console = self._console()
        x = y = 0
        for seg in console.render(update):
            if seg.control:
                for code in seg.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = code[1], code[2]
                continue
            if seg.text == "\n":
                continue
            for ch in seg.text:
                if 0 <= y < self.height and 0 <= x < self.width:
                    cells[y][x] = (ch, seg.style)
                x += max(cell_len(ch), 1)

    def full_frame(self) -> list[list[Cell]]:
        """The screen as a fresh full frame draws it now (also made the
        terminal's contents when the terminal is first attached)."""
        screen = self.app.screen
        update = screen._compositor.render_update(
            full=True, screen_stack=self.app._background_screens
        )
        cells = self._blank()
        self.apply(update, cells)
        if not self.frames:
            self.cells = [row[:] for row in cells]
        return cells

    def text(self) -> str:
        return "\n".join("".join(ch for ch, _ in row).rstrip() for row in self.cells)

    def stale_cells(self) -> list[tuple[int, int]]:
        """Cells whose character or style differs from a fresh full frame:
        what the terminal still shows of an earlier frame."""
        fresh = self.full_frame()
        return [
            (x, y)
            for y in range(self.height)
            if self.cells[y] != fresh[y]  # the same row: no cell to look at
            for x in range(self.width)
            if _same(self.cells[y][x]) != _same(fresh[y][x])
        ]

    def describe_stale(self) -> str:
        stale = self.stale_cells()
        rows = sorted({y for _, y in stale})
        fresh = self.full_frame()
        out = [f"{len(stale)} stale cells on rows {rows}"]
        for y in rows[:5]:
            out.append(f"terminal {y:2}: " + "".join(c for c, _ in self.cells[y]).rstrip())
            out.append(f"fresh    {y:2}: " + "".join(c for c, _ in fresh[y]).rstrip())
        return "\n".join(out)


def _same(cell: Cell) -> tuple[str, Any]:
    ch, style = cell
    if style is None:
        return ch, None
    return ch, (
        style.color,
        style.bgcolor,
        style.bold,
        style.italic,
        style.underline,
        style.strike,
        style.reverse,
    )
