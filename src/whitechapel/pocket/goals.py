"""The goals of the Pocket puzzles (`puzzles.py`), and what they read.

A goal is judged the way everything shown to a side is computed: from that
side's views -- when the player took over, before the player's last action,
after it -- and the actions played, never from the game's state
(docs/architecture.md).  A goal about the witness call that must hold
whoever Jack is reads the board at the moment of the call from `preview.py`,
which knows nothing of Jack.  Each goal gives a verdict: met or not, and a
sentence saying what came of the player's play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from whitechapel.pocket import end
from whitechapel.pocket.actions import Action
from whitechapel.pocket.pieces import CHARACTER_INDEX, CHARACTERS, DETECTIVE_NAMES, JACK
from whitechapel.pocket.preview import preview, seen_squares
from whitechapel.pocket.views import PocketView, WitnessCall


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a goal is judged on: the player's side's views and actions."""

    start: PocketView  # the view when the player took over
    before: PocketView  # the view before the player's last action
    actions: tuple[Action, ...]  # the player's actions
    after: PocketView  # the view after the last one (and the witness call, if any)


@dataclass(frozen=True, slots=True)
class Verdict:
    met: bool
    sentence: str  # what came of it, in player words


Judge = Callable[[Attempt], Verdict]


# -- reading views -------------------------------------------------------------


def short(cid: str) -> str:
    """A character's name as the tiles show it (Madame, Pizer, Lestrade)."""
    return CHARACTERS[CHARACTER_INDEX[cid]].name.split()[-1]


def names(cids: Sequence[str]) -> str:
    """Characters by their tiles' names: 'Pizer, Gull and Lane'."""
    return listed([short(c) for c in cids])


def last_witness(view: PocketView) -> WitnessCall | None:
    """The newest witness call of a view's log."""
    return next((e for e in reversed(view.log) if isinstance(e, WitnessCall)), None)


def at_the_call(attempt: Attempt) -> tuple[list[str], list[str]]:
    """The suspects a detective saw when the witness call came, and those
    nobody saw: the board after the player's last action, from the view
    before it (`preview`), without anything of Jack's."""
    board = preview(attempt.before, attempt.actions[-1]) or attempt.before
    witness = last_witness(attempt.after)
    cleared_now = set(witness.cleared) if witness else set()
    still = set(attempt.after.suspects) | cleared_now  # an alibi shown before the call counts
    seen = [t.character for t in board.tiles if t.character in still and t.seen]
    unseen = [t.character for t in board.tiles if t.character in still and not t.seen]
    return seen, unseen


def jack_identity(view: PocketView) -> str:
    """Jack's identity, from Jack's own view (a Jack puzzle's player)."""
    assert view.jack is not None, "a Jack puzzle is judged from Jack's view"
    return view.jack.identity


def watchers(view: PocketView, character: str) -> list[str]:
    """The detectives who see a character's tile (P6, from the view)."""
    square = next(i for i, t in enumerate(view.tiles) if t.character == character)
    return [
        DETECTIVE_NAMES[i].split()[-1]
        for i, position in enumerate(view.detectives)
        if seen_squares(view.tiles, [position]) >> square & 1
    ]


def listed(words: list[str]) -> str:
    """'Pizer', 'Pizer and Gull', 'Pizer, Gull and Lane'."""
    if len(words) <= 1:
        return "".join(words) or "nobody"
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- goals ------------------------------------------------------------------------


def see_at_least(count: int) -> Judge:
    """P6: after the player's action, the detectives see `count` suspects."""

    def judge(attempt: Attempt) -> Verdict:
        seen = attempt.after.seen_suspects
        if len(seen) >= count:
            return Verdict(
                True, f"The detectives see {plural(len(seen), 'suspect')}: {names(seen)}."
            )
        if not seen:
            return Verdict(False, "The detectives see nobody: every line of sight hits a wall.")
        return Verdict(
            False,
            f"The detectives see only {plural(len(seen), 'suspect')} ({names(seen)}), not {count}.",
        )

    return judge


def hide_jack(attempt: Attempt) -> Verdict:
    """P6 from Jack's side: after his actions, no detective sees him."""
    jack = jack_identity(attempt.after)
    who = watchers(attempt.after, jack)
    if not who:
        return Verdict(True, f"No detective sees {short(jack)}: you are out of sight.")
    return Verdict(False, f"{listed(who)} still {'sees' if len(who) == 1 else 'see'} you.")


def clear_either_way(count: int) -> Judge:
    """P7: the witness call clears `count` suspects whether or not Jack is
    seen: the suspects split into a seen and an unseen group, each at least
    `count` strong (judged from the board at the call, not from who Jack is)."""

    def judge(attempt: Attempt) -> Verdict:
        seen, unseen = at_the_call(attempt)
        total = len(seen) + len(unseen)
        worst = min(len(seen), len(unseen))
        head = f"The detectives saw {len(seen)} of the {total} suspects"
        if worst >= count:
            return Verdict(True, f"{head}: whichever way the call went, {worst} were cleared.")
        # Jack not seen clears the seen suspects; seen, the others.
        how = "not been seen" if len(seen) <= len(unseen) else "been seen"
        return Verdict(False, f"{head}: had Jack {how}, the call would have cleared only {worst}.")

    return judge


def unseen_clearing_at_most(count: int) -> Judge:
    """P7 from Jack's side: not seen, he takes the round's hourglass, and
    every suspect seen is cleared: let the call clear at most `count`."""

    def judge(attempt: Attempt) -> Verdict:
        witness = last_witness(attempt.after)
        cleared = witness.cleared if witness else ()
        gone = f"{plural(len(cleared), 'suspect')} ({names(cleared)})" if cleared else "nobody"
        if witness is not None and witness.seen:
            return Verdict(
                False, f"A detective saw you: no hourglass, and the call cleared {gone}."
            )
        if len(cleared) <= count:
            return Verdict(
                True,
                f"You were not seen: the hourglass is yours, and the call cleared only {gone}.",
            )
        return Verdict(
            False, f"You were not seen and take the hourglass, but the call cleared {gone}."
        )

    return judge


def win_now(side: str) -> Judge:
    """P8: the game ends at this witness call with `side` the winner."""

    def judge(attempt: Attempt) -> Verdict:
        after = attempt.after
        outcome = after.outcome
        witness = last_witness(after)
        left = after.suspects
        if outcome and outcome.winner == side:
            return Verdict(True, f"You win ({end.said(outcome.reason)}).")
        if outcome:
            return Verdict(False, f"You lose ({end.said(outcome.reason)}).")
        seen = witness is not None and witness.seen
        if side == JACK:
            how = "A detective saw you" if seen else "You were not seen"
        else:
            how = "Jack was seen" if seen else "Jack was not seen"
        if after.race:
            return Verdict(
                False,
                f"{how}, but the call left only one suspect: with both goals "
                "reached at once, the race begins instead of a win.",
            )
        return Verdict(
            False,
            f"{how}, and {plural(len(left), 'suspect')} "
            f"{'is' if len(left) == 1 else 'are'} still in play: the game goes on.",
        )

    return judge
