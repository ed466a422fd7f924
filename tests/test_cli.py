"""The `whitechapel` command (cli.py) and the hot-seat console game
(pocket/ui/console.py), driven in-process as a player would."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from whitechapel.cli import main
from whitechapel.core.chance import Chance
from whitechapel.core.record import Record, record_of
from whitechapel.core.store import Store, autosave_name, load_game
from whitechapel.pocket.actions import ALL_ACTIONS
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import CHARACTER_INDEX, CHARACTERS
from whitechapel.pocket.selfplay import play_randomly, random_game
from whitechapel.pocket.ui.console import ConsoleGame

PLAYERS = {"jack": "Ann", "investigator": "Bob"}


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WHITECHAPEL_DATA_DIR", str(tmp_path / "data"))


def one_line(text: str) -> str:
    lines = text.splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def write_record(path: Path, game: PocketGame, seed: int = 3) -> Path:
    path.write_text(record_of(game, seed=seed, players=PLAYERS).dumps(), encoding="utf-8")
    return path


def unfinished_game(seed: int = 3, actions: int = 6) -> PocketGame:
    game = play_randomly(PocketGame.new(seed), Chance(seed), limit=actions)
    assert game.outcome is None
    return game


def short_name(character_id: str) -> str:
    return CHARACTERS[CHARACTER_INDEX[character_id]].name.split()[-1]


# -- selfplay ----------------------------------------------------------------


def test_selfplay_prints_the_figures(capsys):
    assert main(["pocket", "selfplay", "--games", "30", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "30 random games (seed 4)" in out
    jack = int(re.search(r"jack wins\s+(\d+)", out).group(1))
    investigator = int(re.search(r"investigator wins\s+(\d+)", out).group(1))
    assert jack + investigator == 30
    rounds = float(re.search(r"mean rounds\s+([\d.]+)", out).group(1))
    assert 1 <= rounds <= 8
    share = float(re.search(r"went into the race\s+([\d.]+)%", out).group(1))
    assert 0 <= share <= 100
    speed = float(re.search(r"games per second\s+([\d.]+)", out).group(1))
    assert speed > 0


def selfplay_json(capsys, *args: str) -> dict:
    assert main(["pocket", "selfplay", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_selfplay_json(capsys):
    stats = selfplay_json(capsys, "--games", "30", "--seed", "4")
    for key in (
        "games",
        "jack_wins",
        "investigator_wins",
        "mean_rounds",
        "race_share",
        "games_per_second",
    ):
        assert key in stats
    assert stats["games"] == 30
    assert stats["jack_wins"] + stats["investigator_wins"] == 30
    assert 1 <= stats["mean_rounds"] <= 8
    assert 0 <= stats["race_share"] <= 1
    assert stats["games_per_second"] > 0


def test_selfplay_same_seed_same_wins(capsys):
    first = selfplay_json(capsys, "--games", "30", "--seed", "4")
    second = selfplay_json(capsys, "--games", "30", "--seed", "4")
    for key in ("jack_wins", "investigator_wins", "mean_rounds", "race_share"):
        assert first[key] == second[key]


def test_selfplay_figures_are_those_of_the_games_it_plays(capsys):
    stats = selfplay_json(capsys, "--games", "20", "--seed", "9")
    chance = Chance(9)
    games = [random_game(chance.below(2**48), chance) for _ in range(20)]
    assert stats["jack_wins"] == sum(g.outcome.winner == "jack" for g in games)
    assert stats["mean_rounds"] == pytest.approx(sum(g.round for g in games) / 20)


# -- usage errors ------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["--bogus"], "--bogus"),
        (["pocket", "--frobnicate"], "--frobnicate"),
        (["pocket", "selfplay", "--games", "x"], "'x' is not a whole number"),
        (["pocket", "selfplay", "--games", "0"], "0 is not a positive number"),
        (["pocket", "selfplay", "--games", "-5"], "-5 is not a positive number"),
        (["pocket", "--seed", "soon"], "seed 'soon' is not a whole number"),
        (["replay"], "FILE"),
        (["replay", "x.json", "--side", "moriarty"], "moriarty"),
        (["chess"], "chess"),
        (["lfw", "--seed", "dawn"], "seed 'dawn' is not a whole number"),
        (["lfw", "--frobnicate"], "--frobnicate"),
    ],
)
def test_usage_errors_exit_2_with_one_line(capsys, argv, problem):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    captured = capsys.readouterr()
    line = one_line(captured.err)
    assert problem in line
    assert line.startswith("whitechapel")
    assert "usage:" not in captured.err
    assert captured.out == ""


def test_bogus_option_in_a_real_process():
    done = subprocess.run(
        [sys.executable, "-m", "whitechapel", "--bogus"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "--bogus" in one_line(done.stderr)


def test_bench_with_no_matching_benchmark(capsys):
    assert main(["bench", "nosuchbench"]) == 2
    assert "nosuchbench" in capsys.readouterr().err


# -- replay --------------------------------------------------------------------


def test_replay_of_a_finished_game(tmp_path, capsys):
    game = random_game(3, Chance(3))
    path = write_record(tmp_path / "done.json", game)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    outcome = game.outcome
    assert f"{outcome.winner} wins" in out
    assert outcome.reason in out
    assert f"Mr. Jack Pocket, {len(game.history)} actions" in out
    assert "Ann" in out
    assert "Bob" in out
    for tile in game.view("investigator").tiles:
        assert short_name(tile.character) in out
    assert "not finished" not in out


def test_replay_json_of_an_unfinished_game_keeps_jack_secret(tmp_path, capsys):
    game = unfinished_game()
    path = write_record(tmp_path / "half.json", game)
    assert main(["replay", str(path), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view == game.view("public").to_json()
    assert "jack" not in view


def test_replay_of_an_unfinished_game_public_and_jack(tmp_path, capsys):
    game = unfinished_game()
    path = write_record(tmp_path / "half.json", game)

    assert main(["replay", str(path)]) == 0
    public = capsys.readouterr().out
    assert "not finished" in public
    assert "Jack is" not in public

    assert main(["replay", str(path), "--side", "investigator"]) == 0
    assert "Jack is" not in capsys.readouterr().out

    assert main(["replay", str(path), "--side", "jack"]) == 0
    secret = capsys.readouterr().out
    identity = CHARACTERS[game.setup.jack].name
    assert f"Jack is {identity}" in secret


def test_replay_of_a_missing_file(tmp_path, capsys):
    path = tmp_path / "nowhere.json"
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    line = one_line(captured.err)
    assert line.startswith("whitechapel: ")
    assert str(path) in line
    assert "no such file" in line


def test_replay_of_a_corrupt_file(tmp_path, capsys):
    text = record_of(random_game(3, Chance(3))).dumps()
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("whitechapel: ")
    assert str(path) in line
    assert "truncated" in line


def test_replay_of_a_file_with_an_illegal_action(tmp_path, capsys):
    game = unfinished_game(actions=2)
    legal = set(game.legal_actions())
    illegal = next(str(a) for a in ALL_ACTIONS if a not in legal)
    data = json.loads(record_of(game).dumps())
    data["actions"].append(illegal)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("whitechapel: ")
    assert str(path) in line
    assert "action 3" in line


def test_loading_a_missing_game_to_play_it(tmp_path, capsys):
    path = tmp_path / "gone.json"
    assert main(["pocket", "--load", str(path)]) == 1
    line = one_line(capsys.readouterr().err)
    assert line.startswith("whitechapel: ")
    assert str(path) in line


# -- the console game ----------------------------------------------------------

HANDOVER = re.compile(r"^Pass the keyboard to (.+?) — ")


def holder_of(name: str) -> str:
    """The side a handover prompt hands the keyboard to."""
    if name == "Investigator" or name.endswith("(investigator)"):
        return "investigator"
    if name == "Jack" or name.endswith("(jack)"):
        return "jack"
    raise AssertionError(f"a handover to nobody known: {name!r}")


class Player:
    """Scripted `read` and `write` for a ConsoleGame: records every text
    shown with who held the keyboard, and answers the prompts."""

    def __init__(self, answers=None, *, seed: int = 0, chatty: bool = False) -> None:
        self.answers = list(answers or [])  # answers for action prompts, then random play
        self.chance = Chance(seed)
        self.chatty = chatty  # also ask for help, the legal list, and press Enter on its own
        self.console: ConsoleGame | None = None
        self.holder: str | None = None
        self.shown: list[tuple[str, str | None, bool]] = []  # (text, holder, game over)
        self.prompts = 0

    def attach(self, console: ConsoleGame) -> ConsoleGame:
        self.console = console
        return console

    def _note(self, text: str) -> None:
        over = self.console.game.outcome is not None
        self.shown.append((text, self.holder, over))

    def write(self, text: str) -> None:
        self._note(text)

    def read(self, prompt: str) -> str:
        self.prompts += 1
        assert self.prompts < 5000, "the console game does not end"
        handover = HANDOVER.match(prompt)
        if handover:
            self.holder = holder_of(handover.group(1))
        self._note(prompt)
        if not prompt.endswith("> "):
            return ""  # "press Enter" prompts
        if self.answers:
            answer = self.answers.pop(0)
            if isinstance(answer, BaseException):
                raise answer
            return answer
        if self.chatty:
            extra = self.chance.below(8)
            if extra == 0:
                return "legal"
            if extra == 1:
                return "help"
            if extra == 2:
                return ""
        legal = self.console.game.legal_actions()
        return str(legal[self.chance.below(len(legal))])

    def texts(self) -> list[str]:
        return [text for text, _, _ in self.shown]


def console_for(player: Player, tmp_path: Path, seed: int, players=None) -> ConsoleGame:
    game = PocketGame.new(seed)
    record = record_of(game, seed=seed, players=players or {})
    store = Store(tmp_path / "store")
    return player.attach(ConsoleGame(game, record, store, read=player.read, write=player.write))


@pytest.mark.parametrize("seed", [1, 2, 12])
def test_console_plays_a_full_game_and_saves_it(tmp_path, seed):
    player = Player(seed=seed, chatty=True)
    console = console_for(player, tmp_path, seed, PLAYERS)
    assert console.run() == 0
    game = console.game
    assert game.outcome is not None
    texts = player.texts()
    assert any(f"Game over: {game.outcome.winner} wins — {game.outcome.reason}" in t for t in texts)
    assert console.saved is not None
    assert f"The record is saved in {console.saved}" in texts[-1]
    record, replayed = load_game(console.saved)
    assert replayed.outcome == game.outcome
    assert record.outcome == game.outcome
    assert replayed == game
    assert record.players == PLAYERS
    assert record.seed == seed
    assert console.saved.name == autosave_name(record) + ".json"


def test_console_shows_help_and_the_legal_actions(tmp_path):
    player = Player(["help", "legal", "quit"])
    console = console_for(player, tmp_path, 5)
    legal = " ".join(str(a) for a in console.game.legal_actions())
    console.run()
    texts = player.texts()
    assert any("Rb2E" in t and "draw an alibi card" in t for t in texts)
    assert any(f"Legal now: {legal}" in t for t in texts)


def test_console_tells_what_happened_in_sentences_and_the_notation_on_request(tmp_path):
    """Issue 29: sentences, not notation, for players; `notation` adds each
    action's text (the one typed to play it), `log` tells the game so far;
    the board's status says who sees whom."""
    probe = PocketGame.new(3)
    first = "H+1" if "H+1" in [str(a) for a in probe.legal_actions()] else "T+1"
    player = Player([first, "log", "notation", "log", "quit"])
    console = console_for(player, tmp_path, 3)
    console.run()
    texts = player.texts()
    news = next(t for t in texts if "Since your last turn:" in t)
    said = "The investigator moved Holmes one step clockwise (12→1)."
    assert said in news and first not in news
    logs = [t for t in texts if t.endswith("(Enter to go back) ")]
    assert logs[0].startswith(said) and f"[{first}]" not in logs[0]
    assert logs[1].startswith(f"{said} [{first}]")
    assert any("Sight: Holmes (1) sees" in t for t in texts)


