"""Shiver Me Timbers' scenes at 200×60 too (the frame's snapshot tests pin 80×24 and 120×40): the map,
the draft and the tableau use the room a big terminal gives."""

from __future__ import annotations

import pytest

from tui.screenshots import SCENES

WIDE = (200, 60)
SHIVER = [s for s in SCENES if s.name.startswith("shiver-")]


@pytest.mark.parametrize("scene", SHIVER, ids=[s.name for s in SHIVER])
def test_screen_wide(scene, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = scene.setup(tmp_path / "data")
    assert snap_compare(app, terminal_size=WIDE, run_before=scene.prepare)
