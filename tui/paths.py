"""Where Gangplank keeps things: the user's data directory, saves, autosaves, rules.

``GANGPLANK_DATA_DIR`` overrides the platform's data directory (tests set it).
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES_DIR = ROOT / "saves"
RULES_DIR = ROOT / "docs" / "rules"


def data_dir() -> Path:
    """The user's data directory (created on first use)."""
    env = os.environ.get("GANGPLANK_DATA_DIR")
    if env:
        path = Path(env)
    else:

        path = Path(user_data_dir("gangplank", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def examples_dir() -> Path:
    """The example games shipped in ``saves/`` (``GANGPLANK_EXAMPLES_DIR`` overrides it for tests)."""
    env = os.environ.get("GANGPLANK_EXAMPLES_DIR")
    return Path(env) if env else EXAMPLES_DIR


def tables_dir() -> Path:
    """Where the hub autosaves every local table (``<id>.plank`` + ``<id>.json``)."""
    return data_dir() / "tables"


def saves_dir() -> Path:
    """Where "Save as…" writes."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_path() -> Path:
    return data_dir() / "settings.json"


def rules_doc(doc: str) -> Path:
    """``docs/rules/<doc>.md`` (a game's Rules object names its document: ``rules.doc``)."""
    return RULES_DIR / f"{doc}.md"
