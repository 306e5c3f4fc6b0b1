"""Lost Family and Find a Soulmate (issue 17): the eleven relatives and their rescues, the six rings, the
soulmate quest with the right-hand neighbour's discard, the soulmate markers, scoring, secrets and bots."""

from __future__ import annotations

import pytest

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shiver import RULES, scoring
from engine.games.shiver import content as C
from engine.games.shiver.bots import HeuristicBot
from engine.games.shiver.rules import combat, family, missions, treasure
from engine.games.shiver.rules.common import (
    K_REWARD,
    S_DROP,
    S_PICK,
    S_TURN,
    goal_progress,
    lasting,
    speed,
    strength,
    upgrade_price,
)
from engine.games.shiver.state import (
    MISSION_CODE,
    ClaimMission,
    DigGoods,
    Drop,
    HideTreasure,
    Plunder,
    Take,
)
from tests.engine.shiver.helpers import play, quick_game

SIGNET = 0  # the Royal Signet, on Port Royal


def fam(name: str) -> int:
    return family.relative_named(name)


def card_of(f: int) -> int:
    return next(c for c in C.FAMILY_CARDS if C.TREASURES[c].family == f)


def mission_of(f: int) -> int:
    return next(c for c in C.FAMILY_MISSIONS if C.MISSIONS[c].family == f)


def fulfil(s, seat: int, w: int) -> None:
    """Meet wish ``w``'s condition the plain way: the counters it reads grow by its amount."""
    wish = C.WISHES[w]
    if wish.cond == C.W_GOLD:
        s.gold[seat] = wish.amount
    elif wish.cond == C.W_SELL:
        s.sold[seat] += wish.amount
    elif wish.cond == C.W_RAISE:
        s.raised[seat] += wish.amount
    elif wish.cond == C.W_DEFEAT:
        s.beaten[seat] += wish.amount
    elif wish.cond == C.W_MISSION:
        s.m_done[seat].extend([1] * wish.amount)
    elif wish.cond == C.W_UPGRADE:
        s.hul[seat] += wish.amount
    else:
        s.rituals_played[seat] += wish.amount


def raise_on_the_spot(s, seat: int, card: int) -> list:
    """Put ``card`` on the seat's track one resource short of its end, on its island, and dig it up with
    the free action (discarding the resource the card shows)."""
    t = C.TREASURES[card]
    s.pos[seat] = t.island
    s.track[seat] = card
    s.track_pos[seat] = t.length - 1
    s.cargo[seat] = [0, 0, 0]
    s.cargo[seat][t.res] = 1
    return play(s, seat, DigGoods())


# ---------------------------------------------------------------- content


def test_eleven_relatives_where_the_rulebook_puts_them():
    # seed: "Your father, your aunt, your grandfather, and your mother have been abducted by pirate hunters."
    held = {r.name for r in C.FAMILY if r.where == C.HELD}
    assert held == {"father", "aunt", "grandfather", "mother"}
    assert {m.family for m in C.MERCHANTS if m.family} == held
    assert all(m.hunter for m in C.MERCHANTS if m.family)
    # "Your sister, brother, uncle, and grandmother have been thrown in prison by the governor."
    prison = {r.name for r in C.FAMILY if r.where == C.PRISON}
    assert prison == {"sister", "brother", "uncle", "grandmother"}
    assert {C.FAMILY[C.MISSIONS[c].family].name for c in C.FAMILY_MISSIONS} == prison
    # "To find your son, daughter, and best friend, go scouting in the taverns"
    found = {r.name for r in C.FAMILY if r.where == C.FOUND}
    assert found == {"son", "daughter", "best friend"}
    assert {C.FAMILY[C.TREASURES[c].family].name for c in C.FAMILY_CARDS} == found
    assert len(C.FAMILY) == 11 and all(r.vp > 0 for r in C.FAMILY)


