"""The optional events module and the epic game mode (issue 17, part C): the seed's sentences and its
example as tests, every one of the 20 events at work, and what stays hidden."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import combat, events, trade, treasure, turn
from engine.games.shiver.rules.common import (
    S_PICK,
    S_REFIT,
    S_TURN,
    ritual_cost,
    the_graph,
    upgrade_price,
)
from engine.games.shiver.state import (
    DUEL_MERCHANT,
    TRIG_GOALS,
    Act,
    ClaimGoal,
    EndTurn,
    Improve,
    PickGoals,
    PickStart,
    Take,
    UseEvent,
)
from tests.engine.shiver.helpers import new, play, to_turn

M = {m.name: i for i, m in enumerate(C.MISSIONS)}


def started(players: int = 2, seed: int = 1, opts: dict[str, str] | None = None) -> object:
    """A game past setup (every captain St. David, Haggler; the first goals; epic ships take speed)."""
    s = new(players, seed, opts)
    for seat in range(players):
        legal = RULES.legal(s, seat)
        play(s, seat, legal[0])
    for seat in range(players):
        play(s, seat, PickStart(C.ST_DAVID, C.HAGGLER))
    while s.step == S_REFIT:
        play(s, s.actor, Improve(C.SPEED))
    assert s.step == S_TURN
    return s


def end_round(s) -> None:
    r = s.round
    while s.round == r and not s.over:
        to_turn(s)
        play(s, s.turn, EndTurn())


def with_event(s, k: int) -> None:
    s.events = True
    s.event = C.WIND_EVENT.index(k)


# ---------------------------------------------------------------- the module


def test_the_seed_example_round_1_no_event_round_2_turn_it_face_up_round_3_replace_it():
    # seed: "Example: Round 1: No event. Round 2: Turn the top event card face-up. Round 3: Replace the event
    # with a new one."
    s = started(2, 3, {"events": "yes"})
    assert s.round == 1 and s.event == -1 and RULES.view(s, 0).event == -1
    wind1 = s.wind
    end_round(s)
    assert s.round == 2 and s.event == wind1  # the wind card of round 1, turned face up
    v = RULES.view(s, 1)
    k2 = C.WIND_EVENT[wind1]
    assert v.event == k2 and v.event_name == C.EVENTS[k2].name and v.event_text == C.EVENTS[k2].text
    wind2 = s.wind
    end_round(s)
    assert s.round == 3 and s.event == wind2 != wind1  # replaced with a new one
    assert wind1 in s.wind_disc  # the old event is done with


def test_instead_of_discarding_the_wind_card_it_is_turned_face_up_next_to_the_deck():
    # seed: "Instead of discarding the wind card at the end of each round, turn it face-up and place it next to
    # the wind deck." Without the module the wind card is simply discarded and no event is ever face up.
    s = started(2, 4, {"events": "yes"})
    plain = started(2, 4)
    for _ in range(3):
        w, pw = s.wind, plain.wind
        end_round(s)
        end_round(plain)
        assert s.event == w and w not in s.wind_disc
        assert plain.event == -1 and pw in plain.wind_disc and RULES.view(plain, 0).event == -1
    assert len(s.wind_deck) == len(plain.wind_deck)  # the module takes no extra card from the deck


def test_each_event_lasts_one_round_and_is_announced_to_all():
    s = started(3, 5, {"events": "yes"})
    end_round(s)
    seen = {RULES.view(s, k).event_name for k in (0, 1, 2, None)}
    assert len(seen) == 1 and seen != {""}
    before = s.event
    end_round(s)
    assert s.event != before


def test_the_last_wind_and_event_card_still_ends_a_regular_game_with_events():
    # seed: "The endgame is triggered ... when the last wind and event card is revealed."
    s = started(2, 6, {"events": "yes"})
    s.wind_deck = s.wind_deck[:1]
    end_round(s)
    assert s.ending and s.trigger == 2 and s.event >= 0


def test_the_twenty_events_are_the_backs_of_the_twenty_wind_cards():
    assert len(C.EVENTS) == len(C.WIND_CARDS) == 20
    assert sorted(C.WIND_EVENT) == list(range(20))
    # most events offer a decision or an option for the turn (seed: "offers new decisions and options")
    options = sum(e.choice for e in C.EVENTS)
    opens = len(events.EVENT_ACTIONS)
    assert options + opens >= 10


# ---------------------------------------------------------------- every event at work


def test_extra_rations_buys_one_more_action_once_a_turn():
    s = started(2, 7)
    with_event(s, C.EV_RATIONS)
    s.gold[0] = 500
    assert UseEvent(0) in RULES.legal(s, 0)
    play(s, 0, UseEvent(0))
    assert s.actions == C.ACTIONS_PER_TURN + 1 and s.gold[0] == 200
    assert not any(isinstance(m, UseEvent) for m in RULES.legal(s, 0))  # once in a turn
    s.gold[0] = 299
    s.event_used = False
    assert UseEvent(0) not in RULES.legal(s, 0)  # it costs 300
    play(s, 0, EndTurn())
    to_turn(s)
    s.gold[1] = 300
    assert UseEvent(0) in RULES.legal(s, 1)  # every captain's turn has its own


def test_smugglers_cove_sells_a_unit_anywhere():
    s = started(2, 8)
    with_event(s, C.EV_COVE)
    s.pos[0] = the_graph(s).anchors[0]
    s.cargo[0] = [0, 2, 0]
    gold, sold = s.gold[0], s.sold[0]
    assert [m for m in RULES.legal(s, 0) if isinstance(m, UseEvent)] == [UseEvent(C.RUM)]
    play(s, 0, UseEvent(C.RUM))
    assert s.cargo[0] == [0, 1, 0] and s.gold[0] == gold + 200 and s.sold[0] == sold + 1


def test_flotsam_gives_a_unit_of_your_choice_at_sea_only():
    s = started(2, 9)
    with_event(s, C.EV_FLOTSAM)
    s.cargo[0] = [0, 0, 0]
    assert not any(isinstance(m, UseEvent) for m in RULES.legal(s, 0))  # on an island
    s.pos[0] = the_graph(s).anchors[0]
    assert [m for m in RULES.legal(s, 0) if isinstance(m, UseEvent)] == [UseEvent(0), UseEvent(1), UseEvent(2)]
    play(s, 0, UseEvent(C.SUGAR))
    assert s.cargo[0] == [0, 0, 1]
    s.cargo[0] = [1, 1, 1]
    s.event_used = False
    assert not any(isinstance(m, UseEvent) for m in RULES.legal(s, 0))  # a full hold


def test_the_plague_ship_brings_the_pests_to_an_island_without_a_marker():
    s = started(2, 10)
    with_event(s, C.EV_PLAGUE_SHIP)
    s.pest[C.SAO_TOME] = C.PEST_IMMUNE
    s.gold[0] = 400
    offered = {m.arg for m in RULES.legal(s, 0) if isinstance(m, UseEvent)}
    assert offered == set(range(6)) - {C.SAO_TOME}
    play(s, 0, UseEvent(C.LA_JUANITA))
    assert s.pest[C.LA_JUANITA] == C.PEST_ACTIVE and s.gold[0] == 200
    assert not trade.market_open(s, C.LA_JUANITA)
    end_round(s)
    assert s.pest[C.LA_JUANITA] == C.PEST_IMMUNE  # over at the end of the round, immune after


def test_an_outbreak_closes_a_random_island_with_no_pest_marker():
    s = started(2, 11, {"events": "yes"})
    s.wind = C.WIND_EVENT.index(C.EV_OUTBREAK)
    s.pest = [C.PEST_IMMUNE] * 5 + [C.PEST_NONE]
    end_round(s)
    assert s.pest[5] == C.PEST_ACTIVE
    t = started(2, 11, {"events": "yes"})
    t.wind = C.WIND_EVENT.index(C.EV_OUTBREAK)
    t.pest = [C.PEST_IMMUNE] * 6
    end_round(t)
    assert t.pest == [C.PEST_IMMUNE] * 6  # no marker left: nothing happens


@pytest.mark.parametrize("kind,action,island", [
    (C.EV_PRESS_GANG, C.ACT_HIRE, C.ST_DAVID),
    (C.EV_SHAMAN, C.ACT_LEARN, C.ST_DAVID),
    (C.EV_PROGRESS, C.ACT_MISSION, C.ST_DAVID),
])
def test_an_event_opens_an_island_action_on_every_island(kind, action, island):
    s = started(2, 12)
    assert s.pos[0] == island and Act(action) not in RULES.legal(s, 0)
    with_event(s, kind)
    assert Act(action) in RULES.legal(s, 0)
    play(s, 0, Act(action))
    to_turn(s)
    assert s.step != S_TURN or s.act == -1  # the action resolved like the island's own
    s.pos[0] = the_graph(s).anchors[0]
    s.step = S_TURN
    assert Act(action) not in RULES.legal(s, 0)  # islands only, not at sea


def test_tavern_rumours_scout_without_an_action():
    s = started(2, 13)
    with_event(s, C.EV_RUMOURS)
    assert UseEvent(0) in RULES.legal(s, 0)
    play(s, 0, UseEvent(0))
    assert s.step == S_PICK and len(s.shown) == treasure.scout_look(s, 0)
    play(s, 0, Take(s.shown[0]))
    to_turn(s)
    assert s.actions == C.ACTIONS_PER_TURN and len(s.t_hand[0]) == 1
    s.pos[0] = the_graph(s).anchors[0]
    s.event_used = False
    assert UseEvent(0) not in RULES.legal(s, 0)  # in a tavern, on an island


def test_gold_fever_digs_two_more_spaces():
    s = started(2, 13)
    dig = treasure.dig_power(s, 0)
    with_event(s, C.EV_FEVER)
    assert treasure.dig_power(s, 0) == dig + 2


def test_the_shipwrights_fair_upgrades_without_an_action():
    s = started(2, 14)
    with_event(s, C.EV_FAIR)
    s.gold[0] = 400
    assert [m.arg for m in RULES.legal(s, 0) if isinstance(m, UseEvent)] == [C.SPEED, C.STRENGTH, C.HULL]
    play(s, 0, UseEvent(C.HULL))
    assert s.hul[0] == 4 and s.gold[0] == 0 and s.actions == C.ACTIONS_PER_TURN
    assert upgrade_price(s, 0, 4) == 400  # at its price


@pytest.mark.parametrize("kind,res", [(C.EV_COCOA, C.COCOA), (C.EV_RUM, C.RUM), (C.EV_SUGAR, C.SUGAR)])
def test_a_craze_pays_200_more_for_its_good_where_it_is_bought(kind, res):
    s = started(2, 15)
    before = [[trade.unit_price(s, 0, i, r) for r in range(3)] for i in range(6)]
    with_event(s, kind)
    for i in range(6):
        for r in range(3):
            want = before[i][r] + (200 if r == res and before[i][r] else 0)
            assert trade.unit_price(s, 0, i, r) == want


def test_a_bumper_harvest_gives_a_unit_of_the_island_s_good():
    s = started(2, 16)
    with_event(s, C.EV_HARVEST)
    s.cargo[0] = [0, 0, 0]
    assert [m for m in RULES.legal(s, 0) if isinstance(m, UseEvent)] == [UseEvent(C.RUM)]  # St. David makes Rum
    play(s, 0, UseEvent(C.RUM))
    assert s.cargo[0] == [0, 1, 0]
    s.event_used = False
    s.pest[C.ST_DAVID] = C.PEST_ACTIVE
    assert not any(isinstance(m, UseEvent) for m in RULES.legal(s, 0))  # the plague closes the market
    s.pest[C.ST_DAVID] = C.PEST_NONE
    s.pos[0] = C.PORT_ROYAL
    assert not any(isinstance(m, UseEvent) for m in RULES.legal(s, 0))  # Port Royal makes nothing


def test_a_treasure_fleet_pays_300_more_per_merchant():
    s = started(2, 17)
    node = next(n for n in the_graph(s).anchors if s.merchant[n] >= 0)
    mid = s.merchant[node]
    with_event(s, C.EV_FLEET)
    gold = s.gold[0]
    combat.take_merchant(s, 0, node, None)
    assert s.gold[0] == gold + C.MERCHANTS[mid].gold + 300


def test_sea_mist_is_fog_everywhere_at_sea_but_never_twice():
    s = started(2, 18)
    g = the_graph(s)
    clear = next(n for n in g.anchors if not g.fog[n])
    foggy = next(n for n in range(g.n) if g.fog[n])
    s.duel = DUEL_MERCHANT
    s.duel_ship = [0, -1]
    for node, base_bonus in ((clear, 0), (foggy, 1)):
        s.pos[0] = node
        s.event = -1
        plain = combat.side_strength(s, 0)
        with_event(s, C.EV_MIST)
        assert combat.side_strength(s, 0) == plain + (1 - base_bonus)


def test_a_blood_moon_makes_rituals_cheaper_never_below_one():
    s = started(2, 19)
    with_event(s, C.EV_MOON)
    assert ritual_cost(s, 0, C.KRAKEN) == (0, 2, 1)  # 1 Cocoa + 2 Rum + 1 Sugar, one less
    assert sum(ritual_cost(s, 0, C.TOTEM)) == 1  # 1 Sugar stays 1
    s.talent[0] = C.MYSTIC
    assert sum(ritual_cost(s, 0, C.KRAKEN)) == 2  # the Mystic's one less and the moon's


def test_a_royal_pardon_buys_back_a_mission():
    s = started(2, 20)
    with_event(s, C.EV_PARDON)
    card = M["Hidden Hoard"]
    s.missions[0] = [card]
    s.m_prog[0] = [0]
    gold = s.gold[0]
    play(s, 0, UseEvent(card))
    assert s.missions[0] == [] and card in s.m_disc and s.gold[0] == gold + 300


def test_loose_lips_peek_far_away_and_a_hunter_seen_so_does_not_attack():
    s = started(2, 21)
    with_event(s, C.EV_LIPS)
    g = the_graph(s)
    node = max(g.anchors, key=lambda n: g.dist[s.pos[0]][n])
    hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter)
    s.merchant[node] = hunter
    s.gold[0] = 300
    play(s, 0, UseEvent(node))
    assert s.m_known[node] & 1 and not s.m_up[node] and s.gold[0] == 200 and s.duel == 0


def test_event_options_are_free_actions_of_the_active_player_only():
    s = started(2, 22)
    with_event(s, C.EV_RATIONS)
    s.gold = [900, 900]
    assert UseEvent(0) in RULES.legal(s, 0)
    s.turn_done = True
    assert RULES.legal(s, 0) == [EndTurn()]  # a lost fight ended the turn: no more free actions


# ---------------------------------------------------------------- what stays hidden


def test_the_back_of_the_wind_card_blowing_now_is_hidden_until_it_turns():
    s = started(3, 23, {"events": "yes"})
    backs = set()
    for k in range(30):
        d = RULES.determinize(s, 1, Rng.seeded(k))
        assert C.WIND_CARDS[d.wind].value == C.WIND_CARDS[s.wind].value
        assert RULES.view(d, 1) == RULES.view(s, 1)
        backs.add(C.WIND_EVENT[d.wind])
    assert len(backs) > 1  # the next event is not known
    a, b = started(3, 23, {"events": "yes"}), started(3, 23, {"events": "yes"})
    twin = next(i for i, w in enumerate(C.WIND_CARDS) if w.value == C.WIND_CARDS[a.wind].value and i != a.wind)
    b.wind_deck[b.wind_deck.index(twin)] = b.wind
    b.wind = twin
    for seat in (0, 1, 2, None):
        assert RULES.view(a, seat) == RULES.view(b, seat)


# ---------------------------------------------------------------- the epic mode


def test_epic_all_life_goals_three_secret():
    # seed: "On the back, you will find the alternative epic game mode with all life goals." "Select 3 instead of
    # 2 goals"
    for players in (2, 3, 4):
        s = new(players, 30, {"epic": "yes"})
        assert s.goals == list(range(10))
        legal = RULES.legal(s, 0)
        assert len(legal) == 120 and all(m.c >= 0 for m in legal)
        assert RULES.view(s, 0).secret_count == 3
        assert "three" in RULES.view(s, 0).prompt
    s = new(4, 30)
    assert len(s.goals) == 5 and all(m.c == -1 for m in RULES.legal(s, 0))


def test_epic_three_secret_goals_stay_hidden():
    s = new(3, 31, {"epic": "yes"})
    play(s, 0, PickGoals(0, 4, 9))
    assert s.secret[0] == [0, 4, 9]
    assert RULES.view(s, 0).my_goals == [0, 4, 9]
    t = new(3, 31, {"epic": "yes"})
    play(t, 0, PickGoals(1, 2, 3))
    for seat in (1, 2, None):
        assert RULES.view(s, seat) == RULES.view(t, seat)


def test_epic_ships_start_2_2_2_with_three_free_upgrades_chosen_openly_in_turn_order():
    # seed: "In epic mode, start with all attributes set to 2, but with 3 free upgrades, so you can specialize
    # right from the start."
    s = new(3, 32, {"epic": "yes"})
    for seat in range(3):
        play(s, seat, RULES.legal(s, seat)[0])
    for seat in range(3):
        play(s, seat, PickStart(C.ST_DAVID, C.HAGGLER))
    assert s.spd == s.stg == s.hul == [2, 2, 2]
    order = []
    while s.step == S_REFIT:
        order.append(s.actor)
        v = RULES.view(s, s.actor)
        assert v.asking == "refit" and "free upgrade" in v.prompt
        play(s, s.actor, Improve(C.STRENGTH if s.actor == 0 else C.HULL))
        # the others see it (the ships are equipped in the open, after the reveal)
        assert RULES.view(s, (s.actor + 1) % 3).seats[order[-1]].strength == s.stg[order[-1]]
    assert order == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert (s.spd[0], s.stg[0], s.hul[0]) == (2, 5, 2) and (s.spd[1], s.stg[1], s.hul[1]) == (2, 2, 5)
    assert s.step == S_TURN and s.round == 1
    plain = started(3, 32)
    assert plain.spd == plain.stg == plain.hul == [3, 3, 3]


def test_epic_markers_seven_to_mark_goals_and_five_origin_markers_in_a_regular_game():
    # seed: "Mark completed life goals with unused life goal markers (instead of origin markers) as you will
    # likely need more than 5." Ten life goal markers, three of them in the chest: seven to mark goals with.
    s = started(2, 33, {"epic": "yes"})
    assert RULES.view(s, 0).goal_markers == [7, 7]
    s.visited[0] = 63  # the Explorer (goal 1) is met
    for g in range(1, 8):
        s.claims[g] = [0]
    assert turn.markers_left(s, 0) == 0 and RULES.view(s, 1).goal_markers == [0, 7]
    assert ClaimGoal(0) not in RULES.legal(s, 0)  # no marker left to mark it with
    s.claims[7] = []
    assert ClaimGoal(0) in RULES.legal(s, 0)
    r = started(4, 33)
    assert RULES.view(r, 0).goal_markers == [5, 5, 5, 5]  # six origin markers, one on the tableau
    assert len(r.goals) <= 5  # so the origin markers always suffice in a regular game


def test_epic_the_end_only_on_the_second_to_last_goal():
    # seed: "In epic mode, the end game is only triggered when a player completes the second-to-last life goal."
    s = started(2, 34, {"epic": "yes"})
    for g in range(8):
        s.claims[g] = [1]
    s.chest[0] = 2000  # the Miser (goal 10) met
    assert not s.ending
    play(s, 0, ClaimGoal(9))
    assert s.ending and s.trigger == TRIG_GOALS  # the 9th of 10


def test_epic_ignores_the_last_wind_card_and_reshuffles_the_wind_deck():
    # seed: "Ignore the alternative trigger, and simply reshuffle the wind deck if it should ever run out of cards."
    s = started(2, 35, {"epic": "yes", "events": "yes"})
    rounds = 0
    while s.reshuffles == 0:
        end_round(s)
        rounds += 1
        assert not s.ending
    assert s.round >= 21 and not s.over and s.wind_deck
    # every card but the one in play and the face-up event went back into the deck
    assert sorted([*s.wind_deck, s.wind, s.event, *s.wind_disc]) == list(range(20))
    plain = started(2, 35, {"events": "yes"})
    while plain.round < 20:
        end_round(plain)
    assert plain.ending and plain.trigger == 2 and not plain.wind_deck
