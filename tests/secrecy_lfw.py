"""Letters from Whitechapel's part of the secrecy harness (`secrecy.py`):
random games, twins with other secrets, and every outlet that shows a side
something (§9)."""

from __future__ import annotations

import copy
import dataclasses
import random
import re
from collections.abc import Hashable, Iterator
from typing import Any

from lfw_random import BOARDS, OPTIONS, choose, new_game
from secrecy import answers, seen
from whitechapel.core.chance import Chance
from whitechapel.core.game import PUBLIC
from whitechapel.lfw import actions as a
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.hell import hideouts
from whitechapel.lfw.notebook import notebook as deduce
from whitechapel.lfw.rulebook import COLOURS, DOUBLE_EVENT_NIGHT, JACK, POLICE
from whitechapel.lfw.rules import RULES
from whitechapel.lfw.ui import (
    computer,
    deduction,
    jackturn,
    mapstyle,
    notebook,
    panels,
    streets,
    sweep,
)
from whitechapel.lfw.ui.marks import marks_for
from whitechapel.lfw.ui.picking import picking_for
from whitechapel.lfw.ui.refusals import why_not
from whitechapel.net.rooms import Room

JACK_MOVES = (a.Step, a.Coach, a.Alley)


class LfwCase:
    name = "lfw"
    sides = (POLICE, PUBLIC, JACK)

    def __init__(self, boards=BOARDS) -> None:
        self.boards = boards

    def games(self, count: int, seed: int) -> Iterator[tuple[LfwGame, list[Any]]]:
        """Random games on the shipped boards (mostly the small tutorial
        board), options all off or all on, Jack homing in some so that games
        reach the later nights."""
        rng = random.Random(seed)
        for i in range(count):
            board = self.boards[0] if i % 4 == 3 else self.boards[-1]
            options = OPTIONS["all" if i % 2 else "none"]
            game_seed = rng.getrandbits(32)
            start = new_game(game_seed, board, options)
            g, chance, homing = start.clone(), Chance(game_seed), rng.choice((0, 7, 10))
            actions = []
            while g.outcome is None:
                action = choose(g, chance, homing)
                actions.append(action)
                g.apply(action)
            yield start, actions

    def kinds(self, side: str) -> tuple[str, ...]:
        """For the police: another hideout, other marked women, another path
        (and N3's order), another order of the Chief tokens not yet turned
        (nobody knows it); for Jack: other real markers and colours, and the
        Chief tokens; for the public, the hideout, the path and the markers."""
        return {
            POLICE: ("hideout", "women", "path", "chiefs"),
            PUBLIC: ("hideout", "path", "patrols"),
            JACK: ("patrols", "chiefs"),
        }[side]

    def twin(self, game: LfwGame, actions: list[Any], side: str, kind: str, rng) -> LfwGame:
        chiefs = list(game.setup.chiefs)
        if kind == "chiefs":
            rest = chiefs[1:]
            rng.shuffle(rest)
            chiefs = [chiefs[0], *rest]
        setup = dataclasses.replace(game.setup, chiefs=tuple(chiefs))
        return LfwGame(setup, game.options, game.board)

    def twin_action(self, real, twin, action, side: str, kind: str, rng) -> Any:
        """The one kind of secret choice changed, legal in the twin where
        possible (else the real choice, which the harness may find illegal)."""
        if kind == "hideout" and isinstance(action, a.Hideout):
            return a.Hideout(rng.choice([c for c in hideouts(twin) if c != action.circle]))
        if kind == "women" and isinstance(action, a.Women):
            places = [*action.marked, *action.unmarked]
            rng.shuffle(places)
            k = len(action.marked)
            return a.Women(tuple(sorted(places[:k])), tuple(sorted(places[k:])))
        if kind == "path" and isinstance(action, a.Kill) and len(action.circles) == 2:
            return a.Kill(action.circles[::-1])  # N3: the order is Jack's secret
        if kind == "path" and isinstance(action, JACK_MOVES):
            home = getattr(action, "home", False)
            same = [
                x
                for x in twin.legal_actions()
                if type(x) is type(action) and getattr(x, "home", False) == home
            ]
            return rng.choice(same) if same else action
        if kind == "patrols" and isinstance(action, a.Patrols):
            spots = [*action.real, *action.fakes]
            rng.shuffle(spots)
            return a.Patrols(tuple(spots[:5]), tuple(sorted(spots[5:])))
        return action

    def public(self, g: LfwGame, side: str) -> Hashable:
        """What happens at the table: every search, clue, arrest, crime scene,
        marker turned, policeman placed, letter, the track's spaces and their
        kinds, the Chief, O6's answer, the phase."""
        know = tuple(e for e in g.events if e[0] == "know")
        return (
            g.night,
            str(g.phase),
            g.chief,
            tuple(g.clues),
            tuple(g.searched),
            tuple(g.arrests),
            tuple(g.crime_scenes),
            tuple((s, how) for s, _, how in g.row),
            tuple(sorted((x, m.colour) for x, m in g.markers.items() if m.revealed)),
            tuple(sorted(g.markers)),
            tuple(sorted(g.police.items())) if g.police_on_board else (),
            tuple(g.wretched),
            tuple(sorted(g.women)),
            tuple(g.false_clues),
            tuple(g.letters),
            know,
            g.coaches,
            g.alleys,
        )

    def hidden(self, g: LfwGame, side: str) -> Hashable:
        chiefs = g.setup.chiefs[g.night :]
        if side == JACK:
            return chiefs, tuple(sorted((x, m.colour) for x, m in g.markers.items()))
        jack = (g.hideout, g.jack, tuple(map(tuple, g.rows)), tuple(sorted(g.women.items())))
        if side == PUBLIC:
            return *jack, chiefs, tuple(sorted((x, m.colour) for x, m in g.markers.items()))
        return *jack, chiefs


