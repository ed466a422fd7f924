"""Learning Letters from Whitechapel inside the program: the learn screen
(the menu's "Learn … by playing", `whitechapel lfw learn`), where the
player picks a side for a guided first night or opens the notebook
puzzles; and the guided game's screen.

The guided game is a game on the tutorial board against the easy computer,
with the `hints` setting on (kept in its record: Continue keeps them).  The first
time each kind of decision comes up (lfw/hints.py) its hint comes up over
the board (Enter or Esc closes it; any other key closes it and does what it
does on the board) and stays at the top of the notebook panel while that
decision lasts.  Every hint is computed from the view at the keyboard (the
secrecy rule), and shown only on the learner's turn.  When the first night
ends (Jack home, caught, or out of moves) a closing box says the lesson is
over, in the learner's side's words (the police: what won it; Jack: what
lost it), and offers the ways on: play on (Enter), try again (R: a new
guided night), the other side's guided night (O), a new game against the
normal computer (N), the menu (Esc), the puzzles (P).  On the finished board Esc goes back to the menu (as on every
finished LfW board: keys.py).

A police learner's Jack is the teaching Jack (`players/teaching.py`, the
record still names the easy computer, which he is from night 2): the easy
Jack on the tutorial board killed next to his hideout and was home at his
first move in half the games, so the learner met no Hunt on the first
night (play-testers A, C, E).  The teaching Jack waits twice before he
kills (the learner moves the Wretched and sees a marker turned: round 15),
kills far from home and keeps out for his first three moves, unless the
police arrest him first; he opens with a coach and takes an alley soon
after (round 6).  A Jack learner's police are the teaching police
(`players/teaching_police.py`, the easy police but for no arrest in night
1's first three Hunts): the easy police caught him at his first move
(play-testers I and J, round 5).  The whole tutorial board fits a usual
window; it is a teaching board: there the police win most games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.widgets.option_list import Option

from whitechapel.core.players import computer_name
from whitechapel.core.settings import value_of
from whitechapel.core.store import Store
from whitechapel.lfw import hints
from whitechapel.lfw.players.teaching import LEVEL as TEACHING
from whitechapel.lfw.players.teaching_police import LEVEL as TEACHING_POLICE
from whitechapel.lfw.rulebook import JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui.panels import untagged
from whitechapel.lfw.ui.screen import SIDE_WIDTH, LfwScreen
from whitechapel.lfw.views import LfwView
from whitechapel.ui.screens.puzzles import ListScreen
from whitechapel.ui.source import Source
from whitechapel.ui.widgets.text import TextPanel

LEVEL = "easy"  # the computer a learner plays against
NEXT_LEVEL = "normal"  # the computer of the lesson's "a new game" (N)
BOARD = "tutorial"  # a first night with a Hunt in it, the whole board in sight
LEARNER = "You"
GUIDED_SETTINGS = {"hints": "first"}
OTHER = {JACK: POLICE, POLICE: JACK}
SIDE_CHOICES = (
    (
        POLICE,
        "Play the police: a guided first night",
        "the computer plays a teaching Jack, who shows you each part of the night "
        "once (his waits, a coach, and an alley where the streets let him); you place "
        "the patrols, move the "
        "Wretched, the policemen, search and arrest (an early arrest ends the "
        "night sooner); ctrl+z takes back a move",
    ),
    (
        JACK,
        "Play Jack: a guided first night",
        "the computer (easy) plays the police, and makes no arrest in your first "
        "three moves; you choose your hideout, kill and escape; ctrl+z takes back a move",
    ),
)


def guided_game(side: str, seed: int | None = None, store: Store | None = None) -> GuidedScreen:
    """A new game with hints: `side` the learner's, the other the easy
    computer's, on the tutorial board."""
    from whitechapel.core.chance import new_seed
    from whitechapel.core.record import record_of
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.options import Options
    from whitechapel.ui.source import LocalSource

    board = load_board(BOARD)
    seed = new_seed() if seed is None else seed
    game = LfwGame.new(seed, Options(), board)
    players = {side: LEARNER, OTHER[side]: computer_name(LEVEL)}
    record = record_of(game, seed=seed, players=players, settings=dict(GUIDED_SETTINGS))
    return GuidedScreen(LocalSource(game, record, store or Store()), board)


