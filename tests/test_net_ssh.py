"""End to end over SSH (issue 7): an asyncssh client with a terminal lands
in the lobby of the app, creates a Pocket duel, a second client joins it by
its code, and both play by key presses; a session without a terminal and a
wrong password are refused.  Everything on 127.0.0.1."""

from __future__ import annotations

import asyncssh
import pytest

from polling import until
from sshterm import PASSWORD, Terminal, connect
from whitechapel.gateway.session import NO_TERMINAL
from whitechapel.gateway.ssh import Access, Gateway
from whitechapel.net.server import GameServer


@pytest.fixture
async def servers(tmp_path):
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    gateway = Gateway(host, port, key_folder=tmp_path / "ssh", access=Access(PASSWORD))
    ssh_port = await gateway.start("127.0.0.1", 0)
    yield game, ssh_port, gateway
    await gateway.close()
    await game.close()


async def test_two_players_meet_over_ssh_and_play(servers):
    game, port, gateway = servers
    async with await connect(port, "ann") as ann_conn, await connect(port, "bob") as bob_conn:
        ann = await Terminal.open(ann_conn)
        await ann.wait_for("lobby of")
        await ann.wait_for("Connected.")
        await ann.keys("n")  # a new Pocket duel: Ann takes the first seat
        await ann.wait_for("Action tokens")
        assert len(game.rooms) == 1
        code = next(iter(game.rooms))
        bob = await Terminal.open(bob_conn)
        await bob.wait_for("Connected.")
        await bob.wait_for(code)  # the open room is listed
        await bob.keys("j", code, "\r")
        await bob.wait_for("Action tokens")
        room = game.rooms[code]
        # Whoever is the investigator plays first (P3): a token, then its target.
        first = ann if room.names.get("investigator") == "ann" else bob
        assert room.game.to_act == "investigator"
        view = room.game.view("investigator")
        token = next(i for i, t in enumerate(view.tokens) if t.up in "HWT")
        await first.keys(str(token + 1), "1", "\r")  # a move is previewed, Enter plays it
        await until(lambda: room.game.history, what="the investigator's move")
        assert len(room.game.history) == 1 and room.game.to_act == "jack"
        assert len(gateway.children) == 2  # one app per session
        ann.process.close()
        bob.process.close()
    # The connections dropped: their app processes are gone within seconds.
    await until(lambda: not gateway.children, what="the app processes ending")


async def test_a_session_without_a_terminal_is_refused(servers):
    _game, port, _gateway = servers
    async with await connect(port, "ann") as conn:
        result = await conn.run(term_type=None, timeout=60)
        assert result.exit_status == 1
        assert NO_TERMINAL.strip() in str(result.stderr)
    async with await connect(port, "ann") as conn:  # one session a connection
        result = await conn.run("ls /", timeout=60)  # no commands either
        assert result.exit_status == 1 and "runs no commands" in str(result.stderr)


async def test_a_wrong_password_is_refused(servers):
    _game, port, _gateway = servers
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(port, "ann", password="guess")


async def test_the_app_follows_the_terminal_size(servers):
    _game, port, _gateway = servers
    async with await connect(port, "ann") as conn:
        term = await Terminal.open(conn)
        await term.wait_for("Connected.")
        term.process.change_terminal_size(70, 20)  # below 80×24: the guard shows
        await term.wait_for("Make it at least 80")
        term.process.change_terminal_size(100, 30)
        term.seen = b""
        await term.wait_for("lobby of")
        term.process.close()


async def test_sessions_in_one_host_keep_to_themselves(servers):
    """Several sessions' apps share a session host (net/sessionhost.py):
    one player's keys reach only that player's app, and the signals an SSH
    client may send reach no process (the host is not the client's)."""
    game, port, gateway = servers
    async with (
        await connect(port, "ann") as ann_conn,
        await connect(port, "bob") as bob_conn,
        await connect(port, "cy") as cy_conn,
    ):
        terms = [await Terminal.open(c) for c in (ann_conn, bob_conn, cy_conn)]
        for term in terms:
            await term.wait_for("Connected.")
        hosts = gateway.hosts.hosts
        assert len(hosts) <= 2 and sum(len(h.sessions) for h in hosts) == 3
        pids = {h.pid for h in hosts}
        ann, bob, cy = terms
        await ann.keys("n")  # Ann opens a duel; Bob's and Cy's screens stay the lobby
        await ann.wait_for("Action tokens")
        assert "Action tokens" not in bob.text() and "Action tokens" not in cy.text()
        for sig in ("KILL", "TERM", "HUP", "INT"):
            bob.process.send_signal(sig)
        bob.process.send_break(100)
        bob.seen = b""
        await bob.keys("v")  # after the signals on the same channel: Bob's app answers
        await bob.wait_for("Finished games")
        assert {h.pid for h in gateway.hosts.hosts} == pids  # every host lives
        cy.seen = b""
        await cy.keys("v")  # Cy's app still answers
        await cy.wait_for("Finished games")
        assert len(game.rooms) == 1
        for term in terms:
            term.process.close()
    await until(lambda: not gateway.children, what="the sessions ending")


async def test_escape_over_ssh_goes_back_and_never_ends_the_session(servers):
    """Tester PA (Pocket, round 1): "Over SSH, pressing Esc ends your whole
    session", three times of three (the round summary, the Exchange
    picker's "Esc: back").  Esc alone, as a terminal sends it, goes back
    where the screen says and the session goes on."""
    _game, port, _gateway = servers
    async with await connect(port, "ann") as conn:
        ann = await Terminal.open(conn)
        await ann.wait_for("Connected.")
        await ann.keys("c")  # Pocket against the computer: a dialog
        await ann.wait_for("against the computer")
        ann.seen = b""
        await ann.keys("\x1b")
        for _ in range(6):  # two seconds of output: the stream goes on
            assert await ann.read(0.35), "the session ended on Esc"
        await ann.keys("r")  # the lobby still takes keys
        await ann.wait_for("Connected.")
        # half a UTF-8 character, then its other half, in two reads: the same
        ann.process.stdin.write(b"\xc3")
        assert await ann.read(0.35), "the session ended on half a character"
        ann.process.stdin.write(b"\xa9")
        for _ in range(3):
            assert await ann.read(0.35), "the session ended on half a character"
