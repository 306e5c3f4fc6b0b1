"""Combat steps with their exact state change and events, part two (issue 10 item 9: the slower
mutants of rules/combat.py — gunfights, boarding, raids, the prelude, the deal, the duel's strikes
and answers, the end of a duel and its aftermath — which the first runs never reached). Each test
builds its state, calls one step and checks what changed and every event: words, kind, data,
audience and reveal flag. Numbers and names come from content.py."""

from __future__ import annotations

import pytest

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import combat
from engine.games.shiver.rules.common import (
    K_DUEL,
    K_LOSE,
    K_REWARD,
    K_WINDOW,
    S_LEAD,
    S_LOSE,
    S_NONE,
    S_PARRY,
    S_PLUNDER,
    S_STRIKE,
    S_TARGET,
    node_name,
    push,
    speed,
    the_graph,
)
from engine.games.shiver.scoring import tied_for_victory
from engine.games.shiver.state import (
    DUEL_BOARD,
    DUEL_FINAL,
    DUEL_FORT,
    DUEL_HUNTER,
    DUEL_MERCHANT,
    DUEL_NONE,
    MERCHANT_TARGET,
    SRC_COMBAT,
    WIN_PRELUDE,
    Plunder,
    State,
)
from tests.engine.shiver.helpers import quick_game
from tests.engine.shiver.test_combat import sea_node
from tests.engine.shiver.test_mut_combat import E, cards

A, B = 0, 1
M = C.MERCHANTS


@pytest.fixture(autouse=True)
def fresh_plunder_moves():
    """combat._PLUNDER caches the Plunder moves: mutmut forks each mutant from a process whose tests
    filled it, so the code that fills it would never run under a mutant (docs/mutation.md)."""
    combat._PLUNDER.clear()
    yield
    combat._PLUNDER.clear()


def at_sea(players: int = 2) -> tuple[State, int]:
    s = quick_game(players, seed=4)
    node = sea_node(s)
    for i in range(players):
        s.pos[i] = node
        s.crew[i] = []
        s.rits[i] = []
        s.missions[i] = []
    return s, node


def op(code: int, seat: int = 0, arg: int = 0) -> int:
    """A stack entry, as common.push writes it."""
    return code | seat << 5 | arg << 8


def merchant_at(s: State, node: int, mid: int) -> None:
    s.merchant[node] = mid
    s.m_up[node] = s.m_known[node] = s.m_safe[node] = s.m_damage[node] = 0


# ---------------------------------------------------------------- gunfights


def test_a_gunfight_at_an_equally_fast_merchant_misses():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.speed == s.spd[A] + s.t_spd[A])
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat.gunfight(s, A, MERCHANT_TARGET + node, ev)
    assert ev == [E("gunfight-miss", f"The merchant on the {node_name(s, node)} is as fast as Red (speed "
                    f"{M[mid].speed}): it sails out of range", A, reveal=True, node=node, speed=M[mid].speed)]
    assert s.m_damage[node] == 0


def test_a_gunfight_hits_the_merchant_and_counts_the_markers():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.speed == 1 and m.nation == 3)
    merchant_at(s, node, mid)
    s.missions[A] = [32]  # Warning Shot: a gunfight at a Dutch merchant
    s.m_prog[A] = [0]
    ev: list[Event] = []
    combat.gunfight(s, A, MERCHANT_TARGET + node, ev)
    assert ev == [E("gunfight", f"Red's cannons hit the merchant on the {node_name(s, node)}: 1 damage marker", A,
                    node=node)]
    assert s.m_damage[node] == 1 and s.m_prog[A] == [1]
    ev = []
    combat.gunfight(s, A, MERCHANT_TARGET + node, ev)
    assert ev[0].text.endswith(": 2 damage markers") and s.m_damage[node] == 2


def test_a_gunfight_on_a_player_rolls_the_red_die_under_the_guns():
    s, node = at_sea()
    ev: list[Event] = []
    combat.gunfight(s, A, B, ev)
    assert ev[0] == E("gunfight", "Red fires on Blue", A, target=B)
    assert ev[1].kind == "roll" and ev[1].seat == B and ev[1].text.startswith("Blue rolls the red die under Red's guns: ")


def test_target_begin_without_a_target_spends_the_action():
    s, node = at_sea()
    s.pos[B] = C.PORT_ROYAL
    s.act = C.ACT_BOARD
    ev: list[Event] = []
    combat.target_begin(s, A, ev)
    assert ev == [E("action-spent", "Red finds nobody to attack here any more: the action is spent", A)]
    s.pos[B] = node
    s.step = S_NONE
    combat.target_begin(s, A, ev)
    assert s.step == S_TARGET and s.actor == A and len(ev) == 1


def test_target_goes_to_the_gunfight_or_the_boarding():
    s, node = at_sea()
    s.act = C.ACT_GUNFIGHT
    s.step = S_TARGET
    ev: list[Event] = []
    combat.target(s, A, B, ev)
    assert ev[0] == E("gunfight", "Red fires on Blue", A, target=B) and s.duel == DUEL_NONE
    s, node = at_sea()
    s.act = C.ACT_BOARD
    s.step = S_TARGET
    ev = []
    combat.target(s, A, B, ev)
    assert ev[0] == E("board", "Red boards Blue's ship", A, target=B) and s.duel == DUEL_BOARD


# ---------------------------------------------------------------- boarding and the prelude


def test_boarding_a_merchant_reveals_it_and_the_right_hand_neighbour_defends():
    s, node = at_sea(3)
    mid = next(i for i, m in enumerate(M) if m.strength == s.stg[A] - 1 and not m.hunter)
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat.board(s, A, MERCHANT_TARGET + node, ev)
    assert s.m_up[node] == 1 and s.duel == DUEL_MERCHANT
    assert s.duel_seats == [A, 2] and s.duel_ship == [A, -1] and s.duel_foe == node
    assert ev == [
        E("board", f"Red boards the merchant on the {node_name(s, node)}: {combat.merchant_text(mid)}", A,
          reveal=True, node=node, merchant=mid),
        E("prelude", f"The prelude — strength {s.stg[A]} against {s.stg[A] - 1}: Red pushes the miniature 1 space "
          "forward", strength=[s.stg[A], s.stg[A] - 1], pos=1),
    ]
    assert s.stack[-2:] == [op(K_DUEL), op(K_WINDOW, 0, WIN_PRELUDE)]
    assert s.duel_pos == s.duel_push == 1 and s.duel_stg == [s.stg[A], s.stg[A] - 1]


def test_the_prelude_in_the_centre_and_two_spaces_the_other_way():
    s, node = at_sea()
    s.stg[A] = s.stg[B] = 3
    ev: list[Event] = []
    combat.board(s, A, B, ev)
    assert ev[1] == E("prelude", "The prelude — strength 3 against 3: the miniature stands in the centre",
                      strength=[3, 3], pos=0)
    assert s.duel_seats == [A, B] and s.duel_ship == [A, B] and s.duel_foe == -1
    s, node = at_sea()
    s.stg[A], s.stg[B] = 3, 5
    ev = []
    combat.board(s, A, B, ev)
    assert ev[1] == E("prelude", "The prelude — strength 3 against 5: Blue pushes the miniature 2 spaces forward",
                      strength=[3, 5], pos=-2)
    assert s.duel_pos == -2


