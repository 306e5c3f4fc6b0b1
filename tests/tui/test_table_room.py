"""The table uses the room the terminal gives: the board gets the lines it draws, the log the
rest; a big terminal gets bigger cards and a longer log; the footer keeps Quit at 80×24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from engine.hub import protocol as P
from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.transport import LocalConnection
from tests.tui.conftest import until
from tui.app import GangplankApp
from tui.screenshots import SCENES, table_ready
from tui.widgets.log_panel import LogPanel


def scene(name: str) -> Any:
    return next(s for s in SCENES if s.name == name)


def board_fits(screen: Any) -> bool:
    board = screen.board
    return board is not None and len(board.lines) <= board.scrollable_content_region.height


async def open_scene(pilot: Any) -> Any:
    await until(pilot, lambda: table_ready(pilot))
    await pilot.pause()
    return pilot.app.screen


@pytest.mark.parametrize("name", ["table", "shardwake-table", "shardwake-bid", "shardwake-accuse"])
async def test_the_board_fits_at_120x40(name: str, tmp_path: Path, monkeypatch: Any) -> None:
    """Shardwake's ring needed a scrollbar at 120×40 (its last lines were cut): now the log gives way."""
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    app = scene(name).setup(tmp_path / "data")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_scene(pilot)
        assert board_fits(screen), (len(screen.board.lines), screen.board.scrollable_content_region.height)
        assert screen.query_one(LogPanel).outer_size.height >= 6


async def test_a_big_terminal_gives_the_cards_and_the_log_room(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    sizes: dict[tuple[int, int], tuple[int, int]] = {}
    for size in ((120, 40), (200, 60)):
        app = scene("table").setup(tmp_path / f"data-{size[0]}")
        async with app.run_test(size=size) as pilot:
            screen = await open_scene(pilot)
            board = screen.board
            hand = [r for k, r in board.rects.items() if k.startswith("h:")]
            card_w = min(r[2] - r[0] for r in hand)
            log_h = screen.query_one(LogPanel).outer_size.height
            sizes[size] = (card_w, log_h)
            assert board_fits(screen)
    small, big = sizes[(120, 40)], sizes[(200, 60)]
    assert big[0] > small[0], f"cards stay {small[0]} wide"
    assert big[1] > small[1] + 10, f"the log stays {small[1]} lines"


@pytest.mark.parametrize("name", ["table", "shardwake-table"])
async def test_at_200x60_the_side_column_grows_and_a_move_reads_on_one_line(
        name: str, tmp_path: Path, monkeypatch: Any) -> None:
    """btop-style: the players and decisions column takes a third of a big terminal, not 46 columns."""
    from tui.widgets.decision_panel import DecisionPanel

    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    widths: dict[int, int] = {}
    one_line: dict[int, int] = {}  # moves whose line (hotkey, margins, words) needs no wrap
    for size in ((120, 40), (200, 60)):
        app = scene(name).setup(tmp_path / f"data-{size[0]}")
        async with app.run_test(size=size) as pilot:
            screen = await open_scene(pilot)
            widths[size[0]] = screen.query_one("#table-side").outer_size.width
            assert board_fits(screen)
            room = screen.query_one(DecisionPanel).scrollable_content_region.width
            one_line[size[0]] = sum(len(c.label) + 5 <= room for c in screen.choices)
            n = len(screen.choices)
    assert widths[120] == 46 and widths[200] >= 60, widths
    assert one_line[200] > one_line[120] and one_line[200] >= n * 3 // 4, (one_line, n)


async def test_the_footer_keeps_quit_at_80x24(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    app = scene("shardwake-table").setup(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_scene(pilot)
        await pilot.pause()
        keys = {k.description: k for k in screen.query(FooterKey)}
        assert "Quit" in keys
        assert keys["Quit"].region.right <= 80 and keys["Quit"].region.width > 0
        assert "Trade…" in keys  # the game's own key too


async def test_over_ssh_the_chat_leaves_the_board_its_lines(data: Path) -> None:
    """At a server the chat sits under the log: the log gives way, the scoring areas stay on screen."""
    hub = Hub(data / "server", BotPool(workers=0), local=False)
    app = GangplankApp("lobby", connection=LocalConnection(hub, "ann"))
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        from tui.screens.lobby import LobbyScreen
        from tui.screens.table import CHAT_FEWEST, TableScreen
        from tui.widgets.chat_panel import ChatPanel
        from tui.widgets.round_summary import RoundSummary

        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        seats = [P.SeatSpec("person"), P.SeatSpec("bot:heuristic"), P.SeatSpec("bot:heuristic")]
        await app.send(P.CreateTable(P.TableSpec("shards", 3, seats)))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and table_ready(pilot))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(ChatPanel).display
        text = "\n".join(line.plain for line in screen.board.lines)
        assert "Scoring areas" in text
        assert board_fits(screen), (len(screen.board.lines), screen.board.scrollable_content_region.height)
        # and through the tricks that follow (a trick on the table, the last one, a winner's take):
        # the chat gives up lines before the board would scroll
        t = hub.tables[screen.table_id]
        fitted = 0
        for _ in range(40):
            at = t.match.cursor
            await pilot.press(screen.choices[0].hotkey)
            await until(pilot, lambda at=at: t.match.cursor > at and table_ready(pilot))
            await pilot.pause()
            if screen.query_one(RoundSummary).display:
                continue  # a round's summary sits in the board's room until the next key
            chat_h = screen.query_one(ChatPanel).outer_size.height
            # the board fits, or the chat has given up every line it can (the board's tallest
            # moments — a three-line trump, a three-line card — can still want one line more)
            assert board_fits(screen) or chat_h == CHAT_FEWEST, (
                t.match.cursor, len(screen.board.lines), screen.board.scrollable_content_region.height, chat_h)
            assert chat_h >= CHAT_FEWEST  # a line of talk and the input at the least
            fitted += board_fits(screen)
        assert fitted >= 30  # (most positions fit with room to spare)
    await hub.close()
