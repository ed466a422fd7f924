"""An SSH client with a terminal, as the gateway's tests use it: log in
(asyncssh, loopback only), open a session with a pty, read what the app
draws with the escapes cut, type keys."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh

from polling import TIMEOUT, until

PASSWORD = "letmein-221b"
ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
SRC = str(Path(__file__).resolve().parent.parent / "src")


async def connect(
    port: int, user: str, password: str = PASSWORD, source: str = "127.0.0.1", **options
) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1",
        port,
        username=user,
        password=password,
        known_hosts=None,
        client_keys=None,
        preferred_auth="password",
        local_addr=(source, 0),
        **options,
    )


class Terminal:
    """An SSH session with a pty, and the text it has shown (escapes cut)."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.seen = b""

    @classmethod
    async def open(
        cls,
        conn: asyncssh.SSHClientConnection,
        size: tuple[int, int] = (100, 30),
        term: str = "xterm-256color",
    ) -> Terminal:
        process = await conn.create_process(term_type=term, term_size=size, encoding=None)
        return cls(process)

    def text(self) -> str:
        return ANSI.sub(b"", self.seen).decode(errors="replace")

    async def read(self, timeout: float) -> bool:
        """Whatever arrives within `timeout` seconds; False at the end of the stream."""
        try:
            data = await asyncio.wait_for(self.process.stdout.read(65536), timeout)
        except TimeoutError:
            return True
        self.seen += data
        return bool(data)

    async def wait_for(self, words: str, timeout: float = TIMEOUT) -> None:
        async def shown() -> bool:
            if words not in self.text():
                self.seen += await self.process.stdout.read(65536)
            return words in self.text()

        await until(
            shown,
            what=f"{words!r} on screen",
            timeout=timeout,
            step=0,
            shown=lambda: repr(self.text()[-600:]),
        )

    async def keys(self, *keys: str, pause: float = 0.3) -> None:
        for key in keys:
            self.process.stdin.write(key.encode())
            await asyncio.sleep(pause)
