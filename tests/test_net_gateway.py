"""The SSH gateway as a server on the internet: authentication limits and
their log, the identity and environment handed to a session's app, display
names, no app process outliving its gateway, and the start-up hint.
Everything on loopback (127.0.0.x), bounded in count and time."""

from __future__ import annotations

import asyncio
import logging
import os
import pty
import re
import signal
import socket
import subprocess
import sys
import termios
from dataclasses import replace
from pathlib import Path

import asyncssh
import pytest

from polling import until
from whitechapel.gateway.hosts import Ended, ForkServer, HostPool
from whitechapel.gateway.serve import reachable_host
from whitechapel.gateway.ssh import MAX_AUTH_ATTEMPTS, Access, Gateway, display_name
from whitechapel.net import admission
from whitechapel.net.penalties import Penalties
from whitechapel.net.server import GameServer

PASSWORD = "letmein-221b"
ANSI = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
SRC = str(Path(__file__).resolve().parent.parent / "src")


class Recorder:
    """Session hosts that record each session's environment and, instead of
    running the app, end it at once (or, with `hold`, when asked to)."""

    def __init__(self, hold: bool = False) -> None:
        self.envs: list[dict[str, str]] = []
        self.hold = hold
        self.ended: dict[int, asyncio.Event] = {}
        self.closing = False

    async def start(self) -> None:
        pass

    async def launch(self, tty: int, env: dict[str, str]) -> int:
        self.envs.append(env)
        self.ended[len(self.envs)] = asyncio.Event()
        return len(self.envs)

    async def wait(self, n: int) -> Ended:
        if self.hold:
            await self.ended[n].wait()
        return Ended(0)

    async def end(self, n: int) -> Ended:
        self.ended[n].set()
        return Ended(0)

    async def close(self) -> None:
        pass


async def gateway_with(
    tmp_path, access: Access, hold: bool = False, **kwargs
) -> tuple[Gateway, int]:
    gateway = Gateway("127.0.0.1", 7888, key_folder=tmp_path / "ssh", access=access, **kwargs)
    gateway.hosts = Recorder(hold)  # type: ignore[assignment]
    return gateway, await gateway.start("127.0.0.1", 0)


class Guesser(asyncssh.SSHClient):
    """Tries the passwords it is given, one per attempt, on one connection."""

    def __init__(self, passwords: list[str]) -> None:
        self.passwords = list(passwords)
        self.tried: list[str] = []

    def password_auth_requested(self) -> str | None:
        if not self.passwords:
            return None
        self.tried.append(self.passwords.pop(0))
        return self.tried[-1]


async def log_in(client: Guesser, port: int, source: str) -> None:
    """Mallory's password login from `source`, with `client`'s guesses."""
    conn, _ = await asyncssh.create_connection(
        lambda: client,
        "127.0.0.1",
        port,
        username="mallory",
        known_hosts=None,
        client_keys=None,
        preferred_auth="password",
        local_addr=(source, 0),
    )
    conn.close()


async def banner(port: int, source: str) -> bytes:
    """Connect from `source` and read the server's first line: its version
    line if the connection is let in, b"" if it is closed at once."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    try:
        return await asyncio.wait_for(reader.readline(), 60)
    except ConnectionError:
        return b""
    finally:
        writer.close()


async def guess(port: int, passwords: list[str], source: str) -> Guesser:
    client = Guesser(passwords)
    await log_in(client, port, source)
    return client


class Keyless(asyncssh.SSHClient):
    """Like OpenSSH without keys: tries keyboard-interactive, no answers ready."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        return None if prompts else []


async def run_session(
    port: int, user: str, source: str = "127.0.0.1", client=None, **options
) -> None:
    """Log in and open a terminal session (the recorder's program ends it)."""
    conn, _ = await asyncssh.create_connection(
        client or asyncssh.SSHClient,
        "127.0.0.1",
        port,
        username=user,
        known_hosts=None,
        local_addr=(source, 0),
        **options,
    )
    async with conn:
        await conn.run(term_type="xterm", term_size=(100, 30), timeout=60)


