"""F1 / ?: the rules summary and the keys, over any screen.

The help is drawn as one block of text (rich's Markdown in one `Static`),
not with Textual's Markdown widget, which mounts a widget for every
paragraph, list item and bullet (some 70 for LfW's help): they made the
first F1 on an LfW game cost 0.2 s of CPU, one widget 0.07 s (the bench's
`lfw.open_help`).  Its headings and inline code take the theme's Markdown
colours and styles, as the widget's did; a text is parsed once per process
(`parsed`)."""

from __future__ import annotations

import contextlib
from functools import lru_cache
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.markdown import Markdown
    from rich.style import Style
    from rich.theme import Theme

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
PARTS = ("color", "background", "text-style")  # a heading's, in the theme's names


@lru_cache(maxsize=8)
def parsed(markdown: str) -> Markdown:
    """The help text parsed (rich's Markdown: markdown-it): once per text."""
    from rich.markdown import Markdown  # markdown-it: imported on the first F1

    return Markdown(markdown)


def _style(color: str, background: str = "transparent", text_style: str = "none") -> Style:
    """A rich style from a theme's colour, background and text style (Textual's names)."""
    from rich.style import Style
    from textual.color import Color

    fg, bg = Color.parse(color), Color.parse(background)
    return Style.parse(text_style) + Style(
        color=fg.rich_color if fg.a else None, bgcolor=bg.rich_color if bg.a else None
    )


def markdown_theme(variables: Mapping[str, str]) -> Theme:
    """The rich styles of the Markdown elements from the app's theme
    variables (`markdown-h1-color`, …), as Textual's Markdown widget draws
    them; rich's own style for any the theme does not name (or names in a
    way rich cannot draw)."""
    from rich.errors import StyleSyntaxError
    from rich.theme import Theme
    from textual.color import ColorParseError

    wanted = {f"markdown.{h}": tuple(f"markdown-{h}-{p}" for p in PARTS) for h in HEADINGS}
    wanted["markdown.code"] = ("text-warning",)
    styles: dict[str, Style] = {}
    for name, parts in wanted.items():
        values = [variables.get(part) for part in parts]
        if all(values):
            # a colour or style rich cannot draw: rich's own style
            with contextlib.suppress(ColorParseError, StyleSyntaxError):
                styles[name] = _style(*(str(v) for v in values))
    return Theme(styles, inherit=False)


class Themed:
    """A renderable drawn with `theme`'s styles pushed on the console."""

    def __init__(self, renderable: RenderableType, theme: Theme) -> None:
        self.renderable = renderable
        self.theme = theme

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        console.push_theme(self.theme)
        try:
            yield from console.render(self.renderable, options)
        finally:
            console.pop_theme()


class HelpScreen(ModalScreen[None]):
    """F1 / ?: the rules summary and the keys."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 100; height: 90%; border: heavy $accent; background: $surface;
        padding: 0 1;
    }
    HelpScreen #help-text { padding: 1 2; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", show=True, id="help.close"),
        Binding("f1", "close", "Close", show=False, id="help.close_f1"),
        Binding("question_mark", "close", "Close", show=False, id="help.close_question"),
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        text = Themed(parsed(self.markdown), markdown_theme(self.app.theme_variables))
        with VerticalScroll():
            yield Static(text, id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)
