"""Island actions (Salvage, Moor) and the Harbor spaces designed here."""

from __future__ import annotations

from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.cracks import crack
from engine.games.shardwake.state import MoveClaim, Place, Target

from .helpers import act, current, deep, harbor, outer, to_placement, visible_text


def test_salvage_costs_1_aether_on_an_outer_island():
    # seed: "Cost: 1 Aether on an Outer Island, or 1 Aether + 1 Brass on a Deep Island."
    s = to_placement(4, seed=2)
    seat, i = current(s), outer(s)[0]
    before = list(s.res[seat])
    act(s, Place(2 * i))
    assert s.res[seat] == [before[0] - 1, before[1], before[2]]


def test_salvage_costs_1_aether_and_1_brass_on_a_deep_island():
    s = to_placement(4, seed=2)
    seat, i = current(s), deep(s)[0]
    before = list(s.res[seat])
    act(s, Place(2 * i))
    assert s.res[seat] == [before[0] - 1, before[1], before[2] - 1]


def test_salvage_needs_the_cost():
    s = to_placement(4, seed=2)
    seat = current(s)
    s.res[seat] = [1, 2, 0]
    legal = RULES.legal(s, seat)
    assert Place(2 * outer(s)[0]) in legal
    assert Place(2 * deep(s)[0]) not in legal
    s.res[seat] = [0, 2, 1]
    assert not any(isinstance(m, Place) and m.space < 100 and m.space % 2 == 0 for m in RULES.legal(s, seat))


def test_salvage_takes_the_top_relic_gains_its_value_places_a_claim_adds_a_crack():
    # seed: "Take the top Relic from the Cache ... gain Renown equal to its printed value. Place 1 Claim here. Add 1 Crack"
    s = to_placement(4, seed=2)
    seat, i = current(s), outer(s)[1]
    top = s.caches[i][-1]
    claims = s.claims[i][seat]
    ev = act(s, Place(2 * i))
    assert s.relics[seat] == [top]
    assert s.renown[seat] == C.relic_value(top)
    assert s.claims[i][seat] == claims + 1
    assert s.cracks[i] == 1
    assert len(s.caches[i]) == 2
    # the drawn Relic is face up: every seat (and a spectator) sees it, as a reveal
    assert any(e.reveal and C.relic_name(top) in e.text and e.to is None for e in ev)


def test_if_the_cache_is_empty_you_cant_salvage_here():
    # seed: "If the Cache is empty, you can't Salvage here."
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.caches[i] = []
    assert Place(2 * i) not in RULES.legal(s, current(s))
    assert Place(2 * i + 1) in RULES.legal(s, current(s))


def test_moor_gains_the_printed_resources_then_places_a_claim():
    # seed: "Gain the resources printed on the island, then place 1 Claim here."
    s = to_placement(4, seed=2)
    seat, i = current(s), deep(s)[0]
    gives = C.ISLANDS[s.tiles[i]].moor
    before = list(s.res[seat])
    act(s, Place(2 * i + 1))
    assert s.res[seat] == [b + g for b, g in zip(before, gives, strict=True)]
    assert s.claims[i][seat] == 1
    assert s.cracks[i] == 0


def test_harbor_gain_spaces():
    s = to_placement(4, seed=2)
    for key in ("aether_well", "ballast_yard", "foundry", "guild_hall"):
        seat = current(s)
        before = list(s.res[seat])
        act(s, Place(harbor(key)))
        gain = next(h.gain for h in C.HARBOR if h.key == key)
        assert s.res[seat] == [b + g for b, g in zip(before, gain, strict=True)]


def test_shipwright_braces_an_island_and_the_brace_ignores_the_next_crack():
    s = to_placement(4, seed=2)
    seat, i = current(s), outer(s)[0]
    act(s, Place(harbor("shipwright")))
    assert RULES.to_act(s) == (seat,)
    act(s, Target(i), seat)
    assert s.braced[i] == 1 and s.brace_log[-1] == [1, seat, i]
    crack(s, i, 1, -1, None)
    assert s.cracks[i] == 0 and s.braced[i] == 0
    crack(s, i, 1, -1, None)
    assert s.cracks[i] == 1


def test_a_braced_island_cannot_be_braced_again():
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.braced[i] = 1
    act(s, Place(harbor("shipwright")))
    assert Target(i) not in RULES.legal(s, current(s))


def test_charter_office_pays_1_brass_for_a_claim_on_any_standing_island():
    s = to_placement(4, seed=2)
    seat, i = current(s), deep(s)[0]
    brass = s.res[seat][2]
    act(s, Place(harbor("charter_office")))
    act(s, Target(i), seat)
    assert s.claims[i][seat] == 1 and s.res[seat][2] == brass - 1


def test_weather_station_shows_the_next_storm_only_to_its_visitor():
    s = to_placement(4, seed=2)
    seat = current(s)
    top = s.storm_deck[-1]
    ev = act(s, Place(harbor("weather_station")))
    assert RULES.view(s, seat).storm_peek == [top, C.threshold(top, 4)]
    name = C.storm_of(top).name
    for other in range(4):
        if other != seat:
            assert RULES.view(s, other).storm_peek == []
            assert name not in visible_text(ev, other)
    assert name in visible_text(ev, seat)


