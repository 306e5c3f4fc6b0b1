"""Words: ``label`` (group and text of a move for the decision panel, from the acting seat's view
only) and ``describe`` (a log line for a move about to be applied)."""

from __future__ import annotations

from typing import Any

from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_DROP, S_HIRE, S_LEARN, who
from engine.games.shiver.state import (
    D_CREW,
    D_MISSION,
    D_RITUAL,
    D_WISH,
    LURE_CODE,
    MERCHANT_TARGET,
    MISSION_CODE,
    P_MISSION,
    P_ORIGIN_M,
    P_SOULMATE,
    P_WISH,
    RITUAL_CODE,
    TREASURE_ITEM,
    Act,
    Buy,
    ChooseDeck,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    DiscardCard,
    DiscardGoods,
    Drop,
    Dump,
    EndTurn,
    Gain,
    HideGold,
    HideTreasure,
    Hunt,
    Improve,
    Lead,
    Marker,
    Parry,
    Pass,
    Peek,
    PickGoals,
    PickStart,
    PlaceIsland,
    PlaceRoute,
    Play,
    Plunder,
    ReturnCard,
    Rotate,
    Sail,
    SellDone,
    SellPick,
    StartHunt,
    State,
    Strike,
    Swap,
    Take,
    Target,
    UseEvent,
)


def card_name(code: int) -> str:
    """A crew card (0-8) or a ritual (10 + type)."""
    return C.CREW[code].name if code < RITUAL_CODE else C.RITUALS[code - RITUAL_CODE].name


def _node_words(v: Any, node: int) -> str:
    """A space of the map in words, by the route it lies on: "the anchor on Port Royal – La Juanita"."""
    if node < 6:
        return C.ISLANDS[node].name
    if v is not None and node < len(v.nodes):
        nv = v.nodes[node]
        if nv.spot:
            return f"the {nv.spot}"
        what = "anchor" if nv.kind == "anchor" else ("fog" if nv.fog else "sea")
        for r in v.routes:
            if node in r.nodes:
                j = r.nodes.index(node)
                return f"{what} {j + 1} of {len(r.nodes)}, {r.ends[0]} – {r.ends[1]}"
        return f"{what} space {node}"
    return f"space {node}"


DIR_WORDS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")


