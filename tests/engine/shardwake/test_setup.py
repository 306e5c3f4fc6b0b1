"""Setup, as written in the seed's "Setup" section."""

from __future__ import annotations

import pytest

from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.state import CLAIMS, PLACEMENT, StartClaim

from .helpers import act, deep, fresh, outer, to_placement


@pytest.mark.parametrize(("players", "n_outer", "n_deep"), [(3, 3, 2), (4, 4, 2), (5, 5, 3)])
def test_choose_island_tiles_by_player_count(players, n_outer, n_deep):
    # seed: "3 players: 3 Outer + 2 Deep / 4 players: 4 Outer + 2 Deep / 5 players: 5 Outer + 3 Deep"
    s = fresh(players)
    assert len(outer(s)) == n_outer and len(deep(s)) == n_deep
    assert len(set(s.tiles)) == len(s.tiles)


def test_islands_are_shuffled_into_the_ring():
    rings = {tuple(fresh(4, seed).tiles) for seed in range(12)}
    assert len(rings) > 3


def test_crack_slots_outer_4_deep_3():
    s = fresh(5)
    for i, t in enumerate(s.tiles):
        assert s.slots[i] == (3 if C.ISLANDS[t].deep else 4)


def test_caches_of_3_from_the_matching_relic_deck():
    # seed: "Deal 3 face-down Relics onto each island's Cache ... Outer Relics for Outer Islands"
    s = fresh(5, seed=3)
    for i, cache in enumerate(s.caches):
        assert len(cache) == 3
        values = {C.relic_value(c) for c in cache}
        assert values <= ({3, 4} if C.ISLANDS[s.tiles[i]].deep else {1, 2})


def test_relic_decks_have_the_printed_counts():
    # seed: "each type has 3 × value 1 and 2 × value 2" / "each type has 2 × value 3 and 1 × value 4"
    assert len(C.OUTER_RELICS) == 20 and len(C.DEEP_RELICS) == 12
    for kind in range(4):
        assert sorted(C.relic_value(c) for c in C.OUTER_RELICS if C.relic_type(c) == kind) == [1, 1, 1, 2, 2]
        assert sorted(C.relic_value(c) for c in C.DEEP_RELICS if C.relic_type(c) == kind) == [3, 3, 4]


def test_storm_deck_has_six_storms_two_copies():
    assert len(C.STORMS) == 6 and len(C.STORM_CARDS) == 12
    s = fresh(4)
    assert sorted(s.storm_deck) == list(range(12))


def test_starting_supply_claims_and_ships():
    # seed: "2 Aether, 2 Ballast, and 1 Brass" and "15 Claims"
    s = fresh(4)
    assert all(r == [2, 2, 1] for r in s.res)
    assert s.claims_left == [15] * 4
    assert s.renown == [0] * 4


def test_one_secret_agenda_each_duplicates_possible_guild_may_be_absent():
    dup = absent = False
    for seed in range(40):
        s = fresh(3, seed)
        assert all(len(a) == 1 for a in s.agendas)
        guilds = [a[0] for a in s.agendas]
        dup |= len(set(guilds)) < 3
        absent |= len(set(guilds)) < 3
        assert all(guilds.count(g) <= 2 for g in guilds)  # 2 of each in the deck
    assert dup and absent


def test_agenda_is_only_in_its_owners_view():
    s = fresh(4)
    for seat in range(4):
        assert RULES.view(s, seat).agendas == s.agendas[seat]
    assert RULES.view(s, None).agendas == []


def test_random_turn_order():
    orders = {tuple(fresh(4, seed).order) for seed in range(20)}
    assert len(orders) > 5
    assert sorted(fresh(4).order) == [0, 1, 2, 3]


def test_claims_in_reverse_turn_order_on_outer_islands():
    # seed: "In reverse turn order, each player places 1 Claim on any Outer Island."
    s = fresh(4, seed=5)
    assert s.phase == CLAIMS
    seen = []
    while s.phase == CLAIMS:
        seat = RULES.to_act(s)[0]
        seen.append(seat)
        legal = RULES.legal(s, seat)
        assert {m.island for m in legal} == set(outer(s))
        act(s, legal[-1], seat)
    assert seen == list(reversed(s.order))
    assert all(sum(s.claims[i][p] for i in range(len(s.tiles))) == 1 for p in range(4))


def test_round_marker_on_1_and_first_player_places():
    s = to_placement(4, seed=2)
    assert s.round == 1 and s.phase == PLACEMENT
    assert RULES.to_act(s) == (s.order[0],)


def test_deep_island_cannot_take_a_starting_claim():
    s = fresh(4)
    seat = RULES.to_act(s)[0]
    assert all(StartClaim(i) not in RULES.legal(s, seat) for i in deep(s))


def test_players_names_reach_the_events():
    from engine import Match

    m = Match.new("shardwake", players=3, seed=4, seats=["person", "person", "person"])
    names = [s.name for s in m.header.seats]
    assert RULES.view(m.state, None).names == names
    seat = m.to_act()[0]
    ev = m.play(seat, m.legal(seat)[0])
    assert ev[0].text.startswith(names[seat])
