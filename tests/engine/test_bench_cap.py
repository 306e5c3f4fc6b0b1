"""The kernel's bench has a move cap per random game: a game that never ends is stopped there, counted as
capped and kept out of the games-per-second figure (``gangplank bench`` cannot hang)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engine.core.bench import (
    MOVE_CAP,
    PlayoutCapped,
    random_game,
    random_playout,
    random_playouts_per_second,
)
from engine.core.rules import Config


class _Opts(msgspec.Struct):
    length: int = -1  # -1: the game never ends


class _State(msgspec.Struct):
    moves: int = 0
    length: int = -1


class _Step(msgspec.Struct, frozen=True):
    n: int


class Treadmill:
    """A fake game: two seats take turns for ever (or for ``length`` moves)."""

    id = "treadmill"
    Options = _Opts

    def setup(self, config: Config) -> _State:
        return _State(length=config.options.length)

    def to_act(self, s: _State) -> tuple[int, ...]:
        if s.length >= 0 and s.moves >= s.length:
            return ()
        return (s.moves % 2,)

    def legal(self, s: _State, seat: int) -> list[Any]:
        return [_Step(0), _Step(1)]

    def apply(self, s: _State, seat: int, move: Any, quiet: bool = False) -> list[Any]:
        s.moves += 1
        return []

    def result(self, s: _State) -> None:
        return None


def test_a_game_that_never_ends_stops_at_the_cap_and_says_so():
    assert random_game(Treadmill(), 2, 1, _Opts(), cap=500) == (500, False)  # type: ignore[arg-type]
    assert random_game(Treadmill(), 2, 1, _Opts(length=40), cap=500) == (40, True)  # type: ignore[arg-type]
    assert random_game(Treadmill(), 2, 1, _Opts(length=500), cap=500) == (500, True)  # type: ignore[arg-type]


def test_a_random_playout_that_hits_the_cap_raises_instead_of_returning_a_length():
    with pytest.raises(PlayoutCapped, match="had not ended after 300 moves"):
        random_playout(Treadmill(), 2, 1, _Opts(), cap=300)  # type: ignore[arg-type]
    assert random_playout(Treadmill(), 2, 1, _Opts(length=7)) == 7  # type: ignore[arg-type]


def test_capped_games_are_counted_apart_and_never_in_games_per_second():
    rate = random_playouts_per_second(Treadmill(), 2, seconds=0.05, options=_Opts(), cap=200)  # type: ignore[arg-type]
    assert rate.games == 0 and rate.games_per_s == 0.0
    assert rate.capped >= 1 and rate.cap == 200
    assert rate.moves_per_s > 0  # the moves were played, and count as moves
    done = random_playouts_per_second(Treadmill(), 2, seconds=0.05, options=_Opts(length=10))  # type: ignore[arg-type]
    assert done.capped == 0 and done.games >= 1 and done.games_per_s > 0 and done.cap == MOVE_CAP


def test_random_epic_shiver_is_capped_and_a_regular_game_is_not():
    from engine.games.shiver import RULES

    epic = random_playouts_per_second(RULES, 2, seconds=0.01, options=RULES.options_from({"epic": "yes"}), cap=2000)
    assert epic.capped >= 1 and epic.games == 0  # uniform random captains never reach nine goals
    plain = random_game(RULES, 2, 3, RULES.options_from({}))
    assert plain.ended and plain.moves < MOVE_CAP
