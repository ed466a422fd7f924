"""The map as rich text (`whitechapel map show`): the cell layout of
`canvas` with its style tags turned into rich styles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.errors import StyleSyntaxError
from rich.style import Style
from rich.text import Text

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.map.mapfile import Node

# Tag -> rich style.  Labels look like the board's discs: dark numbers on a
# light disc, white numbers on a red one; that also shows each label's extent.
STYLES: dict[str, str] = {
    cv.BLANK: "",
    cv.STREET: "grey50",
    cv.CIRCLE: "bold black on grey82",
    cv.RED: "bold white on red3",
    cv.CROSSING: "",
    cv.YELLOW: "bold yellow",
    cv.GOULSTON: "bold magenta",
    cv.PLACE: "italic cyan",
    cv.NAME: "italic grey62",  # a street's name beside it
    # highlights for `render_map(..., highlight=...)`
    "highlight": "bold reverse",
    "target": "bold black on green3",
    "jack": "bold white on dark_red",
    "police": "bold white on blue",
    "woman": "bold black on orange1",
    "marker": "bold black on yellow",
}


def style_for(tag: str) -> Style:
    """The rich style of a tag; a tag not in `STYLES` is read as a rich style
    definition itself ("bold green"), an unreadable one gets no style."""
    spec = STYLES.get(tag, tag)
    try:
        return Style.parse(spec) if spec else Style.null()
    except StyleSyntaxError:
        return Style.null()


def render_canvas(canvas: cv.Canvas) -> list[Text]:
    """One `Text` per row, one span per run."""
    styles: dict[str, Style] = {}
    out = []
    for runs in canvas.runs:
        text = Text(no_wrap=True, overflow="crop", end="")
        for chunk, tag in runs:
            style = styles.get(tag)
            if style is None:
                style = styles[tag] = style_for(tag)
            text.append(chunk, style or None)
        out.append(text)
    return out


def render_map(
    board: Any,
    highlight: Mapping[Node, str] | None = None,
    *,
    glyphs: str = "lines",
    places: bool = False,
) -> list[Text]:
    """The map as one `Text` per canvas row.  `highlight` maps nodes to a tag
    from `STYLES` (or a rich style) for their label."""
    canvas = cv.build_canvas(board, glyphs=glyphs, places=places)
    if highlight:
        canvas = cv.overlay(canvas, highlight)
    return render_canvas(canvas)


def legend(glyphs: str = "lines") -> Text:
    g = cv.GLYPHS[glyphs]
    items = [
        (" 12", cv.CIRCLE, "circle"),
        (" 12", cv.RED, "red circle (women)"),
        (g.crossing, cv.CROSSING, "crossing (policemen stand on crossings)"),
        (g.yellow, cv.YELLOW, "yellow crossing (night-1 patrols)"),
        (g.goulston, cv.GOULSTON, "Goulston Street (a crossing)"),
        (g.horizontal * 3, cv.STREET, "street"),
    ]
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (sample, tag, meaning) in enumerate(items):
        if i:
            text.append("   ")
        text.append(sample, style_for(tag) or None)
        text.append(f" {meaning}")
    return text


def places_line(board: Any) -> Text | None:
    """ "Places: 3 Hanbury Street, 21 Buck's Row, ..." or None."""
    named = [c for c in cv.map_data(board).circles if c.place]
    if not named:
        return None
    text = Text("Places: ")
    for i, c in enumerate(named):
        if i:
            text.append(", ")
        text.append(str(c.n), style_for(cv.RED if c.red else cv.CIRCLE) or None)
        text.append(f" {c.place}")
    return text


def print_map(
    board: Any,
    console: Console,
    *,
    highlight: Mapping[Node, str] | None = None,
    glyphs: str = "lines",
    places: bool = False,
    crop: bool | None = None,
) -> None:
    """Print the whole map, never wrapped, then a legend.  Rows are written
    whole (a file, a pipe, `less -S`), or cut to the console's width when
    `crop` is true; by default a terminal narrower than the map crops and
    says so."""
    rows = render_map(board, highlight, glyphs=glyphs, places=places)
    width = cv.map_data(board).width
    if crop is None:
        crop = console.is_terminal and console.width < width
    for row in rows:
        row.rstrip()
        if crop:
            row.truncate(console.width)
            console.print(row, no_wrap=True, overflow="crop", crop=True)
        else:
            console.print(row, soft_wrap=True)
    console.print(legend(glyphs), soft_wrap=True)
    extra = places_line(board)
    if extra is not None:
        console.print(extra)
    if crop and console.width < width:
        console.print(
            f"(the map is {width} columns wide and was cut at {console.width}: "
            "widen the terminal or pipe it through `less -S`)",
            style="dim",
            highlight=False,
            soft_wrap=True,
        )
