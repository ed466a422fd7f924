"""The police's computer players: `easy`, `normal`, `hard` (see docs/lfw.md)."""

from __future__ import annotations

from typing import Any

POLICE_LEVELS: dict[str, Any] = {}  # level -> factory (side, seed, table)
