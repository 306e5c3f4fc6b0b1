"""Shiver Me Timbers at the table: a whole game through the keyboard, the map-building draft on the
map, voyages and clicks on the map, the reaction window at a shared keyboard behind the curtain,
and the results explained."""

from __future__ import annotations

from typing import Any

import msgspec

from engine import Match, SeatInfo
from engine.core.rng import Rng
from engine.games.shiver.state import Act, EndTurn, Pass, PlaceIsland, PlaceRoute, Sail
from tests.engine.shiver.helpers import purposeful
from tests.tui.conftest import my_turn, table, until
from tui.games.shiver.scenes import NAMES, SEED_OFFSET, midgame
from tui.play import PlaySpec
from tui.screenshots import CREATED, SEED, saved_game


def spec(seed: int = 3, seats: tuple[str, ...] = ("person", "bot:heuristic"), **kw: Any) -> PlaySpec:
    return PlaySpec("shiver", len(seats), list(seats), NAMES[: len(seats)], seed=seed, bot_delay=0.0, **kw)


def curtain(pilot: Any) -> Any:
    from tui.screens.curtain import CurtainScreen

    return pilot.app.screen if isinstance(pilot.app.screen, CurtainScreen) else None


def board_text(screen: Any) -> str:
    """The board's words, wrapped lines joined (a phrase may break across two lines)."""
    return " ".join(" ".join(line.plain for line in screen.board.lines).split())


def scripted(seed: int, players: int, upto: int, kinds: list[str]) -> Match:
    """A game played by the purposeful test player up to move ``upto``."""
    infos = [SeatInfo(name=NAMES[i], kind=k) for i, k in enumerate(kinds)]
    m = Match.new("shiver", players, seed=seed, seats=infos, undo="turn")
    m.header.created = CREATED
    while m.cursor < upto:
        seat = m.to_act()[0]
        _, move = purposeful(m.state, Rng.seeded(m.cursor))
        m.play(seat, move)
    return m


def scripted_bots(stop: Any, options: dict[str, str] | None = None) -> Match:
    """The scenes' three-player game (Ann, and heuristic bots) up to ``stop``."""
    from engine.bots import decide, sample_for

    seed = SEED + SEED_OFFSET
    m = Match.new("shiver", 3, seed=seed, seats=[SeatInfo(name=n, kind=k) for n, k in
                                                zip(NAMES, ["person", "bot:heuristic", "bot:heuristic"], strict=True)],
                  options=options or {})
    m.header.created = CREATED
    while not stop(m, m.to_act()[0]):
        seat = m.to_act()[0]
        sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
        m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
    return m


async def press_move(pilot: Any, screen: Any, move: Any) -> None:
    """Play ``move`` by its hotkey in the decision panel."""
    t = pilot.app.hub.tables[screen.table_id]
    at = t.match.cursor
    choice = next(c for c in screen.choices if c.move == move)
    assert choice.hotkey, f"{move!r} has no hotkey"
    await pilot.press(choice.hotkey)
    await until(pilot, lambda: t.match.cursor > at)


# ---------------------------------------------------------------- a whole game


