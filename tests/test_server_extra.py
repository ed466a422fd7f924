"""The server extra (issue 27): only a host serving over SSH needs asyncssh
(`pip install '.[server]'`).  Each command runs in a fresh interpreter, so
that what it imports is its own: `serve --ssh` without asyncssh is one
sentence naming the install command; `join` and the raw server never
import it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

# `None` in sys.modules is the import system's documented block: `import
# asyncssh` fails and `importlib.util.find_spec("asyncssh")` is None, as on
# a machine where the extra was never installed.
WITHOUT_ASYNCSSH = 'import sys; sys.modules["asyncssh"] = None\n'


def python(script: str, tmp_path, *, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


def test_serve_ssh_without_the_extra_is_one_sentence_naming_the_install(tmp_path):
    done = python(
        WITHOUT_ASYNCSSH + "from whitechapel.cli import main\n"
        "sys.exit(main(['serve', '--port', '0', '--ssh', '0']))",
        tmp_path,
    )
    assert done.returncode == 1
    assert done.stdout == ""  # nothing listened: no "game server on" line
    (line,) = done.stderr.splitlines()
    assert "Traceback" not in done.stderr
    assert "server extra" in line
    assert "pip install '.[server]'" in line


def test_join_never_imports_asyncssh(tmp_path):
    """`join` tries a port where nobody listens and says so in one sentence
    (exit 1, before any lobby: issue 50); asyncssh was never imported."""
    script = textwrap.dedent(
        """
        import sys
        from whitechapel.app import WhitechapelApp

        async def look(pilot):
            while "Could not reach" not in str(pilot.app.screen.query_one("#status").content):
                await pilot.pause(0.05)
            pilot.app.exit()

        def run(self, *args, **kwargs):
            return WhitechapelApp.__mro__[1].run(self, headless=True, auto_pilot=look)

        WhitechapelApp.run = run
        from whitechapel.cli import main
        code = main(["join", "127.0.0.1:1", "--name", "Ann"])
        print(code, "asyncssh" in sys.modules, "cryptography" in sys.modules)
        """
    )
    done = python(script, tmp_path)
    assert done.stdout.split() == ["1", "False", "False"], done.stderr
    assert "cannot reach the game server at 127.0.0.1:1" in done.stderr


def test_the_raw_server_never_imports_asyncssh(tmp_path):
    """`whitechapel serve` without --ssh, without asyncssh: it listens, and
    exits 0 on Ctrl-C."""
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path / "data")}
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            WITHOUT_ASYNCSSH + "from whitechapel.cli import main\n"
            "sys.exit(main(['serve', '--port', '0']))",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        first = server.stdout.readline()  # type: ignore[union-attr]
        assert "game server on 127.0.0.1:" in first, server.stderr.read()  # type: ignore[union-attr]
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=120)
    assert server.returncode == 0, err
    assert "Traceback" not in err


def test_web_without_the_extra_is_one_sentence_naming_the_install(tmp_path):
    """`whitechapel web` needs the web extra (textual-serve, aiohttp)."""
    done = python(
        'import sys; sys.modules["aiohttp"] = None; sys.modules["textual_serve"] = None\n'
        "from whitechapel.cli import main\n"
        "sys.exit(main(['web', '--port', '0', '--game-port', '0']))",
        tmp_path,
    )
    assert done.returncode == 1
    assert done.stdout == ""  # nothing listened
    (line,) = done.stderr.splitlines()
    assert "web extra" in line and "pip install '.[web]'" in line


def test_serve_stopped_the_moment_it_says_it_is_ready_stops_cleanly(tmp_path):
    """`whitechapel serve` handles SIGTERM from its first ready line on: a
    supervisor that stops it the moment it reads "game server on" gets a
    clean stop (rooms saved, exit 0), not a killed process.  The server
    signals itself as it prints that line."""
    script = (
        "import builtins, os, signal, sys\n"
        "say = builtins.print\n"
        "def print(*args, **kw):\n"
        "    say(*args, **kw)\n"
        "    if 'game server on' in str(args[0]):\n"
        "        os.kill(os.getpid(), signal.SIGTERM)\n"
        "builtins.print = print\n"
        "from whitechapel.cli import main\n"
        "sys.exit(main(['serve', '--port', '0']))\n"
    )
    done = python(script, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "stopped cleanly" in done.stdout
    assert "Traceback" not in done.stderr
