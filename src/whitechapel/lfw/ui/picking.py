"""The choice of the moment on the hot-seat screen, without the screen.

`Picking` holds the engine's choices (a `Chooser`, or a `Placer` in H2/H3),
what the player has typed and which option Tab has highlighted, and answers
what the screen shows: the targets on the map and their one-key labels, the
word choices, the hint line, and what each key means (`press`).  Pure
Python, so the keys' logic is tested without an app.

The keys, in one place (docs/lfw.md, the F1 help):

- **Labels**: every crossing that is a legal target now carries a letter
  on the map, and that letter alone chooses it: each crossing has its own
  letter all game (`crossing_letters`: no two a policeman can reach in one
  move share one), kept wherever no other target of the moment has it
  (else the first free, in reading order); circles keep their numbers
  (type the number, then Enter), and when at most five circles are offered
  each also gets a letter, shown on the buttons and the hint line.  Labels
  are `LABELS` in order, then the same letters in capitals; they skip the
  policemen's letters (b y n r g), the fake marker's `f` and `x`, which
  starts a crossing's id typed in full.  The hint lists each crossing's
  letter with the circles a policeman there may search (T3): `a→12·30
  d→(none)`, as many as the prompt has room for.  Within one decision a
  node keeps its letter from word to word, and a node new at a later word
  takes an unused letter (`fixed`); T2's crossings always have their own
  (`hunt_letters`); H6's Wretched keep theirs through the
  phase, and so do their destinations, which never take a woman's
  (`wretched_letters`).  The letter of a forced action's only place plays
  it, as Enter does.
- **Words** (stay, search, arrest, pass, step, coach …): the digits 1–9,
  in the order offered; T2's stay is 3, as T3's pass; T1's step, coach
  and alley are always 1, 2 and 3, whichever are open (`word_key`).
  **0** is "the rest of this phase": in T2 every policeman still to move
  stays, in T3 every one still to act passes, in H6 every Wretched still
  to move goes.  It always asks once first (a second 0 or Enter does it),
  and so does 9 (`rest_asks`); in a search under way 0 names the circles
  left, his own action, at once.
- **B Y N R G** (or the small letters): in T2 and T3, as the acting
  policeman's choice begins, a later policeman's letter means "the ones
  before him stay (T2) / pass (T3), and he acts now" (`fold`): the first
  press, `arm`, only says so and the same letter again does it; anything
  else calls it off.  The engine
  keeps the Chief-first clockwise order, T2: the screen sends each stay or
  pass).  Otherwise (the one acting, one who has acted, a choice under
  way, any other phase) the letter selects him: the map centres on him.
- **T3, nothing to do**: where every circle beside the acting policeman is
  ruled out by the notebook (no clue can be there tonight) and Jack cannot
  be on any of them now, the hint says so ("nothing to find beside Blue:
  3 passes"); he is never passed for the player.
- **T3** (the acting policeman's circles keep their letters for his whole
  action, from his first name to his last): a circle's letter starts a
  search there and each further letter names the next circle (the engine
  stops at the first clue, T3); `1 search` names every circle, likeliest
  first by the notebook (the circles where a clue may be, then the rest),
  and in a search under way `0` does the same for the circles left; an
  arrest takes its word first (`2`, then the letter).
- **H2**: once the marked women are placed and every free red circle must
  take one of the others, the rest go down at once (Enter confirms).
- A forced action (only one is legal) and a finished placement wait for
  Enter; no single key commits them.
- **H2, H5**: each red circle has one letter all game (`red_letters`):
  Jack places the women and kills by the same letters, a Wretched the
  Chief moved keeping her red circle's (`kill_letters`).  A kill is asked
  before it is played (`kill_asked`): Enter kills, Esc takes it back, and
  the question names what stands beside the circle (play-tester P, round 8).
- **T1**: the circles where a move would end beside a policeman are marked
  (`flagged`), on the keys line at every width (`flag_words`), and a
  forced step says it is only the step's, with the coach or alley still
  open (`forced_step`).
- **T1, a walk onto the hideout**: Enter (or 1) announces it, 2 passes
  through (`choosing.THROUGH`).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

import networkx as nx

from whitechapel.lfw import rulebook
from whitechapel.lfw.actions import Search, Step
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.players.police_sense import FAR
from whitechapel.lfw.players.police_sense import facts as police_facts
from whitechapel.lfw.ui import exposure, jackturn, placenames, sentences, wretched
from whitechapel.lfw.ui.choosing import HOME, THROUGH, Chooser, Placer, words_of
from whitechapel.lfw.ui.marks import COLOUR_LETTERS, COLOURS, FAKE_MARKER
from whitechapel.lfw.ui.panels import last_night_police
from whitechapel.lfw.view_parts import PatrolPlacement, SearchSeen
from whitechapel.lfw.views import LfwView

LABELS = "acdehijklmopqstuvwz"
ALL_LABELS = LABELS + LABELS.upper()
# T3: an arrest beside a policeman is worth saying (the note "only Red can
# arrest", key 9's stop) from this share of Jack's paths; at a twentieth the
# bench's police turn took 9 keys (median), over issue 43's 8
ARREST_SHARE = 0.1
ARREST_FEW = 6  # ... or where Jack has at most this many circles
CIRCLE_LABELS = 5  # at most this many circles get letters (they fit on the buttons)
WOMEN_LABELS = 10  # H2: the free red circles get letters up to this many
POLICE_KEYS = {letter.lower(): colour for colour, letter in COLOUR_LETTERS.items()}
REST = {"hunt": "stay", "clues": "pass"}  # key 0: what everyone still to act does
FOLD_PRESSES = 2  # a later policeman's letter: the first press asks, the second folds
MORE = "*more:"  # a "+N more" button's word, then the first choice of its page
SEARCH_ALL = "search"  # key 1 in T3, 0 in a search: every circle left, likeliest first
T3_WORD_KEYS = {"1": SEARCH_ALL, "2": "arrest", "3": "pass"}  # also on a forced action
SWEEP_KEY = "9"  # T3: everyone searches where it can tell, else passes (sweep.py)
KILL_AGAIN = "1"  # H5: the kill's own key ("1 kill, 2 wait"), pressed again, kills
QUESTION_ROOM = 190  # the most characters key 9's question takes: one row at 200 columns
STAY, STAY_KEY = "stay", "3"  # T2: his stay, on T3's pass's key (`Picking.word_key`)
# T1: each kind of move on its own digit, whichever are open (tester W, round
# 11: with no step open the list read "1 coach, 2 alley", and a 1 pressed out
# of habit began a coach)
T1_WORD_KEYS = jackturn.KIND_KEYS  # T1's words' keys, fixed (the sheet numbers them so)
SWEEP = "sweep"  # its word while keys.py sends its actions
# H6: where a Wretched may not go
WRETCHED_RULE = "not past or beside a patrol marker, nor onto a crime scene or another woman"
# T3: a search cannot stop before a clue (the rulebook: he names another circle
# until the first clue, or until he has named every one beside him)
SEARCH_RULE = "a search names every circle beside him until a clue is found, as in the box"
SWEEP_HINT = "9 everyone searches where a clue can be (no arrest)"
SWEEP_THEN = "then everyone after him searches where a clue can be"  # 9 in a search
# the same with the notebook set off (the box): nothing is deduced for them
SWEEP_HINT_BOX = "9 everyone searches (no arrest)"
SWEEP_THEN_BOX = "then everyone after him searches"
# Keys 0 and 9 pressed mid-turn ask first (`Picking._rest_press`): their words, their keys
ARMED_KEYS = {"stay": "0", "pass": "0", SWEEP: SWEEP_KEY, wretched.WORD: "0"}
T3 = (Phase.CLUES, Phase.SEARCHING)
TOUCHES_SHOWN = 10  # crossings listed with their circles where the screen gives no room
MIN_LIST = 12  # characters: less room than this, and the letters' circles are left out
MORE_CIRCLES = " more, all listed on the right"  # the circles the keys line leaves out
# S1: the same, where the side panel counts each circle's ways in (tester A4,
# round 41, never saw that list at 200×60 and chose a hideout with two)
MORE_HIDEOUTS = " more, listed on the right by their ways in"
ON_THE_RIGHT = " (all listed on the right)"  # after a letters list the keys line cut
TOUCHES_INTRO = "letter on the map → circles to search there (T3): "
# T2: each crossing by the circles beside it where Jack can be now, most
# first (testers G2 and H2, round 17: every move meant checking a list of
# letters against the notebook's list of circles)
# The keys line and the side panel list only those circles, in the same
# words every turn (tester L2, round 19: the panel listed every circle, his
# only underlined, which a plain terminal or a screen reader loses)
HUNT_WORDS = "letter on the map → the circles beside it where Jack can be"
HUNT_INTRO = f"{HUNT_WORDS}: "
HUNT_NONE = "none"  # after the letters of crossings beside none of them
HUNT_ON_THE_RIGHT = f"{HUNT_WORDS}, on the right"
HUNT_HEAD = "[b]Crossing[/b] letters → the circles beside each where Jack can be"
HUNT_RANKED = ", those beside most of his paths first"  # the heat map's order
HUNT_HEAD_SHORT = "[b]Letter[/b] → circles Jack can be on"  # a short window's (one row)
# H3: the letters are the yellow crossings (tester V, round 11: "circles to
# search there" read as searching while he placed markers)
PATROLS_INTRO = "each letter on the map is a yellow crossing; the circles beside it: "
# from night 2 the markers go on last night's crossings too (tester Z, round 13)
PATROLS_LATER_INTRO = "each letter on the map is a place for a marker; the circles beside it: "
NO_CIRCLE = "(none)"  # a crossing that touches no circle: nothing to search from it
WORD_LABELS = {HOME: "home: announce", THROUGH: "pass through"}  # T1, on the buttons
WALK_ONLY = "a walk (no coach or alley left): the circle alone"  # T1, 1 2 3 not asked
TYPE_TOO = "or type a number"  # after circles that carry letters: their numbers work too


def touch_text(board: Any, label: str, crossing: str) -> str:
    """ "a→12·30", "d→(none)": a crossing's letter and its circles (T3)."""
    circles = placenames.touches(board, crossing)
    return f"{label}→{'·'.join(map(str, circles)) if circles else NO_CIRCLE}"


def hunt_rows(
    board: Any,
    labelled: list[tuple[str, str]],
    jack: frozenset[int],
    paths: Mapping[int, int] | None = None,
) -> list[tuple[str, str, tuple[int, ...]]]:
    """T2: (letter, crossing, the circles beside it where Jack can be) for
    each lettered crossing, in the order given; with `paths` (circle ->
    the notebook's paths ending there: the heat map's odds), first those
    beside most of his paths (tester I2, round 18: counted by circles, the
    list sent policemen to the edge of 192 circles and not down the trail),
    then most circles.  Without them the order is the letters', no advice:
    the possible circles are what a pencil works out, and where to go is
    the player's (testers Y2, A3, B3, rounds 27-28: "I won largely by
    pressing the top suggestion")."""
    rows = [
        (k, x, tuple(c for c in placenames.touches(board, x) if c in jack)) for k, x in labelled
    ]
    if paths is None:
        return rows
    return sorted(rows, key=lambda r: (-sum(paths.get(c, 0) for c in r[2]), -len(r[2])))


def hunt_list(
    board: Any,
    labelled: list[tuple[str, str]],
    jack: frozenset[int],
    room: int | None,
    paths: Mapping[int, int] | None = None,
    here: tuple[str, str] | None = None,
) -> str:
    """T2's letters for the keys line: "i 99·100·120, a 31·100, d 99; c e h:
    none", as many whole entries as `room` holds (then "…").  `here`: the
    acting policeman's name and crossing (`nearest_tail`)."""
    rows = hunt_rows(board, labelled, jack, paths)
    some = [f"{k} {'·'.join(map(str, near))}" for k, _, near in rows if near]
    idle = [k for k, _, near in rows if not near]
    tail = f"{' '.join(idle)}: {HUNT_NONE}" if idle else ""
    if idle and not some and jack:
        tail += nearest_tail(board, [(k, x) for k, x, _ in rows], jack, here)
    whole = ", ".join(some) + ("; " if some and tail else "") + tail
    if room is None or len(whole) <= room:
        return whole
    shown: list[str] = []
    for entry in some:
        if len(", ".join([*shown, entry])) > room - 2:
            break
        shown.append(entry)
    return ", ".join(shown) + " …" if shown else "…"  # "…": not one whole entry fits


