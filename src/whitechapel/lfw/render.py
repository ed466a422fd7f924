"""A plain-text summary of a Letters from Whitechapel view (replay, logs).
It reads only a view, so it shows exactly what that side may know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whitechapel.lfw.rulebook import POLICE, STEP

if TYPE_CHECKING:
    from whitechapel.lfw.notebook import Notebook
    from whitechapel.lfw.views import LfwView


def winners(side: str, player: str | None = None) -> str:
    """Who won, as a sentence's subject and verb: "The police win", "The
    police (Bob) win", "Ann (Jack) wins", "Jack wins"; `player` is shown as
    given (markup already escaped)."""
    if side == POLICE:
        return f"The police ({player}) win" if player else "The police win"
    if player == "you":
        return "You (Jack) win"
    return f"{player} (Jack) wins" if player else "Jack wins"


def render_summary(view: LfwView, players: dict[str, str] | None = None) -> str:
    lines = [f"Letters from Whitechapel on {view.map}"]
    if players:
        lines[0] += " (" + ", ".join(f"{k}: {v}" for k, v in players.items()) + ")"
    lines.append(f"Optional rules: {', '.join(view.options.on()) or 'none'}")
    phase = view.phase
    chief = view.chief if view.chief is not None else "not named yet"
    lines.append(f"Night {view.night}, {phase.tag} {phase.name}; Chief: {chief}")
    scenes = ", ".join(f"{s.circle} (night {s.night})" for s in view.crime_scenes)
    lines.append(f"Crime scenes: {scenes or 'none'}")
    track = " ".join(f"{t.space}{'' if t.how == STEP else ':' + t.how}" for t in view.track)
    lines.append(f"Move track tonight: {track or 'empty'}")
    if view.police:
        lines.append("Policemen: " + ", ".join(f"{c} {x}" for c, x in view.police.items()))
    lines.append(f"Clues tonight (in order): {', '.join(map(str, view.clues)) or 'none'}")
    empty = [c for c in view.searched if c not in view.clues]  # a clue came later
    lines.append(f"Searched without a clue: {', '.join(map(str, empty)) or 'none'}")
    jack = view.jack
    if jack:
        # words where he has none yet (tester L4, LfW round 46: "Jack's circle: None")
        hideout = jack.hideout if jack.hideout is not None else "not chosen yet"
        circle = jack.position if jack.position is not None else "not on the streets"
        lines.append(f"Jack's hideout: {hideout}; Jack's circle: {circle}")
        for night, row in enumerate(jack.path, start=1):
            path = " ".join(f"{e.space}:{e.circle}" for e in row)
            lines.append(f"  night {night}: {path}")
    outcome = view.outcome
    if outcome:
        who = winners(outcome.winner, (players or {}).get(outcome.winner))
        lines.append(f"Game over: {who} — {outcome.reason} ({outcome.detail})")
    else:
        lines.append(f"The game is not finished: {view.to_act} to act.")
    return "\n".join(lines)


def notebook_text(nb: Notebook, where: str = "") -> str:
    """The police notebook in plain text (`whitechapel lfw notebook`)."""
    lines = [f"The police notebook: night {nb.night}" + (f", {where}" if where else "")]
    if nb.over or nb.home:
        ended = "The game is over" if nb.over else f"Night {nb.night} is finished"
        home = " after Jack went home" if nb.home else ""
        lines.append(f'{ended}{home}: there is no "where Jack can be now".')
    elif nb.on_board:
        lines.append(
            f"Jack can be on {len(nb.counts)} circle{'s' * (len(nb.counts) != 1)}, "
            f"at the end of {nb.total:,} possible path{'s' * (nb.total != 1)} tonight:"
        )
        lines.append("  circle         paths   share")
        for c in sorted(nb.counts, key=lambda c: (-nb.counts[c], c)):
            share = 100 * nb.counts[c] / nb.total
            lines.append(f"  {c:>6} {nb.counts[c]:>13,} {share:>6.1f}%")
    else:
        lines.append("Jack is not on the streets: there has been no crime yet tonight.")
    lines.append(
        f"Hideout candidates ({len(nb.hideouts)}): {', '.join(map(str, nb.hideouts)) or 'none'}"
    )
    for n in nb.nights:
        if n.home:
            lines.append(
                f"  night {n.night}: Jack went home after {n.moves} moves; "
                f"{n.total:,} possible paths, ending on {len(n.counts)} circles"
            )
    return "\n".join(lines)
