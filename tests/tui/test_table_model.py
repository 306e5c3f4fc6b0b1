"""The table model: logs replaced from log_start, and whose view pass-and-play shows."""

from engine.core.rules import Event
from engine.hub import protocol as P
from tui.table_model import TableModel


def info(seats=2):
    return P.TableInfo("t1", "pepper", "Pepper", seats,
                       [P.SeatStatus(i, f"S{i}", "red", "person") for i in range(seats)], "playing")


def update(seat, state_id, to_act, log_start=0, events=(), legal=()):
    return P.Update(info(), seat, state_id, {}, list(legal), list(to_act), log_start, list(events), state_id)


def test_log_is_replaced_from_log_start():
    m = TableModel("t1", [0])
    m.apply(update(0, 1, [1], 0, [Event("a"), Event("b"), Event("c")]))
    m.apply(update(0, 2, [1], 1, [Event("x")]))  # an undo took back b and c
    assert [e.text for e in m.log(0)] == ["a", "x"]


def test_the_seat_to_act_is_shown_and_keeps_the_screen_while_it_acts():
    m = TableModel("t1", [0, 1])
    m.apply(update(0, 1, [1]))
    m.apply(update(1, 1, [1]))
    assert m.next_shown() == 1
    m.shown = 1
    m.apply(update(0, 2, [0, 1]))  # both owe a choice: the shown seat goes first
    m.apply(update(1, 2, [0, 1]))
    assert m.next_shown() == 1


def test_a_bot_turn_keeps_the_last_persons_view():
    m = TableModel("t1", [0])
    m.apply(update(0, 3, [1]))
    assert m.next_shown() == 0
    assert m.mine_to_act() == []


def test_latest_is_the_newest_state():
    m = TableModel("t1", [0, 1])
    m.apply(update(0, 5, [1]))
    m.apply(update(1, 4, [0]))  # an older update arriving late does not win
    assert m.latest.state_id == 5
    assert not m.is_current(m.updates[1])
