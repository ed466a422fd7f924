"""Who plays a Pocket game at one keyboard, in a sentence: the setup's
line under its rows, and the game's first words against the computer
(tester PD, issue 44: nothing confirmed the side and level before play)."""

from __future__ import annotations

SIDE_NAMES = {"jack": "Jack", "investigator": "the investigator"}
SIDE_TITLES = {"jack": "Jack", "investigator": "investigator"}
OTHER_SIDE = {"jack": "investigator", "investigator": "jack"}


def who_sentence(who: str, level: str) -> str:
    """The game the setup's rows make (`who`: 'people', or the computer's
    side; `level`: the computer's), in a sentence: whom the player is,
    against which computer."""
    if who not in OTHER_SIDE:
        return "Two people at this keyboard, handing it over between sides."
    you, them = SIDE_NAMES[OTHER_SIDE[who]], SIDE_TITLES[who]
    return f"You are {you} against the computer's {level} {them}."


def against_sentence(computers: dict[str, str]) -> str | None:
    """A game against the computer (its side -> its level), as its first
    screen says it; None: two people, or the computer on both sides."""
    if len(computers) != 1:
        return None
    side, level = next(iter(computers.items()))
    return who_sentence(side, level) if side in OTHER_SIDE else None
