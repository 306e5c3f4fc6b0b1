"""What every chapter of the rules shares: the step numbers as plain ints, the moves built
once, the players' names in events, the continuation stack, the ship's effective values,
goods in the hold, and the dice.

The continuation stack (``State.stack``) says what happens once the current decision is
made: an action announced pushes "the announce window, then the action's detail, then the
end window"; a die that grants an upgrade pushes "choose the upgrade" above them. ``run``
pops entries until one asks somebody something (sets ``State.step``). An entry is one int:
``op | seat << 5 | arg << 8``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.rules import Event, say
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.state import (
    HIDE_AMOUNTS,
    RITUAL_CODE,
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
    Improve,
    Pass,
    Peek,
    Play,
    ReturnCard,
    Sail,
    SellDone,
    SellPick,
    StartHunt,
    State,
    Step,
    Take,
)

S_NONE = int(Step.NONE)
S_GOALS = int(Step.GOALS)
S_PLACE = int(Step.PLACE)
S_START = int(Step.START)
S_DECK = int(Step.DECK)
S_PICK = int(Step.PICK)
S_DROP = int(Step.DROP)
S_TURN = int(Step.TURN)
S_REACT = int(Step.REACT)
S_TRAVEL = int(Step.TRAVEL)
S_UPGRADE = int(Step.UPGRADE)
S_BUY = int(Step.BUY)
S_SELL = int(Step.SELL)
S_HIRE = int(Step.HIRE)
S_LEARN = int(Step.LEARN)
S_PEEK = int(Step.PEEK)
S_GAIN = int(Step.GAIN)
S_DUMP = int(Step.DUMP)
S_REFIT = int(Step.REFIT)
S_ROUTE = int(Step.ROUTE)
S_OVERBOARD = int(Step.OVERBOARD)
S_OVER = int(Step.OVER)
S_TARGET = int(Step.TARGET)
S_LEAD = int(Step.LEAD)
S_SWAP = int(Step.SWAP)
S_STRIKE = int(Step.STRIKE)
S_PARRY = int(Step.PARRY)
S_PLUNDER = int(Step.PLUNDER)
S_LOSE = int(Step.LOSE)
S_HUNT = int(Step.HUNT)
S_STACK = int(Step.STACK)
S_MARKER = int(Step.MARKER)

NAMES = ("Red", "Blue", "Green", "Yellow")

# ---------------------------------------------------------------- moves, built once

ACT = tuple(Act(k) for k in range(len(C.ACTION_NAMES)))
SAIL = tuple(Sail(n) for n in range(200))
IMPROVE = tuple(Improve(a) for a in range(3))
BUY = tuple(Buy(n) for n in range(8))
SELL_RES = tuple(SellPick(r) for r in range(3))
SELL_DONE = SellDone()
TAKE = {c: Take(c) for c in range(-1, 40)}
DROP = {c: Drop(c) for c in range(40)}
PEEK = {n: Peek(n) for n in range(-1, 200)}
GAIN = tuple(Gain(r) for r in range(3))
DUMP = {r: Dump(r) for r in range(-1, 3)}
PASS = Pass()
DISCARD_GOODS = tuple(DiscardGoods(r) for r in range(3))
DISCARD_CARD = {c: DiscardCard(c) for c in range(200)}
RETURN_CARD = {c: ReturnCard(c) for c in range(RITUAL_CODE + 9)}
HIDE_GOLD = {a: HideGold(a) for a in (0, *HIDE_AMOUNTS)}
HIDE_TREASURE = tuple(HideTreasure(c) for c in range(len(C.TREASURES)))
CLAIM_MISSION = tuple(ClaimMission(c) for c in range(len(C.MISSIONS)))
CLAIM_GOAL = tuple(ClaimGoal(g) for g in range(len(C.LIFE_GOALS)))
START_HUNT = tuple(StartHunt(c) for c in range(len(C.TREASURES)))
DIG_GOODS = DigGoods()
END_TURN = EndTurn()
CHOOSE_DECK = (ChooseDeck(0), ChooseDeck(1))
_PLAY: dict[tuple[int, int], Play] = {}


def play_move(card: int, arg: int) -> Play:
    mv = _PLAY.get((card, arg))
    if mv is None:
        mv = _PLAY[(card, arg)] = Play(card, arg)
    return mv


SEAT_TUPLES = tuple((i,) for i in range(8))

# ---------------------------------------------------------------- words


def who(s: State, seat: int) -> str:
    if 0 <= seat < len(s.names) and s.names[seat]:
        return s.names[seat]
    return NAMES[seat] if 0 <= seat < len(NAMES) else f"seat {seat}"


def others(s: State, seat: int) -> tuple[int, ...]:
    return tuple(i for i in range(s.players) if i != seat)


def node_name(s: State, node: int) -> str:
    if node < 6:
        return C.ISLANDS[node].name
    g = the_graph(s)
    if g.kind[node] == chart.SPOT:
        return C.SPOT_NAMES[g.spot[node]]
    tile = g.tile[node]
    what = "anchor spot" if g.kind[node] == chart.ANCHOR else "sea space"
    return f"{what} on the {C.ROUTES[tile].name.lower() if tile < 6 else C.ROUTES[tile].name}"


def goods_text(units: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {C.RESOURCES[r]}" for r, n in enumerate(units) if n]
    return ", ".join(parts) if parts else "nothing"


# ---------------------------------------------------------------- the map


_GRAPHS: dict[int, tuple[int, chart.Graph]] = {}


def the_graph(s: State) -> chart.Graph:
    """The travel graph of the state's map (looked up by ``State.chart_key``, set by ``map_changed``)."""
    hit = _GRAPHS.get(s.chart_key)
    if hit is not None and hit[0] == len(s.routes):
        return hit[1]
    g = chart.graph(tuple(s.isl_site), tuple(s.routes))
    if len(_GRAPHS) > 4096:
        _GRAPHS.clear()
    _GRAPHS[s.chart_key] = (len(s.routes), g)
    return g


