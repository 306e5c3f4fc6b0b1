"""The ``gangplank`` entry point: the engine's command line plus the screens.

Only the commands that open a screen import Textual, so ``gangplank --help``,
``selfplay``, ``bench``, ``verify`` and ``log`` start fast and headless.
"""

from __future__ import annotations

import sys
from typing import Any

from engine import cli


class Screens:
    """The screens side of the command line. Each method imports the TUI only when it is called:
    `gangplank --help` and the engine's commands never load Textual (start-up time)."""

    def menu(self) -> int:
        from tui.app import run_menu  # start-up (see the class)

        return run_menu()

    def play(self, **kw: Any) -> int:
        from tui.app import run_play  # start-up (see the class)

        return run_play(**kw)

    def load(self, path: str) -> int:
        from tui.app import run_load  # start-up (see the class)

        return run_load(path)

    def replay(self, path: str) -> int:
        from tui.app import run_replay  # start-up (see the class)

        return run_replay(path)

    def serve(self, argv: list[str]) -> int:
        from tui.ssh import main as serve_main  # start-up (see the class)

        return serve_main(argv)


def main() -> int:
    return cli.main(sys.argv[1:], screens=Screens())


if __name__ == "__main__":
    sys.exit(main())
