"""Per-side views (§9), as plain JSON data.

The public part is built from public state only: crime scenes, clues in the
order found, circles searched without a clue, failed arrests, the spaces of
the move track used tonight and the tokens spent on them, face-down
markers' crossings, revealed markers, policemen, the public log, and each
night's hunt as the table saw it happen (`hunt_record`: every move with the
policemen's crossings at that moment, every search and arrest with the
spaces written then) and the circles named by O6, for the notebook.  Jack's view
adds his hideout, his circle, his path and which women are marked; the
police view adds which face-down patrol markers are real and their colours.
Nothing is built from the full state and then pruned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from whitechapel.core.game import PUBLIC
from whitechapel.lfw import flow, hell
from whitechapel.lfw.phases import Phase
from whitechapel.lfw.rulebook import FAKES, JACK, MARKED, POLICE, REAL_MARKERS, WOMEN, space_name
from whitechapel.lfw.state import LfwState
from whitechapel.lfw.table import PHASES


def public_view(g: LfwState) -> dict[str, Any]:
    phase = PHASES[g.phase]
    return {
        "game": "lfw",
        "map": g.board.name,
        "board": g.board.builtin_id,  # a shipped board, 'name@edition' (None: a player's map)
        "options": g.options.to_json(),
        "night": g.night,
        "phase": {"key": g.phase.value, "tag": phase.tag, "name": phase.name},
        "to_act": flow.to_act(g),
        "acting_colour": flow.acting_colour(g),
        "chief": g.chief,
        "time_of_the_crime": (
            space_name(g.crime_space) if g.crime_space is not None and not g.row else None
        ),
        "track": [{"space": space_name(s), "index": s, "how": how} for s, _, how in g.row],
        "coaches_left": g.coaches,
        "alleys_left": g.alleys,
        "women_tokens": sorted(g.women),
        "wretched": list(g.wretched),
        "crime_scenes": [{"night": n, "circle": c} for n, c in g.crime_scenes],
        "patrol_markers": [
            {"crossing": x, "revealed": m.revealed, "colour": m.colour if m.revealed else None}
            for x, m in sorted(g.markers.items(), key=lambda kv: g.board._xorder(kv[0]))
        ],
        "police": dict(sorted(g.police.items())) if g.police_on_board else {},
        "clues": list(g.clues),
        "searched": list(g.searched),
        "failed_arrests": [
            {"night": n, "colour": c, "circles": list(cs)} for n, c, cs in g.arrests
        ],
        "false_clues": list(g.false_clues),
        "false_clue_tokens": g.false_clue_tokens,
        "letters": [{"night": n, "letter": name} for n, name in g.letters],
        "know_used": g.know_used,
        "log": public_log(g),
        "nights": hunt_record(g),
        "hideouts_named": [
            {"night": e[1], "circle": e[2], "found": e[3]} for e in g.events if e[0] == "know"
        ],
        "outcome": g.outcome.to_json() if g.outcome else None,
    }


def jack_secrets(g: LfwState) -> dict[str, Any]:
    return {
        "hideout": g.hideout,
        "position": g.jack,
        "path": [
            [{"space": space_name(s), "circle": c, "how": how} for s, c, how in row]
            for row in g.rows
        ],
        "marked_women": sorted(c for c, marked in g.women.items() if marked),
    }


def police_secrets(g: LfwState) -> dict[str, Any]:
    return {
        "patrol_markers": [
            {"crossing": x, "colour": m.colour}
            for x, m in sorted(g.markers.items(), key=lambda kv: g.board._xorder(kv[0]))
        ],
    }


def view(g: LfwState, side: str) -> dict[str, Any]:
    """Jack's, the police's or the public view (neither side's secrets)."""
    if side not in (JACK, POLICE, PUBLIC):
        raise ValueError(f"unknown side {side!r}")
    out = public_view(g)
    out["side"] = side
    to_act = flow.to_act(g)
    if side != PUBLIC:  # a spectator has no actions
        out["legal"] = [str(x) for x in flow.legal_actions(g)] if to_act == side and _small(g) else []
    if to_act == side and not _small(g):
        out["placement"] = placement(g)
    if side == JACK or g.outcome is not None:
        out["jack"] = jack_secrets(g)
    if side == POLICE:
        out["police_secrets"] = police_secrets(g)
    return out


def placement(g: LfwState) -> dict[str, Any]:
    """What a placement phase allows, instead of its thousands of actions:
    H2, the free red circles and how many women (and marked ones) go on
    them; H3, the crossings that must hold a marker and those that may."""
    if g.phase == Phase.WOMEN:
        n = g.night - 1
        return {"circles": hell.free_red(g), "women": WOMEN[n], "marked": MARKED[n]}
    must, may = hell.patrol_spots(g)
    return {"must": must, "may": may, "real": REAL_MARKERS, "fakes": FAKES}


def _small(g: LfwState) -> bool:
    """Placement phases have thousands of actions: views leave them out."""
    return g.phase not in (Phase.WOMEN, Phase.PATROLS)


def hunt_record(g: LfwState) -> list[dict[str, Any]]:
    """What the table saw of each night's hunt, in the order it happened:
    the crime scenes and the space of the first one; each of Jack's moves,
    its kind and where every policeman stood as he made it; each search and
    arrest, with how many spaces of the night's row were written then; and
    whether Jack announced his hideout.  All of it is public (§9), and it is
    what the police notebook deduces from (`notebook.py`)."""
    out: list[dict[str, Any]] = []
    for e in g.events:
        kind = e[0]
        if kind == "night":
            out.append({"night": e[1], "crime_scenes": [], "crime_index": None, "moves": [],
                        "searches": [], "arrests": [], "home": False})  # fmt: skip
        elif kind == "kill":
            out[-1].update(crime_scenes=list(e[2]), crime_index=e[3])
        elif kind == "move":
            out[-1]["moves"].append({"how": e[2], "index": e[3], "police": dict(e[4])})
        elif kind == "search":
            out[-1]["searches"].append(
                {"colour": e[2], "circle": e[3], "clue": e[4], "written": e[5]}
            )
        elif kind == "arrest":
            out[-1]["arrests"].append(
                {"colour": e[2], "circles": list(e[3]), "success": e[4], "written": e[5]}
            )
        elif kind == "home":
            out[-1]["home"] = True
    return out


# What each kind of event shows in the public log, from its tuple (the rest
# of a tuple, e.g. the policemen's crossings at a move, is for the notebook).
# Every kind the engine writes is here: an unknown one is a bug, not a blank entry.
# fmt: off
_ENTRIES: dict[str, Callable[[tuple], dict[str, Any]]] = {
    # The hideout is chosen before the first night; its entry never names the circle.
    "hideout": lambda e: {"event": e[0], "night": 0},
    "night": lambda e: {"event": e[0], "night": e[1]},
    "chief": lambda e: {"event": e[0], "night": e[1], "chief": e[2]},
    "women": lambda e: {"event": e[0], "night": e[1], "where": list(e[2])},
    "patrols": lambda e: {"event": e[0], "night": e[1], "where": list(e[2])},
    "letter": lambda e: {"event": e[0], "night": e[1], "letter": e[2], "args": list(e[3])},
    "saucy": lambda e: {"event": e[0], "night": e[1], "moves": [list(m) for m in e[2]]},
    "wretched": lambda e: {"event": e[0], "night": e[1], "circles": list(e[2])},
    "wait": lambda e: {"event": e[0], "night": e[1], "time_of_the_crime": space_name(e[2])},
    "wretched_move": lambda e: {"event": e[0], "night": e[1], "source": e[2], "target": e[3]},
    "reveal": lambda e: {"event": e[0], "night": e[1], "crossing": e[2], "colour": e[3]},
    "kill": lambda e: {"event": e[0], "night": e[1], "crime_scenes": list(e[2]),
                       "space": space_name(e[3])},
    "alarm": lambda e: {"event": e[0], "night": e[1], "police": dict(e[2]), "fakes": list(e[3])},
    "move": lambda e: {"event": e[0], "night": e[1], "how": e[2], "space": space_name(e[3])},
    "police_move": lambda e: {"event": e[0], "night": e[1], "colour": e[2], "crossing": e[3]},
    "search": lambda e: {"event": e[0], "night": e[1], "colour": e[2], "circle": e[3],
                         "clue": e[4]},
    "arrest": lambda e: {"event": e[0], "night": e[1], "colour": e[2], "circles": list(e[3]),
                         "success": e[4]},
    "know": lambda e: {"event": e[0], "night": e[1], "circle": e[2], "found": e[3]},
    "end": lambda e: {"event": e[0], "night": e[1], "winner": e[2], "reason": e[3]},
}
# fmt: on
for _kind in ("chase", "graffito", "pass", "false_clue", "home"):
    _ENTRIES[_kind] = lambda e: {"event": e[0], "night": e[1], "detail": list(e[2:])}


def public_log(g: LfwState) -> list[dict[str, Any]]:
    """The public log, one entry per event (`_ENTRIES` says what each kind
    shows): every view carries it, so it is built by a table lookup per event."""
    entries = _ENTRIES
    return [entries[e[0]](e) for e in g.events]


def reveal(game) -> dict[str, Any]:
    """What the end shows every side (§9: Jack's hideout and path)."""
    return {"jack": jack_secrets(game)}
