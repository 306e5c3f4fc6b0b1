"""The monster hunt step by step, with the exact events of each step (issue 10 item 9: the mutants
of rules/monsters.py that survived the rule tests were nearly all of the hunt — every option of a
hunt card, the marks on the tracks, the reward markers — and the words, kinds and audience of its
events). Each test builds the state, calls one step and checks the state change and the events."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import monsters, turn
from engine.games.shiver.rules.common import (
    DIE_BLUE,
    DIE_RED,
    K_CREW,
    K_LOSE,
    K_OVERBOARD,
    K_REFIT,
    K_REWARD,
    K_RITUAL,
    S_HUNT,
    S_MARKER,
    S_NONE,
    S_STACK,
    S_TURN,
    the_graph,
)
from engine.games.shiver.state import SRC_COMBAT, Hunt, Marker, State
from tests.engine.shiver.helpers import E, quick_game

SERPENT, KRAKEN = C.MON_SERPENT, C.MON_KRAKEN
A, B = 0, 1



def card(name: str, first_kind: int) -> int:
    return next(i for i, h in enumerate(C.HUNT_CARDS) if h.name == name and h.options[0].kind == first_kind)


def op(c: int, i: int) -> C.HuntOption:
    return C.HUNT_CARDS[c].options[i]


def marks(m: int) -> set[int]:
    return {space for space, _ in C.MONSTERS[m].marks}


def clear_start(m: int, n: int) -> int:
    """A space from which advancing ``n`` lands on no mark and short of the end."""
    return next(p for p in range(1, C.HUNT_LENGTH) if p + n not in marks(m) and p + n < C.HUNT_LENGTH)


def hunting(c: int, pos: int = 1, m: int = SERPENT, seat: int = A) -> State:
    """``seat`` at the monster ``m``'s spot, its marker on ``pos``, resolving the hunt card ``c``."""
    s = quick_game(2, seed=10)
    spot = the_graph(s).spots[0]
    s.monster_at[m] = spot
    s.pos[seat] = spot
    s.hunt_pos[seat][m] = pos
    s.hunt_card = c
    s.step, s.actor = S_HUNT, seat
    s.stack = []
    return s


def rolling(s: State, die: tuple[int, ...], face: int) -> None:
    """Seed the state's RNG so that its next roll of ``die`` shows ``face``."""
    s.rng = next(Rng(k) for k in range(1000) if die[Rng(k).below(len(die))] == face)


def chose(s: State, c: int, i: int, seat: int = A) -> Event:
    return E("hunt-option", f"{s.names[seat]} chooses: {C.hunt_option_words(op(c, i))}", seat, option=i)


def advanced(s: State, m: int, pos: int, seat: int = A) -> Event:
    return E("hunt-advance", f"{s.names[seat]} advances to space {pos} of the {C.MONSTERS[m].name}'s track", seat,
             monster=m, pos=pos)


def hunt(s: State, i: int, seat: int = A) -> list[Event]:
    ev: list[Event] = []
    monsters.hunt(s, seat, i, ev)
    return ev


# ---------------------------------------------------------------- the options of a hunt card


def test_an_advance_moves_the_marker_and_discards_the_card():
    c = card("A clear shot", C.O_ADVANCE)
    n = op(c, 0).advance
    p = clear_start(SERPENT, n)
    s = hunting(c, p)
    s.hunt_disc = [5]
    assert hunt(s, 0) == [chose(s, c, 0), advanced(s, SERPENT, p + n)]
    assert s.hunt_pos[A] == [p + n, 0] and s.hunt_card == -1 and s.hunt_disc == [5, c]
    assert s.step == S_NONE and s.stack == [] and s.monster_at[SERPENT] >= 0


def test_an_advance_through_the_apply_ends_in_the_turn():
    c = card("A clear shot", C.O_ADVANCE)
    s = hunting(c, clear_start(SERPENT, op(c, 0).advance))
    assert RULES.legal(s, A) == [Hunt(0)]
    RULES.apply(s, A, Hunt(0))
    assert s.step == S_TURN and s.actor == s.turn