def map_changed(s: State) -> None:
    """Call after the map changes: a new key for the travel graph."""
    s.chart_key = hash((tuple(s.isl_site), tuple(s.routes))) & ((1 << 62) - 1)


def ships_at(s: State, node: int) -> bool:
    return node in s.pos


# ---------------------------------------------------------------- the continuation stack

K_WINDOW, K_RESUME, K_DETAIL, K_END, K_PEEK, K_REFIT, K_CREW, K_RITUAL, K_REWARD, K_GAIN, K_OVERBOARD, K_ORIGIN, \
    K_DUMP, K_BEGIN, K_DUEL, K_LOSE, K_AFTER = range(1, 18)


def push(s: State, op: int, seat: int = 0, arg: int = 0) -> None:
    s.stack.append(op | seat << 5 | arg << 8)


OPS: dict[int, Callable[[State, int, int, list[Event] | None], None]] = {}


def op(code: int) -> Callable[[Callable[[State, int, int, list[Event] | None], None]],
                              Callable[[State, int, int, list[Event] | None], None]]:
    def register(fn: Callable[[State, int, int, list[Event] | None], None]
                 ) -> Callable[[State, int, int, list[Event] | None], None]:
        OPS[code] = fn
        return fn
    return register


def ask(s: State, step: int, seat: int) -> None:
    s.step = step
    s.actor = seat


def run(s: State, ev: list[Event] | None) -> None:
    """Resolve what is pending until somebody must decide something."""
    stack = s.stack
    ops = OPS
    while s.step == S_NONE:
        if stack:
            e = stack.pop()
            ops[e & 31](s, (e >> 5) & 7, e >> 8, ev)
        elif s.over:
            s.step = S_OVER
            s.actor = -1
        else:
            s.step = S_TURN
            s.actor = s.turn


# ---------------------------------------------------------------- the ship


def lasting(s: State, seat: int, kind: int) -> int:
    """The sum of a lasting bonus over the treasures on this ship."""
    total = 0
    for c in s.t_ship[seat]:
        t = C.TREASURES[c]
        if t.bonus == kind:
            total += t.value
    if s.soulmate:  # the family's and the soulmate's abilities (issue 17) add to the treasures'
        for f in s.family[seat]:
            r = C.FAMILY[f]
            if r.bonus == kind:
                total += r.value
        k = s.soulmate[seat]
        if k >= 0 and C.SOULMATES[k].bonus == kind:
            total += C.SOULMATES[k].value
    return total


