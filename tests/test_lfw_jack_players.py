"""Jack's computer players (lfw/players/jack.py): every level plays whole
games legally, answers the same to the same view and seed, and, in
hand-made positions on the tutorial board, does what a sensible Jack must:
announces his hideout on its last chance (T1), breaks out by coach when
every walk is blocked or arrestable (T1-T3), never picks a move after which
the police can arrest him for sure when another move leaves him a chance,
keeps off a circle a policeman keeps watch on; and, in a night-2 position
of a game on the 1888 board, reads the notebook as the hard police do."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from whitechapel.core import players
from whitechapel.core.arena import play_one, player_seed
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.notation import parse_action
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.options import OPTIONS
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.jack import JACKS
from whitechapel.lfw.players.jack import LEVELS as LEVELS_OF_JACK
from whitechapel.lfw.players.jack_board import tables
from whitechapel.lfw.players.jack_reach import crowding, likeliest_arrests
from whitechapel.lfw.rulebook import COLOURS, JACK, LAST_SPACE, POLICE
from whitechapel.lfw.view_parts import ArrestSeen, JackSheet, MoveSeen, NightSeen, PathSpace
from whitechapel.lfw.views import CrimeScene, JackView, PhaseSeen, TrackSpace

LEVELS = ("easy", "normal", "hard")
TUTORIAL = {"builtin": "tutorial@2"}
BOARD = load_board("tutorial@2")
# A fresh game's view of Jack: the fields the hand-made positions leave as they are.
BLANK = LfwGame.new(1, board=BOARD).view(JACK)
ALL_ON = {name: True for name in OPTIONS}
DATA = Path(__file__).parent / "data"


# -- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", [None, TUTORIAL], ids=["1888", "tutorial"])
@pytest.mark.parametrize("options", [{}, ALL_ON], ids=["plain", "all-options"])
def test_every_level_plays_whole_games_legally(level, table, options):
    """`play_one` asks as every host does and refuses an action not in the
    legal list (PlayerError), so a finished game is a legal one."""
    for seed in (5, 6):
        result = play_one("lfw", {JACK: level, POLICE: "random"}, seed, None, options, table)
        assert result.winner in (JACK, POLICE)
        assert result.times["cpu"][JACK]


def test_the_levels_are_offered_for_jack():
    for level in LEVELS:
        p = players.new_player("lfw", level, JACK, 1)
        assert (p.side, p.level) == (JACK, level)
    assert set(JACKS) == {*LEVELS, "hard-2026-12"}  # and the frozen reference


def _decisions(level: str, seed: int) -> list[tuple[JackView, Sequence[str], str]]:
    """Jack's views, legal actions and answers in a game against random police."""
    from whitechapel.core.registry import rules_for

    rules = rules_for("lfw")
    options = rules.check_options(ALL_ON)
    state = rules.start(rules.random_setup(seed, options, None), options)
    table = players.table_of("lfw", state)
    seats = {
        JACK: players.new_player("lfw", level, JACK, 77, table),
        POLICE: players.new_player("lfw", "random", POLICE, 5, table),
    }
    out = []
    while state.outcome is None:
        side = state.to_act
        assert side is not None
        view = state.view(side)
        action = players.choose(seats[side], "lfw", view).action
        if side == JACK:
            out.append((view, players.legal_in("lfw", view), action))
        state.play(action, side)
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_views_and_seed_give_the_same_answers(level):
    played = _decisions(level, seed=11)
    assert len(played) > 20
    assert any(view.phase.key == "escape" for view, _, _ in played)
    fresh = players.new_player("lfw", level, JACK, 77, None)
    # asked in the opposite order: an answer depends on its view alone
    again = [fresh.choose(view, legal) for view, legal, _ in reversed(played)]
    assert again[::-1] == [action for _, _, action in played]


# -- hand-made positions (tutorial board) --------------------------------------------------


