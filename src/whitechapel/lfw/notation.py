"""Reading an action's text form back (`parse_action`): a parser per action,
keyed by its first word, and the policemen's by their colour.  The text
forms are the actions' own (`actions.py`, docs/lfw.md); any text that is not
one gets one sentence naming it, whatever the parser found wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from whitechapel.core.errors import NotationError
from whitechapel.lfw.actions import (
    Action,
    Alley,
    Arrest,
    Chase,
    Coach,
    FalseClue,
    Graffito,
    Hideout,
    Kill,
    KnowWhereYouLive,
    Letter,
    NoLetter,
    Pass,
    Patrols,
    PoliceMove,
    Reveal,
    SaucyMove,
    Search,
    Step,
    Wait,
    Women,
    WretchedMove,
)
from whitechapel.lfw.map.mapfile import CROSSING_ID, RESERVED_IDS
from whitechapel.lfw.rulebook import COLOURS, LETTERS

_CIRCLE = re.compile(r"^\d{1,4}$")
_CROSSING = CROSSING_ID


def _circle(word: str) -> int:
    if not _CIRCLE.match(word):
        raise NotationError(f"{word!r} is not a circle number")
    return int(word)


def _crossing(word: str) -> str:
    if not _CROSSING.match(word) or word.lower() in RESERVED_IDS:
        raise NotationError(f"{word!r} is not a crossing id")
    return word


def parse_action(text: str) -> Action:
    """The action whose text form is `text` (extra spaces and case of the
    keywords do not matter)."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    words = text.replace(">", " > ").replace("=", " = ").split()
    if not words or len(text) > 300:
        raise NotationError("an empty or overlong action")
    head = words[0].lower()
    rest = words[1:]
    try:
        return _parse(head, rest)
    except (NotationError, IndexError, ValueError):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise NotationError(
            f"{shown!r} is not a Letters from Whitechapel action (see docs/lfw.md: e.g. "
            "'step 66', 'coach 69 56', 'blue x12', 'blue search 65')"
        ) from None


def _pairs(words: list[str]) -> tuple[tuple[str, str], ...]:
    out = []
    i = 0
    while i < len(words):
        if words[i + 1] != ">":
            raise NotationError("expected 'from>to'")
        out.append((_crossing(words[i]), _crossing(words[i + 2])))
        i += 3
    return tuple(sorted(out))


def _parse(head: str, rest: list[str]) -> Action:
    """The action whose first word is `head`: a policeman's colour, or one
    of `_PARSERS`' words.  Any refusal becomes parse_action's one sentence."""
    if head in COLOURS and rest:
        return _police(head, rest)
    parser = _PARSERS.get(head)
    if parser is None:
        raise NotationError("unknown action")
    return parser(rest)


def _one(rest: list[str]) -> str:
    if len(rest) != 1:
        raise NotationError("one word after the action's")
    return rest[0]


def _alone(action: Action) -> Callable[[list[str]], Action]:
    """The parser of an action that is its word alone (`wait`)."""

    def parse(rest: list[str]) -> Action:
        if rest:
            raise NotationError("nothing after the action's word")
        return action

    return parse


def _women(rest: list[str]) -> Women:
    cut = rest.index("/") if "/" in rest else len(rest)
    marked = tuple(sorted(_circle(w) for w in rest[:cut]))
    unmarked = tuple(sorted(_circle(w) for w in rest[cut + 1 :]))
    return Women(marked, unmarked)


def _patrols(rest: list[str]) -> Patrols:
    cut = rest.index("/")  # ValueError without one: refused
    real = tuple(_crossing(w) for w in rest[:cut])
    fakes = tuple(sorted(_crossing(w) for w in rest[cut + 1 :]))
    if len(real) != len(COLOURS):
        raise NotationError("one crossing per colour")
    return Patrols(real, fakes)


def _letter(rest: list[str]) -> Letter:
    if not rest or rest[0].lower() not in LETTERS:
        raise NotationError("unknown letter")
    name = rest[0].lower()
    if name == "goulston":
        if len(rest) != 2 or rest[1].lower() not in COLOURS:
            raise NotationError("goulston names a colour")
        return Letter(name, (rest[1].lower(),))
    args = tuple(_crossing(w) for w in rest[1:])
    if len(args) != 2:
        raise NotationError("two crossings")
    return Letter(name, args)


def _colour(word: str) -> str:
    if word.lower() not in COLOURS:
        raise NotationError(f"{word!r} is not a colour")
    return word.lower()


def _kill(rest: list[str]) -> Kill:
    if not 1 <= len(rest) <= 2:
        raise NotationError("one or two circles")
    return Kill(tuple(_circle(w) for w in rest))


def _wretched(rest: list[str]) -> WretchedMove:
    if rest[1:] == ["="]:
        return WretchedMove(_circle(rest[0]), None)
    if len(rest) == 3 and rest[1] == ">":
        return WretchedMove(_circle(rest[0]), _circle(rest[2]))
    raise NotationError("wretched N>M or N=")


def _step(rest: list[str]) -> Step:
    if len(rest) not in (1, 2) or (len(rest) == 2 and rest[1].lower() != "home"):
        raise NotationError("step N [home]")
    return Step(_circle(rest[0]), len(rest) == 2)


def _coach(rest: list[str]) -> Coach:
    if len(rest) != 2:
        raise NotationError("two circles")
    return Coach(_circle(rest[0]), _circle(rest[1]))


# A parser per action, by its first word (a policeman's colour: `_police`).
_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "hideout": lambda rest: Hideout(_circle(_one(rest))),
    "women": _women,
    "patrols": _patrols,
    "letter": _letter,
    "no-letter": _alone(NoLetter()),
    "saucy": lambda rest: SaucyMove(_pairs(rest)),
    "graffito": lambda rest: Graffito(_colour(_one(rest))),
    "kill": _kill,
    "wait": _alone(Wait()),
    "wretched": _wretched,
    "reveal": lambda rest: Reveal(_crossing(_one(rest))),
    "step": _step,
    "coach": _coach,
    "alley": lambda rest: Alley(_circle(_one(rest))),
    "false-clue": lambda rest: FalseClue(_circle(_one(rest))),
    "no-false-clue": _alone(FalseClue(None)),
    "know": lambda rest: KnowWhereYouLive(_circle(_one(rest))),
}


def _police(colour: str, rest: list[str]) -> Action:
    """T2, T3, O3, O4: `blue x12`, `blue stay`, `blue pass`, `blue
    area-arrest`; `blue search 65`, `blue arrest 65`, `blue chase x13`."""
    verb = rest[0].lower()
    if len(rest) == 1:
        if verb == "stay":
            return PoliceMove(colour, None)
        if verb == "pass":
            return Pass(colour)
        if verb == "area-arrest":
            return Arrest(colour, None)
        return PoliceMove(colour, _crossing(rest[0]))
    if len(rest) != 2:
        raise NotationError("a policeman's action is one or two words")
    if verb == "search":
        return Search(colour, _circle(rest[1]))
    if verb == "arrest":
        return Arrest(colour, _circle(rest[1]))
    if verb == "chase":
        return Chase(colour, _crossing(rest[1]))
    raise NotationError("unknown action")