def test_the_prelude_says_nothing_when_nothing_moved():
    s, node = at_sea()
    s.stg[A], s.stg[B] = 4, 3
    combat.board(s, A, B, None)
    ev: list[Event] = []
    assert combat._push(s, ev) and ev == []
    s.stg[B] = 4
    assert combat._push(s, ev) and ev == [E("prelude", "The prelude — strength 4 against 4: the miniature stands in "
                                             "the centre", strength=[4, 4], pos=0)]
    assert s.duel_push == 0 and s.duel_stg == [4, 4]


def test_a_difference_above_three_pushes_off_at_once():
    s, node = at_sea()
    s.stg[A], s.stg[B] = 2, 6
    ev: list[Event] = []
    combat.board(s, A, B, ev)
    assert ev[2] == E("pushed-off", "Red is pushed off the plank at once")
    assert ev[3] == E("duel-end", "Blue wins the duel", winner=1)
    assert s.duel == DUEL_NONE and s.beaten[B] == 1 and s.ship_marker[A] == B


def test_the_pirate_hunter_attacks_with_the_neighbour_as_its_captain():
    s, node = at_sea(3)
    mid = next(i for i, m in enumerate(M) if m.hunter and m.strength - s.stg[B] <= 3)
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat.hunter_attacks(s, B, node, ev)
    assert ev[0] == E("hunter-attack", "The pirate hunter attacks Blue at once", B, node=node)
    assert s.duel == DUEL_HUNTER and s.duel_seats == [A, B] and s.duel_ship == [-1, B] and s.duel_foe == node


def test_a_raid_reveals_the_fortress():
    s = quick_game(2, seed=4)
    s.crew[A] = s.crew[B] = []
    isl = s.pos[A]
    assert isl < 6 and s.fortress
    s.fortress[isl] = fid = C.F_DRILL  # no shore battery before the prelude
    f = C.FORTRESSES_DATA[fid]
    s.stg[A] = f.strength
    ev: list[Event] = []
    combat.raid_begin(s, A, ev)
    assert ev[1] == E("prelude", f"The prelude — strength {f.strength} against {f.strength}: the miniature stands in "
                      "the centre", strength=[f.strength, f.strength], pos=0)
    assert ev[0] == E("raid", f"Red raids the fortress of {C.ISLANDS[isl].name}: {f.name}, strength {f.strength}. "
                      f"{f.text}", A, reveal=True, island=isl, fortress=fid)
    assert s.fortress_up[isl] == 1 and s.duel == DUEL_FORT and s.duel_seats == [A, B] and s.duel_ship == [A, -1]
    assert s.duel_foe == isl


def test_no_raid_where_the_fortress_fell():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    s.fortress_up[isl] = 2
    ev: list[Event] = []
    combat.raid_begin(s, A, ev)
    assert ev == [E("action-spent", "Red has no fortress to raid here: the action is spent", A)]
    assert s.duel == DUEL_NONE and s.fortress_up[isl] == 2


# ---------------------------------------------------------------- the deal and the lead


def dueling(stg: tuple[int, int] = (3, 3), spd: tuple[int, int] = (3, 3)) -> State:
    s, node = at_sea()
    s.stg[A], s.stg[B] = stg
    s.spd[A], s.spd[B] = spd
    s.t_spd[A] = s.t_spd[B] = 0
    combat.board(s, A, B, None)
    s.stack.clear()
    return s


def test_the_deal_shows_each_captain_their_own_hand():
    s = dueling()
    ev: list[Event] = []
    combat._deal(s, 0, 0, ev)
    h0, h1 = s.duel_hands
    assert len(h0) == len(h1) == C.DUEL_HAND and len(s.duel_deck) == len(C.DUEL_CARDS) - 2 * C.DUEL_HAND
    assert sorted(h0 + h1 + s.duel_deck) == list(range(len(C.DUEL_CARDS)))
    assert ev == [
        E("deal", f"The duel deck is shuffled: Red is dealt {C.DUEL_HAND} cards, Blue {C.DUEL_HAND}", reveal=True),
        E("duel-hand", f"Red holds {combat.hand_words(h0)}", A, to=(A,), reveal=True, cards=h0),
        E("duel-hand", f"Blue holds {combat.hand_words(h1)}", B, to=(B,), reveal=True, cards=h1),
    ]
    assert s.step == S_LEAD and s.actor == A and s.duel_turn == 0


def test_the_defender_chooses_when_faster():
    s = dueling(spd=(2, 4))
    combat._deal(s, 0, 0, None)
    assert s.step == S_LEAD and s.actor == B and s.duel_turn == 1


def test_the_fortress_drill_and_gate_deal_other_hands():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    for fid, sizes in ((C.F_DRILL, (C.DUEL_HAND, C.FORT_DRILL_HAND)), (C.F_GATE, (C.FORT_GATE_HAND, C.DUEL_HAND))):
        s.fortress[isl] = fid
        s.duel, s.duel_seats, s.duel_ship, s.duel_foe = DUEL_FORT, [A, B], [A, -1], isl
        s.duel_hands = [[], []]
        s.stg[A] = C.FORTRESSES_DATA[fid].strength
        s.crew[A] = []
        ev: list[Event] = []
        combat._deal(s, 0, 0, ev)
        assert [len(h) for h in s.duel_hands] == list(sizes)
        name = C.FORTRESSES_DATA[fid].name
        assert ev[1] == E("deal", f"The duel deck is shuffled: Red is dealt {sizes[0]} cards, {name} {sizes[1]}",
                          reveal=True)
        s.step = S_NONE


def test_the_lead_chosen():
    s = dueling()
    combat._deal(s, 0, 0, None)
    ev: list[Event] = []
    combat.lead(s, A, 1, ev)
    assert ev == [E("lead", "Red chooses: Blue attacks first", side=1)]
    assert s.duel_turn == 1 and s.step == S_STRIKE and s.actor == B


def test_the_lot_decides_a_duel_for_victory_between_equal_speeds():
    s = quick_game(2, seed=4)
    s.spd[A] = s.spd[B] = 3
    s.t_spd[A] = s.t_spd[B] = 0
    combat.start_duel(s, DUEL_FINAL, [A, B], [A, B], -1, None)
    assert s.stack[-1] == op(K_DUEL) and s.duel == DUEL_FINAL
    s.stack.clear()
    ev: list[Event] = []
    combat._deal(s, 0, 0, ev)
    lot = ev[3]
    side = s.duel_turn
    assert lot == E("lead", f"The speeds are tied: the lot falls on {['Red', 'Blue'][side]} to attack first",
                    reveal=True, side=side)
    assert s.step == S_STRIKE and s.actor == side
    assert ev[0].text == f"The duel deck is shuffled: Red is dealt {C.DUEL_HAND} cards, Blue {C.DUEL_HAND}"


def test_a_faster_captain_chooses_in_a_duel_for_victory():
    s = quick_game(2, seed=4)
    s.spd[A], s.spd[B] = 2, 4
    s.t_spd[A] = s.t_spd[B] = 0
    combat.start_duel(s, DUEL_FINAL, [A, B], [A, B], -1, None)
    s.stack.clear()
    assert combat.lead_chooser(s) == 1


# ---------------------------------------------------------------- strikes and answers


