"""The Letters from Whitechapel rules engine (§1–§9).

`LfwGame` holds the full state and is mutated by `apply`, which performs a
legal action or raises `IllegalAction` having changed nothing.  The phase
table (`phases.PHASES`) says who acts and with which kinds of action; the
rules of each phase live in `hell.py` (S1, H1–H9, O1 letters) and `hunt.py`
(T1–T3, N3's start, O1 graffito, O2–O6).  Automatic steps (H1, H4, H8, H9,
the end of a night) run inside `apply`.
"""

from __future__ import annotations

from typing import Any

from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction, NotationError
from whitechapel.core.game import Outcome
from whitechapel.lfw import hell, hunt, views
from whitechapel.lfw.actions import COLOURS, Action, parse_action
from whitechapel.lfw.hell import Marker
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import PHASES, SIDES
from whitechapel.lfw.setup import Setup, random_setup

# Per phase: (legal actions, apply, random action); see hell.py and hunt.py.
HANDLERS = {**hell.HANDLERS, **hunt.HANDLERS}


class LfwGame:
    name = "lfw"
    sides = SIDES

    def __init__(self, setup: Setup, options: Options | None = None, board: Board | None = None):
        """`board` saves loading it again; it must be the setup's board."""
        self.setup = setup
        self.options = options or Options()
        self.board = board or setup.board()
        if board is not None and (setup.map_data is None) != bool(board.builtin_name):
            raise ValueError("the board given is not the setup's board")
        if board is not None and board.builtin_name and board.builtin_name != setup.map_name:
            raise ValueError("the board given is not the setup's board")
        self.phase = "hideout"
        self.night = 0
        self.hideout: int | None = None  # secret
        self.women: dict[int, bool] = {}  # circle -> marked (the marks are secret)
        self.wretched: list[int] = []
        self.to_move: list[int] = []  # Wretched not yet moved in this H6
        self.crime_scenes: list[tuple[int, int]] = []  # (night, circle)
        self.crime_space: int | None = None  # where the Time of the Crime marker stands
        self.chief: str | None = None
        self.markers: dict[str, Marker] = {}  # crossing -> marker (colours secret from Jack)
        self.police: dict[str, str] = {}  # colour -> crossing: where each ended or stands
        self.police_on_board = False
        # Jack's sheet, one row per night: (space, circle, how) -- circles secret.
        self.rows: list[list[tuple[int, int, str]]] = []
        self.coaches = 0
        self.alleys = 0
        self.clues: list[int] = []  # tonight's clue markers, in the order found
        self.searched: list[int] = []  # tonight's circles searched with no clue
        self.arrests: list[
            tuple[int, str, tuple[int, ...]]
        ] = []  # failed: (night, colour, circles)
        self.pending: list[str] = []  # policemen still to act in T2 / T3, in order
        self.search: tuple[str, tuple[int, ...]] | None = None  # a search under way
        self.false_clue_tokens = 0
        self.false_clues: list[int] = []  # placed tonight
        self.clues_tonight = 0
        self.letters: list[tuple[int, str]] = []  # (night, letter) played
        self.saucy: tuple[str, ...] = ()  # the two markers Jack picked
        self.graffito: str | None = None  # the colour Jack named
        self.know_used = False
        self._outcome: Outcome | None = None
        self.history: list[Action] = []
        self.events: list[tuple] = []  # the public log, as compact tuples

    @classmethod
    def new(cls, seed: int, options: Options | None = None, board: Board | None = None) -> LfwGame:
        return cls(random_setup(seed, board), options, board)

    # -- reading the state ---------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def to_act(self) -> str | None:
        return None if self._outcome else PHASES[self.phase].side

    @property
    def acting_colour(self) -> str | None:
        """The policeman whose turn it is in T2/T3, or the Chief for the
        Chief's decisions; None when Jack acts."""
        if self._outcome or PHASES[self.phase].side != "police":
            return None
        if self.phase in ("hunt", "clues"):
            return self.pending[0]
        if self.phase == "searching":
            return self.search[0] if self.search else None
        return self.chief

    @property
    def row(self) -> list[tuple[int, int, str]]:
        return self.rows[-1] if self.rows else []

    @property
    def jack(self) -> int | None:
        """Jack's circle (secret), once he has killed tonight."""
        return self.row[-1][1] if self.row else None

    def next_space(self) -> int:
        return self.row[-1][0] + 1 if self.row else (self.crime_space or 0)

    def path_circles(self) -> set[int]:
        return {c for _, c, _ in self.row}

    def police_order(self) -> list[str]:
        """T2/T3: the Chief first, then clockwise."""
        i = COLOURS.index(self.chief or COLOURS[0])
        return [COLOURS[(i + k) % len(COLOURS)] for k in range(len(COLOURS))]

    def police_mask(self) -> int:
        return self.board.police_mask(self.police.values()) if self.police_on_board else 0

    def legal_actions(self) -> list[Action]:
        if self._outcome:
            return []
        return HANDLERS[self.phase][0](self)

    def random_action(self, chance: Chance) -> Action:
        """A legal action drawn at random, without listing every action of the
        large placement phases."""
        if self._outcome:
            raise IllegalAction(f"the game is over ({self._outcome.reason})")
        sample = HANDLERS[self.phase][2]
        if sample is not None:
            return sample(self, chance)
        return chance.choice(self.legal_actions())

    def view(self, side: str) -> dict[str, Any]:
        return views.view(self, side)

    def options_json(self) -> dict[str, Any]:
        return self.options.to_json()

    def reveal(self) -> dict[str, Any]:
        """What the end shows every side (§9): Jack's hideout and path."""
        return {"jack": views.jack_secrets(self)}

    # -- changing the state --------------------------------------------------

    def play(self, text: str, side: str | None = None) -> Action:
        action = parse_action(text)
        self.apply(action, side)
        return action

    def apply(self, action: Action, side: str | None = None) -> None:
        if not isinstance(action, Action):
            raise NotationError(f"{action!r} is not a Letters from Whitechapel action")
        if self._outcome:
            raise IllegalAction(f"{action}: the game is over ({self._outcome.reason})")
        phase = PHASES[self.phase]
        if side is not None and side != phase.side:
            raise IllegalAction(f"{action}: it is {phase.side}'s turn ({phase.tag} {phase.name})")
        if not isinstance(action, phase.kinds):
            raise IllegalAction(f"{action}: not allowed now ({phase.tag} {phase.name})")
        trial = self.clone()  # rules check against a copy: nothing changes on refusal
        HANDLERS[self.phase][1](trial, action)
        trial.history.append(action)
        self.__dict__.update(trial.__dict__)

    def end(self, winner: str, reason: str) -> None:
        self._outcome = Outcome(winner, reason, f"night {self.night}")
        self.events.append(("end", self.night, winner, reason))

    # -- copies and comparison -----------------------------------------------

    def clone(self) -> LfwGame:
        new = LfwGame.__new__(LfwGame)
        d = dict(self.__dict__)
        for key in ("women", "police"):
            d[key] = dict(d[key])
        d["markers"] = {x: Marker(m.colour, m.revealed) for x, m in self.markers.items()}
        for key in ("wretched", "to_move", "crime_scenes", "clues", "searched", "arrests",
                    "pending", "false_clues", "letters", "history", "events"):  # fmt: skip
            d[key] = list(d[key])
        d["rows"] = [list(r) for r in self.rows]
        new.__dict__.update(d)
        return new

    def _key(self) -> dict:
        d = {k: v for k, v in self.__dict__.items() if k not in ("board",)}
        return d

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LfwGame):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LfwGame night {self.night} {self.phase} to_act={self.to_act}>"
