"""Fractured Sky's sky map: key press to repainted map, and a full redraw, driven by Textual's pilot.

    .venv/bin/python benchmarks/sky_map.py [--keys 200] [--redraws 40] [--key-size 120x40] [--full-size 200x60]

Ann's turn in round 2 of a three-player game with the recommended expansions (the snapshot scenes'
game, heuristic bots for Bo and Cy): the cursor walks the regions and sites with the arrow keys —
every press redraws the two boxes (or sites) under the old and the new cursor and the words under
the map, and the decision panel follows. A press is timed until Textual has composed the frame that shows it
and turned it into terminal output (the work a real terminal session does, minus the write to the tty).

The full redraw forgets every cache the map keeps (the region boxes by what they show, the canvas
strips — as a theme switch does), draws the whole board again and times it until
the frame is out. Medians and the 90th percentile in milliseconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import board_timing  # noqa: E402 - after the path is set


def midgame_save(data: Path) -> Path:
    from tui.games.fractured_sky.scenes import RECOMMENDED, SEED_OFFSET, game, midgame
    from tui.screenshots import SEED

    m = game(midgame, 3, RECOMMENDED, SEED + SEED_OFFSET)
    path = data / "saves" / "midgame.plank"
    path.parent.mkdir(parents=True, exist_ok=True)
    m.save(path)
    return path


if __name__ == "__main__":
    board_timing.main(__doc__ or "", midgame_save, "r:4")
