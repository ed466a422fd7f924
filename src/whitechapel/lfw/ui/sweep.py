"""Key 9 in T3, "everyone searches": the acting policeman and each after
him, one action at a time, search where a search can still tell the police
something and pass where none can.  Nobody arrests: a player who sees an
arrest worth trying makes it first (his policeman's own keys), then 9 does
the rest, as key 0 ("everyone passes") does.  A clue found stops it before
the next policeman, who may rather arrest (`clue_stop`; keys.py), and so
does a later policeman beside circles where Jack may be now with a chance
worth an arrest (`arrest_stop`), or beside one where a clue could only
mean that he stands there now (`there_stop`: a search there can at best
find him, an arrest takes him).

What each policeman does is what `1 search` / `3 pass` would do for him: a
search names his circles likeliest first (`picking.search_order`) until a
clue ends it (T3); he searches where the notebook gives some circle beside
him a share of tonight's paths strictly between none and all (a clue there
is possible and not certain), else he passes.  All of it is computed from
the acting side's view, like every key (keys.py sends the actions, each
after the state that answers the last, as key 0 does).  Pure Python: no
Textual.

Issue 43 asked for a police turn in 8 keys or fewer (bench, median); with
one key a policeman for T3 it took 9 to 10 (testers M and N, round 7: "a
police round is about 10 keys").
"""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.actions import Pass
from whitechapel.lfw.legal import legal
from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.ui import placenames, sentences
from whitechapel.lfw.ui.picking import arrest_chance, clue_odds, known_tonight, picking_for
from whitechapel.lfw.views import LfwView

SURE = 1e-12  # a share of paths this close to none or all tells nothing
ONLY_THERE_SHARE = 0.01  # key 9 stops for a clue that can only mean "he is there" from this share


def worth_searching(view: LfwView, board: Any, circles: list[int]) -> bool:
    """Can a search of `circles` tell the police something: a clue possible
    on one of them, and not certain?"""
    return any(SURE < o < 1 - SURE for o in clue_odds(view, board, circles).values())


def pass_reason(view: LfwView, board: Any) -> str:
    """Why key 9 passes the acting policeman where a circle beside him is
    one Jack can stand on now: every way he went passes it, so a clue
    there is certain and a search tells nothing, "Blue passed: every way
    Jack went passes 69 (a search there tells nothing; 2 to arrest)"; ""
    where no such circle is beside him (tester B4, round 41: "Blue stood
    next to 69, which the aid listed, yet the 9 key made him pass").  From
    the view alone."""
    acting = view.acting_colour
    if acting is None:
        return ""
    circles = [int(c) for c in picking_for(view, board).t3_circles()]
    known = known_tonight(view)
    certain = [
        c for c, o in clue_odds(view, board, circles).items() if o >= 1 - SURE and c not in known
    ]
    if not certain:
        return ""
    where = sentences.and_list([str(c) for c in sorted(certain)])
    return (
        f"{sentences.name(acting)} passed: every way Jack went passes {where} "
        "(a search there tells nothing: arrest there first, key 2)"
    )


def arrest_stop(view: LfwView, board: Any) -> str:
    """Why key 9 stops before the acting policeman: circles beside him
    where Jack may be now with a chance worth an arrest
    (`picking.arrest_chance`), which 9 never tries (tester R4, round 49: "9
    made Green pass although he stood next to 56, a circle the prompt said
    Jack could be on"; after a clue, "I lost a 37% arrest chance that
    way").  "" where there are none.  From the view alone."""
    acting = view.acting_colour
    if acting is None or view.phase.key != Phase.CLUES:
        return ""
    near, share, _ = arrest_chance(view, board, acting)
    if not near:
        return ""
    chance = max(1, round(100 * share))
    where = sentences.and_list(str(c) for c in sorted(near))
    return (
        f"9 stopped before {sentences.name(acting)}: Jack may be on {where} beside him "
        f"({chance} in 100 of his paths end there): 2 to arrest; {sentences.SWEEP_ON}"
    )


