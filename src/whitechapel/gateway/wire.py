"""What the gateway, its fork server and its session hosts say to each
other, and how they die together.

They talk over Unix socket pairs of type SOCK_SEQPACKET, one JSON object
per packet, a pty's far end passed along where a session starts
(SCM_RIGHTS):

- gateway → fork server: `{"id": n, "host": true}`: fork a session host;
- fork server → gateway: `{"ready": pid}` once, then `{"id": n, "pid": pid}`
  with the gateway's end of the new host's socket, and `{"exit": pid,
  "status": s}` when a host ended;
- gateway → host: `{"id": n, "env": {...}}` + the pty's far end: start
  session n; `{"end": n}`: ask its app to quit; `{"kill": n}`: drop it now;
- host → gateway: `{"exit": n, "status": s, "why": "..."}` when session n
  has ended (`why` when the host ended it: its guard, a terminal that took
  no output).

Every process below the gateway dies with its parent (`die_with_parent`):
the fork server with the gateway, each host with the fork server, and a
host's sessions with the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
import socket
from collections.abc import Callable

PR_SET_PDEATHSIG = 1
GRACE = 3.0  # seconds a session's app has to quit when its session ends, then it is dropped
PACKET = 1 << 16  # the largest packet read


def die_with_parent(parent: int) -> None:
    """Have the kernel send SIGHUP to this process when its parent dies
    (Linux), and leave now if the parent already died before that was set."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGHUP, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(129)


def receive(sock: socket.socket) -> tuple[bytes, list[int]] | None:
    """One packet and the descriptors it carries from a non-blocking
    socket; None when there is none yet; b"" when the other side is gone."""
    try:
        data, fds, _flags, _addr = socket.recv_fds(sock, PACKET, 1)
    except BlockingIOError:
        return None
    except OSError:
        return b"", []
    return data, fds


async def send_with_fd(
    sock: socket.socket, data: bytes, fd: int, who: str, gone: Callable[[], bool] = lambda: False
) -> None:
    """One packet with a descriptor on a non-blocking socket to `who`,
    waiting for room (at most ~5 s) while it is busy; `gone()` says it
    ended meanwhile."""
    for _ in range(500):
        try:
            socket.send_fds(sock, [data], [fd])
            return
        except BlockingIOError:
            await asyncio.sleep(0.01)
        except OSError as e:
            raise RuntimeError(f"{who} is gone: {e}") from e
        if gone():
            raise RuntimeError(f"{who} ended")
    raise TimeoutError(f"{who} is not taking requests")
