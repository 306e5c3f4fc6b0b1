"""Undo and redo by the table's policy, Save as…, Load, Continue, and damaged saves."""

from __future__ import annotations

from engine import Match
from tests.tui.conftest import my_turn, play_one, table, until
from tui.play import PlaySpec
from tui.screenshots import CREATED, bot_game, saved_game


def pepper(seats=("person", "bot:random", "bot:random"), undo="practice", seed=4):
    return PlaySpec("pepper", len(seats), list(seats), seed=seed, undo=undo, bot_delay=0.0)


async def test_undo_and_redo_follow_a_practice_policy(app_for):
    app = app_for("play", play=pepper())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        before = t.match.cursor
        assert screen.check_action("undo", ()) is None  # nothing of ours to take back yet
        await play_one(pilot, "hotkey")
        await until(pilot, lambda: my_turn(pilot) and t.match.cursor > before + 1)  # the bots answered
        after = t.match.cursor
        assert screen.check_action("undo", ()) is True
        await pilot.press("u")
        await until(pilot, lambda: t.match.cursor == before)  # back to before our own move
        assert screen.check_action("redo", ()) is True
        await pilot.press("r")
        await until(pilot, lambda: t.match.cursor == after)


async def test_undo_is_greyed_out_with_the_reason_under_the_turn_policy(app_for):
    app = app_for("play", play=pepper(undo="turn"))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        await play_one(pilot, "hotkey")
        await until(pilot, lambda: my_turn(pilot) and screen.model.latest.cursor >= 3)
        up = screen.model.current()
        assert not up.can_undo and up.undo_why
        assert screen.check_action("undo", ()) is None
        cursor = up.cursor
        await pilot.press("u")
        await pilot.pause()
        assert any("Cannot undo" in n.message and up.undo_why in n.message for n in app.notices)
        assert app.hub.tables[screen.table_id].match.cursor == cursor


async def test_save_as_writes_a_copy_that_loads(app_for, data):
    from tui.screens.dialogs import SaveAsDialog

    app = app_for("play", play=pepper())
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        await play_one(pilot, "hotkey")
        await until(pilot, lambda: my_turn(pilot))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SaveAsDialog))
        app.screen.query_one("Input").value = "mine"
        await pilot.press("enter")
        await until(pilot, lambda: (data / "saves" / "mine.plank").exists())
        saved = Match.load(data / "saves" / "mine.plank")
        assert saved.state_hash() == app.hub.tables[screen.table_id].match.state_hash()


async def test_load_lists_saves_and_opens_one_where_it_was(app_for, data):
    from tui.screens.load import LoadScreen

    half = bot_game("shards", seed=21, stop=lambda m, seat: seat == 0 and m.cursor >= 30)
    saved_game(data, "evening.plank", half)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.connection is not None)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.rows)
        row = app.screen.rows[0]
        assert (row.title, row.moves, row.state, row.date) == ("Shards of Creation", half.cursor, "in play",
                                                             CREATED.replace("T", " ")[:16])
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        assert table(pilot).model.latest.cursor == half.cursor


async def test_a_damaged_save_shows_its_problem_and_returns_to_the_list(app_for, data):
    from tui.screens.dialogs import MessageDialog
    from tui.screens.load import LoadScreen

    (data / "saves").mkdir(parents=True, exist_ok=True)
    (data / "saves" / "broken.plank").write_bytes(b"GPLANK\x01\x09not a header")
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.connection is not None)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and app.screen.rows)
        assert app.screen.rows[0].state == "damaged"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MessageDialog))
        assert "broken.plank" in app.screen.text
        await pilot.press("enter")
        assert isinstance(app.screen, LoadScreen)


async def test_continue_last_game_after_a_restart(app_for, data):
    from tui.screens.menu import MenuScreen

    app = app_for("play", play=pepper(seed=9))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        await play_one(pilot, "hotkey")
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        table_id, cursor = screen.table_id, screen.model.latest.cursor
    again = app_for()  # a new app, a new hub, the same data directory
    async with again.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, MenuScreen))
        await pilot.press("c")
        await until(pilot, lambda: my_turn(pilot))
        assert table(pilot).table_id == table_id
        assert table(pilot).model.latest.cursor == cursor


async def test_leaving_the_table_keeps_the_game_for_continue(app_for):
    from tui.screens.menu import MenuScreen

    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.connection is not None)
        await app.open_new_table(pepper(seed=12))
        await until(pilot, lambda: my_turn(pilot))
        table_id = table(pilot).table_id
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("c")
        await until(pilot, lambda: my_turn(pilot))
        assert table(pilot).table_id == table_id


