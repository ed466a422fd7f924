"""Network play: one authoritative server holds every game; players and
spectators connect over TCP and speak JSON lines (`docs/protocol.md`).

- `protocol.py` the messages, their fields and limits, encode/decode;
- `rooms.py`    a room: one game, its seats and tokens, the chess clock,
                persistence (pure Python, no asyncio);
- `server.py`   the asyncio server: connections, limits, broadcasting views;
- `client.py`   a small client used by the tests, the benchmark and the UI.

The server sends each seat only its own side's view (P9, §9) and spectators
only the public view; nothing a peer sends is trusted.
"""
