"""Fractured Sky's scenes at 200×60 too (the frame's snapshot tests pin 80×24 and 120×40): the sky map
takes the room a big terminal gives, with the table's facts beside it."""

from __future__ import annotations

import pytest

from tui.screenshots import SCENES

WIDE = (200, 60)
SKY = [s for s in SCENES if s.name.startswith("fractured-sky-")]


@pytest.mark.parametrize("scene", SKY, ids=[s.name for s in SKY])
def test_screen_wide(scene, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = scene.setup(tmp_path / "data")
    assert snap_compare(app, terminal_size=WIDE, run_before=scene.prepare)
