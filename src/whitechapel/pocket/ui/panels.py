"""The words on the Pocket screen's panels, from a side's view: pure
functions, so each panel's text can be read and tested without an app."""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Mapping, Sequence

from rich.text import Text

from whitechapel.core.game import Outcome
from whitechapel.pocket import ahead, end
from whitechapel.pocket.actions import MOVE_FACES, Action, Alibi, Joker, Move, Rotate
from whitechapel.pocket.pieces import (
    ALIBI,
    CHARACTER_INDEX,
    CHARACTERS,
    DETECTIVE_LETTERS,
    DIRECTIONS,
    FACE_NAMES,
    INVESTIGATOR,
    JACK,
    JACK_GOAL_HOURGLASSES,
    JOKER,
    SQUARES,
    TURN_ORDER,
    step_clockwise,
)
from whitechapel.pocket.sentences import (
    DETECTIVE_WORDS,
    SIDE_WORDS,
    STEP_WORDS,
    WALL_WORDS,
    character_name,
    hourglasses,
    log_briefs,
    log_sentences,
    pronoun,
    round_actions,
    round_briefs,
    short_name,
    sightings_brief,
    sightings_sentence,
)
from whitechapel.pocket.sentences import of_goal as goal_text
from whitechapel.pocket.ui.choosing import Mode, PocketChoice
from whitechapel.pocket.ui.look import sight_legend
from whitechapel.pocket.views import (
    Played,
    PocketView,
    RaceBegins,
    Secrets,
    Token,
    WitnessCall,
)


def reveal_text(jack: Secrets) -> str:
    """P8: at the end Jack's identity and cards are shown to both."""
    cards = ", ".join(character_name(c) for c in jack.alibis) or "none"
    his = pronoun(jack.identity, "his").capitalize()
    return (
        f"[b]Jack was {character_name(jack.identity)}.[/b]\n"
        f"{his} alibi cards: {cards}\n{his} hourglasses: {jack.hourglasses}"
    )


def secret_text(jack: Secrets) -> str:
    """Jack's own secrets (P9), from his view's `jack` part."""
    cards = ", ".join(character_name(c) for c in jack.alibis) or "none yet"
    return (
        f"You are [b]{character_name(jack.identity)}[/b].\n\n"
        f"Your alibi cards: {cards}\nYour hourglasses: {of_goal(jack.hourglasses)}"
    )


def drawn_line(jack: Secrets) -> str:
    """The card Jack drew last, and what it is worth to him (P5)."""
    card = jack.alibis[-1]
    worth = hourglasses(CHARACTERS[CHARACTER_INDEX[card]].hourglasses)
    return f"[b]{character_name(card)}[/b]: {worth} for you, secret until the end."


def held_at_draw(view: PocketView) -> Secrets:
    """Jack's secrets as he holds them on seeing the card he has just
    drawn, from his own view: where his draw was the round's last action,
    the witness call after it is not shown yet, and the round's hourglass
    it gave him is his only once it is (tester RO, Pocket round 34: "Your
    hourglasses: 3 of 6" when Jack had 2)."""
    jack = view.jack
    assert jack is not None, "Jack's view holds his secrets"
    drawn = next(i for i in reversed(range(len(view.log))) if isinstance(view.log[i], Played))
    unshown = sum(
        1 for e in view.log[drawn + 1 :] if isinstance(e, WitnessCall) and e.round_token == JACK
    )
    return dataclasses.replace(jack, hourglasses=jack.hourglasses - unshown)


def drawn_card(view: PocketView) -> str:
    """On Jack's own screen, while his alibi draw is the last event of his
    log: the card he drew; else ''."""
    last = view.log[-1] if view.log else None
    if view.jack is None or not view.jack.alibis or view.outcome is not None:
        return ""
    if not (isinstance(last, Played) and last.side == JACK and isinstance(last.action, Alibi)):
        return ""
    card = view.jack.alibis[-1]
    worth = hourglasses(CHARACTERS[CHARACTER_INDEX[card]].hourglasses)
    return f"[b yellow]You drew the alibi card of {character_name(card)} ({worth}).[/b yellow]"


def secret_panel(jack: Secrets, short: bool = False) -> str:
    """Jack's secrets on his own game screen, in four rows (the log shares
    the panel); `short`: who he is, in red for a secret, and his
    hourglasses, in two rows, when the log's newest line needs the room
    (his cards are a key away, `s`).  Issue 44: at 80×24 the short form
    was who he is alone, and once he held a card he had to add up his
    hourglasses himself."""
    name = character_name(jack.identity)
    mine = goal_row("Your hourglasses", jack.hourglasses) + "\n"
    if short:
        return f"[red]You are [b]{name}[/b].[/red]\n" + mine
    cards = ", ".join(character_name(c) for c in jack.alibis) or "none yet"
    head = f"[b red]Secret — Jack only[/b red]\nYou are [b]{name}[/b].\n"
    return head + f"Your alibi cards: {cards}\n" + mine


def secret_rows(jack: Secrets) -> str:
    """Jack's secrets in three rows, between the whole panel and its short
    form: who he is, his alibi cards, his hourglasses (tester PB, round 1,
    at 80×24: the short form dropped his cards, and he scrolled the log to
    know what he held)."""
    name = character_name(jack.identity)
    # the names on the tiles, so that a card more often keeps to one row
    cards = ", ".join(short_name(c) for c in jack.alibis) or "none yet"
    # one wording for his cards, in every form (tester PC, round 2: "Your
    # cards:" here, "Your alibi cards:" in the whole panel)
    return (
        f"[red]You are [b]{name}[/b].[/red]\nYour alibi cards: {cards}\n"
        f"{goal_row('Your hourglasses', jack.hourglasses)}\n"
    )


def of_goal(glasses: int) -> str:
    """Jack's hourglasses against the 6 he needs, the count in bold."""
    return goal_text(glasses, "[b]{}[/b]")


PANEL_WIDTH = 29  # the side column's narrowest (80×24)
MAY_WIN_UNSEEN = "Jack may win if unseen"  # the investigator's warning (`may_win_unseen`)
# with two suspects left: Jack alone unseen reaches both goals at once, the
# race (P8); both unseen, his win (tester RD, round 29: "'Jack may win' when
# my exchange guaranteed a 1/1 split")
WIN_OR_RACE = "Unseen: Jack may win or race"  # "may": a worst case (tester RK, round 32)


def goal_row(label: str, glasses: int) -> str:
    """'Your hourglasses: 2 of 6' in one row of the side column at its
    narrowest (tester PJ, round 5: "Your hourglasses: 7 (6 needed)" took
    two rows at 80×24); past the goal "7, goal 6" (`of_goal`)."""
    return f"{label}: {of_goal(glasses)}"


