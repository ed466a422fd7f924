"""The SSH gateway starts without a library's warnings on the operator's
terminal (tester PI, Pocket round 5: fifteen lines of asyncssh's DSA
deprecation before the server's address)."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_gateway_prints_no_library_warning():
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", "import whitechapel.gateway.ssh"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Warning" not in done.stderr, done.stderr
