"""The wire protocol and rooms, without sockets (net/protocol.py, net/rooms.py).

Messages are decoded strictly; a room decides turns by seat (the Chief's
seat for the Chief's decisions, the acting colour's seat in T2/T3), keeps a
chess clock on injected time, survives a round trip through its file, and --
checked over 1,000 random Pocket duels and 100 random LfW games -- never
puts a secret into the serialized `state` message of a seat that may not
know it (P9, §9).
"""

from __future__ import annotations

import json
import logging
import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whitechapel.core.chance import Chance
from whitechapel.core.errors import IllegalAction, NotationError, WhitechapelError
from whitechapel.core.seats import SeatingError
from whitechapel.lfw.game import LfwGame
from whitechapel.lfw.options import Options
from whitechapel.lfw.seats import police_split
from whitechapel.lfw.setup import Setup
from whitechapel.net import roomfile
from whitechapel.net.protocol import (
    CLIENT_MESSAGES,
    MAX_MESSAGE,
    PROTOCOL,
    ProtocolError,
    decode,
    decode_server,
    encode,
)
from whitechapel.net.rooms import Room, RoomError
from whitechapel.net.roomstore import RoomStore


class FakeTime:
    """Injected wall time for the chess clocks."""

    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


# -- protocol ------------------------------------------------------------------------


def test_messages_round_trip_and_are_cleaned():
    msgs = [
        {"type": "hello", "protocol": PROTOCOL, "name": "Ann"},
        {"type": "create", "game": "lfw", "options": {"chase": True}, "seats": 2, "seed": 7},
        {"type": "create", "game": "pocket", "clock": None},
        {"type": "join", "room": "K7QX", "seat": "police1", "token": "abc"},
        {"type": "watch", "room": "K7QX"},
        {"type": "list"},
        {"type": "act", "room": "K7QX", "action": "blue x12"},
        {"type": "leave", "room": "K7QX"},
        {"type": "ping"},
    ]
    for msg in msgs:
        line = encode(msg)
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert decode(line) == msg
    # room codes are upper-cased, names trimmed, unknown fields dropped, null = absent
    got = decode(b'{"type":"join","room":"k7qx","seat":null,"extra":1}')
    assert got == {"type": "join", "room": "K7QX"}
    assert decode('{"type":"hello","protocol":"x","name":"  Ann "}')["name"] == "Ann"
    assert decode('{"type":"create","game":"pocket","clock":null}')["clock"] is None
    assert "clock" not in decode('{"type":"create","game":"pocket"}')


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"hello", "not JSON"),
        (b'{"type": "ping"', "not JSON"),
        (b"[1, 2]", "should be a JSON object, not a list"),
        (b'"ping"', "should be a JSON object, not text"),
        (b"null", "not null"),
        (b'{"kind": "ping"}', "has no 'type'"),
        (b'{"type": 3}', "unknown message type"),
        (b'{"type": "dance"}', "unknown message type 'dance'"),
        (b'{"type": "act", "room": "K7QX"}', "'act' needs 'action'"),
        (b'{"type": "act", "room": "K7QX", "action": 12}', "'action' of 'act' should be"),
        (b'{"type": "act", "room": "K7-QX", "action": "A"}', "'room' of 'act' should be a room"),
        (b'{"type": "create", "game": "chess"}', "'game' of 'create' should be 'lfw' or 'pocket'"),
        (b'{"type": "create", "game": "lfw", "seats": 17}', "from 1 to 16"),
        (b'{"type": "create", "game": "lfw", "seats": "2"}', "from 1 to 16"),
        (b'{"type": "create", "game": "lfw", "seed": true}', "'seed' of 'create'"),
        (b'{"type": "create", "game": "pocket", "clock": "5m"}', "seconds per side"),
        (b'{"type": "create", "game": "pocket", "clock": 0}', "seconds per side"),
        (b'{"type": "create", "game": "pocket", "clock": NaN}', "not usable JSON"),
        (b'{"type": "create", "game": "pocket", "options": []}', "a JSON object"),
        (b'{"type": "hello", "protocol": "whitechapel/1", "name": ""}', "printable"),
        (b'{"type": "hello", "protocol": "whitechapel/1", "name": "\\u0007\\u200e"}', "printable"),
        (b'{"type": "hello", "protocol": "whitechapel/1"}', "'hello' needs 'name'"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"   ", "empty message"),
        (b"[" * 100_000 + b"]" * 100_000, "too long"),
        (b"[" * 30_000 + b"]" * 30_000, "not usable JSON"),
        (b'{"type": "ping", "n": 1' + b"0" * 5000 + b"}", "not usable JSON"),
    ],
)
def test_bad_lines_get_one_clear_sentence(line, problem):
    with pytest.raises(ProtocolError) as e:
        decode(line)
    assert problem in str(e.value)
    assert "\n" not in str(e.value)