def race_lines(view: PocketView) -> str:
    """What each side has towards its goal (P8), from what both know: the
    hourglasses Jack took in sight, the alibi cards he holds face down
    (at the end, his whole count: the cards are shown to both), the
    suspects the investigator still has to clear down to one."""
    count = view.jack_alibi_count
    cards = "no alibi card" if not count else f"{count} alibi card{'s' if count > 1 else ''}"
    glasses = goal_row("Hourglasses known", view.known_hourglasses)
    holds = f"Jack holds {cards}"
    if view.outcome is not None and view.jack is not None:
        # P8: at the end his cards are shown to both, and their hourglasses
        # counted (tester PJ, round 5: "known: 4 of 6" after he won with 6)
        glasses = goal_row("Jack's hourglasses", view.jack.hourglasses)
        extra = view.jack.hourglasses - view.known_hourglasses
        holds = f"Jack held {cards}" + (f" (+{extra})" if count else "")
    threat = ""
    two = len(view.suspects) == 2
    if may_win_unseen(view, drawing=False):
        # a condition, not news (tester QZ, round 27, read "Unseen now" as
        # "Jack is unseen right now", with every suspect left in sight)
        threat = f"\n[b]{WIN_OR_RACE if two else MAY_WIN_UNSEEN}[/b]"
    elif may_win_unseen(view):  # only with a card he may still draw (tester QX, round 26)
        threat = (
            f"\n[b]{'Alibi+unseen: may win or race' if two else 'Alibi + unseen: Jack may win'}[/b]"
        )
    return f"{glasses}\n{holds}{threat}\n{suspects_row(view)}"


def may_win_unseen(view: PocketView, drawing: bool = True) -> bool:
    """On the investigator's view: could Jack reach his six hourglasses at
    this round's call by staying unseen -- the round's hourglass, those in
    sight, and the most his face-down cards can hold (and a card the Alibi
    token left this round may give him, unless `drawing` is False),
    counting every card the investigator has not seen as possible (tester
    QW, round 25: "known: 3 of 6, Jack holds 1 alibi card" never said that
    Madame's 2 would end it; he lost to it).  Never in the race (P8: there he wins by staying
    unseen to the end)."""
    if view.outcome is not None or view.jack is not None or view.race:
        return False
    cards = view.jack_alibi_count
    order = TURN_ORDER[view.round % 2]
    jack_to_play = any(who == JACK for who in order[view.step :])
    if drawing and jack_to_play and any(t.up == ALIBI and not t.used for t in view.tokens):
        cards += 1
    most = view.known_hourglasses + 1 + ahead.most_on_cards(view, cards)
    return most >= JACK_GOAL_HOURGLASSES


def suspects_row(view: PocketView) -> str:
    """The suspects left in one row of the side column at its narrowest
    (testers PK and PM, rounds 6 and 7: "Suspects left: 1, Jack got" at
    80×24, the rest cut): "Suspects left: 4, 3 to clear"; the last one,
    "Last suspect: Jack got away", in the race "Last suspect: must be seen"."""
    left, goal = len(view.suspects), suspects_goal(view)
    if left > 1:
        return f"Suspects left: [b]{left}[/b], {goal}"
    return f"[b]Last suspect[/b]: {goal.removeprefix('Jack ') if 'must' in goal else goal}"


def suspects_goal(view: PocketView) -> str:
    """What the suspects left mean for the investigator's goal (P8): "4 to
    clear"; one left, "Jack found" only when the investigator won; in the
    race, that Jack must still be seen; Jack's win, that he got away
    (testers PC and PD, round 2: "1, Jack found" when Jack had won the
    race)."""
    left = len(view.suspects)
    if left > 1:
        return f"{left - 1} to clear"
    outcome = view.outcome
    if outcome is not None:
        return "Jack found" if outcome.winner == INVESTIGATOR else "Jack got away"
    return "Jack must be seen" if view.race else "Jack found"  # Madame is a she (P-D, round 5)


def verb_for(who: str, verb: str, plain: str) -> str:
    """The verb that agrees with `who`: "Ann (Jack) wins", but "you (Jack)
    win" on a network seat's own side (its player is "you")."""
    return plain if who == "you" or who.startswith("you ") else verb


RULE_TAG = re.compile(r" ?\(P\d+(?:, ?P\d+)*\)|\bP\d+ · ")


def untagged(text: str) -> str:
    """`text` without the rulebook's section tags ("(P8)", "P6 · "): they
    stay in the code and the tests, never in what a player reads (tester
    PC, round 2: "the race begins (P8)")."""
    return RULE_TAG.sub("", text)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def banner(
    view: PocketView, turn: str, winner: str | None = None, outcome: Outcome | None = None
) -> str:
    """The top line; `winner`: the winning side as players say it ("Ann (Jack)");
    `outcome`: the game's end where the view has none (a network room's
    chess clock ran out: testers PW, round 12, and QA, round 14, read
    "Jack to play" over a finished game)."""
    o = view.outcome or outcome
    if o:
        who = winner or o.winner
        won = verb_for(who, "wins", "win")
        return f"Mr. Jack Pocket — game over: [b]{who}[/b] {won} ({o.detail or o.reason})"
    race = " — the race is on" if view.race else ""
    return f"Mr. Jack Pocket — round {view.round} of 8{race} — {turn} to play"


def call_banners(ended: int) -> list[str]:
    """The top line over round `ended`'s summary, in fewer words each."""
    return [
        f"Mr. Jack Pocket — round {ended} of 8 — the witness call",
        f"round {ended} of 8 — the witness call",
        f"round {ended} of 8",
    ]


def banners(
    view: PocketView,
    turn: str,
    winner: str | None = None,
    lost: bool = False,
    outcome: Outcome | None = None,
) -> list[str]:
    """The top line in fewer words each (a narrow window, a network seat's
    code and clock after it): the whole, without the game's name, the
    round in figures, the round alone.  `lost`: the seat at this screen
    lost, and is told so ("you lose"; tester PV, round 12, read "the
    investigator wins" at the losing seat)."""
    whole = banner(view, turn, winner, outcome)
    bare = whole.removeprefix("Mr. Jack Pocket — ")
    ended = view.outcome or outcome
    if ended and lost:
        return [
            f"{whole} — you lose",
            f"{bare} — you lose",
            f"game over: you lose ({ended.detail or ended.reason})",
            "game over: you lose",
            "you lose",
        ]
    if ended:
        # at a network seat at 80 columns the clocks keep their room (tester
        # PD, round 2: "… win (round 1)  ⏱ jack 7:22  investigator" cut)
        who = winner or ended.winner
        won = f"[b]{who}[/b] {verb_for(who, 'wins', 'win')}"
        side = who.split(" (")[0] if who.endswith(")") else who
        short = f"[b]{side}[/b] {verb_for(side, 'wins', 'win')}"
        # the end's reason kept as long as the losing seat's is (tester RG,
        # round 30: "you lose (round 8)" at one seat, "you (the investigator)
        # win" at the other)
        why = f" ({ended.detail or ended.reason})"
        return [
            whole,
            bare,
            f"game over: {short}{why}",
            f"game over: {won}",
            won,
            f"game over: {short}",
            short,
        ]
    race = " — race" if view.race else ""
    # "of 8" in every form (tester QT, round 24: "round 1/8" at one seat,
    # "round 2 of 8" at the other read as unfinished)
    # the last, the round alone: at a network seat at 80 columns the seat's
    # rejoin code and the clock keep their room (the prompt line says whose
    # turn it is; tester PB, issue 44: the seat was said in a toast that hid
    # the fourth token)
    return [
        whole,
        # the game's name kept before a word of the round is dropped (tester
        # PM, round 7: in the race at 80×24 the line began "round 6 of 8")
        f"Mr. Jack Pocket — round {view.round} of 8{race} — {turn} to play",
        bare,
        f"round {view.round} of 8{race} — {turn} to play",
        # "of 8" here too (tester RG, round 30: "round 1 · you to play" at one
        # seat, "round 1 of 8 — the investigator to play" at the other)
        f"round {view.round} of 8{race}: {short_turn(turn)}",
        f"round {view.round} of 8{race}",
    ]