def test_six_rings_four_in_the_treasure_deck_two_with_the_family():
    # seed: "Four rings are hidden in the treasure deck. Also, your grandmother and your mother will bring
    # their family jewelry"
    rings = [t.name for t in C.TREASURES if t.ring]
    assert len(rings) == 4 and "Royal Signet" in rings
    assert {r.name for r in C.FAMILY if r.ring} == {"grandmother", "mother"}
    assert len(C.WISHES) == 7 and len(C.SOULMATES) == 4


def test_the_treasure_deck_holds_the_three_family_cards():
    s = quick_game(2, 3)
    deck = set(s.t_deck) | {c for h in s.t_hand for c in h} | set(s.t_disc)
    assert set(C.FAMILY_CARDS) <= deck
    assert all(C.TREASURES[c].price == 0 for c in C.FAMILY_CARDS)  # never sold


# ---------------------------------------------------------------- rescues


def test_defeating_the_pirate_hunter_who_holds_the_father_rescues_him():
    s = quick_game(2, 1)
    mid = next(i for i, m in enumerate(C.MERCHANTS) if m.family == "father")
    node = next(n for n, x in enumerate(s.merchant) if x >= 0)
    s.merchant[node] = mid
    before = strength(s, 0)
    combat.take_merchant(s, 0, node, [])
    assert s.family[0] == [fam("father")]
    assert mid in s.defeated[0]
    assert strength(s, 0) == before + 1  # the father's ability works from now on
    assert all((e & 31) != K_REWARD for e in s.stack)  # no treasure reward instead any more


def test_the_governors_mission_frees_the_uncle():
    s = quick_game(2, 1)
    card = mission_of(fam("uncle"))
    s.missions[0].append(card)
    s.m_prog[0].append(1)  # the fortress raided after taking the card
    assert ClaimMission(card) in RULES.legal(s, 0)
    before = upgrade_price(s, 0, 4)
    play(s, 0, ClaimMission(card))
    assert fam("uncle") in s.family[0]
    assert card in s.m_done[0]
    assert upgrade_price(s, 0, 4) == before - 100


@pytest.mark.parametrize("name", ["son", "daughter", "best friend"])
def test_a_family_card_is_searched_for_like_a_treasure_and_never_counts_as_one(name):
    s = quick_game(2, 1)
    card = card_of(fam(name))
    raised, goal_before = s.raised[0], s.t_ship[0][:]
    tomb = next(g for g, lg in enumerate(C.LIFE_GOALS) if lg.kind == C.G_RAISED)
    progress_before = goal_progress(s, 0, tomb)
    raise_on_the_spot(s, 0, card)
    assert fam(name) in s.family[0]
    # seed: "Bear in mind that family cards don't count towards the life goal "Tomb Raider"."
    assert s.raised[0] == raised and goal_progress(s, 0, tomb) == progress_before
    assert s.t_ship[0] == goal_before and s.track[0] == -1


def test_a_family_card_can_be_scouted_and_hunted_on_its_island():
    s = quick_game(2, 1)
    card = card_of(fam("son"))
    s.t_hand[0].append(card)
    s.pos[0] = C.TREASURES[card].island
    from engine.games.shiver.state import StartHunt
    assert StartHunt(card) in RULES.legal(s, 0)


def test_a_treasure_reward_passes_a_family_card_by():
    s = quick_game(2, 1)
    s.t_deck.extend([5, card_of(fam("son"))])  # the family card on top, then a treasure
    s.t_mask.extend([0, 0])
    treasure.show_treasures(s, 0, C.REWARD_LOOK, 5, [], "receives a treasure")
    assert all(C.TREASURES[c].family < 0 for c in s.shown)
    assert card_of(fam("son")) in s.t_deck


def test_family_is_safe_unlimited_and_scores_its_seals():
    s = quick_game(2, 1)
    for name in ("father", "aunt", "sister", "son"):
        family.rescue(s, 0, fam(name), [], "test")
    assert len(s.family[0]) == 4  # "there's no limit to the number of relatives you can rescue"
    # "once rescued and on your ship, your family is safe and cannot be taken away": no plunder offers them
    s.plunder_from = 0
    for mv in combat.plunder_legal(s, 1):
        assert isinstance(mv, Plunder) and (mv.kind != 2 or mv.item in s.t_ship[0])
    lines = dict(scoring.breakdown(s, 0))
    assert lines["Family and soulmate"] == sum(C.FAMILY[fam(n)].vp for n in ("father", "aunt", "sister", "son"))
    assert scoring.public_scores(s)[0] >= lines["Family and soulmate"]


