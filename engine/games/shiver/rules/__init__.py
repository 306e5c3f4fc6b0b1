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

Family, soulmates, titles, events and epic mode are issue 17. The hooks they need are in place:
a pirate hunter holding a relative pays a treasure today (``combat.rescue``), title quests are
mission cards.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.rng import Rng
from engine.core.rules import Config, Event, Result, RulesBase
from engine.games.shiver import content as C
from engine.games.shiver import scoring, text, view
from engine.games.shiver import state as st
from engine.games.shiver.duel_search import search_focus
from engine.games.shiver.rules import (
    combat,
    crew,
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
    MAP_DRAFT,
    MAP_QUICK,
    P_EYE,
    P_MISSION,
    P_ORIGIN_M,
    P_ORIGIN_T,
    P_REWARD,
    P_SCOUT,
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
    View,
)


def _pick_legal(s: State, seat: int) -> list[Any]:
    if s.pick_kind in (P_ORIGIN_M, P_ORIGIN_T):
        return setup.origin_pick_legal(s, seat)
    return treasure.pick_legal(s, seat)


def _drop_legal(s: State, seat: int) -> list[Any]:
    k = s.drop_kind
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


class Shiver(RulesBase):
    id = "shiver"
    title = "Shiver Me Timbers"
    version = 2  # v2: combat and monsters
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
        self.check(config.players, opts)
        s = setup.new_state(config, MAP_DRAFT if opts.map == "draft" else MAP_QUICK)
        s.resilient = opts.resilient == "yes"
        s.neutral = opts.defender == "neutral"
        return s

    def setup_events(self, s: st.State) -> list[Event]:
        names = ", ".join(f"{C.LIFE_GOALS[g].number} {C.LIFE_GOALS[g].name}" for g in s.goals)
        return [Event(f"The life goals in play: {names}", kind="goals-dealt", data={"goals": list(s.goals)})]

    to_act = staticmethod(common_to_act)

    def legal(self, s: st.State, seat: int) -> list[Any]:
        return list(LEGAL[s.step](s, seat))

    def apply(self, s: st.State, seat: int, move: Any, quiet: bool = False) -> list[Event]:
        ev: list[Event] | None = None if quiet else []
        match move:
            case Strike(card=card):  # the duel's moves first: a duel is many small moves
                combat.strike(s, seat, card, ev)
            case Parry(card=card):
                combat.parry(s, seat, card, ev)
            case Pass():
                turn.react_pass(s, seat, ev)
            case Play(card=card, arg=arg):
                crew.play(s, seat, card, arg, ev)
            case Act(action=kind):
                turn.announce(s, seat, kind, ev)
            case Sail(node=node):
                travel.sail(s, seat, node, ev)
            case EndTurn():
                turn.end_turn(s, seat, ev)
            case SellPick(item=item):
                trade.sell_pick(s, seat, item, ev)
            case SellDone():
                trade.sell_done(s, seat, ev)
            case Take(card=card):
                self._take(s, seat, card, ev)
            case Improve(attr=attr):
                if s.step == S_UPGRADE:
                    trade.upgrade(s, seat, attr, ev)
                elif s.step == S_LOSE:
                    combat.lose(s, seat, attr, ev)
                else:
                    trade.refit(s, seat, attr, ev)
            case Target(code=code):
                combat.target(s, seat, code, ev)
            case Lead(side=side):
                combat.lead(s, seat, side, ev)
            case Swap(card=card):
                combat.swap(s, seat, card, ev)
            case Plunder(kind=kind, item=item):
                combat.plunder(s, seat, kind, item, ev)
            case Hunt(option=o):
                if s.step == S_STACK:
                    monsters.stack(s, seat, o, ev)
                else:
                    monsters.hunt(s, seat, o, ev)
            case Marker(marker=k):
                monsters.take_marker(s, seat, k, ev)
            case Buy(units=units):
                trade.buy(s, seat, units, ev)
            case Peek(node=node):
                travel.peek(s, seat, node, ev)
            case Drop(card=card):
                self._drop(s, seat, card, ev)
            case Gain(res=res):
                turn.gain(s, seat, res, ev)
            case Dump(res=res):
                if s.step == S_DUMP:
                    turn.dump(s, seat, res, ev)
                else:
                    turn.overboard(s, seat, res, ev)
            case DiscardGoods(res=res):
                s.step = 0
                turn.discard_goods(s, seat, res, ev)
            case DiscardCard(card=card):
                s.step = 0
                turn.discard_card(s, seat, card, ev)
            case ReturnCard(card=card):
                s.step = 0
                crew.return_card(s, seat, card, ev)
            case HideGold(amount=amount):
                s.step = 0
                turn.hide_gold(s, seat, amount, ev)
            case HideTreasure(card=card):
                s.step = 0
                turn.hide_treasure(s, seat, card, ev)
            case ClaimMission(card=card):
                s.step = 0
                missions.claim(s, seat, card, ev)
            case ClaimGoal(goal=goal):
                s.step = 0
                turn.claim_goal(s, seat, goal, ev)
            case StartHunt(card=card):
                s.step = 0
                treasure.start_hunt(s, seat, card, ev)
            case DigGoods():
                s.step = 0
                treasure.dig_goods(s, seat, ev)
            case PlaceRoute(tile=tile, site=site, dir=d):
                if s.step == S_ROUTE:
                    crew.smuggle(s, seat, tile, site, d, ev)
                else:
                    setup.place_route(s, seat, tile, site, d, ev)
            case PlaceIsland(island=island, site=site):
                setup.place_island(s, seat, island, site, ev)
            case Rotate(route=k, pivot=pivot, turn=t):
                setup.rotate(s, seat, k, pivot, t, ev)
            case PickGoals(a=a, b=b):
                setup.pick_goals(s, seat, a, b, ev)
            case PickStart(origin=o, talent=t):
                setup.pick_start(s, seat, o, t, ev)
            case ChooseDeck(deck=d):
                setup.choose_deck(s, seat, d, ev)
            case _:
                raise ValueError(f"not a Shiver Me Timbers move: {move!r}")
        run(s, ev)
        return ev if ev is not None else []

    def _take(self, s: st.State, seat: int, card: int, ev: list[Event] | None) -> None:
        step = s.step
        if step == S_HIRE:
            crew.hire(s, seat, card, ev)
        elif step == S_LEARN:
            crew.learn(s, seat, card, ev)
        else:
            k = s.pick_kind
            if k == P_SCOUT or k == P_EYE:
                treasure.scout_take(s, seat, card, ev)
            elif k == P_MISSION:
                missions.mission_take(s, seat, card, ev)
            elif k == P_REWARD:
                treasure.reward_take(s, seat, card, ev)
            else:
                setup.origin_take(s, seat, card, ev)

    def _drop(self, s: st.State, seat: int, card: int, ev: list[Event] | None) -> None:
        k = s.drop_kind
        s.step = 0
        if k == D_TREASURE:
            treasure.discard_treasure(s, seat, card, ev)
        elif k == D_MISSION:
            missions.discard_mission(s, seat, card, ev)
        elif k == D_CREW:
            crew.return_card(s, seat, card, ev)
        elif k == D_RITUAL:
            crew.return_card(s, seat, 10 + card, ev)

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