def jack_view(
    *,
    here: int,
    home: int,
    police: dict[str, str],
    scene: int,
    path: tuple[tuple[int, str], ...] = (),
    held: list[dict[str, str]] | None = None,
    coaches: int = 0,
    alleys: int = 0,
    last_index: int | None = None,
) -> JackView:
    """Jack's view in T1 of night 1: the crime on `scene` (space I), then
    `path` (circle, how) with the policemen's crossings at each move
    (`held`, default: where they are now); the track may be pushed on to
    `last_index` so that fewer spaces are left.  Its legal actions are
    worked out from it (`escape_actions`)."""
    row = [PathSpace("I", scene, "crime")]
    moves = []
    index = 4
    for k, (circle, how) in enumerate(path):
        index += 1
        row.append(PathSpace(str(index - 4), circle, how))
        moves.append(MoveSeen(how, index, (held or [police] * len(path))[k]))
    track = [TrackSpace(e.space, 4 + i, e.how) for i, e in enumerate(row)]
    if last_index is not None:
        track[-1] = replace(track[-1], index=last_index)
    view = replace(
        BLANK,
        night=1,
        phase=PhaseSeen.of(Phase.ESCAPE),
        police=dict(police),
        track=tuple(track),
        coaches_left=coaches,
        alleys_left=alleys,
        crime_scenes=(CrimeScene(1, scene),),
        nights=(NightSeen(1, (scene,), 4, tuple(moves)),),
        log=(),
        jack=JackSheet(home, here, (tuple(row),), ()),
    )
    return replace(view, legal=tuple(parse_action(t) for t in escape_actions(view)))


def escape_actions(view: JackView) -> list[str]:
    """T1's legal moves worked out from the view (as the engine lists them)."""
    here, home = view.jack.position, view.jack.hideout
    space = view.track[-1].index + 1
    out = []
    for c in BOARD.jack_moves(here, BOARD.police_mask(view.police.values())):
        out.append(f"step {c}")
        if c == home:
            out.append(f"step {c} home")
    if view.coaches_left and space + 1 <= LAST_SPACE:
        out += [f"coach {m} {e}" for m, e in BOARD.coach_routes(here)]
    if view.alleys_left:
        out += [f"alley {c}" for c in BOARD.alley_destinations(here)]
    return out


def ask(level: str, view: JackView, seed: int = 1) -> str:
    legal = escape_actions(view)
    player = JACKS[level](JACK, seed, TUTORIAL)
    answer = player.choose(view, legal)
    assert answer in legal
    return answer


FAR_AWAY = {"brown": "x35", "red": "x36", "green": "x37"}  # the south-east corner


@pytest.mark.parametrize("seed", range(4))
def test_t1_hard_announces_home_on_the_last_space(seed):
    # Jack on 7 next to his hideout 8 with one space left; the police far off.
    police = {"blue": "x41", "yellow": "x42", **FAR_AWAY}
    view = jack_view(here=7, home=8, police=police, scene=13, path=((7, "step"),), last_index=18)
    assert "step 8 home" in escape_actions(view)
    assert ask("hard", view, seed) == "step 8 home"


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(
    "held", [["x1", "x11"], ["x1"]], ids=["every-walk-blocked", "the-walk-arrestable"]
)
def test_t1_breaks_out_by_coach_when_every_walk_is_blocked_or_arrestable(level, held):
    # Jack on 1 (home 27): x1 and x11 are its only ways out; a policeman on
    # either can reach an arrest on 2 and 14.  Of the coach's circles only
    # 28 (by 14) is out of every policeman's reach this turn.
    police = dict(zip(("blue", "yellow"), held, strict=False)) | FAR_AWAY
    view = jack_view(here=1, home=27, police=police, scene=2, path=((1, "step"),), coaches=1)
    tb = tables(BOARD)
    steps = [a for a in escape_actions(view) if a.startswith("step")]
    assert all(tb.threats(int(a.split()[1]), police.values()) for a in steps)
    assert ask(level, view) == "coach 14 28"


@pytest.mark.parametrize("seed", range(4))
def test_t1_hard_never_takes_a_sure_arrest_when_another_move_leaves_a_chance(seed):
    # Just after the crime on 1, with x1 held, the only walk is to 14: the
    # police would know he is there, and the blue policeman reaches x11.
    # An alley (to 2, 9 or 14) is arrestable too, but the police cannot
    # tell which of the three he took.
    police = {"blue": "x1", "yellow": "x42", **FAR_AWAY}
    view = jack_view(here=1, home=27, police=police, scene=1, alleys=1)
    assert [a for a in escape_actions(view) if a.startswith("step")] == ["step 14"]
    after_step = notebook(_moved(view, "step"), BOARD)
    assert after_step.possible == (14,)
    assert ask("hard", view, seed).startswith("alley")


def _moved(view: JackView, how: str) -> JackView:
    """The view once Jack made a move of kind `how`, as the police move (T2)."""
    night = view.nights[-1]
    night = replace(night, moves=(*night.moves, MoveSeen(how, 5, view.police)))
    return replace(
        view,
        phase=PhaseSeen.of(Phase.HUNT),
        nights=(night,),
        track=(*view.track, TrackSpace("1", 5, how)),
    )


