"""Game records: one JSON document per game, for both games.

    {
      "format": "whitechapel-record", "version": 1,
      "game": "pocket", "options": {}, "seed": 1234,
      "players": {"jack": "Ann", "investigator": "Bob"},
      "started": "2026-11-29T13:25:00+00:00",
      "setup": {...every chance event, in the game's own form...},
      "actions": ["H+1", "Rb2E", ...],
      "outcome": {"winner": "jack", "reason": "...", "detail": "round 8"} | null,
      "settings": {...}  # optional: how it is shown and handed around (core/settings.py)
    }

A record replays to the identical state: the setup pins every chance event,
and the actions are in their text form.  `docs/records.md` documents it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from whitechapel.core.errors import IllegalAction, NotationError, RecordError
from whitechapel.core.game import Game, Outcome
from whitechapel.core.registry import rules_for
from whitechapel.core.settings import check_settings

FORMAT = "whitechapel-record"
VERSION = 1
MAX_RECORD_BYTES = 4 * 1024 * 1024


@dataclass
class Record:
    game: str
    setup: dict[str, Any]
    actions: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    players: dict[str, str] = field(default_factory=dict)
    started: str = ""
    outcome: Outcome | None = None
    # The game's settings chosen (core/settings.py: not rules, how the game is
    # shown and handed around); one left out is at its default.
    settings: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "started": self.started,
            "setup": self.setup,
            "actions": list(self.actions),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }
        if self.settings:
            data["settings"] = dict(self.settings)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """Parse a record's text; anything else gets a `RecordError` saying why."""
        size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"the file is too large for a game record ({size} bytes)")
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError("not a game record: the file is not UTF-8 text") from None
        if not text.strip():
            raise RecordError("not a game record: the file is empty")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(
                f"not a valid game record: broken JSON at line {e.lineno} column {e.colno}"
                f" ({e.msg}); the file may be truncated"
            ) from None
        except (ValueError, RecursionError):  # absurd numbers or nesting
            raise RecordError(
                "not a valid game record: the JSON is nested or sized absurdly"
            ) from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            raise RecordError("not a game record: the JSON is not an object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(
                f"not a whitechapel game record (format {fmt!r}, expected {FORMAT!r})"
            )
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordError(f"the record's version {version!r} is not a positive whole number")
        if version > VERSION:
            raise RecordError(
                f"the record is version {version}, newer than this program reads ({VERSION}); "
                "update whitechapel to open it"
            )
        game = _get(data, "game", str)
        rules = rules_for(game)  # refuses a game this program does not know
        actions = _get(data, "actions", list)
        if not all(isinstance(a, str) for a in actions):
            raise RecordError("every action in the record should be text")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("the record's seed should be a whole number or null")
        players = data.get("players", {})
        if not isinstance(players, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in players.items()
        ):
            raise RecordError("the record's players should map each side to a name")
        outcome = data.get("outcome")
        try:
            outcome = Outcome.from_json(outcome) if outcome is not None else None
        except ValueError as e:
            raise RecordError(f"the record's outcome is malformed: {e}") from None
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("the record's options should be a JSON object")
        started = data.get("started", "")
        settings = data.get("settings", {})
        if not isinstance(settings, dict):
            raise RecordError("the record's settings should be a JSON object")
        # Records written before settings were kept together had each one at
        # the top, by its name: read there too.
        older = {s.name: data[s.name] for s in rules.settings if data.get(s.name) is not None}
        try:
            settings = check_settings(rules.settings, {**older, **settings}, title=rules.title)
        except RecordError as e:
            raise RecordError(f"the record's settings: {e}") from None
        return cls(
            game=game,
            setup=_get(data, "setup", dict),
            actions=list(actions),
            options=options,
            seed=seed,
            players=dict(players),
            started=started if isinstance(started, str) else "",
            outcome=outcome,
            settings=settings,
        )


def _get(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise RecordError(f"the record is missing {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise RecordError(
            f"the record's {key!r} should be a {_KIND_NAMES.get(kind, kind.__name__)}"
        )
    return value


_KIND_NAMES = {str: "text", list: "list", dict: "JSON object", int: "whole number"}


def now_iso() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def record_of(
    game: Game,
    *,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    players: dict[str, str] | None = None,
    started: str | None = None,
    settings: dict[str, str] | None = None,
) -> Record:
    """The record of a game so far (setup plus every action in text form),
    played with `settings` (the game's, as chosen: core/settings.py)."""
    rules = rules_for(game.name)
    return Record(
        game=game.name,
        setup=rules.setup_to_json(game.setup),
        actions=[str(a) for a in game.history],
        options=dict(options if options is not None else game.options_json()),
        seed=seed,
        players=dict(players or {}),
        started=started or now_iso(),
        outcome=game.outcome,
        settings=dict(settings or {}),
    )


def started(record: Record) -> Game:
    """The game a record describes, before its first action."""
    rules = rules_for(record.game)
    options = rules.check_options(record.options)
    return rules.start(rules.setup_from_json(record.setup, options), options)


def turns_of(record: Record) -> list[str | None]:
    """Who was to act before each action of `record` (its actions replayed)."""
    game = started(record)
    before: list[str | None] = []
    for text in record.actions:
        before.append(game.to_act)
        game.play(text)
    return before


def replay(record: Record) -> Game:
    """Rebuild the game a record describes, checking every action on the way."""
    game = started(record)
    for i, text in enumerate(record.actions, start=1):
        try:
            game.play(text)  # the action and what follows it by itself (a witness call)
        except (NotationError, IllegalAction) as e:
            raise RecordError(
                f"action {i} of the record ({text!r}) cannot be replayed: {e}"
            ) from None
    if record.outcome is not None and record.outcome != game.outcome:
        got = game.outcome.winner if game.outcome else "nobody yet"
        raise RecordError(
            f"the record says {record.outcome.winner} won, but its actions give {got}: "
            "the file was altered or is corrupt"
        )
    return game