# -- authentication limits ---------------------------------------------------------------


async def test_the_seventh_attempt_on_a_connection_is_refused_and_failures_are_logged(
    tmp_path, caplog
):
    caplog.set_level(logging.WARNING, logger="whitechapel.gateway.ssh")
    gateway, port = await gateway_with(
        tmp_path, Access(PASSWORD), penalties=Penalties(first=0.001, cap=0.002)
    )
    try:
        wrong = [f"guess{i}" for i in range(MAX_AUTH_ATTEMPTS)]
        client = Guesser([*wrong, PASSWORD])
        with pytest.raises(
            (
                asyncssh.PermissionDenied,
                asyncssh.DisconnectError,
                asyncssh.ConnectionLost,
                ConnectionError,
            )
        ):
            await log_in(client, port, "127.0.0.7")
        assert gateway.hosts.envs == []  # the right password did not get in
        assert client.tried[:MAX_AUTH_ATTEMPTS] == wrong
        # The failures are one line for the address (the rest of the minute as a count).
        failures = [
            r.getMessage() for r in caplog.records if "a wrong SSH password" in r.getMessage()
        ]
        assert len(failures) == 1
        assert "127.0.0.7" in failures[0] and "mallory" in failures[0]
        assert gateway.penalties.count("127.0.0.7") == MAX_AUTH_ATTEMPTS
        assert any(
            "too many authentication failures from 127.0.0.7" in r.getMessage()
            for r in caplog.records
        )
        # The same address is now slowed down; another is not.
        assert gateway.penalties.delay("127.0.0.7") > 0
        assert gateway.penalties.delay("127.0.0.8") == 0
        # On a new connection, the right password still works (after the delay)
        # and the address is forgiven.
        await guess(port, [PASSWORD], "127.0.0.7")
        assert gateway.penalties.delay("127.0.0.7") == 0
    finally:
        await gateway.close()


def test_the_delay_grows_per_address_and_decays():
    now = [1000.0]
    penalties = Penalties(first=0.5, cap=8.0, forget=60.0, clock=lambda: now[0])
    assert penalties.delay("127.0.0.9") == 0
    delays = [penalties.failed("127.0.0.9") for _ in range(7)]
    assert delays == [0.5, 1, 2, 4, 8, 8, 8]
    assert penalties.delay("127.0.0.10") == 0
    now[0] += 60 * 3  # three of the seven failures forgotten
    assert penalties.delay("127.0.0.9") == 4
    penalties.succeeded("127.0.0.9")
    assert penalties.delay("127.0.0.9") == 0


def test_the_penalties_remember_a_bounded_number_of_addresses():
    penalties = Penalties(limit=50)
    for i in range(200):
        penalties.failed(f"10.0.{i // 250}.{i % 250}")
    assert len(penalties.failures) <= 50


# -- identity, environment, names --------------------------------------------------------


def identity_of(env: dict[str, str]) -> str:
    return env["WHITECHAPEL_IDENTITY"]


async def test_a_shared_password_gives_each_session_its_own_identity(tmp_path):
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD))
    try:
        await run_session(port, "ann", "127.0.0.3", password=PASSWORD, client_keys=None)
        await run_session(port, "ann", "127.0.0.3", password=PASSWORD, client_keys=None)
        first, second = gateway.hosts.envs
        for env in (first, second):
            assert re.fullmatch(r"session:[0-9a-f]{32}", identity_of(env))
            assert env["WHITECHAPEL_SSH"] == "1"
            assert env["WHITECHAPEL_PEER"] == "127.0.0.3"
            assert env["WHITECHAPEL_NAME"] == "ann"
            assert env["WHITECHAPEL_SERVER"] == "127.0.0.1:7888"
            assert env["TERM"] == "xterm"
        assert identity_of(first) != identity_of(second)
    finally:
        await gateway.close()


