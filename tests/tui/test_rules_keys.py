"""The rules screen (F1) and the keys typed while it opens: none is lost, none reaches the table."""

from __future__ import annotations

from textual import events

from tui.play import PlaySpec

from .conftest import my_turn, table, until


def type_fast(app, *keys: str) -> None:
    """Keys as a fast typist sends them: all queued before the app has handled the first."""
    for key in keys:
        app.post_message(events.Key(key, None))


async def test_keys_typed_while_the_rules_open_go_to_the_rules_in_order(app_for):
    from tui.screens.rules import RulesScreen

    app = app_for("play", play=PlaySpec("shards", 3, ["person", "bot:heuristic", "bot:heuristic"], seed=5,
                                        bot_delay=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        before = table(pilot).model.latest.state_id
        games = RulesScreen().games
        type_fast(app, "f1", "g", "g", "1", "t")  # "1" would play a move at the table
        await until(pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.document.layout_now.lines)
        screen = app.screen
        await until(pilot, lambda: screen.query_one("#rules-toc").has_focus)
        assert screen.game == games[(games.index("shards") + 2) % len(games)]
        assert screen.query_one("#rules-title").render().plain.endswith(
            __import__("engine").games.get(screen.game).title)
        assert app.screen_stack[-2].model.latest.state_id == before  # the "1" typed for the rules played nothing
        type_fast(app, "escape", "1")  # back at the table, where the next key is the table's
        await until(pilot, lambda: not isinstance(app.screen, RulesScreen))
        await until(pilot, lambda: table(pilot).model.latest.state_id != before)


async def test_f1_then_escape_at_once_comes_back_to_the_table_and_the_next_key_plays(app_for):
    from tui.screens.rules import RulesScreen

    app = app_for("play", play=PlaySpec("shards", 3, ["person", "bot:heuristic", "bot:heuristic"], seed=5,
                                        bot_delay=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        before = screen.model.latest.state_id
        key = screen.choices[0].hotkey
        type_fast(app, "f1", "escape", key)
        await until(pilot, lambda: screen.model.latest.state_id != before)
        assert not isinstance(app.screen, RulesScreen)


async def test_a_page_key_typed_with_f1_scrolls_the_document(app_for):
    from tui.screens.rules import RulesScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.connection is not None)
        type_fast(app, "f1", "pagedown", "down")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.document.layout_now.lines)
        doc = app.screen.document
        await until(pilot, lambda: doc.layout_now.done and doc.scroll_offset.y > 1)
        assert doc.scroll_offset.y >= doc.size.height - 2  # a page, then a line (not the top)
        assert doc.has_focus
