"""Missions: acquiring them at Port Royal (top three, keep one, the rest to the bottom), official
missions revealed and one at a time, secret tasks hidden, at most three, completing and
claiming them as a free action (deliveries discarded on the named island), into the chest."""

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
    ask,
    draw_mission,
    earn,
    gain_goods,
    push,
    say,
    to_bottom,
    who,
)
from engine.games.shiver.state import D_MISSION, P_MISSION, SRC_MISSIONS, State


def holds_official(s: State, seat: int) -> bool:
    return any(C.MISSIONS[m].kind == C.OFFICIAL for m in s.missions[seat])


def can_acquire(s: State, seat: int) -> bool:
    # seed: "You have to complete the task (or discard it as a free action) before acquiring a new mission."
    # (the Silver Tongue's marker lets it hold two official missions: a marker's text takes precedence)
    limit = C.SILVER_OFFICIAL if s.talent[seat] == C.SILVER_TONGUE else 1
    officials = sum(1 for m in s.missions[seat] if C.MISSIONS[m].kind == C.OFFICIAL)
    return officials < limit and bool(s.m_deck or s.m_disc)


def mission_look(s: State, seat: int) -> int:
    return C.MISSION_LOOK + (C.SILVER_LOOK if s.talent[seat] == C.SILVER_TONGUE else 0)


def acquire_begin(s: State, seat: int, ev: list[Event] | None) -> None:
    # seed: "Look at the top three cards of the mission deck. Place one of them in your hand ... and
    # return the other two to the bottom of the mission deck."
    shown = []
    for _ in range(mission_look(s, seat)):
        c = draw_mission(s, ev)
        if c < 0:
            break
        shown.append(c)
    if not shown:
        if ev is not None:
            say(ev, "deck-empty", "The mission deck is empty", seat)
        return
    s.shown = shown
    s.pick_kind = P_MISSION
    if ev is not None:
        say(ev, "look", f"{who(s, seat)} looks at the top {len(shown)} mission cards", seat, deck="mission", n=len(shown))
    if ev is not None:
        say(ev, "see", f"{who(s, seat)} sees {', '.join(C.MISSIONS[c].name for c in shown)}", seat, to=(seat,), reveal=True, cards=list(shown))
    ask(s, S_PICK, seat)


def mission_take(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    rest = [c for c in s.shown if c != card]
    s.shown = []
    s.step = S_NONE
    to_bottom(s.m_deck, s.m_mask, rest, seat)
    take_mission(s, seat, card, ev)
    # seed: "If you already have 3 missions, you can still take the Acquire Mission action, but have to
    # discard 1 card afterwards."
    if len(s.missions[seat]) > C.MISSION_LIMIT:
        s.drop_kind = D_MISSION
        ask(s, S_DROP, seat)


def take_mission(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    m = C.MISSIONS[card]
    s.missions[seat].append(card)
    s.m_prog[seat].append(0)
    if m.kind == C.SECRET:
        if ev is not None:
            say(ev, "mission", f"{who(s, seat)} accepts a secret task", seat, secret=True)
        if ev is not None:
            say(ev, "mission", f"{who(s, seat)} accepts the secret task {m.name}", seat, to=(seat,), card=card)
    else:
        # seed: "Official missions are marked with an open eye. If you chose one of these, reveal it"
        # (and a title quest is revealed "as soon as you acquire it")
        if ev is not None:
            say(ev, "mission", f"{who(s, seat)} takes the {C.MISSION_KINDS[m.kind]} {m.name}: {m.text}", seat, reveal=True, card=card)


def mission_complete(s: State, seat: int, j: int) -> bool:
    card = s.missions[seat][j]
    m = C.MISSIONS[card]
    cond = m.cond
    if cond == C.M_AT:
        return s.pos[seat] == m.a
    if cond == C.M_DELIVER:
        return s.pos[seat] == m.a and s.cargo[seat][m.b] >= m.c
    if cond == C.M_STAT:
        vals = s.spd if m.a == C.SPEED else s.stg if m.a == C.STRENGTH else s.hul
        return vals[seat] >= m.b
    if cond == C.M_CHEST:
        return s.chest[seat] >= m.a
    if cond == C.M_SHIP_TREASURES:
        return len(s.t_ship[seat]) >= m.a
    if cond == C.M_PEEKS:
        return s.m_prog[seat][j] >= m.a
    if cond == C.M_SPOT:
        return s.m_prog[seat][j] >= m.b
    if cond in C.EVENT_CONDITIONS:
        return s.m_prog[seat][j] >= 1
    return False  # title quests (issue 17) are not yet in the game


def claimable(s: State, seat: int) -> list[int]:
    return [card for j, card in enumerate(s.missions[seat]) if mission_complete(s, seat, j)]


def claim(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    # seed: "During your turn, you can reveal any completed missions as a free action and collect the
    # reward. Place the completed mission in your chest then."
    m = C.MISSIONS[card]
    j = s.missions[seat].index(card)
    del s.missions[seat][j]
    del s.m_prog[seat][j]
    if m.cond == C.M_DELIVER:
        # seed: "you have to transport them to the named island and discard them there"
        s.cargo[seat][m.b] -= m.c
    s.m_done[seat].append(card)
    r = m.reward
    gold = r.gold + titles.mission_bonus(s, seat)
    parts = []
    if gold:
        earn(s, seat, gold, SRC_MISSIONS)
        parts.append(f"{gold} Gold")
    if ev is not None:
        say(ev, "complete", f"{who(s, seat)} completes {m.name} ({m.text}) and takes {', '.join(parts) or 'the seal'}", seat, reveal=True, card=card, gold=gold)
    if r.goods[1]:
        gain_goods(s, seat, r.goods[0], r.goods[1], ev, m.name)
    for _ in range(r.treasure):
        push(s, K_REWARD, seat)
    for _ in range(r.upgrade):
        push(s, K_REFIT, seat)
    for _ in range(r.ritual):
        push(s, K_RITUAL, seat)
    for _ in range(r.crew):
        push(s, K_CREW, seat)
    if m.kind == C.OFFICIAL:
        titles.task(s, seat, C.Q_MISSION, ev=ev)
    if m.family >= 0:
        # the governor keeps his word: the relative walks out of his prison (issue 17)
        family.rescue(s, seat, m.family, ev, f"has done the governor's dirty work ({m.name})")


def drop_mission_legal(s: State, seat: int) -> list[object]:
    return [DROP[c] for c in s.missions[seat]]


def discard_mission(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    j = s.missions[seat].index(card)
    del s.missions[seat][j]
    del s.m_prog[seat][j]
    s.m_disc.append(card)
    m = C.MISSIONS[card]
    if ev is not None:
        say(ev, "discard-mission", f"{who(s, seat)} discards the {C.MISSION_KINDS[m.kind]} {m.name}", seat, reveal=m.kind == C.SECRET, card=card)
