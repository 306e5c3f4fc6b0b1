"""What one seat may know (``build``), and a full state re-drawn from it (``determinize``).

Hidden from a seat: the other captains' secret life goals, hand cards (crew, rituals, treasure
cards, secret missions and their progress), origins and talents until everyone has chosen,
merchants it never peeked at, the cards another captain is choosing from, the order of every
face-down deck except the cards this seat saw put at the bottom (or looked at on top), the
crew and ritual decks' make-up (seen only while choosing from them), and the fortresses.
"""

from __future__ import annotations

from typing import Any

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shiver import chart
from engine.games.shiver import content as C
from engine.games.shiver.rules.combat import side_name, side_speed
from engine.games.shiver.rules.common import (
    K_REFIT,
    S_DROP,
    S_GOALS,
    S_HIRE,
    S_LEAD,
    S_LEARN,
    S_PARRY,
    S_PICK,
    S_PLACE,
    S_REACT,
    S_REFIT,
    S_ROUTE,
    S_STACK,
    S_START,
    S_STRIKE,
    S_SWAP,
    S_TRAVEL,
    S_TURN,
    active_event,
    goal_progress,
    movement,
    ritual_cost,
    speed,
    strength,
    the_graph,
    to_act,
    upgrade_price,
    who,
    wind,
)
from engine.games.shiver.rules.crew import playable
from engine.games.shiver.rules.family import right_of, ring_name, wish_met, wish_progress
from engine.games.shiver.rules.setup import port_views, rotation_views, secret_count
from engine.games.shiver.rules.titles import free_markers, titles_of
from engine.games.shiver.rules.travel import destinations, merchant_words, revealed_hunters
from engine.games.shiver.rules.turn import markers_left, member
from engine.games.shiver.scoring import public_scores
from engine.games.shiver.state import (
    ASKING,
    D_WISH,
    DUEL_FORT,
    DUEL_KINDS,
    DUEL_NONE,
    P_MISSION,
    P_ORIGIN_M,
    P_SOULMATE,
    P_WISH,
    PASS_ONLY,
    WIN_ANNOUNCE,
    WIN_END,
    WIN_PRELUDE,
    DuelView,
    GoalView,
    HuntView,
    IslandView,
    KnownCard,
    MerchantView,
    NodeView,
    QuestView,
    RouteView,
    SeatView,
    State,
    View,
)

_PHASE_SETUP = {
    S_GOALS: "Setup: choose two secret life goals",
    S_PLACE: "Setup: building the map",
    S_START: "Setup: origins and talents",
}


def _phase(s: State) -> str:
    if s.over:
        return "Game over"
    if s.step == S_GOALS and s.epic:
        return "Setup: choose three secret life goals"  # seed: "Select 3 instead of 2 goals"
    if s.step in _PHASE_SETUP:
        return _PHASE_SETUP[s.step]
    if s.round == 0:
        if s.step == S_REFIT:
            return "Setup: the epic ships' free upgrades"
        return "Setup: Port Royal looks at the decks"
    tail = " (final round)" if s.ending else ""
    if s.duel != DUEL_NONE:
        return f"Round {s.round}{tail}: a duel ({DUEL_KINDS[s.duel]})" if s.win != WIN_PRELUDE else \
            f"Round {s.round}{tail}: the prelude of a duel ({DUEL_KINDS[s.duel]}): crew and ritual cards"
    if s.win:
        kind = "announce" if s.win == WIN_ANNOUNCE else "end"
        act = C.ACTION_NAMES[s.act] if s.act >= 0 else "an action"
        return f"Round {s.round}{tail}: reaction window ({kind} of {act})"
    return f"Round {s.round}{tail}: {who(s, s.turn)}'s turn, {s.actions} action{'s' if s.actions != 1 else ''} left"


