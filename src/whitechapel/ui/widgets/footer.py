"""The footer of every screen: Textual's, without the redundant rebuilds.

Textual's `Footer` rebuilds all its keys (a widget each, styled anew)
whenever its screen says its bindings may have changed: on every focus
change, every `refresh_bindings()`, several times while a screen starts.
Most of those times the keys shown are the same.  `KeyFooter` remembers
what it last showed -- each shown key, its label, whether it is enabled --
and rebuilds only when that changed.  That is CPU a new SSH session's first
frame and a key press on a game screen no longer pay.

A screen may leave keys out of its footer for now (`footer_spared`: keys
its help says and every player tries, such as Tab and Enter, where the
footer has no room for all), so that those said nowhere else stay in
sight.  Textual exports no name for a footer's key widget: it is taken
from the module that defines it (`FooterKey`, its `key` the binding's).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """A `Footer` that rebuilds only when the keys it shows change."""

    _shown: tuple[Any, ...] | None = None

    def _spared(self) -> frozenset[str]:
        spared = getattr(self.screen, "footer_spared", None)
        return frozenset(spared()) if callable(spared) else frozenset()

    def _keys(self) -> tuple[Any, ...]:
        keys = tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (keys, self.show_command_palette, self._spared())

    def compose(self) -> Iterator[Widget]:
        spared = self._spared()
        kept = [w for w in super().compose() if not (isinstance(w, FooterKey) and w.key in spared)]
        if spared:
            self.styles.grid_size_columns = sum(not w.has_class("-command-palette") for w in kept)
        yield from kept

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self._keys()
        if keys == self._shown and self.children:
            return
        self._shown = keys
        await super().recompose()
