"""Crew & Rituals: hiring crew at The Bay and learning rituals on Isla Oscura (chosen from
unshuffled decks, at most 3 of each), and playing them — for Gold or resources — in the
reaction window, with every card's effect."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.rules import titles
from engine.games.shiver.rules.common import (
    DROP,
    K_CREW,
    K_RESUME,
    K_RITUAL,
    S_DROP,
    S_HIRE,
    S_LEARN,
    S_NONE,
    S_ROUTE,
    TAKE,
    ask,
    earn,
    lasting,
    lose_upgrade,
    map_changed,
    op,
    play_move,
    played_code,
    progress,
    push,
    refit_options_of,
    ritual_cost,
    ritual_limit,
    say,
    the_graph,
    who,
)
from engine.games.shiver.rules.monsters import can_summon, free_spots, summon
from engine.games.shiver.rules.setup import route_kinds, route_move, route_words
from engine.games.shiver.rules.trade import refit
from engine.games.shiver.rules.travel import peek
from engine.games.shiver.rules.treasure import advance, show_treasures
from engine.games.shiver.state import (
    D_CREW,
    D_RITUAL,
    LURE_CODE,
    P_EYE,
    RITUAL_CODE,
    SRC_CARDS,
    SRC_TRADE,
    Play,
    State,
)

# ---------------------------------------------------------------- collecting cards


def can_hire(s: State, seat: int) -> bool:
    # seed: "At any time, you can have a maximum of 3 crew and 3 ritual cards."
    return len(s.crew[seat]) < C.HAND_LIMIT and sum(s.crew_deck) > 0


def can_learn(s: State, seat: int) -> bool:
    return len(s.rits[seat]) < ritual_limit(s, seat) and sum(s.rit_deck) > 0


def hire_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    if sum(s.crew_deck):
        ask(s, S_HIRE, seat)
    else:
        if ev is not None:
            say(ev, "deck-empty", "The crew deck is empty", seat)


def learn_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    if sum(s.rit_deck):
        ask(s, S_LEARN, seat)
    else:
        if ev is not None:
            say(ev, "deck-empty", "The ritual deck is empty", seat)


@op(K_CREW)
def _free_crew(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    hire_begin(s, seat, ev)


@op(K_RITUAL)
def _free_ritual(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    learn_begin(s, seat, ev)


def hire_legal(s: State, seat: int) -> list[object]:
    # seed: "Take the action Hire crew to choose one card from the crew deck"
    return [TAKE[t] for t, n in enumerate(s.crew_deck) if n]


def learn_legal(s: State, seat: int) -> list[object]:
    return [TAKE[t] for t, n in enumerate(s.rit_deck) if n]


def hire(s: State, seat: int, t: int, ev: list[Event] | None) -> None:
    s.crew_deck[t] -= 1
    s.crew[seat].append(t)
    s.taken[t] += 1
    s.step = S_NONE
    if ev is not None:
        say(ev, "hire", f"{who(s, seat)} hires a crew card", seat, to=_others(s, seat))
    if ev is not None:
        say(ev, "hire", f"{who(s, seat)} hires a {C.CREW[t].name}", seat, to=(seat,), card=t)
    if len(s.crew[seat]) > C.HAND_LIMIT:
        s.drop_kind = D_CREW
        ask(s, S_DROP, seat)


def learn(s: State, seat: int, t: int, ev: list[Event] | None) -> None:
    s.rit_deck[t] -= 1
    s.rits[seat].append(t)
    s.taken[9 + t] += 1
    s.step = S_NONE
    if ev is not None:
        say(ev, "learn", f"{who(s, seat)} learns a ritual", seat, to=_others(s, seat))
    if ev is not None:
        say(ev, "learn", f"{who(s, seat)} learns the {C.RITUALS[t].name}", seat, to=(seat,), card=t)
    if len(s.rits[seat]) > ritual_limit(s, seat):
        s.drop_kind = D_RITUAL
        ask(s, S_DROP, seat)


def drop_card_legal(s: State, seat: int) -> list[object]:
    hand = s.crew[seat] if s.drop_kind == D_CREW else s.rits[seat]
    return [DROP[t] for t in sorted(set(hand))]


def return_card(s: State, seat: int, code: int, ev: list[Event] | None) -> None:
    """seed: "Discard crew and ritual cards: Return the card to its deck to free the slot for different cards.\""""
    if code < RITUAL_CODE:
        s.crew[seat].remove(code)
        s.crew_deck[code] += 1
        if ev is not None:
            say(ev, "return", f"{who(s, seat)} returns a crew card to its deck", seat)
    else:
        s.rits[seat].remove(code - RITUAL_CODE)
        s.rit_deck[code - RITUAL_CODE] += 1
        if ev is not None:
            say(ev, "return", f"{who(s, seat)} returns a ritual card to its deck", seat)


def _others(s: State, seat: int) -> tuple[int, ...]:
    return tuple(i for i in range(s.players) if i != seat)


# ---------------------------------------------------------------- which cards a seat could play now


