"""The events module step by step, with the exact events of the log (issue 10 item 9: the mutants of
rules/events.py that survived the rule tests were the options of the events — who may use them and
what each one does — the reveal of a round's event and the Outbreak, and the wind card turned face up)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import events
from engine.games.shiver.rules.common import the_graph
from engine.games.shiver.state import SRC_CARDS, SRC_TRADE, State, UseEvent
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1
COCOA, RUM, SUGAR = range(3)



def with_event(k: int) -> State:
    s = quick_game(2, seed=10)
    s.events = True
    s.event = C.WIND_EVENT.index(k)
    s.stack = []
    return s


def value(k: int) -> int:
    return C.EVENTS[k].value


def used(s: State, arg: int, seat: int = A) -> list[Event]:
    ev: list[Event] = []
    events.use(s, seat, arg, ev)
    assert s.event_used
    return ev


# ---------------------------------------------------------------- who may use the option


def test_options_only_for_the_active_player_once_a_turn_and_only_for_a_choice():
    s = with_event(C.EV_RATIONS)
    s.gold[A] = value(C.EV_RATIONS)
    assert events.options(s, A) == [UseEvent(0)]
    assert events.options(s, B) == []
    s.event_used = True
    assert events.options(s, A) == []
    s = with_event(C.EV_FEVER)  # not an option
    assert events.options(s, A) == []
    s.event = -1
    assert events.options(s, A) == []


def test_rations_need_the_gold():
    s = with_event(C.EV_RATIONS)
    s.gold[A] = value(C.EV_RATIONS) - 1
    assert events.options(s, A) == []


def test_the_cove_buys_any_goods_held():
    s = with_event(C.EV_COVE)
    s.cargo[A] = [1, 0, 2]
    assert events.options(s, A) == [UseEvent(COCOA), UseEvent(SUGAR)]


def test_flotsam_at_sea_with_room():
    s = with_event(C.EV_FLOTSAM)
    s.pos[A] = 6
    s.cargo[A] = [0, 0, 0]
    assert events.options(s, A) == [UseEvent(r) for r in range(3)]
    s.cargo[A] = [s.hul[A], 0, 0]
    assert events.options(s, A) == []
    s.cargo[A] = [0, 0, 0]
    s.pos[A] = 5  # an island
    assert events.options(s, A) == []


def test_the_plague_ship_needs_the_gold_and_an_island_without_pests():
    s = with_event(C.EV_PLAGUE_SHIP)
    s.gold[A] = value(C.EV_PLAGUE_SHIP)
    s.pest[0] = C.PEST_ACTIVE
    assert events.options(s, A) == [UseEvent(i) for i in range(1, 6)]
    s.gold[A] -= 1
    assert events.options(s, A) == []


def test_the_pardon_takes_any_mission_held():
    s = with_event(C.EV_PARDON)
    s.missions[A], s.m_prog[A] = [4, 0], [0, 0]
    assert events.options(s, A) == [UseEvent(4), UseEvent(0)]


def test_rumours_and_the_fair_on_an_island_only():
    s = with_event(C.EV_RUMOURS)
    s.pos[A] = 0
    assert events.options(s, A) == [UseEvent(0)]
    s.t_deck, s.t_disc = [], []
    assert events.options(s, A) == []
    s = with_event(C.EV_RUMOURS)
    s.pos[A] = 6
    assert events.options(s, A) == []
    s = with_event(C.EV_FAIR)
    s.pos[A] = 0
    s.gold[A] = 10000
    assert events.options(s, A) == [UseEvent(a) for a in (C.SPEED, C.STRENGTH, C.HULL)]
    s.pos[A] = 6
    assert events.options(s, A) == []


def test_the_harvest_on_an_open_island_that_makes_a_good():
    s = with_event(C.EV_HARVEST)
    island = next(i for i in range(6) if C.ISLANDS[i].produces >= 0)
    s.pos[A] = island
    s.cargo[A] = [0, 0, 0]
    assert events.options(s, A) == [UseEvent(C.ISLANDS[island].produces)]
    s.pest[island] = C.PEST_ACTIVE
    assert events.options(s, A) == []
    s.pest[island] = C.PEST_NONE
    s.cargo[A] = [s.hul[A], 0, 0]
    assert events.options(s, A) == []
    bare = [i for i in range(6) if C.ISLANDS[i].produces < 0]
    if bare:
        s.cargo[A] = [0, 0, 0]
        s.pos[A] = bare[0]
        assert events.options(s, A) == []


def test_loose_lips_name_the_merchants_not_yet_seen():
    s = with_event(C.EV_LIPS)
    s.gold[A] = value(C.EV_LIPS)
    anchors = the_graph(s).anchors
    with_merchant = [n for n in anchors if s.merchant[n] >= 0]
    assert len(with_merchant) >= 3
    a, b, c = with_merchant[:3]
    s.m_up[a] = 1
    s.m_known[b] = 1 << A
    s.m_known[c] = 1 << B  # another seat's knowledge does not count
    assert events.options(s, A) == [UseEvent(n) for n in with_merchant if n not in (a, b)]
    s.gold[A] -= 1
    assert events.options(s, A) == []


# ---------------------------------------------------------------- what each option does


def test_rations_buy_an_action():
    s = with_event(C.EV_RATIONS)
    gold, actions = s.gold[A], s.actions
    assert used(s, 0) == [E("event-use", f"Red pays {value(C.EV_RATIONS)} Gold for extra rations: 1 extra action", A,
                            event=C.EV_RATIONS)]
    assert s.gold[A] == gold - value(C.EV_RATIONS) and s.actions == actions + 1


def test_the_cove_sells_one_unit():
    s = with_event(C.EV_COVE)
    s.cargo[A] = [0, 2, 0]
    gold, income, sold = s.gold[A], list(s.income[A]), s.sold[A]
    assert used(s, RUM) == [E("event-use", f"Red sells 1 Rum to the smugglers for {value(C.EV_COVE)} Gold", A,
                              event=C.EV_COVE, res=RUM)]
    income[SRC_TRADE] += value(C.EV_COVE)
    assert s.cargo[A] == [0, 1, 0] and s.sold[A] == sold + 1
    assert s.gold[A] == gold + value(C.EV_COVE) and s.income[A] == income


def test_flotsam_fishes_one_unit():
    s = with_event(C.EV_FLOTSAM)
    s.cargo[A] = [0, 0, 0]
    assert used(s, SUGAR) == [E("event-use", "Red fishes 1 Sugar out of the flotsam", A, event=C.EV_FLOTSAM,
                                res=SUGAR)]
    assert s.cargo[A] == [0, 0, 1]


def test_the_plague_ship_is_steered_to_an_island():
    s = with_event(C.EV_PLAGUE_SHIP)
    gold = s.gold[A] = 1000
    assert used(s, 3) == [E("event-use", f"Red pays {value(C.EV_PLAGUE_SHIP)} Gold to steer the plague ship to "
                            f"{C.ISLANDS[3].name}: the plague breaks out there", A, event=C.EV_PLAGUE_SHIP, island=3)]
    assert s.gold[A] == gold - value(C.EV_PLAGUE_SHIP) and s.pest[3] == C.PEST_ACTIVE


def test_the_pardon_pays_for_a_mission_handed_in():
    s = with_event(C.EV_PARDON)
    s.missions[A], s.m_prog[A] = [4, 0], [0, 0]
    gold, income = s.gold[A], list(s.income[A])
    ev = used(s, 4)
    assert ev[0].kind == "discard-mission" and ev[-1] == E(
        "event-use", f"Red hands in {C.MISSIONS[4].name} for a royal pardon: {value(C.EV_PARDON)} Gold", A,
        event=C.EV_PARDON, card=4)
    income[SRC_CARDS] += value(C.EV_PARDON)
    assert s.missions[A] == [0] and s.m_disc[-1] == 4 and s.gold[A] == gold + value(C.EV_PARDON)
    assert s.income[A] == income


def test_rumours_scout_the_taverns():
    s = with_event(C.EV_RUMOURS)
    s.pos[A] = 0
    actions = s.actions
    ev = used(s, 0)
    assert ev[0] == E("event-use", "Red listens to the tavern rumours (no action)", A, event=C.EV_RUMOURS)
    assert len(ev) > 1 and s.shown and s.actions == actions


def test_the_fair_sells_an_upgrade():
    s = with_event(C.EV_FAIR)
    s.pos[A] = 0
    s.gold[A] = 10000
    stg = s.stg[A]
    ev = used(s, C.STRENGTH)
    assert ev[0] == E("event-use", "Red visits the shipwrights' fair (no action)", A, event=C.EV_FAIR)
    assert len(ev) == 2 and s.stg[A] == stg + 1 and s.gold[A] < 10000


def test_the_harvest_loads_for_free():
    s = with_event(C.EV_HARVEST)
    s.cargo[A] = [0, 0, 0]
    gold = s.gold[A]
    assert used(s, COCOA) == [E("event-use", "Bumper harvest: Red loads 1 Cocoa for free", A, event=C.EV_HARVEST,
                                res=COCOA)]
    assert s.cargo[A] == [value(C.EV_HARVEST), 0, 0] and s.gold[A] == gold


def test_loose_lips_peek_from_afar():
    s = with_event(C.EV_LIPS)
    node = next(n for n in the_graph(s).anchors if s.merchant[n] >= 0)
    s.pos[A] = node
    gold = s.gold[A] = 1000
    ev = used(s, node)
    assert ev[0] == E("event-use", f"Red pays {value(C.EV_LIPS)} Gold for loose lips in the taverns", A,
                      event=C.EV_LIPS)
    assert [e.kind for e in ev[1:]] == ["peek", "see-merchant"]
    assert s.gold[A] == gold - value(C.EV_LIPS) and s.m_known[node] == 1 << A and s.m_safe[node] == 0


# ---------------------------------------------------------------- a round's event


def test_the_event_of_a_round_is_announced():
    s = with_event(C.EV_FEVER)
    s.round = 3
    ev: list[Event] = []
    events.reveal_event(s, ev)
    assert ev == [E("event", f"The event of round 3: {events.event_words(C.EV_FEVER)}", reveal=True,
                    event=C.EV_FEVER, round=3)]
    assert events.event_words(C.EV_FEVER) == f"{C.EVENTS[C.EV_FEVER].name}: {C.EVENTS[C.EV_FEVER].text}"
    s.event = -1
    ev = []
    events.reveal_event(s, ev)
    assert ev == []


def test_the_outbreak_strikes_an_island_without_pests_or_none():
    s = with_event(C.EV_OUTBREAK)
    s.pest = [C.PEST_ACTIVE] * 5 + [C.PEST_NONE]
    ev: list[Event] = []
    events.reveal_event(s, ev)
    assert ev[1:] == [E("plague", f"The plague breaks out on {C.ISLANDS[5].name}", reveal=True, island=5)]
    assert s.pest[5] == C.PEST_ACTIVE
    ev = []
    events.reveal_event(s, ev)
    assert ev[1:] == [E("plague", "Every island has had its plague: the outbreak finds no harbour")]


def test_the_wind_card_that_blew_becomes_the_event():
    s = with_event(C.EV_FEVER)
    old_event, wind = s.event, s.wind
    top = s.wind_deck[-1]
    disc = list(s.wind_disc)
    events.next_wind(s, [])
    assert s.event == wind and s.wind_disc == [*disc, old_event] and s.wind == top
    s = with_event(C.EV_FEVER)
    s.events, s.event = False, -1
    wind, top = s.wind, s.wind_deck[-1]
    events.next_wind(s, [])
    assert s.event == -1 and s.wind_disc[-1] == wind and s.wind == top
    s = with_event(C.EV_FEVER)
    s.event = -1
    wind = s.wind
    events.next_wind(s, [])
    assert s.event == wind and s.wind_disc == []


def test_an_epic_wind_deck_is_reshuffled_when_it_runs_out():
    s = with_event(C.EV_FEVER)
    s.epic = True
    s.wind_disc = [1, 2]
    s.wind_deck = []
    event = s.event
    ev: list[Event] = []
    events.next_wind(s, ev)
    assert ev == [E("reshuffle", "The wind deck ran out: the spent wind cards are shuffled into a new deck",
                    reveal=True)]
    assert s.reshuffles == 1 and s.wind_disc == [] and sorted([*s.wind_deck, s.wind]) == sorted([1, 2, event])


def test_small_edges_of_the_options():
    s = with_event(C.EV_FLOTSAM)
    s.pos[A] = 6
    s.cargo[A] = [s.hul[A] - 1, 0, 0]  # room for exactly one
    assert events.options(s, A) == [UseEvent(r) for r in range(3)]
    s = with_event(C.EV_HARVEST)
    cocoa = next(i for i in range(6) if C.ISLANDS[i].produces == COCOA)
    s.pos[A] = cocoa
    s.cargo[A] = [0, 0, s.hul[A] - 1]
    assert events.options(s, A) == [UseEvent(COCOA)]
    s.pos[A] = 6  # at sea: no harvest
    assert events.options(s, A) == []
    s = with_event(C.EV_LIPS)
    s.turn = B
    s.gold[B] = value(C.EV_LIPS)
    node = next(n for n in the_graph(s).anchors if s.merchant[n] >= 0)
    s.merchant[node] = 0  # the first merchant
    s.m_known[node] = 1 << A  # seen by the other seat only
    assert UseEvent(node) in events.options(s, B)
    s.m_known[node] = 1 << B
    assert UseEvent(node) not in events.options(s, B)


def test_the_extra_island_action_of_an_event():
    s = with_event(C.EV_PRESS_GANG)
    assert events.extra_action(s) == C.ACT_HIRE
    s = with_event(C.EV_FEVER)
    assert events.extra_action(s) == -1
    s.event = -1
    assert events.extra_action(s) == -1


def test_the_first_event_is_announced_too_and_reshuffles_add_up():
    s = with_event(C.WIND_EVENT[0])
    s.round = 2
    ev: list[Event] = []
    events.reveal_event(s, ev)
    assert [e.kind for e in ev] == ["event"] and ev[0].data["event"] == C.WIND_EVENT[0]
    s.epic, s.reshuffles = True, 2
    s.wind_disc, s.wind_deck = [1, 2], []
    events.next_wind(s, [])
    assert s.reshuffles == 3


def test_the_options_add_to_what_the_hold_has():
    s = with_event(C.EV_HARVEST)
    s.cargo[A] = [2, 0, 0]
    used(s, COCOA)
    assert s.cargo[A] == [2 + value(C.EV_HARVEST), 0, 0]
    s = with_event(C.EV_COVE)
    s.cargo[A], s.sold[A] = [0, 3, 0], 4
    used(s, RUM)
    assert s.cargo[A] == [0, 2, 0] and s.sold[A] == 5
    s = with_event(C.EV_FLOTSAM)
    s.cargo[A] = [0, 0, 2]
    used(s, SUGAR)
    assert s.cargo[A] == [0, 0, 3]
