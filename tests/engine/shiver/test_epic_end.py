"""Epic mode always ends: the second-to-last *available* life goal (docs/rules/shiver-me-timbers.md,
"Designed here", *Epic mode*). seed: "When all but one of the available life goals have been fulfilled by at
least one player, the endgame is triggered"; seed (epic): "the end game is only triggered when a player
completes the second-to-last life goal". An unclaimed goal that nobody has a marker left for can never be
fulfilled, so it is not available: two captains who both mark the same seven goals end the game with their
last marker instead of playing for ever."""

from __future__ import annotations

import pytest

from engine import Match
from engine.bots import make
from engine.bots.base import Decision
from engine.core.rng import Rng, derive_seed
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import events, turn
from engine.games.shiver.rules.common import S_REFIT, S_TURN
from engine.games.shiver.state import TRIG_GOALS, ClaimGoal, EndTurn, Improve, PickStart
from tests.engine.shiver.helpers import new, play

EPIC = {"epic": "yes"}
MISER = next(g for g, x in enumerate(C.LIFE_GOALS) if x.name == "Miser")
MARKERS = C.GOAL_MARKERS - C.EPIC_SECRET_GOALS  # seven to mark goals with


def started(players: int, seed: int, opts: dict[str, str] | None = None):
    s = new(players, seed, EPIC if opts is None else opts)
    for seat in range(players):
        play(s, seat, RULES.legal(s, seat)[0])
    for seat in range(players):
        play(s, seat, PickStart(C.ST_DAVID, C.HAGGLER))
    while s.step == S_REFIT:
        play(s, s.actor, Improve(C.SPEED))
    assert s.step == S_TURN
    return s


def mark(s, seat: int, goals) -> None:
    for g in goals:
        s.claims[s.goals.index(g)].append(seat)


def test_two_captains_who_mark_the_same_seven_goals_end_the_game_with_the_last_marker():
    s = started(2, 1)
    same = [g for g in range(10) if g != MISER][:6]
    mark(s, 0, [*same, MISER])
    mark(s, 1, same)
    # seven goals claimed, three open, and captain 2 still has a marker: the three are still available
    assert turn.markers_left(s, 0) == 0 and turn.markers_left(s, 1) == 1
    assert not s.ending and not events.goals_end_the_game(s)
    s.turn = 1
    s.chest[1] = 2000  # the Miser met
    events_seen = play(s, 1, ClaimGoal(MISER))
    # the 5-point spot of the Miser spends the table's last marker: no other goal can ever be fulfilled
    assert s.ending and s.trigger == TRIG_GOALS
    assert sum(1 for c in s.claims if c) == 7
    end = [e for e in events_seen if e.kind == "endgame"]
    assert len(end) == 1 and "last life goal marker" in end[0].text


def test_a_captain_with_a_marker_left_keeps_the_unclaimed_goals_available():
    # seed (epic): "only triggered when a player completes the second-to-last life goal"
    s = started(3, 2)
    first = [g for g in range(10) if g != MISER][:7]
    mark(s, 0, first)
    mark(s, 1, first)
    assert turn.markers_left(s, 2) == MARKERS
    assert not events.goals_end_the_game(s)  # the third captain can still fulfil the three open goals
    s.turn = 2
    s.chest[2] = 2000
    play(s, 2, ClaimGoal(MISER))
    assert not s.ending  # eight claimed, two open, and the third captain has six markers left


def test_the_ninth_goal_still_ends_an_epic_game_while_markers_are_left():
    s = started(2, 3)
    mark(s, 0, [g for g in range(10) if g != MISER][:5])
    mark(s, 1, [g for g in range(10) if g != MISER][5:8])
    assert sum(1 for c in s.claims if c) == 8 and not s.ending
    s.chest[s.turn] = 2000
    play(s, s.turn, ClaimGoal(MISER))
    assert s.ending and sum(1 for c in s.claims if not c) == 1


def test_a_regular_game_ends_on_the_second_to_last_goal_dealt_as_before():
    s = new(4, 4)
    assert len(s.goals) == 5
    for i in range(3):
        s.claims[i] = [0]
    assert not events.goals_end_the_game(s)
    s.claims[3] = [1]
    assert events.goals_end_the_game(s)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_order_of_claims_ends_an_epic_game_and_only_when_no_second_goal_is_available(players):
    """Random play over the claims: captains in a random order mark random goals they have not marked
    (first or later spots alike) until they run out of markers. Every such game ends by the time the
    table's markers are spent — and never while two goals are open and somebody could still mark them."""
    ended = by_markers = 0
    for seed in range(300):
        rng = Rng.seeded(derive_seed(seed, players))
        s = started(players, 40 + seed % 3)
        claims = 0
        while not s.ending:
            able = [x for x in range(players) if turn.markers_left(s, x) > 0]
            assert able, "every marker is spent and the game goes on"
            x = able[rng.below(len(able))]
            mine = [g for g in s.goals if x not in s.claims[s.goals.index(g)]]
            g = mine[rng.below(len(mine))]
            open_before = sum(1 for c in s.claims if not c)
            turn.claim_goal(s, x, g, None)
            claims += 1
            if s.ending:
                open_after = sum(1 for c in s.claims if not c)
                spent = all(turn.markers_left(s, y) == 0 for y in range(players))
                assert open_after <= 1 or spent, (open_before, open_after)
                by_markers += open_after > 1
        assert claims <= MARKERS * players
        ended += 1
    assert ended == 300
    if players == 2:
        assert by_markers > 0  # the stall the rule removes happens in random orders of two captains