def smuggler_places(s: State) -> tuple[tuple[int, int, int], ...]:
    kinds = route_kinds(s.box)
    if not kinds:
        return ()
    return chart.placements(tuple(s.isl_site), tuple(s.routes), kinds)


def fence_codes(cargo: list[int]) -> list[int]:
    """Shady Fence: one unit (r * 4 + 3) or two units (r1 * 4 + r2, r1 <= r2)."""
    out = []
    for r1 in range(3):
        if not cargo[r1]:
            continue
        out.append(r1 * 4 + 3)
        for r2 in range(r1, 3):
            if cargo[r2] >= (2 if r2 == r1 else 1):
                out.append(r1 * 4 + r2)
    return out


def _effect_moves(s: State, seat: int, code: int, card: C.Card, out: list[Play]) -> None:
    e = card.effect
    if e in (C.E_SPEED, C.E_STRENGTH, C.E_GOLD):
        out.append(play_move(code, 0))
    elif e == C.E_ACTION:
        if seat == s.turn:
            out.append(play_move(code, 0))
            # seed: "To face the Sea Serpent, hire a First Mate on The Bay. He will lure the Sea Serpent"
            if code == C.FIRST_MATE and can_summon(s, C.MON_SERPENT):
                out.extend(play_move(code, LURE_CODE + n) for n in free_spots(s))
    elif e == C.E_SABOTAGE:
        out.extend(play_move(code, t) for t in range(s.players) if t != seat and s.stg[t] > 1)
    elif e == C.E_CURSE:
        out.extend(play_move(code, t) for t in range(s.players) if t != seat and s.spd[t] > 1)
    elif e == C.E_UPGRADE:
        out.extend(play_move(code, a) for a in refit_options_of(s, seat))
    elif e == C.E_ROUTE:
        if smuggler_places(s):
            out.append(play_move(code, 0))
    elif e == C.E_SPY:
        bit = 1 << seat
        for n in the_graph(s).anchors:
            if s.merchant[n] >= 0 and not s.m_up[n] and not s.m_known[n] & bit:
                out.append(play_move(code, n))
        if s.t_deck:
            out.append(play_move(code, -1))
    elif e == C.E_FENCE:
        out.extend(play_move(code, f) for f in fence_codes(s.cargo[seat]))
    elif e == C.E_DIG:
        tr = s.track[seat]
        if tr >= 0 and s.pos[seat] == C.TREASURES[tr].island:
            out.append(play_move(code, 0))
    elif e == C.E_WIND:
        out.extend(play_move(code, w) for w in C.IK_WINDS)
    elif e == C.E_SCOUT:
        if s.t_deck or s.t_disc:
            out.append(play_move(code, 0))
    elif e == C.E_PLAGUE:
        out.extend(play_move(code, i) for i in range(6) if s.pest[i] == C.PEST_NONE)
    elif e == C.E_KRAKEN:
        # seed: "To face the Kraken, learn the ritual which summons it on Isla Oscura."
        if can_summon(s, C.MON_KRAKEN):
            out.extend(play_move(code, n) for n in free_spots(s))


def playable(s: State, seat: int) -> list[Play]:
    """The cards ``seat`` could play and afford at this moment (with every target)."""
    out: list[Play] = []
    gold = s.gold[seat]
    for t in sorted(set(s.crew[seat])):
        card = C.CREW[t]
        if card.gold <= gold and card.needs in C.BUILT and (not card.active_only or seat == s.turn):
            _effect_moves(s, seat, t, card, out)
    cargo = s.cargo[seat]
    for t in sorted(set(s.rits[seat])):
        card = C.RITUALS[t]
        if card.needs not in C.BUILT:
            continue
        cost = ritual_cost(s, seat, t)
        if cargo[0] >= cost[0] and cargo[1] >= cost[1] and cargo[2] >= cost[2]:
            _effect_moves(s, seat, RITUAL_CODE + t, card, out)
    return out


# ---------------------------------------------------------------- playing a card


