"""Shardwake's rules, in the rulebook's order, one chapter a module:

- ``setup``: setup and the starting Claims;
- ``order``: 1. the Order phase (turn order by Renown, the catch-up check, the Hired Skiff);
- ``placement``: 2. the Placement phase, with the Island actions and the Harbor actions;
- ``trading``: Trading;
- ``cracks``: Cracks and Falling;
- ``storm``: 3. the Storm phase and the Storm Front;
- ``end``: 4. Cleanup, and the end of the game (the Twin Charters discard, Accusations);
- ``legal``: who owes a decision, what it is, and its menu.

The rules are plain functions over the state, not methods (nor chapter mixins): each chapter
imports what it calls, so a reader follows a rule to its definition, the type checker checks
every call, and the round's loop runs one way through the chapters (placement → storm →
cleanup → the next Order phase), so they import each other without a cycle. Scoring lives in
``scoring.py``, what a seat sees in ``view.py``, words in ``text.py``, the components in
``content.py``. This module is the Rules object that ties them together.
"""

from __future__ import annotations

from engine.core.options import OptionError
from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.shardwake import scoring, text
from engine.games.shardwake import state as st
from engine.games.shardwake import view as seeing
from engine.games.shardwake.rules.end import accuse, keep_agenda
from engine.games.shardwake.rules.legal import legal, to_act
from engine.games.shardwake.rules.order import skiff_choice
from engine.games.shardwake.rules.placement import idle, move_claim, place, resolve_target
from engine.games.shardwake.rules.setup import setup, setup_events, start_claim
from engine.games.shardwake.rules.storm import bid
from engine.games.shardwake.rules.trading import (
    answer_trade,
    cancel_trade,
    offer,
    send_trade,
    start_trade,
)
from engine.games.shardwake.state import (
    ASKING,
    OVER,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Keep,
    MoveClaim,
    Offer,
    Place,
    Send,
    SkiffChoice,
    StartClaim,
    Target,
    Trade,
)


class Shardwake(RulesBase):
    id = "shardwake"
    title = "Shardwake"
    version = 4  # v2 (issue 10): a Brace stops storm Cracks only; the Open Moorings (every ship has a place)
    # v3 (issue 10): Agendas re-tuned in the lab (+2 per Fall token, +3 in Twin Charters; 4 full-value
    # Handshakes, 2 in Calm Skies; a set of 3 Relic types +4)
    # v4 (issue 10): Calm Skies at 3 players: a full set +8, the Syndicate's first Fall token +3
    players = range(3, 6)
    bench_players = 4
    # (the methods below say ``st.State``: in a class body these names are the attributes)
    Options = st.Options
    State = st.State
    Move = st.Move
    View = st.View
    asking = ASKING  # every step a View's ``asking`` can name (besides "": nothing asked)

    # ------------------------------------------------------------------ options

    def check(self, players: int, options: st.Options) -> None:
        super().check(players, options)
        if options.variant == "twin-charters" and players != 3:
            raise OptionError("Shardwake's Twin Charters deals 2 of the 6 Agenda cards to each player, "
                              "so it needs exactly 3 players")

    # ------------------------------------------------------------------ play

    def setup(self, config: Config) -> st.State:
        opts: st.Options = config.options if config.options is not None else st.Options()
        self.check(config.players, opts)
        return setup(config, opts)

    def setup_events(self, s: st.State) -> list[Event]:
        return setup_events(s)

    # the chapter's own functions, not methods that call them: no extra call on the playout path
    to_act = staticmethod(to_act)
    legal = staticmethod(legal)

    def apply(self, s: st.State, seat: int, move: st.Move, quiet: bool = False) -> list[Event]:
        ev: list[Event] | None = None if quiet else []
        # the commonest moves first: ``case`` tests them in order, and a failed class pattern on a
        # msgspec Struct costs about 0.1 µs (isinstance through its metaclass)
        match move:
            case Place(space=space):
                place(s, seat, space, ev)
            case Offer(side=side, item=item):
                offer(s, seat, side, item, ev)
            case Trade(partner=partner):
                start_trade(s, seat, partner, ev)
            case Bid(ballast=ballast):
                bid(s, seat, ballast, ev)
            case Cancel():
                cancel_trade(s, seat, ev)
            case Target(island=i):
                resolve_target(s, seat, i, ev)
            case Send():
                send_trade(s, seat, ev)
            case Answer(accept=accept):
                answer_trade(s, seat, accept, ev)
            case StartClaim(island=i):
                start_claim(s, seat, i, ev)
            case Accuse(target=target, guild=guild):
                accuse(s, seat, target, guild, ev)
            case MoveClaim(island=i):
                move_claim(s, seat, i, ev)
            case Idle():
                idle(s, seat, ev)
            case Keep(card=card):
                keep_agenda(s, seat, card, ev)
            case SkiffChoice(take=take):
                skiff_choice(s, seat, take, ev)
        return ev if ev is not None else []

    # ------------------------------------------------------------------ the end

    def result(self, s: st.State) -> Result | None:
        if s.phase != OVER:
            return None
        return scoring.result(s)

    def estimate(self, s: st.State) -> list[float]:
        """Expected final score per seat, cheap: for cut-off rollouts."""
        return scoring.estimate(s)

    # ------------------------------------------------------------------ what a seat sees

    def view(self, s: st.State, seat: int | None) -> st.View:
        return seeing.view(s, seat)

    def determinize(self, s: st.State, seat: int, rng: Rng) -> st.State:
        return seeing.determinize(s, seat, rng)

    # ------------------------------------------------------------------ words

    def describe(self, s: st.State, seat: int, move: st.Move) -> str:
        return text.describe(s, seat, move)

    def label(self, view: st.View, move: st.Move) -> tuple[str, str]:
        return text.label(view, move)


RULES = Shardwake()
