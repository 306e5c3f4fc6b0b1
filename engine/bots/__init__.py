"""Bots: ``random`` for any game, generic ``ismcts``, and each game's ``heuristic``.

``make(level, game, seed)`` builds one. Levels: ``random``; ``heuristic`` (from
``engine.games.<game>.bots``); ``ismcts`` (default budget), ``ismcts:<N>`` (N
iterations) and ``ismcts:<S>s`` (S seconds); any other level a game's
``bots.LEVELS`` offers.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from engine import games
from engine.bots.base import Bot, Budget, Decision, RandomBot, decision_for
from engine.bots.ismcts import IsmctsBot
from engine.core.rng import Rng, derive_seed
from engine.core.rules import Rules

__all__ = [
    "Bot",
    "Budget",
    "Decision",
    "RandomBot",
    "decide",
    "decision_for",
    "levels",
    "make",
    "sample_for",
]


def _game_bots(rules: Rules) -> Any:
    name = games.module_of(rules.id) + ".bots"
    try:
        return import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None


def levels(rules: Rules) -> list[str]:
    """Bot levels this game offers, weakest first."""
    out = ["random"]
    mod = _game_bots(rules)
    if mod is not None:
        out.extend(getattr(mod, "LEVELS", {}).keys())
    out.append("ismcts")
    return out


def make(level: str, rules: Rules, seed: int = 0) -> Bot:
    """A bot for ``rules`` at ``level``; raises ValueError naming the levels on offer."""
    base, _, arg = level.partition(":")
    if base == "random":
        return RandomBot(rules, seed)
    if base == "ismcts":
        budget = None
        if arg:
            try:
                budget = Budget(seconds=float(arg[:-1])) if arg.endswith("s") else Budget(iterations=int(arg))
            except ValueError:
                raise ValueError(f"ismcts budget must be N (iterations) or Ns (seconds), not {arg!r}") from None
        return IsmctsBot(rules, seed, budget)
    mod = _game_bots(rules)
    table = getattr(mod, "LEVELS", {}) if mod is not None else {}
    if base in table:
        bot: Bot = table[base](rules, seed)
        return bot
    raise ValueError(f"no bot level {level!r} for {rules.title}; try one of: {', '.join(levels(rules))}")


def sample_for(rules: Rules, state: Any, seat: int, seed: int, ply: int) -> tuple[Any, int]:
    """What a bot may be shown: a determinization for ``seat``, and the bot's seed.

    Both derive from the table seed, the seat and the move number, so a bot game
    replays identically wherever the bot runs (in-process or in a worker).
    """
    rng = Rng.seeded(derive_seed(seed, seat, ply))
    sample = rules.determinize(state, seat, rng)
    return sample, rng.next_u64()


def decide(rules: Rules, sample: Any, seat: int, level: str, bot_seed: int, budget: Budget | None = None) -> Any:
    """A bot's move, from a determinized sample only (never the true state)."""
    d = Decision(rules, seat, rules.view(sample, seat), rules.legal(sample, seat), sample)
    return make(level, rules, bot_seed).choose(d, budget)