def only_there(view: LfwView, board: Any, colour: str) -> tuple[list[int], float]:
    """T3: the circles beside `colour` where a clue could only mean that
    Jack stands there now (every path of tonight that passes one ends on
    it), and the share of his paths that end on them; ([], 0.0) where none
    is.  There a search can at best find him and an arrest takes him (T3,
    T4; tester U4, LfW round 51: "twice 9 searched circles where a clue
    could only have meant Jack is standing here, so an arrest was strictly
    better").  From the view alone."""
    crossing = view.police.get(colour)
    nb = notebook(view, board)
    if crossing is None or not nb.on_board or nb.home or nb.over or not nb.counts:
        return [], 0.0
    ends = sum(nb.counts.values())
    odds = clue_odds(view, board, list(placenames.touches(board, crossing)), nb)
    there = [c for c, o in odds.items() if c in nb.counts and abs(o - nb.counts[c] / ends) < SURE]
    if not there:
        return [], 0.0
    # elsewhere beside him a clue that would tell more: his search is worth its while
    if any(SURE < o < 1 - SURE for c, o in odds.items() if c not in there):
        return [], 0.0
    return there, sum(nb.counts[c] for c in there) / ends


def there_stop(view: LfwView, board: Any) -> str:
    """Why key 9 stops before the acting policeman where a clue beside him
    could only mean Jack stands there now (`only_there`), on at least
    `ONLY_THERE_SHARE` of his paths: "9 stopped before Blue: a clue on 56
    could only mean Jack is there now (4 in 100 of his paths end there): 2 to
    arrest; 9 again searches on".  "" elsewhere.  From the view alone."""
    acting = view.acting_colour
    if acting is None or view.phase.key != Phase.CLUES:
        return ""
    there, share = only_there(view, board, acting)
    if len(there) != 1 or share < ONLY_THERE_SHARE:
        return ""
    where = sentences.and_list(str(c) for c in sorted(there))
    chance = max(1, round(100 * share))
    return (
        f"9 stopped before {sentences.name(acting)}: a clue on {where} could only mean "
        f"Jack is there now ({chance} in 100 of his paths end there): 2 to arrest; "
        f"{sentences.SWEEP_ON}"
    )


def stop_before(
    view: LfwView, board: Any, last: str | None, known: frozenset[int] | set[int], aids: bool = True
) -> str:
    """Why key 9, under way, stops before the acting policeman (`last`: the
    one who acted before him; `known`: the circles known tonight when 9 was
    pressed): a new clue found, so he may rather arrest (`clue_stop`), or,
    with the aids on, an arrest of his that may win (`arrest_stop`), or
    one where his search could at best find him (`there_stop`); ""
    where 9 goes on.  The screen (keys.py) and the bench (`bench.sweep_all`)
    both ask it."""
    colour = view.acting_colour
    if last is None or colour is None or colour == last:
        return ""
    if known_tonight(view) - known:
        return clue_stop(view, last)
    if not aids:
        return ""
    return arrest_stop(view, board) or there_stop(view, board)


def clue_stop(view: LfwView, found_by: str) -> str:
    """Why key 9 stopped: a search under it found a clue, and the next
    policeman may rather arrest now that the police know more ("Blue found
    a clue: 9 stopped, so that Red may arrest; 9 again searches on")."""
    nxt = view.acting_colour
    after = f"so that {sentences.name(nxt)} may arrest; " if nxt else ""
    return f"{sentences.name(found_by)} found a clue: 9 stopped, {after}{sentences.SWEEP_ON}"


def step(view: LfwView, board: Any, colour: str | None = None, deduce: bool = True) -> str | None:
    """The sweep's next action from `view`, or None where it stops: T3 is
    over, or a search of another policeman than `colour` (the one who acted
    last) is under way.  Without `deduce` (the notebook set off: the box)
    the notebook is not asked: each policeman searches wherever tonight's
    clue is not known already (tester D3, round 29: with the notebook off,
    9 still passed four policemen "because no clue could be beside them")."""
    acting = view.acting_colour
    if acting is None:
        return None
    p = picking_for(view, board, deduce)
    if view.phase.key == Phase.SEARCHING:
        return p.next_search() if acting == colour else None
    if view.phase.key != Phase.CLUES or p.idle_word() != "pass":
        return None  # (his pass may be his only choice: the sweep plays it too)
    circles = [int(c) for c in p.t3_circles()]
    if deduce:
        worth = worth_searching(view, board, circles)
    else:
        worth = any(c not in known_tonight(view) for c in circles)
    if p.t3_word_stage() and worth:
        return p.next_search()
    rest = Pass(acting)
    return str(rest) if rest in legal(view) else None