def _bot_game(players: int, seed: int, options: dict[str, str], cap: int) -> Match:
    m = Match.new("shiver", players=players, seed=seed, options=options)
    bots = [make("heuristic", RULES, derive_seed(seed, x)) for x in range(players)]
    moves = 0
    while not m.is_over():
        moves += 1
        assert moves <= cap, f"the epic game did not end in {cap} moves (round {m.state.round})"
        seat = m.to_act()[0]
        legal = m.legal(seat)
        mv = legal[0] if len(legal) == 1 else bots[seat].choose(Decision(RULES, seat, m.view(seat), legal, None))
        m.play(seat, mv)
    return m


@pytest.mark.parametrize("players,seed", [(2, 11), (2, 12), (2, 13), (2, 14), (3, 15), (4, 16)])
def test_epic_bot_games_end_within_a_bounded_number_of_moves(players, seed):
    m = _bot_game(players, seed, {"epic": "yes", "events": "yes"} if seed % 2 else EPIC, cap=12000)
    s = m.state
    assert s.over and s.trigger == TRIG_GOALS
    open_goals = sum(1 for c in s.claims if not c)
    assert open_goals - len(events.completed_unclaimed(s)) <= 1 or events.markers_spent_everywhere(s)
    assert m.result() is not None


def test_a_captain_with_no_marker_left_still_completes_goals_and_ends_the_game():
    """A captain who has marked seven goals and meets another has completed it — only the marker is missing.
    seed (epic): "only triggered when a player completes the second-to-last life goal"."""
    s = started(2, 5)
    leader = s.turn
    other = 1 - leader
    rest = [g for g in range(10) if g != MISER]
    mark(s, leader, rest[:7])
    mark(s, other, rest[7:8])
    assert events.completed_unclaimed(s) == [] and not events.goals_end_the_game(s)
    s.chest[leader] = 2000  # the Miser met, but no marker to mark it with
    assert ClaimGoal(MISER) not in RULES.legal(s, leader)
    assert events.completed_unclaimed(s) == [MISER]
    assert events.goals_end_the_game(s) and not s.ending  # 8 claimed + the Miser completed: one goal open
    ev = RULES.apply(s, leader, EndTurn())
    assert s.ending and s.trigger == TRIG_GOALS
    assert any(e.kind == "endgame" and "Miser" in e.text for e in ev)


def test_holding_back_a_claim_does_not_keep_an_epic_game_going():
    s = started(2, 6)
    me = s.turn
    rest = [g for g in range(10) if g != MISER]
    mark(s, me, rest[:4])
    mark(s, 1 - me, rest[4:7])
    s.chest[me] = 2000  # met, and a marker to claim it with — held back
    assert ClaimGoal(MISER) in RULES.legal(s, me)
    RULES.apply(s, me, EndTurn())
    assert not s.ending  # 7 claimed + 1 completed: two goals are still open
    s.claims[s.goals.index(rest[7])] = [1 - me]
    RULES.apply(s, s.turn, EndTurn())
    assert s.ending and s.trigger == TRIG_GOALS  # the held-back Miser is completed all the same


def test_a_regular_game_still_lets_a_claim_be_held_back():
    s = started(3, 7, {})
    assert len(s.goals) == 4
    s.claims[0] = [0]
    s.claims[1] = [1]
    for x in range(3):  # every captain meets every goal dealt, and nobody claims
        s.visited[x] = 63
        s.sold[x] = s.rituals_played[x] = s.raised[x] = 20
        s.chest[x] = 5000
    assert events.completed_unclaimed(s) == []  # only epic mode counts a goal met and not claimed
    RULES.apply(s, s.turn, EndTurn())
    assert not s.ending


def test_a_finished_games_revealed_secret_goals_survive_determinization():
    """At the end the secret goals are shown to all; a determinized state must keep them (a bot game that
    ended on a checked move found determinize re-drawing them)."""
    from pathlib import Path

    m = Match.load(Path(__file__).resolve().parents[3] / "saves" / "shiver-4p-epic.plank")
    s = m.state
    assert s.over and RULES.view(s, 0).secrets
    for seat in range(s.players):
        d = RULES.determinize(s, seat, Rng.seeded(seat))
        assert RULES.view(d, seat) == RULES.view(s, seat)