def test_discarding_named_goods_takes_them_from_the_hold():
    c = card("Bait the beast", C.O_GOODS)
    o = op(c, 0)
    s = hunting(c, clear_start(SERPENT, o.advance))
    p = s.hunt_pos[A][SERPENT]
    s.cargo[A] = [0, 0, 0]
    s.cargo[A][o.a] = o.b + 1
    s.cargo[A][(o.a + 1) % 3] = o.b + 3  # more of another kind: the named one goes all the same
    before = list(s.cargo[A])
    assert hunt(s, 0) == [chose(s, c, 0), advanced(s, SERPENT, p + o.advance)]
    before[o.a] -= o.b
    assert s.cargo[A] == before


def test_discarding_any_goods_takes_the_most_held_first_the_first_kind_on_a_tie():
    c = card("Chum in the water", C.O_GOODS)
    o = op(c, 0)
    assert o.a == -1 and o.b == 2
    s = hunting(c, clear_start(SERPENT, o.advance))
    s.cargo[A] = [1, 2, 1]
    hunt(s, 0)
    # 2 of the second kind, then a tie of three ones: the first kind
    assert s.cargo[A] == [0, 1, 1]
    s = hunting(c, clear_start(SERPENT, o.advance))
    s.cargo[A] = [0, 1, 3]
    hunt(s, 0)
    assert s.cargo[A] == [0, 1, 1]


def test_goods_options_need_the_goods_in_the_hold():
    bait = card("Bait the beast", C.O_GOODS)
    first, second = op(bait, 0), op(bait, 1)
    s = hunting(bait)
    s.cargo[A] = [0, 0, 0]
    s.cargo[A][first.a] = first.b  # exactly enough of the first, none of the second
    assert RULES.legal(s, A) == [Hunt(0), Hunt(2)]
    s.cargo[A][first.a] = first.b - 1
    s.cargo[A][second.a] = second.b
    assert RULES.legal(s, A) == [Hunt(1), Hunt(2)]
    chum = card("Chum in the water", C.O_GOODS)
    s = hunting(chum)
    s.cargo[A] = [1, 0, 1]  # any kinds add up
    assert RULES.legal(s, A) == [Hunt(0), Hunt(1)]
    s.cargo[A] = [1, 0, 0]
    assert RULES.legal(s, A) == [Hunt(1)]


def test_paying_needs_the_gold_and_spends_it():
    c = card("Gold for the gunners", C.O_PAY)
    o = op(c, 0)
    s = hunting(c, clear_start(SERPENT, o.advance))
    s.gold[A] = o.a
    assert RULES.legal(s, A) == [Hunt(0), Hunt(1)]
    p = s.hunt_pos[A][SERPENT]
    assert hunt(s, 0) == [chose(s, c, 0), advanced(s, SERPENT, p + o.advance)]
    assert s.gold[A] == 0
    s = hunting(c)
    s.gold[A] = o.a - 1
    assert RULES.legal(s, A) == [Hunt(1)]


def test_losing_an_upgrade_of_your_choice_asks_after_the_advance():
    c = card("Tentacles on deck", C.O_LOSE)
    o = op(c, 0)
    s = hunting(c, clear_start(SERPENT, o.advance), seat=B)
    p = s.hunt_pos[B][SERPENT]
    assert hunt(s, 0, B) == [chose(s, c, 0, B), advanced(s, SERPENT, p + o.advance, B)]
    assert s.stack == [K_LOSE | B << 5] and s.hunt_pos[B][SERPENT] == p + o.advance


def test_losing_a_named_upgrade_lowers_it_and_advances():
    c = card("Rigging snaps", C.O_LOSE_ATTR)
    o = op(c, 0)
    s = hunting(c, clear_start(SERPENT, o.advance))
    p = s.hunt_pos[A][SERPENT]
    spd = s.spd[A]
    assert hunt(s, 0) == [
        chose(s, c, 0),
        E("lose", f"Red loses 1 {C.ATTRS[o.a]} upgrade (the monster): now {spd - 1}", A, attr=o.a),
        advanced(s, SERPENT, p + o.advance),
    ]
    assert s.spd[A] == spd - 1


