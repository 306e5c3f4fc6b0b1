"""Shiver Me Timbers' lost family and soulmates at the table (issue 17): the wish the right-hand neighbour
discards behind the pass-and-play curtain, and the tableau with family and a soulmate (snapshots at 80×24
and 120×40)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Match, SeatInfo
from engine.bots import decide, sample_for
from engine.games.shiver import content as C
from tests.tui.conftest import table, until
from tui import screenshots as kit

# Heuristic-bot games found by search (their moves depend only on the seed, the seat and the move number):
DROP_GAME = (2, 1, 3000)  # 2 players, seed 1: played until a captain has a ring and the other discards a wish
TABLEAU_GAME = (3, 2)  # 3 players, from seed 2 on: the first game where a captain has rescued a relative and won
# a soulmate, at that captain's turn; the same game again with that captain at the keyboard (which game, and
# which captain, moves with the bots' play)


def bot_moves(players: int, seed: int, upto: int, kinds: list[str], until: Any = None) -> Any:
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    m = Match.new("shiver", players, seed=seed, seats=[SeatInfo(name=n, kind=k) for n, k in zip(names, kinds,
                                                                                                    strict=True)],
                  undo="turn")
    m.header.created = kit.CREATED
    while m.cursor < upto and not m.is_over() and not (until is not None and until(m)):
        seat = m.to_act()[0]
        sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
        m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
    return m


def curtain(pilot: Any) -> Any:
    from tui.screens.curtain import CurtainScreen

    screen = pilot.app.screen
    return screen if isinstance(screen, CurtainScreen) else None


async def test_the_neighbour_discards_a_wish_behind_the_curtain(tmp_path: Path) -> None:
    players, seed, upto = DROP_GAME
    m = bot_moves(players, seed, upto, ["person", "person"], lambda m: m.state.wish_for >= 0)
    s = m.state
    asker, chooser = s.wish_for, (s.wish_for - 1) % players  # the asker's right-hand neighbour discards
    assert asker >= 0 and m.to_act() == (chooser,) and m.view(chooser).dropping == "wish"
    shown = list(s.shown)
    path = kit.saved_game(tmp_path / "data", "wish.plank", m)
    app = kit.make_app(tmp_path / "data", "load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        # the right-hand neighbour is asked: the curtain comes down for them first
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).seat == chooser
        await pilot.press("enter")
        await until(pilot, lambda: curtain(pilot) is None and kit.table_ready(pilot))
        screen = table(pilot)
        v = screen.view_obj
        assert v.seat == chooser and v.dropping == "wish" and v.wishes_shown == shown
        assert v.wish_chooser == chooser and v.wish_for == asker
        # the neighbour discards the first wish offered (its hotkey)
        first = next(c for c in screen.choices if C.WISHES[shown[0]].name in c.text)
        assert first.targets == (f"wish:{shown[0]}",)
        await pilot.press(first.hotkey)
        # then it is the asker's secret choice: the curtain comes down again, for the asker
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).seat == asker
        await pilot.press("enter")
        await until(pilot, lambda: curtain(pilot) is None and kit.table_ready(pilot))
        v = table(pilot).view_obj
        assert v.seat == asker and v.shown_deck == "wish" and v.wish_discarded == shown[0]
        assert sorted(v.shown) == sorted(shown[1:])


def _tableau_app(data: Path) -> Any:
    players, first = TABLEAU_GAME

    def ready_seat(m: Any) -> int:
        seat = m.to_act()[0] if m.to_act() else -1
        return seat if seat >= 0 and m.state.family[seat] and m.state.soulmate[seat] >= 0 else -1

    for seed in range(first, first + 40):
        m = bot_moves(players, seed, 10**6, ["bot:heuristic"] * players, lambda m: ready_seat(m) >= 0)
        me = ready_seat(m)
        if me >= 0:
            break
    assert me >= 0, "no game from the first seeds reached a captain with family and a soulmate"
    m = bot_moves(players, seed, m.cursor, ["person" if k == me else "bot:heuristic" for k in range(players)])
    assert ready_seat(m) == me
    path = kit.saved_game(data, "family.plank", m)
    return kit.make_app(data, "load", path=str(path))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_tableau_with_family_and_a_soulmate(size, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = _tableau_app(tmp_path / "data")
    assert snap_compare(app, terminal_size=size, run_before=_on_the_ship)


async def _on_the_ship(pilot: Any) -> None:
    """The board's cursor on the ship's speed: the tableau (its bow first) in sight even at 80×24."""
    await kit.to_table(pilot)
    board = pilot.app.screen.query_one("#board")
    view = board.scene.view
    me = view.seat
    assert view.family[me] and view.quests[me].soulmate >= 0
    board.focus()
    board._set_cursor("attr:0")
    await pilot.pause()
    rect = board.rects.get("attr:0")
    assert rect is not None
    board.scroll_to(y=max(0, rect[1] - 3), animate=False)  # the ship's head and its bow above the speed
    await pilot.pause()
