"""Combat: the rulebook's Combat Example verbatim, and a test for every rule of gunfights, boarding
(the prelude, the duel, the aftermath), merchants and fortresses played by the right-hand neighbour,
the pirate hunter's attack, fortress raids, monsters and the duel for victory."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.shiver import RULES, chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import (
    S_HUNT,
    S_LEAD,
    S_LOSE,
    S_MARKER,
    S_PARRY,
    S_PLUNDER,
    S_REACT,
    S_STRIKE,
    S_SWAP,
    S_TARGET,
    S_TURN,
    strength,
    the_graph,
)
from engine.games.shiver.state import (
    DUEL_BOARD,
    DUEL_HUNTER,
    DUEL_MERCHANT,
    DUEL_NONE,
    LURE_CODE,
    MERCHANT_TARGET,
    Act,
    EndTurn,
    Hunt,
    Improve,
    Lead,
    Marker,
    Parry,
    Pass,
    Peek,
    Play,
    Plunder,
    Sail,
    Strike,
    Swap,
    Target,
)
from tests.engine.shiver.helpers import play as _play
from tests.engine.shiver.helpers import quick_game

# duel cards by their sides
HIGH_ATTACK_3 = 0  # H3 / Middle Guard
HIGH_ATTACK_3B = 1  # H3 / Low Guard
HIGH_ATTACK_2 = 3  # H2 / Low Guard
HIGH_ATTACK_1 = 5  # H1 / Low Guard
MIDDLE_ATTACK_2 = 7  # M2 / Low Guard
LOW_ATTACK_2_HIGH_GUARD = 12  # L2 / High Guard
LOW_ATTACK_1_HIGH_GUARD = 16  # L1 / High Guard
FEINT = 18  # Feint / High Guard
RIGG = 21  # Rigg / High Guard
SAND = 24  # H2 / Throw sand
INSULT = 28  # M2 / Insult


def test_the_card_sides_these_tests_use():
    assert (C.red_words(HIGH_ATTACK_3), C.blue_words(HIGH_ATTACK_3)) == ("High Attack 3", "Middle Guard")
    assert C.red_words(HIGH_ATTACK_1) == "High Attack 1" and C.blue_words(HIGH_ATTACK_2) == "Low Guard"
    assert C.red_words(MIDDLE_ATTACK_2) == "Middle Attack 2" and C.blue_words(LOW_ATTACK_2_HIGH_GUARD) == "High Guard"
    assert C.red_words(LOW_ATTACK_1_HIGH_GUARD) == "Low Attack 1"
    assert C.red_words(FEINT) == "Feint" and C.red_words(RIGG) == "Rigg"
    assert C.blue_words(SAND) == "Throw sand" and C.blue_words(INSULT) == "Insult"


def play(s, seat, move):
    assert seat in RULES.to_act(s), f"seat {seat} is not asked (to act: {RULES.to_act(s)})"
    return _play(s, seat, move)


def sea_node(s, fog: bool = False) -> int:
    g = the_graph(s)
    return next(n for n in range(6, g.n) if g.kind[n] == chart.SEA and g.fog[n] == fog)


def pass_windows(s) -> None:
    while s.step == S_REACT:
        play(s, s.actor, Pass())


def meet_at_sea(players: int = 2, seed: int = 1, fog: bool = False):
    s = quick_game(players, seed=seed)
    node = sea_node(s, fog)
    for i in range(players):
        s.pos[i] = node
        s.crew[i] = []
        s.rits[i] = []
    assert s.turn == 0 and s.step == S_TURN
    return s, node


def set_hands(s, a: list[int], b: list[int]) -> None:
    rest = [c for c in s.duel_deck + s.duel_hands[0] + s.duel_hands[1] if c not in a and c not in b]
    s.duel_hands = [list(a), list(b)]
    s.duel_deck = rest


# ---------------------------------------------------------------- the Combat Example, verbatim


def test_the_combat_example():
    s, node = meet_at_sea()
    s.stg[0], s.stg[1] = 5, 4  # "Player A has strength 5. Player B has strength 4."
    s.spd[0], s.spd[1] = 4, 3  # "Player A (who has the faster ship)"
    s.crew[0] = [C.SELLSWORD, C.SELLSWORD]
    s.crew[1] = [C.SABOTEUR]
    s.gold[1] = 600
    # "Declaration of Attack: Player A boards Player B's ship."
    play(s, 0, Act(C.ACT_BOARD))
    pass_windows(s)
    assert s.step == S_TARGET
    play(s, 0, Target(1))
    # "Place the miniature in the center of the duel zone. ... A moves the miniature 1 space forward."
    assert s.duel == DUEL_BOARD and s.duel_pos == 1 and s.duel_stg == [5, 4]
    # "Crew and ritual cards: Player A plays a Veteran Sellsword and increases their strength by 1."
    assert s.step == S_REACT and s.actor == 0
    play(s, 0, Play(C.SELLSWORD, 0))
    assert strength(s, 0) == 6
    play(s, 0, Pass())
    # "Player B counters with a Scurvy Saboteur who destroys one of A's cannons (-1 strength)."
    play(s, 1, Play(C.SABOTEUR, 0))
    assert strength(s, 0) == 5
    # "A adds another Sellsword (+1 strength)."
    play(s, 0, Play(C.SELLSWORD, 0))
    # "Everyone passes; A's strength is 6 now. A moves the miniature another space forward."
    pass_windows(s)
    assert strength(s, 0) == 6 and s.duel_pos == 2
    # "Deal the Cards: Each player receives 4 cards."
    assert [len(h) for h in s.duel_hands] == [4, 4] and len(s.duel_deck) == 22
    set_hands(s, [HIGH_ATTACK_3, MIDDLE_ATTACK_2, LOW_ATTACK_2_HIGH_GUARD, HIGH_ATTACK_1],
              [SAND, LOW_ATTACK_1_HIGH_GUARD, HIGH_ATTACK_3B, HIGH_ATTACK_2])
    # "Player A (who has the faster ship) starts"
    assert s.step == S_LEAD and s.actor == 0
    play(s, 0, Lead(0))
    # "... with a powerful High Attack. Player B uses "Throw sand" to block."
    play(s, 0, Strike(HIGH_ATTACK_3))
    assert s.step == S_PARRY and s.actor == 1
    play(s, 1, Parry(SAND))
    assert s.duel_pos == 2
    # "Player B retaliates with a sneaky Low Attack. Player A decides to take the hit. The miniature moves 1 space back."
    play(s, 1, Strike(LOW_ATTACK_1_HIGH_GUARD))
    play(s, 0, Parry(-1))
    assert s.duel_pos == 1
    # "Player A hits back with a Middle Attack. Player B has no Middle Guard. He retreats 2 spaces, close to the brink."
    play(s, 0, Strike(MIDDLE_ATTACK_2))
    assert RULES.legal(s, 1) == [Parry(-1)]
    play(s, 1, Parry(-1))
    assert s.duel_pos == 3 == C.PLANK
    # "Player B launches a desperate High Attack, but Player A is ready, and blocks with a formidable High Guard."
    play(s, 1, Strike(HIGH_ATTACK_3B))
    play(s, 0, Parry(LOW_ATTACK_2_HIGH_GUARD))
    assert s.duel_pos == 3
    # "A's last card is a weak 1 damage attack. But B, who is standing at the brink of the plank, can't block and
    # concedes."
    assert s.duel_hands[0] == [HIGH_ATTACK_1]
    play(s, 0, Strike(HIGH_ATTACK_1))
    assert RULES.legal(s, 1) == [Parry(-1)]
    play(s, 1, Parry(-1))
    # A pushed B off the plank: A wins, takes B's ship marker and chooses a reward
    assert s.duel == DUEL_NONE
    assert s.ship_marker[1] == 0 and s.beaten[0] == 1
    assert s.step == S_PLUNDER and s.actor == 0
    play(s, 0, Plunder(0, 0))
    assert s.gold[1] == 200  # "half the gold (rounded down)"
    pass_windows(s)
    assert s.step == S_TURN and s.actor == 0 and not s.turn_done  # the attacker won: the turn goes on


# ---------------------------------------------------------------- gunfights


def test_a_gunfight_needs_the_higher_speed_and_a_sea_space():
    s, node = meet_at_sea()
    s.spd[0] = s.spd[1] = 3
    assert Act(C.ACT_GUNFIGHT) not in RULES.legal(s, 0)
    s.spd[0] = 4
    assert Act(C.ACT_GUNFIGHT) in RULES.legal(s, 0)
    s.pos[0] = s.pos[1] = C.PORT_ROYAL  # seed: "you cannot board ships on islands"
    legal = RULES.legal(s, 0)
    assert Act(C.ACT_GUNFIGHT) not in legal and Act(C.ACT_BOARD) not in legal


def test_a_gunfight_makes_the_other_captain_roll_the_red_die():
    s, node = meet_at_sea()
    s.spd[0] = 5
    before = s.spd[1] + s.stg[1] + s.hul[1]
    play(s, 0, Act(C.ACT_GUNFIGHT))
    pass_windows(s)
    ev = play(s, 0, Target(1))
    rolls = [e for e in ev if e.kind == "roll"]
    assert len(rolls) == 1 and rolls[0].data["die"] == "red"
    face = rolls[0].data["face"]
    assert s.spd[1] + s.stg[1] + s.hul[1] == before - (0 if face == "empty" else 1)


def test_a_gunfight_on_a_merchant_always_hits_and_costs_it_strength_when_boarded():
    s = quick_game(2, seed=3)
    node = the_graph(s).anchors[0]
    s.merchant[node] = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL and m.speed == 1
                            and m.strength == 3)
    s.pos[0] = node
    s.crew[0] = s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    play(s, 0, Act(C.ACT_GUNFIGHT))
    play(s, 0, Target(MERCHANT_TARGET + node))
    assert s.m_damage[node] == 1
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(MERCHANT_TARGET + node))
    # seed: "the merchant loses 1 strength for every damage marker"
    assert s.duel == DUEL_MERCHANT and s.duel_stg == [3, 2] and s.m_up[node] == 1


# ---------------------------------------------------------------- the prelude and the duel


def test_a_difference_above_3_pushes_the_weaker_captain_off_at_once():
    s, node = meet_at_sea()
    s.stg[0], s.stg[1] = 7, 3
    s.gold[1] = 300
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(1))
    assert s.duel == DUEL_NONE and not s.duel_hands  # no cards were dealt
    assert s.step == S_PLUNDER and s.ship_marker[1] == 0


def test_a_difference_of_3_still_duels():
    s, node = meet_at_sea()
    s.stg[0], s.stg[1] = 6, 3
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(1))
    assert s.duel == DUEL_BOARD and s.duel_pos == 3 and s.step == S_LEAD


def test_the_faster_captain_chooses_who_attacks_first_and_the_attacker_on_a_tie():
    s, _ = meet_at_sea()
    s.spd[0], s.spd[1] = 3, 5
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(1))
    assert s.step == S_LEAD and s.actor == 1  # the defender is faster
    play(s, 1, Lead(0))
    assert s.step == S_STRIKE and s.actor == 0
    s2, _ = meet_at_sea(seed=2)
    play(s2, 0, Act(C.ACT_BOARD))
    play(s2, 0, Target(1))
    assert s2.step == S_LEAD and s2.actor == 0  # equal speed: the attacker


def duel_ready(a: list[int], b: list[int], stg: tuple[int, int] = (3, 3)):
    s, _ = meet_at_sea()
    s.stg[0], s.stg[1] = stg
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(1))
    set_hands(s, a, b)
    play(s, 0, Lead(0))
    return s


def test_two_passes_in_a_row_end_the_duel_and_the_centre_is_a_tie():
    s = duel_ready([HIGH_ATTACK_3], [HIGH_ATTACK_3B])
    play(s, 0, Strike(-1))  # seed: "pass priority and retreat the miniature 1 space"
    assert s.duel_pos == -1 and s.step == S_STRIKE and s.actor == 1
    play(s, 1, Strike(-1))
    # "The duel ends when both players pass right after one another"; "If both players stand in the center, the duel
    # is a tie." — a tie ends the active player's turn
    assert s.duel == DUEL_NONE and s.turn_done
    pass_windows(s)
    assert RULES.legal(s, 0) == [EndTurn()]


def test_standing_in_the_other_half_wins_the_duel():
    s = duel_ready([LOW_ATTACK_2_HIGH_GUARD], [HIGH_ATTACK_3B], stg=(5, 3))
    assert s.duel_pos == 2
    play(s, 0, Strike(-1))  # A passes: 1
    play(s, 1, Strike(HIGH_ATTACK_3B))
    play(s, 0, Parry(LOW_ATTACK_2_HIGH_GUARD))  # the High Guard blocks; A attacks next
    play(s, 0, Strike(-1))  # A passes: the centre
    play(s, 1, Strike(-1))  # B passes right after: B retreats into its own half, and the duel ends
    assert s.duel == DUEL_NONE and s.beaten[0] == 1 and not s.turn_done


def test_a_guard_blocks_only_its_own_zone_and_feint_forbids_guards():
    s = duel_ready([FEINT, HIGH_ATTACK_3], [HIGH_ATTACK_2, LOW_ATTACK_1_HIGH_GUARD, SAND])
    play(s, 0, Strike(HIGH_ATTACK_3))
    assert set(RULES.legal(s, 1)) == {Parry(-1), Parry(LOW_ATTACK_1_HIGH_GUARD), Parry(SAND)}
    s = duel_ready([FEINT, HIGH_ATTACK_3], [HIGH_ATTACK_2, LOW_ATTACK_1_HIGH_GUARD, SAND])
    play(s, 0, Strike(FEINT))
    assert s.step == S_STRIKE and s.actor == 0  # the feinting captain attacks again at once
    play(s, 0, Strike(HIGH_ATTACK_3))
    assert set(RULES.legal(s, 1)) == {Parry(-1), Parry(SAND)}  # no guard after a feint; sand still works


def test_insult_prevents_some_of_the_wounds():
    assert [C.insulted(w) for w in (1, 2, 3)] == [0, 1, 1]
    s = duel_ready([HIGH_ATTACK_3], [INSULT])
    play(s, 0, Strike(HIGH_ATTACK_3))
    play(s, 1, Parry(INSULT))
    assert s.duel_pos == 1


def test_rigg_draws_two_cards_and_the_roles_swap():
    s = duel_ready([RIGG, HIGH_ATTACK_3], [HIGH_ATTACK_2])
    deck = len(s.duel_deck)
    play(s, 0, Strike(RIGG))
    assert len(s.duel_hands[0]) == 3 and len(s.duel_deck) == deck - 2
    assert s.step == S_STRIKE and s.actor == 1


def test_with_no_cards_left_a_captain_can_only_pass():
    s = duel_ready([HIGH_ATTACK_3], [HIGH_ATTACK_2])
    play(s, 0, Strike(HIGH_ATTACK_3))
    play(s, 1, Parry(-1))
    play(s, 1, Strike(HIGH_ATTACK_2))
    play(s, 0, Parry(-1))
    assert RULES.legal(s, 0) == [Strike(-1)]


def test_the_defender_who_wins_plunders_and_the_active_players_turn_ends():
    s = duel_ready([], [HIGH_ATTACK_3], stg=(3, 5))
    s.cargo[0] = [2, 1, 0]
    play(s, 0, Strike(-1))  # -3
    play(s, 1, Strike(HIGH_ATTACK_3))
    play(s, 0, Parry(-1))  # off the plank
    assert s.step == S_PLUNDER and s.actor == 1 and s.turn_done and s.ship_marker[0] == 1
    options = RULES.legal(s, 1)
    # "half the cargo (rounded down) of their choice": 1 unit of 3; or half the Gold
    assert Plunder(1, 1 * 16) in options and Plunder(1, 1 * 4) in options and Plunder(0, 0) in options
    play(s, 1, Plunder(1, 16))
    assert s.cargo[0] == [1, 1, 0]


def test_resilient_ships_let_the_bigger_ship_swap_cards():
    s = quick_game(2, seed=4)
    s.resilient = True
    node = sea_node(s)
    s.pos[0] = s.pos[1] = node
    s.crew[0] = s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    s.hul[1] = 5
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(1))
    assert s.step == S_SWAP and s.actor == 1 and s.duel_swaps == 2
    a, b = s.duel_hands[1][:2]
    play(s, 1, Swap(a))
    play(s, 1, Swap(b))
    assert len(s.duel_hands[1]) == 4 and a not in s.duel_hands[1] and s.step == S_LEAD


# ---------------------------------------------------------------- merchants, the right-hand neighbour


def merchant_duel(players: int, neutral: bool = False, mid: int | None = None):
    s = quick_game(players, seed=6)
    s.neutral = neutral
    node = the_graph(s).anchors[0]
    s.merchant[node] = mid if mid is not None else 0
    s.pos[0] = node
    for i in range(players):
        s.crew[i] = []
        s.rits[i] = []
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(MERCHANT_TARGET + node))
    return s, node


def test_the_player_to_the_right_plays_the_merchant_and_sees_only_its_hand():
    s, node = merchant_duel(3)
    right = 2  # seat 0's right-hand neighbour: the seat before it in the clockwise order
    assert s.duel_seats == [0, right] and s.duel_ship == [0, -1]
    v_def, v_att, v_other = RULES.view(s, right), RULES.view(s, 0), RULES.view(s, 1)
    assert v_def.duel.hand == sorted(s.duel_hands[1]) and v_def.duel.my_side == 1
    assert v_att.duel.hand == sorted(s.duel_hands[0]) and v_att.duel.my_side == 0
    assert v_other.duel.hand == [] and v_other.duel.my_side == -1
    assert RULES.view(s, None).duel.hand == []
    # nobody's view changes when only a hand it cannot see changes
    t = RULES.determinize(s, 1, Rng.seeded(5))
    t.duel_hands[0], t.duel_hands[1] = s.duel_hands[0], s.duel_hands[1]
    swapped = RULES.determinize(s, 0, Rng.seeded(6))
    assert swapped.duel_hands[0] == s.duel_hands[0]  # determinize keeps what the seat holds
    assert RULES.view(swapped, 0) == RULES.view(s, 0)
    other = RULES.determinize(s, right, Rng.seeded(7))
    assert other.duel_hands[1] == s.duel_hands[1] and RULES.view(other, right) == RULES.view(s, right)


def test_the_neutral_bot_defends_by_option():
    s, node = merchant_duel(2, neutral=True)
    assert s.duel_seats == [0, -1]
    while s.duel != DUEL_NONE:
        assert s.actor == 0  # only the attacker is ever asked
        play(s, 0, RULES.legal(s, 0)[-1])
    assert s.step != S_LEAD


def test_defeating_a_merchant_pays_its_reward_and_the_turn_goes_on():
    mid = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL and m.gold == 300 and not m.goods[1])
    s, node = merchant_duel(2, mid=mid)
    s.duel_pos = C.PLANK
    set_hands(s, [HIGH_ATTACK_3], [HIGH_ATTACK_2])
    play(s, 0, Lead(0))
    gold = s.gold[0]
    play(s, 0, Strike(HIGH_ATTACK_3))
    play(s, 1, Parry(-1))
    assert s.defeated[0] == [mid] and s.gold[0] == gold + 300 and s.merchant[node] == -1
    pass_windows(s)
    assert s.step == S_TURN and not s.turn_done


def test_losing_to_a_merchant_costs_an_upgrade_and_ends_the_turn():
    s, node = merchant_duel(2)
    s.duel_pos = -C.PLANK
    set_hands(s, [], [HIGH_ATTACK_2])
    play(s, 0, Lead(0))
    play(s, 0, Strike(-1))  # off the plank
    assert s.step == S_LOSE and s.actor == 0 and s.turn_done
    play(s, 0, Improve(C.HULL))
    assert s.hul[0] == 2 and s.m_up[node] == 1 and s.merchant[node] >= 0


# ---------------------------------------------------------------- pirate hunters


def test_a_pirate_hunter_met_by_a_peek_attacks_at_once():
    s = quick_game(2, seed=8)
    node = the_graph(s).anchors[0]
    hunter = next(i for i, m in enumerate(C.MERCHANTS) if m.hunter and m.strength == 5)
    s.merchant[node] = hunter
    s.crew[0] = s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    s.stg[0] = 4
    s.pos[0] = next(n for n in range(6) if 0 < the_graph(s).dist[n][node] <= 3)
    s.spd[0] = 7
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(node))
    actions = s.actions
    play(s, 0, Peek(node))
    assert s.duel == DUEL_HUNTER and s.duel_seats == [1, 0] and s.duel_ship == [-1, 0]
    assert s.duel_pos == 1 and s.actions == actions  # not an action
    # the hunter (side 0, played by seat 1) pushes seat 0 off: the hunter stays face up
    s.duel_pos = C.PLANK
    set_hands(s, [HIGH_ATTACK_3], [])
    play(s, s.actor, Lead(0))
    play(s, 1, Strike(HIGH_ATTACK_3))
    play(s, 0, Parry(-1))
    assert s.m_up[node] == 1 and s.turn_done and s.step == S_LOSE


# ---------------------------------------------------------------- fortresses


def test_a_fortress_raid_pays_2000_gold_and_its_marker():
    s = quick_game(2, seed=9)
    s.pos[0] = C.PORT_ROYAL
    s.crew[0] = s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    s.fortress[C.PORT_ROYAL] = next(i for i, f in enumerate(C.FORTRESSES_DATA) if f.rule == C.F_REINFORCED)
    s.stg[0] = 7
    gold = s.gold[0]
    play(s, 0, Act(C.ACT_RAID))
    assert s.fortress_up[C.PORT_ROYAL] == 1  # revealed to everyone
    assert s.duel_stg == [7, 4] and s.duel_seats == [0, 1]
    s.duel_pos = C.PLANK
    set_hands(s, [HIGH_ATTACK_3], [])
    play(s, 0, Lead(0))
    play(s, 0, Strike(HIGH_ATTACK_3))
    play(s, 1, Parry(-1))
    assert s.forts_won[0] == [s.fortress[C.PORT_ROYAL]] and s.gold[0] == gold + C.FORTRESS_GOLD
    assert s.fortress_up[C.PORT_ROYAL] == 2 and Act(C.ACT_RAID) not in RULES.legal(s, 0)


def test_a_lost_raid_costs_an_upgrade_and_ends_the_turn():
    s = quick_game(2, seed=9)
    s.pos[0] = C.PORT_ROYAL
    s.crew[0] = s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    s.fortress[C.PORT_ROYAL] = next(i for i, f in enumerate(C.FORTRESSES_DATA) if f.rule == C.F_GATE)
    play(s, 0, Act(C.ACT_RAID))
    # strength 3 against 7: pushed off at once
    assert s.step == S_LOSE and s.turn_done and s.fortress_up[C.PORT_ROYAL] == 1


# ---------------------------------------------------------------- monsters


def test_the_first_mate_lures_the_sea_serpent_and_the_hunt_defeats_it():
    s = quick_game(2, seed=10)
    g = the_graph(s)
    spot = g.spots[0]
    s.crew[0] = [C.FIRST_MATE]
    s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    s.gold[0] = 1000
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Play(C.FIRST_MATE, LURE_CODE + spot))
    assert s.monster_at[C.MON_SERPENT] == spot
    pass_windows(s)
    play(s, 0, Sail(next(n for n, _ in RULES.view(s, 0).destinations if n != spot)))
    pass_windows(s)
    s.pos[0] = spot
    assert Act(C.ACT_HUNT) in RULES.legal(s, 0)
    s.hunt_pos[0][C.MON_SERPENT] = 14
    s.hunt_deck.append(next(i for i, h in enumerate(C.HUNT_CARDS) if h.name == "A clear shot"))
    play(s, 0, Act(C.ACT_HUNT))
    assert s.step == S_HUNT and RULES.legal(s, 0) == [Hunt(0)]
    play(s, 0, Hunt(0))
    # seed: "As soon as you reach the 15th and final space on the track, the monster is defeated."
    assert s.monster_at[C.MON_SERPENT] == -1 and s.step == S_MARKER
    play(s, 0, Marker(0))
    assert s.monsters_won[0] == [0] and 0 not in s.monster_markers
    # "The monster can be summoned again later."
    assert RULES.view(s, 0).hunts == []


def test_a_monster_switches_its_spot_off():
    s = quick_game(2, seed=11)
    g = the_graph(s)
    market = next(n for n in g.spots if g.spot[n] == C.SPOT_MARKET)
    s.monster_at[C.MON_KRAKEN] = market
    s.pos[0] = next(n for n in range(6) if 0 < g.dist[n][market] <= 4)
    s.spd[0] = 7
    s.crew[0] = s.crew[1] = []
    s.rits[0] = s.rits[1] = []
    gold = s.gold[0]
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(market))
    assert s.gold[0] == gold


# ---------------------------------------------------------------- the duel for victory


def test_a_tie_after_missions_and_gold_is_decided_by_a_duel():
    s = quick_game(2, seed=12)
    s.ending = True
    s.wind_deck = s.wind_deck[:1]
    play(s, 0, EndTurn())
    play(s, 1, EndTurn())
    assert not s.over and s.duel != DUEL_NONE and s.duel_seats == [0, 1]
    while not s.over:
        seat = RULES.to_act(s)[0]
        play(s, seat, RULES.legal(s, seat)[-1])
    r = RULES.result(s)
    if s.final_winner >= 0:
        assert r.ranking[0] == [s.final_winner]
    else:
        assert r.ranking[0] == [0, 1]
