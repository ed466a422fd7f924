"""Learn the table of `whitechapel/pocket/players/values.py` from games.

Plays games between computer players (by default the `normal` level on both
sides), notes every position between two rounds — the round to come, the
suspects left, Jack's hourglasses, the race — and who won in the end, and
writes each position's share of investigator wins, drawn towards the
model's figure where the games reached it seldom (a prior of PRIOR games),
to `src/whitechapel/pocket/players/learnt.py`.

    PYTHONPATH=src python tools/pocket_values.py --games 2000 --jobs 2

The positions are read from the engine's state between rounds: this tool is
not a player, and what it writes is public knowledge of the game (how often
such positions are won), not any game's secret.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from whitechapel.core import players
from whitechapel.core.arena import player_seed
from whitechapel.pocket.game import PocketGame
from whitechapel.pocket.pieces import INVESTIGATOR, JACK
from whitechapel.pocket.players.values import model_table

PRIOR = 12  # games' weight of the model's figure
OUT = Path(__file__).resolve().parent.parent / "src/whitechapel/pocket/players/learnt.py"


def positions(args: tuple[int, str, str]) -> tuple[list[tuple], str]:
    seed, jack_level, inv_level = args
    g = PocketGame.new(seed)
    seats = {
        JACK: players.new_player("pocket", jack_level, JACK, player_seed(seed, JACK)),
        INVESTIGATOR: players.new_player(
            "pocket", inv_level, INVESTIGATOR, player_seed(seed, INVESTIGATOR)
        ),
    }
    seen: list[tuple] = []
    while g.outcome is None:
        side = g.to_act
        answer = players.choose(seats[side], "pocket", g.view(side), None)
        g.play(answer.action, side)
        if g.step == 0 and g.outcome is None:
            seen.append((g.round, g.suspect_count(), min(g.jack_hourglasses(), 8), g.race))
    assert g.outcome is not None
    return seen, g.outcome.winner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--jack", default="normal")
    parser.add_argument("--investigator", default="normal")
    args = parser.parse_args()
    tasks = [(args.seed + i, args.jack, args.investigator) for i in range(args.games)]
    start = time.perf_counter()
    counts: dict[tuple, list[int]] = {}
    wins = {JACK: 0, INVESTIGATOR: 0}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for done, (seen, winner) in enumerate(pool.map(positions, tasks, chunksize=10), 1):
            wins[winner] += 1
            for key in seen:
                c = counts.setdefault(key, [0, 0])
                c[0] += winner == INVESTIGATOR
                c[1] += 1
            if done % 200 == 0:
                print(f"{done} games, {time.perf_counter() - start:.0f} s, {wins}", flush=True)
    model = model_table()
    lines = [
        '"""The learnt part of `values.py`: written by `tools/pocket_values.py` from',
        f"{args.games} games, {args.jack} Jack against {args.investigator} investigator",
        f'(investigator won {wins[INVESTIGATOR]}): (round, suspects, hourglasses, race) -> share."""',
        "",
        "TABLE: dict[tuple[int, int, int, bool], float] = {",
    ]
    for key in sorted(counts):
        won, n = counts[key]
        share = (won + PRIOR * model[key]) / (n + PRIOR)
        lines.append(f"    {key!r}: {share:.4f},  # {won}/{n}")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(counts)} positions to {OUT} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
