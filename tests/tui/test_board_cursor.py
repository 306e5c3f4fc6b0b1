"""The board cursor goes where the arrow points, on every board built on the shared toolkit.

For each board and from every choosable thing, each arrow is pressed and the place the cursor
lands on is checked against the rectangles the things are drawn in (``Board.rects``): it lies
wholly in the arrow's direction when anything does; among the things sharing lines (columns)
with the cursor it is the nearest; no other thing in that direction is both nearer and more in
line; with nothing in that direction it wraps to the far end of the line. Every choosable thing
can be reached with the arrows, and moving the cursor never moves anything on the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import until
from tui.screenshots import SCENES, SEED, asking, bot_game, make_app, saved_game, table_ready
from tui.widgets.blocks import Rect

ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def _parts(r: Rect, dx: int) -> tuple[int, int, int, int]:
    """(start, end) along the arrow's axis, then across it."""
    return (r[0], r[2], r[1], r[3]) if dx else (r[1], r[3], r[0], r[2])


def _ahead(h: Rect, r: Rect, dx: int, dy: int) -> int | None:
    """How far ``r`` lies past ``h``'s edge in the arrow's direction (None: not wholly past it)."""
    m0, m1, _, _ = _parts(r, dx)
    h0, h1, _, _ = _parts(h, dx)
    gap = m0 - h1 if (dx or dy) > 0 else h0 - m1
    return gap if gap >= 0 else None


def _across(h: Rect, r: Rect, dx: int) -> int:
    """The gap between ``h`` and ``r`` across the arrow (0: they share lines, or columns)."""
    _, _, c0, c1 = _parts(r, dx)
    _, _, k0, k1 = _parts(h, dx)
    return max(0, c0 - k1, k0 - c1)


def check_arrow(rects: dict[str, Rect], here: str, dx: int, dy: int, landed: str | None) -> None:
    h = rects[here]
    others = {k: r for k, r in rects.items() if k != here}
    ahead = {k: g for k, r in others.items() if (g := _ahead(h, r, dx, dy)) is not None}
    where = f"from {here} {rects[here]} by ({dx}, {dy}) to {landed} {rects.get(landed or '')}"
    if ahead:
        assert landed in ahead, f"not in the arrow's direction: {where}"
        in_line = [k for k in ahead if _across(h, rects[k], dx) == 0]
        if in_line:
            assert landed in in_line and ahead[landed] == min(ahead[k] for k in in_line), \
                f"not the nearest in line: {where}; in line: {sorted(in_line)}"
        else:
            for k in ahead:  # nothing ahead is both nearer and more in line
                nearer = ahead[k] < ahead[landed] and _across(h, rects[k], dx) <= _across(h, rects[landed], dx)
                closer = _across(h, rects[k], dx) < _across(h, rects[landed], dx) and ahead[k] <= ahead[landed]
                assert not (nearer or closer), f"{k} {rects[k]} is nearer: {where}"
        return
    in_line = [k for k in others if _across(h, others[k], dx) == 0]
    if in_line:  # the last one in its line: on to the far end of it
        ends = [_parts(others[k], dx)[0] for k in in_line] if (dx or dy) > 0 else \
            [-_parts(others[k], dx)[1] for k in in_line]
        assert landed in in_line and ends[in_line.index(landed)] == min(ends), f"no wrap: {where}"
    elif others:
        assert landed in others, f"stuck: {where}"


async def walk(pilot: Any, steady: bool = True) -> dict[str, Any]:
    """Every arrow from every choosable thing on the table's board, checked; the board's facts.

    ``steady``: the cursor must not move anything (Shards, Shardwake). The Shiver map redraws
    around its cursor, so there each arrow is checked against the rectangles as drawn then.
    """
    board = pilot.app.screen.board
    board.focus()
    await pilot.pause()
    keys = board.choosable()
    assert len(keys) >= 2, f"too little to walk on: {keys}"
    first = {k: board.rects[k] for k in keys}
    lines = len(board.lines)
    moves: dict[tuple[str, str], str] = {}
    for here in keys:
        for name, (dx, dy) in ARROWS.items():
            board.cursor = here
            board.redraw()
            if board.cursor != here:  # (a board that settles its cursor elsewhere)
                continue
            rects = {k: board.rects[k] for k in board.choosable() if k in board.rects}
            if steady:
                assert rects == first, f"the cursor on {here} moved the board"
                assert len(board.lines) == lines, f"the cursor on {here} changed the board's height"
            await pilot.press(name)
            check_arrow(rects, here, dx, dy, board.cursor)
            moves[here, name] = board.cursor
    # every thing reachable from where the cursor starts, by arrows alone
    seen, todo = {keys[0]}, [keys[0]]
    while todo:
        here = todo.pop()
        for name in ARROWS:
            to = moves.get((here, name))
            if to is not None and to not in seen:
                seen.add(to)
                todo.append(to)
    assert seen == set(keys), f"unreachable with the arrows: {set(keys) - seen}"
    return {"keys": keys, "rects": first, "board": board}


def scene(name: str) -> Any:
    return next(s for s in SCENES if s.name == name)


async def to_table(pilot: Any) -> None:
    await until(pilot, lambda: table_ready(pilot))
    await pilot.pause()