def _prompt(s: State, seat: int | None, asking: str, can_play: bool) -> str:
    if seat is None or s.over:
        return ""
    step = s.step
    if step == S_GOALS:
        n = "three" if s.epic else "two"
        return f"Choose the {n} life goals you will strive for (secret)" if not s.secret[seat] else ""
    if step == S_REFIT and s.round == 0 and seat == s.actor:
        left = 1 + sum(1 for e in s.stack if e & 31 == K_REFIT and (e >> 5) & 7 == seat)
        return f"Epic mode: a free upgrade for your ship ({left} of {C.EPIC_FREE_UPGRADES} left)"
    if step == S_START:
        return "Choose your origin and your talent (secret until everyone has chosen)" if s.origin[seat] < 0 else ""
    if seat != s.actor:
        return ""
    if step == S_REACT:
        return ("Play a crew or ritual card, or pass" if can_play else
                "Nothing you hold can be played now: pass")
    if step == S_DROP and s.drop_kind == D_WISH:
        return f"{who(s, s.wish_for)} found a ring: discard one of the soulmate's three wishes (usually the easiest)"
    if step == S_PICK and s.pick_kind == P_WISH:
        return "Your soulmate's quest: keep one of these two wishes (secret until you fulfil it)"
    if step == S_PICK and s.pick_kind == P_SOULMATE:
        return "Your wish is fulfilled: choose a soulmate marker"
    return {
        "place": "Place your map pieces (you may first turn one route one arrow)",
        "deck": "Port Royal: look at the top two cards of the mission or the treasure deck",
        "pick": "Choose one of these cards",
        "drop": "You are over the limit: discard a card",
        "turn": "Take an action or a free action, or end your turn",
        "travel": "Where do you sail?",
        "upgrade": "Which attribute do you upgrade?",
        "buy": "How many units do you buy?",
        "sell": "Choose what to sell, then sell",
        "hire": "Choose a crew card",
        "learn": "Choose a ritual",
        "peek": "Peek at a merchant?",
        "gain": "The green die: which resource do you take?",
        "dump": "Your hold is full: throw a unit overboard for the new one?",
        "refit": "A free upgrade: which attribute?",
        "route": "Where does the smuggler's route go?",
        "overboard": "Throw a unit of goods overboard",
        "target": "Which ship do you attack?",
        "lead": "You have the faster ship: who attacks first?",
        "swap": "Your bigger ship: set duel cards aside to draw as many, or keep your hand",
        "strike": "Attack with a red card or special, or pass and retreat 1",
        "parry": "Take the wounds, block with a matching guard, or Throw sand / Insult",
        "plunder": "You won: choose your reward",
        "lose": "You lost the fight: which upgrade do you lose?",
        "hunt": "The monster hunt card: choose what you do",
        "stack": "Keep the top hunt card on top, or put it at the bottom?",
        "marker": "The monster is defeated: choose a monster marker",
    }.get(asking, "")


