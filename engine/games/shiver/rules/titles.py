"""Rise to nobility: the six title quests and their title cards (issue 17, part B).

seed: "There are six Title Quests total in the mission deck. Each title quest consists of three separate
tasks. You can complete the three tasks in any order you like. Mark completed tasks with a progress marker
to track your successes. Only tasks completed after you revealed the title quest count towards the mission
... After all three tasks have been completed, you gain the corresponding title card as a reward."

A title quest is a mission card (``content.MISSIONS``, kind ``TITLE``, ``a`` its title card); it is revealed
when taken (missions.take_mission) and its progress is ``State.m_prog`` — here a bitmask of the tasks done,
one progress marker on each. The rules call ``task`` wherever a task's event happens; a held quest with that
task still open takes a marker on it, if one of the five is free. The third task completes the quest at once:
its markers come back, the quest goes into the chest as a completed mission (its seals count), and the title
card goes onto the tableau: ``holds`` tells the other rules whose bonus applies.
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import earn, holds_title, say, who
from engine.games.shiver.state import SRC_COMBAT, SRC_MISSIONS, State

ALL_TASKS = 0b111


def holds(s: State, seat: int, title: int) -> bool:
    """The seat holds this title card (its bonus applies for the rest of the game)."""
    return holds_title(s, seat, title)


def titles_of(s: State, seat: int) -> list[int]:
    return [t for t, k in enumerate(s.title_of) if k == seat]


def quest_marks(s: State, seat: int) -> int:
    """Progress markers standing on this seat's title quests."""
    return sum(bin(s.m_prog[seat][j]).count("1") for j, card in enumerate(s.missions[seat])
               if C.MISSIONS[card].kind == C.TITLE)


def markers_in_use(s: State, seat: int) -> int:
    """seed: "Use the 5 wooden markers to track progress during treasure hunts, monster hunts and title
    quests." A treasure hunt holds two (the first space and the final one: "Place one of your progress markers
    on the first (red) space of the track and another on the final space"), a monster hunt one, a title
    quest one for every task done."""
    n = 2 if s.track[seat] >= 0 else 0
    n += sum(1 for p in s.hunt_pos[seat] if p > 0)
    return n + quest_marks(s, seat)


def free_markers(s: State, seat: int) -> int:
    return max(0, C.PROGRESS_MARKERS - markers_in_use(s, seat))


def can_start_treasure_hunt(s: State, seat: int) -> bool:
    """A treasure card goes on the track only with its two markers free."""
    return free_markers(s, seat) >= 2


def can_start_monster_hunt(s: State, seat: int, monster: int) -> bool:
    """A monster hunt already begun keeps its marker; a new one needs a free marker."""
    return s.hunt_pos[seat][monster] > 0 or free_markers(s, seat) >= 1


def open_tasks(s: State, seat: int, j: int) -> list[int]:
    done = s.m_prog[seat][j]
    return [i for i in range(3) if not done >> i & 1]


def task(s: State, seat: int, kind: int, a: int = -1, ev: list[Event] | None = None) -> None:
    """A task's event happened to ``seat`` (``a``: its island, for the tasks that name one). Every title quest
    it holds with such a task still open marks it — one deed may serve several quests, never two tasks of one."""
    if seat < 0 or not s.missions[seat]:
        return
    j = 0
    while j < len(s.missions[seat]):
        card = s.missions[seat][j]
        m = C.MISSIONS[card]
        if m.kind != C.TITLE:
            j += 1
            continue
        title = C.TITLES[m.a]
        hit = next((i for i in open_tasks(s, seat, j) if title.tasks[i].kind == kind
                    and (title.tasks[i].a < 0 or title.tasks[i].a == a)), -1)
        if hit < 0:
            j += 1
            continue
        if free_markers(s, seat) < 1:
            if ev is not None:
                say(ev, "quest-no-marker", f"{who(s, seat)} has no progress marker free: "
                    f"\"{title.tasks[hit].text}\" is not marked on {title.name}", seat, card=card, task=hit)
            j += 1
            continue
        s.m_prog[seat][j] |= 1 << hit
        done = bin(s.m_prog[seat][j]).count("1")
        if ev is not None:
            say(ev, "quest-task", f"{who(s, seat)} marks \"{title.tasks[hit].text}\" on {title.name} ({done} of 3)",
                seat, card=card, task=hit)
        if s.m_prog[seat][j] == ALL_TASKS:
            complete(s, seat, j, ev)
            continue  # the list shrank: the same j is the next card
        j += 1


def complete(s: State, seat: int, j: int, ev: list[Event] | None) -> None:
    """seed: "After all three tasks have been completed, you gain the corresponding title card as a reward."
    The markers come back; the quest goes into the chest, a completed mission ("Place the completed mission in
    your chest then"), and the title card onto the tableau."""
    card = s.missions[seat][j]
    t = C.MISSIONS[card].a
    del s.missions[seat][j]
    del s.m_prog[seat][j]
    s.m_done[seat].append(card)
    s.title_of[t] = seat
    if ev is not None:
        say(ev, "title", f"{who(s, seat)} completes the title quest {C.TITLES[t].name} ({C.TITLES[t].vp} seals) "
            f"and takes the title card: {C.TITLES[t].bonus}", seat, reveal=True, card=card, title=t)
    gold = mission_bonus(s, seat)
    if gold:
        earn(s, seat, gold, SRC_MISSIONS)
        if ev is not None:
            say(ev, "title-gold", f"{who(s, seat)} takes {gold} Gold for the completed mission", seat, gold=gold)


def mission_bonus(s: State, seat: int) -> int:
    """Gold added to every mission this seat completes: the Silver Tongue's marker and the Governor's
    Buccaneer's title."""
    gold = C.SILVER_GOLD if s.talent[seat] == C.SILVER_TONGUE else 0
    if holds(s, seat, C.T_BUCCANEER):
        gold += C.BUCCANEER_GOLD
    return gold


def combat(s: State, seat: int, sub: int, large: bool, ev: list[Event] | None) -> None:
    """The combat events (combat.combat_event's ``sub``: 0 a merchant defeated, 2 a fortress raided, 3 a pirate
    hunter defeated, 4 a captain defeated in a boarding, 5 a merchant hit in a gunfight)."""
    if sub == 0:
        task(s, seat, C.Q_LARGE if large else C.Q_SMALL, ev=ev)
        task(s, seat, C.Q_MERCHANT, ev=ev)
    elif sub == 2:
        task(s, seat, C.Q_RAID, ev=ev)
    elif sub == 3:
        task(s, seat, C.Q_HUNTER, ev=ev)
    elif sub == 4:
        task(s, seat, C.Q_CAPTAIN, ev=ev)
    elif sub == 5:
        task(s, seat, C.Q_GUNFIGHT, ev=ev)


def privateer_bounty(s: State, winner: int, ev: list[Event] | None) -> None:
    """The King's Privateer is a pirate hunter: the crown pays a bounty for every captain it defeats."""
    if holds(s, winner, C.T_PRIVATEER):
        earn(s, winner, C.PRIVATEER_BOUNTY, SRC_COMBAT)
        if ev is not None:
            say(ev, "bounty", f"The crown pays {who(s, winner)}, the King's Privateer, a bounty of "
                f"{C.PRIVATEER_BOUNTY} Gold", winner, gold=C.PRIVATEER_BOUNTY)
