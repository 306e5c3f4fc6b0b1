"""Crew & Rituals: collecting them (chosen from unshuffled decks, at most 3 of each), the reaction
window (the active player first, then clockwise, round again until everyone passes; asked only
when a card could be played, without giving away what anyone holds), and every card's effect."""

from __future__ import annotations

import pytest

from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import (
    S_HIRE,
    S_LEARN,
    S_PICK,
    S_REACT,
    S_ROUTE,
    S_TRAVEL,
    S_TURN,
    movement,
    speed,
    strength,
    the_graph,
)
from engine.games.shiver.state import (
    Act,
    EndTurn,
    Pass,
    Play,
    ReturnCard,
    Take,
)
from tests.engine.shiver.helpers import play, quick_game, set_wind, to_turn

RIT = 10


def at_island(s, seat, island):
    s.pos[seat] = island


# ---------------------------------------------------------------- collecting


def test_hiring_chooses_a_card_from_the_open_crew_deck_and_the_others_see_only_that_you_did():
    s = quick_game(2, seed=1)
    at_island(s, 0, C.THE_BAY)
    play(s, 0, Act(C.ACT_HIRE))
    assert s.step == S_HIRE
    assert [m.card for m in RULES.legal(s, 0)] == list(range(9))
    assert RULES.view(s, 0).deck_types == s.crew_deck
    assert RULES.view(s, 1).deck_types == []
    ev = play(s, 0, Take(C.FIRST_MATE))
    assert s.crew[0] == [C.FIRST_MATE] and s.crew_deck[C.FIRST_MATE] == 2
    assert any(e.text == "Red hires a crew card" and e.to == (1,) for e in ev)
    assert not any("First Mate" in e.text for e in ev if e.visible_to(1))


def test_at_most_three_crew_cards_and_three_rituals_four_for_the_mystic():
    s = quick_game(2, seed=2, talents=[C.HAGGLER, C.MYSTIC])
    s.crew[0] = [C.SELLSWORD, C.SELLSWORD, C.SPY]
    at_island(s, 0, C.THE_BAY)
    assert C.ACT_HIRE not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    play(s, 0, ReturnCard(C.SPY))  # "Return the card to its deck to free the slot"
    assert s.crew_deck[C.SPY] == C.CREW[C.SPY].copies + 1
    assert C.ACT_HIRE in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    play(s, 0, EndTurn())
    s.rits[1] = [C.TOTEM, C.IK, C.JAGUAR]
    at_island(s, 1, C.ISLA_OSCURA)
    assert C.ACT_LEARN in {m.action for m in RULES.legal(s, 1) if isinstance(m, Act)}
    play(s, 1, Act(C.ACT_LEARN))
    to_turn_learn(s)
    play(s, 1, Take(C.EYE))
    assert len(s.rits[1]) == 4


def to_turn_learn(s):
    while s.step == S_REACT:
        play(s, s.actor, Pass())
    assert s.step == S_LEARN


# ---------------------------------------------------------------- the reaction window


def three_in_the_window():
    s = quick_game(3, seed=3, talents=[C.HAGGLER] * 3)
    for seat in range(3):
        s.crew[seat] = [C.SELLSWORD]
        s.gold[seat] = 1000
    set_wind(s, 2)
    return s


def test_the_window_asks_the_active_player_first_then_clockwise_round_again_until_all_pass():
    s = three_in_the_window()
    s.turn = 1
    s.actor = 1
    play(s, 1, Act(C.ACT_TRAVEL))
    order = []
    s.crew[2] = [C.SELLSWORD, C.CABIN_BOY]
    script = {2: [Play(C.SELLSWORD, 0)]}  # seat 2 plays once, on its first ask
    while s.step == S_REACT:
        seat = s.actor
        order.append(seat)
        todo = script.get(seat)
        if todo:
            play(s, seat, todo.pop())
        else:
            play(s, seat, Pass())
    # 1 (active) passes; 2 plays and is asked again (it still holds a card), then passes; 0 passes and,
    # once again, 1: everyone in the window has passed since the last card
    assert order == [1, 2, 2, 0, 1]
    assert s.step == S_TRAVEL and s.t_stg[2] == 1


