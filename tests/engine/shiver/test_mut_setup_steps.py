"""Set-up steps with their exact events and audiences (issue 10 item 9: the mutants of rules/setup.py
that survived on rules v5 were the move caches — filled before mutmut's fork —, the origin and talent
chosen in secret — the private line's audience is the chooser alone —, the Bay's and Isla Oscura's
starting cards, the Port Royal looks at a deck, the draft's turns and its end, and the islands still
to place)."""

from __future__ import annotations

import msgspec

from engine.core.rules import Config, Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import setup
from engine.games.shiver.rules.common import K_ORIGIN, S_NONE, S_PICK, S_PLACE, S_START
from engine.games.shiver.state import (
    P_ORIGIN_M,
    P_ORIGIN_T,
    PickGoals,
    PickStart,
    PlaceIsland,
    PlaceRoute,
    Rotate,
    State,
)
from tests.engine.shiver.helpers import E, new, quick_game

A, B, D = 0, 1, 2



def test_the_map_moves_are_made_once_and_kept():
    for cache in (setup._ISLAND_MOVES, setup._ROUTE_MOVES, setup._ROTATE_MOVES):
        cache.clear()  # filled before mutmut forks a mutant: cleared so the code under test runs
    i = setup.island_move(3, 312)
    assert i == PlaceIsland(3, 312) and setup.island_move(3, 312) is i and setup.island_move(2, 312) != i
    r = setup.route_move(5, 311, 2)
    assert r == PlaceRoute(5, 311, 2) and setup.route_move(5, 311, 2) is r and setup.route_move(5, 311, 3) != r
    t = setup.rotate_move(1, 312, -1)
    assert t == Rotate(1, 312, -1) and setup.rotate_move(1, 312, -1) is t and setup.rotate_move(1, 312, 1) != t


def test_two_secret_goals_or_three_in_an_epic_game():
    s = new(2, 1)
    assert setup.secret_count(s) == C.SECRET_GOALS == 2
    s.epic = True
    assert setup.secret_count(s) == C.EPIC_SECRET_GOALS == 3
    s = new(3, 1)
    assert setup._others(s, B) == (A, D)


def test_an_origin_and_a_talent_are_chosen_in_secret():
    s = new(3, 1)
    for seat in range(3):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    ev: list[Event] = []
    setup.pick_start(s, B, C.ST_DAVID, C.HAGGLER, ev)
    assert ev == [
        E("start", "Blue lays an origin and a talent marker face down", B, to=(A, D)),
        E("start", f"Blue chooses St. David and {C.TALENTS[C.HAGGLER].name}", B, to=(B,), origin=C.ST_DAVID,
          talent=C.HAGGLER),
    ]
    assert s.origin[B] == C.ST_DAVID and s.talent[B] == C.HAGGLER and not s.revealed and s.step == S_START


def test_the_bay_s_starting_crew_comes_from_the_deck_while_it_lasts():
    s = quick_game(2, seed=1)
    deck, taken = list(s.crew_deck), list(s.taken)
    s.crew[A] = []
    setup._starting_card(s, A, s.crew_deck, s.crew[A], C.CABIN_BOY, 0)
    deck[C.CABIN_BOY] -= 1
    taken[C.CABIN_BOY] += 1
    assert s.crew_deck == deck and s.crew[A] == [C.CABIN_BOY] and s.taken == taken
    s.rit_deck[C.IK] = 0
    setup._starting_card(s, A, s.rit_deck, s.rits[A], C.IK, 9)
    assert s.rits[A] == [] and s.taken == taken and s.rit_deck[C.IK] == 0
    s.rit_deck[C.IK] = 1
    setup._starting_card(s, A, s.rit_deck, s.rits[A], C.IK, 9)
    taken[9 + C.IK] += 1
    assert s.rits[A] == [C.IK] and s.taken == taken and s.rit_deck[C.IK] == 0


def looking(seat: int, looks: int) -> State:
    s = quick_game(2, seed=1)
    s.stack = []
    s.origin_looks[seat] = looks
    return s


