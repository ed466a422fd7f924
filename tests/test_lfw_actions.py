"""Letters from Whitechapel actions: the text form, refusal of illegal and
malformed actions (Hypothesis), corrupt records, and golden counts of legal
actions at fixed positions of the tutorial board.

`python tests/test_lfw_actions.py` rewrites tests/data/lfw_counts.json (run it
once, and again only after a rules change that is meant to change a count).
"""

from __future__ import annotations

import functools
import json
import random
import sys
from collections.abc import Callable
from math import comb
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))  # for `python tests/test_lfw_actions.py`

from lfw_maps import good_map_json
from lfw_random import BOARDS, OPTIONS, choose, new_game, play, play_some
from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction, MapError, NotationError, RecordError
from whitechapel.core.record import Record, record_of, replay
from whitechapel.lfw import actions as a
from whitechapel.lfw.actions import parse_action
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.map.mapcheck import validate
from whitechapel.lfw.map.mapfile import map_from_json
from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.rulebook import COLOURS, JACK, LETTERS, POLICE

COUNTS = Path(__file__).parent / "data" / "lfw_counts.json"
BIG_PHASES = {"women", "patrols"}  # placement phases: thousands of actions
NOT_AN_ACTION = "is not a Letters from Whitechapel action"


def other_side(side: str | None) -> str:
    return POLICE if side == JACK else JACK


# -- the actions met in random games -----------------------------------------------------


_NONE_FORM = {a.WretchedMove: "target", a.PoliceMove: "crossing", a.FalseClue: "circle"}
_NONE_FORM[a.Arrest] = "circle"


def _form(x: a.Action) -> str:
    """The action's kind, telling apart the forms one class has."""
    name = type(x).__name__
    field = _NONE_FORM.get(type(x))
    if field and getattr(x, field) is None:
        return name + " none"
    if isinstance(x, a.Step) and x.home:
        return "Step home"
    if isinstance(x, a.Kill):
        return f"Kill {len(x.circles)}"
    if isinstance(x, a.Letter):
        return f"Letter {x.name}"
    return name


