"""Snapshots of every screen at 80×24 and 120×40 (the same scenes as ``make screenshots``).

Deterministic by construction: Textual is pinned, animations are off, seeds are fixed,
every scene starts from an empty data directory, and nothing on screen reads the clock.
Update with ``pytest tests/tui/test_snapshots.py --snapshot-update`` after looking.
"""

from __future__ import annotations

import pytest

from tui.screenshots import SCENES, SIZES


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen(scene, size, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))  # restored after the test
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = scene.setup(tmp_path / "data")
    assert snap_compare(app, terminal_size=size, run_before=scene.prepare)