def play(s: State, seat: int, code: int, arg: int, ev: list[Event] | None) -> None:
    # seed: "Playing cards does not count as an action." "At the end of the active player's turn,
    # all played cards are returned to the corresponding decks."
    if code < RITUAL_CODE:
        card = C.CREW[code]
        s.crew[seat].remove(code)
        s.crew_out[code] += 1
        s.gold[seat] -= card.gold
        s.spent[seat][2] += card.gold
        paid = f"{card.gold} Gold"
    else:
        t = code - RITUAL_CODE
        card = C.RITUALS[t]
        cost = ritual_cost(s, seat, t)
        for r in range(3):
            s.cargo[seat][r] -= cost[r]
        s.rits[seat].remove(t)
        s.rit_out[t] += 1
        s.rituals_played[seat] += 1
        titles.task(s, seat, C.Q_RITUAL, ev=ev)
        s.rit_turn[seat] += 1
        for j, mc in enumerate(s.missions[seat]):
            m = C.MISSIONS[mc]
            if m.cond == C.M_RITUALS_TURN and s.rit_turn[seat] >= m.a:
                s.m_prog[seat][j] = max(s.m_prog[seat][j], 1)
        paid = ", ".join(f"{n} {C.RESOURCES[r]}" for r, n in enumerate(cost) if n)
    s.played[played_code(code)] += 1
    s.win_passed = 0
    s.step = S_NONE
    push(s, K_RESUME)
    if ev is not None:
        say(ev, "play", f"{who(s, seat)} plays {card.name} ({paid}): {card.text}", seat, reveal=True, card=code, arg=arg)
    e = card.effect
    if e == C.E_SPEED:
        s.t_spd[seat] += card.value
    elif e == C.E_STRENGTH:
        s.t_stg[seat] += card.value
    elif e == C.E_ACTION:
        if arg >= LURE_CODE:
            summon(s, seat, C.MON_SERPENT, arg - LURE_CODE, ev)
        else:
            s.actions += card.value
    elif e == C.E_KRAKEN:
        summon(s, seat, C.MON_KRAKEN, arg, ev)
    elif e == C.E_GOLD:
        earn(s, seat, card.value, SRC_CARDS)
    elif e == C.E_SABOTAGE:
        if lose_upgrade(s, arg, C.STRENGTH, ev, card.name):
            progress(s, seat, C.M_SABOTAGE)
    elif e == C.E_CURSE:
        if lose_upgrade(s, arg, C.SPEED, ev, card.name):
            progress(s, seat, C.M_SABOTAGE)
    elif e == C.E_UPGRADE:
        refit(s, seat, arg, ev)
    elif e == C.E_WIND:
        s.wind_set = arg
        if ev is not None:
            say(ev, "wind", f"The wind blows {arg} until the end of the round", seat, wind=arg)
    elif e == C.E_PLAGUE:
        s.pest[arg] = C.PEST_ACTIVE
        progress(s, seat, C.M_PLAGUE)
        if ev is not None:
            say(ev, "plague", f"The plague breaks out on {C.ISLANDS[arg].name}", seat, island=arg)
    elif e == C.E_FENCE:
        _fence(s, seat, arg, card.value, ev)
    elif e == C.E_DIG:
        advance(s, seat, card.value, ev, "sends the Grizzled Digger")
    elif e == C.E_SPY:
        _spy(s, seat, arg, ev)
    elif e == C.E_SCOUT:
        show_treasures(s, seat, card.value, P_EYE, ev, "reads the Eye of Itzamna")
    elif e == C.E_ROUTE:
        ask(s, S_ROUTE, seat)


def _fence(s: State, seat: int, code: int, price: int, ev: list[Event] | None) -> None:
    r1, r2 = divmod(code, 4)
    units = [r1] + ([r2] if r2 < 3 else [])
    bonus = lasting(s, seat, C.L_SELL) + (C.BARON_GOLD if titles.holds(s, seat, C.T_BARON) else 0)
    gold = 0
    for r in units:
        s.cargo[seat][r] -= 1
        gold += price + bonus
    s.sold[seat] += len(units)
    earn(s, seat, gold, SRC_TRADE)
    if ev is not None:
        say(ev, "fence", f"{who(s, seat)} sells {', '.join(C.RESOURCES[r] for r in units)} to the fence for {gold} Gold", seat, gold=gold)


def _spy(s: State, seat: int, node: int, ev: list[Event] | None) -> None:
    if node >= 0:
        peek(s, seat, node, ev, remote=True)
        s.step = S_NONE
        return
    n = min(3, len(s.t_deck))
    bit = 1 << seat
    for k in range(1, n + 1):
        s.t_mask[-k] |= bit
    top = [s.t_deck[-k] for k in range(1, n + 1)]
    if ev is not None:
        say(ev, "spy-deck", f"{who(s, seat)}'s spy looks at the top {n} treasure cards", seat)
    if ev is not None:
        say(ev, "see", f"{who(s, seat)} learns the top of the treasure deck: {', '.join(C.TREASURES[c].name for c in top)}", seat, to=(seat,), reveal=True, cards=top)


def route_legal(s: State, seat: int) -> list[object]:
    return [route_move(*p) for p in smuggler_places(s)]


def smuggle(s: State, seat: int, tile: int, site: int, d: int, ev: list[Event] | None) -> None:
    """The Reckless Smuggler's route: placed by the rules of map building (no rotation: ships sail
    the map now). Its anchors get merchants at the end of the round."""
    if ev is not None:
        say(ev, "smuggle", f"{who(s, seat)}'s smuggler opens {route_words(s, tile, site, d)}", seat, tile=tile, site=site, dir=d)
    s.routes.extend((tile, site, d))
    s.box.remove(tile)
    map_changed(s)
    n = the_graph(s).n
    grow = n - len(s.merchant)
    for lst in (s.merchant,):
        lst.extend([-1] * grow)
    for lst in (s.m_up, s.m_known, s.m_safe, s.m_damage):
        lst.extend([0] * grow)
    progress(s, seat, C.M_SMUGGLE)
    s.step = S_NONE
