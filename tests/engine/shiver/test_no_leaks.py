"""Secrets stay secret: secret goals, hands, secret missions, peeked merchants and what a scout saw
never reach another seat's view; determinize keeps what a seat knows and re-draws the rest; undo
never crosses a draw or a roll."""

from __future__ import annotations

import pytest

from engine import Match
from engine.core.rng import Rng
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_REACT, S_TURN, the_graph
from engine.games.shiver.state import Act, Pass, PickGoals, Take
from tests.engine.harness import _check_views
from tests.engine.shiver.helpers import new, play, purposeful, quick_game

T = {t.name: i for i, t in enumerate(C.TREASURES)}
M = {m.name: i for i, m in enumerate(C.MISSIONS)}


def test_other_seats_hidden_things_never_change_a_view():
    def hidden(s, goals, crew, rit, treasure, mission, prog):
        s.secret[1] = goals
        s.crew[1] = [crew]
        s.rits[1] = [rit]
        s.t_hand[1] = [treasure]
        s.missions[1] = [mission]
        s.m_prog[1] = [prog]
        return s

    a = hidden(quick_game(3, seed=1), [0, 1], C.SPY, C.EYE, T["Jade Skull"], M["Hidden Hoard"], 1)
    b = hidden(quick_game(3, seed=1), [1, 5], C.SELLSWORD, C.TOTEM, T["Crown Jewels"], M["Spymaster"], 0)
    for seat in (0, 2, None):
        assert RULES.view(a, seat) == RULES.view(b, seat)
    assert RULES.view(a, 1) != RULES.view(b, 1)
    assert RULES.view(a, 0).seats[1].crew_cards == 1 and RULES.view(a, 0).seats[1].secret_missions == 1


def test_a_peeked_merchant_is_known_to_the_peeker_only():
    s = quick_game(2, seed=2)
    g = the_graph(s)
    a = g.anchors[0]
    s.m_known[a] = 1
    mine = next(m for m in RULES.view(s, 0).merchants if m.node == a)
    other = next(m for m in RULES.view(s, 1).merchants if m.node == a)
    assert mine.nation and mine.speed > 0
    assert other.nation == "" and other.speed == -1 and other.known_by == [0]
    d = RULES.determinize(s, 1, Rng.seeded(3))
    assert RULES.view(d, 1) == RULES.view(s, 1)
    keep = RULES.determinize(s, 0, Rng.seeded(4))
    assert keep.merchant[a] == s.merchant[a]  # what you saw stays what it is


def test_what_a_scout_put_at_the_bottom_stays_known_to_the_scout():
    s = quick_game(2, seed=3)
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, Act(C.ACT_SCOUT))
    shown = list(s.shown)
    play(s, 0, Take(shown[0]))
    v0 = RULES.view(s, 0)
    assert sorted(k.card for k in v0.known_treasures) == sorted(shown[1:])
    assert RULES.view(s, 1).known_treasures == []
    assert RULES.view(s, 1).seats[0].knows_treasures == 2
    for k in range(10):
        d = RULES.determinize(s, 0, Rng.seeded(k))
        assert d.t_deck[:2] == s.t_deck[:2]
        assert d.t_hand[0] == s.t_hand[0]
        other = RULES.determinize(s, 1, Rng.seeded(k))
        assert RULES.view(other, 1) == RULES.view(s, 1)


def test_determinize_redraws_secret_goals_hands_and_secret_missions():
    s = quick_game(3, seed=4)
    s.crew[1] = [C.SPY, C.FIRST_MATE]
    s.crew_deck[C.SPY] -= 1
    s.crew_deck[C.FIRST_MATE] -= 1
    secret = M["Hidden Hoard"]
    s.m_deck.remove(secret)
    s.m_mask.pop()
    s.missions[1] = [secret]
    s.m_prog[1] = [0]
    seen_goals, seen_crew, seen_missions = set(), set(), set()
    for k in range(40):
        d = RULES.determinize(s, 0, Rng.seeded(k))
        assert RULES.view(d, 0) == RULES.view(s, 0)
        assert len(d.crew[1]) == 2 and sum(d.crew_deck) == sum(s.crew_deck)
        assert C.MISSIONS[d.missions[1][0]].kind == C.SECRET  # a hidden mission is a secret task
        seen_goals.add(tuple(d.secret[1]))
        seen_crew.add(tuple(sorted(d.crew[1])))
        seen_missions.add(d.missions[1][0])
        assert d.secret[0] == s.secret[0] and d.crew[0] == s.crew[0]
    assert len(seen_goals) > 1 and len(seen_crew) > 1 and len(seen_missions) > 1


