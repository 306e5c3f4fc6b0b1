"""The menu, New game, Replay, Results and Rules screens."""

from __future__ import annotations

from engine import Match
from tests.tui.conftest import my_turn, table, until
from tui.play import PlaySpec
from tui.screenshots import bot_game, saved_game


async def test_the_menu_has_a_key_for_everything(app_for):
    from tui.screens.load import LoadScreen
    from tui.screens.menu import MenuScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.rules import RulesScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        for key, screen in (("n", NewGameScreen), ("l", LoadScreen), ("p", LoadScreen), ("r", RulesScreen), ("f1", RulesScreen)):
            await pilot.press(key)
            await until(pilot, lambda screen=screen: isinstance(app.screen, screen))
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("c")  # nothing to continue yet: a note, and the menu stays
        await until(pilot, lambda: any("no unfinished game" in n.message for n in app.notices))
        await pilot.press("q")
    assert app.return_value == 0


async def test_new_game_opens_the_table_it_describes(app_for):
    from tui.screens.menu import MenuScreen
    from tui.screens.new_game import NewGameScreen
    from tui.widgets.cycler import Cycler

    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert form.game == "shards" and form.players == 3
        undo = form.query_one("#undo", Cycler)
        assert undo.value == "turn"  # the default, alone or not: practice only when chosen
        undo.focus()
        await pilot.press("right")
        assert undo.value == "practice"
        assert "reveals included" in str(form.query_one("#undo-help").render())  # what it allows, one line
        await pilot.press("left")
        kind = form.query_one("#seat-1 .seat-kind", Cycler)
        kind.focus()
        while kind.value != "person":
            await pilot.press("left")
        assert form.query_one("#undo", Cycler).value == "turn"
        form.query_one("#seat-2 .seat-kind", Cycler).value = "bot:random"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.tables)
        table_id = next(iter(app.tables))
        t = app.hub.tables[table_id]
        assert t.match.header.seed == 20260314
        assert [s.kind for s in t.match.header.seats] == ["person", "person", "bot:random"]
        assert t.match.header.undo == "turn"


