"""Lost Family and Find a Soulmate (issue 17).

- **Family.** Eleven relatives (``content.FAMILY``): four held by pirate hunters (defeat the right
  hunter: ``combat.take_merchant`` calls ``rescue``), four in the governor's prison (the mission that frees
  each: ``missions.claim``), three found by scouting (their family cards lie in the treasure deck and are
  searched for like a treasure: ``treasure.raise_treasure``). A rescued relative's marker goes on the bow
  of the tableau: safe (nothing takes it away), no limit, its ability works from then on (``lasting``
  bonuses add to the treasures'; see ``common.lasting``) and its seals count at the end. A family card is
  never a treasure: it does not count as raised (the life goal *Tomb Raider*), nor as a treasure on the ship.
- **Soulmates.** A ring (four treasures, and the mother's and the grandmother's rings) begins the quest
  of a captain who has no soulmate and no quest yet: the top 3 wish cards are revealed to everybody; the
  captain's right-hand neighbour discards one (on their own screen); the captain keeps one of the other
  two in secret; the discarded and the unkept wish are shuffled back into the wish deck. Once the kept
  wish's condition is met, its holder reveals it (a free action, like claiming a mission) and chooses one
  of the soulmate markers left. A ring begins one quest in the whole game.

What each seat knows: everybody sees the three wishes, the discard, and so the two the kept wish is one
of; only its holder knows which one until it is revealed. The wish deck's order is hidden from all.
"""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Event, say
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import (
    DROP,
    S_DROP,
    S_NONE,
    S_PICK,
    TAKE,
    ask,
    earn,
    op,
    push,
    who,
)
from engine.games.shiver.state import D_WISH, P_SOULMATE, P_WISH, SRC_BONUS, ClaimMission, State

_FAMILY_SALT = 0x17A_FA_5017
K_WISH = 28  # the continuation stack: open a soulmate quest for this seat (above the other stack codes)

CLAIM_WISH = tuple(ClaimMission(C.WISH_CODE + w) for w in range(len(C.WISHES)))


def init(s: State) -> None:
    """The family's and the soulmates' pieces at the start of a game (the wish deck shuffled)."""
    p = s.players
    s.family = [[] for _ in range(p)]
    s.rings_used = []
    s.wish_deck = list(range(len(C.WISHES)))
    s.wish_kept = [-1] * p
    s.wish_pair = [[] for _ in range(p)]
    s.wish_base = [[] for _ in range(p)]
    s.wish_ring = [-1] * p
    s.wish_done = [-1] * p
    s.soulmate = [-1] * p
    s.soul_left = list(range(len(C.SOULMATES)))


def deal(s: State) -> None:
    """When the origins are revealed (before Port Royal's looks): the three family cards are shuffled in with
    the treasures, and the wish deck is shuffled. With a generator of their own, drawn from the game's
    without advancing it, so the set-up before (life goals, the map and its draft, origins and talents)
    comes out as it did before the family arrived."""
    if not active(s):
        return
    rng = Rng.seeded(s.rng.state ^ _FAMILY_SALT)
    for c in C.FAMILY_CARDS:
        at = rng.below(len(s.t_deck) + 1)
        s.t_deck.insert(at, c)
        s.t_mask.insert(at, 0)
    rng.shuffle(s.wish_deck)


def active(s: State) -> bool:
    return bool(s.soulmate)


def right_of(s: State, seat: int) -> int:
    """The player to a seat's right: the one before it in the clockwise order of play."""
    return (seat - 1) % s.players


# ---------------------------------------------------------------- the family


def rescued_by(s: State, f: int) -> int:
    for seat, fam in enumerate(s.family):
        if f in fam:
            return seat
    return -1


