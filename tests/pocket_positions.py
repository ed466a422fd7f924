"""Explicit Pocket setups for tests, written the way the rulebook draws them."""

from __future__ import annotations

import dataclasses

from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTERS, INVESTIGATOR, JACK, TOKENS
from whitechapel.pocket.setup import Setup
from whitechapel.pocket.views import Token

ALL = [c.id for c in CHARACTERS]


def setup(
    layout: str,
    *,
    jack: str,
    deck_top: tuple[str, ...] = (),
    throws: tuple[str, ...] = ("HWRR", "HWRR", "HWRR", "HWRR"),
    detectives: tuple[int, int, int] = (12, 4, 8),
    cleared: tuple[str, ...] = (),
) -> Setup:
    """`layout` lists the nine tiles in reading order as `character:wall`."""
    tiles = layout.split()
    squares = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    rest = [c for c in ALL if c != jack and c not in deck_top]
    return Setup.from_json(
        {
            "tiles": [f"{sq}:{t}" for sq, t in zip(squares, tiles, strict=True)],
            "jack": jack,
            "alibi_deck": [*deck_top, *rest],
            "throws": list(throws),
            "detectives": dict(zip(("holmes", "watson", "toby"), detectives, strict=True)),
            "cleared": list(cleared),
        }
    )


def game(layout: str, **kwargs) -> PocketGame:
    return PocketGame(setup(layout, **kwargs))


def suspects(g: PocketGame) -> set[str]:
    return {CHARACTERS[c].id for c in g.suspects()}


def seen(g: PocketGame) -> set[str]:
    """The characters on squares some detective sees now."""
    mask = g.seen_squares()
    return {CHARACTERS[c].id for sq, c in enumerate(g.tiles) if mask >> sq & 1}


def jump_to_round(g: PocketGame, rnd: int, jack_tokens: int) -> PocketGame:
    """A fresh game's position at the start of round `rnd`, as if the earlier
    rounds had been played with Jack taking `jack_tokens` of their round
    tokens and nothing else changing (a position, like a chess FEN, for the
    P8 tests): the engine's game behind that view."""
    assert g.round == 1 and g.step == 0 and 0 <= jack_tokens < rnd
    throw = g.setup.throws[(rnd - 1) // 2]
    up = [f ^ (rnd % 2 == 0) for f in throw]  # even rounds: every token turned over (P4)
    tokens = tuple(Token(TOKENS[t], TOKENS[t][f], False) for t, f in enumerate(up))
    takers = (JACK,) * jack_tokens + (INVESTIGATOR,) * (rnd - 1 - jack_tokens)
    view = dataclasses.replace(g.view(JACK), round=rnd, tokens=tokens, round_tokens=takers)
    s = g.setup
    return PocketGame.behind(view, jack=s.jack, jack_alibis=[], deck=s.deck, throws=s.throws)


def every_hint(seeds: range):
    """Each decision of random games on `seeds`, with every hint it offers:
    the token hint, then each token's target hint (one action a token);
    yields (view, side, [forms...])."""
    import random

    from whitechapel.pocket import hints
    from whitechapel.pocket.legal import legal
    from whitechapel.pocket.preview import preview
    from whitechapel.pocket.setup import random_setup

    for seed in seeds:
        g, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while g.outcome is None:
            side = g.to_act
            view = g.view(side)
            forms = [hints.token_hint(view, side)]
            for act in {a.face: a for a in legal(view)}.values():
                forms.append(hints.target_hint(view, side, act.face, preview(view, act), act))
            yield view, side, forms
            g.advance(rng.choice(g.legal_actions()))


def graded_decisions(seed: int):
    """Each decision of a random game (`seed`), graded to the call by the
    look-ahead: yields (game, view, side, [(action, graded)...])."""
    import random

    from whitechapel.pocket import ahead
    from whitechapel.pocket.legal import legal
    from whitechapel.pocket.setup import random_setup

    rng = random.Random(seed)
    g = PocketGame(random_setup(seed))
    while g.outcome is None:
        side = g.to_act
        view = g.view(side)
        grading = ahead.grade(view, side)
        yield g, view, side, [(a, grading.of(a)) for a in legal(view)]
        g.advance(rng.choice(legal(view)))


def worst_call(g: PocketGame, side: str) -> tuple[int, ...]:
    """What the round's call comes to at worst for `side`, the rest of the
    round played move by move (each side its best for itself; an alibi
    taken to change no line of sight, its card never naming Jack), counted
    on the board: the investigator's, the suspects it clears at least
    (`(n,)`); Jack's, unseen or not, then the suspects left with him
    (`(unseen, left)`).  The tests' check on what a hint says "whatever the
    other side answers" (rounds 21 and 22)."""
    from whitechapel.pocket import hints

    def value(call: hints.Split) -> tuple[int, ...]:
        if side == INVESTIGATOR:
            return (min(call.seen, call.unseen),)
        return (int(not call.jack), call.seen if call.jack else call.unseen)

    def search(position: PocketGame) -> tuple[int, ...]:
        view = position.view(side)
        mine = position.to_act == side
        last = sum(not t.used for t in view.tokens) == 1
        results = []
        for action in position.legal_actions():
            if last:
                results.append(value(hints.split_after(view, action) or hints.split_of(view)))
            else:
                after = position.clone()
                after.apply(action)
                results.append(search(after))
        return max(results) if mine else min(results)

    return search(g)
