"""Forms of text fields (a setup screen's names): Tab and shift+Tab as
priority bindings, so that the focus moves before the keys typed after
them reach a field.  Left to the focused field's own turn, "Ann", Tab,
"Bob" typed in one burst gave "AnnBob" (play-testers I, J and L of
issue 43): the letters were on their way to the first field before Tab
was handled."""

from __future__ import annotations

from textual.binding import Binding


def tab_bindings(scope: str) -> list[Binding]:
    """Tab and shift+Tab between a form's rows, ids under `scope`."""
    return [
        Binding("tab", "app.focus_next", "Next", show=False, priority=True, id=f"{scope}.tab"),
        Binding(
            "shift+tab",
            "app.focus_previous",
            "Previous",
            show=False,
            priority=True,
            id=f"{scope}.shift_tab",
        ),
    ]
