"""Sentences for what happened in a Pocket game, from a side's view alone:
each action as players say it ("Jack rotated a3 (Pizer) so that its wall
faces east"), each witness call (seen or not, who was cleared; who saw
whom is the round summary's, `sightings_sentence`, while the board still
stands as the call saw it), a round's account.

Notation (`Ra3E`, `J:W`) is for records, the network and the plain
prompt's `notation`; players read these.  Plain text, no markup: the
screens add their own.  Everything is read from the view (its log, tiles,
detectives, and Jack's own cards on his view), never from the engine: the
secrecy rule.  The tile an action names is the one on that square *then*:
the log is walked back from the board as it stands, undoing exchanges and
detectives' moves, which are all public.  An exchange names both tiles and
where each went ('Goodley a2→c2'), so a later line's square is where the
tile stands after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from whitechapel.pocket.actions import Action, Alibi, Exchange, Joker, Move, Rotate
from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    CHARACTERS,
    INVESTIGATOR,
    JACK,
    JACK_GOAL_HOURGLASSES,
    LANE,
    SQUARES,
    step_clockwise,
)
from whitechapel.pocket.views import Detectives, Played, PocketView, RaceBegins, WitnessCall

DETECTIVE_WORDS = ("Holmes", "Watson", "Toby")  # as players call them
WALL_WORDS = ("north", "east", "south", "west")
STEP_WORDS = {1: "one step", 2: "two steps"}
SIDE_WORDS = {JACK: "Jack", INVESTIGATOR: "The investigator"}


def character_name(cid: str) -> str:
    return CHARACTERS[CHARACTER_INDEX[cid]].name


def short_name(cid: str) -> str:
    """The name on the tiles: the last word (Madame, Pizer, Lestrade)."""
    return character_name(cid).split()[-1]


def and_list(words: Sequence[str], empty: str = "nobody") -> str:
    """'Pizer', 'Pizer and Gull', 'Pizer, Gull and Bert'."""
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def hourglasses(n: int) -> str:
    return f"{n} hourglass" + ("" if n == 1 else "es")


def of_goal(glasses: int, bold: str = "{}") -> str:
    """Jack's hourglasses against the 6 he needs (P8): "2 of 6"; past them,
    "7, goal 6" (testers PA, round 1, and PK, round 6: "7 of 6"; PN, round
    7, met "7 (6 needed)" and "7 (goal 6)": one form, which fits the side
    column's narrowest row after each label). `bold`: how the count itself
    is written (a screen's markup)."""
    count = bold.format(glasses)
    if glasses > JACK_GOAL_HOURGLASSES:
        return f"{count}, goal {JACK_GOAL_HOURGLASSES}"
    return f"{count} of {JACK_GOAL_HOURGLASSES}"


@dataclass(frozen=True, slots=True)
class Board:
    """What an action's sentence needs of the board before it: the
    character on each square and where the detectives stood."""

    squares: tuple[str, ...]  # character ids, a1 .. c3
    detectives: Detectives
    # Joseph Lane cleared: his tile is an open crossroads, with no wall
    # (a rotation of it changes no line of sight; testers PC and PD, round 2)
    lane_open: bool = False


LANE_ID = CHARACTERS[LANE].id


def boards_before(view: PocketView) -> list[Board | None]:
    """For each entry of the view's log, the board just before it (None for
    an entry that is not an action): the board of the view, walked back
    (Lane's tile open until the witness call or the alibi that cleared him)."""
    squares = [t.character for t in view.tiles]
    detectives = view.detectives
    lane_open = any(t.open_crossroads for t in view.tiles)
    out: list[Board | None] = [None] * len(view.log)
    for i in range(len(view.log) - 1, -1, -1):
        entry = view.log[i]
        if isinstance(entry, WitnessCall) and LANE_ID in entry.cleared:
            lane_open = False
        if not isinstance(entry, Played):
            continue
        if entry.card == LANE_ID and entry.side == INVESTIGATOR:
            lane_open = False
        action = entry.action
        if isinstance(action, Exchange):
            squares[action.first], squares[action.second] = (
                squares[action.second],
                squares[action.first],
            )
        elif isinstance(action, Move):
            detectives = detectives.moved(action.detective, -action.steps)
        elif isinstance(action, Joker) and action.detective is not None:
            detectives = detectives.moved(action.detective, -1)
        out[i] = Board(tuple(squares), detectives, lane_open)
    return out


def _tile(board: Board | None, square: int) -> str:
    name = SQUARES[square]
    return f"{name} ({short_name(board.squares[square])})" if board else name


def _went(board: Board, square: int, to: int) -> str:
    """An exchanged tile and where it went: 'Goodley a2→c2' (tester RC,
    Pocket round 28, read "swapped a2 (Goodley) and c2 (Stealthy)" as the
    squares they went to)."""
    return f"{short_name(board.squares[square])} {SQUARES[square]}→{SQUARES[to]}"


def _swap(board: Board, action: Exchange, joined: str) -> str:
    """Both tiles of an exchange, each with where it went."""
    a, b = action.first, action.second
    return f"{_went(board, a, b)}{joined}{_went(board, b, a)}"


def _open_lane(action: Rotate, board: Board | None) -> bool:
    """Does the rotation turn Joseph Lane's open crossroads (no wall)?"""
    return board is not None and board.lane_open and board.squares[action.square] == LANE_ID


def _walk(board: Board | None, detective: int, steps: int) -> str:
    """' (8→9)': one word, never wrapped between its numbers (tester PC,
    round 2: "(8" / "→ 9)" on two rows of an end-of-round list)."""
    if board is None:
        return ""
    start = board.detectives[detective]
    return f" ({start}→{step_clockwise(start, steps)})"


def terse_phrase(
    action: Action, board: Board | None = None, card: str | None = None, named: bool = True
) -> str:
    """What an action did in the fewest words, for a line that must hold
    two of them at 80 columns: 'Watson 8→10', 'joker: Watson 10→11',
    'turned a3 (Pizer): east', 'swapped a1 and b2', 'drew an alibi card';
    not `named`, the tiles by their squares alone ('turned a3: east'), where
    their names would cut the line (tester RE, round 29: "then turned b2
    (Bert): no…" read as "no wall" where the wall faced north)."""
    if isinstance(action, Move | Joker):
        if action.detective is None:
            return "joker: nobody moved"
        name = DETECTIVE_WORDS[action.detective]
        steps = action.steps if isinstance(action, Move) else 1
        walk = _walk(board, action.detective, steps).strip(" ()") or STEP_WORDS[steps]
        return f"{'joker: ' if isinstance(action, Joker) else ''}{name} {walk}"
    if isinstance(action, Rotate):
        tile = _tile(board if named else None, action.square)
        if board is not None and board.lane_open and board.squares[action.square] == LANE_ID:
            return f"turned {tile}: no wall"
        return f"turned {tile}: {WALL_WORDS[action.wall]}"
    if isinstance(action, Exchange):
        if board is not None and named:
            return f"swapped {_swap(board, action, ', ')}"
        return f"swapped {SQUARES[action.first]} and {SQUARES[action.second]}"
    assert isinstance(action, Alibi)
    return f"alibi: {short_name(card)}" if card else "drew an alibi card"


WOMEN = frozenset({"madame", "stealthy"})


def pronoun(identity: str | None, man: str) -> str:
    """`man` ("his", "him") said of the suspect `identity`, or "her" for
    Madame and Miss Stealthy (tester PR, round 9; RB, round 28)."""
    return "her" if identity in WOMEN else man


def action_phrase(
    action: Action,
    board: Board | None = None,
    card: str | None = None,
    side: str = JACK,
    short: bool = False,
    named: bool = True,
) -> str:
    """What an action did, after its player's name: 'moved Watson two steps
    clockwise (4 → 6)'.  `board`: the board before the action (it names the
    tiles and the detectives' places, unless not `named`, and says whether
    a tile turned is Lane's open crossroads); `card`: the alibi card drawn,
    when the reader may know it (the investigator's, shown to both; Jack's,
    on his own view); `short`: fewer words, for one line ('rotated a3
    (Pizer): wall east').  An exchange names its tiles and where each went
    even when not `named` ('swapped Goodley a2→c2, Stealthy c2→a2')."""
    lane = isinstance(action, Rotate) and _open_lane(action, board)
    swapped = board  # an exchange names its tiles and where each went, always (tester RC)
    board = board if named else None
    if isinstance(action, Move):
        name = DETECTIVE_WORDS[action.detective]
        walk = _walk(board, action.detective, action.steps)
        return f"moved {name} {STEP_WORDS[action.steps]}{'' if short else ' clockwise'}{walk}"
    if isinstance(action, Joker):
        if action.detective is None:
            return "played the joker and moved nobody"
        name = DETECTIVE_WORDS[action.detective]
        walk = _walk(board, action.detective, 1)
        return f"played the joker: {name} one step{'' if short else ' clockwise'}{walk}"
    if isinstance(action, Rotate):
        tile, wall = _tile(board, action.square), WALL_WORDS[action.wall]
        if lane:  # no wall to face anywhere: "so that its wall faces east" was wrong
            if short:
                return f"turned {tile}: no wall, no change"
            return f"turned {tile}, an open crossroads: no line of sight changed"
        if short:
            return f"rotated {tile}: wall {wall}"
        return f"rotated {tile} so that its wall faces {wall}"
    if isinstance(action, Exchange):
        if swapped is not None:  # each tile with where it went (tester RC, Pocket round 28)
            return f"swapped {_swap(swapped, action, ', ' if short else ' and ')}"
        return f"swapped {SQUARES[action.first]} and {SQUARES[action.second]}"
    assert isinstance(action, Alibi)
    if card is None:
        return "drew an alibi card" + ("" if short else " (kept secret)")
    if side == INVESTIGATOR:
        she = "she" if card in WOMEN else "he"
        return f"showed the alibi card of {character_name(card)}: {she} is not Jack"
    glasses = hourglasses(CHARACTERS[CHARACTER_INDEX[card]].hourglasses)
    return f"drew the alibi card of {character_name(card)} ({glasses})"


def action_sentence(
    action: Action,
    who: str,
    board: Board | None = None,
    card: str | None = None,
    side: str = JACK,
) -> str:
    """What `who` (playing `side`) did, as a sentence (see `action_phrase`)."""
    return f"{who[:1].upper()}{who[1:]} {action_phrase(action, board, card, side)}."


def brief_phrases(
    action: Action, board: Board | None = None, card: str | None = None, side: str = JACK
) -> tuple[str, ...]:
    """What an action did in fewer words than `action_phrase`, after its
    player's name, fuller first, for the log's narrow panel (tester PJ,
    round 5, at 80×24: "Jack swapped b1 (Stealthy)…", "The investigator
    moved Watso…"); in the past, as the whole sentences are (tester RO,
    Pocket round 34: "The investigator: turn b3 (Smith): wall east." beside
    "The investigator rotated b2 (Goodley) so that its wall faces east."):
    'moved Watson 5→7', 'played the joker: Watson 5→6', 'rotated a3
    (Pizer): wall east', 'swapped Stealthy b1→b3, Gull→b1', 'showed Bert's
    alibi: not Jack'."""
    short = action_phrase(action, board, card, side, short=True)
    if isinstance(action, Move | Joker):
        if action.detective is None or board is None:
            return (short,)
        steps = action.steps if isinstance(action, Move) else 1
        walk = _walk(board, action.detective, steps).strip(" ()")
        verb = "moved" if isinstance(action, Move) else "played the joker:"
        return short, f"{verb} {DETECTIVE_WORDS[action.detective]} {walk}"
    if isinstance(action, Rotate):
        if _open_lane(action, board):  # no wall to face
            return (short,)
        faces = f"rotated {_tile(board, action.square)}: its wall faces {WALL_WORDS[action.wall]}"
        return faces, short
    if isinstance(action, Exchange):
        if board is None:
            return (short,)
        a, b = action.first, action.second
        return short, f"swapped {_went(board, a, b)}, {short_name(board.squares[b])}→{SQUARES[a]}"
    assert isinstance(action, Alibi)
    if card is None:
        return (action_phrase(action, board, card, side),)  # "(kept secret)"
    name = short_name(card)
    if side == INVESTIGATOR:
        return f"showed {name}'s alibi card: not Jack", f"showed {name}'s alibi: not Jack"
    glasses = hourglasses(CHARACTERS[CHARACTER_INDEX[card]].hourglasses)
    return (f"drew {name}'s alibi card ({glasses})",)


def jacks_cards(view: PocketView) -> dict[int, str]:
    """The log index of each alibi Jack drew -> its card, on a view that holds
    his cards (his own, or any at the end); else none."""
    if view.jack is None:
        return {}
    draws = [
        i
        for i, e in enumerate(view.log)
        if isinstance(e, Played) and e.side == JACK and isinstance(e.action, Alibi)
    ]
    if len(draws) != len(view.jack.alibis):
        return {}
    return dict(zip(draws, view.jack.alibis, strict=True))


def call_sentence(call: WitnessCall) -> str:
    """A witness call (P7): seen or not, and who was cleared."""
    cleared = and_list([short_name(c) for c in call.cleared], "nobody new")
    if call.seen:
        return f"Witness call: Jack was seen; cleared {cleared}."
    return f"Witness call: Jack was not seen; cleared {cleared}."


RACE_SENTENCE = "Both goals are reached: the race begins."  # P8 (no tag on screen)


def annotated(view: PocketView) -> list[tuple[Played, Board | None, str | None]]:
    """The actions of the view's log, each with the board before it and
    the alibi card the reader may know (the investigator's; Jack's on his
    own view)."""
    boards = boards_before(view)
    cards = jacks_cards(view)
    return [
        (e, boards[i], e.card or cards.get(i))
        for i, e in enumerate(view.log)
        if isinstance(e, Played)
    ]


def played_since(view: PocketView, count: int) -> list[tuple[Played, Board | None, str | None]]:
    """The newest `count` actions of the view's log (see `annotated`)."""
    played = annotated(view)
    return played[len(played) - count :] if count else []


def log_sentences(view: PocketView, names: Mapping[str, str] = SIDE_WORDS) -> list[tuple[int, str]]:
    """Every event of the view's public log as (round, sentence), oldest
    first; `names`: each side as the sentences name it."""
    actions = iter(annotated(view))
    out = []
    for e in view.log:
        if isinstance(e, WitnessCall):
            out.append((e.round, call_sentence(e)))
        elif isinstance(e, RaceBegins):
            out.append((e.round, RACE_SENTENCE))
        else:
            _, board, card = next(actions)
            out.append((e.round, action_sentence(e.action, names[e.side], board, card, e.side)))
    return out


def brief_call(call: WitnessCall, named: bool = True) -> str:
    """A witness call in a few words: 'Call: Jack seen; cleared Pizer and
    Gull.'; not `named`, its count alone: 'Call: Jack seen; 5 cleared.'"""
    said = f"Call: Jack {'seen' if call.seen else 'not seen'}"
    if not named and call.cleared:
        return f"{said}; {len(call.cleared)} cleared."
    return f"{said}; cleared {and_list([short_name(c) for c in call.cleared], 'nobody new')}."


def log_briefs(view: PocketView, names: Mapping[str, str] = SIDE_WORDS) -> list[tuple[str, ...]]:
    """`log_sentences` in fewer words, entry for entry, for a narrow panel:
    each in its forms, fuller first, each a sentence as the whole ones are
    ('Jack swapped Stealthy b1→b3, Gull b3→b1.', then 'Jack swapped
    Stealthy b1→b3, Gull→b1.'; a witness call's cleared named, then
    counted)."""
    actions = iter(annotated(view))
    out: list[tuple[str, ...]] = []
    for e in view.log:
        if isinstance(e, WitnessCall):
            out.append((brief_call(e), brief_call(e, named=False)))
        elif isinstance(e, RaceBegins):
            out.append(("Both goals reached: the race begins.",))
        else:
            _, board, card = next(actions)
            who = names[e.side]
            said = brief_phrases(e.action, board, card, e.side)
            out.append(tuple(f"{who[:1].upper()}{who[1:]} {phrase}." for phrase in said))
    return out


def round_actions(view: PocketView, rnd: int, names: Mapping[str, str] = SIDE_WORDS) -> list[str]:
    """The actions of round `rnd`, in the order played, each with who played it."""
    return [
        action_sentence(e.action, names[e.side], board, card, e.side)
        for e, board, card in annotated(view)
        if e.round == rnd
    ]


def round_briefs(
    view: PocketView, rnd: int, names: Mapping[str, str] = SIDE_WORDS, named: bool = True
) -> list[str]:
    """The actions of round `rnd` in the fewest words, each after who played
    it: 'Jack: Watson 8→10.', 'Jack: turned a3 (Pizer): east.', an alibi as
    the log's narrow panel says it at its narrowest ('Inv.: showed Bert's
    alibi: not Jack.'); not `named`, the tiles by their squares and the
    cards by their names alone ('Jack: turned a3: east.')."""
    return [
        f"{names[e.side]}: {action_brief(e.action, board, card, e.side, named)}."
        for e, board, card in annotated(view)
        if e.round == rnd
    ]


def action_brief(
    action: Action, board: Board | None, card: str | None, side: str, named: bool = True
) -> str:
    """An action in the fewest words (`terse_phrase`), an alibi in the log's
    narrowest words (`brief_phrases`: whose card, and what it means) where
    `named`."""
    if named and isinstance(action, Alibi):
        return brief_phrases(action, board, card, side)[-1]
    return terse_phrase(action, board, card, named=named)


def sightings_sentence(seen: Sequence[Sequence[str]]) -> str:
    """Who saw whom, detective by detective: 'Holmes saw Pizer and Gull;
    Watson saw nobody; Toby saw Bert.'"""
    parts = [
        f"{DETECTIVE_WORDS[d]} saw {and_list([short_name(c) for c in suspects])}"
        for d, suspects in enumerate(seen)
    ]
    return "; ".join(parts) + "."


def sightings_brief(seen: Sequence[Sequence[str]]) -> str:
    """Who saw whom in fewer words, those who saw nobody together: 'Toby saw
    Pizer and Bert; Holmes and Watson saw nobody.'"""
    saw = [
        f"{DETECTIVE_WORDS[d]} saw {and_list([short_name(c) for c in suspects])}"
        for d, suspects in enumerate(seen)
        if suspects
    ]
    blind = [DETECTIVE_WORDS[d] for d, suspects in enumerate(seen) if not suspects]
    if blind:
        saw.append(f"{and_list(blind)} saw nobody")
    return "; ".join(saw) + "."


def sight_sentence(seen: Sequence[Sequence[str]], positions: Detectives) -> str:
    """Who sees whom now, for the plain prompt: 'Holmes (12) sees Pizer;
    Watson (4) sees nobody; Toby (8) sees Gull and Bert.'"""
    parts = [
        f"{DETECTIVE_WORDS[d]} ({positions[d]}) sees {and_list([short_name(c) for c in who])}"
        for d, who in enumerate(seen)
    ]
    return "; ".join(parts) + "."
