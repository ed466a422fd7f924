"""Screens both games share: hand-over and hide screens, help, the window
size guard."""
