"""The Letters from Whitechapel screens' speed (issue: LfW hot-seat play).

- Cold start to the setup screen: wall-clock time of a fresh `python -c`
  that imports the app, opens `whitechapel lfw`'s setup screen headless at
  80×24, and exits once its first frame is drawn.  Median of a few runs.
- Key press to repainted screen during the police turn: a headless app
  (`run_test`, 120×40) plays real games on the 1888 board: the police's
  Hunt turns by keys (random legal actions turned into the keys a player
  presses), Jack's moves and the nights' setup handed to the screen as its
  keys would end (`send`), Enter on each hand-over.  For every key pressed
  while the police hold the keyboard in the Hunt (T2 moves, T3 searches
  and arrests), the time from sending it to
  the last frame it caused, the frame also turned into the terminal's
  bytes.  The first ten such keys warm up and are not counted.  p95 in ms.
- Keys per police turn (T2 and T3 between two moves of Jack), median, with
  the fewest keys the screen allows (`turn_keys`: a target's letter, a
  word's digit; key 0 where everyone still to act stays or passes; `1
  search` / `0` where a search names its circles likeliest first, as the
  screen does; a later policeman's letter where those before him stay or
  pass and he acts: pressed twice, the first press only says what the
  second does, so it is used where three or more stay or pass).  Measured on what a player does: the decisions of the
  normal computer police (decided to their own end, budget 0: the same on
  every machine) against homeward Jack (target: eight); beside it, on
  random legal police actions (no target: five random moves alone are five
  keys, and random searches follow no order a key can name); and the keys
  of a turn where nobody moves or acts (target: three: T2's 0 asks first,
  then T3's 0 passes everyone).
"""

from __future__ import annotations

import asyncio
import math
import statistics
import tempfile
import time
from pathlib import Path

from whitechapel.benchmarks import frames
from whitechapel.benchmarks.base import Benchmark, p95
from whitechapel.benchmarks.frames import FrameTimer

KEY_NAMES = {"-": "minus", ".": "full_stop", "_": "underscore"}
WARM_UP = 10


def cold_start(budget: float) -> float:
    """Seconds from starting Python to the setup screen's first frame (median)."""
    return frames.cold_start("whitechapel.lfw.ui.setup", "LfwSetup", "start=LfwSetup()", budget)


def keys_for(game, text: str) -> list[str]:
    """The keys a player presses on the screen to play the action `text`,
    asked of the screen's own `Picking`: a target's label letter, a circle's
    number and Enter, a digit for a word; Enter alone for "done", for a
    forced action and for a finished placement."""
    from whitechapel.lfw.ui.choosing import Placer
    from whitechapel.lfw.ui.picking import picking_for

    view = game.view(game.to_act)
    p = picking_for(view, game.board)
    chooser = p.chooser
    assert chooser is not None  # the side to act has a choice
    if isinstance(chooser, Placer):
        target = [w for w in text.split()[1:] if w != "/"]
        picked: list = chooser.picked
    else:
        picked = chooser.picked
        orders = [w for w, t in chooser.legal.items() if t == text]
        target = list(next((w for w in orders if list(w[: len(picked)]) == picked), orders[0]))
    keys: list[str] = []
    done = None
    while len(picked) < len(target):
        word = target[len(picked)]
        if word == "search" and p.t3_word_stage() and len(target) > len(picked) + 1:
            word = target[len(picked) + 1]  # T3: the circle's letter starts the search
        keys += [KEY_NAMES.get(k, k) for k in p.keys_for(word)]
        done = p.pick(word)
        picked = chooser.picked
    if done is None:
        keys.append("enter")  # complete, forced or all placed: Enter alone plays it
    return keys


def search_all(game) -> list[str]:
    """What `1 search` (or `0` in a search under way) plays from here: the
    acting policeman's names, likeliest first, to the search's end."""
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.ui.picking import picking_for

    game = game.clone()
    colour = game.view(game.to_act).acting_colour
    out: list[str] = []
    while game.outcome is None:
        view = game.view(game.to_act)
        if out and (view.phase.key != Phase.SEARCHING or view.acting_colour != colour):
            break
        text = picking_for(view, game.board).next_search()
        if text is None:
            break
        out.append(text)
        game.play(text)
    return out


