"""The optional rules O1–O6 (§8), chosen at the start of a game.

Kept apart from the setup so that the setup screen can show them without
loading a board (networkx alone costs a quarter of a second at start)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from whitechapel.core.errors import RecordError

OPTIONS = {
    "letters": "O1",
    "false_clues": "O2",
    "chase": "O3",
    "area_arrest": "O4",
    "catch_me": "O5",
    "know_where_you_live": "O6",
}

# The names a player reads on the setup screen and in the notebook: words,
# never the rules reference's tags (a helper's note, round 21: "O1 letters")
OPTION_NAMES = {
    "letters": "letters",
    "false_clues": "false clues",
    "chase": "chase",
    "area_arrest": "area arrest",
    "catch_me": "catch me if you can",
    "know_where_you_live": "I know where you live",
}


@dataclass(frozen=True)
class Options:
    letters: bool = False  # O1
    false_clues: bool = False  # O2
    chase: bool = False  # O3
    area_arrest: bool = False  # O4
    catch_me: bool = False  # O5
    know_where_you_live: bool = False  # O6

    @classmethod
    def from_json(cls, data: Any) -> Options:
        if data in (None, {}):
            return cls()
        if not isinstance(data, dict):
            raise RecordError("options should be a JSON object")
        unknown = sorted(set(data) - set(OPTIONS))
        if unknown:
            raise RecordError(f"unknown option {unknown[0]!r} (known: {', '.join(OPTIONS)})")
        if not all(isinstance(v, bool) for v in data.values()):
            raise RecordError("each option is true or false")
        return cls(**data)

    @classmethod
    def from_names(cls, names: list[str]) -> Options:
        """From command-line names: O1..O6, the option names, or 'all'."""
        chosen = set()
        by_tag = {tag.lower(): name for name, tag in OPTIONS.items()}
        for word in names:
            w = word.lower().replace("-", "_")
            if w == "all":
                chosen |= set(OPTIONS)
            elif w in OPTIONS:
                chosen.add(w)
            elif w in by_tag:
                chosen.add(by_tag[w])
            else:
                raise RecordError(f"unknown option {word!r} (O1..O6, {', '.join(OPTIONS)} or all)")
        return cls(**dict.fromkeys(chosen, True))

    def on(self) -> tuple[str, ...]:
        """The options in play, by their keys, in `OPTIONS` order."""
        return tuple(k for k in OPTIONS if getattr(self, k))

    def to_json(self) -> dict[str, bool]:
        return {k: getattr(self, k) for k in OPTIONS}
