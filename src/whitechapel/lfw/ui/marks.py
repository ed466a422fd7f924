"""What the map shows of one side's view: node → style tag, node → letter.

`marks_for` reads only the view it is given (what `LfwGame.view(side)`
returns), so a screen cannot show a secret its player may not see (§9):
Jack's hideout, position, path and marked women come only from the view's
`jack` part (Jack's view, or both views once the game is over); the colours
of face-down patrol markers only from `police_secrets` (the police view).
Nothing here knows the full state.  Pure Python: no Textual, no rich.

Letters ("colour and letter, not colour alone"): a policeman is the capital
of his colour on his crossing, B Y N R G (N for brown, so it is not read as
blue); a patrol marker is a small letter, b y n r g, when its colour is
known (turned face up, H7; or the Chief's own knowledge, H3), `?` when face
down and unknown, `f` when fake.  Circles keep their numbers: the player
needs them to name a circle.

Precedence, weakest first, when one node has several marks (the strongest is
shown).  Crossings: named (the prompt or the newest log line names it: a
plain crossing lit, the others keep their own mark) < a fake turned tonight
(gone from the board) < face-down marker < the Chief's knowledge of it < a
marker turned face up < policeman < the policeman acting now (T2, T3: his
colours the other way round and underlined; tester Z, round 13: "I had to
find where each policeman stood by reading the coloured letter among street
lines").
Crossings on the streets the inspector lights (key `/`, streets.py) are
lit just above named ones: a marker or a policeman keeps his look.
Circles: the notebook's hideout candidates < its tint of where Jack can be (deduction.py) < a clue of an earlier night < women token < Wretched < marked
woman < searched empty < failed arrest < Jack's path tonight < false clue <
crime scene < clue < where Jack's moves take him < hideout < Jack.  A clue beats a crime scene: a clue
on an old crime scene is news (Jack passed there tonight).  Jack's circle
and hideout beat the rest: in his own view he must never lose sight of
them.  Over all of them: "target" (a legal choice now), and over that
"cursor" (the highlighted choice); a policeman keeps his letter under them.
Between the two, while the inspector lights a circle's streets, the
circles a walk from it reaches and that circle: the player asked to see
them (`Esc` gives the marks below back).
A target crossing's one-key label (`labels`, see picking.py) replaces the
crossing's own glyph: the letter to press is drawn where the player looks.

What is night-bound: crime scenes stay all game (§3); clues, circles
searched and false clues are tonight's (the view holds only those), and
the clues of earlier nights, read from the public log, stay marked in a
colour per night (`clue-1`, `clue-2`, `clue-3`); failed arrests and Jack's
path are drawn for tonight only, and the path once tonight's row is
written (H8); a fake turned in H7 is marked until the
policemen take their places (H9).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from whitechapel.lfw.map.mapfile import Node
from whitechapel.lfw.ui.deduction import CANDIDATE, TINT_TAGS
from whitechapel.lfw.ui.notebook import clues_by_night
from whitechapel.lfw.ui.streets import CIRCLE as INSPECT
from whitechapel.lfw.ui.streets import CROSSING as INSPECT_CROSSING
from whitechapel.lfw.ui.streets import NEAR as INSPECT_NEAR
from whitechapel.lfw.views import LfwView, PoliceView

COLOUR_LETTERS = {"blue": "B", "yellow": "Y", "brown": "N", "red": "R", "green": "G"}
COLOURS = tuple(COLOUR_LETTERS)
ACTING_PHASES = ("hunt", "clues", "searching")  # T2, T3: one policeman at a time

UNKNOWN_MARKER = "?"
FAKE_MARKER = "f"

# Clues of earlier nights, one colour per night (`clue-1`...), weaker than
# every mark of tonight: a reminder of where Jack went before.
CLUE_NIGHTS = ("clue-1", "clue-2", "clue-3")

# On Jack's turn, before he picks a kind of move: where a coach, an alley or
# a walk takes him (`jackturn.reach_marks`, from his legal actions).
REACH_TAGS = ("reach-coach", "reach-alley", "reach-step")

# Every tag the map shows, weakest first (see the module docstring).
PRECEDENCE: tuple[str, ...] = (
    "named",  # a plain crossing the prompt or the newest log line names (placenames.py)
    INSPECT_CROSSING,  # a crossing on the streets the inspector lights (streets.py)
    "revealed-fake",
    "marker",
    "marker-fake",
    *(f"marker-{c}" for c in COLOURS),
    *(f"revealed-{c}" for c in COLOURS),
    *(f"police-{c}" for c in COLOURS),
    *(f"acting-{c}" for c in COLOURS),
    CANDIDATE,  # the notebook's hideout candidates (deduction.py)
    *TINT_TAGS,  # the notebook's tint: under every other mark of a circle
    *CLUE_NIGHTS,
    "woman",
    "wretched",
    "woman-marked",
    "searched",
    "arrest-failed",
    "path",
    "false-clue",
    "crime",
    "clue",
    *REACH_TAGS,
    "hideout",
    "jack",
    "target-idle",  # T2: a crossing offered beside no circle where Jack can be
    "target",
    INSPECT_NEAR,  # the inspector's: a circle a walk from the inspected one reaches
    INSPECT,  # the inspected circle
    "cursor",
)
RANK = {tag: i for i, tag in enumerate(PRECEDENCE)}
# Tags only a side's secrets can produce (§9).
JACK_ONLY = frozenset({"hideout", "path", "jack", "woman-marked", *REACH_TAGS})
CHIEF_ONLY = frozenset({"marker-fake", *(f"marker-{c}" for c in COLOURS)})


def mark_named(marks: dict[Node, str], crossings: Iterable[str]) -> None:
    """Highlight the crossings a text on the screen names (placenames.py):
    the weakest mark, so a crossing with a marker or a policeman keeps it."""
    _put_all(marks, crossings, "named")


def _put(marks: dict[Node, str], node: Node, tag: str) -> None:
    old = marks.get(node)
    if old is None or RANK[tag] >= RANK[old]:
        marks[node] = tag


def _put_all(marks: dict[Node, str], nodes: Iterable[Node], tag: str) -> None:
    for node in nodes:
        _put(marks, node, tag)


def marks_for(
    view: LfwView,
    *,
    targets: Iterable[Node] = (),
    cursor: Node | None = None,
    labels: Mapping[Node, str] | None = None,
) -> tuple[dict[Node, str], dict[Node, str]]:
    """(marks, texts) for the map from one side's view: `marks` maps a node
    to a style tag, `texts` re-letters a node's label.  `targets` are the
    legal choices now, `cursor` the highlighted one (it need not be a target),
    `labels` the keys that choose target crossings.
    The marks come out weakest first, so drawing them in order leaves the
    strongest on top where two nodes share a cell (the overview).  Each
    layer below puts its own marks, in the order of the module docstring."""
    marks: dict[Node, str] = {}
    texts: dict[Node, str] = {}
    _crossings(view, marks, texts)
    _circles(view, marks)
    _choices(marks, texts, targets, cursor, labels or {})
    ordered = dict(sorted(marks.items(), key=lambda kv: RANK[kv[1]]))
    return ordered, texts


def _crossings(view: LfwView, marks: dict[Node, str], texts: dict[Node, str]) -> None:
    """Patrol markers (public, then the police's own knowledge), policemen."""
    if not view.police:  # Hell: the markers, not yet the men (H9)
        for e in view.log:
            if e.event == "reveal" and e.night == view.night and e.colour is None and e.crossing:
                _put(marks, e.crossing, "revealed-fake")  # H7: a fake is removed
                texts[e.crossing] = FAKE_MARKER
    for m in view.patrol_markers:
        x = m.crossing
        if m.revealed and m.colour:
            _put(marks, x, f"revealed-{m.colour}")
            texts[x] = COLOUR_LETTERS[m.colour].lower()
        else:
            _put(marks, x, "marker")
            texts[x] = UNKNOWN_MARKER
    if isinstance(view, PoliceView):  # the police's own knowledge (H3): only in their view
        _chiefs_knowledge(view, marks, texts)
    for colour, x in view.police.items():
        _put(marks, x, f"police-{colour}")
        texts[x] = COLOUR_LETTERS[colour]
    acting = view.acting_colour
    if acting is not None and acting in view.police and view.phase.key in ACTING_PHASES:
        _put(marks, view.police[acting], f"acting-{acting}")


def _chiefs_knowledge(view: PoliceView, marks: dict[Node, str], texts: dict[Node, str]) -> None:
    """H3: the colour (or fake) of each face-down marker, in the police view."""
    face_up = {m.crossing for m in view.patrol_markers if m.revealed}
    for secret in view.police_secrets.patrol_markers:
        x, colour = secret.crossing, secret.colour
        if x in face_up:
            continue  # face up: already public
        if colour is None:
            _put(marks, x, "marker-fake")
            texts[x] = FAKE_MARKER
        else:
            _put(marks, x, f"marker-{colour}")
            texts[x] = COLOUR_LETTERS[colour].lower()


def _circles(view: LfwView, marks: dict[Node, str]) -> None:
    """The public marks of circles, with Jack's own between them in his view."""
    night = view.night
    for n, clues in clues_by_night(view.log).items():
        if n < night:  # earlier nights' (the public log)
            for c in clues:
                _put(marks, c, CLUE_NIGHTS[min(n, len(CLUE_NIGHTS)) - 1])
    _put_all(marks, view.women_tokens, "woman")
    _put_all(marks, view.wretched, "wretched")
    _put_all(marks, view.searched, "searched")
    for a in view.failed_arrests:
        if a.night == night:
            _put_all(marks, a.circles, "arrest-failed")
    jack = view.jack
    path = jack.path if jack else ()
    tonight = bool(path) and len(path) == night  # tonight's row is written
    if jack:
        _put_all(marks, jack.marked_women, "woman-marked")
        if tonight:
            _put_all(marks, (step.circle for step in path[-1]), "path")
    _put_all(marks, view.false_clues, "false-clue")
    _put_all(marks, (scene.circle for scene in view.crime_scenes), "crime")
    _put_all(marks, view.clues, "clue")
    if jack:
        if jack.hideout is not None:
            _put(marks, jack.hideout, "hideout")
        if tonight and jack.position is not None:
            _put(marks, jack.position, "jack")


def _choices(
    marks: dict[Node, str],
    texts: dict[Node, str],
    targets: Iterable[Node],
    cursor: Node | None,
    labels: Mapping[Node, str],
) -> None:
    """The interface's own marks: the legal choices, their keys, the cursor."""
    _put_all(marks, targets, "target")
    for v, key in labels.items():
        if isinstance(v, str):  # a crossing: its glyph becomes the key
            texts[v] = key
    if cursor is not None:
        _put(marks, cursor, "cursor")
