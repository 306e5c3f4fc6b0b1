"""Screenshots of every screen at 80×24, 120×40 and 200×60: ``python -m tui.screenshots DIR``.

The scenes here are also the snapshot tests' scenes (tests/tui/test_snapshots.py),
so what the README shows is what the tests pin. Every scene is deterministic:
fixed seeds, a fresh data directory, bots thinking in-process, no clock on screen.

The frame's scenes (menu, table, curtain, results, replay, load, lobby ...) live here and
show the frame on ``DEMO``, the first game built; each game adds its own scenes from its
folder (``tui/games/<game>/scenes.py``: ``scenes(kit) -> list[Scene]``, where ``kit`` is this
module, so a game's scenes use these helpers without importing upward).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from engine import Match, SeatInfo, games
from engine.bots import decide, sample_for
from engine.hub import protocol as P
from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.transport import LocalConnection
from tui.app import GangplankApp
from tui.play import PlaySpec
from tui.screens.curtain import CurtainScreen
from tui.screens.dialogs import MessageDialog, SaveAsDialog
from tui.screens.load import LoadScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.results import ResultsScreen
from tui.screens.rules import RulesScreen
from tui.screens.table import TableScreen
from tui.settings import Settings
from tui.widgets.log_panel import LogPanel
from tui.widgets.ticks import TickList

SIZES = ((80, 24), (120, 40))
WIDE = (200, 60)  # a big terminal: the scenes marked ``wide`` are shot at this size too
DEMO = "shards"  # the game the frame's scenes are shown on
DEMO_2 = "shardwake"  # and a second one, where a scene shows tables of two games (the lobby)
CREATED = "2026-03-14T15:09:26Z"  # every scene's saves carry this date
SEED = 20260314


@dataclass(frozen=True)
class Scene:
    name: str
    setup: Callable[[Path], Any]  # data dir -> GangplankApp
    prepare: Callable[[Any], Awaitable[None]] | None = None  # pilot -> None
    note: str = ""
    wide: bool = False  # also at 200×60 (tests/tui/test_wide_snapshots.py)


# ------------------------------------------------------------------ scaffolding


def make_app(data: Path, start: str = "menu", theme: str = "gangplank-dark", **kw: Any) -> Any:
    """An app on a fresh local hub whose bots think in-process (deterministic, no workers)."""
    os.environ["GANGPLANK_DATA_DIR"] = str(data)
    os.environ["GANGPLANK_EXAMPLES_DIR"] = str(data / "examples")  # not the repo's: scenes stay fixed
    data.mkdir(parents=True, exist_ok=True)
    hub = Hub(data, BotPool(workers=0))
    settings = Settings(bot_delay=0.0, theme=theme, last_game=DEMO)
    app = GangplankApp(start, hub=hub, settings=settings, fixed_seed=SEED, **kw)
    app.animation_level = "none"
    return app


def bot_game(game: str = DEMO, players: int = 3, seed: int = SEED, stop: Callable[[Any, int], bool] | None = None,
             seats: list[str] | None = None, names: list[str] | None = None) -> Any:
    """A game played by heuristic bots from a seed, up to ``stop(match, seat)`` or the end."""
    kinds = seats or ["person"] + ["bot:heuristic"] * (players - 1)
    infos = [SeatInfo(name=names[i] if names and i < len(names) else "", kind=k) for i, k in enumerate(kinds)]
    m = Match.new(game, players, seed=seed, seats=infos, undo="turn")
    m.header.created = CREATED
    while not m.is_over():
        seat = m.to_act()[0]
        if stop is not None and stop(m, seat):
            break
        sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
        m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
    return m


def asking(step: str) -> Callable[[Any, int], bool]:
    """Stop when seat 0 is asked for ``step`` (a Shards view's ``asking``)."""
    def stop(m: Any, seat: int) -> bool:
        return seat == 0 and m.view(0).asking == step

    return stop


async def until(pilot: Any, cond: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until ``cond()`` holds (bots think in threads)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise TimeoutError("the screen did not reach the expected state")
        await pilot.pause(0.02)
    await pilot.pause()


def table_ready(pilot: Any) -> bool:
    """A table screen showing a person's decision, no bot thinking, no curtain."""
    screen = pilot.app.screen
    if not isinstance(screen, TableScreen):
        return False
    up = screen.model.current()
    return bool(up and up.legal and up.seat in up.to_act and not any(s.thinking for s in up.table.seats)
                and all(log.settled for log in screen.query(LogPanel)))  # (the log's scrollbar too)


# ------------------------------------------------------------------ scenes


def _menu(data: Path) -> Any:
    return make_app(data)


async def _menu_ready(pilot: Any) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
    await until(pilot, lambda: pilot.app.hub is not None and pilot.app.connection is not None)
    await pilot.app.tables_restored()


async def _new_game(pilot: Any) -> None:
    await _menu_ready(pilot)
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    ticks = pilot.app.screen.query_one(TickList)
    for i in (2, 6):  # two Shards chosen, the rest left to chance: both kinds of box show
        ticks.select(ticks.get_option_at_index(i).value)
    await pilot.pause()


def _table(data: Path) -> Any:
    spec = PlaySpec(DEMO, 3, ["person", "bot:heuristic", "bot:heuristic"], ["Ann", "Bo", "Cy"], seed=SEED + 4,
                    undo="turn", bot_delay=0.0)
    return make_app(data, "play", play=spec)


async def to_table(pilot: Any) -> None:
    """Until a person's decision shows at the table, and the screen has stopped changing."""
    await until(pilot, lambda: table_ready(pilot))
    await steady(pilot)


async def steady(pilot: Any, tries: int = 40) -> None:
    """Until two pictures of the screen in a row are the same: a layout pass that is still on its
    way (a panel's scrollbar appearing as the board settles) is part of the picture otherwise."""
    last = None
    for _ in range(tries):
        await pilot.pause(0.05)
        now = pilot.app.export_screenshot()
        if now == last:
            return
        last = now


def _table_light(data: Path) -> Any:
    spec = PlaySpec(DEMO, 4, ["person", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                    ["Ann", "Bo", "Cy", "Di"], seed=SEED + 5, undo="turn", bot_delay=0.0)
    return make_app(data, "play", theme="gangplank-light", play=spec)


def saved_game(data: Path, name: str, m: Any) -> Path:
    saves = data / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / name
    m.save(path)
    return path


def _curtain(data: Path) -> Any:
    spec = PlaySpec(DEMO, 3, ["person", "person", "bot:heuristic"], ["Ann", "Bo", "Cy"], seed=SEED, undo="turn",
                    bot_delay=0.0)
    return make_app(data, "play", play=spec)


async def _curtain_up(pilot: Any) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))


def _finished(data: Path) -> Path:
    m = bot_game(names=["Ann", "Bo", "Cy"])
    return saved_game(data, "finished.plank", m)


def _results(data: Path) -> Any:
    return make_app(data, "load", path=str(_finished(data)))


async def results_up(pilot: Any) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))