def test_losing_hull_without_an_advance_may_throw_goods_overboard():
    c = card("Too heavy", C.O_LOSE_ATTR)
    o = op(c, 0)
    assert o.a == C.HULL and o.advance == 0
    s = hunting(c, 3)
    s.cargo[A] = [s.hul[A], 0, 0]
    hul = s.hul[A]
    assert hunt(s, 0) == [chose(s, c, 0),
                          E("lose", f"Red loses 1 hull upgrade (the monster): now {hul - 1}", A, attr=C.HULL)]
    assert s.hul[A] == hul - 1 and s.hunt_pos[A][SERPENT] == 3 and s.stack == [K_OVERBOARD | A << 5]


def test_the_red_die_of_an_option_names_the_monster():
    c = card("The beast rises", C.O_RED)
    o = op(c, 0)
    s = hunting(c, clear_start(SERPENT, o.advance))
    p = s.hunt_pos[A][SERPENT]
    rolling(s, C.RED_DIE, C.R_STRENGTH)
    stg = s.stg[A]
    assert hunt(s, 0) == [
        chose(s, c, 0),
        E("roll", "Red rolls the red die fighting the Sea Serpent: strength", A, reveal=True, die="red",
          face="strength"),
        E("lose", f"Red loses 1 strength upgrade (the red die): now {stg - 1}", A, attr=C.STRENGTH),
        advanced(s, SERPENT, p + o.advance),
    ]
    assert s.stg[A] == stg - 1 and s.hunt_pos[A][SERPENT] == p + o.advance


def _blue_roll(face: int, seat: int = A) -> Event:
    return E("roll", f"{('Red', 'Blue')[seat]} rolls the blue die: {C.BLUE_FACES[face]}", seat, reveal=True,
             die="blue", face=C.BLUE_FACES[face])


def test_the_blue_die_advances_by_its_face_and_nothing_more():
    c = card("Into the maelstrom", C.O_BLUE)
    for face, n in ((C.B_ADVANCE1, 1), (C.B_ADVANCE2, 2), (C.B_ADVANCE3, 3)):
        p = clear_start(SERPENT, n)
        s = hunting(c, p)
        rolling(s, C.BLUE_DIE, face)
        assert hunt(s, 0) == [chose(s, c, 0), _blue_roll(face), advanced(s, SERPENT, p + n)]
        assert s.hunt_pos[A][SERPENT] == p + n and s.stack == [] and s.hunt_disc == [c]


def test_the_blue_die_bites_or_shows_nothing():
    c = card("Into the maelstrom", C.O_BLUE)
    s = hunting(c, 2, seat=B)
    rolling(s, C.BLUE_DIE, C.B_BITE)
    assert hunt(s, 0, B) == [chose(s, c, 0, B), _blue_roll(C.B_BITE, B)]
    assert s.hunt_pos[B][SERPENT] == 2 and s.stack == [K_LOSE | B << 5]
    s = hunting(c, 2)
    rolling(s, C.BLUE_DIE, C.B_EMPTY)
    assert hunt(s, 0) == [chose(s, c, 0), _blue_roll(C.B_EMPTY)]
    assert s.hunt_pos[A][SERPENT] == 2 and s.stack == []


def test_a_test_passed_at_its_value_advances():
    c = card("Harpoons!", C.O_TEST)
    o = op(c, 0)
    assert o.a == C.STRENGTH
    s = hunting(c, clear_start(SERPENT, o.advance))
    p = s.hunt_pos[A][SERPENT]
    s.stg[A] = o.b
    assert hunt(s, 0) == [chose(s, c, 0), advanced(s, SERPENT, p + o.advance)]
    assert s.stg[A] == o.b