def build(s: State, seat: int | None) -> View:
    p = s.players
    me = seat if seat is not None and 0 <= seat < p else None
    acting = to_act(s)
    step = s.step
    can_play = False
    asking = ""
    if me is not None and me in acting:
        asking = ASKING[step]
        if step == S_REACT:
            can_play = bool(playable(s, me))
            if not can_play:
                asking = PASS_ONLY  # nothing to decide: a table passes for this seat unless it chose "always ask me"
    bit = 1 << me if me is not None else 0
    built = s.draft < 0 and step not in (S_GOALS, S_PLACE) and len(s.merchant) > 0
    g = the_graph(s) if built else None
    # ---- the map
    islands = []
    for i, isl in enumerate(C.ISLANDS):
        sv = s.isl_site[i]
        x, y = chart.xy(sv) if sv >= 0 else (0, 0)
        islands.append(IslandView(
            i, isl.name, isl.short, sv >= 0, x, y, isl.produces, list(isl.sells),
            [C.ACTION_NAMES[a] for a in isl.actions],
            {C.PEST_ACTIVE: "plague", C.PEST_IMMUNE: "immune"}.get(s.pest[i], ""),
            ("face down", C.FORTRESSES_DATA[s.fortress[i]].name if s.fortress else "", "raided")[s.fortress_up[i]]
            if s.fortress else "face down",
            [k for k in range(p) if s.pos[k] == i],
        ))
    routes = []
    lay = chart.layout(tuple(s.isl_site), tuple(s.routes))
    for k in range(len(s.routes) // 3):
        tile, a, d = s.routes[3 * k], s.routes[3 * k + 1], s.routes[3 * k + 2]
        _, b, _ = chart.route_ends(tile, a, d)
        ax, ay = chart.xy(a)
        bx, by = chart.xy(b)
        ends = [_touch(s, lay, a), _touch(s, lay, b)]
        routes.append(RouteView(k, tile, C.ROUTES[tile].name, C.ROUTES[tile].length, ax, ay, bx, by, d,
                                list(g.route_nodes[k]) if g else [], ends))
    merchants: list[MerchantView] = []
    nodes: list[NodeView] = []
    if g is not None:
        for n in range(g.n):
            mi = -1
            mid = s.merchant[n] if n < len(s.merchant) else -1
            if mid >= 0:
                mi = len(merchants)
                merchants.append(_merchant_view(s, n, mid, bit))
            kind = ("island", "sea", "anchor", "spot")[g.kind[n]]
            monster = ""
            if n in s.monster_at:
                monster = ("Sea Serpent", "Kraken")[s.monster_at.index(n)]
            nodes.append(NodeView(n, kind, g.xy4[n][0], g.xy4[n][1], g.tile[n], C.SPOT_NAMES[g.spot[n]], g.fog[n], mi,
                                  [k for k in range(p) if s.pos[k] == n], monster))
    # ---- the captains
    seats = []
    public = public_scores(s) if s.revealed else [0] * p
    for k in range(p):
        revealed = s.revealed or k == me
        chosen = bool(s.secret[k]) if step == S_GOALS else (s.origin[k] >= 0 if step == S_START else True)
        tr_known = sum(1 for m in s.t_mask if m >> k & 1)
        mi_known = sum(1 for m in s.m_mask if m >> k & 1)
        on = s.pos[k] >= 0 and s.revealed
        seats.append(SeatView(
            k, who(s, k), s.origin[k] if revealed else -1, s.talent[k] if revealed else -1, chosen, s.pos[k],
            s.spd[k], s.stg[k], s.hul[k],
            speed(s, k) if on else s.spd[k], strength(s, k) if on else s.stg[k],
            movement(s, k) if on and s.wind >= 0 else 0,
            list(s.cargo[k]), s.gold[k], s.chest[k], list(s.t_chest[k]), list(s.t_ship[k]), s.track[k],
            s.track_pos[k], len(s.crew[k]), len(s.rits[k]), len(s.t_hand[k]),
            [c for c in s.missions[k] if C.MISSIONS[c].kind != C.SECRET],
            sum(1 for c in s.missions[k] if C.MISSIONS[c].kind == C.SECRET),
            list(s.m_done[k]),
            [gl for gl, cl in zip(s.goals, s.claims, strict=True) if k in cl],
            [i for i in range(6) if s.visited[k] >> i & 1],
            s.sold[k], s.raised[k], s.rituals_played[k], tr_known, mi_known,
            bool(s.win) and member(s, k), bool(s.win_passed >> k & 1), public[k],
            [upgrade_price(s, k, v + 1) if v < C.MAX_ATTR else 0 for v in (s.spd[k], s.stg[k], s.hul[k])]
            if s.revealed else [],
            titles_of(s, k),
            [s.m_prog[k][j] if C.MISSIONS[c].kind == C.TITLE else 0 for j, c in enumerate(s.missions[k])
             if C.MISSIONS[c].kind != C.SECRET],
            free_markers(s, k),
        ))
    # ---- yours
    my_goals: list[int] = []
    crew: list[int] = []
    rituals: list[int] = []
    t_hand: list[int] = []
    secret_missions: list[int] = []
    missions: list[int] = []
    progress: list[int] = []
    known_t: list[KnownCard] = []
    known_m: list[KnownCard] = []
    shown: list[int] = []
    shown_deck = ""
    deck_types: list[int] = []
    dests: list[list[int]] = []
    sell_pick: list[int] = []
    v_actions: list[int] = []
    v_spaces: list[int] = []
    v_via: list[int] = []
    ports = []
    rotations = []
    if me is not None:
        my_goals = list(s.secret[me])
        crew = sorted(s.crew[me])
        rituals = sorted(s.rits[me])
        t_hand = list(s.t_hand[me])
        missions = list(s.missions[me])
        progress = list(s.m_prog[me])
        secret_missions = [c for c in s.missions[me] if C.MISSIONS[c].kind == C.SECRET]
        n = len(s.t_deck)
        known_t = [KnownCard(n - 1 - i, s.t_deck[i]) for i in range(n) if s.t_mask[i] & bit]
        n = len(s.m_deck)
        known_m = [KnownCard(n - 1 - i, s.m_deck[i]) for i in range(n) if s.m_mask[i] & bit]
        if step == S_PICK and s.actor == me:
            shown = list(s.shown)
        if s.actor == me:
            sell_pick = list(s.sell_pick)
            if step == S_HIRE:
                deck_types = list(s.crew_deck)
            elif step == S_LEARN:
                deck_types = list(s.rit_deck)
            elif step == S_TRAVEL:
                dests = [[nd, c] for nd, c in destinations(s, me)]
            if g is not None and step in (S_TURN, S_TRAVEL) and s.revealed:
                # where the ship can get to, in Travel actions, and a cheapest way there (public facts only)
                hunters = revealed_hunters(s)
                v_spaces, v_via = chart.paths(g, s.pos[me], hunters)
                v_spaces = [c if c < chart.FAR else -1 for c in v_spaces]
                v_actions = chart.voyages(g, s.pos[me], movement(s, me), hunters)
            if (step == S_PLACE and s.draft_need & 2) or step == S_ROUTE:
                ports = port_views(s)
            if step == S_PLACE and s.draft_need & 2 and not s.rotated and s.routes:
                rotations = rotation_views(s)
    if step == S_PICK:
        shown_deck = "mission" if s.pick_kind in (P_MISSION, P_ORIGIN_M) else "treasure"
        shown_deck = {P_WISH: "wish", P_SOULMATE: "soulmate"}.get(s.pick_kind, shown_deck)
    draft_placing = ""
    if step == S_PLACE:
        draft_placing = {1: "island", 2: "route", 3: "island and route"}.get(s.draft_need, "")
    w = C.WIND_CARDS[s.wind] if s.wind >= 0 else None
    return View(
        seat=seat,
        round=s.round,
        phase=_phase(s),
        to_act=acting,
        prompt=_prompt(s, me, asking, can_play),
        asking=asking,
        players=p,
        names=[who(s, k) for k in range(p)],
        start=s.start,
        turn=s.turn,
        actions_left=s.actions,
        action=C.ACTION_NAMES[s.act] if s.act >= 0 else "",
        wind=wind(s),
        wind_name=w.name if w else "",
        wind_left=len(s.wind_deck),
        wind_set=s.wind_set,
        goals=[GoalView(gl, C.LIFE_GOALS[gl].number, C.LIFE_GOALS[gl].name, C.LIFE_GOALS[gl].text, list(cl),
                        C.LIFE_GOALS[gl].target, [goal_progress(s, k, gl) for k in range(p)] if s.revealed else [])
               for gl, cl in zip(s.goals, s.claims, strict=True)],
        islands=islands,
        routes=routes,
        nodes=nodes,
        merchants=merchants,
        box=list(s.box),
        seats=seats,
        treasure_deck=len(s.t_deck),
        treasure_discard=list(s.t_disc),
        mission_deck=len(s.m_deck),
        mission_discard=list(s.m_disc),
        crew_deck=sum(s.crew_deck),
        ritual_deck=sum(s.rit_deck),
        played_crew=list(s.crew_out),
        played_rituals=list(s.rit_out),
        merchant_stack=len(s.m_stack),
        window={WIN_ANNOUNCE: "announce", WIN_END: "end", WIN_PRELUDE: "prelude"}.get(s.win, ""),
        window_seat=s.win_seat if s.win else -1,
        window_passed=[k for k in range(p) if s.win_passed >> k & 1],
        last_roll=[_roll_words(r) for r in s.last_roll[-4:]],
        ending=s.ending,
        trigger={1: "goals", 2: "wind"}.get(s.trigger, ""),
        over=s.over,
        draft_placing=draft_placing,
        draft_rotated=s.rotated,
        my_goals=my_goals,
        crew=crew,
        rituals=rituals,
        treasure_hand=t_hand,
        secret_missions=secret_missions,
        mission_progress=progress,
        missions=missions,
        known_treasures=known_t,
        known_missions=known_m,
        shown=shown,
        shown_deck=shown_deck,
        shown_count=len(s.shown),
        dropping=("treasure", "mission", "crew", "ritual", "", "", "", "", "wish")[s.drop_kind] if step == S_DROP else "",
        sell_pick=sell_pick,
        deck_types=deck_types,
        destinations=dests,
        can_play=can_play,
        secrets=[list(x) for x in s.secret] if s.over else [],
        voyage_actions=v_actions,
        voyage_spaces=v_spaces,
        voyage_via=v_via,
        ports=ports,
        rotations=rotations,
        ritual_costs=[list(ritual_cost(s, me, t)) for t in range(len(C.RITUALS))] if me is not None and s.revealed else [],
        duel=_duel_view(s, me) if s.duel != DUEL_NONE else None,
        hunts=_hunt_views(s),
        hunt_seen=s.hunt_seen if me is not None and step == S_STACK and s.actor == me else -1,
        fortresses=[(-1, s.fortress[i], -2)[s.fortress_up[i]] for i in range(6)] if s.fortress else [],
        forts_won=[list(x) for x in s.forts_won],
        monsters_won=[list(x) for x in s.monsters_won],
        monster_markers=list(s.monster_markers),
        ship_markers=list(s.ship_marker),
        turn_done=s.turn_done,
        final_winner=s.final_winner if s.over else -2,
        **_family_view(s, me),
        events=s.events,
        epic=s.epic,
        event=active_event(s),
        event_name=C.EVENTS[active_event(s)].name if s.event >= 0 else "",
        event_text=C.EVENTS[active_event(s)].text if s.event >= 0 else "",
        event_used=s.event_used,
        secret_count=secret_count(s),
        goal_markers=[markers_left(s, k) for k in range(p)],
    )


def _family_view(s: State, me: int | None) -> dict[str, Any]:
    """Lost family and soulmates (issue 17): the relatives and soulmates are public; of a quest everybody
    knows the ring, the two wishes the kept one is one of, and the wish once revealed; the kept wish only
    its holder."""
    if not s.soulmate:
        return {}
    quests = []
    for k in range(s.players):
        kept = s.wish_kept[k] if k == me else -1
        met, prog, target = False, 0, 0
        if kept >= 0:
            met = wish_met(s, k)
            prog = wish_progress(s, k, kept)
            target = C.WISHES[kept].amount
        quests.append(QuestView(ring_name(s.wish_ring[k]), list(s.wish_pair[k]), kept, s.wish_done[k],
                                s.soulmate[k], met, prog, target))
    opening = s.wish_for >= 0
    return {
        "family": [list(f) for f in s.family],
        "quests": quests,
        "soulmate_markers": list(s.soul_left),
        "wishes_shown": list(s.shown) if opening else [],
        "wish_for": s.wish_for,
        "wish_discarded": s.wish_out if opening else -1,
        "wish_chooser": right_of(s, s.wish_for) if opening and s.wish_out < 0 else -1,
        "wish_deck": len(s.wish_deck),
    }


def _duel_view(s: State, me: int | None) -> DuelView:
    step = s.step
    dealt = bool(s.duel_deck) or any(s.duel_hands) or bool(s.duel_disc)
    phase = ("prelude" if s.win == WIN_PRELUDE or not dealt
             else {S_LEAD: "lead", S_SWAP: "swap", S_STRIKE: "attack", S_PARRY: "answer"}.get(step, "duel"))
    my_side = -1
    if me is not None:
        for side in (0, 1):
            if s.duel_seats[side] == me:
                my_side = side
    hands = s.duel_hands if s.duel_hands else [[], []]
    last = list(s.duel_last)
    words = ""
    if last:
        side, card, colour, moved = last
        who_ = side_name(s, side)
        if colour == 3:
            words = f"{who_} passed and retreated 1 space"
        elif colour == 0:
            words = f"{who_} played {C.red_words(card)}"
        elif colour == 1:
            words = f"{who_} answered with {C.blue_words(card)}" + (f" and retreated {moved}" if moved else "")
        else:
            words = f"{who_} took the wounds and retreated {moved}"
    foe = ""
    if s.duel == DUEL_FORT:
        f = C.FORTRESSES_DATA[s.fortress[s.duel_foe]]
        foe = f"{f.name} (strength {f.strength}): {f.text}"
    elif s.duel_foe >= 0 and s.merchant[s.duel_foe] >= 0:
        foe = merchant_words(s.merchant[s.duel_foe])
    return DuelView(
        kind=DUEL_KINDS[s.duel],
        names=[side_name(s, 0), side_name(s, 1)],
        seats=list(s.duel_seats),
        ships=list(s.duel_ship),
        strength=list(s.duel_stg),
        speed=[side_speed(s, 0), side_speed(s, 1)],
        push=s.duel_push,
        pos=s.duel_pos,
        plank=C.PLANK,
        phase=phase,
        turn=s.duel_turn,
        attack=s.duel_card,
        feint=s.duel_feint,
        passes=s.duel_passes,
        hand_sizes=[len(hands[0]), len(hands[1])],
        deck=len(s.duel_deck),
        discard=list(s.duel_disc),
        last=last,
        last_words=words,
        my_side=my_side,
        hand=sorted(hands[my_side]) if my_side >= 0 else [],
        swaps=s.duel_swaps,
        foe=foe,
    )


def _hunt_views(s: State) -> list[HuntView]:
    out = []
    for m, node in enumerate(s.monster_at):
        if node < 0:
            continue
        mon = C.MONSTERS[m]
        card = s.hunt_card if s.hunt_card >= 0 and s.actor >= 0 and s.pos[s.actor] == node else -1
        out.append(HuntView(m, mon.name, node, [row[m] for row in s.hunt_pos], C.HUNT_LENGTH,
                            [[sp, mk] for sp, mk in mon.marks], card,
                            [C.hunt_option_words(o) for o in C.HUNT_CARDS[card].options] if card >= 0 else []))
    return out


def _touch(s: State, lay: chart.Layout, site: int) -> str:
    i = lay.isl_at.get(site, -1)
    if i >= 0:
        return C.ISLANDS[i].name
    k = lay.spot_at.get(site, -1)
    if k >= 0:
        return C.SPOT_NAMES[C.ROUTES[s.routes[3 * k]].spot]
    return "open sea"


def _merchant_view(s: State, n: int, mid: int, bit: int) -> MerchantView:
    m = C.MERCHANTS[mid]
    known = bool(s.m_known[n] & bit)
    up = bool(s.m_up[n])
    mv = MerchantView(n, "small" if m.size == C.SMALL else "large", "up" if up else "down", known,
                      "", [k for k in range(s.players) if s.m_known[n] >> k & 1], damage=s.m_damage[n])
    if known or up:
        mv.honorable = "no" if m.hunter else "yes"
        mv.nation = C.NATIONS[m.nation]
        mv.speed, mv.strength, mv.hull, mv.vp = m.speed, m.strength, m.hull, m.vp
        mv.reward = merchant_words(mid).split("reward ")[1].split(";")[0]
    elif s.m_safe[n] or m.size == C.SMALL:
        mv.honorable = "yes"  # small merchants are all honorable; a peek on the spot showed this one is
    return mv


def _roll_words(code: int) -> str:
    die, face = divmod(code, 10)
    if die == 0:
        return "white: " + C.WHITE_FACES[C.WHITE_DIE[face]]
    if die == 1:
        return "green: " + C.GREEN_FACES[C.GREEN_DIE[face]]
    if die == 2:
        return "red: " + C.RED_FACES[C.RED_DIE[face]]
    return "blue: " + C.BLUE_FACES[C.BLUE_DIE[face]]


# ---------------------------------------------------------------- determinize


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A full state ``seat`` cannot tell from ``s``: everything hidden from it re-drawn."""
    d = clone(s)
    p = d.players
    o = seat
    bit = 1 << o
    # the other captains' secret goals (revealed to all once the game is over: then kept)
    goals = d.goals
    for i in range(p):
        if i == o or d.over:
            continue
        if len(d.secret[i]) == 2:
            a = rng.below(len(goals))
            b = rng.below(len(goals) - 1)
            if b >= a:
                b += 1
            d.secret[i] = sorted((goals[a], goals[b]))
        elif d.secret[i]:  # the epic mode's three
            drawn = list(goals)
            rng.shuffle(drawn)
            d.secret[i] = sorted(drawn[: len(d.secret[i])])
    # origins and talents still face down
    if not d.revealed:
        for i in range(p):
            if i != o and d.origin[i] >= 0:
                d.origin[i] = rng.below(6)
                d.talent[i] = rng.below(6)
    # crew and ritual hands (and the decks' make-up, unless this seat is choosing from it now)
    _redeal_cards(d.crew, d.crew_deck, o, rng, keep_deck=d.step == S_HIRE and d.actor == o)
    _redeal_cards(d.rits, d.rit_deck, o, rng, keep_deck=d.step == S_LEARN and d.actor == o)
    shown_hidden = d.step == S_PICK and d.actor != o and d.shown and d.pick_kind not in (P_WISH, P_SOULMATE)
    mission_shown = d.pick_kind in (P_MISSION, P_ORIGIN_M)
    # treasure cards: other hands, deck cards this seat never saw, cards another seat is choosing from
    pool: list[int] = []
    for i in range(p):
        if i != o:
            pool.extend(d.t_hand[i])
    deck_slots = [k for k, m in enumerate(d.t_mask) if not m & bit]
    pool.extend(d.t_deck[k] for k in deck_slots)
    if shown_hidden and not mission_shown:
        pool.extend(d.shown)
    rng.shuffle(pool)
    for i in range(p):
        if i != o:
            n = len(d.t_hand[i])
            d.t_hand[i] = [pool.pop() for _ in range(n)]
    for k in deck_slots:
        d.t_deck[k] = pool.pop()
    if shown_hidden and not mission_shown:
        d.shown = [pool.pop() for _ in d.shown]
    # missions: other captains' secret tasks (secret cards only), unseen deck cards, shown cards
    hidden_slots = [(i, j) for i in range(p) if i != o for j, c in enumerate(d.missions[i])
                    if C.MISSIONS[c].kind == C.SECRET]
    mpool = [d.missions[i][j] for i, j in hidden_slots]
    mdeck_slots = [k for k, m in enumerate(d.m_mask) if not m & bit]
    mpool.extend(d.m_deck[k] for k in mdeck_slots)
    if shown_hidden and mission_shown:
        mpool.extend(d.shown)
    rng.shuffle(mpool)
    secrets = [c for c in mpool if C.MISSIONS[c].kind == C.SECRET]
    chosen = secrets[: len(hidden_slots)]
    rest = list(mpool)
    for c in chosen:
        rest.remove(c)
    for (i, j), c in zip(hidden_slots, chosen, strict=True):
        d.missions[i][j] = c
        d.m_prog[i][j] = 0
    for k in mdeck_slots:
        d.m_deck[k] = rest.pop()
    if shown_hidden and mission_shown:
        d.shown = [rest.pop() for _ in d.shown]
    # merchants this seat never saw (face down): within their size; those peeked on their own spot are honorable
    if d.merchant:
        _redeal_merchants(d, o, rng)
    # fortresses still face down, the wind deck, and the generator
    closed = [i for i in range(6) if d.fortress and not d.fortress_up[i]]
    ids = [d.fortress[i] for i in closed]
    rng.shuffle(ids)
    for i, f in zip(closed, ids, strict=True):
        d.fortress[i] = f
    rng.shuffle(d.wind_deck)
    # the back of the wind card blowing now (the next event) is hidden: any card of the same wind still unseen
    if d.events and d.wind >= 0 and d.wind_deck:
        same = [k for k, c in enumerate(d.wind_deck) if C.WIND_CARDS[c].value == C.WIND_CARDS[d.wind].value]
        pick = rng.below(len(same) + 1)  # the card itself, or one of the others alike
        if pick < len(same):
            k = same[pick]
            d.wind_deck[k], d.wind = d.wind, d.wind_deck[k]
    # the duel: the hands this seat does not decide for, the deck and the cards set aside
    if d.duel_hands:
        mine = [side for side in (0, 1) if d.duel_seats[side] == o]
        hidden = [side for side in (0, 1) if side not in mine]
        dpool = list(d.duel_deck) + list(d.duel_aside)
        for side in hidden:
            dpool.extend(d.duel_hands[side])
        rng.shuffle(dpool)
        for side in hidden:
            d.duel_hands[side] = [dpool.pop() for _ in d.duel_hands[side]]
        d.duel_aside = [dpool.pop() for _ in d.duel_aside]
        d.duel_deck = dpool
    # the hunt deck's order (the top card stays put while the hunter who saw it decides)
    if d.hunt_deck:
        keep = d.hunt_deck[-1] if d.hunt_seen >= 0 and d.actor == o else -1
        if keep >= 0:
            d.hunt_deck.pop()
        rng.shuffle(d.hunt_deck)
        if keep >= 0:
            d.hunt_deck.append(keep)
    if d.hunt_seen >= 0 and d.actor != o:
        d.hunt_seen = d.hunt_deck[-1]
    if d.soulmate:
        _redeal_wishes(d, o, Rng.seeded(rng.state ^ 0x5EED_0F_1A7E))  # its own generator: the others' draws stay
    d.rng = Rng(rng.next_u64())
    return d


def _redeal_wishes(d: State, o: int, rng: Rng) -> None:
    """The other captains' kept wishes: each is one of the two everybody saw (the other went back into the
    wish deck); the wish deck's order is hidden from all."""
    for i in range(d.players):
        w = d.wish_kept[i]
        if i == o or w < 0 or len(d.wish_pair[i]) != 2:
            continue
        other = d.wish_pair[i][0] if d.wish_pair[i][1] == w else d.wish_pair[i][1]
        if other in d.wish_deck and rng.below(2):
            d.wish_deck[d.wish_deck.index(other)] = w
            d.wish_kept[i] = other
    rng.shuffle(d.wish_deck)


