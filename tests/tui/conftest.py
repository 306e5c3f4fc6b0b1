"""Helpers for the TUI tests: an app on a fresh local hub whose bots think in-process."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tui.screenshots import make_app


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh data directory for this test (settings, autosaves, saves)."""
    path = tmp_path / "data"
    path.mkdir()
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(path))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(path / "examples"))
    return path


@pytest.fixture
def app_for(data: Path) -> Callable[..., Any]:
    def make(start: str = "menu", **kw: Any) -> Any:
        return make_app(data, start, **kw)

    return make


async def until(pilot: Any, cond: Callable[[], bool], timeout: float = 60.0) -> None:
    """Run the app until ``cond()`` holds; fail (not hang) if it never does."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError(f"the app did not reach the expected state (screen: {pilot.app.screen!r})")
        await pilot.pause(0.01)


def table(pilot: Any) -> Any:
    from tui.screens.table import TableScreen

    screen = pilot.app.screen
    assert isinstance(screen, TableScreen), f"expected the table, got {screen!r}"
    return screen


def my_turn(pilot: Any) -> bool:
    from tui.screens.table import TableScreen

    screen = pilot.app.screen
    if not isinstance(screen, TableScreen) or screen.curtain_up:
        return False
    up = screen.model.current()
    return bool(up and up.legal and up.seat in up.to_act)


async def play_one(pilot: Any, how: str = "board") -> None:
    """Make one decision through the keyboard: Enter on the board, or the first move's hotkey."""
    screen = table(pilot)
    before = screen.model.latest.state_id
    board = screen.board
    targets = {k for c in screen.choices for k in c.targets}
    if how == "board" and board is not None and board.cursor in targets:  # (the cursor may rest on a card only to read it)
        board.focus()
        await pilot.press("enter")
        await pilot.pause()
        if screen.query_one("#decisions").narrowed is not None:  # the thing has several moves
            await pilot.press("enter")
    else:
        await pilot.press(screen.choices[0].hotkey)
    await until(pilot, lambda: screen.model.latest.state_id != before)


async def play_to_the_end(pilot: Any, timeout: float = 180.0) -> int:
    """Answer every decision of the persons at this keyboard until the results appear."""
    from tui.screens.curtain import CurtainScreen
    from tui.screens.results import ResultsScreen

    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    moves = 0
    while not isinstance(pilot.app.screen, ResultsScreen):
        if loop.time() > end:
            raise AssertionError("the game did not end in time")
        if isinstance(pilot.app.screen, CurtainScreen):
            await pilot.press("enter")
        elif my_turn(pilot):
            await play_one(pilot, "board" if moves % 2 == 0 else "hotkey")
            moves += 1
        await pilot.pause(0.005)
    return moves