async def test_replay_steps_jumps_seeks_and_switches_viewpoint(app_for, data):
    from tui.screens.replay import EVERYTHING, PUBLIC, ReplayScreen
    from tui.widgets.log_panel import LogPanel

    m = bot_game(seed=31)
    path = saved_game(data, "done.plank", m)
    app = app_for("replay", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert replay.position == 0 and replay.total == m.cursor  # from the deal
        assert EVERYTHING in replay.viewpoints and replay.viewpoint == EVERYTHING
        await pilot.press("end")
        assert replay.position == replay.total
        await pilot.press("home")
        assert replay.position == 0
        await pilot.press("right", "right")
        assert replay.position == 2
        await pilot.press("left")
        assert replay.position == 1
        await pilot.press("right_square_bracket")  # the next round starts
        assert replay.rounds[replay.position] == 2 and replay.rounds[replay.position - 1] == 1
        await pilot.press("left_square_bracket")
        assert replay.rounds[replay.position] == 1
        await pilot.press("g")
        for ch in "42":
            await pilot.press(ch)
        await pilot.press("enter")
        assert replay.position == 42
        # the log shows what the viewpoint may see up to the position
        log = replay.query_one(LogPanel)
        assert len(log._events) == len(m.events(None, upto=42, everything=True))
        while replay.viewpoint != PUBLIC:
            await pilot.press("v")
        assert len(log._events) == len(m.events(None, upto=42))
        await pilot.press("space")  # play ...
        await until(pilot, lambda: replay.position > 42)
        await pilot.press("space")  # ... and pause
        assert not replay.playing


async def test_an_unfinished_game_replays_without_everything(app_for, data):
    from tui.screens.replay import EVERYTHING, ReplayScreen

    m = bot_game(seed=32, stop=lambda m, seat: m.cursor >= 25)
    path = saved_game(data, "half.plank", m)
    app = app_for("replay", path=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert EVERYTHING not in app.screen.viewpoints


async def test_results_show_ranking_breakdown_and_rounds_then_the_replay(app_for, data):
    from tui.screens.replay import ReplayScreen
    from tui.screens.results import Breakdown, ResultsScreen
    from tui.widgets.score_chart import ScoreChart

    m = bot_game(seed=33, names=["Ann", "Bo", "Cy"])
    result = m.result()
    path = saved_game(data, "done.plank", m)
    app = app_for("load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.query(Breakdown))
        screen = app.screen
        rows = dict(screen.query_one(Breakdown).rows())
        assert "Resonance" in rows or any(label.startswith("Resonance") for label in rows)
        chart = screen.query_one(ScoreChart)
        await until(pilot, lambda: chart.rounds)
        assert len(chart.rounds) == 3 and chart.rounds[-1] == result.scores
        await pilot.press("p")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.total == m.cursor


async def test_results_do_not_credit_a_person_with_a_stand_in_bots_moves(app_for, data):
    from tui.screens.results import ResultsScreen, Standings

    m = bot_game(seed=33, names=["Ann", "Bo", "Cy"], seats=["person", "person", "bot:heuristic"])
    for p in m.line[10:]:
        if p.seat == 1:
            p.by = "bot:heuristic"  # Bo was away: a stand-in bot played these
    covered = sum(1 for p in m.moves if p.by)
    assert covered > 1
    path = saved_game(data, "covered.plank", m)
    app = app_for("load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen) and app.screen.query(Standings))
        lines = app.screen.query_one(Standings).render().plain.splitlines()
    bo = next(line for line in lines if "Bo" in line)
    assert f"Bo (bot covered {covered} moves)" in bo
    assert not any("bot covered" in line for line in lines if "Bo" not in line)


async def test_rules_render_the_document_or_say_it_is_missing(app_for):
    from tui.screens.rules import RulesScreen, rules_text

    assert "Shards of Creation" in rules_text("shards")
    assert "not written yet" in rules_text("pepper")
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(RulesScreen("shards"))
        await pilot.pause()
        doc = app.screen.document
        assert doc.source.startswith("# Shards of Creation") and "Shards of Creation" in doc.text()
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.game != "shards"


async def test_the_rules_open_on_their_first_screenful_and_wide_tables_read_by_rows(app_for):
    from tui.screens.rules import RulesScreen

    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(RulesScreen("fractured-sky"))
        doc = app.screen.document
        assert doc.layout_now.lines and not doc.layout_now.done  # on screen before the rest is laid out
        await until(pilot, lambda: doc.layout_now.done)
        await pilot.press("g")  # Shards of Creation: a five-column table of abilities
        await until(pilot, lambda: app.screen.document.layout_now.done)
        lines = [line.strip() for line in app.screen.document.text().splitlines()]
        assert "• Trump ability: You may not lead Autonomy unless your hand holds only Autonomy" in lines
        await pilot.press("t")  # the contents: a heading chosen is a heading shown
        toc = app.screen.query_one("#rules-toc")
        assert toc.display and toc.option_count > 3
        await until(pilot, lambda: toc.has_focus)
        toc.highlighted = 2
        await pilot.press("enter")
        await pilot.pause()
        line = int(toc.highlighted_option.id[1:])
        assert line > 0 and app.screen.document.scroll_offset.y == min(line, app.screen.document.max_scroll_y)


def test_a_table_that_reads_well_as_columns_stays_one():
    from tui.screens.rules import readable_tables

    narrow = "| Key | What |\n|---|---|\n| u | undo, as the table's policy allows |"
    assert readable_tables(narrow, 80) == narrow
    wide = "| A | B | C |\n|---|---|---|\n| x | " + "long " * 20 + "| " + "more " * 20 + "|"
    assert readable_tables(wide, 80).startswith("**x**") and "- *B:* long" in readable_tables(wide, 80)


async def test_a_loaded_game_plays_on_at_the_table(app_for, data):
    m = bot_game(seed=34, stop=lambda m, seat: seat == 0 and m.cursor > 10)
    path = saved_game(data, "on.plank", m)
    app = app_for("load", path=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        assert screen.model.latest.cursor == m.cursor
        t = app.hub.tables[screen.table_id]
        assert Match.load(t.match.autosave_path).cursor == m.cursor


async def test_an_app_on_someone_elses_hub_opens_the_lobby_and_creates_tables_there(tmp_path, data):
    """The SSH shape: the app holds only a Connection to a hub it does not own."""
    from engine.hub.botpool import BotPool
    from engine.hub.hub import Hub
    from engine.hub.transport import LocalConnection
    from tui.app import GangplankApp
    from tui.screens.lobby import LobbyScreen
    from tui.screens.new_game import NewGameScreen
    from tui.screens.table import TableScreen
    from tui.widgets.cycler import Cycler

    server = Hub(tmp_path / "server", BotPool(workers=0))
    conn = LocalConnection(server, "ann")
    app = GangplankApp("lobby", connection=conn, fixed_seed=77)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert not app.is_local and app.hub is None
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert form.query_one("#seat-1 .seat-kind", Cycler).value == "open"
        assert form.query_one("#undo", Cycler).value == "turn"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.waiting is not None)
        t = next(iter(server.tables.values()))
        assert [s.kind for s in t.seats] == ["person", "open", "open"] and t.spec.idle_timeout > 0
        assert t.status == "waiting" and t.match is None  # dealt when the last seat is taken
        from tui.widgets.decision_panel import DecisionPanel

        assert app.screen.query_one(DecisionPanel).border_title == "Waiting for players"
    await server.close()


async def test_option_ticks_read_without_colour():
    """A chosen Shard is marked ✓ and an unchosen one is not: not a colour change alone."""
    from textual.app import App

    from tui.widgets.ticks import TICK, TickList

    class Ticks(App):
        def compose(self):
            yield TickList(("Autonomy", "autonomy"), ("Ruin", "ruin", True))

    app = Ticks()
    async with app.run_test(size=(40, 6)) as pilot:
        ticks = app.query_one(TickList)
        await pilot.pause()
        lines = [ticks.render_line(y).text for y in range(2)]
        assert TICK not in lines[0] and "Autonomy" in lines[0]
        assert TICK in lines[1] and "Ruin" in lines[1]
        ticks.focus()
        await pilot.press("space")  # toggles the highlighted one (Autonomy)
        lines = [ticks.render_line(y).text for y in range(2)]
        assert TICK in lines[0] and ticks.selected == ["ruin", "autonomy"]


async def test_question_mark_lists_the_keys_that_apply_here_each_once_and_f1_is_the_rules(app_for):
    from tui.screens.keys import KeysScreen
    from tui.screens.rules import RulesScreen

    app = app_for("play", play=PlaySpec("shards", 3, ["person", "bot:heuristic", "bot:heuristic"], seed=5,
                                        bot_delay=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        lines = app.screen.lines
        words = [line.description for line in lines]
        assert len(words) == len(set(words))  # each key once
        assert "Undo" in words and "Save" in words and "Choose the move with that key" in words
        assert app.screen.where == "at the table"
        chosen = next(line for line in lines if line.description == "Choose the move with that key")
        assert chosen.keys[0] == "1" and "…" in chosen.keys  # thirty hotkeys, one line
        # Textual's own keys that do nothing here are not listed (no list scrolls sideways)
        assert not {"Scroll Left", "Scroll Right", "Page Left", "Page Right", "Copy selected text"} & set(words)
        await pilot.press("question_mark")
        await until(pilot, lambda: not isinstance(app.screen, KeysScreen))
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))


async def test_a_menu_notice_does_not_follow_into_the_next_screen(app_for):
    from tui.screens.menu import MenuScreen
    from tui.screens.new_game import NewGameScreen

    app = app_for()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("c")  # nothing to continue: a notice
        await until(pilot, lambda: bool(app.screen.query("Toast")))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        assert not app.screen.query("Toast")


def test_the_header_keeps_where_the_game_stands_whole_at_120_columns():
    from rich.console import Console
    from rich.text import Text

    from tui.widgets.table_header import TableHeader

    header = TableHeader()
    header.game_title = "Shardwake"
    header.where = "Round 3 of 6 · placement, Ann's turn · trade offer · ≋ Kraken's Wake in Round 4"
    header.turn = Text("R Ann to act  B Bo thinking…")
    console = Console(width=120, file=None)
    lines = console.render_lines(header.render(), console.options.update(width=120))
    text = " ".join("".join(seg.text for seg in line) for line in lines)
    assert len(lines) <= 2 and "R Ann to act" in text and "…" not in text.replace("thinking…", "")
    assert all(word in text.split() for word in header.where.split())  # whole, on two lines if need be


async def test_the_takeback_policy_line_is_read_whole_at_80x24(app_for):
    from tui.screens.new_game import NewGameScreen
    from tui.words import UNDO_WORDS

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.connection is not None)
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        help = app.screen.query_one("#undo-help")
        words = UNDO_WORDS["turn"].split(" — ", 1)[1]
        assert help.region.right <= 80 and help.size.width * help.size.height >= len(words)
        lines = [help.render_line(y).text.strip() for y in range(help.size.height)]
        assert " ".join(" ".join(lines).split()) == words  # every word, none cut


async def test_the_menu_keys_leave_out_tab_when_there_is_one_place_to_go(app_for):
    from tui.screens.keys import KeysScreen
    from tui.screens.menu import MenuScreen

    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert len(app.screen.focus_chain) == 1
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        words = [line.description for line in app.screen.lines]
        assert "New game" in words and "Quit" in words
        assert "Focus Next" not in words and "Focus Previous" not in words and "Scroll Left" not in words
