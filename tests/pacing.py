"""The computer's pauses between its actions (a game screen's `PACE`),
held by a test until it releases each: a test of the pacing decides when a
pause ends, never the clock."""

from __future__ import annotations

import asyncio
from typing import Any

import settle


class HeldPauses:
    """The computer's pauses (its pace: long ones) held by the test until it
    releases each; Space ends them as it would.  Short ones run."""

    def __init__(self, screen: Any) -> None:
        self.held: list[asyncio.Future] = []
        turns = screen.turns.computer
        real_pause, real_skip = turns.pause, turns.skip_pacing

        async def pause(seconds: float) -> None:
            if seconds < 60:
                return await real_pause(seconds)
            future = asyncio.get_running_loop().create_future()
            self.held.append(future)
            try:
                await future
            finally:
                if future in self.held:
                    self.held.remove(future)

        def skip() -> None:  # Space: the pause held ends, as a real one would
            real_skip()
            for future in self.held:
                future.set_result(None)

        turns.pause = pause  # type: ignore[method-assign]
        turns.skip_pacing = skip  # type: ignore[method-assign]

    async def release(self, pilot) -> None:
        """The pause is over: the answer held is played."""
        assert len(self.held) == 1
        self.held[0].set_result(None)
        for _ in range(5):  # the computer's task plays it
            await asyncio.sleep(0)
        await settle.settle(pilot)
