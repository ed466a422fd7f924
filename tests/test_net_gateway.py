"""The SSH gateway as a server on the internet: authentication limits and
their log, the identity and environment handed to a session's app, display
names, no app process outliving its gateway, and the start-up hint.
Everything on loopback (127.0.0.x), bounded in count and time."""

from __future__ import annotations

import socket

from whitechapel.net.run import reachable_host

# -- the start-up hint -------------------------------------------------------------------


def test_the_hint_names_a_host_players_can_reach():
    for wildcard in ("0.0.0.0", "::", "[::]", ""):
        hint = reachable_host(wildcard)
        assert hint in (socket.gethostname(), "THIS-HOST")
        assert hint not in ("0.0.0.0", "::", "")
    assert reachable_host("127.0.0.1") == "127.0.0.1"
    assert reachable_host("game.example.org") == "game.example.org"
