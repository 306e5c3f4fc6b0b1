"""Combat, in the rulebook's order: gunfights, boarding attacks (the prelude, the duel, the
aftermath for merchants and for players), fortress raids, the pirate hunter's attack — and the
duel for victory that breaks the last tie at the end.

seed: "There are three kinds of Combat actions: Gunfights to weaken ships out at sea; Boarding
attacks to plunder other players' ships or merchant ships out at sea; Fortress raids on islands."

A duel has two *sides*: side 0 attacked, side 1 was attacked. Each side has a captain whose ship
fights (``State.duel_ship``; -1 for a merchant or a fortress) and a seat that decides for it
(``State.duel_seats``): the captain themselves, or — seed: "When a player attacks a merchant or a
fortress, the player to their right takes the role of the other captain" — the attacker's
right-hand neighbour, or -1, the neutral bot (option ``defender=neutral``), whose choices the rules
make at once. The miniature stands at ``duel_pos``: positive in side 1's half.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import family, titles
from engine.games.shiver.rules.common import (
    IMPROVE,
    K_DUEL,
    K_LOSE,
    K_REWARD,
    K_WINDOW,
    S_LEAD,
    S_LOSE,
    S_NONE,
    S_PARRY,
    S_PLUNDER,
    S_STRIKE,
    S_SWAP,
    S_TARGET,
    ask,
    earn,
    event_value,
    gain_goods,
    lose_upgrade,
    node_name,
    op,
    push,
    roll_red,
    say,
    speed,
    strength,
    the_graph,
    who,
)
from engine.games.shiver.scoring import tied_for_victory
from engine.games.shiver.state import (
    DUEL_BOARD,
    DUEL_FINAL,
    DUEL_FORT,
    DUEL_HUNTER,
    DUEL_MERCHANT,
    DUEL_NONE,
    MERCHANT_TARGET,
    SRC_COMBAT,
    WIN_PRELUDE,
    Lead,
    Parry,
    Plunder,
    State,
    Strike,
    Swap,
    Target,
)


class DuelFields(Protocol):
    """What a duel's menus and the neutral bot read: a game's State, or the lean duel of the search
    (``engine.games.shiver.duel_search``), which names its fields the same."""

    duel_hands: list[list[int]]
    duel_turn: int
    duel_card: int
    duel_pos: int
    duel_feint: bool
    duel_swaps: int


TARGET = {c: Target(c) for c in range(MERCHANT_TARGET + 200)}
LEAD = (Lead(0), Lead(1))
SWAP = {c: Swap(c) for c in range(-1, len(C.DUEL_CARDS))}
STRIKE = {c: Strike(c) for c in range(-1, len(C.DUEL_CARDS))}
PARRY = {c: Parry(c) for c in range(-1, len(C.DUEL_CARDS))}
STRIKE_PASS, PARRY_TAKE = STRIKE[-1], PARRY[-1]
GUARD_ZONE = tuple(d.guard if d.blue == C.BLUE_GUARD else -1 for d in C.DUEL_CARDS)  # -1: a blue special
_PLUNDER: dict[tuple[int, int], Plunder] = {}


def plunder_move(kind: int, item: int) -> Plunder:
    mv = _PLUNDER.get((kind, item))
    if mv is None:
        mv = _PLUNDER[(kind, item)] = Plunder(kind, item)
    return mv


def right_of(s: State, seat: int) -> int:
    """The player to a seat's right: the one before it in the clockwise order of play."""
    return (seat - 1) % s.players


def other_captain(s: State, attacker: int) -> int:
    """seed: "When a player attacks a merchant or a fortress, the player to their right takes the role of the
    other captain." (-1: the neutral bot, by option.)"""
    return -1 if s.neutral else right_of(s, attacker)


def combat_event(s: State, seat: int, sub: int, nation: int = -1, large: bool = False,
                 ev: list[Event] | None = None) -> None:
    """A combat mission task happened (content.MISSIONS, M_COMBAT: ``b`` is what, ``a`` the nation) — and a
    title quest's task (rules/titles.py)."""
    titles.combat(s, seat, sub, large, ev)
    for j, card in enumerate(s.missions[seat]):
        m = C.MISSIONS[card]
        if m.cond != C.M_COMBAT:
            continue
        if m.b == sub and (m.a < 0 or m.a == nation):
            s.m_prog[seat][j] = 1
        elif sub == 0 and m.b == 1 and large and m.a == nation:  # a large merchant is a merchant too
            s.m_prog[seat][j] = 1


# ---------------------------------------------------------------- gunfights


def gunfight_targets(s: State, seat: int) -> list[int]:
    """seed: "you can declare a gunfight if you share a sea space with another player or merchant; and if
    your ship has the higher speed value." A face-down merchant's speed is hidden: you may fire at it, and
    learn whether you were faster when the shot is fired."""
    node = s.pos[seat]
    if node < 6:
        return []
    sp = speed(s, seat) + (1 if titles.holds(s, seat, C.T_ADMIRAL) else 0)  # the Admiral fires on equal speed
    out = [i for i in range(s.players) if i != seat and s.pos[i] == node and speed(s, i) < sp]
    mid = s.merchant[node] if node < len(s.merchant) else -1
    if mid >= 0 and (not s.m_up[node] or C.MERCHANTS[mid].speed < sp):
        out.append(MERCHANT_TARGET + node)
    return out