async def test_a_listed_key_is_the_identity_and_an_unlisted_one_is_refused(tmp_path):
    listed, unlisted = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(listed.export_public_key())
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD, authorized_keys=keys))
    try:
        await run_session(port, "ann", client_keys=[listed], password=None)
        assert identity_of(gateway.hosts.envs[-1]) == "key:" + listed.get_fingerprint("sha256")
        assert identity_of(gateway.hosts.envs[-1]).startswith("key:SHA256:")
        # An unlisted key is not who you are: with the password, a session identity.
        await run_session(port, "bob", client_keys=[unlisted], password=PASSWORD)
        assert identity_of(gateway.hosts.envs[-1]).startswith("session:")
        with pytest.raises(asyncssh.PermissionDenied):
            await run_session(port, "bob", client_keys=[unlisted], password=None)
    finally:
        await gateway.close()


async def test_open_access_takes_any_key_as_identity_and_lets_keyless_clients_in(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    gateway, port = await gateway_with(tmp_path, Access(open=True))
    try:
        await run_session(port, "ann", client_keys=[key])
        assert identity_of(gateway.hosts.envs[-1]) == "key:" + key.get_fingerprint("sha256")
        await run_session(port, "bob", client_keys=None, password="anything")
        assert identity_of(gateway.hosts.envs[-1]).startswith("session:")
        await run_session(port, "cid", client=Keyless, client_keys=None, kbdint_auth=True)
        assert identity_of(gateway.hosts.envs[-1]).startswith("session:")
    finally:
        await gateway.close()


@pytest.mark.parametrize(
    ("user", "name"),
    [
        ("ann", "ann"),
        ("--help", "--help"),
        ("[/b]", "[/b]"),
        ("a\x1b[31mb\x07", "a[31mb"),
        ("x" * 41, "x" * 24),
        ("  two\u00a0words\u200b  ", "two words"),
        ("\x00\x01", "player"),
        ("", "player"),
    ],
)
def test_display_names(user, name):
    assert display_name(user) == name


async def test_the_user_name_is_the_display_name_in_the_environment(tmp_path):
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD))
    try:
        await run_session(port, "--help", password=PASSWORD, client_keys=None)
        await run_session(port, "y" * 41, password=PASSWORD, client_keys=None)
        assert [env["WHITECHAPEL_NAME"] for env in gateway.hosts.envs] == ["--help", "y" * 24]
    finally:
        await gateway.close()


@pytest.fixture
async def servers(tmp_path):
    game = GameServer(tmp_path)
    host, port = await game.start("127.0.0.1", 0)
    gateway = Gateway(host, port, key_folder=tmp_path / "ssh", access=Access(PASSWORD))
    ssh_port = await gateway.start("127.0.0.1", 0)
    yield game, ssh_port, gateway
    await gateway.close()
    await game.close()


async def read_until(process, words: bytes, seen: bytes = b"") -> bytes:
    async def shown() -> bool:
        nonlocal seen
        if words not in ANSI.sub(b"", seen):
            seen += await process.stdout.read(65536)
        return words in ANSI.sub(b"", seen)

    await until(
        shown,
        what=f"{words!r} on screen",
        step=0,
        shown=lambda: repr(ANSI.sub(b"", seen)[-600:]),
    )
    return seen


@pytest.mark.parametrize("user", ["--help", "z" * 41])
async def test_awkward_user_names_reach_the_lobby(servers, user):
    _game, port, _gateway = servers
    async with asyncssh.connect(
        "127.0.0.1", port, username=user, password=PASSWORD, known_hosts=None, client_keys=None
    ) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        seen = await read_until(process, b"Connected.")
        assert f"as {display_name(user)}".encode() in ANSI.sub(b"", seen)
        process.close()


async def test_a_new_fork_server_takes_over_when_it_dies(servers):
    _game, port, gateway = servers
    forks = gateway.hosts.forks  # the session hosts' fork server
    first = forks.pid
    os.kill(first, signal.SIGKILL)
    await until(lambda: forks.sock is None, what="the gateway noticing")
    async with asyncssh.connect(
        "127.0.0.1", port, username="ann", password=PASSWORD, known_hosts=None, client_keys=None
    ) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(100, 30), encoding=None
        )
        await read_until(process, b"Connected.")
        assert forks.pid not in (None, first)
        process.close()