def test_each_relative_is_rescued_once():
    s = quick_game(2, 1)
    family.rescue(s, 0, fam("aunt"), [], "test")
    family.rescue(s, 1, fam("aunt"), [], "test")
    assert s.family == [[fam("aunt")], []]


def test_family_abilities_work():
    s = quick_game(2, 1)
    sp, look = speed(s, 0), treasure.scout_look(s, 0)
    dig = treasure.dig_power(s, 0)
    family.rescue(s, 0, fam("daughter"), [], "test")
    family.rescue(s, 0, fam("sister"), [], "test")
    family.rescue(s, 0, fam("son"), [], "test")
    family.rescue(s, 0, fam("aunt"), [], "test")
    assert speed(s, 0) == sp + 1
    assert treasure.scout_look(s, 0) == look + 1
    assert treasure.dig_power(s, 0) == dig + 2
    assert lasting(s, 0, C.L_SELL) == 100


# ---------------------------------------------------------------- the soulmate quest


def open_quest(players: int = 2, seed: int = 1):
    s = quick_game(players, seed)
    raise_on_the_spot(s, 0, SIGNET)
    return s


def test_a_ring_reveals_three_wishes_and_the_right_hand_neighbour_discards_one():
    s = open_quest(3)
    right = combat.right_of(s, 0)
    assert right == 2 and s.step == S_DROP and RULES.to_act(s) == (right,)
    shown = list(s.shown)
    assert len(shown) == 3 and len(s.wish_deck) == 4
    for seat in (0, 1, 2, None):
        v = RULES.view(s, seat)
        assert v.wishes_shown == shown and v.wish_for == 0 and v.wish_chooser == right  # revealed to all
    v = RULES.view(s, right)
    assert v.dropping == "wish" and "discard one" in v.prompt
    assert sorted(m.card for m in RULES.legal(s, right)) == sorted(shown)
    play(s, right, Drop(shown[0]))
    assert s.step == S_PICK and RULES.to_act(s) == (0,)
    assert sorted(m.card for m in RULES.legal(s, 0)) == sorted(shown[1:])
    play(s, 0, Take(shown[1]))
    assert s.wish_kept[0] == shown[1]
    # "shuffle the unused ones back in the wish deck"
    assert len(s.wish_deck) == 6 and shown[0] in s.wish_deck and shown[2] in s.wish_deck
    assert s.step == S_TURN


def test_the_kept_wish_is_secret_and_the_pair_is_public():
    s = open_quest(3)
    right = combat.right_of(s, 0)
    a, b, c = s.shown
    play(s, right, Drop(a))
    t = clone(s)
    play(s, 0, Take(b))
    play(t, 0, Take(c))
    for seat in (1, 2, None):  # nobody else can tell which of the two was kept
        assert RULES.view(s, seat) == RULES.view(t, seat)
        assert RULES.view(s, seat).quests[0].pair == sorted([b, c])
        assert RULES.view(s, seat).quests[0].kept == -1
    assert RULES.view(s, 0).quests[0].kept == b
    assert RULES.view(t, 0).quests[0].kept == c


def test_determinize_draws_the_kept_wish_from_the_pair():
    s = open_quest(2)
    a, b, c = s.shown
    play(s, 1, Drop(a))
    play(s, 0, Take(b))
    seen = set()
    for k in range(40):
        d = RULES.determinize(s, 1, Rng.seeded(k))
        seen.add(d.wish_kept[0])
        assert sorted(d.wish_deck + [d.wish_kept[0]]) == sorted(s.wish_deck + [s.wish_kept[0]])
        assert RULES.view(d, 1) == RULES.view(s, 1)
    assert seen == {b, c}
    assert RULES.determinize(s, 0, Rng.seeded(3)).wish_kept[0] == b  # its holder knows it