def test_only_the_public_members_are_in_the_window():
    s = three_in_the_window()
    s.gold[1] = 50  # not enough Gold for the cheapest crew card: everybody can see that
    s.crew[2] = []
    s.rits[2] = [C.TOTEM]
    s.cargo[2] = [0, 0, 0]  # a ritual but no goods at all
    play(s, 0, Act(C.ACT_TRAVEL))
    assert s.step == S_REACT and s.actor == 0
    play(s, 0, Pass())
    assert s.step == S_TRAVEL  # seats 1 and 2 were never asked


def test_a_seat_with_nothing_playable_has_one_move_and_nobody_else_can_tell():
    s_can = three_in_the_window()
    s_cant = three_in_the_window()
    # seat 1 holds a Sellsword (playable) in one game and a Grizzled Digger without a hunt in the other
    s_cant.crew[1] = [C.DIGGER]
    for s in (s_can, s_cant):
        play(s, 0, Act(C.ACT_TRAVEL))
        play(s, 0, Pass())
        assert s.step == S_REACT and s.actor == 1
    assert RULES.legal(s_cant, 1) == [Pass()]
    assert RULES.view(s_cant, 1).asking == "pass" and not RULES.view(s_cant, 1).can_play
    assert RULES.view(s_can, 1).asking == "react" and RULES.view(s_can, 1).can_play
    for seat in (0, 2, None):
        assert RULES.view(s_can, seat) == RULES.view(s_cant, seat), "the window gives a hand away"
    assert RULES.to_act(s_can) == RULES.to_act(s_cant)


def test_played_cards_return_to_their_decks_at_the_end_of_the_active_players_turn():
    s = three_in_the_window()
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Pass())
    play(s, 1, Play(C.SELLSWORD, 0))  # a card played in someone else's turn
    assert s.crew_out[C.SELLSWORD] == 1 and s.gold[1] == 1000 - C.CREW[C.SELLSWORD].gold
    while s.step == S_REACT:
        play(s, s.actor, Pass())
    play(s, 0, RULES.legal(s, 0)[0])
    to_turn(s)
    deck = s.crew_deck[C.SELLSWORD]
    assert s.t_stg[1] == 1
    while s.step != S_TURN:
        play(s, s.actor, RULES.legal(s, s.actor)[0])
    play(s, 0, EndTurn())
    assert s.crew_deck[C.SELLSWORD] == deck + 1 and s.crew_out[C.SELLSWORD] == 0
    assert s.t_stg[1] == 0  # "until the end of the turn"


def test_cards_are_played_only_when_an_action_is_announced_or_ends():
    s = three_in_the_window()
    assert s.step == S_TURN
    assert not any(isinstance(m, Play) for m in RULES.legal(s, 0))


# ---------------------------------------------------------------- the cards


def window_for(seat_card, crew=True, seat=0, active_seat=0, cargo=(3, 3, 3)):
    s = quick_game(2, seed=4, talents=[C.HAGGLER, C.HAGGLER])
    set_wind(s, 2)
    s.turn = active_seat
    s.actor = active_seat
    s.gold = [2000, 2000]
    s.cargo = [list(cargo), list(cargo)]
    s.hul = [7, 7]
    if crew:
        s.crew[seat] = [seat_card]
    else:
        s.rits[seat] = [seat_card]
    s.pos[active_seat] = C.PORT_ROYAL
    play(s, active_seat, Act(C.ACT_TRAVEL))
    while s.step == S_REACT and s.actor != seat:
        play(s, s.actor, Pass())
    assert s.step == S_REACT and s.actor == seat
    return s


def test_cabin_boy_and_totem_add_speed_and_sellsword_and_jaguar_strength():
    s = window_for(C.CABIN_BOY)
    mp = movement(s, 0)
    play(s, 0, Play(C.CABIN_BOY, 0))
    boy = C.CREW[C.CABIN_BOY]
    assert movement(s, 0) == mp + boy.value and s.gold[0] == 2000 - boy.gold and s.spd[0] == 3  # not an upgrade
    s = window_for(C.TOTEM, crew=False)
    play(s, 0, Play(RIT + C.TOTEM, 0))
    assert speed(s, 0) == 3 + C.RITUALS[C.TOTEM].value and s.cargo[0] == [3, 3, 2]
    s = window_for(C.JAGUAR, crew=False)
    play(s, 0, Play(RIT + C.JAGUAR, 0))
    assert strength(s, 0) == 3 + C.RITUALS[C.JAGUAR].value and s.cargo[0] == [1, 3, 3]
    s = window_for(C.SELLSWORD)
    play(s, 0, Play(C.SELLSWORD, 0))
    assert strength(s, 0) == 4