def test_a_merchant_seen_honorable_on_its_spot_stays_honorable_for_everyone():
    s = quick_game(2, seed=5)
    g = the_graph(s)
    a = g.anchors[0]
    large_honest = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.LARGE and not m.hunter)
    s.m_stack.remove(large_honest)
    s.m_stack.append(s.merchant[a])
    s.merchant[a] = large_honest
    s.m_known[a] = 1
    s.m_safe[a] = 1
    for k in range(30):
        d = RULES.determinize(s, 1, Rng.seeded(k))
        assert not C.MERCHANTS[d.merchant[a]].hunter and C.MERCHANTS[d.merchant[a]].size == C.LARGE


def test_the_deck_make_up_is_seen_only_while_choosing_from_it():
    s = quick_game(2, seed=6)
    s.crew[1] = [C.SPY]
    s.crew_deck[C.SPY] -= 1
    s.pos[0] = C.THE_BAY
    play(s, 0, Act(C.ACT_HIRE))
    while s.step == S_REACT:
        play(s, s.actor, Pass())
    assert RULES.view(s, 0).deck_types == s.crew_deck
    for k in range(10):
        d = RULES.determinize(s, 0, Rng.seeded(k))
        assert d.crew_deck == s.crew_deck  # while choosing, the seat knows what is left
        assert RULES.legal(d, 0) == RULES.legal(s, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_survive_redrawing_in_purposeful_games(players):
    """The harness's view checks, on games where captains act with purpose (more cards played,
    more missions, hunts and claims than uniform random play gives)."""
    m = Match.new("shiver", players=players, seed=40 + players, options={"map": "draft"}, undo="practice")
    rng = Rng.seeded(players)
    check = Rng.seeded(99)
    steps = 0
    while not m.is_over():
        seat, mv = purposeful(m.state, rng)
        if steps % 3 == 0:
            _check_views(m, check)
        m.play(seat, mv)
        steps += 1
    assert m.result() is not None


def test_undo_never_crosses_a_draw_or_a_roll():
    m = Match.new("shiver", players=2, seed=7, undo="turn")
    s = m.state
    for seat in range(2):
        m.play(seat, PickGoals(s.goals[0], s.goals[1]))
    from engine.games.shiver.state import PickStart

    m.play(0, PickStart(C.ST_DAVID, C.HAGGLER))
    m.play(1, PickStart(C.SAO_TOME, C.HAGGLER))
    assert m.state.step == S_TURN
    m.play(0, Act(C.ACT_SCOUT))  # shows Red three cards: a reveal
    assert not m.can_undo(0)[0]


def test_a_new_game_hides_the_goals_nobody_chose_yet():
    s = new(2, seed=8)
    v = RULES.view(s, 1)
    assert v.my_goals == [] and v.asking == "goals"
    assert all(not st.chosen for st in v.seats)


# ---------------------------------------------------------------- the duel's hands, by resampling


def resample_duel_hand(s, x, move, rng):
    """``s`` with the duel cards seat ``x`` holds for its side swapped for others from the deck (nobody else has
    seen either): the card its move plays is kept, and so is the deck's top, which a Rigg or a swap draws next."""
    from engine.core.codec import clone
    from engine.games.shiver.state import Parry, Strike, Swap

    d = clone(s)
    if not d.duel_hands:
        return d
    for side in (0, 1):
        if d.duel_seats[side] != x:
            continue
        keep = {move.card} if isinstance(move, (Strike, Parry, Swap)) and move.card >= 0 else set()
        hand = d.duel_hands[side]
        top = d.duel_deck[-4:]
        free = [c for c in hand if c not in keep]
        pool = free + d.duel_deck[:-4]
        rng.shuffle(pool)
        d.duel_hands[side] = sorted([c for c in hand if c in keep] + pool[:len(free)])
        d.duel_deck = pool[len(free):] + top
    return d


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 4), (4, 5)])
def test_a_duel_hand_never_shows_in_another_seats_view_or_hearing(players, seed):
    """Whoever decides for a side of a duel holds cards nobody else sees: with them swapped for others, every
    other seat sees the same, hears the same and is asked the same, before and after each duel move."""
    from tests.engine.leaks import check_private_decisions

    swapped = []

    def resample(s, x, move, rng):
        d = resample_duel_hand(s, x, move, rng)
        if d.duel_hands and d.duel_hands != s.duel_hands:
            swapped.append(move)
        return d

    assert check_private_decisions("shiver", players, seed, None, resample, samples=1) > 200
    assert len(swapped) > 40  # duel positions where the hand really differed (with and without the move)
