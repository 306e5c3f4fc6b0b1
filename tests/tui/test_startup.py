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