def test_saboteur_and_curse_cost_another_captain_an_upgrade_never_below_one():
    s = window_for(C.SABOTEUR)
    s.stg[1] = 1
    assert Play(C.SABOTEUR, 1) not in RULES.legal(s, 0)  # it would do nothing
    s.stg[1] = 4
    play(s, 0, Play(C.SABOTEUR, 1))
    assert s.stg[1] == 3
    s = window_for(C.CURSE, crew=False)
    play(s, 0, Play(RIT + C.CURSE, 1))
    assert s.spd[1] == 2 and s.cargo[0] == [2, 2, 3]


def test_first_mate_gives_the_active_player_an_extra_action_only():
    s = window_for(C.FIRST_MATE)
    play(s, 0, Play(C.FIRST_MATE, 0))
    assert s.actions == 3  # one was spent announcing Travel
    s = window_for(C.FIRST_MATE, seat=1)
    assert all(not isinstance(m, Play) for m in RULES.legal(s, 1))


def test_masterful_spy_peeks_at_a_merchant_or_the_top_of_the_treasure_deck():
    s = window_for(C.SPY)
    g = the_graph(s)
    hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter)
    a = g.anchors[0]
    s.merchant[a] = hunter
    play(s, 0, Play(C.SPY, a))
    assert s.m_known[a] == 1 and s.m_up[a] == 0  # seen by a spy: not met, not revealed
    s = window_for(C.SPY)
    play(s, 0, Play(C.SPY, -1))
    assert [s.t_mask[-k] for k in (1, 2, 3)] == [1, 1, 1]
    known = RULES.view(s, 0).known_treasures
    assert [k.card for k in sorted(known, key=lambda k: k.from_top)] == s.t_deck[-1:-4:-1]
    assert RULES.view(s, 1).known_treasures == []


def test_carpenter_and_blessing_upgrade_and_ek_chuah_pays():
    s = window_for(C.CARPENTER)
    assert Play(C.CARPENTER, C.HULL) not in RULES.legal(s, 0)  # hull 7: "never above 7"
    s = window_for(C.CARPENTER)
    s.hul[0] = 5
    play(s, 0, Play(C.CARPENTER, C.HULL))
    assert s.hul[0] == 6 and s.gold[0] == 2000 - C.CREW[C.CARPENTER].gold
    s = window_for(C.BLESSING, crew=False)
    play(s, 0, Play(RIT + C.BLESSING, C.SPEED))
    assert s.spd[0] == 4 and s.cargo[0] == [3, 2, 1]
    s = window_for(C.BARGAIN, crew=False)
    play(s, 0, Play(RIT + C.BARGAIN, 0))
    assert s.gold[0] == 3000 and s.cargo[0] == [2, 2, 2]


def test_shady_fence_sells_two_units_anywhere():
    s = window_for(C.FENCE, seat=1)
    s.pos[1] = the_graph(s).anchors[0]
    play(s, 1, Play(C.FENCE, C.RUM * 4 + C.SUGAR))
    fence = C.CREW[C.FENCE]
    assert s.cargo[1] == [3, 2, 2] and s.gold[1] == 2000 - fence.gold + 2 * fence.value


def test_grizzled_digger_advances_on_its_island():
    s = window_for(C.DIGGER)
    rapier = next(i for i, t in enumerate(C.TREASURES) if t.name == "Drake's Rapier")
    s.track[0] = rapier
    assert all(not isinstance(m, Play) for m in RULES.legal(s, 0))  # not on St. David
    s.pos[0] = C.ST_DAVID
    play(s, 0, Play(C.DIGGER, 0))
    assert s.track_pos[0] == 4


def test_power_of_ik_sets_the_wind_until_the_end_of_the_round():
    s = window_for(C.IK, crew=False)
    play(s, 0, Play(RIT + C.IK, 4))
    assert s.wind_set == 4 and movement(s, 0) == 7
    while s.step == S_REACT:
        play(s, s.actor, Pass())
    play(s, 0, RULES.legal(s, 0)[0])
    while s.step != S_TURN:
        play(s, s.actor, RULES.legal(s, s.actor)[0])
    play(s, 0, EndTurn())
    assert s.wind_set == 4  # still this round
    play(s, 1, EndTurn())
    assert s.wind_set == -1


