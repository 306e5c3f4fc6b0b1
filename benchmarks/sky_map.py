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

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KEYS = ("right", "down", "left", "up", "right", "right", "down", "left", "down", "up", "left", "up")


def midgame_save(data: Path) -> Path:
    from tui.games.fractured_sky.scenes import RECOMMENDED, SEED_OFFSET, game, midgame
    from tui.screenshots import SEED

    m = game(midgame, 3, RECOMMENDED, SEED + SEED_OFFSET)
    path = data / "saves" / "midgame.plank"
    path.parent.mkdir(parents=True, exist_ok=True)
    m.save(path)
    return path


async def measure(size: tuple[int, int], keys: int, redraws: int) -> tuple[list[float], list[float]]:
    from textual._compositor import CompositorUpdate

    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from tui.app import GangplankApp
    from tui.screens.table import TableScreen
    from tui.settings import Settings

    data = Path(tempfile.mkdtemp())
    os.environ["GANGPLANK_DATA_DIR"] = str(data)
    path = midgame_save(data)
    hub = Hub(data, BotPool(workers=0))
    app = GangplankApp("load", hub=hub, path=str(path), settings=Settings())
    app.animation_level = "none"
    frames: list[float] = []
    original = app._display

    def display(screen, renderable):  # type: ignore[no-untyped-def]
        if isinstance(renderable, CompositorUpdate):
            renderable.render_segments(app.console)  # the terminal output a real session writes
            frames.append(time.perf_counter())
        return original(screen, renderable)

    app._display = display  # type: ignore[method-assign]

    async def frame_after(mark: float) -> float:
        limit = mark + 10
        while not frames or frames[-1] < mark:
            if time.perf_counter() > limit:
                raise TimeoutError("no frame was drawn")
            await asyncio.sleep(0.0002)
        return next(f for f in frames if f >= mark)

    moves: list[float] = []
    full: list[float] = []
    async with app.run_test(size=size) as pilot:
        while True:
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.board is not None and screen.view_obj is not None:
                up = screen.model.current()
                if up and up.legal and up.seat in up.to_act:
                    break
            await pilot.pause(0.01)
        board = screen.board
        board.focus()
        board.cursor = "r:4"
        board.redraw()
        await pilot.pause(0.1)
        for i in range(keys):
            before = board.cursor
            t0 = time.perf_counter()
            await pilot.press(KEYS[i % len(KEYS)])
            if board.cursor == before:
                continue  # the edge of the map: nothing moved
            moves.append(await frame_after(t0) - t0)
        for _ in range(redraws):
            await pilot.pause(0.02)
            t0 = time.perf_counter()
            board.notify_style_update()  # every cache the board keeps: strips, region boxes
            board.redraw()
            board.refresh()
            full.append(await frame_after(t0) - t0)
    await hub.close()
    return moves, full


def summary(label: str, xs: list[float]) -> str:
    ms = sorted(x * 1000 for x in xs)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return f"{label}: median {statistics.median(ms):.1f} ms, p90 {p90:.1f} ms ({len(ms)} samples)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keys", type=int, default=200)
    ap.add_argument("--redraws", type=int, default=40)
    ap.add_argument("--key-size", default="120x40")
    ap.add_argument("--full-size", default="200x60")
    args = ap.parse_args()
    kw, kh = (int(v) for v in args.key_size.split("x"))
    fw, fh = (int(v) for v in args.full_size.split("x"))
    moves, _ = asyncio.run(measure((kw, kh), args.keys, 0))
    print(summary(f"key → repainted map at {kw}×{kh}", moves))
    _, full = asyncio.run(measure((fw, fh), 0, args.redraws))
    print(summary(f"full redraw of the map at {fw}×{fh}", full))


if __name__ == "__main__":
    main()
