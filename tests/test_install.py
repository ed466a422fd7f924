"""Installing whitechapel as a stranger would (issue 27), each route the
README gives: `python3 -m pip install .` into a fresh virtual environment,
and `uv tool install .` (the route for a Python that is externally managed,
as Debian's and Ubuntu's are).  Both fetch the dependencies from the package
registry, as on a player's machine; neither brings in the server extra.
The installed package carries the licence and the project's metadata."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import venv
from email.parser import Parser
from pathlib import Path

import pytest

from whitechapel import __version__

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str | Path, env: dict[str, str] | None = None, timeout: float = 300):
    return subprocess.run(
        [str(a) for a in argv],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
        timeout=timeout,
    )


def installed_works(command: Path, tmp_path: Path) -> None:
    """The installed command: its version, and the one sentence that says a
    host needs the server extra (it was not installed)."""
    env = {**os.environ, "WHITECHAPEL_DATA_DIR": str(tmp_path / "data")}
    version = run(command, "--version", env=env)
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"whitechapel {__version__}"
    ssh = run(command, "serve", "--ssh", "0", env=env)
    assert ssh.returncode == 1
    assert "pip install '.[server]'" in ssh.stderr
    assert "Traceback" not in ssh.stderr


@pytest.fixture(scope="module")
def pip_env(tmp_path_factory) -> Path:
    """The README's first command, `python3 -m pip install .`, in a new
    virtual environment."""
    env_dir = tmp_path_factory.mktemp("pip") / "venv"
    venv.create(env_dir, with_pip=True)
    done = run(env_dir / "bin" / "python", "-m", "pip", "install", "-q", ROOT)
    assert done.returncode == 0, done.stderr
    return env_dir


def test_pip_install_into_a_fresh_environment(pip_env, tmp_path):
    assert run(pip_env / "bin" / "python", "-c", "import asyncssh").returncode != 0
    installed_works(pip_env / "bin" / "whitechapel", tmp_path)


def test_the_installed_package_carries_the_licence_and_says_what_it_needs(pip_env):
    (info,) = pip_env.glob(f"lib/python*/site-packages/whitechapel-{__version__}.dist-info")
    meta = Parser().parsestr((info / "METADATA").read_text(encoding="utf-8"))
    assert "MIT License" in (info / "licenses" / "LICENSE").read_text(encoding="utf-8")
    assert "whitechapel = whitechapel.cli:main" in (info / "entry_points.txt").read_text()
    assert meta["License-Expression"] == "MIT"
    assert meta["Author"] and meta["Keywords"]
    assert meta["Version"] == __version__
    assert "Topic :: Games/Entertainment :: Board Games" in meta.get_all("Classifier")
    needs = meta.get_all("Requires-Dist")
    plain = {re.split(r"[<>=;\s]", r)[0] for r in needs if "extra ==" not in r}
    assert plain >= {"textual", "rich", "networkx", "platformdirs"}
    # asyncssh (and cryptography with it) only for hosts: the server extra
    ssh = [r for r in needs if r.startswith("asyncssh")]
    assert ssh and all("extra == 'server'" in r or "extra == 'test'" in r for r in ssh)
    assert "server" in meta.get_all("Provides-Extra")


@pytest.mark.skipif(importlib.util.find_spec("uv") is None, reason="uv is not installed")
def test_uv_tool_install(tmp_path):
    """`uv tool install .`: its own environment and command, here in a
    temporary folder (never the user's)."""
    from uv import find_uv_bin

    env = {
        **os.environ,
        "UV_TOOL_DIR": str(tmp_path / "tools"),
        "UV_TOOL_BIN_DIR": str(tmp_path / "bin"),
        "UV_PYTHON_DOWNLOADS": "never",  # the Python already here
    }
    done = run(find_uv_bin(), "tool", "install", "--python", sys.executable, ROOT, env=env)
    assert done.returncode == 0, done.stderr
    installed_works(tmp_path / "bin" / "whitechapel", tmp_path)
