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


# ---------------------------------------------------------------- resampling what a deciding seat hides


def resample_secrets(s, x, move, rng):
    """Seat x's Agenda re-dealt, and what nobody has seen re-drawn: the Storm deck's order (its top
    card only when no other seat looked at it at the Weather Station) and, in Twin Charters, which
    copy the face-down Forecast is (when no other seat looked). With a move, what the move may
    reveal stays: the top Storm card (the next Forecast; in Twin Charters only its name, so its
    copy may change), a face-down Forecast at its strike, and the Caches (a Salvage shows the
    top Relic)."""
    d = clone(s)
    p = d.players
    others_know_top = any(d.knows_top[y] for y in range(p) if y != x) if d.knows_top else False
    # Agendas: 2 of each Guild; x's card(s) from what the other seats' cards leave
    pool = list(C.AGENDA_DECK)
    for y in range(p):
        if y != x:
            for g in d.agendas[y]:
                pool.remove(g)
    rng.shuffle(pool)
    d.agendas[x] = pool[: len(d.agendas[x])]
    if d.variant != 1:  # Calm Skies revealed its three storms at setup
        deck = d.storm_deck
        keep = 1 if (move is not None or others_know_top) and deck else 0
        rest = deck[: len(deck) - keep]
        rng.shuffle(rest)
        deck[: len(deck) - keep] = rest
        if d.variant == 2 and keep and not others_know_top and (deck[-1] ^ 1) in rest and rng.below(2):
            # Twin Charters: the next Forecast shows only its name, so its copy stays a secret
            k = deck.index(deck[-1] ^ 1)
            deck[k], deck[-1] = deck[-1], deck[k]
        if d.variant == 2 and d.forecast and not any(d.knows_forecast[y] for y in range(p) if y != x) \
                and (move is None or d.phase != BIDDING):
            twin = d.forecast[0] ^ 1  # the other copy of the same storm
            if twin in deck[: len(deck) - keep] and rng.below(2):
                k = deck.index(twin)
                deck[k], d.forecast[0] = d.forecast[0], twin
    if move is None:
        for cache in d.caches:
            rng.shuffle(cache)  # face down: nobody knows their order
    return d


@pytest.mark.parametrize(("players", "options"), [(3, {}), (4, {}), (5, {}), (3, {"variant": "twin-charters"}),
                                                  (4, {"variant": "calm-skies"})])
@pytest.mark.parametrize("seed", range(2))
def test_no_decision_tells_the_table_a_seats_secrets_or_the_storm_deck(players, options, seed):
    from tests.engine.leaks import check_private_decisions

    assert check_private_decisions("shardwake", players, seed, options, resample_secrets, samples=1) > 50