def test_a_look_at_the_mission_deck_shows_its_top_two_to_the_looker():
    s = looking(B, 2)
    top = [s.m_deck[-1], s.m_deck[-2]]
    ev: list[Event] = []
    setup.choose_deck(s, B, 0, ev)
    names = ", ".join(C.MISSIONS[c].name for c in top)
    assert ev == [E("look", "Blue looks at the top two cards of the mission deck", B, deck="mission"),
                  E("see", f"Blue sees {names}", B, to=(B,), reveal=True, cards=top)]
    assert s.shown == top and s.pick_kind == P_ORIGIN_M and s.step == S_PICK and s.actor == B
    assert s.origin_looks[B] == 1


def test_a_look_at_the_treasure_deck():
    s = looking(A, 1)
    top = [s.t_deck[-1], s.t_deck[-2]]
    ev: list[Event] = []
    setup.choose_deck(s, A, 1, ev)
    names = ", ".join(C.TREASURES[c].name for c in top)
    assert ev == [E("look", "Red looks at the top two cards of the treasure deck", A, deck="treasure"),
                  E("see", f"Red sees {names}", A, to=(A,), reveal=True, cards=top)]
    assert s.shown == top and s.pick_kind == P_ORIGIN_T and s.origin_looks[A] == 0


def test_keeping_a_treasure_card_from_a_look():
    s = looking(A, 1)
    setup.choose_deck(s, A, 1, None)
    keep, back = s.shown
    deck, mask = list(s.t_deck), list(s.t_mask)
    ev: list[Event] = []
    setup.origin_take(s, A, keep, ev)
    assert ev == [E("keep", "Red keeps a treasure card and returns the other to the bottom", A),
                  E("keep", f"Red keeps {C.TREASURES[keep].name}", A, to=(A,), card=keep)]
    assert s.t_hand[A][-1] == keep and s.t_deck == [back, *deck] and s.t_mask == [1 << A, *mask]
    assert s.shown == [] and s.step == S_NONE and s.stack == []  # no look left


def test_keeping_a_mission_and_a_second_look_to_come():
    s = looking(B, 2)
    setup.choose_deck(s, B, 0, None)
    keep, back = s.shown
    deck = list(s.m_deck)
    ev: list[Event] = []
    setup.origin_take(s, B, keep, ev)
    assert keep in s.missions[B] and s.m_deck == [back, *deck] and s.m_mask[0] == 1 << B
    assert ev and all(e.kind != "keep" for e in ev)
    assert s.shown == [] and s.step == S_NONE and s.stack == [K_ORIGIN | B << 5]


def test_no_second_official_mission_both_go_back():
    s = looking(A, 1)
    setup.choose_deck(s, A, 0, None)
    shown = list(s.shown)
    deck = list(s.m_deck)
    held = list(s.missions[A])
    ev: list[Event] = []
    setup.origin_take(s, A, -1, ev)
    assert ev == [E("keep", "Red may not take a second official mission: both return to the bottom", A)]
    assert s.missions[A] == held and s.m_deck == [*reversed(shown), *deck]


# ---------------------------------------------------------------- the draft


def drafted(players: int, seed: int) -> tuple[State, list[Event]]:
    """A drafted map built with the first legal placement every time, its events collected."""
    s = RULES.setup(Config(players, seed, RULES.options_from({"map": "draft"})))
    ev: list[Event] = []
    for seat in range(players):
        ev += RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    while s.step == S_PLACE:
        seat = s.actor
        moves = RULES.legal(s, seat)
        mv = next((m for m in moves if not isinstance(m, Rotate)), moves[0])
        ev += RULES.apply(s, seat, mv)
    return s, ev


