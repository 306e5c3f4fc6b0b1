"""Bounties: setup (the objectives stay in the box), scoring after the reveal and before the
regional rewards, left to right with the cascade (the seed's Greedy Gatherer example), the
first's starfall and the others' resources, the tie-breaks, claiming once, every card's measure
(the 14 the document lists and the 8 designed here), the Rift, and no bounties solo."""

from __future__ import annotations

import pytest

from engine.core.options import OptionError
from engine.games.fractured_sky import RULES, scoring
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import bounties
from engine.games.fractured_sky.state import N_SRC, REWARDS, SRC_BOUNTY
from tests.engine.fractured_sky.awakening import (
    BLUE,
    CASCADES,
    DESERT,
    FEN,
    GREEN,
    RED,
    SHOALS,
    STORMCREST,
    VALE,
    WOODS,
    build,
    play,
    put_bounties,
    site,
    table,
)
from tests.engine.fractured_sky.helpers import current, fresh, res

LISTED = ["Ardent Architect", "Audacious Attempt", "Distinct Dominion", "Fortified Frontier", "Fortress Ferver",
          "Grand Gambit", "Greedy Gatherer", "Heedless Hoarder", "Hidden Hermit", "Lofty Loader", "Lone Legion",
          "Lumber Lord", "Manic Miner", "Master Merchant"]


def test_22_cards_the_documents_14_and_8_designed_here():
    # seed: "Components to use: 22 Bounty Cards" and the 14 it lists
    assert len(C.BOUNTIES) == 22
    assert [b.name for b in C.BOUNTIES if not b.designed] == LISTED
    assert sum(1 for b in C.BOUNTIES if b.designed) == 8
    texts = {b.name: b.text for b in C.BOUNTIES}
    # the document gives two cards one text: both are kept
    assert texts["Distinct Dominion"] == texts["Fortified Frontier"] == "Have 4+ buildings that only connect to 2 regions."
    assert texts["Lone Legion"] == "Have 14+ total troop power in a single region."
    assert texts["Audacious Attempt"] == "Win a starfall in a region using only your skimmers."
    assert len({b.name for b in C.BOUNTIES}) == 22


def test_setup_five_bounties_face_up_the_objectives_stay_in_the_box():
    # seed: "1. Leave the objective cards from the base game in the box. 2. Shuffle the new bounties
    # deck. 3. Place 1 bounty card face up on each of the 5 slots on the objective tray."
    s = fresh(4, 2, bounties=True)
    assert s.objectives == [] and len(s.bounty) == 5 and len(set(s.bounty)) == 5
    v = RULES.view(s, RED)
    assert v.objectives == [] and [b.slot for b in v.bounties] == [0, 1, 2, 3, 4]
    assert {fresh(4, k, bounties=True).bounty[0] for k in range(10)} != {s.bounty[0]}  # shuffled
    assert all(b.rift == 0 for b in v.bounties)


def test_bounties_are_refused_solo():
    # seed: "Do not use bounty cards when playing solo." / "Players: 2-5."
    with pytest.raises(OptionError) as err:
        RULES.check(1, RULES.options_from({"bounties": "yes"}))
    assert "bounties are for 2–5 players" in str(err.value) and "\n" not in str(err.value)
    # a saved solo game (3 sides, two of them the automa) is still solo
    with pytest.raises(OptionError):
        RULES.check(3, RULES.options_from({"bounties": "yes", "automa": "2"}))
    RULES.check(2, RULES.options_from({"bounties": "yes"}))


def _greedy_gatherer_table():
    s = table(3, order=[BLUE, RED, GREEN], starfall=CASCADES, bounties=True)
    put_bounties(s, ["Lone Legion", "Greedy Gatherer", "Master Merchant", "Lumber Lord", "Manic Miner"])
    s.claims[0] = [RED]  # somebody already claimed Lone Legion first
    # seed: "1. Blue has 6 iron and 4 gold."
    s.res[BLUE * 3:BLUE * 3 + 3] = [4, 0, 6]
    s.res[RED * 3:RED * 3 + 3] = [0, 0, 0]
    s.res[GREEN * 3:GREEN * 3 + 3] = [0, 0, 0]
    # 14 troop power in the Cascades: a 10, two fortresses, two skimmers
    build(s, BLUE, C.FORTRESS, site(CASCADES, FEN))
    build(s, BLUE, C.FORTRESS, site(WOODS, CASCADES))
    s.skimmers[CASCADES * 3 + BLUE] = 2
    return s


