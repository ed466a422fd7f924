"""Random legal play of Letters from Whitechapel over many seeds, on both
shipped boards, with every option off and with every option on, checking
invariants after every action (in the spirit of OpenSpiel's random
simulation test).

Actions come from `g.random_action(chance)`; in some games Jack heads home
and in some the police look at his path (`lfw_random`), so that games also
reach nights 3 and 4 (N3, the letters), Jack's survival and false clues (O2).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from lfw_random import BOARDS, OPTIONS, choose, new_game, play
from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction
from whitechapel.core.record import Record, record_of, replay
from whitechapel.lfw import actions as a
from whitechapel.lfw.actions import parse_action
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.hell import Marker, hideouts
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import (
    ALLEYS,
    ARRESTED,
    COACHES,
    COLOURS,
    DOUBLE_EVENT_NIGHT,
    FOUND_HIDEOUT,
    JACK,
    MARKED,
    NIGHTS,
    OUT_OF_MOVES,
    POLICE,
    SURVIVED,
    TRACK,
    TRAPPED,
    WOMEN,
)
from whitechapel.lfw.table import PHASES

HUNT_PHASES = {"escape", "graffito", "graffito_chief", "hunt", "false_clue", "clues", "searching"}
HELL_WITH_MARKERS = {"letter", "saucy", "kill", "wretched", "reveal"}
BIG_PHASES = {"women", "patrols"}  # thousands of actions: never listed here


# -- counterfactual states: the same public history, other secrets ---------------------


def _scrub_history(g: LfwGame, other: LfwGame, rng: random.Random) -> None:
    """Jack's secret actions in the history get other circles, so a view that
    read the history would show it."""
    circles = g.board.circles
    out: list[a.Action] = []
    for x in g.history:
        if isinstance(x, a.Hideout):
            x = a.Hideout(other.hideout)
        elif isinstance(x, a.Step):
            x = a.Step(rng.choice(circles), x.home)
        elif isinstance(x, a.Coach):
            x = a.Coach(rng.choice(circles), rng.choice(circles))
        elif isinstance(x, a.Alley):
            x = a.Alley(rng.choice(circles))
        elif isinstance(x, a.Kill) and len(x.circles) == 2:
            x = a.Kill(x.circles[::-1])
        out.append(x)
    other.history = out


def police_counterfactual(g: LfwGame, rng: random.Random, *, history: bool) -> LfwGame:
    """What the police cannot tell apart from `g`: another hideout, other
    circles on Jack's path (spaces and tokens kept; crime scenes are public
    but on the double event their order is not), other marked women; and
    with `history`, other circles in Jack's actions of the history too."""
    other = g.clone()
    choices = [c for c in hideouts(g) if c != g.hideout]
    other.hideout = rng.choice(choices)
    rows = []
    for night, row in enumerate(g.rows, start=1):
        new = []
        for space, circle, how in row:
            new.append((space, circle if how == "crime" else rng.choice(g.board.circles), how))
        if night == DOUBLE_EVENT_NIGHT and len(new) >= 2:
            (s0, c0, h0), (s1, c1, h1) = new[0], new[1]
            new[0], new[1] = (s0, c1, h0), (s1, c0, h1)
        rows.append(new)
    other.rows = rows
    if g.women:
        marks = list(g.women.values())
        rng.shuffle(marks)
        other.women = dict(zip(g.women, marks, strict=True))
    if history:
        _scrub_history(g, other, rng)
    return other


def jack_counterfactual(g: LfwGame, rng: random.Random) -> LfwGame:
    """What Jack cannot tell apart from `g`: which face-down patrol markers
    are real, and their colours."""
    other = g.clone()
    down = [x for x, m in g.markers.items() if not m.revealed]
    colours = [g.markers[x].colour for x in down]
    rng.shuffle(colours)
    for x, colour in zip(down, colours, strict=True):
        other.markers[x] = Marker(colour)
    if other.markers:  # tonight's placement in the history follows the new colours
        by_colour = {m.colour: x for x, m in other.markers.items() if m.colour}
        fakes = tuple(sorted(x for x, m in other.markers.items() if m.colour is None))
        real = tuple(by_colour.get(c, "x0") for c in COLOURS)
        last = max(i for i, x in enumerate(g.history) if isinstance(x, a.Patrols))
        other.history = [*g.history[:last], a.Patrols(real, fakes), *g.history[last + 1 :]]
    return other


