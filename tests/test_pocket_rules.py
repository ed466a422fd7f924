"""One group of tests per section of the Pocket rules (P2–P9), named by tag."""

from __future__ import annotations

import pytest

from pocket_positions import game, seen, suspects
from whitechapel.core.errors import IllegalAction, NotationError
from whitechapel.pocket import game as rules
from whitechapel.pocket.actions import parse_action
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTERS, INVESTIGATOR, JACK, TOKENS
from whitechapel.pocket.setup import random_setup
from whitechapel.pocket.views import Played, WitnessCall

# Walls all south: Holmes (12) and Watson (4) look along row 1 and see all of
# it; Toby (8) faces the wall of b3 and sees nothing.
ROW1_SEEN = "pizer:S gull:S bert:S lestrade:S stealthy:S madame:S smith:S goodley:S lane:S"


def test_P2_alibi_hourglasses_match_the_rulebook():
    glasses = {c.id: c.hourglasses for c in CHARACTERS}
    assert glasses == {
        "madame": 2,
        "lestrade": 0,
        "goodley": 0,
        "pizer": 1,
        "gull": 1,
        "stealthy": 1,
        "bert": 1,
        "smith": 1,
        "lane": 1,
    }


def test_P2_joseph_lane_barricade_blocks_and_his_empty_side_is_an_open_crossroads():
    # Lane on a1 with his barricade facing Holmes (12): Holmes sees nothing.
    g = game(
        "lane:W gull:S bert:S lestrade:S stealthy:S madame:S smith:S goodley:S pizer:S",
        jack="gull",
        deck_top=("lane",),
        throws=("ATRJ",) * 4,
        detectives=(12, 5, 8),
    )
    assert "lane" not in seen(g) and "gull" not in seen(g)
    g.play("A")  # the investigator shows Lane's alibi: his tile turns over
    assert "lane" not in suspects(g)
    # The empty side has no wall at all: Holmes now sees the whole row.
    assert {"lane", "gull", "bert"} <= seen(g)


def test_P2_a_turned_over_tile_keeps_its_wall():
    g = game(
        "pizer:W gull:S bert:S lestrade:S stealthy:S madame:S smith:S goodley:S lane:S",
        jack="gull",
        deck_top=("pizer",),
        throws=("ATRJ",) * 4,
        detectives=(12, 5, 8),
    )

    def holmes_sees():
        return rules.seen_by_all(g.effective_walls(), [g.detectives[0]])

    assert holmes_sees() == 0  # Pizer's wall faces Holmes
    g.play("A")  # Pizer cleared: his tile is turned over
    tile = g.view(INVESTIGATOR).tiles[0]
    assert (tile.character, tile.wall, tile.cleared) == ("pizer", "W", True)
    assert holmes_sees() == 0  # the wall kept its side and still blocks


@pytest.mark.parametrize("seed", range(40))
def test_P3_setup_detectives_face_walls_and_nobody_is_seen(seed):
    s = random_setup(seed)
    g = PocketGame(s)
    assert g.detectives == [12, 4, 8]
    assert (s.walls[0], s.walls[2], s.walls[7]) == (3, 1, 2)  # a1 west, c1 east, b3 south
    assert g.seen_squares() == 0
    assert s.jack not in s.deck and sorted((*s.deck, s.jack)) == list(range(9))
    assert len(g.suspects()) == 9


def test_P3_setups_differ_by_seed_and_repeat_by_seed():
    assert random_setup(1) == random_setup(1)
    assert len({random_setup(s) for s in range(30)}) == 30


def _play_any(g: PocketGame) -> None:
    g.advance(g.legal_actions()[0])


def test_P4_turn_order_odd_and_even_rounds():
    g = PocketGame(random_setup(11))
    order = []
    while g.round <= 2 and g.outcome is None:
        order.append((g.round, g.to_act))
        _play_any(g)
    assert order[:8] == [
        (1, INVESTIGATOR),
        (1, JACK),
        (1, JACK),
        (1, INVESTIGATOR),
        (2, JACK),
        (2, INVESTIGATOR),
        (2, INVESTIGATOR),
        (2, JACK),
    ]


def test_P4_even_rounds_turn_every_token_and_each_pair_offers_all_eight_actions():
    g = game(ROW1_SEEN, jack="smith", throws=("HTXJ", "AWRR", "HWRJ", "ATXR"))
    for throw in ("HTXJ", "AWRR", "HWRJ"):
        assert "".join(t.up for t in g.view(JACK).tokens) == throw
        odd_faces = set(g.open_faces())
        for _ in range(4):
            _play_any(g)
        if g.outcome:
            break
        even = "".join(t.up for t in g.view(JACK).tokens)
        assert all(even[i] != throw[i] and even[i] in TOKENS[i] for i in range(4))
        both = sorted(odd_faces | set(g.open_faces()))
        assert both == sorted("HAWTRXJ")
        for _ in range(4):
            _play_any(g)
        if g.outcome:
            break