def striking(a: list[int], b: list[int], pos: int = 0, turn: int = 0) -> State:
    s = dueling()
    combat._deal(s, 0, 0, None)
    rest = [c for c in range(len(C.DUEL_CARDS)) if c not in a and c not in b]
    s.duel_hands = [list(a), list(b)]
    s.duel_deck = rest
    s.duel_pos = pos
    s.duel_turn = turn
    s.step = S_STRIKE
    s.actor = turn
    return s


def test_a_pass_retreats_one_space_and_two_passes_end_the_duel():
    s = striking([0], [1])
    ev: list[Event] = []
    combat.strike(s, A, -1, ev)
    assert ev == [E("duel-pass", "Red passes and retreats 1 space", side=0, pos=-1)]
    assert s.duel_pos == -1 and s.duel_passes == 1 and s.duel_last == [0, -1, 3, 1]
    assert s.duel_turn == 1 and s.step == S_STRIKE and s.actor == B
    ev = []
    combat.strike(s, B, -1, ev)
    assert ev[0] == E("duel-pass", "Blue passes and retreats 1 space", side=1, pos=0)
    assert ev[1] == E("duel-end", "The duel ends with both captains in the centre: a tie", winner=-1)
    assert s.duel == DUEL_NONE and s.turn_done


def test_a_pass_off_the_plank_ends_the_duel():
    s = striking([0], [1], pos=-C.PLANK)
    ev: list[Event] = []
    combat.strike(s, A, -1, ev)
    assert ev[1] == E("duel-end", "Blue wins the duel", winner=1) and s.duel == DUEL_NONE


def test_an_attack_waits_for_the_answer():
    atk = cards(C.RED_ATTACK)[0]
    s = striking([atk], [1])
    s.duel_passes = 1
    ev: list[Event] = []
    combat.strike(s, A, atk, ev)
    assert ev == [E("attack", f"Red attacks: {C.red_words(atk)}", side=0, card=atk)]
    assert s.duel_card == atk and s.duel_passes == 0 and s.duel_hands[0] == [] and s.duel_last == [0, atk, 0, 0]
    assert s.step == S_PARRY and s.actor == B


def test_a_feint_attacks_again():
    feint = cards(C.RED_FEINT)[0]
    s = striking([feint, 0], [1])
    ev: list[Event] = []
    combat.strike(s, A, feint, ev)
    assert ev == [E("feint", "Red feints: they attack again, and no guard can block it", side=0, card=feint)]
    assert s.duel_feint and s.duel_disc[-1] == feint and s.step == S_STRIKE and s.actor == A and s.duel_turn == 0


def test_a_rigg_draws_and_hands_the_attack_over():
    rigg = cards(C.RED_RIGG)[0]
    s = striking([rigg], [1])
    s.duel_feint = True
    top = [s.duel_deck[-1], s.duel_deck[-2]]
    ev: list[Event] = []
    combat.strike(s, A, rigg, ev)
    assert ev == [E("rigg", f"Red swings through the rigging and draws {C.RIGG_DRAW} cards", side=0, card=rigg,
                    reveal=True),
                  E("duel-hand", f"Red draws {combat.hand_words(top)}", A, to=(A,), reveal=True, cards=top)]
    assert s.duel_hands[0] == top and not s.duel_feint and s.duel_disc[-1] == rigg
    assert s.duel_turn == 1 and s.step == S_STRIKE and s.actor == B


def test_a_rigg_on_an_empty_deck_draws_nothing():
    rigg = cards(C.RED_RIGG)[0]
    s = striking([rigg], [1])
    s.duel_deck = []
    ev: list[Event] = []
    combat.strike(s, A, rigg, ev)
    assert ev == [E("rigg", "Red swings through the rigging and draws 0 cards", side=0, card=rigg, reveal=True)]


def answer(atk: int, card: int, pos: int = 0) -> tuple[State, list[Event]]:
    s = striking([atk], [card] if card >= 0 else [], pos=pos)
    combat.strike(s, A, atk, None)
    ev: list[Event] = []
    combat.parry(s, B, card, ev)
    return s, ev


def test_taking_the_attack_retreats_by_its_wounds():
    atk = cards(C.RED_ATTACK, wounds=2)[0]
    s, ev = answer(atk, -1)
    assert ev[0] == E("answer", "Blue takes the attack: retreats 2 spaces", side=1, card=-1, wounds=2, pos=2)
    assert s.duel_pos == 2 and s.duel_last == [1, -1, 2, 2] and s.duel_card == -1 and s.duel_disc == [atk]
    assert s.duel_turn == 1 and s.step == S_STRIKE and s.actor == B
    one = cards(C.RED_ATTACK, wounds=1)[0]
    s, ev = answer(one, -1)
    assert ev[0].text == "Blue takes the attack: retreats 1 space"


def test_a_guard_blocks_every_wound():
    atk = cards(C.RED_ATTACK, zone=C.HIGH, wounds=3)[0]
    guard = cards(blue=C.BLUE_GUARD, guard=C.HIGH)[0]
    s, ev = answer(atk, guard)
    assert ev[0] == E("answer", f"Blue blocks with a {C.blue_words(guard)}", side=1, card=guard, wounds=0, pos=0)
    assert s.duel_last == [1, guard, 1, 0] and s.duel_disc == [guard, atk] and s.duel_hands[1] == []


def test_sand_and_an_insult():
    atk = cards(C.RED_ATTACK, wounds=3)[0]
    sand = cards(blue=C.BLUE_SAND)[0]
    s, ev = answer(atk, sand)
    assert ev[0] == E("answer", "Blue blocks with Throw sand", side=1, card=sand, wounds=0, pos=0)
    insult = cards(blue=C.BLUE_INSULT)[0]
    s, ev = answer(atk, insult)
    w = C.insulted(3)
    assert ev[0] == E("answer", f"Blue hurls an Insult: retreats {w} space{'s' if w != 1 else ''}", side=1,
                      card=insult, wounds=w, pos=w)


def test_an_answer_off_the_plank_ends_the_duel():
    atk = cards(C.RED_ATTACK, wounds=1)[0]
    s, ev = answer(atk, -1, pos=C.PLANK)
    assert ev[1] == E("duel-end", "Red wins the duel", winner=0) and s.duel == DUEL_NONE


# ---------------------------------------------------------------- the end of a duel and its aftermath


def test_finish_clears_the_duel():
    s = striking([0, 1], [2], pos=1)
    s.duel_aside = [3]
    ev: list[Event] = []
    combat.finish(s, ev)
    assert ev[0] == E("duel-end", "Red wins the duel", winner=0)
    assert s.duel == DUEL_NONE and s.duel_hands == [] and s.duel_deck == [] and s.duel_aside == []
    assert s.duel_card == -1 and s.duel_seats == [] and s.duel_ship == [] and s.duel_foe == -1
    assert s.duel_disc[-4:] == [0, 1, 2, 3] and s.step == S_PLUNDER or s.beaten[A] == 1


def test_stone_walls_turn_a_tie_into_the_raiders_loss():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    s.fortress[isl] = C.F_WALLS
    s.duel, s.duel_seats, s.duel_ship, s.duel_foe = DUEL_FORT, [A, B], [A, -1], isl
    s.duel_hands = [[], []]
    s.duel_pos = 0
    ev: list[Event] = []
    combat.finish(s, ev)
    name = C.FORTRESSES_DATA[C.F_WALLS].name
    assert ev[0] == E("duel-end", f"{name} wins the duel", winner=1)
    assert s.stack[-1] == op(K_LOSE, A) and s.turn_done


