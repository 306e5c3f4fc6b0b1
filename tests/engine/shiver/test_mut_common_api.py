"""Shared helpers of rules/common.py and the move table of rules/__init__.py, with their exact results
and events (issue 10 item 9: the mutants that survived on rules v5 were the Play-move cache — filled
before mutmut's fork —, the others of a seat, the words of no goods, a unit from a die into a hold with
exactly one space or a full one, a goal met at its target, and moves whose step was handed ``None``
for the events by the move table)."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.rules import Event
from engine.games.shiver import RULES, text
from engine.games.shiver import content as C
from engine.games.shiver.rules import common, crew, family, missions, setup, trade, treasure, turn
from engine.games.shiver.rules.common import K_DUMP, S_ROUTE, S_TURN, run
from engine.games.shiver.state import (
    Act,
    ClaimMission,
    DigGoods,
    DiscardCard,
    DiscardGoods,
    Play,
    ReturnCard,
    State,
)
from tests.engine.shiver.helpers import E, quick_game

A, B, D = 0, 1, 2
COCOA, RUM, SUGAR = range(3)



def game(players: int = 2) -> State:
    s = quick_game(players, seed=10)
    s.stack = []
    return s


# ---------------------------------------------------------------- common


def test_play_moves_are_made_once_and_kept():
    common._PLAY.clear()  # filled before mutmut forks a mutant: cleared so the code under test runs
    mv = common.play_move(3, 7)
    assert mv == Play(3, 7) and (mv.card, mv.arg) == (3, 7)
    assert common.play_move(3, 7) is mv and common._PLAY[(3, 7)] is mv
    assert common.play_move(7, 3) == Play(7, 3) and common.play_move(7, 3) is not mv


def test_the_others_of_a_seat_and_who_is_at_a_node():
    s = game(3)
    assert common.others(s, B) == (A, D) and common.others(s, A) == (B, D)
    s.pos = [1, 7, 7]
    assert common.ships_at(s, 7) and common.ships_at(s, 1) and not common.ships_at(s, 2)


def test_goods_in_words():
    assert common.goods_text([0, 0, 0]) == "nothing"
    assert common.goods_text([1, 0, 2]) == "1 Cocoa, 2 Sugar"
    assert common.goods_text((0, 3, 0)) == "3 Rum"


def test_a_unit_from_a_die_fills_the_last_space():
    s = game()
    s.hul[A], s.cargo[A] = 3, [1, 1, 0]
    ev: list[Event] = []
    common.gain_one(s, A, RUM, ev, "green die")
    assert ev == [E("gain", "Red takes 1 Rum (green die)", A)] and s.cargo[A] == [1, 2, 0] and s.stack == []


def test_a_unit_from_a_die_into_a_full_hold():
    s = game()
    s.hul[B], s.cargo[B] = 3, [0, 3, 0]
    ev: list[Event] = []
    common.gain_one(s, B, RUM, ev, "green die")  # full of Rum: nothing to throw out for Rum
    assert ev == [E("no-room", "Blue's hold is full of Rum: the unit stays behind", B)]
    assert s.cargo[B] == [0, 3, 0] and s.stack == []
    common.gain_one(s, B, SUGAR, ev, "green die")  # Rum may go overboard for it
    assert s.gain_res == SUGAR and s.stack == [K_DUMP | B << 5] and len(ev) == 1
    s.stack = []
    s.cargo[B] = [0, 0, 3]
    common.gain_one(s, B, COCOA, None, "green die")
    assert s.stack == [K_DUMP | B << 5] and s.gain_res == COCOA


def test_a_goal_is_met_at_its_target():
    s = game()
    merchant = 1  # Merchant Prince: 12 units sold
    assert C.LIFE_GOALS[merchant].target == 12
    s.sold[A] = 11
    assert not common.goal_met(s, A, merchant)
    s.sold[A] = 12
    assert common.goal_met(s, A, merchant)


# ---------------------------------------------------------------- the move table passes the events on


def through_apply(s: State, seat: int, move: Any, step: Any, *args: Any) -> list[Event]:
    """The events of ``move`` applied, checked against its step called straight with an event list."""
    t = copy.deepcopy(s)
    ev = RULES.apply(s, seat, move)
    expected: list[Event] = []
    t.step = 0
    step(t, seat, *args, expected)
    run(t, expected)
    assert ev == expected and ev
    return ev


def test_free_actions_through_the_apply_are_logged():
    s = game()
    s.step, s.actor = S_TURN, A
    s.cargo[A] = [1, 0, 0]
    ev = through_apply(s, A, DiscardGoods(COCOA), turn.discard_goods, COCOA)
    assert ev[0].kind == "discard-goods"
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0)
    s.t_hand[A] = [tr]
    assert through_apply(s, A, DiscardCard(tr), turn.discard_card, tr)[0].kind == "discard"
    s.crew[A] = [0]
    assert through_apply(s, A, ReturnCard(0), crew.return_card, 0)[0].kind == "return"


def test_claiming_a_mission_or_the_first_wish_through_the_apply_is_logged():
    s = game()
    s.step, s.actor = S_TURN, A
    tidings = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Tidings: St. David")
    s.missions[A], s.m_prog[A] = [tidings], [0]
    ev = through_apply(s, A, ClaimMission(tidings), missions.claim, tidings)
    assert ev[0].kind == "complete"
    s.step, s.actor = S_TURN, A
    s.wish_kept[A] = 0  # A Merchant's Promise: wish 0, ClaimMission(WISH_CODE + 0)
    ev = through_apply(s, A, ClaimMission(C.WISH_CODE), family.claim, 0)
    assert ev[0] == E("wish-done", f"Red reveals the wish {C.WISHES[0].name} ({C.WISHES[0].text}): fulfilled", A,
                      reveal=True, wish=0)


def test_digging_goods_through_the_apply_is_logged():
    s = game()
    s.step, s.actor = S_TURN, A
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0 and t.length > 8)
    t = C.TREASURES[tr]
    s.track[A], s.track_pos[A], s.pos[A] = tr, 1, t.island
    s.cargo[A] = [0, 0, 0]
    s.cargo[A][t.res] = 1
    ev = through_apply(s, A, DigGoods(), treasure.dig_goods)
    assert ev[0].kind == "advance"


def test_the_smuggler_s_route_through_the_apply_is_logged():
    s = game()
    places = crew.smuggler_places(s)
    assert places
    tile, site, d = places[0]
    s.step, s.actor = S_ROUTE, A
    move = setup.route_move(tile, site, d)
    ev = through_apply(s, A, move, crew.smuggle, tile, site, d)
    assert ev[0].kind == "smuggle"


def test_the_rules_describe_a_move_as_the_text_module_does():
    s = game()
    for seat, move in ((A, Act(C.ACT_TRAVEL)), (B, Act(C.ACT_SELL)), (A, DiscardGoods(RUM))):
        assert RULES.describe(s, seat, move) == text.describe(s, seat, move)
    assert RULES.describe(s, B, Act(C.ACT_SELL)) != RULES.describe(s, A, Act(C.ACT_SELL))


# ---------------------------------------------------------------- common: more helpers


def test_two_lasting_bonuses_of_a_kind_add_up():
    s = game()
    rapier, cannon = (next(i for i, t in enumerate(C.TREASURES) if t.name == n)
                      for n in ("Drake's Rapier", "Portuguese Bronze Cannon"))
    s.t_ship[A] = [rapier, cannon]
    assert C.TREASURES[rapier].bonus == C.TREASURES[cannon].bonus == C.L_STRENGTH
    assert common.lasting(s, A, C.L_STRENGTH) == 2 and common.strength(s, A) == s.stg[A] + 2


def test_the_event_of_wind_card_0_counts():
    s = game()
    s.event = 0  # the first wind card's event: Extra rations
    assert C.WIND_EVENT[0] == C.EV_RATIONS and C.EVENTS[C.EV_RATIONS].value == 300
    assert common.event_value(s, C.EV_RATIONS) == 300 and common.event_value(s, C.EV_MOON) == 0
    s.event = -1
    assert common.event_value(s, C.EV_RATIONS) == 0


def test_goods_gained_up_to_the_room_left():
    s = game()
    s.hul[A], s.cargo[A] = 4, [1, 1, 0]
    ev: list[Event] = []
    assert common.gain_goods(s, A, RUM, 3, ev, "a reward") == 2
    assert ev == [E("gain", "Red takes 2 Rum (a reward); 1 find no room in the hold", A)] and s.cargo[A] == [1, 3, 0]
    s.hul[A] = 6
    ev = []
    assert common.gain_goods(s, A, COCOA, 2, ev, "a reward") == 2
    assert ev == [E("gain", "Red takes 2 Cocoa (a reward)", A)] and s.cargo[A] == [3, 3, 0]


def test_a_lost_hull_upgrade_throws_out_only_what_no_longer_fits():
    s = game()
    s.hul[B], s.cargo[B] = 4, [1, 1, 1]
    ev: list[Event] = []
    assert common.lose_upgrade(s, B, C.HULL, ev, "the red die")
    assert ev == [E("lose", "Blue loses 1 hull upgrade (the red die): now 3", B, attr=C.HULL)]
    assert s.stack == []  # 3 units in a hull of 3: nothing goes overboard
    common.lose_upgrade(s, B, C.HULL, None, "the red die")
    assert s.hul[B] == 2 and s.stack == [common.K_OVERBOARD | B << 5]
    s.stack = []
    common.lose_upgrade(s, B, C.STRENGTH, None, "the red die")
    assert s.stack == []


def test_the_mystic_under_the_blood_moon_never_pays_less_than_one_in_all():
    s = game()
    s.talent[A] = C.MYSTIC
    s.event = C.WIND_EVENT.index(C.EV_MOON)
    jaguar, kraken, totem = 4, 2, 0
    assert C.RITUALS[jaguar].cost == (2, 0, 0) and C.RITUALS[kraken].cost == (1, 2, 1)
    assert common.ritual_cost(s, A, jaguar) == (1, 0, 0)  # two less, but one at least
    assert common.ritual_cost(s, A, kraken) == (0, 1, 1)
    assert common.ritual_cost(s, A, totem) == (0, 0, 1)
    s.event = -1
    assert common.ritual_cost(s, A, jaguar) == (1, 0, 0) and common.ritual_cost(s, A, kraken) == (0, 2, 1)
    assert common.ritual_cost(s, B, kraken) == (1, 2, 1)


def test_a_reshuffled_deck_is_unknown_to_all_and_the_discards_are_gone():
    s = game()
    s.t_deck, s.t_mask, s.t_disc = [], [], [4, 7, 9]
    ev: list[Event] = []
    card = common.draw_treasure(s, ev)
    assert ev == [E("reshuffle", "The treasure deck ran out: the discard pile is shuffled into a new deck",
                    reveal=True)]
    assert card in (4, 7, 9) and sorted([*s.t_deck, card]) == [4, 7, 9] and s.t_disc == [] and s.t_mask == [0, 0]
    s.m_deck, s.m_mask, s.m_disc = [], [], [1, 2, 3]
    ev = []
    card = common.draw_mission(s, ev)
    assert ev == [E("reshuffle", "The mission deck ran out: the discard pile is shuffled into a new deck",
                    reveal=True)]
    assert s.m_mask == [0, 0] and s.m_disc == [] and len(s.m_deck) == 2


def next_face(s: State, die: tuple[int, ...], face: int) -> None:
    """Draw from the state's generator until its next roll of ``die`` shows ``face``."""
    while True:
        t = copy.deepcopy(s.rng)
        if die[t.below(len(die))] == face:
            return
        s.rng.below(len(die))