class Alternatives:
    """Games that went differently only in the other side's secret choices,
    replayed from the history with one secret action changed (more faithful
    than editing the state: whatever the engine derives from the choice
    changes too).  The view of the side that must not know has to be the same
    to the letter, as long as everything public came out the same.

    - For the police: another hideout (before Jack first announces it);
      tonight's women tokens with other marks (before H4); on night 3 the
      two crime scenes killed in the other order (until Jack's next move).
    - For Jack: tonight's patrol markers with other colours and fakes, as
      long as the markers he turned come out the same."""

    def __init__(self) -> None:
        self.before: dict[type, tuple[int, LfwGame]] = {}  # the last action of a kind

    def note(self, g: LfwGame, action: a.Action) -> None:
        """Called before `action` is applied to `g`."""
        if isinstance(action, a.Hideout | a.Women | a.Patrols | a.Kill):
            self.before[type(action)] = (len(g.history), g.clone())

    @staticmethod
    def _replay(g: LfwGame, start: tuple[int, LfwGame], first: a.Action) -> LfwGame | None:
        i, alt = start
        alt = alt.clone()
        try:
            alt.apply(first)
            for x in g.history[i + 1 :]:
                alt.apply(x)
        except IllegalAction:
            return None  # the rest is not legal after the change: not comparable
        return alt if alt.outcome == g.outcome else None

    def for_police(self, g: LfwGame, rng: random.Random, *, hideout: bool) -> list[LfwGame]:
        out = []
        jack_moves = (a.Step, a.Coach, a.Alley)
        if g.women and a.Women in self.before:
            i, snap = self.before[a.Women]
            women: a.Women = g.history[i]
            places = rng.sample([*women.marked, *women.unmarked], len(g.women))
            k = len(women.marked)
            other = a.Women(tuple(sorted(places[:k])), tuple(sorted(places[k:])))
            out.append(self._replay(g, (i, snap), other))
        if g.night == DOUBLE_EVENT_NIGHT and a.Kill in self.before:
            i, snap = self.before[a.Kill]
            kill: a.Kill = g.history[i]
            if snap.night == g.night and not any(
                isinstance(x, jack_moves) for x in g.history[i + 1 :]
            ):
                out.append(self._replay(g, (i, snap), a.Kill(kill.circles[::-1])))
        home = any(isinstance(x, a.Step) and x.home for x in g.history)
        if hideout and a.Hideout in self.before and not home:
            named = {x.circle for x in g.history if isinstance(x, a.KnowWhereYouLive)}
            i, snap = self.before[a.Hideout]
            choices = [c for c in hideouts(g) if c != g.hideout and c not in named]
            out.append(self._replay(g, (i, snap), a.Hideout(rng.choice(choices))))
        return [alt for alt in out if alt is not None]

    def for_jack(self, g: LfwGame, rng: random.Random) -> list[LfwGame]:
        if not any(not m.revealed for m in g.markers.values()) or a.Patrols not in self.before:
            return []
        i, snap = self.before[a.Patrols]
        patrols: a.Patrols = g.history[i]
        spots = rng.sample([*patrols.real, *patrols.fakes], 7)
        alt = self._replay(g, (i, snap), a.Patrols(tuple(spots[:5]), tuple(sorted(spots[5:]))))
        turned = {x: m for x, m in g.markers.items() if m.revealed}
        if alt is None or set(alt.markers) != set(g.markers):
            return []  # a marker he turned was a fake in one game and not the other
        if {x: m for x, m in alt.markers.items() if m.revealed} != turned:
            return []
        return [alt]


def check_alternatives(g: LfwGame, alts: Alternatives, rng: random.Random, *, hideout: bool):
    if g.outcome is not None:
        return
    police, jack = alts.for_police(g, rng, hideout=hideout), alts.for_jack(g, rng)
    if police:
        pv = g.view(POLICE)
        for alt in police:
            assert alt.view(POLICE) == pv, alt.history[-1]
    if jack:
        jv = g.view(JACK)
        for alt in jack:
            assert alt.view(JACK) == jv


# -- invariants --------------------------------------------------------------------


def check_track(g: LfwGame) -> None:
    assert len(g.rows) == g.night
    for night, row in enumerate(g.rows, start=1):
        spaces = [s for s, _, _ in row]
        assert all(0 <= s < TRACK for s in spaces), row
        # Strictly increasing, with no gap: every move goes in the next free space.
        if spaces:
            assert spaces == list(range(spaces[0], spaces[0] + len(spaces))), row
        assert all(g.board.is_circle(c) for _, c, _ in row)
        kinds = [how for _, _, how in row]
        crimes = 2 if night == DOUBLE_EVENT_NIGHT else 1
        if row:
            assert kinds[:crimes] == ["crime"] * crimes and "crime" not in kinds[crimes:], row
            assert spaces[0] <= 4  # killed on a Roman space (H8)
        if night < g.night or (g.outcome is None and g.phase in HUNT_PHASES):
            assert len(row) >= crimes  # he has killed tonight
        coaches = kinds.count("coach")
        assert coaches % 2 == 0
        if night == g.night:
            assert COACHES[night - 1] - g.coaches == coaches // 2
            assert ALLEYS[night - 1] - g.alleys == kinds.count("alley")