def test_P4_a_used_token_cannot_be_played_again():
    g = game(ROW1_SEEN, jack="smith", throws=("HTXJ",) * 4)
    g.play("H+1")
    with pytest.raises(IllegalAction, match="no action token left this turn shows Holmes"):
        g.play("H+2")


def test_P4_only_the_side_to_act_may_play():
    g = game(ROW1_SEEN, jack="smith", throws=("HTXJ",) * 4)
    with pytest.raises(IllegalAction, match="investigator's turn"):
        g.play("H+1", side=JACK)
    g.play("H+1", side=INVESTIGATOR)
    assert g.to_act == JACK


def test_P5_detectives_move_clockwise_and_wrap_around():
    g = game(ROW1_SEEN, jack="smith", throws=("HTXJ",) * 4, detectives=(11, 4, 8))
    g.play("H+2")  # 11 -> 1
    assert g.detectives[0] == 1
    g.play("T+1")
    assert g.detectives[2] == 9


def test_P5_the_investigators_joker_must_move_a_detective():
    g = game(ROW1_SEEN, jack="smith", throws=("HTXJ",) * 4)
    assert "J:-" not in [str(a) for a in g.legal_actions()]
    with pytest.raises(IllegalAction, match="must move a detective"):
        g.play("J:-")
    g.play("J:W")
    assert g.detectives[1] == 5


def test_P5_jacks_joker_may_leave_every_detective():
    g = game(ROW1_SEEN, jack="smith", throws=("HTXJ",) * 4)
    g.play("H+1")
    assert "J:-" in [str(a) for a in g.legal_actions()]
    before = list(g.detectives)
    g.play("J:-")
    assert g.detectives == before


def test_P5_rotation_must_change_the_orientation():
    g = game(ROW1_SEEN, jack="smith", throws=("HTRR",) * 4)
    with pytest.raises(IllegalAction, match="must change the tile"):
        g.play("Rb2S")
    assert [str(a) for a in g.legal_actions() if str(a).startswith("Rb2")] == [
        "Rb2N",
        "Rb2E",
        "Rb2W",
    ]


def test_P5_a_tile_rotated_this_round_cannot_be_rotated_again_even_after_moving():
    g = game(ROW1_SEEN, jack="smith", throws=("HTRR", "HWXR", "HTRR", "HTRR"))
    g.play("Rb2N")  # investigator, first Rotation token
    with pytest.raises(IllegalAction, match="already rotated this round"):
        g.play("Rb2E")  # Jack, second Rotation token
    assert not any(str(a).startswith("Rb2") for a in g.legal_actions())
    g.play("Ra1N")  # another tile is fine
    g.play("H+1")
    g.play("T+1")  # round 1 ends
    assert g.round == 2 and g.open_faces() == ["A", "W", "X", "J"]
    g.play("Xb2c3")  # Jack moves Stealthy's tile; a new round allows rotating it
    g.play("W+1")
    assert g.walls[8] == 0  # the exchange kept Stealthy's orientation (north)


def test_P5_rotating_joseph_lanes_empty_crossroads_is_allowed():
    g = game(ROW1_SEEN, jack="smith", throws=("HTRR",) * 4, cleared=("lane",))
    assert "Rc3N" in [str(a) for a in g.legal_actions()]
    g.play("Rc3N")
    assert g.walls[8] == 0


def test_P5_exchange_swaps_two_tiles_keeping_orientations():
    g = game(ROW1_SEEN.replace("pizer:S", "pizer:E"), jack="smith", throws=("HTXJ",) * 4)
    g.play("H+1")
    g.play("Xa1c3")
    assert (CHARACTERS[g.tiles[0]].id, g.walls[0]) == ("lane", 2)
    assert (CHARACTERS[g.tiles[8]].id, g.walls[8]) == ("pizer", 1)
    assert parse_action("Xc3a1") == parse_action("Xa1c3")
    with pytest.raises(NotationError):
        parse_action("Xa1a1")  # two different tiles


def test_P5_the_investigators_alibi_clears_the_suspect_shown():
    g = game(ROW1_SEEN, jack="smith", deck_top=("madame",), throws=("ATXJ",) * 4)
    g.play("A")
    v = g.view(JACK)
    assert v.investigator_alibis == ("madame",) and "madame" not in suspects(g)
    assert v.hourglasses_lost_to_jack == 2 and v.deck_size == 7
    assert v.log[0] == Played(1, INVESTIGATOR, parse_action("A"), "madame")