def test_the_draft_takes_its_turns_and_says_when_the_map_is_built():
    for players in (2, 3, 4):
        s, ev = drafted(players, 7)
        kinds = [e.kind for e in ev]
        assert kinds.count("map") == 1, kinds
        assert ev[kinds.index("map")] == E("map", "The map is built", map="draft")
        assert kinds[kinds.index("map") + 1] == "merchants"
        assert kinds.count("place-island") == 6 - (2 if setup.RANDOM_START[players] else 0)
        script = setup.DRAFT_SCRIPT[players]
        assert kinds.count("place-route") == sum(1 for _, need in script if need & setup.ROUTE)
        assert s.draft == -1 and s.step == S_START and min(s.isl_site) >= 0


def test_a_draft_turn_in_progress_is_a_state_that_saves():
    s = RULES.setup(Config(2, 7, RULES.options_from({"map": "draft"})))
    for seat in range(2):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    assert s.step == S_PLACE and s.rotated is False
    again = msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=State)
    assert again == s


def test_a_route_only_turn_offers_no_island_and_a_placed_island_is_not_offered_again():
    s = RULES.setup(Config(2, 7, RULES.options_from({"map": "draft"})))
    for seat in range(2):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    while not any(isinstance(m, PlaceIsland) for m in RULES.legal(s, s.actor)):  # to a turn placing an island
        moves = RULES.legal(s, s.actor)
        RULES.apply(s, s.actor, next(m for m in moves if not isinstance(m, Rotate)))
    assert s.step == S_PLACE and s.draft_need & setup.ISLAND
    free = [i for i in range(6) if s.isl_site[i] < 0]
    offered = {m.island for m in setup.place_legal(s, s.actor) if isinstance(m, PlaceIsland)}
    assert offered == set(free) and len(free) >= 2
    s.isl_site[free[0]] = 0  # an island placed on the lattice's first site is placed all the same
    offered = {m.island for m in setup.place_legal(s, s.actor) if isinstance(m, PlaceIsland)}
    assert offered == set(free[1:])
    s.isl_site[free[0]] = -1
    s.draft_need = setup.ROUTE
    assert not any(isinstance(m, PlaceIsland) for m in setup.place_legal(s, s.actor))


def test_pick_start_moves_are_chosen_by_everyone_before_the_reveal():
    s = new(2, 1)
    for seat in range(2):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    ev = RULES.apply(s, A, PickStart(C.ST_DAVID, C.TRAMP))
    assert [e.kind for e in ev] == ["start", "start"] and not s.revealed
    ev = RULES.apply(s, B, PickStart(C.SAO_TOME, C.MYSTIC))
    assert "reveal-start" in [e.kind for e in ev] and s.revealed


def test_the_reveal_tells_each_captain_s_origin_talent_and_gear():
    s = new(2, 1)
    for seat in range(2):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    taken = list(s.taken)
    RULES.apply(s, A, PickStart(C.ST_DAVID, C.TRAMP))
    ev = RULES.apply(s, B, PickStart(C.THE_BAY, C.MYSTIC))
    reveal = [e for e in ev if e.kind == "reveal-start"]
    order = [(s.start + k) % 2 for k in range(2)]
    lines = {
        A: E("reveal-start", f"Red sets sail from St. David as a {C.TALENTS[C.TRAMP].name}, with {C.ORIGIN_GOODS} Rum "
             f"and {C.START_GOLD} Gold", A, reveal=True, origin=C.ST_DAVID, talent=C.TRAMP),
        B: E("reveal-start", f"Blue sets sail from The Bay as a {C.TALENTS[C.MYSTIC].name}, with a Daring Cabin Boy "
             f"and a Veteran Sellsword and {C.START_GOLD} Gold", B, reveal=True, origin=C.THE_BAY, talent=C.MYSTIC),
    }
    assert reveal == [lines[seat] for seat in order]
    taken[C.CABIN_BOY] += 1
    taken[C.SELLSWORD] += 1
    assert s.taken == taken and s.crew[B] == [C.CABIN_BOY, C.SELLSWORD] and s.cargo[A][C.RUM] == C.ORIGIN_GOODS
    assert s.visited == [1 << C.ST_DAVID, 1 << C.THE_BAY]


