"""Helpers that drive a Letters from Whitechapel game to a given phase by
playing real actions (tests/test_lfw_rules.py, tests/test_lfw_examples.py).

Every helper plays through `LfwGame.play`, so each step is checked by the
engine exactly as a player's action would be.  Defaults keep things simple:
the Chief order is blue, yellow, brown, red, green; on night 1 the five real
patrol markers go on the first five yellow crossings (in the board's order)
and the fakes on the last two; from night 2 on the real ones go back where
each policeman ended and the fakes on the first two free yellow crossings.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from whitechapel.core.errors import IllegalAction
from whitechapel.lfw.actions import Step
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.board import Board
from whitechapel.lfw.map.mapfile import map_from_json
from whitechapel.lfw.options import Options
from whitechapel.lfw.rulebook import COLOURS, MARKED, WOMEN
from whitechapel.lfw.setup import Setup

TUTORIAL = "tutorial@1"  # the edition the rules tests were written for
DEFAULT = "whitechapel-1888"


def new_game(map_name: str = TUTORIAL, chiefs: Iterable[str] = COLOURS, **options: bool) -> LfwGame:
    """A game on a shipped board with the Chief order pinned and options by
    name (letters=True, chase=True, ...)."""
    return LfwGame(Setup(chiefs=tuple(chiefs), map_name=map_name), Options(**options))


def game_on_map(data: dict[str, Any], chiefs: Iterable[str] = COLOURS, **options: bool) -> LfwGame:
    """A game on a hand-made map (its JSON form), carried whole in the setup;
    the board is built directly, without the map checks."""
    board = Board(map_from_json(data))
    setup = Setup(chiefs=tuple(chiefs), map_name=None, map_data=data)
    return LfwGame(setup, Options(**options), board=board)


def yellow(g: LfwGame) -> list[str]:
    """The yellow crossings in the board's order."""
    return sorted(g.board.yellow, key=g.board._xorder)


def women_text(marked: Iterable[int], unmarked: Iterable[int] = ()) -> str:
    return f"women {' '.join(map(str, marked))} / {' '.join(map(str, unmarked))}".rstrip()


def patrols_text(real: Iterable[str], fakes: Iterable[str]) -> str:
    return f"patrols {' '.join(real)} / {' '.join(fakes)}"


def default_women(g: LfwGame) -> str:
    """The night's tokens on the first free red circles, the first ones marked."""
    n = g.night - 1
    scenes = {c for _, c in g.crime_scenes}
    free = sorted(c for c in g.board.red if c not in scenes)[: WOMEN[n]]
    return women_text(free[: MARKED[n]], free[MARKED[n] :])


def default_patrols(g: LfwGame) -> str:
    ys = yellow(g)
    if g.night == 1:
        return patrols_text(ys[:5], ys[5:])
    real = [g.police[c] for c in COLOURS]
    return patrols_text(real, [x for x in ys if x not in real][:2])


def to_kill(
    g: LfwGame,
    hideout: int | None = None,
    women: str | tuple | None = None,
    patrols: str | tuple | None = None,
    letter: str | None = "no-letter",
) -> LfwGame:
    """From S1 or H2 to H5 (phase 'kill').  `women` is a text or (marked,
    unmarked); `patrols` a text or (the five real in colour order, fakes).
    A letter phase is answered with `letter` (None: left open)."""
    if g.phase == "hideout":
        g.play(f"hideout {hideout}")
    assert g.phase == "women", g.phase
    if isinstance(women, tuple):
        women = women_text(*women)
    g.play(women or default_women(g))
    assert g.phase == "patrols", g.phase
    if isinstance(patrols, tuple):
        patrols = patrols_text(*patrols)
    g.play(patrols or default_patrols(g))
    if g.phase == "letter" and letter is not None:
        g.play(letter)
    return g


def move_wretched(g: LfwGame, moves: Mapping[int, int | None] | None = None) -> None:
    """H6: each Wretched to moves[source] (None: stays), the others to their
    first legal target that no requested move wants."""
    moves = dict(moves or {})
    wanted = set(moves.values())
    while g.phase == "wretched":
        source = g.to_move[0]
        if source in moves:
            target = moves.pop(source)
            g.play(f"wretched {source}" + ("=" if target is None else f">{target}"))
            continue
        options = [x for x in g.legal_actions() if x.source == source]
        spare = [x for x in options if x.target not in wanted]
        g.play(str((spare or options)[0]))


def wait(
    g: LfwGame, reveal: str | None = None, moves: Mapping[int, int | None] | None = None
) -> None:
    """H5 wait, H6 (see move_wretched), H7 turn `reveal` (or the first face-down)."""
    g.play("wait")
    move_wretched(g, moves)
    assert g.phase == "reveal", g.phase
    g.play(f"reveal {reveal}" if reveal else str(g.legal_actions()[0]))
    assert g.phase == "kill", g.phase


