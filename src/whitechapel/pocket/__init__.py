"""Mr. Jack Pocket: the rules engine (pure Python) and, in `ui/`, its screens."""

from whitechapel.pocket.actions import Action, parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK, SIDES
from whitechapel.pocket.setup import Setup, random_setup

__all__ = [
    "INVESTIGATOR",
    "JACK",
    "SIDES",
    "Action",
    "PocketGame",
    "Setup",
    "parse_action",
    "random_setup",
]
