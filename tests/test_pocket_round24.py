"""Round 24's findings (issue 44; play-testers QT and QU,
docs/playtests/2026-12-07-pocket-round24-*.md), each checked as a player
would notice it."""

from __future__ import annotations

import random

from whitechapel.pocket import ahead, hints
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import TURN_ORDER
from whitechapel.pocket.preview import preview
from whitechapel.pocket.setup import random_setup


def _played(setup: dict, actions: str):
    """A tester's game as its record had it, replayed to `actions`' end
    (their notation, a space between two)."""
    import json

    from whitechapel.core.record import Record, replay

    text = json.dumps(
        {"format": "whitechapel-record", "version": 1, "game": "pocket", "options": {}}
        | {"seed": None, "players": {}, "setup": setup, "actions": actions.split()}
    )
    return replay(Record.loads(text))


def _waiting_position():
    """The first position of some seeded games (the look-ahead's best
    move, else a random one) where the best move changes nothing in sight
    and every token after it is the other side's."""
    for seed in range(10):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            side = game.to_act
            if side is None:
                game.resolve()
                continue
            view = game.view(side)
            best = ahead.grade(view, side).best()
            assert best is not None
            later = TURN_ORDER[view.round % 2][view.step + 1 :]
            after = preview(view, best.action)
            if (
                later
                and all(who != side for who in later)
                and after is not None
                and set(after.seen_suspects) == set(view.seen_suspects)
            ):
                return view, side, best.action
            pick = best.action if rng.random() < 0.7 else rng.choice(game.legal_actions())
            game.apply(pick)
    raise AssertionError("no waiting move met")


def test_p8_a_best_move_that_changes_nothing_in_sight_says_what_it_is_for():
    """QU: "Swap a1 (Madame) and b1 (Bert)", two cleared tiles, "looks like
    nonsense unless you work out that it is a waiting move that leaves
    Jack only the Alibi".  The hint says so."""
    view, side, action = _waiting_position()
    long, _short = hints.ahead_lines(view, side, None)
    he = "Jack" if side == "investigator" else "the investigator"
    assert f"(it changes nothing in sight and leaves {he} only the " in long, long
    assert long.split("(it changes nothing")[1].split(")")[0].endswith((" token", " tokens"))
    assert hints.move_words(view, action)[0] in long


def _setup(tiles: str, *, jack: str, deck: str, throws: str) -> dict:
    """A setup as a record holds it, from its words (the detectives at the start)."""
    return {
        "tiles": tiles.split(),
        "jack": jack,
        "alibi_deck": deck.split(),
        "throws": throws.split(),
        "detectives": {"holmes": 12, "watson": 4, "toby": 8},
        "cleared": [],
    }


# QT's guided game as Jack (round 24), to Jack's 21st action: round 6, his
# four hourglasses, the Alibi token his best; Goodley (no hourglass) in the deck
QT_SETUP = _setup(
    "a1:stealthy:W b1:pizer:S c1:gull:E a2:goodley:N b2:lane:N c2:madame:N a3:smith:W b3:lestrade:S c3:bert:E",
    jack="lestrade",
    deck="lane bert smith gull madame goodley stealthy pizer",
    throws="AWXR HTRJ HTXJ AWXR",
)
QT_ACTIONS = "A Xa1a3 Rc2E W+2 Rc2S T+1 J:W H+1 T+1 J:W Rc1N H+2 Xc1c3 Ra3S A W+1 J:W H+1 Xa1a3 T+2"


def test_p8_the_short_hint_keeps_the_cards_chance():
    """QT: "Best: the Alibi token: whatever he answers, you stay unseen:
    you win" with Goodley, worth no hourglass, still in the deck; the long
    hint said "unless your alibi card spoils your win (about 1 in 6)", the
    80×24 one left it out.  Every form that claims the win keeps it."""
    from whitechapel.pocket.pieces import JACK

    view = _played(QT_SETUP, QT_ACTIONS).view(JACK)
    long, short = hints.ahead_lines(view, JACK, None)
    assert "unless your alibi card spoils your win (about 1 in 6)" in long, long
    assert "win" in short and ("(1 in 6)" in short or "83 in 100" in short), short


def test_the_top_lines_say_the_round_the_same_way_in_every_form():
    """QT: one network seat read "round 1/8", the other "round 2 of 8"
    (each the form its width left), and it looked unfinished."""
    from whitechapel.pocket.ui import panels

    view = PocketGame(random_setup(4)).view("investigator")
    forms = panels.banners(view, "you (the investigator)") + panels.call_banners(1)
    assert not any("/8" in f for f in forms), forms
    assert sum(" of 8" in f for f in forms) >= 5, forms


