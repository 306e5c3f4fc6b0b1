"""A session at a server (the app holds only a connection): nothing of one user reaches another."""

from __future__ import annotations

import msgspec

from engine.hub import protocol as P
from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.transport import LocalConnection
from tui.app import GangplankApp
from tui.settings import Settings

from .conftest import until


async def test_a_session_at_a_server_neither_reads_nor_writes_the_shared_settings_file(data):
    shared = data / "settings.json"
    shared.write_bytes(msgspec.json.encode(Settings(names=["Mallory's secret"], theme="gangplank-light")))
    before = shared.read_bytes()
    hub = Hub(data / "server", BotPool(workers=0), local=False)
    app = GangplankApp("lobby", connection=LocalConnection(hub, "ann"))
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        from tui.screens.lobby import LobbyScreen
        from tui.screens.new_game import NewGameScreen

        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.theme == "gangplank-dark"  # the server's file is not this user's
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        names = [w.value for w in app.screen.query(".seat-name")]
        assert "Mallory's secret" not in names
        await pilot.press("ctrl+s")
        await until(pilot, lambda: bool(hub.tables))
        await pilot.press("ctrl+t")
        await pilot.pause()
    assert shared.read_bytes() == before
    await hub.close()


async def test_save_as_in_a_session_goes_through_the_hub_to_the_users_folder(data):
    hub = Hub(data / "server", BotPool(workers=0), local=False)
    app = GangplankApp("lobby", connection=LocalConnection(hub, "ann"))
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        from tui.screens.dialogs import SaveAsDialog
        from tui.screens.lobby import LobbyScreen
        from tui.screens.table import TableScreen

        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await app.send(P.CreateTable(P.TableSpec("pepper", 2, [P.SeatSpec("person"), P.SeatSpec("bot:random")])))
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.model.info is not None)
        await until(pilot, lambda: app.screen.check_action("save", ()) is True)
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveAsDialog))
        app.screen.query_one("Input").value = "../../escape"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsDialog)  # refused on the spot: a name, not a path
        app.screen.query_one("Input").value = "evening"
        await pilot.press("enter")
        saved = data / "server" / "users" / "ann" / "saves" / "evening.plank"
        await until(pilot, saved.exists)
    assert not (data / "escape.plank").exists() and not (data / "server" / "escape.plank").exists()
    await hub.close()
