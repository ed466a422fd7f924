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


class MapError(WhitechapelError):
    """A map file that cannot be used: not JSON, wrong version, or a broken rule.

    `problems` lists every problem found, each naming its place."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or [message]


class UsageError(WhitechapelError):
    """A command line whose parts do not go together (`--puzzle` with
    `--plain`, say): the command line exits 2, as for any usage error."""
