"""The lobby of a game server (`whitechapel join HOST:PORT`, and every SSH
session): the open rooms, a new room of any game (the registry's), join a
room by its code, watch one.

The app keeps one connection to the server (`Link`, ui/link.py); a worker reads its
messages and hands each to the screen it is for: the room's game screen, or
the lobby, which the server sends the list of rooms again when it changes.
The screens only send action texts and show the views the server sends;
the server decides every rule and keeps every secret.
"""

from __future__ import annotations

import secrets
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from whitechapel.core.errors import WhitechapelError
from whitechapel.core.registry import entries, rules_for, title_of
from whitechapel.core.settings import NETWORK, TURN_BELL, Setting, for_rooms
from whitechapel.ui.link import Link
from whitechapel.ui.screens.records import RecordsScreen, ReplayScreen
from whitechapel.ui.widgets.footer import KeyFooter
from whitechapel.ui.widgets.guard import SizeGuard, TooSmall


class ServerMessage(Message):
    def __init__(self, msg: dict[str, Any]) -> None:
        super().__init__()
        self.msg = msg


def clock_words(game: str) -> str:
    """ " (7:30 a side)" for a game whose rooms have a chess clock: a new
    room's clock is said before it runs (tester PI, Pocket round 5, found
    it running down in the header)."""
    limit = rules_for(game).default_clock
    if not limit:
        return ""
    minutes, seconds = divmod(round(limit), 60)
    return f" ({minutes}:{seconds:02d} a side)"


def games_keys() -> str:
    """The keys line: each game's new room (with its chess clock) and game
    against the computer, its key in bold, wrapped at the window's width."""
    said = [f"[b]{e.room_key}[/b] {escape(e.room_label + clock_words(e.name))}" for e in entries()]
    said += [
        f"[b]{e.computer_key}[/b] {escape(e.computer_label)}" for e in entries() if e.computer_key
    ]
    return "  ·  ".join(said)


