"""The Placement phase step by step: paying and gaining cubes, the next seat's turn, a ship (or the
Skiff) on a space, a Salvage, a Moor, a Claim placed or moved, each Harbor space, the Weather
Station and the island a Brace or a Charter goes to — with the exact state change and the exact
events (words, kind, data, audience, reveal). Written to kill the mutants of rules/placement.py that
survived the rule tests in test_actions.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.placement import (
    claim_island,
    end_turn,
    gain,
    harbor_action,
    idle,
    moor,
    move_claim,
    pay,
    place,
    place_claim,
    resolve_target,
    salvage,
    salvage_cost,
    weather_station,
)
from engine.games.shardwake.state import (
    BIDDING,
    FALLEN,
    HARBOR_BASE,
    NO_PENDING,
    PENDING_CLAIM,
    PENDING_TARGET,
    PLACEMENT,
    SKIFF_MARK,
    SRC_RELICS,
)
from engine.games.shardwake.text import island, who

from .helpers import deep, harbor, outer, to_placement


def _placing(players: int = 4, seed: int = 2, **opts):
    s = to_placement(players, seed, **opts)
    s.order = list(range(players))
    s.turn = 0
    s.ships_left = [C.SHIPS] * players
    return s


def _crack(s, i: int, n: int, cause: int) -> Event:
    return Event(f"{island(s, i)} cracks ({n}/{s.slots[i]}).", kind="crack",
                 data={"island": i, "cracks": n, "slots": s.slots[i], "cause": cause})


def test_salvage_costs_and_paying_returns_cubes_to_the_supply():
    s = _placing()
    assert salvage_cost(s, outer(s)[0]) == (1, 0, 0) and salvage_cost(s, deep(s)[0]) == (1, 0, 1)
    s.res[1] = [3, 2, 1]
    supply = list(s.supply)
    pay(s, 1, (1, 2, 1))
    assert s.res[1] == [2, 0, 0] and s.supply == [supply[0] + 1, supply[1] + 2, supply[2] + 1]


def test_gain_takes_what_the_supply_has_and_counts_a_short_supply():
    s = _placing()
    s.res[2] = [0, 0, 0]
    s.supply = [5, 1, 0]
    assert gain(s, 2, (2, 1, 0)) == (2, 1, 0) and s.short == 0
    assert s.res[2] == [2, 1, 0] and s.supply == [3, 0, 0]
    assert gain(s, 2, (1, 1, 1)) == (1, 0, 0) and s.short == 1
    assert s.res[2] == [3, 1, 0] and s.supply == [2, 0, 0]


def test_end_turn_clears_the_pending_choice_and_skips_seats_without_ships():
    s = _placing()
    s.order = [2, 0, 3, 1]
    s.turn = 1
    s.ships_left = [0, 2, 0, 0]  # seat 0 (turn 1) done; seat 3 (turn 2) done; seat 1 (turn 3) has ships
    s.traded = True
    s.pending, s.pending_space, s.pending_target = PENDING_TARGET, 105, 4
    end_turn(s, [])
    assert s.turn == 3 and s.phase == PLACEMENT and not s.traded
    assert (s.pending, s.pending_space, s.pending_target) == (NO_PENDING, -1, -1)
    s.ships_left = [0, 0, 1, 0]
    end_turn(s, [])
    assert s.turn == 0  # round the order to its first seat
    s.ships_left = [0, 0, 1, 0]
    end_turn(s, [])
    assert s.turn == 0  # the only seat with ships goes again


def test_end_turn_with_no_ship_left_starts_the_storm_phase():
    s = _placing()
    s.round = 2
    s.ships_left = [0, 0, 0, 0]
    end_turn(s, [])
    assert s.phase == BIDDING


def test_the_skiff_is_its_holders_last_ship_and_marks_its_space():
    s = _placing()
    s.skiff = 1
    s.ships_left = [3, 2, 3, 3]
    i = outer(s)[0]
    place(s, 1, 2 * i + 1, [])
    assert s.docks[2 * i + 1] == 1 and s.ships_left[1] == 1
    s.turn = 1
    s.ships_left[1] = 1
    j = outer(s)[1]
    place(s, 1, 2 * j + 1, [])
    assert s.docks[2 * j + 1] == 1 + SKIFF_MARK and s.ships_left[1] == 0
    s.turn = 2
    place(s, 2, harbor("aether_well"), [])
    assert s.harbor[harbor("aether_well") - HARBOR_BASE] == 2  # seat 2 does not hold the Skiff


def test_a_ship_sitting_out_says_so_and_passes_the_turn():
    s = _placing()
    ev: list[Event] = []
    idle(s, 0, ev)
    assert s.ships_left == [C.SHIPS - 1, C.SHIPS, C.SHIPS, C.SHIPS] and s.turn == 1
    assert ev == [Event(f"{who(s, 0)} has no action space to use; a ship sits out.", 0, kind="idle",
                        data={"seat": 0})]


def test_a_deep_salvage_pays_takes_the_top_relic_claims_and_cracks_with_its_events():
    s = _placing()
    i = deep(s)[0]
    s.round = 3
    s.res[0] = [2, 0, 2]
    code = s.caches[i][-1]
    left = len(s.caches[i]) - 1
    claims_left = s.claims_left[0]
    claims = s.claims[i][0]
    s.renown[0], s.sources[0] = 4, [4, 0, 0]
    ev: list[Event] = []
    place(s, 0, 2 * i, ev)
    value = C.relic_value(code)
    assert s.res[0] == [1, 0, 1] and s.relics[0][-1] == code and len(s.caches[i]) == left
    assert s.renown[0] == 4 + value and s.sources[0][SRC_RELICS] == 4 + value
    assert s.salvage_log[-1] == [3, 0, i, code, 0 if left else 1]
    assert s.claims_left[0] == claims_left - 1 and s.claims[i][0] == claims + 1 and s.cracks[i] == 1
    assert s.docks[2 * i] == 0 and s.turn == 1 and s.pending_space == -1
    assert ev == [
        Event(f"{who(s, 0)} salvages at {island(s, i)} (1 Aether + 1 Brass): {C.relic_name(code)}, +{value} Renown.",
              0, reveal=True, kind="salvage",
              data={"seat": 0, "island": i, "paid": [1, 0, 1], "relic": C.relic_name(code), "renown": value}),
        _crack(s, i, 1, 0),
    ]


def test_salvaging_the_last_relic_is_logged_as_the_last():
    s = _placing()
    i = outer(s)[0]
    s.caches[i] = s.caches[i][:1]
    s.res[0] = [1, 0, 0]
    salvage(s, 0, i, None)
    assert s.salvage_log[-1][4] == 1 and s.caches[i] == []


def test_a_moor_gains_the_printed_cubes_then_places_a_claim_with_its_event():
    s = _placing()
    i = outer(s)[0]
    wanted = C.ISLANDS[s.tiles[i]].moor
    s.res[0] = [0, 0, 0]
    ev: list[Event] = []
    moor(s, 0, i, ev)
    assert s.res[0] == list(wanted) and s.cracks[i] == 0 and s.turn == 1
    text = " + ".join(f"{n} {C.RESOURCES[r]}" for r, n in enumerate(wanted) if n)
    assert ev == [Event(f"{who(s, 0)} moors at {island(s, i)}: +{text}.", 0, kind="moor",
                        data={"seat": 0, "island": i, "gained": list(wanted)})]


def test_a_moor_from_an_empty_supply_says_what_it_gave():
    s = _placing()
    i = outer(s)[0]
    s.supply = [0, 0, 0]
    ev: list[Event] = []
    moor(s, 0, i, ev)
    assert ev[0].text.startswith(f"{who(s, 0)} moors at {island(s, i)}: the supply gives nothing (it is out of ")
    assert ev[0].data == {"seat": 0, "island": i, "gained": [0, 0, 0]}


def test_out_of_claims_with_one_on_a_standing_island_elsewhere_asks_which():
    s = _placing()
    i, j = outer(s)[0], outer(s)[1]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims_left[0] = 0
    s.claims[j][0] = 1
    ev: list[Event] = []
    assert place_claim(s, 0, i, ev) is False and s.pending == PENDING_CLAIM and ev == []
    s.pending = NO_PENDING
    s.fallen[j] = FALLEN
    assert place_claim(s, 0, i, ev) is True and s.pending == NO_PENDING
    assert ev == [Event(f"{who(s, 0)} has no Claim left to place.", 0, kind="no-claim", data={"seat": 0, "island": i})]
    s.fallen[j] = 0
    s.claims[j][0] = 0
    s.claims[i][0] = 1  # only a Claim on the island itself: nothing to move
    ev = []
    assert place_claim(s, 0, i, ev) is True and s.claims[i][0] == 1 and len(ev) == 1


def test_a_claim_from_the_first_island_of_the_ring_may_be_moved():
    s = _placing()
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims_left[0] = 0
    s.claims[0][0] = 1
    i = next(k for k in range(len(s.tiles)) if k != 0)
    assert place_claim(s, 0, i, []) is False and s.pending == PENDING_CLAIM


def test_the_island_a_pending_claim_goes_to():
    s = _placing()
    s.pending_space = 2 * 3 + 1
    assert claim_island(s) == 3
    s.pending_space = 2 * 3
    assert claim_island(s) == 3
    s.pending_space, s.pending_target = HARBOR_BASE, 5
    assert claim_island(s) == 5


def test_moving_a_claim_after_a_salvage_cracks_after_the_claim():
    s = _placing()
    i = deep(s)[0]
    src = outer(s)[0]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[src][0] = 2
    s.claims_left[0] = 0
    s.res[0] = [1, 0, 1]
    place(s, 0, 2 * i, [])
    assert s.pending == PENDING_CLAIM and s.cracks[i] == 0 and s.turn == 0
    ev: list[Event] = []
    move_claim(s, 0, src, ev)
    assert s.claims[src][0] == 1 and s.claims[i][0] == 1 and s.cracks[i] == 1
    assert s.pending == NO_PENDING and s.turn == 1
    assert ev == [
        Event(f"{who(s, 0)} is out of Claims and moves one from {island(s, src)} to {island(s, i)}.", 0,
              kind="move-claim", data={"seat": 0, "source": src, "island": i}),
        _crack(s, i, 1, 0),
    ]


def test_placing_no_claim_after_a_moor_adds_no_crack():
    s = _placing()
    i, src = outer(s)[1], outer(s)[0]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[src][0] = 1
    s.claims_left[0] = 0
    place(s, 0, 2 * i + 1, [])
    ev: list[Event] = []
    move_claim(s, 0, -1, ev)
    assert s.claims[src][0] == 1 and s.claims[i][0] == 0 and s.cracks[i] == 0 and s.turn == 1
    assert ev == [Event(f"{who(s, 0)} places no Claim.", 0, kind="move-claim",
                        data={"seat": 0, "source": -1, "island": i})]


def test_a_salvage_with_no_claim_placed_still_cracks():
    s = _placing()
    i, src = outer(s)[1], outer(s)[0]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[src][0] = 1
    s.claims_left[0] = 0
    s.res[0] = [1, 0, 0]
    place(s, 0, 2 * i, [])
    move_claim(s, 0, -1, [])
    assert s.cracks[i] == 1 and s.claims[i][0] == 0


def test_a_gain_space_pays_gains_and_says_so():
    s = _placing()
    sp = harbor("foundry")
    s.res[0] = [0, 0, 0]
    ev: list[Event] = []
    place(s, 0, sp, ev)
    assert s.res[0] == [1, 0, 1] and s.harbor[sp - HARBOR_BASE] == 0 and s.turn == 1
    assert ev == [Event(f"{who(s, 0)} goes to the Foundry: gain 1 Aether and 1 Brass.", 0, kind="harbor",
                        data={"seat": 0, "space": "foundry", "paid": [0, 0, 0], "gained": [1, 0, 1]})]


def test_a_short_gain_space_adds_what_the_supply_gave():
    s = _placing()
    s.supply = [1, 0, 0]
    ev: list[Event] = []
    harbor_action(s, 0, harbor("aether_well"), ev)
    assert ev[0].text == (f"{who(s, 0)} goes to the Aether Well: gain 2 Aether; the supply gives only 1 Aether "
                          "(it is out of Aether).")
    assert ev[0].data == {"seat": 0, "space": "aether_well", "paid": [0, 0, 0], "gained": [1, 0, 0]}


def test_the_shipwright_and_the_charter_office_wait_for_an_island():
    for key, paid in (("shipwright", [0, 0, 0]), ("charter_office", [0, 0, 1])):
        s = _placing()
        s.res[0] = [0, 0, 1]
        sp = harbor(key)
        place(s, 0, sp, [])
        assert s.pending == PENDING_TARGET and s.pending_space == sp and s.turn == 0
        assert s.res[0][2] == 1 - paid[2]


def test_the_brace_goes_on_the_chosen_island_with_its_record_and_event():
    s = _placing()
    s.round = 2
    i = deep(s)[1]
    place(s, 0, harbor("shipwright"), [])
    ev: list[Event] = []
    resolve_target(s, 0, i, ev)
    assert s.braced[i] == 1 and s.brace_log[-1] == [2, 0, i] and s.turn == 1 and s.pending == NO_PENDING
    assert ev == [Event(f"{who(s, 0)} braces {island(s, i)}.", 0, kind="brace", data={"seat": 0, "island": i})]


def test_the_charter_places_a_claim_on_the_chosen_island_with_its_event():
    s = _placing()
    i = deep(s)[1]
    s.res[0] = [0, 0, 1]
    claims = s.claims[i][0]
    place(s, 0, harbor("charter_office"), [])
    ev: list[Event] = []
    resolve_target(s, 0, i, ev)
    assert s.claims[i][0] == claims + 1 and s.cracks[i] == 0 and s.braced[i] == 0 and s.turn == 1
    assert ev == [Event(f"{who(s, 0)} charters a Claim on {island(s, i)}.", 0, kind="charter",
                        data={"seat": 0, "island": i})]


def test_a_charter_out_of_claims_waits_for_the_claim_to_move():
    s = _placing()
    i, src = deep(s)[1], outer(s)[0]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[src][0] = 1
    s.claims_left[0] = 0
    s.res[0] = [0, 0, 1]
    place(s, 0, harbor("charter_office"), [])
    resolve_target(s, 0, i, [])
    assert s.pending == PENDING_CLAIM and s.pending_target == i and s.turn == 0
    move_claim(s, 0, src, [])
    assert s.claims[i][0] == 1 and s.cracks[i] == 0 and s.turn == 1


def test_the_weather_station_shows_the_deck_top_only_to_its_visitor():
    s = _placing()
    card = s.storm_deck[-1]
    ev: list[Event] = []
    place(s, 2, harbor("weather_station"), ev)
    st, need = C.storm_of(card).name, C.threshold(card, 4)
    assert s.knows_top == [0, 0, 1, 0] and s.knows_forecast == [0, 0, 0, 0] and s.turn == 1
    assert ev[1:] == [Event(f"{who(s, 2)} looks at the next Storm card: {st}, Threshold {need}.", 2, (2,), True,
                            kind="peek", data={"seat": 2, "storm": st, "threshold": need})]


def test_the_weather_station_after_a_standard_forecast_shows_the_deck_top_not_the_forecast():
    s = _placing()
    s.round = 2
    s.forecast = [s.storm_deck.pop()]
    top = s.storm_deck[-1]
    ev: list[Event] = []
    weather_station(s, 3, ev)
    assert s.knows_top == [0, 0, 0, 1] and s.knows_forecast == [0, 0, 0, 0]
    assert ev[0].data == {"seat": 3, "storm": C.storm_of(top).name, "threshold": C.threshold(top, 4)}


def test_the_weather_station_in_twin_charters_shows_the_face_down_forecast():
    s = _placing(3, variant="twin-charters")
    s.forecast = [s.storm_deck.pop()]
    card = s.forecast[0]
    ev: list[Event] = []
    weather_station(s, 1, ev)
    assert s.knows_forecast == [0, 1, 0] and s.knows_top == [0, 0, 0]
    assert ev[0].data == {"seat": 1, "storm": C.storm_of(card).name, "threshold": C.threshold(card, 3)}
    s.forecast = []  # before the first Forecast: the deck's top
    weather_station(s, 0, [])
    assert s.knows_top == [1, 0, 0]


def test_without_a_log_placement_changes_the_same_state():
    a, b = _placing(), _placing()
    for x, ev in ((a, []), (b, None)):
        x.claims_left[1] = 0
        x.res[0] = [2, 0, 2]
        place(x, 0, 2 * deep(x)[0], ev)
        place(x, 1, 2 * outer(x)[0] + 1, ev)
        move_claim(x, 1, outer(x)[1] if x.claims[outer(x)[1]][1] else -1, ev)
        place(x, 2, harbor("weather_station"), ev)
        place(x, 3, harbor("shipwright"), ev)
        resolve_target(x, 3, deep(x)[0], ev)
        idle(x, 0, ev)
    assert a == b


def test_a_second_short_supply_adds_to_the_count():
    s = _placing()
    s.supply = [0, 0, 0]
    s.short = 1
    gain(s, 0, (1, 0, 0))
    assert s.short == 2


def test_the_last_claim_is_placed_and_adds_to_those_there():
    s = _placing()
    i = outer(s)[2]
    s.claims[i][0] = 2
    s.claims_left[0] = 1
    assert place_claim(s, 0, i, []) is True
    assert s.claims_left[0] == 0 and s.claims[i][0] == 3 and s.pending == NO_PENDING


def test_a_moved_claim_adds_to_those_already_there():
    s = _placing()
    i, src = outer(s)[1], outer(s)[0]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[src][0] = 1
    s.claims[i][0] = 2
    s.claims_left[0] = 0
    place(s, 0, 2 * i + 1, [])
    move_claim(s, 0, src, [])
    assert s.claims[i][0] == 3 and s.claims[src][0] == 0


def _no_claims_anywhere(s):
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims_left[0] = 0


def test_a_moor_salvage_or_charter_with_no_claim_at_all_says_so():
    for how in ("moor", "salvage", "charter"):
        s = _placing()
        _no_claims_anywhere(s)
        i = outer(s)[0]
        s.res[0] = [1, 0, 1]
        ev: list[Event] = []
        if how == "moor":
            place(s, 0, 2 * i + 1, ev)
        elif how == "salvage":
            place(s, 0, 2 * i, ev)
        else:
            place(s, 0, harbor("charter_office"), [])
            resolve_target(s, 0, i, ev)
        assert Event(f"{who(s, 0)} has no Claim left to place.", 0, kind="no-claim",
                     data={"seat": 0, "island": i}) in ev, how
        assert s.turn == 1


def _last_ship_of_round_1():
    s = _placing()
    s.round = 1
    s.ships_left = [1, 0, 0, 0]
    s.turn = 0
    return s


def _forecast_follows(ev) -> None:
    kinds = [(e.kind, (e.data or {}).get("what")) for e in ev]
    assert ("storm", "forecast") in kinds, kinds


def test_the_last_ship_of_an_odd_round_leads_to_the_forecast_whatever_its_action():
    i, src = outer(s0 := _placing())[0], outer(s0)[1]
    actions = {
        "idle": lambda s, ev: idle(s, 0, ev),
        "gain": lambda s, ev: place(s, 0, harbor("aether_well"), ev),
        "moor": lambda s, ev: place(s, 0, 2 * i + 1, ev),
        "salvage": lambda s, ev: place(s, 0, 2 * i, ev),
        "brace": lambda s, ev: (place(s, 0, harbor("shipwright"), ev), resolve_target(s, 0, i, ev)),
        "charter": lambda s, ev: (place(s, 0, harbor("charter_office"), ev), resolve_target(s, 0, i, ev)),
    }
    for name, do in actions.items():
        s = _last_ship_of_round_1()
        s.res[0] = [1, 0, 1]
        ev: list[Event] = []
        do(s, ev)
        _forecast_follows(ev)
        assert s.round == 2, name
    s = _last_ship_of_round_1()
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[src][0] = 1
    s.claims_left[0] = 0
    place(s, 0, 2 * i + 1, [])
    ev = []
    move_claim(s, 0, src, ev)
    _forecast_follows(ev)