def test_a_test_failed_costs_the_upgrade_and_does_not_advance():
    for name in ("Harpoons!", "Outrun the coils", "Ram it"):
        c = card(name, C.O_TEST)
        o = op(c, 0)
        s = hunting(c, 2)
        vals = (s.spd, s.stg, s.hul)[o.a]
        vals[A] = o.b - 1
        assert hunt(s, 0) == [
            chose(s, c, 0),
            E("test-failed", f"Red's {C.ATTRS[o.a]} {o.b - 1} falls short of {o.b}", A),
            E("lose", f"Red loses 1 {C.ATTRS[o.a]} upgrade (a failed test): now {o.b - 2}", A, attr=o.a),
        ]
        assert vals[A] == o.b - 2 and s.hunt_pos[A][SERPENT] == 2


def test_going_back_never_leaves_the_track():
    c = card("The beast dives", C.O_BACK)
    o = op(c, 0)
    s = hunting(c, 1 + o.advance + 2)
    assert hunt(s, 0) == [chose(s, c, 0)]
    assert s.hunt_pos[A][SERPENT] == 3 and s.hunt_disc == [c]
    s = hunting(c, 1)
    hunt(s, 0)
    assert s.hunt_pos[A][SERPENT] == 1
    s = hunting(card("Too heavy", C.O_GOODS), 2)
    s.cargo[A] = [1, 1, 0]
    hunt(s, 1)  # back 2 from space 2
    assert s.hunt_pos[A][SERPENT] == 1


def test_gold_is_earned_from_combat():
    c = next(i for i, h in enumerate(C.HUNT_CARDS) if h.options[0].kind == C.O_GOLD)
    o = op(c, 0)
    s = hunting(c, 4)
    gold, income = s.gold[A], list(s.income[A])
    assert hunt(s, 0) == [chose(s, c, 0)]
    income[SRC_COMBAT] += o.a
    assert s.gold[A] == gold + o.a and s.income[A] == income and s.hunt_pos[A][SERPENT] == 4


def test_a_refit_is_pushed():
    c = next(i for i, h in enumerate(C.HUNT_CARDS) if h.options[0].kind == C.O_REFIT)
    s = hunting(c, 4, seat=B)
    assert hunt(s, 0, B) == [chose(s, c, 0, B)]
    assert s.stack == [K_REFIT | B << 5] and s.hunt_pos[B][SERPENT] == 4


# ---------------------------------------------------------------- stacking the deck


def test_looking_at_the_top_card_shows_it_to_the_hunter_alone():
    c = card("Read the currents", C.O_STACK)
    o = op(c, 0)
    s = hunting(c, clear_start(SERPENT, o.advance))
    p = s.hunt_pos[A][SERPENT]
    top = s.hunt_deck[-1]
    deck = list(s.hunt_deck)
    assert hunt(s, 0) == [
        chose(s, c, 0),
        advanced(s, SERPENT, p + o.advance),
        E("hunt-look", "Red looks at the top hunt card", A),
        E("hunt-see", f"Red sees {C.HUNT_CARDS[top].name}: {C.hunt_card_text(top)}", A, to=(A,), reveal=True,
          card=top),
    ]
    assert s.hunt_seen == top and s.hunt_deck == deck and s.step == S_STACK and s.actor == A
    assert RULES.view(s, A).hunt_seen == top and RULES.view(s, B).hunt_seen == -1
    assert RULES.legal(s, A) == [Hunt(0), Hunt(1)]


def test_looking_with_an_empty_deck_shuffles_the_discards_first():
    c = card("Old sailor's lore", C.O_STACK)
    s = hunting(c, 2)
    s.hunt_disc = s.hunt_deck[:3]
    s.hunt_deck = []
    disc = list(s.hunt_disc)
    hunt(s, 0)
    assert sorted(s.hunt_deck) == sorted([*disc, c]) and s.hunt_disc == []
    assert s.hunt_seen == s.hunt_deck[-1] and s.step == S_STACK


def test_stacking_needs_a_card_to_look_at():
    c = card("Read the currents", C.O_STACK)
    s = hunting(c)
    s.hunt_deck, s.hunt_disc = [], []
    assert RULES.legal(s, A) == [Hunt(1)]
    s.hunt_disc = [4]
    assert RULES.legal(s, A) == [Hunt(0), Hunt(1)]


