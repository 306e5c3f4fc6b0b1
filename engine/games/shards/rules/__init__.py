"""Shards of Creation, as the rulebook reads, one chapter a module:

- ``setup``: setup and round setup (with the Cultivation and Devotion trumps' deals);
- ``drawing``: drawing and discarding, the draw deck and the discard pile;
- ``tricks``: playing a trick, following the lead, who wins, taking a card;
- ``abilities``: the card abilities, as each card is played;
- ``round_end``: round end, the Odium trump, and the end of the game;
- ``legal``: each step's menu of legal moves;
- ``moves``: applying a move (the answer to the step the game waits for).

``turns`` is what every chapter shares: who is asked, and how an event is said.

Speed matters (bots play thousands of games), so the rules are plain functions over a
state of ints and lists of ints, moves are built once (state.py) and ``quiet=True`` skips
every string. This module is the Rules object that ties the chapters to the view
(``view.py``), the words (``text.py``) and the scoring (``scoring.py``).
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.shards import scoring, text
from engine.games.shards import state as st
from engine.games.shards import view as seeing
from engine.games.shards.rules.legal import AUTO, LEGAL
from engine.games.shards.rules.moves import HANDLERS
from engine.games.shards.rules.setup import check_shards, setup, setup_events
from engine.games.shards.rules.turns import Events
from engine.games.shards.state import ASKING, OVER


class ShardsRules(RulesBase):
    id = "shards"
    title = "Shards of Creation"
    version = 4  # v2: identical cards are one menu choice even when the card between them is elsewhere
    # v3: a Devotion Swap chain cannot bring back a card it put into the scoring area (chains were endless)
    # v4: no private decision resolves by itself (Release is asked whenever the hand holds a card;
    # Cull, Theft's and Preservation Renewal's discards are asked even with one option), and under
    # the Autonomy trump a Swap on the lead card cannot bring in Autonomy (issue 10)
    players = range(2, 5)
    aliases = ("shards-of-creation",)
    doc = "shards-of-creation"
    bench_players = 3
    # (the methods below say ``st.State``: in a class body these names are the attributes)
    Options = st.Options
    State = st.State
    Move = st.Move
    View = st.View
    asking = ASKING  # every step a View's ``asking`` can name (besides "": nothing asked)

    # ------------------------------------------------------------- options

    def check(self, players: int, options: st.Options) -> None:
        super().check(players, options)
        check_shards(list(options.shards), players)

    # ------------------------------------------------------------- play

    def setup(self, config: Config) -> st.State:
        opts: st.Options = config.options if config.options is not None else st.Options()
        self.check(config.players, opts)
        return setup(config, opts)

    def setup_events(self, s: st.State) -> list[Event]:
        return setup_events(s)

    def to_act(self, s: st.State) -> tuple[int, ...]:
        return s.acting

    def legal(self, s: st.State, seat: int) -> list[st.Move]:
        return LEGAL[s.step](s, seat)

    def apply(self, s: st.State, seat: int, move: st.Move, quiet: bool = False) -> list[Event]:
        ev: Events = None if quiet else []
        HANDLERS[move.__class__](s, seat, move, ev)
        # a menu with one option is no choice: it resolves itself
        step = s.step
        while AUTO[step]:
            seat = s.turn
            opts = LEGAL[step](s, seat)
            if len(opts) != 1:
                break
            m = opts[0]
            HANDLERS[m.__class__](s, seat, m, ev)
            step = s.step
        return ev if ev is not None else []

    # ------------------------------------------------------------- result

    def result(self, s: st.State) -> Result | None:
        if s.step != OVER:
            return None
        return scoring.result(s)

    def estimate(self, s: st.State) -> list[float]:
        return scoring.estimate(s)

    # ------------------------------------------------------------- what a seat sees

    def view(self, s: st.State, seat: int | None) -> st.View:
        return seeing.view(s, seat)

    def determinize(self, s: st.State, seat: int, rng: Rng) -> st.State:
        return seeing.determinize(s, seat, rng)

    # ------------------------------------------------------------- words

    def describe(self, s: st.State, seat: int, move: st.Move) -> str:
        return text.describe(s, seat, move)

    def label(self, view: st.View, move: st.Move) -> tuple[str, str]:
        return text.label(view, move)


RULES = ShardsRules()
