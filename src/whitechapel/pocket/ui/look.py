"""How the detectives look on the Pocket screen: each one's colour and the
glyphs of his line of sight (P6), told apart without colour too (NO_COLOR,
a monochrome terminal).  Shared by the board (`district.py`) and the
panels' legend (`panels.py`); plain data, no Textual."""

from __future__ import annotations

from whitechapel.pocket.sentences import DETECTIVE_WORDS

# In `pieces.DETECTIVES` order: Holmes, Watson, Toby.
DETECTIVE_COLOURS = ("#ffd75f", "#5fd7ff", "#ff5f87")
RAY_GLYPHS = (("━", "┃"), ("┅", "┇"), ("·", "·"))  # (horizontal, vertical)
CROSSING = "╋"  # a tile's centre where lines of sight cross


def sight_legend() -> str:
    """Whose line of sight is which, as markup: each detective's glyph and
    name in his colour."""
    return "  ".join(
        f"[{colour}]{glyphs[0]} {name}[/]"
        for colour, glyphs, name in zip(DETECTIVE_COLOURS, RAY_GLYPHS, DETECTIVE_WORDS, strict=True)
    )