def test_the_royal_signet_example():
    # seed: "Example: The Royal Signet is one of the 4 rings hidden in the treasure deck."
    assert C.TREASURES[SIGNET].name == "Royal Signet" and C.TREASURES[SIGNET].ring
    # "As soon as you find it, you get to select a wish to prove your worth."
    s = open_quest(2)
    assert SIGNET in s.t_ship[0] and s.step == S_DROP
    shown = list(s.shown)
    play(s, 1, Drop(shown[0]))
    w = shown[1]
    play(s, 0, Take(w))
    assert s.wish_kept[0] == w
    # "You can then keep the ring on your ship or hide it in your chest."
    assert HideTreasure(SIGNET) in RULES.legal(s, 0)
    play(s, 0, HideTreasure(SIGNET))
    assert SIGNET in s.t_chest[0] and s.wish_kept[0] == w
    # "After you complete the task, take a soulmate marker as a reward and to track Victory Points."
    claim = ClaimMission(C.WISH_CODE + w)
    assert claim not in RULES.legal(s, 0) or family.wish_met(s, 0)
    fulfil(s, 0, w)
    assert claim in RULES.legal(s, 0)
    before = scoring.breakdown(s, 0)
    play(s, 0, claim)
    assert s.step == S_PICK and sorted(m.card for m in RULES.legal(s, 0)) == [0, 1, 2, 3]
    play(s, 0, Take(3))
    assert s.soulmate[0] == 3 and s.soul_left == [0, 1, 2]
    after = dict(scoring.breakdown(s, 0))
    assert after["Family and soulmate"] == dict(before)["Family and soulmate"] + C.SOULMATES[3].vp
    v = RULES.view(s, 1)
    assert v.quests[0].done == w and v.quests[0].soulmate == 3  # revealed


def test_a_soulmate_ability_and_the_remaining_markers():
    s = open_quest(2)
    play(s, 1, Drop(s.shown[0]))
    w = s.shown[0]
    play(s, 0, Take(w))
    fulfil(s, 0, w)
    play(s, 0, ClaimMission(C.WISH_CODE + w))
    sp = speed(s, 0)
    play(s, 0, Take(0))  # The Navigator: +1 speed
    assert speed(s, 0) == sp + 1
    assert 0 not in s.soul_left


def test_a_wish_counts_only_what_happens_after_it_was_kept():
    s = quick_game(2, 1)
    s.sold[0] = 20
    sell = next(i for i, w in enumerate(C.WISHES) if w.cond == C.W_SELL)
    s.wish_deck.remove(sell)
    s.wish_deck.append(sell)  # on top: it is among the three revealed
    raise_on_the_spot(s, 0, SIGNET)
    other = next(w for w in s.shown if w != sell)
    play(s, 1, Drop(other))
    play(s, 0, Take(sell))
    assert not family.wish_met(s, 0)  # the 20 units sold before the quest do not count
    s.sold[0] += 3
    assert not family.wish_met(s, 0)
    s.sold[0] += 1
    assert family.wish_met(s, 0)


def test_the_mother_brings_her_ring_and_it_begins_the_quest():
    s = quick_game(2, 1)
    mid = next(i for i, m in enumerate(C.MERCHANTS) if m.family == "mother")
    node = next(n for n, x in enumerate(s.merchant) if x >= 0)
    s.merchant[node] = mid
    s.step = 0
    combat.take_merchant(s, 0, node, [])
    from engine.games.shiver.rules.common import run
    run(s, [])
    assert s.step == S_DROP and len(s.shown) == 3
    assert family.ring_name(s.wish_ring[0]) == "Mother's Wedding Ring"


def test_the_grandmother_is_freed_by_a_mission_and_brings_a_ring():
    s = quick_game(2, 1)
    card = mission_of(fam("grandmother"))
    s.missions[0].append(card)
    s.m_prog[0].append(1)
    play(s, 0, ClaimMission(card))
    assert fam("grandmother") in s.family[0]
    assert s.step == S_DROP and RULES.to_act(s) == (1,)