def to_hunt(
    g: LfwGame,
    hideout: int | None = None,
    women: str | tuple | None = None,
    patrols: str | tuple | None = None,
    kill: int | tuple[int, int] | None = None,
    waits: int = 0,
    letter: str | None = "no-letter",
) -> LfwGame:
    """Through Hell to the Hunt: `waits` times wait (H6/H7 automatic), then
    kill `kill` (two circles on night 3).  Ends in T1 'escape' (T2 'hunt' on
    night 3)."""
    to_kill(g, hideout, women, patrols, letter)
    for _ in range(waits):
        wait(g)
    circles = kill if isinstance(kill, tuple) else (kill,)
    g.play("kill " + " ".join(map(str, circles)))
    return g


def police_moves(g: LfwGame, moves: Mapping[str, str] | None = None) -> None:
    """T2: each policeman to moves[colour] (a crossing), or stays."""
    moves = moves or {}
    while g.phase == "hunt" and not g.outcome:
        colour = g.acting_colour
        g.play(f"{colour} {moves.get(colour, 'stay')}")


def police_actions(g: LfwGame, acts: Mapping[str, str | list[str]] | None = None) -> None:
    """T3: each policeman plays acts[colour] (the words after his colour, or a
    list of them for a search naming several circles), or passes.  Jack keeps
    any false clue."""
    acts = acts or {}
    if g.phase == "false_clue":
        g.play("no-false-clue")
    night = g.night
    while g.phase in ("clues", "searching") and not g.outcome and g.night == night:
        colour = g.acting_colour
        todo = acts.get(colour, "pass")
        for text in [todo] if isinstance(todo, str) else todo:
            g.play(f"{colour} {text}")


def police_turn(g: LfwGame, moves=None, acts=None) -> None:
    police_moves(g, moves)
    police_actions(g, acts)


def jack_round(
    g: LfwGame,
    move: str,
    moves: Mapping[str, str] | None = None,
    acts: Mapping[str, str | list[str]] | None = None,
) -> None:
    """One round of the Hunt: Jack's T1 `move` (no graffito), then T2 and T3."""
    night = g.night
    g.play(move)
    if g.phase == "graffito":
        g.play("no-letter")
    if g.night == night and not g.outcome:
        police_turn(g, moves, acts)


def jack_path(g: LfwGame, target: int) -> list[int]:
    """The shortest run of normal moves from Jack's circle to `target` with
    the policemen where they stand (the circles after the start)."""
    start = g.jack
    mask = g.police_mask()
    prev: dict[int, int] = {}
    todo = deque([start])
    seen = {start}
    while todo:
        c = todo.popleft()
        for n in g.board.jack_moves(c, mask):
            if n not in seen:
                seen.add(n)
                prev[n] = c
                todo.append(n)
    assert target in prev, f"no way from {start} to {target}"
    path = [target]
    while prev[path[-1]] != start:
        path.append(prev[path[-1]])
    return path[::-1]


def go_home(g: LfwGame) -> None:
    """Jack walks home by normal moves while the police stay and pass, and
    announces the hideout: the next night starts (or Jack wins after night 4)."""
    night = g.night
    if g.phase == "hunt":  # night 3: the police move first
        police_turn(g)
    while g.night == night and not g.outcome:
        if g.jack == g.hideout:  # leave first, to come back and announce it
            out = next(x for x in g.legal_actions() if isinstance(x, Step) and not x.home)
            jack_round(g, str(out))
            continue
        nxt = jack_path(g, g.hideout)[0]
        jack_round(g, f"step {nxt}" + (" home" if nxt == g.hideout else ""))
    assert not g.outcome or g.outcome.winner == "jack", g.outcome


def play_night(g: LfwGame, kill, hideout: int | None = None, **kw) -> LfwGame:
    """A whole quiet night: Hell (see to_hunt), the kill, then Jack walks home."""
    to_hunt(g, hideout=hideout, kill=kill, **kw)
    go_home(g)
    return g


def refused(g: LfwGame, text: str, match: str, side: str | None = None) -> None:
    """`text` raises IllegalAction matching `match` and changes nothing: the
    game equals a clone taken before, both views and the legal actions too."""
    before = g.clone()
    views = g.view("jack"), g.view("police")
    legal = g.legal_actions()
    with pytest.raises(IllegalAction, match=match):
        g.play(text, side)
    assert g == before
    assert (g.view("jack"), g.view("police")) == views
    assert g.legal_actions() == legal


def legal_texts(g: LfwGame) -> set[str]:
    return {str(x) for x in g.legal_actions()}


def played_ok(g: LfwGame, text: str) -> None:
    """`text` is among the legal actions and is accepted."""
    assert text in legal_texts(g), (text, sorted(legal_texts(g)))
    g.play(text)
