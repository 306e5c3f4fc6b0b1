"""Payloads: every sentence of the seed's Payloads section, its examples verbatim, and the
2-player automa's special case."""

from __future__ import annotations

import pytest

from engine.core.codec import clone
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    CLEANUP,
    PAYLOAD,
    REWARDS,
    STAR,
    Chip,
    Load,
    Place,
    Refill,
    Reward,
)
from tests.engine.fractured_sky.awakening import (
    BLUE,
    CASCADES,
    DESERT,
    GREEN,
    RED,
    SHOALS,
    STORMCREST,
    VALE,
    YELLOW,
    give_payload,
    table,
)
from tests.engine.fractured_sky.helpers import (
    act,
    current,
    finish_round,
    fresh,
    res,
    resolve_rewards,
    send,
)


def test_setup_one_face_down_payload_in_every_region_the_rest_beside_the_board():
    # seed: "1. Shuffle all payload tokens. 2. Place 1 payload token face down in every region on
    # the board. 3. Keep remaining tokens face down next to the board."
    s = fresh(4, 3, payloads=True)
    assert len(C.PAYLOADS) == 14  # "14 Payload Tokens"
    assert all(t >= 0 for t in s.pl_region) and len(s.pl_region) == 10
    assert len(s.pl_supply) == 4
    assert sorted(s.pl_region + s.pl_supply) == list(range(14))
    v = RULES.view(s, RED)
    assert all(reg.payload for reg in v.regions) and v.payload_supply == 4
    other = fresh(4, 4, payloads=True)
    assert other.pl_region != s.pl_region  # shuffled


def _shift_round(s):
    # Blue 6, Red 4, Yellow 2 in the Gilded Shoals (the public starfall); Green elsewhere with 0s
    finish_round(s, {BLUE: [(SHOALS, 6), (STORMCREST, 0), (STORMCREST, 1)],
                     RED: [(SHOALS, 4), (STORMCREST, 0), (STORMCREST, 1)],
                     YELLOW: [(SHOALS, 2), (STORMCREST, 0), (STORMCREST, 1)],
                     GREEN: [(VALE, 0), (VALE, 0), (STORMCREST, 1)]})


def test_the_seed_example_blue_takes_the_payload_red_the_starfall_yellow_1_gold_and_1_wood():
    # seed: "Example: 1st, Blue chooses the payload token instead of the starfall reward. 2nd, Red
    # takes the starfall (highest available). 3rd, Yellow receives 1 gold and 1 wood."
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    _shift_round(s)
    assert s.phase == REWARDS and s.ranks[SHOALS] == [BLUE, RED, YELLOW]
    assert current(s) == BLUE and RULES.view(s, BLUE).asking == "reward"
    # "you may optionally take the available payload token instead of the highest available reward"
    assert Reward(PAYLOAD) in RULES.legal(s, BLUE) and Reward(STAR) in RULES.legal(s, BLUE)
    token = s.pl_region[SHOALS]
    act(s, Reward(PAYLOAD))
    assert s.pl_held[BLUE] == [token] and s.stars[BLUE] == 0
    # "This shifts your reward down to the next player." — "If you would receive a starfall but
    # take the payload, the next player receives the starfall."
    assert current(s) == RED and RULES.legal(s, RED)[0] == Reward(STAR)
    act(s, Reward(STAR))
    assert s.stars[RED] == 1
    gold, wood = res(s, YELLOW)[0], res(s, YELLOW)[1]
    act(s, Reward(0))
    assert (res(s, YELLOW)[0], res(s, YELLOW)[1]) == (gold + 1, wood + 1)
    assert C.REGIONS[SHOALS].tiers[0] == (1, 1, 0)


