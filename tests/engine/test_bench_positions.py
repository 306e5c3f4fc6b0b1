"""`gangplank bench`'s ISMCTS positions: a game whose search can focus on a part (Shiver's duels)
is measured at ordinary positions and at focused ones, never one mistaken for the other."""

from __future__ import annotations

from engine import games
from engine.benchmarks import bench_position


def test_shiver_has_an_ordinary_and_a_focused_position_from_mid_game() -> None:
    rules = games.get("shiver")
    focus = rules.search_focus  # type: ignore[attr-defined]
    plain = bench_position(rules, 4, 0)
    duel = bench_position(rules, 4, 0, focused=True)
    assert plain is not None and duel is not None
    assert focus(plain.state, plain.to_act()[0]) is None
    assert focus(duel.state, duel.to_act()[0]) is not None
    whole = bench_position(rules, 4, 0, focused=False)
    assert whole is not None and whole.cursor == plain.cursor  # the same seed, the same position


def test_a_game_without_a_focus_is_measured_from_the_middle_of_a_random_game() -> None:
    rules = games.get("shards")
    m = bench_position(rules, 3, 1)
    assert m is not None and m.to_act() and m.cursor > 0
