"""How the map looks: the rich style of every tag the map's cells and marks
carry (on dark and light themes), and the legend that says what they mean.
Pure rich, no Textual."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from rich.errors import StyleSyntaxError
from rich.markup import escape
from rich.style import Style
from rich.text import Text

from whitechapel.lfw.map import canvas as cv
from whitechapel.lfw.ui import deduction, mapdraw, placenames, streets
from whitechapel.lfw.ui.deduction import HEAT_BARS, HEAT_TAGS
from whitechapel.lfw.ui.marks import CHIEF_ONLY, COLOURS, JACK_ONLY

TARGET_CROSSING = "target-crossing"  # the legend's tag for a crossing among the choices
_SLATE = "#3a3a5f"  # the back of a patrol marker
_COLOUR = {
    "blue": "#005fff",
    "yellow": "#ffd700",
    "brown": "#875f00",
    "red": "#d70000",
    "green": "#008700",
}
_INK_HEX = {"white": "#ffffff", "black": "#000000"}
_INK = {"blue": "white", "yellow": "black", "brown": "white", "red": "white", "green": "white"}
_LIGHT_INK = {
    "blue": "#87afff",
    "yellow": "#ffd700",
    "brown": "#d7af5f",
    "red": "#ff8787",
    "green": "#87ff87",
}

# Tag -> rich style.  Marks are chips (their own background), so they read the
# same on dark and light themes; colour is never alone where it matters: a
# policeman is a capital letter, a marker a small letter, `?` or `f`.
MAP_STYLES: dict[str, str] = {
    **mapdraw.STYLES,
    # A plain crossing in its streets' grey: "──•──" is one segment, not three,
    # which halves the style changes sent per frame (the dot still shows).
    cv.CROSSING: mapdraw.STYLES[cv.STREET],
    "target": "bold black on #5fd7ff",
    # T2: a crossing offered beside none of the circles where Jack can be,
    # its letter dim (no bold, a dark ground): the bright ones are the moves
    # that reach him (testers G2 and H2, round 17)
    "target-idle": "#a8d8e0 on #2f4f58",
    # a crossing among the choices, its key drawn on it: the legend's name
    # for the targets that are crossings (`legend_markup`), same look
    TARGET_CROSSING: "bold black on #5fd7ff",
    "cursor": "bold underline white on #af00d7",
    **{f"police-{c}": f"bold {_INK[c]} on {_COLOUR[c]}" for c in COLOURS},
    # the policeman acting now (T2, T3): his colours the other way round
    **{f"acting-{c}": f"bold underline {_COLOUR[c]} on {_INK_HEX[_INK[c]]}" for c in COLOURS},
    **{f"revealed-{c}": f"bold italic {_INK[c]} on {_COLOUR[c]}" for c in COLOURS},
    **{f"marker-{c}": f"bold {_LIGHT_INK[c]} on {_SLATE}" for c in COLOURS},
    "marker": f"bold white on {_SLATE}",
    "marker-fake": f"#a8a8a8 on {_SLATE}",
    "revealed-fake": "strike #8a8a8a",
    # The women and the Wretched are tokens on a circle: reverse video (its
    # colours given the other way round, so the chip looks as it always
    # did), an attribute no other circle mark uses, so they stand out where
    # colours are stripped (NO_COLOR: tester J, round 5); the Wretched
    # italic besides, which shows where NO_COLOR turns colours to greys.
    "woman": "bold reverse #ffaf00 on black",
    "woman-marked": "bold underline reverse #af005f on white",
    "wretched": "bold italic reverse #875fd7 on white",
    "crime": "bold #ffff87 on #870000",
    "clue": "bold black on #d7ff5f",
    # earlier nights' clues: tonight's lime faded to greens, older darker
    "clue-1": "italic white on #5f875f",
    "clue-2": "italic black on #87af87",
    "clue-3": "italic black on #afd7af",
    "searched": "#d0d0d0 on #4e4e4e",
    "false-clue": "bold italic black on #d7afff",
    "arrest-failed": "bold white on #005f5f",
    "hideout": "bold underline black on #87ffaf",
    "path": "bold white on #af5f5f",
    # Jack's turn: where each kind of move takes him (an attribute each too)
    "reach-step": "bold black on #d7d7ff",
    "reach-coach": "italic black on #ffd7af",
    "reach-alley": "underline black on #d7afd7",
    "jack": "bold underline #d70000 on #ffffd7",
    # the notebook (deduction.py): where Jack can be.  A hue family no fixed
    # mark uses (a cool steel blue deepening to indigo: not the red circles'
    # or crime scenes' red, the patrol crossings' yellow, the policemen's
    # colours, the clues' greens, nor the target's cyan), every circle
    # underlined, the hotter half bold: it reads without colour as well,
    # with the heat's bar after the number (deduction.HEAT_BARS).  The
    # possible circles a mid blue, far darker than a plain circle's light
    # grey chip (tester F3, round 30: "underline plus a lavender
    # background, which is hard to see").
    "possible": "bold underline #ffffff on #3f5fbf",
    "heat-1": "underline black on #c8d8f0",
    "heat-2": "underline black on #98b0e8",
    "heat-3": "bold underline white on #5a68c8",
    "heat-4": "bold underline white on #32208c",
    # the hideout candidates (deduction.CANDIDATE): a khaki no other mark
    # uses, underlined, with a house after a short number
    deduction.CANDIDATE: "underline black on #d7d7af",
    # a crossing the prompt or the newest log line names (placenames.py)
    "named": "bold black on #ffffff",
    # a crossing's label written beside it (the labels key, placenames.py)
    placenames.LABEL_TAG: "italic #87afaf",
    # the street inspector (key /, streets.py): a highlighter's yellow over
    # the inspected circle's streets (its ink), the crossings on them and the
    # circles they reach (chips); the inspected circle underlined on olive
    streets.STREET: "bold #ffff5f",
    streets.CROSSING: "bold black on #ffff5f",
    streets.NEAR: "bold black on #ffff5f",
    streets.CIRCLE: "bold underline #ffff5f on #5f5f00",
    # the streets the choice of the moment touches: brighter ink than a
    # street's grey, softer than the inspector's yellow
    streets.CHOICE: "bold #d0d0d0",
}
# On a light theme, what has no background of its own needs darker ink.
LIGHT_STYLES: dict[str, str] = {
    cv.YELLOW: "bold #af8700",
    cv.PLACE: "italic #005f87",
    cv.NAME: "italic #6c6c6c",
    "revealed-fake": "strike #6c6c6c",
    placenames.LABEL_TAG: "italic #005f5f",
    streets.STREET: "bold #af8700",
    streets.CHOICE: "bold #262626",
}


def style_spec(tag: str, dark: bool = True) -> str:
    """The rich style definition of a tag (a tag outside the table is read as
    a style definition itself, as in `mapdraw.style_for`)."""
    if not dark and tag in LIGHT_STYLES:
        return LIGHT_STYLES[tag]
    return MAP_STYLES.get(tag, tag)


def parse_style(spec: str) -> Style:
    try:
        return Style.parse(spec) if spec else Style.null()
    except StyleSyntaxError:
        return Style.null()


# The legend: marks on circles, each shown on a sample circle " 12".
_CIRCLE_MARKS = (
    ("woman", "women token"),
    ("woman-marked", "marked woman"),
    ("wretched", "Wretched"),
    ("crime", "crime scene"),
    ("clue", "clue tonight"),
    ("clue-1", "clue, night 1"),
    ("clue-2", "clue, night 2"),
    ("clue-3", "clue, night 3"),
    ("searched", "searched, empty"),
    ("false-clue", "false clue"),
    ("arrest-failed", "failed arrest tonight"),
    ("path", "path tonight"),
    ("reach-step", "a walk away"),
    ("reach-coach", "a coach away"),
    ("reach-alley", "an alley away"),
    ("hideout", "hideout"),
    ("jack", "Jack"),
    ("target", "you may choose"),
    ("cursor", "chosen"),
)


def legend_items(side: str | None = None) -> list[tuple[list[tuple[str, str]], str]]:
    """The legend's entries, each (samples as (text, tag), meaning): the
    drawing, then the marks.  `side` ("jack", "police") leaves out the marks
    only the other side's secrets can make; None keeps every entry."""
    g = cv.GLYPHS["lines"]
    each = list(zip("BYNRG", COLOURS, strict=True))
    items: list[tuple[list[tuple[str, str]], str]] = [
        ([(" 12", cv.CIRCLE)], "circle"),
        ([(" 12", cv.RED)], "red circle"),
        ([(g.horizontal + g.vertical + g.down + g.up, cv.STREET)], "street"),
        # short: two to a row in an 80-column legend
        ([(g.horizontal * 2, streets.CHOICE)], "lit: the choice's"),
        ([(g.crossing, cv.CROSSING)], "crossing"),
        ([(g.yellow, cv.YELLOW)], "yellow crossing"),
        ([(g.goulston, cv.GOULSTON)], "Goulston Street"),
        ([("a", TARGET_CROSSING)], "crossing's key"),
        ([("a", "target-idle")], "crossing's key, beside no circle where Jack can be"),
        ([(s, f"police-{c}") for s, c in each], "policemen"),
        ([(s, f"acting-{c}") for s, c in each], "acting now"),
        ([("?", "marker")], "marker, face down"),
        ([(s.lower(), f"marker-{c}") for s, c in each], "real marker"),
        ([("f", "marker-fake")], "fake marker"),
        ([(s.lower(), f"revealed-{c}") for s, c in each], "turned up"),
        ([("f", "revealed-fake")], "fake, removed"),
        *(([(" 12", tag)], meaning) for tag, meaning in _CIRCLE_MARKS),
        ([(g.crossing, "named")], "crossing the prompt or log names"),
        ([(" 12", "possible")], "circles where Jack can be (underlined)"),
        (
            [(bar, t) for bar, t in zip(HEAT_BARS, HEAT_TAGS, strict=True)],
            # a count of paths, not a forecast of a clever Jack (tester M, round 7)
            "where Jack can be; tint and bar: paths ending there, a count",
        ),
        ([(" 12", deduction.CANDIDATE)], f"hideout candidate ({deduction.CANDIDATE_MARK})"),
        ([(" 12", streets.CIRCLE)], "the circle inspected (/), its streets lit"),
        ([(" 12", streets.NEAR)], "a walk from it reaches"),
        ([(g.crossing, streets.CROSSING)], "a crossing on its streets"),
    ]
    # the keys that change what the map shows (each in F1's help too)
    if side == "jack":
        items.append(([("F7", "")], "your moves or the police's view; F8 crossing ids"))
    else:
        items.append(([("F8", "")], "crossing ids"))
    items.append(([("F9", "")], "hideout candidates"))
    hidden = {"jack": CHIEF_ONLY, "police": JACK_ONLY}.get(side or "", frozenset())
    return [item for item in items if not {t for _, t in item[0]} <= hidden]