async def test_the_setups_name_boxes_say_whose_they_are_once_typed_in():
    """QT (and QS, round 23): "once you type Ann and Bob, nothing on screen
    says which box is which": the placeholders were their only labels."""
    import settle
    from snapshots import screen_text
    from whitechapel.app import WhitechapelApp
    from whitechapel.pocket.ui.setup import PocketSetup

    app = WhitechapelApp(start=PocketSetup())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle.settle(pilot)
        app.screen.query_one("#jack-name").value = "Ann"
        app.screen.query_one("#inv-name").value = "Bob"
        await settle.settle(pilot)
        rows = screen_text(app).splitlines()
        jack = next(i for i, r in enumerate(rows) if "▔ Jack ▔" in r)
        inv = next(i for i, r in enumerate(rows) if "▔ The investigator ▔" in r)
        assert "Ann" in rows[jack + 1] and "Bob" in rows[inv + 1]


def test_p8_the_investigators_panel_warns_when_jack_unseen_at_this_call_may_win():
    """QW (round 25): "Hourglasses known: 3 of 6 · Jack holds 1 alibi card"
    never said that Jack unseen at this call could reach 6 with Madame's
    2; he lost to it.  The investigator's panel says so when the round's
    hourglass, those in sight and the most his cards (and an Alibi token
    he may still take this round) can hold reach 6; never otherwise."""
    from rich.text import Text

    from whitechapel.pocket.pieces import ALIBI, CHARACTERS, INVESTIGATOR, JACK
    from whitechapel.pocket.ui import panels

    warned = quiet = raced = 0
    for seed in range(12):
        game, rng = PocketGame(random_setup(seed)), random.Random(seed)
        while game.outcome is None:
            if game.to_act is None:
                game.resolve()
                continue
            view = game.view(INVESTIGATOR)
            text = Text.from_markup(panels.race_lines(view)).plain
            shown = set(view.investigator_alibis)
            values = sorted((c.hourglasses for c in CHARACTERS if c.id not in shown), reverse=True)
            later = TURN_ORDER[view.round % 2][view.step :]
            alibi = JACK in later and any(t.up == ALIBI and not t.used for t in view.tokens)
            held = view.known_hourglasses + 1 + sum(values[: view.jack_alibi_count])
            drawn = view.known_hourglasses + 1 + sum(values[: view.jack_alibi_count + alibi])
            now = held >= 6 and not view.race
            # QX (round 26): a threat that needs a card still to draw says so
            later = drawn >= 6 and not view.race and not now
            # QZ (round 27): "Unseen now" read as news; said as the condition it is
            # RD (round 29): with two suspects left Jack alone unseen is the race
            two = len(view.suspects) == 2
            assert (panels.MAY_WIN_UNSEEN in text) == (now and not two), (text, view.round)
            assert (panels.WIN_OR_RACE in text) == (now and two), (text, view.round)
            assert panels.MAY_WIN_UNSEEN == "Jack may win if unseen"
            assert panels.WIN_OR_RACE == "Unseen: Jack may win or race"
            assert ("Alibi + unseen: Jack may win" in text) == (later and not two), text
            assert ("Alibi+unseen: may win or race" in text) == (later and two), text
            warned += now
            raced += now and two
            quiet += not (now or later)
            game.apply(rng.choice(game.legal_actions()))
    assert warned and quiet and raced


# QV's guided game as the investigator (round 25), to his 20th action:
# round 5, Lane just cleared by his alibi card, Goodley the last suspect
QV_SETUP = _setup(
    "a1:lestrade:W b1:goodley:S c1:bert:E a2:gull:N b2:lane:S c2:smith:W a3:pizer:W b3:madame:S c3:stealthy:W",
    jack="goodley",
    deck="stealthy smith lane pizer lestrade gull madame bert",
    throws="AWXR AWRJ ATXR AWXJ",
)
QV_ACTIONS = "A Xb1c2 Rc2E W+2 J:- T+2 Ra3N H+1 J:T Ra2E W+2 A Xc1a3 H+1 T+2 Rb2N A Rc3S T+1"


def test_p8_the_last_suspect_unseen_is_said_as_the_investigators_win():
    """QV: "Best: swapping a1 and b1: Jack stays unseen" read as if keeping
    Jack unseen were the investigator's goal; his own other swap said
    "Jack is seen: you win".  Outside the race the last suspect ends the
    game seen or not: every form says the win."""
    from whitechapel.pocket.pieces import INVESTIGATOR

    view = _played(QV_SETUP, QV_ACTIONS).view(INVESTIGATOR)
    assert len(view.suspects) == 1 and not view.race
    long, short = hints.ahead_lines(view, INVESTIGATOR, None)
    assert long.endswith("you win."), long
    assert short.endswith("you win."), short
    assert "unseen" not in short, short
