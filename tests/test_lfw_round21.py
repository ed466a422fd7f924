"""Round 21 of issue 43's blind play-tests (testers O2 and P2): what they
found, held by tests."""

from __future__ import annotations

import inspect
import re

from whitechapel.lfw import hints
from whitechapel.lfw.ui.panels import untagged

TAG = re.compile(r"\b[HTSONP][0-9]\b")


def every_plain_hint():
    """Each hint the module makes from nothing or from a night alone."""
    for name, make in vars(hints).items():
        if not (name.startswith("_") and inspect.isfunction(make)):
            continue
        params = list(inspect.signature(make).parameters)
        if params == []:
            yield make()
        elif params == ["night"]:
            yield from (make(night) for night in range(1, 5))


def test_no_hint_names_a_rule_by_its_tag_once_untagged():
    """O2: the guided night's hint said "3 stay (in T3 too, 3 does nothing:
    a pass)"; a newcomer cannot know "T3".  Every hint, as the screen shows
    it (tags in brackets taken out), names no rule by its tag."""
    made = [h for h in every_plain_hint() if isinstance(h, hints.Hint)]
    assert len(made) >= 10
    for hint in made:
        shown = untagged(hint.text)
        assert not TAG.search(shown), (hint.kind, TAG.search(shown), shown)


def test_h3_the_later_nights_patrol_hint_reads_as_a_sentence():
    """O2: "put the seven patrol markers five where the policemen ended last
    night…" read as garbled."""
    text = hints._patrols(2).rule
    assert "put the seven patrol markers down: five on the crossings where the policemen" in text


# -- round 22 (testers Q2 and R2) ----------------------------------------------------------


async def test_h3_two_fakes_note_is_whole_at_200_columns(tmp_path):
    """Q2: "… the last 2 fakes go on p (between 142 and 143) and a (between
    22 and 25) by themselves (policemen ended there last" was cut at 200
    columns beside the keys: where it would not fit, the note names the
    letters alone, and the screen shows it to its end."""
    from lfw_app_play import first_game_where, game_app, prompt_text, raise_curtain
    from snapshots import screen_text
    from test_lfw_round19_l2 import _later_patrols, place_by_letters
    from whitechapel.lfw.rulebook import POLICE

    game = first_game_where(3, _later_patrols, tries=100)
    placement = game.view(POLICE).placement
    may = [x for x in placement.may if x not in placement.must]
    reals = [may[0], *placement.must[:3]]  # the fifth marker to place, two old crossings bare
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await place_by_letters(pilot, screen, reals)
        said = prompt_text(app)
        assert "the last 2 fakes go on" in said, said
        rows = [r.rstrip() for r in screen_text(app).split("\n")]
        assert any(r.endswith("by themselves") or "by themselves (" in r for r in rows), said
        assert not any(r.endswith(("(policemen ended there last", "(no")) for r in rows)


def test_t3_a_question_asked_before_a_key_stands_alone_on_the_keys_line():
    """Q2: "9: everyone … — 9 again: yes (Enter too); Esc: no  nothing to
    find beside Brown: 3 passes; 0 all pass; 9 all search (no" was cut at
    200 columns: a question says its own keys, and nothing follows it."""
    from types import SimpleNamespace

    from rich.text import Text

    from whitechapel.lfw.ui.refusals import notice_line

    keys = SimpleNamespace(typed="", keys_hint=lambda plain=False, room=None: "0 all pass")
    question = "9: everyone (Brown and Red) searches where a clue can be, or passes — 9 again: yes (Enter too); Esc: no"
    assert Text.from_markup(notice_line(question, keys, 200)).plain == question
    refused = "'w' is not a key here"
    assert "0 all pass" in notice_line(refused, keys, 200)  # a refusal keeps the keys


async def test_the_log_comes_back_to_its_newest_entry_after_an_action(tmp_path):
    """Q2: after PgUp the log kept showing night 1's entries well into night
    2 ("… 42 newer (PgDn)"), though F1 says the newest is at its bottom: a
    new entry brings it back."""
    import settle
    from lfw_app_play import first_game_where, game_app, raise_curtain
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.bench import keys_for

    def hunt(g) -> bool:
        return g.phase == Phase.HUNT and g.to_act == POLICE and len(g.view(POLICE).log) > 30

    game = first_game_where(3, hunt, tries=100)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(200, 60)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.press(pilot, "pageup")
        assert screen.log_back > 0
        stay = next(str(a) for a in game.legal_actions() if str(a).endswith("stay"))
        await settle.press(pilot, *keys_for(game, stay))
        assert str(game.history[-1]) == stay
        assert screen.log_back == 0
