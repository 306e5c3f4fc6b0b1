"""Small steps of the turn and of the treasure chapter, with their exact events (issue 10 item 9:
the mutants of rules/turn.py and rules/treasure.py that survived the rule tests were a unit thrown
overboard for a new one, a treasure hidden in the chest, and a treasure received as a reward)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import treasure, turn
from engine.games.shiver.rules.common import (
    K_CREW,
    K_REFIT,
    K_REWARD,
    K_RITUAL,
    S_DROP,
    S_DUMP,
    S_NONE,
    S_PICK,
)
from engine.games.shiver.rules.family import K_WISH
from engine.games.shiver.state import D_TREASURE, P_REWARD, P_SCOUT, Drop, Dump, HideTreasure, State
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1
COCOA, RUM, SUGAR = range(3)



def game() -> State:
    s = quick_game(2, seed=10)
    s.stack = []
    return s


# ---------------------------------------------------------------- a full hold


def test_a_full_hold_offers_to_leave_the_unit_or_throw_out_another_kind():
    s = game()
    s.cargo[A] = [1, 0, s.hul[A] - 1]
    s.gain_res, s.step, s.actor = SUGAR, S_DUMP, A
    assert RULES.legal(s, A) == [Dump(-1), Dump(COCOA)]
    s.cargo[A] = [0, 1, s.hul[A] - 1]
    assert RULES.legal(s, A) == [Dump(-1), Dump(RUM)]


def test_throwing_a_unit_overboard_loads_the_new_one():
    s = game()
    s.cargo[A] = [1, 0, s.hul[A] - 1]
    s.gain_res, s.step = SUGAR, S_DUMP
    ev: list[Event] = []
    turn.dump(s, A, COCOA, ev)
    assert ev == [E("dump", "Red throws 1 Cocoa overboard to load 1 Sugar", A)]
    assert s.cargo[A] == [0, 0, s.hul[A]] and s.gain_res == -1 and s.step == S_NONE


def test_leaving_the_new_unit_behind_keeps_the_hold():
    s = game()
    s.cargo[A] = [1, 0, s.hul[A] - 1]
    hold = list(s.cargo[A])
    s.gain_res, s.step = RUM, S_DUMP
    ev: list[Event] = []
    turn.dump(s, A, -1, ev)
    assert ev == [E("dump", "Red leaves the Rum behind: the hold is full", A)]
    assert s.cargo[A] == hold and s.gain_res == -1 and s.step == S_NONE


def test_a_dump_through_the_apply_is_a_dump_not_an_overboard():
    s = game()
    s.cargo[A] = [1, 0, s.hul[A] - 1]
    s.gain_res, s.step, s.actor = SUGAR, S_DUMP, A
    ev = RULES.apply(s, A, Dump(COCOA))
    assert ev[0] == E("dump", "Red throws 1 Cocoa overboard to load 1 Sugar", A)
    assert s.cargo[A] == [0, 0, s.hul[A]]


# ---------------------------------------------------------------- the chest and a reward


def test_hiding_a_treasure_moves_it_to_the_chest_and_marks_the_quest():
    s = game()
    card = next(i for i, t in enumerate(C.TREASURES) if not t.ring)
    s.t_ship[A] = [card]
    title = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE
                 and any(t.kind == C.Q_HIDE for t in C.TITLES[m.a].tasks))
    task = next(i for i, t in enumerate(C.TITLES[C.MISSIONS[title].a].tasks) if t.kind == C.Q_HIDE)
    s.missions[A], s.m_prog[A] = [title], [0]
    ev: list[Event] = []
    turn.hide_treasure(s, A, card, ev)
    name = C.TITLES[C.MISSIONS[title].a].name
    assert ev == [
        E("hide", f"Red hides {C.TREASURES[card].name} in the chest", A, card=card),
        E("quest-task", f'Red marks "{C.TITLES[C.MISSIONS[title].a].tasks[task].text}" on {name} (1 of 3)', A,
          card=title, task=task),
    ]
    assert s.t_ship[A] == [] and s.t_chest[A] == [card] and s.m_prog[A] == [1 << task]


def test_hiding_through_the_apply():
    s = game()
    card = next(i for i, t in enumerate(C.TREASURES) if not t.ring)
    s.t_ship[A] = [card]
    s.step, s.actor = 99, A
    ev = RULES.apply(s, A, HideTreasure(card))
    assert ev[0].kind == "hide" and s.t_chest[A] == [card]


def test_a_reward_goes_on_the_ship_and_the_other_card_under_the_deck():
    s = game()
    a, b = s.t_deck[-1], s.t_deck[-2]
    s.t_deck, s.t_mask = s.t_deck[:-2], s.t_mask[:-2]
    s.shown, s.step = [a, b], 99
    deck = list(s.t_deck)
    ev: list[Event] = []
    treasure.reward_take(s, A, b, ev)
    assert ev[0] == E("reward", f"Red places {C.TREASURES[b].name} on the ship", A, reveal=True, card=b)
    assert s.t_ship[A] == [b] and s.shown == [] and s.step == S_NONE
    assert s.t_deck == [a, *deck] and s.t_mask[0] == 1 << A


def test_a_ring_received_as_a_reward_opens_the_soulmate_quest():
    s = game()
    ring = next(i for i, t in enumerate(C.TREASURES) if t.ring)
    s.shown, s.step = [ring], 99
    treasure.reward_take(s, B, ring, [])
    assert s.t_ship[B] == [ring] and s.wish_ring[B] == ring and s.rings_used == [ring]
    assert s.stack == [K_WISH | B << 5]


def test_the_green_die_choice_loads_the_unit_chosen():
    s = game()
    s.cargo[A] = [0, 0, 0]
    s.step = 99
    ev: list[Event] = []
    turn.gain(s, A, RUM, ev)
    assert ev == [E("gain", "Red takes 1 Rum (green die)", A)]
    assert s.cargo[A] == [0, 1, 0] and s.step == S_NONE


# ---------------------------------------------------------------- raising a treasure


def on_track(card: int, pos: int = 0) -> State:
    s = game()
    s.track[A], s.track_pos[A] = card, pos
    return s


def test_raising_a_gold_treasure_puts_it_on_the_ship_pays_and_counts_for_the_island_s_mission():
    card = next(i for i, t in enumerate(C.TREASURES) if t.bonus == C.B_GOLD and t.family < 0 and not t.ring)
    t = C.TREASURES[card]
    grave = next((i for i, m in enumerate(C.MISSIONS) if m.cond == C.M_RAISE_AT and m.a == t.island), None)
    other = next(i for i, m in enumerate(C.MISSIONS) if m.cond == C.M_RAISE_AT)
    keeper = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE
                  and any(k.kind == C.Q_RAISE for k in C.TITLES[m.a].tasks))
    s = on_track(card, 3)
    held = [keeper, grave if grave is not None else other]
    s.missions[A], s.m_prog[A] = held, [0, 0]
    gold = s.gold[A]
    ev: list[Event] = []
    treasure.raise_treasure(s, A, ev)
    assert [e.kind for e in ev] == ["quest-task", "raise", "bonus"]
    assert ev[1:] == [E("raise", f"Red raises {t.name}!", A, card=card),
                      E("bonus", f"{t.name} holds {t.value} Gold", A)]
    assert s.t_ship[A] == [card] and s.raised[A] == 1 and s.track[A] == -1 and s.track_pos[A] == 0
    assert s.gold[A] == gold + t.value
    assert s.m_prog[A][1] == (1 if C.MISSIONS[held[1]].a == t.island else 0)


def test_a_treasure_from_another_island_does_not_count_for_the_mission():
    mission = next(i for i, m in enumerate(C.MISSIONS) if m.cond == C.M_RAISE_AT)
    card = next(i for i, t in enumerate(C.TREASURES) if t.family < 0 and t.island != C.MISSIONS[mission].a)
    s = on_track(card)
    s.missions[A], s.m_prog[A] = [mission], [0]
    treasure.raise_treasure(s, A, [])
    assert s.m_prog[A] == [0] and s.raised[A] == 1
    card = next(i for i, t in enumerate(C.TREASURES) if t.family < 0 and t.island == C.MISSIONS[mission].a)
    s = on_track(card)
    s.missions[A], s.m_prog[A] = [mission], [0]
    treasure.raise_treasure(s, A, [])
    assert s.m_prog[A] == [1]


def test_a_family_card_at_the_end_of_its_track_finds_the_relative_and_is_no_treasure():
    card = C.FAMILY_CARDS[0]
    t = C.TREASURES[card]
    r = C.FAMILY[t.family]
    s = on_track(card, 2)
    ev: list[Event] = []
    treasure.raise_treasure(s, A, ev)
    assert ev == [E("rescue", f"Red follows {t.name} to its end and rescues the {r.name} ({r.blurb}; {r.vp} seals)",
                    A, reveal=True, relative=t.family)]
    assert s.family[A] == [t.family] and s.t_ship[A] == [] and s.raised[A] == 0 and s.track[A] == -1


def test_digging_spends_the_card_s_goods_and_advances():
    card = next(i for i, t in enumerate(C.TREASURES)
                if t.family < 0 and t.advance not in {sp for sp, _ in t.dice} and t.advance < t.length)
    t = C.TREASURES[card]
    s = on_track(card)
    s.cargo[A] = [0, 0, 0]
    s.cargo[A][t.res] = 2
    ev: list[Event] = []
    treasure.dig_goods(s, A, ev)
    assert ev == [E("advance", f"Red spends 1 {C.RESOURCES[t.res]} and advances {t.advance} spaces to space "
                    f"{t.advance} of {t.length}", A, n=t.advance, pos=t.advance)]
    assert s.cargo[A][t.res] == 1 and s.track_pos[A] == t.advance


def test_the_first_treasure_on_the_track_may_be_dropped_too():
    s = on_track(0)
    s.t_hand[A] = [5]
    assert treasure.drop_treasure_legal(s, A) == [Drop(5), Drop(0)]
    s.track[A] = -1
    assert treasure.drop_treasure_legal(s, A) == [Drop(5)]


def test_every_treasure_s_one_time_bonus_when_raised():
    seen = set()
    for card, t in enumerate(C.TREASURES):
        if t.family >= 0:
            continue
        seen.add(t.bonus)
        s = on_track(card)
        s.cargo[A] = [0, 0, 0]
        s.hul[A] = 7
        actions, gold = s.actions, s.gold[A]
        ev: list[Event] = []
        treasure.raise_treasure(s, A, ev)
        stack = [x & 31 for x in s.stack]
        assert all(x >> 5 & 7 == A for x in s.stack), t.name
        if t.ring:
            assert stack[-1] == K_WISH
            stack = stack[:-1]
        b = t.bonus
        if b == C.B_GOODS:
            res, n = t.value % 10, t.value // 10
            want = [0, 0, 0]
            want[res] = n
            assert s.cargo[A] == want and ev[-1] == E("gain", f"Red takes {n} {C.RESOURCES[res]} ({t.name})", A)
        else:
            assert s.cargo[A] == [0, 0, 0], t.name
        assert stack == {C.B_UPGRADE: [K_REFIT] * t.value, C.B_CREW: [K_CREW], C.B_RITUAL: [K_RITUAL],
                         C.B_TREASURE: [K_REWARD]}.get(b, []), t.name
        assert s.actions == actions + (t.value if b == C.B_ACTION else 0), t.name
        if b == C.B_ACTION:
            assert ev[-1] == E("bonus", f"{t.name}: Red takes {t.value} extra action", A)
        assert s.gold[A] == gold + (t.value if b == C.B_GOLD else 0), t.name
    assert {C.B_GOLD, C.B_GOODS, C.B_UPGRADE, C.B_ACTION} <= seen


def test_an_extra_action_is_only_for_the_captain_whose_turn_it_is():
    card = next(i for i, t in enumerate(C.TREASURES) if t.bonus == C.B_ACTION and t.family < 0)
    s = on_track(card)
    s.track[B], s.track_pos[B] = card, 0
    s.track[A] = -1
    actions = s.actions
    ev: list[Event] = []
    treasure.raise_treasure(s, B, ev)
    assert s.turn == A and s.actions == actions and [e.kind for e in ev] == ["raise"]


# ---------------------------------------------------------------- scouting and the treasure cards


def test_scouting_shows_the_cards_to_the_scout_alone_and_keeps_one():
    s = game()
    top = [s.t_deck[-1], s.t_deck[-2], s.t_deck[-3]]
    ev: list[Event] = []
    assert treasure.show_treasures(s, B, 3, P_SCOUT, ev, "scouts the taverns")
    assert ev == [
        E("look", "Blue scouts the taverns: looks at the top 3 treasure cards", B, deck="treasure", n=3),
        E("see", f"Blue sees {', '.join(C.TREASURES[c].name for c in top)}", B, to=(B,), reveal=True, cards=top),
    ]
    assert s.shown == top and s.step == S_PICK and s.actor == B and s.pick_kind == P_SCOUT
    ev = []
    treasure.scout_take(s, B, top[1], ev)
    assert ev == [E("keep", "Blue keeps one treasure card and returns 2 to the bottom of the deck", B,
                    deck="treasure"),
                  E("keep", f"Blue keeps {C.TREASURES[top[1]].name}", B, to=(B,), card=top[1])]
    assert s.t_hand[B] == [top[1]] and s.t_deck[:2] == [top[2], top[0]] and s.t_mask[:2] == [1 << B] * 2
    assert s.shown == [] and s.step == S_NONE


def test_a_fourth_treasure_card_asks_to_drop_one_a_third_does_not():
    s = game()
    s.t_hand[A] = s.t_deck[:2]
    s.shown = [s.t_deck[-1]]
    treasure.scout_take(s, A, s.shown[0], [])
    assert s.step == S_NONE and treasure.treasure_cards(s, A) == C.TREASURE_LIMIT
    s.shown = [s.t_deck[-2]]
    treasure.scout_take(s, A, s.shown[0], [])
    assert s.step == S_DROP and s.drop_kind == D_TREASURE and s.actor == A


def test_an_empty_treasure_deck_shows_nothing():
    s = game()
    s.t_deck, s.t_mask, s.t_disc = [], [], []
    ev: list[Event] = []
    assert not treasure.show_treasures(s, A, 3, P_SCOUT, ev, "scouts the taverns")
    assert ev == [E("deck-empty", "The treasure deck and its discard pile are empty", A)]


def test_a_reward_passes_the_family_cards_by():
    s = game()
    fam = list(C.FAMILY_CARDS)
    plain = [c for c in s.t_deck if c not in fam][:2]
    s.t_deck = [plain[0], plain[1], *fam]  # every family card on top
    s.t_mask = [0] * len(s.t_deck)
    assert treasure.show_treasures(s, A, 1, P_REWARD, [], "receives a treasure")
    assert s.shown == [plain[1]] and sorted(s.t_deck[:len(fam)]) == sorted(fam)  # under the deck


def test_discarding_from_the_hand_or_giving_up_the_hunt():
    s = game()
    a, b = s.t_deck[-1], s.t_deck[-2]
    s.t_hand[B] = [a]
    s.track[B], s.track_pos[B] = b, 4
    ev: list[Event] = []
    treasure.discard_treasure(s, B, a, ev)
    treasure.discard_treasure(s, B, b, ev)
    assert ev == [
        E("discard", f"Blue discards the treasure card {C.TREASURES[a].name}", B, reveal=True, card=a),
        E("discard", f"Blue gives up the hunt for {C.TREASURES[b].name}", B, card=b),
    ]
    assert s.t_hand[B] == [] and s.track[B] == -1 and s.track_pos[B] == 0 and s.t_disc[-2:] == [a, b]


def test_starting_a_hunt_reveals_the_card():
    s = game()
    c = s.t_deck[-1]
    s.t_hand[B] = [c]
    s.track_pos[B] = 3
    ev: list[Event] = []
    treasure.start_hunt(s, B, c, ev)
    t = C.TREASURES[c]
    assert ev == [E("hunt", f"Blue reveals {t.name} and starts the hunt ({t.length} spaces)", B, reveal=True, card=c)]
    assert s.t_hand[B] == [] and s.track[B] == c and s.track_pos[B] == 0


def test_reaching_the_end_of_the_track_raises_the_treasure():
    card = next(i for i, t in enumerate(C.TREASURES) if t.family < 0)
    t = C.TREASURES[card]
    s = on_track(card, t.length - 2)
    ev: list[Event] = []
    treasure.advance(s, A, 2, ev, "digs")
    assert ev[0] == E("advance", "Red digs and advances 2 spaces to the end of the track", A, n=2, pos=t.length)
    assert ev[1].kind in ("raise", "quest-task") and s.t_ship[A] == [card] and s.track[A] == -1


def test_landing_on_a_die_of_the_track_rolls_it():
    for card, t in enumerate(C.TREASURES):
        for sp, die in t.dice:
            if sp >= t.length:
                continue
            s = on_track(card, sp - 1)
            ev: list[Event] = []
            treasure.advance(s, A, 1, ev, "digs")
            rolls = [e for e in ev if e.kind == "roll"]
            dice = {C.D_GREEN: ["green"], C.D_WHITE: ["white"], C.D_BOTH: ["green", "white"]}.get(die, ["red"])
            assert [e.data["die"] for e in rolls] == dice, (t.name, sp)
            assert all(e.text.endswith(f"on space {sp}: {e.data['face']}") or f"on space {sp}" in e.text
                       for e in rolls)