def test_the_greedy_gatherer_cascade_verbatim():
    # seed: "1. Blue has 6 iron and 4 gold. 2. The Greedy Gatherer bounty requires 6 of any 2
    # resources in order to be claimed. 3. Luckily, Blue claims Lone Legion and gains the resource
    # reward of 2 gold and 1 wood, bringing their total resources to 6 iron, 6 gold, and 1 wood.
    # 4. Since Blue acquired 6 of any 2 resources (iron and gold) before the Greedy Gatherer bounty is
    # scored, they may claim it as well. In this case, no other players have claimed Greedy Gatherer
    # yet, so Blue gains a starfall."
    s = _greedy_gatherer_table()
    ev = play(s, {BLUE: [(CASCADES, 10), (STORMCREST, 0), (STORMCREST, 0)],
                  RED: [(CASCADES, 1), (STORMCREST, 0), (VALE, 0)],
                  GREEN: [(CASCADES, 2), (STORMCREST, 0), (VALE, 0)]})
    assert s.phase == REWARDS and current(s) == BLUE  # bounties done, regional rewards not yet
    assert s.power[CASCADES * 3 + BLUE] == 14
    assert C.BOUNTIES[s.bounty[0]].reward == (2, 1, 0)  # the seed's Lone Legion reward for others
    assert res(s, BLUE) == [6, 1, 6]  # "6 iron, 6 gold, and 1 wood"
    assert s.claims[0] == [RED, BLUE] and s.claims[1] == [BLUE]
    assert s.stars[BLUE] == 1 and s.src[BLUE * N_SRC + SRC_BOUNTY] == 1
    kinds = [e.kind for e in ev]
    # seed: "immediately after everyone has revealed their airships but before distributing
    # regional rewards. They are evaluated in order from left to right."
    last_reveal = max(k for k, x in enumerate(kinds) if x == "reveal_region")
    first_bounty = kinds.index("bounty")
    assert last_reveal < first_bounty and "reward" not in kinds[:first_bounty]
    lone, greedy = [e for e in ev if e.kind == "bounty"][:2]
    assert lone.data["card"] == s.bounty[0] and not lone.data["first"]
    assert greedy.data["card"] == s.bounty[1] and greedy.data["first"]


def test_without_the_cascade_blue_would_not_claim_greedy_gatherer():
    s = _greedy_gatherer_table()
    put_bounties(s, ["Greedy Gatherer", "Lone Legion", "Master Merchant", "Lumber Lord", "Manic Miner"])
    s.claims[1] = [RED]
    play(s, {BLUE: [(CASCADES, 10), (STORMCREST, 0), (STORMCREST, 0)],
             RED: [(CASCADES, 1), (STORMCREST, 0), (VALE, 0)],
             GREEN: [(CASCADES, 2), (STORMCREST, 0), (VALE, 0)]})
    assert s.claims[0] == [] and s.claims[1] == [RED, BLUE]  # right to left it does not cascade


def _markets(red: int, blue: int, order=(BLUE, RED, GREEN)):
    s = table(3, order=list(order), bounties=True)
    put_bounties(s, ["Master Merchant", "Ardent Architect", "Lumber Lord", "Manic Miner", "Fortress Ferver"])
    sites = [k for k in range(C.N_SITES)]
    for _ in range(red):
        build(s, RED, C.MARKET, sites.pop())
    for _ in range(blue):
        build(s, BLUE, C.MARKET, sites.pop())
    return s


