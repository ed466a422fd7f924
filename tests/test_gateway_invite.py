"""Issue 50: the SSH invite line.  A player who came in over SSH sees, in
the lobby, the line that brings a friend to the room -- `ssh -t -p PORT
HOST join CODE` -- and `i` copies it (OSC 52 to their own terminal).  The
friend's `ssh -t ... join CODE` opens the session straight in that room, or
says in one sentence why not.  The exec request is hostile: only `join` and
a room's code are taken; anything else is one sentence and the channel
closed.

The real asyncssh client on 127.0.0.1; every wait is for text on a screen
or a room's seats, bounded by `polling.TIMEOUT`.
"""

from __future__ import annotations

import base64

import pytest

from polling import until
from sshterm import PASSWORD, Terminal, connect
from whitechapel.gateway.limits import MAX_COMMAND, join_command
from whitechapel.gateway.session import NO_COMMANDS, NO_TERMINAL
from whitechapel.gateway.ssh import Access, Gateway
from whitechapel.net.rooms import ROOM_ALPHABET
from whitechapel.net.server import GameServer


@pytest.fixture
async def servers(tmp_path):
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    gateway = Gateway(host, port, key_folder=tmp_path / "ssh", access=Access(PASSWORD))
    ssh_port = await gateway.start("127.0.0.1", 0)
    yield game, ssh_port
    await gateway.close()
    await game.close()


async def open_command(conn, command: str) -> Terminal:
    """A session with a terminal that runs `command` (as `ssh -t HOST CMD`)."""
    process = await conn.create_process(
        command, term_type="xterm-256color", term_size=(100, 30), encoding=None
    )
    return Terminal(process)


async def test_an_ssh_player_invites_a_friend_who_lands_in_the_room(servers):
    game, port = servers
    async with await connect(port, "ann") as ann_conn, await connect(port, "bob") as bob_conn:
        ann = await Terminal.open(ann_conn)
        await ann.wait_for("Connected.")
        await ann.keys("n")  # a new Pocket duel: Ann takes the first seat
        await ann.wait_for("Action tokens")
        code = next(iter(game.rooms))
        await ann.keys("\x0c")  # ctrl+l: back to the lobby, where the invite line is
        line = f"ssh -t -p {port} NAME@127.0.0.1 join {code}"  # NAME@: RJ, Pocket round 32
        await ann.wait_for(f"Invite to {code} (i copies it): {line}")
        await ann.keys("i")  # copied to Ann's own clipboard, by her terminal (OSC 52)
        copied = b"\x1b]52;c;" + base64.b64encode(line.encode())

        async def copied_sent() -> bool:
            if copied not in ann.seen:
                await ann.read(1.0)
            return copied in ann.seen

        await until(copied_sent, what="the line copied by OSC 52", step=0)

        # Bob runs the line (its `join CODE`, lower case as a friend may type it)
        bob = await open_command(bob_conn, f"join {code.lower()}")
        await bob.wait_for("Action tokens")  # straight into the room's board
        room = game.rooms[code]
        await until(lambda: "bob" in room.names.values(), what="Bob seated by the invite")
        assert set(room.names.values()) == {"ann", "bob"}
        ann.process.close()
        bob.process.close()


async def test_an_invite_to_a_room_that_is_not_there_says_so(servers):
    game, port = servers
    async with await connect(port, "bob") as conn:
        bob = await open_command(conn, "join XXXX")
        await bob.wait_for("Connected.")
        await bob.wait_for("there is no room XXXX")  # one sentence, in the lobby
        assert not game.rooms
        bob.process.close()


@pytest.mark.parametrize(
    "command",
    [
        "ls /",
        "join",
        "join K7QX extra",
        "join K7QX; rm -rf ~",
        "join $(id)",
        "join K0OO",  # not of the room-code alphabet (no 0, O)
        "join ÀÉÎ",
        "sudo join K7QX",
        "join " + "K" * 9,  # longer than any room's code
        "join " + "A" * 30_000,  # a long request: refused unread
    ],
    ids=lambda command: command if len(command) < 20 else f"{command[:12]}...({len(command)})",
)
async def test_any_other_command_is_refused_in_one_sentence(servers, command):
    game, port = servers
    async with await connect(port, "eve") as conn:
        result = await conn.run(command, term_type="xterm", timeout=60)
    assert result.exit_status == 1
    said = str(result.stderr) + str(result.stdout)
    assert said.strip() == NO_COMMANDS.strip()
    assert not game.rooms


async def test_join_without_a_terminal_says_ssh_t(servers):
    _game, port = servers
    async with await connect(port, "bob") as conn:
        result = await conn.run("join K7QX", timeout=60)  # `ssh HOST join K7QX`, no -t
    assert result.exit_status == 1
    assert NO_TERMINAL.strip() in str(result.stderr)


def test_the_join_command_takes_a_room_code_and_nothing_else():
    assert join_command("join K7QX") == "K7QX"
    assert join_command("  JOIN   k7qx ") == "K7QX"
    assert join_command(f"join {ROOM_ALPHABET[:8]}") == ROOM_ALPHABET[:8]
    # a seat's rejoin code after the room, as the seat's header says them (tester PR)
    assert join_command("join k7qx x4y3fc") == "K7QX X4Y3FC"
    for bad in ("", "join", "join K7QX K7QX", "join K7-X", "joinK7QX", "play K7QX", "join K7QX\0"):
        assert join_command(bad) is None, bad
    for bad in ("join K7QX X4Y3F", "join K7QX X4Y3FC X", "join K7QX X4Y-FC"):
        assert join_command(bad) is None, bad
    assert join_command("join" + " " * MAX_COMMAND + "K7QX") is None  # too long to read