# -- no orphans --------------------------------------------------------------------------

GATEWAY_SCRIPT = """
import asyncio, sys
from pathlib import Path
from whitechapel.net.server import GameServer
from whitechapel.gateway.ssh import Access, Gateway

async def main():
    folder = Path(sys.argv[1])
    game = GameServer(folder)
    host, port = await game.start("127.0.0.1", 0)
    gateway = Gateway(host, port, key_folder=folder / "ssh", access=Access(sys.argv[2]))
    print(await gateway.start("127.0.0.1", 0), flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def descendants(pid: int) -> set[int]:
    """The living processes below `pid` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rpartition(")")[2].split()
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_no_app_process_outlives_a_killed_gateway(tmp_path):
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    gateway = subprocess.Popen(
        [sys.executable, "-c", GATEWAY_SCRIPT, str(tmp_path), PASSWORD],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    apps: set[int] = set()
    try:
        line = await asyncio.wait_for(asyncio.to_thread(gateway.stdout.readline), 60)
        port = int(line)
        conns = []
        for k in range(2):
            conn = await asyncssh.connect(
                "127.0.0.1",
                port,
                username=f"p{k}",
                password=PASSWORD,
                known_hosts=None,
                client_keys=None,
            )
            conns.append(conn)
            process = await conn.create_process(
                term_type="xterm-256color", term_size=(100, 30), encoding=None
            )
            await read_until(process, b"Connected.")
        apps = descendants(gateway.pid)
        assert len(apps) >= 2
        gateway.kill()  # kill -9: no clean-up of any kind
        gateway.wait()
        await until(
            lambda: not any(alive(pid) for pid in apps),
            what="the app processes ending with their gateway",
        )
        for conn in conns:
            conn.close()
    finally:
        if gateway.poll() is None:
            gateway.kill()
            gateway.wait()
        for pid in apps:  # should there be any left: not past this test
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


# -- the start-up hint -------------------------------------------------------------------


def test_the_hint_names_a_host_players_can_reach():
    for wildcard in ("0.0.0.0", "::", "[::]", ""):
        hint = reachable_host(wildcard)
        assert hint in (socket.gethostname(), "THIS-HOST")
        assert hint not in ("0.0.0.0", "::", "")
    assert reachable_host("127.0.0.1") == "127.0.0.1"
    assert reachable_host("game.example.org") == "game.example.org"


async def test_a_session_hosts_app_whose_terminal_hangs_up_ends(tmp_path):
    """The same with a session host: the pty's near end closes, the app
    on it ends, and the host reports it (it goes on for its other sessions)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "PYTHONPATH": SRC,
        "WHITECHAPEL_DATA_DIR": str(tmp_path),
    }
    hosts = HostPool(ForkServer(sys.executable, env), min_hosts=1)
    await hosts.start()
    try:
        ptys, sessions = [], []
        for name in ("ann", "bob"):
            master, slave = pty.openpty()
            sessions.append(
                await hosts.launch(
                    slave,
                    {
                        **env,
                        "TERM": "xterm",
                        "WHITECHAPEL_NAME": name,
                        "WHITECHAPEL_SERVER": "127.0.0.1:9",
                    },
                )
            )
            os.close(slave)
            ptys.append(master)
        assert len(hosts.hosts) == 1  # both in one process
        for master in ptys:
            seen = b""

            async def lobby_shown(master: int = master) -> bool:
                nonlocal seen
                seen += await asyncio.to_thread(os.read, master, 65536)
                return b"lobby of" in ANSI.sub(b"", seen)

            await until(lobby_shown, what="the lobby", step=0)
        os.close(ptys[0])  # Ann hangs up
        await asyncio.wait_for(hosts.wait(sessions[0]), 60)
        assert len(hosts.hosts) == 1 and hosts.hosts[0].sessions == {sessions[1]}  # Bob plays on
        ended = await hosts.end(sessions[1])
        assert ended == Ended(0)  # asked to quit, Bob's app did
        os.close(ptys[1])
    finally:
        await hosts.close()


# -- waits on failures, not successes (issue 25) ------------------------------------------


async def test_the_right_password_is_never_made_to_wait(tmp_path, monkeypatch):
    """People behind one NAT share an address: after failures from it, the
    right password still gets in at once; a wrong one waits the delay."""
    from whitechapel.gateway import ssh

    gateway = Gateway("127.0.0.1", 7888, key_folder=tmp_path / "ssh", access=Access(PASSWORD))
    for _ in range(6):
        gateway.penalties.failed("203.0.113.9")
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(ssh.asyncio, "sleep", sleep)
    server = ssh._Server(gateway)
    server.address = "203.0.113.9"
    assert await server.validate_password("ann", "guess") is False
    assert slept == [gateway.penalties.cap]
    assert await server.validate_password("ann", PASSWORD) is True  # and forgiven
    assert slept == [gateway.penalties.cap]
    assert gateway.penalties.delay("203.0.113.9") == 0


class Typist(asyncssh.SSHClient):
    """Answers keyboard-interactive prompts, one answer a round, as a person
    at OpenSSH's 'Password:' prompt does."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.tried: list[str] = []

    def kbdint_auth_requested(self) -> str | None:
        return "" if self.answers else None

    def kbdint_challenge_received(self, name, instructions, lang, prompts):
        if not prompts:
            return []
        self.tried.append(self.answers.pop(0))
        return [self.tried[-1]]


async def test_keyboard_interactive_gets_all_six_tries_inside_the_login_time(tmp_path):
    """From an address already at the longest delay, five wrong passwords
    then the right one, typed at keyboard-interactive prompts: every try is
    answered inside the login time, and the sixth gets in."""
    door = replace(admission.SSH, pending_timeout=8.0)  # the login time: 6 tries fit with room
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), door=door)
    try:
        for _ in range(10):
            gateway.penalties.failed("127.0.0.12")
        answers = [f"guess{i}" for i in range(MAX_AUTH_ATTEMPTS - 1)] + [PASSWORD]
        client = Typist(answers)
        conn, _ = await asyncssh.create_connection(
            lambda: client,
            "127.0.0.1",
            port,
            username="ann",
            known_hosts=None,
            client_keys=None,
            password=None,
            kbdint_auth=True,
            local_addr=("127.0.0.12", 0),
        )
        conn.close()
        assert client.tried == answers
    finally:
        await gateway.close()