def rescue(s: State, seat: int, f: int, ev: list[Event] | None, how: str) -> None:
    """seed: "As soon as you rescue one of your relatives, take their marker and place it on your player
    tableau. ... From now on, you will have access to the special ability on the marker." """
    if not active(s) or rescued_by(s, f) >= 0:
        return
    r = C.FAMILY[f]
    s.family[seat].append(f)
    if ev is not None:
        say(ev, "rescue", f"{who(s, seat)} {how} and rescues the {r.name} ({r.blurb}; {r.vp} seals)", seat,
            reveal=True, relative=f)
    if r.ring:
        found_ring(s, seat, C.FAMILY_RING + f, ev)


def relative_named(name: str) -> int:
    for i, r in enumerate(C.FAMILY):
        if r.name == name:
            return i
    return -1


# ---------------------------------------------------------------- rings and the quest


def ring_name(ring: int) -> str:
    if ring >= C.FAMILY_RING:
        return C.FAMILY[ring - C.FAMILY_RING].ring
    return C.TREASURES[ring].name if ring >= 0 else ""


def can_quest(s: State, seat: int) -> bool:
    """One soulmate for each captain (the Love of your Life): a captain with a quest or a soulmate has no
    use for another ring."""
    return s.wish_ring[seat] < 0 and s.soulmate[seat] < 0 and bool(s.soul_left) and bool(s.wish_deck)


def found_ring(s: State, seat: int, ring: int, ev: list[Event] | None) -> None:
    """seed: "Once you find the ring, your soulmate will send you on a difficult quest to prove your worth"."""
    if not active(s) or ring in s.rings_used or not can_quest(s, seat):
        return
    s.rings_used.append(ring)
    s.wish_ring[seat] = ring
    push(s, K_WISH, seat)