def _replay(data: Path) -> Any:
    return make_app(data, "replay", path=str(_finished(data)))


async def _replay_mid(pilot: Any) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
    screen = pilot.app.screen
    screen.action_seek(screen.total // 2)
    await pilot.pause()


def _rules(data: Path) -> Any:
    return make_app(data)


async def _rules_up(pilot: Any) -> None:
    await _menu_ready(pilot)
    pilot.app.push_screen(RulesScreen(DEMO))
    await until(pilot, lambda: isinstance(pilot.app.screen, RulesScreen))
    # The rest of the document is laid out in a thread: its length (the scrollbar) is final
    # only once that is done, however long a busy machine takes.
    await until(pilot, lambda: pilot.app.screen.document.layout_now is not None
                and pilot.app.screen.document.layout_now.done)


def _load(data: Path) -> Any:
    _finished(data)
    half = bot_game(seed=SEED + 1, stop=lambda m, seat: m.cursor >= 40, names=["Ann", "Bo", "Cy"])
    saved_game(data, "evening.plank", half)
    four = bot_game(players=4, seed=SEED + 2, stop=lambda m, seat: m.cursor >= 12, names=["Ann", "Bo", "Cy", "Di"])
    saved_game(data, "four.plank", four)
    (data / "saves" / "damaged.plank").write_bytes(b"GPLANK\x01\x05hello")
    examples = data / "examples"
    examples.mkdir(parents=True, exist_ok=True)
    bot_game(seed=SEED + 3, players=2, names=["Ann", "Bo"]).save(examples / f"{DEMO}-2p-example.plank")
    for i, p in enumerate(sorted((data / "saves").glob("*.plank"))):
        os.utime(p, (1_700_000_000 + i * 60, 1_700_000_000 + i * 60))
    return make_app(data)


async def _load_up(pilot: Any) -> None:
    await _menu_ready(pilot)
    await pilot.press("l")
    await until(pilot, lambda: isinstance(pilot.app.screen, LoadScreen) and len(pilot.app.screen.rows) >= 4)


async def _load_damaged(pilot: Any) -> None:
    await _load_up(pilot)
    screen = pilot.app.screen
    row = next(i for i, r in enumerate(screen.rows) if r.problem)
    screen.query_one("DataTable").move_cursor(row=row)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, MessageDialog))


