"""Key press to repainted table, at 120×40, driven by Textual's pilot.

    .venv/bin/python benchmarks/tui_keypress.py [--game shards|shardwake] [--games 2] [--seed 100] [--size 120x40]

A person plays Shards of Creation against two heuristic bots (in a worker process,
as in ``gangplank play``). For every card the person plays, two key presses are
timed: Right (choose the next card on the board: the board and the decision panel
follow the cursor) and Enter (play it: the move goes through the hub, the Update
comes back, the table redraws). A press is done when Textual has composed the
frame that shows its effect and turned it into terminal output — the work a real
terminal session does, minus the write to the tty.

``--game shardwake``: a person and three heuristic bots; for every ship the person
places, Right (the cursor moves to the next island or Harbor space on the ring) and
1 (the first move, through the hub) are timed. Trades, bids and Accusations are not.
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


def placing(screen) -> bool:  # type: ignore[no-untyped-def]
    """A Shardwake placement with a ship to place (no trade or target pending)."""
    v = screen.view_obj
    return v.phase == "Placement phase" and not v.pending and any(
        type(c.move).__name__ == "Place" for c in screen.choices)


async def one_game(seed: int, size: tuple[int, int], workers: int,
                   game: str = "shards") -> tuple[list[float], list[float]]:
    from textual._compositor import CompositorUpdate

    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from tui.app import GangplankApp, PlaySpec
    from tui.screens.results import ResultsScreen
    from tui.screens.table import TableScreen
    from tui.settings import Settings

    data = Path(tempfile.mkdtemp())
    os.environ["GANGPLANK_DATA_DIR"] = str(data)
    hub = Hub(data, BotPool(workers=workers))
    players = 4 if game == "shardwake" else 3
    spec = PlaySpec(game, players, ["person"] + ["bot:heuristic"] * (players - 1), seed=seed, undo="practice",
                    bot_delay=0.25)
    app = GangplankApp("play", hub=hub, play=spec, settings=Settings())
    if workers:
        hub.pool.warm_up()
    frames: list[float] = []
    original = app._display

    def display(screen, renderable):  # type: ignore[no-untyped-def]
        if isinstance(renderable, CompositorUpdate):
            renderable.render_segments(app.console)  # the terminal output a real session writes
            frames.append(time.perf_counter())
        return original(screen, renderable)

    app._display = display  # type: ignore[method-assign]
    moves: list[float] = []
    plays: list[float] = []

    watch: dict[str, object] = {}

    def note_change() -> None:
        """Called after every board redraw and table render: marks when the awaited change is drawn."""
        cond = watch.get("cond")
        if cond is not None and "at" not in watch and cond():  # type: ignore[operator]
            watch["at"] = time.perf_counter()

    async def frame_after(t: float, cond) -> float:  # type: ignore[no-untyped-def]
        """The time of the first frame composed after the widgets drew what ``cond`` waits for."""
        limit = t + 10
        while "at" not in watch:
            if time.perf_counter() > limit:
                raise TimeoutError("the key had no effect")
            await asyncio.sleep(0.0005)
        mark = watch["at"]
        while not frames or frames[-1] < mark:  # type: ignore[operator]
            if time.perf_counter() > limit:
                raise TimeoutError("no frame was drawn after the key")
            await asyncio.sleep(0.0005)
        return next(f for f in frames if f >= mark)  # type: ignore[operator]

    def expect(cond) -> None:  # type: ignore[no-untyped-def]
        watch.clear()
        watch["cond"] = cond

    hooked: set[int] = set()

    def hook(screen) -> None:  # type: ignore[no-untyped-def]
        if id(screen) in hooked or screen.board is None:
            return
        hooked.add(id(screen))
        for obj, name in ((screen, "render_table"), (screen.board, "redraw")):
            original_method = getattr(obj, name)

            def wrapped(*a, _m=original_method, **kw):  # type: ignore[no-untyped-def]
                out = _m(*a, **kw)
                note_change()
                return out

            setattr(obj, name, wrapped)

    async with app.run_test(size=size) as pilot:
        while not isinstance(app.screen, ResultsScreen):
            screen = app.screen
            if not isinstance(screen, TableScreen):
                await pilot.pause(0.01)
                continue
            up = screen.model.current()
            mine = bool(up and up.legal and up.seat in up.to_act)
            timed = screen.view_obj is not None and (placing(screen) if game == "shardwake"
                                                     else screen.view_obj.asking == "play")
            if not mine or not timed or not screen.board:
                if mine:
                    await pilot.press("1")  # ability choices, trick winnings, bids...: not timed
                await pilot.pause(0.01)
                continue
            hook(screen)
            board = screen.board
            board.focus()
            await pilot.pause()
            # Right: the cursor moves to the next playable card
            if len(board.choosable()) > 1:
                before = board.cursor
                expect(lambda b=before, board=board: board.cursor != b)
                t0 = time.perf_counter()
                await pilot.press("right")
                moves.append(await frame_after(t0, None) - t0)
            # Enter: play it; done when the table shows the trick with the card in it
            state = screen.model.latest.state_id
            expect(lambda s=state, sc=screen: sc._view_key is not None and sc._view_key[0] > s)
            t0 = time.perf_counter()
            await pilot.press("1" if game == "shardwake" else "enter")
            plays.append(await frame_after(t0, None) - t0)
            watch.clear()
            await pilot.pause(0.01)
    await hub.close()
    return moves, plays


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=("shards", "shardwake"), default="shards")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=100)
    p.add_argument("--size", default="120x40")
    p.add_argument("--workers", type=int, default=1, help="bot worker processes (0: bots think in a thread)")
    args = p.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    moves: list[float] = []
    plays: list[float] = []
    for g in range(args.games):
        m, pl = asyncio.run(one_game(args.seed + g, (w, h), args.workers, args.game))
        moves += m
        plays += pl

    def line(name: str, xs: list[float]) -> str:
        ms = sorted(x * 1000 for x in xs)
        p90 = ms[int(len(ms) * 0.9)] if ms else float("nan")
        return (f"{name:<34} median {statistics.median(ms):6.1f} ms   p90 {p90:6.1f} ms   "
                f"max {ms[-1]:6.1f} ms   n={len(ms)}")

    if args.game == "shardwake":
        print(f"key press -> repainted table at {w}x{h}, Shardwake, 4 players ({args.games} games)")
        print(line("Right (the cursor on the ring)", moves))
        print(line("1 (place a ship through the hub)", plays))
    else:
        print(f"key press -> repainted table at {w}x{h}, Shards of Creation, 3 players ({args.games} games)")
        print(line("Right (choose a card on the board)", moves))
        print(line("Enter (play it through the hub)", plays))
    print(line("both", moves + plays))
    return 0


if __name__ == "__main__":
    sys.exit(main())
