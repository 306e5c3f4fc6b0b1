"""Shardwake at the table: a whole game by keyboard, the trade dialog, secret bids behind the
curtain, the island ring's cursor narrowing the decision panel, and the results explained."""

from __future__ import annotations

from typing import Any

from engine.games.shardwake.state import (
    Accuse,
    Answer,
    Bid,
    Offer,
    Send,
    Trade,
)
from tests.tui.conftest import my_turn, play_one, table, until
from tui.games.shardwake.adapter import ShardwakeAdapter
from tui.games.shardwake.scenes import NAMES, SEED_OFFSET
from tui.games.shardwake.scenes import bidding as sw_bidding
from tui.games.shardwake.scenes import placing as sw_placing
from tui.games.shardwake.trade import TradeDialog
from tui.play import PlaySpec
from tui.screenshots import SEED, bot_game, saved_game


def shardwake_game(stop: Any, seats: list[str] | None = None, seed: int = SEED + SEED_OFFSET) -> Any:
    """The scenes' four-player game (Ann at the keyboard), played by heuristic bots up to ``stop``."""
    return bot_game("shardwake", 4, seed=seed, stop=stop, seats=seats, names=NAMES)


def spec(seed: int = 7, seats: tuple[str, ...] = ("person", "bot:heuristic", "bot:heuristic", "bot:heuristic"),
         **kw: Any) -> PlaySpec:
    return PlaySpec("shardwake", len(seats), list(seats), NAMES[: len(seats)], seed=seed, bot_delay=0.0, **kw)


def curtain(pilot: Any) -> Any:
    from tui.screens.curtain import CurtainScreen

    return pilot.app.screen if isinstance(pilot.app.screen, CurtainScreen) else None


def trade_dialog(pilot: Any) -> Any:
    return pilot.app.screen if isinstance(pilot.app.screen, TradeDialog) else None


def board_text(screen: Any) -> str:
    return "\n".join(line.plain for line in screen.board.lines)


async def load(app_for: Any, data: Any, name: str, stop: Any, seats: list[str] | None = None, seed: int | None = None):
    kw = {"seed": seed} if seed is not None else {}
    path = saved_game(data, name, shardwake_game(stop, seats=seats, **kw))
    return app_for("load", path=str(path))


async def propose_by_dialog(pilot: Any, screen: Any) -> list[Any]:
    """Build 1-for-1 in the trade dialog by keys (a different good each way) and send it; the moves sent."""
    await pilot.press("t")
    await until(pilot, lambda: trade_dialog(pilot) is not None)
    dialog = trade_dialog(pilot)
    if len(dialog.partners) > 1:
        await pilot.press("down")  # from the partner row to your goods
    await pilot.press("1")
    given = dialog.items(0)
    await pilot.press("right")
    for _ in dialog.stock(1):
        await pilot.press("1")
        if dialog.ready():
            break
        await pilot.press("0", "down")
    assert given and dialog.ready(), dialog.checks()
    wanted = dialog.moves()
    t = pilot.app.hub.tables[screen.table_id]
    at = t.match.cursor
    await pilot.press("enter")
    await until(pilot, lambda: t.match.cursor >= at + len(wanted))
    assert [e.move for e in t.match.line[at:at + len(wanted)]] == wanted
    return wanted


# ---------------------------------------------------------------- a whole game


