"""Rounds & Turns: three actions, free actions before and after an action (never during one), the
end of a turn and of a round, life goals claimed 10/5, and the two endgame triggers."""

from __future__ import annotations

from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_OVER, S_TRAVEL, S_TURN, the_graph
from engine.games.shiver.state import (
    TRIG_GOALS,
    TRIG_WIND,
    Act,
    ClaimGoal,
    DiscardGoods,
    EndTurn,
    HideGold,
    Sail,
)
from tests.engine.shiver.helpers import play, quick_game, set_wind, to_turn


def travel(s, seat, node):
    play(s, seat, Act(C.ACT_TRAVEL))
    to_turn_step(s)
    play(s, seat, Sail(node))
    to_turn(s)
    if s.step != S_TURN:  # an anchor: leave the merchant be
        from engine.games.shiver.state import Peek

        play(s, seat, Peek(-1))
        to_turn(s)


def to_turn_step(s):
    to_turn(s)


def test_three_actions_a_turn_and_the_same_action_several_times():
    s = quick_game(2, seed=1)
    me = s.turn
    s.pos[me] = C.PORT_ROYAL
    set_wind(s, 2)
    for k in range(3):
        assert s.actions == 3 - k
        travel(s, me, C.ST_DAVID if k % 2 == 0 else C.PORT_ROYAL)
    assert s.actions == 0
    legal = RULES.legal(s, me)
    assert not any(isinstance(m, Act) for m in legal)
    assert legal[-1] == EndTurn()
    play(s, me, EndTurn())
    assert s.turn == 1 - me and s.actions == 3


def test_free_actions_before_and_after_but_never_during_an_action():
    s = quick_game(2, seed=2)
    me = s.turn
    s.cargo[me] = [1, 0, 0]
    legal = RULES.legal(s, me)
    assert DiscardGoods(C.COCOA) in legal and HideGold(100) in legal
    play(s, me, DiscardGoods(C.COCOA))  # before an action
    assert s.actions == 3 and s.cargo[me] == [0, 0, 0]
    play(s, me, Act(C.ACT_TRAVEL))
    assert s.step == S_TRAVEL  # during the action: only its choices
    assert all(isinstance(m, Sail) for m in RULES.legal(s, me))
    play(s, me, RULES.legal(s, me)[0])
    to_turn(s)
    if s.step != S_TURN:
        from engine.games.shiver.state import Peek

        play(s, me, Peek(-1))
    play(s, me, HideGold(100))  # after it
    assert s.chest[me] == 100 and s.actions == 2


def test_the_starting_player_stays_and_the_round_ends_after_everyone():
    s = quick_game(3, seed=3)
    assert s.start == 0
    wind_before = s.wind
    for seat in (0, 1, 2):
        assert s.turn == seat and s.round == 1
        play(s, seat, EndTurn())
    assert s.round == 2 and s.turn == 0
    # seed: "Reveal a new wind card"
    assert len(s.wind_deck) == 18 and s.wind != -1
    assert wind_before is not None


def test_round_end_refills_empty_unoccupied_anchors_and_ends_the_plague():
    s = quick_game(2, seed=4)
    g = the_graph(s)
    a, b = g.anchors[0], g.anchors[1]
    s.merchant[a] = -1
    s.merchant[b] = -1
    s.pos[1] = b  # a ship keeps this anchor occupied
    s.pest[C.SAO_TOME] = C.PEST_ACTIVE
    top = s.m_stack[-1]
    play(s, 0, EndTurn())
    play(s, 1, EndTurn())
    assert s.merchant[a] == top  # the small merchants left over come first
    assert s.merchant[b] == -1
    assert s.pest[C.SAO_TOME] == C.PEST_IMMUNE


def test_claiming_life_goals_ten_for_the_first_five_after():
    s = quick_game(3, seed=5)
    explorer = 0
    if explorer not in s.goals:
        s.goals[0] = explorer
    gi = s.goals.index(explorer)
    s.visited[0] = 0b111111
    s.visited[1] = 0b111111
    assert ClaimGoal(explorer) in RULES.legal(s, 0)
    assert ClaimGoal(explorer) not in RULES.legal(s, 0)[:0]
    play(s, 0, ClaimGoal(explorer))
    assert s.claims[gi] == [0]
    assert ClaimGoal(explorer) not in RULES.legal(s, 0)
    play(s, 0, EndTurn())
    play(s, 1, ClaimGoal(explorer))
    assert s.claims[gi] == [0, 1]
    from engine.games.shiver.scoring import goal_points

    assert goal_points(s, 0) == 10 and goal_points(s, 1) == 5


def test_the_second_to_last_life_goal_triggers_the_end_and_the_round_is_finished():
    s = quick_game(2, seed=6)  # 3 goals: the second one claimed triggers the end
    assert len(s.goals) == 3
    g1, g2 = s.goals[0], s.goals[1]
    # make both goals met for seat 1
    for g in (g1, g2):
        _meet(s, 1, g)
    play(s, 0, EndTurn())
    play(s, 1, ClaimGoal(g1))
    assert not s.ending
    play(s, 1, ClaimGoal(g2))
    assert s.ending and s.trigger == TRIG_GOALS
    play(s, 1, EndTurn())  # seat 1 was the last of the round
    assert s.over and s.step == S_OVER and RULES.to_act(s) == ()
    assert RULES.result(s) is not None


def _meet(s, seat, g):
    goal = C.LIFE_GOALS[g]
    k = goal.kind
    if k == C.G_ISLANDS:
        s.visited[seat] = 0b111111
    elif k == C.G_SOLD:
        s.sold[seat] = goal.target
    elif k == C.G_SHIP:
        s.spd[seat] = s.stg[seat] = 5
        s.hul[seat] = 5
    elif k == C.G_MISSIONS:
        s.m_done[seat] = [0, 1, 2]
    elif k == C.G_RAISED:
        s.raised[seat] = goal.target
    elif k == C.G_RITUALS:
        s.rituals_played[seat] = goal.target
    elif k == C.G_CHEST:
        s.chest[seat] = goal.target


def test_the_last_wind_card_makes_the_round_the_final_one():
    s = quick_game(2, seed=7)
    s.gold[0] += 100  # no tie at the end (a tie would bring the duel for victory)
    rounds = 0
    while not s.over:
        play(s, s.turn, EndTurn())
        rounds += 1
        if s.round == 20 and not s.over:
            assert s.ending and s.trigger == TRIG_WIND and not s.wind_deck
    # 20 wind cards: round 1 uses the first, the 20th is revealed for round 20, which is the last
    assert s.round == 20 and rounds == 40


def test_claiming_is_a_free_action_only_on_your_own_turn():
    s = quick_game(2, seed=8)
    g = s.goals[0]
    _meet(s, 1, g)
    assert all(not isinstance(m, ClaimGoal) for m in RULES.legal(s, 0))
    play(s, 0, EndTurn())
    assert ClaimGoal(g) in RULES.legal(s, 1)
