"""The automa: its market card, the AI advantage rule, its reveal, the track and its rewards."""

from __future__ import annotations

from engine import Match
from engine.games.fractured_sky import RULES, automa
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import end_of_round, main_phase
from engine.games.fractured_sky.state import MAIN, REWARDS, AutomaTurn, Chip, Place, Step
from tests.engine.fractured_sky.helpers import act, fresh, set_order

PERSON, AI1, AI2 = 0, 1, 2


def solo(card1=0, card2=1, order=(AI1, PERSON, AI2), seed=1):
    s = fresh(1, seed)
    s.ai_card[AI1], s.ai_card[AI2] = card1, card2
    s.ai_step = [0, 0, 0]
    set_order(s, list(order))
    s.starfalls = [0] * 10
    return s


def test_an_automa_seat_has_one_forced_move():
    s = solo()
    assert RULES.to_act(s) == (AI1,) and s.step == Step.AUTOMA
    assert RULES.legal(s, AI1) == [AutomaTurn()]
    assert RULES.view(s, AI1).asking == "automa"
    assert RULES.view(s, PERSON).asking == ""


def test_it_goes_where_the_most_starfalls_show():
    s = solo(card1=0)
    s.starfalls[6] = 1
    act(s, AutomaTurn())
    assert s.ship_region[AI1 * 3] == 6


def test_then_where_its_buildings_pull_then_where_fewest_others_are_then_from_its_heading():
    s = solo(card1=2)  # Timber Fleet: heading Emberpeak (6)
    s.res[AI1 * 3:AI1 * 3 + 3] = [0, 0, 0]  # no gold: no exploring in the way
    act(s, AutomaTurn())
    assert s.ship_region[AI1 * 3] == 6  # nothing else to go by: its heading
    s = solo(card1=2)
    site = C.SITE_REGIONS.index((3, 4))
    s.site_owner[site], s.site_kind[site] = AI1, C.MARKET
    act(s, AutomaTurn())
    assert s.ship_region[AI1 * 3] == 3  # its market touches Woods and Cascades: the first from 6 upward
    s = solo(card1=2, order=(PERSON, AI1, AI2))
    act(s, Place(6))
    act(s, Chip(1))
    act(s, AutomaTurn())
    assert s.ship_region[AI1 * 3] == 7  # Emberpeak has a rival airship: the next region without one


def test_it_never_sends_two_airships_to_one_region():
    s = solo(card1=3)  # War Drums: three airships
    s.starfalls[2] = 1
    regions = []
    while s.ships_left[AI1]:
        while RULES.to_act(s)[0] != AI1:
            side = RULES.to_act(s)[0]
            if s.step == Step.AUTOMA:
                act(s, AutomaTurn())
            else:
                act(s, RULES.legal(s, side)[0])
        act(s, AutomaTurn())
        regions.append(s.ship_region[AI1 * 3 + len(regions)])
    assert len(set(regions)) == 3 and regions[0] == 2


def test_it_explores_when_it_can_pay():
    s = solo(card1=3)
    s.res[AI1 * 3] = 1
    act(s, AutomaTurn())
    r = s.ship_region[AI1 * 3]
    assert s.explore[r] == AI1 * 3 and s.res[AI1 * 3] == 0 and s.hid_ship == [AI1 * 3]
    assert RULES.view(s, PERSON).hidden[0].region == -1  # nobody looks at it
    s = solo(card1=3)
    s.res[AI1 * 3] = 0
    act(s, AutomaTurn())
    assert s.explore[s.ship_region[AI1 * 3]] == -1


def test_its_building_goes_where_its_airships_are_and_costs_like_anyone():
    s = solo(card1=0)  # Iron Convoy: airship, fortress, …
    s.res[AI1 * 3:AI1 * 3 + 3] = [5, 5, 5]
    act(s, AutomaTurn())
    r = s.ship_region[AI1 * 3]
    while RULES.to_act(s)[0] != AI1:
        side = RULES.to_act(s)[0]
        act(s, AutomaTurn() if s.step == Step.AUTOMA else RULES.legal(s, side)[0])
    act(s, AutomaTurn())
    site = next(k for k, o in enumerate(s.site_owner) if o == AI1)
    assert r in C.SITE_REGIONS[site] and s.site_kind[site] == C.FORTRESS
    assert len(C.SITE_REGIONS[site]) == 3  # among those touching its region, the widest first
    assert s.res[AI1 * 3:AI1 * 3 + 3] == [5 - 1 - 1 - (1 if s.explore[r] == AI1 * 3 else 0), 5, 3]


def test_an_automa_that_cannot_pay_takes_a_gold_instead():
    s = solo(card1=5)  # Bastion: fortress first
    s.res[AI1 * 3:AI1 * 3 + 3] = [0, 0, 0]
    act(s, AutomaTurn())
    assert s.res[AI1 * 3:AI1 * 3 + 3] == [1, 0, 0] and AI1 not in s.site_owner


def test_its_airships_reveal_its_card_highest_first_where_starfalls_are():
    s = solo(card1=3)  # War Drums 8/2/0
    s.ship_region[AI1 * 3:AI1 * 3 + 3] = [2, 5, 8]
    s.starfalls[5] = 1
    hidden = [0] * 10
    hidden[8] = 2
    got = dict(automa.reveal_values(s, AI1, hidden))
    assert got == {AI1 * 3 + 2: 8, AI1 * 3 + 1: 2, AI1 * 3: 0}  # Fen (2 hidden), Steppe (1), Frostfall


def test_the_track_first_or_last_as_its_card_says_and_its_last_space_resource():
    s = solo(card1=3)  # War Drums: takes the last space, 2 iron for it
    s.next_order = [-1, -1, -1]
    assert automa.track_space(s, AI1) == 2
    iron = s.res[AI1 * 3 + C.IRON]
    main_phase.take_space(s, AI1, 2, None)
    assert s.res[AI1 * 3 + C.IRON] == iron + 2
    s = solo(card1=0)  # Iron Convoy: the first free space
    s.next_order = [PERSON, -1, -1]
    assert automa.track_space(s, AI1) == 1


def test_its_markets_collect_what_its_card_says_where_it_has_an_airship():
    s = solo(card1=1)  # Gilded Caravan: income gold
    site = C.SITE_REGIONS.index((8, 9))
    s.site_owner[site], s.site_kind[site] = AI1, C.MARKET
    s.ship_region[AI1 * 3] = 9
    before = s.res[AI1 * 3 + C.GOLD]
    end_of_round.finish_region(s, 9, None)  # Stormcrest's markets pay
    end_of_round.finish_region(s, 8, None)  # no automa airship in the Fen: nothing
    assert s.res[AI1 * 3 + C.GOLD] == before + 1


def test_in_whole_games_the_automa_is_never_asked_for_a_choice():
    for seed in range(8):
        m = Match.new("fractured-sky", players=1 + seed % 2, seed=seed)
        while m.to_act():
            seat = m.to_act()[0]
            if m.header.seats[seat].kind == "automa":
                assert m.state.phase == MAIN and m.legal(seat) == [AutomaTurn()]
            else:
                assert AutomaTurn() not in m.legal(seat)
            m.play(seat, m.legal(seat)[-1])
        res = m.result()
        assert sorted(x for place in res.ranking for x in place) == list(range(3))
        assert m.state.phase != REWARDS
