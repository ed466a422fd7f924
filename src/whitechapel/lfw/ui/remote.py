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

from typing import Any

from textual.binding import Binding

from whitechapel.lfw.map.maps import load_board
from whitechapel.lfw.phases import JACK
from whitechapel.lfw.ui.screen import LfwScreen
from whitechapel.ui.remote import RemoteSeat, RemoteState


def seat_name(seat: str | None) -> str:
    """A seat as players say it: Jack, police seat 2."""
    if seat is None:
        return "the other side"
    if seat == JACK:
        return "Jack"
    return f"police seat {seat.removeprefix('police')}"


class RemoteLfwGame(RemoteState):
    """The seat's picture of the game, from the server's `state` messages."""

    def __init__(self, first: dict[str, Any]) -> None:
        super().__init__()
        self.board = load_board(first.get("view", {}).get("board") or None)
        self.update(first)

    @property
    def phase(self) -> str:
        return self.current.get("phase", {}).get("key", "")

    @property
    def acting_colour(self) -> str | None:
        return self.current.get("acting_colour")


class RemoteLfwScreen(RemoteSeat, LfwScreen):
    BINDINGS = [Binding("ctrl+l", "lobby", "Lobby")]

    def __init__(self, link: Any, room: str, seat: str | None, first: dict[str, Any]) -> None:
        self.remote = RemoteLfwGame(first)
        super().__init__(self.remote, None, None)  # type: ignore[arg-type]
        self.link, self.room, self.seat = link, room, seat
        side = self.remote.current.get("side")
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

    def pass_keyboard(self) -> None:
        self.new_choice()
        self.refresh_all()

    def player_name(self, side: str) -> str:
        title = "Jack" if side == JACK else "the police"
        return f"you ({title})" if side == self.holder else title

    def current_view(self) -> dict[str, Any]:
        return self.remote.current

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