def treasure_ring(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    """A treasure card came onto this seat's ship (raised, a reward, plunder): a ring begins a quest."""
    if C.TREASURES[card].ring:
        found_ring(s, seat, card, ev)


@op(K_WISH)
def _open_quest(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    # seed: "Reveal the top 3 cards from the wish deck. Your right hand neighbor chooses and discards one"
    n = min(C.WISH_LOOK, len(s.wish_deck))
    shown = [s.wish_deck.pop() for _ in range(n)]
    s.shown = shown
    s.wish_for = seat
    s.wish_out = -1
    if ev is not None:
        names = ", ".join(C.WISHES[w].name for w in shown)
        say(ev, "wishes", f"{who(s, seat)} has a ring ({ring_name(s.wish_ring[seat])}): the soulmate's wishes are "
            f"revealed: {names}", seat, reveal=True, wishes=list(shown))
    if len(shown) <= 1:
        _keep(s, seat, shown[0] if shown else -1, ev)
        return
    s.drop_kind = D_WISH
    ask(s, S_DROP, right_of(s, seat))


def discard_legal(s: State, seat: int) -> list[object]:
    return [DROP[w] for w in s.shown]


def discard(s: State, seat: int, w: int, ev: list[Event] | None) -> None:
    """The right-hand neighbour discards one wish (face up: everybody sees which)."""
    s.shown.remove(w)
    s.wish_out = w
    s.step = S_NONE
    asker = s.wish_for
    if ev is not None:
        say(ev, "wish-discard", f"{who(s, seat)} discards the wish {C.WISHES[w].name} for {who(s, asker)}", seat,
            reveal=True, wish=w)
    if len(s.shown) <= 1:
        _keep(s, asker, s.shown[0] if s.shown else -1, ev)
        return
    s.pick_kind = P_WISH
    ask(s, S_PICK, asker)


def keep_legal(s: State, seat: int) -> list[object]:
    return [TAKE[w] for w in s.shown]


def keep(s: State, seat: int, w: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    _keep(s, seat, w, ev)


def _keep(s: State, seat: int, w: int, ev: list[Event] | None) -> None:
    # seed: "Then, you secretly select one of the remaining two and shuffle the unused ones back in the wish deck."
    pair = sorted(s.shown)
    back = [x for x in s.shown if x != w]
    if s.wish_out >= 0:
        back.append(s.wish_out)
    s.shown = []
    s.wish_for = -1
    s.wish_out = -1
    s.wish_deck.extend(back)
    s.rng.shuffle(s.wish_deck)
    if w < 0:
        s.wish_ring[seat] = -1
        return
    s.wish_kept[seat] = w
    s.wish_pair[seat] = pair
    s.wish_base[seat] = counters(s, seat)
    if ev is not None:
        say(ev, "wish-keep", f"{who(s, seat)} keeps one of the wishes in secret; the other goes back into the wish "
            "deck, shuffled", seat)
        say(ev, "wish-keep", f"{who(s, seat)} keeps the wish {C.WISHES[w].name}: {C.WISHES[w].text}", seat,
            to=(seat,), wish=w)


# ---------------------------------------------------------------- the wish's condition


def counters(s: State, seat: int) -> list[int]:
    """What the wishes count from the moment one is kept: goods sold, treasures raised, ships defeated,
    missions completed, the ship's upgrades, rituals played."""
    return [s.sold[seat], s.raised[seat], len(s.defeated[seat]) + s.beaten[seat], len(s.m_done[seat]),
            s.spd[seat] + s.stg[seat] + s.hul[seat], s.rituals_played[seat]]


_COUNTER = {C.W_SELL: 0, C.W_RAISE: 1, C.W_DEFEAT: 2, C.W_MISSION: 3, C.W_UPGRADE: 4, C.W_RITUAL: 5}


def wish_progress(s: State, seat: int, w: int) -> int:
    wish = C.WISHES[w]
    if wish.cond == C.W_GOLD:
        return s.gold[seat]
    k = _COUNTER[wish.cond]
    base = s.wish_base[seat]
    return max(0, counters(s, seat)[k] - (base[k] if base else 0))


def wish_met(s: State, seat: int) -> bool:
    w = s.wish_kept[seat] if s.wish_kept else -1
    return w >= 0 and wish_progress(s, seat, w) >= C.WISHES[w].amount


def claim_legal(s: State, seat: int) -> list[object]:
    """On your turn, as a free action (like claiming a mission): reveal the kept wish once it is met."""
    if active(s) and wish_met(s, seat):
        return [CLAIM_WISH[s.wish_kept[seat]]]
    return []


def claim(s: State, seat: int, w: int, ev: list[Event] | None) -> None:
    # seed: "As soon as you meet the specified conditions, reveal the wish and choose one of the remaining
    # Soulmate markers."
    s.wish_kept[seat] = -1
    s.wish_done[seat] = w
    if ev is not None:
        say(ev, "wish-done", f"{who(s, seat)} reveals the wish {C.WISHES[w].name} ({C.WISHES[w].text}): fulfilled",
            seat, reveal=True, wish=w)
    s.shown = list(s.soul_left)
    s.pick_kind = P_SOULMATE
    ask(s, S_PICK, seat)


def soulmate_legal(s: State, seat: int) -> list[object]:
    return [TAKE[k] for k in s.shown]


def take_soulmate(s: State, seat: int, k: int, ev: list[Event] | None) -> None:
    s.step = S_NONE
    s.shown = []
    s.soul_left.remove(k)
    s.soulmate[seat] = k
    sm = C.SOULMATES[k]
    if ev is not None:
        say(ev, "soulmate", f"{who(s, seat)} wins the heart of {sm.name} ({sm.blurb}; {sm.vp} seals)", seat,
            reveal=True, soulmate=k)
    if sm.bonus == C.B_GOLD:
        earn(s, seat, sm.value, SRC_BONUS)


__all__ = [
    "K_WISH",
    "S_DROP",
    "claim",
    "claim_legal",
    "discard",
    "discard_legal",
    "found_ring",
    "deal",
    "init",
    "keep",
    "keep_legal",
    "rescue",
    "soulmate_legal",
    "take_soulmate",
    "treasure_ring",
]