def test_a_starting_card_counts_up_the_cards_taken():
    s = quick_game(2, seed=1)
    s.taken[C.CABIN_BOY] = 2
    setup._starting_card(s, B, s.crew_deck, s.crew[B], C.CABIN_BOY, 0)
    assert s.taken[C.CABIN_BOY] == 3


def test_a_look_shows_card_0_and_a_deck_run_out_is_reshuffled_aloud():
    s = looking(A, 2)
    s.m_deck = [5, 0]  # Tidings: St. David, mission 0, on top
    s.m_mask = [0, 0]
    setup.choose_deck(s, A, 0, None)
    assert s.shown == [0, 5]
    setup.origin_take(s, A, 0, None)  # mission 0 kept, not refused
    assert 0 in s.missions[A]
    s.m_deck, s.m_mask, s.m_disc = [], [], [7, 8, 9]
    ev: list[Event] = []
    setup.choose_deck(s, A, 0, ev)
    assert ev[0] == E("reshuffle", "The mission deck ran out: the discard pile is shuffled into a new deck",
                      reveal=True)
    assert [e.kind for e in ev] == ["reshuffle", "look", "see"] and len(s.shown) == 2


def test_the_facts_the_equivalent_mutants_of_setup_rest_on():
    """docs/mutation.md lists these mutants of rules/setup.py as equivalent, for these reasons."""
    from engine.games.shiver import chart

    # the draft's last turn places a route only, so it is a route that ends the draft
    for players, script in setup.DRAFT_SCRIPT.items():
        assert script[-1][1] == setup.ROUTE, players
    # a draft turn begins without a word
    s = RULES.setup(Config(2, 7, RULES.options_from({"map": "draft"})))
    for seat in range(2):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    ev: list[Event] = []
    setup.begin_draft_turn(s, ev)
    assert ev == []
    # a route turns one arrow left or right: +1 or -1, never 0
    rots = chart.rotations(tuple(s.isl_site), tuple(s.routes))
    assert rots and {t for _, _, t in rots} <= {-1, 1}
    # nothing is visited before the origins are revealed
    s = new(3, 1)
    assert s.visited == [0, 0, 0]


# ---------------------------------------------------------------- goals, the map's start, names


def test_hiding_two_goals_or_three_in_secret():
    s = new(3, 1)
    g = s.goals
    ev: list[Event] = []
    setup.pick_goals(s, B, g[0], g[2], ev)
    names = f"{C.LIFE_GOALS[g[0]].number} {C.LIFE_GOALS[g[0]].name} and {C.LIFE_GOALS[g[2]].number} {C.LIFE_GOALS[g[2]].name}"
    assert ev == [E("goals", "Blue hides two life goal markers in the chest", B, to=(A, D)),
                  E("goals", f"Blue hides life goals {names} in the chest", B, to=(B,), goals=[g[0], g[2]])]
    assert s.secret[B] == [g[0], g[2]]
    s = new(2, 1, {"epic": "yes"})
    ev = []
    setup.pick_goals(s, A, 3, 5, ev, 8)
    assert ev[0] == E("goals", "Red hides three life goal markers in the chest", A, to=(B,))
    assert ev[1].data == {"seat": A, "goals": [3, 5, 8]} and ev[1].to == (A,) and s.secret[A] == [3, 5, 8]


def test_the_last_goals_hidden_begin_the_quick_start_map_aloud():
    setup.PICK_GOALS.clear()  # filled before mutmut forks a mutant: cleared so the code under test runs
    s = new(2, 1)
    mv = setup.pick_goals_move(s.goals[0], s.goals[1])
    assert mv == PickGoals(s.goals[0], s.goals[1], -1) and setup.pick_goals_move(s.goals[0], s.goals[1]) is mv
    assert setup.pick_goals_move(1, 2, 3) == PickGoals(1, 2, 3)
    RULES.apply(s, A, mv)
    ev = RULES.apply(s, B, mv)
    kinds = [e.kind for e in ev]
    assert kinds == ["goals", "goals", "map", "merchants"]
    g = setup.the_graph(s)
    assert ev[2:] == [
        E("map", "The map is the Quick Start map", map="quick-start"),
        E("merchants", f"Fortresses face down on every island; {len(g.anchors)} small merchants face down on the "
          "anchor spots", reveal=True),
    ]


