"""The errors a player or a peer can cause.

Each carries one sentence that says what is wrong; the command line, the
interface and the network show that sentence and nothing else.
"""


class WhitechapelError(Exception):
    """Base of every error that is the input's fault, not the program's."""


class IllegalAction(WhitechapelError):
    """A well-formed action that the rules refuse in this state."""


class NotationError(WhitechapelError):
    """Text that is not the text form of any action."""


class RecordError(WhitechapelError):
    """A game record that cannot be read: corrupt, truncated, foreign or too new."""
