"""Cracks and Falling, with every edge case of the seed."""

from __future__ import annotations

from engine.games.shardwake import RULES
from engine.games.shardwake.rules.cracks import crack
from engine.games.shardwake.rules.end import cleanup
from engine.games.shardwake.state import FALLEN, STANDING, VOID, Place, Trade

from .helpers import act, current, deep, outer, to_placement


def test_island_falls_immediately_when_its_last_crack_slot_fills():
    # seed: "When an island's last Crack slot fills, it Falls immediately"
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    crack(s, i, 3, -1, None)
    assert s.fallen[i] == STANDING
    crack(s, i, 1, -1, None)
    assert s.fallen[i] == FALLEN


def test_every_player_with_a_claim_there_takes_one_fall_token():
    # seed: "Every player with at least 1 Claim there takes 1 Fall token."
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.claims[i] = [3, 1, 0, 0]
    crack(s, i, 4, -1, None)
    assert s.falls == [1, 1, 0, 0]
    assert s.fall_log[-1][3:] == [0, 1]


def test_claims_on_a_fallen_island_return_to_their_owners():
    # seed: "Return all Claims on that island to their owners."
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.claims[i] = [3, 1, 0, 0]
    left = list(s.claims_left)
    crack(s, i, 4, -1, None)
    assert s.claims[i] == [0, 0, 0, 0]
    assert s.claims_left == [left[0] + 3, left[1] + 1, left[2], left[3]]


def test_remaining_relics_are_discarded_unseen():
    # seed: "Discard its remaining Relics unseen."
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    crack(s, i, 4, -1, None)
    assert s.caches[i] == []
    assert RULES.view(s, 0).islands[i].cache == 0


def test_ships_docked_there_stay_until_cleanup_then_the_tile_flips_to_void():
    # seed: "Ships already docked there stay until Cleanup. Then flip the tile to its Void side"
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    seat = current(s)
    act(s, Place(2 * i + 1))
    crack(s, i, 4, -1, None)
    assert s.docks[2 * i + 1] == seat and s.fallen[i] == FALLEN
    assert RULES.view(s, None).islands[i].state == "fallen"
    cleanup(s, None)
    assert s.docks[2 * i + 1] == -1 and s.fallen[i] == VOID


def test_a_fallen_island_has_no_actions():
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    crack(s, i, 4, -1, None)
    legal = RULES.legal(s, current(s))
    assert Place(2 * i) not in legal and Place(2 * i + 1) not in legal


def test_cracks_that_would_exceed_an_islands_slots_are_ignored():
    # seed: "Cracks that would exceed an island's slots are ignored."
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.claims[i] = [1, 0, 0, 0]
    crack(s, i, 7, -1, None)
    assert s.cracks[i] == 4
    assert s.falls == [1, 0, 0, 0]
    assert len(s.fall_log) == 1


def test_salvaging_the_last_relic_of_a_deep_island_makes_it_fall():
    # seed: "a Deep Island holds 3 Relics and has 3 Crack slots, so whoever salvages its last Relic makes it Fall."
    s = to_placement(4, seed=2)
    i = deep(s)[0]
    for _ in range(3):
        seat = current(s)
        s.res[seat] = [3, 3, 3]
        act(s, Place(2 * i))
        if s.fallen[i] == STANDING:
            s.docks[2 * i] = -1  # free the dock so the next seat may salvage in this test
    assert s.fallen[i] == FALLEN
    assert s.fall_log[-1][2] == seat  # the salvager caused it
    assert s.falls[seat] == 1  # its own new Claim was there too


def test_deep_slots_option_lets_a_deep_island_survive_its_last_relic():
    s = to_placement(4, seed=2, deep_slots="4")
    i = deep(s)[0]
    for _ in range(3):
        seat = current(s)
        s.res[seat] = [3, 3, 3]
        act(s, Place(2 * i))
        s.docks[2 * i] = -1
    assert s.fallen[i] == STANDING and s.cracks[i] == 3


