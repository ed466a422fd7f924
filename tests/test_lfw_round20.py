"""Round 20 of issue 43's blind play-tests (testers M2 and N2): what they
found, held by tests."""

from __future__ import annotations

from whitechapel.core.chance import Chance
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.options import Options
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import POLICE
from whitechapel.lfw.ui.picking import picking_for


def test_t2_a_crossing_keeps_its_letter_from_policeman_to_policeman_in_a_turn():
    """M2 and N2: "the letters for crossings change for each policeman": a
    letter read on the map while Blue moved sent Yellow somewhere else.  In
    random games on the 1888 board, every crossing offered to two policemen
    of one turn carries one letter for both, each policeman's letters are
    his own (no two crossings share one) and every crossing he can reach has
    one."""
    board = load_board(None)
    chance = Chance(11)
    again = 0
    for _ in range(6):
        game = LfwGame.new(chance.below(2**40), Options(), board)
        turn, letters = None, {}
        while game.outcome is None:
            if game.phase == Phase.HUNT:
                view = game.view(POLICE)
                if (view.night, len(view.track)) != turn:
                    turn, letters = (view.night, len(view.track)), {}
                labels = picking_for(view, board).labels()
                assert len(set(labels.values())) == len(labels)
                reach = {a.crossing for a in game.legal_actions() if a.crossing}
                assert reach == set(labels.values())
                for key, crossing in labels.items():
                    if crossing in letters:
                        again += 1
                        assert letters[crossing] == key, (view.acting_colour, crossing)
                    letters[crossing] = key
            game.apply(game.random_action(chance))
    assert again > 100  # crossings offered twice in a turn are common
