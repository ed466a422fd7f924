"""Usage errors exit 2 (issue 50), whether argparse finds them (a bad
HOST:PORT) or the command does (options that do not go together): one line
on standard error that ends by naming the command's `--help`, nothing on
standard output."""

from __future__ import annotations

import subprocess
import sys

import pytest

from whitechapel.cli import main


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["pocket", "--puzzle", "2", "--plain"], "--puzzle cannot be combined with --plain"),
        (["lfw", "learn", "--puzzle", "1", "--side", "jack"], "two lessons: choose one"),
        (["lfw", "learn", "--seed", "3"], "give --side too"),
        (["join", "127.0.0.1:notaport"], "'notaport' is not a port number"),
    ],
)
def test_options_that_do_not_go_together_exit_2(argv, problem, capsys):
    try:
        code = main(argv)
    except SystemExit as done:
        code = done.code
    assert code == 2
    out, err = capsys.readouterr()
    (line,) = err.splitlines()
    assert problem in line
    assert line.startswith(f"whitechapel {argv[0]}") and line.endswith(f"{argv[0]} --help')")
    assert out == ""


def test_a_web_trusted_proxy_that_is_no_address_exits_2(capsys):
    pytest.importorskip("textual_serve")
    assert main(["web", "--trusted-proxy", "the-pub"]) == 2
    assert "'the-pub' is not an address or a network" in capsys.readouterr().err


def test_join_with_a_bad_port_exits_2_in_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "whitechapel", "join", "HOST:notaport"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 2
    (line,) = done.stderr.splitlines()
    assert "'notaport' is not a port number (1-65535)" in line