def short_turn(turn: str) -> str:
    """Whose turn in fewest words: "your turn" at the seat to play (a network
    seat's rejoin code and both clocks keep their room at 80 columns),
    "Jack to play"."""
    who = turn.split(" (")[0]
    return "your turn" if who == "you" else f"{who} to play"


def order_line(view: PocketView, width: int = 40) -> str:
    """The tokens' head: who plays this round's four actions, in turn (P4),
    the one to play now in reverse and those played dim: "Action tokens
    you→Jack→Jack→you" (tester PU, round 11: the order was nowhere beside
    the tokens), "Tokens …" where `width` is short (the panel has one row
    for it at 80×24)."""
    cells = []
    for i, who in enumerate(TURN_ORDER[view.round % 2]):
        word = "you" if who == view.side else ("Jack" if who == JACK else "Inv.")
        if i < view.step:
            cells.append(f"[dim]{word}[/dim]")
        elif i == view.step and view.outcome is None:
            cells.append(f"[reverse]{word}[/reverse]")
        else:
            cells.append(word)
    order = "→".join(cells)
    whole = f"[b]Action tokens[/b] {order}"
    return whole if Text.from_markup(whole).cell_len <= width else f"[b]Tokens[/b] {order}"


# What a token's name leaves out, beside it while it is to play (tester QU,
# round 24: "I planned a 2-step joker"; the rules said so only under Actions)
TOKEN_NOTES = {JOKER: "1 step"}


def tokens_text(view: PocketView, chosen: int | None, width: int = 40) -> str:
    lines = [order_line(view, width)]
    for i, t in enumerate(view.tokens):
        name = FACE_NAMES[t.up]
        if t.used:
            lines.append(f"  [dim]{i + 1} {name} (played)[/dim]")
        else:
            mark = "▶ " if chosen == i else "  "
            note = f" ({TOKEN_NOTES[t.up]})" if t.up in TOKEN_NOTES else ""
            lines.append(f"{mark}[b]{i + 1}[/b] {name}{note}")
    return "\n".join(lines)


# The rounds row's key, a side's letter in its two forms: the long beside a
# short row, the short where room is less (`rounds_key`)
ROUNDS_KEY = {
    INVESTIGATOR: ("[cyan]I[/cyan] investigator", "[cyan]I[/cyan]=inv"),
    JACK: ("[red]J[/red] Jack", "[red]J[/red]=Jack"),
}


def rounds_text(view: PocketView, width: int = 40) -> str:
    """The rounds row (who took each round's token: I the investigator, J
    Jack, said once one is taken, tester PD, round 2: "I J J I" was not
    explained; the round being played in reverse), what each side has
    towards its goal, the sight legend.  The row keeps its word "Rounds"
    (tester RO, Pocket round 34: at 80×24 it gave way to the key) and its
    letters spaced (tester RR, round 36: "Rounds JJ 345678" was packed
    together, the round of now hard to find): where the key does not fit
    beside them, it takes a row of its own."""
    head = "[b]Rounds[/b] " + rounds_row(view)
    rows = [head]
    if view.round_tokens:
        # only the letters taken so far explained, so that one fits beside more often
        keys = [rounds_key(view, form) for form in (0, 1)]
        beside = [head + k for k in keys if Text.from_markup(head + k).cell_len <= width]
        rows = beside[:1] or [head, keys[0].strip()]
    return "\n".join([*rows, race_lines(view), sight_legend()])


def rounds_key(view: PocketView, form: int) -> str:
    """The key of the letters taken so far (`ROUNDS_KEY`), in its long
    `form` 0 ("  I investigator, J Jack") or short 1 (" I=inv J=Jack"):
    "  J Jack" where only Jack has taken a round's token."""
    taken = [ROUNDS_KEY[side][form] for side in (INVESTIGATOR, JACK) if side in view.round_tokens]
    return ("  " + ", ".join(taken)) if form == 0 else (" " + " ".join(taken))


def rounds_row(view: PocketView) -> str:
    """The eight rounds: the letter of who took each one's token, then the
    one being played in reverse and those to come dim."""
    taken = ["[red]J[/red]" if who == JACK else "[cyan]I[/cyan]" for who in view.round_tokens]
    to_come = [
        f"[reverse]{r}[/reverse]" if r == view.round and not view.outcome else f"[dim]{r}[/dim]"
        for r in range(len(taken) + 1, 9)
    ]
    return " ".join(taken + to_come)


def text_rows(markup: str, width: int) -> int:
    """How many rows `markup` takes in a panel `width` columns wide."""
    return sum(rows_of(line, width) for line in Text.from_markup(markup).plain.split("\n"))


ROUND_HEAD = "── Round {} ──"


def log_lines(view: PocketView, width: int | None = None) -> list[str]:
    """Every event of the public log as a sentence, oldest first, each
    round's under its heading (`sentences.py`: no notation).  At `width`
    columns, a sentence that would take more than two rows is said in
    fewer words ('Jack rotated b1 (Stealthy): wall east.'), so that each
    whole action fits one or two rows (tester PJ, round 5: cut with '…' at
    80×24)."""
    lines: list[str] = []
    current = 0
    briefs = log_briefs(view) if width is not None else None
    for i, (rnd, sentence) in enumerate(log_sentences(view)):
        if rnd != current:
            current = rnd
            lines.append(ROUND_HEAD.format(rnd))
        if briefs is not None and width is not None and rows_of(sentence, width) > 2:
            forms = briefs[i]
            sentence = next((f for f in forms if rows_of(f, width) <= 2), forms[-1])
        lines.append(sentence)
    return lines


def rows_of(text: str, width: int) -> int:
    """How many rows `text` (one line, no markup) takes wrapped at `width`,
    word by word as the panel wraps it."""
    return max(1, len(textwrap.wrap(text, max(1, width), break_long_words=True)))


