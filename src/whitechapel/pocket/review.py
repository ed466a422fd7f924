"""A short review of a finished game's turning points (issue 44, "Learn by
playing"): a line for each round -- the split at the witness call, seen
or not, who took the round token, the suspects left -- and the one or two
rounds that decided the game, named.

Read from the public log of a view (P7: every witness call is public) and,
once the game is over, from Jack's cards (P8: revealed to both): the
hourglasses each of his draws was worth.  Pure: plain text, no markup.

Round 3 of issue 44 (testers PE, PD): the review restated results and
never named a turning point or a better move.  `turning_point` now goes
over the learner's decisions, each graded as the hints grade it
(`pocket/ahead.py`: to the round's witness call, both sides playing the
tokens left), on the boards both sides saw (`public_views`: the public
view before each action) and, the game over, Jack's revealed identity (for
Jack's own decisions, graded as he knew them); the decision that gave up
most at its call is named, with the move that would have done better.

Round 5 (testers PG, PH): the alibi is judged like any move, its cards
weighed from the learner's view (`ahead.py`), and the review never says
"the best at every decision" when some decision was not judged: it names
the rounds it could not judge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from whitechapel.pocket import ahead
from whitechapel.pocket.actions import Action, Alibi, Joker, Move
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTER_INDEX,
    CHARACTERS,
    INVESTIGATOR,
    JACK,
    step_clockwise,
)
from whitechapel.pocket.sentences import DETECTIVE_WORDS, pronoun, short_name
from whitechapel.pocket.views import Played, PocketView, RaceBegins, Secrets, WitnessCall


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """What a round's witness call came to (P7, P8)."""

    round: int
    before: int  # suspects before the call
    seen: int  # suspects seen at the call
    unseen: int
    jack_seen: bool
    left: int  # suspects after the call
    hourglasses: int  # Jack's after the call: round tokens, and his cards once revealed
    race: bool  # the race began at this call

    @property
    def cleared(self) -> int:
        return self.before - self.left


def rounds(view: PocketView) -> list[RoundFacts]:
    """Each round's witness call, in order, from the view's log (and Jack's
    cards, when the view shows them: at the end)."""
    cards = list(view.jack.alibis) if view.jack is not None else []
    cleared: set[str] = set()
    glasses = 0
    out: list[RoundFacts] = []
    for entry in view.log:
        if isinstance(entry, Played):
            if entry.card and entry.side == INVESTIGATOR:
                cleared.add(entry.card)
            elif entry.side == JACK and isinstance(entry.action, Alibi) and cards:
                glasses += CHARACTERS[CHARACTER_INDEX[cards.pop(0)]].hourglasses
        elif isinstance(entry, WitnessCall):
            before = len(CHARACTERS) - len(cleared)
            cleared |= set(entry.cleared)
            left = len(CHARACTERS) - len(cleared)
            gone = len(entry.cleared)
            seen, unseen = (left, gone) if entry.seen else (gone, left)
            glasses += 0 if entry.seen else 1
            out.append(
                RoundFacts(entry.round, before, seen, unseen, entry.seen, left, glasses, False)
            )
        elif isinstance(entry, RaceBegins) and out:
            out[-1] = dataclasses.replace(out[-1], race=True)
    return out


HEADER = "Round  At the call        Jack    Token to      Left"


def round_line(r: RoundFacts) -> str:
    """A row under `HEADER`: '    3  4 seen, 3 unseen   seen    investigator     4'."""
    split = f"{r.seen} seen, {r.unseen} unseen"
    jack, token = ("seen", "investigator") if r.jack_seen else ("unseen", "Jack")
    race = "  race begins" if r.race else ""
    return f"{r.round:>5}  {split:<18} {jack:<7} {token:<13} {r.left:>4}{race}"


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def turning_line(
    r: RoundFacts, winner: str | None, identity: str | None = None, racing: bool = False
) -> str:
    """Why a round mattered, in a line: for the investigator's win, what it
    cleared; for Jack's, the hourglass or what it left him.  `identity`:
    who Jack was (revealed at the end), named and given the suspect's own
    pronoun (Madame, Miss Stealthy: her).  `racing`: the race began at an
    earlier call (tester RN, round 34: "the race ended" where an alibi card
    had cleared the other suspect and no race had begun)."""
    seen = "seen" if r.jack_seen else "unseen"
    if r.left == 1:
        last = short_name(identity) if identity is not None else "Jack"
        if winner == JACK and not r.jack_seen:  # the race, his (tester QC, round 15:
            # "0 of 1 cleared: only Bert was left" read as the investigator's win)
            return f"Round {r.round}: Jack unseen: {last}, the last suspect, stayed unseen."
        if r.before == 1 and racing:  # (testers RD, RK: "Jack seen, 0 of 1 cleared" read oddly)
            return f"Round {r.round}: the race ended: {last}, the last suspect, was seen."
        if r.before == 1:  # the others cleared before the call (an alibi card)
            return f"Round {r.round}: only {last} was left before the call, and was seen."
        return f"Round {r.round}: Jack {seen}, {r.cleared} of {r.before} cleared: only {last} was left."
    if winner == JACK and not r.jack_seen:
        his = pronoun(identity, "his")
        return (
            f"Round {r.round}: Jack unseen with {r.left} suspects left: "
            f"{his} {ordinal(r.hourglasses)} hourglass."
        )
    only = "only " if winner == JACK else ""
    return f"Round {r.round}: Jack {seen}, {only}{r.cleared} of {r.before} cleared: {r.left} left."