def test_a_tie_with_a_merchant_ends_the_turn_and_a_hunter_stays_up():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.hunter)
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat._after_merchant(s, A, node, -1, ev)
    assert ev == [E("hunter-stays", f"The pirate hunter stays face up on the {node_name(s, node)}: passing it costs "
                    f"{C.HUNTER_PASS_COST} more movement", node=node),
                  E("turn-ends", "Red's turn ends", A)]
    assert s.m_up[node] == 1 and s.turn_done and s.actions == 0 and op(K_LOSE, A) not in s.stack


def test_losing_to_a_merchant_costs_an_upgrade():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if not m.hunter)
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat._after_merchant(s, A, node, 1, ev)
    assert ev == [E("turn-ends", "Red's turn ends", A)]
    assert s.stack[-1] == op(K_LOSE, A) and s.merchant[node] == mid


def test_the_turn_ends_only_for_the_seat_whose_turn_it_is():
    s, node = at_sea()
    ev: list[Event] = []
    combat._end_turn_now(s, B, ev)
    assert ev == [] and not s.turn_done
    s.actions = 2
    combat._end_turn_now(s, A, ev)
    assert s.turn_done and s.actions == 0
    combat._end_turn_now(s, A, ev)
    assert len(ev) == 1


def test_defeating_a_merchant_takes_gold_goods_and_the_fleet():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.gold and m.goods[1] and m.nation == 0 and m.size == C.SMALL)
    m = M[mid]
    merchant_at(s, node, mid)
    s.m_damage[node] = 1
    s.missions[A] = [14]  # The English Convoy: defeat an English merchant
    s.m_prog[A] = [0]
    s.cargo[A] = [0, 0, 0]
    gold = s.gold[A]
    ev: list[Event] = []
    combat.take_merchant(s, A, node, ev)
    assert s.defeated[A][-1] == mid and s.merchant[node] == -1
    assert (s.m_up[node], s.m_known[node], s.m_safe[node], s.m_damage[node]) == (0, 0, 0, 0)
    assert s.gold[A] == gold + m.gold and s.income[A][SRC_COMBAT] >= m.gold and s.m_prog[A] == [1]
    assert ev[:2] == [E("defeat-merchant", f"Red defeats {combat.merchant_text(mid)} and takes its marker ({m.vp} "
                        "seals)", A, reveal=True, merchant=mid),
                      E("plunder", f"Red takes {m.gold} Gold", A, gold=m.gold)]
    assert ev[2].kind == "gain" and s.cargo[A][m.goods[0]] == m.goods[1]


def test_a_large_merchant_is_a_merchant_for_a_mission():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.size == C.LARGE and m.nation == 1 and not m.hunter)
    merchant_at(s, node, mid)
    s.missions[A] = [15, 14]  # Sink the Spanish Galleon (large), The English Convoy
    s.m_prog[A] = [0, 0]
    combat.take_merchant(s, A, node, None)
    assert s.m_prog[A] == [1, 0]


def test_a_treasure_merchant_pushes_the_reward():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.treasure and not m.hunter)
    merchant_at(s, node, mid)
    combat.take_merchant(s, A, node, [])
    assert s.stack[-1] == op(K_REWARD, A)


def test_a_pirate_hunter_counts_as_a_hunter_for_a_mission():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.hunter and not m.family)
    merchant_at(s, node, mid)
    s.missions[A] = [30]  # Hunt the Hunter
    s.m_prog[A] = [0]
    combat.take_merchant(s, A, node, None)
    assert s.m_prog[A] == [1]


def boarded(win: int, gold: int = 0) -> State:
    s, node = at_sea()
    s.gold[A] = s.gold[B] = gold
    s.cargo[A] = [0, 0, 0]
    s.cargo[B] = [0, 0, 0]
    s.t_ship[A] = []
    s.t_ship[B] = []
    s.missions[A] = [31]  # Rival Captain
    s.missions[B] = [31]
    s.m_prog[A] = [0]
    s.m_prog[B] = [0]
    return s


def test_a_boarding_won_takes_the_ship_marker_and_asks_for_the_plunder():
    s = boarded(0, gold=300)
    ev: list[Event] = []
    combat._after_boarding(s, [A, B], 0, ev)
    assert ev == [E("ship-marker", f"Red is the first to defeat Blue and takes the ship marker ({C.SHIP_MARKER_VP} "
                    "seals)", A, loser=B)]
    assert s.beaten[A] == 1 and s.ship_marker[B] == A and s.m_prog[A] == [1] and s.m_prog[B] == [0]
    assert s.step == S_PLUNDER and s.actor == A and s.plunder_from == B and not s.turn_done
    ev = []
    s.step = S_NONE
    combat._after_boarding(s, [A, B], 0, ev)
    assert ev == [] and s.ship_marker[B] == A and s.beaten[A] == 2


def test_a_boarding_lost_ends_the_attackers_turn_and_an_empty_ship_is_said():
    s = boarded(1)
    ev: list[Event] = []
    combat._after_boarding(s, [A, B], 1, ev)
    assert ev == [E("ship-marker", f"Blue is the first to defeat Red and takes the ship marker ({C.SHIP_MARKER_VP} "
                    "seals)", B, loser=A),
                  E("plunder", "Red's ship holds nothing worth taking", B),
                  E("turn-ends", "Red's turn ends", A)]
    assert s.beaten[B] == 1 and s.m_prog[B] == [1] and s.step != S_PLUNDER and s.plunder_from == -1


def test_a_tied_boarding_ends_the_turn_only():
    s = boarded(-1, gold=300)
    ev: list[Event] = []
    combat._after_boarding(s, [A, B], -1, ev)
    assert ev == [E("turn-ends", "Red's turn ends", A)] and s.beaten == [0, 0] and s.ship_marker[B] == -1


def test_the_plunder_options():
    s = boarded(0)
    s.gold[B] = 1
    assert combat.plunder_options(s, B) == []
    s.gold[B] = 2
    s.cargo[B] = [1, 2, 1]
    s.t_ship[B] = [5]
    opts = combat.plunder_options(s, B)
    half = 2
    cargo = [Plunder(1, c * 16 + r * 4 + (half - c - r)) for c in range(2) for r in range(3)
             if 0 <= half - c - r <= 1]
    assert opts == [Plunder(0, 0), *cargo, Plunder(2, 5)]
    assert combat.plunder_move(1, 5) == Plunder(1, 5) and combat.plunder_move(1, 5) is combat.plunder_move(1, 5)
    s.plunder_from = B
    assert combat.plunder_legal(s, A) == opts