def test_tie_break_more_of_the_requirement_5_markets_beat_4():
    # seed: "if a bounty requires "4+ Markets built," a player with 5 Markets beats a player with 4
    # Markets."
    s = _markets(red=5, blue=4)
    gold = res(s, BLUE)
    bounties.score(s, [])
    assert s.claims[0] == [RED, BLUE] and s.stars[RED] == 1 and s.stars[BLUE] == 0
    # seed: "Any other player who completes that same bounty gains the resource reward shown on the
    # card instead."
    assert res(s, BLUE) == [gold[k] + C.BOUNTIES[s.bounty[0]].reward[k] for k in range(3)]


def test_tie_break_still_tied_the_turn_order_track():
    # seed: "If players are still tied (both have the same amount), the turn order track breaks the
    # tie. The player earliest in turn order receives the starfall; others receive the resource reward."
    s = _markets(red=4, blue=4, order=(BLUE, RED, GREEN))
    bounties.score(s, [])
    assert s.claims[0] == [BLUE, RED] and s.stars[BLUE] == 1
    s = _markets(red=4, blue=4, order=(RED, BLUE, GREEN))
    bounties.score(s, [])
    assert s.claims[0] == [RED, BLUE] and s.stars[RED] == 1


def test_each_bounty_once_per_player_and_later_claimants_get_resources():
    # seed: "When you complete a bounty, place a player token next to the card to mark your claim. If
    # a token is already present, you receive the resource reward instead of the starfall." / "Each
    # bounty card may be claimed by each player only once." / "These 5 public bounties remain
    # available throughout the game."
    s = _markets(red=4, blue=0)
    bounties.score(s, [])
    assert s.claims[0] == [RED]
    bounties.score(s, [])  # a later round: Red still has 4 markets
    assert s.claims[0] == [RED] and s.stars[RED] == 1
    for _ in range(4):
        build(s, BLUE, C.MARKET, [x for x in range(C.N_SITES) if s.site_owner[x] < 0][0])
    gold = res(s, BLUE)[0]
    bounties.score(s, [])
    assert s.claims[0] == [RED, BLUE] and s.stars[BLUE] == 0 and res(s, BLUE)[0] == gold + 1


def test_lone_legion_and_manic_miner_rewards_for_the_others():
    # seed: "For Lone Legion, if any players have 14 or more total troop power once all airships are
    # revealed they are eligible to gain a starfall (first) or 2 gold and 1 wood (others). For Manic
    # Miner, if any players have 8 or more iron once all airships are revealed they are eligible to
    # gain a starfall (first) or 3 gold (others)."
    cards = {b.name: b for b in C.BOUNTIES}
    assert cards["Lone Legion"].reward == (2, 1, 0) and cards["Lone Legion"].minimum == 14
    assert cards["Manic Miner"].reward == (3, 0, 0) and cards["Manic Miner"].minimum == 8
    s = table(3, order=[RED, BLUE, GREEN], bounties=True)
    put_bounties(s, ["Manic Miner", "Lone Legion", "Lumber Lord", "Master Merchant", "Fortress Ferver"])
    s.res[RED * 3 + C.IRON] = 9
    s.res[BLUE * 3 + C.IRON] = 8
    s.power = [0] * 30
    s.power[SHOALS * 3 + GREEN] = 15
    s.power[DESERT * 3 + BLUE] = 14
    gold = res(s, BLUE)[0]
    bounties.score(s, [])
    assert s.claims[0] == [RED, BLUE] and s.claims[1] == [GREEN, BLUE]
    assert res(s, BLUE)[0] == gold + 3 + 2 and res(s, BLUE)[1] >= 1


def _measure(name, s, side):
    card = next(b for b in C.BOUNTIES if b.name == name)
    return scoring.bounty_measure(s, side, card.measure), card.minimum


def _state():
    s = table(3, order=[RED, BLUE, GREEN], bounties=True)
    s.power = [0] * 30
    s.ranks = [[] for _ in range(10)]
    s.rw_ranks = [[] for _ in range(10)]
    s.rewards = [[0, 1, 2] for _ in range(10)]
    s.haul = [0] * 30
    return s