def holds_title(s: State, seat: int, title: int) -> bool:
    """The seat holds this title card (content.TITLES; rules/titles.py)."""
    return bool(s.title_of) and s.title_of[title] == seat


def speed(s: State, seat: int) -> int:
    v = s.spd[seat] + s.t_spd[seat] + lasting(s, seat, C.L_SPEED)
    return v + C.ADMIRAL_SPEED if holds_title(s, seat, C.T_ADMIRAL) else v


def strength(s: State, seat: int) -> int:
    v = s.stg[seat] + s.t_stg[seat] + lasting(s, seat, C.L_STRENGTH)
    return v + C.PRIVATEER_STRENGTH if holds_title(s, seat, C.T_PRIVATEER) else v


def active_event(s: State) -> int:
    """This round's event (content.EVENTS), -1 when none is face up (the events module, from round 2)."""
    return C.WIND_EVENT[s.event] if s.event >= 0 else -1


def event_value(s: State, kind: int) -> int:
    """The number on this round's event when it is ``kind``, else 0."""
    return C.EVENTS[kind].value if s.event >= 0 and C.WIND_EVENT[s.event] == kind else 0


def wind(s: State) -> int:
    if s.wind_set >= 0:
        return s.wind_set
    return C.WIND_CARDS[s.wind].value if s.wind >= 0 else 0


def movement(s: State, seat: int) -> int:
    """seed: "Add up your speed and the current wind" (never less than 1)."""
    m = speed(s, seat) + wind(s)
    if s.talent[seat] == C.TRAMP:
        m += C.TRAMP_MOVE
    if holds_title(s, seat, C.T_TIDES):
        m += C.TIDES_MOVE
    return max(1, m)


def attr_list(s: State, attr: int) -> list[int]:
    return s.spd if attr == C.SPEED else s.stg if attr == C.STRENGTH else s.hul


def refit_options_of(s: State, seat: int) -> list[int]:
    """The attributes a free upgrade can still raise (never above 7)."""
    return [a for a, vals in ((C.SPEED, s.spd), (C.STRENGTH, s.stg), (C.HULL, s.hul)) if vals[seat] < C.MAX_ATTR]


def upgrade_price(s: State, seat: int, new_value: int) -> int:
    cost = C.upgrade_cost(new_value)
    if s.talent[seat] == C.SHIPWRIGHT:
        cost -= C.SHIPWRIGHT_DISCOUNT
    cost -= lasting(s, seat, C.L_DISCOUNT)
    return max(100, cost)


def lose_upgrade(s: State, seat: int, attr: int, ev: list[Event] | None, why: str) -> bool:
    """seed: "any effect that would reduce an attribute to less than 1 reduces it to 1 instead"."""
    vals = attr_list(s, attr)
    if vals[seat] <= 1:
        if ev is not None:
            say(ev, "no-harm", f"{who(s, seat)}'s {C.ATTRS[attr]} is already 1: {why} does no harm", seat)
        return False
    vals[seat] -= 1
    if ev is not None:
        say(ev, "lose", f"{who(s, seat)} loses 1 {C.ATTRS[attr]} upgrade ({why}): now {vals[seat]}", seat, attr=attr)
    if attr == C.HULL and sum(s.cargo[seat]) > s.hul[seat]:
        push(s, K_OVERBOARD, seat)
    return True


# ---------------------------------------------------------------- goods


def room(s: State, seat: int) -> int:
    return s.hul[seat] - sum(s.cargo[seat])


def gain_goods(s: State, seat: int, res: int, n: int, ev: list[Event] | None, why: str) -> int:
    """Load up to ``n`` units (what does not fit stays behind); returns the units loaded."""
    fit = min(n, room(s, seat))
    if fit > 0:
        s.cargo[seat][res] += fit
    if fit < n:
        if ev is not None:
            say(ev, "gain", f"{who(s, seat)} takes {fit} {C.RESOURCES[res]} ({why}); {n - fit} find no room in the hold", seat)
    else:
        if ev is not None:
            say(ev, "gain", f"{who(s, seat)} takes {n} {C.RESOURCES[res]} ({why})", seat)
    return fit