def legend_text(
    *, dark: bool = True, tags: Iterable[str] | None = None, side: str | None = None
) -> Text:
    """What the marks mean, each beside a sample; `tags` keeps only those
    entries (say, the tags now on the map), `side` see `legend_items`."""
    wanted = None if tags is None else set(tags)
    text = Text(no_wrap=False, overflow="fold")
    for samples, meaning in legend_items(side):
        if wanted is not None and not wanted & {t for _, t in samples}:
            continue
        if text:
            text.append("  ")
        for sample, tag in samples:
            text.append(sample, parse_style(style_spec(tag, dark)) or None)
        text.append(f" {meaning}")
    return text


WHERE_SHOWN = 6  # circles named after a legend entry; more are counted


def where_words(
    samples: list[tuple[str, str]], where: dict[str, list[int]], shown: int = WHERE_SHOWN
) -> str:
    """The circles that carry an entry's marks, in words after it (": 45 67",
    or for a scale "4: 45 · 3: 12 13"), at most `shown` a mark and the rest
    counted: the map's marks told apart without their colours (NO_COLOR, a
    colour-blind player, a screen reader)."""
    parts = []
    for sample, tag in reversed(samples) if len(samples) > 1 else samples:
        circles = sorted(where.get(tag, ()))
        if not circles:
            continue
        more = len(circles) - shown
        listed = " ".join(map(str, circles[:shown])) + (f" +{more}" if more > 0 else "")
        parts.append(f"{sample.strip()}: {listed}" if len(samples) > 1 else listed)
    return (": " + " · ".join(parts)) if parts else ""


