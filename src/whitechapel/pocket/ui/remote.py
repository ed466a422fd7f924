"""A Mr. Jack Pocket duel over the network: the hot-seat screen, fed by the
server.

Each player has a terminal of their own, so there is no hand-over: the seat
is the keyboard's holder all game, and the screen shows exactly the view
the server sent to that seat (P9 is the server's job).  `RemoteGame` stands
in for the engine with what the screen reads of one: the view, whose turn,
the outcome, the legal actions the view lists; an action goes to the server
as its text, and the screen redraws when the next `state` arrives.
"""

from __future__ import annotations

import time
from typing import Any

from textual.binding import Binding

from whitechapel.pocket.pieces import JACK
from whitechapel.pocket.ui.screen import PocketScreen
from whitechapel.ui.remote import RemoteSeat, RemoteState
from whitechapel.ui.widgets.choice import Choice
from whitechapel.ui.widgets.text import TextPanel


class RemoteGame(RemoteState):
    """The seat's picture of the game, from the server's `state` messages."""

    def legal_actions(self) -> list[str]:
        return list(self.current.get("legal", []))


class RemotePocketScreen(RemoteSeat, PocketScreen):
    """The game screen of one seat (or of a spectator, who never acts)."""

    BINDINGS = [Binding("ctrl+l", "lobby", "Lobby")]

    def __init__(self, link: Any, room: str, seat: str | None, first: dict[str, Any]) -> None:
        self.remote = RemoteGame()
        super().__init__(self.remote, None, None, "remote")  # type: ignore[arg-type]
        self.link, self.room, self.seat = link, room, seat
        self.holder = seat if seat in ("jack", "investigator") else None
        self.waiting = False

    # -- what the server says -----------------------------------------------------

    def remote_state(self, msg: dict[str, Any]) -> None:
        self.remote.update(msg)
        self.waiting = False
        self.notice = ""
        if self.is_mounted:
            self.mode, self.token, self.first, self.wall = "token", None, None, None
            self.refresh_all()

    def remote_error(self, message: str) -> None:
        self.waiting = False
        self.notice = message
        self.refresh_all()

    # -- the hot-seat screen's hooks ----------------------------------------------------

    def on_mount(self) -> None:
        self.refresh_all()
        self.set_interval(1.0, self.tick)

    def pass_keyboard(self) -> None:
        self.refresh_all()

    def player_name(self, side: str, *, capital: bool = False) -> str:
        name = "Jack" if side == JACK else "the investigator"
        if side == self.seat:
            name = "you (Jack)" if side == JACK else "you (the investigator)"
        return name[0].upper() + name[1:] if capital else name

    def can_act(self) -> bool:
        return (
            not self.curtain_kind
            and not self.waiting
            and self.game.outcome is None
            and self.holder is not None
            and self.holder == self.game.to_act
        )

    def prompt_text(self) -> str:
        game = self.game
        if game.outcome:
            return f"Game over: {game.outcome.reason}.\nctrl+l (or Lobby) goes back to the lobby."
        if self.holder is None:
            return "You are watching this game."
        if self.waiting:
            return "Sent; waiting for the server…"
        if not self.can_act():
            return f"Waiting for {self.player_name(game.to_act or '')}…"
        return super().prompt_text()

    def clock_text(self) -> str:
        """The chess clock of a duel: each side's time left."""
        clock = self.remote.state.get("clock") or {}
        parts = []
        for side, t in (clock.get("remaining") or {}).items():
            if side == clock.get("running") and not self.game.outcome:
                t = max(0.0, t - (time.monotonic() - self.remote.received))
            parts.append(f"{side} {int(t) // 60}:{int(t) % 60:02d}")
        return ("  ⏱ " + "  ".join(parts)) if parts else ""

    def tick(self) -> None:
        """Once a second: the running clock's new figure (the server decides
        when time is up; this only shows it)."""
        clock = self.clock_text()
        if clock and self.is_mounted:
            banner = self.query_one("#banner", TextPanel)
            banner.set(banner.markup.split("  ⏱ ")[0] + clock)

    def refresh_all(self) -> None:
        if not self.remote.state:
            return
        super().refresh_all()
        clock = self.clock_text()
        if clock:
            banner = self.query_one("#banner", TextPanel)
            banner.set(banner.markup.split("  ⏱ ")[0] + clock)

    def rebuild_choices(self) -> None:
        """At the end: back to the lobby (the server keeps the record; a new
        duel starts there)."""
        super().rebuild_choices()
        if self.game.outcome:
            buttons = list(self.query("#choices Choice").results(Choice))
            buttons[0].show("Lobby", "do-lobby")
            for button in buttons[1:]:
                button.show("", "")

    def on_choice_pressed(self, event: Choice.Pressed) -> None:
        if event.choice == "do-lobby":
            self.action_lobby()
        else:
            super().on_choice_pressed(event)

    def action_rematch(self) -> None:
        self.notify("Start a new duel from the lobby (Esc).", timeout=4)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("secrets", "rematch", "save"):
            return False
        return super().check_action(action, parameters)