async def test_a_whole_game_through_the_keyboard(app_for):
    """Ann against a bot on the Quick Start map: Enter on the board and the hotkeys, to the results."""
    from tui.screens.results import ResultsScreen

    app = app_for("play", play=spec(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        by_board = 0
        moves = 0
        while not isinstance(app.screen, ResultsScreen):
            if not my_turn(pilot):
                await pilot.pause(0.005)
                continue
            at = t.match.cursor
            board = screen.board
            if moves % 3 != 2 and board.cursor in board.scene.targets():
                board.focus()
                await pilot.press("enter")
                if screen.query_one("#decisions").narrowed is not None:
                    await pilot.press("enter")
                by_board += 1
            else:
                await pilot.press("1")
            moves += 1
            await until(pilot, lambda at=at: t.match.cursor > at or isinstance(app.screen, ResultsScreen),
                        timeout=30)
        mine = [p.move for p in t.match.line if p.seat == 0]
        assert by_board > 20 and any(isinstance(m, Sail) for m in mine) and any(isinstance(m, EndTurn) for m in mine)
        results = app.screen
        titles = [w.border_title for w in results.query(".results-panel")]
        assert any("Life goals" in str(x) for x in titles) and any("seals" in str(x) for x in titles)
        assert any("Gold" in str(x) for x in titles)


# ---------------------------------------------------------------- the draft on the map


async def test_the_map_is_built_on_the_map(app_for):
    """The draft through the keyboard: a piece from the tray, an arrow aimed from an island (the route
    drawn and its rules checked before committing), a site for the island; then the game goes on."""
    app = app_for("play", play=spec(seed=4, options={"map": "draft"}))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = None
        t = None
        placed_routes = placed_islands = 0
        for _ in range(400):
            await until(pilot, lambda: my_turn(pilot), timeout=30)
            screen = table(pilot)
            t = app.hub.tables[screen.table_id]
            view = screen.view_obj
            if view.asking == "start":
                break
            if view.asking != "place":
                await pilot.press("1")
                await pilot.pause()
                continue
            board = screen.board
            board.focus()
            at = t.match.cursor
            # a piece from the tray: an island while one is due and can go somewhere, else a route
            tray = [k for k in board.choosable() if k.startswith("piece:")]
            islands = [k for k in tray if k.startswith("piece:isl:")]
            routes = [k for k in tray if k.startswith("piece:tile:")]
            board.cursor = islands[0] if islands and (placed_islands <= placed_routes or not routes) else routes[-1]
            piece = board.cursor
            await pilot.press("enter")  # the piece is chosen: the cursor goes to the first place it may go
            assert board.piece == piece.split(":", 1)[1]
            first = board.cursor
            assert first in board.scene.targets()
            if first.startswith("port:"):
                for _ in range(12):
                    await pilot.press("up")
                board.cursor = piece
                await pilot.press("enter")  # the same piece again: back to its first place
                assert board.cursor == first
            key = board.cursor
            assert key in board.scene.targets(), key
            if key.startswith("port:"):
                text = board_text(screen)
                assert "✓" in text and "Enter places it" in text  # the rules, checked before committing
            await pilot.press("enter")
            if screen.query_one("#decisions").narrowed is not None:
                await pilot.press("enter")
            await until(pilot, lambda at=at, t=t: t.match.cursor > at)
            move = t.match.line[at].move
            placed_routes += isinstance(move, PlaceRoute)
            placed_islands += isinstance(move, PlaceIsland)
        assert screen is not None and t is not None and screen.view_obj.asking == "start"
        assert placed_routes >= 3 and placed_islands >= 2
        assert t.match.view(0).routes and len(t.match.view(0).routes) == 7  # the 2-player map: 7 routes


def late_in_the_draft(m: Match, seat: int) -> bool:
    """Ann places a route and an island with three routes on the map: some arrows would cross one."""
    return seat == 0 and m.view(0).asking == "place" and len(m.state.routes) >= 9


async def test_an_aimed_route_that_breaks_a_rule_says_which_and_plays_nothing(app_for, data):
    m = scripted_bots(late_in_the_draft, {"map": "draft"})
    app = app_for("load", path=str(saved_game(data, "draft.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        board = screen.board
        board.focus()
        tiles = [k for k in board.choosable() if k.startswith("piece:tile:")]
        broken = None
        for piece in tiles:  # each route in the tray, aimed from each island and spot in turn
            board.cursor = piece
            await pilot.press("enter")
            for target in sorted(k for k in board.scene.targets() if k.startswith("port:") and
                                 k.endswith(":" + piece.rsplit(":", 1)[1])):
                board.cursor = target
                board.redraw()
                broken = next((k for k in board.choosable() if k.startswith("port:")
                               and k not in board.scene.targets()), None)
                if broken:
                    break
            if broken:
                break
        assert broken, "some arrow beside an island or spot breaks a rule"
        board.cursor = broken
        board.redraw()
        text = board_text(screen)
        assert "Cannot go here" in text and "✗ crosses" in text  # which rule, and which route, before committing
        at = t.match.cursor
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert t.match.cursor == at  # nothing played


# ---------------------------------------------------------------- voyages and clicks


async def test_a_voyage_is_shown_and_a_click_on_the_map_sails(app_for, data):
    m = scripted_bots(midgame)
    path = saved_game(data, "voyage.plank", m)
    app = app_for("load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        board = screen.board
        view = screen.view_obj
        far = max(range(6), key=lambda i: view.voyage_spaces[i])
        need = view.voyage_actions[far]
        assert need >= 2
        board.focus()
        board.cursor = f"n:{far}"
        board.redraw()
        text = board_text(screen)
        assert f"{need} Travel actions from your ship" in text
        assert "•" in text  # the way there is drawn
        # a click on the far island starts a voyage there: Travel, and the cursor on the way
        x, y = board.positions[f"n:{far}"]
        at = t.match.cursor
        await pilot.click(board, offset=(x, y - round(board.scroll_offset.y)))
        await until(pilot, lambda: t.match.cursor > at and screen.view_obj.asking == "travel")
        assert isinstance(t.match.line[at].move, Act)
        dests = {f"n:{n}" for n, _ in screen.view_obj.destinations}
        assert board.cursor in dests  # the farthest space of this action on the way there
        # every space in reach says what it costs; a click on one sails there
        target = board.cursor
        x, y = board.positions[target]
        at = t.match.cursor
        await pilot.click(board, offset=(x, y - round(board.scroll_offset.y)))
        await until(pilot, lambda: t.match.cursor > at)
        assert t.match.line[at].move == Sail(int(target[2:]))


# ---------------------------------------------------------------- the reaction window at one keyboard


SHARED = (1, 2, 42)  # seed, players, move: Bo ends his turn; Ann's Travel then asks Bo only to pass


async def window_at_a_shared_keyboard(app_for: Any, data: Any, always_ask: bool) -> tuple[list[int], bytes, str]:
    seed, players, upto = SHARED
    path = saved_game(data, f"window-{always_ask}.plank", scripted(seed, players, upto, ["person", "person"]))
    app = app_for("load", path=str(path))
    curtains: list[int] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: curtain(pilot) is not None)
        curtains.append(curtain(pilot).seat)
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        assert screen.model.shown == 1
        if always_ask:
            await pilot.press("A")  # Bo: ask me every time, even when I can only pass
            await until(pilot, lambda: screen.model.updates[1].always_ask)
        await press_move(pilot, screen, EndTurn())
        await until(pilot, lambda: curtain(pilot) is not None)
        curtains.append(curtain(pilot).seat)
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        await press_move(pilot, screen, Act(0))  # Ann announces Travel: the window asks Bo
        passed_by = ""
        if always_ask:
            await until(pilot, lambda: curtain(pilot) is not None)
            curtains.append(curtain(pilot).seat)
            await pilot.press("enter")
            await until(pilot, lambda: my_turn(pilot))
            assert screen.view_obj.asking == "pass"
            assert "Nothing you hold can be played now: press P to pass" in board_text(screen)
            at = t.match.cursor
            await pilot.press("p")
            await until(pilot, lambda: t.match.cursor > at)
            passed_by = "Bo"
            await until(pilot, lambda: curtain(pilot) is not None)
            curtains.append(curtain(pilot).seat)
            await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "travel")
        assert screen.model.shown == 0
        assert [(p.seat, p.move) for p in t.match.line[upto:upto + 3]] == [(1, EndTurn()), (0, Act(0)), (1, Pass())]
        ann = msgspec.msgpack.encode(t.match.view(0))
        return curtains, ann, passed_by


def ann_after_the_window() -> bytes:
    """Ann's view once Bo has passed, from the rules alone."""
    seed, players, upto = SHARED
    m = scripted(seed, players, upto, ["person", "person"])
    m.play(1, EndTurn())
    m.play(0, Act(0))
    assert m.view(1).asking == "pass" and m.view(0).asking == ""
    m.play(1, Pass())
    return msgspec.msgpack.encode(m.view(0))


async def test_the_table_passes_for_bo_without_a_curtain(app_for, data):
    curtains, ann, _ = await window_at_a_shared_keyboard(app_for, data, always_ask=False)
    assert curtains == [1, 0]  # no curtain for a pass the table makes
    assert ann == ann_after_the_window()


async def test_bo_chose_always_ask_and_passes_behind_his_curtain(app_for, data):
    curtains, ann, passed_by = await window_at_a_shared_keyboard(app_for, data, always_ask=True)
    assert curtains == [1, 0, 1, 0] and passed_by == "Bo"
    assert ann == ann_after_the_window()  # Ann sees the same game either way


def test_a_purchase_is_chosen_by_the_count_the_board_shows() -> None:
    from engine.games.shiver.state import Buy
    from tui.games import adapter_for
    from tui.screens.table import assign_hotkeys

    adapter = adapter_for("shiver")
    moves = [Buy(n) for n in range(1, 8)]
    keys = assign_hotkeys("1234567890abc", [adapter.natural_key(None, m) for m in moves])
    assert keys == [str(n) for n in range(1, 8)]


# ---------------------------------------------------------------- combat: the duel plank


def raid_ready() -> Match:
    """Ann (a person) on an island at the start of her turn; Bo a heuristic bot who will play the fortress."""
    from engine.games.shiver.rules.common import S_TURN

    for seed in range(1, 80):
        m = Match.new("shiver", 2, seed=seed, seats=[SeatInfo(name="Ann", kind="person"),
                                                     SeatInfo(name="Bo", kind="bot:heuristic")], undo="turn")
        m.header.created = CREATED
        rng = Rng.seeded(seed)
        while m.cursor < 400 and not m.is_over():
            s = m.state
            if (s.step == S_TURN and s.turn == 0 and s.actions == 3 and s.round >= 2 and 0 <= s.pos[0] < 6
                    and Act(11) in m.legal(0) and not s.crew[1] and not s.rits[1] and not s.crew[0] and not s.rits[0]):
                f = s.fortress[s.pos[0]]
                from engine.games.shiver import content as C

                if abs(C.FORTRESSES_DATA[f].strength - s.stg[0]) <= 3 and C.FORTRESSES_DATA[f].rule != C.F_BATTERY:
                    return m
            seat, mv = purposeful(s, rng)
            m.play(seat, mv)
    raise AssertionError("no raid position found")


async def test_a_fortress_raid_through_the_keyboard_draws_the_duel_plank(app_for, data):
    from engine.games.shiver.state import Lead, Parry, Strike

    path = saved_game(data, "raid.plank", raid_ready())
    app = app_for("load", path=str(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        await press_move(pilot, screen, Act(11))  # Raid the fortress
        await until(pilot, lambda: t.match.state.duel != 0 and my_turn(pilot))
        text = board_text(screen)
        assert "⚔ fortress:" in text and "☠" in text and "edge" in text
        # Ann decides for her side only: her cards are drawn, never the fortress's
        v = screen.view_obj
        assert v.duel.my_side == 0 and v.duel.hand == sorted(t.match.state.duel_hands[0])
        assert "Your cards:" in text
        # play the duel to its end by the decision panel's keys
        while t.match.state.duel != 0:
            await until(pilot, lambda: t.match.state.duel == 0 or my_turn(pilot))
            if t.match.state.duel == 0:
                break
            move = next(c.move for c in screen.choices if isinstance(c.move, (Lead, Strike, Parry)))
            await press_move(pilot, screen, move)
        await until(pilot, lambda: t.match.state.duel == 0)


async def test_a_card_left_under_the_cursor_from_the_last_position_does_not_break_the_board(app_for):
    """The cursor keeps its key into a new position until the board has drawn once: a mission card
    kept at the setup pick (numbered past the treasure deck) must not be read as a treasure after."""
    from engine.games.shiver import content as C

    app = app_for("play", play=spec(seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        board = table(pilot).board
        assert not board.scene.view.shown_deck
        for stale in (f"take:{len(C.MISSIONS) - 1}", f"tre:{len(C.TREASURES) + 1}", f"mis:{len(C.MISSIONS)}"):
            board.cursor = stale
            board.redraw()
            assert board.cursor in board.choosable() and board.cursor != stale