def check_pieces(g: LfwGame, before: LfwGame, action: a.Action) -> None:
    board = g.board
    scenes = [c for _, c in g.crime_scenes]
    assert g.hideout is None or (board.is_circle(g.hideout) and g.hideout not in board.red)
    if g.hideout is not None and g.options.catch_me:  # O5
        assert not set(board.jack_adjacent(g.hideout)) & board.red
    if g.outcome is None and g.phase in HUNT_PHASES:
        assert board.is_circle(g.jack), g.jack  # Jack only on circles in the Hunt
    if g.police_on_board:
        where = list(g.police.values())
        assert sorted(g.police) == sorted(COLOURS)
        assert all(board.is_crossing(x) for x in where)
        assert len(set(where)) == len(where), g.police  # never two on one crossing
    assert all(board.is_crossing(x) for x in g.markers) and len(g.markers) <= 7
    real = [m.colour for m in g.markers.values() if m.colour]
    assert len(set(real)) == len(real)
    if g.outcome is None and g.phase in HELL_WITH_MARKERS:
        assert sorted(real) == sorted(COLOURS)  # fakes may go, real markers never do
        assert len(g.markers) >= 3  # H7 turns at most four, two of which may be fakes
    # Women and Wretched on circles; no two together; never on a crime scene.
    assert set(g.women) <= board.red and not set(g.women) & set(scenes)
    if g.women:
        assert len(g.women) == WOMEN[g.night - 1]
        assert sum(g.women.values()) == MARKED[g.night - 1]
    assert all(board.is_circle(c) for c in g.wretched)
    assert len(set(g.wretched)) == len(g.wretched) and not set(g.wretched) & set(scenes)
    if g.outcome is None and g.phase in ("kill", "wretched", "reveal"):
        assert len(g.wretched) == MARKED[g.night - 1]
    # Crime scenes: one a night, two on night 3, each where a Wretched stood.
    assert len(set(scenes)) == len(scenes)
    assert scenes[: len(before.crime_scenes)] == [c for _, c in before.crime_scenes]
    new = g.crime_scenes[len(before.crime_scenes) :]
    if isinstance(action, a.Kill):
        assert sorted(c for _, c in new) == sorted(action.circles)
        assert set(action.circles) <= set(before.wretched)
        assert all(n == g.night == before.night for n, _ in new)
    else:
        assert not new
    per_night = Counter(n for n, _ in g.crime_scenes)
    for night, count in per_night.items():
        assert count == (2 if night == DOUBLE_EVENT_NIGHT else 1)
    # Clues only on tonight's path (T3), each once.
    assert set(g.clues) <= g.path_circles(), (g.clues, g.row)
    assert len(set(g.clues)) == len(g.clues)
    assert g.coaches >= 0 and g.alleys >= 0 and g.false_clue_tokens >= 0
    assert 1 <= g.night <= NIGHTS or (g.night == 0 and g.phase == "hideout")
    if g.night:  # H3 turns the night's Chief token
        assert g.chief == (None if g.phase == "women" else g.setup.chiefs[g.night - 1])


def check_legal(g: LfwGame, chance: Chance) -> None:
    if g.outcome is not None:
        assert g.legal_actions() == [] and g.to_act is None
        return
    assert g.to_act == PHASES[g.phase].side
    if g.phase in BIG_PHASES:
        action = g.random_action(chance)
        trial = g.clone()
        trial.apply(action, g.to_act)  # what random play offers there applies
        assert parse_action(str(action)) == action
        return
    legal = g.legal_actions()
    assert legal, f"no legal action in {g.phase} but the game goes on"
    assert len(set(legal)) == len(legal) and legal == g.legal_actions()
    assert all(isinstance(x, PHASES[g.phase].kinds) for x in legal)


def check_views(g: LfwGame, rng: random.Random, *, thorough: bool) -> None:
    """Neither view holds the other side's secret (§9): change the secrets
    and the view of the side that must not know stays the same to the
    letter.  `thorough` adds Jack's own view and the checks that the changes
    were visible to the side that knows (not at every position of the Hunt:
    views carry the whole public log, so they are not cheap)."""
    pv = g.view(POLICE)
    text = json.dumps(pv.to_json())
    if g.outcome is not None:
        assert pv.jack is not None and pv.jack.hideout == g.hideout  # the end shows everything
        return
    assert '"jack":' not in text and '"hideout":' not in text
    face_down = any(not m.revealed for m in g.markers.values())
    jv = g.view(JACK) if thorough or face_down else None
    if jv is not None:
        sent = json.dumps(jv.to_json())
        assert '"police_secrets":' not in sent and jv.jack.hideout == g.hideout
    if g.hideout is not None:
        cf = police_counterfactual(g, rng, history=thorough)
        assert cf.view(POLICE) == pv
        if thorough:
            assert cf.view(JACK) != jv  # the change was one Jack can see
    if face_down:
        cf = jack_counterfactual(g, rng)
        assert cf.view(JACK) == jv
        if thorough:
            assert cf.view(POLICE) != pv or cf.markers == g.markers


