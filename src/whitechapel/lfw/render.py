"""A plain-text summary of a Letters from Whitechapel view (replay, logs).
It reads only a view, so it shows exactly what that side may know."""

from __future__ import annotations

from typing import Any

from whitechapel.lfw.phases import POLICE


def winners(side: str, player: str | None = None) -> str:
    """Who won, as a sentence's subject and verb: "The police win", "The
    police (Bob) win", "Ann (Jack) wins", "Jack wins"; `player` is shown as
    given (markup already escaped)."""
    if side == POLICE:
        return f"The police ({player}) win" if player else "The police win"
    if player == "you":
        return "You (Jack) win"
    return f"{player} (Jack) wins" if player else "Jack wins"


def render_summary(view: dict[str, Any], players: dict[str, str] | None = None) -> str:
    lines = [f"Letters from Whitechapel on {view['map']}"]
    if players:
        lines[0] += " (" + ", ".join(f"{k}: {v}" for k, v in players.items()) + ")"
    on = [k for k, v in view["options"].items() if v]
    lines.append(f"Optional rules: {', '.join(on) or 'none'}")
    phase = view["phase"]
    lines.append(f"Night {view['night']}, {phase['tag']} {phase['name']}; Chief: {view['chief']}")
    scenes = ", ".join(f"{s['circle']} (night {s['night']})" for s in view["crime_scenes"])
    lines.append(f"Crime scenes: {scenes or 'none'}")
    track = " ".join(
        f"{t['space']}{'' if t['how'] == 'step' else ':' + t['how']}" for t in view["track"]
    )
    lines.append(f"Move track tonight: {track or 'empty'}")
    if view["police"]:
        lines.append("Policemen: " + ", ".join(f"{c} {x}" for c, x in view["police"].items()))
    lines.append(f"Clues tonight (in order): {', '.join(map(str, view['clues'])) or 'none'}")
    empty = [c for c in view["searched"] if c not in view["clues"]]  # a clue came later
    lines.append(f"Searched without a clue: {', '.join(map(str, empty)) or 'none'}")
    jack = view.get("jack")
    if jack:
        lines.append(f"Jack's hideout: {jack['hideout']}; Jack's circle: {jack['position']}")
        for night, row in enumerate(jack["path"], start=1):
            path = " ".join(f"{e['space']}:{e['circle']}" for e in row)
            lines.append(f"  night {night}: {path}")
    outcome = view.get("outcome")
    if outcome:
        lines.append(
            f"Game over: {winners(outcome['winner'], (players or {}).get(outcome['winner']))} — {outcome['reason']} ({outcome['detail']})"
        )
    else:
        lines.append(f"The game is not finished: {view['to_act']} to act.")
    return "\n".join(lines)
