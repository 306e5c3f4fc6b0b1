"""Example games in saves/ replay to their recorded hashes (regenerate them on purpose when rules change)."""

from pathlib import Path

import pytest

from engine import Match

SAVES = sorted((Path(__file__).resolve().parents[2] / "saves").glob("*.plank"))


def test_there_are_example_games():
    assert SAVES, "saves/ has no example games"


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_example_replays_to_its_recorded_hashes(path):
    m = Match.load(path, strict=False)
    assert m.problems == [], m.problems
    assert m.warnings == []
    assert m.cursor > 0
