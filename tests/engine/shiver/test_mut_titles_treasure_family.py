"""Title quests, the treasure chapter and the family's deal on rules v6, step by step with the exact
events (issue 10 item 9: the mutants of rules/titles.py, rules/treasure.py and rules/family.py that
survived the rule tests — `task`'s walk over several quests, the words of digging and scouting, the
Eye of Itzamna, a reward or a scout drawing treasure 0, and `deal`'s shuffle)."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import family, titles, treasure
from engine.games.shiver.rules.common import K_CREW, K_REFIT, K_REWARD, K_RITUAL, S_NONE, S_PICK
from engine.games.shiver.state import P_EYE, P_REWARD, P_SCOUT, State
from tests.engine.shiver.helpers import E, quick_game

A, B = 0, 1



def quest_of(title: int) -> int:
    return next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE and m.a == title)


def game() -> State:
    s = quick_game(2, seed=10)
    s.stack = []
    return s


# ---------------------------------------------------------------- titles: the walk over several quests

PLAIN = [i for i, m in enumerate(C.MISSIONS) if m.kind != C.TITLE]
# the Governor's Buccaneer's task 2 and no other: "Complete an official mission" (Q_OFFICIAL = 8)
KIND = C.TITLES[C.T_BUCCANEER].tasks[2].kind


def marks(t: int, i: int, card: int, done: int) -> Event:
    return E("quest-task", f'Red marks "{C.TITLES[t].tasks[i].text}" on {C.TITLES[t].name} ({done} of 3)', A,
             card=card, task=i)


def test_every_quest_held_is_looked_at_in_turn_between_other_missions():
    s = game()
    q = quest_of(C.T_BUCCANEER)
    s.missions[A] = [q, PLAIN[0], q, PLAIN[1], quest_of(C.T_BARON), q]
    s.m_prog[A] = [0] * 6
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    assert ev == [marks(C.T_BUCCANEER, 2, q, 1)] * 3
    assert s.m_prog[A] == [4, 0, 4, 0, 0, 4]


def test_the_quests_are_marked_in_the_order_they_are_held():
    s = game()
    q = quest_of(C.T_BUCCANEER)
    s.missions[A] = [q, PLAIN[0], q, PLAIN[1], q]
    s.m_prog[A] = [0b001, 0, 0, 0, 0b010]
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    assert ev == [marks(C.T_BUCCANEER, 2, q, 2), marks(C.T_BUCCANEER, 2, q, 1), marks(C.T_BUCCANEER, 2, q, 2)]
    assert s.m_prog[A] == [0b101, 0, 0b100, 0, 0b110]


def test_a_quest_with_the_task_already_done_is_passed_by_for_the_next():
    s = game()
    q = quest_of(C.T_BUCCANEER)
    s.missions[A] = [q, q, q]
    s.m_prog[A] = [0b100, 0b001, 0b100]
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    assert ev == [marks(C.T_BUCCANEER, 2, q, 2)] and s.m_prog[A] == [0b100, 0b101, 0b100]


def test_no_marker_free_says_so_for_every_quest_and_marks_none():
    s = game()
    q = quest_of(C.T_BUCCANEER)
    s.missions[A] = [q, q, PLAIN[0], q]
    s.m_prog[A] = [0b011, 0b001, 0, 0b001]  # four markers
    s.hunt_pos[A] = [1] + [0] * (len(s.hunt_pos[A]) - 1)  # the fifth
    assert titles.free_markers(s, A) == 0
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    text, name = C.TITLES[C.T_BUCCANEER].tasks[2].text, C.TITLES[C.T_BUCCANEER].name
    miss = E("quest-no-marker", f'Red has no progress marker free: "{text}" is not marked on {name}', A, card=q,
             task=2)
    assert ev == [miss] * 3 and s.m_prog[A] == [0b011, 0b001, 0, 0b001] and s.title_of[C.T_BUCCANEER] == -1


def test_a_quest_completed_first_leaves_every_later_quest_to_be_marked():
    s = game()
    q = quest_of(C.T_BUCCANEER)
    s.missions[A] = [q, PLAIN[0], q, q]
    s.m_prog[A] = [0b011, 0, 0, 0b001]
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    t = C.TITLES[C.T_BUCCANEER]
    assert ev == [
        marks(C.T_BUCCANEER, 2, q, 3),
        E("title", f"Red completes the title quest {t.name} ({t.vp} seals) and takes the title card: {t.bonus}", A,
          reveal=True, card=q, title=C.T_BUCCANEER),
        # the title card is on the tableau before its quest is paid: the Buccaneer's Gold counts already
        E("title-gold", f"Red takes {C.BUCCANEER_GOLD} Gold for the completed mission", A, gold=C.BUCCANEER_GOLD),
        marks(C.T_BUCCANEER, 2, q, 1),
        marks(C.T_BUCCANEER, 2, q, 2),
    ]
    assert s.missions[A] == [PLAIN[0], q, q] and s.m_prog[A] == [0, 0b100, 0b101] and s.m_done[A][-1] == q


def test_the_last_quest_completed_ends_the_walk():
    s = game()
    q = quest_of(C.T_BUCCANEER)
    s.missions[A] = [PLAIN[0], q]
    s.m_prog[A] = [0, 0b011]
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    assert [e.kind for e in ev] == ["quest-task", "title", "title-gold"] and s.missions[A] == [PLAIN[0]] and s.m_prog[A] == [0]


def test_a_seat_with_no_mission_marks_nothing():
    s = game()
    s.missions[A], s.m_prog[A] = [], []
    ev: list[Event] = []
    titles.task(s, A, KIND, -1, ev)
    assert ev == []


# ---------------------------------------------------------------- treasure: digging and scouting


def test_digging_says_digs_and_advances_by_the_dig_power():
    s = game()
    n = treasure.dig_power(s, A)
    card = next(i for i, t in enumerate(C.TREASURES)
                if t.family < 0 and n < t.length and n not in {sp for sp, _ in t.dice})
    t = C.TREASURES[card]
    s.track[A], s.track_pos[A] = card, 0
    ev: list[Event] = []
    treasure.dig(s, A, ev)
    assert n > 0
    assert ev == [E("advance", f"Red digs and advances {n} spaces to space {n} of {t.length}", A, n=n, pos=n)]
    assert s.track_pos[A] == n


def test_the_dig_power_counts_strength_the_hunter_and_the_keeper():
    s = game()
    base = s.stg[A] + s.t_stg[A]
    assert treasure.dig_power(s, A) == base
    s.talent[A] = C.TREASURE_HUNTER
    assert treasure.dig_power(s, A) == base + C.HUNTER_DIG
    s.title_of[C.T_KEEPER] = A
    assert treasure.dig_power(s, A) == base + C.HUNTER_DIG + C.KEEPER_DIG
    s.talent[A] = C.HAGGLER
    assert treasure.dig_power(s, A) == base + C.KEEPER_DIG


def test_the_scout_look_counts_the_hunter_and_the_keeper():
    s = game()
    assert treasure.scout_look(s, A) == C.SCOUT_LOOK
    s.talent[A] = C.TREASURE_HUNTER
    assert treasure.scout_look(s, A) == C.SCOUT_LOOK + C.HUNTER_SCOUT
    s.title_of[C.T_KEEPER] = A
    assert treasure.scout_look(s, A) == C.SCOUT_LOOK + C.HUNTER_SCOUT + C.KEEPER_SCOUT
    s.talent[A] = C.HAGGLER
    assert treasure.scout_look(s, A) == C.SCOUT_LOOK + C.KEEPER_SCOUT


def test_scouting_the_taverns_is_said_and_shows_the_scout_look():
    s = game()
    s.talent[B] = C.TREASURE_HUNTER
    n = C.SCOUT_LOOK + C.HUNTER_SCOUT
    top = [s.t_deck[-1 - i] for i in range(n)]
    ev: list[Event] = []
    treasure.scout_begin(s, B, ev)
    assert ev == [
        E("look", f"Blue scouts the taverns: looks at the top {n} treasure cards", B, deck="treasure", n=n),
        E("see", f"Blue sees {', '.join(C.TREASURES[c].name for c in top)}", B, to=(B,), reveal=True, cards=top),
    ]
    assert s.shown == top and s.pick_kind == P_SCOUT and s.step == S_PICK and s.actor == B


def test_scouting_treasure_0_shows_it():
    s = game()
    rest = [c for c in s.t_deck if c != 0]
    s.t_deck = [*rest[:-2], 0, rest[-2], rest[-1]]  # treasure 0 third from the top
    s.t_mask = [0] * len(s.t_deck)
    ev: list[Event] = []
    assert treasure.show_treasures(s, A, 3, P_SCOUT, ev, "scouts the taverns")
    assert s.shown == [rest[-1], rest[-2], 0]


def test_a_reward_drawing_treasure_0_offers_it():
    assert C.TREASURES[0].family < 0
    s = game()
    rest = [c for c in s.t_deck if c != 0 and C.TREASURES[c].family < 0]
    s.t_deck = [*rest[:-1], rest[-1], 0]  # treasure 0 on top
    s.t_mask = [0] * len(s.t_deck)
    deck = list(s.t_deck)
    ev: list[Event] = []
    assert treasure.show_treasures(s, A, C.REWARD_LOOK, P_REWARD, ev, "receives a treasure")
    assert s.shown == [0, rest[-1]] and s.t_deck == deck[:-2] and s.pick_kind == P_REWARD
    assert ev[0] == E("look", "Red receives a treasure: looks at the top 2 treasure cards", A, deck="treasure", n=2)


def test_the_treasure_reward_step_shows_two_cards():
    s = game()
    top = [s.t_deck[-1], s.t_deck[-2]]
    ev: list[Event] = []
    treasure._treasure_reward(s, B, 0, ev)
    assert ev == [
        E("look", "Blue receives a treasure: looks at the top 2 treasure cards", B, deck="treasure", n=2),
        E("see", f"Blue sees {', '.join(C.TREASURES[c].name for c in top)}", B, to=(B,), reveal=True, cards=top),
    ]
    assert s.shown == top and s.pick_kind == P_REWARD and s.step == S_PICK and s.actor == B


def test_the_eye_of_itzamna_keeps_one_card_and_returns_the_rest():
    s = game()
    top = [s.t_deck[-1], s.t_deck[-2]]
    assert treasure.show_treasures(s, B, 2, P_EYE, [], "reads the Eye of Itzamna")
    assert s.pick_kind == P_EYE
    ev: list[Event] = []
    treasure.eye_take(s, B, top[0], ev)
    assert ev == [E("keep", "Blue keeps one treasure card and returns 1 to the bottom of the deck", B,
                    deck="treasure"),
                  E("keep", f"Blue keeps {C.TREASURES[top[0]].name}", B, to=(B,), card=top[0])]
    assert s.t_hand[B] == [top[0]] and s.t_deck[0] == top[1] and s.t_mask[0] == 1 << B
    assert s.shown == [] and s.step == S_NONE


# ---------------------------------------------------------------- family: the deal


def test_the_deal_shuffles_the_family_cards_in_and_the_wishes_with_a_generator_of_its_own():
    s = quick_game(2, seed=3)
    assert family.active(s)
    plain = [c for c in range(len(C.TREASURES)) if c not in C.FAMILY_CARDS]
    s.t_deck = list(plain)
    s.t_mask = [1 << B] * len(plain)
    s.wish_deck = list(range(len(C.WISHES)))
    state = s.rng.state
    family.deal(s)
    rng = Rng.seeded(state ^ family._FAMILY_SALT)
    deck, mask = list(plain), [1 << B] * len(plain)
    for c in C.FAMILY_CARDS:
        at = rng.below(len(deck) + 1)
        deck.insert(at, c)
        mask.insert(at, 0)
    wishes = list(range(len(C.WISHES)))
    rng.shuffle(wishes)
    assert s.t_deck == deck and s.t_mask == mask and s.wish_deck == wishes
    assert wishes != list(range(len(C.WISHES)))
    assert s.rng.state == state  # the game's generator is not advanced
    assert sorted(s.t_deck) == sorted(plain + list(C.FAMILY_CARDS))
    assert [m for c, m in zip(s.t_deck, s.t_mask, strict=True) if c in C.FAMILY_CARDS] == [0] * len(C.FAMILY_CARDS)


def test_no_deal_without_the_family():
    s = quick_game(2, seed=3)
    s.soulmate = []
    deck, mask, wishes = list(s.t_deck), list(s.t_mask), list(s.wish_deck)
    family.deal(s)
    assert s.t_deck == deck and s.t_mask == mask and s.wish_deck == wishes


def test_a_relative_is_found_by_name_and_an_unknown_name_is_none():
    assert [family.relative_named(r.name) for r in C.FAMILY] == list(range(len(C.FAMILY)))
    assert family.relative_named("Nobody") == -1
    hunters = {m.family for m in C.MERCHANTS if m.family}
    assert hunters and all(family.relative_named(n) >= 0 for n in hunters)


def test_a_scout_on_an_empty_deck_reshuffles_the_discards_aloud():
    s = game()
    plain = [c for c in range(len(C.TREASURES)) if C.TREASURES[c].family < 0][:4]
    s.t_deck, s.t_mask, s.t_disc = [], [], list(plain)
    ev: list[Event] = []
    assert treasure.show_treasures(s, A, 3, P_SCOUT, ev, "scouts the taverns")
    assert ev[0] == E("reshuffle", "The treasure deck ran out: the discard pile is shuffled into a new deck",
                      reveal=True)
    assert [e.kind for e in ev] == ["reshuffle", "look", "see"] and s.t_disc == [] and len(s.t_deck) == 1


def test_a_reward_passing_the_last_card_by_reshuffles_the_discards_aloud():
    s = game()
    fam = C.FAMILY_CARDS[0]
    plain = [c for c in range(len(C.TREASURES)) if C.TREASURES[c].family < 0][:2]
    s.t_deck, s.t_mask, s.t_disc = [fam], [0], list(plain)
    ev: list[Event] = []
    assert treasure.show_treasures(s, A, 1, P_REWARD, ev, "receives a treasure")
    assert [e.kind for e in ev] == ["reshuffle", "look", "see"]
    assert s.shown[0] in plain and s.t_deck[0] == fam and s.t_disc == []


def test_a_bonus_raised_by_another_seat_is_pushed_for_that_seat():
    for b, op in ((C.B_UPGRADE, K_REFIT), (C.B_CREW, K_CREW), (C.B_RITUAL, K_RITUAL), (C.B_TREASURE, K_REWARD)):
        card = next(i for i, t in enumerate(C.TREASURES) if t.family < 0 and t.bonus == b and not t.ring)
        s = game()
        assert s.turn == A
        s.track[B], s.track_pos[B] = card, 0
        treasure.raise_treasure(s, B, [])
        assert s.stack and all(x & 31 == op and x >> 5 & 7 == B for x in s.stack), C.TREASURES[card].name


def test_a_state_without_the_family_has_no_wish_met():
    s = quick_game(2, seed=3)
    s.gold[A] = 10_000
    for f in ("family", "wish_kept", "wish_pair", "wish_base", "wish_ring", "wish_done", "soulmate", "soul_left"):
        setattr(s, f, [])  # a state saved before the family (issue 17) has none of its pieces
    assert not family.wish_met(s, A) and not family.wish_met(s, B)
    assert family.claim_legal(s, A) == []


def test_the_facts_the_equivalent_mutants_rest_on():
    # no title task names island 0 (Port Royal): `a < 0` → `<= 0` / `< 1` in `task`
    assert all(k.a != 0 for t in C.TITLES for k in t.tasks)
    # treasure 0 is no family card, and no family card is relative 0: the `>= 0` → `> 0` / `>= 1` of
    # `show_treasures`' and `raise_treasure`'s family tests
    assert C.TREASURES[0].family < 0
    assert [C.TREASURES[c].family for c in C.FAMILY_CARDS] and all(C.TREASURES[c].family > 0 for c in C.FAMILY_CARDS)
    # every family card is one of FAMILY_CARDS: a reward can pass at most that many by
    assert [c for c, t in enumerate(C.TREASURES) if t.family >= 0] == list(C.FAMILY_CARDS)
    # `found_ring` logs nothing: its event list is never read
    s = quick_game(2, seed=3)
    ring = next(c for c, t in enumerate(C.TREASURES) if t.ring)
    ev: list[Event] = []
    family.found_ring(s, A, ring, ev)
    assert ev == [] and s.wish_ring[A] == ring