def test_the_white_die_s_extra_action_only_in_the_captain_s_own_turn():
    s = game()
    s.turn, s.actions = A, 1
    next_face(s, C.WHITE_DIE, C.WD_ACTION)
    ev: list[Event] = []
    common.roll_white(s, B, ev, "at the Ancient Shipyard", 3)
    assert ev[1:] == [E("action-lost", "it is not Blue's turn: the extra action is lost", B)] and s.actions == 1
    next_face(s, C.WHITE_DIE, C.WD_ACTION)
    ev = []
    common.roll_white(s, A, ev, "at the Ancient Shipyard", 3)
    assert [e.kind for e in ev] == ["roll"] and s.actions == 2
    s.over = True
    next_face(s, C.WHITE_DIE, C.WD_ACTION)
    common.roll_white(s, A, None, "at the Ancient Shipyard", 3)
    assert s.actions == 2


def test_the_green_die_loads_its_unit_or_asks_for_the_choice():
    s = game()
    s.hul[B], s.cargo[B] = 5, [0, 0, 0]
    next_face(s, C.GREEN_DIE, C.G_SUGAR)
    ev: list[Event] = []
    common.roll_green(s, B, ev, "in the Mangroves")
    assert ev == [E("roll", "Blue rolls the green die in the Mangroves: Sugar", B, reveal=True, die="green",
                    face="Sugar"),
                  E("gain", "Blue takes 1 Sugar (green die)", B)]
    assert s.cargo[B] == [0, 0, 1]
    next_face(s, C.GREEN_DIE, C.G_CHOICE)
    common.roll_green(s, B, None, "in the Mangroves")
    assert s.stack == [common.K_GAIN | B << 5]


