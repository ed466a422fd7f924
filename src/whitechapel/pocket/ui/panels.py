"""The words on the Pocket screen's panels, from a side's view: pure
functions, so each panel's text can be read and tested without an app."""

from __future__ import annotations

from typing import Any

from whitechapel.pocket.pieces import (
    CHARACTER_INDEX,
    CHARACTERS,
    DETECTIVE_LETTERS,
    DETECTIVES,
    FACE_NAMES,
    JACK,
    SQUARES,
    step_clockwise,
)


def character_name(cid: str) -> str:
    return CHARACTERS[CHARACTER_INDEX[cid]].name


def reveal_text(jack: dict[str, Any]) -> str:
    """P8: at the end Jack's identity and cards are shown to both."""
    cards = ", ".join(character_name(c) for c in jack["alibis"]) or "none"
    return (
        f"[b]Jack was {character_name(jack['identity'])}.[/b]\n"
        f"His alibi cards: {cards}\nHis hourglasses: {jack['hourglasses']}"
    )


def secret_text(jack: dict[str, Any]) -> str:
    """Jack's own secrets (P9), from his view's `jack` part."""
    cards = ", ".join(character_name(c) for c in jack["alibis"]) or "none yet"
    return (
        f"You are [b]{character_name(jack['identity'])}[/b].\n\n"
        f"Your alibi cards: {cards}\nYour hourglasses: {jack['hourglasses']}"
    )


def banner(view: dict[str, Any], turn: str) -> str:
    if view["outcome"]:
        o = view["outcome"]
        return f"Mr. Jack Pocket — game over: [b]{o['winner']}[/b] wins ({o['detail']})"
    race = " — the race is on" if view["race"] else ""
    return f"Mr. Jack Pocket — round {view['round']} of 8{race} — {turn} to play"


def tokens_text(view: dict[str, Any], chosen: int | None) -> str:
    lines = ["[b]Action tokens[/b]"]
    for i, t in enumerate(view["tokens"]):
        name = FACE_NAMES[t["up"]]
        if t["used"]:
            lines.append(f"  [dim]{i + 1} {name} (played)[/dim]")
        else:
            mark = "▶ " if chosen == i else "  "
            lines.append(f"{mark}[b]{i + 1}[/b] {name}")
    return "\n".join(lines)


def rounds_text(view: dict[str, Any]) -> str:
    cells = []
    for r in range(1, 9):
        if r <= len(view["round_tokens"]):
            who = view["round_tokens"][r - 1]
            cells.append("[red]J[/red]" if who == JACK else "[cyan]I[/cyan]")
        elif r == view["round"] and not view["outcome"]:
            cells.append(f"[reverse]{r}[/reverse]")
        else:
            cells.append(f"[dim]{r}[/dim]")
    suspects = sum(1 for t in view["tiles"] if not t["cleared"])
    return (
        "[b]Rounds[/b] " + " ".join(cells)
        + f"\nJack's known hourglasses: [b]{view['known_hourglasses']}[/b]"
        + f"\nJack holds {view['jack_alibi_count']} alibi card(s)"
        + f"\nSuspects left: [b]{suspects}[/b]"
    )  # fmt: skip


def log_text(view: dict[str, Any], room: int = 6) -> str:
    """The last `room` events of the public log."""
    lines = []
    for e in view["log"][-room:]:
        if "witness" in e:
            cleared = ", ".join(character_name(c) for c in e["cleared"]) or "nobody"
            lines.append(f"R{e['round']} Jack {e['witness']}: cleared {cleared}")
        elif "race" in e:
            lines.append(f"R{e['round']} {e['race']}")
        else:
            card = f" ({character_name(e['card'])})" if "card" in e else ""
            who = "Jack" if e["side"] == JACK else "Inv."
            lines.append(f"R{e['round']} {who}: {e['action']}{card}")
    return "[b]Log[/b]\n" + "\n".join(lines)


STEP_WORDS = {"H": "Holmes", "W": "Watson", "T": "Toby"}