def nearest_tail(
    board: Any,
    labelled: list[tuple[str, str]],
    jack: frozenset[int],
    here: tuple[str, str] | None = None,
) -> str:
    """T2, no crossing offered beside a circle where Jack can be: the
    nearest such circle, which way and how far it lies from the acting
    policeman (`here`: his name and crossing), and the three letters
    nearest it, each with the way it lies from him and how far it is from
    the circle: "; nearest them: 83, 5 crossings north-east of Yellow: a
    (east of him, 3 crossings short of 83), d (north, 4 short of 83)" (tester Z2,
    round 27: "it only says '…: none' and points nowhere"; F3, round 30:
    "has no direction"; H3, round 31, read a way said from the letter as
    said from the policeman; N3, round 34, read "south of Brown: t" as
    "t is the way south", and t lay north of him)."""
    near = police_facts(board)
    far = [min((near.distance(x, c), c, k) for c in sorted(jack)) for k, x in labelled]
    if not far or min(far)[0] >= FAR:
        return ""
    target = min(far)[1]
    where = dict(labelled)
    steps = [
        (d, k)
        for d, k in sorted((near.distance(where[k], target), k) for k, _ in labelled)
        if d < FAR
    ][:3]
    if here is None:
        said = ", ".join(f"{k} ({d} {_crossings(d)} from it)" for d, k in steps)
        return f"; nearest them: {target}: {said}"
    name, crossing = here
    ways = [placenames.heading(board, crossing, where[k]) for _, k in steps]
    # "short of": so many moves before a crossing beside the circle (U3,
    # round 38, read "1 crossing from 65" as beside 65, and could not arrest)
    entries = [
        f"{k} ({way} of him, {d} {_crossings(d)} short of {target})"
        if i == 0
        else f"{k} ({way}, {d} short of {target})"
        for i, ((d, k), way) in enumerate(zip(steps, ways, strict=True))
    ]
    gone = near.distance(crossing, target)
    far_word = f"{gone} {_crossings(gone)} " if gone < FAR else ""
    way = placenames.heading(board, crossing, target)
    return f"; nearest them: {target}, {far_word}{way} of {name}: {', '.join(entries)}"


def _crossings(n: int) -> str:
    return "crossing" if n == 1 else "crossings"


def touch_list(board: Any, labelled: list[tuple[str, str]], room: int | None) -> str:
    """The crossings' letters with their circles, as many as `room`
    characters hold (TOUCHES_SHOWN where it is not known), whole entries
    only: the list ends with "…" where some are left out."""
    texts = [touch_text(board, k, x) for k, x in labelled]
    if room is None:
        shown = texts[:TOUCHES_SHOWN]
    else:
        shown, used = [], 0
        for t in texts:
            if used + len(t) + 1 > room - 2:  # room for " …"
                break
            shown.append(t)
            used += len(t) + 1
        if len(shown) == len(texts) - 1 and used + len(texts[-1]) + 1 <= room:
            shown = texts  # the last one fits where "…" would have gone
    more = " …" if len(shown) < len(texts) else ""
    return " ".join(shown) + more


def circle_list(circles: list[str], room: int, more: str = MORE_CIRCLES) -> str:
    """The circles offered, as many as `room` characters hold, then how
    many more (all of them are in the side panel where the prompt is this
    short): a list that is never empty (play-testers I and J, round 5:
    with more than ten circles the keys line listed none)."""
    shown: list[str] = []
    used = 0
    for c in circles:
        if shown and used + len(c) + 1 > room:
            break
        shown.append(c)
        used += len(c) + 1
    left = len(circles) - len(shown)
    return " ".join(shown) + (f" … +{left}{more}" if left else "")


def numbers_in(circles: list[str], room: int, more: str = MORE_CIRCLES) -> str:
    """`circle_list` in `room` characters, its count of the rest included:
    every circle wherever they all fit."""
    whole = " ".join(circles)
    return whole if len(whole) <= room else circle_list(circles, room - len(more) - 5, more)


BESIDE_POLICE = "beside police: "  # T1's flags' words (`Picking.flagged_part`)
IN_REACH = "in reach of police: "


def flag_words(beside: list[str], near: list[str], room: int | None = None) -> str:
    """T1's flags, short: "beside police: 90; in reach of police: 57 103".
    In `room` characters each list keeps as many whole circles as fit, the
    ones beside first, and ends in "…" (the side panel lists every one);
    a list not one circle of which fits goes."""

    def cut(words: str, circles: list[str], left: int | None) -> str:
        for n in range(len(circles), 0, -1):
            text = words + " ".join(circles[:n]) + (" …" if n < len(circles) else "")
            if left is None or len(text) <= left:
                return text
        return ""

    first = cut(BESIDE_POLICE, beside, room)
    left = None if room is None else room - len(first) - (2 if first else 0)
    second = cut(IN_REACH, near, left)
    return "; ".join(p for p in (first, second) if p)


def _missed(view: LfwView, circle: int) -> LfwView:
    """The view as if a search of `circle` had just found nothing (a
    hypothetical, asked of the notebook: nothing is played)."""
    last = view.nights[-1]
    seen = SearchSeen(view.acting_colour or "", circle, False, len(view.track))
    night = dataclasses.replace(last, searches=(*last.searches, seen))
    return dataclasses.replace(view, nights=(*view.nights[:-1], night))


KNOWN_MARK = " (clue known)"  # T3's letters: a circle whose clue the police have tonight


def known_tonight(view: LfwView) -> set[int]:
    """T3: the circles the police know written tonight: tonight's crime
    scenes and the clues found (naming one ends a search on what they knew)."""
    night = view.night
    return {s.circle for s in view.crime_scenes if s.night == night} | set(view.clues)


def clue_odds(view: LfwView, board: Any, circles: list[int], nb: Any = None) -> dict[int, float]:
    """T3: for each of `circles` where no clue is known yet tonight, the
    share of tonight's possible paths through it (the notebook's answer:
    0 where Jack cannot have passed, 1 where he must have).  Circles with
    a clue or tonight's crime scene are left out; so is everything while
    the notebook knows no path (Jack not on the streets)."""
    known = known_tonight(view)
    nb = nb if nb is not None else notebook(view, board)
    total = nb.total
    if not total:
        return {}
    return {
        c: 1 - notebook(_missed(view, c), board, nb).total / total
        for c in circles
        if c not in known
    }


def search_order(view: LfwView, board: Any, deduce: bool = True) -> list[int]:
    """T3: the circles the acting policeman may still name, in the order
    `1 search` / `0` names them: first those where the notebook says a
    clue may be found and none is found yet, likeliest first (the share
    of tonight's possible paths through it), then the rest in letter order
    (none of them can hold a clue: naming them is what T3 asks, no more),
    and last the circles where tonight's clue or crime scene is already
    known: naming one ends the search on a clue the police have (play-tester
    H, round 4, saw searches end at once on the crime scene).  Without
    `deduce` (the notebook set off: the box) the notebook is not asked:
    the letters' order, the known ones last (tester D3, round 29)."""
    circles = [a.circle for a in legal(view) if isinstance(a, Search)]
    odds = clue_odds(view, board, circles) if deduce else {}
    scored = sorted((-o, c) for c, o in odds.items() if 1e-12 < o < 1 - 1e-12)
    first = [c for _, c in scored]
    # known from the view itself, not from the notebook's answer: with no
    # path known (its odds empty) the known ones still come last (tester V2,
    # round 24: "Green searches 133: a clue, known already", 162 unsearched)
    found = known_tonight(view)
    rest = [c for c in circles if c not in first and c not in found]
    return first + rest + [c for c in circles if c in found]


def nearest_words(need: dict[str, int], after: str = "") -> str:
    """T1's "nearest home: 65 66 (then 2 moves)": the circles of `need`
    (circle -> moves home from it, in the order offered) fewest moves away;
    `after` ends the count (" after the coach").  "then": the moves from
    that circle on (tester V, round 11, read "111 (2 moves)" as two moves
    in all)."""
    best = min(need.values())
    near = " ".join(c for c, n in need.items() if n == best)
    return f"nearest home: {near} (then {best} move{'s' if best != 1 else ''}{after})"


def nothing_to_find(view: LfwView, board: Any, circles: list[int]) -> bool:
    """T3: is there nothing useful to do on `circles` (those beside the
    acting policeman)?  Jack cannot stand on any of them now (no arrest can
    take him) and he cannot have passed any of them tonight where no clue
    is known yet (no search can find one).  From the police's view alone
    (the notebook); False whenever the notebook knows no path."""
    nb = notebook(view, board)
    if not circles or not nb.on_board or not nb.total or nb.home or nb.over:
        return False
    if any(c in nb.counts for c in circles):
        return False  # an arrest there may take him
    return all(o <= 1e-12 for o in clue_odds(view, board, circles, nb).values())


@dataclass(frozen=True)
class Press:
    """What a printable key means now: `pick` a word, `same` (the letter of
    a place picked already: nothing to do), `rest` (0), `typed`
    (a digit or letter of a number or id being typed), `select` a
    policeman, `arm` (a later policeman's letter pressed once: the screen
    says what a second press does), `fold` (pressed again: he acts now,
    those before him stay or pass: T2, T3), `cancel` (anything else after
    `arm`: nothing is done), `play` (the letter of the only place left in a
    forced action: as Enter), or `refuse` with a sentence."""

    kind: str
    value: str = ""


def picking_for(view: LfwView, board: Any, aids: bool = True) -> Picking:
    """The choice the view offers the side to act (`legal.legal(view)`);
    `aids`: the notebook's (`Picking.aids`), false where it is set off."""
    if view.placement is not None:
        picking = Picking(board, Placer(view.phase.key, view.placement), view)
        if view.phase.key == Phase.WOMEN:  # H2: each red circle's own letter
            picking.fixed.update(red_letters(board))
    else:
        colour = view.acting_colour if view.phase.key == Phase.CLUES else None
        picking = Picking(board, Chooser([str(a) for a in legal(view)], colour), view)
        if view.phase.key == Phase.HUNT:
            picking.fixed.update(hunt_letters(view, board))
        elif view.phase.key == Phase.WRETCHED:
            picking.fixed.update(wretched_letters(view, board))
        elif view.phase.key == Phase.KILL:
            picking.fixed.update(kill_letters(view, board))
    picking.aids = aids
    return picking


def turn_starts(view: LfwView) -> dict[str, str]:
    """T2: where each policeman stood when this turn's moves began: where he
    stands, or for one who has moved this turn, where the log last put him
    before (the night's alarm, a move, an O3 chase).  From the view alone."""
    log = view.log
    i = len(log)
    while i and log[i - 1].event == "police_move":
        i -= 1
    moved = {e.colour for e in log[i:] if e.colour and e.crossing}
    starts = dict(view.police)
    if moved:
        before: dict[str, str] = {}
        for e in log[:i]:
            if e.event == "alarm":
                before = dict(e.police)
            elif e.event == "police_move" and e.colour and e.crossing:
                before[e.colour] = e.crossing
            elif e.event == "chase" and len(e.detail) == 2:
                before[e.detail[0]] = e.detail[1]
        starts.update({c: before[c] for c in moved if c in before})
    return starts


def arrest_chance(
    view: LfwView, board: Any, colour: str, covered: set[int] | frozenset[int] = frozenset()
) -> tuple[list[int], float, int]:
    """The circles beside `colour`'s crossing where Jack may be now (less
    `covered`), the share of his paths that end on them, and how many
    circles he may be on, where an arrest there is worth saying: a share of
    `ARREST_SHARE` or more, or `ARREST_FEW` circles or fewer; ([], 0.0, 0)
    elsewhere (no such circle, or the notebook off the board, Jack home,
    the game over).  From the view alone (the notebook reads its public
    part): the T3 note and key 9's stop (sweep.py) ask it."""
    crossing = view.police.get(colour)
    nb = notebook(view, board)
    if crossing is None or not nb.on_board or nb.home or nb.over or not nb.counts:
        return [], 0.0, 0
    near = [c for c in placenames.touches(board, crossing) if c in nb.counts and c not in covered]
    total = sum(nb.counts.values())
    share = sum(nb.counts[c] for c in near) / total if total else 0.0
    if not near or (share < ARREST_SHARE and len(nb.counts) > ARREST_FEW):
        return [], 0.0, 0
    return near, share, len(nb.counts)


def hunt_letters(view: LfwView, board: Any) -> dict[str, str]:
    """T2: the acting policeman's crossings' letters: each crossing's own
    (`crossing_letters`), the same for every policeman, every turn and
    every night (testers U2, Y2 and Z2, rounds 24 and 27: "the letters
    change with every prompt: I could never learn a crossing's name").
    The crossings the other policemen hold are left out.  From the view
    alone."""
    acting = view.acting_colour
    starts = turn_starts(view)
    if acting not in starts:
        return {}
    order = [c for c in rulebook.police_order(view.chief) if c in starts]
    k = order.index(acting)
    # the crossings others hold as he moves: those before him have moved
    # already (where they stand), those after him not yet
    held = {view.police[c] for c in order[:k]} | {starts[c] for c in order[k + 1 :]}
    own = crossing_letters(board)  # empty on a board too dense for the keys: `labels` letters them
    return {
        x: own[x] for x in board.police_within_two(starts[acting]) if x in own and x not in held
    }