def test_plundering_gold_cargo_and_a_treasure():
    s = boarded(0)
    s.gold[B] = 701
    s.plunder_from = B
    s.step = S_PLUNDER
    ev: list[Event] = []
    combat.plunder(s, A, 0, 0, ev)
    assert ev == [E("plunder", "Red takes 350 Gold from Blue", A, gold=350, loser=B)]
    assert s.gold == [350, 351] and s.income[A][SRC_COMBAT] >= 350 and s.plunder_from == -1 and s.step == S_NONE
    s.cargo[B] = [1, 2, 1]
    s.plunder_from = B
    ev = []
    combat.plunder(s, A, 1, 1 * 16 + 1 * 4 + 0, ev)
    assert ev[0] == E("plunder", "Red takes half of Blue's cargo", A, loser=B, units=[1, 1, 0])
    assert [e.kind for e in ev[1:]] == ["gain", "gain"] and "Blue's hold" in ev[1].text
    assert s.cargo[B] == [0, 1, 1] and s.cargo[A] == [1, 1, 0]
    t = next(i for i, tr in enumerate(C.TREASURES) if i > 0)
    s.t_ship[B] = [t]
    s.plunder_from = B
    ev = []
    combat.plunder(s, A, 2, t, ev)
    assert ev[0] == E("plunder", f"Red takes {C.TREASURES[t].name} from Blue's ship", A, card=t, loser=B)
    assert s.t_ship[B] == [] and s.t_ship[A] == [t]


def test_a_fortress_taken():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    fid = s.fortress[isl]
    s.missions[A] = [16]  # Storm the Fortress
    s.m_prog[A] = [0]
    gold = s.gold[A]
    ev: list[Event] = []
    combat._after_raid(s, A, isl, 0, ev)
    f = C.FORTRESSES_DATA[fid]
    assert ev == [E("fortress-taken", f"Red takes {f.name}: its marker ({f.vp} seals) and {C.FORTRESS_GOLD} Gold", A,
                    fortress=fid)]
    assert s.fortress_up[isl] == 2 and s.forts_won[A] == [fid] and s.gold[A] == gold + C.FORTRESS_GOLD
    assert s.m_prog[A] == [1] and not s.turn_done


def test_a_raid_lost_or_tied():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    ev: list[Event] = []
    combat._after_raid(s, A, isl, 1, ev)
    assert ev == [E("turn-ends", "Red's turn ends", A)] and s.stack[-1] == op(K_LOSE, A) and s.forts_won[A] == []
    s = quick_game(2, seed=4)
    n = len(s.stack)
    combat._after_raid(s, A, isl, -1, None)
    assert len(s.stack) == n and s.turn_done


def test_losing_an_upgrade_after_a_fight():
    s = quick_game(2, seed=4)
    s.spd[B], s.stg[B], s.hul[B] = 1, 2, 1
    assert combat.lose_options(s, B) == [C.STRENGTH]
    ev: list[Event] = []
    combat._lose(s, B, 0, ev)
    assert ev == [] and s.step == S_LOSE and s.actor == B
    s.stg[B] = 1
    s.step = S_NONE
    combat._lose(s, B, 0, ev)
    assert ev == [E("no-harm", "Blue's ship has no upgrade left to lose", B)] and s.step == S_NONE
    s.spd[B], s.stg[B], s.hul[B] = 2, 2, 2
    assert combat.lose_options(s, B) == [C.SPEED, C.STRENGTH, C.HULL]
    s.step = S_LOSE
    ev = []
    combat.lose(s, B, C.HULL, ev)
    assert s.step == S_NONE and s.hul[B] == 1
    assert ev[0] == E("lose", "Blue loses 1 hull upgrade (a lost fight): now 1", B, attr=C.HULL)


def test_the_battery_fires_before_the_prelude():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    s.fortress[isl] = C.F_BATTERY
    ev: list[Event] = []
    combat.start_duel(s, DUEL_FORT, [A, B], [A, -1], isl, ev)
    assert ev[0].kind == "roll" and ev[0].seat == A and "rolls the red die under the shore battery: " in ev[0].text


def test_the_duel_begins_clean():
    s = quick_game(2, seed=4)
    s.duel_deck, s.duel_aside, s.duel_disc, s.duel_last = [1], [2], [3], [1, 2, 3, 4]
    s.duel_turn, s.duel_card, s.duel_passes, s.duel_feint, s.duel_swaps = 1, 5, 1, True, 2
    s.duel_pos, s.duel_push, s.duel_stg = 2, 2, [4, 2]
    combat.start_duel(s, DUEL_FINAL, [A, B], [A, B], -1, [])
    assert (s.duel_hands, s.duel_deck, s.duel_aside, s.duel_disc, s.duel_last) == ([[], []], [], [], [], [])
    assert (s.duel_turn, s.duel_card, s.duel_passes, s.duel_feint, s.duel_swaps) == (0, -1, 0, False, 0)
    assert (s.duel_pos, s.duel_push, s.duel_stg) == (0, 0, [0, 0])


def test_side_strength_of_merchants_and_forts():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.strength == 2)
    merchant_at(s, node, mid)
    s.duel, s.duel_ship, s.duel_foe = DUEL_MERCHANT, [A, -1], node
    s.m_damage[node] = 1
    assert combat.side_strength(s, 1) == 1
    s.m_damage[node] = 3
    assert combat.side_strength(s, 1) == 1
    isl = s.pos[A] = C.PORT_ROYAL
    s.fortress[isl] = C.F_REINFORCED
    s.fortress_up = [0] * len(s.fortress_up)
    s.fortress_up[1] = s.fortress_up[2] = 2
    s.duel, s.duel_foe = DUEL_FORT, isl
    assert combat.side_strength(s, 1) == C.FORTRESSES_DATA[C.F_REINFORCED].strength + 2
    assert combat.side_speed(s, 1) == 0 and combat.side_name(s, 1) == C.FORTRESSES_DATA[C.F_REINFORCED].name


def test_side_names_and_speeds_of_merchants():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.hunter)
    merchant_at(s, node, mid)
    s.duel, s.duel_ship, s.duel_foe = DUEL_HUNTER, [-1, B], node
    assert combat.side_name(s, 0) == f"the {C.NATIONS[M[mid].nation]} pirate hunter"
    assert combat.side_speed(s, 0) == M[mid].speed and combat.side_name(s, 1) == "Blue"
    trader = next(i for i, m in enumerate(M) if not m.hunter and m.nation == 2)
    merchant_at(s, node, trader)
    s.duel = DUEL_MERCHANT
    assert combat.side_name(s, 0) == "the French merchant" and combat.side_speed(s, 0) == M[trader].speed


def test_the_fog_bonus_goes_to_the_attacker_only():
    s, node = at_sea()
    fog = sea_node(s, fog=True)
    s.pos[A] = s.pos[B] = fog
    s.monster_at = [-1 for _ in s.monster_at]
    s.duel, s.duel_ship = DUEL_BOARD, [A, B]
    assert combat.side_strength(s, 0) == s.stg[A] + C.FOG_ATTACK_BONUS
    assert combat.side_strength(s, 1) == s.stg[B]
    assert combat.fog_lies(s, fog) and not combat.fog_lies(s, node)
    g = the_graph(s)
    heart = next(n for n in range(g.n) if g.spot[n] == C.SPOT_FOG)
    s.monster_at = [heart]
    assert not combat.fog_lies(s, fog) and combat.side_strength(s, 0) == s.stg[A]


def test_the_ramparts_let_the_fortress_choose():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    s.fortress[isl] = C.F_RAMPARTS
    s.duel, s.duel_ship, s.duel_foe = DUEL_FORT, [A, -1], isl
    assert combat.lead_chooser(s) == 1
    s.fortress[isl] = C.F_WALLS
    assert combat.lead_chooser(s) == 0


def test_the_stack_word():
    s = quick_game(2, seed=4)
    push(s, K_LOSE, B, 3)
    assert s.stack[-1] == op(K_LOSE, B, 3)


