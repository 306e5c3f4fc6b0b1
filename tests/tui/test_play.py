"""Playing at the table through the keyboard: whole games, the board, the decision panel."""

from __future__ import annotations

from typing import Any

from engine.hub import protocol as P
from tests.tui.conftest import my_turn, play_one, play_to_the_end, table, until
from tui.play import PlaySpec
from tui.screenshots import SEED, asking, bot_game, saved_game


def first_game(step: str) -> Any:
    """The first Shards bot game (by seed) in which seat 0 is asked for ``step``."""
    for seed in range(SEED, SEED + 40):
        m = bot_game("shards", seed=seed, stop=asking(step), names=["Ann", "Bo", "Cy"])
        if not m.is_over():
            return m
    raise LookupError(step)


def shards_spec(seats=("person", "bot:heuristic", "bot:heuristic"), seed=11, **kw):
    return PlaySpec("shards", len(seats), list(seats), seed=seed, bot_delay=kw.pop("bot_delay", 0.0), **kw)


async def test_a_whole_game_of_shards_against_bots_through_the_keyboard(app_for):
    from tui.screens.results import ResultsScreen, Standings

    app = app_for("play", play=shards_spec())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        moves = await play_to_the_end(pilot)
        assert moves >= 10  # at least one card per trick the person took part in
        assert isinstance(app.screen, ResultsScreen)
        result = screen.model.latest.result
        assert result is not None and sorted(s for place in result.ranking for s in place) == [0, 1, 2]
        standings = app.screen.query_one(Standings).render().plain
        assert all(st.name in standings for st in screen.model.info.seats)
        # every decision went through the hub: the table there is over, and autosaved
        t = app.hub.tables[screen.table_id]
        assert t.match.is_over()
        assert any(e.text.startswith("Red plays") for e in screen.model.log(0))


async def test_enter_on_the_board_plays_the_card_under_the_cursor(app_for):
    app = app_for("play", play=shards_spec(seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot) and table(pilot).view_obj.asking == "play")
        screen = table(pilot)
        board = screen.board
        board.focus()
        playable = {k for c in screen.choices for k in c.targets}
        await pilot.press("right")
        for _ in range(len(board.choosable())):  # (the cursor also visits the cards that cannot be played)
            if board.cursor in playable:
                break
            await pilot.press("right")
        key = board.cursor
        assert key is not None and key.startswith("h:")
        wanted = [c for c in screen.choices if key in c.targets]
        assert len(wanted) == 1
        # the decision panel points at the same move while the cursor is on the card
        assert screen.query_one("#decisions").highlighted_choice() == wanted[0]
        cursor = screen.model.latest.cursor
        await pilot.press("enter")
        t = app.hub.tables[screen.table_id]
        await until(pilot, lambda: t.match.cursor > cursor)
        assert t.match.line[cursor].move == wanted[0].move


async def test_choosing_a_thing_with_several_moves_narrows_the_decision_panel(app_for, data):
    path = saved_game(data, "growth.plank", first_game("growth"))
    app = app_for("load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        decisions = screen.query_one("#decisions")
        assert len(decisions.shown) == 2 and {c.group for c in decisions.shown} == {"Growth", "Revealed card"}
        board = screen.board
        board.focus()
        board.cursor = "rev"
        await pilot.press("enter")
        assert decisions.narrowed == "rev" and len(decisions.shown) == 2
        assert decisions.moves.has_focus
        await pilot.press("escape")  # widen again
        assert decisions.narrowed is None
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        await pilot.press("2")  # put the revealed card back
        await until(pilot, lambda: t.match.cursor > at)
        assert type(t.match.line[at].move).__name__ == "PutBack"


async def test_hotkeys_and_the_command_palette_list_the_moves(app_for):
    app = app_for("play", play=shards_spec(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        titles = [c.title for c in app.get_system_commands(screen)]
        assert "Rules" in titles and "Save" in titles and "Menu" in titles
        for choice in screen.choices:
            assert choice.text in titles
        assert [c.hotkey for c in screen.choices][:3] == ["1", "2", "3"]
        await play_one(pilot, "hotkey")


async def test_keys_work_while_a_bot_thinks_and_the_thinker_is_shown(app_for):
    from tui.screens.rules import RulesScreen
    from tui.widgets.table_header import TableHeader

    app = app_for("play", play=shards_spec(seed=8, bot_delay=2.0))
    async with app.run_test(size=(120, 40)) as pilot:
        def thinking():
            up = table(pilot).model.latest if not isinstance(pilot.app.screen, RulesScreen) else None
            return bool(up and any(s.thinking for s in up.table.seats))

        for _ in range(20):  # play until a bot is to move (and waits out its delay)
            await until(pilot, lambda: thinking() or my_turn(pilot), timeout=30)
            if thinking():
                break
            await play_one(pilot, "hotkey")
        assert thinking()
        header = table(pilot).query_one(TableHeader)
        assert "thinking…" in header.turn.plain
        await pilot.press("f1")  # the screen answers while the bot waits out its delay
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert table(pilot) is not None


async def test_bot_delay_is_a_key_at_the_table(app_for):
    app = app_for("play", play=shards_spec(seed=9, bot_delay=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        await pilot.press("d")
        await until(pilot, lambda: screen.model.latest.table.bot_delay > 0)
        assert app.hub.tables[screen.table_id].spec.bot_delay == screen.model.latest.table.bot_delay


async def test_a_refused_move_comes_back_as_a_notice(app_for):
    app = app_for("play", play=shards_spec(seed=4))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        up = screen.model.current()
        await screen.connection.send(P.Play(screen.table_id, up.seat, up.legal[0].move, up.state_id + 7))
        await pilot.pause()
        assert any("moved on" in n.message for n in app.notices)