@functools.cache
def met_actions() -> tuple[tuple[str, a.Action], ...]:
    """(phase, action) for every legal action of every position of some
    random games on both boards with all options off and on (in the two
    placement phases: every action on night 1 of the tutorial board, and
    samples elsewhere)."""
    seen: dict[a.Action, str] = {}
    for seed in range(48):
        board, options = BOARDS[seed % 2], sorted(OPTIONS)[seed // 2 % 2]
        homing = (0, 9)[seed // 4 % 2]
        chance = Chance(seed)
        g = new_game(seed, board, OPTIONS[options])
        while g.outcome is None:
            if g.phase not in BIG_PHASES or (board == "tutorial" and g.night == 1):
                legal = g.legal_actions()
            else:
                legal = [g.random_action(Chance(seed * 100 + k)) for k in range(20)]
            for x in legal:
                seen.setdefault(x, g.phase)
            g.apply(choose(g, chance, homing, seeing=seed % 3 == 0))
    return tuple((phase, x) for x, phase in seen.items())


def test_every_legal_action_met_reads_back_from_its_text():
    met = met_actions()
    forms = {_form(x) for _, x in met}
    texts = set()
    for _, x in met:
        text = str(x)
        assert parse_action(text) == x, text
        texts.add(text)
        # Keywords forgive case and extra spaces.
        head, *rest = text.split(" ")
        loose = "  " + "   ".join([head.upper(), *rest]) + " "
        assert parse_action(loose) == x, loose
    assert len(texts) == len(met)  # one text per action
    every_form = {c.__name__ for c in a.Action.__subclasses__()} - {"Letter", "Kill"}
    every_form |= {"Step home", "WretchedMove none", "PoliceMove none", "FalseClue none"}
    every_form |= {"Arrest none", "Kill 1", "Kill 2"} | {f"Letter {name}" for name in LETTERS}
    assert forms == every_form, every_form ^ forms


def _renamed_map(crossing: str) -> dict:
    data = good_map_json()
    rename = {"x9": crossing}
    for x in data["crossings"]:
        x["id"] = rename.get(x["id"], x["id"])
    data["segments"] = [[rename.get(p, p), rename.get(q, q)] for p, q in data["segments"]]
    return data


@pytest.mark.parametrize("crossing", ["x10", "K7", "goulston_st", "a.b-c"])
def test_actions_on_any_valid_map_read_back_from_their_text(crossing):
    """Whatever ids a player's map gives its crossings, the actions that name
    them read back from their text, or the game's record could not be replayed."""
    board = validate(map_from_json(_renamed_map(crossing)))  # accepted as a playable map
    assert board.is_crossing(crossing)
    for action in [
        a.PoliceMove("blue", crossing),
        a.Chase("red", crossing),
        a.Reveal(crossing),
        a.Letter("dear-boss", ("x1", crossing)),
    ]:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("crossing", ["pass", "stay", "Goulston St", "12", "blue", "Home"])
def test_a_map_may_not_name_a_crossing_with_a_word_of_the_notation(crossing):
    """Ids the notation could not read back ('blue pass' would be a pass) are
    refused by the map check, naming the crossing."""
    with pytest.raises(MapError) as refused:
        map_from_json(_renamed_map(crossing))
    assert repr(crossing) in str(refused.value)


@pytest.mark.parametrize(
    ("loose", "canonical"),
    [
        ("STEP 66 HOME", "step 66 home"),
        ("  Blue   x12 ", "blue x12"),
        ("wretched 65 > 66", "wretched 65>66"),
        ("wretched 65 =", "wretched 65="),
        ("Letter Saucy-Jacky x9 x3", "letter saucy-jacky x3 x9"),
        ("letter goulston RED", "letter goulston red"),
        ("women 27 3 21 / 84 65", "women 3 21 27 / 65 84"),
        ("patrols x5 x4 x3 x2 x1 / x7 x6", "patrols x5 x4 x3 x2 x1 / x6 x7"),
        ("saucy x9>x21 x3>x20", "saucy x3>x20 x9>x21"),
        ("kill 0065 82", "kill 65 82"),
        ("GREEN Area-Arrest", "green area-arrest"),
        ("red STAY", "red stay"),
        ("No-False-Clue", "no-false-clue"),
    ],
)
def test_parsing_forgives_case_spaces_and_order(loose, canonical):
    assert str(parse_action(loose)) == canonical
    assert parse_action(canonical) == parse_action(loose)


MALFORMED = [
    "jump",
    "step",
    "step x12",
    "step 66 away",
    "step 66 home now",
    "step 12345",
    "step -1",
    "step 6.5",
    "coach 69",
    "coach 69 56 57",
    "alley",
    "hideout",
    "hideout ninety",
    "hideout 90 91",
    "kill",
    "kill 1 2 3",
    "kill x1",
    "wait 3",
    "wretched 65",
    "wretched 65>",
    "wretched >66",
    "wretched 65=66",
    "reveal 12",
    "reveal blue",
    "blue",
    "blue search x12",
    "blue arrest x1",
    "blue chase 12",
    "blue x12 x13",
    "purple x12",
    "patrols x1 x2 x3 x4 / x5 x6",
    "patrols x1 x2 x3 x4 x5 x6 x7",
    "women 3 x / 4",
    "letter",
    "letter dear-boss x1",
    "letter goulston",
    "letter goulston purple",
    "letter love x1 x2",
    "no-letter x1",
    "saucy x1>x2 x3",
    "saucy x1<x2",
    "graffito purple",
    "graffito",
    "false-clue",
    "false-clue x1",
    "no-false-clue 3",
    "know",
    "know x1",
    "step 66; rm -rf /",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_is_refused_with_a_message_naming_it(text):
    with pytest.raises(NotationError) as e:
        parse_action(text)
    assert repr(text) in str(e.value) and NOT_AN_ACTION in str(e.value)


@pytest.mark.parametrize("text", ["", "   ", "\n", "step " + "6" * 400])
def test_empty_and_overlong_text_is_refused(text):
    with pytest.raises(NotationError, match="empty or overlong"):
        parse_action(text)


@pytest.mark.parametrize("thing", [66, None, b"step 66", ("step", 66)])
def test_what_is_not_text_is_refused(thing):
    with pytest.raises(NotationError, match="an action is text"):
        parse_action(thing)


def test_apply_refuses_what_is_not_an_action_and_anything_after_the_end():
    g = new_game(5, "tutorial", OPTIONS["none"])
    before = g.clone()
    with pytest.raises(NotationError, match=NOT_AN_ACTION):
        g.apply("hideout 1")  # text goes through play() / parse_action
    with pytest.raises(NotationError):
        g.play("hideout one")
    assert g == before
    g = play(5, "tutorial", OPTIONS["none"])
    over = g.clone()
    for x in [a.Hideout(1), a.Wait(), a.PoliceMove("blue", None), a.Pass("red")]:
        with pytest.raises(IllegalAction, match="the game is over"):
            g.apply(x)
    assert g == over and g.legal_actions() == []


# -- refusal of illegal actions (Hypothesis) ------------------------------------------------

CROSSING_WORDS = ["x1", "x6", "x12", "x24", "x53", "x127", "x181", "x999", "y3", "X12", "xx"]
CIRCLE_NUMBERS = st.one_of(st.integers(0, 200), st.sampled_from([0, 196, 999, 9999]))
CROSSINGS = st.one_of(st.sampled_from(CROSSING_WORDS), st.integers(0, 260).map(lambda n: f"x{n}"))
COLOUR_WORDS = st.sampled_from([*COLOURS, "purple"])


@st.composite
def template_texts(draw) -> str:
    """Valid-looking texts, with any circles, crossings and colours."""
    c = lambda: str(draw(CIRCLE_NUMBERS))  # noqa: E731
    x = lambda: draw(CROSSINGS)  # noqa: E731
    k = lambda: draw(COLOUR_WORDS)  # noqa: E731
    kind = draw(st.integers(0, 25))
    if kind == 0:
        return f"hideout {c()}"
    if kind == 1:
        marked = " ".join(c() for _ in range(draw(st.integers(0, 6))))
        unmarked = " ".join(c() for _ in range(draw(st.integers(0, 4))))
        return f"women {marked} / {unmarked}"
    if kind == 2:
        return f"patrols {' '.join(x() for _ in range(5))} / {x()} {x()}"
    if kind == 3:
        return f"letter {draw(st.sampled_from(LETTERS[:3]))} {x()} {x()}"
    if kind == 4:
        return f"letter goulston {k()}"
    if kind == 5:
        return draw(st.sampled_from(["no-letter", "wait", "no-false-clue"]))
    if kind == 6:
        return f"saucy {x()}>{x()} {x()}>{x()}"
    if kind == 7:
        return f"graffito {k()}"
    if kind == 8:
        return f"kill {c()}"
    if kind == 9:
        return f"kill {c()} {c()}"
    if kind == 10:
        return f"wretched {c()}>{c()}"
    if kind == 11:
        return f"wretched {c()}="
    if kind == 12:
        return f"reveal {x()}"
    if kind == 13:
        return f"step {c()}"
    if kind == 14:
        return f"step {c()} home"
    if kind == 15:
        return f"coach {c()} {c()}"
    if kind == 16:
        return f"alley {c()}"
    if kind == 17:
        return f"{k()} {x()}"
    if kind == 18:
        return f"{k()} stay"
    if kind == 19:
        return f"false-clue {c()}"
    if kind == 20:
        return f"{k()} search {c()}"
    if kind == 21:
        return f"{k()} arrest {c()}"
    if kind == 22:
        return f"{k()} area-arrest"
    if kind == 23:
        return f"{k()} chase {x()}"
    if kind == 24:
        return f"{k()} pass"
    return f"know {c()}"


SIDES = st.sampled_from(["none", "own", "other"])
KINDS = {
    "legal": st.integers(0, 2**16),  # a legal action, to move on, or for the wrong side
    "mutant": st.integers(0, 2**16),  # a near miss: the commonest kind of mistake
    "other phase": st.integers(0, 2**16),  # an action met in some other position
    "text": st.text(max_size=24),
    "template": template_texts(),
}
candidates = st.sampled_from(["legal", "legal", "mutant", "mutant", "mutant", *KINDS]).flatmap(
    lambda kind: st.tuples(st.just(kind), KINDS[kind], SIDES)
)
positions = st.tuples(
    st.integers(0, 2**32 - 1),  # seed
    st.sampled_from(BOARDS),
    st.sampled_from(sorted(OPTIONS)),
    st.integers(0, 220),  # random actions played before
    st.sampled_from([0, 9]),  # Jack heads home never, or mostly
    st.booleans(),  # the police see Jack's path
)


class Legal:
    """The legal actions of a position, listed once (the placement phases of
    nights 2-4 have tens of thousands)."""

    def __init__(self, g: LfwGame) -> None:
        self.g, self.key, self._set = g, None, frozenset()

    def now(self) -> frozenset[a.Action]:
        key = (len(self.g.history), self.g.outcome)
        if key != self.key:
            self.key, self._set = key, frozenset(self.g.legal_actions())
        return self._set

    def pick(self, i: int) -> a.Action | None:
        g = self.g
        if g.outcome is not None:
            return None
        if g.phase in BIG_PHASES:
            return g.random_action(Chance(i))
        legal = g.legal_actions()
        return legal[random.Random(i).randrange(len(legal))]  # Hypothesis favours 0


def mutate(text: str, i: int, g: LfwGame) -> str:
    """The text with one circle, crossing or colour changed, mostly to one
    near the action's own or to one that holds something: near misses."""
    rng = random.Random(i)
    board = g.board
    words = text.replace(">", " > ").split()
    places = [k for k, w in enumerate(words) if w.isdigit() or board.is_crossing(w)]
    if not places or rng.random() < 0.2:
        places = [k for k, w in enumerate(words) if w in COLOURS] or places or [0]
    j = rng.choice(places)
    w = words[j]
    if w.isdigit():
        n = int(w)
        near = [*board.jack_adjacent(n), *board.alley_destinations(n)] if board.is_circle(n) else []
        held = [*g.wretched, *(c for _, c in g.crime_scenes), *g.path_circles(), *board.red]
        held += [*g.women, *g.clues, *g.false_clues]
        if g.hideout is not None:
            held.append(g.hideout)
        pools = [near, held, held, board.circles, [n + 1, n - 1, 0, 999]]
        words[j] = str(rng.choice(rng.choice([p for p in pools if p])))
    elif w in COLOURS:
        words[j] = rng.choice([c for c in [*COLOURS, "purple"] if c != w])
    elif board.is_crossing(w):
        near = [y for x in board.police_adjacent(w) for y in board.police_adjacent(x)]
        held = [*g.police.values(), *g.markers, *board.yellow]
        pools = [near, held, held, board.crossings, ["x9999"]]
        words[j] = rng.choice(rng.choice([p for p in pools if p]))
    return " ".join(words).replace(" > ", ">")


def _side(choice: str, g: LfwGame) -> str | None:
    return {"none": None, "own": g.to_act, "other": other_side(g.to_act)}[choice]


@settings(max_examples=max(150, settings.default.max_examples))
@given(position=positions, moves=st.lists(candidates, min_size=1, max_size=30))
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(position, moves):
    seed, board, options, steps, homing, seeing = position
    g = play_some(seed, board, OPTIONS[options], steps, homing, seeing)
    legal = Legal(g)
    pool = met_actions()
    for kind, value, side_choice in moves:
        side = _side(side_choice, g)
        if kind in ("legal", "mutant"):
            action = legal.pick(value)
            if action is None:
                continue
            text = str(action) if kind == "legal" else mutate(str(action), value, g)
        elif kind == "other phase":
            text = str(pool[random.Random(value).randrange(len(pool))][1])
        else:
            text = value
        before = g.clone()
        views = g.view(JACK), g.view(POLICE)
        try:
            action = parse_action(text)
        except NotationError as e:
            assert kind in ("text", "template", "mutant") and str(e)
            assert g == before
            event(f"{kind}: not notation")
            continue
        should_pass = action in legal.now() and side in (None, g.to_act)
        if kind == "legal":
            assert action in legal.now()  # what random play picks is legal
        try:
            g.apply(action, side)
        except IllegalAction as e:
            assert not should_pass, f"{action} ({side}) was legal but refused: {e}"
            message = str(e)
            assert message.startswith(f"{action}: ") and len(message) > len(str(action)) + 10
            assert g == before
            assert (g.view(JACK), g.view(POLICE)) == views
            event(f"{kind}: refused")
        else:
            event(f"{kind}: accepted")
            assert should_pass, f"{action} for {side} in {before.phase} was accepted, not legal"
            assert g.history == [*before.history, action]


def _reach(phase: str) -> LfwGame:
    """The first position in `phase` of a tutorial game with every option on."""
    for seed in range(100):
        chance = Chance(seed)
        g = new_game(seed, "tutorial", OPTIONS["all"])
        while g.outcome is None and g.phase != phase:
            g.apply(choose(g, chance, homing=9))
        if g.outcome is None:
            return g
    raise AssertionError(f"no game reached {phase}")


@pytest.mark.parametrize(
    ("phase", "action"),
    [
        ("graffito", a.Letter("goulston", ())),
        ("graffito", a.Letter("goulston", ("brown",))),
        ("letter", a.Letter("love", ("x1", "x2"))),
        ("letter", a.Letter("dear-boss", ())),
        ("kill", a.Kill(())),
        ("escape", a.Coach(1, 1)),
        ("hunt", a.PoliceMove("purple", None)),
        ("clues", a.Arrest("purple", None)),
    ],
)
def test_apply_refuses_action_objects_that_no_text_gives(phase, action):
    """`apply` takes objects too (the contract: an illegal action is refused
    with IllegalAction and changes nothing), even ones parse_action never
    builds."""
    g = _reach(phase)
    before = g.clone()
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g == before


def test_an_action_built_in_another_order_still_replays_from_its_record():
    """`apply` takes action objects; one built with its circles or crossings
    in another order than the text form's (which sorts them) must either be
    refused or be recorded so that the record replays to the same game."""
    g = new_game(5, "tutorial@1", OPTIONS["none"])
    g.apply(a.Hideout(1))
    women = g.random_action(Chance(1))
    shuffled = a.Women(women.marked[::-1], women.unmarked[::-1])
    try:
        g.apply(shuffled)
    except IllegalAction:
        g.apply(women)
    patrols = g.random_action(Chance(2))
    try:
        g.apply(a.Patrols(patrols.real, patrols.fakes[::-1]))
    except IllegalAction:
        g.apply(patrols)
    again = replay(Record.loads(record_of(g).dumps()))
    assert again == g


# -- corrupt records ----------------------------------------------------------------------


@functools.cache
def record_data(finished: bool) -> str:
    """A record of a tutorial game with every option on, as JSON text."""
    if finished:
        g = play(7, "tutorial", OPTIONS["all"], homing=9)
    else:
        g = play_some(7, "tutorial", OPTIONS["all"], 60, homing=9)
        assert g.outcome is None
    return record_of(g, seed=7, started="2026-11-29T13:25:00+00:00").dumps()


def corrupt(change: Callable[[dict[str, Any]], Any], finished: bool = False) -> str:
    """The message of the RecordError that the changed record gives."""
    data = json.loads(record_data(finished))
    change(data)
    with pytest.raises(RecordError) as caught:
        replay(Record.loads(json.dumps(data)))
    message = str(caught.value)
    assert message and "\n" not in message
    return message


def test_a_good_lfw_record_replays():
    for finished in (False, True):
        back = replay(Record.loads(record_data(finished)))
        assert [str(x) for x in back.history] == json.loads(record_data(finished))["actions"]
        assert (back.outcome is not None) == finished


def _set_action(i: int, text: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["actions"].__setitem__(i, text)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_set_action(4, "step 9999"), ["action 5", "'step 9999'", "cannot be replayed"]),
        (_set_action(0, "hideout 2"), ["action 1", "'hideout 2'", "red circle"]),
        (_set_action(0, "wait"), ["action 1", "'wait'", "not allowed now"]),
        (_set_action(1, "women 2 4 6 13 19 / 32 34 36 38"), ["action 2", "women"]),
        (_set_action(3, "jump"), ["action 4", "'jump'", NOT_AN_ACTION]),
        (_set_action(2, 12), ["every action in the record should be text"]),
        (lambda d: d["actions"].insert(1, d["actions"][0]), ["action 2", "hideout"]),
    ],
)
def test_a_record_with_an_illegal_action_is_refused(change, words):
    message = corrupt(change)
    for w in words:
        assert w in message, message


def test_an_action_after_the_end_is_refused():
    message = corrupt(lambda d: d["actions"].append("wait"), finished=True)
    assert "the game is over" in message


def test_a_record_whose_outcome_was_altered_is_refused():
    def flip(d: dict[str, Any]) -> None:
        d["outcome"]["winner"] = JACK if d["outcome"]["winner"] == POLICE else POLICE

    assert "won, but its actions give" in corrupt(flip, finished=True)


def _set(path: tuple[str, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_set(("options", "teleport"), True), ["unknown option 'teleport'"]),
        (_set(("options", "letters"), 1), ["true or false"]),
        (_set(("options",), ["letters"]), ["options should be a JSON object"]),
        (_set(("setup",), ["blue"]), ["setup"]),
        (_set(("setup", "chiefs"), ["blue", "yellow", "brown", "red"]), ["chiefs"]),
        (_set(("setup", "chiefs"), ["blue", "blue", "brown", "red", "green"]), ["chiefs"]),
        (_set(("setup", "chiefs"), ["blue", "yellow", "brown", "red", "pink"]), ["chiefs"]),
        (_set(("setup", "chiefs"), "blue yellow brown red green"), ["chiefs"]),
        (_set(("setup", "chiefs"), None), ["chiefs"]),
        (_set(("setup", "map"), {"builtin": "atlantis"}), ["unknown board 'atlantis'"]),
        (_set(("setup", "map"), {"builtin": "default"}), ["unknown board 'default'"]),
        (_set(("setup", "map"), {"data": 5}), ["map is malformed"]),
        (_set(("setup", "map"), {"data": {}}), ["map is not usable"]),
    ],
)
def test_a_record_with_a_bad_option_or_setup_is_refused(change, words):
    message = corrupt(change)
    for w in words:
        assert w in message, message


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(_set(("setup", "chiefs"), [1, *COLOURS[1:]]), id="chief-number"),
        pytest.param(_set(("setup", "chiefs"), [["blue"], *COLOURS[1:]]), id="chief-list"),
        pytest.param(_set(("setup", "map"), "tutorial"), id="map-text"),
        pytest.param(_set(("setup", "map"), ["builtin", "tutorial"]), id="map-list"),
        pytest.param(_set(("setup", "map"), 7), id="map-number"),
        pytest.param(_set(("setup", "map"), {"builtin": ["tutorial"]}), id="builtin-list"),
    ],
)
def test_a_record_with_a_setup_of_the_wrong_json_types_is_refused(change):
    """A corrupt record is a RecordError, whatever JSON types it holds
    (not a TypeError or AttributeError from deep inside)."""
    assert corrupt(change)