def gain_one(s: State, seat: int, res: int, ev: list[Event] | None, why: str) -> None:
    """One unit from a die: with a full hold its captain may throw another unit overboard for it."""
    if room(s, seat) > 0:
        s.cargo[seat][res] += 1
        if ev is not None:
            say(ev, "gain", f"{who(s, seat)} takes 1 {C.RESOURCES[res]} ({why})", seat)
    elif any(s.cargo[seat][r] for r in range(3) if r != res):
        s.gain_res = res
        push(s, K_DUMP, seat)
    else:
        if ev is not None:
            say(ev, "no-room", f"{who(s, seat)}'s hold is full of {C.RESOURCES[res]}: the unit stays behind", seat)


def earn(s: State, seat: int, gold: int, source: int) -> None:
    s.gold[seat] += gold
    s.income[seat][source] += gold


# ---------------------------------------------------------------- dice


def roll(s: State, seat: int, die: tuple[int, ...], kind: int) -> int:
    face_i = s.rng.below(len(die))
    s.last_roll.append(kind * 10 + face_i)
    return die[face_i]


DIE_WHITE, DIE_GREEN, DIE_RED, DIE_BLUE = range(4)


def roll_white(s: State, seat: int, ev: list[Event] | None, where: str, source: int) -> None:
    face = roll(s, seat, C.WHITE_DIE, DIE_WHITE)
    if ev is not None:
        say(ev, "roll", f"{who(s, seat)} rolls the white die {where}: {C.WHITE_FACES[face]}", seat, reveal=True, die="white", face=C.WHITE_FACES[face])
    if face == C.WD_ACTION:
        if seat == s.turn and not s.over:
            s.actions += 1
        else:
            if ev is not None:
                say(ev, "action-lost", f"it is not {who(s, seat)}'s turn: the extra action is lost", seat)
    elif face == C.WD_GOLD:
        earn(s, seat, C.WHITE_GOLD, source)
    else:
        push(s, K_REFIT, seat)


def roll_green(s: State, seat: int, ev: list[Event] | None, where: str) -> None:
    face = roll(s, seat, C.GREEN_DIE, DIE_GREEN)
    if ev is not None:
        say(ev, "roll", f"{who(s, seat)} rolls the green die {where}: {C.GREEN_FACES[face]}", seat, reveal=True, die="green", face=C.GREEN_FACES[face])
    if face <= C.G_SUGAR:
        gain_one(s, seat, face, ev, "green die")
    elif face == C.G_CHOICE:
        push(s, K_GAIN, seat)


def roll_red(s: State, seat: int, ev: list[Event] | None, where: str) -> None:
    face = roll(s, seat, C.RED_DIE, DIE_RED)
    if ev is not None:
        say(ev, "roll", f"{who(s, seat)} rolls the red die {where}: {C.RED_FACES[face]}", seat, reveal=True, die="red", face=C.RED_FACES[face])
    if face != C.R_EMPTY:
        attr = {C.R_STRENGTH: C.STRENGTH, C.R_SPEED: C.SPEED, C.R_HULL: C.HULL}[face]
        lose_upgrade(s, seat, attr, ev, "the red die")


# ---------------------------------------------------------------- cards


def ritual_cost(s: State, seat: int, rtype: int) -> tuple[int, int, int]:
    cost = C.RITUALS[rtype].cost
    less = (s.talent[seat] == C.MYSTIC) + (1 if event_value(s, C.EV_MOON) else 0)  # the event Blood moon
    if not less or sum(cost) <= 1:
        return cost
    out = list(cost)
    for _ in range(less):
        if sum(out) <= 1:
            break  # never less than one in all
        for r in range(3):
            if out[r]:
                out[r] -= 1
                break
    return out[0], out[1], out[2]


def ritual_limit(s: State, seat: int) -> int:
    return C.MYSTIC_RITUALS if s.talent[seat] == C.MYSTIC else C.HAND_LIMIT