def _redeal_cards(hands: list[list[int]], deck: list[int], o: int, rng: Rng, keep_deck: bool) -> None:
    pool: list[int] = []
    for i, h in enumerate(hands):
        if i != o:
            pool.extend(h)
    if not keep_deck:
        for t, n in enumerate(deck):
            pool.extend([t] * n)
    rng.shuffle(pool)
    for i, h in enumerate(hands):
        if i != o:
            hands[i] = [pool.pop() for _ in h]
    if not keep_deck:
        counts = [0] * len(deck)
        for t in pool:
            counts[t] += 1
        deck[:] = counts


def _redeal_merchants(d: State, o: int, rng: Rng) -> None:
    bit = 1 << o
    for size in (C.SMALL, C.LARGE):
        safe_slots: list[tuple[int, int]] = []  # (0, node) on the map, (1, index) in the stack
        free_slots: list[tuple[int, int]] = []
        ids: list[int] = []
        for n, mid in enumerate(d.merchant):
            if mid >= 0 and C.MERCHANTS[mid].size == size and not d.m_up[n] and not d.m_known[n] & bit:
                (safe_slots if d.m_safe[n] else free_slots).append((0, n))
                ids.append(mid)
        for k, mid in enumerate(d.m_stack):
            if C.MERCHANTS[mid].size == size:
                free_slots.append((1, k))
                ids.append(mid)
        honest = [m for m in ids if not C.MERCHANTS[m].hunter]
        rng.shuffle(honest)
        first = honest[: len(safe_slots)]
        rest = list(ids)
        for m in first:
            rest.remove(m)
        rng.shuffle(rest)
        for (where, k), m in zip(safe_slots + free_slots, first + rest, strict=True):
            if where == 0:
                d.merchant[k] = m
            else:
                d.m_stack[k] = m