# -- golden counts ------------------------------------------------------------------------


def _count(g: LfwGame, depth: int) -> int:
    """Like perft in chess: the number of action sequences of `depth`."""
    if depth == 0 or g.outcome is not None:
        return 1
    total = 0
    for x in g.legal_actions():
        child = g.clone()
        child.apply(x)
        total += _count(child, depth - 1)
    return total


def _position(entry: dict[str, Any]) -> LfwGame:
    g = LfwGame.new(entry["seed"], OPTIONS[entry["options"]], load_board(entry["board"]))
    for text in entry["actions"]:
        g.play(text)
    assert (g.night, g.phase) == (entry["night"], entry["phase"]), entry["name"]
    return g


def test_golden_counts_of_legal_actions():
    """The number of legal actions (and of two-action sequences where it is
    small) at fixed positions of the tutorial board (its first edition),
    kept in a data file, guards against rule drift."""
    golden = json.loads(COUNTS.read_text())
    assert len(golden) >= 10
    for entry in golden:
        g = _position(entry)
        got = [_count(g, d) for d in range(1, len(entry["counts"]) + 1)]
        assert got == entry["counts"], entry["name"]


def _golden(name: str) -> tuple[LfwGame, dict[str, Any]]:
    entry = next(e for e in json.loads(COUNTS.read_text()) if e["name"] == name)
    return _position(entry), entry


