"""Illegal moves are refused with a reason and the state is unchanged; bad saves are one line."""

from __future__ import annotations

import pytest

from engine import IllegalMove, Match, SaveError
from engine.games.fractured_sky.state import (
    AutomaTurn,
    Build,
    Chip,
    Forage,
    Order,
    Place,
    Reward,
    Scout,
)


def test_illegal_moves_are_refused_and_change_nothing():
    m = Match.new("fractured-sky", players=3, seed=2)
    seat = m.to_act()[0]
    other = (seat + 1) % 3
    before = m.state_hash()
    for who, move in [
        (other, Place(1)),  # not its turn
        (seat, Chip(4)),  # no airship waiting for a chip
        (seat, Place(12)),  # no such region
        (seat, Build(0, 99)),  # no such site
        (seat, Scout(1, 0)),  # nothing to scout yet
        (seat, Forage(0)),
        (seat, Order(0)),
        (seat, Reward(10)),
        (seat, AutomaTurn()),
    ]:
        with pytest.raises(IllegalMove) as err:
            m.play(who, move)
        assert err.value.why and "\n" not in str(err.value)
        assert m.state_hash() == before
    m.play(seat, Place(1))
    after = m.state_hash()
    with pytest.raises(IllegalMove):
        m.play(seat, Chip(11))  # above 10
    with pytest.raises(IllegalMove):
        m.play(seat, Place(2))  # the chip comes first
    assert m.state_hash() == after


def test_a_chip_beyond_the_budget_is_refused():
    m = Match.new("fractured-sky", players=3, seed=2)
    seat = m.to_act()[0]
    m.play(seat, Place(1))
    m.play(seat, Chip(9))
    while m.to_act()[0] != seat:
        s = m.to_act()[0]
        m.play(s, Place(3))
        m.play(s, Chip(1))
    m.play(seat, Place(4))
    with pytest.raises(IllegalMove):
        m.play(seat, Chip(2))  # 9 + 2 > 10
    m.play(seat, Chip(1))


def test_a_damaged_save_is_one_line(tmp_path):
    m = Match.new("fractured-sky", players=1, seed=2)
    while m.cursor < 8:
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
    path = tmp_path / "g.plank"
    m.save(path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / "bad.plank"
    bad.write_bytes(bytes(data))
    with pytest.raises(SaveError) as err:
        Match.load(bad)
    assert "\n" not in str(err.value)