@pytest.mark.parametrize("kind", ["illegal", "unknown"])
def test_console_refuses_a_bad_action_and_changes_nothing(tmp_path, kind):
    probe = PocketGame.new(5)
    if kind == "illegal":
        legal = set(probe.legal_actions())
        text = next(str(a) for a in ALL_ACTIONS if a not in legal)
    else:
        text = "Q+7"
    try:
        probe.play(text, probe.to_act)
    except Exception as e:  # the engine's own reason, as the console must show it
        reason = str(e)
    else:
        raise AssertionError(f"{text} should be refused")

    player = Player([text, "quit"])
    console = console_for(player, tmp_path, 5)
    before = console.game.clone()
    assert console.run() == 0
    assert console.game == before
    assert console.game.history == []
    assert any(reason in t for t in player.texts())


def test_console_quit_leaves_the_game_saved(tmp_path):
    probe = PocketGame.new(8)
    first = str(probe.legal_actions()[0])
    probe.play(first)
    second = str(probe.legal_actions()[-1])
    player = Player([first, second, "quit"])
    console = console_for(player, tmp_path, 8)
    assert console.run() == 0
    saved = console.store.list()
    assert len(saved) == 1
    assert saved[0].record is not None
    assert saved[0].record.actions == [first, second]
    assert saved[0].path.name == autosave_name(saved[0].record) + ".json"
    assert f"Game left unfinished; it is saved in {saved[0].path}" in player.texts()[-1]


