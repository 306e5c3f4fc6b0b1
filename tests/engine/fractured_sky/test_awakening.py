"""Combining the Awakening expansions: the options and what the document forbids, the
recommendation as data, setup in the document's order, the end-of-round sequence step by step,
the three crossover clarifications, random games for every expansion alone and all together at
every count each allows, and secrets (views do not change when only hidden things change)."""

from __future__ import annotations

import pytest

from engine import Match
from engine.core.codec import clone
from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    REDEPLOY,
    REWARDS,
    Chip,
    Guide,
    Load,
    Place,
    Redeploy,
)
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
    draft,
    give_payload,
    play,
    put_bounties,
    put_guardian,
    site,
    table,
)
from tests.engine.fractured_sky.helpers import act, fresh
from tests.engine.harness import check_random_game

ALL = {"payloads": True, "flagships": True, "guardians": True, "bounties": True}
GRIMROOT, VOIDMAW, LEVIATHAN, NAUTILORN, SKYBORNE = range(5)


# ---------------------------------------------------------------- options


def test_each_expansion_alone_or_with_any_others():
    import itertools

    for k in range(5):
        for combo in itertools.combinations(("payloads", "flagships", "guardians", "bounties"), k):
            opts = RULES.options_from(dict.fromkeys(combo, "yes"))
            RULES.check(3, opts)
            s = fresh(3, 1, **dict.fromkeys(combo, True))
            assert [x for x in ("payloads", "flagships", "guardians", "bounties") if getattr(s, x)] == list(combo)


@pytest.mark.parametrize("players,options,words", [
    (1, {"payloads": "yes"}, "option payloads: payloads are for 2–5 players, not solo"),
    (1, {"bounties": "yes"}, "option bounties: bounties are for 2–5 players, not solo"),
    (1, {"payloads": "yes", "flagships": "yes", "guardians": "yes", "bounties": "yes"}, "payloads are for 2–5"),
    (3, {"automa": "2", "bounties": "yes"}, "bounties are for 2–5 players"),
    (4, {"rift": "yes"}, "option rift: Rift starfalls lie on the bounties and on Cloudseer's card"),
    (4, {"payloads": "perhaps"}, "option payloads must be yes or no, not 'perhaps'"),
])
def test_what_the_document_forbids_is_a_one_line_error(players, options, words):
    with pytest.raises(OptionError) as err:
        Match.new("fractured-sky", players=players, seed=1, options=options)
    assert words in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("players,options", [
    (1, {"flagships": "yes", "guardians": "yes", "rift": "yes"}),
    (2, {"payloads": "yes", "bounties": "yes"}),
    (5, {"payloads": "yes", "flagships": "yes", "guardians": "yes", "bounties": "yes", "rift": "yes"}),
])
def test_what_the_document_allows_sets_up(players, options):
    m = Match.new("fractured-sky", players=players, seed=1, options=options)
    assert m.to_act()


def test_the_recommendation_is_data_for_the_new_game_screen():
    # seed: "We recommend always playing with bounties and payload tokens, and then adding in either
    # flagships or guardians."
    assert RULES.recommended_options == ("bounties", "payloads", "flagships")
    assert set(C.RECOMMENDED_EITHER) == {"flagships", "guardians"}
    assert C.recommended(4) == ("bounties", "payloads", "flagships")
    assert C.recommended(1) == ("flagships",)  # solo: no bounties, no payloads
    opts = RULES.options_from(dict.fromkeys(C.recommended(2), "yes"))
    RULES.check(2, opts)


# ---------------------------------------------------------------- setup and the sequence


def test_setup_for_each_expansion_in_the_documents_order():
    # seed: "Complete setup steps for each expansion you're using."
    s = fresh(4, 3, **ALL)
    kinds = [e.kind for e in RULES.setup_events(s)]
    order = [kinds.index(k) for k in ("payload_setup", "flagship_setup", "guardian_setup", "bounties")]
    assert order == sorted(order)
    assert s.objectives == [] and len(s.bounty) == 5 and len(s.pl_supply) == 4 and len(s.gd_deck) == 4
    assert s.phase == 3  # the round starts with the flagship draft
    v = RULES.view(s, s.draft[0])
    assert v.expansions == ["payloads", "flagships", "guardians", "bounties"]


