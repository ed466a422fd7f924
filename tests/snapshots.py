"""Plain-text screen snapshots for the Textual app.

Why not pytest-textual-snapshot: its 1.1.0 pins syrupy 4.8, which refuses
pytest 9, and asking pip for pytest >= 9 silently picks 1.0.0 with syrupy 7,
which writes `.raw` baselines and ignores `.svg` ones (see
shared/design/textual-and-ssh-notes.md).  SVG baselines would also be
unreadable in a review and would change with every Textual colour tweak.

So a snapshot here is the screen as *text*: exactly what
`App.export_screenshot()` composes in textual 8 (the compositor's full update
of the visible screen stack, so modal screens over the game show as the
player sees them), printed to a recording Rich console and exported with
`export_text()` instead of `export_svg()`.  Trailing spaces are stripped.
Colours and bold are not part of a snapshot: a test that needs one (the tile
cursor's highlight, say) asserts on the widget's state instead.

Baselines live in tests/__snapshots__/<test module>/<name>.txt and are
committed.  `UPDATE_SNAPSHOTS=1 python -m pytest ...` rewrites them; without
it a missing baseline or a mismatch fails with a unified diff.
"""

from __future__ import annotations

import difflib
import io
import os
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App

SNAPSHOT_DIR = Path(__file__).parent / "__snapshots__"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS", "") not in ("", "0")


def screen_text(app: App) -> str:
    """The visible screen (every layer, modal screens composed over the ones
    below) as plain text, one line per terminal row, trailing spaces cut."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    rows = console.export_text(styles=False).split("\n")
    return "\n".join(row.rstrip() for row in rows[:height]) + "\n"


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_")


class Snapshot:
    """Compares screens with the baselines of one test.  `check` compares
    one screen and remembers a mismatch; `verify` fails with every
    mismatch's diff at once (so one changed screen does not hide the state
    of the others).  The `snapshot` fixture calls `verify` after the test
    too, in case a test forgot."""

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.folder = SNAPSHOT_DIR / _safe(Path(str(request.node.path)).stem)
        self.test = _safe(request.node.name)
        self.names: set[str] = set()
        self.failures: list[str] = []

    def path(self, name: str) -> Path:
        return self.folder / f"{self.test}__{_safe(name)}.txt"

    def check(self, text: str | App, name: str) -> None:
        if isinstance(text, App):
            text = screen_text(text)
        assert name not in self.names, f"snapshot name {name!r} used twice"
        self.names.add(name)
        path = self.path(name)
        shown = path.relative_to(SNAPSHOT_DIR.parent)
        if UPDATE:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        if not path.exists():
            self.failures.append(
                f"no snapshot baseline {shown}; run with UPDATE_SNAPSHOTS=1 to write it, "
                f"then review and commit it. The screen was:\n{text}"
            )
            return
        expected = path.read_text(encoding="utf-8")
        if text != expected:
            diff = "".join(
                difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    fromfile=f"baseline {path.name}",
                    tofile="this run",
                )
            )
            self.failures.append(f"the screen differs from snapshot {shown}:\n{diff}")

    def verify(self) -> None:
        failures, self.failures = self.failures, []
        if failures:
            pytest.fail(
                "\n\n".join(failures) + "\n\n(UPDATE_SNAPSHOTS=1 accepts the changes)",
                pytrace=False,
            )


@pytest.fixture
def snapshot(request: pytest.FixtureRequest):
    """Import this fixture into a test module to use it."""
    snap = Snapshot(request)
    yield snap
    snap.verify()
