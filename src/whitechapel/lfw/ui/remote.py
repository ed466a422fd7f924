"""A Letters from Whitechapel session over the network: the hot-seat
screen, fed by the server.

Each seat has its own terminal: Jack's, or a police seat holding some of
the five policemen (the night's Chief's seat places the patrols).  No
hand-overs: the screen shows the view the server sent to this seat (§9 is
the server's job), and the seat acts when the server says it is its turn
(`state.to_act` names the seat).  `RemoteLfwGame` stands in for the engine
with what the screen reads of one; a word the view does not offer is
refused with the server's own reason once sent.
"""

from __future__ import annotations

import time
from typing import Any

from textual.binding import Binding

from whitechapel.core.game import Outcome
from whitechapel.lfw.maps import load_board
from whitechapel.lfw.phases import JACK
from whitechapel.lfw.ui.screen import LfwScreen


def seat_name(seat: str | None) -> str:
    """A seat as players say it: Jack, police seat 2."""
    if seat is None:
        return "the other side"
    if seat == JACK:
        return "Jack"
    return f"police seat {seat.removeprefix('police')}"


class RemoteLfwGame:
    """The seat's picture of the game, from the server's `state` messages."""

    def __init__(self, first: dict[str, Any]) -> None:
        view = first.get("view", {})
        self.board = load_board(view.get("board") or None)
        self.state: dict[str, Any] = {}
        self.history: list[int] = []
        self.received = 0.0
        self.update(first)

    def update(self, state: dict[str, Any]) -> None:
        self.state = state
        self.received = time.monotonic()
        self.history.append(len(self.history))

    @property
    def _view(self) -> dict[str, Any]:
        return self.state.get("view", {})

    @property
    def to_act(self) -> str | None:
        return None if self.outcome else self._view.get("to_act")

    @property
    def outcome(self) -> Outcome | None:
        result = self.state.get("result") or self._view.get("outcome")
        return Outcome.from_json(result) if result else None

    @property
    def phase(self) -> str:
        return self._view.get("phase", {}).get("key", "")

    @property
    def acting_colour(self) -> str | None:
        return self._view.get("acting_colour")

    def view(self, side: str) -> dict[str, Any]:
        return self._view


class RemoteLfwScreen(LfwScreen):
    BINDINGS = [Binding("ctrl+l", "lobby", "Lobby")]

    def __init__(self, link: Any, room: str, seat: str | None, first: dict[str, Any]) -> None:
        self.remote = RemoteLfwGame(first)
        super().__init__(self.remote, None, None)  # type: ignore[arg-type]
        self.link, self.room, self.seat = link, room, seat
        side = self.remote._view.get("side")
        self.holder = side if seat is not None else None
        self.waiting = False

    # -- what the server says -----------------------------------------------------

    def remote_state(self, msg: dict[str, Any]) -> None:
        if msg is not self.remote.state:
            self.remote.update(msg)
        self.waiting = False
        if self.is_mounted:
            self.new_choice()
            self.refresh_all()
            self.centre_on_targets()

    def remote_error(self, message: str) -> None:
        self.waiting = False
        self.new_choice()
        self.notice = message
        self.refresh_all()

    # -- the hot-seat screen's hooks ----------------------------------------------------

    def on_mount(self) -> None:
        self.new_choice()
        self.refresh_all()
        self.centre_on_targets()

    def on_unmount(self) -> None:
        lobby = next((s for s in self.app.screen_stack if hasattr(s, "screen_closed")), None)
        if lobby is not None:
            lobby.screen_closed(self.room)

    def action_lobby(self) -> None:
        self.app.pop_screen()

    def pass_keyboard(self) -> None:
        self.new_choice()
        self.refresh_all()

    def player_name(self, side: str) -> str:
        title = "Jack" if side == JACK else "the police"
        return f"you ({title})" if side == self.holder else title

    def current_view(self) -> dict[str, Any]:
        return self.remote._view

    def can_act(self) -> bool:
        return (
            not self.curtain_up
            and not self.waiting
            and self.remote.outcome is None
            and self.seat is not None
            and self.remote.state.get("to_act") == self.seat
        )

    def prompt_text(self, view: dict[str, Any]) -> str:
        if self.remote.outcome is None and not self.can_act():
            if self.seat is None:
                return "You are watching this game."
            if self.waiting:
                return "Sent; waiting for the server…"
            return f"Waiting for {seat_name(self.remote.state.get('to_act'))}…"
        return super().prompt_text(view)

    def engine_reason(self, chooser: Any, word: str) -> str:
        return f"{word} is not one of the choices now: the highlighted ones are."

    def send(self, text: str) -> None:
        self.waiting = True
        self.refresh_all()
        self.run_worker(self._send(text), group="send")

    async def _send(self, text: str) -> None:
        try:
            await self.link.send({"type": "act", "room": self.room, "action": text})
        except Exception as e:  # the connection is gone: say so, change nothing
            self.remote_error(f"Could not send: {e}")

    def autosave(self) -> None:
        pass  # the server keeps every room's record

    def save_if_unsaved(self) -> None:
        pass

    def action_save(self) -> None:
        self.notify("The server keeps this game's record.", timeout=4)
