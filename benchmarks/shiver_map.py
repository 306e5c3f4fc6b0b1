"""Shiver Me Timbers' sea-route map: key press to repainted map, and a full redraw, driven by Textual's pilot.

    .venv/bin/python benchmarks/shiver_map.py [--keys 200] [--redraws 40] [--key-size 120x40] [--full-size 200x60]

A person's turn in the middle of a three-player Quick Start game (the snapshot scenes' game, Ann at
the keyboard, heuristic bots for the others): the cursor walks the map with the arrow keys — every
press redraws the map around the old and the new cursor, the way there, the words under the cursor,
and the decision panel follows. A press is timed until Textual has composed the frame that shows it
and turned it into terminal output (the work a real terminal session does, minus the write to the tty).

The full redraw forgets every cache the map keeps (the chart drawn for the layout, the map rows by what
they show, the canvas strips — as a theme switch does), draws the whole board again and times it until
the frame is out. Medians and the 90th percentile in milliseconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import board_timing  # noqa: E402 - after the path is set


def midgame_save(data: Path) -> Path:
    from engine import Match, SeatInfo
    from engine.bots import decide, sample_for
    from tui.games.shiver.scenes import NAMES, SEED_OFFSET, midgame
    from tui.screenshots import SEED

    seed = SEED + SEED_OFFSET
    m = Match.new("shiver", 3, seed=seed, seats=[SeatInfo(name=n, kind=k) for n, k in
                                                zip(NAMES, ["person", "bot:heuristic", "bot:heuristic"], strict=True)])
    while not midgame(m, m.to_act()[0]):
        seat = m.to_act()[0]
        sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
        m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
    path = data / "saves" / "midgame.plank"
    path.parent.mkdir(parents=True, exist_ok=True)
    m.save(path)
    return path


def forget() -> None:
    """The chart drawn for the layout (the board's own caches are forgotten by the harness)."""
    from tui.games.shiver import chart_draw

    chart_draw.static.cache_clear()


if __name__ == "__main__":
    board_timing.main(__doc__ or "", midgame_save, "n:0", forget)