def replays_identically(g: LfwGame, seed: int) -> None:
    record = Record.loads(record_of(g, seed=seed).dumps())
    again = replay(record)
    assert again == g
    assert again.board is g.board or again.board.name == g.board.name
    assert again.view(JACK) == g.view(JACK) and again.view(POLICE) == g.view(POLICE)


# -- the games ---------------------------------------------------------------------


def policy(seed: int) -> tuple[int, bool]:
    """How a game's players lean: Jack heads home 0, 6 or 9 times in ten;
    in one game in four the police see his path."""
    return (0, 6, 9)[seed % 3], seed % 4 == 1


def checked_game(seed: int, board: str, options: Options) -> LfwGame:
    """A whole random game, every invariant checked after every action, and
    replayed from its record at a random point and at the end."""
    chance, rng = Chance(seed), random.Random(seed)
    homing, seeing = policy(seed)
    g = new_game(seed, board, options)
    replay_at = rng.randrange(1, 150)
    alternatives = Alternatives()
    while g.outcome is None:
        action = choose(g, chance, homing, seeing)
        before = g.clone()
        alternatives.note(g, action)
        g.apply(action)
        assert g.history[-1] == action and len(g.history) == len(before.history) + 1
        check_track(g)
        check_pieces(g, before, action)
        check_legal(g, chance)
        check_views(g, rng, thorough=g.phase not in HUNT_PHASES or rng.random() < 0.1)
        check_alternatives(g, alternatives, rng, hideout=rng.random() < 0.01)
        if len(g.history) == replay_at:
            replays_identically(g, seed)
    replays_identically(g, seed)
    return g


def _phases_of(g: LfwGame) -> set[str]:
    """The phases a finished game went through, replayed from its history."""
    again = LfwGame(g.setup, g.options, g.board)
    seen = set()
    for x in g.history:
        seen.add(again.phase)
        again.apply(x)
    return seen


GAMES_PER_CASE = 40
ENDINGS = {ARRESTED, OUT_OF_MOVES, TRAPPED, SURVIVED, FOUND_HIDEOUT}
CORE_PHASES = {"hideout", "women", "patrols", "kill", "wretched", "reveal", "escape", "hunt"}
CORE_PHASES |= {"clues", "searching"}


@pytest.mark.parametrize("options", sorted(OPTIONS))
@pytest.mark.parametrize("board", BOARDS)
def test_random_games_keep_every_invariant(board, options):
    reasons: Counter[str] = Counter()
    phases: set[str] = set()
    nights: Counter[int] = Counter()
    base = 1000 * BOARDS.index(board) + 500 * sorted(OPTIONS).index(options)
    for seed in range(base, base + GAMES_PER_CASE):
        g = checked_game(seed, board, OPTIONS[options])
        assert g.outcome.reason in ENDINGS
        assert g.outcome.winner == (JACK if g.outcome.reason == SURVIVED else POLICE)
        if g.outcome.reason == SURVIVED:
            assert g.night == NIGHTS and len(g.crime_scenes) == 5
        reasons[g.outcome.reason] += 1
        nights[g.night] += 1
        phases.update(_phases_of(g))
    assert {ARRESTED, OUT_OF_MOVES, SURVIVED} <= set(reasons), reasons
    assert nights[DOUBLE_EVENT_NIGHT] + nights[NIGHTS] > 0, nights
    assert phases >= CORE_PHASES, CORE_PHASES - phases
    if options == "all":
        assert {"letter", "false_clue"} <= phases, phases


def test_random_play_reaches_every_ending_and_every_phase():
    """Across many unchecked games: every way a game can end occurs, and with
    every option on every phase of the phase table is played."""
    reasons: Counter[str] = Counter()
    phases: set[str] = set()
    for seed in range(400):
        g = play(seed, BOARDS[seed % 2], OPTIONS["all"], *policy(seed))
        reasons[g.outcome.reason] += 1
        phases.update(_phases_of(g))
    assert set(reasons) == ENDINGS, reasons
    assert phases == set(PHASES), set(PHASES) - phases
