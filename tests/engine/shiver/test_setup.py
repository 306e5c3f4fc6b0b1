"""Game Set-up: life goals dealt by player count and chosen in secret, the Quick Start map,
fortresses and merchants, the decks, secret origins and talents revealed together, the starting
ship and equipment, Port Royal's looks at the decks, and the first wind card."""

from __future__ import annotations

import pytest

from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_DECK, S_GOALS, S_PICK, S_START, S_TURN, the_graph
from engine.games.shiver.state import ChooseDeck, PickGoals, PickStart, Take
from tests.engine.shiver.helpers import new, play


@pytest.mark.parametrize("players, dealt", [(2, 3), (3, 4), (4, 5)])
def test_life_goals_dealt_by_player_count_and_two_chosen_in_secret(players, dealt):
    s = new(players, seed=players)
    assert len(s.goals) == dealt and len(set(s.goals)) == dealt
    assert set(s.goals) <= set(C.goals_in_play())
    assert s.step == S_GOALS and RULES.to_act(s) == tuple(range(players))
    legal = RULES.legal(s, 0)
    assert len(legal) == dealt * (dealt - 1) // 2  # every pair of the goals on the board
    a, b = s.goals[0], s.goals[-1]
    play(s, 0, PickGoals(a, b))
    assert s.secret[0] == [a, b]
    assert RULES.to_act(s) == tuple(range(1, players))
    others = RULES.view(s, 1)
    assert others.my_goals == [] and others.seats[0].chosen
    assert RULES.view(s, 0).my_goals == [a, b]


def test_with_combat_all_ten_life_goals_are_dealt_from():
    pool = C.goals_in_play()
    names = {C.LIFE_GOALS[g].name for g in pool}
    assert {"Brigand", "Conqueror", "Monster Slayer"} <= names
    assert len(pool) == 10
    assert C.LIFE_GOALS[4].name == "Brigand" and C.LIFE_GOALS[4].number == 5


