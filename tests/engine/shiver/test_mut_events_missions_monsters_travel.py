"""The endgame's trigger by the life goals on rules v6, step by step with the exact event (issue 10 item 9:
the mutants of rules/events.py that survived the rule tests in the fresh run of rules/events.py,
rules/missions.py, rules/monsters.py and rules/travel.py — `goals_trigger`'s three reasons, word by word,
with the count of unclaimed goals that picks among them, and the event's `trigger` fact — and
`missions.holds_official`, which no selected rule test reached)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shiver import content as C
from engine.games.shiver.rules import events, missions
from engine.games.shiver.state import TRIG_GOALS, State
from tests.engine.shiver.helpers import new, quick_game

TAIL = ". The endgame is triggered: the round is finished, then the scores are tallied"


def endgame(why: str) -> Event:
    return Event(why + TAIL, -1, None, False, "endgame", {"trigger": "goals"})


def epic() -> State:
    s = new(2, 5, {"epic": "yes"})
    assert s.epic and len(s.goals) == len(s.claims) == len(C.LIFE_GOALS)
    return s


def mark(s: State, seat: int, goals: list[int]) -> None:
    for g in goals:
        s.claims[s.goals.index(g)].append(seat)


def test_the_second_to_last_goal_claimed_in_a_regular_game():
    s = quick_game(2, seed=10)
    n = len(s.claims)
    assert n > 2 and not s.ending
    for i in range(n - 1):  # every goal dealt but the last claimed, by both captains in turn
        s.claims[i] = [i % 2]
    ev: list[Event] = []
    events.goals_trigger(s, ev)
    assert ev == [endgame("The second-to-last life goal is claimed")]
    assert s.ending and s.trigger == TRIG_GOALS


def test_two_goals_open_in_a_regular_game_trigger_nothing():
    s = quick_game(2, seed=10)
    for i in range(len(s.claims) - 2):
        s.claims[i] = [0]
    ev: list[Event] = []
    events.goals_trigger(s, ev)
    assert ev == [] and not s.ending and s.trigger != TRIG_GOALS


def test_without_an_event_list_the_endgame_is_triggered_all_the_same():
    s = quick_game(2, seed=10)
    for i in range(len(s.claims) - 1):
        s.claims[i] = [1]
    events.goals_trigger(s, None)
    assert s.ending and s.trigger == TRIG_GOALS


def test_every_marker_spent_gives_its_own_reason_with_three_goals_open():
    s = epic()
    seven = list(range(7))
    mark(s, 0, seven)
    mark(s, 1, seven)
    assert sum(1 for c in s.claims if not c) == 3 and events.completed_unclaimed(s) == []
    ev: list[Event] = []
    events.goals_trigger(s, ev)
    assert ev == [endgame("Every captain has placed their last life goal marker: no other goal can be claimed, "
                          "so the goal just claimed was the second-to-last available one")]
    assert s.ending and s.trigger == TRIG_GOALS


def test_goals_met_and_not_claimed_are_named_in_the_order_dealt():
    s = epic()
    for x in range(2):  # both captains meet every goal (as in test_epic_end's regular game)
        s.visited[x] = 63
        s.sold[x] = s.rituals_played[x] = s.raised[x] = 20
        s.chest[x] = 5000
    met = events.completed_unclaimed(s)
    assert len(met) >= 2
    for i, g in enumerate(s.goals):  # every goal nobody meets claimed, the two captains in turn
        if g not in met:
            s.claims[i] = [i % 2]
    assert not events.markers_spent_everywhere(s)
    done = events.completed_unclaimed(s)
    assert done == met and sum(1 for c in s.claims if not c) == len(done) > 1
    assert done == [g for g in s.goals if g in done]  # the order dealt
    ev: list[Event] = []
    events.goals_trigger(s, ev)
    names = ", ".join(C.LIFE_GOALS[g].name for g in done)
    assert ev == [endgame(f"All but one of the life goals are completed (met but not claimed: {names})")]
    assert s.ending and s.trigger == TRIG_GOALS


def test_an_ending_already_triggered_is_not_triggered_again():
    s = quick_game(2, seed=10)
    for i in range(len(s.claims) - 1):
        s.claims[i] = [0]
    s.ending = True
    ev: list[Event] = []
    events.goals_trigger(s, ev)
    assert ev == []


def test_the_facts_that_make_the_goal_mutants_equivalent():
    """docs/mutation.md lists `completed_unclaimed`'s `zip(s.goals, s.claims, strict=True)` → `False` / `None` /
    left out as equivalent: every game deals one claim list per goal."""
    for players in (2, 3, 4):
        for opts in ({}, {"epic": "yes"}):
            s = new(players, 3, opts)
            assert len(s.goals) == len(s.claims) > 0


def test_holds_official_is_true_only_with_an_official_mission_held():
    s = quick_game(2, seed=10)
    official = next(i for i, m in enumerate(C.MISSIONS) if m.kind == C.OFFICIAL)
    other = next(i for i, m in enumerate(C.MISSIONS) if m.kind != C.OFFICIAL)
    s.missions[0] = []
    assert not missions.holds_official(s, 0)
    s.missions[0] = [other]
    assert not missions.holds_official(s, 0)
    s.missions[0] = [other, official]
    assert missions.holds_official(s, 0)
