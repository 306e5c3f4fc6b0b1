"""Round ends are seen, and a choice that is no choice says why.

A round's end leaves a summary at the foot of the board (who won how many tricks, what the
round's end did) built from the round's public events; any key or the next move puts it
away, and it never stops the table. A card under the cursor that cannot be played, or a
hotkey no move has, gets a short notice saying why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from tests.tui.conftest import my_turn, play_one, table, until
from tui.games.shards.words import kind
from tui.screenshots import bot_game, make_app, saved_game
from tui.widgets.decision_panel import HOTKEYS
from tui.widgets.round_summary import RoundSummary


def last_trick_of_round_one(m: Any, seat: int) -> bool:
    s = m.state
    return seat == 0 and s.round == 1 and s.trick_no == s.tricks and m.view(0).asking == "play"


def unplayable_in_hand(m: Any, seat: int) -> bool:
    v = m.view(0)
    return seat == 0 and v.asking == "play" and 0 < len(v.legal_cards) < len(v.hand)


def load(data: Path, name: str, stop: Any) -> Any:
    path = saved_game(data, name, bot_game("shards", seed=20260314, stop=stop, names=["Ann", "Bo", "Cy"]))
    return make_app(data, "load", path=str(path))


def notices(screen: Any) -> list[str]:
    said: list[str] = []

    def notify(message: str, *, title: str = "", **kw: Any) -> None:
        said.append(f"{title} | {message}" if title else message)

    screen.notify = notify
    return said


async def test_the_round_ends_with_a_summary_any_key_puts_away(tmp_path: Path, monkeypatch: Any) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    app = load(data, "last-trick.plank", last_trick_of_round_one)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        summary = screen.query_one(RoundSummary)
        assert not summary.display
        tricks = screen.view_obj.tricks
        while screen.view_obj.round == 1:
            if my_turn(pilot):
                await play_one(pilot, "hotkey")
            await pilot.pause(0.01)
        await until(pilot, lambda: bool(summary.display))
        assert summary.border_title == "Round 1 is over"
        assert summary.lines[0].startswith("Tricks won: ")
        won = sum(int(part.rsplit(" ", 1)[1]) for part in summary.lines[0][len("Tricks won: "):].split(", "))
        assert won == tricks  # every trick of the round, by seat
        assert not any("secret" in line for line in summary.lines)
        assert pilot.app.screen is screen  # a notice on the table, not a dialog: nothing waits for it
        await pilot.press("left")
        assert not summary.display


async def test_an_unplayable_card_and_a_hotkey_without_a_move_say_why(tmp_path: Path, monkeypatch: Any) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    app = load(data, "follow.plank", unplayable_in_hand)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        board = screen.board
        view = screen.view_obj
        said = notices(screen)
        playable = {k for c in screen.choices for k in c.targets}
        stuck = [k for k in board.choosable() if k.startswith("h:") and k not in playable]
        assert stuck, "the position has a card that cannot be played"
        board.focus()
        board.cursor = stuck[0]
        board.redraw()
        await pilot.pause()
        # the cursor may rest on it: what it does is told in full under the hand
        card = next(c for c in view.hand if f"h:{kind(c)}" == stuck[0])
        text = " ".join(" ".join(line.plain.split()) for line in board.lines)
        assert f"{card.shard} {card.rank} — " in text
        if card.ability:
            assert " ".join(card.text.split()) in text
        before = screen.model.latest.state_id
        await pilot.press("enter")
        await pilot.pause()
        assert screen.model.latest.state_id == before  # nothing played
        assert said and "not a choice now" in said[-1] and view.prompt in said[-1]
        n = len(screen.choices)
        spare = HOTKEYS[n]  # (Shards has no keys of its own among them)
        await pilot.press(spare)
        await pilot.pause()
        assert screen.model.latest.state_id == before
        assert said[-1].startswith(f"No move on {spare}")


async def test_in_pass_and_play_the_next_person_reads_the_round_summary_after_the_curtain(
        tmp_path: Path, monkeypatch: Any) -> None:
    from tui.screens.curtain import CurtainScreen

    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    # seed 20260320: Bo plays round 1's last card for the people here, Ann opens round 2
    path = saved_game(data, "two.plank", bot_game("shards", seed=20260320, stop=last_trick_of_round_one,
                                                  seats=["person", "person", "bot:heuristic"],
                                                  names=["Ann", "Bo", "Cy"]))
    app = make_app(data, "load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        def curtain() -> CurtainScreen | None:
            return app.screen if isinstance(app.screen, CurtainScreen) else None

        shown: list[tuple[int, int]] = []  # (seat, round) as each person takes the keyboard
        for _ in range(40):
            await until(pilot, lambda: curtain() is not None or my_turn(pilot))
            if curtain() is not None:
                seat = curtain().seat
                screen = app.screen_stack[-2]
                assert not screen.query_one(RoundSummary).display  # nothing shows behind the curtain
                await pilot.press("enter")
                await until(pilot, lambda: my_turn(pilot))
                shown.append((seat, table(pilot).view_obj.round))
                if table(pilot).view_obj.round == 2:
                    break
                continue
            await play_one(pilot, "hotkey")
        screen = table(pilot)
        assert shown[-1][1] == 2 and len({s for s, _ in shown}) == 2  # the keyboard changed hands
        summary = screen.query_one(RoundSummary)
        assert summary.display and summary.border_title == "Round 1 is over"
        assert summary.lines[0].startswith("Tricks won: ") and "Ann" in summary.lines[0]
        assert not any("secret" in line for line in summary.lines)
        await pilot.press("left")
        assert not summary.display


def last_decision_of_round(game: str, seed: int, rnd: int) -> tuple[Any, Any]:
    """A stop for ``bot_game`` at seat 0's last decision of round ``rnd`` (found by playing it
    once), and the move the bot made there."""
    full = bot_game(game, seed=seed, stop=lambda m, seat: m.state.round > rnd)
    last = max(i for i, p in enumerate(full.moves) if p.seat == 0)
    return (lambda m, seat: m.cursor == last), full.moves[last].move


async def test_the_shardwake_round_summary_tells_the_rounds_storm_and_falls(tmp_path: Path, monkeypatch: Any) -> None:
    from tui.screens.table import _round_begins

    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    seed = 11
    # seed 11: round 1 ends with the forecast of the Maelstrom, which strikes at the end of round 2
    stop, move = last_decision_of_round("shardwake", seed, 2)
    path = saved_game(data, "wake.plank", bot_game("shardwake", seed=seed, stop=stop, names=["Ann", "Bo", "Cy"]))
    app = make_app(data, "load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        summary = screen.query_one(RoundSummary)
        legal = [msgspec.to_builtins(m.move) for m in screen.model.current().legal]
        chosen = next(c for c in screen.choices if legal[c.index] == msgspec.to_builtins(move))
        await pilot.press(chosen.hotkey)  # the bot's own last move of round 2 (its storm bid)
        await until(pilot, lambda: screen.view_obj.round == 3)
        await until(pilot, lambda: bool(summary.display))
        assert summary.border_title == "Round 2 is over"
        m = app.hub.tables[screen.table_id].match
        public = m.events(None)
        told = {e.text for e in public if e.kind in ("storm", "fall")}
        two = public[_round_begins(public, 2):_round_begins(public, 3)]
        storms = [e.text for e in two if e.kind == "storm" and e.data.get("what") != "forecast"]
        falls = [e.text for e in two if e.kind == "fall"]
        assert any("strikes!" in line for line in storms), "round 2 has its storm"
        assert all(line in told for line in summary.lines)  # nothing but the public storms and Falls
        assert all(line in summary.lines for line in storms + falls)  # the round's storm, its bids, its Falls
        assert not any(e.kind in ("storm", "fall") and e.to is not None for e in m.events(0, everything=True)
                       if e.text in summary.lines)


async def test_the_shards_round_summary_counts_each_seats_tricks_as_the_engine_does(
        tmp_path: Path, monkeypatch: Any) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    app = load(data, "count.plank", last_trick_of_round_one)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        summary = screen.query_one(RoundSummary)
        while screen.view_obj.round == 1:
            if my_turn(pilot):
                await play_one(pilot, "hotkey")
            await pilot.pause(0.01)
        await until(pilot, lambda: bool(summary.display))
        m = app.hub.tables[screen.table_id].match
        public = m.events(None)
        won: dict[str, int] = {}
        for e in public:
            if e.kind == "trick-won" and (e.data or {}).get("round", 1) == 1:
                name = m.seat_name((e.data or {}).get("seat", e.seat))
                won[name] = won.get(name, 0) + 1
        said = dict(part.rsplit(" ", 1) for part in summary.lines[0][len("Tricks won: "):].split(", "))
        assert {k: int(v) for k, v in said.items()} == won
        ends = [e.text for e in public if e.kind in ("last-card", "odium", "odium-area", "seize")
                and (e.data or {}).get("round", 1) == 1]
        assert summary.lines[1:] == ends


async def test_a_waiting_for_notice_is_put_away_once_it_is_your_move(tmp_path: Path, monkeypatch: Any) -> None:
    from tui.play import PlaySpec

    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    spec = PlaySpec("shards", 3, ["person", "bot:heuristic", "bot:heuristic"], ["Ann", "Bo", "Cy"], seed=7,
                    undo="turn", bot_delay=0.8)  # the bots take their time: there is a moment to press a key
    app = make_app(data, "play", play=spec)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:  # (tests hide toasts by default)
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        shown = screen.notify

        def lasting(message: str, **kw: Any) -> None:  # a toast that stays until put away: no race with its timeout
            shown(message, **{**kw, "timeout": 600})

        screen.notify = lasting  # type: ignore[method-assign]
        await play_one(pilot, "hotkey")
        await until(pilot, lambda: not my_turn(pilot))
        await pilot.press("1")  # a key while the bots think: nothing to choose yet
        await until(pilot, lambda: bool(app.screen.query("Toast")))
        assert any("waiting for" in str(t.render()) for t in app.screen.query("Toast"))
        await until(pilot, lambda: my_turn(pilot) and bool(screen.choices))
        await until(pilot, lambda: not app.screen.query("Toast"))  # stale the moment it is Ann's move