def test_the_payload_adds_one_more_reward_to_each_region():
    # seed: "This adds one more reward to each region." — the fourth side in a region of a
    # starfall and three tiers still has the payload
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    finish_round(s, {BLUE: [(SHOALS, 6), (STORMCREST, 0), (STORMCREST, 1)],
                     RED: [(SHOALS, 4), (STORMCREST, 0), (STORMCREST, 1)],
                     YELLOW: [(SHOALS, 2), (STORMCREST, 0), (STORMCREST, 1)],
                     GREEN: [(SHOALS, 1), (VALE, 0), (VALE, 0)]})
    for code in (STAR, 0, 1):
        act(s, Reward(code))
    assert current(s) == GREEN
    assert RULES.legal(s, GREEN) == [Reward(2), Reward(PAYLOAD)]
    act(s, Reward(2))
    assert s.pl_region[SHOALS] >= 0  # nobody took it: it stays


def test_a_side_with_nothing_left_but_the_payload_takes_it():
    s = table(5, order=[BLUE, RED, YELLOW, GREEN, 4], payloads=True)
    s.starfalls[SHOALS] = 0
    finish_round(s, {BLUE: [(SHOALS, 6), (STORMCREST, 0), (STORMCREST, 1)],
                     RED: [(SHOALS, 4), (STORMCREST, 0), (STORMCREST, 1)],
                     YELLOW: [(SHOALS, 2), (STORMCREST, 0), (STORMCREST, 1)],
                     GREEN: [(SHOALS, 1), (VALE, 0), (STORMCREST, 2)],
                     4: [(VALE, 0), (VALE, 0), (STORMCREST, 1)]})
    for code in (0, 1, 2):
        act(s, Reward(code))
    assert len(s.pl_held[GREEN]) == 1  # the fourth, past the three tiers, takes the payload


def test_taken_payloads_are_face_down_in_front_and_how_many_is_public():
    # seed: "All taken payload tokens go in front of your personal play area face down after you
    # look at its value. The amount of payload tokens each player owns is public information."
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    _shift_round(s)
    token = s.pl_region[SHOALS]
    ev = act(s, Reward(PAYLOAD))
    seen = [e for e in ev if e.kind == "payload_seen"]
    assert seen and seen[0].to == (BLUE,) and seen[0].data["value"] == C.PAYLOADS[token]
    public = [e for e in ev if e.kind == "payload_taken"]
    assert public and public[0].to is None and "value" not in public[0].data
    assert RULES.view(s, BLUE).sides[BLUE].payload_values == [C.PAYLOADS[token]]
    for seat in (RED, GREEN, YELLOW, None):
        side = RULES.view(s, seat).sides[BLUE]
        assert side.payloads == 1 and side.payload_values == []


def _airship_with_payloads(chip=8, values=(4, 3)):
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    for v in values:
        give_payload(s, BLUE, v)
    act(s, Place(CASCADES))
    assert RULES.view(s, BLUE).asking == "payload"
    assert set(RULES.legal(s, BLUE)) == {Load(v) for v in values} | {Load(-1)}
    for v in values:
        act(s, Load(v))
    assert RULES.view(s, BLUE).asking == "chip"  # no payload left to put: its chip
    act(s, Chip(chip))
    return s


def test_8_plus_4_plus_3_reveals_15():
    # seed: "An airship with 8 troop power and +4 and +3 payload token reveals with a total power of 15."
    s = _airship_with_payloads()
    ship = BLUE * 3
    assert [C.PAYLOADS[t] for t in s.pl_ship[ship]] == [4, 3]
    # seed: "Payload token power does not count toward the 10-power limit."
    assert s.budget[BLUE] == 2
    finish_round(s, {RED: [(VALE, 0), (VALE, 0), (STORMCREST, 1)], YELLOW: [(VALE, 0), (VALE, 0), (STORMCREST, 1)], GREEN: [(VALE, 0), (VALE, 0), (STORMCREST, 1)],
                     BLUE: [(CASCADES, 8), (STORMCREST, 2), (STORMCREST, 0)]})
    assert s.ship_power[ship] == 15
    assert s.power[CASCADES * 4 + BLUE] == 15