def test_the_top_card_is_kept_or_put_at_the_bottom():
    s = hunting(card("Read the currents", C.O_STACK))
    s.hunt_deck = [1, 2, 3]
    s.hunt_seen, s.step = 3, S_STACK
    ev: list[Event] = []
    monsters.stack(s, A, 0, ev)
    assert ev == [E("hunt-stack", "Red leaves it on top", A, choice=0)]
    assert s.hunt_deck == [1, 2, 3] and s.hunt_seen == -1 and s.step == S_NONE
    s.hunt_seen, s.step = 3, S_STACK
    ev = []
    monsters.stack(s, A, 1, ev)
    assert ev == [E("hunt-stack", "Red puts the top hunt card at the bottom", A, choice=1)]
    assert s.hunt_deck == [3, 1, 2] and s.hunt_seen == -1 and s.step == S_NONE


def test_a_stack_that_slays_the_monster_looks_at_nothing():
    c = card("Read the currents", C.O_STACK)
    o = op(c, 0)
    s = hunting(c, C.HUNT_LENGTH - o.advance)
    ev = hunt(s, 0)
    assert [e.kind for e in ev] == ["hunt-option", "hunt-advance", "monster-slain"]
    assert s.hunt_seen == -1 and s.step == S_MARKER


# ---------------------------------------------------------------- the track's marks and the end


def test_landing_on_a_mark_rolls_its_die():
    for m in (SERPENT, KRAKEN):
        for space, mark in C.MONSTERS[m].marks:
            s = hunting(card("A clear shot", C.O_ADVANCE), 1, m)
            s.hunt_pos[A][m] = space - 1
            if mark == C.MK_BLUE:
                rolling(s, C.BLUE_DIE, C.B_EMPTY)
            else:
                rolling(s, C.RED_DIE, C.R_EMPTY)
            ev: list[Event] = []
            monsters.advance(s, A, m, 1, ev)
            name = C.MONSTERS[m].name
            roll = _blue_roll(C.B_EMPTY) if mark == C.MK_BLUE else E(
                "roll", f"Red rolls the red die in the {name}'s grip: empty", A, reveal=True, die="red", face="empty")
            assert ev == [advanced(s, m, space), roll], (m, space)
            assert len(s.last_roll) == 1 and s.last_roll[0] // 10 == (DIE_BLUE if mark == C.MK_BLUE else DIE_RED)


def test_a_mark_passed_over_rolls_nothing():
    m = SERPENT
    space = min(marks(m))
    s = hunting(card("A clear shot", C.O_ADVANCE), space - 1)
    ev: list[Event] = []
    monsters.advance(s, A, m, 2, ev)
    assert ev == [advanced(s, m, space + 1)] and s.last_roll == []


def test_an_advance_of_nothing_or_without_the_monster_does_nothing():
    s = hunting(card("A clear shot", C.O_ADVANCE), 3)
    ev: list[Event] = []
    monsters.advance(s, A, SERPENT, 0, ev)
    monsters.advance(s, A, -1, 2, ev)
    s.monster_at[KRAKEN] = -1
    monsters.advance(s, A, KRAKEN, 2, ev)
    assert ev == [] and s.hunt_pos[A] == [3, 0]


def test_reaching_the_last_space_defeats_the_monster_and_clears_every_track():
    c = card("A clear shot", C.O_ADVANCE)
    n = op(c, 0).advance
    s = hunting(c, C.HUNT_LENGTH - n + 1)  # overshoots by one: stops on the last space
    s.hunt_pos[B][SERPENT] = 6
    s.hunt_pos[A][KRAKEN] = 2
    assert hunt(s, 0) == [
        chose(s, c, 0),
        advanced(s, SERPENT, C.HUNT_LENGTH),
        E("monster-slain", "Red defeats the Sea Serpent!", A, reveal=True, monster=SERPENT),
    ]
    assert s.monster_at[SERPENT] == -1 and s.hunt_pos == [[0, 2], [0, 0]]
    assert s.step == S_MARKER and s.actor == A and s.monsters_won[A] == []
    assert RULES.legal(s, A) == [Marker(k) for k in s.monster_markers]