async def test_hanging_up_on_a_wrong_password_keeps_the_address_counted_until_its_answer(
    tmp_path,
):
    """A guesser who hangs up instead of waiting for the answer gets no
    quicker next guess: its check takes its turn (one at a time per
    address) and its delay all the same, and its connection counts for its
    address until then, so past `pending_per_address` of them the address's
    next connection is refused."""
    door = replace(admission.SSH, pending_per_address=2)
    gateway, port = await gateway_with(
        tmp_path, Access(PASSWORD), door=door, penalties=Penalties(first=6.0, cap=6.0)
    )
    eve = "127.0.0.13"
    try:
        attempts = [asyncio.ensure_future(guess(port, ["guess"], eve)) for _ in range(2)]
        await until(lambda: gateway.checks.in_flight(eve) == 2, what="both guesses checked")
        assert gateway.penalties.count(eve) == 1  # the second waits for the first's turn
        for attempt in attempts:
            attempt.cancel()  # gone before the answers
        await asyncio.gather(*attempts, return_exceptions=True)
        await until(lambda: not gateway.connections, what="the hang-ups seen")
        assert gateway.door.pending[eve] == 2
        assert await banner(port, eve) == b""  # the address is full until the answers
        await until(lambda: eve not in gateway.door.pending, what="the slots freed")
        assert gateway.penalties.count(eve) == 2 and gateway.checks.in_flight(eve) == 0
        assert (await banner(port, eve)).startswith(b"SSH-2.0-")
    finally:
        await gateway.close()