@lru_cache(maxsize=8)
def crossing_letters(board: Any) -> dict[str, str]:
    """Each crossing's letter, the same all game: no two crossings one
    policeman can reach in a move (T2: two crossings, or stay) share one,
    so every move's targets have letters of their own.  A greedy colouring
    of that graph (networkx, DSATUR: on the 1888 board 25 letters, the
    tutorial's 21); the biggest classes take the small letters, so the
    capitals (Shift) fall on few crossings.  Deterministic: the board's
    crossings in reading order."""
    pos = board.pos
    crossings = sorted(board.crossings, key=lambda x: pos[x][::-1])
    clash: nx.Graph[str] = nx.Graph()
    clash.add_nodes_from(crossings)
    for x in crossings:
        reach = [x, *sorted(board.police_within_two(x), key=lambda y: pos[y][::-1])]
        clash.add_edges_from(combinations(reach, 2))
    # H3: the yellow crossings are offered all at once, so no two share one
    clash.add_edges_from(combinations(sorted(board.yellow, key=lambda y: pos[y][::-1]), 2))
    colour = nx.greedy_color(clash, strategy="DSATUR")
    sizes = Counter(colour.values())
    rank = {c: i for i, (c, _) in enumerate(sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0])))}
    if len(rank) > len(ALL_LABELS):  # a board too dense for the keys: reading order instead
        return {}
    return {x: ALL_LABELS[rank[colour[x]]] for x in crossings}


def red_letters(board: Any) -> dict[str, str]:
    """H2 and H5: each red circle's letter, the same in every night of the
    game (the red circles in number order, `ALL_LABELS` in order; a circle
    holding a crime scene keeps its letter unused).  Jack places the women
    by these letters and kills by them (play-tester P, round 8: `d` was 7
    while he placed the women and 13 at the kill; he killed on 13)."""
    return {str(c): k for c, k in zip(sorted(board.red), ALL_LABELS, strict=False)}


def kill_letters(view: LfwView, board: Any) -> dict[str, str]:
    """H5: each Wretched's letter, the one her red circle had in H2 (each
    woman keeps it where the Chief moved her in H6: the view's list keeps
    each in her place, and the public log says where each stood in H4).
    From the view alone."""
    start = next(
        (e.circles for e in reversed(view.log) if e.event == "wretched" and e.night == view.night),
        (),
    )
    if len(start) != len(view.wretched):
        start = view.wretched  # no record of H4 (never in a real game): where they stand
    reds = red_letters(board)
    return {
        str(now): reds[str(then)]
        for now, then in zip(view.wretched, start, strict=True)
        if str(then) in reds
    }


def wretched_letters(view: LfwView, board: Any) -> dict[str, str]:
    """H6: the letters of the Chief's whole move of the Wretched, the same
    from the first woman's move to the last (for the player it is one
    decision: play-tester J, round 5, read "o: 54", and after the others
    had moved it was "i: 54" and `o` was refused).  Each Wretched keeps
    her letter while she waits her turn (the view's list keeps each in her
    place as she moves); then, woman by woman as they stood when Jack
    waited, the circles each could move to then take the next letters:
    a woman's letter never means a destination.  Read from the view alone
    (the log's moves since the wait), so every screen and driver agrees."""
    moved = {}
    for e in reversed(view.log):
        if e.event != "wretched_move":
            break
        if e.target is not None:
            moved[e.target] = e.source
    start = [moved.get(c, c) for c in view.wretched]
    women = {str(c): k for c, k in zip(view.wretched, LABELS, strict=False)}
    markers = [m.crossing for m in view.patrol_markers if m.crossing]
    blocked = board.police_mask(markers)
    beside = {c for x in markers for c in board.direct_circles(x)}
    taken = set(start) | {s.circle for s in view.crime_scenes}
    free = iter(ALL_LABELS[len(women) :])
    out: dict[str, str] = {}
    for woman in start:
        targets = [
            c for c in board.jack_moves(woman, blocked) if c not in taken and c not in beside
        ]
        if len(targets) > WOMEN_LABELS:
            continue  # typed by number: more than the letters hold
        for c in targets:
            if str(c) not in out:
                k = next(free, None)
                if k is None:
                    return out | women
                out[str(c)] = k
    return out | women  # a woman who has moved keeps her letter, where she stands now