def test_the_end_of_round_sequence_in_the_documents_order():
    # seed: "1. Reveal all airships. 2. Check and score bounties. 3. Tally troop power and distribute
    # regional rewards … 4. Follow the base game's round cleanup along with expansion components:
    # Guardians … Payloads … Flagships … 5. Draft flagships."
    m = Match.new("fractured-sky", players=4, seed=6, options=ALL, undo="practice")
    rng = Rng.seeded(6)
    events = []
    while m.state.round == 1:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        events += m.play(seat, legal[rng.below(len(legal))])
    while m.state.phase != 0:  # the rest of round 2's start (payload refill, draft)
        seat = m.to_act()[0]
        events += m.play(seat, m.legal(seat)[0])
    kinds = [e.kind for e in events]
    steps = [e.data["step"] for e in events if e.kind == "sequence"]
    assert steps == [0, 1, 2, 3, 4]
    at = {k: kinds.index(k) for k in ("reveal_region", "bounties_done", "reward", "guardian_rotate",
                                       "flagships_return", "draft_order") if k in kinds}
    at["bounties_done"] = [k for k, e in enumerate(events) if e.kind == "sequence"][1]
    assert at["reveal_region"] < at["bounties_done"] < at["reward"] < at["guardian_rotate"]
    refill = next(k for k, x in enumerate(kinds) if x.startswith("payload_refill"))
    assert at["guardian_rotate"] < refill < at["flagships_return"] < at["draft_order"]
    v = m.view(0)
    assert v.sequence == ["Reveal all airships", "Check and score bounties",
                          "Tally troop power and distribute regional rewards",
                          "Round cleanup: guardians rotate and take new starting regions, payloads refill empty "
                          "regions, flagships return", "Draft flagships"]


def test_the_base_game_sequence_names_the_objective_and_has_no_draft():
    v = RULES.view(fresh(3, 1), RED)
    assert v.sequence == ["Reveal all airships", "Score the round's objective",
                          "Tally troop power and distribute regional rewards", "Round cleanup"]
    assert v.expansions == []


# ---------------------------------------------------------------- crossover clarifications


def test_grimroot_redeploys_before_bounties_are_calculated():
    # seed: "Grimroot's Strategic Redeployment ability triggers before bounties are calculated."
    s = table(3, order=[RED, BLUE, GREEN], flagships=True, bounties=True)
    put_bounties(s, ["Grand Gambit", "Lumber Lord", "Manic Miner", "Master Merchant", "Fortress Ferver"])
    draft(s, {GREEN: (VOIDMAW, 0), BLUE: (LEVIATHAN, 0), RED: (GRIMROOT, 0)})
    play(s, {RED: [(VALE, 4, "flag"), (SHOALS, 1), (SHOALS, 2)],
             BLUE: [(FEN, 0), (STORMCREST, 2), (FEN, 1, "flag")], GREEN: [(FEN, 0), (STORMCREST, 3), (FEN, 2, "flag")]})
    assert s.phase == REDEPLOY and s.claims[0] == []
    act(s, Redeploy(SHOALS))
    assert s.claims[0] == [RED]  # all of Red's airships in one region: Grand Gambit


def test_cragjaw_before_secret_mercenaries_and_fortified_stronghold():
    # seed: "Cragjaw triggers before Grimroot's Secret Mercenaries and Skyborne's Fortified Stronghold
    # abilities."
    s = table(3, order=[RED, BLUE, GREEN], flagships=True, guardians=True)
    put_guardian(s, 0, C.CRAGJAW, CASCADES, moved_by=GREEN)
    build(s, RED, C.MARKET, site(CASCADES, FEN))
    build(s, BLUE, C.FORTRESS, site(WOODS, CASCADES))
    draft(s, {GREEN: (VOIDMAW, 0), BLUE: (SKYBORNE, 1), RED: (GRIMROOT, 1)})
    play(s, {RED: [(CASCADES, 3, "flag"), (STORMCREST, 0), (VALE, 1)],
             BLUE: [(CASCADES, 2, "flag"), (STORMCREST, 1), (VALE, 0)],
             GREEN: [(FEN, 0), (STORMCREST, 3), (FEN, 2, "flag")]})
    assert s.phase == REWARDS
    assert s.ship_power[RED * 3] == 3 + 2  # the market's +1, doubled
    assert s.power[CASCADES * 3 + BLUE] == 2 + 2 + 2  # stronghold +1 doubled, base +1 doubled


def test_modifiers_at_the_same_time_reefhorn_and_payloads():
    # seed: "Modifiers from payloads, guardians, and flagships happen at the same time. For example:
    # an airship with a 0-token that is carrying 1 or more payloads with it will still get the +3
    # benefit from Reefhorn's guardian power (airships with 0 troop power gain +3 troop power)."
    s = table(3, order=[RED, BLUE, GREEN], payloads=True, guardians=True)
    put_guardian(s, 0, C.REEFHORN, CASCADES, moved_by=GREEN)
    give_payload(s, RED, 4)
    give_payload(s, RED, 3)
    act(s, Place(CASCADES))
    act(s, Load(4))
    act(s, Load(3))
    act(s, Chip(0))
    play(s, {RED: [None, (STORMCREST, 1), (VALE, 2)], BLUE: [(FEN, 0), (STORMCREST, 2), (FEN, 1)],
             GREEN: [(FEN, 0), (STORMCREST, 3), (FEN, 2)]})
    assert s.ship_power[RED * 3] == 0 + 4 + 3 + 3


