"""Screenshots of every screen at 80×24 and 120×40: ``python -m tui.screenshots DIR``.

The scenes here are also the snapshot tests' scenes (tests/tui/test_snapshots.py),
so what the README shows is what the tests pin. Every scene is deterministic:
fixed seeds, a fresh data directory, bots thinking in-process, no clock on screen.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SIZES = ((80, 24), (120, 40))
CREATED = "2026-03-14T15:09:26Z"  # every scene's saves carry this date
SEED = 20260314


@dataclass(frozen=True)
class Scene:
    name: str
    setup: Callable[[Path], Any]  # data dir -> GangplankApp
    prepare: Callable[[Any], Awaitable[None]] | None = None  # pilot -> None
    note: str = ""


# ------------------------------------------------------------------ scaffolding


def make_app(data: Path, start: str = "menu", theme: str = "gangplank-dark", **kw: Any) -> Any:
    """An app on a fresh local hub whose bots think in-process (deterministic, no workers)."""
    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from tui.app import GangplankApp
    from tui.settings import Settings

    os.environ["GANGPLANK_DATA_DIR"] = str(data)
    os.environ["GANGPLANK_EXAMPLES_DIR"] = str(data / "examples")  # not the repo's: scenes stay fixed
    data.mkdir(parents=True, exist_ok=True)
    hub = Hub(data, BotPool(workers=0))
    app = GangplankApp(start, hub=hub, settings=Settings(bot_delay=0.0, theme=theme), fixed_seed=SEED, **kw)
    app.animation_level = "none"
    return app


def bot_game(game: str = "shards", players: int = 3, seed: int = SEED, stop: Callable[[Any, int], bool] | None = None,
             seats: list[str] | None = None, names: list[str] | None = None) -> Any:
    """A game played by heuristic bots from a seed, up to ``stop(match, seat)`` or the end."""
    from engine import Match, SeatInfo
    from engine.bots import decide, sample_for

    kinds = seats or ["person"] + ["bot:heuristic"] * (players - 1)
    infos = [SeatInfo(name=names[i] if names and i < len(names) else "", kind=k) for i, k in enumerate(kinds)]
    m = Match.new(game, players, seed=seed, seats=infos, undo="free")
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
    from tui.screens.table import TableScreen

    screen = pilot.app.screen
    if not isinstance(screen, TableScreen):
        return False
    up = screen.model.current()
    return bool(up and up.legal and up.seat in up.to_act and not any(s.thinking for s in up.table.seats))


# ------------------------------------------------------------------ scenes


def _menu(data: Path) -> Any:
    return make_app(data)


async def _menu_ready(pilot: Any) -> None:
    from tui.screens.menu import MenuScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, MenuScreen))
    await until(pilot, lambda: pilot.app.hub is not None and pilot.app.connection is not None)
    await pilot.app.tables_restored()


async def _new_game(pilot: Any) -> None:
    from tui.screens.new_game import NewGameScreen
    from tui.widgets.ticks import TickList

    await _menu_ready(pilot)
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    ticks = pilot.app.screen.query_one(TickList)
    for i in (2, 6):  # two Shards chosen, the rest left to chance: both kinds of box show
        ticks.select(ticks.get_option_at_index(i).value)
    await pilot.pause()


def _table(data: Path) -> Any:
    from tui.app import PlaySpec

    spec = PlaySpec("shards", 3, ["person", "bot:heuristic", "bot:heuristic"], ["Ann", "Bo", "Cy"], seed=SEED + 4,
                    undo="turn", bot_delay=0.0)
    return make_app(data, "play", play=spec)


async def _table_ready(pilot: Any) -> None:
    await until(pilot, lambda: table_ready(pilot))


def _table_light(data: Path) -> Any:
    from tui.app import PlaySpec

    spec = PlaySpec("shards", 4, ["person", "bot:heuristic", "bot:heuristic", "bot:heuristic"],
                    ["Ann", "Bo", "Cy", "Di"], seed=SEED + 5, undo="turn", bot_delay=0.0)
    return make_app(data, "play", theme="gangplank-light", play=spec)


def _saved_game(data: Path, name: str, m: Any) -> Path:
    saves = data / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    path = saves / name
    m.save(path)
    return path


def first_game(step: str, seeds: range = range(SEED, SEED + 40)) -> Any:
    """The first bot game (by seed) in which seat 0 is asked for ``step``."""
    for seed in seeds:
        m = bot_game(seed=seed, stop=asking(step), names=["Ann", "Bo", "Cy"])
        if not m.is_over():
            return m
    raise LookupError(f"no game in {seeds} asks seat 0 for {step!r}")


def _take(data: Path) -> Any:
    path = _saved_game(data, "take.plank", first_game("take"))
    return make_app(data, "load", path=str(path))


def _growth(data: Path) -> Any:
    path = _saved_game(data, "growth.plank", first_game("growth"))
    return make_app(data, "load", path=str(path))


async def _narrowed(pilot: Any) -> None:
    """Enter on the revealed card: the decision panel narrows to what can be done with it."""
    await until(pilot, lambda: table_ready(pilot))
    board = pilot.app.screen.query_one("#board")
    board.focus()
    board.cursor = "rev"
    await pilot.press("enter")
    await pilot.pause()


def _curtain(data: Path) -> Any:
    from tui.app import PlaySpec

    spec = PlaySpec("shards", 3, ["person", "person", "bot:heuristic"], ["Ann", "Bo", "Cy"], seed=SEED, undo="turn",
                    bot_delay=0.0)
    return make_app(data, "play", play=spec)


async def _curtain_up(pilot: Any) -> None:
    from tui.screens.curtain import CurtainScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, CurtainScreen))


def _finished(data: Path) -> Path:
    m = bot_game(names=["Ann", "Bo", "Cy"])
    return _saved_game(data, "finished.plank", m)


def _results(data: Path) -> Any:
    return make_app(data, "load", path=str(_finished(data)))


async def _results_up(pilot: Any) -> None:
    from tui.screens.results import ResultsScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen))


def _replay(data: Path) -> Any:
    return make_app(data, "replay", path=str(_finished(data)))


async def _replay_mid(pilot: Any) -> None:
    from tui.screens.replay import ReplayScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
    screen = pilot.app.screen
    screen.action_seek(screen.total // 2)
    await pilot.pause()


def _rules(data: Path) -> Any:
    return make_app(data)


async def _rules_up(pilot: Any) -> None:
    from tui.screens.rules import RulesScreen

    await _menu_ready(pilot)
    pilot.app.push_screen(RulesScreen("shards"))
    await until(pilot, lambda: isinstance(pilot.app.screen, RulesScreen))
    await pilot.pause(0.1)


def _load(data: Path) -> Any:
    _finished(data)
    half = bot_game(seed=SEED + 1, stop=lambda m, seat: m.cursor >= 40, names=["Ann", "Bo", "Cy"])
    _saved_game(data, "evening.plank", half)
    four = bot_game(players=4, seed=SEED + 2, stop=lambda m, seat: m.cursor >= 12, names=["Ann", "Bo", "Cy", "Di"])
    _saved_game(data, "four.plank", four)
    (data / "saves" / "damaged.plank").write_bytes(b"GPLANK\x01\x05hello")
    examples = data / "examples"
    examples.mkdir(parents=True, exist_ok=True)
    bot_game(seed=SEED + 3, players=2, names=["Ann", "Bo"]).save(examples / "shards-2p-example.plank")
    for i, p in enumerate(sorted((data / "saves").glob("*.plank"))):
        os.utime(p, (1_700_000_000 + i * 60, 1_700_000_000 + i * 60))
    return make_app(data)


async def _load_up(pilot: Any) -> None:
    from tui.screens.load import LoadScreen

    await _menu_ready(pilot)
    await pilot.press("l")
    await until(pilot, lambda: isinstance(pilot.app.screen, LoadScreen) and len(pilot.app.screen.rows) >= 4)


async def _load_damaged(pilot: Any) -> None:
    from tui.screens.dialogs import MessageDialog

    await _load_up(pilot)
    screen = pilot.app.screen
    row = next(i for i, r in enumerate(screen.rows) if r.problem)
    screen.query_one("DataTable").move_cursor(row=row)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, MessageDialog))


async def _save_as(pilot: Any) -> None:
    from tui.screens.dialogs import SaveAsDialog

    await _table_ready(pilot)
    await pilot.press("s")
    await until(pilot, lambda: isinstance(pilot.app.screen, SaveAsDialog))
    field = pilot.app.screen.query_one("Input")
    field.value = "friday-night.plank"
    await pilot.pause()


# ------------------------------------------------------------------ Shardwake

SW_NAMES = ["Ann", "Bo", "Cy", "Di"]
SW_SEED = SEED + 2  # a Fall this round, a Brace, trades made


def shardwake_game(stop: Callable[[Any, int], bool] | None, seed: int = SW_SEED,
                   seats: list[str] | None = None) -> Any:
    """A four-player Shardwake game (Ann at the keyboard) played by heuristic bots up to ``stop``."""
    return bot_game("shardwake", 4, seed=seed, stop=stop, seats=seats, names=SW_NAMES)


def sw_placing(m: Any, seat: int) -> bool:
    """Ann places her second ship of Round 3."""
    s = m.state
    return seat == 0 and s.round == 3 and s.phase == 2 and s.ships_left[0] == 2 and not s.trade_stage


def sw_bidding(m: Any, seat: int) -> bool:
    return seat == 0 and m.state.phase == 3  # the Storm phase: secret bids


def sw_accusing(m: Any, seat: int) -> bool:
    return seat == 0 and m.state.phase == 5  # final scoring: secret Accusations


def _sw_load(data: Path, name: str, stop: Callable[[Any, int], bool] | None) -> Any:
    path = _saved_game(data, name, shardwake_game(stop))
    return make_app(data, "load", path=str(path))


def _sw_table(data: Path) -> Any:
    return _sw_load(data, "shardwake.plank", sw_placing)


def _sw_bid(data: Path) -> Any:
    return _sw_load(data, "shardwake-storm.plank", sw_bidding)


def _sw_accuse(data: Path) -> Any:
    return _sw_load(data, "shardwake-accuse.plank", sw_accusing)


def _sw_results(data: Path) -> Any:
    return _sw_load(data, "shardwake-over.plank", None)


async def _sw_trade(pilot: Any) -> None:
    """The trade dialog with an offer built by keys: 1 of your first good for 1 of Bo's second."""
    from tui.screens.trade import TradeDialog

    await _table_ready(pilot)
    await pilot.press("t")
    await until(pilot, lambda: isinstance(pilot.app.screen, TradeDialog))
    for key in ("down", "1", "right", "down", "1"):
        await pilot.press(key)
    await pilot.pause()


