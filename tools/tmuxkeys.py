"""Driving a tmux pane as a person at the keyboard, for the tools that play
the app in a real terminal (tmux_play.py, tmux_ssh_duel.py)."""

from __future__ import annotations

import subprocess

# Textual's names of the keys the players press, as tmux's send-keys writes them.
TMUX_KEYS = {
    "enter": "Enter",
    "escape": "Escape",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "tab": "Tab",
    "backspace": "BSpace",
}


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def capture(session: str) -> str:
    """What the pane of `session` shows now, as text."""
    return tmux("capture-pane", "-t", session, "-p")


def press(session: str, key: str) -> None:
    """One key (a Textual name or a character) into `session`'s pane."""
    tmux("send-keys", "-t", session, TMUX_KEYS.get(key, key))
