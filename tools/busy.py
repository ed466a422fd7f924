"""Run a command on a busy machine: CPU-burning processes beside it, for as
long as it runs, then none.

    python3 tools/busy.py -- python3 -m pytest            # two burners (the default)
    python3 tools/busy.py --burners 4 -- whitechapel bench --quick

Each burner is a process spinning a plain loop at the machine's normal
priority; they start before the command, are ended when it ends (however it
ends: exit, Ctrl-C, an error), and the command's exit status is this
script's.  It is how the test suite is checked to tell the truth on a busy
machine (README, "Run the tests"): no verdict may depend on the load.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
from collections.abc import Sequence


def burn() -> None:
    """Spin until killed (a burner's whole life)."""
    n = 0
    while True:
        n = (n + 1) & 0xFFFF


def start_burners(count: int) -> list[multiprocessing.Process]:
    burners = [
        multiprocessing.Process(target=burn, name=f"burner-{i}", daemon=True) for i in range(count)
    ]
    for burner in burners:
        burner.start()
    return burners


def stop_burners(burners: Sequence[multiprocessing.Process]) -> None:
    for burner in burners:
        burner.kill()
    for burner in burners:
        burner.join(timeout=5)


def run(command: Sequence[str], burners: int) -> int:
    """`command` with `burners` CPU burners beside it; its exit status."""
    started = start_burners(burners)
    print(
        f"busy: {burners} burners ({', '.join(str(b.pid) for b in started)}) beside: "
        f"{' '.join(command)}",
        file=sys.stderr,
        flush=True,
    )
    try:
        return subprocess.call(list(command))
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    finally:
        stop_burners(started)
        print("busy: burners stopped", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/busy.py",
        description="Run a command with CPU-burning processes beside it.",
    )
    parser.add_argument("--burners", type=int, default=2, help="CPU-burning processes (default 2)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    if args.burners < 0 or args.burners > 4 * (os.cpu_count() or 1):
        parser.error(f"--burners must be between 0 and {4 * (os.cpu_count() or 1)}")
    return run(command, args.burners)


if __name__ == "__main__":
    sys.exit(main())