def test_the_size_limit_is_exact():
    pad = '{"type":"ping","pad":"' + "x" * MAX_MESSAGE + '"}'
    fits = pad[: MAX_MESSAGE - 2] + '"}'
    assert len(fits.encode()) == MAX_MESSAGE
    assert decode(fits.encode() + b"\n") == {"type": "ping"}
    with pytest.raises(ProtocolError, match="too long"):
        decode(pad[: MAX_MESSAGE - 1] + '"}')
    with pytest.raises(ProtocolError, match="too long"):
        encode({"type": "ping", "pad": "x" * MAX_MESSAGE})


def test_the_client_reads_server_messages_strictly():
    state = {"type": "state", "room": "K7QX", "seat": None, "view": {}, "to_act": "jack"}
    assert decode_server(encode(state, limit=10**7)) == state
    with pytest.raises(ProtocolError, match="unknown message type 'act'"):
        decode_server(b'{"type": "act", "room": "K7QX", "action": "A"}')


# -- seats and turns --------------------------------------------------------------------


def test_police_seats_split_the_policemen_clockwise():
    assert police_split(1) == {"police1": ("blue", "yellow", "brown", "red", "green")}
    assert police_split(2) == {"police1": ("blue", "yellow", "brown"), "police2": ("red", "green")}
    assert police_split(3) == {
        "police1": ("blue", "yellow"),
        "police2": ("brown", "red"),
        "police3": ("green",),
    }
    assert list(police_split(4).values()) == [("blue", "yellow"), ("brown",), ("red",), ("green",)]
    assert list(police_split(5).values()) == [
        (c,) for c in ("blue", "yellow", "brown", "red", "green")
    ]
    with pytest.raises(SeatingError):
        police_split(6)


def test_seats_tokens_and_refusals():
    room = Room.new("pocket", "K7QX", seed=1)
    assert room.seats == ("jack", "investigator")
    seat, token = room.take(None, "Ann")
    assert seat == "jack" and len(token) >= 20
    with pytest.raises(RoomError, match="seat jack of room K7QX is taken"):
        room.take("jack", "Eve")
    with pytest.raises(RoomError, match="has no seat 'police'"):
        room.take("police", "Eve")
    assert room.take(None, "Bob")[0] == "investigator"
    with pytest.raises(RoomError, match="no free seat"):
        room.take(None, "Eve")
    assert room.rejoin(token) == "jack"
    with pytest.raises(RoomError, match="holds no seat"):
        room.rejoin(token, "investigator")
    with pytest.raises(RoomError, match="holds no seat"):
        room.rejoin("guess")
    assert token not in roomfile.dumps(room)  # only its digest is kept
    with pytest.raises(RoomError, match="no option"):
        Room.new("pocket", "K7QX", options={"chase": True})
    with pytest.raises(RoomError, match="one seat per side: 'seats' cannot be chosen"):
        Room.new("pocket", "K7QX", seats=2)
    with pytest.raises(RoomError, match="1 to 5 police seats"):
        Room.new("lfw", "K7QX", seats=6)
    with pytest.raises(RoomError, match="unknown option"):
        Room.new("lfw", "K7QX", options={"fog": True})


def test_pocket_turns_are_the_engines():
    room = Room.new("pocket", "K7QX", seed=4)
    assert room.to_act() == "investigator"
    before = roomfile.dumps(room)
    with pytest.raises(RoomError, match=r"^it is not your turn: the investigator is to act$"):
        room.act("jack", "A")
    with pytest.raises(NotationError, match="'Rb2' is not a Pocket action"):
        room.act("investigator", "Rb2")  # the engine's own sentences
    with pytest.raises(IllegalAction, match=r"^J:-: "):
        room.act("investigator", "J:-")
    assert roomfile.dumps(room) == before and room.version == 0
    room.act("investigator", room.view_for("investigator")["legal"][0])
    assert room.version == 1 and len(room.game.history) == 1


