"""The rules' move table passes each move on with its event list (issue 10 item 9: the mutants of
rules/__init__.py that survived the rule tests handed a step ``None`` for the events, so the step
ran and the log stayed silent, or sent a Hunt to the wrong step)."""

from __future__ import annotations

from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_HUNT, S_OVERBOARD, S_STACK, S_TURN, the_graph
from engine.games.shiver.state import Dump, Hunt, UseEvent
from tests.engine.shiver.helpers import quick_game

A = 0


def test_a_hunt_move_while_stacking_the_deck_stacks_it():
    s = quick_game(2, seed=10)
    s.stack = []
    s.hunt_deck = [1, 2, 3]
    s.hunt_seen, s.step, s.actor = 3, S_STACK, A
    ev = RULES.apply(s, A, Hunt(1))
    assert [e.kind for e in ev] == ["hunt-stack"] and ev[0].data == {"seat": A, "choice": 1}
    assert s.hunt_deck == [3, 1, 2] and s.hunt_seen == -1 and s.step == S_TURN
    s.hunt_seen, s.step, s.actor = 2, S_STACK, A
    ev = RULES.apply(s, A, Hunt(0))
    assert ev[0].data == {"seat": A, "choice": 0} and s.hunt_deck == [3, 1, 2]


def test_a_unit_thrown_overboard_through_the_apply_is_logged():
    s = quick_game(2, seed=10)
    s.stack = []
    s.cargo[A] = [1, 2, 0]
    s.step, s.actor = S_OVERBOARD, A
    ev = RULES.apply(s, A, Dump(1))
    assert ev[0].kind == "overboard" and ev[0].data == {"seat": A, "res": 1}
    assert ev[0].text == f"Red throws 1 {C.RESOURCES[1]} overboard" and s.cargo[A] == [1, 1, 0]


def test_an_event_option_through_the_apply_is_logged():
    s = quick_game(2, seed=10)
    s.stack = []
    s.events = True
    s.event = C.WIND_EVENT.index(C.EV_FLOTSAM)
    s.cargo[A] = [0, 0, 0]
    s.step, s.actor = S_TURN, A
    ev = RULES.apply(s, A, UseEvent(2))
    assert ev[0].kind == "event-use" and ev[0].data == {"seat": A, "event": C.EV_FLOTSAM, "res": 2}
    assert s.cargo[A] == [0, 0, 1]


def test_a_hunt_move_resolves_the_hunt_card_with_its_events():
    s = quick_game(2, seed=10)
    s.stack = []
    spot = s.pos[A] = the_graph(s).spots[0]
    s.monster_at[C.MON_SERPENT] = spot
    s.hunt_pos[A][C.MON_SERPENT] = 1
    s.hunt_card = next(i for i, h in enumerate(C.HUNT_CARDS) if h.name == "A clear shot")
    s.step, s.actor = S_HUNT, A
    ev = RULES.apply(s, A, Hunt(0))
    assert [e.kind for e in ev] == ["hunt-option", "hunt-advance"]