# ---------------------------------------------------------------- the move table: more moves


def test_dropping_a_card_of_each_kind_through_the_apply_is_logged():
    from engine.games.shiver.rules.common import S_DROP
    from engine.games.shiver.state import D_CREW, D_MISSION, D_RITUAL, D_TREASURE, D_WISH, Drop

    s = game()
    s.step, s.actor, s.drop_kind = S_DROP, B, D_CREW
    s.crew[B] = [0, 1, 2, 5]
    assert RULES.legal(s, B) == [Drop(0), Drop(1), Drop(2), Drop(5)]
    assert through_apply(s, B, Drop(5), crew.return_card, 5)[0].kind == "return" and s.crew[B] == [0, 1, 2]
    s.step, s.actor, s.drop_kind = S_DROP, B, D_RITUAL
    s.rits[B] = [0, 3, 3, 8]
    assert RULES.legal(s, B) == [Drop(0), Drop(3), Drop(8)]
    through_apply(s, B, Drop(3), crew.return_card, 10 + 3)
    assert s.rits[B] == [0, 3, 8]
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0)
    s.step, s.actor, s.drop_kind = S_DROP, B, D_TREASURE
    s.t_hand[B] = [tr]
    assert through_apply(s, B, Drop(tr), treasure.discard_treasure, tr)[0].kind == "discard"
    m = next(i for i, c in enumerate(C.MISSIONS) if c.kind == C.SECRET)
    s.step, s.actor, s.drop_kind = S_DROP, B, D_MISSION
    s.missions[B], s.m_prog[B] = [m], [0]
    assert through_apply(s, B, Drop(m), missions.discard_mission, m)[0].kind == "discard-mission"
    s.step, s.actor, s.drop_kind = S_DROP, B, D_WISH
    s.shown = [1, 2, 4]
    s.wish_for = A
    ev = through_apply(s, B, Drop(2), family.discard, 2)
    assert ev