class Picking:
    def __init__(
        self,
        board: Any,
        chooser: Chooser | Placer | None = None,
        view: LfwView | None = None,
    ) -> None:
        self.board = board
        self.chooser = chooser
        self.view = view
        self.typed = ""
        self.cursor = 0  # which option Tab has highlighted
        self.cycled = False  # has Tab been pressed since the last pick?
        self._labels: tuple[tuple[Any, ...], dict[str, str]] | None = None
        self._offer: tuple[tuple[Any, ...], tuple[list[str], list[str], list[str]]] | None = None
        self._idle: bool | None = None  # T3: nothing to find beside him (asked once a state)
        self._hunt: frozenset[int] | None = None  # T2: where Jack can be (asked once)
        self.hunt_paths: dict[int, int] = {}  # T2: circle -> the notebook's paths ending there
        # the screen's notebook shown (F6; a game set up without it: never):
        # without it T2's letters say the circles beside them, no more
        self.notebook_on = True
        # the notebook's odds shown (its heat map): T2's letters ranked by them
        self.notebook_odds = False
        # Jack's aids (T1: who can reach a circle, the way home, the
        # warnings): off with the notebook set off at the setup, as the box
        self.aids = True
        # Node -> the letter it was given in this decision: a letter keeps its
        # meaning from one word of the action to the next (a woman, then her
        # destination; the double kill's two women; a coach's two circles).
        self.fixed: dict[str, str] = {}
        self.armed: str | None = None  # a later policeman's letter pressed once (T2, T3)
        # key 9 stopped before the acting policeman, its notice saying "9 again
        # searches on": one 9 does (keys.py, `end_rest`)
        self.sweep_resumes = False
        self.cut = False  # did the last keys line leave choices out (the side panel lists them)?

    # -- what is offered -------------------------------------------------------------

    def is_node(self, word: str) -> bool:
        board = self.board
        return (word.isdigit() and board.is_circle(int(word))) or board.is_crossing(word)

    def _offered(self) -> tuple[list[str], list[str], list[str]]:
        """The options, the nodes and the words among them, counted once for
        the tokens or words picked so far (the screen asks many times)."""
        c = self.chooser
        if c is None:
            return [], [], []
        key = tuple(c.picked)
        if self._offer is None or self._offer[0] != key:
            options = [str(o) for o in c.options()]
            nodes = [o for o in options if self.is_node(o)]
            words = [o for o in options if not self.is_node(o)]
            self._offer = (key, (options, nodes, words))
        return self._offer[1]

    def options(self) -> list[str]:
        return list(self._offered()[0])

    def node_options(self) -> list[str]:
        return list(self._offered()[1])

    def circle_options(self) -> list[str]:
        return [o for o in self._offered()[1] if o.isdigit()]

    def word_options(self) -> list[str]:
        return list(self._offered()[2])

    def word_key(self, i: int, word: str) -> str:
        """The digit that picks `word`, the `i`-th word offered: its place
        in the list (1 the first), but T2's stay is 3, as T3's pass is: the
        key that leaves a policeman idle is the same in both, and 1 (T3's
        search) never makes one stay (play-tester O, round 8, pressed 1 in
        T2 for a search, twice)."""
        if word == STAY and len(self.word_options()) < 3:  # T2 (no other phase has it)
            return STAY_KEY
        if self.phase() == Phase.ESCAPE and word in T1_WORD_KEYS:
            return T1_WORD_KEYS[word]
        return str(i + 1)

    def word_of_key(self, char: str) -> str | None:
        """The word a digit picks now (`word_key`'s inverse), if any."""
        words = self.word_options()
        return next((w for i, w in enumerate(words[:9]) if self.word_key(i, w) == char), None)

    def complete(self) -> str | None:
        """The action the words picked (or tokens placed) so far make."""
        return self.chooser.complete() if self.chooser is not None else None

    def forced(self) -> bool:
        """Nothing is left to choose and the action waits for Enter: only one
        action was legal, or the player's word took a place with it (a
        search with one circle left) that he has not seen chosen yet."""
        c = self.chooser
        return isinstance(c, Chooser) and not c.options() and bool(c.complete())

    def placed_all(self) -> bool:
        return isinstance(self.chooser, Placer) and self.chooser.complete() is not None

    def kill_asked(self) -> bool:
        """H5: the kill is chosen and waits for Enter (a kill is never
        played by the key that chose its circle: play-tester P, round 8)."""
        c = self.chooser
        return self.forced() and isinstance(c, Chooser) and c.picked[:1] == ["kill"]

    def view_or_fail(self) -> LfwView:
        assert self.view is not None  # a Picking made by `picking_for` has its view
        return self.view

    # -- T1: where a step ends beside a policeman ---------------------------------------

    def ends_on(self) -> bool:
        """T1: are the circles offered now where Jack's move ends (a step's
        or an alley's circle, a coach's second)?  A coach's first circle
        is only passed."""
        c = self.chooser
        if self.view is None or self.phase() != Phase.ESCAPE or not isinstance(c, Chooser):
            return False
        return c.picked[:1] in (["step"], ["alley"]) or (
            c.picked[:1] == ["coach"] and len(c.picked) == 2
        )

    def beside(self, circle: str) -> list[str]:
        """T1: the policemen beside a circle where Jack's move may end
        (from his view: where they stand is public); [] elsewhere."""
        if not circle.isdigit() or not self.ends_on():
            return []
        return sentences.beside_police(self.view_or_fail(), self.board, int(circle))

    def in_reach(self, circle: str) -> list[str]:
        """T1: the policemen who could stand beside a circle where Jack's
        move may end after their next move (T2), not beside it now; []
        elsewhere."""
        if not circle.isdigit() or not self.ends_on():
            return []
        return sentences.reach_police(self.view_or_fail(), self.board, int(circle))

    def flagged(self, circle: str, home: bool = False, counted: bool = False) -> str:
        """A target circle as the keys line, the side panel and the buttons
        list it (T1): who stands beside it, and (`home`: the side panel's
        list) how many moves home from there: "47 (home in 2; beside
        Yellow)" (play-tester P, round 8: a step beside a policeman; Q,
        round 9: "3 moves away", but which circle gets closer?).  From
        Jack's own view: his hideout is his.  `counted`: two policemen or
        more by their number, "in reach of 3", where the line is short."""

        if not self.aids:
            return circle

        def who_of(colours: list[str]) -> str:
            if counted and len(colours) > 1:  # a count, not a circle (tester T2, round 23)
                return f"{len(colours)} policemen"
            return sentences.and_list(sentences.name(c) for c in colours)

        said = []
        far = self.home_in(circle) if home else None
        if far is not None:
            said.append(far)
        who = self.beside(circle)
        if who:
            said.append(f"beside {who_of(who)}")
        elif near := self.in_reach(circle):
            said.append(f"in reach of {who_of(near)}")
        if self.phase() == Phase.KILL and (n3 := self.n3_flag(circle)):
            said.append(n3)  # N3: the police move first (tester Z, round 13)
        return f"{circle} ({'; '.join(said)})" if said else circle

    def n3_flag(self, circle: str) -> str:
        """H5 of night 3: what could arrest Jack on a Wretched's circle
        before he moves (`exposure.n3_flag`), from his view; "" elsewhere."""
        return "" if self.view is None else exposure.n3_flag(self.view, self.board, circle)

    def home_part(self) -> str:
        """T1: the keys line's part naming the circles offered that are
        nearest home, "nearest home: 65 66 (then 2 moves)"; empty where Jack
        has no hideout or none can reach it."""
        if self.coach_first():
            return self.coach_home_part()
        hideout = self.hideout()
        if hideout is None:
            return ""
        if str(hideout) in self.circle_options():
            return f"your hideout: {hideout}"
        need = {c: n for c in self.circle_options() if (n := self.moves_home(c)) is not None}
        if not need:
            return ""
        return nearest_words(need)

    def coach_first(self) -> bool:
        """T1: is Jack choosing the circle his coach passes (its first)?"""
        c = self.chooser
        return (
            self.view is not None
            and self.phase() == Phase.ESCAPE
            and isinstance(c, Chooser)
            and c.picked == ["coach"]
        )

    def coach_home_part(self) -> str:
        """T1, a coach's first circle: the ones whose coach ends nearest
        home, "nearest home: 51 (then 1 move after the coach)" (tester R2,
        round 22, tried a first circle, Esc, another, to find the way)."""
        view, c = self.view, self.chooser
        hideout = view.jack.hideout if view is not None and view.jack is not None else None
        if view is None or hideout is None or not isinstance(c, Chooser):
            return ""
        coaches = max(0, view.coaches_left - 1)  # this one spent
        need: dict[str, int] = {}
        for words in c.legal:
            if len(words) != 3 or not words[2].isdigit() or int(words[2]) == hideout:
                continue  # a coach never ends the night on the hideout
            n = jackturn.home_now(view, self.board, int(words[2]), coaches)
            if n is not None and n < need.get(words[1], n + 1):
                need[words[1]] = n
        ordered = {x: need[x] for x in self.circle_options() if x in need}
        return nearest_words(ordered, " after the coach") if ordered else ""

    def _t1_parts(self, lettered: bool) -> list[str]:
        """T1's parts of the keys line after the circles: those beside a
        policeman where they are typed by number (lettered, each says it:
        play-tester P, round 8), and which are nearest home (Q, round 9);
        after the kinds of move (or N3's women), what would give Jack away
        (`warning_part`; Z, round 13)."""
        parts: list[str] = []
        if not self.aids:
            return parts
        if not lettered and (flags := self.flagged_part()):
            parts.append(flags)
        if home := self.home_part():
            parts.append(home)
        if warn := self.warning_part():  # N3's kill: why some women are flagged
            parts.append(warn)
        return parts

    def warning_part(self, short: bool = False) -> str:
        """Jack, before he commits (tester Z, round 13): in T1 before the
        kind of move is picked, a kind that would leave the police few
        circles (`exposure.menu_part`); at N3's kill, why a woman is
        flagged (`exposure.n3_part`); "" elsewhere."""
        c, view = self.chooser, self.view
        if view is None or not isinstance(c, Chooser):
            return ""
        if self.phase() == Phase.KILL:
            return exposure.n3_part(view, self.board, self.circle_options(), short)
        return "" if c.picked else exposure.menu_part(view, self.board, short)

    def home_in(self, circle: str) -> str | None:
        """T1, a circle Jack's move may end on: "home in 2", "your hideout",
        "home out of reach"; None elsewhere (or no hideout in the view)."""
        hideout = self.hideout()
        if hideout is None or not circle.isdigit():
            return None
        if int(circle) == hideout:
            return "your hideout"
        need = self.moves_home(circle)
        return "home out of reach" if need is None else f"home in {need}"

    def hideout(self) -> int | None:
        """T1, where Jack's move ends on the circles offered: his hideout,
        from his own view (None: not that choice, or no hideout)."""
        view = self.view
        if view is None or view.jack is None or not self.ends_on():
            return None
        return view.jack.hideout

    def moves_home(self, circle: str) -> int | None:
        """T1: the fewest moves home from `circle` with the policemen where
        they stand now (`jackturn.moves_home_now`, with the alleys and
        coaches Jack has left: tester X, round 12, was told "then 1 move"
        all night while both ways in were held); None where no way reaches
        it now, the circle is not a number or is the hideout itself, or
        `hideout` is None."""
        hideout, view = self.hideout(), self.view
        if hideout is None or view is None or not circle.isdigit() or int(circle) == hideout:
            return None
        return jackturn.home_now(view, self.board, int(circle))

    def flagged_part(self, short: bool = False) -> str:
        """T1, circles typed by number: the ones beside a policeman, as a
        part of the keys line ("beside police: 45 (Blue), 47 (Yellow)";
        `short`: "beside police: 45 47", the side panel names them)."""
        # the same words in every form, "beside" and "in reach of" as each
        # circle's own note says them (tester Z2, round 27, re-read three
        # phrasings of each); "in reach": T2 then T3, a policeman may move
        # beside it and arrest (G2, round 17)
        if short:
            return flag_words(*self.flagged_lists())
        out, near = [], []
        for c in self.circle_options():
            if who := self.beside(c):
                out.append(f"{c} ({'·'.join(sentences.name(w) for w in who)})")
            elif reach := self.in_reach(c):
                near.append(f"{c} ({'·'.join(sentences.name(w) for w in reach)})")
        parts = []
        if out:
            parts.append(f"{BESIDE_POLICE}{', '.join(out)}")
        if near:
            parts.append(f"{IN_REACH}{', '.join(near)}")
        return "; ".join(parts)

    def flagged_lists(self) -> tuple[list[str], list[str]]:
        """T1: the circles offered beside a policeman, and those only in
        reach of one (`flagged_part`)."""
        circles = self.circle_options()
        beside = [c for c in circles if self.beside(c)]
        return beside, [c for c in circles if c not in beside and self.in_reach(c)]

    def forced_step(self) -> str | None:
        """T1, a step forced (one circle, or the only action): its prompt
        line (`sentences.forced_step`); None for any other action."""
        c = self.chooser
        if not self.forced() or self.view is None or not isinstance(c, Chooser):
            return None
        words = words_of(c.complete() or "")
        if self.phase() != Phase.ESCAPE or words[:1] != ("step",) or len(words) != 2:
            return None
        others = {w[0] for w in c.legal} - {"step"}
        circle = words[1]
        reach = []
        if self.aids and circle.isdigit():  # as every other step's circle says (tester D3)
            reach = sentences.reach_police(self.view, self.board, int(circle))
        return sentences.forced_step(
            self.view, self.board, circle, others, not self.can_back(), reach
        )

    def can_back(self) -> bool:
        return self.chooser is not None and self.chooser.can_back

    def can_step(self) -> bool:
        """T1: is a walk (a step) among Jack's moves?"""
        v = self.view
        return v is not None and any(isinstance(a, Step) for a in legal(v))

    def walk_only(self) -> bool:
        """T1 with no coach or alley left: the step is taken for Jack and
        the circle is asked at once, so 1 begins a circle's number (tester
        B3, round 28: "once coaches and alleys are spent, 1 no longer means
        step"; the keys line says so)."""
        c = self.chooser
        return (
            self.phase() == Phase.ESCAPE
            and isinstance(c, Chooser)
            and c.picked == ["step"]
            and not c.can_back
        )

    def phase(self) -> str:
        return "" if self.view is None else str(self.view.phase.key)

    def acting(self) -> str | None:
        return None if self.view is None else self.view.acting_colour

    def rest_word(self) -> str | None:
        """Key 0: "stay" in T2 / "pass" in T3 for every policeman still to
        act, him included, offered as his choice begins (the last one's
        too: play-tester I, round 5, had 0 refused for him)."""
        c = self.chooser
        if isinstance(c, Chooser) and self.phase() == Phase.SEARCHING:
            return SEARCH_ALL  # a search under way: 0 names every circle left
        if self.view is None:
            return None
        if self.phase() == Phase.WRETCHED and not self.typed and wretched.offered(self.view):
            return wretched.WORD  # H6: every Wretched still to move (tester A2, round 14)
        return self.idle_word()

    def likeliest(self) -> str:
        """How a search names its circles, where the notebook orders them."""
        return ", likeliest first" if self.aids else ""

    def sweep_hint(self) -> str:
        """Key 9's words on the keys line: with the notebook off, no deduction."""
        return SWEEP_HINT if self.aids else SWEEP_HINT_BOX

    def sweep_then(self) -> str:
        return SWEEP_THEN if self.aids else SWEEP_THEN_BOX

    def sweep_offered(self) -> bool:
        """Key 9 (sweep.py): T3 as a policeman's action begins, his pass one
        of his choices (or all he may do: tester Y, round 13, found 9 not
        offered then), and 9 not the number of a word; or his search under
        way (Y: 9 typed a number there), where no circle left starts with 9."""
        if self.phase() == Phase.SEARCHING:
            c = self.chooser
            return isinstance(c, Chooser) and not any(
                w.startswith(SWEEP_KEY) for w in c.options() if w.isdigit()
            )
        if self.idle_word() != "pass" or self.phase() != Phase.CLUES:
            return False
        return self.forced() or (self.t3_word_stage() and len(self.word_options()) < 9)

    def idle_word(self) -> str | None:
        """T2 / T3 as the acting policeman's choice begins: "stay" / "pass"
        if he may (his stay or pass is one of his choices), else None."""
        c, word, acting = self.chooser, REST.get(self.phase()), self.acting()
        if not isinstance(c, Chooser) or word is None or self.view is None:
            return None
        if c.picked == [acting] and word in c.options():
            return word
        if self.forced() and c.complete() == f"{acting} {word}":
            return word  # he can only pass: 0 (or a later one's key) still passes him
        return None

    def later(self) -> list[str]:
        """The policemen a key may give the turn to now (`fold`): those
        after the acting one this phase, while his choice begins and he
        may stay (T2) or pass (T3)."""
        if self.view is None or self.idle_word() is None:
            return []
        return sentences.still_to_act(self.view)

    def fold_key(self, colour: str) -> str | None:
        """The key that gives `colour` the turn now, the ones before him
        staying or passing (the bench, the drivers); None if it does not."""
        return COLOUR_LETTERS[colour].lower() if colour in self.later() else None

    def fold_hint(self, short: bool = False) -> str:
        """The hint's words for `fold`: "Y N R G: that policeman acts next;
        those before him stay" (T2) / "… pass" (T3); empty where none."""
        later = self.later()
        if not later:
            return ""
        keys = " ".join(COLOUR_LETTERS[c] for c in later)
        if short:
            return f"{keys} twice: skip to him"
        if self.phase() == Phase.HUNT:
            return f"{keys} twice: skip to him, those before him stay put"
        return f"{keys} twice: skip to him, those before him pass"

    def folded(self, colour: str) -> list[str]:
        """The policemen a fold to `colour` makes stay (T2) or pass (T3)."""
        order = sentences.police_order(self.view) if self.view is not None else []
        acting = self.acting()
        start = order.index(acting) if acting in order else 0
        return order[start : order.index(colour)] if colour in order else []

    def fold_presses(self, colour: str) -> int:
        """The keys a fold to `colour` takes (the bench, the drivers): two,
        the first only asking.  A policeman made to stay loses his move, one
        made to pass his search, and play-testers lost both to a single
        press (B in round 1, a search; G in round 4, the Chief's move, when
        a T2 fold went at once)."""
        return FOLD_PRESSES

    def fold_question(self, colour: str) -> str:
        """What a later policeman's letter, pressed once, would do."""
        word = REST.get(self.phase(), "pass")
        return sentences.fold_question(self.folded(colour), word, colour, COLOUR_LETTERS[colour])

    def cancelled(self) -> str:
        if self.phase() == Phase.WRETCHED:  # no policeman acts here (tester K4, LfW round 46)
            return "Nothing done: no Wretched has moved."
        return sentences.fold_cancelled(self.acting(), REST.get(self.phase(), "pass"))

    # -- T3: the acting policeman's circles ----------------------------------------------

    def hunt_circles(self) -> frozenset[int]:
        """T2, a policeman's move: the circles where the notebook says Jack
        can be now (what the map tints), from the police's view, so that
        each crossing offered says which of them a policeman there would
        stand beside; empty in any other phase, or where the notebook knows
        no path."""
        if not self.notebook_on:
            return frozenset()
        if self._hunt is None:
            v, found = self.view, frozenset[int]()
            if v is not None and v.phase.key == Phase.HUNT and v.side != rulebook.JACK:
                nb = notebook(v, self.board)
                if nb.on_board and not nb.home and not nb.over:
                    found, self.hunt_paths = frozenset(nb.counts), dict(nb.counts)
            self._hunt = found
        return self._hunt

    def hunt_weights(self) -> dict[int, int] | None:
        """T2's order: the notebook's paths by circle where its odds are
        shown (the heat map), else None (the letters' order)."""
        return self.hunt_paths if self.notebook_odds else None

    def idle_crossings(self) -> list[str]:
        """T2: the lettered crossings beside no circle where Jack can be
        (the map draws their letters dim)."""
        jack = self.hunt_circles()
        if not jack:
            return []
        return [x for _, x, near in hunt_rows(self.board, self.crossing_labels(), jack) if not near]

    def t3_circles(self) -> list[str]:
        """T3 (a search under way included): every circle the acting
        policeman may name this turn, in the engine's order; their letters
        stay the same from his first name to his last."""
        v = self.view
        if v is None or v.phase.key not in T3 or v.acting_colour is None:
            return []
        here = v.police.get(v.acting_colour)
        if here is None:
            return []
        return [str(c) for c in self.board.direct_circles(here) if c not in v.false_clues]

    def t3_word_stage(self) -> bool:
        """T3, the acting policeman's choice beginning: words are offered
        (search, arrest, pass …) and a circle's letter starts a search."""
        c = self.chooser
        return (
            isinstance(c, Chooser)
            and self.phase() == Phase.CLUES
            and c.picked == [self.acting()]
            and SEARCH_ALL in c.options()
        )

    def searchable(self, circle: str) -> bool:
        """At the word stage of T3: may a search start on `circle`?"""
        c = self.chooser
        acting = self.acting()
        return (
            self.t3_word_stage()
            and isinstance(c, Chooser)
            and (acting, SEARCH_ALL, circle) in c.legal
        )

    def nothing_to_do(self) -> bool:
        """T3 as the acting policeman's action begins: nothing to find
        beside him and no arrest can take Jack (`nothing_to_find`, from
        the notebook); he may pass.  The hint says so; nothing is played."""
        if self._idle is None:
            v = self.view
            self._idle = (
                v is not None
                and self.aids  # the notebook off: the box says nothing of it (V2)
                and self.t3_word_stage()
                and "pass" in self.word_options()
                and nothing_to_find(v, self.board, [int(c) for c in self.t3_circles()])
            )
        return self._idle

    def starts_search_all(self, word: str) -> bool:
        """The word `search` at the start of a policeman's T3: every circle,
        likeliest first (keys.py sends them one by one)."""
        return word == SEARCH_ALL and self.t3_word_stage()

    def next_search(self) -> str | None:
        """The next name of `1 search` / `0`: the likeliest circle left."""
        v = self.view
        if v is None or v.phase.key not in T3 or v.acting_colour is None:
            return None
        order = search_order(v, self.board, self.aids)
        return str(Search(v.acting_colour, order[0])) if order else None

    # -- labels ------------------------------------------------------------------------

    def labels(self) -> dict[str, str]:
        """Label key → the node it chooses, for the nodes offered now.  A
        placement keeps each node's label while its tokens go down."""
        c = self.chooser
        if c is None:
            return {}
        key = (len(c.picked), tuple(c.picked))
        if self._labels is not None and self._labels[0] == key:
            return self._labels[1]
        nodes = self.node_options()
        universe = [str(v) for v in c.universe()] if isinstance(c, Placer) else nodes
        if self.phase() == Phase.REVEAL and self.view is not None:
            universe = self.night_markers()  # each keeps its letter all night
        t3 = self.t3_circles()
        if t3:  # T3: his circles keep their letters for his whole action
            universe = [v for v in nodes if not v.isdigit()] + t3
            if self.t3_word_stage():
                nodes = nodes + [v for v in t3 if self.searchable(v)]
        pos = self.board.pos  # crossings in reading order: a near the top left
        ended = self.ended_places()  # H3, nights 2-4: first to a free letter, where theirs is taken
        crossings = sorted(
            (v for v in universe if not v.isdigit()), key=lambda v: (v not in ended, pos[v][::-1])
        )
        circles = [v for v in universe if v.isdigit()]
        named = crossings
        if t3 or (circles and len(circles) <= self.circle_room() and not self.word_options()):
            named = crossings + circles
        offered = set(nodes)
        fixed = self.fixed
        used = set(fixed.values())
        own = crossing_letters(self.board)  # a crossing's own letter, where it is free
        for v in named:
            if v not in fixed and (k := own.get(v)) is not None and k not in used:
                fixed[v] = k
                used.add(k)
        free = iter([k for k in ALL_LABELS if k not in used])
        out: dict[str, str] = {}
        for v in named:
            k = fixed.get(v) or next(free, None)
            if k is None:
                break
            fixed[v] = k  # it keeps this letter for the rest of the decision
            if v in offered:
                out[k] = v
        out = dict(sorted(out.items(), key=lambda kv: ALL_LABELS.index(kv[0])))
        self._labels = (key, out)
        return out

    def night_markers(self) -> list[str]:
        """H7: every crossing that held a patrol marker tonight, those turned
        (a fake removed) too, so that each face-down one keeps its letter
        from one turn to the next (testers Z and D2, rounds 13 and 15: after
        'd' was turned, 'e' named another marker, and D2 turned the wrong
        one)."""
        v = self.view
        assert v is not None
        held = [m.crossing for m in v.patrol_markers if m.crossing]
        gone = [
            e.crossing
            for e in v.log
            if e.event == "reveal" and e.night == v.night and e.crossing and e.crossing not in held
        ]
        return [str(x) for x in [*held, *gone]]

    def patrol_words(self) -> tuple[str, str] | None:
        """H3, the police placing markers: what the letters on the map are,
        for the keys line and the side panel's head (on night 1 the yellow
        crossings; later last night's crossings too: tester Z, round 13);
        None in any other phase."""
        if self.view is None or self.view.phase.key != Phase.PATROLS:
            return None
        if self.view.night == 1:
            return PATROLS_INTRO, "Yellow crossings"
        return PATROLS_LATER_INTRO, "Places"

    def ended_places(self) -> set[str]:
        """H3 on nights 2-4: the crossings where the policemen ended last
        night, each of which takes a marker (empty on any other screen)."""
        v = self.view
        if v is None or v.phase.key != Phase.PATROLS or v.night == 1:
            return set()
        return {str(x) for x in last_night_police(v).values()}

    def later_places(self) -> str:
        """H3 on nights 2-4, for the prompt: which letters offered are last
        night's places and which the yellow crossings, and how many of
        these (tester X2, round 26: twelve letters for seven markers, and a
        refused key said nothing of why; P3, round 35, read "any of the
        seven places" beside twelve letters): "h j m p q where the policemen
        ended last night (one each), and two yellow ones of a c d i t u C"."""
        ended = self.ended_places()
        offered = self.crossing_labels()  # in letter order
        first = " ".join(k for k, x in offered if x in ended)
        others = " ".join(k for k, x in offered if x not in ended)
        c = self.chooser
        picked = [str(x) for x in c.picked] if isinstance(c, Placer) else []
        left = rulebook.PATROL_MARKERS - len(ended) - sum(x not in ended for x in picked)
        parts = [f"{first} where the policemen ended last night (one each)"] if first else []
        if others:
            some = "one more yellow one" if left == 1 else "two yellow ones"
            parts.append(f"{'and ' if parts else ''}{some} of {others}")
        return ", ".join(parts) or "the five where the policemen ended, and two yellow ones"

    def circle_room(self) -> int:
        """How many circles may get letters: `CIRCLE_LABELS`, or every red
        circle while Jack places the women (H2: the hint lists them), or up
        to `WOMEN_LABELS` places of a Wretched the Chief moves (H6: testers
        U and V, round 11, had letters for one woman and "type a number and
        Enter" for the next, with eight places)."""
        c = self.chooser
        if isinstance(c, Placer) and c.phase == Phase.WOMEN:
            return WOMEN_LABELS
        if self.phase() == Phase.WRETCHED:
            return WOMEN_LABELS
        return CIRCLE_LABELS

    def label_of(self, node: str) -> str | None:
        return next((k for k, v in self.labels().items() if v == node), None)

    def map_labels(self) -> dict[int | str, str]:
        """The letters the map draws: on the crossings offered (a circle
        keeps its number)."""
        return {v: k for k, v in self.labels().items() if not v.isdigit()}

    def circle_labels(self) -> list[tuple[str, str]]:
        return [(k, v) for k, v in self.labels().items() if v.isdigit()]

    def t3_circle_list(self) -> str:
        """T3's lettered circles, "a: 158, c: 160 (clue known)": a circle
        whose clue (or crime scene) the police know tonight says so, as a
        search naming it ends on what they knew (tester S4, LfW round 50)."""
        known = known_tonight(self.view) if self.view is not None else set()
        return ", ".join(
            f"{k}: {v}{KNOWN_MARK if int(v) in known else ''}" for k, v in self.circle_labels()
        )

    def crossing_labels(self) -> list[tuple[str, str]]:
        return [(k, v) for k, v in self.labels().items() if not v.isdigit()]

    def choices_text(self, compact: bool = False) -> str:
        """Every target of the moment, for the side panel where the whole
        board shows and the prompt has one row for its keys (play-tester
        G, round 4: the prompt's list ended in "…" at 200x60, and Jack's
        turn listed no circle): each crossing's letter with the circles a
        policeman there can search, every circle offered.  Empty where
        there are none.  `compact` (a short window): T2's heading on one
        row."""
        lines = []
        crossings = self.crossing_labels()
        if crossings:
            jack = self.view is not None and self.view.side == rulebook.JACK
            patrols = self.patrol_words()
            hunt = self.hunt_circles()
            if jack:
                lines.append("[b]Markers[/b] letter → the circles beside")
            elif patrols is not None:
                lines.append(f"[b]{patrols[1]}[/b] letter → circles beside")
            elif hunt and compact:
                lines.append(HUNT_HEAD_SHORT)
            elif hunt:
                lines.append(HUNT_HEAD + (HUNT_RANKED if self.notebook_odds else ""))
            else:
                lines.append("[b]Crossing[/b] letters → circles (T3)")
            if hunt:
                rows = hunt_rows(self.board, crossings, hunt, self.hunt_weights())
                lines.append(self._hunt_text(rows))
            else:
                lines.append(" ".join(touch_text(self.board, k, x) for k, x in crossings))
        circles = self.circle_options()
        if circles and self.phase() == Phase.HIDEOUT:
            # each circle by its ways in: policemen on all of them bar every
            # walk home (T1; tester K2, round 19, chose one with two)
            lines.append("[b]Circles[/b] by their ways in (type the number, then Enter)")
            ways = jackturn.hideout_rows(self.board, map(int, circles))
            lines += [
                f"{head}: {' '.join(map(str, found))}" if found else head for head, found in ways
            ]
            return "\n".join(lines)
        if circles:
            labelled = dict((v, k) for k, v in self.circle_labels())
            shown = [
                f"{labelled[c]} {self.flagged(c, home=True)}"
                if c in labelled
                else self.flagged(c, home=True)
                for c in circles
            ]
            lines.append("[b]Circles[/b] (type the number, then Enter)")
            lines.append(" · ".join(shown))
        return "\n".join(lines)

    def choice_note(self, short: bool = False) -> str:
        """S1: the ways into the circle typed or highlighted for the hideout,
        "43: 2 ways in — two policemen can bar it"; H3: the fakes this pick
        may leave with no choice (`fakes_note`); "" elsewhere."""
        if self.phase() == Phase.PATROLS:
            return self.fakes_note(short)
        if self.phase() == Phase.CLUES:
            return self.lone_arrest_note(short)
        if self.phase() != Phase.HIDEOUT:
            return ""
        circle = self.highlighted()
        if circle is None or not circle.isdigit():
            return ""
        return jackturn.ways_in_text(self.board, int(circle))

    def lone_arrest_note(self, short: bool = False) -> str:
        """T3, the acting policeman's choice: the circles beside him where
        Jack may be now, with a chance worth an arrest (`arrest_chance`), that
        no policeman still to act this turn stands beside: "only Red can
        arrest on 129 this turn (Jack may be there: 1 of his 4 circles); a
        search there finds a clue, not him" (tester P4, round 48: twice a
        search pinned Jack to a circle nobody left could arrest on).  From
        the view alone; "" with the aids off."""
        v, acting = self.view, self.acting()
        if v is None or not self.aids or acting is None or not self.t3_word_stage():
            return ""
        order = rulebook.police_order(v.chief)
        later = order[order.index(acting) + 1 :] if acting in order else ()
        covered = {
            c
            for colour in later
            if colour in v.police
            for c in placenames.touches(self.board, v.police[colour])
        }
        alone, _, circles = arrest_chance(v, self.board, acting, covered)
        if not alone:
            return ""
        who = sentences.name(acting)
        listed = sentences.and_list(str(c) for c in sorted(alone))
        if short:
            return f"only {who} can arrest on {listed} this turn"
        there = "there" if len(alone) == 1 else "on one"
        return (
            f"only {who} can arrest on {listed} this turn (Jack may be {there}: "
            f"{len(alone)} of his {circles} circles); a search there finds a clue, not him"
        )

    def fakes_note(self, short: bool = False) -> str:
        """H3, a fake marker to place while a crossing where a policeman
        ended last night has none: said before the key, where a fake put
        elsewhere leaves the last ones no choice, "if this fake goes
        elsewhere, the last fake goes on l (x144) by itself (a policeman
        ended there last night)" (tester L2, round 19, pressed l for it and
        it had been placed)."""
        c = self.chooser
        if not isinstance(c, Placer) or len(c.picked) < c.first - 1 or not c.options():
            return ""  # from the last real marker on: the fakes come after it
        placement = c.placement
        if not isinstance(placement, PatrolPlacement):
            return ""
        left = [x for x in placement.must if x not in c.picked]
        after = c.total - len(c.picked) - 1  # the fakes still to place after this one
        only = set(c.options()) == set(left)  # this one goes on one of them too
        if not left or after < 1 or after != len(left) - only:
            return ""
        letters = {v: k for k, v in self.labels().items()}
        named = sentences.and_list(
            x if x not in letters else letters[x] if short else f"{letters[x]} ({x})"
            for x in map(str, left)
        )
        last = "the last fake goes" if after == 1 else f"the last {after} fakes go"
        itself = "itself" if after == 1 else "themselves"
        ended = "a policeman ended there" if len(left) == 1 else "policemen ended there"
        if short:  # (tester Q2, round 22: cut at 200 columns beside the keys)
            ended = ""
        ended = f" ({ended} last night)" if ended else ""
        if only:
            return f"Then {last} on the rest of {named} by {itself}{ended}"
        this = "fake" if len(c.picked) >= c.first else "marker"
        return f"If this {this} goes elsewhere, {last} on {named} by {itself}{ended}"

    def here(self) -> tuple[str, str] | None:
        """The acting policeman's name and crossing (T2), if he stands on one."""
        v, colour = self.view, self.acting()
        crossing = v.police.get(colour) if v is not None and colour else None
        return (sentences.name(colour), crossing) if colour and crossing else None

    def _hunt_text(self, rows: list[tuple[str, str, tuple[int, ...]]]) -> str:
        """T2, the side panel: "i→99·120 a→31", each crossing's letter and
        the circles beside it where Jack can be (`hunt_rows`), then the
        letters beside none of them, "c e h: none", as on the keys line."""
        some = [f"{k}→{'·'.join(map(str, near))}" for k, _, near in rows if near]
        idle = [k for k, _, near in rows if not near]
        tail = f"{' '.join(idle)}: {HUNT_NONE}" if idle else ""
        jack = self.hunt_circles()
        if idle and not some and jack:
            tail += nearest_tail(self.board, [(k, x) for k, x, _ in rows], jack, self.here())
        return " ".join([*some, tail] if tail else some)

    # -- the keys ------------------------------------------------------------------------

    def keys_for(self, word: str) -> list[str]:
        """The keys that pick `word` now (for the bench, the drivers and tests)."""
        label = self.label_of(word)
        if label is not None:
            return [label]
        words = self.word_options()
        if word == "0" and self.rest_word() is not None:
            return ["0"]
        if word in words and not self.circle_options():
            return [self.word_key(words.index(word), word)]
        return [*word, "enter"]

    def picked_letter(self, char: str) -> bool:
        """Is `char` the letter of a node this action has already picked
        (H6: the last Wretched to move is chosen for the player; tester V,
        round 11, pressed her letter as for the others and was told "'h' is
        not a key here")?"""
        c = self.chooser
        if self.phase() != Phase.WRETCHED or not isinstance(c, Chooser):
            return False
        return any(self.fixed.get(w) == char for w in c.picked if self.is_node(w))

    def auto_nodes(self) -> list[str]:
        """The nodes of a forced action (a player may type one, then Enter)."""
        c = self.chooser
        return [w for w in c.picked if self.is_node(w)] if isinstance(c, Chooser) else []

    def press(self, char: str) -> Press:
        """What a printable key means now; `typed` grows when it types."""
        if self.armed is not None:  # a later policeman's letter (or 0, 9) was pressed once
            armed, self.armed = self.armed, None
            if armed in ARMED_KEYS and char == ARMED_KEYS[armed]:
                return Press("rest", armed)
            if POLICE_KEYS.get(char.lower()) == armed:
                return Press("fold", armed)
            if not (armed == STAY and char == STAY_KEY):
                return Press("cancel", self.cancelled())
            # 3 after 0's question: only he stays, as the question says
        if self.typed.isdigit() and not char.isdigit():
            # a letter after digits is no part of a circle's number: the
            # digits go and the letter means what it means alone, its
            # choice where it names one (tester K2, round 19: "Typed: 1a▏"
            # waited for Backspace)
            self.typed = ""
        if self.typed:
            self.typed += char
            return Press("typed")
        labels = self.labels()
        if char in labels:
            return Press("pick", labels[char])
        if self.kill_asked():
            return self._kill_press(char)
        if self.forced() and any(self.fixed.get(n) == char for n in self.auto_nodes()):
            return Press("play")  # the only place left, by the letter it was offered with
        if self.picked_letter(char):
            return Press("same")  # chosen already (the last Wretched): nothing to do
        if char.isdigit():
            return self._digit(char)
        if char.lower() in POLICE_KEYS and self.view is not None and self.view.police:
            colour = POLICE_KEYS[char.lower()]
            if colour in self.later():  # asked once, done on the second press
                self.armed = colour
                return Press("arm", self.fold_question(colour))
            return Press("select", colour)
        if self.node_options() and any(
            str(o).lower().startswith(char.lower()) for o in self.node_options()
        ):
            self.typed = char  # a crossing's id, typed in full
            return Press("typed")
        return Press("refuse", self.stray_key(char))

    def _kill_press(self, char: str) -> Press:
        """A key while the kill is asked: Enter kills (H5), or the kill's
        own key again, as 0 and 9 are asked (tester J3, round 32, pressed 1
        again and read a refusal); any other key, a sentence."""
        return Press("play") if char == KILL_AGAIN else Press("refuse", self.stray_key(char))

    def _rest_press(self, word: str) -> Press:
        """Key 0 (stay, pass) or 9 (sweep) as a policeman's choice begins:
        at once or asked first, as `rest_asks` says."""
        if self.rest_asks(word):
            self.armed = word
            return Press("arm", self.rest_question(word))
        return Press("rest", word)

    def rest_asks(self, word: str) -> bool:
        """Does key 0 or 9 ask once before it plays `word` for several
        policemen?  Always: where some have acted (tester C2, round 15,
        pressed 0 mid-turn meaning "this one stays" and lost two policemen's
        moves); at T2's start and T3's (tester L2, round 19: 0 typed ahead
        for the Wretched in H6 landed in T2 after the kill and every
        policeman stood still; testers Y2, round 27, and D3, round 29: T3's 0
        passed every search of the round at once, "which cost me a full
        round of searches"); and after a T2 where every policeman stayed
        too, where it once passed at once (tester D4, round 42: his habitual
        second 0 fell into the next turn's moves: "either always ask or
        never ask"); for the last policeman, in a search under way (tester
        G4, round 44: one 9 there ended his search and sent everyone after
        him searching) and for the Wretched in H6 (G4: one 0 moved them all
        and handed the keyboard over), so that no second press ever falls
        into the next phase.  An idle turn is `0 0 0 0`.  But where key 9
        stopped, its notice ("... 9 again searches on") was the question: one
        9 goes on (`sweep_resumes`)."""
        return word in ARMED_KEYS and not (word == SWEEP and self.sweep_resumes)

    def mid_turn(self) -> bool:
        """T2/T3: a policeman before the acting one has acted this phase."""
        acting = self.acting()
        if self.view is None or acting is None:
            return False
        order = sentences.police_order(self.view)
        return acting in order and order.index(acting) > 0

    def rest_question(self, word: str) -> str:
        """What key 0 or 9, pressed once, would do."""
        key = ARMED_KEYS[word]
        then = f"{key} again: yes (Enter too); {sentences.ASKING_END}"
        if word == wretched.WORD:
            # (testers K4 and L4, LfW round 46: the keys line said no destinations)
            return (
                f"{key}: every Wretched still to move takes one step, chosen for you (H6) — {then}"
            )
        still = sentences.still_to_act(self.view) if self.view is not None else []
        everyone = [self.acting() or "", *still]
        if len(everyone) == 1:
            sweeps = "searches where a clue can be" if self.aids else "searches"
            alone = {"stay": "stays where he is", "pass": "passes: no search, no arrest"}
            alone_does = alone.get(word, sweeps)
            return f"{key}: {sentences.name(everyone[0])} {alone_does} — {then}"
        who = sentences.and_list(sentences.name(c) for c in everyone)
        if not self.mid_turn():
            who = f"everyone ({who})"
        does = {
            "stay": "stay where they are",
            "pass": "pass: no search, no arrest",
            SWEEP: "each search where a clue can be, or pass" if self.aids else "each search",
        }[word]
        if not self.mid_turn():
            does = {
                "stay": "stays where they are",
                SWEEP: "searches where a clue can be, or passes" if self.aids else "searches",
            }.get(word, does)
        one = {"stay": f"{STAY_KEY}: only {sentences.name(self.acting())} stays; ", "pass": ""}
        forms = self.arrest_forms(everyone) if word == SWEEP else ()
        if forms and not self.mid_turn():
            who = "everyone"  # the line has room for the arrest's words (G3, round 31: cut)
        then = f"{key} again: yes (Enter too); {one.get(word, '')}{sentences.ASKING_END}"
        said = f"{key}: {who} {does} — "
        room = QUESTION_ROOM - len(said) - len(then)
        # the fullest that fits (tester K3, round 33: cut at 200 columns)
        chance = next((f for f in forms if len(f) <= room), forms[-1]) if forms else ""
        return f"{said}{chance}{then}"

    def arrest_forms(self, colours: list[str]) -> tuple[str, ...]:
        """Key 9 asked (T3, the notebook on): the circles beside `colours`
        where Jack can be now, which 9 searches and never arrests on, each
        once (with the first policeman beside it: J3, round 32, found one
        counted twice), fullest first: "Jack may be on 105 by Blue (1 of his
        3 circles): a search there finds a clue, only an arrest takes him; ",
        then shorter, down to their
        count (tester E3, round 30: "Blue searched and found a clue on 105
        at the very moment Jack stood there"); none where none is.  Short:
        it must fit the keys line's one row beside the whole board (G3)."""
        v = self.view
        if v is None or not self.aids or v.phase.key != Phase.CLUES:
            return ()
        nb = notebook(v, self.board)
        if not nb.on_board or nb.home or nb.over or not nb.counts:
            return ()
        beside: list[str] = []
        named: set[int] = set()
        for colour in colours:
            crossing = v.police.get(colour)
            touching = placenames.touches(self.board, crossing) if crossing else ()
            near = [c for c in touching if c in nb.counts and c not in named]
            if near:
                beside.append(f"{sentences.and_list(map(str, near))} by {sentences.name(colour)}")
                named.update(near)
        if not beside:
            return ()
        n = len(nb.counts)
        listed = " ".join(map(str, sorted(named)))
        # a search there finds a clue, said where it fits (tester S3, round
        # 37, read "only an arrest takes him" as "a search finds nothing")
        full = "a search there finds a clue, only an arrest takes him; "
        short = "search: a clue, arrest: him; "
        forms = (
            f"Jack may be on {'; '.join(beside)} ({len(named)} of his {n} circles): ",
            f"Jack may be on {listed} beside you ({len(named)} of his {n}): ",
            f"Jack may be on {listed}: ",
        )
        return (
            *(form + end for form in forms for end in (full, short)),
            f"Jack may be beside you on {len(named)} of his {n} circles: {short}",
        )

    def disarm(self) -> bool:
        """Any other key or click after a later policeman's letter: the
        fold is called off, nothing else is done.  True if one was armed."""
        armed, self.armed = self.armed, None
        return armed is not None

    def _digit(self, char: str) -> Press:
        rest = self.rest_word()
        if char == "0" and rest is not None:
            return self._rest_press(rest)
        if char == SWEEP_KEY and self.sweep_offered():
            return self._rest_press(SWEEP)
        if char in T3_WORD_KEYS and self.forced() and self.phase() in T3:
            # T3's word keys (1 search all, 2 arrest, 3 pass) play the only
            # action left where it is that word (play-tester I, round 5: `1`
            # began typing "100"; L, round 6: `3` did nothing on a forced pass)
            c = self.chooser
            if isinstance(c, Chooser) and T3_WORD_KEYS[char] in words_of(c.complete() or ""):
                return Press("play")
        forced_node = self.forced() and any(n.startswith(char) for n in self.auto_nodes())
        if self.circle_options() or forced_node:
            self.typed = char  # a circle's number: Enter takes it
            return Press("typed")
        word = self.word_of_key(char)
        if word is not None:
            return Press("pick", word)
        return Press("refuse", self.stray_key(char))

    def stray_key(self, char: str) -> str:
        """The sentence for a key that means nothing now.  Where the tokens
        are placed or the kill chosen, it says so and leaves the keys to the
        keys line after it (tester K2, round 19, read "Enter confirms, Esc
        takes the last back.  Enter places them; Esc takes the last back.")."""
        if self.kill_asked():
            return f"Nothing is killed yet: the kill on {' and '.join(self.auto_nodes())} waits."
        if self.forced():
            return f"Nothing to choose here: Enter plays it ({self.describe_complete()})."
        if self.placed_all():
            return self.placed_note()
        if char in self.fixed.values() and self.ended_places():
            return self.later_place_note(char)
        return f"{char!r} is not a key here: {self.keys_hint(plain=True)}."

    def later_place_note(self, char: str) -> str:
        """H3 on nights 2-4, a letter of this placement no longer offered:
        it holds a marker, or it is a yellow crossing and two markers stand
        on yellow ones already (tester X2, round 26)."""
        node = next(v for v, k in self.fixed.items() if k == char)
        c = self.chooser
        if isinstance(c, Placer) and node in map(str, c.picked):
            return f"{char!r} holds a marker already (Esc takes the last one back)."
        return (
            f"{char!r} is a yellow crossing, and two markers stand on yellow ones already: "
            "the others go where the policemen ended last night (H3)."
        )

    def placed_note(self) -> str:
        """A key after the last token: every one is placed, and where the
        last went by themselves, where (H2, H3; tester L2, round 19, pressed
        l for the last fake after it had been placed)."""
        c = self.chooser
        if not isinstance(c, Placer) or not c.filled:
            return "Every token is placed."
        went = [str(v) for v in c.picked[-c.filled :]]
        if c.phase == Phase.WOMEN:
            circles = sentences.and_list(went)
            return f"Every woman is placed: the last on {circles}, the only red circles left."
        last = "the last fake" if c.filled == 1 else f"the last {c.filled} fakes"
        # the crossings in one phrase (tester Z3, round 40, read "the crossing
        # between 3 and 43 between 13 and 14": each id was named alone)
        named = placenames.crossings_named(self.board, went)
        return f"Every marker is placed: {last} went on {named}, the only crossings left."

    # -- what the screen says ------------------------------------------------------------

    def describe_complete(self) -> str:
        c = self.chooser
        if isinstance(c, Chooser) and c.complete() is not None:
            return sentences.describe(words_of(c.complete() or ""))
        return ""

    def forced_text(self) -> str | None:
        """The first prompt line when the action is forced or a placement
        is complete: the action named, Enter to play it.  A kill is asked
        (H5), and a step that is the only one says what else Jack may do
        and who stands beside it (T1; play-tester P, round 8)."""
        if self.kill_asked():
            view, nodes = self.view_or_fail(), self.auto_nodes()
            question = sentences.kill_question(view, self.board, nodes)
            said = f"[b]{question}[/b]" + ("" if self.can_back() else " It is the only choice.")
            return said + exposure.n3_kill_note(view, self.board, nodes, said)
        step = self.forced_step()
        if step is not None:  # and what the police would know after it (tester Z, round 13)
            return step + exposure.forced_step_note(self.view_or_fail(), self.board, step)
        if self.forced():
            what = f"[b]{sentences.capital(self.describe_complete())}[/b]"
            if self.can_back() and self.phase() == Phase.WRETCHED:
                # H6's rule said where it bites (tester C3, round 29)
                return f"{what}: the only circle left to her ({WRETCHED_RULE})."
            if self.can_back():
                return f"{what}: the only place left for it."
            if self.phase() == Phase.WRETCHED:  # and when it is the only move (E3, round 30)
                return f"The only choice: {what}, the only circle left to her ({WRETCHED_RULE})."
            if self.phase() == Phase.SEARCHING:  # T3 (testers X3, Y3: "no stop searching")
                return f"The only choice: {what}: {SEARCH_RULE}."
            return f"The only choice: {what}."
        if self.placed_all():
            c = self.chooser
            assert isinstance(c, Placer)
            if c.phase == Phase.WOMEN:
                placed = f"All {c.total} women tokens placed: " + " ".join(map(str, c.picked))
                if c.filled:
                    return f"{placed} (the last {c.filled} on the only red circles left, H2)."
                return placed + "."
            placed = f"All {c.total} patrol markers placed, as the map shows them"
            if c.filled:
                fakes = "fake" if c.filled == 1 else f"{c.filled} fakes"
                return f"{placed} (the last {fakes} on the only crossings left, H3)."
            return placed + "."
        return None

    def so_far(self) -> str:
        """The words picked so far, as the action they begin (it takes the
        guide's place on the prompt's first line)."""
        chooser = self.chooser
        if self.forced() or self.placed_all():
            return ""  # `forced_text` says it all
        if not isinstance(chooser, Chooser):
            return ""
        picked = chooser.picked
        if picked[:1] == ["kill"] and len(picked) == 2 and self.options():
            # N3 (play-tester K, round 6: "Jack kills on 158" said nothing of a second)
            return f"[b]Jack kills on {picked[1]} and, the double event's second victim, on {sentences.MORE}[/b]"
        if chooser.can_back or any(self.is_node(w) for w in picked):
            # a word taken for him (the last Wretched left to move) is said too (K)
            return "[b]" + sentences.capital(sentences.describe(picked)) + "[/b]"
        return ""

    def _forced_hint(self) -> str:
        """The hint of a forced action: Enter plays it (or the keys that
        play it for him and others: 0, a later policeman's letter)."""
        if self.kill_asked():
            kills = f"Enter (or {KILL_AGAIN} again) kills"
            return f"{kills}; Esc back." if self.can_back() else f"{kills}."
        if self.phase() == Phase.SEARCHING:
            then = f"; {SWEEP_KEY} the same, {self.sweep_then()}" if self.sweep_offered() else ""
            return f"Enter (or 0) names the last circle of the search (T3){then}."
        if self.can_back():
            return "Enter plays it; Esc back."
        everyone = f"; {self.rest_hint()}" if self.rest_word() else ""
        sweep = f"; {self.sweep_hint()}" if self.sweep_offered() else ""
        fold = f"; {self.fold_hint()}" if self.fold_hint() else ""
        return f"Enter plays it{everyone}{sweep}{fold}."

    def keys_hint(self, plain: bool = False, room: int | None = None) -> str:
        """The keys of the moment, in a line; `room`: the characters the
        prompt gives it (None: not known), which caps the list of
        crossings with their circles."""
        self.cut = False
        if self.forced():
            return self._forced_hint()
        if self.placed_all():
            return "Enter places them; Esc takes the last back."
        if self.t3_circles():
            return self._t3_short(self._t3_hint(plain), room)
        if self.options() == [HOME, THROUGH]:
            return self._hideout_hint(plain)
        words, labels = self.word_options(), self.labels()
        parts = []
        if self.walk_only():
            parts.append(WALK_ONLY)
        crossings = self.crossing_labels()
        if crossings:
            parts.append("a letter on the map chooses its crossing")
        circle_labels = self.circle_labels()
        if circle_labels:
            parts.append(", ".join(f"{k}: {self.flagged(v)}" for k, v in circle_labels))
        listed = self.circle_options()
        if listed and circle_labels:
            # nearest home right after the lettered circles: the line's most
            # useful part (tester K2, round 19, lost it past the row's end)
            parts += self._t1_parts(lettered=True)
            parts.append(TYPE_TOO)
        elif listed:
            parts.append(f"type a number and Enter ({' '.join(listed)})")
            parts += self._t1_parts(lettered=False)
        elif self.node_options() and not labels:
            parts.append("type an id and Enter, or Tab")
        if words and not self.circle_options():
            parts.append(", ".join(f"{self.word_key(i, w)} {w}" for i, w in enumerate(words[:9])))
            parts += self._t1_parts(lettered=False)  # T1: a kind that gives Jack away
        elif words:
            parts.append("or type " + " / ".join(words))
        parts += self._tail_parts(plain)
        police = self.view is None or self.view.side != rulebook.JACK
        if crossings and not plain:  # what each lets a policeman there search (T3)
            # Jack's markers (H7) by the circles beside them: at 80x24 the
            # map showed one of them and the line none (tester M, round 7)
            patrols = self.patrol_words()
            if not police:
                intro = "a marker's letter on the map → the circles beside it: "
            else:
                intro = patrols[0] if patrols is not None else TOUCHES_INTRO
            parts[0] = self._touches_part(parts[0], " ".join(parts[1:]), room, intro)
        text = "; ".join(parts)
        return text if room is None or len(text) <= room else self._fit(parts, room)

    def _fit(self, parts: list[str], room: int) -> str:
        """The keys line, too long for `room`: its short forms, then its
        circles cut (`_cut_numbers`, `_cut_lettered`); a walk's only-move
        note goes first (the prompt names the move)."""
        parts = self._short_parts([p for p in parts if p != WALK_ONLY])
        text = "; ".join(parts)
        listed, lettered = self.circle_options(), self.circle_labels()
        if len(text) > room and lettered:
            return self._cut_lettered(parts, room, lettered)
        if len(text) > room and listed:
            return self._cut_numbers(parts, room, listed)
        return text

    def _cut_lettered(self, parts: list[str], room: int, labelled: list[tuple[str, str]]) -> str:
        """The keys line, too long for `room`, where each circle offered has
        a letter: the notes on the policemen by their number ("in reach of
        3"), then "or type a number" and Esc go, then the notes (the side
        panel says them) but for T1's flags, said short after the circles
        as where they are typed by number; the circles nearest home always
        stay, first where nothing else fits, before as many lettered
        circles as the room holds with the flags whole (tester K2, round
        19: at 200 columns the line ran past its row and "nearest home:"
        lost its circles; G4, LfW round 44: a circle beside a policeman is
        flagged at every width), else one and the flags cut."""
        i = next((i for i, p in enumerate(parts) if p.startswith(f"{labelled[0][0]}: ")), None)
        if i is None:  # no list of lettered circles on this line
            return "; ".join(parts)
        parts[i] = ", ".join(f"{k}: {self.flagged(v, counted=True)}" for k, v in labelled)
        flagged = self.flagged_lists() if self.aids else ([], [])
        flags = flag_words(*flagged)
        steps = [TYPE_TOO, "Esc back", ""]  # "": the notes left out
        while len("; ".join(parts)) > room and steps:
            spare = steps.pop(0)
            if spare in parts:
                parts.remove(spare)
            elif not spare:
                parts[i] = ", ".join(f"{k}: {v}" for k, v in labelled)
                parts[i + 1 : i + 1] = [flags] if flags else []
                self.cut = True  # the side panel lists each circle with its notes
        text = "; ".join(parts)
        if len(text) <= room:
            return text
        home = self.home_part()
        head = "; ".join(p for p in parts if p == home)
        entries = [f"{k}: {v}" for k, v in labelled]
        rest = "; ".join(p for j, p in enumerate(parts) if p not in (home, flags) and j != i)

        def line(n: int, said: str) -> str:
            shown = ", ".join(entries[:n]) + (" …" if n < len(entries) else "")
            return "; ".join(p for p in (head, shown.strip(), said, rest) if p)

        for n in range(len(entries), 0, -1):  # as many whole entries as fit
            if len(text := line(n, flags)) <= room:
                return text
        if flags and len(text := line(1, "")) < room:
            cut = flag_words(*flagged, room - len(text) - 2)
            text = line(1, cut)
            if cut and len(text) <= room:
                return text
        for n in range(len(entries), -1, -1):  # not one flag fits
            if len(text := line(n, "")) <= room:
                return text
        return (head or text)[:room]

    def _short_parts(self, parts: list[str]) -> list[str]:
        """The keys line's parts in their short forms; where T1's flags go
        short ("beside police: 18"), the side panel says who, circle by
        circle (`cut`)."""
        short = {
            "a letter on the map chooses its crossing": "letters: crossings",
            self.fold_hint(): self.fold_hint(short=True),
            self.flagged_part(): self.flagged_part(short=True),
            self.warning_part(): self.warning_part(short=True),
        }
        if self.flagged_part() and self.flagged_part() in parts:
            self.cut = True
        return [short.get(p, p) for p in parts]

    def _cut_numbers(self, parts: list[str], room: int, listed: list[str]) -> str:
        """The keys line, too long for `room`, where circles are typed by
        number: as many numbers as fit, then how many more (the side panel
        lists them all); Esc, then T1's "nearest home", go where even one
        number and they do not fit (the side panel says each circle's way
        home).  The flags on the circles beside or in reach of a policeman
        stay at every width (tester G4, LfW round 44: they went first, and
        a walk listed 131 with no flag while Yellow stood beside it): where
        they do not fit whole, the numbers left out are counted in fewer
        words, then the flags' own lists are cut (`flag_words`)."""
        head = "type a number and Enter ("
        more = MORE_HIDEOUTS if self.phase() == Phase.HIDEOUT else MORE_CIRCLES
        flags = self.flagged_part(short=True)
        flags = flags if flags and flags in parts else ""
        spare = [p for p in ("Esc back", self.home_part()) if p and p in parts]
        i = next(i for i, p in enumerate(parts) if p.startswith("type a number"))

        def numbered(tail: str) -> str:
            others = "; ".join(p for j, p in enumerate(parts) if j != i)
            left = room - len(others) - (2 if others else 0) - len(head) - 1
            parts[i] = head + numbers_in(listed, left, tail) + ")"
            return "; ".join(parts)

        text = numbered(more)
        while len(text) > room and spare:
            parts.remove(spare.pop(0))  # after the numbers: `i` still names them
            self.cut = True  # the side panel says it (choices_text)
            text = numbered(more)
        if len(text) > room and flags:
            text = numbered(" more")
        if len(text) > room and flags:
            parts[i] = head + circle_list(listed, 0, " more") + ")"
            left = room - (len("; ".join(parts)) - len(flags))
            cut = flag_words(*self.flagged_lists(), left)
            parts[parts.index(flags)] = cut
            text = "; ".join(p for p in parts if p)
        self.cut = self.cut or "…" in text
        return text

    def _tail_parts(self, plain: bool) -> list[str]:
        """The hint's last parts: key 0, a later policeman's letter, Enter
        alone, Esc."""
        parts = []
        if self.rest_word() is not None:
            parts.append(self.rest_hint())
        if fold := self.fold_hint():
            parts.append(fold)
        if self.complete() is not None and self.options():
            parts.append("Enter alone: done")
        if self.can_back() and not plain:
            parts.append("Esc back")
        return parts

    def rest_hint(self) -> str:
        """Key 0's words on the keys line."""
        rest = self.rest_word()
        if rest == wretched.WORD:
            # each stays near the real policemen, so she steps to and fro between
            # two circles there: a Wretched must move every wait (H6; testers C2
            # and D2, round 15, read "toward" as a walk that never arrived);
            # said where it bites (F3, round 30, and H3, round 31: "they step
            # 3>43>3>43 ... only the guided night explains it")
            # from night 2, away from the hideouts the notebook ranks (N3,
            # round 34: walked "straight into the area of Jack's likely hideout");
            # the hint's words for the to and fro (Q3, round 36, read "one there
            # already steps off and back" twice)
            away = self.view is not None and self.view.night > 1 and self.aids
            return (
                "0 every Wretched left: to the circle nearest your real markers"
                f"{', away from his likely hideouts' if away else ''} "
                "(she must move each wait: one near them steps to and fro)"
            )
        return f"0 everyone {'stays' if rest == 'stay' else 'passes'}"

    def _touches_part(self, part: str, rest: str, room: int | None, intro: str = "") -> str:
        """The hint's first part where crossings carry letters: each letter
        with its circles (T3), in the room `rest` leaves; else `part`."""
        jack = self.hunt_circles()
        intro = HUNT_INTRO if jack else intro or TOUCHES_INTRO
        left = None if room is None else room - len(rest) - len(intro) - 4
        if left is not None and left <= MIN_LIST + len(ON_THE_RIGHT):
            self.cut = True
            return HUNT_ON_THE_RIGHT if jack else part  # T2's words the same every turn
        labelled = self.crossing_labels()
        room = None if left is None else left - len(ON_THE_RIGHT)
        if jack:
            listed = hunt_list(self.board, labelled, jack, room, self.hunt_weights(), self.here())
        else:
            listed = touch_list(self.board, labelled, room)
        if not listed.strip(" …"):  # not one whole entry fits (tester J2, round 18:
            self.cut = True  # "can be:  …"; E4, round 43: "the circles beside it:  …")
            return HUNT_ON_THE_RIGHT if jack else part
        if listed.endswith(" …"):  # the side panel lists every one (play-tester L, round 6)
            self.cut = True
            listed += ON_THE_RIGHT
        return intro + listed

    def _hideout_hint(self, plain: bool) -> str:
        """T1, a walk onto the hideout: announcing it is the first word and
        Enter alone's; passing through must be named."""
        last = self.view is not None and self.view.night >= rulebook.NIGHTS
        ends = "the game ends: you win" if last else "the night ends"
        back = "" if plain else "; Esc back"
        return (
            f"Enter or 1 home: announce your hideout, {ends} (T1); "
            f"2 pass through: the night goes on{back}"
        )

    def _t3_short(self, text: str, room: int | None) -> str:
        """T3's keys line in shorter words, one after another, until it
        fits `room` (tester Q, round 9: at 200 columns, where the prompt
        has one row for it, it ended mid-sentence)."""
        shorter = (
            (f"1 search all{self.likeliest()}", "1 search all"),
            (self.sweep_hint(), f"{SWEEP_KEY} all search (no arrest)"),
            (self.fold_hint(), self.fold_hint(short=True)),
            ("0 everyone passes", "0 all pass"),
            ("a letter searches there ", "search: "),
        )
        for long, short in shorter:
            if room is None or len(text) <= room:
                break
            if long:
                text = text.replace(long, short)
        return text

    def _t3_hint(self, plain: bool) -> str:
        """T3: letters name circles (fixed for this policeman's action),
        the whole search on one key, an arrest's word first."""
        circles = self.t3_circle_list()
        words = self.word_options()
        parts = []
        if self.t3_word_stage():
            fold = self.fold_hint()
            if self.nothing_to_do():  # the pass first; the rest is still his to choose
                who = sentences.name(self.acting())
                parts.append(f"nothing to find beside {who}: {words.index('pass') + 1} passes")
                if self.rest_word() is not None:
                    parts.append("0 everyone passes")
                if self.sweep_offered():
                    parts.append(self.sweep_hint())
                parts.append(fold)
                letters = " ".join(k for k, _ in self.circle_labels())
                others = [
                    f"{i + 1} {'search all' if w == SEARCH_ALL else w}"
                    for i, w in enumerate(words[:9])
                    if w != "pass"
                ]
                parts.append(f"or {letters}: search there, " + ", ".join(others) if letters else "")
                if any(not v.isdigit() for v in self.labels().values()):
                    parts.append("a letter on the map chooses its crossing")
                return "; ".join(p for p in parts if p)
            numbered = [f"{i + 1} {w}" for i, w in enumerate(words[:9])]
            if SEARCH_ALL in words:
                i = words.index(SEARCH_ALL)
                numbered[i] = f"{i + 1} search all{self.likeliest()}"
            if circles:
                parts.append(f"a letter searches there ({circles})")
            parts.append(", ".join(numbered))
            if any(not v.isdigit() for v in self.labels().values()):
                parts.append("a letter on the map chooses its crossing")
            if self.rest_word() is not None:
                parts.append("0 everyone passes")
            if self.sweep_offered():
                parts.append(self.sweep_hint())
            parts.append(fold)
        elif self.phase() == Phase.SEARCHING:
            parts.append(f"a letter names the next circle ({circles})")
            parts.append(f"0 names all the rest{self.likeliest()}; a clue ends the search (T3)")
            if self.sweep_offered():
                parts.append(f"{SWEEP_KEY} the same, {self.sweep_then()}")
        else:  # an arrest (or O4, O3) after its word
            parts.append(f"a letter names the circle ({circles})" if circles else "")
            if words:
                parts.append(" / ".join(words))
        if self.can_back() and not plain:
            parts.append("Esc back")
        return "; ".join(p for p in parts if p)

    def choice_specs(
        self, room: int, width: int | None = None, start: int = 0
    ) -> list[tuple[str, str]]:
        """The choices as (label, word) for `room` buttons: the words and the
        lettered circles, then Done and Back.  None is dropped unseen: where
        they do not all fit, the button before Done and Back is "+N more"
        (its word `*more:K`, the page that starts at the K-th choice), and
        the page shown starts at `start`; each one's key works all the
        while.  `width`: the cells a button has, where known; a label longer
        than that says it in fewer words ("1 home" for "1 home: announce")."""

        def fit(label: str, brief: str) -> str:
            return label if width is None or len(label) <= width else brief

        words, numbered = self.word_options(), not self.circle_options()
        short = {HOME: "home", THROUGH: "through"}  # T1's two words, where room is short
        head = [
            (
                fit(
                    f"{self.word_key(i, w)} {WORD_LABELS.get(w, w)}",
                    f"{self.word_key(i, w)} {short.get(w, w)}",
                )
                if numbered
                else w,
                w,
            )
            for i, w in enumerate(words)
        ]
        rest = self.rest_word()
        if rest is not None:
            label = {
                SEARCH_ALL: "0 the rest",
                wretched.WORD: fit("0 all Wretched", "0 Wretched"),  # D2: "0 all Wre…"
            }.get(rest)
            head.append((label or f"0 all {rest}", "*rest"))
        if self.sweep_offered():
            head.append((fit(f"{SWEEP_KEY} all search", f"{SWEEP_KEY} searches"), "*sweep"))
        head += [(fit(f"{k} {self.flagged(v)}", f"{k} {v}"), v) for k, v in self.circle_labels()]
        tail = []
        if self.kill_asked():
            tail.append((fit("Enter: kill", "Kill"), "*done"))
        elif self.forced() or self.placed_all():
            tail.append((fit("Enter: play", "Play"), "*done"))
        elif self.complete() is not None and self.options():
            tail.append(("Done", "*done"))
        if self.can_back():
            tail.append(("Back", "*back"))
        if len(head) + len(tail) <= room:
            return head + tail
        per = max(room - len(tail) - 1, 1)
        start = start if 0 <= start < len(head) else 0
        page = head[start : start + per]
        after = start + per if start + per < len(head) else 0
        more = (f"+{len(head) - len(page)} more", f"{MORE}{after}")
        return [*page, more, *tail][:room]

    def placing_marks(self, marks: dict, texts: dict) -> None:
        """H2/H3 while placing: the tokens placed so far, as they will stand
        (the Chief sees which marker is which; Jack which women are marked)."""
        for x in self.idle_crossings():  # T2: beside no circle where Jack can be
            if marks.get(x) == "target":
                marks[x] = "target-idle"
        chooser = self.chooser
        if not isinstance(chooser, Placer):
            return
        for i, node in enumerate(chooser.picked):
            if chooser.phase == Phase.WOMEN:
                marks[node] = "woman-marked" if i < chooser.first else "woman"
            elif i < chooser.first:
                marks[node] = f"marker-{COLOURS[i]}"
                texts[node] = COLOUR_LETTERS[COLOURS[i]].lower()
            else:
                marks[node], texts[node] = "marker-fake", FAKE_MARKER

    # -- the player's keys ---------------------------------------------------------------

    def highlighted(self) -> str | None:
        """The option Enter takes: what the typed text names, or Tab's choice.
        Where the action is already complete, Enter alone means "done" until
        Tab is pressed.  Before Tab, Enter takes nothing but T1's "home"
        (announcing, its first word): a stray Enter after the night's
        summary put a marked woman on the first red circle (play-tester I,
        round 5), and one made Red stay in T2 (K, round 6)."""
        opts = self.options()
        if self.typed:
            found = self.matches(self.typed)
            return found[0] if found else None
        if self.complete() is not None and not self.cycled:
            return None
        if not self.cycled and opts != [HOME, THROUGH]:
            return None  # a choice is made by its key, or Tab's and Enter
        return opts[self.cursor % len(opts)] if opts else None

    def matches(self, typed: str) -> list[str]:
        """Options the typed text names: a node exactly, or a word by prefix."""
        exact = [o for o in self.options() if o.lower() == typed.lower()]
        if exact:
            return exact
        return [o for o in self.word_options() if o.lower().startswith(typed.lower())]

    def cycle(self, step: int) -> None:
        """Tab (`step` 1) / shift+Tab (-1): the next target marked.  Nothing
        is marked before the first press (`highlighted`), so it marks the
        first (shift+Tab: the last), but T1's home, marked from the start;
        where the action is complete, the first."""
        self.typed = ""
        opts = self.options()
        if opts and (self.cycled or self.complete() is None):
            if self.cycled or opts == [HOME, THROUGH]:
                self.cursor = (self.cursor + step) % len(opts)
            else:
                self.cursor = 0 if step > 0 else len(opts) - 1
        self.cycled = True

    def pick(self, word: str) -> str | None:
        """Take an offered word; the action's text once it is complete and
        nothing more can follow (a placement always waits for Enter).
        ValueError for a word not offered."""
        chooser = self.chooser
        if chooser is None:
            raise ValueError(word)
        self.typed, self.cursor, self.cycled = "", 0, False
        if isinstance(chooser, Placer):
            chooser.pick(int(word) if word.isdigit() else word)
            return None
        if word not in chooser.options() and self.searchable(word):
            chooser.pick(SEARCH_ALL)  # T3: a circle's letter starts a search there
            if word not in chooser.options():
                return chooser.complete()  # the only circle, taken with the word: his letter
        before = len(chooser.picked)
        done = chooser.pick(word)
        if any(self.is_node(w) for w in chooser.picked[before + 1 :]):
            return None  # a place taken with his word: shown first, Enter plays it
        if done is not None and words_of(done)[0] == "kill":
            return None  # H5: a kill is asked first, Enter plays it (play-tester P, round 8)
        return done

    def back(self) -> None:
        if self.typed:
            self.typed = ""
        elif self.chooser is not None:
            self.chooser.back()
        self.cursor, self.cycled = 0, False