def _lobby(data: Path) -> Any:
    """Ann's session on a server's hub (the SSH shape: the app holds only a connection)."""
    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from engine.hub.transport import LocalConnection
    from tui.app import GangplankApp
    from tui.settings import Settings

    os.environ["GANGPLANK_DATA_DIR"] = str(data)
    server = Hub(data / "server", BotPool(workers=0))
    app = GangplankApp("lobby", connection=LocalConnection(server, "ann"), settings=Settings(bot_delay=0.0),
                       fixed_seed=SEED)
    app.animation_level = "none"
    app.scene_server = server  # type: ignore[attr-defined]  # the scene's other players sit down through it
    return app


async def _lobby_up(pilot: Any) -> None:
    """Three tables: one waiting for players (a seat reserved for Ann), one playing (a player away), one finished."""
    from engine.hub import protocol as P
    from engine.hub.transport import LocalConnection
    from tui.screens.lobby import LobbyScreen

    server = pilot.app.scene_server
    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    bob, cy, dee = (LocalConnection(server, u) for u in ("bob", "cy", "dee"))
    await bob.send(P.CreateTable(P.TableSpec(
        "shardwake", 4, [P.SeatSpec("person", "Bob"), P.SeatSpec("reserved:ann"), P.SeatSpec("bot:heuristic")],
        seed=SEED, name="Storm season")))
    await cy.send(P.CreateTable(P.TableSpec("shards", 2, [P.SeatSpec("person", "Cy")], seed=SEED)))
    shards = next(t for t in server.tables.values() if t.rules.id == "shards")
    await dee.send(P.Sit(shards.id, 1))
    await cy.send(P.OpenSave(str(Path(__file__).resolve().parents[1] / "saves" / "shards-3p-seed103.plank")))
    await dee.close()
    await until(pilot, lambda: len(pilot.app.screen.tables) == 3
                and sorted(pilot.app.screen.online) == ["ann", "bob", "cy"])