def log_text(view: PocketView, room: int = 6, width: int = 1000, back: int = 0) -> str:
    """The newest events of the public log that fit in `room` rows of
    `width` columns once wrapped, the newest one last (always shown in
    full), or `back` events older."""
    lines = log_lines(view, width)
    end = max(0, len(lines) - back)
    shown: list[str] = []
    used = 0
    for line in reversed(lines[:end]):
        rows = rows_of(line, width)
        if shown and used + rows > room:
            break
        shown.insert(0, line)
        used += rows
    shown = [f"[dim b]{line}[/dim b]" if line.startswith("── ") else line for line in shown]
    title = "[b]Log[/b]"
    if back:
        title += f" [dim](↑ {back} newer: PgDn)[/dim]"
    elif end > len(shown):
        title += " [dim](PgUp: older)[/dim]"
    return title + "\n" + "\n".join(shown)


def log_cut(view: PocketView, room: int, width: int = 1000, back: int = 0) -> str:
    """The log in `room` rows that cannot hold its newest line whole: its
    title, and the start of that line cut with '…' ('' in fewer than two
    rows: a title alone says nothing)."""
    if room < 2:
        return ""
    lines = log_lines(view, width)
    end = max(0, len(lines) - back)
    title = "[b]Log[/b]"
    if back:
        title += f" [dim](↑ {back} newer: PgDn)[/dim]"
    elif end > 1:
        title += " [dim](PgUp: older)[/dim]"
    if not end:
        return title
    newest = lines[end - 1]
    brief = log_lines(view, 1)[end - 1]  # (every sentence in fewer words)
    if rows_of(newest, width) > room - 1 and rows_of(brief, width) < rows_of(newest, width):
        newest = brief
    wrapped = textwrap.wrap(newest, max(2, width), break_long_words=True)[: room - 1]
    if len(wrapped) < rows_of(newest, width):
        wrapped[-1] = wrapped[-1][: max(1, width - 1)] + "…"
    if newest.startswith("── "):
        wrapped = [f"[dim b]{line}[/dim b]" for line in wrapped]
    return title + "\n" + "\n".join(wrapped)


def shown_card(view: PocketView) -> str:
    """The alibi card the investigator just showed (P5: face up, to both),
    while it is the last event of the public log; else ''."""
    last = view.log[-1] if view.log else None
    if not isinstance(last, Played) or not last.card or last.side == JACK:
        return ""
    name = character_name(last.card)
    # a card naming a suspect a witness call had cleared clears nobody new
    # (tester PC, round 2: "Jeremy Bert (cleared)" read as the card clearing him)
    before = [e for e in view.log[:-1] if isinstance(e, WitnessCall)]
    if any(last.card in call.cleared for call in before):
        return (
            f"[b yellow]The investigator showed an alibi card: {name}, already cleared.[/b yellow]"
        )
    return f"[b yellow]The investigator showed an alibi card: {name}, now cleared.[/b yellow]"


def kept_card(view: PocketView, side: str | None) -> str:
    """The alibi card `side` drew with its own last action, in a few words,
    while the other side has played since (the computer moves at once
    after it) and no witness call came: "Your alibi card: Bert, already
    cleared."; else ''.  Tester PF, round 3: the investigator's draw
    scrolled out of the 80×24 log as the computer's two moves followed;
    the prompt line keeps it beside those moves until his next action.
    From `side`'s own view: Jack's card is read from his secrets only."""
    mine = [i for i, e in enumerate(view.log) if isinstance(e, Played) and e.side == side]
    if side is None or not mine or view.outcome is not None:
        return ""
    i = mine[-1]
    last = view.log[i]
    later = view.log[i + 1 :]
    if not later or any(isinstance(e, WitnessCall) for e in later):
        return ""
    assert isinstance(last, Played)
    if not isinstance(last.action, Alibi):
        return ""
    if side == JACK:
        if view.jack is None or not view.jack.alibis:
            return ""
        card = view.jack.alibis[-1]
        worth = hourglasses(CHARACTERS[CHARACTER_INDEX[card]].hourglasses)
        return f"Your alibi card: {short_name(card)}, {worth}."
    if not last.card:
        return ""
    before = [e for e in view.log[:i] if isinstance(e, WitnessCall)]
    gone = any(last.card in call.cleared for call in before)
    return f"Your alibi card: {short_name(last.card)}, {'already' if gone else 'now'} cleared."


def shown_cards(view: PocketView, rnd: int) -> list[str]:
    """The alibi cards the investigator showed in round `rnd` (P5)."""
    return [
        e.card
        for e in view.log
        if isinstance(e, Played) and e.round == rnd and e.card and e.side != JACK
    ]


def witness_of(view: PocketView, rnd: int) -> WitnessCall | None:
    """Round `rnd`'s witness call (P7), once it came."""
    return next((e for e in view.log if isinstance(e, WitnessCall) and e.round == rnd), None)


def race_began(view: PocketView, rnd: int) -> bool:
    """Did the race of P8 begin at round `rnd`'s witness call?"""
    return any(isinstance(e, RaceBegins) and e.round == rnd for e in view.log)