def hints_on(source: Source) -> bool:
    return value_of(RULES.settings, source.settings, "hints") != "off"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a hint's box goes: its left column and top row, its width and
    its most rows (`bottom`: over the map's column, its foot on the
    prompt's top, where neither beside nor under the drawing had room)."""

    x: int
    y: int
    width: int
    height: int
    bottom: bool = False


MIN_BOX = 30  # the narrowest a hint's box reads well
MAX_BOX = 76  # the widest (a line a reader follows)
MIN_ROWS = 8  # room under the map's drawing worth using
# rows above the prompt worth a box that scrolls there (testers T4, V4 and X4,
# LfW rounds 50-52, at 120×40 and 132×43: the box over the prompt and the
# choices, "you have to press Enter before you can see what to do")
MIN_ABOVE = 6


def hint_spot(
    region: tuple[int, int, int, int],
    drawn: tuple[int, int],
    screen: tuple[int, int],
    rows: Callable[[int], int] = lambda width: MIN_ROWS,
    foot: int | None = None,
) -> Spot:
    """A hint box's place on the map's side of the screen (`region`: the
    map widget's x, y, width, height; `drawn`: its drawing's size; `screen`:
    the window's; `rows`: the rows the box needs at a width; `foot`: the
    prompt's first row, which the box stops above, the window's foot where
    there is none): beside the drawing where it leaves `MIN_BOX` columns,
    else under it, above the prompt where the box fits there (tester T4,
    LfW round 50: at 160×45 "the hint box is drawn over the prompt lines, so
    part of the prompt is hidden until you press Enter"), else down over
    the prompt rather than over the drawing (tester P, round 8); else over
    the map's column from the prompt up.  Never right of the map's column,
    where the side panels are.  Above the prompt it may scroll, where
    `MIN_ABOVE` rows are there (PgDn: more, the box says)."""
    x, y, width, _ = region
    foot = screen[1] if foot is None else max(1, min(foot, screen[1]))
    right = width - drawn[0] - 2
    if right >= MIN_BOX:
        return Spot(x + drawn[0] + 2, y, min(right, MAX_BOX), max(1, foot - y))
    top = y + drawn[1] + 1
    wide = min(width, MAX_BOX + 24)
    if screen[1] - top >= MIN_ROWS:  # (the map widget itself may end sooner: the prompt grew)
        if rows(wide) <= foot - top or foot - top >= MIN_ABOVE:  # above the prompt (it scrolls)
            return Spot(x, top, wide, foot - top)
        return Spot(x, top, wide, screen[1] - top)  # over it rather than over the drawing
    need = min(rows(wide), foot)
    return Spot(x, foot - need, wide, need, bottom=True)


class HintBox(ModalScreen[None]):
    """A hint beside the board, the first time its decision comes up: on
    the map's side of the screen, never over the side panels, where the
    notebook's deduction lines are (play-tester D2, round 15: the box over
    the right column hid "Deduction: Jack can be on …", what a newcomer
    needs then).  Where the map's drawing leaves room (`hint_spot`): beside
    it (200×60), or under it (120×40); else over the map's column from the
    prompt up (80×24): never over the prompt, whose keys it names.  While
    the box is up the side panel does not repeat it (one copy on screen).
    A hint longer than its room scrolls in its box (PageDown, PageUp).
    Enter or Esc closes it;
    any other key closes it and goes on to the board, so a key the hint
    names is never lost (play-tester B, round 1).  No toast shows over it
    (tester G4, LfW round 44: "F5 sh▌"): they come back once it is closed,
    if their time is not up."""

    DEFAULT_CSS = f"""
    HintBox {{ align: left bottom; }}
    HintBox > Vertical {{
        width: {SIDE_WIDTH}; height: auto; max-height: 100%;
        border: heavy $success; background: $surface; padding: 0 1;
        overflow-y: auto; scrollbar-size-vertical: 1;
    }}
    HintBox #hint-keys {{ margin-top: 1; color: $text-muted; }}
    HintBox Toast {{ visibility: hidden; }}
    """
    BINDINGS = [
        Binding("enter", "close", "Continue", id="lfw.hint_close"),
        Binding("escape", "close", "Continue", show=False, id="lfw.hint_escape"),
        # the board's take-back, through the box (it swallowed ctrl+z: the
        # key is the game screen's, and a box over it is a screen of its own)
        Binding("ctrl+z", "take_back", "Take back", show=False, id="lfw.hint_take_back"),
        # the box's own text, where it is longer than its room (tester H4,
        # LfW round 44: PageDown closed the box before he had read its end)
        Binding("pagedown", "scroll_box(1)", "More", show=False, id="lfw.hint_more"),
        Binding("pageup", "scroll_box(-1)", "Back", show=False, id="lfw.hint_back"),
    ]

    def __init__(self, hint: hints.Hint) -> None:
        super().__init__()
        self.hint = hint

    PLACED = True  # placed by `hint_spot` (the lesson's end: its own CSS)

    def rows(self, width: int, foot: str | None = None) -> int:
        """The rows the box takes `width` columns wide: its text wrapped as
        its `Static`s wrap it, its keys line (`foot`, by default `FOOT`)
        under a blank row, and its borders."""
        inner = max(width - 4, 10)  # a border and a cell of padding each side
        console = self.app.console if self.is_attached else Console(width=inner)
        said = len(Text.from_markup(self.text()).wrap(console, inner))
        foot = self.FOOT if foot is None else foot
        keys = 1 + len(Text(foot).wrap(console, inner)) if foot else 0
        return 2 + said + keys

    def text(self) -> str:
        h = self.hint
        head = f"Hint · {h.title}" if h.tag else h.title  # the tag stays off (`untagged`)
        return untagged(
            f"[b]{escape(head)}[/b]\n\n{escape(h.rule)}\n\n[b]Keys:[/b] {escape(h.keys)}"
        )

    def on_mount(self) -> None:
        self.place()
        self.call_after_refresh(self.place)  # the prompt under it laid out by then

    def on_resize(self) -> None:
        self.place()

    def place(self) -> None:
        """The box where the map's drawing leaves room (`hint_spot`)."""
        if not self.PLACED or len(self.app.screen_stack) < 2:
            return
        under = self.app.screen_stack[-2]
        maps = under.query("#map")
        if not maps:
            return
        m = maps.first()
        drawn = m.virtual_size
        top = under.prompt_top() if isinstance(under, LfwScreen) else None
        spot = hint_spot(
            (m.region.x, m.region.y, m.region.width, m.region.height),
            (drawn.width, drawn.height),
            (self.size.width, self.size.height),
            self.rows,
            None if top is None else top - 1,
        )
        box = self.query_one(Vertical)
        self.styles.align = ("left", "top")
        box.styles.offset = (spot.x, spot.y)
        box.styles.width = spot.width
        box.styles.max_height = spot.height
        if self.FOOT:  # a box shorter than its text says how to read on
            more = self.rows(spot.width, self.FOOT_MORE) > spot.height
            self.query_one("#hint-keys", Static).update(self.FOOT_MORE if more else self.FOOT)

    FOOT = "Enter: continue · other keys act on the board (its keys stay in the side panel)"
    FOOT_MORE = "PgDn: more · Enter: continue · other keys act on the board"
    PASS_KEYS = True  # another key closes the box and goes on to the board

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text(), id="hint")
            if self.FOOT:
                yield Static(self.FOOT, id="hint-keys")

    gone = False  # dismissed: keys still coming to it go on to the board

    def leave(self) -> bool:
        """Dismiss the box, once: a second dismiss would pop the screen
        under it (play-tester K, round 6: two quick keys over a hint closed
        the game and the app with it).  False if it was gone already."""
        if self.gone:
            return False
        self.gone = True
        self.dismiss(None)
        return True

    def forward(self, key: str, char: str | None) -> None:
        """`key` on to the board, once the box is gone (in order)."""
        self.app.call_later(self.app.post_message, events.Key(key, char))

    def action_close(self) -> None:
        if not self.leave() and self.PASS_KEYS:
            self.forward("enter", "\r")

    def action_scroll_box(self, pages: int) -> None:
        """PageDown, PageUp: the box's text a page on or back; the box stays."""
        box = self.query_one(Vertical)
        if pages > 0:
            box.scroll_page_down(animate=False)
        else:
            box.scroll_page_up(animate=False)

    def action_take_back(self) -> None:
        """ctrl+z: the box closes and the game under it takes back the
        learner's last action (`GameScreen.action_take_back`)."""
        stack = self.app.screen_stack
        under = stack[-2] if len(stack) > 1 and stack[-1] is self else None
        if self.leave() and under is not None and hasattr(under, "action_take_back"):
            self.app.call_later(under.action_take_back)

    def on_key(self, event: events.Key) -> None:
        if self.gone and not event.key.startswith("ctrl+"):
            event.stop()
            event.prevent_default()
            if self.PASS_KEYS:
                self.forward(event.key, event.character)
            return
        if event.key in self.active_bindings or event.key.startswith("ctrl+"):
            return  # the box's own keys, and the app's
        event.stop()
        event.prevent_default()
        if not self.PASS_KEYS:
            return
        self.leave()
        self.forward(event.key, event.character)


