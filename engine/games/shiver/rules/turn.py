"""Rounds & Turns: three actions a turn (any action several times), free actions before or
after an action, the reaction window when an action is announced and when it ends, the end of
the turn and of the round, life goals claimed, and the two endgame triggers.

The reaction window. seed: "You can play crew and ritual cards whenever any player announces
or ends an action – no matter whose turn it is. ... The active player may play any number of
cards first. Alternatively, they can pass. Then, the next player (clockwise) may play their
cards. After the last player has passed, the active player once again has the opportunity to
play cards. This continues until no player wants to play a card anymore."

Who is asked must not give away what anyone holds. So the window's members are decided by
what everybody can see: a seat is in the window while it holds a crew card and at least the
cheapest crew card's Gold, or a ritual and at least one unit of goods. Members are asked in
turn (``to_act``), and a member whose hidden hand has nothing it could play and afford right
now has exactly one legal move, Pass — its own view then says ``asking == "pass"`` (nothing to
decide), and a table passes for it without a prompt unless that player chose "always ask me"
(for bluffing). Everybody else's view and ``to_act`` are the same either way.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import (
    combat,
    crew,
    events,
    family,
    missions,
    monsters,
    titles,
    trade,
    travel,
    treasure,
)
from engine.games.shiver.rules.common import (
    ACT,
    CLAIM_GOAL,
    CLAIM_MISSION,
    DIG_GOODS,
    DISCARD_CARD,
    DISCARD_GOODS,
    DUMP,
    END_TURN,
    GAIN,
    GOAL_TEST,
    HIDE_GOLD,
    HIDE_TREASURE,
    IMPROVE,
    K_DETAIL,
    K_DUMP,
    K_END,
    K_GAIN,
    K_OVERBOARD,
    K_REFIT,
    K_RESUME,
    K_WINDOW,
    PASS,
    RETURN_CARD,
    S_DUMP,
    S_GAIN,
    S_NONE,
    S_OVERBOARD,
    S_REACT,
    S_REFIT,
    START_HUNT,
    ask,
    gain_one,
    op,
    push,
    refit_options_of,
    say,
    the_graph,
    who,
)
from engine.games.shiver.scoring import public_scores
from engine.games.shiver.state import (
    HIDE_AMOUNTS,
    MISSION_CODE,
    RITUAL_CODE,
    TRIG_NONE,
    TRIG_WIND,
    WIN_ANNOUNCE,
    WIN_END,
    WIN_NONE,
    State,
)

# ---------------------------------------------------------------- the turn's menu


def action_available(s: State, seat: int, kind: int) -> bool:
    if kind == C.ACT_UPGRADE:
        return trade.can_upgrade(s, seat)
    if kind == C.ACT_BUY:
        return trade.buy_max(s, seat) > 0
    if kind == C.ACT_SELL:
        return trade.can_sell(s, seat)
    if kind == C.ACT_HIRE:
        return crew.can_hire(s, seat)
    if kind == C.ACT_LEARN:
        return crew.can_learn(s, seat)
    if kind == C.ACT_SCOUT:
        return bool(s.t_deck or s.t_disc)
    if kind == C.ACT_MISSION:
        return missions.can_acquire(s, seat)
    return False


def combat_actions(s: State, seat: int) -> list[int]:
    """seed: "Attack ships or raid fortresses", "Fight monsters" — the actions open to this ship where it is."""
    out = []
    if combat.gunfight_targets(s, seat):
        out.append(C.ACT_GUNFIGHT)
    if combat.board_targets(s, seat):
        out.append(C.ACT_BOARD)
    if combat.can_raid(s, seat):
        out.append(C.ACT_RAID)
    m = monsters.monster_here(s, seat)
    if m >= 0 and titles.can_start_monster_hunt(s, seat, m):
        out.append(C.ACT_HUNT)
    return out


def _scout_open(s: State, seat: int) -> bool:
    return bool(s.t_deck or s.t_disc)


def _can_buy(s: State, seat: int) -> bool:
    return trade.buy_max(s, seat) > 0


_AVAILABLE = {C.ACT_UPGRADE: trade.can_upgrade, C.ACT_BUY: _can_buy, C.ACT_SELL: trade.can_sell,
              C.ACT_HIRE: crew.can_hire, C.ACT_LEARN: crew.can_learn, C.ACT_SCOUT: _scout_open,
              C.ACT_MISSION: missions.can_acquire}
ISLAND_ACTIONS = tuple(tuple((ACT[k], _AVAILABLE[k]) for k in isl.actions) for isl in C.ISLANDS)  # action_available's
ACT_TRAVEL, ACT_GUNFIGHT, ACT_BOARD, ACT_RAID, ACT_HUNT, ACT_LEARN, ACT_DIG = (
    ACT[C.ACT_TRAVEL], ACT[C.ACT_GUNFIGHT], ACT[C.ACT_BOARD], ACT[C.ACT_RAID], ACT[C.ACT_HUNT], ACT[C.ACT_LEARN],
    ACT[C.ACT_DIG])
HIDE_MOVES = tuple(tuple(HIDE_GOLD[a] for a in HIDE_AMOUNTS if gold >= a) + (HIDE_GOLD[0],)
                   for gold in range(max(HIDE_AMOUNTS) + 1))  # by Gold up to the largest amount
HIDE_TOP = len(HIDE_MOVES) - 1


def turn_legal(s: State, seat: int) -> list[object]:
    """The turn's menu: actions (while some are left), then free actions, then End turn. The same moves in the
    same order as ``action_available`` and ``combat_actions`` give, with the common cases checked first (a random
    playout asks this menu some 200 times a game)."""
    if s.turn_done:
        return [END_TURN]  # a lost or tied fight ended this turn
    pos = s.pos[seat]
    tr = s.track[seat]
    if s.actions > 0:
        out: list[object] = [ACT_TRAVEL]
        if pos < 6:
            for act, available in ISLAND_ACTIONS[pos]:
                if available(s, seat):
                    out.append(act)
            if s.talent[seat] == C.MYSTIC and pos != C.ISLA_OSCURA and crew.can_learn(s, seat):
                out.append(ACT_LEARN)  # the Mystic learns rituals on any island
            if (titles.holds(s, seat, C.T_BUCCANEER) and C.ACT_MISSION not in C.ISLANDS[pos].actions
                    and missions.can_acquire(s, seat)):
                out.append(ACT[C.ACT_MISSION])  # the Governor's Buccaneer acquires missions on any island
            if tr >= 0 and C.TREASURES[tr].island == pos:
                out.append(ACT_DIG)
            extra = events.extra_action(s)  # an event opens an island action on every island
            if extra >= 0 and extra not in C.ISLANDS[pos].actions and action_available(s, seat, extra) and not (
                    extra == C.ACT_LEARN and s.talent[seat] == C.MYSTIC):
                out.append(ACT[extra])
            if s.fortress and s.fortress_up[pos] < 2:  # combat.can_raid
                out.append(ACT_RAID)
        else:
            merchants = s.merchant
            if (pos < len(merchants) and merchants[pos] >= 0) or s.pos.count(pos) > 1:  # combat.board_targets
                if combat.gunfight_targets(s, seat):
                    out.append(ACT_GUNFIGHT)
                out.append(ACT_BOARD)
        if pos in s.monster_at and titles.can_start_monster_hunt(s, seat, monsters.monster_here(s, seat)):
            out.append(ACT_HUNT)
    else:
        out = []
    # ---- free actions
    add = out.append
    cargo = s.cargo[seat]
    treasures = s.t_hand[seat]
    if pos < 6:
        if tr < 0 and titles.can_start_treasure_hunt(s, seat):
            for c in treasures:
                if C.TREASURES[c].island == pos:
                    add(START_HUNT[c])
        elif C.TREASURES[tr].island == pos and cargo[C.TREASURES[tr].res]:
            add(DIG_GOODS)
    held = s.missions[seat]
    if held:
        for c in missions.claimable(s, seat):
            add(CLAIM_MISSION[c])
    out.extend(family.claim_legal(s, seat))  # the soulmate's wish, once met (issue 17)
    if markers_left(s, seat) > 0:
        for (test, target, claim), claims in zip(_goal_plan(s.goals), s.claims, strict=True):
            if test(s, seat) >= target and seat not in claims:
                add(claim)
    gold = s.gold[seat]
    if gold:
        out.extend(HIDE_MOVES[gold if gold < HIDE_TOP else HIDE_TOP])
    for c in s.t_ship[seat]:
        add(HIDE_TREASURE[c])
    if cargo[0]:
        add(DISCARD_GOODS[0])
    if cargo[1]:
        add(DISCARD_GOODS[1])
    if cargo[2]:
        add(DISCARD_GOODS[2])
    for c in treasures:
        add(DISCARD_CARD[c])
    if tr >= 0:
        add(DISCARD_CARD[tr])
    for m in held:
        add(DISCARD_CARD[MISSION_CODE + m])
    hand = s.crew[seat]
    if hand:
        for t in sorted(set(hand)):
            add(RETURN_CARD[t])
    hand = s.rits[seat]
    if hand:
        for t in sorted(set(hand)):
            add(RETURN_CARD[RITUAL_CODE + t])
    if s.event >= 0:
        out.extend(events.options(s, seat))
    add(END_TURN)
    return out


def markers_left(s: State, seat: int) -> int:
    """The tokens a captain still has to mark life goals with. seed: "Use your unused origin markers for this"
    (6, one on the tableau: 5); in epic mode "unused life goal markers (instead of origin markers)" (10, with
    the three secret ones in the chest: 7)."""
    have = C.GOAL_MARKERS - C.EPIC_SECRET_GOALS if s.epic else C.ORIGIN_MARKERS - 1
    return have - sum(1 for c in s.claims if seat in c)


GoalPlan = tuple[tuple[Callable[[State, int], int], int, object], ...]
_GOAL_PLANS: dict[tuple[int, ...], GoalPlan] = {}


def _goal_plan(goals: list[int]) -> GoalPlan:
    """Per goal dealt: how its progress is counted, its target and its claim move (by the goals' tuple)."""
    key = tuple(goals)
    plan = _GOAL_PLANS.get(key)
    if plan is None:
        plan = _GOAL_PLANS[key] = tuple((GOAL_TEST[g][0], GOAL_TEST[g][1], CLAIM_GOAL[g]) for g in goals)
    return plan


# ---------------------------------------------------------------- announcing and resolving an action


def announce(s: State, seat: int, kind: int, ev: list[Event] | None) -> None:
    """An action is announced: the announce window, then its detail, then the end window."""
    s.actions -= 1
    s.act = kind
    s.step = S_NONE
    if ev is not None:
        say(ev, "announce", f"{who(s, seat)} announces: {C.ACTION_NAMES[kind]}", seat, action=kind)
    push(s, K_END)
    push(s, K_DETAIL, seat, kind)
    push(s, K_WINDOW, 0, WIN_ANNOUNCE)


_DETAIL = {
    C.ACT_TRAVEL: travel.begin,
    C.ACT_UPGRADE: trade.upgrade_begin,
    C.ACT_BUY: trade.buy_begin,
    C.ACT_SELL: trade.sell_begin,
    C.ACT_HIRE: crew.hire_begin,
    C.ACT_LEARN: crew.learn_begin,
    C.ACT_SCOUT: treasure.scout_begin,
    C.ACT_MISSION: missions.acquire_begin,
    C.ACT_GUNFIGHT: combat.target_begin,
    C.ACT_BOARD: combat.target_begin,
    C.ACT_RAID: combat.raid_begin,
    C.ACT_HUNT: monsters.hunt_begin,
}


@op(K_DETAIL)
def _detail(s: State, seat: int, kind: int, ev: list[Event] | None) -> None:
    if kind == C.ACT_DIG:
        tr = s.track[seat]
        if tr >= 0 and s.pos[seat] == C.TREASURES[tr].island:
            treasure.dig(s, seat, ev)
        else:
            if ev is not None:
                say(ev, "action-spent", f"{who(s, seat)} has no hunt here any more: the action is spent", seat)
        return
    _DETAIL[kind](s, seat, ev)


@op(K_END)
def _end_action(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    s.act = -1
    open_window(s, WIN_END)


# ---------------------------------------------------------------- the reaction window


def member(s: State, i: int) -> bool:
    """In the window by what everybody can see (see the module's note)."""
    return bool((s.crew[i] and s.gold[i] >= C.MIN_CREW_COST) or (s.rits[i] and any(s.cargo[i])))


@op(K_WINDOW)
def _window(s: State, seat: int, kind: int, ev: list[Event] | None) -> None:
    open_window(s, kind)


def open_window(s: State, kind: int) -> None:
    if not any(s.crew) and not any(s.rits):
        return  # nobody holds a card: no window
    s.win = kind
    s.win_passed = 0
    window_continue(s, s.turn)


def window_continue(s: State, first: int) -> None:
    """Ask the next member (clockwise from ``first``) who has not passed since the last card played."""
    p = s.players
    passed = s.win_passed
    crew, rits, gold, cargo = s.crew, s.rits, s.gold, s.cargo
    for k in range(p):
        i = (first + k) % p
        # member(s, i), inline: the window is asked about twice an action
        if not passed >> i & 1 and ((crew[i] and gold[i] >= C.MIN_CREW_COST) or (rits[i] and any(cargo[i]))):
            s.win_seat = i
            ask(s, S_REACT, i)
            return
    s.win = WIN_NONE
    s.win_seat = -1
    s.win_passed = 0


@op(K_RESUME)
def _resume(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    window_continue(s, s.win_seat)


def react_legal(s: State, seat: int) -> list[object]:
    return [PASS, *crew.playable(s, seat)]


def react_pass(s: State, seat: int, ev: list[Event] | None) -> None:
    s.win_passed |= 1 << seat
    s.step = S_NONE
    if ev is not None:
        say(ev, "pass", f"{who(s, seat)} passes", seat)
    window_continue(s, (seat + 1) % s.players)


# ---------------------------------------------------------------- small steps shared by the chapters


@op(K_REFIT)
def _refit(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    if refit_options_of(s, seat):
        ask(s, S_REFIT, seat)
    else:
        if ev is not None:
            say(ev, "refit-lost", f"{who(s, seat)}'s ship is fully upgraded: the free upgrade is lost", seat)


def refit_legal(s: State, seat: int) -> list[object]:
    return [IMPROVE[a] for a in refit_options_of(s, seat)]


@op(K_GAIN)
def _gain(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    ask(s, S_GAIN, seat)


def gain_legal(s: State, seat: int) -> list[object]:
    return list(GAIN)


def gain(s: State, seat: int, res: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    gain_one(s, seat, res, ev, "green die")


@op(K_DUMP)
def _dump(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    ask(s, S_DUMP, seat)


def dump_legal(s: State, seat: int) -> list[object]:
    cargo = s.cargo[seat]
    return [DUMP[-1], *(DUMP[r] for r in range(3) if cargo[r] and r != s.gain_res)]


def dump(s: State, seat: int, res: int, ev: list[Event] | None) -> None:
    new = s.gain_res
    s.gain_res = -1
    s.step = S_NONE
    if res < 0:
        if ev is not None:
            say(ev, "dump", f"{who(s, seat)} leaves the {C.RESOURCES[new]} behind: the hold is full", seat)
        return
    s.cargo[seat][res] -= 1
    s.cargo[seat][new] += 1
    if ev is not None:
        say(ev, "dump", f"{who(s, seat)} throws 1 {C.RESOURCES[res]} overboard to load 1 {C.RESOURCES[new]}", seat)


@op(K_OVERBOARD)
def _overboard(s: State, seat: int, plague: int, ev: list[Event] | None) -> None:
    """One unit overboard (the plague), or as many as a lost hull upgrade no longer holds."""
    cargo = s.cargo[seat]
    total = sum(cargo)
    if not total or (not plague and total <= s.hul[seat]):
        return
    if not plague:
        push(s, K_OVERBOARD, seat, 0)  # check again once this unit is gone
    held = [r for r in range(3) if cargo[r]]
    if len(held) == 1:
        overboard(s, seat, held[0], ev)
    else:
        ask(s, S_OVERBOARD, seat)


def overboard_legal(s: State, seat: int) -> list[object]:
    return [DUMP[r] for r in range(3) if s.cargo[seat][r]]


def overboard(s: State, seat: int, res: int, ev: list[Event] | None) -> None:
    s.cargo[seat][res] -= 1
    s.step = S_NONE
    if ev is not None:
        say(ev, "overboard", f"{who(s, seat)} throws 1 {C.RESOURCES[res]} overboard", seat, res=res)


# ---------------------------------------------------------------- free actions


def discard_goods(s: State, seat: int, res: int, ev: list[Event] | None) -> None:
    s.cargo[seat][res] -= 1
    if ev is not None:
        say(ev, "discard-goods", f"{who(s, seat)} throws 1 {C.RESOURCES[res]} overboard", seat, res=res)


def hide_gold(s: State, seat: int, amount: int, ev: list[Event] | None) -> None:
    # seed: "Announce which treasure or how much gold you are hiding and put them in the chest."
    amount = amount or s.gold[seat]
    s.gold[seat] -= amount
    s.chest[seat] += amount
    if ev is not None:
        say(ev, "hide", f"{who(s, seat)} hides {amount} Gold in the chest", seat, gold=amount)
    titles.task(s, seat, C.Q_HIDE, ev=ev)


def hide_treasure(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    s.t_ship[seat].remove(card)
    s.t_chest[seat].append(card)
    if ev is not None:
        say(ev, "hide", f"{who(s, seat)} hides {C.TREASURES[card].name} in the chest", seat, card=card)
    titles.task(s, seat, C.Q_HIDE, ev=ev)


def discard_card(s: State, seat: int, code: int, ev: list[Event] | None) -> None:
    if code >= MISSION_CODE:
        missions.discard_mission(s, seat, code - MISSION_CODE, ev)
    else:
        treasure.discard_treasure(s, seat, code, ev)


# ---------------------------------------------------------------- life goals


def claim_goal(s: State, seat: int, g: int, ev: list[Event] | None) -> None:
    # seed: "Whenever you meet the requirements on one of the life goals, mark it with one of your tokens"
    gi = s.goals.index(g)
    first = not s.claims[gi]
    s.claims[gi].append(seat)
    s.goal_rounds.append([g, seat, s.round])
    goal = C.LIFE_GOALS[g]
    pts = C.GOAL_FIRST if first else C.GOAL_LATER
    if ev is not None:
        say(ev, "claim-goal", f"{who(s, seat)} claims the life goal {goal.number} {goal.name} ({pts} points)", seat, goal=g, points=pts)
    # seed: "As soon as any player claims the second-to-last life goal ... this triggers the endgame."
    events.goals_trigger(s, ev)


# ---------------------------------------------------------------- the end of a turn and of a round


def end_turn(s: State, seat: int, ev: list[Event] | None) -> None:
    if ev is not None:
        say(ev, "end-turn", f"{who(s, seat)} ends the turn", seat)
    # seed: "At the end of the active player's turn, all played cards are returned to the corresponding decks."
    if any(s.crew_out):
        for t in range(len(C.CREW)):
            s.crew_deck[t] += s.crew_out[t]
        s.crew_out = [0] * len(C.CREW)
    if any(s.rit_out):
        for t in range(len(C.RITUALS)):
            s.rit_deck[t] += s.rit_out[t]
        s.rit_out = [0] * len(C.RITUALS)
    p = s.players
    if any(s.t_spd):
        s.t_spd = [0] * p
    if any(s.t_stg):
        s.t_stg = [0] * p
    if any(s.rit_turn):
        s.rit_turn = [0] * p
    s.actions = 0
    s.turn_done = False
    s.event_used = False
    s.step = S_NONE
    if s.epic:
        events.goals_trigger(s, ev)  # a goal met by a captain with no marker left (Designed here: epic mode)
    nxt = (s.turn + 1) % p
    if nxt == s.start:
        end_round(s, ev)
    if not s.over:
        s.turn = nxt
        s.actions = C.ACTIONS_PER_TURN


def end_round(s: State, ev: list[Event] | None) -> None:
    # seed: "Place new merchants on any empty (no merchant) and unoccupied (no player) anchor spots."
    for node in the_graph(s).anchors:
        if s.merchant[node] < 0 and node not in s.pos and s.m_stack:
            s.merchant[node] = s.m_stack.pop()
            s.m_up[node] = s.m_known[node] = s.m_safe[node] = s.m_damage[node] = 0
            if ev is not None:
                say(ev, "new-merchant", "A new merchant drops anchor", node=node)
    # seed: "Turn any active (red) pest markers to their inactive side ... immune for the rest of the game."
    for i in range(6):
        if s.pest[i] == C.PEST_ACTIVE:
            s.pest[i] = C.PEST_IMMUNE
            if ev is not None:
                say(ev, "plague-over", f"The plague on {C.ISLANDS[i].name} is over: the island is immune", island=i)
    s.wind_set = -1
    s.by_round.append(public_scores(s))
    if s.ending:
        if combat.final_duel(s, ev):
            return  # the duel for victory decides the tie; the game ends with it
        s.over = True
        if ev is not None:
            say(ev, "game-over", f"Round {s.round} is over, and with it the game")
        return
    # seed: "Reveal a new wind card (and a new event, if you are playing with the optional event module)";
    # "The endgame is triggered ... when the last wind and event card is revealed."
    events.next_wind(s, ev)
    s.round += 1
    w = C.WIND_CARDS[s.wind]
    if ev is not None:
        say(ev, "round", f"Round {s.round} begins. The wind: {w.name} ({w.value})", reveal=True, round=s.round, wind=w.value)
    events.reveal_event(s, ev)
    # seed (epic): "Ignore the alternative trigger, and simply reshuffle the wind deck if it should ever run out"
    if not s.wind_deck and not s.epic:
        s.ending = True
        if s.trigger == TRIG_NONE:
            s.trigger = TRIG_WIND
        if ev is not None:
            say(ev, "endgame", "The last wind card is revealed: this is the final round", trigger="wind")