# ---------------------------------------------------------------- titles, quests and the Admiral


def quest(s: State, seat: int, card: int) -> None:
    s.missions[seat] = [card]
    s.m_prog[seat] = [0]


def marks(s: State, seat: int, card: int, task: int) -> Event:
    t = C.TITLES[C.MISSIONS[card].a]
    return E("quest-task", f"{['Red', 'Blue'][seat]} marks \"{t.tasks[task].text}\" on {t.name} (1 of 3)", seat,
             card=card, task=task)


ADMIRAL_QUEST, PRIVATEER_QUEST, BUCCANEER_QUEST = 35, 33, 34  # content.MISSIONS: the title quests


def test_the_title_quests_these_tests_use():
    assert [C.MISSIONS[c].a for c in (PRIVATEER_QUEST, BUCCANEER_QUEST, ADMIRAL_QUEST)] == [
        C.T_PRIVATEER, C.T_BUCCANEER, C.T_ADMIRAL]
    assert C.TITLES[C.T_ADMIRAL].tasks[0].kind == C.Q_GUNFIGHT and C.TITLES[C.T_PRIVATEER].tasks[2].kind == C.Q_CAPTAIN
    assert C.TITLES[C.T_BUCCANEER].tasks[1].kind == C.Q_HUNTER


def admiral(s: State, seat: int) -> None:
    s.title_of = [-1] * len(C.TITLES)
    s.title_of[C.T_ADMIRAL] = seat


def test_the_admiral_misses_a_faster_merchant_and_hits_an_equally_fast_one():
    s, node = at_sea()
    admiral(s, A)
    sp = speed(s, A)  # the Admiral's own speed bonus counted
    faster = next(i for i, m in enumerate(M) if m.speed == sp + 1)
    merchant_at(s, node, faster)
    ev: list[Event] = []
    combat.gunfight(s, A, MERCHANT_TARGET + node, ev)
    assert ev == [E("gunfight-miss", f"The merchant on the {node_name(s, node)} is faster than Red (speed "
                    f"{sp + 1}): it sails out of range", A, reveal=True, node=node, speed=sp + 1)]
    assert s.m_damage[node] == 0
    equal = next(i for i, m in enumerate(M) if m.speed == sp)
    merchant_at(s, node, equal)
    ev = []
    combat.gunfight(s, A, MERCHANT_TARGET + node, ev)
    assert s.m_damage[node] == 1 and ev[0].kind == "gunfight"
    assert MERCHANT_TARGET + node in combat.gunfight_targets(s, A)


def test_a_gunfight_hit_marks_the_admirals_quest():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.speed == 1)
    merchant_at(s, node, mid)
    quest(s, A, ADMIRAL_QUEST)
    ev: list[Event] = []
    combat.gunfight(s, A, MERCHANT_TARGET + node, ev)
    assert ev[0] == marks(s, A, ADMIRAL_QUEST, 0) and ev[1].kind == "gunfight" and s.m_prog[A] == [1]


def test_a_fortress_taken_and_a_merchant_defeated_mark_the_admirals_quest():
    s = quick_game(2, seed=4)
    quest(s, A, ADMIRAL_QUEST)
    ev: list[Event] = []
    combat._after_raid(s, A, s.pos[A], 0, ev)
    assert ev[0] == marks(s, A, ADMIRAL_QUEST, 1)
    s, node = at_sea()
    merchant_at(s, node, 0)
    quest(s, A, ADMIRAL_QUEST)
    ev = []
    combat.take_merchant(s, A, node, ev)
    assert ev[0] == marks(s, A, ADMIRAL_QUEST, 2)


def test_a_captain_beaten_marks_the_privateers_quest_and_a_privateer_beaten_the_buccaneers():
    s = boarded(0, gold=300)
    quest(s, A, PRIVATEER_QUEST)
    ev: list[Event] = []
    combat._after_boarding(s, [A, B], 0, ev)
    assert ev[0] == marks(s, A, PRIVATEER_QUEST, 2)
    s = boarded(0, gold=300)
    quest(s, A, BUCCANEER_QUEST)
    s.title_of = [-1] * len(C.TITLES)
    s.title_of[C.T_PRIVATEER] = B
    ev = []
    combat._after_boarding(s, [A, B], 0, ev)
    assert ev[0] == marks(s, A, BUCCANEER_QUEST, 1)


def test_the_privateer_who_wins_is_paid_a_bounty():
    s = boarded(0, gold=300)
    s.title_of = [-1] * len(C.TITLES)
    s.title_of[C.T_PRIVATEER] = A
    ev: list[Event] = []
    combat._after_boarding(s, [A, B], 0, ev)
    assert ev[0] == E("bounty", f"The crown pays Red, the King's Privateer, a bounty of {C.PRIVATEER_BOUNTY} Gold", A,
                      gold=C.PRIVATEER_BOUNTY)
    assert s.gold[A] == 300 + C.PRIVATEER_BOUNTY


def test_a_ring_plundered_begins_a_quest():
    s = boarded(0)
    ring = next(i for i, t in enumerate(C.TREASURES) if t.ring)
    s.t_ship[B] = [ring]
    s.plunder_from = B
    assert s.wish_ring[A] < 0 and s.soulmate
    combat.plunder(s, A, 2, ring, [])
    assert s.wish_ring[A] == ring and ring in s.rings_used and s.t_ship[A] == [ring]


# ---------------------------------------------------------------- more of the duel's words


def test_the_pirate_hunters_prelude_is_said():
    s, node = at_sea(3)
    mid = next(i for i, m in enumerate(M) if m.hunter and 0 < m.strength - s.stg[B] <= 3)
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat.hunter_attacks(s, B, node, ev)
    d = M[mid].strength - s.stg[B]
    assert ev[1] == E("prelude", f"The prelude — strength {M[mid].strength} against {s.stg[B]}: the "
                      f"{C.NATIONS[M[mid].nation]} pirate hunter pushes the miniature {d} space{'s' if d != 1 else ''} "
                      "forward", strength=[M[mid].strength, s.stg[B]], pos=d)


def test_a_swap_before_a_duel_for_victory_is_followed_by_the_lot():
    s = quick_game(2, seed=4)
    s.resilient = True
    s.crew[A] = s.crew[B] = []
    s.spd[A] = s.spd[B] = 3
    s.t_spd[A] = s.t_spd[B] = 0
    s.hul[B] = s.hul[A] + 1
    combat.start_duel(s, DUEL_FINAL, [A, B], [A, B], -1, None)
    s.stack.clear()
    combat._deal(s, 0, 0, None)
    assert s.actor == B and s.duel_swaps == 1
    ev: list[Event] = []
    combat.swap(s, B, -1, ev)
    assert ev[-1] == E("lead", f"The speeds are tied: the lot falls on {['Red', 'Blue'][s.duel_turn]} to attack "
                       "first", reveal=True, side=s.duel_turn)


def test_the_neutral_merchant_chooses_the_lead_aloud():
    s, node = at_sea()
    s.neutral = True
    mid = next(i for i, m in enumerate(M) if m.speed > s.spd[A] + s.t_spd[A] and abs(m.strength - s.stg[A]) <= 3
               and not m.hunter)
    merchant_at(s, node, mid)
    combat.board(s, A, MERCHANT_TARGET + node, None)
    s.stack.clear()
    assert s.duel_seats == [A, -1]
    ev: list[Event] = []
    combat._deal(s, 0, 0, ev)
    name = f"the {C.NATIONS[M[mid].nation]} merchant"
    assert ev[1] == E("duel-hand", f"Red holds {combat.hand_words(s.duel_hands[0])}", A, to=(A,), reveal=True,
                      cards=s.duel_hands[0])
    assert ev[2] == E("lead", f"{name} chooses: {name} attacks first", side=1)


