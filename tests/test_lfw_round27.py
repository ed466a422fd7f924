"""Round 27's findings (issue 43; play-testers Y2 and Z2,
docs/playtests/2026-12-06-lfw-round27-*.md), each checked as a player
would notice it."""

from __future__ import annotations

from types import SimpleNamespace

from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.ui.panels import log_text
from whitechapel.lfw.ui.placenames import heading, touches
from whitechapel.lfw.view_parts import LogEntry


def _log(board, crossing: str, order: list[int], known: int) -> list[str]:
    """Red on `crossing` searches `order` on night 1, with a crime at `known`."""
    log = (
        LogEntry("kill", 1, crime_scenes=(known,)),
        LogEntry("alarm", 1, police={"red": crossing}),
        *(LogEntry("search", 1, colour="red", circle=c, clue=c == known) for c in order),
    )
    text = log_text(SimpleNamespace(log=log), board=board)
    return [line for line in text.splitlines() if "searches" in line]


def test_t3_a_known_clue_named_after_the_rest_says_the_search_lost_nothing():
    """Z2: "`9` made Red search 158 (the crime scene, 'a clue, known
    already'): a wasted search that ends the policeman's search" — it was
    named after every other circle beside him, as T3 names them until a
    clue; the log says so, and still says nothing where it cut one short."""
    board = load_board("tutorial")
    crossing = next(x for x in board.crossings if len(touches(board, x)) == 3)
    a, b, c = touches(board, crossing)
    lines = _log(board, crossing, [a, b, c], known=c)
    assert lines[-1].endswith(f"searches {c}: a clue, known already (he named the others first)")
    lines = _log(board, crossing, [a, c], known=c)  # b never named: cut short
    assert lines[-1].endswith(f"searches {c}: a clue, known already")


def test_t3_the_computer_names_an_unknown_circle_before_a_known_clue(monkeypatch):
    """Y2: the hard police "searched 99, then 100 (a clue, known already),
    and never 120": with nothing left to learn, a circle not known to be
    written comes before one that is (the known one ends the search)."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.actions import Search
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.players import police_clues
    from whitechapel.lfw.players.police_clues import Clues, go_on_searching, known_written
    from whitechapel.lfw.rulebook import POLICE

    def mixed(game) -> bool:
        if game.phase != Phase.SEARCHING:
            return False
        known = known_written(game.view(POLICE))
        left = [a.circle for a in game.legal_actions() if isinstance(a, Search)]
        return any(c in known for c in left) and any(c not in known for c in left)

    game = first_game_where(5, mixed, tries=400)
    view = game.view(POLICE)
    legal = game.legal_actions()
    known = known_written(view)
    legal = sorted(legal, key=lambda a: a.circle not in known)  # the known clue first
    monkeypatch.setattr(police_clues, "rank_searches", lambda *a: [])  # nothing to learn
    chosen = go_on_searching(
        SimpleNamespace(view=view), legal, view.acting_colour, Clues(None, False)
    )
    assert isinstance(chosen, Search) and chosen.circle not in known


async def test_h3_at_80x24_the_places_list_ends_whole_or_says_the_rest_is_on_the_right(tmp_path):
    """Y2: "On the night-2 police marker screen, the list of which letter
    is which place stops after 'a→3·43'": the keys line is given the rows
    the guide leaves it, so it ends on a whole entry and says where the
    rest is."""
    import settle
    from lfw_app_play import first_game_where, game_app, raise_curtain
    from snapshots import screen_text
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import POLICE

    game = first_game_where(3, lambda g: g.phase == Phase.PATROLS and g.night == 2)
    app, screen = game_app(game, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await raise_curtain(pilot, screen)
        await settle.settle(pilot)
        shown = " ".join(screen_text(app).split())
        letters = screen.picking.crossing_labels()
        last = f"{letters[-1][0]}→"
        assert "(all listed on the right)" in shown or last in shown.split("beside it:")[-1]
        assert game.to_act == POLICE


def test_t2_with_jack_out_of_reach_the_hint_names_the_nearest_crossings():
    """Z2: "when no crossing in reach touches a possible circle it says
    only '…: none' and gives no direction": it names the letters nearest
    a circle where Jack can be, in crossings."""
    from lfw_app_play import first_game_where
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.players.police_sense import facts
    from whitechapel.lfw.rulebook import POLICE
    from whitechapel.lfw.ui.picking import picking_for

    def far_off(game) -> bool:
        if game.phase != Phase.HUNT or game.to_act != POLICE:
            return False
        p = picking_for(game.view(POLICE), game.board)
        jack = p.hunt_circles()
        return bool(jack) and not any(
            set(touches(game.board, x)) & jack for _, x in p.crossing_labels()
        )

    game = first_game_where(7, far_off, tries=200)
    p = picking_for(game.view(POLICE), game.board)
    line = p.keys_hint(room=1000)
    assert ": none; nearest them: " in line, line
    near = facts(game.board)
    jack = p.hunt_circles()
    labels = dict(p.crossing_labels())
    dist = {c: min(near.distance(x, c) for x in labels.values()) for c in jack}
    target = int(line.split("nearest them: ")[1].split(",")[0].split(":")[0])
    assert dist[target] == min(dist.values())
    # F3 (round 30): "has no direction"; H3 (round 31) read the way as said
    # from the policeman: it is, and each letter says how far it is from it
    view = game.view(POLICE)
    colour = view.acting_colour
    way = heading(game.board, view.police[colour], target)
    # N3 (round 34) read "south of Brown: t" as "t is the way south": the
    # policeman's own distance, and each letter's way from him
    gone = near.distance(view.police[colour], target)
    assert f"nearest them: {target}, {gone} crossings {way} of {colour.capitalize()}: " in line
    first = line.split(f"of {colour.capitalize()}: ")[1].split(" ")[0]
    d = near.distance(labels[first], target)
    assert d == min(near.distance(x, target) for x in labels.values())
    its_way = heading(game.board, view.police[colour], labels[first])
    s = "s" if d != 1 else ""
    # U3 (round 38) read "1 crossing from 65" as beside it: "short of"
    assert f"{first} ({its_way} of him, {d} crossing{s} short of {target})" in line, line
