"""The Storm Front: secret simultaneous Ballast bids, rewards, Fail effects."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.storm import storm_phase
from engine.games.shardwake.state import BIDDING, Bid

from .helpers import act, deep, outer, to_placement, visible_text


def storm(players=4, card=0, seed=2, **opts):
    """A game at the Strike of Round 2 with ``card`` forecast."""
    s = to_placement(players, seed, **opts)
    s.round = 2
    s.forecast = [card]
    if card in s.storm_deck:
        s.storm_deck.remove(card)
    storm_phase(s, None)
    assert s.phase == BIDDING
    return s


def card_of(name: str, copy: int = 0) -> int:
    return [st.name for st in C.STORMS].index(name) * 2 + copy


def test_every_player_bids_at_once():
    s = storm()
    assert RULES.to_act(s) == (0, 1, 2, 3)
    assert RULES.legal(s, 0) == [Bid(0), Bid(1), Bid(2)]  # any number of their Ballast, including zero


def test_a_bid_is_secret_until_all_are_revealed():
    s = storm()
    ev = act(s, Bid(2), 1)
    assert RULES.to_act(s) == (0, 2, 3)
    for other in (0, 2, 3, None):
        v = RULES.view(s, other)
        assert v.seats[1].has_bid and v.my_bid == -1
        assert "2 Ballast" not in visible_text(ev, other)
    assert RULES.view(s, 1).my_bid == 2
    assert "2 Ballast" in visible_text(ev, 1)
    # another seat cannot tell the bid: determinize re-draws it
    bids = {RULES.determinize(s, 0, Rng.seeded(k)).bids[1] for k in range(30)}
    assert len(bids) > 1


def test_bids_are_revealed_together_and_spent_either_way():
    # seed: "Reveal all bids at once. Every bid Ballast is spent either way."
    s = storm(card=card_of("Shearwind", 1))  # 4 players: Threshold 7
    ev = []
    for seat, b in enumerate([0, 1, 2, 1]):
        ev = act(s, Bid(b), seat)
    reveal = [e for e in ev if e.reveal]
    assert reveal and reveal[0].to is None and reveal[0].data["bids"] == [0, 1, 2, 1]
    assert [r[1] for r in s.res] == [2, 1, 0, 1]
    assert s.storm_log[-1][3] == 0  # 4 < 7: failed


def test_a_storm_that_meets_the_threshold_disperses_with_rewards():
    # seed: "The highest contributor gains +3 Renown." / "Every other player who contributed at least 1 Ballast gains +1"
    s = storm(card=card_of("Undertow", 0))  # 4 players: Threshold 5
    for seat in range(4):
        s.res[seat][1] = 4
    for seat, b in enumerate([3, 1, 0, 1]):
        act(s, Bid(b), seat)
    assert s.storm_log[-1][3] == 1
    assert s.renown == [3, 1, 0, 1]
    assert [src[1] for src in s.sources] == [3, 1, 0, 1]


def test_tied_highest_contributors_each_gain_3():
    s = storm(card=card_of("Undertow", 0))
    for seat in range(4):
        s.res[seat][1] = 4
    for seat, b in enumerate([2, 2, 1, 0]):
        act(s, Bid(b), seat)
    assert s.renown == [3, 3, 1, 0]


def test_threshold_depends_on_player_count():
    st = C.STORMS[0]
    assert C.threshold(0, 3) == st.thresholds[0][0] and C.threshold(0, 5) == st.thresholds[0][2]
    assert C.threshold(1, 4) == st.thresholds[1][1]


def _fail(name, players=4, **setup):
    s = storm(players, card=card_of(name, 1))
    for k, v in setup.items():
        setattr(s, k, v)
    for seat in range(players):
        act(s, Bid(0), seat)
    assert s.storm_log[-1][3] == 0
    return s


def test_shearwind_fail_cracks_every_outer_island():
    s = _fail("Shearwind")
    assert all(s.cracks[i] == 1 for i in outer(s)) and all(s.cracks[i] == 0 for i in deep(s))


def test_undertow_fail_cracks_every_deep_island():
    s = _fail("Undertow")
    assert all(s.cracks[i] == 1 for i in deep(s)) and all(s.cracks[i] == 0 for i in outer(s))


def test_maelstrom_fail_cracks_the_most_claimed_island_twice():
    s = to_placement(4, seed=2)
    i = outer(s)[1]
    claims = [list(c) for c in s.claims]
    claims[i] = [2, 2, 2, 2]
    s = _fail("Maelstrom", claims=claims)
    assert s.cracks[i] == 2 and sum(s.cracks) == 2


def test_ashfall_fail_halves_aether_and_cracks_the_most_cracked_island():
    s0 = to_placement(4, seed=2)
    i = outer(s0)[2]
    cracks = [0] * len(s0.tiles)
    cracks[i] = 2
    s = _fail("Ashfall", cracks=cracks, res=[[5, 0, 0], [3, 0, 0], [1, 0, 0], [0, 0, 0]])
    assert [r[0] for r in s.res] == [3, 2, 1, 0]
    assert s.cracks[i] == 3 and sum(s.cracks) == 3


def test_lightning_gale_fail_cracks_islands_with_a_ship_at_salvage():
    s0 = to_placement(4, seed=2)
    i = outer(s0)[0]
    docks = [-1] * len(s0.docks)
    docks[2 * i] = 1
    s = _fail("Lightning Gale", docks=docks)
    assert s.cracks[i] == 1 and sum(s.cracks) == 1


def test_dead_calm_fail_costs_everyone_2_renown_not_below_0():
    s = _fail("Dead Calm", renown=[5, 1, 0, 2], sources=[[5, 0, 0], [1, 0, 0], [0, 0, 0], [2, 0, 0]])
    assert s.renown == [3, 0, 0, 0]
    assert [sum(x) for x in s.sources] == s.renown


def test_storm_fail_can_make_an_island_fall():
    s0 = to_placement(4, seed=2)
    i = deep(s0)[0]
    cracks = [0] * len(s0.tiles)
    cracks[i] = 2
    s = _fail("Undertow", cracks=cracks)
    assert s.fall_log and s.fall_log[-1][1] == i and s.fall_log[-1][2] == -1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_storm_deck_thresholds_are_a_lighter_and_a_heavier_copy(players):
    for k in range(len(C.STORMS)):
        assert C.threshold(2 * k, players) < C.threshold(2 * k + 1, players)


def test_storm_history_records_each_bid_and_the_result():
    s = storm(card=card_of("Undertow", 0))
    for seat, b in enumerate([1, 2, 0, 2]):
        act(s, Bid(b), seat)
    rec = RULES.view(s, None).history.storms[-1]
    assert rec.bids == [1, 2, 0, 2] and rec.passed and rec.threshold == 5 and rec.ballast_before == [2, 2, 2, 2]


def test_maelstrom_with_no_claim_on_any_standing_island_cracks_nothing():
    s0 = to_placement(4, seed=2)
    s = _fail("Maelstrom", claims=[[0] * 4 for _ in s0.tiles])
    assert sum(s.cracks) == 0


def test_maelstrom_cracks_every_island_tied_for_most_claims():
    s0 = to_placement(4, seed=2)
    claims = [[0] * 4 for _ in s0.tiles]
    a, b = outer(s0)[0], deep(s0)[0]
    claims[a] = [1, 1, 0, 0]
    claims[b] = [0, 0, 2, 0]
    s = _fail("Maelstrom", claims=claims)
    assert s.cracks[a] == 2 and s.cracks[b] == 2 and sum(s.cracks) == 4


def test_ashfall_with_no_cracked_island_halves_aether_and_cracks_nothing():
    s0 = to_placement(4, seed=2)
    s = _fail("Ashfall", cracks=[0] * len(s0.tiles), res=[[5, 1, 0], [1, 0, 0], [0, 0, 0], [4, 0, 0]])
    assert [r[0] for r in s.res] == [3, 1, 0, 2] and sum(s.cracks) == 0


def test_ashfall_cracks_every_island_tied_for_most_cracks():
    s0 = to_placement(4, seed=2)
    cracks = [0] * len(s0.tiles)
    a, b = outer(s0)[0], outer(s0)[1]
    cracks[a] = cracks[b] = 1
    s = _fail("Ashfall", cracks=cracks)
    assert s.cracks[a] == 2 and s.cracks[b] == 2 and sum(s.cracks) == 4


def test_a_brace_stops_the_first_storm_crack():
    s0 = to_placement(4, seed=2)
    braced = [0] * len(s0.tiles)
    i = outer(s0)[0]
    braced[i] = 1
    s = _fail("Shearwind", braced=braced)
    assert s.cracks[i] == 0 and s.braced[i] == 0
    assert all(s.cracks[j] == 1 for j in outer(s) if j != i)