LESSON_ON = (
    "ctrl+z: take back your last move and try again, F1: the rules, ctrl+q: quit (the game "
    "is saved)"
)
# at the game's end: R brings the lesson's ways on back (`GuidedScreen`)
LESSON_ENDED = (
    "R: try again, O: the other side, P: the puzzles, N: a new game; ctrl+z: take back "
    "your last move; F1: the rules; ctrl+q: quit (the game is saved)"
)


class LessonOverBox(HintBox):
    """The closing hint of the guided night: Enter plays on (or, at the
    game's end, shows the board), R tries again (a new guided night, the
    same side, a new seed), Esc goes back to the menu, P opens the notebook
    puzzles (hints.KEYS names the same keys)."""

    BINDINGS = [
        Binding("enter", "close", "Play on", id="lfw.lesson_on"),
        Binding("r,R", "try_again", "Try again", id="lfw.lesson_again"),
        Binding("o,O", "other_side", "Other side", id="lfw.lesson_other"),
        Binding("n,N", "new_game", "New game", id="lfw.lesson_new"),
        Binding("escape", "menu", "Menu", id="lfw.lesson_menu"),
        Binding("p,P", "puzzles", "Puzzles", id="lfw.lesson_puzzles"),
    ]
    FOOT = ""  # the keys are the hint's own
    PASS_KEYS = False  # leaving the lesson is a choice, never a stray key
    PLACED = False  # over the board's middle: the night is over
    # the night is over: nothing on the board waits for a decision, and the
    # ways on read best on one line each
    DEFAULT_CSS = """
    LessonOverBox { align: center middle; }
    LessonOverBox > Vertical { width: 90%; max-width: 76; }
    """

    def __init__(self, hint: hints.Hint, side: str | None = None) -> None:
        super().__init__(hint)
        self.side = side  # the learner's: a new guided night is his side's

    async def action_menu(self) -> None:
        if self.leave():
            self.app.call_later(self.app.action_back)

    def action_try_again(self) -> None:
        """A new guided night, the same side, a new seed (play-tester I)."""
        if self.side is not None and self.leave():
            self.app.call_later(go_on, self.app, AGAIN, self.side)

    def action_other_side(self) -> None:
        """The other side's guided night (play-tester D2, round 15: what next)."""
        if self.side is not None and self.leave():
            self.app.call_later(go_on, self.app, OTHER_SIDE, self.side)

    def action_new_game(self) -> None:
        """A new game's setup, the learner's side against the normal computer."""
        if self.side is not None and self.leave():
            self.app.call_later(go_on, self.app, NEW_GAME, self.side)

    def action_puzzles(self) -> None:
        if self.leave():
            self.app.call_later(go_on, self.app, PUZZLES, self.side)


