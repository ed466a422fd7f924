"""What both games' network screens share: the seat's picture of a game
from the server's `state` messages, and the seat's life on a game screen
(sending an action, going back to the lobby; the server keeps the record)."""

from __future__ import annotations

import time
from typing import Any

from whitechapel.core.game import Outcome


class RemoteState:
    """The last `state` the server sent this seat, read the way the game
    screens read an engine: the view, whose turn, the outcome."""

    def __init__(self) -> None:
        self.state: dict[str, Any] = {}
        self.received = 0.0  # when the last state came (the running clock counts from it)
        self.history: list[int] = []  # one entry per state: the screens' version key

    def update(self, state: dict[str, Any]) -> None:
        self.state = state
        self.received = time.monotonic()
        self.history.append(len(self.history))

    @property
    def current(self) -> dict[str, Any]:
        return self.state.get("view", {})

    @property
    def to_act(self) -> str | None:
        return None if self.outcome else self.current.get("to_act")

    @property
    def outcome(self) -> Outcome | None:
        """The engine's outcome, or the room's (a chess clock ran out)."""
        result = self.state.get("result") or self.current.get("outcome")
        return Outcome.from_json(result) if result else None

    def view(self, side: str) -> dict[str, Any]:
        return self.current  # the seat only ever has its own


class RemoteSeat:
    """Mixed into a game screen played through a server (`link`, `room`)."""

    link: Any
    room: str
    waiting = False

    def remote_error(self, message: str) -> None:  # pragma: no cover - each screen's own
        raise NotImplementedError

    def send(self, text: str) -> None:
        self.waiting = True
        self.refresh_all()  # type: ignore[attr-defined]
        self.run_worker(self._send(text), group="send")  # type: ignore[attr-defined]

    async def _send(self, text: str) -> None:
        try:
            await self.link.send({"type": "act", "room": self.room, "action": text})
        except Exception as e:  # the connection is gone: say so, change nothing
            self.remote_error(f"Could not send: {e}")

    def on_unmount(self) -> None:
        """The lobby keeps the seat's token: Enter on the room takes it back."""
        stack = self.app.screen_stack  # type: ignore[attr-defined]
        lobby = next((s for s in stack if hasattr(s, "screen_closed")), None)
        if lobby is not None:
            lobby.screen_closed(self.room)

    def action_lobby(self) -> None:
        self.app.pop_screen()  # type: ignore[attr-defined]

    def autosave(self) -> None:
        pass  # the server keeps every room's record

    def save_if_unsaved(self) -> None:
        pass

    def action_save(self) -> None:
        self.notify("The server keeps this game's record.", timeout=4)  # type: ignore[attr-defined]
