"""3. Storm phase and the Storm Front: a forecast in odd rounds, a strike in even rounds.

seed: "When a storm strikes (Rounds 2, 4, 6): 1. Secret bid ... 2. Reveal all bids at once.
Every bid Ballast is spent either way."
"""

from __future__ import annotations

from engine.core.rules import Event, say
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.cracks import crack, standing
from engine.games.shardwake.rules.end import cleanup, game_end, record_round
from engine.games.shardwake.state import (
    BIDDING,
    CALM,
    PLACEMENT,
    SRC_LOSSES,
    SRC_STORMS,
    TWIN,
    State,
)
from engine.games.shardwake.text import who


def storm_phase(s: State, ev: list[Event] | None) -> None:
    if s.round % 2 == 1:
        storm_forecast(s, ev)
        cleanup(s, ev)
    else:
        # seed: "Secret bid: each player hides any number of Ballast in a closed fist, including zero."
        s.phase = BIDDING
        s.bids = [-1] * s.players


def storm_forecast(s: State, ev: list[Event] | None) -> None:
    if s.variant == CALM:
        card = s.forecast[s.round // 2]
        if ev is not None:
            name = C.storm_of(card).name
            say(ev, "storm", f"Forecast: {name} strikes next round.", what="forecast", storm=name,
                threshold=C.threshold(card, s.players))
        return
    # seed: "reveal the top Storm card face-up in the Forecast slot. It will strike next round."
    card = s.storm_deck.pop()
    s.forecast = [card]
    s.knows_forecast = list(s.knows_top)
    s.knows_top = [0] * s.players
    if ev is not None:
        st = C.storm_of(card)
        if s.variant == TWIN:
            # seed: "The Forecast card is placed face-down, and only its name is announced."
            say(ev, "storm", f"Forecast (face down): {st.name}. Its Threshold stays hidden until the bids.",
                reveal=True, what="forecast", storm=st.name, threshold=-1)
        else:
            need = C.threshold(card, s.players)
            say(ev, "storm", f"Forecast: {st.name}, Threshold {need}; if it fails: {st.fail_text}.", reveal=True,
                what="forecast", storm=st.name, threshold=need)


def current_storm(s: State) -> int:
    return s.forecast[s.round // 2 - 1] if s.variant == CALM else s.forecast[0]


def bid(s: State, seat: int, ballast: int, ev: list[Event] | None) -> None:
    s.bids[seat] = ballast
    if ev is not None:
        # the amount stays in the fist: only the bidder's own log shows it
        say(ev, "bid", f"{who(s, seat)} closes a fist.", seat)
        say(ev, "bid", f"{who(s, seat)} bids {ballast} Ballast.", seat, (seat,), ballast=ballast)
    if min(s.bids) >= 0:
        storm_strike(s, ev)


def storm_strike(s: State, ev: list[Event] | None) -> None:
    """seed: "Reveal all bids at once. Every bid Ballast is spent either way." """
    p = s.players
    card = current_storm(s)
    need = C.threshold(card, p)
    bids = s.bids
    before = [s.res[x][C.BALLAST] for x in range(p)]
    for x in range(p):
        s.res[x][C.BALLAST] -= bids[x]
        s.supply[C.BALLAST] += bids[x]
    total = sum(bids)
    passed = total >= need
    st = C.storm_of(card)
    if ev is not None:
        say(ev, "storm", f"{st.name} strikes! Bids: " + ", ".join(f"{who(s, x)} {bids[x]}" for x in range(p))
            + f" — total {total} against Threshold {need}.", reveal=True, what="strike", storm=st.name,
            bids=list(bids), total=total, threshold=need)
    if passed:
        # seed: "The highest contributor gains +3 Renown. Tied highest contributors each gain +3."
        top = max(bids)
        gains = [0] * p
        for x in range(p):
            gain = C.STORM_TOP_REWARD if bids[x] == top else C.STORM_OTHER_REWARD if bids[x] >= 1 else 0
            if gain:
                s.renown[x] += gain
                s.sources[x][SRC_STORMS] += gain
                gains[x] = gain
        if ev is not None:
            say(ev, "storm", "The storm disperses. Top contributors gain +3, other contributors +1.",
                what="passed", storm=st.name, renown=gains)
    else:
        if ev is not None:
            say(ev, "storm", f"The storm breaks through: {st.fail_text}.", what="failed", storm=st.name)
        storm_fail(s, st.fail, ev)
    s.storm_log.append([s.round, card, need, 1 if passed else 0, total, *bids, *before])
    s.bids = []
    s.knows_forecast = [0] * p
    if s.variant != CALM:
        s.forecast = []
    if s.round >= C.ROUNDS:
        # seed: "The game ends after the Storm Phase of Round 6."
        record_round(s)
        game_end(s, ev)
    else:
        s.phase = PLACEMENT
        cleanup(s, ev)


def storm_fail(s: State, fail: int, ev: list[Event] | None) -> None:
    """The Storm card's Fail effect (content.STORMS says each in words)."""
    stand = standing(s)
    if fail == C.SHEARWIND:
        for i in stand:
            if not C.ISLANDS[s.tiles[i]].deep:
                crack(s, i, 1, -1, ev)
    elif fail == C.UNDERTOW:
        for i in stand:
            if C.ISLANDS[s.tiles[i]].deep:
                crack(s, i, 1, -1, ev)
    elif fail == C.MAELSTROM:
        totals = {i: sum(s.claims[i]) for i in stand}
        most = max(totals.values(), default=0)
        if most > 0:
            for i in stand:
                if totals[i] == most:
                    crack(s, i, 2, -1, ev)
    elif fail == C.ASHFALL:
        for x in range(s.players):
            lost = s.res[x][C.AETHER] // 2
            s.res[x][C.AETHER] -= lost
            s.supply[C.AETHER] += lost
        most = max((s.cracks[i] for i in stand), default=0)
        if most > 0:
            for i in stand:
                if s.cracks[i] == most:
                    crack(s, i, 1, -1, ev)
    elif fail == C.LIGHTNING:
        for i in stand:
            if s.docks[2 * i] >= 0:
                crack(s, i, 1, -1, ev)
    elif fail == C.DEAD_CALM:
        for x in range(s.players):
            loss = min(2, s.renown[x])
            s.renown[x] -= loss
            s.sources[x][SRC_LOSSES] -= loss
