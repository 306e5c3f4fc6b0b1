"""Lost Family and soulmates in whole games: heuristic-bot games reach rescues of every kind and soulmate
quests (random play almost never raises a ring or beats a pirate hunter), the invariants hold all along,
and a resampling leak test shows the kept wish never leaks."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.bots.base import decision_for
from engine.core.codec import clone
from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.bots import HeuristicBot
from tests.engine.leaks import check_private_decisions


def _invariants(s) -> None:
    everyone = [f for fam in s.family for f in fam]
    assert len(everyone) == len(set(everyone))  # each relative rescued once
    for seat in range(s.players):
        assert not any(C.TREASURES[c].family >= 0 for c in s.t_ship[seat] + s.t_chest[seat])
        w = s.wish_kept[seat]
        if w >= 0:
            assert w in s.wish_pair[seat] and w not in s.wish_deck
    kept = [w for w in s.wish_kept if w >= 0]
    done = [w for w in s.wish_done if w >= 0]
    table = list(s.shown) + ([s.wish_out] if s.wish_out >= 0 else []) if s.wish_for >= 0 else []
    assert sorted(s.wish_deck + kept + done + table) == list(range(len(C.WISHES)))
    assert sorted(s.soul_left + [k for k in s.soulmate if k >= 0]) == list(range(len(C.SOULMATES)))


def _bot_game(players: int, seed: int, kinds: Counter) -> None:
    s = RULES.setup(Config(players, seed, RULES.options_from({})))
    bots = [HeuristicBot(RULES, seed * 10 + i) for i in range(players)]
    rng = Rng.seeded(seed)
    steps = 0
    while not s.over and steps < 30000:
        seat = RULES.to_act(s)[0]
        mv = bots[seat].choose(decision_for(RULES, s, seat, rng))
        for e in RULES.apply(s, seat, mv):
            if e.kind == "rescue":
                kinds["rescue:" + ("held", "prison", "found")[C.FAMILY[e.data["relative"]].where]] += 1
            elif e.kind in ("wishes", "wish-discard", "wish-keep", "wish-done", "soulmate"):
                kinds[e.kind] += 1
        _invariants(s)
        steps += 1
    assert s.over
    r = RULES.result(s)
    for seat in range(players):
        lines = dict(r.breakdown[seat])
        assert lines["Family and soulmate"] == sum(C.FAMILY[f].vp for f in s.family[seat]) + (
            C.SOULMATES[s.soulmate[seat]].vp if s.soulmate[seat] >= 0 else 0)


def test_bot_games_rescue_family_and_find_soulmates():
    kinds: Counter = Counter()
    for seed in range(8):
        _bot_game(4 if seed % 4 else 3, seed, kinds)
    assert kinds["rescue:held"] + kinds["rescue:prison"] + kinds["rescue:found"] >= 2, kinds
    assert kinds["wishes"] >= 4 and kinds["wish-discard"] == kinds["wishes"], kinds
    assert kinds["soulmate"] >= 2 and kinds["wish-done"] == kinds["soulmate"], kinds


def _resample_wish(state, x, move, rng):
    """X's kept wish is the other of the pair (which went back into the wish deck) — all X hides here."""
    w = state.wish_kept[x] if state.wish_kept else -1
    if w < 0 or len(state.wish_pair[x]) != 2:
        return None
    other = state.wish_pair[x][0] if state.wish_pair[x][1] == w else state.wish_pair[x][1]
    if other not in state.wish_deck:
        return None
    i = state.wish_deck.index(other)
    if move is not None and i >= len(state.wish_deck) - C.WISH_LOOK:
        return None  # about to be revealed: the two games would part by chance, not by a leak
    d = clone(state)
    d.wish_deck[i] = w
    d.wish_kept[x] = other
    _resample_wish.hits += 1
    return d


_resample_wish.hits = 0


@pytest.mark.parametrize("players,first", [(3, 2), (4, 3)])
def test_the_kept_wish_never_leaks_in_bot_games(players, first):
    """Any bot game that reaches a kept wish will do (which one does moves with the bots' play):
    the first of ten seeds that does is compared before and after every move."""
    for seed in range(first, first + 10):
        bots: dict[int, HeuristicBot] = {}

        def choose(s, seat, legal, rng, bots=bots, seed=seed):
            bot = bots.setdefault(seat, HeuristicBot(RULES, seed * 10 + seat))
            return bot.choose(decision_for(RULES, s, seat, rng))

        _resample_wish.hits = 0
        compared = check_private_decisions("shiver", players, seed, None, _resample_wish, samples=1, choose=choose)
        if _resample_wish.hits > 0 and compared > 0:
            return
    raise AssertionError(f"no {players}-player bot game from seed {first} on reached a kept wish")