async def test_the_list_names_saves_as_typed_says_the_options_and_renames_and_deletes(app_for, data):
    from tui.screens.dialogs import ConfirmDialog, SaveAsDialog
    from tui.screens.load import LoadScreen

    calm = Match.new("shardwake", players=3, seed=5, options={"variant": "calm-skies"}, undo="turn")
    calm.header.created = CREATED
    saved_game(data, "Friday night.plank", calm)
    saved_game(data, "evening.plank", bot_game("shards", seed=21, stop=lambda m, seat: m.cursor >= 4))
    (data / "tables").mkdir(parents=True, exist_ok=True)
    Match.new("pepper", players=3, seed=1).save(data / "tables" / "t-unplayed.plank")  # no moves: not listed
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.connection is not None)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and len(app.screen.rows) >= 2)
        screen = app.screen
        names = [r.name for r in screen.rows]
        assert "Friday night" in names and "evening" in names
        assert all(r.source != "autosave" for r in screen.rows)
        friday = next(r for r in screen.rows if r.name == "Friday night")
        assert friday.options == "calm-skies" and friday.players
        cells = [str(c) for c in screen.query_one("#saves").get_row_at(screen.rows.index(friday))]
        assert cells[0] == "Friday night" and "Shardwake · calm-skies" in cells[1]
        await pilot.press("end")
        assert screen.query_one("#saves").cursor_row == len(screen.rows) - 1
        await pilot.press("home")
        assert screen.query_one("#saves").cursor_row == 0
        while screen._current().name != "Friday night":
            await pilot.press("down")
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SaveAsDialog))
        app.screen.query_one("Input").value = "Saturday"
        await pilot.press("enter")
        await until(pilot, lambda: (data / "saves" / "Saturday.plank").exists())
        await until(pilot, lambda: "Saturday" in [r.name for r in screen.rows])
        while screen._current().name != "Saturday":
            await pilot.press("down")
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await until(pilot, lambda: not (data / "saves" / "Saturday.plank").exists())
        await until(pilot, lambda: "Saturday" not in [r.name for r in screen.rows])


async def test_replay_opens_at_the_deal_and_end_goes_to_the_last_move(app_for, data):
    from tui.screens.replay import ReplayScreen

    path = saved_game(data, "over.plank", bot_game("shards", seed=21))
    app = app_for("replay", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert screen.position == 0
        assert "1 move/s" in str(screen.query_one("#replay-status").render())
        await pilot.press("end")
        await until(pilot, lambda: screen.position == screen.total)
        screen.viewpoint = 1  # Blue's view: Blue's hand, not "your" hand
        await pilot.press("home")
        await until(pilot, lambda: screen.position == 0)
        await pilot.press("right")
        await pilot.pause()
        text = "\n".join(line.plain for line in screen.query_one("#board").lines)
        assert "Your hand" not in text and f"{screen.info.seats[1].name}'s hand" in text


async def test_renaming_a_save_never_replaces_another_nor_leaves_the_folder(app_for, data):
    from tui.screens.dialogs import SaveAsDialog
    from tui.screens.load import LoadScreen

    saved_game(data, "mine.plank", bot_game("shards", seed=21, stop=lambda m, seat: m.cursor >= 4))
    saved_game(data, "other.plank", bot_game("shards", seed=22, stop=lambda m, seat: m.cursor >= 6))
    folder = data / "saves"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    app = app_for()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await until(pilot, lambda: app.connection is not None)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen) and len(app.screen.rows) >= 2)
        screen = app.screen
        while screen._current().name != "mine":
            await pilot.press("down")
        for text in ("other", "../mine", "/tmp/mine", ".mine"):
            await pilot.press("n")
            await until(pilot, lambda: isinstance(app.screen, SaveAsDialog))
            app.screen.query_one("Input").value = text
            await pilot.press("enter")
            await pilot.pause()
            if isinstance(app.screen, SaveAsDialog):  # a path or a hidden name: refused on the spot
                await pilot.press("escape")
                await until(pilot, lambda: app.screen is screen)
        assert any("called “other” already" in n.message for n in app.notices)
        assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing replaced, nothing moved
        assert sorted(p.name for p in data.rglob("*mine*")) == ["mine.plank"]


def test_a_save_row_names_each_option_that_is_on_and_says_nothing_of_one_that_is_off():
    from tui.screens.load import short_options

    assert short_options({"variant": "calm-skies"}) == "calm-skies"
    assert short_options({"events": "yes", "epic": "yes"}) == "events, epic"
    assert short_options({"events": "no", "map": "draft"}) == "map draft"
    assert short_options({"automa": 2, "flagships": True, "guardians": False}) == "automa 2, flagships"
    assert short_options({"shards": ["Ruin", "Honor"], "fall_value": 3}) == "Ruin/Honor, fall value 3"
    assert short_options({}) == ""