def test_with_no_marker_left_the_glory_is_the_reward():
    s = hunting(card("A clear shot", C.O_ADVANCE), C.HUNT_LENGTH - 1)
    s.monster_markers = []
    ev: list[Event] = []
    monsters.advance(s, A, SERPENT, 1, ev)
    assert ev[-1] == E("no-marker", "No monster marker is left: the glory is all the reward", A)
    assert s.monsters_won[A] == [-1] and s.step == S_HUNT  # nobody is asked for a marker


def test_each_monster_marker_gives_its_reward():
    for k, mk in enumerate(C.MONSTER_MARKERS):
        s = hunting(card("A clear shot", C.O_ADVANCE), seat=B)
        s.step, s.hunt_card = S_MARKER, -1
        gold, income = s.gold[B], list(s.income[B])
        ev: list[Event] = []
        monsters.take_marker(s, B, k, ev)
        assert ev == [E("monster-marker", f"Blue takes the monster marker {mk.name}: {C.marker_words(k)}", B,
                        marker=k)]
        assert s.step == S_NONE and k not in s.monster_markers and s.monsters_won[B] == [k]
        assert len(s.monster_markers) == len(C.MONSTER_MARKERS) - 1
        income[SRC_COMBAT] += mk.gold
        assert s.gold[B] == gold + mk.gold and s.income[B] == income
        want = ([K_REFIT] * mk.upgrades + [K_REWARD] * mk.treasure + [K_CREW] * mk.crew
                + [K_RITUAL] * mk.ritual)
        assert s.stack == [x | B << 5 for x in want], mk.name


# ---------------------------------------------------------------- beginning a hunt, summoning


def test_beginning_a_hunt_puts_the_marker_on_and_reveals_the_card():
    s = hunting(-1, 0)
    s.step = S_NONE
    top = s.hunt_deck[-1]
    ev: list[Event] = []
    monsters.hunt_begin(s, A, ev)
    assert ev == [E("hunt-card", f"Red hunts the Sea Serpent and draws {C.HUNT_CARDS[top].name}: "
                    f"{C.hunt_card_text(top)}", A, reveal=True, card=top, monster=SERPENT)]
    assert s.hunt_pos[A][SERPENT] == 1 and s.hunt_card == top and top not in s.hunt_deck
    assert s.step == S_HUNT and s.actor == A


def test_a_hunt_under_way_keeps_its_place():
    s = hunting(-1, 7)
    s.step = S_NONE
    monsters.hunt_begin(s, A, [])
    assert s.hunt_pos[A][SERPENT] == 7 and s.step == S_HUNT


def test_an_empty_hunt_deck_is_reshuffled_from_its_discards():
    s = hunting(-1, 3)
    s.step = S_NONE
    s.hunt_disc, s.hunt_deck = s.hunt_deck[:4], []
    disc = list(s.hunt_disc)
    ev: list[Event] = []
    monsters.hunt_begin(s, A, ev)
    assert ev[0] == E("reshuffle", "The monster hunt deck ran out: its discard pile is shuffled", reveal=True)
    assert s.hunt_disc == [] and sorted([*s.hunt_deck, s.hunt_card]) == sorted(disc)


def test_no_monster_here_spends_the_action():
    s = hunting(-1, 3)
    s.step = S_NONE
    s.monster_at[SERPENT] = -1
    ev: list[Event] = []
    monsters.hunt_begin(s, A, ev)
    assert ev == [E("action-spent", "Red finds no monster here any more: the action is spent", A)]
    assert s.step == S_NONE and s.hunt_card == -1