def test_a_drafted_map_of_two_begins_with_two_islands_drawn_at_random():
    s = RULES.setup(Config(2, 7, RULES.options_from({"map": "draft"})))
    RULES.apply(s, A, PickGoals(s.goals[0], s.goals[1]))
    ev = RULES.apply(s, B, PickGoals(s.goals[0], s.goals[1]))
    start = [e for e in ev if e.kind == "draft-start"]
    placed = [i for i in range(6) if s.isl_site[i] >= 0]
    assert len(start) == 1 and sorted(start[0].data["islands"]) == placed and len(placed) == 2
    a, b = start[0].data["islands"]
    tile = start[0].data["tile"]
    assert s.isl_site[a] == setup.chart.site(-1, 0) and s.isl_site[b] == setup.chart.site(1, 0)
    assert start[0] == E("draft-start", f"Map building begins with {C.ISLANDS[a].name} and {C.ISLANDS[b].name} "
                         f"drawn at random, joined by the {C.ROUTES[tile].name}", reveal=True, islands=[a, b], tile=tile)
    assert s.routes[:3] == [tile, setup.chart.site(-1, 0), 0] and tile not in s.box


def test_isla_oscura_and_port_royal_starts_in_words():
    s = new(2, 1)
    for seat in range(2):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    taken = list(s.taken)
    RULES.apply(s, A, PickStart(C.ISLA_OSCURA, C.TRAMP))
    ev = RULES.apply(s, B, PickStart(C.PORT_ROYAL, C.TRAMP))
    words = {e.seat: e.text for e in ev if e.kind == "reveal-start"}
    tramp = C.TALENTS[C.TRAMP].name
    assert words[A] == f"Red sets sail from Isla Oscura as a {tramp}, with a Hummingbird Totem and the Power of Ik " \
                       f"and {C.START_GOLD} Gold"
    assert words[B] == f"Blue sets sail from Port Royal as a {tramp}, with two looks at the mission or treasure deck " \
                       f"and {C.START_GOLD} Gold"
    taken[9 + C.TOTEM] += 1
    taken[9 + C.IK] += 1
    assert s.taken == taken and s.rits[A] == [C.TOTEM, C.IK]


def test_the_seats_names_given_or_their_colours():
    s = RULES.setup(Config(3, 1, RULES.options_from({}), names=["Anne", ""]))
    assert s.names == ["Anne", "Blue", "Green"]
    s = RULES.setup(Config(2, 1, RULES.options_from({})))
    assert s.names == ["Red", "Blue"]


def test_the_facts_of_the_goals_and_decks_behind_equivalent_mutants():
    """An epic game's third secret goal comes after two others in the sorted goals, so it is never goal 0 or 1
    (`c >= 0` → `>= 1`, `c < 0` → `< 1` read the same); the family cards are relatives 8-10, so `family < 0`
    → `< 1` / `<= 0` picks the same treasures."""
    s = new(2, 1, {"epic": "yes"})
    assert s.goals == sorted(s.goals)
    assert min(m.c for m in setup.goals_legal(s, A)) >= 2
    assert {t.family for t in C.TREASURES} == {-1, 8, 9, 10}


def test_the_random_start_draws_the_first_two_of_the_shuffled_islands():
    import copy

    s = RULES.setup(Config(4, 11, RULES.options_from({"map": "draft"})))
    for seat in range(3):
        RULES.apply(s, seat, PickGoals(s.goals[0], s.goals[1]))
    rng = copy.deepcopy(s.rng)  # begin_map's draws, made again
    isles = list(range(6))
    rng.shuffle(isles)
    ev = RULES.apply(s, 3, PickGoals(s.goals[0], s.goals[1]))
    start = next(e for e in ev if e.kind == "draft-start")
    assert start.data["islands"] == isles[:2]
