"""The heuristic bot: legal, sensible, and better than random."""

from __future__ import annotations

from engine import bots
from engine.bots.base import Decision
from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shards import RULES
from engine.games.shards.bots import LEVELS, HeuristicBot
from engine.games.shards.state import PLAY_MOVES, Options, Take
from engine.lab import Job, run
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2


def _decide(s, seat):
    legal = RULES.legal(s, seat)
    return HeuristicBot(RULES, 1).choose(Decision(RULES, seat, RULES.view(s, seat), legal, None))


def test_the_bot_is_registered():
    assert LEVELS["heuristic"] is HeuristicBot
    assert "heuristic" in bots.levels(RULES)
    assert isinstance(bots.make("heuristic", RULES, 3), HeuristicBot)


def test_the_bot_only_plays_legal_moves():
    rng = Rng.seeded(4)
    for players in (2, 3, 4):
        for seed in range(6):
            s = RULES.setup(Config(players, seed, Options()))
            bot = HeuristicBot(RULES, seed)
            while acting := RULES.to_act(s):
                seat = acting[rng.below(len(acting))]
                legal = RULES.legal(s, seat)
                move = bot.choose(Decision(RULES, seat, RULES.view(s, seat), legal, None))
                assert move in legal
                RULES.apply(s, seat, move, True)


def test_the_bot_takes_the_card_that_adds_most():
    k = Cards()
    h12, r10, a9 = k("Honor 12"), k("Ruin 10"), k("Autonomy 9")
    s = table(k, [[h12], [r10], [a9]], trump="Honor", areas=[k.many("Ruin 11", "Ruin 12"), [], []])
    act(s, A, PLAY_MOVES[h12])
    act(s, H, PLAY_MOVES[r10])
    act(s, K, PLAY_MOVES[a9])
    assert _decide(s, A) == Take(r10)  # a third Ruin: +3


def test_the_last_player_wins_cheaply_and_a_loser_dumps_a_penalty():
    k = Cards()
    h5, h9, h14 = k("Honor 5"), k("Honor 10"), k("Honor 14")
    s = table(k, [[h5], [k("Honor 6")], [h9, h14, k("Ruin 12")]], trump="Autonomy",
              areas=[[], [k("Honor 0")], [k("Honor 1")]])
    act(s, A, PLAY_MOVES[h5])
    act(s, H, PLAY_MOVES[s.hands[H][0]])
    assert _decide(s, K) == PLAY_MOVES[h9]  # the lowest card that still wins
    k2 = Cards()
    a16, pen = k2("Autonomy 16"), k2("Ruin -1")
    s = table(k2, [[a16], [pen, k2("Ruin 12"), k2("Honor 12")], [k2("Honor 4")]], trump="Autonomy")
    act(s, A, PLAY_MOVES[a16])
    assert _decide(s, H) == PLAY_MOVES[pen]  # cannot beat the top trump: give it the −1


def test_the_heuristic_bot_beats_random_bots():
    jobs = [Job("shards", seed, 3, {}, ["heuristic", "random", "random"], rotate=True) for seed in range(5, 35)]
    games = run(jobs, workers=1)
    wins = mine = theirs = 0.0
    for g in games:
        me = g["levels"].index("heuristic")
        wins += 1 / len(g["winners"]) if me in g["winners"] else 0
        mine += g["scores"][me]
        theirs += sum(x for i, x in enumerate(g["scores"]) if i != me) / 2
    assert wins / len(games) > 0.55
    assert mine > theirs