def test_a_duel_for_victory_is_fought_once():
    s = quick_game(2, seed=4)
    for w in (-1, 0, 1):
        s.final_winner = w
        assert not combat.final_duel(s, []) and s.duel == DUEL_NONE


def test_a_tie_for_victory_begins_the_first_duel_and_queues_the_rest():
    s = quick_game(4, seed=4)
    assert tied_for_victory(s) == [0, 1, 2, 3] and s.final_winner == -2
    ev: list[Event] = []
    assert combat.final_duel(s, ev)
    assert s.final_winner == -1 and s.duel_queue == [2, 3] and s.duel == DUEL_FINAL and s.duel_seats == [0, 1]
    assert ev == [E("final-duel", "Red and Blue are tied on points, missions and Gold: they duel for the victory",
                    a=0, b=1)]


def test_the_losers_of_the_second_seat_lose_an_upgrade():
    """Seat 1 loses, so a push that dropped its seat (seat 0) shows."""
    s, node = at_sea()
    s.turn = B
    merchant_at(s, node, 0)
    ev: list[Event] = []
    combat._after_merchant(s, B, node, 1, ev)
    assert s.stack[-1] == op(K_LOSE, B) and ev == [E("turn-ends", "Blue's turn ends", B)]
    s = quick_game(2, seed=4)
    s.turn = B
    ev = []
    combat._after_raid(s, B, s.pos[B], 1, ev)
    assert s.stack[-1] == op(K_LOSE, B) and ev == [E("turn-ends", "Blue's turn ends", B)]


def test_a_pirate_hunter_defeated_marks_the_buccaneers_quest():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.hunter and not m.family)
    merchant_at(s, node, mid)
    quest(s, A, BUCCANEER_QUEST)
    ev: list[Event] = []
    combat.take_merchant(s, A, node, ev)
    assert ev[0] == marks(s, A, BUCCANEER_QUEST, 1) and ev[1].kind == "defeat-merchant"


def test_the_treasure_fleet_pays_more_and_the_hold_is_named():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.gold and m.goods[1] and not m.hunter)
    m = M[mid]
    merchant_at(s, node, mid)
    s.cargo[A] = [0, 0, 0]
    s.event = next(i for i, k in enumerate(C.WIND_EVENT) if k == C.EV_FLEET)
    fleet = C.EVENTS[C.EV_FLEET].value
    assert fleet > 0
    gold = s.gold[A]
    ev: list[Event] = []
    combat.take_merchant(s, A, node, ev)
    assert ev[1:4] == [E("plunder", f"Red takes {m.gold} Gold", A, gold=m.gold),
                       E("plunder", f"Treasure fleet: Red takes {fleet} Gold more", A, gold=fleet),
                       E("gain", f"Red takes {m.goods[1]} {C.RESOURCES[m.goods[0]]} (the merchant's hold)", A)]
    assert s.gold[A] == gold + m.gold + fleet


def test_a_pirate_hunter_holding_a_relative_frees_them():
    s, node = at_sea()
    mid = next(i for i, m in enumerate(M) if m.hunter and m.family)
    f = next(i for i, r in enumerate(C.FAMILY) if r.name == M[mid].family)
    merchant_at(s, node, mid)
    ev: list[Event] = []
    combat.take_merchant(s, A, node, ev)
    assert f in s.family[A] and next(e for e in ev if e.kind == "rescue").data["relative"] == f


def test_a_merchant_defeated_is_no_gunfight_and_a_small_one_no_galleon():
    s, node = at_sea()
    for cond in ((C.SMALL, 3), (C.LARGE, 3), (C.SMALL, 1)):
        mid = next(i for i, m in enumerate(M) if (m.size, m.nation) == cond and not m.hunter)
        merchant_at(s, node, mid)
        s.missions[A] = [32, 15]  # Warning Shot (a gunfight at a Dutch merchant), Sink the Spanish Galleon (large)
        s.m_prog[A] = [0, 0]
        combat.take_merchant(s, A, node, None)
        assert s.m_prog[A] == [0, 0], cond


def neutral_duel(kind: int = DUEL_MERCHANT) -> tuple[State, int]:
    s, node = at_sea()
    s.neutral = True
    mid = next(i for i, m in enumerate(M) if m.hunter == (kind == DUEL_HUNTER))
    s.stg[A] = M[mid].strength
    merchant_at(s, node, mid)
    if kind == DUEL_HUNTER:
        combat.hunter_attacks(s, A, node, None)
    else:
        combat.board(s, A, MERCHANT_TARGET + node, None)
    s.stack.clear()
    return s, node


def test_the_neutral_feints_and_attacks_again_aloud():
    s, node = neutral_duel()
    feint = cards(C.RED_FEINT)[0]
    atk = cards(C.RED_ATTACK, wounds=1)[0]
    s.duel_hands = [[], [feint, atk]]
    s.duel_deck = [c for c in range(len(C.DUEL_CARDS)) if c not in (feint, atk)]
    s.duel_turn = 1
    ev: list[Event] = []
    combat.ask_attack(s, ev)
    name = combat.side_name(s, 1)
    assert ev == [E("feint", f"{name} feints: they attack again, and no guard can block it", side=1, card=feint),
                  E("attack", f"{name} attacks: {C.red_words(atk)}", side=1, card=atk)]
    assert s.step == S_PARRY and s.actor == A


def test_the_neutral_leads_and_then_attacks_aloud():
    s, node = neutral_duel()
    atk = cards(C.RED_ATTACK, wounds=1)[0]
    s.duel_hands = [[], [atk]]
    s.duel_turn = 1
    ev: list[Event] = []
    combat.lead(s, -1, 1, ev)
    name = combat.side_name(s, 1)
    assert ev == [E("lead", f"{name} chooses: {name} attacks first", side=1),
                  E("attack", f"{name} attacks: {C.red_words(atk)}", side=1, card=atk)]


def test_a_tie_with_the_pirate_hunter_costs_nothing_and_is_said():
    s, node = neutral_duel(DUEL_HUNTER)
    s.duel_pos = 0
    n = len(s.stack)
    ev: list[Event] = []
    combat.finish(s, ev)
    assert ev == [E("duel-end", "The duel ends with both captains in the centre: a tie", winner=-1),
                  E("hunter-stays", f"The pirate hunter stays face up on the {node_name(s, node)}: passing it costs "
                    f"{C.HUNTER_PASS_COST} more movement", node=node),
                  E("turn-ends", "Red's turn ends", A)]
    assert len(s.stack) == n and s.m_up[node] == 1


def test_the_pirate_hunter_beaten_or_winning():
    s, node = neutral_duel(DUEL_HUNTER)
    mid = s.merchant[node]
    s.duel_pos = -1  # side 1, the captain, stands in the hunter's half: the hunter is beaten
    ev: list[Event] = []
    combat.finish(s, ev)
    assert ev[0] == E("duel-end", "Red wins the duel", winner=1) and s.defeated[A] == [mid]
    s, node = neutral_duel(DUEL_HUNTER)
    s.duel_pos = 1
    combat.finish(s, [])
    assert s.stack[-1] == op(K_LOSE, A) and s.merchant[node] >= 0