def round_summary(
    view: PocketView,
    rnd: int,
    names: dict[str, str],
    seen: Sequence[Sequence[str]] | None = None,
    *,
    compact: bool = False,
    doers: Mapping[str, str] | None = None,
    secrets: Secrets | None = None,
) -> str:
    """What round `rnd` came to, for both players, from the public log of a
    view (P4, P7, P8): its four actions with who played them, then the
    witness call -- who saw whom (`seen`, detective by detective, from
    `sightlines.sightings_at_call`: left out when None), seen or not, who
    was cleared, who took the round token --, a race, and at the end the
    winner and Jack's identity and cards (shown to both).  `names`: each
    side as players say it.  `compact`: no blank rows, the call's rule and
    the cleared in fewer words (beside the board at 80×24); `doers`: the
    sides' words for the actions, where shorter than `names`."""
    gap = [] if compact else [""]
    lines = [f"[b]End of round {rnd}[/b]", *gap]
    said = round_actions(view, rnd, doers or names)
    lines += [f"{i}. {sentence}" for i, sentence in enumerate(said, 1)]
    witness = witness_of(view, rnd)
    if witness is not None:
        lines += gap
        if seen is not None:
            lines.append(f"[b]The witness call[/b]: {sightings_sentence(seen)}")
        elif not compact:  # (beside the board, its tiles say who saw whom)
            lines.append("[b]The witness call[/b]:")
        named = short_name if compact else character_name
        cleared = ", ".join(named(c) for c in witness.cleared)
        cleared = f"Cleared: {cleared}." if cleared else "Nobody new was cleared."
        if compact:  # one row fewer: the rule is in F1
            lines.append(f"Jack [b]was {'' if witness.seen else 'not '}seen[/b]. {cleared}")
        else:
            if witness.seen:
                lines.append("Jack [b]was seen[/b]: every suspect nobody saw is cleared.")
            else:
                lines.append("Jack [b]was not seen[/b]: every suspect a detective saw is cleared.")
            lines.append(cleared)
        if witness.round_token == JACK:
            who = names[JACK]
            took = verb_for(who, "takes", "take")
            token = "the round's token" + ("" if compact else ": an hourglass")
            lines.append(f"{capital(who)} {took} {token}.")
        else:
            who = names[INVESTIGATOR]
            took = verb_for(who, "takes", "take")
            lines.append(f"{capital(who)} {took} the round's token.")
    if race_began(view, rnd):  # P8 (the rule's tag is for the code, not the players)
        lines.append("Both goals are reached: [b]the race begins[/b].")
    # Short names, as on the tiles (the full ones are for cards and the cleared).
    # Each on its own row: a row wrapped at 80×24 broke "Hourglasses known:
    # 1 of" / "6." (tester PG, round 4).
    suspects = [short_name(c) for c in view.suspects]
    lines += gap
    lines.append(f"Suspects left ({len(suspects)}): {', '.join(suspects)}.")
    if view.outcome is not None and view.jack is not None:  # P8: his cards counted too
        lines.append(f"Jack's hourglasses: {of_goal(view.jack.hourglasses)}.")
    else:
        lines.append(f"Hourglasses known: {of_goal(view.known_hourglasses)}.")
        if secrets is not None:  # Jack alone at this keyboard: his own (tester QM,
            # round 20: the summary covered his secret panel and the card he drew)
            cards = ", ".join(short_name(c) for c in secrets.alibis) or "none"
            lines.append(
                f"Yours: {of_goal(secrets.hourglasses)}; your alibi cards: {cards} (Jack only)."
            )
    if view.outcome:
        o = view.outcome
        who = names.get(o.winner, o.winner)
        lines += [
            *gap,
            f"[b]{capital(who)} {verb_for(who, 'wins', 'win')}[/b]: {end.said(o.reason)}.",
        ]
        if view.jack:
            lines.append(reveal_text(view.jack))
    lines += [*gap, "Press [b]Enter[/b] to go on."]
    return "\n".join(lines)


BRIEF_SIDES = {JACK: "Jack", INVESTIGATOR: "Inv."}  # as the tokens' order line says them


def brief_summary(
    view: PocketView,
    rnd: int,
    names: Mapping[str, str],
    seen: Sequence[Sequence[str]] | None = None,
    *,
    named: bool = True,
    secrets: Secrets | None = None,
) -> str:
    """What round `rnd` came to in the fewest words, nothing left out (the
    column beside the board at 80×24: about 28 × 22): every
    action in fewest words, each side as the tokens' order line says it
    (not `named`, fewer still: the tiles by their squares, the cleared and
    the suspects left counted), who saw whom, the call, what stands, the
    end.  From the public log of a view, like `round_summary`."""
    said = round_briefs(view, rnd, BRIEF_SIDES, named)
    lines = [f"[b]End of round {rnd}[/b]", *(f"{i}. {s}" for i, s in enumerate(said, 1))]
    lines += brief_call_lines(view, rnd, seen, named)
    lines += brief_standing_lines(view, secrets, named)
    lines += brief_end_lines(view, names)
    lines.append("Press [b]Enter[/b] to go on.")
    return "\n".join(lines)


def brief_call_lines(
    view: PocketView, rnd: int, seen: Sequence[Sequence[str]] | None, named: bool
) -> list[str]:
    """Round `rnd`'s witness call in brief: who saw whom, seen or not and
    who takes the token, the cleared (not `named`: counted); a race."""
    witness = witness_of(view, rnd)
    lines = []
    if witness is not None:
        if seen is not None:
            lines.append(sightings_sentence(seen) if named else sightings_brief(seen))
        if witness.seen:
            inv = BRIEF_SIDES[INVESTIGATOR]
            lines.append(f"Jack [b]was seen[/b]. {inv} takes the round's token.")
        else:
            lines.append("Jack [b]was not seen[/b] and takes the round's token.")
        cleared = [short_name(c) for c in witness.cleared]
        if cleared:
            lines.append(f"Cleared: {', '.join(cleared)}." if named else f"{len(cleared)} cleared.")
        else:
            lines.append("Nobody new was cleared.")
    if race_began(view, rnd):
        lines.append("Both goals reached: [b]the race begins[/b].")
    return lines


def brief_standing_lines(view: PocketView, secrets: Secrets | None, named: bool) -> list[str]:
    """The suspects left (not `named`: how many), Jack's hourglasses, and
    his own where he alone is at the keyboard, each on a row of its own."""
    suspects = [short_name(c) for c in view.suspects]
    left = f"Suspects left ({len(suspects)}): {', '.join(suspects)}."
    lines = [left if named else f"Suspects left: {len(suspects)}."]
    if view.outcome is not None and view.jack is not None:
        return [*lines, f"Jack's hourglasses: {of_goal(view.jack.hourglasses)}."]
    lines.append(f"Hourglasses known: {of_goal(view.known_hourglasses)}.")
    if secrets is not None:
        cards = ", ".join(short_name(c) for c in secrets.alibis) or "none"
        lines.append(f"Yours: {of_goal(secrets.hourglasses)}; cards: {cards} (Jack only).")
    return lines


def brief_end_lines(view: PocketView, names: Mapping[str, str]) -> list[str]:
    """At the game's end: who wins and why, who Jack was and his cards."""
    outcome = view.outcome
    if outcome is None:
        return []
    who = names.get(outcome.winner, outcome.winner)
    lines = [f"[b]{capital(who)} {verb_for(who, 'wins', 'win')}[/b]: {end.said(outcome.reason)}."]
    jack = view.jack
    if jack is not None:
        cards = ", ".join(short_name(c) for c in jack.alibis) or "none"
        his = pronoun(jack.identity, "his")
        lines.append(f"[b]Jack was {short_name(jack.identity)}[/b]; {his} cards: {cards}.")
    return lines


def summary_forms(
    view: PocketView,
    rnd: int,
    names: dict[str, str],
    seen: Sequence[Sequence[str]] | None = None,
    secrets: Secrets | None = None,
) -> tuple[str, ...]:
    """A round's summary beside the board, fullest first, for the first that
    fits the column (`fitting`): whole, compact, compact with the actions by
    the sides' words (shorter than "Ann (Jack)"), then in brief.  Every form
    says the round's actions and who saw whom (testers RN and RO, Pocket
    round 34: at 80×24 the game's last summary left out the alibi card that
    decided it, and each one who saw whom).  `secrets`: Jack's own, where
    he alone is at the keyboard."""
    return (
        round_summary(view, rnd, names, seen, secrets=secrets),
        round_summary(view, rnd, names, seen, compact=True, secrets=secrets),
        round_summary(view, rnd, names, seen, compact=True, doers=SIDE_WORDS, secrets=secrets),
        brief_summary(view, rnd, names, seen, secrets=secrets),
        brief_summary(view, rnd, names, seen, named=False, secrets=secrets),
    )