async def test_a_whole_game_through_the_keyboard_with_a_trade_a_storm_bid_and_the_accusations(app_for):
    from tui.screens.results import ResultsScreen

    app = app_for("play", play=spec(seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        traded: list[Any] = []
        bids: list[int] = []
        accused: list[Any] = []
        moves = 0
        while not isinstance(app.screen, ResultsScreen):
            if not my_turn(pilot):
                await pilot.pause(0.005)
                continue
            view = screen.view_obj
            phase = view.stage
            board = screen.board
            board.focus()
            if phase == "placement" and not traded and any(isinstance(c.move, Trade) for c in screen.choices):
                traded = await propose_by_dialog(pilot, screen)
                partner = traded[0].partner
                # the bot answers in its own time; the answer reaches the board and the log
                await until(pilot, lambda: len(t.match.state.trade_log) > 0)
                await until(pilot, lambda: my_turn(pilot) and screen.view_obj.history.trades)
                record = screen.view_obj.history.trades[-1]
                assert record.proposer == 0 and record.partner == partner
                said = "accepts" if record.accepted else "declines"
                assert any(said in e.text and e.seat == partner for e in screen.model.log(0))
                assert "Last trade:" in board_text(screen)
                assert any("Trade" == n.title for n in app.notices)
                continue
            at = t.match.cursor
            if phase == "bidding":
                # the storm bid on the board: the cursor starts on the 0 chip; Right is 1 Ballast
                ballast = view.seats[0].resources[1]
                if ballast:
                    await pilot.press("right")
                assert board.cursor == f"bid:{min(1, ballast)}"
                await pilot.press("enter")
                await until(pilot, lambda at=at: t.match.cursor > at)
                assert t.match.line[at].move == Bid(min(1, ballast))
                bids.append(min(1, ballast))
            elif phase == "accuse":
                # Enter on an opponent narrows the decision panel to the three Guilds; Enter names the first
                decisions = screen.query_one("#decisions")
                assert board.cursor == "s:1"
                await pilot.press("enter")
                assert decisions.narrowed == "s:1" and len(decisions.shown) == 3
                await pilot.press("enter")
                await until(pilot, lambda at=at: t.match.cursor > at)
                accused.append(t.match.line[at].move)
                assert isinstance(accused[-1], Accuse) and accused[-1].target == 1
            else:
                await play_one(pilot, "board" if moves % 2 == 0 else "hotkey")
                moves += 1
        assert traded and bids and accused and moves >= 10
        assert t.match.is_over()
        # the results explain the hidden scores
        panels = {p.border_title: p for p in app.screen.query(".results-panel")}
        assert set(panels) == {"1. Island majority", "2. Accusations", "3. Agendas revealed",
                               "4. Leftovers and the storms"}
        words = str(panels["2. Accusations"].content)
        assert f"Ann named B Bo as {'▼▲¤'[accused[0].guild]}" in words
        assert "Round 2" in str(panels["4. Leftovers and the storms"].content)


# ------------------------------------------------------------- pass-and-play


async def test_two_persons_bid_behind_the_curtain_and_neither_sees_the_others_bid(app_for, data):
    app = await load(app_for, data, "storm.plank", sw_bidding, seats=["person", "person", "bot:heuristic",
                                                                        "bot:heuristic"])
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: curtain(pilot) is not None)
        first = curtain(pilot).seat
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        assert screen.view_obj.stage == "bidding" and screen.model.shown == first
        ballast = screen.view_obj.seats[first].resources[1]
        bid = min(2, ballast)
        at = t.match.cursor
        await pilot.press(str(bid))  # the key of a bid is its amount
        await until(pilot, lambda at=at: t.match.cursor > at)
        assert t.match.line[at].move == Bid(bid)
        # the other person's turn: the curtain first, then a view without the first bid in it
        await until(pilot, lambda: curtain(pilot) is not None)
        second = curtain(pilot).seat
        assert second == 1 - first
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        view = screen.view_obj
        assert view.seat == second and view.my_bid == -1
        assert view.seats[first].has_bid and not view.seats[second].has_bid
        assert screen.adapter.cells(view, first)[-1] == "✓"  # a fist closed, never how much
        seen = [e.text for e in screen.model.log(second)]
        assert not any("You bid" in text for text in seen)
        assert "You bid" not in board_text(screen) and f"{bid} Ballast" not in board_text(screen)
        # and the first person, whose turn is over, never saw the second bid either
        assert screen.model.updates[first].view["my_bid"] == bid
        at = t.match.cursor
        await pilot.press("0")  # bid 0
        await until(pilot, lambda at=at: t.match.cursor > at)
        storm = t.match.state.storm_log[-1]
        assert storm[5 + first] == bid and storm[5 + second] == 0  # revealed together after every fist


async def test_each_bid_has_the_key_the_board_shows_and_the_key_bids_that_amount(app_for, data):
    app = await load(app_for, data, "storm-keys.plank", sw_bidding)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        ballast = screen.view_obj.seats[0].resources[1]
        assert ballast >= 2
        shown = board_text(screen)
        panel = {c.hotkey: c.move for c in screen.choices}
        for amount in range(ballast + 1):
            assert f"‹{amount}›" in shown or f"[{amount}]" in shown
            assert panel[str(amount)] == Bid(amount), panel  # one key per amount, board and panel alike
        panel_lines = [o.prompt.plain for o in screen.query_one("#moves").options]
        assert any(line.startswith(f" {ballast}  ") and f"Bid {ballast} " in line for line in panel_lines), panel_lines
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        await pilot.press(str(ballast))
        await until(pilot, lambda: any(p.seat == 0 for p in t.match.line[at:]))
        # the bids are asked of everyone at once: a bot's may be recorded before Ann's
        assert next(p for p in t.match.line[at:] if p.seat == 0).move == Bid(ballast)


def _rich_bid(m: Any, seat: int) -> bool:
    return seat == 0 and m.state.phase == 3 and m.state.res[0][1] >= 10  # C.BALLAST


async def test_a_bid_above_nine_shows_the_letter_it_is_chosen_by_and_that_letter_bids_it(app_for, data):
    # the first of the scenes' seeds where Ann bids with 10 Ballast or more (seed offset 7 today)
    m = next(g for k in range(40) if (g := shardwake_game(_rich_bid, seed=SEED + k)).to_act() and _rich_bid(g, 0))
    app = app_for("load", path=str(saved_game(data, "storm-rich.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        ballast = screen.view_obj.seats[0].resources[1]
        shown = board_text(screen)
        key_of = {c.move.ballast: c.hotkey for c in screen.choices if isinstance(c.move, Bid)}
        assert sorted(key_of) == list(range(ballast + 1))
        for amount, key in key_of.items():
            label = str(amount) if amount <= 9 else f"{key}={amount}"
            assert amount > 9 or key == str(amount)
            assert f"‹{label}›" in shown or f"[{label}]" in shown, (label, shown)
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        await pilot.press(key_of[10])
        await until(pilot, lambda: any(p.seat == 0 for p in t.match.line[at:]))
        assert next(p for p in t.match.line[at:] if p.seat == 0).move == Bid(10)


async def _bid_and_wait_for_the_reveal(pilot: Any, app: Any) -> tuple[Any, Any, int]:
    """Ann bids 0; the bots bid; the storm's bids are shown. Returns the screen, the table, Ann's bid's move number."""
    await until(pilot, lambda: my_turn(pilot))
    screen = table(pilot)
    t = app.hub.tables[screen.table_id]
    storms = len(t.match.state.storm_log)
    at = t.match.cursor
    await pilot.press("0")
    await until(pilot, lambda: len(t.match.state.storm_log) > storms)  # every fist opened
    await until(pilot, lambda: screen.model.current() is not None and screen.model.is_current(screen.model.current()))
    # the bids are asked of everyone at once: a bot's may be recorded before Ann's
    mine = next(i for i in range(at, len(t.match.line)) if t.match.line[i].seat == 0)
    return screen, t, mine


async def test_a_revealed_bid_cannot_be_taken_back_under_the_turn_policy(app_for, data):
    app = await load(app_for, data, "storm-turn.plank", sw_bidding)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, t, at = await _bid_and_wait_for_the_reveal(pilot, app)
        assert t.match.header.undo == "turn" and "practice" not in screen.query_one("#table-header").game_title
        cursor = t.match.cursor
        up = screen.model.current()
        assert not up.can_undo
        await pilot.press("u")
        await pilot.pause()
        assert any(n.message.startswith("Cannot undo") for n in app.notices)
        assert t.match.cursor >= cursor and t.match.line[at].move == Bid(0)  # (the bots play on)


async def test_a_practice_table_says_so_and_takes_a_revealed_bid_back(app_for, data):
    m = shardwake_game(sw_bidding)
    m.header.undo = "practice"
    path = saved_game(data, "storm-practice.plank", m)
    app = app_for("load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, t, at = await _bid_and_wait_for_the_reveal(pilot, app)
        assert screen.query_one("#table-header").game_title.endswith("· practice")
        assert screen.model.current().can_undo
        await pilot.press("u")
        await until(pilot, lambda: t.match.cursor <= at)  # back before Ann's bid, reveal and all


async def test_a_trade_is_one_line_proposed_and_one_answered_and_the_notice_keeps_counts(app_for, data):
    app = await load(app_for, data, "trade-log.plank", sw_placing)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        await propose_by_dialog(pilot, screen)
        await until(pilot, lambda: len(t.match.state.trade_log) > 0)
        await until(pilot, lambda: any(n.title == "Trade" for n in app.notices))
        notice = next(n.message for n in app.notices if n.title == "Trade")
        assert "you give 1 " in notice and " for 1 " in notice, notice
        text = "\n".join(line.plain for line in screen.query_one("#log").lines)
        assert "drafts a trade" not in text and "offers 1" not in text and "asks for 1" not in text
        last = [line.strip() for line in text.splitlines() if line.strip()][-2:]
        assert "Ann proposes to" in last[0] and ("accepts" in last[1] or "declines" in last[1]), last


def test_natural_keys_are_kept_and_the_rest_fill_in_order() -> None:
    from tui.screens.table import assign_hotkeys

    assert assign_hotkeys("1234567890ab", ["0", "1", "2"]) == ["0", "1", "2"]
    assert assign_hotkeys("1234567890ab", [None, "1", None]) == ["2", "1", "3"]
    assert assign_hotkeys("123", ["1", "1", None]) == ["1", "2", "3"]  # a key two moves claim is nobody's


# ----------------------------------------------------------------- the board


async def test_the_ring_cursor_narrows_the_decision_panel_and_a_click_on_a_dock_plays_it(app_for, data):
    app = await load(app_for, data, "placing.plank", sw_placing)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        board = screen.board
        decisions = screen.query_one("#decisions")
        board.focus()
        # an island with a move at each dock: Enter narrows the panel to the two
        both = next(k for k in board.choosable() if k.startswith("i:")
                    and sum(1 for c in screen.choices if k in c.targets) == 2)
        board.cursor = both
        await pilot.press("enter")
        assert decisions.narrowed == both and len(decisions.shown) == 2
        assert {type(c.move).__name__ for c in decisions.shown} == {"Place"}
        assert decisions.moves.has_focus
        await pilot.press("escape")
        assert decisions.narrowed is None
        # the arrow keys walk the ring; the decision panel points at what is under the cursor
        board.focus()
        board.cursor = both
        before = board.positions[both]
        await pilot.press("down")
        assert board.cursor != both and board.positions[board.cursor][1] > before[1]
        assert board.cursor in decisions.highlighted_choice().targets
        # a click on a dock plays that dock's move
        t = app.hub.tables[screen.table_id]
        dock = next(k for c in screen.choices for k in c.targets if k.startswith("d:") and k.endswith(("1", "3", "5",
                                                                                                         "7", "9")))
        x, y = board.positions[dock]
        at = t.match.cursor
        await pilot.click(board, offset=(x + 1, y))
        await until(pilot, lambda at=at: t.match.cursor > at)
        assert t.match.line[at].move.space == int(dock[2:])


async def test_a_harbor_space_with_one_move_is_played_by_enter(app_for, data):
    app = await load(app_for, data, "placing.plank", sw_placing)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        board = screen.board
        board.focus()
        space = next(k for k in board.choosable() if k.startswith("h:"))
        board.cursor = space
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        await pilot.press("enter")
        await until(pilot, lambda at=at: t.match.cursor > at)
        assert t.match.line[at].move.space == 100 + int(space[2:])


# ------------------------------------------------------------------ trading


async def test_the_trade_dialog_keeps_the_rules_and_cancel_sends_nothing(app_for, data):
    app = await load(app_for, data, "placing.plank", sw_placing)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        await pilot.press("t")
        await until(pilot, lambda: trade_dialog(pilot) is not None)
        dialog = trade_dialog(pilot)
        assert dialog.partners == [1, 2, 3] and not dialog.ready()
        # the same goods both ways is not a trade
        mine = dict(dialog.stock(0))
        theirs = dict(dialog.stock(1))
        same = next(it for it in mine if it in theirs)
        dialog.change(0, same, 1)
        dialog.change(1, same, 1)
        assert not dialog.ready() and not dialog.checks()[1][0]
        await pilot.press("enter")  # refused with a word, the dialog stays
        assert trade_dialog(pilot) is dialog
        # at most three items a side, never more than you hold
        for it, n in mine.items():
            dialog.change(0, it, n + 5)
        assert len(dialog.items(0)) == 3 and all(dialog.counts[0][it] <= mine[it] for it in dialog.counts[0])
        await pilot.press("escape")
        await until(pilot, lambda: trade_dialog(pilot) is None)
        await pilot.pause()
        assert t.match.cursor == at  # nothing was sent


async def test_the_dialog_finishes_a_draft_begun_in_the_decision_panel(app_for, data):
    app = await load(app_for, data, "placing.plank", sw_placing)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        # step by step: propose to Cy, offer the first good, all from the decision panel's hotkeys
        start = next(c for c in screen.choices if c.move == Trade(2))
        await pilot.press(start.hotkey)
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.trade is not None)
        offer = next(c for c in screen.choices if isinstance(c.move, Offer) and c.move.side == 0)
        assert f"give:{offer.move.item}" in screen.board.choosable()  # the draft's goods are on the board too
        at = t.match.cursor
        await pilot.press(offer.hotkey)
        await until(pilot, lambda: t.match.cursor > at and my_turn(pilot))
        # t opens the dialog on that draft: the partner and the offered good stay
        await pilot.press("t")
        await until(pilot, lambda: trade_dialog(pilot) is not None)
        dialog = trade_dialog(pilot)
        assert dialog.partners == [2] and dialog.items(0) == [offer.move.item]
        dialog.change(0, offer.move.item, 0)
        assert dialog.items(0) == [offer.move.item]  # what is in the draft cannot be taken out
        get = next(it for it, _n in dialog.stock(1) if it != offer.move.item)
        dialog.change(1, get, 1)
        assert dialog.moves() == [Offer(1, get), Send()]
        at = t.match.cursor
        await pilot.press("enter")
        await until(pilot, lambda: t.match.cursor >= at + 2)
        assert [e.move for e in t.match.line[at:at + 2]] == [Offer(1, get), Send()]


async def test_an_offer_from_a_bot_is_answered_on_the_board(app_for, data):
    app = await load(app_for, data, "offer.plank",
                     lambda m, seat: m.state.trade_stage == 2 and m.state.trade_partner == 0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        view = screen.view_obj
        assert view.trade is not None and view.trade.stage == "answering" and view.trade.partner == 0
        text = board_text(screen)
        assert "Trade offer from" in text and "Accept" in text and "Decline" in text
        assert screen.board.cursor == "yes"
        handshakes = view.seats[0].handshakes
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        screen.board.focus()
        await pilot.press("enter")
        await until(pilot, lambda at=at: t.match.cursor > at)
        assert t.match.line[at].move == Answer(True)
        assert t.match.state.handshakes[0] == handshakes + 1


# ------------------------------------------------------------------ words


def test_status_and_seat_cells_never_show_a_secret_amount():
    m = shardwake_game(sw_bidding)
    m.play(0, Bid(1))
    adapter = ShardwakeAdapter(m.rules)
    view = m.view(1)
    status = adapter.status(view)
    assert status.round == "Round 2 of 6" and "strikes: secret bids" in status.detail
    cells = adapter.cells(view, 0)
    assert cells[-1] == "✓" and "1" not in cells[-1]
    assert adapter.cells(view, 1)[-1] == "…"
    placing = shardwake_game(sw_placing).view(0)
    words = adapter.status(placing).detail
    assert "placement, Ann's turn" in words