def test_P5_an_alibi_of_an_already_cleared_suspect_still_takes_its_hourglasses():
    g = game(
        ROW1_SEEN, jack="smith", deck_top=("madame",), throws=("ATXJ",) * 4, cleared=("madame",)
    )
    g.play("A")
    v = g.view(INVESTIGATOR)
    assert v.investigator_alibis == ("madame",) and v.hourglasses_lost_to_jack == 2
    assert v.log[0] == Played(1, INVESTIGATOR, parse_action("A"), "madame") and v.deck_size == 7
    # Madame's two hourglasses are gone for good: no card left for Jack is hers.
    assert "madame" not in [CHARACTERS[c].id for c in g.setup.deck[g.deck_pos :]]


def test_P5_jacks_alibi_is_secret_counts_for_him_and_clears_nobody():
    g = game(ROW1_SEEN, jack="smith", deck_top=("madame",), throws=("HTXJ", "ATXJ", "HTXJ", "HTXJ"))
    for text in ("H+1", "J:-", "T+1", "Xa1b1"):  # round 1
        g.play(text)
    g.play("A")  # round 2, Jack first: the tokens show A W R R
    assert "madame" in suspects(g)
    assert g.view(JACK).jack.alibis == ("madame",)
    inv = g.view(INVESTIGATOR)
    assert inv.jack is None and inv.jack_alibi_count == 1
    assert "madame" not in str(inv.to_json()["log"]) and inv.log[-1] == Played(
        2, JACK, parse_action("A")
    )


def test_P6_line_of_sight():
    walls = [
        0,
        1,
        2,  # a1 wall N, b1 wall E, c1 wall S
        3,
        2,
        2,  # a2 W, b2 S, c2 S
        1,
        0,
        3,  # a3 E, b3 N, c3 W
    ]
    a1, b1, c1, a2, b2, c2, a3, b3, c3 = (1 << sq for sq in range(9))
    expected = {
        1: 0,  # a1's wall faces the detective: nothing seen
        2: b1 | b2,  # b1's side wall does not block; b2's far wall stops sight
        3: c1,  # c1's far wall stops sight after it
        4: c1,  # then b1's wall faces the detective
        5: c2 | b2 | a2,  # side walls, then a2's far wall
        6: c3,  # c3's far wall
        7: c3,  # then c2's wall faces the detective
        8: b3,  # b3's far wall
        9: a3 | a2 | a1,  # the whole column
        10: a3,  # a3's far wall
        11: 0,  # a2's wall faces the detective
        12: a1 | b1,  # b1's far wall
    }
    assert {p: rules.seen_by_all(walls, [p]) for p in range(1, 13)} == expected


P10_LAYOUT = (
    "pizer:E gull:W smith:S "  # Holmes (12) sees Pizer, whose wall hides Gull
    "stealthy:N bert:E lestrade:E "  # Toby (5) faces Lestrade's wall: sees nobody
    "lane:S goodley:S madame:N"  # Watson (2) looks down column b: Gull, Bert, Goodley
)


def p10_game(jack: str) -> PocketGame:
    # Round 1 tokens: Alibi, Toby, Rotation, Joker.  The investigator shows
    # Smith's alibi (already cleared), Jack passes with the joker and rotates
    # Madame's tile (nobody looks at c3), the investigator brings Toby to 5.
    g = game(
        P10_LAYOUT,
        jack=jack,
        deck_top=("smith",),
        throws=("ATRJ", "ATRJ", "ATRJ", "ATRJ"),
        detectives=(12, 2, 4),
        cleared=("smith", "goodley", "lane"),
    )
    for text in ("A", "J:-", "Rc3W", "T+1"):
        g.play(text)
    return g


def test_P10_the_rulebooks_witness_example_sight_lines():
    g = game(P10_LAYOUT, jack="pizer", detectives=(12, 2, 5), cleared=("smith", "goodley", "lane"))
    assert rules.seen_by_all(g.effective_walls(), [12]) == 1 << 0  # Holmes: Pizer only
    assert {
        CHARACTERS[g.tiles[sq]].id
        for sq in range(9)
        if rules.seen_by_all(g.effective_walls(), [2]) >> sq & 1
    } == {"gull", "bert", "goodley"}
    assert rules.seen_by_all(g.effective_walls(), [5]) == 0  # Toby sees nobody


@pytest.mark.parametrize("jack", ["pizer", "gull", "bert"])
def test_P7_P10_witness_example_jack_seen(jack):
    g = p10_game(jack)
    assert suspects(g) == {"pizer", "gull", "bert"}  # green, blue and pink cleared
    assert g.round_tokens() == [INVESTIGATOR]
    assert g.view(INVESTIGATOR).log[4] == WitnessCall(1, True, ("stealthy", "lestrade", "madame"))
    assert g.round == 2 and g.outcome is None


@pytest.mark.parametrize("jack", ["stealthy", "lestrade", "madame"])
def test_P7_P10_witness_example_jack_not_seen(jack):
    g = p10_game(jack)
    assert suspects(g) == {"stealthy", "lestrade", "madame"}  # white, purple, orange cleared
    assert g.round_tokens() == [JACK]
    assert g.view(JACK).jack.hourglasses == 1