def board_targets(s: State, seat: int) -> list[int]:
    """seed: "declare a Boarding attack on a player or merchant on your sea space. Note that you cannot board
    ships on islands." """
    node = s.pos[seat]
    if node < 6:
        return []
    out = [i for i in range(s.players) if i != seat and s.pos[i] == node]
    if node < len(s.merchant) and s.merchant[node] >= 0:
        out.append(MERCHANT_TARGET + node)
    return out


def can_raid(s: State, seat: int) -> bool:
    """seed: "As an action, ships on islands can declare a raid on the fortress." """
    pos = s.pos[seat]
    return 0 <= pos < 6 and bool(s.fortress) and s.fortress_up[pos] < 2


def target_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    targets = gunfight_targets(s, seat) if s.act == C.ACT_GUNFIGHT else board_targets(s, seat)
    if targets:
        ask(s, S_TARGET, seat)
    elif ev is not None:
        say(ev, "action-spent", f"{who(s, seat)} finds nobody to attack here any more: the action is spent", seat)


def target_legal(s: State, seat: int) -> list[object]:
    targets = gunfight_targets(s, seat) if s.act == C.ACT_GUNFIGHT else board_targets(s, seat)
    return [TARGET[t] for t in targets]


def target(s: State, seat: int, code: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    if s.act == C.ACT_GUNFIGHT:
        gunfight(s, seat, code, ev)
    else:
        board(s, seat, code, ev)


def gunfight(s: State, seat: int, code: int, ev: list[Event] | None) -> None:
    if code >= MERCHANT_TARGET:
        node = code - MERCHANT_TARGET
        m = C.MERCHANTS[s.merchant[node]]
        admiral = titles.holds(s, seat, C.T_ADMIRAL)
        if m.speed >= speed(s, seat) + (1 if admiral else 0):
            if ev is not None:
                say(ev, "gunfight-miss", f"The merchant on the {node_name(s, node)} is "
                    f"{'faster than' if admiral else 'as fast as'} {who(s, seat)} (speed {m.speed}): it sails out of "
                    "range", seat, reveal=True, node=node, speed=m.speed)
            return
        # seed: "Gunfights against merchants are always successful. Place a damage marker on the merchant."
        s.m_damage[node] += 1
        combat_event(s, seat, 5, m.nation, ev=ev)
        if ev is not None:
            say(ev, "gunfight", f"{who(s, seat)}'s cannons hit the merchant on the {node_name(s, node)}: "
                f"{s.m_damage[node]} damage marker{'s' if s.m_damage[node] != 1 else ''}", seat, node=node)
        return
    # seed: "Gunfights against other players force your opponent to roll the red damage die. If it shows strength,
    # speed, or hull, they remove one of the corresponding upgrades. If they roll an empty side, they avoided the shot."
    if ev is not None:
        say(ev, "gunfight", f"{who(s, seat)} fires on {who(s, code)}", seat, target=code)
    roll_red(s, code, ev, f"under {who(s, seat)}'s guns" if ev is not None else "")


# ---------------------------------------------------------------- boarding: the prelude


def board(s: State, seat: int, code: int, ev: list[Event] | None) -> None:
    if code >= MERCHANT_TARGET:
        node = code - MERCHANT_TARGET
        # seed: "If you're boarding a merchant, reveal their marker for all players to see. The player to your
        # right will take on the role of the defending captain."
        s.m_up[node] = 1
        mid = s.merchant[node]
        if ev is not None:
            say(ev, "board", f"{who(s, seat)} boards the merchant on the {node_name(s, node)}: {merchant_text(mid)}",
                seat, reveal=True, node=node, merchant=mid)
        start_duel(s, DUEL_MERCHANT, [seat, other_captain(s, seat)], [seat, -1], node, ev)
    else:
        # seed: "If you are boarding another player, you will face them in a direct duel."
        if ev is not None:
            say(ev, "board", f"{who(s, seat)} boards {who(s, code)}'s ship", seat, target=code)
        start_duel(s, DUEL_BOARD, [seat, code], [seat, code], -1, ev)


def hunter_attacks(s: State, seat: int, node: int, ev: list[Event] | None) -> None:
    """seed: "If you peek at a red marker while on the same spot ..., you have run into a pirate hunter. They will
    attack you at once. This attack does not count as an action." The hunter is side 0, played by the met
    captain's right-hand neighbour."""
    if ev is not None:
        say(ev, "hunter-attack", f"The pirate hunter attacks {who(s, seat)} at once", seat, node=node)
    start_duel(s, DUEL_HUNTER, [other_captain(s, seat), seat], [-1, seat], node, ev)


def raid_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    # seed: "They reveal the fortress marker and show it to all players."
    isl = s.pos[seat]
    if not can_raid(s, seat):
        if ev is not None:
            say(ev, "action-spent", f"{who(s, seat)} has no fortress to raid here: the action is spent", seat)
        return
    s.fortress_up[isl] = 1
    f = C.FORTRESSES_DATA[s.fortress[isl]]
    if ev is not None:
        say(ev, "raid", f"{who(s, seat)} raids the fortress of {C.ISLANDS[isl].name}: {f.name}, strength "
            f"{f.strength}. {f.text}", seat, reveal=True, island=isl, fortress=s.fortress[isl])
    start_duel(s, DUEL_FORT, [seat, other_captain(s, seat)], [seat, -1], isl, ev)


def merchant_text(mid: int) -> str:
    m = C.MERCHANTS[mid]
    what = "pirate hunter" if m.hunter else "trader"
    return (f"a {'small' if m.size == C.SMALL else 'large'} {C.NATIONS[m.nation]} {what} (speed {m.speed}, "
            f"strength {m.strength}, hull {m.hull})")


def fort_rule(s: State) -> int:
    return C.FORTRESSES_DATA[s.fortress[s.duel_foe]].rule if s.duel == DUEL_FORT else -1


def fog_lies(s: State, node: int) -> bool:
    """A Fogbank space, while no monster sits on the Fogbank's heart — seed: "As long as the monster is alive, the
    ability of the special spot cannot be used" (the fog is the Fogbank's ability)."""
    g = the_graph(s)
    return g.fog[node] and not any(0 <= n < g.n and g.spot[n] == C.SPOT_FOG for n in s.monster_at)


def side_strength(s: State, side: int) -> int:
    seat = s.duel_ship[side]
    if seat >= 0:
        v = strength(s, seat)
        # seed: "Whenever a player attacks a ship on one of the seven Fogbank spaces, they get +1 strength"
        if side == 0 and s.duel in (DUEL_BOARD, DUEL_MERCHANT) and (
                fog_lies(s, s.pos[seat]) or (event_value(s, C.EV_MIST) and s.pos[seat] >= 6)):
            v += C.FOG_ATTACK_BONUS  # the event Sea mist: the whole sea is fog (never twice)
        return v
    if s.duel in (DUEL_MERCHANT, DUEL_HUNTER):
        node = s.duel_foe
        # seed: "the merchant loses 1 strength for every damage marker" (never below 1)
        return max(1, C.MERCHANTS[s.merchant[node]].strength - s.m_damage[node])
    f = C.FORTRESSES_DATA[s.fortress[s.duel_foe]]
    v = f.strength
    if f.rule == C.F_REINFORCED:
        v += sum(1 for x in s.fortress_up if x == 2)
    return v


def side_speed(s: State, side: int) -> int:
    seat = s.duel_ship[side]
    if seat >= 0:
        return speed(s, seat)
    if s.duel in (DUEL_MERCHANT, DUEL_HUNTER):
        return C.MERCHANTS[s.merchant[s.duel_foe]].speed
    return 0  # a fortress does not sail


def side_hull(s: State, side: int) -> int:
    seat = s.duel_ship[side]
    if seat >= 0:
        return s.hul[seat]
    if s.duel in (DUEL_MERCHANT, DUEL_HUNTER):
        return C.MERCHANTS[s.merchant[s.duel_foe]].hull
    return -1  # a fortress is no ship


def side_name(s: State, side: int) -> str:
    seat = s.duel_ship[side]
    if seat >= 0:
        return who(s, seat)
    if s.duel == DUEL_FORT:
        return C.FORTRESSES_DATA[s.fortress[s.duel_foe]].name
    m = C.MERCHANTS[s.merchant[s.duel_foe]]
    return f"the {C.NATIONS[m.nation]} {'pirate hunter' if m.hunter else 'merchant'}"


def start_duel(s: State, kind: int, seats: list[int], ships: list[int], foe: int, ev: list[Event] | None) -> None:
    s.duel = kind
    s.duel_seats = list(seats)
    s.duel_ship = list(ships)
    s.duel_foe = foe
    s.duel_hands = [[], []]
    s.duel_deck = []
    s.duel_aside = []
    s.duel_disc = []
    s.duel_turn = 0
    s.duel_card = -1
    s.duel_passes = 0
    s.duel_feint = False
    s.duel_last = []
    s.duel_swaps = 0
    s.duel_pos = 0
    s.duel_push = 0
    s.duel_stg = [0, 0]
    if kind == DUEL_FINAL:
        push(s, K_DUEL)
        return
    if fort_rule(s) == C.F_BATTERY:
        roll_red(s, ships[0], ev, "under the shore battery")
    prelude(s, ev)


def prelude(s: State, ev: list[Event] | None) -> None:
    # seed: "Place the pirate miniature in the center of the duel zone ... Compare the strength of the two ships.
    # The captain with the higher strength pushes the miniature as many spaces forward as the difference is."
    if not _push(s, ev):
        return
    # seed: "Before the duel starts, players may still play crew or ritual cards. If strength values change, move
    # the miniature accordingly." The deal waits below the reaction window.
    push(s, K_DUEL)
    push(s, K_WINDOW, 0, WIN_PRELUDE)


def _push(s: State, ev: list[Event] | None) -> bool:
    """Place the miniature by the strengths; False when the difference pushed a captain off the plank."""
    stg = [side_strength(s, 0), side_strength(s, 1)]
    diff = stg[0] - stg[1]
    moved = diff != s.duel_push or stg != s.duel_stg
    s.duel_stg = stg
    s.duel_push = diff
    s.duel_pos = diff
    if ev is not None and moved:
        lead = 0 if diff > 0 else 1
        words = (f"strength {stg[0]} against {stg[1]}: the miniature stands in the centre" if diff == 0 else
                 f"strength {stg[0]} against {stg[1]}: {side_name(s, lead)} pushes the miniature {abs(diff)} "
                 f"space{'s' if abs(diff) != 1 else ''} forward")
        say(ev, "prelude", f"The prelude — {words}", strength=stg, pos=diff)
    # seed: "If the difference is higher than 3, the weaker captain is pushed off the plank right away."
    if abs(diff) > C.PRELUDE_OFF:
        s.duel_pos = (C.PLANK + 1) * (1 if diff > 0 else -1)
        if ev is not None:
            say(ev, "pushed-off", f"{side_name(s, 1 if diff > 0 else 0)} is pushed off the plank at once")
        finish(s, ev)
        return False
    return True


# ---------------------------------------------------------------- the duel


@op(K_DUEL)
def _deal(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    if s.duel != DUEL_FINAL and not _push(s, ev):
        return
    # seed: "Shuffle the duel deck. Deal 4 cards to each player."
    deck = list(range(len(C.DUEL_CARDS)))
    s.rng.shuffle(deck)
    s.duel_deck = deck
    sizes = [C.DUEL_HAND, C.DUEL_HAND]
    rule = fort_rule(s)
    if rule == C.F_DRILL:
        sizes[1] = C.FORT_DRILL_HAND
    elif rule == C.F_GATE:
        sizes[0] = C.FORT_GATE_HAND
    for side in (0, 1):
        s.duel_hands[side] = [deck.pop() for _ in range(sizes[side])]
    if ev is not None:
        say(ev, "deal", f"The duel deck is shuffled: {side_name(s, 0)} is dealt {sizes[0]} cards, "
            f"{side_name(s, 1)} {sizes[1]}", reveal=True)
        for side in (0, 1):
            ctl = s.duel_seats[side]
            if ctl >= 0:
                say(ev, "duel-hand", f"{who(s, ctl)} holds {hand_words(s.duel_hands[side])}", ctl, to=(ctl,),
                    reveal=True, cards=list(s.duel_hands[side]))
    # seed (Resilient Ships): "compare the hull values. The captain of the bigger ship may discard up to # cards,
    # where # is the difference in hull, and then draw that many cards."
    if s.resilient:
        h0, h1 = side_hull(s, 0), side_hull(s, 1)
        if h0 >= 0 and h1 >= 0 and h0 != h1:
            big = 0 if h0 > h1 else 1
            s.duel_swaps = abs(h0 - h1)
            s.duel_turn = big
            ask_side(s, S_SWAP, big, ev)
            return
    choose_lead(s, ev)


def hand_words(hand: list[int]) -> str:
    return "; ".join(f"{C.red_words(c)} / {C.blue_words(c)}" for c in sorted(hand)) or "no cards"


def swap_legal(s: DuelFields, seat: int) -> list[object]:
    side = s.duel_turn
    moves: list[object] = [SWAP[-1]]
    if s.duel_swaps > 0:
        moves.extend(SWAP[c] for c in sorted(s.duel_hands[side]))
    return moves


def swap(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    side = s.duel_turn
    s.step = S_NONE
    if card >= 0:
        s.duel_hands[side].remove(card)
        s.duel_aside.append(card)
        s.duel_swaps -= 1
        if s.duel_swaps > 0 and s.duel_hands[side]:
            ask_side(s, S_SWAP, side, ev)
            return
    n = len(s.duel_aside)
    drawn = [s.duel_deck.pop() for _ in range(min(n, len(s.duel_deck)))]
    s.duel_hands[side].extend(drawn)
    s.duel_swaps = 0
    if ev is not None:
        say(ev, "swap", f"{side_name(s, side)}'s bigger ship: {n} card{'s' if n != 1 else ''} set aside and as many "
            "drawn", reveal=bool(n))
        ctl = s.duel_seats[side]
        if drawn and ctl >= 0:
            say(ev, "duel-hand", f"{who(s, ctl)} draws {hand_words(drawn)}", ctl, to=(ctl,), reveal=True, cards=drawn)
    choose_lead(s, ev)


def lead_chooser(s: State) -> int:
    """seed: "The captain of the faster ship (in case of a tie: the attacker), chooses who will attack first."
    The side that chooses; -1: the lot decides (the duel for victory between equally fast ships)."""
    sp0, sp1 = side_speed(s, 0), side_speed(s, 1)
    if s.duel == DUEL_FINAL and sp0 == sp1:
        return -1
    if fort_rule(s) == C.F_RAMPARTS:
        return 1
    return 0 if sp0 >= sp1 else 1


def choose_lead(s: State, ev: list[Event] | None) -> None:
    chooser = lead_chooser(s)
    if chooser < 0:
        # seed: "If the players are tied for highest speed, the starting player is chosen randomly."
        s.duel_turn = s.rng.below(2)
        if ev is not None:
            say(ev, "lead", f"The speeds are tied: the lot falls on {side_name(s, s.duel_turn)} to attack first",
                reveal=True, side=s.duel_turn)
        ask_attack(s, ev)
        return
    s.duel_turn = chooser
    ask_side(s, S_LEAD, chooser, ev)


def lead_legal(s: DuelFields, seat: int) -> list[object]:
    return list(LEAD)


def lead(s: State, seat: int, side: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    if ev is not None:
        say(ev, "lead", f"{side_name(s, s.duel_turn)} chooses: {side_name(s, side)} attacks first", side=side)
    s.duel_turn = side
    ask_attack(s, ev)


def ask_attack(s: State, ev: list[Event] | None) -> None:
    ask_side(s, S_STRIKE, s.duel_turn, ev)


def strike_legal(s: DuelFields, seat: int) -> list[object]:
    # seed: "The attacking player can: play a red special action face-up, play a red attack card face-up, or pass
    # priority and retreat the miniature 1 space." "If a player has no more attack cards, they have to pass"
    hand = s.duel_hands[s.duel_turn]
    if not hand:
        return [STRIKE_PASS]
    return [STRIKE_PASS, *[STRIKE[c] for c in sorted(hand)]]


def _retreat(s: State, side: int, n: int) -> None:
    s.duel_pos += -n if side == 0 else n


def _off(s: State) -> bool:
    return abs(s.duel_pos) > C.PLANK


def strike(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    side = s.duel_turn
    s.step = S_NONE
    name = side_name(s, side) if ev is not None else ""
    if card < 0:
        _retreat(s, side, 1)
        s.duel_passes += 1
        s.duel_feint = False
        s.duel_last = [side, -1, 3, 1]
        if ev is not None:
            say(ev, "duel-pass", f"{name} passes and retreats 1 space", side=side, pos=s.duel_pos)
        # seed: "The duel ends when: both players pass right after one another; or one captain is pushed off"
        if _off(s) or s.duel_passes >= 2:
            finish(s, ev)
            return
        s.duel_turn = 1 - side
        ask_attack(s, ev)
        return
    s.duel_hands[side].remove(card)
    s.duel_passes = 0
    d = C.DUEL_CARDS[card]
    s.duel_last = [side, card, 0, 0]
    if d.red == C.RED_FEINT:
        # seed: "If they play one of the red special actions "Feint" or "Rigg", resolve the effect right away."
        s.duel_disc.append(card)
        s.duel_feint = True
        if ev is not None:
            say(ev, "feint", f"{name} feints: they attack again, and no guard can block it", side=side, card=card)
        ask_attack(s, ev)
        return
    if d.red == C.RED_RIGG:
        s.duel_disc.append(card)
        s.duel_feint = False
        n = min(C.RIGG_DRAW, len(s.duel_deck))
        drawn = [s.duel_deck.pop() for _ in range(n)]
        s.duel_hands[side].extend(drawn)
        if ev is not None:
            say(ev, "rigg", f"{name} swings through the rigging and draws {n} cards", side=side, card=card,
                reveal=True)
            ctl = s.duel_seats[side]
            if drawn and ctl >= 0:
                say(ev, "duel-hand", f"{who(s, ctl)} draws {hand_words(drawn)}", ctl, to=(ctl,), reveal=True,
                    cards=drawn)
        s.duel_turn = 1 - side
        ask_attack(s, ev)
        return
    # seed: "they can play one of the two-colored duel cards for their attack face-up. In this case, only the red
    # side is relevant; ignore the blue side."
    s.duel_card = card
    if ev is not None:
        say(ev, "attack", f"{name} attacks: {C.red_words(card)}", side=side, card=card)
    ask_side(s, S_PARRY, 1 - side, ev)


def parry_legal(s: DuelFields, seat: int) -> list[object]:
    # seed: "Their opponent can react to the attack and: take all wounds without blocking; play a matching blue
    # guard card ... to prevent all wounds; play the special action "Throw sand" or "Insult" to prevent all or some"
    zone = -2 if s.duel_feint else C.DUEL_CARDS[s.duel_card].zone  # a feint: no guard matches
    out: list[object] = [PARRY_TAKE]
    for c in sorted(s.duel_hands[1 - s.duel_turn]):
        g = GUARD_ZONE[c]
        if g < 0 or g == zone:  # a blue special, or the matching guard
            out.append(PARRY[c])
    return out


def parry(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    side = 1 - s.duel_turn
    s.step = S_NONE
    atk = s.duel_card
    wounds = C.DUEL_CARDS[atk].wounds
    how = "takes the attack"
    if card >= 0:
        s.duel_hands[side].remove(card)
        s.duel_disc.append(card)
        b = C.DUEL_CARDS[card]
        if b.blue == C.BLUE_INSULT:
            wounds = C.insulted(wounds)
            how = "hurls an Insult"
        else:
            wounds = 0
            if ev is not None:
                how = "blocks with " + ("Throw sand" if b.blue == C.BLUE_SAND else f"a {C.blue_words(card)}")
    s.duel_disc.append(atk)
    s.duel_card = -1
    s.duel_feint = False
    # seed: "They will then retreat 1 space for each unblocked wound in the top left corner of the attack card."
    _retreat(s, side, wounds)
    s.duel_last = [side, card, 1 if card >= 0 else 2, wounds]
    if ev is not None:
        moved = f": retreats {wounds} space{'s' if wounds != 1 else ''}" if wounds else ""
        say(ev, "answer", f"{side_name(s, side)} {how}{moved}", side=side, card=card, wounds=wounds, pos=s.duel_pos)
    if _off(s):
        finish(s, ev)
        return
    # seed: "Then, it's the former defender's turn to attack."
    s.duel_turn = side
    ask_attack(s, ev)


# ---------------------------------------------------------------- the neutral bot


def ask_side(s: State, step: int, side: int, ev: list[Event] | None) -> None:
    """Ask whoever decides for this side; the neutral bot decides at once."""
    seat = s.duel_seats[side]
    if seat >= 0:
        s.step = step  # ask(s, step, seat)
        s.actor = seat
        return
    hand = s.duel_hands[side]
    if step == S_LEAD:
        lead(s, -1, side, ev)
    elif step == S_SWAP:
        swap(s, -1, -1, ev)
    elif step == S_STRIKE:
        strike(s, -1, neutral_attack(hand), ev)
    elif step == S_PARRY:
        parry(s, -1, neutral_answer(s, hand, side), ev)


def neutral_attack(hand: list[int]) -> int:
    """The heaviest attack (a Feint first when another attack follows it, a Rigg when nothing else is left)."""
    attacks = [c for c in hand if C.DUEL_CARDS[c].red == C.RED_ATTACK]
    if not hand:
        return -1
    if attacks:
        feints = [c for c in hand if C.DUEL_CARDS[c].red == C.RED_FEINT]
        if feints:
            return min(feints)
        return max(attacks, key=lambda c: (C.DUEL_CARDS[c].wounds, -c))
    return min(hand)


def neutral_answer(s: DuelFields, hand: list[int], side: int) -> int:
    """A matching guard; else Throw sand or an Insult against 2 wounds or more, or when the edge is near."""
    atk = C.DUEL_CARDS[s.duel_card]
    room = C.PLANK + 1 - (s.duel_pos if side == 1 else -s.duel_pos)  # wounds until this side falls
    if not s.duel_feint:
        for c in sorted(hand):
            b = C.DUEL_CARDS[c]
            if b.blue == C.BLUE_GUARD and b.guard == atk.zone:
                return c
    if atk.wounds >= 2 or atk.wounds >= room:
        for kind in (C.BLUE_SAND, C.BLUE_INSULT):
            for c in sorted(hand):
                if C.DUEL_CARDS[c].blue == kind and (kind == C.BLUE_SAND or C.insulted(atk.wounds) < room):
                    return c
    return -1


# ---------------------------------------------------------------- the aftermath


def finish(s: State, ev: list[Event] | None) -> None:
    """seed: "Winner is whoever pushes the opponent off the plank or stands in the opponent's half at the end of
    the duel. If both players stand in the center, the duel is a tie." """
    s.step = S_NONE
    pos = s.duel_pos
    win = 0 if pos > 0 else 1 if pos < 0 else -1
    kind = s.duel
    if win < 0 and fort_rule(s) == C.F_WALLS:
        win = 1  # stone walls: the raider loses a duel that ends in the centre
    if ev is not None:
        if win < 0:
            say(ev, "duel-end", "The duel ends with both captains in the centre: a tie", winner=-1)
        else:
            say(ev, "duel-end", f"{side_name(s, win)} wins the duel", winner=win)
    ships, foe = s.duel_ship, s.duel_foe
    s.duel_disc.extend(s.duel_hands[0] + s.duel_hands[1] + s.duel_aside)
    s.duel = DUEL_NONE
    s.duel_hands = []
    s.duel_deck = []
    s.duel_aside = []
    s.duel_card = -1
    s.duel_seats = []
    s.duel_ship = []
    s.duel_foe = -1
    # (cleared first: the aftermath of a duel for victory may start the next one)
    if kind == DUEL_BOARD:
        _after_boarding(s, ships, win, ev)
    elif kind == DUEL_MERCHANT:
        _after_merchant(s, ships[0], foe, 0 if win == 0 else 1 if win == 1 else -1, ev)
    elif kind == DUEL_HUNTER:
        _after_merchant(s, ships[1], foe, 0 if win == 1 else 1 if win == 0 else -1, ev)
    elif kind == DUEL_FORT:
        _after_raid(s, ships[0], foe, win, ev)
    elif kind == DUEL_FINAL:
        _after_final(s, ships, win, ev)


def _end_turn_now(s: State, seat: int, ev: list[Event] | None) -> None:
    if seat == s.turn and not s.turn_done:
        s.turn_done = True
        s.actions = 0
        if ev is not None:
            say(ev, "turn-ends", f"{who(s, seat)}'s turn ends", seat)


def _after_merchant(s: State, seat: int, node: int, outcome: int, ev: list[Event] | None) -> None:
    """outcome 0: the captain won; 1: the merchant won; -1: a tie."""
    mid = s.merchant[node]
    if outcome == 0:
        take_merchant(s, seat, node, ev)
        return
    # seed: "If a player loses against a merchant, they lose 1 upgrade of their choice and end their turn. The
    # merchant remains face-up in its spot (with any damage markers)." "If the duel ends in a tie, the player ends
    # their turn and the merchant remains in its spot."
    s.m_up[node] = 1
    if ev is not None and C.MERCHANTS[mid].hunter:
        say(ev, "hunter-stays", f"The pirate hunter stays face up on the {node_name(s, node)}: passing it costs "
            f"{C.HUNTER_PASS_COST} more movement", node=node)
    if outcome == 1:
        push(s, K_LOSE, seat)
    _end_turn_now(s, seat, ev)


def take_merchant(s: State, seat: int, node: int, ev: list[Event] | None) -> None:
    # seed: "If a player defeats a merchant, they receive its marker (to track Victory Points) as well as the
    # rewards indicated on it and continue with their turn."
    mid = s.merchant[node]
    m = C.MERCHANTS[mid]
    s.defeated[seat].append(mid)
    s.merchant[node] = -1
    s.m_up[node] = s.m_known[node] = s.m_safe[node] = s.m_damage[node] = 0
    combat_event(s, seat, 0, m.nation, m.size == C.LARGE, ev)
    if m.hunter:
        combat_event(s, seat, 3, ev=ev)
    if ev is not None:
        say(ev, "defeat-merchant", f"{who(s, seat)} defeats {merchant_text(mid)} and takes its marker ({m.vp} seals)",
            seat, reveal=True, merchant=mid)
    if m.gold:
        earn(s, seat, m.gold, SRC_COMBAT)
        if ev is not None:
            say(ev, "plunder", f"{who(s, seat)} takes {m.gold} Gold", seat, gold=m.gold)
    fleet = event_value(s, C.EV_FLEET)
    if fleet:  # the event Treasure fleet
        earn(s, seat, fleet, SRC_COMBAT)
        if ev is not None:
            say(ev, "plunder", f"Treasure fleet: {who(s, seat)} takes {fleet} Gold more", seat, gold=fleet)
    if m.goods[1]:
        gain_goods(s, seat, m.goods[0], m.goods[1], ev, "the merchant's hold")
    if m.treasure:
        push(s, K_REWARD, seat)
    if m.family:
        rescue(s, seat, m.family, ev)


def rescue(s: State, seat: int, relative: str, ev: list[Event] | None) -> None:
    """seed: "If you defeat them, you will rescue a lost relative or find a treasure." The relative's marker
    goes on the winner's tableau (``family.rescue``)."""
    family.rescue(s, seat, family.relative_named(relative), ev, "defeats the pirate hunter")


def _after_boarding(s: State, ships: list[int], win: int, ev: list[Event] | None) -> None:
    a = ships[0]
    if win < 0:
        # seed: "If the active player loses or the duel ends in a tie, the active player's turn ends."
        _end_turn_now(s, a, ev)
        return
    w, lo = ships[win], ships[1 - win]
    s.beaten[w] += 1
    combat_event(s, w, 4, ev=ev)
    if titles.holds(s, lo, C.T_PRIVATEER):
        combat_event(s, w, 3, ev=ev)  # the King's Privateer is a pirate hunter: beating it is beating one
    titles.privateer_bounty(s, w, ev)
    # seed: "If they were the first pirate to defeat this opponent, they also receive their ship marker."
    if s.ship_marker[lo] < 0:
        s.ship_marker[lo] = w
        if ev is not None:
            say(ev, "ship-marker", f"{who(s, w)} is the first to defeat {who(s, lo)} and takes the ship marker "
                f"({C.SHIP_MARKER_VP} seals)", w, loser=lo)
    if plunder_options(s, lo):
        s.plunder_from = lo
        ask(s, S_PLUNDER, w)
    elif ev is not None:
        say(ev, "plunder", f"{who(s, lo)}'s ship holds nothing worth taking", w)
    if w != a:
        _end_turn_now(s, a, ev)


def plunder_options(s: State, lo: int) -> list[Plunder]:
    """seed: "half the gold (rounded down) their opponent has on their ship", "half the cargo (rounded down) of
    their choice", "one of the treasures on the ship"."""
    out = []
    if s.gold[lo] // 2 > 0:
        out.append(plunder_move(0, 0))
    cargo = s.cargo[lo]
    half = sum(cargo) // 2
    if half:
        for c in range(min(cargo[0], half) + 1):
            for r in range(min(cargo[1], half - c) + 1):
                su = half - c - r
                if su <= cargo[2]:
                    out.append(plunder_move(1, c * 16 + r * 4 + su))
    out.extend(plunder_move(2, t) for t in s.t_ship[lo])
    return out


def plunder_legal(s: State, seat: int) -> list[object]:
    return list(plunder_options(s, s.plunder_from))


def plunder(s: State, seat: int, kind: int, item: int, ev: list[Event] | None) -> None:
    lo = s.plunder_from
    s.plunder_from = -1
    s.step = S_NONE
    if kind == 0:
        g = s.gold[lo] // 2
        s.gold[lo] -= g
        earn(s, seat, g, SRC_COMBAT)
        if ev is not None:
            say(ev, "plunder", f"{who(s, seat)} takes {g} Gold from {who(s, lo)}", seat, gold=g, loser=lo)
    elif kind == 1:
        units = (item // 16, item // 4 % 4, item % 4)
        if ev is not None:
            say(ev, "plunder", f"{who(s, seat)} takes half of {who(s, lo)}'s cargo", seat, loser=lo, units=list(units))
        for r, n in enumerate(units):
            if n:
                s.cargo[lo][r] -= n
                gain_goods(s, seat, r, n, ev, f"{who(s, lo)}'s hold" if ev is not None else "")
    else:
        s.t_ship[lo].remove(item)
        s.t_ship[seat].append(item)
        if ev is not None:
            say(ev, "plunder", f"{who(s, seat)} takes {C.TREASURES[item].name} from {who(s, lo)}'s ship", seat,
                card=item, loser=lo)
        family.treasure_ring(s, seat, item, ev)


def _after_raid(s: State, seat: int, isl: int, win: int, ev: list[Event] | None) -> None:
    fid = s.fortress[isl]
    if win == 0:
        # seed: "If the fortress is defeated, the attacker receives its marker as well as the 2,000 G indicated on it."
        s.fortress_up[isl] = 2
        s.forts_won[seat].append(fid)
        earn(s, seat, C.FORTRESS_GOLD, SRC_COMBAT)
        combat_event(s, seat, 2, ev=ev)
        if ev is not None:
            say(ev, "fortress-taken", f"{who(s, seat)} takes {C.FORTRESSES_DATA[fid].name}: its marker "
                f"({C.FORTRESSES_DATA[fid].vp} seals) and {C.FORTRESS_GOLD} Gold", seat, fortress=fid)
        return
    # seed: "If a player loses against a fortress, they lose 1 upgrade of their choice and end their turn."
    # "If the duel ends in a tie, the player ends their turn."
    if win == 1:
        push(s, K_LOSE, seat)
    _end_turn_now(s, seat, ev)


@op(K_LOSE)
def _lose(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    if lose_options(s, seat):
        ask(s, S_LOSE, seat)
    elif ev is not None:
        say(ev, "no-harm", f"{who(s, seat)}'s ship has no upgrade left to lose", seat)


def lose_options(s: State, seat: int) -> list[int]:
    return [a for a, vals in ((C.SPEED, s.spd), (C.STRENGTH, s.stg), (C.HULL, s.hul)) if vals[seat] > 1]


def lose_legal(s: State, seat: int) -> list[object]:
    return [IMPROVE[a] for a in lose_options(s, seat)]


def lose(s: State, seat: int, attr: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    lose_upgrade(s, seat, attr, ev, "a lost fight")


# ---------------------------------------------------------------- the duel for victory


def final_duel(s: State, ev: list[Event] | None) -> bool:
    """seed: "If scores are still tied, duel for the victory." True when a duel begins (the game goes on)."""
    if s.final_winner != -2:
        return False
    tied = tied_for_victory(s)
    if len(tied) < 2:
        return False
    s.final_winner = -1
    s.duel_queue = tied[2:]
    _final_between(s, tied[0], tied[1], ev)
    return True


def _final_between(s: State, a: int, b: int, ev: list[Event] | None) -> None:
    if ev is not None:
        say(ev, "final-duel", f"{who(s, a)} and {who(s, b)} are tied on points, missions and Gold: they duel for "
            "the victory", a=a, b=b)
    start_duel(s, DUEL_FINAL, [a, b], [a, b], -1, ev)


def _after_final(s: State, ships: list[int], win: int, ev: list[Event] | None) -> None:
    if win < 0:
        s.final_winner = -1
        s.duel_queue = []
    else:
        w = ships[win]
        s.final_winner = w
        if s.duel_queue:
            _final_between(s, w, s.duel_queue.pop(0), ev)
            return
    s.over = True
    if ev is not None:
        say(ev, "game-over", "The duel for victory is over, and with it the game")