# -- outlets: everything a side is shown, each computed as the program does -------------

# Each game's last notebook, which the next one is brought up to date from, as
# the screens do; keyed by the game object, held so that its id stays its own.
_NOTEBOOKS: dict[tuple[int, str], tuple[LfwGame, Any]] = {}


def view(g: LfwGame, side: str) -> Any:
    return seen(g, side)


def replay_text(g: LfwGame, side: str) -> Any:
    """`whitechapel replay --side SIDE`."""
    return RULES.summary(seen(g, side), {"jack": "Ann", "police": "Bob"}, len(g.history))


def screen_panels(g: LfwGame, side: str) -> Any:
    """The texts of the game screen's panels and the map's marks."""
    v = seen(g, side)
    texts = [panels.banner(v, "someone"), panels.track_text(v), panels.police_text(v)]
    texts += [panels.police_text(v, compact=True), notebook.notebook_text(v)]
    texts += [panels.log_text(v, 80), panels.log_text(v, 80, back=3)]
    texts.append(computer.played_text(v.log[-12:], "The computer"))  # against it, its moves
    if v.jack is not None:
        texts += [panels.jack_sheet(v.jack), jackturn.jack_text(v, g.board)]
    marks, labels = marks_for(v)
    reach = jackturn.reach_marks(v)  # Jack's turn: where each kind of move takes him
    tags = {*marks.values(), *reach.values()}
    texts.append(mapstyle.legend_markup(80, tags=tags, side=side if side != PUBLIC else None))
    return [
        texts,
        sorted(map(str, marks.items())),
        sorted(map(str, labels.items())),
        sorted(map(str, reach.items())),
    ]


def network(g: LfwGame, side: str) -> Any:
    """The server's `state` message to each seat of the side (two police
    seats; a spectator for PUBLIC), what the server's computer at each of
    those seats would be asked with, and the lobby's line for the room."""
    room = Room("ROOM", "lfw", g, seed=None, seat_count=2, created="2026-01-01T00:00:00+00:00")
    seats = {JACK: ["jack"], POLICE: ["police1", "police2"], PUBLIC: [None]}[side]
    out = [room.state_message(seat) for seat in seats]
    acting = room.to_act()  # the server's computer, were it to hold that seat
    if acting in seats:
        out.append(room.view_to_play(acting))
    return [*out, room.summary()]


