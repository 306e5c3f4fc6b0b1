"""The rules' entry points: ``apply`` hands its event list to every step (a loud apply says what the
step itself says, a quiet one returns no events and reaches the same state), refuses a move that is
not Fractured Sky's in words, and ``legal`` lifts the 10-limit only in Thornspine's region and offers
a region's payload whatever its token's number. Set-up and round start: a new game's starting lists,
the cleanup's airships, knowledge and counts, the public starfall added to a kept one, the automa's
market cards drawn and their deck made again from the cards not in use, and options given as words.
Written to kill the mutants of rules/__init__.py and rules/setup.py that survived the other tests
(docs/mutation.md)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import end_of_round as E
from engine.games.fractured_sky.rules import flagships as F
from engine.games.fractured_sky.rules import main_phase as M
from engine.games.fractured_sky.rules import payloads as P
from engine.games.fractured_sky.rules import setup as S
from engine.games.fractured_sky.rules.common import CHIP_MOVES, REWARD_MOVES
from engine.games.fractured_sky.state import (
    PAYLOAD,
    REDEPLOY,
    REWARDS,
    SCOUT_TOP,
    STAR_PUBLIC,
    Build,
    Forage,
    Guide,
    Load,
    Order,
    Place,
    Redeploy,
    Refill,
    Scout,
    State,
    Step,
)
from tests.engine.fractured_sky.awakening import (
    BLUE,
    CASCADES,
    DESERT,
    RED,
    SHOALS,
    VALE,
    WOODS,
    give_payload,
    put_guardian,
    table,
)
from tests.engine.fractured_sky.helpers import fresh

SH = C.SHIPS
NR = C.N_REGIONS


def _same(s: State, seat: int, move: Any, step: Callable[[State, list], None]) -> None:
    """apply says exactly what the step says, and a quiet apply reaches the same state saying nothing."""
    loud, direct, quiet = copy.deepcopy(s), copy.deepcopy(s), copy.deepcopy(s)
    ev = RULES.apply(loud, seat, move)
    want: list = []
    step(direct, want)
    assert ev == want and want, move
    assert RULES.apply(quiet, seat, move, quiet=True) == []
    assert quiet == loud == direct


def _placed(side: int = RED) -> State:
    """Round 1, ``side`` acts with one airship already in Woods (chip 3)."""
    s = table(3, order=[side] + [x for x in range(3) if x != side])
    ship = side * SH
    s.ship_region[ship], s.ship_chip[ship], s.ships_left[side] = WOODS, 3, 2
    return s


def test_apply_hands_its_events_to_every_main_phase_step():
    s = _placed()
    _same(s, RED, Place(SHOALS, False), lambda d, ev: M.place(d, RED, SHOALS, False, False, ev))
    s.res[0:3] = [5, 5, 5]
    _same(s, RED, Build(C.SKIMMER, WOODS), lambda d, ev: M.build(d, RED, C.SKIMMER, WOODS, ev))
    _same(s, RED, Scout(SCOUT_TOP, 0), lambda d, ev: M.scout(d, RED, SCOUT_TOP, 0, ev))
    _same(s, RED, Forage(C.WOOD), lambda d, ev: M.forage(d, RED, C.WOOD, ev))
    s.step = Step.ORDER
    _same(s, RED, Order(s.n - 1), lambda d, ev: M.take_space(d, RED, d.n - 1, ev))


def test_apply_hands_its_events_to_the_expansions_steps():
    s = table(4, order=[BLUE, RED, 2, 3], payloads=True)
    give_payload(s, BLUE, 2)
    M.place(s, BLUE, WOODS, False, False, None)
    assert s.step == Step.LOAD
    _same(s, BLUE, Load(2), lambda d, ev: P.load(d, BLUE, 2, ev))
    s = table(3, order=[RED, 1, 2], guardians=True)
    put_guardian(s, 0, C.REEFHORN, SHOALS)
    M.place(s, RED, SHOALS, False, False, None)
    assert s.step == Step.GUIDE
    _same(s, RED, Guide(VALE), lambda d, ev: M.guide(d, RED, VALE, ev))
    s = table(4, payloads=True)
    s.pl_region[DESERT] = -1
    s.pl_supply = s.pl_supply[:1]
    s.refill_left = 1
    _same(s, BLUE, Refill(DESERT), lambda d, ev: E.refill_choice(d, BLUE, DESERT, ev))


def test_apply_hands_its_events_to_the_redeployment_and_the_reveal():
    s = table(3, order=[RED, 1, 2], flagships=True)
    s.phase, s.step = REDEPLOY, Step.REDEPLOY
    s.fl_of[RED], s.fl_face[0] = 0, 0  # Grimroot A
    for side in range(3):
        for k in range(SH):
            s.ship_region[side * SH + k] = (side + k) % NR
            s.ship_chip[side * SH + k] = k
        s.ships_left[side] = 0
    s.fl_ship[RED] = 0
    s.rd_side = RED

    def step(d: State, ev: list) -> None:
        F.redeploy(d, RED, CASCADES, ev)
        E.reveal(d, ev)

    _same(s, RED, Redeploy(CASCADES), step)


def test_apply_refuses_a_move_of_another_game_in_words():
    s = fresh(3)
    with pytest.raises(ValueError) as err:
        RULES.apply(s, 0, "pass")
    assert str(err.value) == "not a Fractured Sky move: 'pass'"


def test_the_chip_menu_ignores_the_limit_only_in_thornspines_region():
    s = table(3, order=[RED, 1, 2], guardians=True)
    put_guardian(s, 0, C.THORNSPINE, SHOALS, moved_by=BLUE)
    s.budget[RED] = 2
    for region, top in ((SHOALS, C.POWER_LIMIT), (WOODS, 2)):
        s.ship_region[0] = region
        s.pending, s.step = 0, Step.CHIP
        assert RULES.legal(s, RED) == [CHIP_MOVES[0]] + [CHIP_MOVES[v] for v in range(1, top + 1)]


def test_a_payload_numbered_0_is_offered_as_a_reward():
    s = table(4, payloads=True)
    s.phase, s.step = REWARDS, Step.REWARD
    s.rw_region, s.rw_pos = DESERT, 0
    s.rw_ranks = [[] for _ in range(NR)]
    s.rw_ranks[DESERT] = [BLUE]
    s.rewards = [[] for _ in range(NR)]
    s.rewards[DESERT] = [STAR_PUBLIC, 0]
    s.pl_region[DESERT] = 0
    assert RULES.legal(s, BLUE) == [REWARD_MOVES[STAR_PUBLIC], REWARD_MOVES[0], REWARD_MOVES[PAYLOAD]]


# ---------------------------------------------------------------- set-up and the round's start


def test_a_new_game_starts_with_nothing_built_ranked_or_taken():
    for players in (3, 2):
        s = fresh(players)
        n = s.n
        assert s.built == [0] * (n * 3)
        assert s.first_action == [-1] * n
        assert s.site_owner == [-1] * C.N_SITES and s.site_kind == [-1] * C.N_SITES
        assert s.next_order == [-1] * n
        assert s.ai_step == [0] * n
        assert s.power == [0] * (NR * n)
        assert s.chip_ranks == [0] * 12
        assert s.ship_power == [-1] * (n * SH)
        assert s.rw_ranks == [[] for _ in range(NR)]
        assert s.chip_free == [0] * (n * SH)


def test_the_cleanup_sends_every_airship_home_and_forgets_the_round():
    s = _placed()
    s.ship_known[0] = 0b111
    s.explored = [1, 2, 0]
    S.new_round(s, None)
    assert s.ship_region == [-1] * (3 * SH) and s.ship_chip == [-1] * (3 * SH)
    assert s.ship_known == [0] * (3 * SH) and s.explored == [0, 0, 0] and s.public == -1


def test_the_public_starfall_adds_to_one_cinderwing_kept():
    s = fresh(3)
    S.new_round(s, None)
    r = s.pub_deck[-1]
    s.starfalls[r] = 1
    S.open_round(s, None)
    assert s.public == r and s.starfalls[r] == 2


def test_the_automa_draws_its_market_card_and_the_deck_is_made_again_when_empty():
    s = fresh(2)  # side 2 is the automa
    S.new_round(s, None)
    s.ai_deck = [4, 7, 1]
    S.open_round(s, None)
    assert s.ai_card[2] == 1 and s.ai_deck == [4, 7]
    S.new_round(s, None)
    s.ai_deck = []
    rng = copy.deepcopy(s.rng)
    S.open_round(s, None)
    rest = [c for c in range(len(C.AUTOMA_DECK)) if c != 1]
    rng.shuffle(rest)
    assert s.ai_card[2] == rest[-1] and s.ai_deck == rest[:-1]


def test_options_given_as_words_are_read():
    n, opts = S.table(4, {"payloads": "true", "automa": "0"})
    assert n == 4 and opts.payloads is True and opts.automa == 0