@pytest.mark.parametrize("leave", ["quit", "q", "exit", EOFError(), KeyboardInterrupt()])
def test_console_ways_to_leave_return_0(tmp_path, leave):
    probe = PocketGame.new(8)
    first = str(probe.legal_actions()[0])
    player = Player([first, leave])
    console = console_for(player, tmp_path, 8)
    assert console.run() == 0
    assert console.game.outcome is None
    assert "Game left unfinished" in player.texts()[-1]
    assert [s.record.actions for s in console.store.list()] == [[first]]


def test_console_quit_before_any_action_is_saved_as_it_says(tmp_path):
    # The console tells the player the game "is saved"; that must be true even
    # when they quit before the first action (e.g. to start again later).
    player = Player(["quit"])
    console = console_for(player, tmp_path, 8)
    assert console.run() == 0
    assert "it is saved" in player.texts()[-1]
    assert len(console.store.list()) == 1


def test_a_quit_game_resumes_from_its_autosave(tmp_path):
    probe = PocketGame.new(12)
    first = str(probe.legal_actions()[0])
    player = Player([first, "quit"], seed=12)
    console_for(player, tmp_path, 12).run()
    store = Store(tmp_path / "store")
    (saved,) = store.list()
    record, game = load_game(saved.path)

    resumed = Player(seed=13)
    console = resumed.attach(
        ConsoleGame(game, record, store, read=resumed.read, write=resumed.write)
    )
    assert console.run() == 0
    assert console.game.outcome is not None
    final = Record.loads(console.saved.read_text(encoding="utf-8"))
    assert final.actions[0] == first
    assert console.saved == saved.path  # the same game keeps its autosave file
    assert [s.path for s in store.list()] == [saved.path]


