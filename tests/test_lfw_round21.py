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