def test_improving_through_the_apply_is_logged_for_each_step():
    from engine.games.shiver.rules import combat
    from engine.games.shiver.rules.common import S_LOSE, S_REFIT, S_UPGRADE
    from engine.games.shiver.state import Improve

    s = game()
    s.gold[A] = 1000
    s.step, s.actor = S_UPGRADE, A
    assert through_apply(s, A, Improve(C.SPEED), trade.upgrade, C.SPEED)[0].kind == "upgrade"
    s.step, s.actor = S_REFIT, A
    assert through_apply(s, A, Improve(C.HULL), trade.refit, C.HULL)[0].kind == "refit"
    s.step, s.actor = S_LOSE, A
    assert through_apply(s, A, Improve(C.HULL), combat.lose, C.HULL)[0].kind == "lose"


def test_taking_a_card_through_the_apply_is_logged_for_each_pick():
    from engine.games.shiver.rules.common import S_LEARN, S_PICK
    from engine.games.shiver.state import P_REWARD, P_SCOUT, P_SOULMATE, P_WISH, Take

    s = game()
    s.step, s.actor = S_LEARN, A
    assert through_apply(s, A, Take(0), crew.learn, 0)[0].kind == "learn"
    tr = [i for i, t in enumerate(C.TREASURES) if t.family < 0][:3]
    for kind, step in ((P_SCOUT, treasure.scout_take), (P_REWARD, treasure.reward_take)):
        s.step, s.actor, s.pick_kind = S_PICK, A, kind
        s.t_hand[A] = []
        s.shown = list(tr)
        assert through_apply(s, A, Take(tr[1]), step, tr[1])
    s.step, s.actor, s.pick_kind = S_PICK, A, P_WISH
    s.wish_kept[A] = -1
    s.shown = [1, 2]
    assert through_apply(s, A, Take(2), family.keep, 2)
    s.step, s.actor, s.pick_kind = S_PICK, A, P_SOULMATE
    s.shown = list(s.soul_left)
    assert through_apply(s, A, Take(s.shown[0]), family.take_soulmate, s.shown[0])