def lfw_room(chiefs=("blue", "yellow", "brown", "red", "green"), seats=2, **options) -> Room:
    game = LfwGame(Setup(chiefs=tuple(chiefs)), Options(**options))
    return Room("K7QX", "lfw", game, seed=None, seat_count=seats)


def play_until(room: Room, chance: Chance, phase: str) -> None:
    while room.game.phase != phase:
        room.act(room.to_act(), str(room.game.random_action(chance)))


def test_lfw_the_chiefs_seat_decides_and_colours_act_in_their_seats():
    room = lfw_room(chiefs=("red", "blue", "yellow", "brown", "green"))
    chance = Chance(3)
    play_until(room, chance, "patrols")
    assert room.game.chief == "red" and room.to_act() == "police2"
    placing = str(room.game.random_action(chance))
    with pytest.raises(
        RoomError, match=r"^it is not your turn: the Chief, red's policeman \(police2\), is to act$"
    ):
        room.act("police1", placing)
    room.act("police2", placing)
    while room.game.phase != "hunt":
        assert room.to_act() == ("jack" if room.game.to_act == "jack" else "police2")
        room.act(room.to_act(), str(room.game.random_action(chance)))
    assert room.game.acting_colour == "red"  # T2: the Chief first, then clockwise
    with pytest.raises(
        RoomError, match=r"^it is not your turn: red's policeman \(police2\) is to act$"
    ):
        room.act("police1", "blue stay")
    with pytest.raises(RoomError, match=r"^it is not your turn: red's policeman"):
        room.act("jack", "red stay")
    room.act("police2", "red stay")
    room.act("police2", "green stay")
    assert room.game.acting_colour == "blue" and room.to_act() == "police1"
    with pytest.raises(RoomError, match=r"blue's policeman \(police1\) is to act"):
        room.act("police2", "blue stay")


def test_lfw_o6_is_the_chiefs_whoever_acts_in_t3():
    room = lfw_room(chiefs=("brown", "red", "green", "blue", "yellow"), know_where_you_live=True)
    chance = Chance(11)
    while not (room.game.phase == "clues" and room.game.acting_colour == "red"):
        if room.over:
            pytest.skip("the random night ended early")  # pragma: no cover
        text = str(room.game.random_action(chance))
        if not text.startswith("know"):
            room.act(room.to_act(), text)
    assert room.to_act() == "police2"  # red's turn; the Chief (brown) sits in police1
    with pytest.raises(RoomError, match=r"the Chief's decision \(brown's policeman, police1\)$"):
        room.act("police2", "know 1")
    circle = next(c for c in room.game.board.circles if c != room.game.hideout)
    room.act("police1", f"know {circle}")
    assert room.game.know_used and room.to_act() == "police2"


# -- the chess clock ---------------------------------------------------------------------------


def test_the_clock_runs_for_the_side_to_act_once_both_sit():
    now = FakeTime()
    room = Room.new("pocket", "K7QX", seed=2, clock=100, now=now)
    room.take("jack", "Ann")
    now.t += 50
    assert room.clock.running is None  # nobody's time runs before both sit
    room.take("investigator", "Bob")
    now.t += 30
    msg = room.state_message("jack")
    assert msg["clock"] == {
        "limit": 100.0,
        "remaining": {"jack": 100.0, "investigator": 70.0},
        "running": "investigator",
    }
    room.act("investigator", room.view_for("investigator")["legal"][0])
    now.t += 99.5
    assert room.state_message("investigator")["clock"]["remaining"]["jack"] == 0.5
    assert not room.check_time()
    now.t += 1
    assert room.check_time() and room.over
    assert room.result == {"winner": "investigator", "reason": "time ran out for jack"}
    with pytest.raises(RoomError, match="the game is over: time ran out for jack"):
        room.act("jack", "A")
    assert room.game.outcome is None  # the record's outcome stays the engine's
    msg = room.state_message("investigator")
    assert msg["result"]["reason"] == "time ran out for jack" and msg["to_act"] is None
    assert "identity" in msg["view"]["jack"]  # the end reveals Jack (P8)
    again = roomfile.from_json(json.loads(roomfile.dumps(room)), now)
    assert (
        again.result == room.result
        and json.loads(roomfile.dumps(again))["record"]["outcome"] is None
    )


