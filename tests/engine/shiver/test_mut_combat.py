"""Combat steps with their exact events (issue 10 item 9: the mutants of rules/combat.py that
survived the rule tests were the Resilient Ships swap, the neutral bot's attack and answer, the
merchant's words, and the duel for victory's chain of duels and its end)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import combat
from engine.games.shiver.rules.common import S_LEAD, S_SWAP, the_graph
from engine.games.shiver.state import (
    DUEL_FINAL,
    DUEL_FORT,
    DUEL_HUNTER,
    DUEL_MERCHANT,
    DUEL_NONE,
    Act,
    State,
    Swap,
    Target,
)
from tests.engine.shiver.helpers import E, play, quick_game
from tests.engine.shiver.test_combat import sea_node

A, B = 0, 1
CARDS = C.DUEL_CARDS



def cards(red: int | None = None, blue: int | None = None, **fields: int) -> list[int]:
    return [i for i, d in enumerate(CARDS) if (red is None or d.red == red) and (blue is None or d.blue == blue)
            and all(getattr(d, k) == v for k, v in fields.items())]


# ---------------------------------------------------------------- Resilient Ships: the bigger ship swaps


def swapping(extra_hull: int = 2) -> State:
    s = quick_game(2, seed=4)
    s.resilient = True
    s.pos[A] = s.pos[B] = sea_node(s)
    s.crew[A] = s.crew[B] = []
    s.rits[A] = s.rits[B] = []
    s.hul[B] = s.hul[A] + extra_hull
    play(s, A, Act(C.ACT_BOARD))
    play(s, A, Target(B))
    assert s.step == S_SWAP and s.actor == B and s.duel_swaps == extra_hull
    return s


def test_the_bigger_ship_sets_cards_aside_and_draws_as_many():
    s = swapping()
    a, b = sorted(s.duel_hands[B])[:2]
    ev = play(s, B, Swap(a))
    assert ev == [] and s.step == S_SWAP and s.duel_swaps == 1 and s.duel_aside == [a]
    top = [s.duel_deck[-1], s.duel_deck[-2]]
    ev = play(s, B, Swap(b))
    assert ev[:2] == [
        E("swap", "Blue's bigger ship: 2 cards set aside and as many drawn", reveal=True),
        E("duel-hand", f"Blue draws {combat.hand_words(top)}", B, to=(B,), reveal=True, cards=top),
    ]
    assert s.duel_aside == [a, b] and s.duel_swaps == 0 and len(s.duel_hands[B]) == C.DUEL_HAND
    assert s.duel_hands[B][-2:] == top and s.step == S_LEAD


def test_one_card_set_aside_draws_one():
    s = swapping()
    a = s.duel_hands[B][0]
    play(s, B, Swap(a))
    top = s.duel_deck[-1]
    ev = play(s, B, Swap(-1))
    assert ev[:2] == [E("swap", "Blue's bigger ship: 1 card set aside and as many drawn", reveal=True),
                      E("duel-hand", f"Blue draws {combat.hand_words([top])}", B, to=(B,), reveal=True, cards=[top])]
    assert s.duel_swaps == 0 and s.duel_hands[B][-1] == top


def test_keeping_the_hand_draws_nothing_and_reveals_nothing():
    s = swapping()
    hand = list(s.duel_hands[B])
    deck = list(s.duel_deck)
    ev = play(s, B, Swap(-1))
    assert ev[0] == E("swap", "Blue's bigger ship: 0 cards set aside and as many drawn")
    assert "duel-hand" not in [e.kind for e in ev[1:2]]
    assert s.duel_hands[B] == hand and s.duel_deck == deck and s.duel_swaps == 0


def test_a_short_duel_deck_draws_what_is_left():
    s = swapping()
    a, b = s.duel_hands[B][:2]
    play(s, B, Swap(a))
    s.duel_deck = s.duel_deck[:1]
    last = s.duel_deck[0]
    ev = play(s, B, Swap(b))
    assert ev[1].data == {"seat": B, "cards": [last]} and s.duel_deck == [] and s.duel_hands[B][-1] == last


def test_swap_menu():
    s = swapping()
    assert combat.swap_legal(s, B) == [Swap(-1), *(Swap(c) for c in sorted(s.duel_hands[B]))]
    s.duel_swaps = 0
    assert combat.swap_legal(s, B) == [Swap(-1)]


# ---------------------------------------------------------------- the neutral bot


def test_the_neutral_attack():
    attacks = cards(C.RED_ATTACK)
    feints = cards(C.RED_FEINT)
    riggs = cards(C.RED_RIGG)
    assert combat.neutral_attack([]) == -1
    heavy = max(CARDS[c].wounds for c in attacks)
    two_heavy = [c for c in attacks if CARDS[c].wounds == heavy][:2]
    light = next(c for c in attacks if CARDS[c].wounds < heavy)
    # the heaviest attack, the first of equal ones
    assert combat.neutral_attack([light, *reversed(two_heavy)]) == min(two_heavy)
    # a Feint first when an attack follows it (the lowest Feint)
    assert combat.neutral_attack([light, feints[1], feints[0]]) == feints[0]
    # nothing to attack with: the lowest card (a Feint or a Rigg alone)
    assert combat.neutral_attack([riggs[1], feints[2]]) == min(riggs[1], feints[2])
    assert combat.neutral_attack([riggs[2], riggs[0]]) == riggs[0]


def answering(attack: int, pos: int = 0, feint: bool = False) -> State:
    s = quick_game(2, seed=4)
    s.duel_card, s.duel_pos, s.duel_feint = attack, pos, feint
    return s


def test_the_neutral_answer_guards_the_zone_first():
    atk = cards(C.RED_ATTACK, zone=C.HIGH, wounds=1)[0]
    guards = cards(blue=C.BLUE_GUARD, guard=C.HIGH)
    other = cards(blue=C.BLUE_GUARD, guard=C.LOW)[0]
    sand = cards(blue=C.BLUE_SAND)[0]
    s = answering(atk)
    assert combat.neutral_answer(s, [other, guards[2], guards[1]], 1) == min(guards[1], guards[2])
    # a light blow far from the edge: no guard of its zone, nothing spent
    assert combat.neutral_answer(s, [other, sand], 1) == -1
    # after a Feint no guard answers
    s = answering(atk, feint=True)
    assert combat.neutral_answer(s, [guards[0]], 1) == -1


def test_the_neutral_answer_throws_sand_or_insults_against_two_wounds():
    atk = cards(C.RED_ATTACK, zone=C.HIGH, wounds=2)[0]
    sand = cards(blue=C.BLUE_SAND)
    insults = cards(blue=C.BLUE_INSULT)
    s = answering(atk)
    assert combat.neutral_answer(s, [insults[0], sand[1], sand[0]], 0) == sand[0]
    assert combat.neutral_answer(s, [insults[1], insults[0]], 0) == insults[0]


def test_the_neutral_answer_near_the_edge():
    one = cards(C.RED_ATTACK, zone=C.HIGH, wounds=1)[0]
    sand = cards(blue=C.BLUE_SAND)[0]
    insult = cards(blue=C.BLUE_INSULT)[0]
    # side 1 stands one wound from falling when the marker is at PLANK (room = 1): even 1 wound counts
    s = answering(one, pos=C.PLANK)
    assert combat.neutral_answer(s, [sand], 1) == sand
    # the same marker is far from side 0's edge
    assert combat.neutral_answer(s, [sand], 0) == -1
    s = answering(one, pos=-C.PLANK)
    assert combat.neutral_answer(s, [sand], 0) == sand and combat.neutral_answer(s, [sand], 1) == -1
    # an Insult leaves half: it helps only when what is left does not push the side off
    three = cards(C.RED_ATTACK, wounds=3)[0]
    s = answering(three, pos=C.PLANK - 1)  # room 2 for side 1: 3 // 2 = 1 < 2
    assert combat.neutral_answer(s, [insult], 1) == insult
    s = answering(three, pos=C.PLANK)  # room 1: 1 wound left still pushes it off
    assert combat.neutral_answer(s, [insult], 1) == -1


def test_merchant_words():
    for mid, m in enumerate(C.MERCHANTS):
        size = "small" if m.size == C.SMALL else "large"
        what = "pirate hunter" if m.hunter else "trader"
        assert combat.merchant_text(mid) == (f"a {size} {C.NATIONS[m.nation]} {what} (speed {m.speed}, "
                                             f"strength {m.strength}, hull {m.hull})")
    assert {combat.merchant_text(i).split()[1] for i in range(len(C.MERCHANTS))} == {"small", "large"}


# ---------------------------------------------------------------- the duel for victory


def test_a_duel_for_victory_begins_between_the_two_named():
    s = quick_game(3, seed=4)
    ev: list[Event] = []
    combat._final_between(s, 2, 0, ev)
    assert ev[0] == E("final-duel", "Green and Red are tied on points, missions and Gold: they duel for the "
                      "victory", a=2, b=0)
    assert s.duel == DUEL_FINAL and s.duel_seats == [2, 0] and s.duel_ship == [2, 0] and s.duel_foe == -1


def test_the_winner_of_a_duel_for_victory_meets_the_next_tied_captain():
    s = quick_game(3, seed=4)
    s.final_winner, s.duel_queue = -1, [1]
    ev: list[Event] = []
    combat._after_final(s, [2, 0], 1, ev)
    assert s.final_winner == 0 and s.duel_queue == [] and not s.over
    assert ev[0] == E("final-duel", "Red and Blue are tied on points, missions and Gold: they duel for the "
                      "victory", a=0, b=1)
    assert s.duel == DUEL_FINAL and s.duel_seats == [0, 1]


def test_the_last_duel_for_victory_ends_the_game():
    s = quick_game(3, seed=4)
    s.final_winner, s.duel_queue, s.duel = -1, [], DUEL_NONE
    ev: list[Event] = []
    combat._after_final(s, [2, 0], 0, ev)
    assert s.final_winner == 2 and s.over
    assert ev == [E("game-over", "The duel for victory is over, and with it the game")]


def test_a_tied_duel_for_victory_leaves_the_victory_shared():
    s = quick_game(3, seed=4)
    s.final_winner, s.duel_queue = -1, [1]
    ev: list[Event] = []
    combat._after_final(s, [2, 0], -1, ev)
    assert s.final_winner == -1 and s.duel_queue == [] and s.over
    assert ev == [E("game-over", "The duel for victory is over, and with it the game")]


# ---------------------------------------------------------------- words and small reads


def test_hand_words():
    a, b = cards(C.RED_FEINT)[0], cards(C.RED_ATTACK)[0]
    assert combat.hand_words([]) == "no cards"
    assert combat.hand_words([a, b]) == "; ".join(f"{C.red_words(c)} / {C.blue_words(c)}" for c in sorted([a, b]))


def test_a_fortress_has_no_hull_and_a_merchant_its_own():
    s = quick_game(2, seed=4)
    node = the_graph(s).anchors[0]
    mid = next(i for i, m in enumerate(C.MERCHANTS) if m.hull != s.hul[A])
    s.merchant[node] = mid
    for kind in (DUEL_MERCHANT, DUEL_HUNTER):
        s.duel, s.duel_ship, s.duel_foe = kind, [A, -1], node
        assert combat.side_hull(s, 1) == C.MERCHANTS[mid].hull and combat.side_hull(s, 0) == s.hul[A]
    s.duel, s.duel_foe = DUEL_FORT, C.PORT_ROYAL
    assert combat.side_hull(s, 1) == -1


def test_a_pirate_hunter_defeated_rescues_the_relative_it_held():
    s = quick_game(2, seed=4)
    f = next(i for i, r in enumerate(C.FAMILY) if not r.ring)
    r = C.FAMILY[f]
    ev: list[Event] = []
    combat.rescue(s, B, r.name, ev)
    assert ev == [E("rescue", f"Blue defeats the pirate hunter and rescues the {r.name} ({r.blurb}; {r.vp} seals)",
                    B, reveal=True, relative=f)]
    assert s.family[B] == [f]


def test_the_life_goals_in_play_are_announced():
    s = quick_game(2, seed=4)
    names = ", ".join(f"{C.LIFE_GOALS[g].number} {C.LIFE_GOALS[g].name}" for g in s.goals)
    assert len(s.goals) > 1 and RULES.setup_events(s) == [
        Event(f"The life goals in play: {names}", kind="goals-dealt", data={"goals": list(s.goals)})]


def test_the_neutral_attack_ignores_what_is_no_attack():
    attack = cards(C.RED_ATTACK)[0]
    rigg = cards(C.RED_RIGG)[-1]
    assert combat.neutral_attack([attack, rigg]) == attack


def test_the_first_seat_as_the_bigger_ship_is_shown_its_draw():
    s = quick_game(2, seed=4)
    s.resilient = True
    s.pos[A] = s.pos[B] = sea_node(s)
    s.crew[A] = s.crew[B] = []
    s.rits[A] = s.rits[B] = []
    s.hul[A] = s.hul[B] + 1
    play(s, A, Act(C.ACT_BOARD))
    play(s, A, Target(B))
    assert s.step == S_SWAP and s.actor == A and s.duel_swaps == 1
    top = s.duel_deck[-1]
    ev = play(s, A, Swap(s.duel_hands[A][0]))  # the one swap: the draw follows at once
    assert ev[1] == E("duel-hand", f"Red draws {combat.hand_words([top])}", A, to=(A,), reveal=True, cards=[top])