def test_starting_a_hunt_through_the_apply_is_logged():
    from engine.games.shiver.state import StartHunt

    s = game()
    s.step, s.actor = S_TURN, A
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0 and t.island == s.pos[A])
    s.t_hand[A], s.track[A] = [tr], -1
    assert through_apply(s, A, StartHunt(tr), treasure.start_hunt, tr)[0].kind


# ---------------------------------------------------------------- names, the wind, the graph, the treasure count


def test_a_captain_s_name_the_colour_or_the_seat():
    s = game()
    s.names = ["Anne", ""]
    assert common.who(s, 0) == "Anne" and common.who(s, 1) == common.NAMES[1] == "Blue"
    assert common.who(s, 2) == common.NAMES[2]  # past the table's names: the colour
    n = len(common.NAMES)
    assert common.who(s, n) == f"seat {n}" and common.who(s, -1) == "seat -1"
    s.names = []
    assert common.who(s, 0) == common.NAMES[0]


def test_the_wind_of_the_card_the_round_s_setting_or_none():
    s = game()
    s.wind_set = -1
    s.wind = 0
    assert common.wind(s) == C.WIND_CARDS[0].value
    s.wind = -1
    assert common.wind(s) == 0 and C.WIND_CARDS[-1].value != 0
    s.wind_set = 4
    assert common.wind(s) == 4


def test_the_treasure_cards_held_count_the_first_treasure_on_the_track():
    s = game()
    s.t_hand[A], s.track[A] = [5, 6], 0
    assert common.treasure_cards(s, A) == 3
    s.track[A] = -1
    assert common.treasure_cards(s, A) == 2


def test_the_travel_graph_is_built_for_the_map_and_kept():
    from engine.games.shiver import chart

    common._GRAPHS.clear()  # filled before mutmut forks a mutant: cleared so the code under test runs
    s = game()
    g = common.the_graph(s)
    fresh = chart.graph(tuple(s.isl_site), tuple(s.routes))
    assert (g.n, g.anchors, g.spots, g.dist) == (fresh.n, fresh.anchors, fresh.spots, fresh.dist)
    assert common.the_graph(s) is g and common._GRAPHS[s.chart_key] == (len(s.routes), g)
    tile, site, d = crew.smuggler_places(s)[0]
    crew.smuggle(s, A, tile, site, d, None)  # a new route: a new key and a bigger graph
    bigger = common.the_graph(s)
    assert bigger is not g and bigger.n > g.n and common.the_graph(s) is bigger
    t = game()
    t.routes = list(s.routes)  # the same key with other routes counted: built afresh
    t.chart_key = s.chart_key
    t.routes = t.routes[:-3]
    assert common.the_graph(t).n == g.n


