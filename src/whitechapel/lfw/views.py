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

from typing import Any

from whitechapel.core.game import PUBLIC
from whitechapel.lfw import flow, hell
from whitechapel.lfw.phases import JACK, MARKED, POLICE, WOMEN, Phase, space_name
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
    return {"must": must, "may": may, "real": 5, "fakes": 2}


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


def public_log(g: LfwState) -> list[dict[str, Any]]:
    out = []
    for e in g.events:
        kind, rest = e[0], e[1:]
        entry: dict[str, Any] = {"event": kind}
        if kind == "hideout":
            entry.update(night=0)  # chosen before the first night; never the circle
        elif kind == "night":
            entry.update(night=rest[0])
        elif kind == "chief":
            entry.update(night=rest[0], chief=rest[1])
        elif kind in ("women", "patrols"):
            entry.update(night=rest[0], where=list(rest[1]))
        elif kind == "letter":
            entry.update(night=rest[0], letter=rest[1], args=list(rest[2]))
        elif kind == "saucy":
            entry.update(night=rest[0], moves=[list(m) for m in rest[1]])
        elif kind == "wretched":
            entry.update(night=rest[0], circles=list(rest[1]))
        elif kind == "wait":
            entry.update(night=rest[0], time_of_the_crime=space_name(rest[1]))
        elif kind == "wretched_move":
            entry.update(night=rest[0], source=rest[1], target=rest[2])
        elif kind == "reveal":
            entry.update(night=rest[0], crossing=rest[1], colour=rest[2])
        elif kind == "kill":
            entry.update(night=rest[0], crime_scenes=list(rest[1]), space=space_name(rest[2]))
        elif kind == "alarm":
            entry.update(night=rest[0], police=dict(rest[1]), fakes=list(rest[2]))
        elif kind == "move":
            entry.update(night=rest[0], how=rest[1], space=space_name(rest[2]))
        elif kind == "police_move":
            entry.update(night=rest[0], colour=rest[1], crossing=rest[2])
        elif kind == "search":
            entry.update(night=rest[0], colour=rest[1], circle=rest[2], clue=rest[3])
        elif kind == "arrest":
            entry.update(night=rest[0], colour=rest[1], circles=list(rest[2]), success=rest[3])
        elif kind in ("chase", "graffito", "pass", "false_clue", "home"):
            entry.update(night=rest[0], detail=list(rest[1:]))
        elif kind == "know":
            entry.update(night=rest[0], circle=rest[1], found=rest[2])
        elif kind == "end":
            entry.update(night=rest[0], winner=rest[1], reason=rest[2])
        out.append(entry)
    return out


def reveal(game) -> dict[str, Any]:
    """What the end shows every side (§9: Jack's hideout and path)."""
    return {"jack": jack_secrets(game)}
