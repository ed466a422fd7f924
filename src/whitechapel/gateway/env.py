"""What a gateway session's app is told: its environment, the same for an
SSH session and a browser session (`gateway/ssh.py`, `web/`).  No SSH
library here: the web gateway builds its sessions' environments too."""

from __future__ import annotations

import os
from pathlib import Path


def base_env(data: Path) -> dict[str, str]:
    """The gateway's own basics, given to every session's app: PATH, HOME,
    LANG (UTF-8), the data folder `data`, and PYTHONPATH when set (the app
    imports the same whitechapel as the gateway)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/"),
        "LANG": "C.UTF-8",
        "WHITECHAPEL_DATA_DIR": str(data),
    }
    if "PYTHONPATH" in os.environ:
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


def session_env(
    base: dict[str, str],
    *,
    term: str,
    colorterm: str | None,
    identity: str,
    peer: str,
    name: str,
    server: str,
    game_password: str | None = None,
    gateway_secret: str | None = None,
    invite: str | None = None,
) -> dict[str, str]:
    """The environment of a session's app process:

    - `WHITECHAPEL_SSH=1`: the app runs for a gateway's session (SSH or a
      browser's: the same app, with no file-system features);
    - `WHITECHAPEL_IDENTITY`: who this is (`key:SHA256:...` or `session:HEX`);
    - `WHITECHAPEL_PEER`: the client's IP address;
    - `WHITECHAPEL_NAME`: the display name (the SSH user name, or the name
      typed at the web login; cleaned by the app);
    - `WHITECHAPEL_SERVER`: the game server, HOST:PORT;
    - `TERM`, and `COLORTERM` when the client sent it (ssh does not forward
      it unless asked), besides the gateway's own basics (`base`);
    - `WHITECHAPEL_PASSWORD`, `WHITECHAPEL_GATEWAY_SECRET`: the game
      server's password, the gateway's secret, when there are;
    - `WHITECHAPEL_INVITE`: how a friend reaches this gateway, an invite
      line's start (`ssh -t -p PORT NAME@HOST`, the lobby adds `join CODE`), for
      an SSH session; the gateway adds `WHITECHAPEL_ROOM`, the room an
      invite asked for (`gateway/session.py`).
    """
    env = dict(base)
    env.update(
        TERM=term,
        WHITECHAPEL_SSH="1",
        WHITECHAPEL_IDENTITY=identity,
        WHITECHAPEL_PEER=peer,
        WHITECHAPEL_NAME=name,
        WHITECHAPEL_SERVER=server,
    )
    if colorterm:
        env["COLORTERM"] = colorterm
    if game_password is not None:  # in its environment, not its (public) arguments
        env["WHITECHAPEL_PASSWORD"] = game_password
    if gateway_secret is not None:  # a remote game server: the app proves the gateway
        env["WHITECHAPEL_GATEWAY_SECRET"] = gateway_secret
    if invite is not None:
        env["WHITECHAPEL_INVITE"] = invite
    return env