def test_no_progress_marker_free_spends_the_action():
    s = hunting(-1, 0)
    s.step = S_NONE
    title = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE)
    s.missions[A], s.m_prog[A] = [title], [0b011]  # two tasks of a quest done: two markers
    s.track[A] = 0  # a treasure hunt: two
    s.hunt_pos[A][KRAKEN] = 1  # the other monster: one
    assert C.PROGRESS_MARKERS == 5 and monsters.titles.free_markers(s, A) == 0
    top = s.hunt_deck[-1]
    ev: list[Event] = []
    monsters.hunt_begin(s, A, ev)
    assert ev == [E("action-spent", "Red has no progress marker free: the action is spent", A)]
    assert s.hunt_pos[A] == [0, 1] and s.hunt_deck[-1] == top and s.step == S_NONE and s.hunt_card == -1
    s.hunt_pos[A][KRAKEN] = 0  # one free
    monsters.hunt_begin(s, A, [])
    assert s.hunt_pos[A] == [1, 0] and s.step == S_HUNT


def test_summoning_places_the_tile_and_logs_the_spot():
    s = quick_game(2, seed=10)
    g = the_graph(s)
    spot = g.spots[1]
    assert monsters.can_summon(s, KRAKEN) and monsters.free_spots(s) == list(g.spots)
    ev: list[Event] = []
    monsters.summon(s, B, KRAKEN, spot, ev)
    assert ev == [E("summon", f"Blue summons the Kraken to the {C.SPOT_NAMES[g.spot[spot]]}: its ability is lost "
                    "while the monster lives", B, monster=KRAKEN, node=spot)]
    assert s.monster_at[KRAKEN] == spot and not monsters.can_summon(s, KRAKEN)
    assert monsters.free_spots(s) == [n for n in g.spots if n != spot]
    for n in g.spots:
        if n != spot:
            s.monster_at[SERPENT] = n
    assert monsters.free_spots(s) == [n for n in g.spots if n not in s.monster_at]


def test_the_hunt_is_offered_at_either_monster_and_a_hunt_under_way_needs_no_free_marker():
    for m in (SERPENT, KRAKEN):
        s = hunting(-1, 0, m)
        assert C.ACT_HUNT in turn.combat_actions(s, A), m
    s = hunting(-1, 1)
    title = next(i for i, mc in enumerate(C.MISSIONS) if mc.kind == C.TITLE)
    s.missions[A], s.m_prog[A] = [title], [0b011]
    s.track[A] = 0
    assert monsters.titles.free_markers(s, A) == 0  # its own marker, the quest's two, the treasure hunt's two
    assert monsters.titles.can_start_monster_hunt(s, A, SERPENT)
    assert not monsters.titles.can_start_monster_hunt(s, A, KRAKEN)
    assert C.ACT_HUNT in turn.combat_actions(s, A)
    s.m_prog[A] = [0b001]  # exactly one marker free
    assert monsters.titles.free_markers(s, A) == 1 and monsters.titles.can_start_monster_hunt(s, A, KRAKEN)
    s.monster_at[SERPENT] = -1
    assert C.ACT_HUNT not in turn.combat_actions(s, A)


def test_a_blue_mark_that_advances_goes_on_along_the_track():
    m = SERPENT
    space = min(sp for sp, mark in C.MONSTERS[m].marks if mark == C.MK_BLUE)
    s = hunting(card("A clear shot", C.O_ADVANCE), space - 1, m)
    rolling(s, C.BLUE_DIE, C.B_ADVANCE1)
    ev: list[Event] = []
    monsters.advance(s, A, m, 1, ev)
    assert ev == [advanced(s, m, space), _blue_roll(C.B_ADVANCE1), advanced(s, m, space + 1)]


def test_a_stack_that_slays_the_last_markerless_monster_looks_at_nothing():
    c = card("Read the currents", C.O_STACK)
    s = hunting(c, C.HUNT_LENGTH - op(c, 0).advance)
    s.monster_markers = []
    ev = hunt(s, 0)
    assert [e.kind for e in ev] == ["hunt-option", "hunt-advance", "monster-slain", "no-marker"]
    assert s.hunt_seen == -1 and s.step == S_NONE
