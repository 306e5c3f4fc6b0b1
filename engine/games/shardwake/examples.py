"""Example Shardwake games for ``saves/``: heuristic bots at every table size and variant.

    python -m engine.games.shardwake.examples DIR

Each file is an ordinary ``.plank`` save that must replay to its recorded hashes;
regenerate them on purpose when the rules version changes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.core.bot import Decision
from engine.core.match import Match
from engine.core.rules import SeatInfo
from engine.games.shardwake.bots import HeuristicBot

# (file name, players, seed, options)
EXAMPLES: tuple[tuple[str, int, int, dict[str, str]], ...] = (
    ("shardwake-3p-standard", 3, 101, {}),
    ("shardwake-4p-standard", 4, 102, {}),
    ("shardwake-5p-standard", 5, 103, {}),
    ("shardwake-4p-calm-skies", 4, 104, {"variant": "calm-skies"}),
    ("shardwake-3p-twin-charters", 3, 105, {"variant": "twin-charters"}),
)


def play_example(players: int, seed: int, options: dict[str, str]) -> Match:
    seats = [SeatInfo(name=f"Bot {i + 1}", kind="bot:heuristic") for i in range(players)]
    m = Match.new("shardwake", players=players, seed=seed, options=options, seats=seats, undo="practice",
                  name=f"Shardwake example, {players} players")
    bots = [HeuristicBot(m.rules, seed * 10 + i) for i in range(players)]
    while not m.is_over():
        seat = m.to_act()[0]
        legal = m.legal(seat)
        move = legal[0] if len(legal) == 1 else bots[seat].choose(Decision(m.rules, seat, m.view(seat), legal, None))
        m.play(seat, move)
    return m


def write_examples(folder: str | Path) -> list[Path]:
    out = []
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name, players, seed, options in EXAMPLES:
        m = play_example(players, seed, options)
        path = folder / f"{name}.plank"
        m.save(path)
        out.append(path)
    return out


if __name__ == "__main__":
    for p in write_examples(sys.argv[1] if len(sys.argv) > 1 else "saves"):
        print(p)
