"""Round 48's findings (issue 43; play-testers O4 and P4,
docs/playtests/2026-12-07-lfw-round48-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from whitechapel.lfw.notebook import notebook
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE, police_order
from whitechapel.lfw.ui import sentences
from whitechapel.lfw.ui.picking import picking_for
from whitechapel.lfw.ui.placenames import touches


def lone_circles(game) -> list[int]:
    """T3, the acting policeman's choice: the circles beside him where Jack
    may be now that no policeman after him stands beside (from the view)."""
    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return []
    view = game.view(POLICE)
    p = picking_for(view, game.board)
    acting = view.acting_colour
    if acting is None or not p.t3_word_stage():
        return []
    nb = notebook(view, game.board)
    if not nb.on_board or len(nb.counts) > 4:
        return []
    order = police_order(view.chief)
    later = order[order.index(acting) + 1 :]
    covered = {c for colour in later for c in touches(game.board, view.police[colour])}
    return [
        c for c in touches(game.board, view.police[acting]) if c in nb.counts and c not in covered
    ]


def test_t3_the_prompt_says_when_only_the_acting_policeman_can_arrest_there():
    """P4: "Twice a search by a policeman collapsed the deduction to one
    circle, and nobody still to act could arrest there ... In the box we
    talk this through before anyone searches."  Before the acting
    policeman chooses, the prompt names the circles beside him where Jack
    may be that nobody after him can arrest on."""
    from lfw_app_play import first_game_where

    game = first_game_where(48, lambda g: bool(lone_circles(g)), tries=300)
    view = game.view(POLICE)
    alone = lone_circles(game)
    note = picking_for(view, game.board).choice_note()
    who = sentences.name(view.acting_colour)
    assert note.startswith(f"only {who} can arrest on "), note
    assert all(str(c) in note for c in alone), (note, alone)
    assert "a search there finds a clue, not him" in note
    short = picking_for(view, game.board).choice_note(short=True)
    assert short.startswith(f"only {who} can arrest on ") and len(short) < len(note)
    # with the aids off (the box), nothing is said
    assert picking_for(view, game.board, aids=False).choice_note() == ""


def test_map_check_prints_the_published_boards_figures_beside_the_maps(capsys):
    """O4 and M4 (rounds 47-48) took the 1888 board for far looser than the
    box's ("in the box, a step usually reaches a handful").  `map check`
    prints the published board's figures beside the map's, the help says
    how the two compare."""
    from importlib.resources import files

    from whitechapel.cli import main

    assert main(["map", "check", "1888"]) == 0
    out = capsys.readouterr().out
    head, *rows = out.splitlines()
    assert "this map" in head and "the published board" in head
    jack = next(r for r in rows if r.startswith("Jack-adjacent circles per circle"))
    assert "2 / 7.86 / 14" in jack and jack.rstrip().endswith("2 / 7.95 / 15"), jack
    help_text = files("whitechapel.lfw.ui").joinpath("help.md").read_text()
    assert "(the box's: 7.95)" in help_text and "side by side" in help_text