def sweep_all(game) -> list[str]:
    """What key 9 (sweep.py) plays from here, as keys.py sends it: each
    action from the state the last one left, to where the sweep stops
    (`sweep_run`)."""
    return sweep_run(game)[0]


def sweep_run(game) -> tuple[list[str], str]:
    """Key 9 from here: its actions, each from the state the last one left,
    and why it stopped before a policeman where the screen's stops
    (`sweep.stop_before`; "" where T3 ended or nothing was left to play)."""
    from whitechapel.lfw.ui import sweep
    from whitechapel.lfw.ui.picking import known_tonight

    game = game.clone()
    out: list[str] = []
    last = None
    known = known_tonight(game.view(game.to_act))
    while game.outcome is None:
        view = game.view(game.to_act)
        why = sweep.stop_before(view, game.board, last, known)
        if why:
            return out, why
        text = sweep.step(view, game.board, last)
        if text is None:
            break
        last = view.acting_colour
        out.append(text)
        game.play(text)
    return out, ""


def turn_keys(game, texts: list[str]) -> list[str]:
    """The keys of a whole police turn (T2 and T3, in order): as `keys_for`,
    but where every policeman still to act in a phase stays (T2) or passes
    (T3), key 0 does it for all of them; where two or more stay (pass)
    and the next one acts, his letter does it where that saves a key
    (`Picking.fold_key`, pressed `fold_presses` times: those before him
    stay, he acts now); where a search names its circles as `1
    search` / `0` would, that one key; and where two or more policemen
    search or pass as key 9 would (sweep.py), that one key (keys 0 and 9
    pressed twice where they ask first: `Picking.rest_asks`)."""
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.ui.picking import SWEEP, SWEEP_KEY, picking_for
    from whitechapel.lfw.ui.sentences import police_order

    game = game.clone()
    keys: list[str] = []
    i = 0
    stopped = False  # key 9 stopped where this action is chosen: one 9 goes on
    while i < len(texts):
        view = game.view(game.to_act)
        p = picking_for(view, game.board)
        p.sweep_resumes, stopped = stopped, False
        if p.sweep_offered():
            chain, why = sweep_run(game)
            colours = {t.split()[0] for t in chain}
            passes = all(t.endswith(" pass") for t in chain)  # key 0's, below: never asks first
            if len(colours) >= 2 and not passes and texts[i : i + len(chain)] == chain:
                keys += [SWEEP_KEY] * (2 if p.rest_asks(SWEEP) else 1)  # asked first
                for t in chain:
                    game.play(t)
                i += len(chain)
                stopped = bool(why)
                continue
        if (p.t3_word_stage() or game.phase == Phase.SEARCHING) and " search " in texts[i]:
            chain = search_all(game)
            if chain and texts[i : i + len(chain)] == chain:
                keys += ["0"] if game.phase == Phase.SEARCHING else p.keys_for("search")
                for t in chain:
                    game.play(t)
                i += len(chain)
                continue
        word = p.idle_word()
        if word is not None:
            order = police_order(view)
            after = order[order.index(view.acting_colour) :]  # he and the ones after him
            run = 0
            while run < len(after) and i + run < len(texts):
                if texts[i + run] != f"{after[run]} {word}":
                    break
                run += 1
            # his letter (twice where it asks first): where it saves a key
            fold = p.fold_key(after[run]) if 1 < run < len(after) else None
            presses = p.fold_presses(after[run]) if fold is not None else 0
            if presses >= run:
                fold = None
            if run > 1 and (run == len(after) or fold is not None):
                zero = ["0", "0"] if p.rest_asks(word) else ["0"]  # asked first
                keys += zero if run == len(after) else [fold or ""] * presses
                for t in texts[i : i + run]:
                    game.play(t)
                i += run
                continue
        keys += keys_for(game, texts[i])
        game.play(texts[i])
        i += 1
    return keys


