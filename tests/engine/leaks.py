"""Secrets are sacred: a check that the table learns nothing from a seat's hidden information.

``check_private_decisions(game, players, seed, options, resample)`` plays a seeded random
game. At every state where a seat X owes a decision, ``resample(state, X, move, rng)`` builds a
state that differs from the real one only in what X alone can see (X's hidden cards, its
secret Agenda, the cards nobody has seen), consistent with what every other seat knows — the
way ``determinize`` re-draws them, but for X's secrets instead of the viewer's. Then:

1. every other seat's view, and the public view, is the same in both states;
2. X's move (when it is still legal in the resampled state) is applied to both, and every
   other seat's view, the public view, who acts next and the events each other seat may see
   are the same again.

(2) is what catches the leaks a single view cannot show: *whether* a seat is asked something,
a choice that resolves itself, a public line written only in one case. With ``move=None``,
``resample`` may re-draw everything X hides; with a move, it keeps what the move shows (the card
played) and what chance is about to reveal (the top card of a deck), so that the two games can
only part where a secret leaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Match
from engine.core.codec import clone
from engine.core.rng import Rng

Resample = Callable[[Any, int, Any, Rng], Any]


def _seen(events: list[Any], seat: int | None) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in events if e.visible_to(seat)]


def check_private_decisions(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    resample: Resample,
    samples: int = 2,
    choose: Callable[[Any, int, list[Any], Rng], Any] | None = None,
) -> int:
    """Returns how many (state, resampled state) pairs were compared after a move.

    ``choose(state, seat, legal, rng)``, when given, picks the moves (a bot, to reach the parts of a game
    random play never does); ``resample`` may return None for a state with nothing of X's to re-draw."""
    m = Match.new(game, players=players, seed=seed, options=options, undo="free")
    rules = m.rules
    s = clone(m.state)
    rng = Rng.seeded(seed * 7919 + players)
    compared = 0
    steps = 0
    while (acting := rules.to_act(s)) and steps < 5000:
        steps += 1
        x = acting[rng.below(len(acting))]
        legal = rules.legal(s, x)
        move = legal[rng.below(len(legal))] if choose is None else choose(s, x, legal, rng)
        others: list[int | None] = [i for i in range(players) if i != x]
        others.append(None)
        for _ in range(samples):
            d = resample(s, x, None, rng)
            if d is None:
                break
            for y in others:
                assert rules.view(d, y) == rules.view(s, y), (
                    f"seat {y}'s view depends on seat {x}'s secrets (step {steps})")
            d = resample(s, x, move, rng)
            if d is None or move not in rules.legal(d, x):
                continue  # the move itself tells something (e.g. not following the lead)
            s2, d2 = clone(s), clone(d)
            ev_s = rules.apply(s2, x, move)
            ev_d = rules.apply(d2, x, move)
            if rules.result(s2) is not None:
                continue  # the game is over: the end reveals every secret
            assert rules.to_act(d2) == rules.to_act(s2), (
                f"whether a seat is asked after {move!r} depends on seat {x}'s secrets (step {steps})")
            for y in others:
                assert _seen(ev_d, y) == _seen(ev_s, y), (
                    f"seat {y} hears {_seen(ev_s, y)} or {_seen(ev_d, y)} after seat {x}'s {move!r}, "
                    f"depending on seat {x}'s secrets (step {steps})")
                assert rules.view(d2, y) == rules.view(s2, y), (
                    f"seat {y}'s view after seat {x}'s {move!r} depends on seat {x}'s secrets (step {steps})")
            compared += 1
        rules.apply(s, x, move, True)
    return compared