async def _save_as(pilot: Any) -> None:
    await to_table(pilot)
    await pilot.press("s")
    await until(pilot, lambda: isinstance(pilot.app.screen, SaveAsDialog))
    # Typed, as a person would: the keys reach the field after its focus has selected the default
    # name, so they replace it. (Setting the value raced that focus: the name was drawn selected
    # or not, depending on which came first.)
    await pilot.press(*"friday-night.plank")
    await until(pilot, lambda: pilot.app.screen.query_one("Input").value == "friday-night.plank")
    await pilot.pause()


def _lobby(data: Path) -> Any:
    """Ann's session on a server's hub (the SSH shape: the app holds only a connection)."""
    os.environ["GANGPLANK_DATA_DIR"] = str(data)
    server = Hub(data / "server", BotPool(workers=0))
    app = GangplankApp("lobby", connection=LocalConnection(server, "ann"), settings=Settings(bot_delay=0.0, last_game=DEMO),
                       fixed_seed=SEED)
    app.animation_level = "none"
    app.scene_server = server  # type: ignore[attr-defined]  # the scene's other players sit down through it
    return app


async def _lobby_up(pilot: Any) -> None:
    """Three tables: one waiting for players (a seat reserved for Ann), one playing (a player away), one finished."""
    server = pilot.app.scene_server
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    bob, cy, dee = (LocalConnection(server, u) for u in ("bob", "cy", "dee"))
    await bob.send(P.CreateTable(P.TableSpec(
        DEMO_2, 4, [P.SeatSpec("person", "Bob"), P.SeatSpec("reserved:ann"), P.SeatSpec("bot:heuristic")],
        seed=SEED, name="Storm season")))
    await cy.send(P.CreateTable(P.TableSpec(DEMO, 2, [P.SeatSpec("person", "Cy")], seed=SEED)))
    demo = next(t for t in server.tables.values() if t.rules.id == DEMO)
    await dee.send(P.Sit(demo.id, 1))
    await cy.send(P.OpenSave(str(Path(__file__).resolve().parents[1] / "saves" / f"{DEMO}-3p-seed103.plank")))
    await dee.close()
    await until(pilot, lambda: len(pilot.app.screen.tables) == 3
                and sorted(pilot.app.screen.online) == ["ann", "bob", "cy"])


async def _lobby_new_table(pilot: Any) -> None:
    """Ann sets up a table of her own and waits at it for players."""
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.waiting is not None)


FRAME_SCENES: tuple[Scene, ...] = (
    Scene("menu", _menu, _menu_ready, "The main menu"),
    Scene("new-game", _menu, _new_game, "New game: seats, options, seed, takebacks"),
    Scene("table", _table, to_table, "Shards of Creation against two bots", wide=True),
    Scene("table-light", _table_light, to_table, "Four players, in the light theme"),
    Scene("curtain", _curtain, _curtain_up, "Pass-and-play: the curtain"),
    Scene("results", _results, results_up, "Final scores"),
    Scene("replay", _replay, _replay_mid, "Replay with everything shown"),
    Scene("rules", _rules, _rules_up, "The rules"),
    Scene("load", _load, _load_up, "Saved games"),
    Scene("load-damaged", _load, _load_damaged, "A damaged save"),
    Scene("save-as", _table, _save_as, "Save as…"),
    Scene("lobby", _lobby, _lobby_up, "Over SSH: the lobby of a server"),
    Scene("lobby-waiting", _lobby, _lobby_new_table, "Over SSH: a new table waits for players"),
)


async def shoot(scene: Scene, size: tuple[int, int], out: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        app = scene.setup(Path(tmp) / "data")
        async with app.run_test(size=size) as pilot:
            if scene.prepare is not None:
                await scene.prepare(pilot)
            await pilot.pause()
            path = out / f"{scene.name}-{size[0]}x{size[1]}.svg"
            app.save_screenshot(filename=path.name, path=str(out))
        return path


def game_scenes() -> list[Scene]:
    """Every game's own scenes, from its TUI folder (found by name, like its adapter)."""
    kit = sys.modules[__name__]
    out: list[Scene] = []
    for gid in games.ids(hidden=True):
        pkg = games.module_of(gid).rsplit(".", 1)[1]
        name = f"tui.games.{pkg}.scenes"
        try:
            mod = import_module(name)
        except ModuleNotFoundError as e:
            if e.name not in (name, f"tui.games.{pkg}"):  # no scenes, or no TUI folder yet
                raise
            continue
        out.extend(mod.scenes(kit))
    return out


SCENES: tuple[Scene, ...] = (*FRAME_SCENES, *game_scenes())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    wanted = set(args[1:])
    for scene in SCENES:
        if wanted and scene.name not in wanted:
            continue
        for size in (*SIZES, WIDE) if scene.wide else SIZES:
            path = asyncio.run(shoot(scene, size, out))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