def test_fall_is_public_with_the_holders():
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.claims[i] = [1, 0, 2, 0]
    crack(s, i, 4, -1, None)
    for viewer in [0, 1, None]:
        rec = RULES.view(s, viewer).history.falls[-1]
        assert rec.island == i and rec.holders == [0, 2] and rec.cause == -1


def test_trading_does_not_skip_the_placement():
    s = to_placement(4, seed=2)
    seat = current(s)
    legal = RULES.legal(s, seat)
    assert any(isinstance(m, Trade) for m in legal) and any(isinstance(m, Place) for m in legal)


def test_a_brace_does_not_stop_a_salvage_crack():
    # seed: "Every relic you salvage cracks the island it came from." (a Brace stops storm Cracks only)
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.braced[i] = 1
    seat = current(s)
    s.res[seat] = [3, 3, 3]
    act(s, Place(2 * i))
    assert s.cracks[i] == 1 and s.braced[i] == 1  # the Brace still waits for a storm
    crack(s, i, 1, -1, None)
    assert s.cracks[i] == 1 and s.braced[i] == 0


def test_a_braced_deep_island_still_falls_to_whoever_salvages_its_last_relic():
    # seed: "a Deep Island holds 3 Relics and has 3 Crack slots, so whoever salvages its last Relic makes it Fall."
    s = to_placement(4, seed=2)
    i = deep(s)[0]
    s.cracks[i] = 2
    s.caches[i] = s.caches[i][:1]
    s.braced[i] = 1
    seat = current(s)
    s.res[seat] = [3, 3, 3]
    act(s, Place(2 * i))
    assert s.fallen[i] == FALLEN and s.fall_log[-1][2] == seat and s.falls[seat] == 1
    assert s.braced[i] == 0


def test_cracks_braces_and_falls_say_what_happened():
    """The log's words and machine form for a Brace holding, a Crack and a Fall (mutants that
    dropped or garbled these events survived)."""
    from engine.games.shardwake import content as C

    s = to_placement(4, seed=2)
    i = outer(s)[0]
    name = C.ISLANDS[s.tiles[i]].name
    s.claims[i] = [1, 0, 2, 0]
    s.braced[i] = 1
    left = list(s.claims_left)
    ev: list = []
    crack(s, i, 5, -1, ev)
    assert [(e.kind, e.text) for e in ev] == [
        ("brace-holds", f"The Brace on {name} holds: the Crack is ignored."),
        ("crack", f"{name} cracks (1/4)."),
        ("crack", f"{name} cracks (2/4)."),
        ("crack", f"{name} cracks (3/4)."),
        ("crack", f"{name} cracks (4/4)."),
        ("fall", f"{name} FALLS! Fall tokens to: {s.names[0]}, {s.names[2]}."),
    ]
    assert ev[1].data == {"island": i, "cracks": 1, "slots": 4, "cause": -1}
    assert ev[-1].data == {"island": i, "cause": -1, "holders": [0, 2]}
    assert s.braced[i] == 0 and s.caches[i] == [] and s.claims[i] == [0, 0, 0, 0]
    assert s.claims_left == [left[0] + 1, left[1], left[2] + 2, left[3]]
    assert s.fall_log[-1] == [s.round, i, -1, 0, 2]


def test_a_brace_never_stops_any_seats_salvage_crack_and_fall_tokens_add_up():
    """Seat 0's Salvage is a Salvage too (a mutant reading seat 0 as a storm survived), and a
    second Fall token adds to the first (a mutant that set it to 1 survived)."""
    s = to_placement(4, seed=2)
    i = outer(s)[0]
    s.braced[i] = 1
    crack(s, i, 1, 0, None)  # seat 0 salvaged here
    assert s.cracks[i] == 1 and s.braced[i] == 1
    s.falls = [1, 0, 0, 0]
    s.claims[i] = [1, 0, 0, 0]
    crack(s, i, 3, 0, None)
    assert s.fallen[i] == FALLEN and s.falls == [2, 0, 0, 0]