def test_smoke_screen_reads_the_token_and_dread_aura_and_payloads_add_together():
    s = table(3, order=[RED, BLUE, GREEN], payloads=True, flagships=True)
    give_payload(s, BLUE, 5)
    draft(s, {GREEN: (NAUTILORN, 1), BLUE: (LEVIATHAN, 0), RED: (VOIDMAW, 0)})
    play(s, {RED: [(CASCADES, 1, "flag"), (STORMCREST, 0), (VALE, 2)],
             BLUE: [(CASCADES, 10), (STORMCREST, 0), (FEN, 0, "flag")],
             GREEN: [(CASCADES, 3, "flag"), (STORMCREST, 1), (FEN, 2)]})
    # Blue's 10 (no payload loaded by the helper): -3 Smoke Screen, -1 Dread Aura
    assert s.ship_power[BLUE * 3] == 10 - 3 - 1


# ---------------------------------------------------------------- random games


CASES = [({"payloads": True}, (2, 3, 4, 5)), ({"flagships": True}, (1, 2, 3, 4, 5)),
         ({"guardians": True}, (1, 2, 3, 4, 5)), ({"bounties": True}, (2, 3, 4, 5)),
         (ALL, (2, 3, 4, 5)), ({"flagships": True, "guardians": True, "rift": True}, (1,)),
         ({**ALL, "rift": True}, (4,))]


@pytest.mark.parametrize("options,players", [(o, p) for o, counts in CASES for p in counts],
                         ids=lambda x: "+".join(x) if isinstance(x, dict) else str(x))
def test_random_games_with_the_expansions(options, players, tmp_path):
    check_random_game("fractured-sky", players, 7 + players, options=options, tmp=tmp_path, views_every=3)


# ---------------------------------------------------------------- secrets


def _mid_round_all():
    m = Match.new("fractured-sky", players=4, seed=12, options=ALL, undo="practice")
    rng = Rng.seeded(12)
    while m.state.round < 2 or m.state.phase != 0 or m.cursor < 140:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    return m.state


def test_views_do_not_change_when_the_hidden_decks_change():
    s = _mid_round_all()
    other = clone(s)
    other.gd_deck.reverse()
    other.pub_deck.reverse()
    other.pl_supply.reverse()
    other.hid_deck.reverse()
    for seat in [*range(4), None]:
        if seat is not None and s.top_known >> seat & 1:
            continue
        assert RULES.view(other, seat) == RULES.view(s, seat)


def test_determinize_redraws_payloads_and_decks_and_keeps_what_the_seat_knows():
    s = _mid_round_all()
    held = [t for h in s.pl_held for t in h]
    assert held or any(s.pl_ship)
    seen_region = set()
    for seed in range(20):
        d = RULES.determinize(s, RED, Rng.seeded(seed))
        assert RULES.view(d, RED) == RULES.view(s, RED)
        assert d.pl_held[RED] == s.pl_held[RED]
        seen_region.add(tuple(d.pl_region))
        tokens = d.pl_region + d.pl_supply + [t for h in d.pl_held for t in h] + \
            [t for sh in d.pl_ship for t in sh] + d.pl_used
        assert sorted(t for t in tokens if t >= 0) == sorted(
            t for t in s.pl_region + s.pl_supply + [t for h in s.pl_held for t in h]
            + [t for sh in s.pl_ship for t in sh] + s.pl_used if t >= 0)
    assert len(seen_region) > 1


def test_determinize_keeps_thornspine_chips_outside_the_limit():
    s = table(3, order=[GREEN, RED, BLUE], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, DESERT, moved_by=RED)
    act(s, Place(DESERT), GREEN)
    act(s, Chip(10), GREEN)
    act(s, Place(VALE), RED)
    act(s, Chip(0), RED)
    act(s, Place(VALE), BLUE)
    act(s, Chip(0), BLUE)
    act(s, Place(FEN), GREEN)
    act(s, Chip(9), GREEN)
    for seed in range(30):
        d = RULES.determinize(s, RED, Rng.seeded(seed))
        assert RULES.view(d, RED) == RULES.view(s, RED)
        free = [d.ship_chip[GREEN * 3 + k] for k in range(2) if not d.chip_free[GREEN * 3 + k]]
        assert sum(free) + d.budget[GREEN] == 10


def test_the_guardian_question_is_asked_of_the_displacing_seat_only():
    s = table(3, order=[RED, BLUE, GREEN], guardians=True)
    put_guardian(s, 0, C.CRAGJAW, SHOALS)
    act(s, Place(SHOALS))
    assert [RULES.view(s, x).asking for x in range(3)] == ["guardian", "", ""]
    assert RULES.view(s, BLUE).prompt == "Waiting for Red."
    act(s, Guide(DESERT))
    assert [RULES.view(s, x).asking for x in range(3)] == ["chip", "", ""]