async def _lobby_new_table(pilot: Any) -> None:
    """Ann sets up a table of her own and waits at it for players."""
    from tui.screens.lobby import LobbyScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.table import TableScreen

    await until(pilot, lambda: isinstance(pilot.app.screen, LobbyScreen))
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen))
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen._waiting is not None)


SCENES: tuple[Scene, ...] = (
    Scene("menu", _menu, _menu_ready, "The main menu"),
    Scene("new-game", _menu, _new_game, "New game: seats, options, seed, takebacks"),
    Scene("table", _table, _table_ready, "Shards of Creation against two bots"),
    Scene("table-light", _table_light, _table_ready, "Four players, in the light theme"),
    Scene("table-take", _take, _table_ready, "A won trick: choose the card to keep"),
    Scene("table-growth", _growth, _narrowed, "An ability: the revealed card narrows the choices"),
    Scene("curtain", _curtain, _curtain_up, "Pass-and-play: the curtain"),
    Scene("results", _results, _results_up, "Final scores"),
    Scene("replay", _replay, _replay_mid, "Replay with everything shown"),
    Scene("rules", _rules, _rules_up, "The rules"),
    Scene("load", _load, _load_up, "Saved games"),
    Scene("load-damaged", _load, _load_damaged, "A damaged save"),
    Scene("save-as", _table, _save_as, "Save as…"),
    Scene("shardwake-table", _sw_table, _table_ready, "Shardwake: the island ring around the Harbor"),
    Scene("shardwake-bid", _sw_bid, _table_ready, "Shardwake: a storm strikes, a secret Ballast bid"),
    Scene("shardwake-trade", _sw_table, _sw_trade, "Shardwake: building a trade offer"),
    Scene("shardwake-accuse", _sw_accuse, _table_ready, "Shardwake: secret Accusations"),
    Scene("shardwake-results", _sw_results, _results_up, "Shardwake: the hidden scores explained"),
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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "screenshots")
    out.mkdir(parents=True, exist_ok=True)
    wanted = set(args[1:])
    for scene in SCENES:
        if wanted and scene.name not in wanted:
            continue
        for size in SIZES:
            path = asyncio.run(shoot(scene, size, out))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
