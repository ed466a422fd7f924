"""Mr. Jack Pocket's part of the secrecy harness (`secrecy.py`): random
games, twins with other secrets, and every outlet that shows a side
something (P9)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Iterator
from typing import Any

from secrecy import answers, seen
from whitechapel.core.game import PUBLIC
from whitechapel.net.rooms import Room
from whitechapel.pocket import hints, sentences
from whitechapel.pocket.actions import ALL_ACTIONS
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.legal import legal as pocket_legal
from whitechapel.pocket.pieces import DIRECTIONS, INVESTIGATOR, JACK
from whitechapel.pocket.preview import preview
from whitechapel.pocket.rules import RULES
from whitechapel.pocket.setup import THROWS, random_setup
from whitechapel.pocket.sightlines import sight_lines, sightings, sightings_at_call, watchers
from whitechapel.pocket.ui import computer, panels
from whitechapel.pocket.ui.choosing import (
    Mode,
    PocketChoice,
    joker_options,
    start_tile,
    step_options,
)

ACTION_TEXTS = [str(a) for a in ALL_ACTIONS]


class PocketCase:
    name = "pocket"
    sides = (INVESTIGATOR, PUBLIC, JACK)

    def games(self, count: int, seed: int) -> Iterator[tuple[PocketGame, list[Any]]]:
        rng = random.Random(seed)
        for _ in range(count):
            start = PocketGame(random_setup(rng.getrandbits(32)))
            g, actions = start.clone(), []
            while g.outcome is None:
                action = rng.choice(g.legal_actions())
                actions.append(action)
                g.advance(action)
            yield start, actions

    def kinds(self, side: str) -> tuple[str, ...]:
        return ("deck",) if side == JACK else ("jack",)

    def twin(self, game: PocketGame, actions: list[Any], side: str, kind: str, rng) -> PocketGame:
        """For the investigator (and the public): another Jack, a suspect
        still on the board at some moment of the game, and the deck with his
        card in the new Jack's place, the cards the investigator did not draw
        shuffled.  For Jack: the cards nobody drew shuffled.  For all: other
        token throws for rounds 3, 5 and 7."""
        s = game.setup
        end = game.clone()
        for action in actions[: rng.randrange(len(actions) + 1)]:
            end.advance(action)
        shown = set(_drawn_by(game, actions, INVESTIGATOR))
        kept = shown | (set(_drawn_by(game, actions, JACK)) if side == JACK else set())
        jack, deck = s.jack, list(s.deck)
        if side != JACK:
            others = [c for c in end.suspects() if c != s.jack] or [
                c for c in range(9) if c != s.jack
            ]
            jack = rng.choice(others)
            deck = [s.jack if c == jack else c for c in deck]
        free = [i for i, c in enumerate(deck) if c not in kept]
        cards = [deck[i] for i in free]
        rng.shuffle(cards)
        for i, c in zip(free, cards, strict=True):
            deck[i] = c
        throws = (
            s.throws[0],
            *(tuple(rng.randrange(2) for _ in range(4)) for _ in range(1, THROWS)),
        )
        return PocketGame(dataclasses.replace(s, jack=jack, deck=tuple(deck), throws=throws))

    def twin_action(self, real, twin, action, side, kind, rng):
        return action  # every Pocket action is public

    def public(self, g: PocketGame, side: str) -> Hashable:
        facts = (g.cleared, tuple(g.investigator_alibis), g.race_round, g.faces, g.round)
        return (*facts, tuple(g.jack_alibis)) if side == JACK else facts

    def hidden(self, g: PocketGame, side: str) -> Hashable:
        future = (g.setup.deck[g.deck_pos :], g.setup.throws[(g.round + 1) // 2 :])
        return future if side == JACK else (g.setup.jack, tuple(g.jack_alibis), *future)


def _drawn_by(start: PocketGame, actions: list[Any], who: str) -> list[int]:
    g = start.clone()
    for action in actions:
        g.advance(action)
    return g.jack_alibis if who == JACK else g.investigator_alibis


# -- outlets: everything a side is shown, each computed as the program does -------------


def view(g: PocketGame, side: str) -> Any:
    return seen(g, side)


def previews(g: PocketGame, side: str) -> Any:
    """The board the screen draws while any action is being chosen (in the
    `secrets` hand-over mode Jack chooses on the public screen)."""
    v = seen(g, side)
    legal = g.legal_actions()
    return [preview(v, a) for a in random.Random(len(g.history)).sample(legal, min(12, len(legal)))]


def screen_panels(g: PocketGame, side: str) -> Any:
    v = seen(g, side)
    texts = [panels.banner(v, "someone"), panels.tokens_text(v, None), panels.rounds_text(v)]
    texts.append(panels.log_text(v, 60))
    texts.append(panels.log_text(v, 60, panels.PANEL_WIDTH))  # in fewer words, at 80×24
    texts.append(panels.shown_card(v))
    texts.append(panels.drawn_card(v))
    texts += [panels.phase_help(v, t.up) for t in v.tokens] + [panels.phase_help(v, None)]
    if v.jack is not None:
        texts += [panels.secret_text(v.jack), panels.secret_panel(v.jack)]
        if v.jack.alibis:  # the card he drew, on his curtain (JacksCards.drawn)
            texts.append(panels.drawn_line(v.jack))
    return texts


def sight(g: PocketGame, side: str) -> Any:
    """Each detective's line of sight, the tiles' watchers, who sees whom in
    words (the board, the plain prompt)."""
    v = seen(g, side)
    lines = sight_lines(v)
    found = sightings(v.tiles, v.detectives)
    return [lines, watchers(lines), found, sentences.sight_sentence(found, v.detectives)]


def sentences_of(g: PocketGame, side: str) -> Any:
    """What happened, in words: the log's sentences, what the computer
    played (the line under the prompt), a round's actions."""
    v = seen(g, side)
    out: list[Any] = [sentences.log_sentences(v)]
    out += [computer.moves_line(v, who, n) for who in ("Jack", "The investigator") for n in (1, 3)]
    out.append(sentences.round_actions(v, v.round))
    return out