def test_golden_counts_checked_by_hand():
    board = load_board("tutorial@1")
    assert len(board.circles) == 36 and len(board.red) == 8 and len(board.yellow) == 7
    # S1: any circle that is not red: 36 - 8 = 28 hideouts.
    g, entry = _golden("start")
    assert entry["counts"][0] == 28 == len(g.legal_actions())
    # H2 on night 1: 8 tokens on the 8 red circles, 5 of them marked: C(8,5) = 56.
    g, entry = _golden("women, night 1")
    assert entry["counts"][0] == 56 == len(g.legal_actions())
    # H3 on night 1: 7 markers on the 7 yellow crossings, the 5 real ones in
    # colour order: 7 * 6 * 5 * 4 * 3 = 2520 (the two fakes are alike).
    g, entry = _golden("patrols, night 1")
    assert entry["counts"][0] == 2520 == len(g.legal_actions())
    # H5 with the marker on I: kill one of the 5 Wretched, or wait: 6.
    g, entry = _golden("kill, night 1")
    assert entry["counts"][0] == 6 == len(g.wretched) + 1
    # H2 on night 2: 7 tokens, 4 marked, on the red circles without a crime
    # scene; the night-1 crime was on a red circle in this game or not.
    g, entry = _golden("women, night 2")
    free = len(board.red - {c for _, c in g.crime_scenes})
    assert entry["counts"][0] == comb(free, 7) * comb(7, 4)
    # T2: the Chief moves first: stay, or up to two police steps to a crossing
    # no other policeman holds.
    g, entry = _golden("hunt, night 1")
    colour = g.pending[0]
    assert colour == g.chief
    start = g.police[colour]
    one = set(board.police_adjacent(start))
    two = one | {y for x in one for y in board.police_adjacent(x)}
    others = {x for c, x in g.police.items() if c != colour}
    assert entry["counts"][0] == 1 + len(two - {start} - others)
    # T3 with no option: search or arrest on each circle directly adjacent to
    # the acting policeman's crossing, or pass.
    g, entry = _golden("clues, night 1")
    near = board.direct_circles(g.police[g.pending[0]])
    assert entry["counts"][0] == 2 * len(near) + 1
    # H3 on night 2: five markers on the five crossings the policemen ended
    # on, two on the yellow crossings none of them holds: C(free, 2) places,
    # then 7 * 6 * 5 * 4 * 3 ways to colour them.
    g, entry = _golden("patrols, night 2")
    free = len(board.yellow - set(g.police.values()))
    assert entry["counts"][0] == comb(free, 2) * 2520


