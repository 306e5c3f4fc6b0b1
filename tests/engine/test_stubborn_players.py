"""Every game ends, whatever the players choose: even players who always pick the first
or the last choice offered (a person mashing one key), or who never turn down an
optional ability.

A rule that lets a choice repeat for ever (two Devotion cards swapped back and forth)
makes a game that never ends; fair random players rarely find such a loop, these do.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Match, games
from engine.core.rng import Rng

MAX_MOVES = 5_000  # far beyond any real game (Shards ~170 moves, Shardwake ~270)
NO_THANKS = {"Decline", "Cancel"}  # the moves that turn an optional ability or a trade down
CHAINING = "Devotion,Cultivation,Ruin,Odium,Autonomy"  # Devotion's Swap triggers the swapped-in card


def cases() -> list[tuple[str, int, dict[str, Any] | None]]:
    out: list[tuple[str, int, dict[str, Any] | None]] = []
    for game in games.ids():
        for players in games.get(game).players:
            out.append((game, players, None))
            if game == "shards":  # 4 Shards in play with 2–3 players, 5 with 4
                out.append((game, players, {"shards": ",".join(CHAINING.split(",")[: 5 if players == 4 else 4])}))
    return out


CASES = cases()
IDS = [f"{g}-{p}p" + ("-chaining" if o else "") for g, p, o in CASES]


def pick(policy: str, legal: list[Any], rng: Rng) -> Any:
    if policy == "first":
        return legal[0]
    if policy == "last":
        return legal[-1]
    eager = [m for m in legal if type(m).__name__ not in NO_THANKS] or legal  # never says no
    return eager[rng.below(len(eager))]


@pytest.mark.parametrize("policy", ["first", "last", "eager"])
@pytest.mark.parametrize("game,players,options", CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(4))
def test_the_game_ends_whatever_the_players_keep_choosing(game, players, options, policy, seed):
    m = Match.new(game, players, seed=seed, options=options)
    rng = Rng(seed)
    while not m.is_over():
        assert m.cursor < MAX_MOVES, f"{game} ({players} players, {policy}) did not end in {MAX_MOVES} moves"
        seat = m.to_act()[0]
        m.play(seat, pick(policy, m.legal(seat), rng))
    assert m.result().ranking
