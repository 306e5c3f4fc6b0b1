"""Shardwake in words: names, items, the phase and prompt of a view, the decision panel's
labels (from the view alone) and the log's line for each move.

The rules' events (``engine.core.rules.say``) name seats in the third person ("Ann bids 3 Ballast", never "You bid") and carry
their machine form: a ``kind`` and ``data`` (the seat, islands by index, things by name).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.shardwake import content as C
from engine.games.shardwake.state import (
    ACCUSE,
    ANSWERING,
    BIDDING,
    CALM,
    CLAIMS,
    DISCARD,
    DRAFTING,
    HARBOR_BASE,
    ORDER,
    PENDING_CLAIM,
    PENDING_TARGET,
    PLACEMENT,
    RELIC_ITEM,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Keep,
    Move,
    MoveClaim,
    Offer,
    Place,
    Send,
    SkiffChoice,
    StartClaim,
    State,
    Target,
    Trade,
    View,
)

NAMES = ("Red", "Blue", "Green", "Yellow", "Purple")
PHASE_NAMES = (  # by phase (state.Step)
    "Setup: starting Claims",
    "Order phase",
    "Placement phase",
    "Storm phase: secret Ballast bids",
    "End of Round 3: keep one Agenda",
    "Final scoring: secret Accusations",
    "Game over",
)


# ---------------------------------------------------------------- names


def seat_name(seat: int) -> str:
    """A default name for a seat: its colour (a Match passes the players' own names)."""
    return NAMES[seat] if 0 <= seat < len(NAMES) else f"seat {seat}"


def who(s: State, seat: int) -> str:
    """A player's name in the events' plain words."""
    return s.names[seat] if 0 <= seat < len(s.names) else seat_name(seat)


def island(s: State, i: int) -> str:
    return C.ISLANDS[s.tiles[i]].name


def item_name(item: int) -> str:
    """A trade item: a cube's name, or "Relic Tidebone 3"."""
    if item < RELIC_ITEM:
        return C.RESOURCES[item]
    return "Relic " + C.relic_name(item - RELIC_ITEM)


def items_text(items: list[int], name: Callable[[int], str] = item_name) -> str:
    """``2 Aether, Relic Tidebone 3`` (``nothing`` for none); ``name`` names one item."""
    if not items:
        return "nothing"
    counts: dict[int, int] = {}
    for it in items:
        counts[it] = counts.get(it, 0) + 1
    parts = []
    for it in sorted(counts):
        n = counts[it]
        parts.append(f"{n} {name(it)}" if it < RELIC_ITEM else (name(it) + (f" ×{n}" if n > 1 else "")))
    return ", ".join(parts)


def cost_text(cost: tuple[int, ...] | list[int]) -> str:
    parts = [f"{n} {C.RESOURCES[r]}" for r, n in enumerate(cost) if n]
    return " + ".join(parts) if parts else "free"


def short_supply(wanted: tuple[int, ...], got: tuple[int, ...]) -> str:
    """What a short general supply gave: "the supply gives only 1 Ballast (it is out of Brass)"."""
    given = f"only {cost_text(got)}" if any(got) else "nothing"
    out = " and ".join(C.RESOURCES[r] for r in range(3) if got[r] < wanted[r])
    return f"the supply gives {given} (it is out of {out})"


# ---------------------------------------------------------------- phase and prompt


def phase(s: State) -> str:
    """The phase in words, for the header."""
    if s.phase == PLACEMENT:
        return PHASE_NAMES[PLACEMENT] + (": trade offer" if s.trade_stage else "")
    return PHASE_NAMES[s.phase]


def prompt(s: State, seat: int | None, acting: tuple[int, ...]) -> str:
    """What the game waits for, said to ``seat``."""
    if seat is None or seat not in acting:
        if not acting:
            return "The game is over."
        return "Waiting for " + ", ".join(who(s, x) for x in acting) + "."
    ph = s.phase
    if ph == CLAIMS:
        return "Place your starting Claim on an Outer island."
    if ph == ORDER:
        return "You trail by 5 or more: take the Hired Skiff (and give up first position), or stay first?"
    if ph == BIDDING:
        card = s.forecast[s.round // 2 - 1] if s.variant == CALM else s.forecast[0]
        return f"{C.storm_of(card).name} strikes: bid Ballast in secret (0–{s.res[seat][C.BALLAST]})."
    if ph == DISCARD:
        return "Keep one of your two Agendas; the other is discarded face down."
    if ph == ACCUSE:
        return "Accuse one opponent: name the Guild you suspect."
    if s.trade_stage == ANSWERING:
        return (f"{who(s, s.order[s.turn])} offers {items_text(s.trade_give)} for "
                f"{items_text(s.trade_get)}. Accept or decline?")
    if s.trade_stage == DRAFTING:
        return (f"Trade with {who(s, s.trade_partner)}: you give {items_text(s.trade_give)}, you get "
                f"{items_text(s.trade_get)}. Add items, send, or drop it.")
    if s.pending == PENDING_TARGET:
        sp = C.HARBOR[s.pending_space - HARBOR_BASE]
        return "Choose the island to brace." if sp.kind == C.BRACE else "Choose the island for your Claim."
    if s.pending == PENDING_CLAIM:
        return "You are out of Claims: move one from another standing island, or place none."
    if s.traded:
        return "Place a ship."
    return "Place a ship (or first propose a trade)."


# ---------------------------------------------------------------- words for moves


def _island_name(view: View, i: int) -> str:
    return view.islands[i].name if 0 <= i < len(view.islands) else f"island {i}"


def _seat(view: View, seat: int) -> str:
    names = view.names
    return names[seat] if 0 <= seat < len(names) else seat_name(seat)


def label(view: View, move: Move) -> tuple[str, str]:
    """(group, text) for the decision panel, from the view alone."""
    match move:
        case Place(space=sp) if sp >= HARBOR_BASE:
            h = C.HARBOR[sp - HARBOR_BASE]
            return ("Harbor", f"{h.name}: {h.text}")
        case Place(space=sp):
            isl = view.islands[sp >> 1]
            if sp & 1:
                return ("Islands", f"Moor at {isl.name}: +{cost_text(isl.moor_gives)}, +Claim")
            kind = "Deep" if isl.deep else "Outer"
            return ("Islands", f"Salvage at {isl.name} ({kind}) — {cost_text(isl.salvage_cost)}: take a Relic, "
                               f"+Claim, +Crack ({isl.cracks + 1}/{isl.slots}"
                               f"{', braced' if isl.braced else ''}, {isl.cache} left)")
        case Target(island=i):
            space = C.HARBOR[view.pending_space - HARBOR_BASE] if view.pending_space >= HARBOR_BASE else None
            if space is not None and space.kind == C.BRACE:
                return ("Brace", f"Brace {_island_name(view, i)}")
            return ("Charter", f"Claim {_island_name(view, i)}")
        case MoveClaim(island=i):
            if i < 0:
                return ("Claim", "Place no Claim")
            return ("Claim", f"Move a Claim from {_island_name(view, i)}")
        case Trade(partner=partner):
            return ("Trade", f"Propose a trade to {_seat(view, partner)}")
        case Offer(side=0, item=item):
            return ("You give", f"Give 1 {item_name(item)}")
        case Offer(item=item):
            return ("You get", f"Ask for 1 {item_name(item)}")
        case Send():
            tr = view.trade
            give = ", ".join(tr.give_names) if tr else ""
            get = ", ".join(tr.get_names) if tr else ""
            return ("Trade", f"Send: give {give} for {get}")
        case Cancel():
            return ("Trade", "Drop the trade")
        case Answer(accept=accept):
            tr = view.trade
            if accept:
                got = ", ".join(tr.give_names) if tr else "?"
                gave = ", ".join(tr.get_names) if tr else "?"
                return ("Answer", f"Accept: you get {got} and give {gave}")
            return ("Answer", "Decline")
        case Bid(ballast=n):
            return ("Bid", f"Bid {n} Ballast")
        case Keep(card=card):
            mine = view.agendas
            k = mine[card] if card < len(mine) else -1
            other = mine[1 - card] if len(mine) == 2 else -1
            kt = C.GUILDS[k] if k >= 0 else "?"
            ot = C.GUILDS[other] if other >= 0 else "?"
            return ("Agenda", f"Keep {kt} (discard {ot})")
        case Accuse(target=target, guild=guild):
            return (f"Accuse {_seat(view, target)}", f"{_seat(view, target)} is {C.GUILDS[guild]}")
        case StartClaim(island=i):
            return ("Claim", f"Starting Claim on {_island_name(view, i)}")
        case SkiffChoice(take=take):
            if take:
                return ("Skiff", "Take the Hired Skiff and give up first position")
            return ("Skiff", "Stay first without the Skiff")
        case Idle():
            return ("Place", "No space to use: the ship sits out")


def describe(s: State, seat: int, move: Move) -> str:
    """A log line; secret choices (bids, Accusations, the Agenda discard) say only that one was made."""
    name = who(s, seat)
    match move:
        case Bid():
            return f"{name} bids in secret."
        case Accuse():
            return f"{name} lays an Accusation face down."
        case Keep():
            return f"{name} discards an Agenda face down."
        case Place(space=sp) if sp >= HARBOR_BASE:
            return f"{name}: {C.HARBOR[sp - HARBOR_BASE].name}."
        case Place(space=sp):
            return f"{name}: {'Moor' if sp & 1 else 'Salvage'} at {island(s, sp >> 1)}."
        case StartClaim(island=i):
            return f"{name} stakes a starting Claim on {island(s, i)}."
        case Target(island=i):
            if s.pending_space >= HARBOR_BASE and C.HARBOR[s.pending_space - HARBOR_BASE].kind == C.BRACE:
                return f"{name} braces {island(s, i)}."
            return f"{name} charters a Claim on {island(s, i)}."
        case MoveClaim(island=i):
            if i < 0:
                return f"{name} places no Claim."
            return f"{name} moves a Claim from {island(s, i)}."
        case Trade(partner=partner):
            return f"{name} drafts a trade with {who(s, partner)}."
        case Offer(side=side, item=item):
            return f"{name} {'offers' if side == 0 else 'asks for'} 1 {item_name(item)}."
        case Send():
            return f"{name} proposes {items_text(s.trade_give)} for {items_text(s.trade_get)}."
        case Cancel():
            return f"{name} drops the trade."
        case Answer(accept=accept):
            return f"{name} {'accepts' if accept else 'declines'}."
        case SkiffChoice(take=take):
            return f"{name} {'takes the Skiff' if take else 'stays first'}."
        case Idle():
            return f"{name}'s ship sits out."
