"""The turn's own steps with their exact events (issue 10 item 9: the mutants of rules/turn.py that
survived the rule tests were the words and pushes of announcing an action, a dig with no hunt left,
the reaction window's members and passes, a free upgrade lost, hiding Gold, claiming a goal, the end
of a turn — the played cards back in their decks — and of a round: new merchants, the plague's end,
the next wind, the final round and the game's end)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import turn
from engine.games.shiver.rules.common import (
    GAIN,
    IMPROVE,
    K_DETAIL,
    K_END,
    K_WINDOW,
    S_NONE,
    S_REACT,
    S_REFIT,
    S_TURN,
    the_graph,
)
from engine.games.shiver.state import (
    TRIG_GOALS,
    TRIG_NONE,
    TRIG_WIND,
    WIN_ANNOUNCE,
    WIN_END,
    WIN_NONE,
    State,
)
from tests.engine.shiver.helpers import E, quick_game

A, B, D = 0, 1, 2
COCOA, RUM, SUGAR = range(3)
CHEAP = next(t for t, c in enumerate(C.CREW) if c.gold == C.MIN_CREW_COST)



def game(players: int = 2) -> State:
    s = quick_game(players, seed=10)
    s.stack = []
    return s


def pushed(op: int, seat: int = 0, arg: int = 0) -> int:
    return op | seat << 5 | arg << 8


def title_quest(title: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == title)


# ---------------------------------------------------------------- announcing


def test_announcing_spends_an_action_and_pushes_the_window_the_detail_and_the_end():
    s = game()
    s.actions = 3
    ev: list[Event] = []
    turn.announce(s, B, C.ACT_SELL, ev)
    assert ev == [E("announce", "Blue announces: Trade: sell", B, action=C.ACT_SELL)]
    assert s.actions == 2 and s.act == C.ACT_SELL and s.step == S_NONE
    assert s.stack == [pushed(K_END), pushed(K_DETAIL, B, C.ACT_SELL), pushed(K_WINDOW, 0, WIN_ANNOUNCE)]
    turn.announce(s, A, C.ACT_TRAVEL, None)
    assert s.actions == 1 and s.act == C.ACT_TRAVEL and s.stack[-2] == pushed(K_DETAIL, A, C.ACT_TRAVEL)


def test_a_dig_with_no_hunt_here_any_more_is_spent():
    s = game()
    s.track[A] = -1
    ev: list[Event] = []
    turn._detail(s, A, C.ACT_DIG, ev)
    assert ev == [E("action-spent", "Red has no hunt here any more: the action is spent", A)]
    tr = next(i for i, t in enumerate(C.TREASURES) if t.island != s.pos[A] and t.family < 0)
    s.track[A], s.track_pos[A] = tr, 1
    ev = []
    turn._detail(s, A, C.ACT_DIG, ev)
    assert [e.kind for e in ev] == ["action-spent"] and s.track_pos[A] == 1
    s.pos[A] = C.TREASURES[tr].island
    ev = []
    turn._detail(s, A, C.ACT_DIG, ev)
    assert "action-spent" not in [e.kind for e in ev] and s.track_pos[A] > 1
    tr = next(i for i, t in enumerate(C.TREASURES) if t.island == C.PORT_ROYAL)
    s.track[A], s.track_pos[A], s.pos[A] = tr, 1, C.PORT_ROYAL  # island 0
    ev = []
    turn._detail(s, A, C.ACT_DIG, ev)
    assert "action-spent" not in [e.kind for e in ev] and s.track_pos[A] > 1


def test_the_end_of_an_action_opens_the_end_window():
    s = game()
    s.act, s.turn = C.ACT_BUY, B
    s.crew[A] = [CHEAP]
    s.gold[A] = C.MIN_CREW_COST
    turn._end_action(s, B, 0, None)
    assert s.act == -1 and s.win == WIN_END and s.win_seat == A and s.step == S_REACT and s.actor == A


# ---------------------------------------------------------------- the window


def test_a_member_holds_a_crew_card_and_its_cheapest_gold_or_a_ritual_and_goods():
    s = game()
    s.crew[A], s.rits[A], s.cargo[A] = [], [], [0, 0, 0]
    assert not turn.member(s, A)
    s.crew[A], s.gold[A] = [CHEAP], C.MIN_CREW_COST
    assert turn.member(s, A)
    s.gold[A] = C.MIN_CREW_COST - 1
    assert not turn.member(s, A)
    s.rits[A] = [0]
    assert not turn.member(s, A)
    for r in range(3):
        s.cargo[A] = [0, 0, 0]
        s.cargo[A][r] = 1
        assert turn.member(s, A)


def test_no_window_when_nobody_holds_a_card():
    s = game()
    s.crew, s.rits = [[], []], [[], []]
    s.win, s.win_passed, s.step = WIN_NONE, 3, S_NONE
    turn.open_window(s, WIN_ANNOUNCE)
    assert s.win == WIN_NONE and s.win_passed == 3 and s.step == S_NONE
    s.rits[B] = [0]
    s.cargo[B] = [0, 1, 0]
    turn.open_window(s, WIN_ANNOUNCE)
    assert s.win == WIN_ANNOUNCE and s.win_passed == 0 and s.win_seat == B and s.step == S_REACT and s.actor == B


def test_the_window_asks_from_the_active_player_clockwise_and_closes_when_all_passed():
    s = game(3)
    s.turn = B
    for i in (A, B, D):
        s.crew[i], s.gold[i] = [CHEAP], 1000
    turn.open_window(s, WIN_END)
    assert (s.win, s.win_seat, s.actor, s.step) == (WIN_END, B, B, S_REACT)
    ev: list[Event] = []
    turn.react_pass(s, B, ev)
    assert ev == [E("pass", "Blue passes", B)]
    assert s.win_passed == 1 << B and (s.win_seat, s.actor, s.step) == (D, D, S_REACT)
    turn.react_pass(s, D, None)
    assert s.win_passed == 1 << B | 1 << D and (s.win_seat, s.actor) == (A, A)
    turn.react_pass(s, A, None)
    assert (s.win, s.win_seat, s.win_passed) == (WIN_NONE, -1, 0) and s.step == S_NONE
    s.win_passed = 1 << A
    turn.window_continue(s, A)
    assert s.win_seat == B
    s.win_passed = 0
    turn.window_continue(s, D)
    assert s.win_seat == D


# ---------------------------------------------------------------- small steps


def test_a_free_upgrade_asks_or_is_lost_on_a_full_ship():
    s = game()
    s.spd[A], s.stg[A], s.hul[A] = C.MAX_ATTR, 3, C.MAX_ATTR
    s.step = S_NONE
    ev: list[Event] = []
    turn._refit(s, A, 0, ev)
    assert ev == [] and s.step == S_REFIT and s.actor == A and turn.refit_legal(s, A) == [IMPROVE[C.STRENGTH]]
    s.stg[A] = C.MAX_ATTR
    s.step, s.actor = S_NONE, B
    turn._refit(s, A, 0, ev)
    assert ev == [E("refit-lost", "Red's ship is fully upgraded: the free upgrade is lost", A)]
    assert s.step == S_NONE and s.actor == B and turn.refit_legal(s, A) == []


def test_the_green_die_unit_is_loaded():
    s = game()
    s.cargo[B] = [0, 0, 0]
    assert turn.gain_legal(s, B) == list(GAIN)
    s.step = 99
    ev: list[Event] = []
    turn.gain(s, B, SUGAR, ev)
    assert ev == [E("gain", "Blue takes 1 Sugar (green die)", B)] and s.cargo[B] == [0, 0, 1] and s.step == S_NONE


def test_goods_thrown_overboard_as_a_free_action():
    s = game()
    s.cargo[B] = [2, 1, 0]
    ev: list[Event] = []
    turn.discard_goods(s, B, COCOA, ev)
    assert ev == [E("discard-goods", "Blue throws 1 Cocoa overboard", B, res=COCOA)] and s.cargo[B] == [1, 1, 0]


def test_hiding_gold_some_or_all_and_the_keepers_task():
    s = game()
    keeper = title_quest(C.T_KEEPER)
    s.missions[A], s.m_prog[A] = [keeper], [0]
    s.gold[A], s.chest[A] = 1250, 100
    ev: list[Event] = []
    turn.hide_gold(s, A, 500, ev)
    assert ev == [E("hide", "Red hides 500 Gold in the chest", A, gold=500),
                  E("quest-task", "Red marks \"Hide Gold or a treasure in your chest\" on Keeper of the King's Seal "
                    "(1 of 3)", A, card=keeper, task=2)]
    assert s.gold[A] == 750 and s.chest[A] == 600 and s.m_prog[A] == [4]
    ev = []
    turn.hide_gold(s, A, 0, ev)  # 0: all of it
    assert ev == [E("hide", "Red hides 750 Gold in the chest", A, gold=750)]
    assert s.gold[A] == 0 and s.chest[A] == 1350


def test_claiming_a_goal_first_and_later():
    s = game()
    g = s.goals[1]
    goal = C.LIFE_GOALS[g]
    s.round = 4
    s.goal_rounds = []
    ev: list[Event] = []
    turn.claim_goal(s, B, g, ev)
    assert ev == [E("claim-goal", f"Blue claims the life goal {goal.number} {goal.name} (10 points)", B, goal=g,
                    points=10)]
    assert s.claims[1] == [B] and s.goal_rounds == [[g, B, 4]]
    ev = []
    s.round = 5
    turn.claim_goal(s, A, g, ev)
    assert ev == [E("claim-goal", f"Red claims the life goal {goal.number} {goal.name} (5 points)", A, goal=g,
                    points=5)]
    assert s.claims[1] == [B, A] and s.goal_rounds == [[g, B, 4], [g, A, 5]] and s.claims[0] == []


# ---------------------------------------------------------------- the end of a turn


def test_the_end_of_a_turn_returns_the_played_cards_and_clears_the_turns_bonuses():
    s = game(3)
    s.start, s.turn = A, A
    s.crew_out = [0] * len(C.CREW)
    s.crew_out[2], s.crew_out[len(C.CREW) - 1] = 1, 2
    s.rit_out = [0] * len(C.RITUALS)
    s.rit_out[0], s.rit_out[len(C.RITUALS) - 1] = 2, 1
    crew_deck, rit_deck = list(s.crew_deck), list(s.rit_deck)
    s.t_spd, s.t_stg, s.rit_turn = [0, 2, 0], [1, 0, 0], [0, 0, 3]
    s.actions, s.turn_done, s.event_used = 1, True, True
    ev: list[Event] = []
    turn.end_turn(s, A, ev)
    assert ev == [E("end-turn", "Red ends the turn", A)]
    crew_deck[2] += 1
    crew_deck[-1] += 2
    rit_deck[0] += 2
    rit_deck[-1] += 1
    assert s.crew_deck == crew_deck and s.rit_deck == rit_deck
    assert s.crew_out == [0] * len(C.CREW) and s.rit_out == [0] * len(C.RITUALS)
    assert s.t_spd == [0, 0, 0] and s.t_stg == [0, 0, 0] and s.rit_turn == [0, 0, 0]
    assert s.turn == B and s.actions == C.ACTIONS_PER_TURN and not s.turn_done and not s.event_used
    assert s.step == S_NONE and s.round == 1


def test_the_last_turn_of_a_round_ends_it():
    s = game(3)
    s.start, s.turn, s.round = B, A, 2
    rounds = len(s.by_round)
    turn.end_turn(s, A, None)
    assert s.turn == B and s.round == 3 and len(s.by_round) == rounds + 1
    s.turn = D
    turn.end_turn(s, D, None)
    assert s.turn == A and s.round == 3


def test_the_round_s_end_new_merchants_the_plague_s_end_and_the_next_wind():
    s = game()
    g = the_graph(s)
    free, taken, kept = g.anchors[0], g.anchors[1], g.anchors[2]  # every anchor has a merchant at the start
    assert all(s.merchant[n] >= 0 for n in g.anchors)
    s.merchant[free] = s.merchant[taken] = -1
    s.pos[B] = taken  # an empty anchor with a ship on it stays empty
    merchant = s.merchant[kept]
    s.m_up[free] = s.m_known[free] = s.m_safe[free] = s.m_damage[free] = 1
    stack = list(s.m_stack)
    s.pest[C.PORT_ROYAL], s.pest[C.LA_JUANITA], s.pest[C.ST_DAVID] = C.PEST_ACTIVE, C.PEST_ACTIVE, C.PEST_IMMUNE
    s.wind_set = 5
    s.round = 3
    deck = list(s.wind_deck)
    scores = turn.public_scores(s)
    by_round = [list(r) for r in s.by_round]
    ev: list[Event] = []
    turn.end_round(s, ev)
    w = C.WIND_CARDS[deck[-1]]
    assert ev == [
        E("new-merchant", "A new merchant drops anchor", node=free),
        E("plague-over", "The plague on Port Royal is over: the island is immune", island=C.PORT_ROYAL),
        E("plague-over", "The plague on La Juanita is over: the island is immune", island=C.LA_JUANITA),
        E("round", f"Round 4 begins. The wind: {w.name} ({w.value})", reveal=True, round=4, wind=w.value),
    ]
    assert s.merchant[free] == stack[-1] and s.m_stack == stack[:-1] and s.merchant[taken] == -1
    assert s.merchant[kept] == merchant
    assert (s.m_up[free], s.m_known[free], s.m_safe[free], s.m_damage[free]) == (0, 0, 0, 0)
    assert s.pest[:4] == [C.PEST_IMMUNE, C.PEST_IMMUNE, C.PEST_NONE, C.PEST_IMMUNE]
    assert s.wind_set == -1 and s.by_round == [*by_round, scores] and s.round == 4 and s.wind == deck[-1]
    assert not s.ending and s.trigger == TRIG_NONE


def test_no_merchant_left_to_place():
    s = game()
    g = the_graph(s)
    free = next(n for n in g.anchors if n not in s.pos)
    s.merchant[free] = -1
    s.m_stack = []
    ev: list[Event] = []
    turn.end_round(s, ev)
    assert s.merchant[free] == -1 and "new-merchant" not in [e.kind for e in ev]


def test_the_last_wind_card_makes_the_final_round_and_its_end_ends_the_game():
    s = game()
    s.wind_deck = s.wind_deck[-1:]
    s.round = 7
    s.chest[A] = 100  # no tie: no duel for the victory
    ev: list[Event] = []
    turn.end_round(s, ev)
    assert ev[-1] == E("endgame", "The last wind card is revealed: this is the final round", trigger="wind")
    assert s.ending and s.trigger == TRIG_WIND and s.wind_deck == [] and s.round == 8 and not s.over
    ev = []
    turn.end_round(s, ev)
    assert ev == [E("game-over", "Round 8 is over, and with it the game")]
    assert s.over and s.round == 8 and len(s.by_round) == 2


def test_the_last_wind_card_after_the_goals_keeps_the_goals_trigger():
    s = game()
    s.wind_deck = s.wind_deck[-1:]
    s.trigger = TRIG_GOALS
    turn.end_round(s, None)
    assert s.ending and s.trigger == TRIG_GOALS


def test_a_turn_after_the_game_is_over_is_not_given():
    s = game()
    s.start, s.turn = A, B
    s.ending = True
    s.gold = [0, 100]
    turn.end_turn(s, B, None)
    assert s.over and s.turn == B and s.step == S_NONE
    assert s.step != S_TURN


def test_one_unit_overboard():
    s = game()
    s.cargo[B] = [0, 3, 1]
    s.step = 99
    ev: list[Event] = []
    turn.overboard(s, B, RUM, ev)
    assert ev == [E("overboard", "Blue throws 1 Rum overboard", B, res=RUM)]
    assert s.cargo[B] == [0, 2, 1] and s.step == S_NONE
    assert turn.overboard_legal(s, B) == [turn.DUMP[RUM], turn.DUMP[SUGAR]]


def test_discarding_a_mission_or_a_treasure_card_says_so():
    s = game()
    m = next(i for i, c in enumerate(C.MISSIONS) if c.kind == C.SECRET)
    tr = next(i for i, t in enumerate(C.TREASURES) if t.family < 0)
    s.missions[A], s.m_prog[A] = [m], [0]
    s.t_hand[A] = [tr]
    disc = list(s.t_disc)
    ev: list[Event] = []
    turn.discard_card(s, A, turn.MISSION_CODE + m, ev)
    turn.discard_card(s, A, tr, ev)
    mission = C.MISSIONS[m]
    assert ev == [
        E("discard-mission", f"Red discards the {C.MISSION_KINDS[mission.kind]} {mission.name}", A, reveal=True, card=m),
        E("discard", f"Red discards the treasure card {C.TREASURES[tr].name}", A, reveal=True, card=tr),
    ]
    assert s.missions[A] == [] and s.m_disc[-1] == m and s.t_hand[A] == [] and s.t_disc == [*disc, tr]


# ---------------------------------------------------------------- the round's end, its events passed on


def test_a_tie_at_the_end_starts_the_duel_for_victory_and_says_so():
    s = game()
    s.wind_deck = []
    s.ending = True
    s.gold, s.chest = [0, 0], [0, 0]
    ev: list[Event] = []
    turn.end_round(s, ev)
    assert ev[0] == E("final-duel", "Red and Blue are tied on points, missions and Gold: they duel for the victory",
                      a=A, b=B)
    assert not s.over and s.final_winner == -1


def test_an_epic_wind_deck_is_reshuffled_and_the_event_of_the_round_revealed():
    s = game()
    s.epic, s.events = True, True
    s.wind_disc = list(s.wind_deck)
    s.wind_deck = []
    s.event = -1
    s.round = 6
    ev: list[Event] = []
    turn.end_round(s, ev)
    kinds = [e.kind for e in ev]
    assert kinds == ["reshuffle", "round", "event"], kinds
    assert ev[0] == E("reshuffle", "The wind deck ran out: the spent wind cards are shuffled into a new deck",
                      reveal=True)
    assert ev[2].text.startswith("The event of round 7: ") and ev[2].reveal and not s.ending


def test_the_last_turn_of_a_round_speaks_the_round_s_end():
    s = game()
    s.start, s.turn = A, B
    ev: list[Event] = []
    turn.end_turn(s, B, ev)
    assert [e.kind for e in ev] == ["end-turn", "round"] and ev[1].data["round"] == s.round == 2


# ---------------------------------------------------------------- the turn's menu


def test_the_goal_claims_of_the_menu_are_built_afresh():
    """``_goal_plan`` keeps its plans by the goals dealt (filled before mutmut forks): cleared here."""
    turn._GOAL_PLANS.clear()
    s = game()
    g = s.goals[0]
    plan = turn._goal_plan(s.goals)
    assert [(t, c) for _, t, c in plan] == [(C.LIFE_GOALS[x].target, turn.CLAIM_GOAL[x]) for x in s.goals]
    assert turn._goal_plan(list(s.goals)) is plan
    turn._GOAL_PLANS.clear()
    test, target = turn.GOAL_TEST[g]
    assert turn.CLAIM_GOAL[g] not in turn.turn_legal(s, A)
    s.visited[A] = (1 << 6) - 1  # every island: the Explorer's six
    s.spd[A] = s.stg[A] = s.hul[A] = 5
    s.sold[A] = 12
    s.m_done[A] = [0, 1, 2]
    met = [x for x in s.goals if turn.GOAL_TEST[x][0](s, A) >= turn.GOAL_TEST[x][1]]
    assert g in met
    turn._GOAL_PLANS.clear()
    menu = turn.turn_legal(s, A)
    assert [m for m in menu if m in turn.CLAIM_GOAL] == [turn.CLAIM_GOAL[x] for x in met]
    assert test(s, A) >= target


def test_the_first_treasure_on_the_track_can_be_given_up():
    s = game()
    s.track[A], s.track_pos[A] = 0, 3
    assert turn.DISCARD_CARD[0] in turn.turn_legal(s, A)
    s.track[A] = -1
    assert turn.DISCARD_CARD[0] not in turn.turn_legal(s, A)


def test_an_event_s_island_action_is_offered_once():
    s = game()
    s.events = True
    s.event = C.WIND_EVENT.index(C.EV_PRESS_GANG)  # Hire crew on every island
    s.actions = 3
    s.crew[A] = []
    hire, learn = turn.ACT[C.ACT_HIRE], turn.ACT[C.ACT_LEARN]
    s.pos[A] = C.THE_BAY  # where crew is hired anyway
    assert turn.turn_legal(s, A).count(hire) == 1
    s.pos[A] = C.ST_DAVID
    assert turn.turn_legal(s, A).count(hire) == 1
    s.talent[A] = C.MYSTIC
    assert turn.turn_legal(s, A).count(hire) == 1
    s.event = C.WIND_EVENT.index(C.EV_SHAMAN)  # Learn a ritual on every island: a Mystic does anyway
    assert turn.turn_legal(s, A).count(learn) == 1
    s.talent[A] = C.TRAMP
    assert turn.turn_legal(s, A).count(learn) == 1
    s.event = -1
    assert learn not in turn.turn_legal(s, A)


def test_the_facts_the_equivalent_mutants_of_the_turn_rest_on():
    """docs/mutation.md lists these mutants of rules/turn.py as equivalent, for these reasons."""
    from engine.games.shiver.rules import events

    # an event's island action is Hire crew, Learn a ritual or Acquire a mission, never Travel (action 0)
    assert sorted(events.EVENT_ACTIONS.values()) == [C.ACT_HIRE, C.ACT_LEARN, C.ACT_MISSION]
    assert min(events.EVENT_ACTIONS.values()) > C.ACT_TRAVEL == 0
    # every treasure is found on an island (nodes 0-5): node 6 and beyond offer no hunt
    assert {t.island for t in C.TREASURES} == set(range(6))
    # the merchant list covers every node of the map; the goals and their claims run side by side
    for players in (2, 3, 4):
        s = quick_game(players, seed=3)
        assert len(s.merchant) == the_graph(s).n and len(s.goals) == len(s.claims)
    # hiding: the menu for the largest amount is the last one
    assert turn.HIDE_TOP == max(turn.HIDE_AMOUNTS) == len(turn.HIDE_MOVES) - 1
