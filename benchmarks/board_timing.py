"""A board's speed at the table: key press to repainted board, and a full redraw, driven by Textual's pilot.

Shared by benchmarks/shiver_map.py and benchmarks/sky_map.py, which supply the saved position,
the square the cursor starts on and the game's own caches to forget. A press is timed until
Textual has composed the frame that shows it and turned it into terminal output (the work a real
terminal session does, minus the write to the tty); a full redraw forgets every cache and draws
the whole board again. Medians and the 90th percentile in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

KEYS = ("right", "down", "left", "up", "right", "right", "down", "left", "down", "up", "left", "up")


async def measure(midgame_save: Callable[[Path], Path], cursor: str, size: tuple[int, int], keys: int, redraws: int,
                  forget: Callable[[], None] = lambda: None) -> tuple[list[float], list[float]]:
    """Key presses walking the board from ``cursor``, and full redraws after ``forget`` (and the board's caches)."""
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
        board.cursor = cursor
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
            forget()  # the game's own caches
            board.notify_style_update()  # every cache the board keeps: strips, rows, boxes
            board.redraw()
            board.refresh()
            full.append(await frame_after(t0) - t0)
    await hub.close()
    return moves, full


def summary(label: str, xs: list[float]) -> str:
    ms = sorted(x * 1000 for x in xs)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return f"{label}: median {statistics.median(ms):.1f} ms, p90 {p90:.1f} ms ({len(ms)} samples)"


def main(doc: str, midgame_save: Callable[[Path], Path], cursor: str, forget: Callable[[], None] = lambda: None) -> None:
    """The command line both map benchmarks share."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--keys", type=int, default=200)
    ap.add_argument("--redraws", type=int, default=40)
    ap.add_argument("--key-size", default="120x40")
    ap.add_argument("--full-size", default="200x60")
    args = ap.parse_args()
    kw, kh = (int(v) for v in args.key_size.split("x"))
    fw, fh = (int(v) for v in args.full_size.split("x"))
    moves, _ = asyncio.run(measure(midgame_save, cursor, (kw, kh), args.keys, 0))
    print(summary(f"key → repainted map at {kw}×{kh}", moves))
    _, full = asyncio.run(measure(midgame_save, cursor, (fw, fh), 0, args.redraws, forget))
    print(summary(f"full redraw of the map at {fw}×{fh}", full))

