"""The rulebook's worked examples, verbatim: the travel example with the Floating Market, the trade
example selling 3 units for 800 G, the treasure hunt for Drake's Rapier, the mission Tidings:
St. David — and the crew example with the Reckless Smuggler."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import (
    S_HIRE,
    S_PICK,
    S_ROUTE,
    S_TRAVEL,
    S_TURN,
    movement,
    strength,
    the_graph,
)
from engine.games.shiver.state import (
    Act,
    Buy,
    ClaimMission,
    DigGoods,
    EndTurn,
    Pass,
    Play,
    Sail,
    SellDone,
    SellPick,
    StartHunt,
    Take,
)
from tests.engine.shiver.helpers import play, quick_game, to_turn

RAPIER = next(i for i, t in enumerate(C.TREASURES) if t.name == "Drake's Rapier")
TIDINGS = next(i for i, m in enumerate(C.MISSIONS) if m.name == "Tidings: St. David")


def wind_card(value: int) -> int:
    return next(i for i, w in enumerate(C.WIND_CARDS) if w.value == value)


def market_node(s) -> int:
    g = the_graph(s)
    return next(n for n in g.spots if g.spot[n] == C.SPOT_MARKET)


def test_travel_example_stops_at_the_floating_market():
    # "You want to go from St. David to The Bay. Your speed is 5, the wind is 2."
    s = quick_game(2, seed=3)
    me = s.turn
    s.pos[me] = C.ST_DAVID
    s.spd[me] = 5
    s.wind = wind_card(2)
    gold = s.gold[me]
    assert movement(s, me) == 7  # "You could travel up to 7 spaces with your first action"
    play(s, me, Act(C.ACT_TRAVEL))
    assert s.step == S_TRAVEL
    g = the_graph(s)
    market = market_node(s)
    reach = {m.node for m in play_legal(s, me)}
    assert g.dist[C.ST_DAVID][market] == 4
    assert market in reach and C.THE_BAY not in reach  # The Bay is 8 spaces away
    assert all(g.dist[C.ST_DAVID][n] <= 7 for n in reach)
    # "but you decide to stop after 4 spaces, to collect 100 Gold at the Floating Market."
    play(s, me, Sail(market))
    to_turn(s)
    assert s.gold[me] == gold + 100
    assert s.actions == 2
    # "Then, you take a second travel action (green) and reach The Bay after 4 spaces."
    play(s, me, Act(C.ACT_TRAVEL))
    assert g.dist[market][C.THE_BAY] == 4
    play(s, me, Sail(C.THE_BAY))
    to_turn(s)
    assert s.pos[me] == C.THE_BAY and s.actions == 1
    assert s.gold[me] == gold + 100  # "The unused movement points are lost."


def play_legal(s, seat):
    from engine.games.shiver import RULES

    return RULES.legal(s, seat)


def test_trade_example_sells_three_units_for_800_gold_then_buys_rum():
    # "You're on St. David with 2 units of Cocoa and 1 unit of Sugar in your hold."
    s = quick_game(2, seed=4, talents=[C.TRAMP, C.TRAMP])
    me = s.turn
    s.pos[me] = C.ST_DAVID
    s.cargo[me] = [2, 0, 1]
    s.gold[me] = 0
    # "You use your first action to sell all 3 units."
    play(s, me, Act(C.ACT_SELL))
    to_turn_or_step(s)
    play(s, me, SellPick(C.COCOA))
    play(s, me, SellPick(C.COCOA))
    play(s, me, SellPick(C.SUGAR))
    play(s, me, SellDone())
    to_turn(s)
    # "You rotate all discs to hull-colored and take 800 G."
    assert s.cargo[me] == [0, 0, 0]
    assert s.gold[me] == 800
    # "As your second action, you buy 3 Rum (for 300 G) and rotate all discs to yellow."
    play(s, me, Act(C.ACT_BUY))
    play(s, me, Buy(3))
    to_turn(s)
    assert s.cargo[me] == [0, 3, 0]
    assert s.gold[me] == 500
    assert s.actions == 1


def to_turn_or_step(s):
    """Pass the announce window (nobody holds cards here, so there is none)."""
    to_turn(s)


def _rng_for(faces: list[tuple[int, ...]]) -> Rng:
    """A generator whose next d6 rolls land in the given face sets."""
    for k in range(1, 200000):
        r = Rng(k)
        if all(r.below(6) in allowed for allowed in faces):
            return Rng(k)
    raise AssertionError("no such generator")


def test_treasure_hunt_example_drakes_rapier():
    s = quick_game(2, seed=5, talents=[C.TRAMP, C.TRAMP])
    me = s.turn
    other = 1 - me
    s.pos[me] = C.ST_DAVID
    s.stg[me] = 5  # "As your current strength is 5"
    s.cargo[me] = [0, 0, 0]
    # the top three treasure cards, Drake's Rapier among them
    s.t_deck.remove(RAPIER)
    s.t_deck.append(RAPIER)
    s.t_mask = [0] * len(s.t_deck)
    top3 = s.t_deck[-3:]
    # "Your crew scouts in the pubs and taverns (1st action)."
    play(s, me, Act(C.ACT_SCOUT))
    assert s.step == S_PICK and sorted(s.shown) == sorted(top3)
    # "You look at the top 3 cards ... and keep Drake's Rapier, as you are on St. David already.
    # You place the card next to your tableau and return the other two to the bottom of the deck."
    play(s, me, Take(RAPIER))
    to_turn(s)
    assert s.t_hand[me] == [RAPIER]
    assert sorted(s.t_deck[:2]) == sorted(c for c in top3 if c != RAPIER)
    assert s.t_mask[0] == s.t_mask[1] == 1 << me  # the scout knows the two at the bottom
    # "You reveal the treasure card and place it on your treasure track ... You don't have to spend any action."
    play(s, me, StartHunt(RAPIER))
    assert s.track[me] == RAPIER and s.track_pos[me] == 0 and s.actions == 2
    assert C.TREASURES[RAPIER].length == 22
    # the dice in the example: green gives Cocoa; then green empty and white an extra action; then red empty
    s.rng = _rng_for([(C.G_COCOA,), (4, 5), (0, 1), (3, 4, 5)])
    # "you use your second action to move the marker five spaces forward. You land on a green die ...
    # and receive 1 Cocoa."
    play(s, me, Act(C.ACT_DIG))
    to_turn(s)
    assert s.track_pos[me] == 5 and s.cargo[me] == [1, 0, 0]
    # "You push on, and move to the tenth space (3rd action)."
    play(s, me, Act(C.ACT_DIG))
    to_turn(s)
    assert s.track_pos[me] == 10 and s.actions == 0
    play(s, me, EndTurn())
    play(s, other, EndTurn())
    assert s.turn == me and s.actions == 3
    # "you discard your 1 Cocoa as a free action to move three spaces. This leads you to the powerful
    # bonus space with two dice. You roll both dice. The green one comes up empty, but the white one
    # grants you an additional action."
    play(s, me, DigGoods())
    assert s.track_pos[me] == 13 and s.cargo[me] == [0, 0, 0]
    assert s.actions == 4
    # "The extra action takes you 5 steps deeper into the jungle. You reach spot 18 – danger; you have
    # to roll the red die. But fate smiles on you, and it comes up empty."
    play(s, me, Act(C.ACT_DIG))
    to_turn(s)
    assert s.track_pos[me] == 18 and (s.spd[me], s.stg[me], s.hul[me]) == (3, 5, 3)
    # "You take your first regular action for the turn, and reach space 23. The rapier is yours!"
    play(s, me, Act(C.ACT_DIG))
    to_turn(s)
    assert s.track[me] == -1 and RAPIER in s.t_ship[me] and s.raised[me] == 1
    assert s.actions == 2
    assert strength(s, me) == 6  # its lasting bonus: +1 strength while it is on the ship


def test_mission_example_tidings_st_david():
    s = quick_game(2, seed=6, talents=[C.TRAMP, C.HAGGLER])
    me = s.turn
    s.pos[me] = C.PORT_ROYAL
    s.wind = wind_card(0)
    s.talent[me] = C.HAGGLER  # no Tramp movement: two actions to St. David
    s.m_deck.remove(TIDINGS)
    s.m_deck.append(TIDINGS)
    s.m_mask = [0] * len(s.m_deck)
    top3 = s.m_deck[-3:]
    gold = s.gold[me]
    # "You take the action 'Acquire a Mission' and look at the top three cards of the mission deck."
    play(s, me, Act(C.ACT_MISSION))
    assert s.step == S_PICK and sorted(s.shown) == sorted(top3)
    # "You select the mission 'Tidings: St. David'. You return the other two missions to the bottom."
    play(s, me, Take(TIDINGS))
    to_turn(s)
    assert s.missions[me] == [TIDINGS]
    assert sorted(s.m_deck[:2]) == sorted(c for c in top3 if c != TIDINGS)
    # "You reveal the mission." (an official mission: everybody sees it)
    from engine.games.shiver import RULES

    assert TIDINGS in RULES.view(s, 1 - me).seats[me].missions_open
    # "You take two travel actions which allows you to comfortably reach St. David."
    g = the_graph(s)
    assert g.dist[C.PORT_ROYAL][C.ST_DAVID] == 4 and movement(s, me) == 3
    play(s, me, Act(C.ACT_TRAVEL))
    mid = next(m.node for m in RULES.legal(s, me) if g.dist[m.node][C.ST_DAVID] == 1
               and g.dist[C.PORT_ROYAL][m.node] == 3)
    play(s, me, Sail(mid))
    to_turn(s)
    if s.step != S_TURN:  # an anchor: leave the merchant be
        from engine.games.shiver.state import Peek

        play(s, me, Peek(-1))
        to_turn(s)
    play(s, me, Act(C.ACT_TRAVEL))
    play(s, me, Sail(C.ST_DAVID))
    to_turn(s)
    # "You take 500 G and a crew card and place the mission in your chest to track Victory Points."
    play(s, me, ClaimMission(TIDINGS))
    assert s.step == S_HIRE
    play(s, me, Take(C.SELLSWORD))
    assert s.gold[me] == gold + 500
    assert C.SELLSWORD in s.crew[me]
    assert s.m_done[me] == [TIDINGS] and s.missions[me] == []
    assert s.actions == 0  # the mission, two travels; claiming was free


def test_crew_example_the_reckless_smuggler_adds_a_route():
    # "You travel to The Bay (Action 1). You take the card 'Reckless Smuggler' (Action 2). You decide to
    # also take a 'Veteran Sellsword' (Action 3). You play the Smuggler (no action) and pay 300 Gold.
    # You add a new trade route to the board. You return the Smuggler to the crew deck. You end your turn."
    s = quick_game(2, seed=7, talents=[C.HAGGLER, C.HAGGLER])
    me = s.turn
    s.pos[me] = C.PORT_ROYAL
    s.gold[me] = 1000
    s.wind = wind_card(2)
    play(s, me, Act(C.ACT_TRAVEL))
    play(s, me, Sail(C.THE_BAY) if any(m == Sail(C.THE_BAY) for m in play_legal(s, me)) else play_legal(s, me)[0])
    to_turn(s)
    s.pos[me] = C.THE_BAY
    play(s, me, Act(C.ACT_HIRE))
    to_turn(s)
    play(s, me, Take(C.SMUGGLER))
    to_turn(s)
    play(s, me, Act(C.ACT_HIRE))
    # the announce window: the active player holds the Smuggler; it passes for now
    play(s, me, Pass())
    play(s, me, Take(C.SELLSWORD))
    assert s.actions == 0
    routes_before = len(s.routes)
    # the end window of the third action: play the Smuggler
    play(s, me, Play(C.SMUGGLER, 0))
    assert s.step == S_ROUTE
    from engine.games.shiver import RULES

    place = RULES.legal(s, me)[0]
    play(s, me, place)
    play(s, me, Pass())
    assert s.step == S_TURN
    assert len(s.routes) == routes_before + 3 and s.gold[me] == 1000 - 300
    assert s.crew[me] == [C.SELLSWORD] and s.crew_out[C.SMUGGLER] == 1
    deck_before = s.crew_deck[C.SMUGGLER]
    play(s, me, EndTurn())
    assert s.crew_deck[C.SMUGGLER] == deck_before + 1  # "You return the Smuggler to the crew deck."
