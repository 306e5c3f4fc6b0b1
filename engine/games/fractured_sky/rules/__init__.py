"""Fractured Sky's rules, in the rulebook's order, one module a chapter:

- ``setup`` — the table of sides (the automa joins 1 or 2 players), setup, and each round's
  start (the public starfall, the automa's market cards);
- ``main_phase`` — one action a turn: place an airship with a face-down chip (the 10-limit),
  explore, build, scout or forage; the turn-order track; the automa's turn;
- ``end_of_round`` — the reveal, troop power, the objective, regional rewards by troop-power
  rank with the shift down, market income, cleanup and the end of the game;
- ``common`` — what they share.

The seed is the rulebook of the *Awakening* expansions; the base game it expands is designed
here (docs/rules/fractured-sky.md). ``# seed:`` quotes mark the sentences of the seed that a
base rule exists for; ``# designed:`` marks a decision of ours. Objectives and the final
result are in ``scoring.py``; the automa's decisions in ``automa.py``; views and
determinization in ``view.py``; words in ``text.py``.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.fractured_sky import scoring, text
from engine.games.fractured_sky import state as st
from engine.games.fractured_sky import view as st_view
from engine.games.fractured_sky.rules import end_of_round, main_phase, setup
from engine.games.fractured_sky.rules.common import (
    AUTOMA_ONLY,
    ORDER_MOVES,
    chip_menu,
    reward_menu,
)
from engine.games.fractured_sky.state import (
    AutomaTurn,
    Build,
    Chip,
    Forage,
    Move,
    Options,
    Order,
    Place,
    Reward,
    Scout,
    State,
    Step,
)
from engine.games.fractured_sky.view import View


class FracturedSky(RulesBase):
    id = "fractured-sky"
    title = "Fractured Sky"
    version = 1
    players = setup.PLAYERS
    Options = Options
    State = State
    Move = Move
    View = View
    aliases = ("fractured", "fractured-sky-awakening")
    doc = "fractured-sky"
    bench_players = 4
    asking = frozenset(st.ASKING)  # act, chip, order, reward, automa

    # ------------------------------------------------------------------ the table

    def check(self, players: int, options: Any) -> None:
        """Refuse a player count or an automa option that do not go together (one line)."""
        super().check(players, options)
        setup.table(players, options)

    def table(self, players: int, options: st.Options | None) -> tuple[int, st.Options]:
        return setup.table(players, options)

    def automa_seats(self, players: int, options: st.Options | None) -> tuple[int, ...]:
        """The seats the rules play (kind ``automa``): the last ``automa`` sides."""
        n, opts = setup.table(players, options)
        return tuple(range(n - opts.automa, n))

    def setup(self, config: Config) -> st.State:
        return setup.setup(config)

    def setup_events(self, s: st.State) -> list[Event]:
        return setup.setup_events(s)

    # ------------------------------------------------------------------ who acts, and what they may do

    def to_act(self, s: st.State) -> tuple[int, ...]:
        return st.acting(s)

    def legal(self, s: st.State, seat: int) -> list[Any]:
        step = s.step
        if step == Step.ACT:
            return main_phase.actions(s, seat)
        if step == Step.CHIP:
            return list(chip_menu(s.chips[seat], s.budget[seat]))
        if step == Step.AUTOMA:
            return list(AUTOMA_ONLY)
        if step == Step.ORDER:
            return [ORDER_MOVES[k] for k, x in enumerate(s.next_order) if x < 0]
        if step == Step.REWARD:
            return reward_menu(s.rewards[s.rw_region])
        return []

    def apply(self, s: st.State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: list[Event] | None = None if quiet else []
        match move:
            case Place(region=r, explore=ex):
                main_phase.place(s, seat, r, ex, ev)
            case Chip(value=v):
                main_phase.put_chip(s, seat, v, ev)
            case Build(kind=k, where=w):
                main_phase.build(s, seat, k, w, ev)
            case Scout(target=t, index=i):
                main_phase.scout(s, seat, t, i, ev)
            case Forage(resource=res):
                main_phase.forage(s, seat, res, ev)
            case Order(space=k):
                main_phase.take_space(s, seat, k, ev)
            case Reward(code=c):
                end_of_round.take_reward(s, seat, c, ev)
                end_of_round.run_rewards(s, ev)
            case AutomaTurn():
                main_phase.automa_turn(s, seat, ev)
            case _:  # pragma: no cover - the Match checks moves against legal()
                raise ValueError(f"not a Fractured Sky move: {move!r}")
        return ev if ev is not None else []

    # ------------------------------------------------------------------ the end

    def result(self, s: st.State) -> Result | None:
        if s.phase != st.OVER:
            return None
        return scoring.result(s)

    def estimate(self, s: st.State) -> list[float]:
        return scoring.estimate(s)

    # ------------------------------------------------------------------ views and words

    def view(self, s: st.State, seat: int | None) -> st_view.View:
        return st_view.view(s, seat)

    def determinize(self, s: st.State, seat: int, rng: Rng) -> st.State:
        return st_view.determinize(s, seat, rng)

    def describe(self, s: st.State, seat: int, move: Any) -> str:
        return text.describe(s, seat, move)

    def label(self, view: st_view.View, move: Any) -> tuple[str, str]:
        return text.label(view, move)


RULES = FracturedSky()
