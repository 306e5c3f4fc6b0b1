"""Shiver Me Timbers at the table with the events module and in the epic mode: the event of the round on
screen and its option taken through the keyboard; an epic ship's free upgrades chosen at the table; the
New game screen's two options."""

from __future__ import annotations

from engine.games.shiver.state import Improve, UseEvent
from tests.tui.conftest import my_turn, table, until
from tests.tui.test_shiver import board_text, scripted_bots
from tui.games.shiver.scenes import equipping, eventful
from tui.screenshots import saved_game


async def test_the_event_of_the_round_is_on_the_board_and_its_option_is_a_key(app_for, data):
    m = scripted_bots(eventful, {"events": "yes"})
    app = app_for("load", path=str(saved_game(data, "event.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        view = screen.view_obj
        assert view.event >= 0 and view.event_name
        assert f"Event {view.event_name}" in board_text(screen)
        use = [c for c in screen.choices if isinstance(c.move, UseEvent)]
        assert use, "the event's option is offered"
        await screen.play_moves([use[0].move])
        await until(pilot, lambda: table(pilot).view_obj.event_used or not my_turn(pilot))
        assert not any(isinstance(c.move, UseEvent) for c in table(pilot).choices)  # once a turn


async def test_the_event_line_fits_80_by_24(app_for, data):
    m = scripted_bots(eventful, {"events": "yes"})
    app = app_for("load", path=str(saved_game(data, "event80.plank", m)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        assert f"Event {screen.view_obj.event_name}" in board_text(screen)


async def test_an_epic_ship_takes_its_three_free_upgrades_at_the_table(app_for, data):
    m = scripted_bots(equipping, {"epic": "yes"})
    app = app_for("load", path=str(saved_game(data, "epic.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        v = screen.view_obj
        assert v.asking == "refit" and "3 of 3 left" in v.prompt
        assert (v.seats[0].speed, v.seats[0].strength, v.seats[0].hull) == (2, 2, 2)
        strength = next(c.move for c in screen.choices if c.move == Improve(1))
        await screen.play_moves([strength])
        await until(pilot, lambda: "2 of 3 left" in table(pilot).view_obj.prompt)
        assert table(pilot).view_obj.seats[0].strength == 3


async def test_the_new_game_screen_offers_events_and_epic_mode(app_for):
    from textual.widgets import Static

    from tui.screens.new_game import NewGameScreen

    app = app_for("menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(NewGameScreen("shiver"))
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and bool(app.screen._option_fields))
        screen = app.screen
        fields = {name: widget for name, _t, widget in screen._option_fields}
        assert "events" in fields and "epic" in fields
        assert fields["events"].value == "no" and fields["epic"].value == "no"  # off unless chosen
        helps = " ".join(str(w.render()) for w in screen.query(Static) if w.has_class("option-help"))
        assert "events module" in helps and "Epic mode" in helps


async def test_three_secret_goals_one_on_the_board_then_the_other_two_in_the_list(app_for, data):
    from engine import Match, SeatInfo
    from engine.games.shiver.state import PickGoals
    from tui.widgets.decision_panel import DecisionPanel

    m = Match.new("shiver", 2, seed=9, options={"epic": "yes"},
                  seats=[SeatInfo(name="Ann", kind="person"), SeatInfo(name="Bo", kind="bot:heuristic")])
    app = app_for("load", path=str(saved_game(data, "epic-goals.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        assert "Choose three secret life goals" in board_text(screen)
        assert len(screen.choices) == 120
        board = screen.board
        board.focus()
        board.cursor = "goal:4"
        await pilot.press("enter")
        await pilot.pause()
        panel = screen.query_one(DecisionPanel)
        assert panel.narrowed == "goal:4" and len(panel.shown) == 36  # the other two of nine
        pick = next(c.move for c in panel.shown if c.move == PickGoals(0, 4, 9))
        await screen.play_moves([pick])
        await until(pilot, lambda: table(pilot).view_obj.my_goals == [0, 4, 9])
