"""Monsters: the Sea Serpent lured by a First Mate, the Kraken summoned by its ritual, placed on a
free special spot; the hunt, one hunt card per action, along a 15-space track; the reward marker.

seed: "When you summon a monster, place its tile on the special spot on a long sea route ... You may
not choose a spot which is already occupied by a monster tile. As long as the monster is alive, the
ability of the special spot cannot be used."
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import titles
from engine.games.shiver.rules.common import (
    DIE_BLUE,
    K_CREW,
    K_LOSE,
    K_REFIT,
    K_REWARD,
    K_RITUAL,
    S_HUNT,
    S_MARKER,
    S_NONE,
    S_STACK,
    ask,
    earn,
    lose_upgrade,
    push,
    roll,
    roll_red,
    say,
    speed,
    strength,
    the_graph,
    who,
)
from engine.games.shiver.state import SRC_COMBAT, Hunt, Marker, State

HUNT = tuple(Hunt(i) for i in range(4))
MARKER = tuple(Marker(k) for k in range(len(C.MONSTER_MARKERS)))


# ---------------------------------------------------------------- summoning


def free_spots(s: State) -> list[int]:
    """Special spots without a monster tile."""
    return [n for n in the_graph(s).spots if n not in s.monster_at]


def can_summon(s: State, monster: int) -> bool:
    # seed: "The monster can be summoned again later." — once it is off the board
    return s.monster_at[monster] < 0 and bool(free_spots(s))


def summon(s: State, seat: int, monster: int, node: int, ev: list[Event] | None) -> None:
    s.monster_at[monster] = node
    if ev is not None:
        g = the_graph(s)
        say(ev, "summon", f"{who(s, seat)} summons the {C.MONSTERS[monster].name} to the "
            f"{C.SPOT_NAMES[g.spot[node]]}: its ability is lost while the monster lives", seat, monster=monster, node=node)


# ---------------------------------------------------------------- the hunt


def monster_here(s: State, seat: int) -> int:
    pos = s.pos[seat]
    return s.monster_at.index(pos) if pos >= 0 and pos in s.monster_at else -1


def hunt_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    # seed: "To advance on the track, spend an action to draw and resolve the top card of the monster hunt deck."
    m = monster_here(s, seat)
    if m < 0:
        if ev is not None:
            say(ev, "action-spent", f"{who(s, seat)} finds no monster here any more: the action is spent", seat)
        return
    if s.hunt_pos[seat][m] == 0:
        if not titles.can_start_monster_hunt(s, seat, m):
            if ev is not None:
                say(ev, "action-spent", f"{who(s, seat)} has no progress marker free: the action is spent", seat)
            return
        # seed: "When you reach it, place a progress marker on the first space of the hunt track."
        s.hunt_pos[seat][m] = 1
    card = _draw(s, ev)
    s.hunt_card = card
    if ev is not None:
        say(ev, "hunt-card", f"{who(s, seat)} hunts the {C.MONSTERS[m].name} and draws {C.HUNT_CARDS[card].name}: "
            f"{C.hunt_card_text(card)}", seat, reveal=True, card=card, monster=m)
    ask(s, S_HUNT, seat)


def _draw(s: State, ev: list[Event] | None) -> int:
    if not s.hunt_deck:
        s.hunt_deck = s.hunt_disc
        s.hunt_disc = []
        s.rng.shuffle(s.hunt_deck)
        if ev is not None:
            say(ev, "reshuffle", "The monster hunt deck ran out: its discard pile is shuffled", reveal=True)
    return s.hunt_deck.pop()


def option_ok(s: State, seat: int, o: C.HuntOption) -> bool:
    if o.kind == C.O_GOODS:
        have = sum(s.cargo[seat]) if o.a < 0 else s.cargo[seat][o.a]
        return have >= o.b
    if o.kind == C.O_PAY:
        return s.gold[seat] >= o.a
    if o.kind == C.O_STACK:
        return bool(s.hunt_deck or s.hunt_disc)
    return True


def hunt_legal(s: State, seat: int) -> list[object]:
    opts = C.HUNT_CARDS[s.hunt_card].options
    return [HUNT[i] for i, o in enumerate(opts) if option_ok(s, seat, o)]


def hunt(s: State, seat: int, i: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    card = s.hunt_card
    o = C.HUNT_CARDS[card].options[i]
    s.hunt_card = -1
    s.hunt_disc.append(card)
    m = monster_here(s, seat)
    if ev is not None:
        say(ev, "hunt-option", f"{who(s, seat)} chooses: {C.hunt_option_words(o)}", seat, option=i)
    k = o.kind
    if k == C.O_GOODS:
        cargo = s.cargo[seat]
        for _ in range(o.b):
            r = o.a if o.a >= 0 else max(range(3), key=lambda x: (cargo[x], -x))
            cargo[r] -= 1
    elif k == C.O_LOSE:
        push(s, K_LOSE, seat)
    elif k == C.O_LOSE_ATTR:
        lose_upgrade(s, seat, o.a, ev, "the monster")
    elif k == C.O_RED:
        roll_red(s, seat, ev, f"fighting the {C.MONSTERS[m].name}" if ev is not None else "")
    elif k == C.O_BLUE:
        _blue(s, seat, m, ev)
        return
    elif k == C.O_TEST:
        have = (speed(s, seat), strength(s, seat), s.hul[seat])[o.a]
        if have < o.b:
            if ev is not None:
                say(ev, "test-failed", f"{who(s, seat)}'s {C.ATTRS[o.a]} {have} falls short of {o.b}", seat)
            lose_upgrade(s, seat, o.a, ev, "a failed test")
            return
    elif k == C.O_PAY:
        s.gold[seat] -= o.a
    elif k == C.O_BACK:
        s.hunt_pos[seat][m] = max(1, s.hunt_pos[seat][m] - o.advance)
        return
    elif k == C.O_GOLD:
        earn(s, seat, o.a, SRC_COMBAT)
    elif k == C.O_REFIT:
        push(s, K_REFIT, seat)
    elif k == C.O_STACK:
        # seed: "Others allow you to stack the deck in your favor."
        advance(s, seat, m, o.advance, ev)
        if s.step != S_NONE or s.monster_at[m] < 0:
            return
        if not s.hunt_deck:
            s.hunt_deck = s.hunt_disc
            s.hunt_disc = []
            s.rng.shuffle(s.hunt_deck)
        s.hunt_seen = s.hunt_deck[-1]
        if ev is not None:
            say(ev, "hunt-look", f"{who(s, seat)} looks at the top hunt card", seat)
            say(ev, "hunt-see", f"{who(s, seat)} sees {C.HUNT_CARDS[s.hunt_seen].name}: {C.hunt_card_text(s.hunt_seen)}",
                seat, to=(seat,), reveal=True, card=s.hunt_seen)
        ask(s, S_STACK, seat)
        return
    advance(s, seat, m, o.advance, ev)


def _blue(s: State, seat: int, m: int, ev: list[Event] | None) -> None:
    face = roll(s, seat, C.BLUE_DIE, DIE_BLUE)
    if ev is not None:
        say(ev, "roll", f"{who(s, seat)} rolls the blue die: {C.BLUE_FACES[face]}", seat, reveal=True, die="blue",
            face=C.BLUE_FACES[face])
    if face == C.B_BITE:
        push(s, K_LOSE, seat)
    elif face != C.B_EMPTY:
        advance(s, seat, m, face + 1, ev)


def advance(s: State, seat: int, m: int, n: int, ev: list[Event] | None) -> None:
    if n <= 0 or m < 0 or s.monster_at[m] < 0:
        return
    pos = min(C.HUNT_LENGTH, s.hunt_pos[seat][m] + n)
    s.hunt_pos[seat][m] = pos
    if ev is not None:
        say(ev, "hunt-advance", f"{who(s, seat)} advances to space {pos} of the {C.MONSTERS[m].name}'s track", seat,
            monster=m, pos=pos)
    if pos >= C.HUNT_LENGTH:
        defeat(s, seat, m, ev)
        return
    for space, mark in C.MONSTERS[m].marks:
        if space == pos:
            if mark == C.MK_BLUE:
                _blue(s, seat, m, ev)
            else:
                roll_red(s, seat, ev, f"in the {C.MONSTERS[m].name}'s grip" if ev is not None else "")


def stack_legal(s: State, seat: int) -> list[object]:
    return [HUNT[0], HUNT[1]]


def stack(s: State, seat: int, choice: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    s.hunt_seen = -1
    if choice == 1:
        s.hunt_deck.insert(0, s.hunt_deck.pop())
    if ev is not None:
        say(ev, "hunt-stack", f"{who(s, seat)} {'puts the top hunt card at the bottom' if choice else 'leaves it on top'}",
            seat, choice=choice)


def defeat(s: State, seat: int, m: int, ev: list[Event] | None) -> None:
    # seed: "As soon as you reach the 15th and final space on the track, the monster is defeated. Remove the tile
    # from the board and return your progress marker."
    s.monster_at[m] = -1
    for row in s.hunt_pos:
        row[m] = 0
    if ev is not None:
        say(ev, "monster-slain", f"{who(s, seat)} defeats the {C.MONSTERS[m].name}!", seat, reveal=True, monster=m)
    titles.task(s, seat, C.Q_MONSTER, ev=ev)
    # seed: "As a reward, select one of the available monster markers and take the reward indicated on it."
    if s.monster_markers:
        ask(s, S_MARKER, seat)
    else:
        s.monsters_won[seat].append(-1)
        if ev is not None:
            say(ev, "no-marker", "No monster marker is left: the glory is all the reward", seat)


def marker_legal(s: State, seat: int) -> list[object]:
    return [MARKER[k] for k in s.monster_markers]


def take_marker(s: State, seat: int, k: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    s.monster_markers.remove(k)
    s.monsters_won[seat].append(k)
    mk = C.MONSTER_MARKERS[k]
    if ev is not None:
        say(ev, "monster-marker", f"{who(s, seat)} takes the monster marker {mk.name}: {C.marker_words(k)}", seat,
            marker=k)
    if mk.gold:
        earn(s, seat, mk.gold, SRC_COMBAT)
    for _ in range(mk.upgrades):
        push(s, K_REFIT, seat)
    for _ in range(mk.treasure):
        push(s, K_REWARD, seat)
    for _ in range(mk.crew):
        push(s, K_CREW, seat)
    for _ in range(mk.ritual):
        push(s, K_RITUAL, seat)