def test_payloads_stay_hidden_until_the_reveal():
    # seed: "Payload tokens remain hidden until the airship troop power token is revealed."
    s = _airship_with_payloads()
    for seat in (RED, YELLOW, None):
        ship = next(sh for sh in RULES.view(s, seat).regions[CASCADES].ships if sh.side == BLUE)
        assert ship.payloads == 2 and ship.payload_values == [] and ship.chip == -1
    mine = next(sh for sh in RULES.view(s, BLUE).regions[CASCADES].ships if sh.side == BLUE)
    assert mine.payload_values == [4, 3]
    finish_round(s, {RED: [(VALE, 0), (VALE, 0), (STORMCREST, 1)], YELLOW: [(VALE, 0), (VALE, 0), (STORMCREST, 1)], GREEN: [(VALE, 0), (VALE, 0), (STORMCREST, 1)],
                     BLUE: [(CASCADES, 8), (STORMCREST, 2), (STORMCREST, 0)]})
    ship = next(sh for sh in RULES.view(s, RED).regions[CASCADES].ships if sh.side == BLUE)
    assert ship.payload_values == [4, 3] and ship.power == 15 and ship.chip == 8


def test_any_number_of_payloads_even_under_a_0_chip_and_none_at_all():
    # seed: "Place a troop power token on top of any number of your payload tokens (even a 0-value
    # troop power token)."
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    give_payload(s, BLUE, 5)
    give_payload(s, BLUE, 2)
    act(s, Place(CASCADES))
    act(s, Load(5))
    act(s, Load(-1))  # one of two, then no more
    assert Chip(0) in RULES.legal(s, BLUE)
    act(s, Chip(0))
    assert len(s.pl_ship[BLUE * 3]) == 1 and len(s.pl_held[BLUE]) == 1
    send(s, VALE, 0)  # Red …
    send(s, VALE, 0)
    send(s, VALE, 0)
    act(s, Place(DESERT))  # Blue again: asked about its last payload, says no
    act(s, Load(-1))
    act(s, Chip(3))
    assert len(s.pl_held[BLUE]) == 1


def test_each_payload_is_used_once_and_refills_come_from_the_supply():
    # seed: "Each payload token is only used once per game." / "After all rewards are distributed,
    # refill any regions without payload tokens from the supply."
    s = _airship_with_payloads()
    used = list(s.pl_ship[BLUE * 3])
    supply = len(s.pl_supply)
    finish_round(s, {RED: [(VALE, 0), (VALE, 0), (STORMCREST, 1)], YELLOW: [(VALE, 0), (VALE, 0), (STORMCREST, 1)], GREEN: [(VALE, 0), (VALE, 0), (STORMCREST, 1)],
                     BLUE: [(CASCADES, 8), (STORMCREST, 2), (STORMCREST, 0)]})
    act(s, Reward(PAYLOAD))  # Blue takes Cascades' payload instead of its first tier
    resolve_rewards(s)
    assert s.round == 2
    assert s.pl_used == used
    everywhere = s.pl_region + s.pl_supply + [t for h in s.pl_held for t in h]
    assert not set(used) & set(everywhere)
    refilled = sum(1 for x in s.taken if x[2] == PAYLOAD)
    assert refilled >= 1 and all(t >= 0 for t in s.pl_region) and len(s.pl_supply) == supply - refilled


def test_an_empty_supply_refills_nothing():
    # seed: "If the supply of payload tokens is empty, do not refill any regions."
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    s.pl_supply = []
    _shift_round(s)
    act(s, Reward(PAYLOAD))
    resolve_rewards(s)
    assert s.round == 2 and s.pl_region[SHOALS] == -1 and s.phase != CLEANUP


