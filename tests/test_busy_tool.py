"""`tools/busy.py`, the load check of the suite: it starts its CPU
burners before the command, they burn while it runs, and they are gone
when it ends, whatever its exit status, which is the script's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).parent.parent / "tools" / "busy.py"

# The command run beside the burners: it finds them among its siblings (the
# children of busy.py, its parent) and says whether each is burning CPU.
LOOK = r"""
import os, sys, time
parent = os.getppid()
def children():
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == parent and int(pid) != os.getpid():
                out.append(int(pid))
    return out
def cpu(pid):
    stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(stat[11]) + int(stat[12])
burners = children()
before = {p: cpu(p) for p in burners}
while not all(cpu(p) > before[p] for p in burners):
    pass
print(" ".join(map(str, sorted(burners))))
sys.exit(3)
"""


def test_the_burners_burn_while_the_command_runs_and_are_gone_after():
    done = subprocess.run(
        [sys.executable, str(TOOL), "--burners", "2", "--", sys.executable, "-c", LOOK],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 3  # the command's own exit status
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2  # both found, each seen burning CPU
    assert "busy: burners stopped" in done.stderr
    for pid in pids:
        assert not os.path.exists(f"/proc/{pid}")  # ended and reaped


def test_without_a_command_it_says_how_to_give_one():
    done = subprocess.run([sys.executable, str(TOOL)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "give the command to run after --" in done.stderr