def _site_words(v: Any, site: int, lead: str = "") -> str:
    """A lattice site in words, from the view: an island, a special spot, or open sea."""
    x, y = chart.xy(site)
    if v is not None:
        for isl in v.islands:
            if isl.placed and (isl.x, isl.y) == (x, y):
                return isl.name
        for r in v.routes:
            if r.length == C.LONG and ((r.ax + r.bx) // 2, (r.ay + r.by) // 2) == (x, y):
                return f"the {C.SPOT_NAMES[C.ROUTES[r.tile].spot]}"
        if lead:
            ends = [f"{r.ends[0] if (r.bx, r.by) == (x, y) else r.ends[1]}" for r in v.routes
                    if (r.ax, r.ay) == (x, y) or (r.bx, r.by) == (x, y)]
            if ends:
                return f"{lead} the route from {' and '.join(ends)} ({x},{y})"
    return "open sea" if not lead else f"at ({x},{y})"


def _play_words(v: Any, card: int, arg: int) -> str:
    name = card_name(card)
    c = C.CREW[card] if card < RITUAL_CODE else C.RITUALS[card - RITUAL_CODE]
    goods = c.cost
    if card >= RITUAL_CODE and v is not None and v.ritual_costs:
        goods = v.ritual_costs[card - RITUAL_CODE]  # what it costs this captain (a Mystic pays one less)
    cost = (f"{c.gold} G" if card < RITUAL_CODE else
            ", ".join(f"{n} {C.RESOURCES[r]}" for r, n in enumerate(goods) if n))
    e = c.effect
    names = v.names if v is not None else []

    def seat_name(k: int) -> str:
        return names[k] if 0 <= k < len(names) else f"seat {k}"

    if e in (C.E_SABOTAGE, C.E_CURSE):
        return f"{name} on {seat_name(arg)} ({cost})"
    if e == C.E_ACTION and arg >= LURE_CODE:
        return f"{name}: lure the Sea Serpent to {_node_words(v, arg - LURE_CODE)} ({cost})"
    if e == C.E_KRAKEN:
        return f"{name}: summon the Kraken to {_node_words(v, arg)} ({cost})"
    if e == C.E_UPGRADE:
        return f"{name}: +1 {C.ATTRS[arg]} ({cost})"
    if e == C.E_WIND:
        return f"{name}: the wind blows {arg} ({cost})"
    if e == C.E_PLAGUE:
        return f"{name} on {C.ISLANDS[arg].name} ({cost})"
    if e == C.E_SPY:
        return f"{name}: {'the top of the treasure deck' if arg < 0 else 'the merchant on ' + _node_words(v, arg)} ({cost})"
    if e == C.E_FENCE:
        r1, r2 = divmod(arg, 4)
        units = [C.RESOURCES[r1]] + ([C.RESOURCES[r2]] if r2 < 3 else [])
        return f"{name}: sell {' and '.join(units)} ({cost})"
    return f"{name} ({cost})"


def label(v: Any, move: Any) -> tuple[str, str]:
    match move:
        case Act(action=k):
            return ("Actions", C.ACTION_NAMES[k])
        case Sail(node=n):
            cost = ""
            if v is not None:
                for nd, c in v.destinations:
                    if nd == n:
                        cost = f" ({c} space{'s' if c != 1 else ''})"
            return ("Sail to", _node_words(v, n) + cost)
        case EndTurn():
            return ("Turn", "End your turn")
        case Pass():
            return ("Reaction", "Pass")
        case Play(card=card, arg=arg):
            return ("Play a card", _play_words(v, card, arg))
        case Improve(attr=a) if v is not None and v.asking == "lose":
            return ("Lose", f"1 {C.ATTRS[a]} upgrade")
        case Improve(attr=a):
            words = C.ATTRS[a].capitalize()
            if v is not None and v.seat is not None and v.seats[v.seat].upgrade_prices:
                sv = v.seats[v.seat]
                now = (sv.speed, sv.strength, sv.hull)[a]
                price = sv.upgrade_prices[a]
                words += f" {now} → {now + 1}" + (f" ({price} G)" if v.asking == "upgrade" else " (free)")
            return ("Upgrade", words)
        case Buy(units=n):
            return ("Buy", f"{n} unit{'s' if n != 1 else ''}")
        case SellPick(item=it):
            if it < TREASURE_ITEM:
                return ("Sell", f"1 {C.RESOURCES[it]}")
            t = C.TREASURES[it - TREASURE_ITEM]
            return ("Sell", f"{t.name} ({t.price} G)")
        case SellDone():
            return ("Sell", "Sell what you chose")
        case Take(card=c):
            if v is not None and v.asking == "hire":
                return ("Hire", f"{C.CREW[c].name} ({C.CREW[c].gold} G): {C.CREW[c].text}")
            if v is not None and v.asking == "learn":
                r = C.RITUALS[c]
                cost = ", ".join(f"{n} {C.RESOURCES[k]}" for k, n in enumerate(r.cost) if n)
                return ("Learn", f"{r.name} ({cost}): {r.text}")
            if c < 0:
                return ("Choose", "Neither (both go to the bottom)")
            if v is not None and v.shown_deck == "wish":
                return ("Keep the wish", f"{C.WISHES[c].name}: {C.WISHES[c].text}")
            if v is not None and v.shown_deck == "soulmate":
                sm = C.SOULMATES[c]
                return ("Soulmate", f"{sm.name}: {sm.blurb} ({sm.vp} seals)")
            if v is not None and v.shown_deck == "mission":
                m = C.MISSIONS[c]
                if m.kind == C.TITLE:
                    return ("Choose", f"{m.name} (title quest, revealed when taken): {m.text}")
                return ("Choose", f"{m.name} ({C.MISSION_KINDS[m.kind]}): {m.text}")
            t = C.TREASURES[c]
            return ("Choose", f"{t.name} ({C.ISLANDS[t.island].name}, {t.length} spaces)")
        case Drop(card=c):
            kind = v.dropping if v is not None else ""
            if kind == "wish":
                return ("Discard the wish", f"{C.WISHES[c].name}: {C.WISHES[c].text}")
            if kind == "mission":
                return ("Discard", C.MISSIONS[c].name)
            if kind == "crew":
                return ("Return", C.CREW[c].name)
            if kind == "ritual":
                return ("Return", C.RITUALS[c].name)
            return ("Discard", C.TREASURES[c].name)
        case Peek(node=n):
            return ("Peek", "Leave it" if n < 0 else f"Peek at the merchant on {_node_words(v, n)}")
        case Gain(res=r):
            return ("Take", C.RESOURCES[r])
        case Dump(res=r):
            return ("Overboard", "Leave the new unit behind" if r < 0 else f"Throw 1 {C.RESOURCES[r]} overboard")
        case DiscardGoods(res=r):
            return ("Free actions", f"Throw 1 {C.RESOURCES[r]} overboard")
        case DiscardCard(card=c):
            if c >= MISSION_CODE:
                m = C.MISSIONS[c - MISSION_CODE]
                if m.kind == C.TITLE:
                    return ("Free actions", f"Discard the title quest {m.name} (its tasks done are lost)")
                return ("Free actions", f"Discard the mission {m.name}")
            return ("Free actions", f"Discard the treasure card {C.TREASURES[c].name}")
        case ReturnCard(card=c):
            return ("Free actions", f"Return {card_name(c)} to its deck")
        case HideGold(amount=a):
            return ("Chest", "Hide all your Gold" if a == 0 else f"Hide {a} Gold")
        case HideTreasure(card=c):
            return ("Chest", f"Hide {C.TREASURES[c].name}")
        case ClaimMission(card=c) if c >= C.WISH_CODE:
            return ("Claim", f"Reveal your wish {C.WISHES[c - C.WISH_CODE].name}: fulfilled")
        case ClaimMission(card=c):
            return ("Claim", f"Complete {C.MISSIONS[c].name}")
        case ClaimGoal(goal=g):
            return ("Claim", f"Life goal {C.LIFE_GOALS[g].number} {C.LIFE_GOALS[g].name}")
        case StartHunt(card=c):
            return ("Treasure", f"Start the hunt for {C.TREASURES[c].name}")
        case DigGoods():
            return ("Treasure", "Spend the resource the treasure shows to advance")
        case PickGoals(a=a, b=b, c=c) if c >= 0:
            return ("Life goals", f"{C.LIFE_GOALS[a].name}, {C.LIFE_GOALS[b].name} and {C.LIFE_GOALS[c].name}")
        case PickGoals(a=a, b=b):
            return ("Life goals", f"{C.LIFE_GOALS[a].name} and {C.LIFE_GOALS[b].name}")
        case UseEvent(arg=arg):
            return ("Event", event_option_words(getattr(v, "event", -1), arg))
        case PickStart(origin=o, talent=t):
            return ("Origin and talent", f"{C.ISLANDS[o].name}, {C.TALENTS[t].name}")
        case ChooseDeck(deck=d):
            return ("Look at", "the mission deck" if d == 0 else "the treasure deck")
        case PlaceIsland(island=i, site=sv):
            return ("Place an island", f"{C.ISLANDS[i].name} {_site_words(v, sv, 'at the end of')}")
        case PlaceRoute(tile=t, site=sv, dir=d):
            kind = "Short route" if C.ROUTES[t].length == C.SHORT else C.ROUTES[t].name
            far = chart.route_ends(t, sv, d)[1]
            here, there = _site_words(v, sv), _site_words(v, far)
            if here == "open sea" and there != "open sea":
                here, there, d = there, here, (d + 4) % 8
            return ("Place a route", f"{kind} from {here} {DIR_WORDS[d]} to {there}")
        case Rotate(route=k, pivot=pv, turn=t):
            what = f"route {k + 1}"
            end = "its first end" if pv == 0 else "its other end"
            if v is not None and k < len(v.routes):
                r = v.routes[k]
                what = f"the {r.name if r.length == C.LONG else 'short route'} {r.ends[0]} – {r.ends[1]}"
                end = r.ends[pv]
            return ("Rotate a route", f"Turn {what} about {end}, one arrow {'left' if t > 0 else 'right'}")
        case Target(code=c):
            if c >= MERCHANT_TARGET:
                return ("Attack", f"the merchant on {_node_words(v, c - MERCHANT_TARGET)}")
            names = v.names if v is not None else []
            return ("Attack", names[c] if 0 <= c < len(names) else f"seat {c}")
        case Lead(side=side):
            names = v.duel.names if v is not None and v.duel is not None else ["the attacker", "the defender"]
            return ("Who attacks first", f"{names[side]} attacks first")
        case Swap(card=c):
            if c < 0:
                return ("Resilient ship", "Done: draw as many as you set aside")
            return ("Resilient ship", f"Set aside {C.red_words(c)} / {C.blue_words(c)}")
        case Strike(card=c):
            if c < 0:
                return ("Attack", "Pass and retreat 1 space")
            red = C.DUEL_CARDS[c].red
            what = {C.RED_FEINT: C.FEINT_TEXT, C.RED_RIGG: C.RIGG_TEXT}.get(red, "")
            return ("Attack", f"{C.red_words(c)} (its blue side: {C.blue_words(c)})" + (f" — {what}" if what else ""))
        case Parry(card=c):
            if c < 0:
                return ("Answer", "Take the wounds")
            blue = C.DUEL_CARDS[c].blue
            what = {C.BLUE_SAND: C.SAND_TEXT, C.BLUE_INSULT: C.INSULT_TEXT}.get(blue, "blocks the attack")
            return ("Answer", f"{C.blue_words(c)} (its red side: {C.red_words(c)}): {what}")
        case Plunder(kind=k, item=it):
            if k == 0:
                return ("Reward", "Half the Gold on the ship")
            if k == 1:
                units = (it // 16, it // 4 % 4, it % 4)
                return ("Reward", "Half the cargo: " + ", ".join(f"{n} {C.RESOURCES[r]}" for r, n in enumerate(units) if n))
            return ("Reward", f"The treasure {C.TREASURES[it].name}")
        case Hunt(option=i):
            if v is not None and v.asking == "stack":
                return ("Hunt deck", "Keep it on top" if i == 0 else "Put it at the bottom")
            opts: list[str] = []
            if v is not None:
                opts = next((h.options for h in v.hunts if h.card >= 0), [])
            return ("Hunt", opts[i] if i < len(opts) else f"option {i + 1}")
        case Marker(marker=k):
            return ("Monster marker", f"{C.MONSTER_MARKERS[k].name}: {C.marker_words(k)}")
    return ("Moves", repr(move))


def describe(s: State, seat: int, move: Any) -> str:
    """A log line for a move about to be applied (it may name what only the mover knows)."""
    name = who(s, seat)
    if isinstance(move, Take):
        if s.step == S_HIRE:
            return f"{name} hires {C.CREW[move.card].name}"
        if s.step == S_LEARN:
            return f"{name} learns {C.RITUALS[move.card].name}"
    if isinstance(move, Drop) and s.step == S_DROP:
        k = s.drop_kind
        if k == D_WISH:
            return f"{name} discards the wish {C.WISHES[move.card].name}"
        if k == D_MISSION:
            return f"{name} discards {C.MISSIONS[move.card].name}"
        if k == D_CREW:
            return f"{name} returns {C.CREW[move.card].name}"
        if k == D_RITUAL:
            return f"{name} returns {C.RITUALS[move.card].name}"
        return f"{name} discards {C.TREASURES[move.card].name}"
    if isinstance(move, Take):
        if move.card < 0:
            return f"{name} takes neither card"
        if s.pick_kind == P_WISH:
            return f"{name} keeps the wish {C.WISHES[move.card].name}"
        if s.pick_kind == P_SOULMATE:
            return f"{name} chooses the soulmate {C.SOULMATES[move.card].name}"
        if s.pick_kind in (P_MISSION, P_ORIGIN_M):
            return f"{name} takes {C.MISSIONS[move.card].name}"
        return f"{name} takes {C.TREASURES[move.card].name}"
    if isinstance(move, UseEvent):
        k = C.WIND_EVENT[s.event] if s.event >= 0 else -1
        return f"{name}: {event_option_words(k, move.arg)}"
    _, words = label(None, move)
    return f"{name}: {words}"


def event_option_words(k: int, arg: int) -> str:
    """A round's event option in words (its argument: a resource, an island, a mission, a merchant's node)."""
    if k < 0:
        return "Take the event's option"
    e = C.EVENTS[k]
    if k == C.EV_RATIONS:
        return f"{e.name}: pay {e.value} Gold for 1 extra action"
    if k == C.EV_COVE:
        return f"{e.name}: sell 1 {C.RESOURCES[arg]} for {e.value} Gold"
    if k == C.EV_FLOTSAM:
        return f"{e.name}: fish 1 {C.RESOURCES[arg]} out of the water"
    if k == C.EV_PLAGUE_SHIP:
        return f"{e.name}: pay {e.value} Gold to bring the plague to {C.ISLANDS[arg].name}"
    if k == C.EV_PARDON:
        return f"{e.name}: hand in {C.MISSIONS[arg].name} for {e.value} Gold"
    if k == C.EV_LIPS:
        return f"{e.name}: pay {e.value} Gold to peek at a merchant far away"
    if k == C.EV_RUMOURS:
        return f"{e.name}: scout the taverns without an action"
    if k == C.EV_FAIR:
        return f"{e.name}: upgrade {C.ATTRS[arg]} without an action"
    if k == C.EV_HARVEST:
        return f"{e.name}: load 1 {C.RESOURCES[arg]} for free"
    return e.name


# ---------------------------------------------------------------- the card lists for the rules document

_BONUS = {
    C.B_NONE: "—", C.B_GOLD: "one-time: {v} Gold", C.B_GOODS: "one-time: {n} {r}", C.B_UPGRADE: "one-time: {v} upgrade(s)",
    C.B_ACTION: "one-time: {v} extra action", C.B_CREW: "one-time: a crew card", C.B_RITUAL: "one-time: a ritual",
    C.B_TREASURE: "one-time: a treasure reward", C.L_STRENGTH: "lasting: +{v} strength", C.L_SPEED: "lasting: +{v} speed",
    C.L_DIG: "lasting: +{v} spaces per hunt action", C.L_SELL: "lasting: +{v} Gold per unit of goods sold",
    C.L_DISCOUNT: "lasting: upgrades {v} Gold cheaper", C.L_SCOUT: "lasting: scouting shows {v} more card",
}


def _cost(cost: tuple[int, int, int]) -> str:
    return " + ".join(f"{n} {C.RESOURCES[r]}" for r, n in enumerate(cost) if n) or "—"


def _reward(r: C.Reward) -> str:
    parts = []
    if r.gold:
        parts.append(f"{r.gold} G")
    if r.crew:
        parts.append("a crew card")
    if r.ritual:
        parts.append("a ritual")
    if r.goods[1]:
        parts.append(f"{r.goods[1]} {C.RESOURCES[r.goods[0]]}")
    if r.upgrade:
        parts.append("an upgrade")
    if r.treasure:
        parts.append("a treasure reward")
    return ", ".join(parts) or "—"


def content_tables() -> str:
    """Every card, marker and die face as Markdown tables (docs/rules/shiver-me-timbers.md embeds this
    text between its ``cards`` markers; a test keeps the two the same)."""
    out: list[str] = []
    add = out.append
    add("### Life goals\n")
    add("| No. | Goal | Condition | In play |")
    add("|---|---|---|---|")
    for g in C.LIFE_GOALS:
        add(f"| {g.number} | {g.name} | {g.text} | {'yes' if g.needs in C.BUILT else 'with ' + g.needs} |")
    add("\n### Origins\n")
    add("| Origin | Starting equipment (and 300 Gold) |")
    add("|---|---|")
    for i, isl in enumerate(C.ISLANDS):
        if isl.produces >= 0:
            gear = f"{C.ORIGIN_GOODS} {C.RESOURCES[isl.produces]}"
        elif i == C.THE_BAY:
            gear = "1 Daring Cabin Boy and 1 Veteran Sellsword"
        elif i == C.ISLA_OSCURA:
            gear = "1 Hummingbird Totem and 1 Power of Ik"
        else:
            gear = "twice: look at the top two cards of the mission or the treasure deck, keep one, the other to the bottom"
        add(f"| {isl.name} | {gear} |")
    add("\n### Talents\n")
    add("| Talent | Ability |")
    add("|---|---|")
    for tal in C.TALENTS:
        add(f"| {tal.name} | {tal.text} |")
    add("\n### Islands\n")
    add("| Island | Buy (100 G) | Sells Cocoa / Rum / Sugar | Standee actions |")
    add("|---|---|---|---|")
    for isl in C.ISLANDS:
        buy = C.RESOURCES[isl.produces] if isl.produces >= 0 else "—"
        sells = " / ".join(f"{p} G" if p else "—" for p in isl.sells)
        acts = ", ".join(C.ACTION_NAMES[a] for a in isl.actions)
        add(f"| {isl.name} | {buy} | {sells} | Travel, {acts} |")
    add("\n### Crew cards (27)\n")
    add("| Card | Copies | Cost | Effect |")
    add("|---|---|---|---|")
    for c in C.CREW:
        add(f"| {c.name} | {c.copies} | {c.gold} G | {c.text}{' (active player only)' if c.active_only else ''} |")
    add("\n### Ritual cards (27)\n")
    add("| Card | Copies | Cost | Effect |")
    add("|---|---|---|---|")
    for c in C.RITUALS:
        add(f"| {c.name} | {c.copies} | {_cost(c.cost)} | {c.text} |")
    add("\n### Treasure cards (36, and 3 family cards)\n")
    add("| Treasure | Island | Spaces | Dice spaces | Discard to advance | Bonus | Price | Seals |")
    add("|---|---|---|---|---|---|---|---|")
    short = {C.D_GREEN: "G", C.D_WHITE: "W", C.D_BOTH: "GW", C.D_RED: "R"}
    for t in C.TREASURES:
        bonus = _BONUS[t.bonus].format(v=t.value, n=t.value // 10, r=C.RESOURCES[t.value % 10])
        if t.ring:
            bonus = "ring: begins the soulmate quest"
        if t.family >= 0:
            bonus = f"family card: the {C.FAMILY[t.family].name} is found (seals on the relative)"
        dice = " ".join(f"{short[k]}{sp}" for sp, k in t.dice)
        price = f"{t.price} G" if t.price else "none"
        add(f"| {t.name} | {C.ISLANDS[t.island].name} | {t.length} | {dice} | 1 {C.RESOURCES[t.res]}: +{t.advance} | "
            f"{bonus} | {price} | {t.vp} |")
    add("\n### Mission cards (39)\n")
    add("| Mission | Kind | Task | Reward | Seals |")
    add("|---|---|---|---|---|")
    for m in C.MISSIONS:
        if m.kind == C.TITLE:
            add(f"| {m.name} | title quest | three tasks, in any order (below) | the title card {m.name} | {m.vp} |")
            continue
        kind = C.MISSION_KINDS[m.kind] + ("" if m.needs == "world" else f" ({m.needs})")
        freed = f"; frees your {C.FAMILY[m.family].name}" if m.family >= 0 else ""
        add(f"| {m.name} | {kind} | {m.text} | {_reward(m.reward)}{freed} | {m.vp} |")
    add("\n### Title quests and title cards (6)\n")
    add("| Title quest | Task 1 | Task 2 | Task 3 | The title card's bonus, for the rest of the game |")
    add("|---|---|---|---|---|")
    for ti in C.TITLES:
        add(f"| {ti.name} | {ti.tasks[0].text} | {ti.tasks[1].text} | {ti.tasks[2].text} | {ti.bonus} |")
    add("\n### Merchants (28)\n")
    add("| Size | Nation | Underside | Speed | Strength | Hull | Reward | Seals |")
    add("|---|---|---|---|---|---|---|---|")
    for mm in C.MERCHANTS:
        reward = []
        if mm.gold:
            reward.append(f"{mm.gold} G")
        if mm.goods[1]:
            reward.append(f"{mm.goods[1]} {C.RESOURCES[mm.goods[0]]}")
        if mm.treasure:
            reward.append("a treasure reward")
        if mm.family:
            reward.append(f"your {mm.family}")
        side = "red: pirate hunter" if mm.hunter else "yellow: honorable"
        add(f"| {'small' if mm.size == C.SMALL else 'large'} | {C.NATIONS[mm.nation]} | {side} | {mm.speed} | "
            f"{mm.strength} | {mm.hull} | {', '.join(reward)} | {mm.vp} |")
    add("\n### Wind cards (20)\n")
    add("| Wind | Value | Cards |")
    add("|---|---|---|")
    seen: dict[str, list[int]] = {}
    for w in C.WIND_CARDS:
        seen.setdefault(w.name, [w.value, 0])[1] += 1
    for name, (value, n) in seen.items():
        add(f"| {name} | {value} | {n} |")
    add("\n### Events (20, on the backs of the wind cards)\n")
    add("| Wind card | Event | Kind | Effect |")
    add("|---|---|---|---|")
    for k, w in enumerate(C.WIND_CARDS):
        e = C.EVENTS[C.WIND_EVENT[k]]
        add(f"| {k + 1}: {w.name} ({w.value}) | {e.name} | {'option, once a turn' if e.choice else 'for the round'} | "
            f"{e.text} |")
    add("\n### Dice\n")
    add("| Die | Faces |")
    add("|---|---|")
    add("| White (bonus) | " + ", ".join(C.WHITE_FACES[f] for f in C.WHITE_DIE) + " |")
    add("| Green (resources) | " + ", ".join(C.GREEN_FACES[f] for f in C.GREEN_DIE) + " |")
    add("| Red (damage) | " + ", ".join(C.RED_FACES[f] for f in C.RED_DIE) + " |")
    add("| Blue (monster hunt) | " + ", ".join(C.BLUE_FACES[f] for f in C.BLUE_DIE) + " |")
    add("\n### Duel cards (30)\n")
    add("| No. | Red side | Blue side |")
    add("|---|---|---|")
    for i in range(len(C.DUEL_CARDS)):
        add(f"| {i + 1} | {C.red_words(i)} | {C.blue_words(i)} |")
    add("\n| Special | Side | Effect |")
    add("|---|---|---|")
    add(f"| Feint | red | {C.FEINT_TEXT} |")
    add(f"| Rigg | red | {C.RIGG_TEXT} |")
    add(f"| Throw sand | blue | {C.SAND_TEXT} |")
    add(f"| Insult | blue | {C.INSULT_TEXT} |")
    add("\n### Fortresses (6)\n")
    add("| Fortress | Strength | Special rule | Reward | Seals |")
    add("|---|---|---|---|---|")
    for f in C.FORTRESSES_DATA:
        add(f"| {f.name} | {f.strength} | {f.text} | {C.FORTRESS_GOLD} G | {f.vp} |")
    add("\n### Monsters (2)\n")
    add("| Monster | Track | Marks | Summoned by |")
    add("|---|---|---|---|")
    for mon in C.MONSTERS:
        marks = ", ".join(f"{sp}: {'blue' if mk == C.MK_BLUE else 'red'} die" for sp, mk in mon.marks)
        add(f"| {mon.name} | spaces 1–{C.HUNT_LENGTH} | {marks} | {mon.text} |")
    add("\n### Monster hunt cards (24)\n")
    add("| No. | Card | Options |")
    add("|---|---|---|")
    for i, hc in enumerate(C.HUNT_CARDS):
        add(f"| {i + 1} | {hc.name} | {C.hunt_card_text(i)} |")
    _family_tables(add)
    add("\n### Monster markers (6)\n")
    add("| Marker | Reward |")
    add("|---|---|")
    for k, mk in enumerate(C.MONSTER_MARKERS):
        add(f"| {mk.name} | {C.marker_words(k)} |")
    return "\n".join(out) + "\n"


def _family_tables(add: Any) -> None:
    """Lost family, wishes and soulmates (issue 17)."""
    add("\n### Family members (11)\n")
    add("| Relative | Where | Ability | Seals |")
    add("|---|---|---|---|")
    for i, r in enumerate(C.FAMILY):
        ability = f"brings the {r.ring} (the soulmate quest)" if r.ring else _BONUS[r.bonus].format(v=r.value)
        add(f"| {r.name} | {C.family_where(i)} | {ability} | {r.vp} |")
    add("\n### Wish cards (7)\n")
    add("| Wish | Condition (counted from the moment it is kept) |")
    add("|---|---|")
    for w in C.WISHES:
        add(f"| {w.name} | {w.text} |")
    add("\n### Soulmate markers (4)\n")
    add("| Soulmate | Ability | Seals |")
    add("|---|---|---|")
    for sm in C.SOULMATES:
        ability = {C.B_NONE: "—", C.B_GOLD: f"one-time: {sm.value} Gold"}.get(sm.bonus) or _BONUS[sm.bonus].format(v=sm.value)
        add(f"| {sm.name} | {ability} | {sm.vp} |")


BEGIN, END = "<!-- cards:begin -->", "<!-- cards:end -->"


def with_tables(doc: str) -> str:
    """``doc`` with the generated card lists between its ``cards`` markers."""
    head, _, rest = doc.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{content_tables()}{END}{tail}"


if __name__ == "__main__":
    # python -m engine.games.shiver.text docs/rules/shiver-me-timbers.md  (rewrites the card lists)
    import sys

    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as f:
            text = f.read()
        with open(sys.argv[1], "w", encoding="utf-8") as f:
            f.write(with_tables(text))
    else:
        print(content_tables(), end="")