def test_too_few_left_the_first_on_the_track_chooses_green_decides():
    # seed: "If some remain, but there aren't enough tokens to refill all empty regions, the player
    # first on the turn order track chooses which regions get the tokens." — "Green decides where
    # to place remaining payload tokens."
    s = table(4, order=[BLUE, RED, YELLOW, GREEN], payloads=True)
    s.pl_region[DESERT] = -1
    s.pl_region[VALE] = -1
    keep = s.pl_supply[:2]
    s.pl_supply = list(keep)
    # Green finishes first and takes the first space of next round's track
    finish_round(s, {BLUE: [(SHOALS, 6), (STORMCREST, 0), (STORMCREST, 1)],
                     RED: [(SHOALS, 4), (STORMCREST, 0), (STORMCREST, 1)],
                     YELLOW: [(SHOALS, 2), (STORMCREST, 0), (STORMCREST, 1)],
                     GREEN: [(VALE, 0), (VALE, 0), (STORMCREST, 1)]})
    s.next_order = [GREEN, BLUE, RED, YELLOW]
    act(s, Reward(PAYLOAD))
    resolve_rewards(s)
    # three empty regions or more (the Desert, the Shoals, the Vale), two payloads: Green chooses
    assert s.phase == CLEANUP and s.round == 2 and s.order[0] == GREEN
    assert RULES.to_act(s) == (GREEN,)
    v = RULES.view(s, GREEN)
    assert v.asking == "refill" and v.refill_left == 2 and v.sequence_step == 3
    empty = [r for r in range(10) if s.pl_region[r] < 0]
    assert {DESERT, SHOALS, VALE} <= set(empty)
    assert RULES.legal(s, GREEN) == [Refill(r) for r in empty]
    assert RULES.view(s, BLUE).asking == ""
    act(s, Refill(VALE))
    act(s, Refill(DESERT))
    assert s.pl_region[SHOALS] == -1 and s.pl_region[VALE] >= 0 and s.pl_region[DESERT] >= 0
    assert s.pl_supply == [] and s.phase != CLEANUP and s.public >= 0  # the round goes on


def test_the_automa_never_takes_a_payload_but_players_still_do():
    # seed (2 player): "AI will not collect payloads as a reward." / "Players will still be able to
    # gain payload tokens and use them."
    s = table(2, order=[2, RED, BLUE], payloads=True)
    assert s.automa == 1
    s.ai_card[2] = next(k for k, c in enumerate(C.AUTOMA_DECK) if c.name == "Spearhead")  # 9/1/0
    s.ai_step[2] = 0
    s.starfalls = [0] * 10
    # the automa goes where starfalls show, then by buildings, then heading (the Shoals)
    s.starfalls[SHOALS] = 1
    finish_round(s, {RED: [(SHOALS, 3), (STORMCREST, 0), (STORMCREST, 1)],
                     BLUE: [(VALE, 0), (VALE, 0), (STORMCREST, 1)]})
    assert s.phase == REWARDS
    assert s.rw_ranks[SHOALS][0] == 2  # the automa ranks first: it took the starfall, not the payload
    assert s.taken[0][1] == 2 and s.taken[0][2] != PAYLOAD
    assert current(s) == RED and Reward(PAYLOAD) in RULES.legal(s, RED)
    act(s, Reward(PAYLOAD))
    assert len(s.pl_held[RED]) == 1 and s.pl_held[2] == []


def test_payloads_are_refused_solo():
    from engine.core.options import OptionError

    with pytest.raises(OptionError, match="payloads are for 2–5 players"):
        RULES.check(1, RULES.options_from({"payloads": "yes"}))
    RULES.check(2, RULES.options_from({"payloads": "yes"}))


def test_views_do_not_change_when_only_payload_values_change():
    s = _airship_with_payloads()
    other = clone(s)
    # swap Blue's loaded +4 with a face-down token in a region, and shuffle the supply
    a = other.pl_ship[BLUE * 3][0]
    other.pl_ship[BLUE * 3][0] = other.pl_region[VALE]
    other.pl_region[VALE] = a
    other.pl_supply.reverse()
    for seat in (RED, YELLOW, GREEN, None):
        assert RULES.view(other, seat) == RULES.view(s, seat)
    assert RULES.view(other, BLUE) != RULES.view(s, BLUE)