def test_a_white_die_upgrade_is_for_the_roller():
    s = game()
    next_face(s, C.WHITE_DIE, C.WD_UPGRADE)
    common.roll_white(s, B, None, "at the Ancient Shipyard", 3)
    assert s.stack == [common.K_REFIT | B << 5]


# ---------------------------------------------------------------- the rules object


def test_apply_runs_what_the_move_pushed_and_speaks_of_it():
    s = game()
    s.step, s.actor, s.actions = S_TURN, A, 3
    s.crew, s.rits = [[], []], [[], []]
    s.cargo[A], s.t_ship[A] = [0, 0, 0], []
    t = copy.deepcopy(s)
    ev = RULES.apply(s, A, Act(C.ACT_SELL))  # nothing to sell: the run of the stack says the action is spent
    assert [e.kind for e in ev] == ["announce", "action-spent"]
    assert RULES.apply(t, A, Act(C.ACT_SELL), quiet=True) == [] and t == s


def test_apply_refuses_what_is_no_move_of_this_game():
    import pytest

    with pytest.raises(ValueError, match="not a Shiver Me Timbers move: 42"):
        RULES.apply(game(), A, 42)


def test_legal_is_always_a_new_list():
    from engine.games.shiver.rules.common import S_TRAVEL

    s = game()
    s.step, s.actor = S_TRAVEL, A
    moves = RULES.legal(s, A)
    assert type(moves) is list and moves
    moves.clear()
    assert RULES.legal(s, A)  # the map's kept menu is untouched


def test_setup_reads_and_checks_the_options():
    import pytest

    from engine.core.rules import Config
    from engine.games.shiver import rules as shiver_rules

    shiver_rules._CHECKED.clear()  # filled before mutmut forks a mutant: cleared so the check runs
    s = RULES.setup(Config(2, 1, None))
    assert (s.resilient, s.neutral, s.events, s.epic) == (False, False, False, False)
    s = RULES.setup(Config(3, 1, {"resilient": "yes", "defender": "neutral", "events": "yes"}))
    assert (s.resilient, s.neutral, s.events, s.players) == (True, True, True, 3)
    with pytest.raises(Exception, match="2–4 players, not 5"):
        RULES.setup(Config(5, 1, RULES.options_from({})))
    with pytest.raises(Exception, match="map must be one of"):
        RULES.setup(Config(2, 1, shiver_rules.Options(map="bogus")))
    RULES.setup(Config(4, 1, shiver_rules.Options()))
    with pytest.raises(Exception, match="map must be one of"):
        RULES.setup(Config(4, 1, shiver_rules.Options(map="bogus")))  # another key: checked too


def test_an_origin_s_look_through_the_apply_is_logged():
    from engine.games.shiver.rules.common import S_PICK
    from engine.games.shiver.state import P_ORIGIN_M, P_ORIGIN_T, Take

    for kind, cards in ((P_ORIGIN_T, [i for i, t in enumerate(C.TREASURES) if t.family < 0][:2]),
                        (P_ORIGIN_M, [0, 1])):
        s = game()
        s.step, s.actor, s.pick_kind = S_PICK, A, kind
        s.shown = list(cards)
        assert through_apply(s, A, Take(cards[0]), setup.origin_take, cards[0])


def test_the_facts_the_equivalent_mutants_of_common_rest_on():
    """docs/mutation.md lists these mutants of rules/common.py as equivalent, for these reasons."""
    from engine.games.shiver import chart

    assert C.WIND_CARDS[0].value == 0  # wind card 0 (Becalmed) blows 0: `s.wind >= 0` → `> 0` reads the same
    s = game()
    # chart.graph keeps its graphs too: a travel graph built again is the same object
    assert chart.graph(tuple(s.isl_site), tuple(s.routes)) is chart.graph(tuple(s.isl_site), tuple(s.routes))
    # a ritual's cost shrinks only by the Mystic's and the Blood moon's one each, never below one in all
    assert all(sum(c.cost) >= 1 for c in C.RITUALS)
