"""Key 9 in T3, "everyone searches": the acting policeman and each after
him, one action at a time, search where a search can still tell the police
something and pass where none can.  Nobody arrests: a player who sees an
arrest worth trying makes it first (his policeman's own keys), then 9 does
the rest, as key 0 ("everyone passes") does.  A clue found stops it before
the next policeman, who may rather arrest (`clue_stop`; keys.py), and so
does a later policeman beside circles where Jack may be now with a chance
worth an arrest (`arrest_stop`).

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
from whitechapel.lfw.ui.picking import LONE_FEW, LONE_SHARE, clue_odds, known_tonight, picking_for
from whitechapel.lfw.views import LfwView

# key 9 stops before a policeman whose arrest would win this often: the share
# the T3 note says "only Red can arrest" from; at a twentieth the bench's
# police turn took 9 keys (median), over issue 43's 8
ARREST_WORTH = LONE_SHARE

SURE = 1e-12  # a share of paths this close to none or all tells nothing


def worth_searching(view: LfwView, board: Any, circles: list[int]) -> bool:
    """Can a search of `circles` tell the police something: a clue possible
    on one of them, and not certain?"""
    return any(SURE < o < 1 - SURE for o in clue_odds(view, board, circles).values())


def pass_reason(view: LfwView, board: Any) -> str:
    """Why key 9 passes the acting policeman where a circle beside him is
    one Jack can stand on now: every way he went passes it, so a clue
    there is certain and a search tells nothing, "Blue passed: every way
    Jack went passes 69 (a search there tells nothing; 2 arrests)"; ""
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
    where Jack may be now hold `ARREST_WORTH` of his paths or more (or he
    has `LONE_FEW` circles or fewer), so an arrest there may end the game,
    which 9 never tries (tester R4, round 49: "9 made Green pass although
    he stood next to 56, a circle the prompt said Jack could be on"; after
    a clue, "I lost a 37% arrest chance that way").  "" where there are
    none.  From the view alone."""
    acting = view.acting_colour
    if acting is None or view.phase.key != Phase.CLUES:
        return ""
    crossing = view.police.get(acting)
    nb = notebook(view, board)
    if crossing is None or not nb.on_board or nb.home or nb.over or not nb.counts:
        return ""
    near = [c for c in placenames.touches(board, crossing) if c in nb.counts]
    total = sum(nb.counts.values())
    share = sum(nb.counts[c] for c in near) / total if total else 0.0
    if not near or (share < ARREST_WORTH and len(nb.counts) > LONE_FEW):
        return ""
    chance = max(1, round(100 * share))
    where = sentences.and_list(str(c) for c in sorted(near))
    return (
        f"9 stopped before {sentences.name(acting)}: Jack may be on {where} beside him "
        f"({chance} in 100 of his paths end there): 2 arrests; 9 again searches on"
    )


def clue_stop(view: LfwView, found_by: str) -> str:
    """Why key 9 stopped: a search under it found a clue, and the next
    policeman may rather arrest now that the police know more ("Blue found
    a clue: 9 stopped, so that Red may arrest; 9 again searches on")."""
    nxt = view.acting_colour
    after = f"so that {sentences.name(nxt)} may arrest; " if nxt else ""
    return f"{sentences.name(found_by)} found a clue: 9 stopped, {after}9 again searches on"


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
