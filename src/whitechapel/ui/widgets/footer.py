"""The footer of every screen: Textual's, without the redundant rebuilds.

Textual's `Footer` rebuilds all its keys (a widget each, styled anew)
whenever its screen says its bindings may have changed: on every focus
change, every `refresh_bindings()`, several times while a screen starts.
Most of those times the keys shown are the same.  `KeyFooter` remembers
what it last showed -- each shown key, its label, whether it is enabled --
and rebuilds only when that changed.  That is CPU a new SSH session's first
frame and a key press on a game screen no longer pay.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer


class KeyFooter(Footer):
    """A `Footer` that rebuilds only when the keys it shows change."""

    _shown: tuple[Any, ...] | None = None

    def _keys(self) -> tuple[Any, ...]:
        keys = tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (keys, self.show_command_palette)

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self._keys()
        if keys == self._shown and self.children:
            return
        self._shown = keys
        await super().recompose()