MEASURES = {
    "Ardent Architect": lambda s: [build(s, RED, C.MARKET if k % 2 else C.FORTRESS, k) for k in range(7)],
    "Distinct Dominion": lambda s: [build(s, RED, C.MARKET, k) for k in range(4)],
    "Fortified Frontier": lambda s: [build(s, RED, C.FORTRESS, k) for k in range(4)],
    "Fortress Ferver": lambda s: [build(s, RED, C.FORTRESS, k) for k in (0, 1, 12, 13)],
    "Master Merchant": lambda s: [build(s, RED, C.MARKET, k) for k in (0, 1, 12, 13)],
    "Triple Threat": lambda s: [build(s, RED, C.MARKET, k) for k in (12, 13, 14)],
    "Grand Gambit": lambda s: s.ship_region.__setitem__(slice(0, 3), [SHOALS, SHOALS, SHOALS]),
    "Greedy Gatherer": lambda s: s.res.__setitem__(slice(0, 3), [6, 0, 6]),
    "Balanced Barterer": lambda s: s.res.__setitem__(slice(0, 3), [3, 3, 3]),
    "Lumber Lord": lambda s: s.res.__setitem__(1, 8),
    "Manic Miner": lambda s: s.res.__setitem__(2, 8),
    "Gilded Glutton": lambda s: s.res.__setitem__(0, 8),
    "Heedless Hoarder": lambda s: s.looked.__setitem__(RED, 3),
    "Stellar Seeker": lambda s: s.explored.__setitem__(RED, 3),
    "Hidden Hermit": lambda s: s.ship_region.__setitem__(slice(0, 3), [SHOALS, DESERT, VALE]),
    "Wide Wanderer": lambda s: (s.ship_region.__setitem__(slice(0, 3), [SHOALS, DESERT, VALE]),
                                s.skimmers.__setitem__(FEN * 3 + RED, 1)),
    "Swift Squadron": lambda s: [s.skimmers.__setitem__(r * 3 + RED, 1) for r in (SHOALS, DESERT, VALE)],
    "Lofty Loader": lambda s: s.haul.__setitem__(SHOALS * 3 + RED, 6),
    "Lone Legion": lambda s: s.power.__setitem__(SHOALS * 3 + RED, 14),
    "Sovereign Skies": lambda s: [s.ranks.__setitem__(r, [RED, BLUE]) for r in (SHOALS, DESERT, VALE)],
    "Bold Bluff": lambda s: (s.ship_region.__setitem__(0, VALE), s.ship_chip.__setitem__(0, 0),
                             s.ranks.__setitem__(VALE, [RED])),
    "Audacious Attempt": lambda s: (s.skimmers.__setitem__(SHOALS * 3 + RED, 2),
                                    s.rw_ranks.__setitem__(SHOALS, [RED, BLUE]),
                                    s.ranks.__setitem__(SHOALS, [RED, BLUE]),
                                    s.rewards.__setitem__(SHOALS, [10, 0, 1, 2])),
}


@pytest.mark.parametrize("name", sorted(MEASURES))
def test_every_bounty_measures_its_goal(name):
    s = _state()
    before, minimum = _measure(name, s, RED)
    assert before < minimum
    MEASURES[name](s)
    after, _ = _measure(name, s, RED)
    assert after >= minimum, (name, after)
    assert _measure(name, s, BLUE)[0] < minimum  # only Red did it


def test_every_card_has_a_measure_test():
    assert set(MEASURES) == {b.name for b in C.BOUNTIES}


def test_audacious_attempt_needs_only_skimmers_and_a_starfall():
    s = _state()
    MEASURES["Audacious Attempt"](s)
    s.ship_region[0] = SHOALS  # an airship of Red's there too: not "only your skimmers"
    assert _measure("Audacious Attempt", s, RED)[0] == 0
    s = _state()
    MEASURES["Audacious Attempt"](s)
    s.rewards[SHOALS] = [0, 1, 2]  # no starfall to win
    assert _measure("Audacious Attempt", s, RED)[0] == 0