def test_the_hand_made_views_carry_what_the_notebook_reads():
    police = {c: x for c, x in zip(COLOURS, ["x1", "x42", "x35", "x36", "x37"], strict=True)}
    view = jack_view(here=14, home=27, police=police, scene=1, path=((14, "step"),))
    assert notebook(view, BOARD).possible == (14,)


# -- issue 30: the hard Jack against the hard-2026-12 reference ------------------------------


def test_the_tutorial_board_is_crowded_and_the_1888_board_is_not():
    # Five policemen stand beside 30 of the tutorial's 36 circles after a move
    # (the police's own measure), against 63 of the 1888 board's 195.
    assert crowding(BOARD) > 0.5 > crowding(load_board("whitechapel-1888@2"))


@pytest.mark.parametrize("seed", range(3))
def test_t1_hard_goes_home_at_once_on_a_board_the_police_cover(seed):
    # Jack on 3, next to his hideout 2, with spaces and tokens to spare and
    # the police in the corners: the reference passes through (a bluff, to
    # widen the hideouts the night's end leaves); on the tutorial board every
    # turn outside risks an arrest, and the hard Jack ends the night (T1).
    police = {"blue": "x41", "yellow": "x42", **FAR_AWAY}
    view = jack_view(
        here=3, home=2, police=police, scene=4, path=((3, "step"),), coaches=2, alleys=2
    )
    assert ask("hard-2026-12", view, seed) == "step 2"
    assert ask("hard", view, seed) == "step 2 home"


@pytest.mark.parametrize("seed", range(3))
def test_t1_hard_keeps_off_the_circle_the_police_would_arrest_on_first(seed):
    # A step after the crime on 36, Jack on 24 (home 12): the reference steps
    # back onto the crime scene, where the police count three of the nine
    # paths and a policeman reaches an arrest; the hard Jack reads the
    # police's notebook after the step and takes a circle they would leave
    # for lack of policemen.
    police = {"blue": "x13", "yellow": "x10", "brown": "x6", "red": "x1", "green": "x26"}
    view = jack_view(here=24, home=12, police=police, scene=36, path=((24, "step"),))
    after = notebook(_moved(view, "step"), BOARD)
    first = likeliest_arrests(tables(BOARD), after.counts, police.values())
    assert max(after.counts, key=after.counts.__getitem__) == 36 and 36 in first
    assert ask("hard-2026-12", view, seed) == "step 36"
    chosen = int(ask("hard", view, seed).split()[1])
    assert chosen in after.counts and chosen not in first


# Home 27 of the tutorial board is one of three circles joined by bare street
# segments (27-28-29): its seal is the four crossings around the three.
SEAL_27 = {"blue": "x28", "yellow": "x33", "brown": "x40", "red": "x41", "green": "x1"}
SCENE_15 = 2  # the crime scene a step before 15


@pytest.mark.parametrize("seed", range(3))
def test_t1_hard_sealed_out_breaks_in_by_a_token_onto_a_bare_segment_home(seed):
    # Jack on 15, the policemen on every crossing around 27-28-29: no normal
    # move reaches home past them.  The reference walks on, and the seal
    # holds until space 15; the hard Jack takes the alley onto 28 (alleys
    # ignore policemen, T1), from where the step home passes no crossing
    # and no policeman can block it.
    view = jack_view(
        here=15, home=27, police=SEAL_27, scene=SCENE_15, path=((15, "step"),), coaches=1, alleys=1
    )
    walk = tables(BOARD).walk_need(27, BOARD.police_mask(SEAL_27.values()), 10)
    assert 15 not in walk  # sealed out: no walk home at all
    assert not any(a.startswith("step 27") for a in escape_actions(view))
    assert ask("hard-2026-12", view, seed).split()[-1] not in {"28", "29"}
    assert ask("hard", view, seed) == "alley 28"
    inside = jack_view(
        here=28, home=27, police=SEAL_27, scene=SCENE_15, path=((15, "step"), (28, "alley"))
    )
    assert "step 27 home" in escape_actions(inside)