# -- writing the golden counts (run once) -----------------------------------------------------

GOLDEN_POSITIONS = [
    # name, options, seed, (night, phase) to stop at, depth of the counts
    ("start", "none", 11, (0, "hideout"), 1),
    ("start, O5", "all", 11, (0, "hideout"), 1),
    ("women, night 1", "none", 11, (1, "women"), 1),
    ("patrols, night 1", "none", 11, (1, "patrols"), 1),
    ("kill, night 1", "none", 11, (1, "kill"), 2),
    ("wretched, night 1", "none", 12, (1, "wretched"), 2),
    ("reveal, night 1", "none", 12, (1, "reveal"), 2),
    ("escape, night 1", "none", 11, (1, "escape"), 2),
    ("hunt, night 1", "none", 11, (1, "hunt"), 2),
    ("clues, night 1", "none", 11, (1, "clues"), 2),
    ("clues, night 1, all options", "all", 13, (1, "clues"), 2),
    ("women, night 2", "none", 14, (2, "women"), 1),
    ("patrols, night 2", "none", 14, (2, "patrols"), 1),
    ("letter, night 2", "all", 14, (2, "letter"), 2),
    ("hunt, night 3", "none", 15, (3, "hunt"), 2),
]


def write_golden_counts() -> None:
    out = []
    for name, options, seed, stop, depth in GOLDEN_POSITIONS:
        for attempt in range(seed, seed + 1000):
            chance = Chance(attempt)
            g = new_game(attempt, "tutorial@1", OPTIONS[options])
            while g.outcome is None and (g.night, g.phase) != stop:
                if g.phase == "kill" and stop[1] in ("wretched", "reveal") and g.night == stop[0]:
                    g.apply(a.Wait())
                else:
                    g.apply(choose(g, chance, homing=10))
            if g.outcome is None:
                break
        entry = {
            "name": name,
            "board": "tutorial@1",
            "options": options,
            "seed": attempt,
            "night": g.night,
            "phase": g.phase,
            "actions": [str(x) for x in g.history],
            "counts": [_count(g, d) for d in range(1, depth + 1)],
        }
        out.append(entry)
        print(name, attempt, entry["counts"])
    COUNTS.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    write_golden_counts()