def test_grand_gambit_needs_every_airship_in_one_region():
    s = _state()
    s.ship_region[0:3] = [SHOALS, SHOALS, DESERT]
    assert _measure("Grand Gambit", s, RED)[0] == 0


def test_rift_starfalls_lie_under_each_bounty_and_go_to_the_first():
    # seed: "4. If playing with the Rift micro-expansion, place one Rift starfall below each bounty
    # card on top of the star icon."
    s = fresh(3, 4, bounties=True, rift=True)
    assert all(w in C.RIFT_STARFALLS for w in s.rift_on) and len(s.rift_pile) == len(C.RIFT_STARFALLS) - 5
    assert [b.rift for b in RULES.view(s, RED).bounties] == s.rift_on
    s = _markets(red=4, blue=4)
    s.rift = True
    s.rift_on = [3, 2, 2, 1, 1]
    bounties.score(s, [])
    assert s.stars[BLUE] == 3 and s.src[BLUE * N_SRC + SRC_BOUNTY] == 3 and s.rift_on[0] == 0


def test_the_automa_claims_bounties_in_a_two_player_game():
    s = table(2, order=[RED, BLUE, 2], bounties=True)
    put_bounties(s, ["Manic Miner", "Lone Legion", "Lumber Lord", "Master Merchant", "Fortress Ferver"])
    s.res[2 * 3 + C.IRON] = 9
    s.power = [0] * 30
    bounties.score(s, [])
    assert s.claims[0] == [2] and s.stars[2] == 1


def test_a_claim_adds_to_what_the_side_has_and_logs_its_words_and_data():
    # the first's starfall and the tallies add to what is there; the log names the card, the
    # claimant and its measure; the others' line names the resources (docs/mutation.md)
    from engine.core.rules import Event
    from engine.games.fractured_sky.state import N_TALLY, T_BOUNTY_FIRSTS, T_BOUNTY_OTHERS
    from engine.games.fractured_sky.text import who

    s = _markets(red=5, blue=4)
    s.round = 2
    s.stars[RED] = 2
    s.src[RED * N_SRC + SRC_BOUNTY] = 1
    s.tally[RED * N_TALLY + T_BOUNTY_FIRSTS] = 3
    s.tally[BLUE * N_TALLY + T_BOUNTY_OTHERS] = 2
    ev: list[Event] = []
    bounties.score(s, ev)
    card = C.BOUNTIES[s.bounty[0]]
    assert s.stars[RED] == 3 and s.src[RED * N_SRC + SRC_BOUNTY] == 2
    assert s.tally[RED * N_TALLY + T_BOUNTY_FIRSTS] == 4 and s.tally[BLUE * N_TALLY + T_BOUNTY_OTHERS] == 3
    assert s.tally[BLUE * N_TALLY + T_BOUNTY_FIRSTS] == 0 and s.tally[RED * N_TALLY + T_BOUNTY_OTHERS] == 0
    assert s.bounty_log == [[2, 0, RED, 1], [2, 0, BLUE, 0]]
    values = s.bv_values[0]
    assert values[RED] == 5 and values[BLUE] == 4
    mine = [e for e in ev if e.data and e.data["slot"] == 0]
    assert mine == [
        Event(f"Bounty {card.name}: {who(s, RED)} completes it first (5) and gains a starfall.", RED, kind="bounty",
              data={"slot": 0, "card": s.bounty[0], "seat": RED, "first": True, "worth": 1, "values": values}),
        Event(f"Bounty {card.name}: {who(s, BLUE)} completes it too (4) and takes "
              f"{C.resources_text(card.reward)}.", BLUE, kind="bounty",
              data={"slot": 0, "card": s.bounty[0], "seat": BLUE, "first": False,
                    "resources": list(card.reward), "values": values}),
    ]
    s = _markets(red=5, blue=0)
    s.rift = True
    s.rift_on = [3, 2, 2, 1, 1]
    ev = []
    bounties.score(s, ev)
    assert ev[0].text == f"Bounty {card.name}: {who(s, RED)} completes it first (5) and gains a Rift starfall worth 3."
    assert ev[0].data["worth"] == 3
