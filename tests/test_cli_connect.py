"""Commands that connect fail fast (issue 50): `whitechapel join` to a
server that cannot be reached is one sentence and exit status 1, as `ssh`
is, instead of a lobby that waits for ever; a bad HOST:PORT is a usage
error (exit 2).  All traffic stays on loopback."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys

import pytest

from whitechapel.cli import main
from whitechapel.core.errors import WhitechapelError
from whitechapel.join import first_contact
from whitechapel.net.server import GameServer


def closed_port() -> int:
    """A loopback port that was bound, then closed: nothing listens there."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def whitechapel(*argv: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "whitechapel", *argv],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "TERM": "xterm-256color"},
        timeout=timeout,
    )


def test_join_to_a_closed_port_exits_1_at_once_with_one_sentence():
    """It used to open the lobby and wait for ever.  The bound is generous
    (a verdict must not hang on the machine's load): the answer comes as
    the refused connection does, some 0.5 s here, mostly Python starting."""
    port = closed_port()
    done = whitechapel("join", f"127.0.0.1:{port}", "--name", "Ann", timeout=60)
    assert done.returncode == 1
    assert done.stdout == ""  # no lobby was drawn
    (line,) = done.stderr.splitlines()
    assert line == f"whitechapel: cannot reach the game server at 127.0.0.1:{port}: " + (
        "connection refused"
    )


def test_join_to_a_host_that_does_not_exist_is_one_sentence():
    with pytest.raises(WhitechapelError, match=r"no host named 'nohost\.invalid'"):
        first_contact("nohost.invalid", 7888, "Ann", None)


def test_join_to_something_that_is_not_a_game_server_is_one_sentence():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]

        async def probe() -> None:
            task = asyncio.create_task(
                asyncio.to_thread(first_contact, "127.0.0.1", port, "A", None)
            )
            peer, _ = await asyncio.to_thread(listener.accept)
            peer.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")  # another program's greeting
            peer.close()
            await task

        with pytest.raises(WhitechapelError, match=f"127.0.0.1:{port}"):
            asyncio.run(probe())


async def test_a_game_server_that_welcomes_us_lets_the_lobby_open(tmp_path):
    server = GameServer(tmp_path)
    await server.start("127.0.0.1", 0)
    try:
        host, port = server.address
        assert await asyncio.to_thread(first_contact, host, port, "Ann", None) is False
    finally:
        await server.close()


@pytest.mark.parametrize("command", ["serve --ssh 0 --gateway-secret s", "web"])
def test_a_gateway_into_a_closed_server_exits_1_before_it_listens(command, capsys):
    if command == "web":
        pytest.importorskip("textual_serve")
    port = closed_port()
    assert main([*command.split(), "--server", f"127.0.0.1:{port}"]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line == f"whitechapel: cannot reach the game server at 127.0.0.1:{port}: " + (
        "connection refused"
    )


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["join", "127.0.0.1:notaport"], "'notaport' is not a port number"),
        (["join", ":7888"], "':7888' is not HOST:PORT"),
        (["join"], "HOST:PORT"),
        (["web", "--server", "127.0.0.1:99999"], "'99999' is not a port number"),
    ],
)
def test_a_bad_address_is_a_usage_error_exit_2(argv, problem, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert problem in line and line.endswith("--help')")


@pytest.mark.parametrize(
    "argv",
    [
        ["join", "127.0.0.1:7888", "GUJQ", "--name", "Ann"],
        ["join", "127.0.0.1:7888", "--name", "Ann", "gujq"],
        ["join", "--name", "Ann", "127.0.0.1:7888", "GUJQ"],
    ],
    ids=["code-first", "code-last", "options-first"],
)
def test_join_takes_the_room_code_before_or_after_the_options(argv):
    """Tester PX (Pocket round 13): `whitechapel join HOST --name Ann
    GUJQ` was refused ("unrecognized arguments"); the code had to come
    before --name."""
    from whitechapel.cli import parse

    args = parse(argv)
    assert (args.room, args.name, args.address) == ("GUJQ", "Ann", "127.0.0.1:7888")


def test_join_still_refuses_a_word_too_many(capsys):
    from whitechapel.cli import parse

    with pytest.raises(SystemExit) as done:
        parse(["join", "127.0.0.1:7888", "--name", "Ann", "GUJQ", "more"])
    assert done.value.code == 2
    assert "unrecognized arguments: GUJQ more" in capsys.readouterr().err
