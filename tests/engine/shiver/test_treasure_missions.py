"""Treasure (scouting, the three-card limit, the hunt and its dice, one-time and lasting bonuses,
rewards, the discard pile shuffled into a new deck) and Missions (acquiring, official and secret,
one official at a time, three at most, deliveries, claiming into the chest, title quests)."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_DROP, S_HIRE, S_PICK, S_REFIT, S_TURN, strength
from engine.games.shiver.rules.treasure import advance
from engine.games.shiver.state import (
    Act,
    ClaimMission,
    DigGoods,
    DiscardCard,
    Drop,
    HideTreasure,
    Improve,
    StartHunt,
    Take,
)
from tests.engine.shiver.helpers import play, quick_game, to_turn

T = {t.name: i for i, t in enumerate(C.TREASURES)}
M = {m.name: i for i, m in enumerate(C.MISSIONS)}


def on_top(deck, mask, cards):
    for c in cards:
        deck.remove(c)
    deck.extend(cards)
    mask[:] = [0] * len(deck)


# ---------------------------------------------------------------- scouting


def test_scouting_on_any_island_shows_three_the_treasure_hunter_four():
    for talent, n in ((C.HAGGLER, 3), (C.TREASURE_HUNTER, 4)):
        s = quick_game(2, seed=1, talents=[talent, talent])
        s.pos[0] = C.THE_BAY
        play(s, 0, Act(C.ACT_SCOUT))
        assert s.step == S_PICK and len(s.shown) == n
        assert RULES.view(s, 1).shown == [] and RULES.view(s, 1).shown_count == n


def test_with_three_treasure_cards_you_may_scout_but_discard_one_after():
    s = quick_game(2, seed=2)
    s.t_hand[0] = [T["Jade Skull"], T["Crown Jewels"]]
    s.track[0] = T["Lucky Parrot"]
    for c in (T["Jade Skull"], T["Crown Jewels"], T["Lucky Parrot"]):
        s.t_deck.remove(c)
    s.t_mask = [0] * len(s.t_deck)
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, Act(C.ACT_SCOUT))
    play(s, 0, Take(s.shown[0]))
    assert s.step == S_DROP
    assert {m.card for m in RULES.legal(s, 0)} == {*s.t_hand[0], T["Lucky Parrot"]}
    play(s, 0, Drop(T["Lucky Parrot"]))  # the card on the track may go too
    assert s.track[0] == -1 and T["Lucky Parrot"] in s.t_disc and len(s.t_hand[0]) == 3


def test_an_empty_treasure_deck_is_the_discard_pile_shuffled():
    s = quick_game(2, seed=3)
    s.t_disc = s.t_deck[:-2]
    s.t_deck = s.t_deck[-2:]
    s.t_mask = [1, 0]
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, Act(C.ACT_SCOUT))
    assert len(s.shown) == 3 and not s.t_disc
    assert len(s.t_deck) == len(C.TREASURES) - 3 and s.t_mask == [0] * len(s.t_deck)


# ---------------------------------------------------------------- the hunt


def test_the_hunt_starts_only_on_the_treasures_island_and_one_card_at_a_time():
    s = quick_game(2, seed=4)
    s.t_hand[0] = [T["Drake's Rapier"], T["Pieces of Eight"]]
    s.pos[0] = C.PORT_ROYAL
    assert not any(isinstance(m, StartHunt) for m in RULES.legal(s, 0))
    s.pos[0] = C.ST_DAVID
    starts = [m for m in RULES.legal(s, 0) if isinstance(m, StartHunt)]
    assert {m.card for m in starts} == {T["Drake's Rapier"], T["Pieces of Eight"]}
    play(s, 0, StartHunt(T["Drake's Rapier"]))
    assert not any(isinstance(m, StartHunt) for m in RULES.legal(s, 0))
    # "If you want to go for a different treasure, you must first discard the active card"
    play(s, 0, DiscardCard(T["Drake's Rapier"]))
    assert any(isinstance(m, StartHunt) for m in RULES.legal(s, 0))


def test_digging_needs_the_island_and_the_hunt_waits_while_you_are_away():
    s = quick_game(2, seed=5)
    s.t_hand[0] = [T["Pieces of Eight"]]
    s.pos[0] = C.ST_DAVID
    play(s, 0, StartHunt(T["Pieces of Eight"]))
    s.rng = Rng(12345)
    play(s, 0, Act(C.ACT_DIG))
    to_turn(s)
    while s.step != S_TURN:
        play(s, s.actor, RULES.legal(s, s.actor)[0])
    pos = s.track_pos[0]
    assert pos == 3
    s.pos[0] = C.PORT_ROYAL  # sailing away: the card and markers stay
    assert C.ACT_DIG not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    s.pos[0] = C.ST_DAVID
    assert s.track[0] == T["Pieces of Eight"] and s.track_pos[0] == pos
    assert C.ACT_DIG in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}


def test_the_shown_resource_advances_as_a_free_action():
    s = quick_game(2, seed=6)
    s.track[0] = T["Drake's Rapier"]  # Cocoa: +3
    s.pos[0] = C.ST_DAVID
    s.cargo[0] = [0, 2, 0]
    assert DigGoods() not in RULES.legal(s, 0)
    s.cargo[0] = [1, 0, 0]
    play(s, 0, DigGoods())
    assert s.track_pos[0] == 3 and s.cargo[0] == [0, 0, 0] and s.actions == 3


def test_dice_roll_only_where_the_marker_lands():
    s = quick_game(2, seed=7)
    s.track[0] = T["Drake's Rapier"]  # dice at 5, 13 (both), 18 (red)
    s.step = 0
    advance(s, 0, 4, None, "digs")
    assert s.last_roll == []
    advance(s, 0, 10, None, "digs")  # from 4 to 14: passes 5 and 13
    assert s.last_roll == []
    advance(s, 0, 4, None, "digs")  # lands on 18
    assert len(s.last_roll) == 1 and s.last_roll[0] // 10 == 2  # the red die


def test_raising_a_treasure_gives_its_one_time_bonus_or_its_lasting_bonus():
    s = quick_game(2, seed=8)
    s.step = 0
    s.track[0] = T["Buried Payroll"]  # one-time: 800 Gold
    advance(s, 0, 50, None, "digs")
    assert s.gold[0] == 300 + 800 and s.raised[0] == 1 and T["Buried Payroll"] in s.t_ship[0]
    s.track[0] = T["Letter of Marque"]  # one-time: an upgrade
    advance(s, 0, 50, None, "digs")
    from engine.games.shiver.rules.common import run

    run(s, None)
    assert s.step == S_REFIT
    play(s, 0, Improve(2))
    assert s.hul[0] == 4
    s.track[0] = T["Blackbeard's Cutlass"]  # lasting: +1 strength while on the ship
    advance(s, 0, 50, None, "digs")
    assert strength(s, 0) == 4
    play(s, 0, HideTreasure(T["Blackbeard's Cutlass"]))
    assert strength(s, 0) == 3  # hidden in the chest: no longer on the ship
    assert s.raised[0] == 3


def test_a_treasure_received_as_a_reward_gives_no_one_time_bonus():
    s = quick_game(2, seed=9)
    from engine.games.shiver.rules.common import K_REWARD, push, run

    on_top(s.t_deck, s.t_mask, [T["Captain Kidd's Chest"], T["Buried Payroll"]])
    s.step = 0
    push(s, K_REWARD, 0)
    run(s, None)
    assert s.step == S_PICK and sorted(s.shown) == sorted([T["Captain Kidd's Chest"], T["Buried Payroll"]])
    play(s, 0, Take(T["Buried Payroll"]))
    assert s.t_ship[0] == [T["Buried Payroll"]] and s.gold[0] == 300 and s.raised[0] == 0
    assert s.t_deck[0] == T["Captain Kidd's Chest"]


# ---------------------------------------------------------------- missions


def test_acquiring_missions_at_port_royal():
    for talent, n in ((C.HAGGLER, 3), (C.SILVER_TONGUE, 4)):
        s = quick_game(2, seed=10, talents=[talent, talent])
        s.pos[0] = C.ST_DAVID
        assert C.ACT_MISSION not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
        s.pos[0] = C.PORT_ROYAL
        play(s, 0, Act(C.ACT_MISSION))
        assert len(s.shown) == n


def test_secret_tasks_stay_hidden_official_missions_are_revealed_one_at_a_time():
    s = quick_game(2, seed=11, talents=[C.HAGGLER, C.HAGGLER])
    s.pos[0] = C.PORT_ROYAL
    on_top(s.m_deck, s.m_mask, [M["Tidings: São Tomé"], M["Hidden Hoard"], M["Spymaster"]])
    play(s, 0, Act(C.ACT_MISSION))
    play(s, 0, Take(M["Spymaster"]))
    to_turn(s)
    assert RULES.view(s, 1).seats[0].secret_missions == 1 and RULES.view(s, 1).seats[0].missions_open == []
    play(s, 0, Act(C.ACT_MISSION))
    official = next(c for c in s.shown if C.MISSIONS[c].kind == C.OFFICIAL)
    play(s, 0, Take(official))
    to_turn(s)
    assert RULES.view(s, 1).seats[0].missions_open == [official]
    # an official mission must be completed or discarded before acquiring a new one
    assert C.ACT_MISSION not in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}
    play(s, 0, DiscardCard(100 + official))
    assert official in s.m_disc
    assert C.ACT_MISSION in {m.action for m in RULES.legal(s, 0) if isinstance(m, Act)}


def test_at_most_three_missions():
    s = quick_game(2, seed=12)
    s.missions[0] = [M["Hidden Hoard"], M["Spymaster"], M["Dark Arts"]]
    s.m_prog[0] = [0, 0, 0]
    for c in s.missions[0]:
        s.m_deck.remove(c)
    s.m_mask = [0] * len(s.m_deck)
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, Act(C.ACT_MISSION))
    play(s, 0, Take(s.shown[0]))
    assert s.step == S_DROP and len(RULES.legal(s, 0)) == 4
    play(s, 0, Drop(M["Dark Arts"]))
    assert len(s.missions[0]) == 3 and M["Dark Arts"] in s.m_disc


def test_a_delivery_is_discarded_on_the_named_island_when_claimed():
    s = quick_game(2, seed=13, talents=[C.SILVER_TONGUE, C.HAGGLER])
    s.missions[0] = [M["Rum for the Garrison"]]
    s.m_prog[0] = [0]
    s.cargo[0] = [0, 3, 0]
    s.pos[0] = C.ST_DAVID
    assert not any(isinstance(m, ClaimMission) for m in RULES.legal(s, 0))
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, ClaimMission(M["Rum for the Garrison"]))
    assert s.cargo[0] == [0, 0, 0] and s.gold[0] == 300 + 900 + C.SILVER_GOLD
    assert s.m_done[0] == [M["Rum for the Garrison"]] and s.actions == 3


def test_event_tasks_count_only_after_the_card_is_taken():
    s = quick_game(2, seed=14)
    s.sold[0] = 10
    s.missions[0] = [M["Smuggler's Run"]]
    s.m_prog[0] = [0]
    assert not any(isinstance(m, ClaimMission) for m in RULES.legal(s, 0))
    s.pos[0] = C.PORT_ROYAL
    s.cargo[0] = [2, 2, 1]
    s.hul[0] = 5
    from engine.games.shiver.state import SellDone, SellPick

    play(s, 0, Act(C.ACT_SELL))
    for r in (0, 0, 1, 1, 2):
        play(s, 0, SellPick(r))
    play(s, 0, SellDone())
    to_turn(s)
    assert ClaimMission(M["Smuggler's Run"]) in RULES.legal(s, 0)


def test_a_reward_crew_card_is_chosen_from_the_crew_deck():
    s = quick_game(2, seed=15)
    s.missions[0] = [M["Tidings: Isla Oscura"]]
    s.m_prog[0] = [0]
    s.pos[0] = C.ISLA_OSCURA
    play(s, 0, ClaimMission(M["Tidings: Isla Oscura"]))
    assert s.step == S_HIRE
    play(s, 0, Take(C.CARPENTER))
    assert s.crew[0] == [C.CARPENTER] and s.step == S_TURN


def test_title_quests_cannot_be_completed_yet():
    s = quick_game(2, seed=16)
    titles = [i for i, m in enumerate(C.MISSIONS) if m.kind == C.TITLE]
    assert len(titles) == 6
    s.missions[0] = [titles[0]]
    s.m_prog[0] = [99]
    assert not any(isinstance(m, ClaimMission) for m in RULES.legal(s, 0))
    assert DiscardCard(100 + titles[0]) in RULES.legal(s, 0)
    # a title quest is revealed as soon as it is taken
    s.missions[0] = []
    s.m_prog[0] = []
    s.pos[0] = C.PORT_ROYAL
    on_top(s.m_deck, s.m_mask, [titles[1]])
    play(s, 0, Act(C.ACT_MISSION))
    play(s, 0, Take(titles[1]))
    to_turn(s)
    assert RULES.view(s, 1).seats[0].missions_open == [titles[1]]