def fitting(forms: Sequence[str], width: int, height: int) -> str:
    """The first of `forms` (markup) whose rows, wrapped at `width` word by
    word as a panel wraps them, fit in `height`; else the last."""
    from rich.console import Console

    console = Console(width=max(1, width), color_system=None, legacy_windows=False)
    for form in forms:
        if len(Text.from_markup(form).wrap(console, max(1, width))) <= height:
            return form
    return forms[-1]


def last_round_ended(view: PocketView) -> int:
    """The newest round whose witness call is in a view's log (0: none yet)."""
    return next((e.round for e in reversed(view.log) if isinstance(e, WitnessCall)), 0)


def round_brief(
    view: PocketView,
    rnd: int,
    hint: str = "",
    seen: Sequence[Sequence[str]] | None = None,
    actions: bool = False,
    alibis: bool = True,
) -> str:
    """What round `rnd` came to, in a few short lines for the side panel
    (a network seat's summary, which asks for no key; a puzzle's end): with
    `actions`, the round's actions first; the witness call -- who saw whom
    (`seen`), the round token --, who was cleared, a race (P7, P8); the
    rounds panel above it has the suspects left and Jack's known
    hourglasses.  Without `alibis`, the alibis shown are left to the log
    (the shortest form, for a short panel).  From the public log of a view,
    like `round_summary`."""
    lines = [f"[b yellow]End of round {rnd}[/b yellow]"]
    if actions:
        lines += [f"{i}. {s}" for i, s in enumerate(round_actions(view, rnd), 1)]
    witness = witness_of(view, rnd)
    if witness is not None:
        if seen is not None:
            lines.append(sightings_sentence(seen))
        if witness.seen:
            lines.append("Jack was seen: the investigator takes the token.")
        else:
            lines.append("Jack was not seen: Jack takes an hourglass.")
        cleared = ", ".join(short_name(c) for c in witness.cleared)
        lines.append(f"Cleared: {cleared}." if cleared else "Nobody new was cleared.")
    if alibis and not actions:  # (else the actions say it)
        lines += [f"Alibi shown: {short_name(card)}." for card in shown_cards(view, rnd)]
    if race_began(view, rnd):
        lines.append("Both goals reached: [b]the race begins[/b].")
    if hint:
        lines.append(f"[dim]{hint}[/dim]")
    return "\n".join(lines) + "\n"


def token_keys(tokens: Sequence[Token]) -> str:
    """The keys of the action tokens still to play: "1-4", "2, 3 or 4", "3"."""
    left = [str(i + 1) for i, t in enumerate(tokens) if not t.used]
    if len(left) == len(tokens):
        return f"1-{len(tokens)}"
    return left[0] if len(left) == 1 else f"{', '.join(left[:-1])} or {left[-1]}"


def tile_words(view: PocketView, square: int) -> str:
    """A tile as the prompt names it: 'b1 (Goodley)'."""
    return f"{SQUARES[square]} ({short_name(view.tiles[square].character)})"


def wall_words(view: PocketView, square: int, wall: int | None = None) -> str:
    """Where a tile's wall faces ('north'), or `wall`; 'no wall' for Joseph
    Lane's empty crossroads."""
    tile = view.tiles[square]
    if wall is None and tile.open_crossroads:
        return "no wall"
    return WALL_WORDS[DIRECTIONS.index(tile.wall) if wall is None else wall]


def going(view: PocketView, detective: int, steps: int) -> str:
    """A detective's walk: 'Holmes two steps, 12 → 2'."""
    start = view.detectives[detective]
    end = step_clockwise(start, steps)
    return f"{DETECTIVE_WORDS[detective]} {STEP_WORDS[steps]}, {start} → {end}"


def step_prompt(
    view: PocketView,
    choice: PocketChoice,
    face: str | None,
    jack: bool,
    legal: Sequence[Action] = (),
) -> str:
    """What the keys do at this step of choosing an action, naming what the
    cursor stands on (a tile, a detective and where he goes): one line of
    at most 78 characters.  From the view at the keyboard, the choice so
    far and the legal actions."""
    mode, candidate = choice.mode, choice.candidate(face)
    back = "Esc: back."
    if mode == Mode.TOKEN:
        keys = token_keys(view.tokens)
        now = call_now(view, jack)
        if "-" not in keys and "or" not in keys:
            return fit_prompt(
                f"The last action token of the round: {keys} (or click it). {now}.",
                f"The last action token: {keys}. {now}.",
                f"The last action token of the round: {keys} (or click it).",
            )
        return fit_prompt(
            f"Choose an action token: {keys} (or click it). {now}.",
            f"Choose an action token: {keys}. {now}.",
            f"Choose an action token: {keys} (or click it).",
        )
    if mode == Mode.MOVE:
        if not isinstance(candidate, Move):
            return f"How far? 1 or 2 positions clockwise (←→), then Enter. {back}"
        walk = going(view, candidate.detective, candidate.steps)
        return f"{walk} (shown). ←→ change; Enter plays; {back}"
    if mode == Mode.JOKER:
        # the board's small marks (h1, w5, t9) say where each detective would
        # go (tester PC, round 2: nothing explained them)
        marks = " ".join(
            f"{DETECTIVE_LETTERS[d].lower()}{step_clockwise(view.detectives[d], 1)}"
            for d in range(len(DETECTIVE_LETTERS))
        )
        if not isinstance(candidate, Joker):
            keys = "h w t, 0 nobody" if jack else "h w t"
            return fit_prompt(
                f"Joker: one detective one step ({marks} on the board). ←→ or {keys}; Enter.",
                f"Joker: one detective one step ({marks}). ←→ or {keys}; Enter.",
            )
        if candidate.detective is None:
            return fit_prompt(
                f"Joker: nobody moves. {marks}: where each may go. ←→ another; Enter plays.",
                f"Joker: nobody moves. ←→ another; Enter plays; {back}",
            )
        d = candidate.detective
        start = view.detectives[d]
        step = f"{DETECTIVE_WORDS[d]} {start} → {step_clockwise(start, 1)}"
        walk = going(view, d, 1)
        return fit_prompt(
            f"Joker: {step} (shown). {marks}: where each may go. ←→, Enter plays.",
            f"Joker: {step}. {marks}: where each may go. ←→, Enter plays.",
            f"Joker: {walk} (shown). ←→ another; Enter plays; {back}",
        )
    if mode == Mode.ALIBI:
        return f"Enter draws the top alibi card. {back}"
    return tile_prompt(view, choice, face, legal)


