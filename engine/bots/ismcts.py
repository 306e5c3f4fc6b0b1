"""Information-set Monte Carlo tree search, for any game (Cowling, Powley, Whitehouse 2012).

Single-observer ISMCTS: every iteration re-draws the hidden information with
``rules.determinize`` (from the bot's own seat), walks one shared tree of move
statistics with UCB1 over *available* moves, expands one node, and finishes with
a random rollout. When the game offers ``estimate(s)`` (expected final scores),
rollouts stop after ``rollout_depth`` moves and the estimate scores the position.

A game may offer ``search_focus(sample, seat)``: at a moment when only a part of the game
matters (Shiver Me Timbers' duel), it returns ``(game, state)`` — a lean game with the same
``to_act``, ``legal``, ``apply`` and ``determinize`` whose moves are the real game's moves,
and ``rewards(state)`` scoring its end — and the search plays that instead (None: the whole game).

Simultaneous secret choices (several seats in ``to_act``) are searched with
decoupled UCT: at such a node every acting seat picks from its own statistics,
without seeing what the others picked, and the joint choice leads to the child.
So the search never lets a seat react to a bid it could not have seen.
"""

from __future__ import annotations

import math
import time
from typing import Any

from engine.bots.base import Budget, Decision
from engine.core.rng import Rng
from engine.core.rules import Rules

DEFAULT_ITERATIONS = 1000
EXPLORATION = 0.7


class _Stat:
    __slots__ = ("avail", "n", "w")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Any, _Stat]] = {}
        self.children: dict[Any, _Node] = {}


def _rewards(rules: Any, s: Any) -> list[float]:
    """Each seat's reward in [0, 1]: mostly winning (shared on ties), partly the score margin (a
    focused search's game scores its own ending with ``rewards``)."""
    own = getattr(rules, "rewards", None)
    if own is not None:
        rewards: list[float] = own(s)
        return rewards
    res = rules.result(s)
    if res is not None:
        scores = [float(x) for x in res.scores]
        best = list(res.ranking[0]) if res.ranking else []
    else:
        estimate = rules.estimate(s)
        assert estimate is not None  # rollouts stop early only in games that estimate
        scores = [float(x) for x in estimate]
        top = max(scores)
        best = [i for i, v in enumerate(scores) if v == top]
    lo, hi = min(scores), max(scores)
    span = (hi - lo) or 1.0
    share = 0.75 / max(1, len(best))
    return [(share if i in best else 0.0) + 0.25 * (v - lo) / span for i, v in enumerate(scores)]


class IsmctsBot:
    """Seeded ISMCTS. Budget: iterations (deterministic) or seconds; the first reached stops it."""

    level = "ismcts"

    def __init__(
        self,
        rules: Rules,
        seed: int = 0,
        budget: Budget | None = None,
        rollout_depth: int | None = None,
        exploration: float = EXPLORATION,
    ) -> None:
        self.rules = rules
        self.rng = Rng.seeded(seed)
        self.budget = budget or Budget(iterations=DEFAULT_ITERATIONS)
        self.rollout_depth = rollout_depth  # None: decided at the first search (24 if the game estimates)
        self.c = exploration
        self.iterations_done = 0

    def choose(self, d: Decision, budget: Budget | None = None) -> Any:
        if len(d.legal) == 1:
            return d.legal[0]
        budget = budget or self.budget
        root = self.search(d.sample, d.seat, budget)
        stats = root.stats.get(d.seat, {})
        best = max(d.legal, key=lambda m: (stats[m].n if m in stats else -1, stats[m].w if m in stats else 0))
        return best

    def search(self, sample: Any, seat: int, budget: Budget) -> _Node:
        rules: Any = self.rules
        rng = self.rng
        focus = getattr(rules, "search_focus", None)
        sub = focus(sample, seat) if focus is not None else None
        if sub is not None:
            rules, sample = sub  # a part of the game searched on its own, played out to its own end
            depth_limit = 10**9
        else:
            if self.rollout_depth is None:
                self.rollout_depth = 24 if rules.estimate(sample) is not None else 10**9
            depth_limit = self.rollout_depth
        to_act, legal, apply, determinize = rules.to_act, rules.legal, rules.apply, rules.determinize
        root = _Node()
        max_iter = budget.iterations if budget.iterations is not None else 10**12
        deadline = time.perf_counter() + budget.seconds if budget.seconds is not None else None
        c = self.c
        i = 0
        while i < max_iter:
            if deadline is not None and (i & 15) == 0 and time.perf_counter() >= deadline:
                break
            i += 1
            s = determinize(sample, seat, rng)
            node = root
            path: list[tuple[_Node, list[tuple[int, Any]]]] = []
            expanded = False
            # selection and expansion
            while True:
                acting = to_act(s)
                if not acting:
                    break
                choices: list[tuple[int, Any]] = []
                for a in acting:
                    moves = legal(s, a)
                    table = node.stats.get(a)
                    if table is None:
                        table = node.stats[a] = {}
                    untried = []
                    for m in moves:
                        st = table.get(m)
                        if st is None:
                            st = table[m] = _Stat()
                        st.avail += 1
                        if st.n == 0:
                            untried.append(m)
                    if untried:
                        pick = untried[rng.below(len(untried))]
                        expanded = True
                    else:
                        best_v = -1.0
                        pick = moves[0]
                        for m in moves:
                            st = table[m]
                            v = st.w / st.n + c * math.sqrt(math.log(st.avail) / st.n)
                            if v > best_v:
                                best_v, pick = v, m
                    choices.append((a, pick))
                for a, m in choices:
                    apply(s, a, m, True)
                path.append((node, choices))
                key = choices[0][1] if len(choices) == 1 else tuple(choices)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node()
                node = child
                if expanded:
                    break
            # rollout
            depth = 0
            limit = depth_limit
            while depth < limit:
                acting = to_act(s)
                if not acting:
                    break
                a = acting[0]
                moves = legal(s, a)
                apply(s, a, moves[rng.below(len(moves))], True)
                depth += 1
            reward = _rewards(rules, s)
            # backpropagation
            for n, choices in path:
                for a, m in choices:
                    st = n.stats[a][m]
                    st.n += 1
                    st.w += reward[a]
        self.iterations_done = i
        return root