# -- what a session may ask for (issue 25) --------------------------------------------------


async def test_env_requests_keep_only_colorterm_and_few(tmp_path):
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD))
    try:
        env = {f"JUNK{i}": "x" * 1000 for i in range(150)}
        env.update(COLORTERM="truecolor", LD_PRELOAD="/tmp/evil.so", TERM="vt100")
        await run_session(port, "ann", password=PASSWORD, client_keys=None, env=env)
        (seen,) = gateway.hosts.envs
        assert seen["COLORTERM"] == "truecolor" and seen["TERM"] == "xterm"
        assert not any(k.startswith("JUNK") or k == "LD_PRELOAD" for k in seen)
        await run_session(
            port, "bob", password=PASSWORD, client_keys=None, env={"COLORTERM": "truecolor\x1b[2J"}
        )
        assert "COLORTERM" not in gateway.hosts.envs[-1]
        # Past the channel requests' burst, the connection is closed.
        with pytest.raises(asyncssh.Error):
            await run_session(
                port,
                "cy",
                password=PASSWORD,
                client_keys=None,
                env={f"JUNK{i}": "x" for i in range(500)},
            )
        assert len(gateway.hosts.envs) == 2
    finally:
        await gateway.close()


@pytest.mark.parametrize("term", ["x" * 65, "../../etc/passwd", "xterm;rm"])
async def test_a_terminal_type_that_is_no_name_is_refused(tmp_path, term):
    """The pty-req is refused (OpenSSH then says "PTY allocation request
    failed" and the session is told why; asyncssh gives up at once), and no
    app starts."""
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD))
    try:
        async with await asyncssh.connect(
            "127.0.0.1", port, username="ann", password=PASSWORD, known_hosts=None, client_keys=None
        ) as conn:
            with pytest.raises(asyncssh.ChannelOpenError, match="PTY request failed"):
                await conn.run(term_type=term, term_size=(80, 24), timeout=60)
        assert gateway.hosts.envs == []
    finally:
        await gateway.close()


async def test_window_changes_are_bounded_merged_and_the_last_one_lands(tmp_path):
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), hold=True)
    try:
        async with await asyncssh.connect(
            "127.0.0.1", port, username="ann", password=PASSWORD, known_hosts=None, client_keys=None
        ) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(100, 30))
            await until(lambda: gateway.children, what="the session")
            (session,) = gateway.sessions
            for size in [(0, 0), (70000, 10), (2**32 - 1, 24), (40000, 40000), (90, 25), (132, 43)]:
                process.change_terminal_size(*size)
            await until(lambda: session.size == (132, 43), what="the last size")
            assert termios.tcgetwinsize(session.master) == (43, 132)  # (rows, columns)
            # A flood of them closes the connection.
            for k in range(1000):
                process.change_terminal_size(80 + k % 50, 24)
            await until(lambda: session.finished, what="the flooder closed")
    finally:
        await gateway.close()


async def test_a_big_terminal_is_clamped_and_a_zero_one_is_the_default(tmp_path):
    gateway, port = await gateway_with(tmp_path, Access(PASSWORD), hold=True)
    try:
        for size, fitted in (
            ((40000, 40000), (500, 200)),
            ((0, 0), (80, 24)),
            ((600, 30), (500, 30)),
        ):
            async with await asyncssh.connect(
                "127.0.0.1",
                port,
                username="ann",
                password=PASSWORD,
                known_hosts=None,
                client_keys=None,
            ) as conn:
                await conn.create_process(term_type="xterm", term_size=size)
                await until(lambda: any(s.master >= 0 for s in gateway.sessions), what="the pty")
                (session,) = [s for s in gateway.sessions if s.master >= 0]
                assert session.size == fitted
                assert termios.tcgetwinsize(session.master) == (fitted[1], fitted[0])
            await until(lambda: not gateway.sessions, what="the session gone")
    finally:
        await gateway.close()