def test_a_late_act_loses_on_time_and_no_clock_means_none():
    now = FakeTime()
    room = Room.new("pocket", "K7QX", seed=2, clock=10, now=now)
    room.take(None, "Ann")
    room.take(None, "Bob")
    now.t += 11
    with pytest.raises(RoomError, match="time ran out for investigator"):
        room.act("investigator", room.view_for("investigator")["legal"][0])
    assert room.game.history == []
    untimed = Room.new("pocket", "K7QX", seed=2, clock=None)
    assert untimed.clock is None and "clock" not in untimed.state_message("jack")
    assert Room.new("lfw", "K7QX", seed=2).clock is None  # LfW: no clock unless asked


# -- persistence ---------------------------------------------------------------------------------


def test_a_room_survives_its_file(tmp_path):
    now = FakeTime()
    room = Room.new("lfw", "K7QX", seed=9, seats=3, clock=600, options={"chase": True}, now=now)
    tokens = {}
    for seat, name in (("jack", "Ann"), ("police1", "Bob"), ("police2", "Cy"), ("police3", "Di")):
        tokens[seat] = room.take(seat, name)[1]
    chance = Chance(1)
    for _ in range(30):
        now.t += 3
        room.act(room.to_act(), str(room.game.random_action(chance)))
    store = RoomStore(tmp_path)
    store.save(room)
    now.t += 5
    again = store.load_all(now)["K7QX"]
    assert again.game == room.game and again.seats == room.seats
    assert again.seating.colours == room.seating.colours and again.names == room.names
    for seat in (*room.seats, None):
        assert again.state_message(seat) == room.state_message(seat)
    assert all(again.rejoin(t) == s for s, t in tokens.items())
    record = json.loads(roomfile.dumps(again))["record"]
    assert record["players"] == {"jack": "Ann", "police": "Bob, Cy, Di"}
    assert record["options"]["chase"] is True


def test_corrupt_room_files_are_skipped_with_a_reason(tmp_path, caplog):
    store = RoomStore(tmp_path)
    good = Room.new("pocket", "GOOD", seed=1)
    store.save(good)
    folder = store.folder
    (folder / "BAD1.json").write_text("{not json")
    (folder / "BAD2.json").write_bytes(b"\xff\xfe")
    data = json.loads(roomfile.dumps(good))
    data["record"]["actions"] = ["Rb2N", "nonsense"]
    (folder / "BAD3.json").write_text(json.dumps(data))
    (folder / "BAD4.json").write_text(roomfile.dumps(good))  # GOOD's content under another name
    data = json.loads(roomfile.dumps(good))
    data["seats"]["jack"] = {"token_sha256": "short"}
    (folder / "BAD5.json").write_text(json.dumps({**data, "room": "BAD5"}))
    (folder / "BAD6.json").write_text(json.dumps({**data, "room": "BAD6", "version": 99}))
    with caplog.at_level(logging.WARNING):
        rooms = store.load_all()
    assert list(rooms) == ["GOOD"]
    skipped = [r.getMessage() for r in caplog.records]
    assert len(skipped) == 6 and all("skipped" in m for m in skipped)
    assert any("cannot be replayed" in m for m in skipped)
    assert any("holds room GOOD" in m for m in skipped)


# -- secrecy of the serialized messages (P9, §9) -----------------------------------------------


def pocket_secret_free(text: str) -> bool:
    """Jack's identity, cards and hourglass total live only under `jack`."""
    return not any(k in text for k in ('"identity"', '"alibis"', '"jack":{', '"hourglasses"'))


def lfw_jack_secret_free(text: str) -> bool:
    keys = ('"hideout":', '"position":', '"path":', '"marked_women":', '"jack":{')
    return not any(k in text for k in keys)


def lfw_police_secret_free(msg: dict, text: str) -> bool:
    """No marker's colour before it is turned (H7), and no police secrets."""
    markers = msg["view"]["patrol_markers"]
    return '"police_secrets"' not in text and all(
        m["revealed"] or m["colour"] is None for m in markers
    )


def sent(room: Room, seat: str | None) -> tuple[dict, str]:
    msg = room.state_message(seat)
    assert msg["seat"] == seat
    return msg, encode(msg, limit=10**7).decode()