# the ways on from a finished guided night, by the key that takes each, in
# its box and on the board after it (tester F3, round 30: "Pressing O on the
# board did nothing")
AGAIN, OTHER_SIDE, NEW_GAME, PUZZLES = "r", "o", "n", "p"


def go_on(app: Any, way: str, side: str | None) -> None:
    """Leave a finished guided night `way`: a new one of the same side (a
    new seed), the other side's, a new game's setup against the normal
    computer, or the puzzles, each in the finished night's place (testers
    M4 and N4, round 47: Esc from the puzzles went back to the finished
    lesson, not to the menu)."""
    from whitechapel.lfw.ui.puzzles import PuzzleList
    from whitechapel.lfw.ui.setup import LfwSetup

    if way == PUZZLES:
        app.switch_screen(PuzzleList())
    elif side is None:
        return
    elif way == AGAIN:
        app.switch_screen(guided_game(side))
    elif way == OTHER_SIDE:
        app.switch_screen(guided_game(OTHER[side]))
    elif way == NEW_GAME:
        app.switch_screen(LfwSetup(players={OTHER[side]: computer_name(NEXT_LEVEL)}))


class GuidedScreen(LfwScreen):
    """The LfW game screen with hints (the `hints` setting)."""

    def __init__(self, source: Source, board: Any) -> None:
        super().__init__(source, board)
        self.hints = hints_on(source)
        self.hinted: set[str] = set()  # the kinds whose box came up
        self.boxed: str | None = None  # the kind whose box is up now
        if self.hints and self.turns.computers.get(JACK) == LEVEL:
            # the easy computer's Jack is the teaching one: a first night
            # with a Hunt in it (the record names the easy computer, which
            # he is from night 2 on: players/teaching.py)
            self.turns.computers[JACK] = TEACHING
        if self.hints and self.turns.computers.get(POLICE) == LEVEL:
            # and the easy police the teaching ones: no arrest in night 1's
            # first Hunts (players/teaching_police.py)
            self.turns.computers[POLICE] = TEACHING_POLICE

    def takes_back(self) -> bool:
        """The guided night takes back moves (ctrl+z), as Pocket's guided
        game does."""
        return self.hints

    async def on_key(self, event: events.Key) -> None:
        """On a finished guided night whose end has had its box, the box's
        ways on: R tries again, O the other side, P the puzzles, N a new
        game.  Tester A3 (round 28): Enter on the lesson's end looked at the
        board, and then nothing there offered to try again; F3 (round 30):
        "Pressing O on the board did nothing"."""
        way = (event.character or "").lower()
        if (
            way in (AGAIN, OTHER_SIDE, NEW_GAME, PUZZLES)
            and self.boxed is None
            and self.source.outcome is not None
        ):
            hint = self.lesson_over()
            if hint is not None and hint.kind in self.hinted:
                event.stop()
                event.prevent_default()
                go_on(self.app, way, self.turns.human)
                return
        await super().on_key(event)

    def end_words(self, view: LfwView) -> str:
        """Where the game ends with the guided night, Enter on its summary
        leads to the lesson's end: why, and the ways on (tester N3, round
        34: "After 'Jack is arrested' there is no review and no 'next,
        try…'; Esc goes straight to the menu")."""
        if self.hints and view.night == hints.LESSON_NIGHT:
            return "see why, and what to try next"
        return super().end_words(view)

    def hint_now(self, view: LfwView | None = None) -> hints.Hint | None:
        """The hint of the decision at the keyboard, if any (from its view)."""
        if not self.hints or not self.can_act() or self.source.outcome is not None:
            return None
        return hints.hint(view if view is not None else self.current_view())

    def lesson_over(self) -> hints.Hint | None:
        """The closing hint, when the guided first night has ended (from
        the view at the keyboard; at the game's end, from the one shown)."""
        if not self.hints or self.curtain_up:  # after the night's summary (nightend.py)
            return None
        if self.source.outcome is None and not self.can_act():
            return None
        # the learner's side named: a finished game shows Jack's view to both
        # (play-tester C2, round 15: a police learner read Jack's lesson)
        return hints.lesson_over(self.current_view(), self.board, self.turns.human)

    def refresh_all(self) -> None:
        super().refresh_all()
        shown = [h for h in (self.lesson_over(), self.hint_now()) if h is not None]
        if not shown:
            return
        # one box at a time: the next comes when this one closes
        due = next((h for h in shown if h.kind not in self.hinted), None)
        if due is not None:
            self.hinted.add(due.kind)
            self.boxed = due.kind
            box = (
                LessonOverBox(due, self.turns.human) if due.kind == "lesson_over" else HintBox(due)
            )
            self.call_after_refresh(self.app.push_screen, box, self.box_closed)
        # beside the map, the keys alone: the box said the rule (F1 says it
        # again), and a whole hint pushed Jack's secret sheet out of an 80x24
        # panel (play-tester J, round 5); not while its box is up: one copy
        # on screen (play-tester D2, round 15)
        # The lesson's end says its keys in its box only: on the board
        # after it, Esc takes a pick back (play-tester N, round 7, read
        # "Esc: back to the menu" beside a board where it did not)
        ended = LESSON_ENDED if self.source.outcome is not None else LESSON_ON
        lines = "".join(
            f"[b green]{'Hint · ' if h.tag else ''}{escape(h.title)}:[/b green] "
            f"{escape(h.keys if h.kind != 'lesson_over' else ended)}\n\n"
            for h in shown
            if h.kind != self.boxed
        )
        if lines:
            notes = self.query_one("#notes", TextPanel)
            notes.set(untagged(lines) + notes.markup)

    def box_closed(self, _: None = None) -> None:
        self.boxed = None
        if self.is_current:
            self.refresh_all()  # the next hint's box, if one is due