def test_one_soulmate_per_captain_and_one_quest_per_ring():
    s = open_quest(2)
    play(s, 1, Drop(s.shown[0]))
    play(s, 0, Take(s.shown[0]))
    deck = len(s.wish_deck)
    family.found_ring(s, 0, 18, [])  # a second ring: no second quest
    assert not s.stack and len(s.wish_deck) == deck
    # the Royal Signet stolen by the other captain begins no new quest: it began one already
    s.t_ship[0].remove(SIGNET)
    s.t_ship[1].append(SIGNET)
    family.treasure_ring(s, 1, SIGNET, [])
    assert s.wish_ring[1] == -1


def test_rings_without_the_family_part_change_nothing_else():
    s = quick_game(2, 1)
    assert s.wish_deck and s.soul_left == [0, 1, 2, 3]
    assert all(not f for f in s.family)
    assert MISSION_CODE < C.WISH_CODE  # claim codes never collide


# ---------------------------------------------------------------- bots


def test_the_neighbour_bot_discards_the_wish_easiest_for_the_asker_and_the_asker_keeps_its_easiest():
    s = open_quest(2)
    s.gold[0] = 1400  # a dowry of 1,500 is nearly there
    bot = HeuristicBot(RULES, 1)
    from engine.bots.base import decision_for
    v = RULES.view(s, 1)
    efforts = {w: HeuristicBot.wish_effort(v, 0, w) for w in s.shown}
    mv = bot.choose(decision_for(RULES, s, 1, Rng.seeded(1)))
    assert isinstance(mv, Drop) and efforts[mv.card] == min(efforts.values())
    play(s, 1, mv)
    v0 = RULES.view(s, 0)
    mine = {w: HeuristicBot.wish_effort(v0, 0, w) for w in s.shown}
    mv = HeuristicBot(RULES, 0).choose(decision_for(RULES, s, 0, Rng.seeded(2)))
    assert isinstance(mv, Take) and mine[mv.card] == min(mine.values())


def test_a_dowry_effort_falls_with_gold():
    s = quick_game(2, 1)
    dowry = next(i for i, w in enumerate(C.WISHES) if w.cond == C.W_GOLD)
    v = RULES.view(s, 0)
    poor = HeuristicBot.wish_effort(v, 0, dowry)
    s.gold[0] = 1500
    assert HeuristicBot.wish_effort(RULES.view(s, 0), 0, dowry) < poor


def test_missions_claim_codes_still_work():
    s = quick_game(2, 1)
    assert missions.claimable(s, 0) == []


def test_ismcts_decides_the_discard_and_plays_on_with_a_hidden_wish():
    from engine.bots import make
    from engine.bots.base import decision_for

    s = open_quest(2)
    bot = make("ismcts:30", RULES, 5)
    mv = bot.choose(decision_for(RULES, s, 1, Rng.seeded(4)))
    assert mv in RULES.legal(s, 1)
    play(s, 1, mv)
    mv = make("ismcts:30", RULES, 6).choose(decision_for(RULES, s, 0, Rng.seeded(5)))
    assert mv in RULES.legal(s, 0)
    play(s, 0, mv)
    assert s.wish_kept[0] >= 0
    # the other captain searches over determinizations with Ann's wish drawn from the pair
    s.turn = 1
    s.actor = 1
    mv = make("ismcts:30", RULES, 7).choose(decision_for(RULES, s, 1, Rng.seeded(6)))
    assert mv in RULES.legal(s, 1)


def test_the_two_other_pirate_hunters_still_pay_a_treasure():
    # seed: "If you defeat them, you will rescue a lost relative or find a treasure."
    s = quick_game(2, 1)
    for mid in (i for i, m in enumerate(C.MERCHANTS) if m.hunter and not m.family):
        t = clone(s)
        node = next(n for n, x in enumerate(t.merchant) if x >= 0)
        t.merchant[node] = mid
        combat.take_merchant(t, 0, node, [])
        assert t.family[0] == [] and any((e & 31) == K_REWARD for e in t.stack)