def police_notebook(g: LfwGame, side: str) -> Any:
    """The notebook computed from the side's view, brought up to date from the
    game's last one as the screens do (where Jack can be, the path
    counts, the hideout candidates, the homeward heat map) and what the
    screens show of it: the map's tint in both modes, the panel's lines as
    the police and as Jack read them, the legend with the tint on the map,
    and the street inspector's words on the circles where Jack can be.

    Computed once for all of it, and on every 6th position only: the notebook
    and its drawing are pure functions of the side's view and the board, the
    same in both games, and the `view` outlet already compares that view on
    every 2nd position, these included.  So where the views are equal this
    outlet cannot differ unless the notebook read something besides the view
    (a cache, a global); where they differ, `view` has already reported it.
    Sampling is enough for that, and issue 16's check (the notebook from the
    police view unchanged when Jack's secrets change) is still made."""
    key = (id(g), side)
    last = _NOTEBOOKS.get(key)
    v = seen(g, side)
    nb = deduce(v, g.board, last[1] if last and last[0] is g else None)
    if len(_NOTEBOOKS) > 64:
        _NOTEBOOKS.clear()
    _NOTEBOOKS[key] = (g, nb)
    heat, possible = deduction.tint_marks(nb, "heat"), deduction.tint_marks(nb, "possible")
    texts = [deduction.deduction_text(nb), deduction.deduction_text(nb, jack=True)]
    texts.append(mapstyle.legend_markup(80, tags={*heat.values(), *possible.values()}))
    # the street inspector on circles where Jack can be (key /: its words and its marks)
    for c in sorted(nb.counts)[:3]:
        texts.append(streets.notes(g.board, v.police, c))
        texts.append(streets.prompt(g.board, v.police, str(c), c))
    if g.to_act == side and str(g.phase) == "clues":  # key 9: what it plays, and why it passes
        texts += [sweep.step(v, g.board, v.acting_colour) or "", sweep.pass_reason(v, g.board)]
    return [
        nb.to_json(),
        sorted(nb.homeward().items()),
        sorted(heat.items()),
        sorted(possible.items()),
        texts,
    ]


_NUMBER = re.compile(r"\b(x?)(\d+)\b")


def refusals(g: LfwGame, side: str) -> Any:
    """The sentence a refused action gets (the screens show the engine's
    reason), for a few wrong actions the side tries on its turn: legal ones
    with another circle or crossing, the same in both games."""
    if g.to_act != side or str(g.phase) in ("women", "patrols"):
        return []
    rng = random.Random(len(g.history))
    legal = g.legal_actions()
    texts = []
    for action in rng.sample(legal, min(3, len(legal))):
        text = _NUMBER.sub(lambda m: m.group(1) + str(rng.randrange(1, 200)), str(action))
        for colour in COLOURS:
            text = text.replace(colour, rng.choice(COLOURS))
        texts.append(text)
    return answers(g, side, texts)


def choosing(g: LfwGame, side: str) -> Any:
    """What the screen offers the side to act (picking.py, sentences.py):
    the labels on the map, the hint line, the buttons, a forced action's
    name, and the sentences for a few keys and words that are not choices,
    also one word into the choice."""
    if g.to_act != side:
        return []
    view = seen(g, side)
    rng = random.Random(len(g.history))
    nodes = [str(c) for c in rng.sample(sorted(g.board.circles), 3)]
    nodes += [*rng.sample(sorted(g.board.crossings), 3), "999", "x999", "bogus"]
    out: list[Any] = []
    for depth in range(2):
        p = picking_for(view, g.board)
        if depth and p.options():
            p.pick(p.options()[0])
        out += [sorted(p.labels().items()), sorted(map(str, p.map_labels().items()))]
        out += [p.keys_hint(), p.choice_specs(7), p.forced_text(), p.so_far()]
        out += [p.choices_text(), p.idle_crossings()]  # T2: by where Jack can be
        picked = [str(w) for w in getattr(p.chooser, "picked", [])]
        for word in nodes:
            if word not in p.options():
                out.append(why_not(view, g.board, picked, word, p.options()))
        fresh = picking_for(view, g.board)
        fresh.labels()  # counted once, for the copies below
        for key in "0159bqzA":  # each key on a fresh choice (a key changes only `typed`)
            press = copy.copy(fresh).press(key)
            out.append((press.kind, press.value))
    return out


OUTLETS = {
    "choosing": (choosing, 3),
    "view": (view, 2),
    "panels": (screen_panels, 6),
    "replay": (replay_text, 6),
    "network": (network, 6),
    "refusal": (refusals, 3),
    "notebook": (police_notebook, 6),  # a multiple of the view's: see police_notebook
}

__all__ = ["DOUBLE_EVENT_NIGHT", "OUTLETS", "LfwCase"]