@pytest.mark.parametrize("names", [{}, PLAYERS], ids=["default-names", "named-players"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 12, 34])
def test_console_shows_jack_secrets_only_to_jack(tmp_path, names, seed):
    player = Player(seed=seed, chatty=True)
    console = console_for(player, tmp_path, seed, names)
    console.run()
    assert console.game.outcome is not None
    while_playing = [(t, holder) for t, holder, over in player.shown if not over]
    investigator_texts = [t for t, holder in while_playing if holder == "investigator"]
    jack_boards = [t for t, holder in while_playing if holder == "jack" and "Round " in t]
    assert investigator_texts and jack_boards
    for text in investigator_texts:
        assert "Jack is" not in text
    identity = CHARACTERS[console.game.setup.jack].name
    for text in jack_boards:
        assert f"Jack is {identity}" in text
    # Nothing at all is shown before the first handover.
    assert all(holder is not None or "Round " not in t for t, holder in while_playing)
    # Every change of the side to act goes through a handover prompt.
    handovers = [t for t, _ in while_playing if HANDOVER.match(t)]
    assert len(handovers) >= console.game.round * 2


@pytest.mark.parametrize(
    ("argv", "problem"),
    [  # an unknown option's name is a usage error, exit 2 (tests/test_cli_strangers.py)
        (["lfw", "--map", "no/such/map.json"], "no/such/map.json"),
        (["lfw", "--load", "no/such/game.json"], "no/such/game.json"),
    ],
)
def test_lfw_game_errors_exit_1_with_one_line(capsys, argv, problem):
    assert main(argv) == 1
    captured = capsys.readouterr()
    line = one_line(captured.err)
    assert problem in line and line.startswith("whitechapel:")
    assert "Traceback" not in captured.err


