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


def _sweep_stops_for_an_arrest(game) -> bool:
    """T3, the first policeman to act: key 9's actions, played out on a
    copy, reach a later policeman beside circles where Jack may be now
    with a chance worth an arrest, no new clue found before him."""
    from whitechapel.lfw.ui import sentences, sweep
    from whitechapel.lfw.ui.bench import sweep_run

    if game.phase != Phase.CLUES or game.to_act != POLICE:
        return False
    view = game.view(POLICE)
    if view.acting_colour != sentences.police_order(view)[0] or sweep.arrest_stop(view, game.board):
        return False
    return sweep_run(game)[1].startswith("9 stopped before ")


async def test_t3_key_9_stops_before_a_policeman_whose_arrest_may_win(tmp_path):
    """R4 (round 49): "the 'everyone searches' key (9) made Green pass
    although he stood next to 56, a circle the prompt said Jack could be
    on ... I lost a 37% arrest chance that way."  Key 9 stops before a
    later policeman beside circles where Jack may be now (a tenth of
    his paths or more): he is still to act, and the screen says why."""
    from lfw_app_play import first_game_where, game_app, press_for_all, raise_curtain
    from snapshots import screen_text

    game = first_game_where(49, _sweep_stops_for_an_arrest, tries=300)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(160, 50), notifications=True) as pilot:
        await raise_curtain(pilot, screen)
        await press_for_all(pilot, app, "9")
        view = screen.source.view(POLICE)
        assert view.phase.key == Phase.CLUES and view.acting_colour is not None
        who = sentences.name(view.acting_colour)
        # said in the prompt, where the next key is chosen (S4, round 50: a toast was missed)
        said = " ".join(app.screen.query_one("#prompt").render().plain.split())
        assert f"9 stopped before {who}: Jack may be on " in said, (said, screen_text(app))
        assert "2 to arrest; 9 again searches on" in said


async def test_t3_the_lone_arrest_note_is_never_cut_at_200_columns(tmp_path):
    """R4 and Q4 (round 49): "The prompt's second line runs off the
    200-column screen with no wrap, e.g. '…only Red can arrest on 59 this
    turn (Jack may be there: 1 of his 4' ends mid-sentence."  The note is
    said whole, in fewer words where the row is short, or not at all; the
    keys line is never cut."""
    from lfw_app_play import game_app, raise_curtain
    from snapshots import screen_text
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.map.maps import load_board
    from whitechapel.lfw.selfplay import homeward_action

    board, chance, found = load_board("whitechapel-1888"), Chance(49), []
    while len(found) < 4:
        game = LfwGame.new(chance.below(10**6), board=board)
        while game.outcome is None and len(found) < 4:
            if lone_circles(game):
                found.append(game.clone())
            play = homeward_action(game.clone(), chance) if game.to_act != POLICE else None
            game.apply(play if play is not None else game.random_action(chance))
    for game in found:
        view = game.view(POLICE)
        p = picking_for(view, game.board)
        forms = (p.choice_note(), p.choice_note(short=True))
        app, screen = game_app(game, tmp_path)
        async with app.run_test(size=(200, 60)) as pilot:
            await raise_curtain(pilot, screen)
            rows = screen_text(app).split("\n")
            keys = next(i for i, r in enumerate(rows) if "9 all search" in r or "search all" in r)
            text = " ".join(" ".join(rows[keys - 1 : keys + 2]).split())
            long, short = forms
            if long[: len(short) + 3] in text:  # the fullest form begun: said whole
                assert long in text, (long, rows[keys])
            elif short[:20] in text:
                assert short in text, (short, rows[keys])


def test_a_save_files_name_reads_as_a_date_and_a_time(tmp_path):
    """M4 and Q4 (rounds 47-49): "save file names read like
    T1531400000".  The start is written "20261207-153128"."""
    from whitechapel.core.record import record_of
    from whitechapel.core.store import autosave_name
    from whitechapel.lfw.game import LfwGame

    record = record_of(LfwGame.new(5), seed=5, players={"jack": "Ann", "police": "Bob"})
    record.started = "2026-12-07T15:31:28+00:00"
    name = autosave_name(record)
    assert name.startswith("autosave-lfw-20261207-153128-"), name


async def test_the_overview_at_80x24_never_points_to_a_panel_it_hides(tmp_path):
    """R4 (round 49): "In overview mode the side panel is hidden, yet
    prompts still say '(all listed on the right)'."  With F2 at 80×24 the
    keys line says the lists come back after F2."""
    from lfw_app_play import first_game_where, game_app, raise_curtain
    from snapshots import screen_text

    game = first_game_where(
        49, lambda g: g.phase == Phase.HUNT and g.to_act == POLICE and g.night >= 1, tries=50
    )
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        before = " ".join(screen_text(app).split())
        assert "on the right" in before, before[-400:]
        await pilot.press("f2")
        await pilot.pause()
        after = " ".join(screen_text(app).split())
        assert screen.has_class("overview")
        assert "on the right" not in after and "after F2" in after, after[-400:]