def exposed_line(view: PocketView, after: PocketView | None, action: Action | None = None) -> str:
    """On Jack's own screen, when the action previewed (`action`; `after`,
    the board it would leave) puts his suspect in a detective's sight: a
    warning before Enter plays it (tester PH, round 4: one Enter on the
    joker's first choice would have had Jack seen); else ''.  Where actions
    are left before the call, the warning is for a call that sees him
    whatever they are (`ahead.seen_whatever`); one the actions left may
    still undo is said as that (testers PQ and PR, round 9: the warning
    called the hint's best move dangerous, a detective's forced move still
    to come); none where his hourglasses win even seen.  From his view
    only: the investigator's has no identity in it."""
    if view.jack is None or after is None:
        return ""
    mine = next((t for t in after.tiles if t.character == view.jack.identity), None)
    if mine is None or not mine.seen:
        return ""
    # seen, and his hourglasses win all the same (P8, as the engine judges it):
    # no warning (tester RU, Pocket round 37: "Careful: Jack would still be
    # seen" on the move that won the game, his cards' hourglasses making 6)
    left = max(1, len(after.seen_suspects))
    if ahead.ends(view.round, view.race, left, view.jack.hourglasses, True) == JACK:
        return ""
    name = short_name(view.jack.identity)
    if action is not None and view.step < 3:
        if not ahead.seen_whatever(view, action):
            him = pronoun(view.jack.identity, "him")
            return f"Jack in sight for now ({name}, you): the actions left may still hide {him}."
        return (
            f"[b red]Careful: Jack will be seen at the call, whatever comes next ({name}).[/b red]"
        )
    was = next(t for t in view.tiles if t.character == view.jack.identity).seen
    still = "still " if was else ""
    return f"[b red]Careful: Jack would {still}be seen ({name}, you, in sight).[/b red]"


def alone_line(view: PocketView, after: PocketView | None) -> str:
    """On Jack's own screen, before the round's last action: where the
    board it would leave has him the only suspect on his side of the call
    (alone seen, or alone unseen short of his 6 hourglasses), the call
    leaves only him and the investigator wins (P7, P8): said in red before
    Enter plays it (tester RN, Pocket round 34: "warn Jack when a move
    leaves him the last suspect ('this call would leave only you'), as the
    program already warns 'Jack would be seen'"); else ''.  From his view
    only."""
    if view.jack is None or after is None or view.step != 3:
        return ""
    me, name = view.jack.identity, short_name(view.jack.identity)
    seen = me in after.seen_suspects
    if any((c in after.seen_suspects) == seen for c in after.suspects if c != me):
        return ""  # another suspect on his side of the call stays
    last = tuple(after.suspects) == (me,)
    if last and not seen:
        return ""  # the last already: only being seen loses more
    # P8 judged as the engine judges it, the round's token his if unseen
    glasses = view.jack.hourglasses + (not seen)
    if ahead.ends(view.round, view.race, 1, glasses, seen) != INVESTIGATOR:
        return ""  # his goal reached too: a race, or his win
    if last:
        return f"[b red]Careful: you are the last suspect ({name}) and seen: you lose.[/b red]"
    how = "seen" if seen else "unseen"
    return f"[b red]Careful: the call would leave only you ({name}, alone {how}): you lose.[/b red]"


def call_now(view: PocketView, jack: bool, head: str = "A call now") -> str:
    """What a witness call made now would see, from the board both sides
    see: "A call now: 2 seen, 5 unseen", on Jack's own screen with his own
    side ("; you unseen"); with one suspect left, that one (tester RD,
    round 29: "a live 'at the call now' count in ordinary games", where
    only the guided game's hints gave it; tester RF, round 30: "while you
    preview an action … I counted 'seen by' labels by hand"): `head` says
    which board ("Then a call" on a preview's)."""
    n, seen = len(view.suspects), set(view.seen_suspects)
    if n <= 1:
        said = f"{head}: the last suspect {'seen' if seen else 'unseen'}"
    else:
        said = f"{head}: {len(seen)} seen, {n - len(seen)} unseen"
    if jack and view.jack is not None and n > 1:
        said += f"; you {'seen' if view.jack.identity in seen else 'unseen'}"
    return said


def warned_call(warning: str, after: PocketView | None, width: int) -> str:
    """Jack's warning on his own screen, and beside it the count of the
    previewed board's call where the row holds both (tester RS, Pocket
    round 36: "When the red 'Careful: …' line appears, the 'Then a call: N
    seen, M unseen' line is replaced by it, so the count disappears")."""
    if after is None:
        return warning
    both = f"{warning} ({call_now(after, True, 'then a call')})"
    return both if Text.from_markup(both).cell_len <= width else warning


def fit_prompt(*tries: str, width: int = 78) -> str:
    """The first of `tries` (fullest first) in one line of `width`; else the last."""
    return next((t for t in tries if len(t) <= width), tries[-1])


NAMES = "a1-c3"  # a tile's name typed chooses it (`PocketKeys.on_key`), on the prompt


def tile_prompt(
    view: PocketView, choice: PocketChoice, face: str | None, legal: Sequence[Action]
) -> str:
    """`step_prompt` for a rotation's or an exchange's tile: the cursor
    starts on b2 (`choosing.start_tile`), and Enter never turns a tile; a
    tile's name typed (a1-c3) takes it, and half typed is said."""
    mode, candidate, back = choice.mode, choice.candidate(face), "Esc: back."
    sq = choice.cursor
    here = tile_words(view, sq)
    if choice.typed:  # a column's letter typed: its row next (testers PM and PN, round 7)
        c = choice.typed
        return f"Tile {c}…: now its row, 1-3 ({c}1 {c}2 {c}3). Backspace or Esc drops it."
    if face == "X" and mode == Mode.TILE:
        # the cursor is a proposal, not a choice: "Exchange b1 with…?" read
        # as b1 chosen, and an arrow before Enter swapped another (issue 44)
        return f"Exchange: first tile {here}? Enter: yes; arrows or {NAMES}: another."
    if mode == Mode.EXCHANGE and choice.first is not None:
        first = tile_words(view, choice.first)
        if sq == choice.first:
            return fit_prompt(
                f"Swap {first} with…? Arrows from it or {NAMES}: the second tile. {back}",
                f"Swap {first} with…? Arrows from it or {NAMES}: the second tile.",
            )
        return fit_prompt(
            f"Swap {first} and {here} (shown): Enter swaps; arrows or {NAMES}: another.",
            f"Swap {first} and {here} (shown): Enter swaps; arrows/{NAMES}: another.",
            f"Swap {first} and {here} (shown): Enter swaps; arrows: another.",
        )
    if legal and not any(isinstance(a, Rotate) and a.square == sq for a in legal):
        return fit_prompt(
            f"{here} (↻) was rotated this round. Arrows or {NAMES}: another tile; {back}",
            f"{here} (↻) was rotated this round. Arrows or {NAMES}: another tile.",
        )
    if view.tiles[sq].open_crossroads:
        # Lane cleared: no wall to turn, a rotation changes no line of sight
        # (testers PC and PD, round 2: "wall no wall → south")
        if isinstance(candidate, Rotate):
            return f"Rotate {here}: no wall, so nothing changes. Enter plays; {back}"
        if mode == Mode.ORIENT:
            return f"Rotate {here}: no wall; r/e turn it, no sight changes. {back}"
        return f"Rotate {here}: no wall, no sight changes. Arrows+Enter or {NAMES}: tile."
    if isinstance(candidate, Rotate):
        turn = f"{wall_words(view, sq)} → {WALL_WORDS[candidate.wall]} (shown)"
        if mode == Mode.ORIENT:
            # the arrows point it where they point (tester QV, round 25: "r"
            # meant east to him; "Arrows: wall" had not said so)
            return fit_prompt(
                f"Rotate {here}: wall {turn}. Arrows point the wall; Enter plays.",
                f"Rotate {here}: wall {turn}. Arrows point it; Enter plays.",
                f"Rotate {here}: wall {turn}. Arrows: wall; Enter plays.",
            )
        return f"Rotate {here}: wall {turn}. r/e: turn; Enter plays."
    name = short_name(view.tiles[sq].character)
    wall = wall_words(view, sq)
    wall = wall if wall == "no wall" else f"wall {wall}"
    if mode == Mode.ORIENT:  # the tile taken, not yet turned: Enter plays nothing yet
        return f"Rotate {here}, {wall}: arrows point its wall. {back}"
    return f"Rotate {SQUARES[sq]} — {name}, {wall}. Arrows+Enter or {NAMES}: tile; r/e: turn."