def police_turn_keys(games: int = 12, seed: int = 2026, *, idle: bool = False) -> list[int]:
    """Keys per police turn (T2 and T3 between two moves of Jack) over
    random games on the 1888 board: the police play random legal actions
    (`idle`: every policeman stays, then passes), Jack heads home."""
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import JACK, POLICE
    from whitechapel.lfw.selfplay import homeward_action

    turn_phases = (Phase.HUNT, Phase.CLUES, Phase.SEARCHING)
    chance = Chance(seed)
    counts: list[int] = []
    for _ in range(games):
        game = LfwGame.new(chance.below(10**6))
        start, texts = None, []
        while game.outcome is None:
            if game.to_act == POLICE and game.phase in turn_phases:
                start = start or game.clone()
                legal = [str(a) for a in game.legal_actions()]
                idle_text = next((t for t in legal if t.endswith((" stay", " pass"))), None)
                text = idle_text if idle and idle_text else str(game.random_action(chance))
                texts.append(text)
                game.play(text)
                continue
            if start is not None:
                counts.append(len(turn_keys(start, texts)))
                start, texts = None, []
            if game.to_act == JACK:
                game.apply(homeward_action(game.clone(), chance))
            else:
                game.apply(game.random_action(chance))
    return counts


def normal_police_turn_keys(games: int = 6, seed: int = 2026) -> list[int]:
    """Keys per police turn (T2 and T3 between two moves of Jack) where the
    police play the normal computer's decisions, each decided to its own
    end (budget 0: no clock, the same on every machine), against homeward
    Jack, on the 1888 board: what a player who plays as it does types."""
    from whitechapel.core import players
    from whitechapel.core.chance import Chance
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import JACK, POLICE
    from whitechapel.lfw.rules import RULES

    turn_phases = (Phase.HUNT, Phase.CLUES, Phase.SEARCHING)
    chance = Chance(seed)
    counts: list[int] = []
    for _ in range(games):
        game = LfwGame.new(chance.below(10**6))
        table = RULES.table_of(game)
        seats = {
            POLICE: players.new_player("lfw", "normal", POLICE, chance.below(10**6), table),
            JACK: players.new_player("lfw", "homeward", JACK, chance.below(10**6), table),
        }
        start, texts = None, []
        while game.outcome is None:
            side = game.to_act
            assert side is not None
            text = players.choose(seats[side], "lfw", game.view(side), budget=0).action
            if side == POLICE and game.phase in turn_phases:
                start = start or game.clone()
                texts.append(text)
            elif start is not None:
                counts.append(len(turn_keys(start, texts)))
                start, texts = None, []
            game.play(text, side)
        if start is not None:
            counts.append(len(turn_keys(start, texts)))
    return counts


def keys_per_police_turn(budget: float) -> float:
    """The median of `normal_police_turn_keys` (what a player does)."""
    return float(statistics.median(normal_police_turn_keys(3 if budget < 2 else 8)))


def keys_per_random_police_turn(budget: float) -> float:
    """The median of `police_turn_keys` (random police play)."""
    return float(statistics.median(police_turn_keys(6 if budget < 2 else 20)))


def keys_per_idle_police_turn(budget: float) -> float:
    """The median keys of a police turn where nobody moves or acts."""
    return float(statistics.median(police_turn_keys(2 if budget < 2 else 6, idle=True)))