def test_plague_of_ah_puch_and_an_island_stays_immune_after():
    s = window_for(C.PLAGUE, crew=False)
    assert Play(RIT + C.PLAGUE, C.SAO_TOME) in RULES.legal(s, 0)
    play(s, 0, Play(RIT + C.PLAGUE, C.SAO_TOME))
    assert s.pest[C.SAO_TOME] == C.PEST_ACTIVE and s.cargo[0] == [3, 1, 3]


def test_eye_of_itzamna_scouts_from_anywhere():
    s = window_for(C.EYE, crew=False)
    top = s.t_deck[-3:]
    play(s, 0, Play(RIT + C.EYE, 0))
    assert s.step == S_PICK and sorted(s.shown) == sorted(top)
    play(s, 0, Take(top[0]))
    assert s.t_hand[0] == [top[0]]
    assert s.step == S_TRAVEL  # the window goes on (and closes: nobody holds another card)


def test_the_call_of_the_kraken_summons_it_onto_a_free_special_spot():
    # seed: "To face the Kraken, learn the ritual which summons it on Isla Oscura." "You may not choose a spot
    # which is already occupied by a monster tile."
    s = quick_game(2, seed=5)
    s.rits[0] = [C.KRAKEN]
    s.cargo[0] = [3, 3, 3]
    s.hul[0] = 9
    spots = list(the_graph(s).spots)
    s.monster_at[C.MON_SERPENT] = spots[0]
    play(s, 0, Act(C.ACT_TRAVEL))
    assert s.step == S_REACT
    kraken = [m for m in RULES.legal(s, 0) if isinstance(m, Play) and m.card == RIT + C.KRAKEN]
    assert sorted(m.arg for m in kraken) == sorted(spots[1:])
    play(s, 0, kraken[0])
    assert s.monster_at[C.MON_KRAKEN] == kraken[0].arg and s.cargo[0] == [2, 1, 2]


def test_reckless_smuggler_places_a_route_from_the_box_by_the_rules():
    s = window_for(C.SMUGGLER)
    n_before = the_graph(s).n
    play(s, 0, Play(C.SMUGGLER, 0))
    assert s.step == S_ROUTE
    legal = RULES.legal(s, 0)
    assert legal and all(m.tile in s.box for m in legal)
    play(s, 0, legal[0])
    g = the_graph(s)
    assert g.n == n_before + 3 and len(s.merchant) == g.n
    assert s.step == S_TRAVEL  # back to the window, which closes: nobody holds another card
    new_anchor = g.route_nodes[-1][1]
    assert s.merchant[new_anchor] == -1  # a merchant arrives at the end of the round


@pytest.mark.parametrize("ritual", range(9))
def test_rituals_cost_their_printed_resources(ritual):
    if C.RITUALS[ritual].needs not in C.BUILT:
        return
    s = window_for(ritual, crew=False)
    plays = [m for m in RULES.legal(s, 0) if isinstance(m, Play)]
    assert plays, C.RITUALS[ritual].name
    play(s, 0, plays[0])
    cost = C.RITUALS[ritual].cost
    assert s.cargo[0][:3] == [3 - cost[0], 3 - cost[1], 3 - cost[2]]


def test_the_mystic_pays_one_resource_less_for_a_ritual_of_two_or_more():
    s = window_for(C.BLESSING, crew=False)
    s.talent[0] = C.MYSTIC
    play(s, 0, Play(RIT + C.BLESSING, C.SPEED))
    assert s.cargo[0] == [3, 3, 1]  # 1 Rum + 2 Sugar: the Rum (printed first) is spared
    s = window_for(C.TOTEM, crew=False)
    s.talent[0] = C.MYSTIC
    play(s, 0, Play(RIT + C.TOTEM, 0))
    assert s.cargo[0] == [3, 3, 2]  # never less than one


def test_the_mystic_learns_rituals_on_any_island():
    s = quick_game(2, seed=9, talents=[C.MYSTIC, C.HAGGLER])
    s.pos[0] = C.PORT_ROYAL
    assert C.ACT_LEARN in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    play(s, 0, EndTurn())
    s.pos[1] = C.PORT_ROYAL
    assert C.ACT_LEARN not in {m.action for m in RULES.legal(s, 1) if isinstance(m, Act)}