def choice_specs(
    mode: str,
    face: str | None,
    tokens: Sequence[Token],
    jack: bool,
    chosen: str | None = None,
    lands: Mapping[int, int] | None = None,
) -> list[tuple[str, str]]:
    """The choice buttons of this step, as (label, what pressing it does).
    `chosen`: the step or joker target being previewed (its button is marked;
    a second click on it plays it).  `lands`: a move's steps -> the place
    the detective lands on, "1 to #9" (tester QL, round 20, misjudged
    clockwise on the bottom row: "the step buttons don't say where the
    detective will land")."""
    specs: list[tuple[str, str]] = []
    if mode == "token":
        return [
            (f"{i + 1} {FACE_NAMES[t.up]}", f"tok-{i}") for i, t in enumerate(tokens) if not t.used
        ]
    if mode == "move":
        words = {1: "1 step", 2: "2 steps"}
        specs = [
            (f"{n} to #{lands[n]}" if lands and n in lands else words[n], f"dig-{n}")
            for n in (1, 2)
        ]
    elif mode == "joker":
        specs = [("Holmes", "jok-H"), ("Watson", "jok-W"), ("Toby", "jok-T")]
        if jack:
            specs.append(("Nobody", "jok--"))
    elif mode in ("tile", "orient", "exchange2"):
        if face == "R":
            # each with its key, as the token buttons (tester PG, round 4)
            specs += [("r Rotate ↻", "do-rotate"), ("e Rotate ↺", "do-rotate-ccw")]
        specs.append(("Confirm", "do-confirm"))
    elif mode == "alibi":
        specs.append(("Draw", "do-confirm"))
    if chosen is not None:
        specs = [(f"▶ {label}" if bid[4:] == chosen else label, bid) for label, bid in specs]
        specs.append(("Confirm", "do-confirm"))
    return [*specs, ("Back", "do-back")]


def targets(
    view: PocketView, mode: str, face: str | None, legal: Sequence[Action]
) -> tuple[dict[int, str], set[int]]:
    """The targets of this step, for the district to highlight: positions a
    detective may land on (with a mark: '' for the chosen detective's 1 and
    2 steps, the detective's letter in lower case for the joker), and the
    tiles that cannot be chosen (not rotatable this round, P5).  From the
    view and the legal actions only."""
    positions: dict[int, str] = {}
    dimmed: set[int] = set()
    detectives = view.detectives
    if mode == "move":
        positions = dict.fromkeys(landings(view, face, legal).values(), "")
    elif mode == "joker":
        for who, letter in enumerate(DETECTIVE_LETTERS):
            if Joker(who) in legal:
                positions.setdefault(step_clockwise(detectives[who], 1), letter.lower())
    elif mode == "tile" and face == "R":
        turnable = {a.square for a in legal if isinstance(a, Rotate)}
        dimmed = set(range(len(SQUARES))) - turnable
    return positions, dimmed


def landings(view: PocketView, face: str | None, legal: Sequence[Action]) -> dict[int, int]:
    """The steps the detective of `face` may walk now -> the position he
    lands on ({1: 9, 2: 10}); empty for a face that moves no detective."""
    if face not in MOVE_FACES:
        return {}
    who = MOVE_FACES.index(face)
    return {
        steps: step_clockwise(view.detectives[who], steps)
        for steps in (1, 2)
        if Move(who, steps) in legal
    }


PHASE_RULES = {  # P5, in players' words
    "H": "Move that detective 1 or 2 positions clockwise.",
    "W": "Move that detective 1 or 2 positions clockwise.",
    "T": "Move that detective 1 or 2 positions clockwise.",
    "J": "Joker: move one detective 1 position clockwise; Jack may also move "
    "nobody, the investigator must move one.",
    "R": "Rotation: turn one tile by 90° either way or 180°; it must change, and a "
    "tile already rotated this round (↻ on the board) may not turn again.",
    "X": "Exchange: swap two tiles, each keeping its orientation.",
    "A": "Alibi: the investigator draws the top card and shows it, clearing that "
    "suspect; Jack draws it in secret and keeps its hourglasses.",
}


def phase_help(view: PocketView, face: str | None) -> str:
    """The rules of the moment, for the top of F1's help, from a view: the
    round's order of play (P4), the token being played (P5), sight (P6),
    what ends the round (P7, P8).  No rule tag in the text: players never
    see the rulebook's section names (tester PC, round 2)."""
    if view.outcome:
        return "## Now\n\nThe game is over: Jack's identity and cards are shown to both.\n"
    rnd, step = view.round, view.step
    order = (
        "odd round: the investigator plays one token, Jack two, the investigator the last"
        if rnd % 2
        else "even round: every token turned over; Jack plays one, the investigator two, "
        "Jack the last"
    )
    lines = ["## Now", "", f"Round {rnd} of 8, action {step + 1} of 4 — {order}."]
    if face is not None:
        lines += ["", PHASE_RULES[face]]
    else:
        lines += ["", "Choose one of the tokens still up; every action is mandatory."]
    if face in ("H", "W", "T", "J", "R", "X"):
        lines += [
            "",
            "Sight: a detective sees down his row or column until a wall "
            "facing him (that tile hidden) or a wall on the far side (seen, then "
            "no further).",
        ]
    lines += [
        "",
        "After the fourth action the witness call: Jack seen, every unseen "
        "suspect is cleared and the investigator takes the round token; not seen, "
        "every seen suspect is cleared and Jack takes it (an hourglass).",
    ]
    if view.race:
        lines += [
            "",
            "The race is on: the first witness call that sees Jack wins for "
            "the investigator; Jack wins if he is not seen through round 8.",
        ]
    return "\n".join(lines) + "\n\n---\n\n"