def fitting_where(
    meaning: str, samples: list[tuple[str, str]], where: dict[str, list[int]], room: int
) -> str:
    """`where_words` with as many circles as keep the entry on one line of
    `room` cells (one at least), the rest counted: a list wrapped onto the
    next line read as cut ("women token: 3 21 27 65 84" then "147 +2":
    tester H4, LfW round 44)."""
    said = where_words(samples, where)
    shown = WHERE_SHOWN
    while shown > 1 and len(meaning + said) > room:
        shown -= 1
        said = where_words(samples, where, shown)
    return said


def legend_markup(
    width: int,
    *,
    dark: bool = True,
    tags: Iterable[str] | None = None,
    side: str | None = None,
    marks: Mapping[Any, str] | None = None,
    nights: Mapping[str, str] | None = None,
) -> str:
    """The legend as markup for a text panel `width` cells wide: the
    drawing's entries, then those of `tags` (the marks now on the map; all
    of them if None), in as many columns of one width as fit.  `marks`
    (node -> tag, the map's): each circle mark's entry names its circles.
    `nights` (tag -> words): the night an entry's marks are of, where not
    tonight's (the game over: tester E2, round 16, read "path tonight"
    beside every night's path)."""
    where: dict[str, list[int]] = {}
    for node, tag in (marks or {}).items():
        if isinstance(node, int):
            where.setdefault(tag, []).append(node)
        elif tag == "target" and tags is not None:  # a crossing's key among the choices
            tags = {*tags, TARGET_CROSSING}
    frozen = tuple(sorted((t, tuple(sorted(n))) for t, n in where.items()))
    told = tuple(sorted((nights or {}).items()))
    return _legend_markup(
        width, dark, None if tags is None else frozenset(tags), side, frozen, told
    )


