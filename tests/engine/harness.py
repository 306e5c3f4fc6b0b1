"""Random-game property checks that every game must pass (OpenSpiel/Ludii style).

``check_random_game(game, players, seed, options)`` plays one seeded random game
through a Match and checks, along the way and at the end:

- every seat in ``to_act`` has a non-empty legal menu, and every legal move applies;
- the state encodes and decodes to an equal state at every step;
- the view of every seat (and the spectator's) survives ``determinize``: what a
  seat sees does not change when everything hidden from it is re-drawn (no leak),
  and neither do its legal moves (bots decide from a determinized sample);
- views are msgspec-encodable and decode to an equal view with the game's View type;
- every view's ``asking`` is a str, "" exactly when its seat is not in ``to_act``, and
  otherwise one of the steps the game declares (``rules.asking``);
- ``label`` and ``describe`` give text for every legal move;
- undo then redo returns to the same hash;
- any earlier position rebuilt from snapshots equals the hash recorded when it was played;
- saving, loading and verifying reproduce every recorded hash;
- the game ends with a valid result (scores per seat, a ranking that partitions the seats).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine import Match
from engine.core.codec import decode, encode, state_hash
from engine.core.rng import Rng

MAX_MOVES = 20000


def _check_views(m: Match, rng: Rng) -> None:
    rules, s = m.rules, m.state
    view_dec = msgspec.msgpack.Decoder(rules.View)
    acting = rules.to_act(s)
    steps = rules.asking  # the closed set of steps the game declares
    assert isinstance(steps, frozenset) and "" not in steps and all(isinstance(x, str) and x for x in steps)
    for seat in [*range(m.header.players), None]:
        v = rules.view(s, seat)
        assert view_dec.decode(encode(v)) == v, "a view does not survive msgpack"
        for fields in ("seat", "round", "phase", "to_act", "prompt", "asking"):
            assert hasattr(v, fields), f"views need a {fields!r} field"
        assert isinstance(v.asking, str), "asking is a str"
        asked = seat is not None and seat in acting
        assert (v.asking != "") == asked, (
            f"seat {seat}'s view asks {v.asking!r} but the seat is {'' if asked else 'not '}in to_act {acting}"
        )
        assert v.asking == "" or v.asking in steps, f"asking {v.asking!r} is not one of the game's steps {sorted(steps)}"
        observer = seat if seat is not None else rng.below(m.header.players)
        d = rules.determinize(s, observer, rng)
        assert rules.view(d, observer) == rules.view(s, observer), (
            f"seat {observer}'s view changed when its hidden information was re-drawn"
        )
        if seat is None:
            assert rules.view(d, None) == v, "the public view changed under determinization"
        assert rules.to_act(d) == rules.to_act(s), "determinize changed who acts"
        if observer in rules.to_act(s):
            assert rules.legal(d, observer) == rules.legal(s, observer), (
                f"seat {observer}'s legal moves depend on something hidden from it"
            )


def check_random_game(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    tmp: Path | None = None,
    views_every: int = 1,
    choose: Callable[[Match, int, list[Any], Rng], Any] | None = None,
) -> Match:
    """A whole game of random legal moves (``choose(match, seat, legal, rng)`` picks instead, for a player with
    a bent), checking every property on the way; the finished Match."""
    m = Match.new(game, players=players, seed=seed, options=options, undo="practice")
    rules = m.rules
    rng = Rng.seeded(seed ^ 0x5EED)
    state_type = type(m.state)
    hashes = [m.state_hash()]
    steps = 0
    while not m.is_over():
        steps += 1
        assert steps < MAX_MOVES, "the game did not end"
        acting = m.to_act()
        for seat in acting:
            assert m.legal(seat), f"seat {seat} must act but has no legal move"
        assert decode(encode(m.state), state_type) == m.state, "state does not survive msgpack"
        if steps % views_every == 0:
            _check_views(m, rng)
        seat = acting[rng.below(len(acting))]
        legal = m.legal(seat)
        view = m.view(seat)
        for mv in legal:
            group, text = rules.label(view, mv)
            assert isinstance(group, str) and isinstance(text, str) and text
        move = legal[rng.below(len(legal))] if choose is None else choose(m, seat, legal, rng)
        assert move in legal
        assert isinstance(rules.describe(m.state, seat, move), str)
        m.play(seat, move)
        h = m.state_hash()
        if steps % 7 == 0:
            m.undo()
            assert m.state_hash() == hashes[-1], "undo did not restore the previous state"
            m.redo()
            assert m.state_hash() == h, "redo did not give the same state"
        hashes.append(h)
    result = m.result()
    assert result is not None, "the game is over but has no result"
    seats = m.header.players  # a game may add automa seats to the people (Fractured Sky)
    assert seats >= players
    assert len(result.scores) == seats
    assert sorted(s for place in result.ranking for s in place) == list(range(seats))
    for seat in range(seats):
        assert sum(p for _, p in result.breakdown[seat]) == result.scores[seat], (
            f"seat {seat}'s breakdown does not add up to its score"
        )
    # any earlier position, rebuilt from snapshots, is the one that was played
    for k in sorted({0, 1, len(hashes) // 3, len(hashes) // 2, len(hashes) - 2, len(hashes) - 1}):
        if 0 <= k < len(hashes):
            assert state_hash(m.state_at(k)) == hashes[k], f"position {k} does not rebuild"
    if tmp is not None:
        path = tmp / f"{game}-{players}-{seed}.plank"
        m.save(path)
        loaded = Match.load(path)
        assert loaded.state_hash() == m.state_hash()
        assert loaded.result() == result
        again = Match.load(path, strict=False)
        assert again.problems == []
    return m
