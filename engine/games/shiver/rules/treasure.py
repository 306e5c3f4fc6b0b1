"""Treasure: scouting in the taverns, the treasure track (strength per action, or resources as a
free action), dice spaces, raising a treasure and its one-time or lasting bonus, treasure
rewards, and the limit of three treasure cards."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import family, titles
from engine.games.shiver.rules.common import (
    DROP,
    K_CREW,
    K_REFIT,
    K_REWARD,
    K_RITUAL,
    S_DROP,
    S_NONE,
    S_PICK,
    TAKE,
    ask,
    draw_treasure,
    earn,
    event_value,
    gain_goods,
    lasting,
    op,
    progress,
    push,
    roll_green,
    roll_red,
    roll_white,
    say,
    strength,
    to_bottom,
    treasure_cards,
    who,
)
from engine.games.shiver.state import D_TREASURE, P_REWARD, P_SCOUT, SRC_BONUS, State

# ---------------------------------------------------------------- scouting


def scout_look(s: State, seat: int) -> int:
    n = C.SCOUT_LOOK + lasting(s, seat, C.L_SCOUT)
    if s.talent[seat] == C.TREASURE_HUNTER:
        n += C.HUNTER_SCOUT
    if titles.holds(s, seat, C.T_KEEPER):
        n += C.KEEPER_SCOUT
    return n


def show_treasures(s: State, seat: int, n: int, kind: int, ev: list[Event] | None, what: str) -> bool:
    shown = []
    skipped: list[int] = []
    for _ in range(n):
        c = draw_treasure(s, ev)
        while c >= 0 and kind == P_REWARD and C.TREASURES[c].family >= 0 and len(skipped) < len(C.FAMILY_CARDS):
            # a family card is searched for, never given: a reward passes it by (it goes to the bottom)
            skipped.append(c)
            c = draw_treasure(s, ev)
        if c < 0:
            break
        shown.append(c)
    if skipped:
        to_bottom(s.t_deck, s.t_mask, skipped, seat)
    if not shown:
        if ev is not None:
            say(ev, "deck-empty", "The treasure deck and its discard pile are empty", seat)
        return False
    s.shown = shown
    s.pick_kind = kind
    if ev is not None:
        say(ev, "look", f"{who(s, seat)} {what}: looks at the top {len(shown)} treasure cards", seat, deck="treasure", n=len(shown))
    if ev is not None:
        say(ev, "see", f"{who(s, seat)} sees {', '.join(C.TREASURES[c].name for c in shown)}", seat, to=(seat,), reveal=True, cards=list(shown))
    ask(s, S_PICK, seat)
    return True


def scout_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    # seed: "Spend an action to look at the top 3 cards of the treasure deck. Place one card in your
    # hand and return the other two to the bottom of the treasure deck."
    show_treasures(s, seat, scout_look(s, seat), P_SCOUT, ev, "scouts the taverns")


def pick_legal(s: State, seat: int) -> list[object]:
    return [TAKE[c] for c in s.shown]


def scout_take(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    rest = [c for c in s.shown if c != card]
    s.shown = []
    s.step = S_NONE
    to_bottom(s.t_deck, s.t_mask, rest, seat)
    s.t_hand[seat].append(card)
    if ev is not None:
        say(ev, "keep", f"{who(s, seat)} keeps one treasure card and returns {len(rest)} to the bottom of the deck", seat, deck="treasure")
    if ev is not None:
        say(ev, "keep", f"{who(s, seat)} keeps {C.TREASURES[card].name}", seat, to=(seat,), card=card)
    # seed: "If you have 3 cards, you can still scout, but have to discard 1 card afterwards."
    if treasure_cards(s, seat) > C.TREASURE_LIMIT:
        s.drop_kind = D_TREASURE
        ask(s, S_DROP, seat)


def drop_treasure_legal(s: State, seat: int) -> list[object]:
    cards = list(s.t_hand[seat])
    if s.track[seat] >= 0:
        cards.append(s.track[seat])
    return [DROP[c] for c in cards]


def discard_treasure(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    """A treasure card from the hand or the track goes face up to the discard pile."""
    if s.track[seat] == card:
        s.track[seat] = -1
        s.track_pos[seat] = 0
        if ev is not None:
            say(ev, "discard", f"{who(s, seat)} gives up the hunt for {C.TREASURES[card].name}", seat, card=card)
    else:
        s.t_hand[seat].remove(card)
        if ev is not None:
            say(ev, "discard", f"{who(s, seat)} discards the treasure card {C.TREASURES[card].name}", seat, reveal=True, card=card)
    s.t_disc.append(card)


# ---------------------------------------------------------------- the hunt


def start_hunt(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    # seed: "Once there, place the card face-up on your treasure track. Place one of your progress
    # markers on the first (red) space of the track and another on the final space indicated on the
    # card. This is not an action."
    s.t_hand[seat].remove(card)
    s.track[seat] = card
    s.track_pos[seat] = 0
    t = C.TREASURES[card]
    if ev is not None:
        say(ev, "hunt", f"{who(s, seat)} reveals {t.name} and starts the hunt ({t.length} spaces)", seat, reveal=True, card=card)


def dig_power(s: State, seat: int) -> int:
    """seed: "Spend 1 action to move your progress marker as many spaces (footprints) as your current strength is"."""
    n = strength(s, seat) + lasting(s, seat, C.L_DIG) + event_value(s, C.EV_FEVER)  # the event Gold fever
    if s.talent[seat] == C.TREASURE_HUNTER:
        n += C.HUNTER_DIG
    if titles.holds(s, seat, C.T_KEEPER):
        n += C.KEEPER_DIG
    return n


def dig(s: State, seat: int, ev: list[Event] | None) -> None:
    advance(s, seat, dig_power(s, seat), ev, "digs")


def dig_goods(s: State, seat: int, ev: list[Event] | None) -> None:
    # seed: "Discard 1 unit of the resource shown on the card as a free action and advance as many spaces as indicated."
    t = C.TREASURES[s.track[seat]]
    s.cargo[seat][t.res] -= 1
    advance(s, seat, t.advance, ev, f"spends 1 {C.RESOURCES[t.res]}")


def advance(s: State, seat: int, n: int, ev: list[Event] | None, how: str) -> None:
    card = s.track[seat]
    t = C.TREASURES[card]
    pos = s.track_pos[seat] + n
    if pos >= t.length:
        # seed: "As soon as you reach the second marker on the track, the treasure has been raised."
        s.track_pos[seat] = t.length
        if ev is not None:
            say(ev, "advance", f"{who(s, seat)} {how} and advances {n} spaces to the end of the track", seat, n=n, pos=t.length)
        raise_treasure(s, seat, ev)
        return
    s.track_pos[seat] = pos
    if ev is not None:
        say(ev, "advance", f"{who(s, seat)} {how} and advances {n} spaces to space {pos} of {t.length}", seat, n=n, pos=pos)
    # seed: "If your progress marker lands on a green or white (or green-white) die ... If your
    # progress marker lands on a red die, your crew is in danger."
    for sp, die in t.dice:
        if sp == pos:
            where = f"on space {pos}"
            if die == C.D_GREEN:
                roll_green(s, seat, ev, where)
            elif die == C.D_WHITE:
                roll_white(s, seat, ev, where, SRC_BONUS)
            elif die == C.D_BOTH:
                roll_green(s, seat, ev, where)
                roll_white(s, seat, ev, where, SRC_BONUS)
            else:
                roll_red(s, seat, ev, where)


def raise_treasure(s: State, seat: int, ev: list[Event] | None) -> None:
    card = s.track[seat]
    t = C.TREASURES[card]
    s.track[seat] = -1
    s.track_pos[seat] = 0
    if t.family >= 0:
        # a family card: the relative is found (issue 17). It is no treasure — not on the ship, not raised
        # (seed: "family cards don't count towards the life goal "Tomb Raider"")
        family.rescue(s, seat, t.family, ev, f"follows {t.name} to its end")
        return
    s.t_ship[seat].append(card)
    s.raised[seat] += 1
    progress(s, seat, C.M_RAISE_AT, 1, t.island)
    titles.task(s, seat, C.Q_RAISE, ev=ev)
    if ev is not None:
        say(ev, "raise", f"{who(s, seat)} raises {t.name}!", seat, card=card)
    # seed: "If the card shows a one-time bonus ..., get the bonus right away."
    b = t.bonus
    if b == C.B_GOLD:
        earn(s, seat, t.value, SRC_BONUS)
        if ev is not None:
            say(ev, "bonus", f"{t.name} holds {t.value} Gold", seat)
    elif b == C.B_GOODS:
        gain_goods(s, seat, t.value % 10, t.value // 10, ev, t.name)
    elif b == C.B_UPGRADE:
        for _ in range(t.value):
            push(s, K_REFIT, seat)
    elif b == C.B_ACTION:
        if seat == s.turn:
            s.actions += t.value
            if ev is not None:
                say(ev, "bonus", f"{t.name}: {who(s, seat)} takes {t.value} extra action", seat)
    elif b == C.B_CREW:
        push(s, K_CREW, seat)
    elif b == C.B_RITUAL:
        push(s, K_RITUAL, seat)
    elif b == C.B_TREASURE:
        push(s, K_REWARD, seat)
    family.treasure_ring(s, seat, card, ev)


# ---------------------------------------------------------------- treasure rewards


@op(K_REWARD)
def _treasure_reward(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    # seed: "look at the top 2 treasure cards, choose one, and place the treasure on your ship.
    # Return the other to the bottom of the treasure deck."
    show_treasures(s, seat, C.REWARD_LOOK, P_REWARD, ev, "receives a treasure")


def reward_take(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    rest = [c for c in s.shown if c != card]
    s.shown = []
    s.step = S_NONE
    to_bottom(s.t_deck, s.t_mask, rest, seat)
    # seed: "you only get the bonus if you raise the treasure, not if you steal it or receive it as a reward"
    s.t_ship[seat].append(card)
    if ev is not None:
        say(ev, "reward", f"{who(s, seat)} places {C.TREASURES[card].name} on the ship", seat, reveal=True, card=card)
    family.treasure_ring(s, seat, card, ev)


def eye_take(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    scout_take(s, seat, card, ev)

