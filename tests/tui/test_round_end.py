"""Round ends are seen, and a choice that is no choice says why.

A round's end leaves a summary at the foot of the board (who won how many tricks, what the
round's end did) built from the round's public events; any key or the next move puts it
away, and it never stops the table. A card under the cursor that cannot be played, or a
hotkey no move has, gets a short notice saying why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
