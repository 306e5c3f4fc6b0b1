"""The scenes marked ``wide`` at 200×60 too: a big terminal's room is used (bigger cards, a
longer log, a wider side column). Shiver's own are in test_shiver_snapshots.py."""

from __future__ import annotations

import pytest

from tui.screenshots import SCENES, WIDE

SHOWN = [s for s in SCENES if s.wide and not s.name.startswith("shiver-")]


@pytest.mark.parametrize("scene", SHOWN, ids=[s.name for s in SHOWN])
def test_screen_wide(scene, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = scene.setup(tmp_path / "data")
    assert snap_compare(app, terminal_size=WIDE, run_before=scene.prepare)
