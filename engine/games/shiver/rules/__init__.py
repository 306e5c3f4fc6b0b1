"""Shiver Me Timbers' rules engine, split by the rulebook's chapters:

- ``setup``: Game Set-up — life goals, the map (Quick Start or the map-building draft),
  merchants and fortresses, origins and talents;
- ``turn``: Rounds & Turns — actions, free actions, the reaction window, the end of a turn and
  of a round, life goals and the endgame;
- ``travel``, ``trade`` (Upgrade and Trade), ``crew`` (Crew & Rituals), ``treasure``,
  ``missions``: one chapter each;
- ``common``: what they share (moves, words, the continuation stack, dice, the ship).

- ``combat``: Combat — gunfights, boarding and the duel, fortress raids, the pirate hunter's
  attack, and the duel for victory; ``monsters``: Monsters — summoning and the hunt.

- ``titles``: Rise to nobility — the title quests (mission cards of three tasks, marked with the
  progress markers) and the title cards' bonuses.

- ``family``: Lost Family and Find a Soulmate — the relatives' rescues, rings, wishes and soulmates.

- ``events``: the optional events module (the wind cards' backs) and the epic mode's wind deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from engine.core.codec import encode
from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.shiver import content as C
from engine.games.shiver import scoring, text, view
from engine.games.shiver import state as st
from engine.games.shiver.duel_search import search_focus
from engine.games.shiver.rules import (
    combat,
    crew,
    events,
    family,
    missions,
    monsters,
    setup,
    trade,
    travel,
    treasure,
    turn,
)
from engine.games.shiver.rules.common import (
    S_BUY,
    S_DECK,
    S_DROP,
    S_DUMP,
    S_GAIN,
    S_GOALS,
    S_HIRE,
    S_HUNT,
    S_LEAD,
    S_LEARN,
    S_LOSE,
    S_MARKER,
    S_OVER,
    S_OVERBOARD,
    S_PARRY,
    S_PEEK,
    S_PICK,
    S_PLACE,
    S_PLUNDER,
    S_REACT,
    S_REFIT,
    S_ROUTE,
    S_SELL,
    S_STACK,
    S_START,
    S_STRIKE,
    S_SWAP,
    S_TARGET,
    S_TRAVEL,
    S_TURN,
    S_UPGRADE,
    run,
)
from engine.games.shiver.rules.common import to_act as common_to_act
from engine.games.shiver.state import (
    ASKING,
    D_CREW,
    D_MISSION,
    D_RITUAL,
    D_TREASURE,
    D_WISH,
    MAP_DRAFT,
    MAP_QUICK,
    P_EYE,
    P_MISSION,
    P_ORIGIN_M,
    P_ORIGIN_T,
    P_REWARD,
    P_SCOUT,
    P_SOULMATE,
    P_WISH,
    PASS_ONLY,
    Act,
    Buy,
    ChooseDeck,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    DiscardCard,
    DiscardGoods,
    Drop,
    Dump,
    EndTurn,
    Gain,
    HideGold,
    HideTreasure,
    Hunt,
    Improve,
    Lead,
    Marker,
    Move,
    Options,
    Parry,
    Pass,
    Peek,
    PickGoals,
    PickStart,
    PlaceIsland,
    PlaceRoute,
    Play,
    Plunder,
    ReturnCard,
    Rotate,
    Sail,
    SellDone,
    SellPick,
    StartHunt,
    State,
    Strike,
    Swap,
    Take,
    Target,
    UseEvent,
    View,
)


def _pick_legal(s: State, seat: int) -> list[Any]:
    if s.pick_kind == P_WISH:
        return family.keep_legal(s, seat)
    if s.pick_kind == P_SOULMATE:
        return family.soulmate_legal(s, seat)
    if s.pick_kind in (P_ORIGIN_M, P_ORIGIN_T):
        return setup.origin_pick_legal(s, seat)
    return treasure.pick_legal(s, seat)


def _drop_legal(s: State, seat: int) -> list[Any]:
    k = s.drop_kind
    if k == D_WISH:
        return family.discard_legal(s, seat)
    if k == D_TREASURE:
        return treasure.drop_treasure_legal(s, seat)
    if k == D_MISSION:
        return missions.drop_mission_legal(s, seat)
    return crew.drop_card_legal(s, seat)


def _nothing(s: State, seat: int) -> list[Any]:
    return []


_LEGAL: dict[int, Any] = {
    S_GOALS: setup.goals_legal,
    S_PLACE: setup.place_legal,
    S_START: setup.start_legal,
    S_DECK: setup.deck_legal,
    S_PICK: _pick_legal,
    S_DROP: _drop_legal,
    S_TURN: turn.turn_legal,
    S_REACT: turn.react_legal,
    S_TRAVEL: travel.travel_legal,
    S_UPGRADE: trade.upgrade_legal,
    S_BUY: trade.buy_legal,
    S_SELL: trade.sell_legal,
    S_HIRE: crew.hire_legal,
    S_LEARN: crew.learn_legal,
    S_PEEK: travel.peek_legal,
    S_GAIN: turn.gain_legal,
    S_DUMP: turn.dump_legal,
    S_REFIT: turn.refit_legal,
    S_ROUTE: crew.route_legal,
    S_OVERBOARD: turn.overboard_legal,
    S_OVER: _nothing,
    S_TARGET: combat.target_legal,
    S_LEAD: combat.lead_legal,
    S_SWAP: combat.swap_legal,
    S_STRIKE: combat.strike_legal,
    S_PARRY: combat.parry_legal,
    S_PLUNDER: combat.plunder_legal,
    S_LOSE: combat.lose_legal,
    S_HUNT: monsters.hunt_legal,
    S_STACK: monsters.stack_legal,
    S_MARKER: monsters.marker_legal,
}
LEGAL = tuple(_LEGAL.get(i, _nothing) for i in range(max(_LEGAL) + 1))


# ---------------------------------------------------------------- applying a move: one handler per move type
#
# A table by the move's type (a random playout applies ~500 moves a game: no chain of pattern tests).

Ev = list[Event] | None


def _improve(s: State, seat: int, m: Improve, ev: Ev) -> None:
    if s.step == S_UPGRADE:
        trade.upgrade(s, seat, m.attr, ev)
    elif s.step == S_LOSE:
        combat.lose(s, seat, m.attr, ev)
    else:
        trade.refit(s, seat, m.attr, ev)


def _hunt(s: State, seat: int, m: Hunt, ev: Ev) -> None:
    if s.step == S_STACK:
        monsters.stack(s, seat, m.option, ev)
    else:
        monsters.hunt(s, seat, m.option, ev)


def _dump(s: State, seat: int, m: Dump, ev: Ev) -> None:
    if s.step == S_DUMP:
        turn.dump(s, seat, m.res, ev)
    else:
        turn.overboard(s, seat, m.res, ev)


def _discard_goods(s: State, seat: int, m: DiscardGoods, ev: Ev) -> None:
    s.step = 0
    turn.discard_goods(s, seat, m.res, ev)


def _discard_card(s: State, seat: int, m: DiscardCard, ev: Ev) -> None:
    s.step = 0
    turn.discard_card(s, seat, m.card, ev)


def _return_card(s: State, seat: int, m: ReturnCard, ev: Ev) -> None:
    s.step = 0
    crew.return_card(s, seat, m.card, ev)


def _hide_gold(s: State, seat: int, m: HideGold, ev: Ev) -> None:
    s.step = 0
    turn.hide_gold(s, seat, m.amount, ev)


def _hide_treasure(s: State, seat: int, m: HideTreasure, ev: Ev) -> None:
    s.step = 0
    turn.hide_treasure(s, seat, m.card, ev)


def _claim_mission(s: State, seat: int, m: ClaimMission, ev: Ev) -> None:
    s.step = 0
    if m.card >= C.WISH_CODE:
        family.claim(s, seat, m.card - C.WISH_CODE, ev)  # the soulmate's wish, revealed once met
    else:
        missions.claim(s, seat, m.card, ev)


def _claim_goal(s: State, seat: int, m: ClaimGoal, ev: Ev) -> None:
    s.step = 0
    turn.claim_goal(s, seat, m.goal, ev)


def _start_hunt(s: State, seat: int, m: StartHunt, ev: Ev) -> None:
    s.step = 0
    treasure.start_hunt(s, seat, m.card, ev)


def _dig_goods(s: State, seat: int, m: DigGoods, ev: Ev) -> None:
    s.step = 0
    treasure.dig_goods(s, seat, ev)


def _use_event(s: State, seat: int, m: UseEvent, ev: Ev) -> None:
    s.step = 0
    events.use(s, seat, m.arg, ev)


def _place_route(s: State, seat: int, m: PlaceRoute, ev: Ev) -> None:
    if s.step == S_ROUTE:
        crew.smuggle(s, seat, m.tile, m.site, m.dir, ev)
    else:
        setup.place_route(s, seat, m.tile, m.site, m.dir, ev)


def _take(s: State, seat: int, m: Take, ev: Ev) -> None:
    card = m.card
    step = s.step
    if step == S_HIRE:
        crew.hire(s, seat, card, ev)
    elif step == S_LEARN:
        crew.learn(s, seat, card, ev)
    else:
        k = s.pick_kind
        if k == P_WISH:
            family.keep(s, seat, card, ev)
        elif k == P_SOULMATE:
            family.take_soulmate(s, seat, card, ev)
        elif k == P_SCOUT or k == P_EYE:
            treasure.scout_take(s, seat, card, ev)
        elif k == P_MISSION:
            missions.mission_take(s, seat, card, ev)
        elif k == P_REWARD:
            treasure.reward_take(s, seat, card, ev)
        else:
            setup.origin_take(s, seat, card, ev)


def _drop(s: State, seat: int, m: Drop, ev: Ev) -> None:
    card = m.card
    k = s.drop_kind
    s.step = 0
    if k == D_WISH:
        family.discard(s, seat, card, ev)
    elif k == D_TREASURE:
        treasure.discard_treasure(s, seat, card, ev)
    elif k == D_MISSION:
        missions.discard_mission(s, seat, card, ev)
    elif k == D_CREW:
        crew.return_card(s, seat, card, ev)
    elif k == D_RITUAL:
        crew.return_card(s, seat, 10 + card, ev)


_APPLY: dict[type, Callable[[State, int, Any, Ev], None]] = {
    Strike: lambda s, seat, m, ev: combat.strike(s, seat, m.card, ev),
    Parry: lambda s, seat, m, ev: combat.parry(s, seat, m.card, ev),
    Pass: lambda s, seat, m, ev: turn.react_pass(s, seat, ev),
    Play: lambda s, seat, m, ev: crew.play(s, seat, m.card, m.arg, ev),
    Act: lambda s, seat, m, ev: turn.announce(s, seat, m.action, ev),
    Sail: lambda s, seat, m, ev: travel.sail(s, seat, m.node, ev),
    EndTurn: lambda s, seat, m, ev: turn.end_turn(s, seat, ev),
    SellPick: lambda s, seat, m, ev: trade.sell_pick(s, seat, m.item, ev),
    SellDone: lambda s, seat, m, ev: trade.sell_done(s, seat, ev),
    Take: _take,
    Improve: _improve,
    Target: lambda s, seat, m, ev: combat.target(s, seat, m.code, ev),
    Lead: lambda s, seat, m, ev: combat.lead(s, seat, m.side, ev),
    Swap: lambda s, seat, m, ev: combat.swap(s, seat, m.card, ev),
    Plunder: lambda s, seat, m, ev: combat.plunder(s, seat, m.kind, m.item, ev),
    Hunt: _hunt,
    Marker: lambda s, seat, m, ev: monsters.take_marker(s, seat, m.marker, ev),
    Buy: lambda s, seat, m, ev: trade.buy(s, seat, m.units, ev),
    Peek: lambda s, seat, m, ev: travel.peek(s, seat, m.node, ev),
    Drop: _drop,
    Gain: lambda s, seat, m, ev: turn.gain(s, seat, m.res, ev),
    Dump: _dump,
    DiscardGoods: _discard_goods,
    DiscardCard: _discard_card,
    ReturnCard: _return_card,
    HideGold: _hide_gold,
    HideTreasure: _hide_treasure,
    ClaimMission: _claim_mission,
    ClaimGoal: _claim_goal,
    StartHunt: _start_hunt,
    DigGoods: _dig_goods,
    PlaceRoute: _place_route,
    PlaceIsland: lambda s, seat, m, ev: setup.place_island(s, seat, m.island, m.site, ev),
    Rotate: lambda s, seat, m, ev: setup.rotate(s, seat, m.route, m.pivot, m.turn, ev),
    PickGoals: lambda s, seat, m, ev: setup.pick_goals(s, seat, m.a, m.b, ev, m.c),
    UseEvent: _use_event,
    PickStart: lambda s, seat, m, ev: setup.pick_start(s, seat, m.origin, m.talent, ev),
    ChooseDeck: lambda s, seat, m, ev: setup.choose_deck(s, seat, m.deck, ev),
}


_CHECKED: set[tuple[int, bytes]] = set()  # (players, encoded options) that passed ``check``


class Shiver(RulesBase):
    id = "shiver"
    title = "Shiver Me Timbers"
    version = 6  # v2: combat and monsters; v3: issue 17 (title quests and titles, lost family and soulmates, the events module, the epic mode); v4: the white die pays its 200 Gold, a monster on the Fogbank lifts the fog; v5: an epic game ends on the second-to-last available goal completed; v6: the uncle's discount opens the Upgrade action with no treasure aboard
    players = range(2, 5)
    Options = Options
    State = State
    Move = Move
    View = View
    asking = frozenset({*(a for a in ASKING if a), PASS_ONLY})
    aliases: ClassVar[tuple[str, ...]] = ("shiver-me-timbers",)
    doc = "shiver-me-timbers"
    colours: ClassVar[tuple[str, ...]] = ("red", "blue", "green", "yellow")
    bench_players = 4

    # ------------------------------------------------------------------ the protocol

    def setup(self, config: Config) -> st.State:
        opts = config.options if config.options is not None else Options()
        if isinstance(opts, dict):
            opts = self.options_from(opts)
        key = (config.players, encode(opts))
        if key not in _CHECKED:  # checking reads the Options type afresh: once per player count and options
            self.check(config.players, opts)
            if len(_CHECKED) < 256:
                _CHECKED.add(key)
        s = setup.new_state(config, MAP_DRAFT if opts.map == "draft" else MAP_QUICK, epic=opts.epic == "yes")
        s.resilient = opts.resilient == "yes"
        s.neutral = opts.defender == "neutral"
        family.init(s)
        s.events = opts.events == "yes"
        return s

    def setup_events(self, s: st.State) -> list[Event]:
        names = ", ".join(f"{C.LIFE_GOALS[g].number} {C.LIFE_GOALS[g].name}" for g in s.goals)
        return [Event(f"The life goals in play: {names}", kind="goals-dealt", data={"goals": list(s.goals)})]

    to_act = staticmethod(common_to_act)

    def legal(self, s: st.State, seat: int) -> list[Any]:
        moves = LEGAL[s.step](s, seat)  # a new list, or a tuple kept for the map (Travel): copied
        return moves if type(moves) is list else list(moves)

    def apply(self, s: st.State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: list[Event] | None = None if quiet else []
        do = _APPLY.get(type(move))
        if do is None:
            raise ValueError(f"not a Shiver Me Timbers move: {move!r}")
        do(s, seat, move, ev)
        run(s, ev)
        return ev if ev is not None else []

    def view(self, s: st.State, seat: int | None) -> st.View:
        return view.build(s, seat)

    def result(self, s: st.State) -> Result | None:
        return scoring.result(s)

    def determinize(self, s: st.State, seat: int, rng: Rng) -> st.State:
        return view.determinize(s, seat, rng)

    def describe(self, s: st.State, seat: int, move: Any) -> str:
        return text.describe(s, seat, move)

    def label(self, v: Any, move: Any) -> tuple[str, str]:
        return text.label(v, move)

    def estimate(self, s: st.State) -> list[float]:
        return scoring.estimate(s)

    # ISMCTS searches a duel on its own while its cards are chosen (engine.games.shiver.duel_search)
    search_focus = staticmethod(search_focus)


RULES = Shiver()
