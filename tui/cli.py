"""The ``gangplank`` entry point: the engine's command line plus the screens.

Only the commands that open a screen import Textual, so ``gangplank --help``,
``selfplay``, ``bench``, ``verify`` and ``log`` start fast and headless.
"""

from __future__ import annotations

import sys
from typing import Any

from engine import cli


class Screens:
    def menu(self) -> int:
        from tui.app import run_menu

        return run_menu()

    def play(self, **kw: Any) -> int:
        from tui.app import run_play

        return run_play(**kw)

    def load(self, path: str) -> int:
        from tui.app import run_load

        return run_load(path)

    def replay(self, path: str) -> int:
        from tui.app import run_replay

        return run_replay(path)

    def serve(self, argv: list[str]) -> int:
        from tui.ssh import main as serve_main

        return serve_main(argv)


def main() -> int:
    return cli.main(sys.argv[1:], screens=Screens())


if __name__ == "__main__":
    sys.exit(main())