async def _police_key_latencies(
    presses: int, deadline: float, notebook: str = "heat"
) -> list[float]:
    from whitechapel.app import WhitechapelApp
    from whitechapel.core.chance import Chance
    from whitechapel.core.record import record_of
    from whitechapel.core.store import Store
    from whitechapel.lfw.game import LfwGame
    from whitechapel.lfw.phases import Phase
    from whitechapel.lfw.rulebook import JACK, POLICE
    from whitechapel.lfw.selfplay import homeward_action
    from whitechapel.lfw.ui.screen import LfwScreen
    from whitechapel.ui.source import LocalSource
    from whitechapel.ui.turns import TurnControl

    chance = Chance(2026)
    latencies: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))

        def new_screen() -> LfwScreen:
            game = LfwGame.new(chance.below(10**6))
            # The notebook's setting: the map's tint and the panel's lines, or none.
            record = record_of(game, settings={"notebook": notebook})
            return LfwScreen(LocalSource(game, record, store), game.board)

        screen = new_screen()
        app = WhitechapelApp(start=screen)
        TurnControl.hold = 0.0  # the bench's keys are deliberate (ui/turns.py)
        async with app.run_test(size=(120, 40)) as pilot:
            timer = FrameTimer(app)
            await pilot.pause()
            warm_up = WARM_UP
            while len(latencies) < presses and (len(latencies) < 30 or time.time() < deadline):
                source = screen.source
                assert isinstance(source, LocalSource) and isinstance(source.game, LfwGame)
                game = source.game
                if game.outcome is not None:
                    screen = new_screen()
                    app.switch_screen(screen)
                    await pilot.pause()
                    continue
                if screen.curtain_up:
                    await pilot.press("enter")
                    continue
                if game.to_act == JACK:
                    text = str(homeward_action(game.clone(), chance))
                else:
                    text = str(game.random_action(chance))
                timed = game.to_act == POLICE and game.phase in (
                    Phase.HUNT,
                    Phase.CLUES,
                    Phase.SEARCHING,
                )
                if not timed:
                    # Played as the keys end, without pressing them: only the
                    # police turn's keys are timed, and each pressed key costs
                    # the test pilot's idle waits (about 0.1 s of sleep).
                    screen.send(text)
                    await pilot.pause()
                    continue
                for key in keys_for(game, text):
                    took = await timer.press(pilot, key)
                    if took is None:
                        continue
                    if warm_up:
                        warm_up -= 1
                    else:
                        latencies.append(took.wall)
    return latencies


QUICK_PRESSES = 20  # timed police keys with --quick (the games between them cost the most)


LATENCIES: dict[str, list[float]] = {}  # the police keys' times, by the notebook's setting


def _latencies(budget: float, notebook: str) -> list[float]:
    """The police keys' times with the notebook `heat` (shown) or `off`;
    played once per setting, for both figures that read them."""
    if notebook not in LATENCIES:
        presses = 150 if budget >= 2 else QUICK_PRESSES
        deadline = time.time() + budget * 8
        LATENCIES[notebook] = asyncio.run(_police_key_latencies(presses, deadline, notebook))
    return LATENCIES[notebook]


def police_key_p95(budget: float) -> float:
    return 1000 * p95(_latencies(budget, "heat"))


def notebook_key_cost(budget: float) -> float:
    """What the notebook (the heat map's tint and the panel's lines) adds
    to the police-turn key p95: the same games with it and with it off."""
    return max(0.0, 1000 * (p95(_latencies(budget, "heat")) - p95(_latencies(budget, "off"))))


BENCHMARKS = [
    Benchmark("lfw.cold_start", "LfW: cold start to the setup screen", "s", 1.0, False, cold_start),
    Benchmark(
        "lfw.police_key_p95",
        "LfW: key press to repainted screen, police turn, p95",
        "ms",
        50.0,
        False,
        police_key_p95,
    ),
    Benchmark(
        "lfw.notebook_key_cost",
        "LfW: what the notebook adds to the police-turn key p95",
        "ms",
        10.0,
        False,
        notebook_key_cost,
    ),
    Benchmark(
        "lfw.police_turn_keys",
        "LfW: keys per police turn, median (the normal computer's decisions)",
        "keys",
        8.0,
        False,
        keys_per_police_turn,
        clock="none",
    ),
    Benchmark(
        "lfw.random_police_turn_keys",
        "LfW: keys per police turn, median (random play; no target)",
        "keys",
        math.inf,
        False,
        keys_per_random_police_turn,
        clock="none",
    ),
    Benchmark(
        "lfw.idle_police_turn_keys",
        "LfW: keys for a police turn where all stay and pass",
        "keys",
        4.0,
        False,
        keys_per_idle_police_turn,
        clock="none",
    ),
]