class LobbyScreen(SizeGuard, Screen):
    BINDINGS = [
        # The games' keys are on the keys line under the title, which wraps;
        # the footer keeps the lobby's own (issue 44: in a browser 1280
        # pixels wide the footer cut them all off after "Finished").
        *(
            Binding(
                e.room_key,
                f"new_room('{e.name}')",
                e.room_label,
                show=False,
                id=f"lobby.new_{e.name}",
            )
            for e in entries()
        ),
        *(
            Binding(
                e.computer_key,
                f"against_computer('{e.name}')",
                e.computer_label,
                show=False,
                id=f"lobby.computer_{e.name}",
            )
            for e in entries()
            if e.computer_key
        ),
        Binding("j", "focus_code", "Join by code", id="lobby.join"),
        # out of the room-code field, back to the rooms (where w watches)
        Binding("escape", "focus_rooms", "Rooms", show=False, id="lobby.rooms"),
        Binding("w", "watch", "Watch", id="lobby.watch"),
        Binding("r", "refresh", "Refresh", id="lobby.refresh"),
        Binding("v", "records", "Finished games", id="lobby.records"),
        # the invite line (issue 50): copied by OSC 52, for a friend; said
        # on the line itself (the footer at 80 columns holds no more)
        Binding("i", "copy_invite", "Copy invite", show=False, id="lobby.copy_invite"),
    ]
    DEFAULT_CSS = """
    LobbyScreen { layers: base guard; }
    LobbyScreen #lobby-title { height: 3; padding: 1 1 0 1; }
    LobbyScreen #lobby-keys { height: auto; padding: 0 1; }
    LobbyScreen #rooms { height: 1fr; margin: 0 1; border: round $primary; }
    LobbyScreen #code-row { height: 3; padding: 0 1; }
    LobbyScreen #code-row Label { width: 22; padding: 1 0; }
    LobbyScreen #code { width: 24; }
    LobbyScreen .settings-row { height: 1; padding: 0 1; }
    LobbyScreen .settings-game { width: 22; }
    LobbyScreen .settings-label { width: auto; padding: 0 1 0 0; }
    LobbyScreen .seat-count { width: 9; margin-right: 2; }
    LobbyScreen .setting-choice { margin-right: 2; }
    LobbyScreen #invite { height: auto; max-height: 2; padding: 0 1; }
    LobbyScreen #status { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, link: Link, room: str | None = None, *, invite: str | None = None) -> None:
        """`room`: a room to join once connected (`whitechapel join HOST:PORT
        ROOM`, or an SSH invite's `join CODE`); `invite`: how a friend reaches
        this server over SSH (`ssh -t -p PORT NAME@HOST`), for an SSH session's
        invite line."""
        super().__init__()
        self.link = link
        self.ssh_invite = invite
        # "K7QX", or "K7QX K7Q4XM": the room, and a seat's rejoin code to take it back
        wanted = room.upper().split() if room else []
        self.room_wanted = wanted[0] if wanted else None
        self.code_wanted = wanted[1] if len(wanted) > 1 else None
        self.invited = ""  # the room the invite line is for
        self.status_room = ""  # the room the status line speaks of, if one
        self.rooms: list[dict[str, Any]] = []
        self.screens: dict[str, Any] = {}  # room -> its game screen
        # room -> the rejoin code typed to take a seat back: the server does
        # not say it again, and the seat's header goes on showing it (tester
        # PO, Pocket round 8, lost it after a rejoin)
        self.codes_typed: dict[str, str] = {}
        self.why = ""  # how the seat of the room asked for was chosen, said when it comes

    def compose(self) -> ComposeResult:
        yield Static(
            f"[b]whitechapel[/b] — the lobby of {escape(self.link.where)}, "
            f"as [b]{escape(self.link.name)}[/b]",
            id="lobby-title",
        )
        yield Static(games_keys(), id="lobby-keys")
        with Vertical():
            yield OptionList(id="rooms")
            with Horizontal(id="code-row"):
                yield Label("Join a room by code:")
                yield Input(placeholder="K7QX K7Q4XM", id="code", max_length=24)
            for e in entries():  # what a game's new room is made with
                # the side its creator plays (tester PA: no choice was offered)
                with Horizontal(classes="settings-row"):
                    yield Label(f"{e.room_label}:", classes="settings-game")
                    yield Label("you play", classes="settings-label")
                    options = [*e.sides, RANDOM]
                    side = Select(
                        [(option, option) for option in options],
                        value=e.sides[0],
                        allow_blank=False,
                        id=f"side-{e.name}",
                        classes="setting-choice",
                        compact=True,
                    )
                    side.styles.width = max(len(option) for option in options) + 5
                    yield side
                settings = room_settings_of(e.name)
                if not (e.seat_counts or settings):  # no other choice: its row is whole
                    continue
                with Horizontal(classes="settings-row"):  # under its side, indented
                    yield Label("", classes="settings-game")
                    if e.seat_counts:  # a room's own seat count
                        yield Label(e.seats_label, classes="settings-label")
                        yield Select(
                            [(str(n), n) for n in e.seat_counts],
                            value=e.seats_default,
                            allow_blank=False,
                            id=f"seats-{e.name}",
                            classes="seat-count",
                            compact=True,
                        )
                    for setting in settings:  # the game's settings a room holds at every seat
                        yield Label(_lower_first(setting.label), classes="settings-label")
                        choice = Select(
                            [(label, value) for value, label in setting.choices],
                            value=setting.default,
                            allow_blank=False,
                            id=f"{setting.name}-{e.name}",
                            classes="setting-choice",
                            compact=True,
                        )
                        # as wide as its longest choice, and its arrow
                        choice.styles.width = max(len(label) for _, label in setting.choices) + 5
                        yield choice
            with Horizontal(classes="settings-row"):  # the player's own (issue 50)
                yield Label(f"{TURN_BELL.label}:", classes="settings-game")
                bell = Select(
                    [(label, value) for value, label in TURN_BELL.choices],
                    value=self.remembered_bell(),
                    allow_blank=False,
                    id="turn-bell",
                    classes="setting-choice",
                    compact=True,
                )
                bell.styles.width = max(len(label) for _, label in TURN_BELL.choices) + 5
                yield bell
        yield Static("", id="invite", markup=False)
        yield Static("Connecting…", id="status")
        yield KeyFooter()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#rooms", OptionList).focus()
        self.link.turn_bell = self.remembered_bell() != "off"
        self.connect()

    # -- the player's turn bell, and the invite line (issue 50) --------------------------

    def remembered_bell(self) -> str:
        """The bell setting the settings file holds (an SSH session reads
        none: the host's file is not a stranger's)."""
        if self.link.ssh:
            return TURN_BELL.default
        from whitechapel.core import config

        loaded = config.load()
        value = loaded.settings.game(NETWORK).get(TURN_BELL.name, TURN_BELL.default)
        return value if value in TURN_BELL.values else TURN_BELL.default

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "turn-bell":
            return
        value = str(event.value)
        self.link.turn_bell = value != "off"
        if self.link.ssh:
            return  # a session writes nothing
        from whitechapel.core import config

        problem = config.remember(NETWORK, **{TURN_BELL.name: value})
        if problem is not None:
            self.notify(config.notice(problem), severity="warning", timeout=8, markup=False)

    def invite_line(self, room: str) -> str:
        """The line that brings a friend to `room`: over SSH, `ssh -t -p PORT
        NAME@HOST join CODE` (the gateway's door); else the link's (`whitechapel
        join HOST:PORT ROOM`)."""
        if self.ssh_invite:
            return f"{self.ssh_invite} join {room}"
        return self.link.invite(room)

    def show_invite(self, room: str | None) -> None:
        """The invite line of `room` (the one just made or joined, else the
        one highlighted), whole on its own line; `i` copies it."""
        self.invited = room or ""
        text = f"Invite to {room} (i copies it): {self.invite_line(room)}" if room else ""
        self.query_one("#invite", Static).update(text)

    def action_copy_invite(self) -> None:
        room = self.invited or self.highlighted_room()
        if not room:
            self.notify("No room to invite to: make one, or highlight one.", timeout=4)
            return
        line = self.invite_line(room)
        self.app.copy_to_clipboard(line)
        self.notify(f"Copied: {line}", timeout=6, markup=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.show_invite(event.option.id)

    def on_unmount(self) -> None:
        self.link.drop()  # the app is leaving: its connection goes with it, now

    def status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    # -- the connection ------------------------------------------------------------

    @work(exclusive=True, group="link")
    async def connect(self) -> None:
        try:
            await self.link.connect()
        except (OSError, TimeoutError, WhitechapelError) as e:
            self.status(
                f"[red]Could not reach the server: {escape(str(e) or type(e).__name__)}[/red]"
            )
            return
        # The keys are on the keys line and the footer: said once (issue 44).
        self.status(
            "Connected. Enter joins the room highlighted; a room's code and then a "
            "seat's rejoin code take that seat back."
        )
        if self.link.notice:
            self.notify(self.link.notice, timeout=8, markup=False)
        await self.link.send({"type": "list"})
        if self.room_wanted:  # `whitechapel join HOST:PORT ROOM`: straight to it
            await self.join(self.room_wanted, self.code_wanted)
            self.room_wanted = self.code_wanted = None
        # The server sends the list again when it changes; asked for now and
        # then all the same, for a server that does not, and so that the
        # server, which closes a connection silent for 15 minutes, hears from us.
        self.set_interval(KEEP_FRESH, self.keep_fresh)
        while True:
            try:
                msg = await self.link.client.recv(timeout=None)
            except (OSError, WhitechapelError) as e:
                self.status(f"[red]The server hung up: {escape(str(e))}[/red]")
                self.app.notify(
                    f"The server hung up: {e}", severity="error", timeout=10, markup=False
                )
                self.link.client = None
                return
            self.post_message(ServerMessage(msg))

    def on_server_message(self, event: ServerMessage) -> None:
        msg = event.msg
        kind = msg.get("type")
        room = str(msg.get("room") or "")  # the room it is about ("": none)
        if kind == "rooms":
            self.show_rooms(msg.get("rooms", []))
        elif kind in ("created", "joined"):
            self.seated(kind, room, msg)
        elif kind == "state":
            self.show_state(msg)
        elif kind == "records":
            self.app.push_screen(RecordsScreen(msg.get("records", []), self.fetch_record))
        elif kind == "record":
            shown = ReplayScreen.of_text(str(msg.get("record", "")))
            if isinstance(shown, str):
                self.notify(shown, severity="error", timeout=8, markup=False)
            else:
                self.app.push_screen(shown)
        elif kind == "error":
            screen = self.screens.get(room) if room else None
            if screen is not None and hasattr(screen, "remote_error"):
                screen.remote_error(msg.get("message", ""))
            else:
                self.notify(msg.get("message", "error"), severity="error", timeout=6, markup=False)
                listed = any(r.get("room") == room for r in self.rooms)
                if msg.get("about") == "join" and listed and room not in self.screens:
                    # a join of a listed room refused (full, a wrong code): its code
                    # typed, the field waiting for a rejoin code (tester RJ, Pocket
                    # round 32: "a seat 'away' opens 'no free seat' instead of
                    # asking for the rejoin code")
                    self.ask_code(room, escape(str(msg.get("message", ""))))
        elif kind == "left" and msg.get("reason"):  # our seat, taken back elsewhere
            self.link.seats.pop(room, None)
            screen = self.screens.get(room) if room else None
            if screen is not None and hasattr(screen, "remote_left"):
                screen.remote_left(str(msg["reason"]))
            else:
                self.notify(f"Room {room}: {msg['reason']}", timeout=8, markup=False)
        elif kind in ("rematch", "rematch_off"):
            self.rematch_news(room, msg)
        elif kind == "closed":
            reason = escape(str(msg.get("reason", "")))
            self.status(f"[red]The server closed the connection: {reason}[/red]")

    def seated(self, kind: str, room: str, msg: dict[str, Any]) -> None:
        """`created` or `joined`: a seat of `room` is this player's."""
        typed = self.codes_typed.pop(room, "")
        self.link.remember(room, msg["seat"], msg.get("token", ""), msg.get("rejoin") or typed)
        code = self.link.rejoin_code(room)
        # what the code is for, said where it is first given (tester PG,
        # Pocket round 4, was cut off and had not kept it)
        again = (
            f". Rejoin code {code}: keep it, it takes your seat back if you are cut off "
            f"(j, then {room} {code})"
            if code
            else ""
        )
        why = self.why if kind == "created" else ""
        self.why = ""
        # On the status line, not a toast: the game screen comes at once,
        # and a toast there covered its fourth token (tester PB, issue
        # 44); the screen's banner holds the rejoin code.
        old = str(msg.get("rematch") or "")
        if old:  # a rematch: its new room replaces the old one's screen
            why = f" (a rematch of {old}, sides swapped)"
            screen = self.screens.get(old)
            if screen is not None:
                screen.rematch = "started"
                if screen is self.app.screen:
                    self.app.pop_screen()
        self.status(escape(f"Room {room}: you hold the {msg['seat']} seat{why}{again}."))
        self.status_room = room
        self.show_invite(room)

    def show_state(self, msg: dict[str, Any]) -> None:
        room = msg["room"]
        screen = self.screens.get(room)
        if screen is None:
            screen = self.open_room(msg)
            if screen is None:
                return
            self.screens[room] = screen
            self.app.push_screen(screen)
        screen.remote_state(msg)

    def open_room(self, msg: dict[str, Any]):
        """The room's game screen, from the game's screens (ui/games.py)."""
        from whitechapel.core.registry import game_names
        from whitechapel.ui.games import screens_for

        kind = msg.get("view", {}).get("game")
        if kind not in game_names():
            return None
        try:
            return screens_for(kind).remote_screen(self.link, msg["room"], msg.get("seat"), msg)
        except WhitechapelError as e:  # a player's own map: not shipped with the app
            self.notify(f"Cannot show this room's board: {e}", severity="error", markup=False)
        return None

    def screen_closed(self, room: str) -> None:
        self.screens.pop(room, None)

    def rematch_news(self, room: str, msg: dict[str, Any]) -> None:
        """A finished room's rematch: offered, or called off.  Its game
        screen says it; a player who has left that screen declines."""
        screen = self.screens.get(room)
        if msg["type"] == "rematch_off":
            if screen is not None:
                screen.remote_rematch_off(str(msg.get("reason", "")))
            else:
                self.status(escape(f"Room {room}: {msg.get('reason', '')}."))
        elif screen is not None:
            screen.remote_rematch(msg)
        else:  # gone from that table: not coming back to it
            self.decline_rematch(room)

    def decline_rematch(self, room: str) -> None:
        """Say no to `room`'s rematch (its screen was left)."""
        if self.link.client is not None:
            self.run_worker(
                self.safe_send({"type": "rematch", "room": room, "accept": False}),
                group="rematch",
            )

    # -- the rooms -------------------------------------------------------------------

    def show_rooms(self, rooms: list[dict[str, Any]]) -> None:
        self.rooms = rooms
        options = []
        for r in rooms:
            free = [s for s, taken in r.get("seats", {}).items() if not taken]
            names = r["names"] if isinstance(r.get("names"), dict) else {}
            away = r["away"] if isinstance(r.get("away"), list) else []
            held = [
                f"{s}: {names[s]}" + (" (away)" if s in away else "")
                for s in r.get("seats", {})
                if names.get(s)
            ]
            seats = f"free: {', '.join(free)}" if free else "full"
            if held:
                seats = f"{'; '.join(held)}; {seats}"
            mine = self.link.seats.get(r["room"])
            if mine is not None:
                code = f", rejoin: {r['room']} {mine[2]}" if mine[2] else ""
                seats = f"your seat: {mine[0]}{code}; {seats}"
            elif isinstance(r.get("yours"), str):  # the server knows this identity's seat
                seats = f"your seat: {r['yours']}; {seats}"
            game = title_of(str(r.get("game")))
            line = f"{r['room']}  {game}  ({seats}, {r.get('watchers', 0)} watching)"
            options.append(Option(Text(line), id=r["room"]))  # a name is shown as written
        listed = {r["room"] for r in rooms}
        # a room gone from the list (its game over) takes its lines along
        # (tester PR, Pocket round 9: its invite and "you hold the … seat"
        # stayed under "No open rooms")
        if self.invited and self.invited not in listed:
            self.show_invite(None)
        if self.status_room and self.status_room not in listed:
            self.status_room = ""
            self.status("")
        rooms_list = self.query_one("#rooms", OptionList)
        was = self.highlighted_room()
        rooms_list.clear_options()
        if options:
            rooms_list.add_options(options)
            ids = [o.id for o in options]  # the same room stays highlighted on a refresh
            rooms_list.highlighted = ids.index(was) if was in ids else 0
        else:
            keys = " or ".join(f"{e.room_key} ({e.room_label})" for e in entries())
            rooms_list.add_option(Option(f"No open rooms: press {keys}.", disabled=True))

    async def action_records(self) -> None:
        await self.safe_send({"type": "records"})

    async def fetch_record(self, record_id: str) -> None:
        await self.safe_send({"type": "record", "id": record_id})

    async def action_refresh(self) -> None:
        if self.link.client is not None:
            await self.safe_send({"type": "list"})

    async def keep_fresh(self) -> None:
        """The list asked for again while the lobby is shown; a `ping` while
        a room's screen is (the server stops sending the list to a connection
        at a room's table, and asking for it would start it again)."""
        if self.link.client is None:
            return
        await self.safe_send({"type": "list"} if self.app.screen is self else {"type": "ping"})

    async def on_screen_resume(self) -> None:
        """Back in the lobby (from a room's screen): the list, fresh, and
        sent again whenever it changes; the keys go to the rooms, the code
        used to come in cleared (tester PQ, Pocket round 8: `n` for a new
        duel went into the old code, "KCPT 4V96NAn")."""
        field = self.query_one("#code", Input)
        if field.value:
            field.value = ""
        self.set_focus(self.query_one("#rooms", OptionList))
        await self.action_refresh()

    def room_settings(self, game: str) -> dict[str, Any]:
        """What is chosen beside the code for a new room of `game`: its own
        seat count, and its settings (the game's schema: core/settings.py)."""
        fields: dict[str, Any] = {}
        for count in self.query(f"#seats-{game}").results(Select):
            fields["seats"] = int(str(count.value))
        chosen = {
            setting.name: str(select.value)
            for setting in room_settings_of(game)
            for select in self.query(f"#{setting.name}-{game}").results(Select)
        }
        if chosen:
            fields["settings"] = chosen
        return fields

    async def action_new_room(self, game: str) -> None:
        """A new room of `game`, its creator at the side chosen on its row
        (random: drawn here, and said)."""
        fields = self.room_settings(game)
        side = next(iter(self.query(f"#side-{game}").results(Select)), None)
        chosen = str(side.value) if side is not None else ""
        if chosen == RANDOM:
            from whitechapel.core.registry import entry_of

            chosen = secrets.choice(entry_of(game).sides)
            self.why = " (drawn at random)"
        else:
            self.why = " (as chosen on the lobby's row)" if chosen else ""
        if chosen:
            fields["seat"] = chosen
        await self.safe_send({"type": "create", "game": game, **fields})

    def action_against_computer(self, game: str) -> None:
        """A room against the server's computer: the side and level asked
        first (a small list), then `create` with `computer`."""

        async def chosen(choice: tuple[str, str] | None) -> None:
            if choice is not None:
                seat, level = choice
                await self.safe_send(
                    {
                        "type": "create",
                        "game": game,
                        "seat": seat,
                        "computer": level,
                        **self.room_settings(game),
                    }
                )

        self.app.push_screen(ComputerChoice(game), chosen)

    def action_focus_code(self) -> None:
        # At once (`focus()` would wait for the app's queue): the keys typed
        # right after `j`, queued behind it, go into the field.
        self.set_focus(self.query_one("#code", Input))

    def action_focus_rooms(self) -> None:
        self.set_focus(self.query_one("#rooms", OptionList))

    async def action_watch(self) -> None:
        room = self.highlighted_room()
        if room:
            await self.safe_send({"type": "watch", "room": room})

    def highlighted_room(self) -> str | None:
        rooms = self.query_one("#rooms", OptionList)
        if rooms.highlighted is None:
            return None
        return rooms.get_option_at_index(rooms.highlighted).id

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.enter_room(event.option.id)

    async def enter_room(self, room: str) -> None:
        """Enter on a room: a free seat, or this player's own.  A full room
        where the lobby knows no seat of this player's opens the join field
        with the room's code typed, for a seat's rejoin code (tester PG,
        Pocket round 4: a password session is a stranger to the server)."""
        entry = next((r for r in self.rooms if r.get("room") == room), None)
        if entry is None or not self.full_to_me(entry):
            return await self.join(room)
        self.ask_code(room, escape(full_words(entry)))

    def ask_code(self, room: str, said: str) -> None:
        """The join field with `room`'s code typed and the cursor after it,
        for a seat's rejoin code; `said` (markup) on the status line."""
        field = self.query_one("#code", Input)
        field.value = f"{room} "
        field.cursor_position = len(field.value)
        # the cursor after the code, not the code selected (as `j` has it),
        # so that what is typed next follows it
        field.select_on_focus = False
        self.set_focus(field)
        field.call_later(setattr, field, "select_on_focus", True)
        self.status(said)

    def full_to_me(self, entry: dict[str, Any]) -> bool:
        """Is the listed room full, no seat of it known as this player's?"""
        seats = entry.get("seats")
        if not isinstance(seats, dict) or not all(seats.values()):
            return False
        return entry.get("room") not in self.link.seats and not isinstance(entry.get("yours"), str)

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        words = event.value.upper().split()
        if words:  # "K7QX", or "K7QX K7Q4XM": the room and a seat's rejoin code
            await self.join(words[0], " ".join(words[1:]) or None)

    async def join(self, room: str, rejoin: str | None = None) -> None:
        msg: dict[str, Any] = {"type": "join", "room": room}
        if rejoin:
            msg["rejoin"] = rejoin
            self.codes_typed[room] = rejoin
        elif room in self.link.seats:  # coming back to the same seat
            seat, token, code = self.link.seats[room]
            msg["seat"] = seat
            if token:
                msg["token"] = token
            elif code:
                msg["rejoin"] = code
        await self.safe_send(msg)

    async def safe_send(self, msg: dict[str, Any]) -> None:
        try:
            await self.link.send(msg)
        except (OSError, WhitechapelError) as e:
            self.notify(str(e), severity="error", markup=False)


RANDOM = "random"  # the lobby's side choice: either, drawn when the room is made
KEEP_FRESH = 30  # seconds between two lists asked for by a lobby shown


def full_words(entry: dict[str, Any]) -> str:
    """What Enter on a full room says: whose seats are away (their player's
    connection gone), and how a seat is taken back."""
    room = entry.get("room", "")
    names = entry["names"] if isinstance(entry.get("names"), dict) else {}
    away = entry["away"] if isinstance(entry.get("away"), list) else []
    gone = [f"{s} ({names[s]})" if names.get(s) else str(s) for s in away]
    said = f"Room {room} is full"
    if gone:
        said += f"; away now: {', '.join(gone)}"
    return (
        f"{said}. If one of its seats is yours, type its rejoin code after the room "
        "code and press Enter (or Esc, then w, to watch)."
    )


def room_settings_of(game: str) -> tuple[Setting, ...]:
    """The settings a new room of `game` may be given (its rules' schema)."""
    return for_rooms(rules_for(game).settings)


def _lower_first(label: str) -> str:
    """A footer's label inside a sentence: "New Pocket duel" -> "new Pocket
    duel", but "LfW …" stays as it is written."""
    first = label.split()[0] if label.strip() else ""
    return label[0].lower() + label[1:] if first[1:].islower() else label


class ComputerChoice(ModalScreen[tuple[str, str] | None]):
    """Which side the player takes against the server's computer, and how
    well the computer plays: one list, Enter takes, Esc goes back."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="lobby.computer_back")]
    DEFAULT_CSS = """
    ComputerChoice { align: center middle; }
    ComputerChoice #computer-box { width: 64; height: auto; border: heavy $accent; padding: 1 2; }
    ComputerChoice OptionList { height: auto; max-height: 14; }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        from whitechapel.core.players import levels
        from whitechapel.core.registry import entry_of

        sides = entry_of(self.game).sides
        options = []
        for mine in sides:
            others = ", ".join(s for s in sides if s != mine)
            options += [
                Option(
                    f"You play {mine}; the computer plays {others} ({level})", id=f"{mine}:{level}"
                )
                for level in levels(self.game)
            ]
        with Vertical(id="computer-box"):
            yield Label(f"[b]{escape(title_of(self.game))}[/b] against the computer")
            yield OptionList(*options, id="computer-options")
            yield Label("Enter starts the room, Esc goes back.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        seat, _, level = (event.option.id or "").partition(":")
        self.dismiss((seat, level))

    def action_cancel(self) -> None:
        self.dismiss(None)