def test_s1_hard_lives_among_circles_joined_by_bare_segments():
    # A hideout whose circles are joined by bare street segments cannot be
    # sealed against a coach or an alley onto one of them and a step home
    # (T1): on the tutorial board the hard Jack always lives in such a
    # three-circle cluster; the reference often does not.
    tb = tables(BOARD)
    kin = {"hard-2026-12": [], "hard": []}
    for seed in range(12):
        game = LfwGame.new(seed, board=BOARD)
        legal = [str(a) for a in game.legal_actions()]
        for level, out in kin.items():
            answer = JACKS[level](JACK, seed, TUTORIAL).choose(game.view(JACK), legal)
            out.append(len(tb.kin(int(answer.split()[-1]))))
    assert kin["hard"] == [2] * 12
    assert kin["hard-2026-12"].count(0) >= 3


# A step after the crime on 30, Jack on 32 (home 2); the red policeman on x28
# can arrest on 29 this turn.
WATCH_29 = {"blue": "x18", "yellow": "x16", "brown": "x8", "red": "x28", "green": "x26"}


@pytest.mark.parametrize("seed", range(3))
def test_t1_hard_keeps_off_a_circle_a_policeman_watches(seed, monkeypatch):
    # The hard Jack steps to 29 while no one has arrested there.  Once the
    # red policeman has arrested on 29 tonight (and failed) and can arrest
    # there again, he is taken to keep watch on it (T3): the hard Jack goes
    # another way, where the same Jack not reading the arrests made
    # (`Style.watched` 0) still steps to 29.
    view = jack_view(
        here=32, home=2, police=WATCH_29, scene=30, path=((32, "step"),), coaches=2, alleys=2
    )
    assert tables(BOARD).threats(29, ["x28"])
    assert ask("hard", view, seed) == "step 29"
    night = view.nights[-1]
    arrest = ArrestSeen("red", (29,), False, 2)
    watched = replace(view, nights=(replace(night, arrests=(arrest,)),))
    assert ask("hard", watched, seed) not in {"step 29", "step 29 home"}
    hell, style = LEVELS_OF_JACK["hard"]
    monkeypatch.setitem(LEVELS_OF_JACK, "hard", (hell, replace(style, watched=0.0)))
    assert ask("hard", watched, seed) == "step 29"


def _police_turn_finds(game: LfwGame, move: str, seed: int) -> bool:
    """Does the hard police's turn after Jack's `move` (T2, T3) arrest him
    or find a clue on the circle he stepped to?"""
    game = game.clone()
    game.play(move, JACK)
    circle = int(move.split()[-1])
    known = players.table_of("lfw", game)
    police = players.new_player("lfw", "hard", POLICE, player_seed(seed, POLICE), known)
    while game.outcome is None and game.to_act == POLICE:
        game.play(players.choose(police, "lfw", game.view(POLICE), 0).action, POLICE)
    if game.outcome is not None:
        return "arrest" in game.outcome.reason
    return circle in game.view(POLICE).clues


def test_t1_hard_reads_the_notebook_as_the_hard_police_do(monkeypatch):
    # Night 2 of a game on the 1888 board (tests/data): Jack is on his
    # hideout 1 after a coach, with 2 and 28, both joined to 1 by bare
    # segments, a step away.  Read as bare path counts, the notebook leaves
    # 28 off the police's first arrests and he steps there; the hard police,
    # who lean his positions toward the hideouts his first night makes
    # likely, search 28 first and find him there (until round 30 they
    # arrested him on 28, at odds of 5 %: `Sense.written_odds`).  Reading it
    # as they do (`Style.mirror`), the hard Jack steps to 2, and the same
    # police turn finds nothing of him.
    data = json.loads((DATA / "lfw_jack_night2_480002.json").read_text())
    game = LfwGame.new(data["seed"], board=load_board(data["board"]))
    for action in data["actions"]:
        game.play(action, game.to_act)
    known = players.table_of("lfw", game)
    view = game.view(JACK)
    assert (view.night, view.jack.position, view.jack.hideout) == (2, 1, 1)

    def answer() -> str:
        jack = players.new_player("lfw", "hard", JACK, player_seed(data["seed"], JACK), known)
        return str(players.choose(jack, "lfw", view, 0).action)

    assert answer() == "step 2"
    assert not _police_turn_finds(game, "step 2", data["seed"])
    hell, style = LEVELS_OF_JACK["hard"]
    monkeypatch.setitem(LEVELS_OF_JACK, "hard", (hell, replace(style, mirror=False)))
    assert answer() == "step 28"
    # (until round 43 the hard police's next turn also found him on 28;
    # sealing only late in his night, they now spend it elsewhere)
