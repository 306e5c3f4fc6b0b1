"""Collecting, returning and playing crew and ritual cards, with their exact events and audiences
(issue 10 item 9: the mutants of rules/crew.py behind the quickest ones — hiring and learning with the
card named to its taker alone, a fourth card to drop, an empty deck, returning a card, paying for a
card in Gold or goods, the bookkeeping of a played card and the simple effects)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import crew, monsters
from engine.games.shiver.rules.common import (
    DROP,
    K_CREW,
    K_RESUME,
    K_RITUAL,
    OPS,
    S_DROP,
    S_HIRE,
    S_LEARN,
    S_NONE,
    S_ROUTE,
    TAKE,
    play_move,
    the_graph,
)
from engine.games.shiver.state import D_CREW, D_RITUAL, LURE_CODE, RITUAL_CODE, SRC_CARDS, State
from tests.engine.shiver.helpers import E, quick_game

A, B, D = 0, 1, 2
COCOA, RUM, SUGAR = range(3)
CREW_NAMES = {c.name: t for t, c in enumerate(C.CREW)}
RIT_NAMES = {c.name: t for t, c in enumerate(C.RITUALS)}
CABIN_BOY, SELLSWORD, SMUGGLER, SABOTEUR, FIRST_MATE, SPY, CARPENTER, FENCE, DIGGER = range(9)
TOTEM, IK, KRAKEN, EYE, JAGUAR, CURSE, AH_PUCH, EK_CHUAH, IX_CHEL = range(9)



def game(players: int = 3) -> State:
    s = quick_game(players, seed=10, talents=[C.TRAMP] * players)
    s.stack = []
    return s


def mission(cond: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.cond == cond)


def test_the_cards_of_these_tests():
    assert [c.name for c in C.CREW][:2] == ["Daring Cabin Boy", "Veteran Sellsword"]
    assert C.CREW[FIRST_MATE].name == "First Mate" and C.CREW[FIRST_MATE].active_only
    assert C.RITUALS[TOTEM].name == "Hummingbird Totem" and C.RITUALS[EK_CHUAH].name == "Ek Chuah's Bargain"
    assert C.RITUALS[IX_CHEL].cost == (0, 1, 2) and C.RITUALS[KRAKEN].needs == "monsters"
    assert C.HAND_LIMIT == 3 and C.MYSTIC_RITUALS == 4


# ---------------------------------------------------------------- collecting


def test_hiring_and_learning_while_the_hand_has_room_and_the_deck_a_card():
    s = game()
    s.crew[A], s.rits[A] = [0, 1], [0, 1]
    assert crew.can_hire(s, A) and crew.can_learn(s, A)
    s.crew[A].append(2)
    s.rits[A].append(2)
    assert not crew.can_hire(s, A) and not crew.can_learn(s, A)
    s.talent[A] = C.MYSTIC
    assert crew.can_learn(s, A)  # a Mystic holds four rituals
    s.rits[A].append(3)
    assert not crew.can_learn(s, A)
    s.crew[B], s.rits[B] = [], []
    s.crew_deck = [0] * len(C.CREW)
    s.rit_deck = [0] * len(C.RITUALS)
    assert not crew.can_hire(s, B) and not crew.can_learn(s, B)
    s.crew_deck[len(C.CREW) - 1] = 1
    s.rit_deck[0] = 1
    assert crew.can_hire(s, B) and crew.can_learn(s, B)


def test_beginning_to_hire_or_learn_asks_or_finds_the_deck_empty():
    for begin, deck, step, words, free in ((crew.hire_begin, "crew_deck", S_HIRE, "The crew deck is empty", K_CREW),
                                           (crew.learn_begin, "rit_deck", S_LEARN, "The ritual deck is empty",
                                            K_RITUAL)):
        s = game()
        s.step, s.actor = S_NONE, A
        ev: list[Event] = []
        begin(s, B, ev)
        assert ev == [] and s.step == step and s.actor == B
        s.step, s.actor = S_NONE, A
        OPS[free](s, D, 0, ev)  # a free card (a reward) asks the same way
        assert ev == [] and s.step == step and s.actor == D
        setattr(s, deck, [0] * len(getattr(s, deck)))
        s.step, s.actor = S_NONE, A
        begin(s, B, ev)
        assert ev == [E("deck-empty", words, B)] and s.step == S_NONE and s.actor == A
        ev = []
        OPS[free](s, B, 0, ev)
        assert ev == [E("deck-empty", words, B)]
        begin(s, B, None)
        assert s.step == S_NONE


def test_the_open_decks_offer_every_kind_left():
    s = game()
    s.crew_deck = [0] * len(C.CREW)
    s.crew_deck[0], s.crew_deck[FENCE] = 2, 1
    s.rit_deck = [0] * len(C.RITUALS)
    s.rit_deck[IX_CHEL] = 1
    assert crew.hire_legal(s, A) == [TAKE[0], TAKE[FENCE]]
    assert crew.learn_legal(s, A) == [TAKE[IX_CHEL]]


def test_hiring_names_the_card_to_its_taker_alone():
    s = game()
    s.crew[B] = [SPY]
    deck, taken = list(s.crew_deck), list(s.taken)
    s.step = S_HIRE
    ev: list[Event] = []
    crew.hire(s, B, FENCE, ev)
    assert ev == [E("hire", "Blue hires a crew card", B, to=(A, D)),
                  E("hire", "Blue hires a Shady Fence", B, to=(B,), card=FENCE)]
    deck[FENCE] -= 1
    taken[FENCE] += 1
    assert s.crew_deck == deck and s.taken == taken and s.crew[B] == [SPY, FENCE] and s.step == S_NONE
    crew.hire(s, B, SPY, None)
    assert s.crew[B] == [SPY, FENCE, SPY] and s.step == S_NONE  # three: no drop


def test_a_fourth_crew_card_asks_to_drop_one():
    s = game()
    s.crew[A] = [0, 1, 2]
    s.actor = B
    crew.hire(s, A, CABIN_BOY, None)
    assert s.step == S_DROP and s.actor == A and s.drop_kind == D_CREW
    assert crew.drop_card_legal(s, A) == [DROP[0], DROP[1], DROP[2]]


def test_learning_names_the_ritual_to_its_taker_alone_and_a_fourth_is_dropped():
    s = game()
    taken = list(s.taken)
    ev: list[Event] = []
    crew.learn(s, D, IX_CHEL, ev)
    assert ev == [E("learn", "Green learns a ritual", D, to=(A, B)),
                  E("learn", "Green learns the Ix Chel's Blessing", D, to=(D,), card=IX_CHEL)]
    taken[9 + IX_CHEL] += 1
    assert s.taken == taken and s.rits[D] == [IX_CHEL] and s.step == S_NONE
    s.rits[D] = [TOTEM, TOTEM, IK]
    s.actor = A
    crew.learn(s, D, IK, None)
    assert s.step == S_DROP and s.actor == D and s.drop_kind == D_RITUAL
    assert crew.drop_card_legal(s, D) == [DROP[TOTEM], DROP[IK]]
    s = game()
    s.talent[D] = C.MYSTIC
    s.rits[D] = [TOTEM, TOTEM, IK]
    crew.learn(s, D, IK, None)
    assert s.step == S_NONE  # a Mystic's fourth


def test_returning_a_card_to_its_deck():
    s = game()
    s.crew[A], s.rits[A] = [SPY, FENCE], [TOTEM, IX_CHEL]
    crew_deck, rit_deck = list(s.crew_deck), list(s.rit_deck)
    ev: list[Event] = []
    crew.return_card(s, A, FENCE, ev)
    crew.return_card(s, A, RITUAL_CODE + TOTEM, ev)
    assert ev == [E("return", "Red returns a crew card to its deck", A),
                  E("return", "Red returns a ritual card to its deck", A)]
    crew_deck[FENCE] += 1
    rit_deck[TOTEM] += 1
    assert s.crew[A] == [SPY] and s.rits[A] == [IX_CHEL] and s.crew_deck == crew_deck and s.rit_deck == rit_deck
    crew.return_card(s, A, CABIN_BOY if CABIN_BOY in s.crew[A] else SPY, None)
    assert s.crew[A] == []


# ---------------------------------------------------------------- playing


def test_playing_a_crew_card_pays_gold_and_counts_it():
    s = game()
    s.crew[B] = [CABIN_BOY, SELLSWORD]
    s.gold[B] = 500
    s.spent[B] = [0, 0, 50]
    s.win_passed = 5
    s.crew_out = [0] * len(C.CREW)
    played = list(s.played)
    ev: list[Event] = []
    crew.play(s, B, SELLSWORD, 0, ev)
    card = C.CREW[SELLSWORD]
    assert ev == [E("play", f"Blue plays Veteran Sellsword ({card.gold} Gold): {card.text}", B, reveal=True,
                    card=SELLSWORD, arg=0)]
    played[SELLSWORD] += 1
    assert s.crew[B] == [CABIN_BOY] and s.crew_out[SELLSWORD] == 1 and s.gold[B] == 500 - card.gold
    assert s.spent[B] == [0, 0, 50 + card.gold] and s.played == played
    assert s.win_passed == 0 and s.step == S_NONE and s.stack == [K_RESUME]
    assert s.t_stg[B] == card.value and s.t_spd[B] == 0


def test_playing_a_ritual_pays_goods_and_counts_it():
    s = game()
    dark = mission(C.M_RITUALS_TURN)  # Dark Arts: two rituals in one turn
    assert C.MISSIONS[dark].a == 2
    s.missions[A], s.m_prog[A] = [dark], [0]
    s.rits[A] = [IX_CHEL, TOTEM]
    s.cargo[A] = [1, 1, 2]
    s.rit_out = [0] * len(C.RITUALS)
    s.rit_turn = [0, 0, 0]
    s.rituals_played[A] = 2
    played = list(s.played)
    ev: list[Event] = []
    crew.play(s, A, RITUAL_CODE + IX_CHEL, C.HULL, ev)
    card = C.RITUALS[IX_CHEL]
    assert ev[0] == E("play", f"Red plays Ix Chel's Blessing (1 Rum, 2 Sugar): {card.text}", A, reveal=True,
                      card=RITUAL_CODE + IX_CHEL, arg=C.HULL)
    assert ev[1:] == [E("refit", "Red gains a free upgrade: hull 4", A, attr=C.HULL, value=4)]
    played[9 + IX_CHEL] += 1
    assert s.cargo[A] == [1, 0, 0] and s.rits[A] == [TOTEM] and s.rit_out[IX_CHEL] == 1 and s.played == played
    assert s.rituals_played[A] == 3 and s.rit_turn == [1, 0, 0] and s.m_prog[A] == [0] and s.hul[A] == 4
    s.cargo[A] = [0, 0, 1]
    crew.play(s, A, RITUAL_CODE + TOTEM, 0, None)
    assert s.rit_turn == [2, 0, 0] and s.m_prog[A] == [1] and s.t_spd[A] == C.RITUALS[TOTEM].value
    assert s.cargo[A] == [0, 0, 0]


def test_the_simple_effects():
    s = game()
    s.crew[A] = [CABIN_BOY, FIRST_MATE]
    s.rits[A] = [EK_CHUAH, IK, AH_PUCH]
    s.gold[A], s.cargo[A] = 1000, [3, 3, 3]
    s.actions = 1
    crew.play(s, A, CABIN_BOY, 0, None)
    assert s.t_spd[A] == C.CREW[CABIN_BOY].value == 3
    crew.play(s, A, FIRST_MATE, 0, None)
    assert s.actions == 1 + C.CREW[FIRST_MATE].value
    income = list(s.income[A])
    gold = s.gold[A]
    crew.play(s, A, RITUAL_CODE + EK_CHUAH, 0, None)
    income[SRC_CARDS] += C.RITUALS[EK_CHUAH].value
    assert s.income[A] == income and s.gold[A] == gold + 1000
    ev: list[Event] = []
    crew.play(s, A, RITUAL_CODE + IK, 4, ev)
    assert ev[1:] == [E("wind", "The wind blows 4 until the end of the round", A, wind=4)] and s.wind_set == 4
    harbour = mission(C.M_PLAGUE)
    s.missions[A], s.m_prog[A] = [harbour], [0]
    ev = []
    crew.play(s, A, RITUAL_CODE + AH_PUCH, C.PORT_ROYAL, ev)
    assert ev[1:] == [E("plague", "The plague breaks out on Port Royal", A, island=C.PORT_ROYAL)]
    assert s.pest[C.PORT_ROYAL] == C.PEST_ACTIVE and s.m_prog[A] == [1]


def test_sabotage_and_the_curse_count_for_the_saboteur_s_pay_only_when_an_upgrade_is_lost():
    s = game()
    pay = mission(C.M_SABOTAGE)
    s.missions[A], s.m_prog[A] = [pay], [0]
    s.crew[A] = [SABOTEUR, SABOTEUR]
    s.rits[A] = [CURSE]
    s.gold[A], s.cargo[A] = 1000, [1, 1, 0]
    s.stg[B], s.spd[D] = 2, 1
    crew.play(s, A, SABOTEUR, B, None)
    assert s.stg[B] == 1 and s.m_prog[A] == [1]
    crew.play(s, A, SABOTEUR, B, None)
    assert s.stg[B] == 1 and s.m_prog[A] == [1]  # never below 1: nothing lost
    crew.play(s, A, RITUAL_CODE + CURSE, D, None)
    assert s.spd[D] == 1 and s.m_prog[A] == [1]
    s.rits[A], s.cargo[A] = [CURSE], [1, 1, 0]
    s.spd[B] = 3
    crew.play(s, A, RITUAL_CODE + CURSE, B, None)
    assert s.spd[B] == 2 and s.m_prog[A] == [2]


def test_the_smuggler_asks_where_the_route_goes():
    s = game()
    s.crew[A] = [SMUGGLER]
    s.gold[A] = 1000
    s.actor = B
    crew.play(s, A, SMUGGLER, 0, None)
    assert s.step == S_ROUTE and s.actor == A


# ---------------------------------------------------------------- what a seat could play


def test_the_playable_cards_with_their_targets():
    s = game()
    s.turn = A
    s.crew[A] = [FIRST_MATE, CABIN_BOY, SABOTEUR, CABIN_BOY]
    s.rits[A] = [CURSE, TOTEM, JAGUAR]
    s.gold[A] = 400
    s.cargo[A] = [1, 1, 1]
    s.stg = [3, 1, 2]
    s.spd = [3, 2, 1]
    assert monsters.can_summon(s, C.MON_SERPENT) and monsters.free_spots(s)
    lure = [play_move(FIRST_MATE, LURE_CODE + n) for n in monsters.free_spots(s)]  # the First Mate lures the Serpent
    assert crew.playable(s, A) == [
        play_move(CABIN_BOY, 0), play_move(SABOTEUR, D), play_move(FIRST_MATE, 0), *lure,
        play_move(RITUAL_CODE + TOTEM, 0), play_move(RITUAL_CODE + CURSE, B),
    ]  # Jaguar Spirit wants 2 Cocoa
    s.gold[A] = 399  # the First Mate costs 400
    assert play_move(FIRST_MATE, 0) not in crew.playable(s, A)
    s.gold[A] = 400
    s.turn = B  # the First Mate in the active player's turn only
    assert play_move(FIRST_MATE, 0) not in crew.playable(s, A)
    assert play_move(CABIN_BOY, 0) in crew.playable(s, A)


def test_the_kraken_needs_the_monsters_in_the_box():
    s = game()
    s.rits[A] = [KRAKEN]
    s.cargo[A] = [1, 2, 1]
    built = set(C.BUILT)
    assert "monsters" in built
    moves = crew.playable(s, A)
    assert moves and all(m.card == RITUAL_CODE + KRAKEN for m in moves)


# ---------------------------------------------------------------- the effects' events, passed on


def test_the_effects_pass_their_events_on():
    """Each card's effect speaks through the step it calls, with the card's own words."""
    s = game()
    s.crew[A] = [SABOTEUR, SABOTEUR, DIGGER, FIRST_MATE]
    s.rits[A] = [CURSE, EYE, KRAKEN]
    s.gold[A], s.cargo[A] = 5000, [5, 5, 5]
    s.hul[A] = 7
    s.turn = A
    s.stg[B], s.spd[B], s.stg[D] = 3, 3, 1
    ev: list[Event] = []
    crew.play(s, A, SABOTEUR, B, ev)
    assert ev[1:] == [E("lose", "Blue loses 1 strength upgrade (Scurvy Saboteur): now 2", B, attr=C.STRENGTH)]
    ev = []
    crew.play(s, A, SABOTEUR, D, ev)
    assert ev[1:] == [E("no-harm", "Green's strength is already 1: Scurvy Saboteur does no harm", D)]
    ev = []
    crew.play(s, A, RITUAL_CODE + CURSE, B, ev)
    assert ev[1:] == [E("lose", "Blue loses 1 speed upgrade (Curse of Xibalba): now 2", B, attr=C.SPEED)]
    s.track[A], s.track_pos[A], s.pos[A] = 0, 1, C.PORT_ROYAL  # Royal Signet, treasure 0, found on Port Royal
    ev = []
    crew.play(s, A, DIGGER, 0, ev)
    n = C.CREW[DIGGER].value
    assert ev[1] == E("advance", f"Red sends the Grizzled Digger and advances {n} spaces to space {1 + n} of "
                      f"{C.TREASURES[0].length}", A, n=n, pos=1 + n)
    ev = []
    crew.play(s, A, RITUAL_CODE + EYE, 0, ev)
    assert ev[1].text.startswith("Red reads the Eye of Itzamna")
    spot = monsters.free_spots(s)[0]
    ev = []
    crew.play(s, A, RITUAL_CODE + KRAKEN, spot, ev)
    words: list[Event] = []
    t = game()
    monsters.summon(t, A, C.MON_KRAKEN, spot, words)
    assert words and ev[1:] == words and s.monster_at[C.MON_KRAKEN] == spot
    spot = monsters.free_spots(s)[0]
    ev = []
    crew.play(s, A, FIRST_MATE, LURE_CODE + spot, ev)
    words = []
    monsters.summon(t, A, C.MON_SERPENT, spot, words)
    assert words and ev[1:] == words and s.monster_at[C.MON_SERPENT] == spot


def test_a_ritual_marks_the_lord_of_the_tides_task():
    s = game()
    quest = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == C.T_TIDES)
    s.missions[B], s.m_prog[B] = [quest], [0]
    s.rits[B], s.cargo[B] = [TOTEM], [0, 0, 1]
    ev: list[Event] = []
    crew.play(s, B, RITUAL_CODE + TOTEM, 0, ev)
    assert ev[0] == E("quest-task", 'Blue marks "Play a ritual card" on Lord of the Tides (1 of 3)', B, card=quest,
                      task=1)
    assert [e.kind for e in ev] == ["quest-task", "play"] and s.m_prog[B] == [2]


def test_a_second_copy_played_in_a_turn_counts_twice():
    s = game()
    s.crew[A] = [CABIN_BOY, CABIN_BOY]
    s.gold[A] = 1000
    s.crew_out = [0] * len(C.CREW)
    crew.play(s, A, CABIN_BOY, 0, None)
    crew.play(s, A, CABIN_BOY, 0, None)
    assert s.crew_out[CABIN_BOY] == 2 and s.t_spd[A] == 6


def test_the_first_mate_lures_the_serpent_only_while_it_can_be_summoned():
    s = game()
    s.turn = A
    s.crew[A], s.gold[A] = [FIRST_MATE], 1000
    spots = monsters.free_spots(s)
    assert crew.playable(s, A) == [play_move(FIRST_MATE, 0), *(play_move(FIRST_MATE, LURE_CODE + n) for n in spots)]
    s.monster_at[C.MON_SERPENT] = spots[0]
    assert not monsters.can_summon(s, C.MON_SERPENT)
    assert crew.playable(s, A) == [play_move(FIRST_MATE, 0)]


def test_the_digger_on_the_first_treasure_s_island():
    s = game()
    s.crew[A], s.gold[A] = [DIGGER], 1000
    s.track[A], s.pos[A] = 0, C.PORT_ROYAL
    assert crew.playable(s, A) == [play_move(DIGGER, 0)]
    s.pos[A] = C.ST_DAVID
    assert crew.playable(s, A) == []
    s.track[A] = -1
    s.pos[A] = C.PORT_ROYAL
    assert crew.playable(s, A) == []


def test_the_spy_s_targets_are_the_hidden_merchants_this_seat_has_not_seen():
    s = game()
    g = the_graph(s)
    a, b, c, d, e = g.anchors[:5]
    s.merchant = [-1] * len(s.merchant)
    s.merchant[a], s.merchant[b], s.merchant[c], s.merchant[d] = 0, 5, 6, 7  # merchant 0 too
    s.m_up = [0] * len(s.m_up)
    s.m_known = [0] * len(s.m_known)
    s.m_up[b] = 1  # face up: nothing to learn
    s.m_known[c] = 1 << B  # Blue has seen it
    s.m_known[d] = 1 << A | 1 << D  # the others have
    s.crew[B], s.gold[B] = [SPY], 1000
    s.t_deck = []
    assert crew.playable(s, B) == [play_move(SPY, a), play_move(SPY, d)]
    s.m_known[a] = 1 << D
    assert crew.playable(s, B) == [play_move(SPY, a), play_move(SPY, d)]
    assert e not in (a, b, c, d) and s.merchant[e] == -1


def test_a_ritual_is_playable_with_each_of_its_goods():
    s = game()
    s.rits[A] = [JAGUAR]  # 2 Cocoa
    assert C.RITUALS[JAGUAR].cost == (2, 0, 0)
    for cargo, ok in (([2, 0, 0], True), ([1, 0, 0], False), ([0, 2, 0], False), ([0, 0, 2], False)):
        s.cargo[A] = cargo
        assert bool(crew.playable(s, A)) is ok
    assert all(c.needs in C.BUILT for c in (*C.CREW, *C.RITUALS))  # every card's part is in the box


def test_the_fact_the_lure_code_rests_on():
    """docs/mutation.md: ``arg >= LURE_CODE`` → ``>``: the First Mate lures the Serpent onto a free special spot,
    never node 0 (Port Royal), so no Play argument is LURE_CODE itself."""
    s = game()
    assert 0 not in monsters.free_spots(s) and all(n >= 6 for n in the_graph(s).spots)
