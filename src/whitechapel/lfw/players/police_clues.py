"""T3 for the computer police: one policeman's search, arrest, chase or
pass, and O6 (`know N`), read from the notebook as it stands after the
policemen before him acted (their findings are in the view).

- A search names circles beside him one at a time until one holds a clue
  (T3): the police search only circles the notebook says may be written
  and are not known to be (a crime scene, a clue already found), best
  first.  Best: the likeliest written (easy, normal) or the one that splits
  Jack's possible positions best, by the expected information of its
  answer (hard).
- An arrest names the circle beside him where Jack most likely stands (O4:
  all of them at once); taken when the notebook leaves one or two circles
  in all (easy), or when its odds are good enough against what a search
  could tell (normal, hard), or when Jack could step home from there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from whitechapel.lfw.actions import Action, Arrest, KnowWhereYouLive, Search
from whitechapel.lfw.players.police_sense import Sense, entropy
from whitechapel.lfw.views import LfwView


@dataclass(frozen=True)
class Clues:
    """How a level acts in T3."""

    arrest_odds: float | None  # arrest at these odds (None: only when 1-2 circles are left)
    informative: bool  # searches ranked by information (else by the odds of a clue)
    info_worth: float = 0.0  # an arrest's odds must beat this times a search's bits
    know_odds: float | None = None  # O6 when the likeliest hideout has these odds
    danger_boost: float = 0.0  # an arrest where Jack could step home next counts more
    # with nothing left to learn, a circle not known to be written named
    # before a known clue (tester Y2, round 27); the frozen reference did not
    unknown_first: bool = True
    # a search's odds and information read from the same map of Jack as an
    # arrest's (`Sense.written_odds`; tester E3, round 30); the frozen
    # reference did not
    weighted: bool = True


def targets(legal: Sequence[Action], colour: str) -> list[int]:
    """The circles the policeman may search."""
    return [a.circle for a in legal if isinstance(a, Search) and a.colour == colour]


def known_written(view: LfwView) -> set[int]:
    """Circles written tonight for sure: tonight's crime scenes and clues."""
    night = view.night
    out = {s.circle for s in view.crime_scenes if s.night == night}
    return out | set(view.clues)


def rank_searches(
    sense: Sense, circles: Sequence[int], informative: bool, weighted: bool = True
) -> list[tuple[float, int]]:
    """The useful searches among `circles`, best first: never a circle the
    notebook excludes nor one known to be written (neither can tell
    anything)."""
    known = known_written(sense.view)
    base = entropy(sense.where) if informative else 0.0
    out = []
    for c in circles:
        if c in known:
            continue
        q, hit, miss = sense.written_odds(c, weighted)
        if q <= 1e-12 or q >= 1 - 1e-12:
            continue
        if informative:
            gain = base - q * entropy(hit) - (1 - q) * entropy(miss)
            out.append((gain, c))
        else:
            out.append((q, c))
    out.sort(key=lambda rc: (-rc[0], rc[1]))
    return out


def choose_clue(
    sense: Sense,
    legal: Sequence[Action],
    colour: str,
    style: Clues,
    danger: Mapping[int, float] | None = None,
) -> Action | None:
    """The policeman's T3 action (None: nothing worth doing; the caller
    chases or passes).  `danger`: circle -> the weight of the hideouts Jack
    could step into from there next move; an arrest there counts that much
    more (times `danger_boost`)."""
    where = sense.where
    danger = danger or {}

    def odds(c: int) -> float:
        return where.get(c, 0.0) * (1 + style.danger_boost * danger.get(c, 0.0))

    circles = targets(legal, colour)
    area = Arrest(colour, None)
    arrest: tuple[float, Action] | None = None
    if area in legal:
        chance = sum(odds(c) for c in circles)
        if chance > 0:
            arrest = (chance, area)
    else:
        best = max(circles, key=lambda c: (odds(c), -c), default=None)
        if best is not None and odds(best) > 0:
            arrest = (odds(best), Arrest(colour, best))
    if arrest is not None and style.arrest_odds is None:
        if len(where) <= 2:
            return arrest[1]
        arrest = None
    if arrest is not None and style.arrest_odds is not None and arrest[0] >= style.arrest_odds:
        return arrest[1]
    searches = rank_searches(sense, circles, style.informative, style.weighted)
    if arrest is not None:
        bits = searches[0][0] if searches and style.informative else 0.0
        if not searches or (style.info_worth and arrest[0] >= style.info_worth * bits):
            return arrest[1]
    if searches:
        return Search(colour, searches[0][1])
    return None


def home_arrest(
    sense: Sense,
    legal: Sequence[Action],
    colour: str,
    danger: Mapping[int, float],
    least: float,
) -> Action | None:
    """T3 by the hideout (hard, the endgame): the arrest on the circle
    beside the policeman where Jack most likely stands *and* steps home
    next move (his share of the paths times `danger`, the weight of the
    candidates he could step into from there), when that reaches `least`;
    None when no such circle is beside him.  With O4 the area arrest, when
    the circles beside him together reach it."""
    where = sense.where

    def threat(c: int) -> float:
        return where.get(c, 0.0) * danger.get(c, 0.0)

    circles = targets(legal, colour)
    area = Arrest(colour, None)
    if area in legal:
        total = sum(threat(c) for c in circles)
        return area if total > 0 and total >= least else None
    best = max(circles, key=lambda c: (threat(c), where.get(c, 0.0), -c), default=None)
    if best is None or threat(best) <= 0 or threat(best) < least:
        return None
    return Arrest(colour, best)


def go_on_searching(sense: Sense, legal: Sequence[Action], colour: str, style: Clues) -> Action:
    """T3 after a search that found nothing: the next circle to name (he
    must name one while any is left)."""
    circles = targets(legal, colour)
    searches = rank_searches(sense, circles, style.informative, style.weighted)
    if searches:
        return Search(colour, searches[0][1])
    # nothing left to learn: a circle not known to be written before one
    # that is (naming a known clue ends the search, with circles unnamed;
    # tester Y2, round 27: "searches 100: a clue, known already", 120 never)
    if not style.unknown_first:
        return legal[0]
    known = known_written(sense.view)
    unknown = [a for a in legal if isinstance(a, Search) and a.circle not in known]
    return unknown[0] if unknown else legal[0]


def know(sense: Sense, legal: Sequence[Action], style: Clues) -> Action | None:
    """O6: name the hideout when it is likely enough (a wrong name is the
    one chance of the game spent)."""
    if style.know_odds is None or not any(isinstance(a, KnowWhereYouLive) for a in legal):
        return None
    live = sense.live_hideouts() if sense.where else sense.hideouts
    if not live:
        return None
    h, w = max(live.items(), key=lambda kv: (kv[1], -kv[0]))
    if (w >= style.know_odds or len(sense.hideouts) == 1) and KnowWhereYouLive(h) in legal:
        return KnowWhereYouLive(h)
    return None