def unfinished_lfw(tmp_path):
    from lfw_random import OPTIONS, play_some

    game = play_some(5, "tutorial", OPTIONS["all"], 40)  # night 1, T3, markers face down
    assert game.outcome is None and game.hideout is not None
    return game, write_record(tmp_path / "lfw.json", game)


def test_replay_lfw_each_side_gets_exactly_its_own_view(tmp_path, capsys):
    """Secrets issue, leak 2: `--side police` printed Jack's hideout, circle
    and path, and `--side public --json` carried the police's secrets."""
    game, path = unfinished_lfw(tmp_path)
    secret = f"Jack's hideout: {game.hideout}"
    assert main(["replay", str(path), "--side", "police"]) == 0
    police = capsys.readouterr().out
    assert "not finished" in police and secret not in police and "hideout" not in police
    assert main(["replay", str(path), "--side", "jack"]) == 0
    assert secret in capsys.readouterr().out
    for side in ("public", "police", "jack"):
        assert main(["replay", str(path), "--side", side, "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == game.view(side).to_json()
    assert main(["replay", str(path), "--json"]) == 0
    public = capsys.readouterr().out
    assert "police_secrets" not in public and '"jack"' not in public


@pytest.mark.parametrize(
    ("game", "side", "problem"),
    [
        ("lfw", "investigator", "Letters from Whitechapel has no side 'investigator'"),
        ("pocket", "police", "Mr. Jack Pocket has no side 'police'"),
    ],
)
def test_replay_refuses_a_side_of_the_other_game_in_one_line(tmp_path, capsys, game, side, problem):
    path = (
        unfinished_lfw(tmp_path)[1]
        if game == "lfw"
        else write_record(tmp_path / "half.json", unfinished_game())
    )
    assert main(["replay", str(path), "--side", side]) == 2  # a usage error (issue 50)
    out, err = capsys.readouterr()
    assert out == "" and err.strip().count("\n") == 0 and problem in err
    assert "Traceback" not in err


def test_replay_of_a_truncated_record_is_one_line(tmp_path, capsys):
    path = write_record(tmp_path / "half.json", unfinished_game())
    path.write_text(path.read_text()[:200])
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "truncated" in err