def turning_points(view: PocketView, facts: list[RoundFacts] | None = None) -> list[RoundFacts]:
    """The one or two rounds that decided the game: the winner's best round
    before the last (the investigator's: the most cleared, if 40 % or more;
    Jack's: unseen, with the most suspects left), and the last round."""
    facts = rounds(view) if facts is None else facts
    if not facts:
        return []
    winner = view.outcome.winner if view.outcome is not None else None

    def weight(r: RoundFacts) -> float:
        if winner == INVESTIGATOR:
            return r.cleared / r.before if r.before else 0
        # Jack: an unseen call is an hourglass, and a call that clears few keeps him hidden
        kept = r.left / r.before if r.before else 0
        return (0 if r.jack_seen else 1) + kept

    last = facts[-1]
    best = max(facts[:-1], key=weight, default=None)
    enough = 0.4 if winner == INVESTIGATOR else 1  # a big clearing; an hourglass
    if best is None or weight(best) < enough:
        return [last]
    return [best, last]


def review_lines(
    view: PocketView, views: Sequence[PocketView] = (), learner: str | None = None
) -> list[str]:
    """The review: a row per round under a header, then the rounds that
    decided the game, each in a sentence; with the public `views` before
    each action and the `learner`'s side, the turning point among his
    decisions (`turning_point`)."""
    facts = rounds(view)
    if not facts:
        return []
    lines = [HEADER, *(round_line(r) for r in facts)]
    points = turning_points(view, facts)
    winner = view.outcome.winner if view.outcome is not None else None
    me = view.jack.identity if view.jack is not None else None
    began = min((f.round for f in facts if f.race), default=None)
    lines += [
        "",
        "What decided it:",
        *(turning_line(r, winner, me, began is not None and began < r.round) for r in points),
    ]
    cards = cards_line(view)
    if cards and winner == JACK:
        lines.append(cards)
    if views and learner is not None and view.outcome is not None:
        # a game the learner won has no turning point of his: the decision
        # where he risked most (RD, round 29: "it blames a good decision in
        # a game I won")
        head = "Where you risked most:" if winner == learner else "The turning point:"
        lines += ["", head, turning_sentence(view, views, learner, facts)]
    return lines


def cards_line(view: PocketView, width: int = 66) -> str:
    """Jack's alibi cards, where the view shows them (his own, or anyone's
    at the end) and they held hourglasses, in `width` characters: "Jack's
    alibi cards: Madame 2, Lestrade 0: 2 hourglasses of her 6.", else
    "Jack's alibi cards held 2 hourglasses of her 6." ('' where none held
    any).  Tester QH, round 18: "What decided it" named two calls, not the
    Madame card that won it."""
    secrets = view.jack
    if secrets is None:
        return ""
    # every card he drew, its hourglasses beside it, 0 too (tester QR, round
    # 23: "Lane 1" said, his Lestrade card left out)
    held = [(c, CHARACTERS[CHARACTER_INDEX[c]].hourglasses) for c in secrets.alibis]
    total = sum(n for _, n in held)
    if not total:
        return ""
    his = pronoun(secrets.identity, "his")
    cards = "card" if len(held) == 1 else "cards"
    glasses = "hourglass" if total == 1 else "hourglasses"
    named = ", ".join(f"{short_name(c)} {n}" for c, n in held)
    of = f"{total} {glasses} of {his} {secrets.hourglasses}"
    for line in (f"Jack's alibi {cards}: {named}: {of}.", f"Jack's alibi {cards} held {of}."):
        if len(line) <= width:
            return line
    return line