def hint_texts(g: PocketGame, side: str) -> Any:
    """The hints of a game with hints on, as the side at the keyboard (the
    side to act, seen through `side`'s view) is shown them: choosing a
    token, then each open token's target with the board it would give."""
    v = seen(g, side)
    if v.to_act is None:
        return []
    out = [hints.token_hint(v, v.to_act)]
    actions = pocket_legal(v)
    for t in v.tokens:
        if not t.used:
            action = next(a for a in actions if a.face == t.up)
            out.append(hints.target_hint(v, v.to_act, t.up, preview(v, action)))
    return out


def prompts(g: PocketGame, side: str) -> Any:
    """The prompt line naming what the cursor stands on, for every open
    token taken as the screen takes it (its first target chosen), then
    moved on by an arrow, and where a rotation's tile cursor starts."""
    v = seen(g, side)
    if v.to_act is None:
        return []
    legal = pocket_legal(v)
    jack = v.to_act == JACK
    out = [panels.step_prompt(v, PocketChoice(), None, jack, legal)]
    for i, t in enumerate(v.tokens):
        if t.used:
            continue
        choice = PocketChoice()
        choice.take(i, t.up)
        choice.steps = next(iter(step_options(legal, t.up)), None)
        choice.joker = next(iter(joker_options(legal)), None)
        choice.cursor = start_tile()
        out += [choice.cursor, panels.step_prompt(v, choice, t.up, jack, legal)]
        choice.move(1, 1)
        if t.up == "R":
            choice.mode = Mode.ORIENT
            choice.rotate(1, DIRECTIONS.index(v.tiles[choice.cursor].wall))
        out.append(panels.step_prompt(v, choice, t.up, jack, legal))
    # the prompt's second line while an action is previewed (round 30):
    # what a call on the board it would leave would see
    after = [preview(v, a) for a in legal[:6]]
    out += [panels.call_now(b, jack, "Then a call") for b in after if b is not None]
    return out


def targets(g: PocketGame, side: str) -> Any:
    """The district's highlighted targets (landing positions, tiles that
    cannot be rotated) for every token, as the screen works them out from the
    view it shows (the side to act's actions: public)."""
    v = seen(g, side)
    legal = pocket_legal(v)
    return [
        panels.targets(v, mode, t.up, legal) for t in v.tokens for mode in ("move", "joker", "tile")
    ]


def round_summary(g: PocketGame, side: str) -> Any:
    """The summary of the last round that ended (shown to both players: over
    the board at the hot seat, beside it at a network seat)."""
    v = seen(g, side)
    ended = panels.last_round_ended(v)
    names = {JACK: "Ann (Jack)", INVESTIGATOR: "Bob (the investigator)"}
    if not ended:
        return None
    seen_at = sightings_at_call(v, ended)
    return [
        panels.round_summary(v, ended, names, seen_at),
        panels.round_brief(v, ended, "hint", seen_at, actions=True),
        panels.round_brief(v, ended, "hint"),
    ]


def replay_text(g: PocketGame, side: str) -> Any:
    """`whitechapel replay --side SIDE` and the plain console's drawing."""
    return RULES.summary(seen(g, side), {"jack": "Ann", "investigator": "Bob"}, len(g.history))


def network(g: PocketGame, side: str) -> Any:
    """The server's `state` message to the seat (a spectator for PUBLIC) and
    the lobby's line for the room."""
    room = Room("ROOM", "pocket", g, seed=None, created="2026-01-01T00:00:00+00:00")
    seat = None if side == PUBLIC else side
    return [room.state_message(seat), room.summary()]


def refusals(g: PocketGame, side: str) -> Any:
    """The sentence a refused action gets, for a few actions the side tries
    on its turn (the same ones in both games: chosen by the position)."""
    if g.to_act != side:
        return []
    return answers(g, side, random.Random(len(g.history)).sample(ACTION_TEXTS, 8))


OUTLETS = {
    "view": view,
    "preview": previews,
    "panels": (screen_panels, 2),
    "targets": targets,
    "sight": sight,
    "sentences": (sentences_of, 2),
    "prompts": prompts,
    # every sixth step: the hints look ahead to the witness call for every
    # open token, most of the harness's time
    "hints": (hint_texts, 6),
    "summary": round_summary,
    "replay": (replay_text, 3),
    "network": (network, 3),
    "refusal": refusals,
}


def _plain_lines(texts: Any) -> set[str]:
    """The lines of outlet texts as a screen shows them: markup gone, spaces
    collapsed, blank and one-word lines left out (they name nothing alone)."""
    from rich.text import Text

    lines = set()
    for text in texts:
        if not isinstance(text, str):
            continue
        for line in Text.from_markup(text).plain.splitlines():
            line = " ".join(line.split())
            if len(line.split()) > 1:
                lines.add(line)
    return lines


def secret_lines(g: PocketGame, side: str) -> set[str]:
    """What the outlets show another side and never `side` or the public:
    Jack's secret panel and his own log lines, for the investigator.  A page
    of a real game seen by `side` (a browser's, test_web_browser.py) must
    show none of them."""
    mine = _plain_lines(screen_panels(g, side)) | _plain_lines(screen_panels(g, PUBLIC))
    theirs = set()
    for other in (JACK, INVESTIGATOR):
        if other != side:
            theirs |= _plain_lines(screen_panels(g, other))
    return theirs - mine
