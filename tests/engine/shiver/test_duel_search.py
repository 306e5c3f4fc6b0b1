"""The lean duel that ISMCTS searches (engine.games.shiver.duel_search) plays exactly as the game's
duel: random duels from random games, in both side by side — every menu, every position and the
winner agree — and ISMCTS finds the obvious card in a duel."""

from __future__ import annotations

import pytest

from engine.bots import Budget
from engine.bots.ismcts import IsmctsBot
from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.duel_search import DUEL, focus
from engine.games.shiver.state import DUEL_FINAL, DUEL_NONE, EndTurn, Parry
from tests.engine.shiver.helpers import play, quick_game


def _same(d, s) -> None:
    assert DUEL.to_act(d) == RULES.to_act(s)
    seat = RULES.to_act(s)[0]
    assert DUEL.legal(d, seat) == RULES.legal(s, seat)
    assert d.duel_hands == s.duel_hands and d.duel_deck == s.duel_deck and d.duel_aside == s.duel_aside
    assert (d.duel_pos, d.duel_turn, d.duel_card, d.duel_passes, d.duel_feint, d.duel_swaps) == (
        s.duel_pos, s.duel_turn, s.duel_card, s.duel_passes, s.duel_feint, s.duel_swaps)


def _fight_side_by_side(s, rng: Rng) -> int:
    """From a duel step, random moves in the game and in its lean copy until the duel ends; the winner."""
    d = focus(s, RULES.to_act(s)[0])
    assert d is not None
    while True:
        _same(d, s)
        seat = RULES.to_act(s)[0]
        moves = RULES.legal(s, seat)
        mv = moves[rng.below(len(moves))]
        events = RULES.apply(s, seat, mv)
        DUEL.apply(d, seat, mv)
        end = [e for e in events if e.kind == "duel-end"]
        if end:
            assert DUEL.to_act(d) == ()
            assert d.winner == end[0].data["winner"]
            return d.winner
        assert DUEL.to_act(d) != ()


@pytest.mark.parametrize("options", [{}, {"resilient": "yes"}, {"defender": "neutral"},
                                     {"resilient": "yes", "defender": "neutral"}])
def test_the_lean_duel_plays_as_the_game_does(options):
    duels = 0
    outcomes: set[int] = set()
    for seed in range(12):
        s = RULES.setup(Config(2 + seed % 3, seed, RULES.options_from(options)))
        rng = Rng.seeded(seed)
        while RULES.to_act(s) and duels < 60:
            if focus(s, RULES.to_act(s)[0]) is not None:
                outcomes.add(_fight_side_by_side(s, rng))
                duels += 1
                continue
            acting = RULES.to_act(s)
            seat = acting[rng.below(len(acting))]
            moves = RULES.legal(s, seat)
            RULES.apply(s, seat, moves[rng.below(len(moves))], True)
    assert duels >= 30 and outcomes == {-1, 0, 1}


def test_the_duel_for_victory_with_its_lot():
    for seed in range(6):
        s = quick_game(2, seed=12 + seed)
        s.ending = True
        s.wind_deck = s.wind_deck[:1]
        play(s, 0, EndTurn())
        play(s, 1, EndTurn())
        if s.duel != DUEL_FINAL:
            continue
        _fight_side_by_side(s, Rng.seeded(seed))
        assert s.duel == DUEL_NONE or s.duel == DUEL_FINAL


def test_ismcts_searches_the_duel_alone_and_blocks_a_finishing_blow():
    """A High Attack 3 comes at the merchant 2 spaces from its edge: taking it falls off the plank, the High
    Guard keeps the duel going — the focused search blocks, and learns that taking it always loses."""
    from tests.engine.shiver.test_bots_and_lab import _duel_at_parry

    s = _duel_at_parry(0, [8, 13])  # 8: M2 / High Guard; 13: L2 / Middle Guard
    s.duel_pos = C.PLANK - 2
    s.duel_hands[0] = [s.duel_deck.pop(), s.duel_deck.pop()]  # the attacker still holds two cards
    seat = RULES.to_act(s)[0]
    assert RULES.search_focus(s, seat) is not None
    bot = IsmctsBot(RULES, seed=3)
    root = bot.search(RULES.determinize(s, seat, Rng.seeded(1)), seat, Budget(iterations=400))
    stats = root.stats[seat]
    assert max(stats, key=lambda m: stats[m].n) == Parry(8)
    assert stats[Parry(-1)].w == 0  # taking it loses every time
    assert bot.iterations_done == 400


def test_outside_a_duel_the_search_sees_the_whole_game():
    s = quick_game(2, seed=1)
    assert RULES.search_focus(s, 0) is None
