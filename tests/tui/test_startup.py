"""The menu starts fast because screens, games and the hub are imported only when needed."""

import subprocess
import sys


def test_importing_the_app_loads_no_screen_game_or_hub():
    code = (
        "import sys, tui.app; "
        "heavy = [m for m in sys.modules if m.startswith(('tui.screens.', 'tui.games', 'engine.games.', "
        "'engine.hub.hub', 'engine.bots'))]; print(','.join(sorted(heavy)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_the_menu_screen_does_not_load_a_game():
    code = (
        "import sys, tui.screens.menu; "
        "print(','.join(sorted(m for m in sys.modules if m.startswith(('engine.games.', 'tui.screens.table')))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_once_the_menu_is_drawn_every_game_is_imported_in_the_background():
    """The first F1 (its screen lists every game's rules) and New game find the games loaded."""
    code = (
        "import asyncio, os, sys, tempfile\n"
        "os.environ['GANGPLANK_DATA_DIR'] = tempfile.mkdtemp()\n"
        "from tui.app import GangplankApp\n"
        "from engine import games\n"
        "async def main():\n"
        "    app = GangplankApp()\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        for _ in range(400):\n"
        "            if len(games._loaded) == len(games._packages()):\n"
        "                break\n"
        "            await pilot.pause(0.02)\n"
        "        print(sorted(games._loaded) == sorted(games._packages()), type(app.screen).__name__)\n"
        "asyncio.run(main())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out.splitlines()[-1] == "True MenuScreen"  # (and no key was pressed)