def test_out_of_claims_move_one_from_any_standing_island():
    # seed: "If you run out of Claims, you may move one of your Claims from any standing island instead."
    s = to_placement(4, seed=2)
    seat = current(s)
    src = next(i for i in outer(s) if s.claims[i][seat])
    dest = deep(s)[0]
    s.claims_left[seat] = 0
    act(s, Place(2 * dest))  # Salvage: the Claim comes before the Crack
    assert s.cracks[dest] == 0
    legal = RULES.legal(s, seat)
    assert MoveClaim(src) in legal and MoveClaim(-1) in legal
    act(s, MoveClaim(src), seat)
    assert s.claims[src][seat] == 0 and s.claims[dest][seat] == 1
    assert s.cracks[dest] == 1


def test_out_of_claims_you_may_also_place_none():
    s = to_placement(4, seed=2)
    seat = current(s)
    dest = deep(s)[0]
    s.claims_left[seat] = 0
    act(s, Place(2 * dest + 1))
    act(s, MoveClaim(-1), seat)
    assert s.claims[dest][seat] == 0


def test_cubes_come_from_a_limited_supply():
    # seed: "30 Aether (blue cubes)", "30 Ballast (grey cubes)", "20 Brass (yellow cubes)"
    s = to_placement(4, seed=2)
    assert s.supply == [30 - 8, 30 - 8, 20 - 4]
    seat = current(s)
    s.supply[0] = 1
    act(s, Place(harbor("aether_well")))
    assert s.res[seat][0] == 3 and s.supply[0] == 0


def test_spent_cubes_return_to_the_supply():
    s = to_placement(4, seed=2)
    before = list(s.supply)
    act(s, Place(2 * deep(s)[0]))
    assert s.supply == [before[0] + 1, before[1], before[2] + 1]


def test_move_lines_name_the_player_and_the_island():
    s = to_placement(4, seed=2)
    seat, i = current(s), outer(s)[0]
    who, island = s.names[seat], C.ISLANDS[s.tiles[i]].name
    assert RULES.describe(s, seat, Place(2 * i + 1)) == f"{who}: Moor at {island}."
    act(s, Place(harbor("shipwright")))
    target = next(m for m in RULES.legal(s, seat) if isinstance(m, Target))
    assert RULES.describe(s, seat, target) == f"{who} braces {C.ISLANDS[s.tiles[target.island]].name}."


def test_a_short_supply_is_said_in_words_not_as_free():
    s = to_placement(4, seed=2)
    s.supply = [0, 0, 5]
    ev = act(s, Place(harbor("ballast_yard")))
    line = visible_text(ev, None)
    assert "free" not in line and "the supply gives nothing (it is out of Ballast)" in line
    s = to_placement(4, seed=2)
    i = next(i for i in range(len(s.tiles)) if C.ISLANDS[s.tiles[i]].moor == (1, 1, 0)
             or C.ISLANDS[s.tiles[i]].moor == (0, 1, 1))
    s.supply = [0, 0, 0]
    ev = act(s, Place(2 * i + 1))
    line = visible_text(ev, None)
    assert "+free" not in line and ": the supply gives nothing (it is out of " in line
    s = to_placement(4, seed=2)
    s.supply = [1, 0, 0]
    ev = act(s, Place(harbor("aether_well")))
    assert "the supply gives only 1 Aether (it is out of Aether)" in visible_text(ev, None)
    assert s.short == 1  # counted for the lab


def test_out_of_claims_the_move_says_where_from_and_only_a_salvage_cracks():
    # the Claim may come from any standing island, the first of the ring included; a Moor or the
    # Charter Office adds no Crack; the Salvage's Crack is the salvager's (docs/mutation.md)
    from engine.games.shardwake.text import who

    s = to_placement(4, seed=2)
    seat = current(s)
    s.claims[0][seat] += 1
    s.claims_left[seat] = 0
    dest = next(i for i in deep(s) if i != 0)
    ev = [*act(s, Place(2 * dest)), *act(s, MoveClaim(0), seat)]  # Salvage
    assert s.claims[dest][seat] == 1 and s.cracks[dest] == 1
    words = f"{who(s, seat)} is out of Claims and moves one from {C.ISLANDS[s.tiles[0]].name} to " \
            f"{C.ISLANDS[s.tiles[dest]].name}."
    move = [e for e in ev if e.kind == "move-claim"]
    assert [(e.text, e.seat, e.data) for e in move] == [(words, seat, {"seat": seat, "source": 0, "island": dest})]
    crack_ev = [e for e in ev if e.kind == "crack"]
    assert crack_ev[-1].data["cause"] == seat
    s = to_placement(4, seed=2)
    seat = current(s)
    s.claims_left[seat] = 0
    ev = [*act(s, Place(2 * dest + 1)), *act(s, MoveClaim(-1), seat)]  # Moor, no Claim placed
    assert s.cracks[dest] == 0 and s.claims[dest][seat] == 0
    assert [(e.text, e.data) for e in ev if e.kind == "move-claim"] == [
        (f"{who(s, seat)} places no Claim.", {"seat": seat, "source": -1, "island": dest})]
    s = to_placement(4, seed=2)
    seat = current(s)
    src = next(i for i in outer(s) if s.claims[i][seat])
    s.claims_left[seat] = 0
    act(s, Place(harbor("charter_office")))
    act(s, Target(dest), seat)
    act(s, MoveClaim(src), seat)
    assert s.claims[dest][seat] == 1 and s.cracks[dest] == 0