def test_a_raid_won_is_said_at_the_end_of_the_duel():
    s = quick_game(2, seed=4)
    isl = s.pos[A]
    fid = s.fortress[isl]
    s.duel, s.duel_seats, s.duel_ship, s.duel_foe = DUEL_FORT, [A, B], [A, -1], isl
    s.duel_hands = [[], []]
    s.duel_pos = 1
    ev: list[Event] = []
    combat.finish(s, ev)
    assert [e.kind for e in ev] == ["duel-end", "fortress-taken"] and s.forts_won[A] == [fid]


def test_a_duel_for_victory_ends_the_game_at_its_finish():
    s = quick_game(2, seed=4)
    s.final_winner = -1
    s.duel_queue = []
    s.duel, s.duel_seats, s.duel_ship, s.duel_foe = DUEL_FINAL, [A, B], [A, B], -1
    s.duel_hands = [[], []]
    s.duel_pos = -2
    ev: list[Event] = []
    combat.finish(s, ev)
    assert ev == [E("duel-end", "Blue wins the duel", winner=1),
                  E("game-over", "The duel for victory is over, and with it the game")]
    assert s.final_winner == B and s.over


def test_a_gunfight_needs_a_slower_target_where_a_boarding_does_not():
    s, node = at_sea()
    s.spd[A] = s.spd[B] = 3
    s.act = C.ACT_GUNFIGHT
    assert combat.target_legal(s, A) == []
    ev: list[Event] = []
    combat.target_begin(s, A, ev)
    assert [e.kind for e in ev] == ["action-spent"] and s.step != S_TARGET
    s.act = C.ACT_BOARD
    assert combat.target_legal(s, A) == [combat.TARGET[B]]


def test_a_monster_elsewhere_leaves_the_fog():
    s, node = at_sea()
    fog = sea_node(s, fog=True)
    g = the_graph(s)
    other = next(n for n in range(g.n) if g.spot[n] >= 0 and g.spot[n] != C.SPOT_FOG)
    s.monster_at = [other]
    assert combat.fog_lies(s, fog)


def test_after_a_rigg_the_neutral_attacks_aloud():
    s, node = neutral_duel()
    rigg = cards(C.RED_RIGG)[0]
    atk = cards(C.RED_ATTACK, wounds=1)[0]
    s.duel_hands = [[rigg], [atk]]
    s.duel_deck = [c for c in range(len(C.DUEL_CARDS)) if c not in (rigg, atk)]
    s.duel_turn = 0
    ev: list[Event] = []
    combat.strike(s, A, rigg, ev)
    name = combat.side_name(s, 1)
    assert [e.kind for e in ev] == ["rigg", "duel-hand", "attack"]
    assert ev[2] == E("attack", f"{name} attacks: {C.red_words(atk)}", side=1, card=atk)


def test_the_prelude_says_when_only_the_strengths_changed():
    s, node = at_sea()
    s.stg[A], s.stg[B] = 4, 3
    combat.board(s, A, B, None)
    s.stg[A], s.stg[B] = 5, 4  # the same difference
    ev: list[Event] = []
    assert combat._push(s, ev)
    assert ev == [E("prelude", "The prelude — strength 5 against 4: Red pushes the miniature 1 space forward",
                    strength=[5, 4], pos=1)]


def test_pushed_off_either_way():
    s, node = at_sea()
    s.stg[A], s.stg[B] = 2, 6
    combat.board(s, A, B, None)
    assert s.duel_pos == -(C.PLANK + 1)
    s, node = at_sea()
    s.stg[A], s.stg[B] = 7, 3
    s.gold[B] = 0
    ev: list[Event] = []
    combat.board(s, A, B, ev)
    assert ev[2:4] == [E("pushed-off", "Blue is pushed off the plank at once"),
                       E("duel-end", "Red wins the duel", winner=0)]
    assert s.duel_pos == C.PLANK + 1


def test_the_neutral_bigger_ship_keeps_its_hand_aloud():
    s, node = at_sea()
    s.neutral = True
    s.resilient = True
    mid = next(i for i, m in enumerate(M) if not m.hunter and m.hull > s.hul[A])
    s.stg[A] = M[mid].strength
    merchant_at(s, node, mid)
    combat.board(s, A, MERCHANT_TARGET + node, None)
    s.stack.clear()
    ev: list[Event] = []
    combat._deal(s, 0, 0, ev)
    name = combat.side_name(s, 1)
    assert ev[2] == E("swap", f"{name}'s bigger ship: 0 cards set aside and as many drawn")
    assert len(s.duel_hands[1]) == C.DUEL_HAND and s.duel_swaps == 0


def test_gunfight_targets_among_ships_and_merchants():
    s, node = at_sea()
    admiral(s, A)
    sp = speed(s, A)
    s.spd[B] = sp + 1 - s.t_spd[B]
    assert combat.gunfight_targets(s, A) == []  # the Admiral fires on equal speed, not on a faster ship
    s.spd[B] = sp - s.t_spd[B]
    assert combat.gunfight_targets(s, A) == [B]
    s.title_of = [-1] * len(C.TITLES)
    s.pos[B] = C.PORT_ROYAL
    fast = next(i for i, m in enumerate(M) if m.speed > speed(s, A))
    merchant_at(s, node, fast)
    assert combat.gunfight_targets(s, A) == [MERCHANT_TARGET + node]  # face down: its speed is hidden
    s.m_up[node] = 1
    assert combat.gunfight_targets(s, A) == []
    merchant_at(s, node, next(i for i, m in enumerate(M) if m.speed == speed(s, A)))
    s.m_up[node] = 1
    assert combat.gunfight_targets(s, A) == []
    merchant_at(s, node, 0)  # merchant 0, face up and slower
    s.spd[A] = M[0].speed + 1 - s.t_spd[A]
    s.m_up[node] = 1
    assert combat.gunfight_targets(s, A) == [MERCHANT_TARGET + node]
    assert combat.board_targets(s, A) == [MERCHANT_TARGET + node]


def test_the_sea_mist_makes_every_sea_space_fog():
    s, node = at_sea()
    assert node == 6 and not the_graph(s).fog[node]
    s.duel, s.duel_ship = DUEL_BOARD, [A, B]
    assert combat.side_strength(s, 0) == s.stg[A]
    s.event = next(i for i, k in enumerate(C.WIND_EVENT) if k == C.EV_MIST)
    assert combat.side_strength(s, 0) == s.stg[A] + C.FOG_ATTACK_BONUS and combat.side_strength(s, 1) == s.stg[B]
    s.pos[A] = C.PORT_ROYAL
    assert combat.side_strength(s, 0) == s.stg[A]


def test_plundering_sugar_alone():
    s = boarded(0)
    s.cargo[B] = [0, 1, 1]
    s.plunder_from = B
    assert combat.plunder_options(s, B) == [Plunder(1, 1), Plunder(1, 1 * 4)]
    ev: list[Event] = []
    combat.plunder(s, A, 1, 1, ev)
    assert ev[0].data["units"] == [0, 0, 1] and s.cargo[B] == [0, 1, 0] and s.cargo[A] == [0, 0, 1]