def entry(title: str, what: str) -> Group:
    """A choice of the learn screen: its title, and under it what it is,
    indented on every line it wraps to (play-tester D, round 2)."""
    return Group(Text(title), Padding(Text(what, style="dim"), (0, 0, 0, 3)))


class LearnScreen(ListScreen, scope="lfw"):
    """The learn screen: a guided first night as either side, or the puzzles."""

    STEM = "learn"
    AGAIN_FROM_THE_TOP = True

    def __init__(self) -> None:
        heading = (
            "[b]Learn Letters from Whitechapel[/b]\nA first night on the small tutorial "
            "board against the easy computer, with a hint each time a new kind of "
            "decision comes up; or short notebook puzzles."
        )
        options = [
            Option(entry(title, what), id=f"side-{side}") for side, title, what in SIDE_CHOICES
        ]
        options.append(
            Option(
                entry(
                    "Notebook puzzles",
                    "where Jack can be, where to search, which arrest can succeed",
                ),
                id="puzzles",
            )
        )
        super().__init__(heading, options)

    def chosen(self, option: str) -> None:
        if option == "puzzles":
            from whitechapel.lfw.ui.puzzles import PuzzleList

            self.app.push_screen(PuzzleList())
        elif option.startswith("side-"):
            self.app.switch_screen(guided_game(option[5:]))
