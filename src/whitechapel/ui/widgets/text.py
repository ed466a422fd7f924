"""Text that repaints cheaply: `TextPanel`, and the `Curtain` drawn over a
whole game screen at a change of side."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import JustifyMethod
from rich.text import Text
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget


class TextPanel(Widget):
    """Text that repaints without a new layout (its size comes from the
    .tcss, never from its text), and only when the text changed.  Its rows
    are rendered once per text and size and then handed out as they are:
    cheap on every key press and on every full repaint.

    A text laid out for the panel's size (what fits, what gives way) is set
    with the size it was made for, and `fit` makes it again for another
    size: the panel asks, when it is painted at a size its text was not made
    for, so it never shows a text made for the size it had before a layout."""

    JUSTIFY: JustifyMethod = "left"
    MIDDLE = False  # centre the text vertically
    keep_end = False  # a text taller than the panel loses its first rows, not its last

    def __init__(self, markup: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._markup = markup
        self._text = Text.from_markup(markup, justify=self.JUSTIFY)
        self._rows: tuple[tuple, list[Strip]] | None = None
        self.fit: Callable[[int, int], str] | None = None  # (width, height) -> the text
        self._fitted: tuple[int, int] | None = None  # the size the text was made for

    @property
    def markup(self) -> str:
        return self._markup

    def set(self, markup: str, *, fitted: tuple[int, int] | None = None) -> None:
        """Show `markup`; `fitted`: the (width, height) it was laid out for."""
        self._fitted = fitted
        if markup != self._markup:
            self._markup = markup
            self._text = Text.from_markup(markup, justify=self.JUSTIFY)
            self.refresh()

    def _size_updated(
        self, size: Any, virtual_size: Any, container_size: Any, layout: bool = True
    ) -> bool:
        """A new size is taken without asking for another layout: Textual's
        default treats a changed virtual size as a change of layout, which
        costs a second layout and frame after the one that resized the panel
        (a Pocket round's summary, the curtain moved beside the board); a
        panel's size never depends on its text, so nothing else can move."""
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def render(self) -> Text:
        return self._text

    def render_lines(self, crop: Region) -> list[Strip]:
        size = self._content_size = self.size  # once per repaint: it is not free
        if self.fit is not None and size.height and self._fitted != (size.width, size.height):
            self._fitted = (size.width, size.height)
            markup = self.fit(size.width, size.height)
            if markup != self._markup:  # painted now: no refresh to ask for
                self._markup = markup
                self._text = Text.from_markup(markup, justify=self.JUSTIFY)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, height = self._content_size
        ground = self.rich_style
        key = (self._markup, width, height, ground)
        if self._rows is None or self._rows[0] != key:
            console = self.app.console
            lines = console.render_lines(
                self._text,
                console.options.update(width=max(1, width), height=None),
                style=ground,
                pad=True,
            )
            # Too long: the end stays in sight (a log's newest line), or the start.
            lines = lines[-height:] if self.keep_end and height else lines[:height]
            top = (height - len(lines)) // 2 if self.MIDDLE else 0
            # Every cell carries a style, the blank ones the panel's ground: a
            # segment without one breaks Textual's NO_COLOR filter.
            blank = Strip.blank(width, ground)
            strips = [blank] * top + [Strip(line, width) for line in lines]
            strips += [blank] * (height - len(strips))
            self._rows = (key, strips)
        rows = self._rows[1]
        return rows[y] if 0 <= y < len(rows) else Strip.blank(width, ground)


class Curtain(TextPanel):
    """An opaque cover over a whole game screen: the hand-over prompt, or
    Jack's cards alone.  Cheaper than pushing a screen on every change of
    side: it stays in the layout, over everything, and is only made
    invisible when lowered, so nothing under it changes size.  Whatever is under it was cleared of secrets before it rose, and
    its own text is emptied when it is lowered."""

    DEFAULT_CSS = """
    Curtain {
        layer: curtain; dock: top; width: 100%; height: 100%; visibility: hidden;
        background: $background;
    }
    """
    JUSTIFY = "center"
    MIDDLE = True

    up = False

    def raise_(self, text: str) -> None:
        self.set(text)
        self.up = True
        self.styles.visibility = "visible"

    def lower(self) -> None:
        self.up = False
        self.styles.visibility = "hidden"
        self.set("")  # nothing secret lingers, even hidden

    class Clicked(Message):
        """The curtain, up, was clicked: the screen lifts it (as Enter does)."""

    def on_click(self) -> None:
        if self.up:
            self.post_message(self.Clicked())
