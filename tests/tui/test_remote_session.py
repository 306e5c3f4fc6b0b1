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


async def test_a_save_at_a_server_is_renamed_through_the_hub_and_a_clash_or_a_path_loses_nothing(data):
    from engine.core.match import Match

    hub = Hub(data / "server", BotPool(workers=0), local=False)
    saves = data / "server" / "users" / "ann" / "saves"
    saves.mkdir(parents=True)
    for name in ("first", "taken"):
        Match.new("pepper", players=2, seed=3).save(saves / f"{name}.plank")
    before = {p.name: p.read_bytes() for p in saves.iterdir()}
    app = GangplankApp("lobby", connection=LocalConnection(hub, "ann"))
    app.animation_level = "none"
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        from tui.screens.dialogs import SaveAsDialog
        from tui.screens.load import LoadScreen
        from tui.screens.lobby import LobbyScreen

        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and len(app.screen.rows) == 2)
        screen = app.screen
        assert screen.check_action("rename", ()) is True
        while screen._current().name != "first":
            await pilot.press("down")

        async def rename_to(text: str) -> None:
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, SaveAsDialog))
            app.screen.query_one("Input").value = text
            await pilot.press("enter")
            await pilot.pause()

        await rename_to("../../bob/saves/x")  # refused on the spot: a name, not a path
        assert isinstance(app.screen, SaveAsDialog)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        await rename_to("taken")  # the hub refuses: a save is never replaced
        await until(pilot, lambda: any("already" in n.message for n in app.notices))
        assert {p.name: p.read_bytes() for p in saves.iterdir()} == before
        await rename_to("Friday night")
        await until(pilot, lambda: (saves / "Friday night.plank").exists())
        await until(pilot, lambda: sorted(r.name for r in screen.rows) == ["Friday night", "taken"])
        assert (saves / "Friday night.plank").read_bytes() == before["first.plank"]
        assert any(n.message == "Renamed “first” to “Friday night”" for n in app.notices)
    await hub.close()
