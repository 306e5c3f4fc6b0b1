"""Optional module: Events, and the epic game mode's wind deck.

seed: "If you want more unpredictability in your game, use the event deck on the back of the wind
cards. Instead of discarding the wind card at the end of each round, turn it face-up and place it
next to the wind deck. Each revealed event lasts for 1 round and offers new decisions and options
for the turn. Example: Round 1: No event. Round 2: Turn the top event card face-up. Round 3: Replace
the event with a new one."

The reading (docs/rules/shiver-me-timbers.md, "Designed here"): the event of round N is the back of
round N-1's wind card. At the end of a round, "Reveal a new wind card (and a new event ...)" is one
step: the wind card that blew this round is turned face up beside the deck — its event side is the
new event, replacing (discarding) the old one — and the next wind card is revealed from the deck. So
round 1 has no event, and nobody knows an event before its round begins (a wind card's back is
hidden while it blows: several cards share every wind).

An event is either an *option* (``EventCard.choice``: a free action the active player may take once
in each of their turns, ``UseEvent``), or it changes what an action offers for the round (the rules
ask ``common.event_value`` where it matters: sale prices, digging, rituals, the fog, a merchant's reward,
and which island actions ``turn`` offers).

Epic mode: seed: "Ignore the alternative trigger, and simply reshuffle the wind deck if it should ever
run out of cards." The cards done with (``State.wind_disc``) are shuffled into a new deck when a card
is needed and the deck is empty — the card face up as this round's event stays out.

Epic mode's end (designed: docs/rules/shiver-me-timbers.md, "Designed here", *Epic mode*): seed: "When all
but one of the available life goals have been fulfilled by at least one player, the endgame is triggered."
A goal is fulfilled when a captain has completed it (claimed, or met and not claimed), and an unclaimed goal
is available while somebody still has a marker (``goals_end_the_game``).
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import missions, trade, travel, treasure
from engine.games.shiver.rules.common import (
    active_event,
    earn,
    goal_met,
    room,
    say,
    the_graph,
    who,
)
from engine.games.shiver.state import SRC_CARDS, SRC_TRADE, TRIG_GOALS, State, UseEvent

USE = {a: UseEvent(a) for a in range(200)}
# the tokens a captain marks goals with: five unused origin markers, or seven unused life goal markers in epic mode
MARKERS = {False: C.ORIGIN_MARKERS - 1, True: C.GOAL_MARKERS - C.EPIC_SECRET_GOALS}


def event_words(k: int) -> str:
    e = C.EVENTS[k]
    return f"{e.name}: {e.text}"


# ---------------------------------------------------------------- the end of an epic game


def marked(s: State) -> list[int]:
    """How many goals each captain has marked."""
    n = [0] * s.players
    for c in s.claims:
        for x in c:
            n[x] += 1
    return n


def markers_spent_everywhere(s: State) -> bool:
    """Every captain has marked as many goals as they have markers for (only an epic game can get here
    before its goals end it: a regular game's five origin markers cover every goal dealt)."""
    return all(n >= MARKERS[s.epic] for n in marked(s))


def completed_unclaimed(s: State) -> list[int]:
    """Epic mode: the unclaimed goals some captain has completed (met) without marking them — held back, or
    with no marker left to mark them with. seed (epic): "the end game is only triggered when a player
    *completes* the second-to-last life goal" (the regular game's trigger is a claim)."""
    if not s.epic:
        return []
    seats = range(s.players)
    return [g for g, c in zip(s.goals, s.claims, strict=True) if not c and any(goal_met(s, x, g) for x in seats)]


def goals_end_the_game(s: State) -> bool:
    """Is the endgame due by the life goals? seed: "As soon as any player claims the second-to-last life goal
    ... this triggers the endgame"; seed: "When all but one of the available life goals have been fulfilled by
    at least one player, the endgame is triggered".

    Epic mode (Designed here): seed: "the end game is only triggered when a player completes the
    second-to-last life goal". A goal is fulfilled when a captain has completed it — claimed it, or met it
    without marking it (held back, or no marker left) — and an unclaimed goal is *available* only while
    somebody still has a marker to claim it with. So the end comes when all but one of the available goals
    are fulfilled: two captains who mark the same seven goals end the game with the table's last marker,
    and no captain can keep an epic game going for ever by holding back a claim."""
    unclaimed = sum(1 for c in s.claims if not c)
    if unclaimed <= 1:
        return True
    if not s.epic:
        return False  # five origin markers cover every goal dealt: the claims alone decide
    if markers_spent_everywhere(s):
        return True  # no unclaimed goal is available any more
    return unclaimed - len(completed_unclaimed(s)) <= 1


def goals_trigger(s: State, ev: list[Event] | None) -> None:
    """Trigger the endgame when the goals say so: after a claim, and in an epic game at the end of every turn
    (a goal completed without a claim)."""
    if s.ending or not goals_end_the_game(s):
        return
    s.ending = True
    s.trigger = TRIG_GOALS
    if ev is None:
        return
    unclaimed = sum(1 for c in s.claims if not c)
    if unclaimed <= 1:
        why = "The second-to-last life goal is claimed"
    elif markers_spent_everywhere(s):
        why = ("Every captain has placed their last life goal marker: no other goal can be claimed, so the goal just "
               "claimed was the second-to-last available one")
    else:
        names = ", ".join(C.LIFE_GOALS[g].name for g in completed_unclaimed(s))
        why = f"All but one of the life goals are completed (met but not claimed: {names})"
    say(ev, "endgame", f"{why}. The endgame is triggered: the round is finished, then the scores are tallied", trigger="goals")


# ---------------------------------------------------------------- the round's end


def next_wind(s: State, ev: list[Event] | None) -> None:
    """The wind card that blew goes face up as the next event (events module) or is done with; the next one
    is revealed (the epic mode reshuffles an empty deck first). The caller has checked the deck has a card,
    or that this is an epic game."""
    old = s.wind
    if old >= 0:
        if s.events:
            # seed: "Instead of discarding the wind card at the end of each round, turn it face-up"
            if s.event >= 0:
                s.wind_disc.append(s.event)  # "Replace the event with a new one"
            s.event = old
        else:
            s.wind_disc.append(old)
    if not s.wind_deck and s.epic:
        # seed: "simply reshuffle the wind deck if it should ever run out of cards"
        s.wind_deck = s.wind_disc
        s.wind_disc = []
        s.rng.shuffle(s.wind_deck)
        s.reshuffles += 1
        if ev is not None:
            say(ev, "reshuffle", "The wind deck ran out: the spent wind cards are shuffled into a new deck", reveal=True)
    s.wind = s.wind_deck.pop()


def reveal_event(s: State, ev: list[Event] | None) -> None:
    """Say the new event and resolve what happens at once when it is revealed (the Outbreak)."""
    k = active_event(s)
    if k < 0:
        return
    if ev is not None:
        say(ev, "event", f"The event of round {s.round}: {event_words(k)}", reveal=True, event=k, round=s.round)
    if k == C.EV_OUTBREAK:
        free = [i for i in range(6) if s.pest[i] == C.PEST_NONE]
        if not free:
            if ev is not None:
                say(ev, "plague", "Every island has had its plague: the outbreak finds no harbour")
            return
        i = free[s.rng.below(len(free))]
        s.pest[i] = C.PEST_ACTIVE
        if ev is not None:
            say(ev, "plague", f"The plague breaks out on {C.ISLANDS[i].name}", reveal=True, island=i)


# ---------------------------------------------------------------- the options (free actions)


def options(s: State, seat: int) -> list[UseEvent]:
    """The event's option for the active player in their turn (once per turn)."""
    k = active_event(s)
    if k < 0 or s.event_used or not C.EVENTS[k].choice or seat != s.turn:
        return []
    value = C.EVENTS[k].value
    gold = s.gold[seat]
    cargo = s.cargo[seat]
    if k == C.EV_RATIONS:
        return [USE[0]] if gold >= value else []
    if k == C.EV_COVE:
        return [USE[r] for r in range(3) if cargo[r]]
    if k == C.EV_FLOTSAM:
        return [USE[r] for r in range(3)] if s.pos[seat] >= 6 and room(s, seat) > 0 else []
    if k == C.EV_PLAGUE_SHIP:
        return [USE[i] for i in range(6) if s.pest[i] == C.PEST_NONE] if gold >= value else []
    if k == C.EV_PARDON:
        return [USE[m] for m in s.missions[seat]]
    pos = s.pos[seat]
    if k == C.EV_RUMOURS:
        return [USE[0]] if pos < 6 and (s.t_deck or s.t_disc) else []
    if k == C.EV_FAIR:
        return [USE[a] for a in trade.upgrade_options(s, seat)] if pos < 6 else []
    if k == C.EV_HARVEST:
        res = C.ISLANDS[pos].produces if pos < 6 else -1
        return [USE[res]] if res >= 0 and trade.market_open(s, pos) and room(s, seat) > 0 else []
    if k == C.EV_LIPS:
        if gold < value:
            return []
        bit = 1 << seat
        return [USE[n] for n in the_graph(s).anchors
                if s.merchant[n] >= 0 and not s.m_up[n] and not s.m_known[n] & bit]
    return []


def use(s: State, seat: int, arg: int, ev: list[Event] | None) -> None:
    k = active_event(s)
    e = C.EVENTS[k]
    s.event_used = True
    if k == C.EV_RATIONS:
        s.gold[seat] -= e.value
        s.actions += 1
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} pays {e.value} Gold for extra rations: 1 extra action", seat, event=k)
    elif k == C.EV_COVE:
        s.cargo[seat][arg] -= 1
        s.sold[seat] += 1  # goods sold (the Merchant Prince counts them)
        earn(s, seat, e.value, SRC_TRADE)
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} sells 1 {C.RESOURCES[arg]} to the smugglers for {e.value} Gold", seat,
                event=k, res=arg)
    elif k == C.EV_FLOTSAM:
        s.cargo[seat][arg] += 1
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} fishes 1 {C.RESOURCES[arg]} out of the flotsam", seat, event=k, res=arg)
    elif k == C.EV_PLAGUE_SHIP:
        s.gold[seat] -= e.value
        s.pest[arg] = C.PEST_ACTIVE
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} pays {e.value} Gold to steer the plague ship to {C.ISLANDS[arg].name}: "
                f"the plague breaks out there", seat, event=k, island=arg)
    elif k == C.EV_PARDON:
        missions.discard_mission(s, seat, arg, ev)
        earn(s, seat, e.value, SRC_CARDS)
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} hands in {C.MISSIONS[arg].name} for a royal pardon: {e.value} Gold",
                seat, event=k, card=arg)
    elif k == C.EV_RUMOURS:
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} listens to the tavern rumours (no action)", seat, event=k)
        treasure.scout_begin(s, seat, ev)
    elif k == C.EV_FAIR:
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} visits the shipwrights' fair (no action)", seat, event=k)
        trade.upgrade(s, seat, arg, ev)
    elif k == C.EV_HARVEST:
        s.cargo[seat][arg] += e.value
        if ev is not None:
            say(ev, "event-use", f"Bumper harvest: {who(s, seat)} loads 1 {C.RESOURCES[arg]} for free", seat, event=k, res=arg)
    elif k == C.EV_LIPS:
        s.gold[seat] -= e.value
        if ev is not None:
            say(ev, "event-use", f"{who(s, seat)} pays {e.value} Gold for loose lips in the taverns", seat, event=k)
        travel.peek(s, seat, arg, ev, remote=True)


# ---------------------------------------------------------------- the island actions an event opens


EVENT_ACTIONS = {C.EV_PRESS_GANG: C.ACT_HIRE, C.EV_SHAMAN: C.ACT_LEARN, C.EV_PROGRESS: C.ACT_MISSION}


def extra_action(s: State) -> int:
    """The island action this round's event offers on every island (-1: none)."""
    return EVENT_ACTIONS.get(active_event(s), -1)