@lru_cache(maxsize=256)  # a screen asks again at every refresh, mostly for the same marks
def _legend_markup(
    width: int,
    dark: bool,
    tags: frozenset[str] | None,
    side: str | None,
    where: tuple[tuple[str, tuple[int, ...]], ...] = (),
    nights: tuple[tuple[str, str], ...] = (),
) -> str:
    wanted = None if tags is None else set(tags) | set(cv.TAGS)
    circles = {t: list(n) for t, n in where}
    told = dict(nights)
    entries = []
    for samples, meaning in legend_items(side):
        if wanted is not None and not wanted & {t for _, t in samples}:
            continue
        tag = samples[0][1]
        if tag in told:
            meaning = f"{meaning.removesuffix(' tonight')}, {told[tag]}"
        chips_width = sum(len(s) for s, _ in samples) + 1
        said = fitting_where(meaning, samples, circles, width - chips_width)
        meaning = escape(meaning + said)
        chips = "".join(f"[{style_spec(tag, dark) or 'none'}]{escape(s)}[/]" for s, tag in samples)
        entries.append((chips, chips_width + len(meaning), meaning))
    for per_row in range(len(entries), 0, -1):  # the most columns that fit
        widths = [max(e[1] for e in entries[j::per_row]) for j in range(per_row)]
        if sum(widths) + 2 * (per_row - 1) <= width or per_row == 1:
            break
    rows = []
    for k in range(0, len(entries), per_row):
        cells = [
            f"{chips} {meaning}" + " " * (widths[j] - n + 2)
            for j, (chips, n, meaning) in enumerate(entries[k : k + per_row])
        ]
        rows.append("".join(cells).rstrip())
    return "\n".join(rows)
