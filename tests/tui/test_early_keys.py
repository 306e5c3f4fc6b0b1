"""Keys typed at once after the key that opens a screen reach that screen (the menu's priority bindings).

The keys are posted together, as a terminal delivers keys typed faster than the app reads them
(``tmux send-keys n Right`` does the same): nothing between them waits for the app.
"""

from __future__ import annotations

from typing import Any

from textual import events

from tests.tui.conftest import until
from tui.screens.menu import MenuScreen
from tui.screens.new_game import NewGameScreen
from tui.widgets.cycler import Cycler


async def _game_chosen(app: Any, pilot: Any, *keys: events.Key) -> str:
    await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.screen.focused is not None)
    for key in keys:
        app.post_message(key)
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and app.screen.focused is not None)
    await pilot.pause()
    value = app.screen.query_one("#game", Cycler).value
    await pilot.press("escape")
    return str(value)


async def test_a_key_typed_with_the_one_that_opens_new_game_reaches_new_game(app_for: Any) -> None:
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        first = await _game_chosen(app, pilot, events.Key("n", "n"))
        stepped = await _game_chosen(app, pilot, events.Key("n", "n"), events.Key("right", None))
        twice = await _game_chosen(app, pilot, events.Key("n", "n"), events.Key("right", None),
                                   events.Key("right", None))
    assert stepped != first  # → moved the game cycler, though it came before the screen had the focus
    assert twice not in (first, stepped)  # and every key typed meanwhile counts, in order