# -- the turning point: the learner's decision that gave up most ---------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    """A learner's decision graded to its round's call: the board before
    it (public, with Jack's identity on his own decisions), what he played,
    what the look-ahead found best, and both graded."""

    view: PocketView
    side: str
    action: Action
    mine: ahead.Graded
    best: ahead.Graded

    @property
    def lost(self) -> float:
        return self.best.value - self.mine.value

    @property
    def stake(self) -> float:
        """What the decision cost in the learner's chance to win the game:
        his chance after the better move's call less his chance after his
        own (`chance_after`)."""
        return chance_after(self.view, self.side, self.best) - chance_after(
            self.view, self.side, self.mine
        )


# The least `Turn.stake` named as a turning point: a decision that moved the
# learner's chance to win by less is no turning point (testers RD and RE,
# round 29: a one-suspect difference in round 1 was named, where the game
# was decided by two suspects left going into an odd round).
MATTERS = 0.05


def chance_after(view: PocketView, side: str, graded: ahead.Graded) -> float:
    """The chance that `side` wins the game after the call `graded` ends on,
    read from the table of games between the computer players (`values.py`:
    the round after the call, the suspects left, Jack's hourglasses, the
    race).  On the investigator's view every suspect of the call is Jack
    alike; on Jack's, his own branch.  An alibi card Jack draws in the line
    counts by the hourglasses the cards left may hold (`ahead.odds_of`)."""
    from whitechapel.pocket.players.values import worth

    odds, _ = ahead.odds_of(view, side)
    call, rnd, race = graded.call, view.round, view.race
    drawn = any(who == JACK and isinstance(a, Alibi) for who, a in graded.line)
    cards = enumerate(odds.holds) if drawn else [(0, 1.0)]

    def investigators(end: str | None, n: int, h: int) -> float:
        if end == INVESTIGATOR:
            return 1.0
        if end == JACK:
            return 0.0
        return worth(rnd + 1, n, h, race or end == ahead.RACE)

    total = 0.0
    for extra, p in cards:
        h = odds.hourglasses + extra
        if call.jack is None:
            n = call.seen + call.unseen
            if not n:
                continue
            won = call.seen / n * investigators(
                call.if_seen, call.seen, h
            ) + call.unseen / n * investigators(call.if_unseen, call.unseen, h + 1)
        else:
            won = investigators(call.end, call.kept, h + (0 if call.jack else 1))
        total += p * won
    return total if side == INVESTIGATOR else 1.0 - total


def public_views(game: object) -> list[PocketView]:
    """The public board before each action of `game` (a `PocketGame`): the
    investigator's view, which shows nothing of Jack's (P9), rebuilt from
    the game's setup and its actions.  What both sides saw, step by step."""
    from whitechapel.pocket.game import PocketGame

    assert isinstance(game, PocketGame)
    again = PocketGame(game.setup)
    out: list[PocketView] = []
    for action in game.history:
        out.append(again.view(INVESTIGATOR))
        again.play(str(action))
    return out


def decisions(
    final: PocketView,
    views: Sequence[PocketView],
    learner: str,
    unjudged: list[int] | None = None,
) -> list[Turn]:
    """The learner's decisions, each graded to its round's call (the alibi
    too, its cards weighed), from the public `views` before each action and
    the `final` view (its log says what was played; the end reveals who
    Jack was and his cards, P8: Jack's decisions are graded as he knew them,
    his hourglasses and cards then).  Decisions with one choice are not
    decisions; those that cannot be graded are listed in `unjudged` (their
    rounds)."""
    played = [e for e in final.log if isinstance(e, Played)]
    secrets = final.jack
    cards = list(secrets.alibis) if secrets is not None else []
    drawn: list[str] = []
    glasses = 0
    calls = {e.round: e.seen for e in final.log if isinstance(e, WitnessCall)}
    out: list[Turn] = []
    for i, entry in enumerate(played):
        before = views[i] if i < len(views) else None
        if entry.side == JACK and isinstance(entry.action, Alibi) and cards:
            card = cards.pop(0)
            glasses_then = glasses
            drawn.append(card)
            glasses += CHARACTERS[CHARACTER_INDEX[card]].hourglasses
        else:
            glasses_then = glasses
        if entry.side != learner:
            pass
        elif before is None:
            if unjudged is not None:
                unjudged.append(entry.round)
        else:
            view = before
            if learner == JACK and secrets is not None:  # as he knew it: who he is, his cards
                mine = tuple(drawn[:-1] if entry.action.face == ALIBI else drawn)
                tokens = sum(1 for r, seen in calls.items() if r < entry.round and not seen)
                view = dataclasses.replace(
                    before, jack=Secrets(secrets.identity, mine, tokens + glasses_then)
                )
            grading = ahead.grade(view, learner)
            best = grading.best()
            if best is None or entry.action not in grading.legal:
                if unjudged is not None:
                    unjudged.append(entry.round)
            elif len(grading.legal) > 1:
                out.append(Turn(view, learner, entry.action, grading.of(entry.action), best))
    return out


def turning_point(
    final: PocketView,
    views: Sequence[PocketView],
    learner: str,
    unjudged: list[int] | None = None,
    judged: list[Turn] | None = None,
) -> Turn | None:
    """The learner's decision that gave up most at its round's call (the
    first of equals); None when he played the look-ahead's best at each it
    judged, or a move that came to the same call in the same words
    (`unjudged`: the rounds of those it could not; `judged`: the decisions,
    where the caller has them)."""
    if judged is None:
        judged = decisions(final, views, learner, unjudged)
    facts = {r.round: r for r in rounds(final)}
    turns = [t for t in judged if t.lost > 1e-6 and not alike(t) and not spared(t, facts)]
    # the decision that cost most of the chance to win the game, not the
    # most suspects at its own call (RD, RE: `MATTERS`)
    costly = [t for t in turns if t.stake >= MATTERS]
    if costly:
        return max(costly, key=lambda t: (t.stake, t.lost))
    # else a decision where every move lost the call, the position lost
    # before it (tester QA, round 14: "The review should say the position
    # was already lost and point to the earlier decision")
    return max((t for t in turns if hopeless(t)), key=lambda t: t.lost, default=None)


def spared(turn: Turn, facts: dict[int, RoundFacts]) -> bool:
    """Did the round's call, as it came, go at least as well for the learner
    as the better move made sure of?  Then his move cost nothing in the game
    played: the other side did not find the answer the look-ahead feared
    (tester RF, round 30: "it named my round-1 rotation … but Jack did not
    answer that way: the call cleared 3, exactly what the suggested better
    move would have given")."""
    came = facts.get(turn.view.round)
    if came is None:
        return False
    best = turn.best.call
    if turn.side == INVESTIGATOR:
        return came.left <= 1 or came.cleared >= best.least
    if came.jack_seen or came.left <= 1:  # seen, or the last suspect: he lost that call
        return False
    return bool(best.jack) or came.left >= best.kept


def alike(turn: Turn) -> bool:
    """The better move comes to the same call, said in the same words: what
    it gains the player cannot see (tester QC, round 15: "an equal move
    presented as 'Better' and as the turning point of a game I won")."""
    from whitechapel.pocket import hints  # the hints' words for calls

    if turn.best.call != turn.mine.call:
        return False
    return hints.said(turn.view, turn.best, turn.side) == hints.said(
        turn.view, turn.mine, turn.side
    )


def hopeless(turn: Turn) -> bool:
    """Jack's decision where even the best move loses at the round's call
    against the investigator's best answer (P8)."""
    return turn.side == JACK and turn.best.call.caught


def turning_sentence(
    final: PocketView,
    views: Sequence[PocketView],
    learner: str,
    facts: list[RoundFacts] | None = None,
) -> str:
    """The turning point in a few sentences: the round, the learner's
    action and what the other side could answer, what the call came to,
    and the better move with what it would have made sure of."""
    from whitechapel.pocket import hints  # the hints' words for moves and calls

    unjudged: list[int] = []
    judged = decisions(final, views, learner, unjudged)
    turn = turning_point(final, views, learner, unjudged, judged)
    if turn is None:
        facts_by = {r.round: r for r in (rounds(final) if facts is None else facts)}
        improvable = [t for t in judged if t.lost > 1e-6 and not alike(t)]
        small = [t.stake for t in improvable if not spared(t, facts_by)]
        if improvable and not small:  # the answers feared never came (RF)
            # the riskiest of them named (tester RI, round 31: "does not name
            # which move")
            risky = max(improvable, key=lambda t: (t.stake, t.lost))
            mine, _ = hints.move_words(risky.view, risky.action)
            safer, _ = hints.move_words(risky.view, risky.best.action)
            # (tester RK, round 32: "hard to parse"; RM, round 33: "telling a
            # player who just lost that no move of theirs cost them reads oddly")
            return (
                f"None of your moves was punished: where a safer one was there, the "
                f"other side did not find the answer that would have punished yours. The "
                f"riskiest: round {risky.view.round}, {mine}, where {safer} was safer. The "
                "cards drawn and the other side's choices decided it."
            )
        if small:  # better moves there were, none worth much of the game (RD, RE)
            most = max(round(100 * max(small)), 1)
            return (
                "No decision of yours changed your chance to win by much: the best moves "
                f"the look-ahead finds would have added at most {most} in 100 (by the "
                "computer players' games from such positions). The cards drawn and the "
                "other side's choices decided it."
            )
        if any(t.lost > 1e-6 for t in judged):  # each came to the best's call (`alike`)
            return (
                "At every decision the look-ahead judged, your move came to the same call as "
                "the best it finds: the cards drawn and the other side's choices decided it."
            )
        if unjudged:
            rounds_ = sorted(set(unjudged))
            which = ", ".join(str(r) for r in rounds_)
            return (
                f"Every decision the look-ahead judged was its best; it could not judge "
                f"your move{'s' if len(unjudged) > 1 else ''} in round"
                f"{'s' if len(rounds_) > 1 else ''} {which}."
            )
        return (
            "You played the best move the look-ahead finds at every decision, the alibi "
            "cards weighed: the cards drawn and the other side's choices decided it."
        )
    view, rnd = turn.view, turn.view.round
    mine, _ = hints.move_words(view, turn.action)
    better, _ = hints.move_words(view, turn.best.action)
    call = hints.said(view, turn.mine, learner)[0]
    best_call = hints.said(view, turn.best, learner)[0]
    answer, _ = hints.threat(view, turn.mine, learner)
    he = "Jack" if learner == INVESTIGATOR else "the investigator"
    then = (
        hints.answered(view, turn.mine, learner, he, answer, call, "could")
        if answer
        else f"then {call}"
    )
    facts = rounds(final) if facts is None else facts
    came = next((r for r in facts if r.round == rnd), None)
    result = ""
    if came is not None:
        if came.jack_seen:
            result = f" At the call Jack was seen: {came.cleared} cleared, {came.left} left."
        else:
            his = pronoun(final.jack.identity if final.jack is not None else None, "his")
            result = (
                f" At the call Jack was unseen: {came.cleared} cleared, and {his} "
                f"{ordinal(came.hourglasses)} hourglass."
            )
    whatever = "whatever Jack answered, " if learner == INVESTIGATOR else "whatever he answered, "
    # a loss he could bring about is said "at worst" (tester RB, round 28)
    if hints.at_worst(view, turn.best, learner):
        whatever = ""
    other_token = same_step(view, turn.action, turn.best.action, he)
    if other_token:
        better = other_token
    if best_call == call and turn.best.call != turn.mine.call:
        # the same words for both: the splits they end on say the difference
        # (tester PV, round 12: "Better: … at least 1 cleared" promised what
        # his own move did)
        best_call = (
            f"{best_call} ({turn.best.call.words()}, where yours ends {turn.mine.call.words()})"
        )
    then, best_call = as_foreseen(then), as_foreseen(best_call)
    if hopeless(turn):  # no move is better at the call: never "Better: … you lose" (QA)
        return (
            f"Round {rnd}: your move, {mine}; {then}.{result} By then no move saved this "
            f"call against {'his best answer' if learner == INVESTIGATOR else 'the answer worst for you'}."
        )
    return (
        f"Round {rnd}: your move, {mine}; {then}.{result} "
        f"Better: {better}: {whatever}{best_call}{worse_at_the_call(turn)}. "
        f"{chances_words(turn)}"
    )


def chances_words(turn: Turn) -> str:
    """The turning point's stake in a sentence: the learner's chance to win
    after his line's call and after the better one's, in games out of 100
    (RE, round 29: "show the better move with a concrete result that
    differs from what happened")."""
    mine = round(100 * chance_after(turn.view, turn.side, turn.mine))
    best = round(100 * chance_after(turn.view, turn.side, turn.best))

    def said(n: int, unit: str = "") -> str:  # (tester RN, round 34: "about 0 games in 100")
        return "almost none" if n == 0 else "almost every game" if n == 100 else f"about {n}{unit}"

    return (
        f"Your chance to win after your line's call: {said(mine, ' games in 100')}; after "
        f"the better one's: {said(best)} (the computer players' games from such positions)."
    )


FORESEEN = "the next action the look-ahead finds for you"


def as_foreseen(text: str) -> str:
    """A hint's "with your next action (…)", said after the game as the
    look-ahead's, not as what was played (tester QM, round 20, and QF,
    round 17: "then your next action, the joker: Toby 1 step (8 → 9)" read
    as history, and he had moved nobody); and its alibi "still to play"
    as the look-ahead's too (tester QP, round 22, read "your alibi, still
    to play" about the alibi he had played)."""
    return (
        text.replace("with your next action (", f"with {FORESEEN} (")
        .replace("then your next action, ", f"then {FORESEEN}, ")
        .replace("your alibi, still to play,", "your alibi, played later in that line,")
    )


def worse_at_the_call(turn: Turn) -> str:
    """Where the better move comes to a worse call than the one played, what
    it gains instead: the alibi card it draws, or the one it keeps from the
    other side; '' where its call is as good or better (tester QH, round
    18: "Better: the alibi … 0 seen / 8 not: nobody cleared" read worse
    than his own move's "at least 2 cleared"; the alibi token, left to
    Jack, would have drawn him a card's hourglasses)."""
    if ahead.value_of(turn.best.call) >= ahead.value_of(turn.mine.call):
        return ""
    other = JACK if turn.side == INVESTIGATOR else INVESTIGATOR

    def draws(graded: ahead.Graded, side: str) -> bool:
        return any(who == side and isinstance(a, Alibi) for who, a in graded.line)

    if isinstance(turn.best.action, Alibi):
        gains = (  # the sentence has said the card may clear one more
            "with the alibi yours, Jack draws no alibi card this round"
            if turn.side == INVESTIGATOR
            else "its card may hold hourglasses"
        )
    elif draws(turn.mine, other) and not draws(turn.best, other):
        gains = f"it leaves {'Jack' if other == JACK else 'the investigator'} no alibi card to draw"
    else:
        gains = "the tokens it leaves each side weigh more than the call"
    return f" (a worse call than yours, but {gains})"


def same_step(view: PocketView, played: Action, better: Action, he: str) -> str:
    """When the better move walks the same detective the same step as the
    one played, with the other token (the joker or his own), the better
    one named by its token and what the token left in play changes (tester
    PI, round 5: "your move, the joker: Toby 1 step (8 → 9) ... Better:
    Toby 1 step (8 → 9)" read as the same move); else ''.  `he`: the
    other side, who may take the token left."""
    pair = (played, better)
    if not all(isinstance(a, Move | Joker) for a in pair):
        return ""
    moves = [a for a in pair if isinstance(a, Move)]
    jokers = [a for a in pair if isinstance(a, Joker)]
    if len(moves) != 1 or len(jokers) != 1:
        return ""
    move, joker = moves[0], jokers[0]
    if move.steps != 1 or joker.detective != move.detective:
        return ""
    name = DETECTIVE_WORDS[move.detective]
    here = view.detectives[move.detective]
    step = f"({here} → {step_clockwise(here, 1)})"
    joker_can = "any detective one step, or nobody" if he == "Jack" else "any detective one step"
    if isinstance(better, Move):
        return (
            f"{name}'s own token for the same step {step}, which leaves the joker in "
            f"play rather than {name}'s token, with which {he} could walk {name} 1 or 2 steps"
        )
    return (
        f"the joker for the same step {step}, which leaves {name}'s own token in play "
        f"rather than the joker, with which {he} could move {joker_can}"
    )


def next_line(side: str | None) -> str:
    """After a guided game, what to do next: the other side's guided game,
    the puzzles, a game against the normal computer (`side`: the learner's;
    None at a hot seat of two).  The keys are the board's, once the review
    is closed (tester RL, round 33: "'Esc: the menu', but Esc only closes
    the review")."""
    where = "Enter closes this; then m: the menu, n: a new game like this one"
    if side is None:
        return f"Next: the puzzles, or a game against the normal computer ({where})."
    other = "Jack" if side == INVESTIGATOR else "the investigator"
    return (
        f"Next: the guided game as {other}, the puzzles, or a game against the "
        f"normal computer ({where})."
    )
