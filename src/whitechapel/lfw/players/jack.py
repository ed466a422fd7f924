"""Jack's computer players: `easy`, `normal`, `hard` (see docs/lfw.md)."""

from __future__ import annotations

from typing import Any

JACKS: dict[str, Any] = {}  # level -> factory (side, seed, table)
