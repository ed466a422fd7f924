"""The hard police search where a search tells more than a long-odds
arrest (testers Y and B2, issue 43 rounds 13 and 14: a night of 32 failed
arrests and no clue found; the hard level's `info_worth` 3, from 0.25:
on seeds 930000-930003 129 searches for 199 arrests before, 152 for 168
after; with `Style.toward` (round 15) on 930000-930007 270 for 295).  Fixed seeds, budget 0: every
decision to its own end, the same on any machine."""

from __future__ import annotations

from collections import Counter

from whitechapel.core.arena import play_one
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players import police

SEEDS = range(930000, 930008)


def test_t3_the_hard_police_search_at_least_four_times_for_five_arrests(monkeypatch):
    counted: Counter[str] = Counter()
    decide = police.Police.decide

    def counting(self, view, legal, budget):
        out = decide(self, view, legal, budget)
        if view.phase.key == Phase.CLUES and self.level == "hard":
            counted[type(out).__name__] += 1
        return out

    monkeypatch.setattr(police.Police, "decide", counting)
    for seed in SEEDS:
        play_one("lfw", {"jack": "hard-2026-12", "police": "hard"}, seed, 0.0)
    assert counted["Arrest"] > 0 and counted["Search"] >= 0.8 * counted["Arrest"], counted