def treasure_cards(s: State, seat: int) -> int:
    """seed: "a maximum of 3 treasure cards total (i.e. in your hand and on the treasure track)"."""
    return len(s.t_hand[seat]) + (1 if s.track[seat] >= 0 else 0)


def draw_treasure(s: State, ev: list[Event] | None) -> int:
    """The top treasure card; an empty deck is the discard pile shuffled (seed)."""
    if not s.t_deck:
        if not s.t_disc:
            return -1
        s.t_deck = s.t_disc
        s.t_disc = []
        s.rng.shuffle(s.t_deck)
        s.t_mask = [0] * len(s.t_deck)
        if ev is not None:
            say(ev, "reshuffle", "The treasure deck ran out: the discard pile is shuffled into a new deck", reveal=True)
    s.t_mask.pop()
    return s.t_deck.pop()


def draw_mission(s: State, ev: list[Event] | None) -> int:
    if not s.m_deck:
        if not s.m_disc:
            return -1
        s.m_deck = s.m_disc
        s.m_disc = []
        s.rng.shuffle(s.m_deck)
        s.m_mask = [0] * len(s.m_deck)
        if ev is not None:
            say(ev, "reshuffle", "The mission deck ran out: the discard pile is shuffled into a new deck", reveal=True)
    s.m_mask.pop()
    return s.m_deck.pop()


def to_bottom(deck: list[int], mask: list[int], cards: list[int], seat: int) -> None:
    """The cards go under the deck one by one in the order given, so the last one ends at the very
    bottom; the seat that saw them knows where they are."""
    for c in cards:
        deck.insert(0, c)
        mask.insert(0, 1 << seat)


def progress(s: State, seat: int, cond: int, amount: int = 1, a: int | None = None) -> None:
    """An event-driven mission task advances for every held card of that kind (``a``: its parameter)."""
    ms = s.missions[seat]
    for j, card in enumerate(ms):
        m = C.MISSIONS[card]
        if m.cond == cond and (a is None or m.a == a):
            s.m_prog[seat][j] += amount


def played_code(card: int) -> int:
    """Index into State.taken / State.played: crew 0-8, rituals 9-17."""
    return card if card < RITUAL_CODE else 9 + card - RITUAL_CODE


# ---------------------------------------------------------------- life goals and who acts

PROGRESS = {
    C.G_ISLANDS: lambda s, seat: s.visited[seat].bit_count(),
    C.G_SOLD: lambda s, seat: s.sold[seat],
    C.G_SHIP: lambda s, seat: s.spd[seat] + s.stg[seat] + s.hul[seat],
    C.G_MISSIONS: lambda s, seat: len(s.m_done[seat]),
    C.G_RAISED: lambda s, seat: s.raised[seat],
    C.G_RITUALS: lambda s, seat: s.rituals_played[seat],
    C.G_CHEST: lambda s, seat: s.chest[seat],
    C.G_DEFEAT: lambda s, seat: len(s.defeated[seat]) + s.beaten[seat],
    C.G_FORTRESS: lambda s, seat: len(s.forts_won[seat]),
    C.G_MONSTER: lambda s, seat: len(s.monsters_won[seat]),
}
# per goal: (how progress is counted, the target)
GOAL_TEST = tuple((PROGRESS.get(g.kind, lambda s, seat: 0), g.target) for g in C.LIFE_GOALS)


def goal_progress(s: State, seat: int, g: int) -> int:
    """How far ``seat`` has come toward life goal ``g`` (in the goal's own unit); fortresses and
    monsters come with combat (issue 16)."""
    return GOAL_TEST[g][0](s, seat)


def goal_met(s: State, seat: int, g: int) -> bool:
    test, target = GOAL_TEST[g]
    return test(s, seat) >= target


def to_act(s: State) -> tuple[int, ...]:
    """The seats that owe a decision now: everybody still choosing in secret (life goals, origin and
    talent), else the one seat asked."""
    step = s.step
    if s.actor >= 0 and step != S_OVER:
        return SEAT_TUPLES[s.actor]
    if step == S_GOALS:
        return tuple(i for i in range(s.players) if not s.secret[i])
    if step == S_START:
        return tuple(i for i in range(s.players) if s.origin[i] < 0)
    return ()