def goals_done(s):
    for seat in range(s.players):
        play(s, seat, PickGoals(s.goals[0], s.goals[1]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_start_map_merchants_fortresses_and_decks(players):
    s = new(players, seed=10 + players)
    goals_done(s)
    assert s.step == S_START
    isl, routes = chart.quick_start(players)
    assert tuple(s.isl_site) == isl and tuple(s.routes) == routes
    g = the_graph(s)
    # seed: "Shuffle the small merchant ships and place one face-down on each anchor spot"
    on_map = [s.merchant[a] for a in g.anchors]
    assert all(m >= 0 and C.MERCHANTS[m].size == C.SMALL for m in on_map)
    assert not any(s.m_up)
    # seed: "Place any remaining small ships on top of this stack." (the top is the end of the list)
    left = len(C.SMALL_MERCHANTS) - len(g.anchors)
    assert all(C.MERCHANTS[m].size == C.SMALL for m in s.m_stack[len(s.m_stack) - left:])
    assert all(C.MERCHANTS[m].size == C.LARGE for m in s.m_stack[: len(s.m_stack) - left])
    assert len(s.m_stack) == 28 - len(g.anchors)
    # seed: "Place a fortress face-down on each island."
    assert sorted(s.fortress) == list(range(6)) and not any(s.fortress_up)
    assert len(s.t_deck) == 36 and len(s.m_deck) == 39 and len(s.wind_deck) == 20
    # seed: "Don't shuffle them – the cards are chosen."
    assert s.crew_deck == [c.copies for c in C.CREW] and s.rit_deck == [c.copies for c in C.RITUALS]


def test_origins_and_talents_are_secret_until_everyone_has_chosen():
    s = new(3, seed=4)
    goals_done(s)
    play(s, 1, PickStart(C.LA_JUANITA, C.HAGGLER))
    assert RULES.to_act(s) == (0, 2)
    v0 = RULES.view(s, 0)
    assert v0.seats[1].origin == -1 and v0.seats[1].talent == -1 and v0.seats[1].chosen
    assert RULES.view(s, 1).seats[1].origin == C.LA_JUANITA
    play(s, 0, PickStart(C.THE_BAY, C.TRAMP))
    play(s, 2, PickStart(C.ISLA_OSCURA, C.MYSTIC))
    v0 = RULES.view(s, 0)
    assert v0.seats[1].origin == C.LA_JUANITA and v0.seats[2].talent == C.MYSTIC


def test_the_starting_ship_and_equipment():
    s = new(4, seed=5)
    goals_done(s)
    picks = [(C.SAO_TOME, C.TRAMP), (C.THE_BAY, C.HAGGLER), (C.ISLA_OSCURA, C.MYSTIC), (C.LA_JUANITA, C.SHIPWRIGHT)]
    for seat, (o, t) in enumerate(picks):
        play(s, seat, PickStart(o, t))
    assert s.step == S_TURN and s.turn == 0 and s.round == 1 and s.actions == 3
    for seat, (o, _t) in enumerate(picks):
        # seed: "Equip your ship with 3 cannons (Strength: 3), the two small sails (Speed: 3) and 3 cargo units"
        assert (s.spd[seat], s.stg[seat], s.hul[seat]) == (3, 3, 3)
        assert s.pos[seat] == o and s.gold[seat] == 300
    assert s.cargo[0] == [2, 0, 0]  # São Tomé: two Cocoa
    assert s.cargo[3] == [0, 0, 2]  # La Juanita: two Sugar
    assert sorted(s.crew[1]) == [C.CABIN_BOY, C.SELLSWORD]
    assert sorted(s.rits[2]) == [C.TOTEM, C.IK]
    assert s.crew_deck[C.CABIN_BOY] == C.CREW[C.CABIN_BOY].copies - 1
    # "The top card indicates the wind for the first round."
    assert s.wind >= 0 and len(s.wind_deck) == 19


def test_every_player_may_choose_the_same_origin():
    s = new(4, seed=6)
    goals_done(s)
    for seat in range(4):
        play(s, seat, PickStart(C.THE_BAY, C.TRAMP))
    assert all(sorted(h) == [C.CABIN_BOY, C.SELLSWORD] for h in s.crew)
    assert s.crew_deck[C.CABIN_BOY] == 0


def test_port_royal_looks_twice_and_never_takes_two_official_missions():
    s = new(2, seed=7)
    goals_done(s)
    play(s, 0, PickStart(C.PORT_ROYAL, C.TRAMP))
    play(s, 1, PickStart(C.ST_DAVID, C.TRAMP))
    assert s.step == S_DECK and s.actor == 0
    officials = [i for i, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL]
    # stack the mission deck: two official missions on top, then two more
    for c in officials[:4]:
        s.m_deck.remove(c)
    s.m_deck.extend(officials[:4])
    s.m_mask = [0] * len(s.m_deck)
    play(s, 0, ChooseDeck(0))
    assert s.step == S_PICK and sorted(s.shown) == sorted(officials[2:4])
    play(s, 0, Take(officials[3]))
    assert s.missions[0] == [officials[3]]
    assert s.m_deck[0] == officials[2] and s.m_mask[0] == 1  # the other went to the bottom, seen by Red
    play(s, 0, ChooseDeck(0))
    # both shown are official and Red already holds one: neither may be taken
    assert RULES.legal(s, 0) == [Take(-1)]
    play(s, 0, Take(-1))
    assert s.missions[0] == [officials[3]] and s.step == S_TURN
    assert s.origin_looks[0] == 0


def test_port_royal_may_look_at_the_treasure_deck():
    s = new(2, seed=8)
    goals_done(s)
    play(s, 0, PickStart(C.ST_DAVID, C.TRAMP))
    play(s, 1, PickStart(C.PORT_ROYAL, C.TRAMP))
    assert s.actor == 1 and s.step == S_DECK
    top2 = s.t_deck[-2:]
    play(s, 1, ChooseDeck(1))
    play(s, 1, Take(top2[0]))
    assert s.t_hand[1] == [top2[0]] and s.t_deck[0] == top2[1]
    play(s, 1, ChooseDeck(1))
    play(s, 1, Take(s.shown[0]))
    assert len(s.t_hand[1]) == 2 and s.step == S_TURN and s.turn == 0
