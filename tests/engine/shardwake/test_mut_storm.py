"""The Storm Front step by step: each bid, the strike's reveal, the rewards, each Fail effect and
what the round's end does after it, with the exact state change and the exact events (words,
kind, data, audience, reveal). Written to kill the mutants of rules/storm.py that survived the rule
tests in test_storms.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.storm import bid, current_storm, storm_phase, storm_strike
from engine.games.shardwake.state import (
    ACCUSE,
    BIDDING,
    FALLEN,
    OVER,
    PLACEMENT,
    SRC_LOSSES,
    SRC_STORMS,
)
from engine.games.shardwake.text import island, who

from .helpers import deep, outer, to_placement


def card_of(name: str, copy: int = 0) -> int:
    return [st.name for st in C.STORMS].index(name) * 2 + copy


def _strike(card: int, players: int = 4, seed: int = 2, rnd: int = 2, **opts):
    s = to_placement(players, seed, **opts)
    s.round = rnd
    s.forecast = [card]
    if card in s.storm_deck:
        s.storm_deck.remove(card)
    s.knows_forecast = [1] * players
    storm_phase(s, [])
    assert s.phase == BIDDING and s.bids == [-1] * players
    return s


def _crack_event(s, i: int, n: int) -> Event:
    return Event(f"{island(s, i)} cracks ({n}/{s.slots[i]}).", kind="crack",
                 data={"island": i, "cracks": n, "slots": s.slots[i], "cause": -1})


def test_a_bid_tells_the_table_a_fist_is_closed_and_only_the_bidder_its_amount():
    s = _strike(card_of("Undertow"))
    ev: list[Event] = []
    bid(s, 2, 1, ev)
    assert s.bids == [-1, -1, 1, -1] and s.phase == BIDDING
    assert s.res[2][C.BALLAST] == 2  # spent only at the reveal
    assert ev == [
        Event(f"{who(s, 2)} closes a fist.", 2, kind="bid", data={"seat": 2}),
        Event(f"{who(s, 2)} bids 1 Ballast.", 2, (2,), kind="bid", data={"seat": 2, "ballast": 1}),
    ]


def test_a_zero_bid_is_a_bid_and_the_last_bid_strikes():
    s = _strike(card_of("Undertow"))
    for seat in (0, 1, 2):
        bid(s, seat, 0, [])
    assert s.phase == BIDDING and s.bids == [0, 0, 0, -1]
    bid(s, 3, 0, [])
    assert s.bids == [] and len(s.storm_log) == 1


def test_a_passed_storm_spends_every_bid_and_rewards_top_and_other_contributors():
    card = card_of("Undertow", 0)
    s = _strike(card)
    need = C.threshold(card, 4)
    s.res = [[0, 3, 0], [0, 3, 1], [0, 3, 0], [0, 0, 0]]
    supply = list(s.supply)
    s.renown = [1, 0, 2, 0]
    s.sources = [[1, 2, 0], [0, 0, 0], [2, 0, 0], [0, 0, 0]]
    s.renown[0] += 2
    bids = [3, 1, 3, 0]
    assert sum(bids) >= need
    for seat in range(3):
        bid(s, seat, bids[seat], [])
    ev: list[Event] = []
    bid(s, 3, bids[3], ev)
    name = C.storm_of(card).name
    assert s.res == [[0, 0, 0], [0, 2, 1], [0, 0, 0], [0, 0, 0]]
    assert s.supply == [supply[0], supply[1] + 7, supply[2]]
    assert s.renown == [6, 1, 5, 0]
    assert [x[SRC_STORMS] for x in s.sources] == [5, 1, 3, 0] and [x[0] for x in s.sources] == [1, 0, 2, 0]
    assert s.storm_log == [[2, card, need, 1, 7, 3, 1, 3, 0, 3, 3, 3, 0]]
    assert s.bids == [] and s.knows_forecast == [0, 0, 0, 0] and s.forecast == []
    assert s.round == 3 and s.phase == PLACEMENT and s.by_round[-1] == [6, 1, 5, 0]
    bids_text = ", ".join(f"{who(s, x)} {bids[x]}" for x in range(4))
    assert ev[:4] == [
        Event(f"{who(s, 3)} closes a fist.", 3, kind="bid", data={"seat": 3}),
        Event(f"{who(s, 3)} bids 0 Ballast.", 3, (3,), kind="bid", data={"seat": 3, "ballast": 0}),
        Event(f"{name} strikes! Bids: {bids_text} — total 7 against Threshold {need}.", reveal=True, kind="storm",
              data={"what": "strike", "storm": name, "bids": bids, "total": 7, "threshold": need}),
        Event("The storm disperses. Top contributors gain +3, other contributors +1.", kind="storm",
              data={"what": "passed", "storm": name, "renown": [3, 1, 3, 0]}),
    ]
    assert ev[4].kind == "order"  # the next round begins


def test_a_storm_met_exactly_passes():
    card = card_of("Undertow", 0)
    s = _strike(card)
    need = C.threshold(card, 4)
    s.res = [[0, need, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]
    for seat, b in enumerate([need, 0, 0, 0]):
        bid(s, seat, b, [])
    assert s.storm_log[-1][3] == 1 and s.renown[0] >= C.STORM_TOP_REWARD
    assert sum(s.cracks) == 0


def test_a_failed_storm_says_so_and_cracks_each_outer_island_in_order():
    card = card_of("Shearwind", 1)
    s = _strike(card)
    need = C.threshold(card, 4)
    renown = list(s.renown)
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    st = C.storm_of(card)
    assert s.renown == renown
    assert s.storm_log == [[2, card, need, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2]]
    assert [s.cracks[i] for i in outer(s)] == [1] * len(outer(s)) and all(s.cracks[i] == 0 for i in deep(s))
    assert ev[2:4] == [
        Event(f"{st.name} strikes! Bids: " + ", ".join(f"{who(s, x)} 0" for x in range(4))
              + f" — total 0 against Threshold {need}.", reveal=True, kind="storm",
              data={"what": "strike", "storm": st.name, "bids": [0, 0, 0, 0], "total": 0, "threshold": need}),
        Event(f"The storm breaks through: {st.fail_text}.", kind="storm", data={"what": "failed", "storm": st.name}),
    ]
    n = len(outer(s))
    assert ev[4:4 + n] == [_crack_event(s, i, 1) for i in outer(s)]
    assert ev[4 + n].kind == "order"


def test_undertow_cracks_each_deep_island_with_its_events():
    s = _strike(card_of("Undertow", 1))
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    d = deep(s)
    assert ev[4:4 + len(d)] == [_crack_event(s, i, 1) for i in d]


def test_maelstrom_cracks_the_most_claimed_island_twice_with_two_events():
    s = _strike(card_of("Maelstrom", 1))
    s.claims = [[0] * 4 for _ in s.tiles]
    i = outer(s)[1]
    s.claims[i] = [0, 1, 0, 0]
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    assert s.cracks[i] == 2 and sum(s.cracks) == 2
    assert ev[4:6] == [_crack_event(s, i, 1), _crack_event(s, i, 2)]


def test_ashfall_returns_half_of_each_aether_rounded_down_to_the_supply():
    s = _strike(card_of("Ashfall", 1))
    s.res = [[5, 2, 0], [1, 2, 0], [0, 2, 0], [4, 2, 0]]
    s.cracks = [0] * len(s.tiles)
    i = deep(s)[0]
    s.cracks[i] = 1
    supply = list(s.supply)
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    assert [r[C.AETHER] for r in s.res] == [3, 1, 0, 2]
    assert s.supply[C.AETHER] == supply[C.AETHER] + 4
    assert s.cracks[i] == 2 and sum(s.cracks) == 2
    assert ev[4] == _crack_event(s, i, 2)


def test_lightning_gale_cracks_where_seat_0_salvages():
    s = _strike(card_of("Lightning Gale", 1))
    i = deep(s)[0]
    s.docks = [-1] * len(s.docks)
    s.docks[2 * i] = 0
    s.docks[2 * outer(s)[0] + 1] = 1  # a Moor is not a Salvage
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    assert s.cracks[i] == 1 and sum(s.cracks) == 1
    assert ev[4] == _crack_event(s, i, 1)


def test_dead_calm_takes_2_renown_or_what_there_is_into_the_losses():
    s = _strike(card_of("Dead Calm", 1))
    s.renown = [5, 1, 0, 2]
    s.sources = [[5, 0, 0], [1, 0, 0], [0, 0, 0], [2, 0, 0]]
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    assert s.renown == [3, 0, 0, 0]
    assert [x[SRC_LOSSES] for x in s.sources] == [-2, -1, 0, -2]
    assert sum(s.cracks) == 0 and ev[4].kind == "order"


def test_the_strike_of_round_6_records_the_round_once_and_ends_the_game():
    s = _strike(card_of("Undertow", 0), rnd=6)
    rounds = len(s.by_round)
    s.res = [[0, 3, 0] for _ in range(4)]
    for seat in range(4):
        bid(s, seat, 3, [])
    assert s.phase == ACCUSE and s.round == 6 and s.accusations == [-1] * 4
    assert len(s.by_round) == rounds + 1 and s.by_round[-1] == s.renown


def test_calm_skies_strikes_the_storm_of_its_pair_of_rounds_and_keeps_the_forecast():
    s = to_placement(4, seed=3, variant="calm-skies")
    forecast = list(s.forecast)
    for rnd, k in ((2, 0), (4, 1), (6, 2)):
        s.round = rnd
        assert current_storm(s) == forecast[k]
    s.round = 4
    storm_phase(s, [])
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    need = C.threshold(forecast[1], 4)
    assert s.storm_log[-1][:5] == [4, forecast[1], need, 0, 0]
    assert s.forecast == forecast and s.knows_forecast == [0, 0, 0, 0]
    assert ev[2].data is not None and ev[2].data["storm"] == C.storm_of(forecast[1]).name


def test_without_a_log_the_strike_changes_the_same_state():
    a, b = _strike(card_of("Maelstrom", 1)), _strike(card_of("Maelstrom", 1))
    for x in (a, b):
        x.claims[outer(x)[0]] = [3, 0, 0, 0]
        x.cracks[outer(x)[0]] = x.slots[outer(x)[0]] - 1
        x.bids = [0, 0, 0, 0]
    storm_strike(a, [])
    storm_strike(b, None)
    assert a == b and a.fall_log


def test_maelstrom_and_ashfall_with_no_island_standing_crack_nothing_and_do_not_fail():
    # every island may fall during a round; the storm still strikes before the round's end
    for name in ("Maelstrom", "Ashfall"):
        s = _strike(card_of(name, 1))
        s.fallen = [FALLEN] * len(s.tiles)
        s.res = [[3, 0, 0] for _ in range(4)]
        s.bids = [0, 0, 0, 0]
        storm_strike(s, [])
        assert sum(s.cracks) == 0 and s.fall_log == []
        assert [r[C.AETHER] for r in s.res] == ([2] * 4 if name == "Ashfall" else [3] * 4)


def test_an_odd_rounds_storm_phase_forecasts_then_cleans_up_into_the_next_round():
    s = to_placement(4, seed=3)
    s.round = 1
    card = s.storm_deck[-1]
    ev: list[Event] = []
    storm_phase(s, ev)
    assert s.forecast == [card] and s.round == 2
    assert [e.kind for e in ev[:2]] == ["storm", "order"]
    assert ev[0].data is not None and ev[0].data["what"] == "forecast"


def test_the_last_calm_skies_strike_reveals_the_agendas_and_the_scores():
    s = to_placement(4, seed=3, variant="calm-skies")
    s.round = 6
    storm_phase(s, [])
    ev: list[Event] = []
    for seat in range(4):
        ev = []
        bid(s, seat, 0, ev)
    assert s.phase == OVER
    assert [e.kind for e in ev[-2:]] == ["agendas", "score"]