BOARDS = ["table", "table-take", "table-growth", "shardwake-table", "shardwake-bid", "shardwake-accuse",
          "shiver-table", "shiver-draft"]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
@pytest.mark.parametrize("name", BOARDS)
async def test_arrows_go_where_they_point(name: str, size: tuple[int, int], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = scene(name).setup(tmp_path / "data")
    async with app.run_test(size=size) as pilot:
        await to_table(pilot)
        await walk(pilot, steady=not name.startswith("shiver"))


def first_shards_game(step: str, tmp: Path) -> Path:
    for seed in range(SEED, SEED + 60):
        m = bot_game("shards", seed=seed, stop=asking(step), names=["Ann", "Bo", "Cy"])
        if not m.is_over():
            return saved_game(tmp, f"{step}.plank", m)
    raise LookupError(step)


async def shardwake_placing(pilot: Any) -> Any:
    await to_table(pilot)
    board = pilot.app.screen.board
    board.focus()
    await pilot.pause()
    return board


async def test_shardwake_right_from_the_top_left_island_goes_to_its_neighbour(tmp_path: Path,
                                                                              monkeypatch: Any) -> None:
    """The reported case: → from the top-left island went to the bottom-middle one."""
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    app = scene("shardwake-table").setup(tmp_path / "data")
    async with app.run_test(size=(120, 40)) as pilot:
        board = await shardwake_placing(pilot)
        islands = [k for k in board.choosable() if k.startswith("i:")]
        # the highest row of the ring with two islands to choose from (which islands can be
        # chosen depends on the position: the top row may hold only one of them)
        rows = sorted({board.rects[k][1] for k in islands})
        top = next(y for y in rows if sum(1 for k in islands if board.rects[k][1] == y) >= 2)
        row = sorted((board.rects[k][0], k) for k in islands if board.rects[k][1] == top)
        board.cursor = row[0][1]
        board.redraw()
        await pilot.press("right")
        assert board.cursor == row[1][1]
        await pilot.press("left")
        assert board.cursor == row[0][1]


@pytest.mark.parametrize("step", ["theft-victim", "odium-area"])
async def test_shards_seats_stacked_are_walked_with_up_and_down(step: str, tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    """A theft (or the Odium trump) lists the seats one under the other: ↓ and ↑ walk them."""
    data = tmp_path / "data"
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(data))
    try:
        path = first_shards_game(step, data)
    except LookupError:
        pytest.skip(f"no seed asks for {step}")
    app = make_app(data, "load", path=str(path))
    async with app.run_test(size=(120, 40)) as pilot:
        await to_table(pilot)
        facts = await walk(pilot)
        board = facts["board"]
        seats = [k for k in facts["keys"] if k.startswith("s:")]
        assert len(seats) >= 2
        board.cursor = seats[0]
        board.redraw()
        await pilot.press("down")
        assert board.cursor == seats[1]
        await pilot.press("up")
        assert board.cursor == seats[0]


def test_toward_on_a_ring_of_eight_islands() -> None:
    """Five players' ring (islands beside the Harbor too): ← → walk each row, the middle row
    through the Harbor's spaces; ↑ ↓ walk each column; nothing is left out."""
    from tui.widgets.blocks import toward

    box = 22
    rects: dict[str, Rect] = {}
    for col, i in enumerate((0, 1, 2)):
        rects[f"i:{i}"] = (col * box, 0, col * box + 20, 6)
    for col, i in enumerate((6, 5, 4)):
        rects[f"i:{i}"] = (col * box, 14, col * box + 20, 20)
    rects["i:7"], rects["i:3"] = (0, 7, 20, 13), (2 * box, 7, 2 * box + 20, 13)
    for n in range(5):
        rects[f"h:{n}"] = (box + 1, 8 + n, box + 17, 9 + n)

    assert toward(rects, "i:7", 1, 0) == "h:1"  # the space most in line with the island's middle
    assert all(toward(rects, f"h:{n}", 1, 0) == "i:3" for n in range(5))
    assert toward(rects, "i:3", 1, 0) == "i:7"  # the end of the line: round again
    assert toward(rects, "i:3", -1, 0) == "h:1" and toward(rects, "i:7", -1, 0) == "i:3"
    assert toward(rects, "i:0", 1, 0) == "i:1"  # the reported case: → from the top left
    assert toward(rects, "i:0", 0, 1) == "i:7" and toward(rects, "i:7", 0, 1) == "i:6"
    assert toward(rects, "h:0", 0, 1) == "h:1" and toward(rects, "h:4", 0, 1) == "i:5"
    assert toward(rects, "i:6", 0, 1) == "i:0"  # ↓ past the bottom: the top of the column
    for here in rects:
        for dx, dy in ARROWS.values():
            check_arrow(rects, here, dx, dy, toward(rects, here, dx, dy))



async def test_a_card_told_in_part_at_80x24_is_cut_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80×24 the card under the cursor gets two lines; a longer ability ends in one "…", never two."""
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = scene("table").setup(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await to_table(pilot)
        board = pilot.app.screen.board
        board.focus()
        cut = 0
        for key in [k for k in board.choosable() if k.startswith("h:")]:
            board._set_cursor(key)
            await pilot.pause()
            text = "\n".join(line.plain for line in board.lines)
            assert "……" not in text, key
            cut += text.count("…")
        assert cut  # (some card's words were too long for the two lines)
