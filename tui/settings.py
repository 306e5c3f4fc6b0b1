"""The user's preferences: theme, default bot delay, the names last typed in.

A small JSON file in the data directory; a damaged file is ignored, never fatal.
"""

from __future__ import annotations

import msgspec

from tui.paths import settings_path


class Settings(msgspec.Struct, omit_defaults=True):
    theme: str = "gangplank-dark"
    bot_delay: float = 0.6
    names: list[str] = []
    last_game: str = ""  # the game New game starts on ("": the first in the menu)


def load_settings() -> Settings:
    try:
        return msgspec.json.decode(settings_path().read_bytes(), type=Settings)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return Settings()


def save_settings(settings: Settings) -> None:
    path = settings_path()
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_bytes(msgspec.json.encode(settings))
        tmp.replace(path)
    except OSError:
        pass
