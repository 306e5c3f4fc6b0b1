"""Secrets stay secret: a seat's Agenda, pending bid, Accusation or kept Agenda never reach
another seat's view (or the events it may see) before the reveal."""

from __future__ import annotations

import pytest

from engine.bots import make
from engine.bots.base import decision_for
from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.state import ACCUSE, BIDDING, DISCARD, OVER

from .helpers import fresh


def _other_secret(s, x):
    """A copy of ``s`` with seat x's secrets changed (what x hides from everyone)."""
    d = clone(s)
    d.agendas[x] = [(g + 1) % 3 for g in d.agendas[x]]
    if d.bids and d.bids[x] >= 0:
        d.bids[x] = 0 if d.bids[x] else min(1, d.res[x][C.BALLAST])
    if d.accusations and d.accusations[x] >= 0:
        d.accusations[x] = (d.accusations[x] + 1) % (3 * d.players)
        if d.accusations[x] // 3 == x:
            d.accusations[x] = (d.accusations[x] + 3) % (3 * d.players)
    if d.discarded[x] >= 0:
        d.discarded[x] = 1 - d.discarded[x]
    return d


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (5, {}), (3, {"variant": "twin-charters"}),
                                                  (4, {"variant": "calm-skies"})])
def test_changing_a_seats_secrets_changes_no_other_view(players, options):
    s = fresh(players, seed=17, **options)
    rng = Rng.seeded(4)
    secret_phases = 0
    while (acting := RULES.to_act(s)) and s.phase != OVER:
        if s.phase in (BIDDING, ACCUSE, DISCARD) or rng.below(8) == 0:
            secret_phases += s.phase in (BIDDING, ACCUSE, DISCARD)
            for x in range(players):
                d = _other_secret(s, x)
                for viewer in [*range(players), None]:
                    if viewer != x:
                        assert RULES.view(d, viewer) == RULES.view(s, viewer), (x, viewer, s.phase)
        seat = acting[rng.below(len(acting))]
        legal = RULES.legal(s, seat)
        move = legal[rng.below(len(legal))]
        for e in RULES.apply(s, seat, move):
            if e.to is not None and seat not in e.to:
                raise AssertionError(f"a private event about seat {seat} went elsewhere: {e.text}")
    assert secret_phases > 0


def test_ismcts_bot_plays_shardwake_from_its_own_information():
    s = fresh(4, seed=9)
    bot = make("ismcts:40", RULES, 3)
    rng = Rng.seeded(8)
    for _ in range(30):
        acting = RULES.to_act(s)
        if not acting:
            break
        seat = acting[0]
        d = decision_for(RULES, s, seat, rng)
        move = bot.choose(d)
        assert move in RULES.legal(s, seat)
        RULES.apply(s, seat, move, True)


def test_a_bots_sample_redraws_bids_it_has_not_seen():
    s = fresh(4, seed=9)
    while s.phase != BIDDING:
        seat = RULES.to_act(s)[0]
        RULES.apply(s, seat, RULES.legal(s, seat)[0], True)
    for seat in range(4):
        s.res[seat][C.BALLAST] = 6
    RULES.apply(s, 1, RULES.legal(s, 1)[-1], True)  # seat 1 bids everything
    seen = {decision_for(RULES, s, 0, Rng.seeded(k)).sample.bids[1] for k in range(25)}
    assert len(seen) > 1
