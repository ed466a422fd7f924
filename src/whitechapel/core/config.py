"""The player's settings: what whitechapel remembers between starts.

One TOML file, `config.toml` in the user's config folder (`platformdirs`;
`$WHITECHAPEL_CONFIG_DIR` overrides the folder), read with the standard
library's `tomllib`, written with `tomli-w` atomically (`store.atomic_write_text`):

    theme = "nord"              # the app's theme (ctrl+p, "Change theme")

    [pocket]                    # one table per game: its setup's last choices
    jack = "Ann"                # (the names, who plays, and each of the game's
    investigator = "Bob"        # settings by its name: core/settings.py)
    play = "jack:hard"

    [limits.web]                # a host's: what `serve` and `web` admit
    pending = 512               # (net/doorlimits.py; docs/hosting.md, "Admission")

Strings are kept: `theme` at the top, and per game a table of strings
whose keys and values the game's own setup chooses and reads (this module
names no game).  A value a game no longer offers is left at its default by
that game.  The one table of numbers, `[limits]`, is a host's: it is kept
as written and checked by the servers that read it (`host_limits`).

A file that cannot be read -- not TOML, a value that is not a string, a
folder in its place -- is one sentence (`Loaded.problem`) and the defaults,
never a traceback; it is then never written over, so the player can still
mend it (or remove it: `whitechapel config reset`).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.files import read_player_file
from whitechapel.core.store import atomic_write_text

CONFIG_DIR_ENV = "WHITECHAPEL_CONFIG_DIR"
FILE_NAME = "config.toml"
MAX_CONFIG = 64 * 1024  # bytes: a few names and choices
HEADER = (
    "# whitechapel's settings: what it remembers between starts (names, levels, theme, ...).\n"
    "# Written when you start a game or change the theme; edit it freely, or remove it with\n"
    "# 'whitechapel config reset'.\n\n"
)


class ConfigError(WhitechapelError):
    pass


def config_path() -> Path:
    """Where the settings file is (whether or not it exists yet)."""
    override = os.environ.get(CONFIG_DIR_ENV)
    folder = (
        Path(override)
        if override
        else platformdirs.user_config_path("whitechapel", appauthor=False)
    )
    return folder / FILE_NAME


LIMITS = "limits"  # the host's table of admission numbers


@dataclass
class Settings:
    theme: str | None = None
    games: dict[str, dict[str, str]] = field(default_factory=dict)
    limits: dict[str, Any] = field(default_factory=dict)  # `[limits]`, as written

    def game(self, name: str) -> dict[str, str]:
        """A game's remembered choices (empty: nothing remembered)."""
        return dict(self.games.get(name, {}))

    def to_toml(self) -> str:
        data: dict[str, Any] = {} if self.theme is None else {"theme": self.theme}
        data.update({name: dict(values) for name, values in sorted(self.games.items()) if values})
        if self.limits:
            data[LIMITS] = self.limits
        return tomli_w.dumps(data)

    @classmethod
    def from_toml(cls, text: str) -> Settings:
        """The settings a file's text holds; `ConfigError` (one sentence,
        without the file's name) if it is not TOML or not made of strings."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"as it is not valid TOML: {e}") from None
        settings = cls()
        for key, value in data.items():
            if key == "theme":
                if not isinstance(value, str):
                    raise ConfigError("as 'theme' is not a string in quotes")
                settings.theme = value
            elif key == LIMITS and isinstance(value, dict):
                settings.limits = value
            elif isinstance(value, dict):
                for name, choice in value.items():
                    if not isinstance(choice, str):
                        raise ConfigError(f"as '{key}.{name}' is not a string in quotes")
                settings.games[key] = dict(value)
            else:
                raise ConfigError(f"as '{key}' is neither 'theme' nor a [table] of a game")
        return settings


@dataclass(frozen=True)
class Loaded:
    settings: Settings
    path: Path
    exists: bool
    problem: str | None = None  # one sentence when the file could not be read


def load() -> Loaded:
    """The settings in effect: the file's, or the defaults (no file, or a
    file that cannot be read: then `problem` says why, in one sentence)."""
    path = config_path()
    if not path.exists() and not path.is_symlink():
        return Loaded(Settings(), path, exists=False)
    try:
        raw = read_player_file(path, ConfigError, "settings file", limit=MAX_CONFIG)
    except ConfigError as e:  # a folder, a FIFO, too large, no permission
        reason = "as it " + str(e).removeprefix(f"{path}: ")
    else:
        try:
            return Loaded(Settings.from_toml(raw.decode("utf-8")), path, exists=True)
        except UnicodeDecodeError:
            reason = "as it is not UTF-8 text"
        except ConfigError as e:
            reason = str(e)
    return Loaded(
        Settings(),
        path,
        exists=True,
        problem=(
            f"the settings in {path} cannot be read, {reason}; every choice is at its default "
            "until it is mended or removed ('whitechapel config reset')"
        ),
    )


def host_limits() -> dict[str, Any]:
    """The `[limits]` table of the settings file (empty without one);
    `ConfigError`, one sentence naming the file, when it cannot be read."""
    loaded = load()
    if loaded.problem is not None:
        raise ConfigError(loaded.problem)
    return loaded.settings.limits


def save(settings: Settings, path: Path | None = None) -> Path:
    path = path or config_path()
    atomic_write_text(path, HEADER + settings.to_toml())
    return path


def remember(game: str | None = None, **choices: str | None) -> str | None:
    """Note choices: the theme (`game` None, `theme=`), or a game's (`game`
    given: its setup's fields; None leaves a field as it was).  The file is
    written only when something changed, and never over a file that cannot
    be read.  Returns a sentence when nothing could be remembered, else None:
    remembering never stops a game from starting."""
    loaded = load()
    if loaded.problem is not None:
        return loaded.problem
    settings = loaded.settings
    given = {key: value for key, value in choices.items() if value is not None}
    if game is None:
        if set(given) - {"theme"}:
            raise TypeError(f"only the theme is remembered outside a game: {sorted(given)}")
        if "theme" not in given or given["theme"] == settings.theme:
            return None
        settings.theme = given["theme"]
    else:
        values = settings.games.setdefault(game, {})
        if all(values.get(key) == value for key, value in given.items()):
            return None
        values.update(given)
    try:
        save(settings, loaded.path)
    except OSError as e:
        return f"the settings could not be written to {loaded.path} ({e.strerror or e})"
    return None


def notice(problem: str) -> str:
    """A problem's sentence as the app shows it (the command line writes it
    after "whitechapel: ", in lower case)."""
    return problem[:1].upper() + problem[1:] + "."


def reset() -> tuple[Path, bool]:
    """Remove the settings file: (its path, whether there was one)."""
    path = config_path()
    try:
        path.unlink()
    except FileNotFoundError:
        return path, False
    except IsADirectoryError:
        raise ConfigError(f"{path} is a folder, not a settings file: remove it yourself") from None
    return path, True