def test_pocket_messages_keep_jacks_secrets_over_1000_duels():
    rng = random.Random(2026)
    checked = 0
    for n in range(1000):
        room = Room.new("pocket", "K7QX", seed=rng.getrandbits(32), clock=None)
        while True:
            inv, inv_text = sent(room, "investigator")
            _, spec_text = sent(room, None)
            if "result" in inv:
                assert '"identity"' in inv_text  # P8: the end reveals Jack
                break
            assert pocket_secret_free(inv_text) and pocket_secret_free(spec_text), n
            checked += 2
            seat = room.to_act()
            legal = (inv if seat == "investigator" else room.state_message("jack"))["view"]
            room.act(seat, rng.choice(legal["legal"]))
    assert checked > 20_000


LFW_MESSAGE_GAMES = 100 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 40


def test_lfw_messages_keep_each_sides_secrets_over_many_games():
    chance = Chance(1888)
    for n in range(LFW_MESSAGE_GAMES):
        options = Options(**dict.fromkeys(Options().to_json(), True)) if n % 4 == 0 else Options()
        game = LfwGame.new(chance.below(2**32), options)
        room = Room("K7QX", "lfw", game, seed=None, seat_count=1 + n % 3)
        while True:
            jack, jack_text = sent(room, "jack")
            spec, spec_text = sent(room, None)
            police = [sent(room, seat) for seat in room.seating.colours]
            if "result" in jack:
                break
            for msg, text in police:
                assert msg["view"]["side"] == "police"
                assert lfw_jack_secret_free(text), (n, msg["seat"])
            assert lfw_jack_secret_free(spec_text) and lfw_police_secret_free(spec, spec_text)
            assert lfw_police_secret_free(jack, jack_text), n
            text = str(game.random_action(chance))
            chief = text.startswith("know")  # O6 is the Chief's (see the turn test)
            room.act(room.seating.seat_of_colour(game.chief) if chief else room.to_act(), text)


# -- untrusted input never gets further than a sentence -----------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["room", "action", "game", "seat", "seats", "seed", "clock", "options", "token", "name"]


@given(st.binary(max_size=200))
def test_any_bytes_decode_or_get_a_protocol_error(data):
    try:
        msg = decode(data)
    except ProtocolError:
        return
    assert msg["type"] in CLIENT_MESSAGES


@given(
    st.sampled_from(sorted(CLIENT_MESSAGES)),
    st.dictionaries(st.sampled_from(FIELDS), JSON_VALUES, max_size=5),
)
def test_any_message_decodes_to_its_fields_or_gets_a_protocol_error(kind, fields):
    try:
        msg = decode(json.dumps({"type": kind, **fields}))
    except ProtocolError as e:
        assert e.about in (kind, None)
        return
    assert set(msg) <= {"type", *CLIENT_MESSAGES[kind]}
    assert decode(encode(msg)) == msg


LFW_IN_T2 = lfw_room()
play_until(LFW_IN_T2, Chance(5), "hunt")
WORDS = ["", "blue", "red", "know", "patrols", "step", "kill", "search", "H+", "R", "X", "J:", "A"]


@given(st.sampled_from(WORDS), st.text(max_size=30))
def test_any_action_text_is_played_or_refused_with_a_sentence(word, rest):
    text = f"{word} {rest}"
    pocket = Room.new("pocket", "K7QX", seed=len(rest))
    lfw = Room("K7QX", "lfw", LFW_IN_T2.game.clone(), seed=None, seat_count=2)
    for room in (pocket, lfw):
        for seat in room.seats:
            before = roomfile.dumps(room)
            try:
                room.act(seat, text)
            except WhitechapelError:
                assert roomfile.dumps(room) == before


def test_every_client_message_is_typed_and_has_its_handler():
    """The wire table is made from the typed messages (net/messages.py), and
    the server registers one handler for each kind."""
    from whitechapel.net.messages import KINDS, Create, message_of
    from whitechapel.net.server import GameServer

    assert set(CLIENT_MESSAGES) == set(KINDS)
    srv = GameServer(persist=False)
    for kind in KINDS.values():
        assert srv.dispatch.handler(kind) is not None
    create = message_of(decode(b'{"type": "create", "game": "lfw", "seats": 2, "x": 1}'))
    assert isinstance(create, Create) and create.seats == 2 and create.settings is None
