"""Pass-and-play: a curtain between two persons at one keyboard, never with one person."""

from __future__ import annotations

from tests.tui.conftest import my_turn, play_one, table, until
from tui.play import PlaySpec


def pepper(seats, seed=4, undo="turn"):
    return PlaySpec("pepper", len(seats), list(seats), seed=seed, undo=undo, bot_delay=0.0)


def curtain(pilot):
    from tui.screens.curtain import CurtainScreen

    screen = pilot.app.screen
    return screen if isinstance(screen, CurtainScreen) else None


async def test_the_curtain_hides_the_table_between_two_persons(app_for):
    app = app_for("play", play=pepper(["person", "bot:random", "person"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).seat == 0 and "Red" in curtain(pilot).seat_name
        words = " ".join(str(w.render()) for w in curtain(pilot).query("Static"))
        assert f"only {curtain(pilot).seat_name} can see" in words and "'s player" not in words
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        assert screen.model.shown == 0 and screen.model.current().seat == 0
        hand0 = list(screen.view_obj.hand)
        await play_one(pilot, "hotkey")
        # the bot plays, then it is seat 2's turn: the curtain comes down first
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).seat == 2
        assert screen.model.shown == 2  # behind the curtain, the table already shows seat 2
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        assert screen.view_obj.seat == 2 and screen.view_obj.hand != hand0


async def test_simultaneous_choices_go_one_at_a_time_behind_the_curtain(app_for):
    app = app_for("play", play=pepper(["person", "person"], seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        seen: list[int] = []
        for _ in range(6):  # a round of turns, then both bid at once
            await until(pilot, lambda: curtain(pilot) is not None or my_turn(pilot))
            if curtain(pilot) is not None:
                seen.append(curtain(pilot).seat)
                await pilot.press("enter")
                continue
            screen = table(pilot)
            if screen.view_obj.phase == "bid":
                break
            await play_one(pilot, "hotkey")
        screen = table(pilot)
        assert screen.view_obj.phase == "bid" and sorted(screen.model.to_act) == [0, 1]
        first = screen.model.shown
        await play_one(pilot, "hotkey")  # the first bid, in secret
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).seat == 1 - first
        assert seen[:2] == [0, 1]


async def test_one_person_against_bots_never_sees_a_curtain(app_for):
    from tui.screens.curtain import CurtainScreen

    app = app_for("play", play=pepper(["person", "bot:random", "bot:random"]))
    shown: list[object] = []
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(4):
            await until(pilot, lambda: my_turn(pilot))
            shown.append(pilot.app.screen)
            await play_one(pilot, "hotkey")
        assert not any(isinstance(s, CurtainScreen) for s in app.screen_stack)


async def test_the_curtain_offers_the_previous_player_a_takeback(app_for):
    app = app_for("play", play=pepper(["person", "person"], seed=7, undo="turn"))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(8):  # to the secret bids: a bid reveals nothing, so it may be taken back
            await until(pilot, lambda: curtain(pilot) is not None or my_turn(pilot))
            if curtain(pilot) is not None:
                assert not curtain(pilot).undo_from  # plays and draws reveal: no takeback offered
                await pilot.press("enter")
            elif table(pilot).view_obj.phase == "bid":
                break
            else:
                await play_one(pilot, "hotkey")
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        bidder = screen.model.shown
        before = t.match.cursor
        await play_one(pilot, "hotkey")
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).undo_from == screen.model.seat_name(bidder)
        await pilot.press("u")
        await until(pilot, lambda: t.match.cursor == before)
        await until(pilot, lambda: my_turn(pilot))
        assert screen.model.shown == bidder