def step_prompt(mode: str, face: str | None, jack: bool, candidate: str | None = None) -> str:
    """What the keys do at this step of choosing an action."""
    if mode == "tile" and face == "X":
        return "Arrows choose the first tile; Enter picks it."
    if candidate and mode == "move":
        steps = candidate[-1]
        where = "place" if steps == "1" else "places"
        return (f"{STEP_WORDS.get(candidate[0], candidate[0])} {steps} {where} clockwise "
                "(shown on the board): Enter plays it, Esc goes back.")  # fmt: skip
    if candidate and mode == "joker":
        who = STEP_WORDS.get(candidate[2])
        what = f"{who} 1 place clockwise (shown)" if who else "Nobody moves"
        return f"Joker: {what}. Enter plays it, Esc goes back."
    return {
        "token": "Choose an action token: 1-4 (or click it).",
        "move": "How far? 1 or 2 positions clockwise (then Enter).",
        "joker": "Joker: h Holmes, w Watson, t Toby" + (", 0 nobody" if jack else "")
        + " (then Enter).",
        "tile": "Arrows choose a tile; r turns it ↻, e ↺; Enter confirms.",
        "exchange2": "Arrows choose the second tile; Enter swaps them.",
        "alibi": "Enter draws the top alibi card.",
    }.get(mode, "")


def choice_specs(
    mode: str,
    face: str | None,
    tokens: list[dict[str, Any]],
    jack: bool,
    chosen: str | None = None,
) -> list[tuple[str, str]]:
    """The choice buttons of this step, as (label, what pressing it does).
    `chosen`: the step or joker target being previewed (its button is marked;
    a second click on it plays it)."""
    specs: list[tuple[str, str]] = []
    if mode == "token":
        return [(f"{i + 1} {FACE_NAMES[t['up']]}", f"tok-{i}")
                for i, t in enumerate(tokens) if not t["used"]]  # fmt: skip
    if mode == "move":
        specs = [("1 step", "dig-1"), ("2 steps", "dig-2")]
    elif mode == "joker":
        specs = [("Holmes", "jok-H"), ("Watson", "jok-W"), ("Toby", "jok-T")]
        if jack:
            specs.append(("Nobody", "jok--"))
    elif mode in ("tile", "exchange2"):
        if face == "R":
            specs += [("Rotate ↻", "do-rotate"), ("Rotate ↺", "do-rotate-ccw")]
        specs.append(("Confirm", "do-confirm"))
    elif mode == "alibi":
        specs.append(("Draw", "do-confirm"))
    if chosen is not None:
        specs = [(f"▶ {label}" if bid[4:] == chosen else label, bid) for label, bid in specs]
        specs.append(("Confirm", "do-confirm"))
    return [*specs, ("Back", "do-back")]


def targets(
    view: dict[str, Any], mode: str, face: str | None, legal: list[str]
) -> tuple[dict[int, str], set[int]]:
    """The targets of this step, for the district to highlight: positions a
    detective may land on (with a mark: '' for the chosen detective's 1 and
    2 steps, the detective's letter in lower case for the joker), and the
    tiles that cannot be chosen (not rotatable this round, P5).  From the
    view and the legal actions only."""
    positions: dict[int, str] = {}
    dimmed: set[int] = set()
    detectives = view["detectives"]
    if mode == "move" and face in DETECTIVE_LETTERS:
        start = detectives[DETECTIVES[DETECTIVE_LETTERS.index(face)]]
        for steps in (1, 2):
            if f"{face}+{steps}" in legal:
                positions[step_clockwise(start, steps)] = ""
    elif mode == "joker":
        for letter, name in zip(DETECTIVE_LETTERS, DETECTIVES, strict=True):
            if f"J:{letter}" in legal:
                positions.setdefault(step_clockwise(detectives[name], 1), letter.lower())
    elif mode == "tile" and face == "R":
        dimmed = {sq for sq, name in enumerate(SQUARES)
                  if not any(a.startswith(f"R{name}") for a in legal)}  # fmt: skip
    return positions, dimmed
