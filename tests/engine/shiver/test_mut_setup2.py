"""The set-up's steps with their exact state change and events, part two (issue 10 item 9: the
slower mutants of rules/setup.py — the hidden life goals, the Quick Start and drafted maps'
beginnings, the merchants and fortresses, the hidden origins and talents, their reveal with each
origin's equipment, Port Royal's looks and the first round). Each test calls one step and checks
what changed and every event: words, kind, data, audience and reveal flag."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.core.rules import Config, Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import setup
from engine.games.shiver.rules.common import (
    K_BEGIN,
    K_ORIGIN,
    K_REFIT,
    S_DECK,
    S_NONE,
    S_PICK,
    S_PLACE,
    S_START,
    the_graph,
)
from engine.games.shiver.state import PickGoals, PlaceIsland, PlaceRoute, Rotate
from tests.engine.shiver.helpers import new, play, quick_game
from tests.engine.shiver.test_mut_combat import E
from tests.engine.shiver.test_mut_combat2 import op

A, B, G = 0, 1, 2
NAMES = ("Red", "Blue", "Green", "Yellow")


@pytest.fixture(autouse=True)
def fresh_move_caches():
    """setup's move caches are filled by the tests of the process mutmut forks each mutant from, so
    the code filling them would never run under a mutant (docs/mutation.md): empty them per test."""
    caches = (setup.PICK_GOALS, setup._ISLAND_MOVES, setup._ROUTE_MOVES, setup._ROTATE_MOVES)
    for c in caches:
        c.clear()
    yield
    for c in caches:
        c.clear()


def test_hiding_two_life_goals_tells_the_others_that_and_the_seat_which():
    s = new(3, seed=5)
    a, b = s.goals[0], s.goals[2]
    ev: list[Event] = []
    setup.pick_goals(s, B, a, b, ev)
    names = f"{C.LIFE_GOALS[a].number} {C.LIFE_GOALS[a].name} and {C.LIFE_GOALS[b].number} {C.LIFE_GOALS[b].name}"
    assert ev == [E("goals", "Blue hides two life goal markers in the chest", B, to=(A, G)),
                  E("goals", f"Blue hides life goals {names} in the chest", B, to=(B,), goals=[a, b])]
    assert s.secret[B] == [a, b] and s.secret[A] == []


def test_hiding_three_in_the_epic_game():
    s = new(2, seed=5, opts={"epic": "yes"})
    a, b, c = s.goals[:3]
    ev: list[Event] = []
    setup.pick_goals(s, A, a, b, ev, c)
    assert ev[0] == E("goals", "Red hides three life goal markers in the chest", A, to=(B,))
    assert ev[1].data == {"seat": A, "goals": [a, b, c]} and s.secret[A] == [a, b, c]
    assert setup.secret_count(s) == C.EPIC_SECRET_GOALS


def test_the_last_goals_begin_the_quick_start_map():
    s = new(2, seed=5)
    setup.pick_goals(s, A, s.goals[0], s.goals[1], None)
    assert s.step != S_START
    ev: list[Event] = []
    setup.pick_goals(s, B, s.goals[0], s.goals[1], ev)
    g = the_graph(s)
    assert ev[2] == E("map", "The map is the Quick Start map", map="quick-start")
    assert ev[3] == E("merchants", f"Fortresses face down on every island; {len(g.anchors)} small merchants face down "
                      "on the anchor spots", reveal=True)
    assert s.step == S_START and s.actor == -1


def test_the_quick_start_map_leaves_the_unused_tiles_in_the_box():
    s = quick_game(2, seed=5)
    used = set(s.routes[0::3])
    assert s.box == [t for t in range(len(C.ROUTES)) if t not in used] and s.box


def test_merchants_and_fortresses_are_laid_out():
    s = quick_game(3, seed=5)
    g = the_graph(s)
    n = g.n
    assert len(s.merchant) == len(s.m_up) == len(s.m_known) == len(s.m_safe) == len(s.m_damage) == n
    assert sorted(s.fortress) == list(range(C.FORTRESSES))
    on_anchor = [s.merchant[x] for x in g.anchors]
    assert all(C.MERCHANTS[m].size == C.SMALL for m in on_anchor)
    assert sorted(on_anchor + s.m_stack) == sorted(list(C.SMALL_MERCHANTS) + list(C.LARGE_MERCHANTS))
    large = len(C.LARGE_MERCHANTS)
    assert sorted(s.m_stack[:large]) == sorted(C.LARGE_MERCHANTS)
    assert sum(1 for m in s.merchant if m >= 0) == len(g.anchors)
    assert sorted(s.hunt_deck) == list(range(len(C.HUNT_CARDS)))


def test_a_drafted_map_begins_with_two_islands_at_random_for_two_players():
    s = new(2, seed=5, opts={"map": "draft"})
    setup.pick_goals(s, A, s.goals[0], s.goals[1], None)
    ev: list[Event] = []
    setup.pick_goals(s, B, s.goals[0], s.goals[1], ev)
    placed = [i for i, site in enumerate(s.isl_site) if site >= 0]
    tile = s.routes[0]
    assert len(placed) == 2 and s.routes[1:] == [setup.chart.site(-1, 0), 0] and tile in C.LONG_TILES
    a = next(i for i in placed if s.isl_site[i] == setup.chart.site(-1, 0))
    b = next(i for i in placed if s.isl_site[i] == setup.chart.site(1, 0))
    assert ev[2] == E("draft-start", f"Map building begins with {C.ISLANDS[a].name} and {C.ISLANDS[b].name} drawn at "
                      f"random, joined by the {C.ROUTES[tile].name}", reveal=True, islands=[a, b], tile=tile)
    assert tile not in s.box and s.draft == 0 and s.step == S_PLACE and s.rotated is False
    off, need = setup.DRAFT_SCRIPT[2][0]
    assert s.draft_need == need and s.actor == (s.start + off) % 2


def test_a_drafted_map_for_three_begins_with_nothing_placed():
    s = new(3, seed=5, opts={"map": "draft"})
    for seat in range(3):
        setup.pick_goals(s, seat, s.goals[0], s.goals[1], None)
    assert all(site < 0 for site in s.isl_site) and s.routes == [] and s.step == S_PLACE


def test_a_hidden_origin_and_talent():
    s = new(3, seed=5)
    for seat in range(3):
        play_goals(s, seat)
    ev: list[Event] = []
    setup.pick_start(s, B, C.THE_BAY, 2, ev)
    assert ev == [E("start", "Blue lays an origin and a talent marker face down", B, to=(A, G)),
                  E("start", f"Blue chooses {C.ISLANDS[C.THE_BAY].name} and {C.TALENTS[2].name}", B, to=(B,),
                    origin=C.THE_BAY, talent=2)]
    assert s.origin[B] == C.THE_BAY and s.talent[B] == 2 and not s.revealed


def play_goals(s, seat: int) -> None:
    setup.pick_goals(s, seat, s.goals[0], s.goals[1], None)


def revealed(origins: list[int], players: int = 3, epic: bool = False) -> tuple[object, list[Event]]:
    s = new(players, seed=5, opts={"epic": "yes"} if epic else None)
    for seat in range(players):
        play_goals(s, seat)
    for seat in range(players - 1):
        setup.pick_start(s, seat, origins[seat], seat, None)
    ev: list[Event] = []
    setup.pick_start(s, players - 1, origins[-1], players - 1, ev)
    return s, ev


def test_the_reveal_equips_every_ship_from_its_origin():
    producing = next(i for i, isl in enumerate(C.ISLANDS) if isl.produces >= 0)
    s, ev = revealed([producing, C.THE_BAY, C.ISLA_OSCURA])
    assert s.revealed and s.stack[0] == op(K_BEGIN)
    reveals = [e for e in ev if e.kind == "reveal-start"]
    order = [(s.start + k) % 3 for k in range(3)]
    gear = {A: f"{C.ORIGIN_GOODS} {C.RESOURCES[C.ISLANDS[producing].produces]}",
            B: "a Daring Cabin Boy and a Veteran Sellsword", G: "a Hummingbird Totem and the Power of Ik"}
    assert reveals == [E("reveal-start", f"{NAMES[x]} sets sail from {C.ISLANDS[s.origin[x]].name} as a "
                         f"{C.TALENTS[x].name}, with {gear[x]} and {C.START_GOLD} Gold", x, reveal=True,
                         origin=s.origin[x], talent=x) for x in order]
    assert s.cargo[A][C.ISLANDS[producing].produces] == C.ORIGIN_GOODS and s.crew[B] == [C.CABIN_BOY, C.SELLSWORD]
    assert s.rits[G] == [C.TOTEM, C.IK] and s.gold == [C.START_GOLD] * 3
    assert s.pos == [producing, C.THE_BAY, C.ISLA_OSCURA]
    assert [s.visited[x] for x in range(3)] == [1 << producing, 1 << C.THE_BAY, 1 << C.ISLA_OSCURA]
    assert s.taken[C.CABIN_BOY] == 1 and s.taken[C.SELLSWORD] == 1 and s.taken[9 + C.TOTEM] == 1
    assert s.taken[9 + C.IK] == 1


def test_port_royal_gets_two_looks_and_the_epic_game_free_upgrades():
    s, ev = revealed([C.PORT_ROYAL, C.THE_BAY, C.PORT_ROYAL], epic=True)
    assert s.origin_looks == [C.ORIGIN_LOOKS, 0, C.ORIGIN_LOOKS]
    text = [e.text for e in ev if e.kind == "reveal-start"]
    assert any("two looks at the mission or treasure deck" in t for t in text)
    order = [(s.start + k) % 3 for k in range(3)]
    refits = [op(K_REFIT, x) for x in reversed(order) for _ in range(C.EPIC_FREE_UPGRADES)]
    looks = [op(K_ORIGIN, x) for x in reversed(order) if x != B]
    assert s.stack == [op(K_BEGIN), *looks, *refits]


def test_no_starting_card_when_the_deck_has_none_left():
    s, _ = revealed([C.THE_BAY, C.THE_BAY, C.PORT_ROYAL])
    hand: list[int] = []
    s.crew_deck[C.CABIN_BOY] = 0
    taken = s.taken[C.CABIN_BOY]
    setup._starting_card(s, A, s.crew_deck, hand, C.CABIN_BOY, 0)
    assert hand == [] and s.taken[C.CABIN_BOY] == taken
    s.crew_deck[C.CABIN_BOY] = 1
    setup._starting_card(s, A, s.crew_deck, hand, C.CABIN_BOY, 0)
    assert hand == [C.CABIN_BOY] and s.crew_deck[C.CABIN_BOY] == 0 and s.taken[C.CABIN_BOY] == taken + 1


def looking(deck: int) -> tuple[object, list[Event]]:
    s, _ = revealed([C.PORT_ROYAL, C.THE_BAY, C.THE_BAY])
    s.step = S_NONE
    s.stack.clear()
    setup._origin_look(s, A, 0, None)
    assert s.step == S_DECK and s.actor == A
    ev: list[Event] = []
    setup.choose_deck(s, A, deck, ev)
    return s, ev


def test_a_look_at_the_mission_deck():
    s, ev = looking(0)
    shown = s.shown
    assert len(shown) == 2 and s.origin_looks[A] == C.ORIGIN_LOOKS - 1 and s.pick_kind == setup.P_ORIGIN_M
    assert ev == [E("look", "Red looks at the top two cards of the mission deck", A, deck="mission"),
                  E("see", f"Red sees {', '.join(C.MISSIONS[c].name for c in shown)}", A, to=(A,), reveal=True,
                    cards=list(shown))]
    assert s.step == S_PICK and s.actor == A


def test_a_look_at_the_treasure_deck_and_the_card_kept():
    s, ev = looking(1)
    shown = list(s.shown)
    assert s.pick_kind == setup.P_ORIGIN_T
    assert ev[0] == E("look", "Red looks at the top two cards of the treasure deck", A, deck="treasure")
    assert ev[1].text == f"Red sees {', '.join(C.TREASURES[c].name for c in shown)}"
    assert setup.origin_pick_legal(s, A) == [setup.TAKE[c] for c in shown]
    bottom = len(s.t_deck)
    ev = []
    setup.origin_take(s, A, shown[0], ev)
    assert ev == [E("keep", "Red keeps a treasure card and returns the other to the bottom", A),
                  E("keep", f"Red keeps {C.TREASURES[shown[0]].name}", A, to=(A,), card=shown[0])]
    assert s.t_hand[A][-1] == shown[0] and s.t_deck[0] == shown[1] and len(s.t_deck) == bottom + 1
    assert s.t_mask[0] == 1 << A and s.shown == [] and s.step == S_NONE and s.stack[-1] == op(K_ORIGIN, A)


def test_no_second_official_mission():
    s, ev = looking(0)
    official = [c for c, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL]
    s.missions[A] = [official[0]]
    s.m_prog[A] = [0]
    s.shown = official[1:3]
    assert setup.origin_pick_legal(s, A) == [setup.TAKE[-1]]
    s.origin_looks[A] = 0
    n = len(s.stack)
    ev = []
    setup.origin_take(s, A, -1, ev)
    assert ev == [E("keep", "Red may not take a second official mission: both return to the bottom", A)]
    assert s.m_deck[:2] == official[2:0:-1] and s.m_mask[:2] == [1 << A, 1 << A] and len(s.stack) == n
    assert s.missions[A] == [official[0]]


def test_a_mission_kept():
    s, ev = looking(0)
    secret = [c for c, m in enumerate(C.MISSIONS) if m.kind == C.SECRET][:2]
    s.shown = list(secret)
    assert setup.origin_pick_legal(s, A) == [setup.TAKE[c] for c in secret]
    ev = []
    setup.origin_take(s, A, secret[1], ev)
    assert s.missions[A][-1] == secret[1] and s.m_deck[0] == secret[0] and ev[0].kind == "mission"


def test_the_first_round_begins():
    s, _ = revealed([C.THE_BAY, C.THE_BAY, C.THE_BAY])
    top = s.wind_deck[-1]
    ev: list[Event] = []
    setup._begin(s, 0, 0, ev)
    w = C.WIND_CARDS[top]
    assert s.round == 1 and s.wind == top and s.turn == s.start and s.actions == C.ACTIONS_PER_TURN
    assert ev[0] == E("round", f"Round 1 begins. The wind: {w.name} ({w.value})", reveal=True, round=1, wind=w.value)


def test_every_origin_and_talent_may_be_chosen():
    s = new(2, seed=5)
    assert setup.start_legal(s, A) == [setup.PICK_START[o][t] for o in range(6) for t in range(6)]
    assert setup.PICK_START[2][3].origin == 2 and setup.PICK_START[2][3].talent == 3
    assert len(setup.deck_legal(s, A)) == 2


def test_goal_menus():
    s = new(2, seed=5)
    g = s.goals
    assert setup.goals_legal(s, A) == [setup.pick_goals_move(g[i], g[j]) for i in range(len(g))
                                       for j in range(i + 1, len(g))]
    s = new(2, seed=5, opts={"epic": "yes"})
    g = s.goals
    moves = setup.goals_legal(s, A)
    assert len(moves) == len(g) * (len(g) - 1) * (len(g) - 2) // 6 and moves[0] == setup.pick_goals_move(g[0], g[1],
                                                                                                        g[2])


def test_play_reaches_the_start_step():
    s = new(2, seed=5)
    play(s, A, PickGoals(s.goals[0], s.goals[1]))
    play(s, B, PickGoals(s.goals[0], s.goals[1]))
    assert s.step == S_START


def test_the_move_makers_build_each_move_once():
    assert setup.island_move(2, 17) == PlaceIsland(2, 17) and setup.island_move(2, 17) is setup.island_move(2, 17)
    assert setup.route_move(3, 40, 1) == PlaceRoute(3, 40, 1) and setup.route_move(3, 40, 1) is setup.route_move(3, 40, 1)
    assert setup.rotate_move(1, 2, -1) == Rotate(1, 2, -1) and setup.rotate_move(1, 2, -1) is setup.rotate_move(1, 2, -1)
    assert setup.pick_goals_move(1, 4) == PickGoals(1, 4, -1) and setup.pick_goals_move(1, 4) is setup.pick_goals_move(1, 4)


def test_the_first_mission_card_may_be_seen_and_an_empty_deck_is_reshuffled():
    s, _ = looking(0)
    s.origin_looks[A] = 1
    s.m_deck = [5, 0]
    s.m_mask = [0, 0]
    ev: list[Event] = []
    setup.choose_deck(s, A, 0, ev)
    assert s.shown == [0, 5]
    s, _ = looking(1)
    s.origin_looks[A] = 1
    s.t_deck, s.t_mask, s.t_disc = [], [], [3, 4]
    ev = []
    setup.choose_deck(s, A, 1, ev)
    assert ev[0] == E("reshuffle", "The treasure deck ran out: the discard pile is shuffled into a new deck", reveal=True)
    assert sorted(s.shown) == [3, 4]


def finish_draft() -> list[Event]:
    """Play a two-player draft with the first legal placements; the events of the last one."""
    s = drafting_state()
    last: list[Event] = []
    while s.step == S_PLACE:
        moves = [m for m in setup.place_legal(s, s.actor) if not isinstance(m, Rotate)]
        last = play(s, s.actor, moves[0])
    assert s.draft == -1 and s.step == S_START
    return last


def drafting_state():
    s = new(2, seed=5, opts={"map": "draft"})
    for seat in range(2):
        play(s, seat, PickGoals(s.goals[0], s.goals[1]))
    return s


def test_the_last_placement_builds_the_map_aloud():
    assert all(need == setup.ROUTE for _, need in setup.DRAFT_SCRIPT[2][-2:])  # the last turns place routes
    ev = finish_draft()
    assert [e.kind for e in ev] == ["place-route", "map", "merchants"]
    assert ev[1] == E("map", "The map is built", map="draft")


def test_a_route_alone_offers_no_island():
    s = drafting_state()
    s.draft_need = setup.ROUTE
    moves = setup.place_legal(s, s.actor)
    assert any(isinstance(m, PlaceRoute) for m in moves) and not any(isinstance(m, PlaceIsland) for m in moves)


def test_two_secret_goals_outside_the_epic_game():
    assert setup.secret_count(new(2, seed=5)) == C.SECRET_GOALS != C.EPIC_SECRET_GOALS


def test_the_first_mission_card_may_be_kept():
    s, _ = looking(0)
    s.missions[A], s.m_prog[A] = [], []
    other = next(c for c, m in enumerate(C.MISSIONS) if c > 0 and m.kind == C.SECRET)
    s.shown = [0, other]
    assert setup.TAKE[0] in setup.origin_pick_legal(s, A)
    setup.origin_take(s, A, 0, None)
    assert s.missions[A] == [0] and s.m_deck[0] == other


def test_the_names_given_and_the_defaults_for_the_blank_and_the_missing():
    s = setup.new_state(Config(3, 5, RULES.options_from({}), names=["Ann", ""]), setup.MAP_QUICK)
    assert s.names == ["Ann", NAMES[1], NAMES[2]] and not s.epic  # not epic unless asked


def test_the_family_cards_wait_outside_the_treasure_deck():
    s = setup.new_state(Config(2, 5, RULES.options_from({})), setup.MAP_QUICK)
    assert sorted({t.family for t in C.TREASURES if t.family >= 0}) == [8, 9, 10]  # no family card names relative 0
    assert sorted(s.t_deck) == [c for c, t in enumerate(C.TREASURES) if t.family < 0]


def test_goal_0_as_the_third_of_three():
    s = new(2, seed=5, opts={"epic": "yes"})
    ev: list[Event] = []
    setup.pick_goals(s, A, 4, 7, ev, 0)
    assert s.secret[A] == [4, 7, 0] and ev[0].text == "Red hides three life goal markers in the chest"
    assert setup.pick_goals_move(1, 4, 2) == PickGoals(1, 4, 2)


def test_the_random_start_draws_the_first_two_of_the_shuffled_islands():
    s = new(2, seed=5, opts={"map": "draft"})
    setup.pick_goals(s, A, s.goals[0], s.goals[1], None)
    rng = Rng(s.rng.state)
    isles = list(range(6))
    rng.shuffle(isles)
    setup.pick_goals(s, B, s.goals[0], s.goals[1], None)
    assert s.isl_site[isles[0]] == setup.chart.site(-1, 0) and s.isl_site[isles[1]] == setup.chart.site(1, 0)


def test_port_royals_gear_is_two_looks():
    s, ev = revealed([C.PORT_ROYAL, C.THE_BAY, C.THE_BAY])
    e = next(e for e in ev if e.kind == "reveal-start" and e.seat == A)
    assert e.text == (f"Red sets sail from {C.ISLANDS[C.PORT_ROYAL].name} as a {C.TALENTS[0].name}, with two looks at "
                      f"the mission or treasure deck and {C.START_GOLD} Gold")


def test_a_route_alone_offers_no_island_even_beside_an_open_end():
    s = drafting_state()
    route = next(m for m in setup.place_legal(s, s.actor) if isinstance(m, PlaceRoute))
    play(s, s.actor, route)
    assert s.draft_need == setup.ISLAND and any(isinstance(m, PlaceIsland) for m in setup.place_legal(s, s.actor))
    s.draft_need = setup.ROUTE
    assert not any(isinstance(m, PlaceIsland) for m in setup.place_legal(s, s.actor))
