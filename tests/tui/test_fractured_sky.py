"""Fractured Sky at the table: the New game screen's expansions, a solo game against the automa
played through the keyboard to the results, the cursor and Enter on the sky map, the curtain at a
shared keyboard hiding chips, and the round-end reveal shown region by region."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.fractured_sky.state import Chip, Place, Reward
from tests.tui.conftest import my_turn, table, until
from tui.games.fractured_sky.scenes import NAMES, SEED_OFFSET, SOLO, game, rewarding
from tui.play import PlaySpec
from tui.screenshots import CREATED, SEED, saved_game


def spec(seed: int = 3, seats: tuple[str, ...] = ("person",), options: dict[str, Any] | None = None) -> PlaySpec:
    return PlaySpec("fractured-sky", len(seats), list(seats), NAMES[: len(seats)], seed=seed, bot_delay=0.0,
                    options=options or {})


def board_text(screen: Any) -> str:
    return "\n".join(line.plain for line in screen.board.lines)


def curtain(pilot: Any) -> Any:
    from tui.screens.curtain import CurtainScreen

    return pilot.app.screen if isinstance(pilot.app.screen, CurtainScreen) else None


# ---------------------------------------------------------------- the New game screen


async def test_the_new_game_screen_ticks_the_recommended_expansions(app_for):
    """Payloads, bounties and flagships pre-ticked at 3 players (the document's recommendation, said in a
    line); guardians and the Rift off; the automa is not an option (the player count decides it); solo
    keeps only what one person may play."""
    from tui.screens.new_game import NewGameScreen
    from tui.widgets.cycler import Cycler

    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.hub is not None and app.connection is not None)
        app.push_screen(NewGameScreen("fractured-sky"))
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        await pilot.pause()

        def ticks() -> dict[str, bool]:
            return {name: bool(w.value) for name, _t, w in form._option_fields if isinstance(w.value, bool)}

        await until(pilot, lambda: ticks().get("payloads") is True)
        assert ticks() == {"payloads": True, "flagships": True, "guardians": False, "bounties": True, "rift": False}
        assert "automa" not in [name for name, _t, _w in form._option_fields]
        hints = " ".join(str(s.render()) for s in form.query(".option-help"))
        assert "recommends bounties and payloads" in hints
        form.query_one("#player-count", Cycler).value = 1
        await until(pilot, lambda: ticks().get("payloads") is False)
        assert ticks() == {"payloads": False, "flagships": True, "guardians": False, "bounties": False, "rift": False}
        play = form.play_spec()
        assert play is not None and play.players == 1 and play.options["flagships"] is True


# ---------------------------------------------------------------- a whole game


async def test_a_solo_game_against_the_automa_through_the_keyboard(app_for):
    """Ann alone against the automa (two sides the table plays itself), with flagships: the board's
    cursor and Enter, and the hotkeys, to the results, which explain the starfalls by source."""
    from tui.screens.results import ResultsScreen

    app = app_for("play", play=spec(seed=5, options={"flagships": True}))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        assert [s.kind for s in t.seats] == ["person", "automa", "automa"]
        from tui.widgets.players_panel import kind_text

        assert [kind_text(st, False) for st in screen.model.info.seats][1:] == ["automa", "automa"]
        by_board = moves = 0
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
                await pilot.press(screen.choices[0].hotkey)  # a chip's key is its value: press what is shown
            moves += 1
            await until(pilot, lambda at=at: t.match.cursor > at or isinstance(app.screen, ResultsScreen),
                        timeout=30)
        assert by_board > 10
        assert t.match.is_over() and any(p.seat == 1 for p in t.match.line)  # the automa played
        titles = [str(w.border_title) for w in app.screen.query(".results-panel")]
        assert any("Starfalls, by where each came from" in x for x in titles)
        assert any("Objectives" in x for x in titles) and any("Ties" in x for x in titles)


# ---------------------------------------------------------------- the cursor on the map


async def test_a_region_under_the_cursor_narrows_the_moves_and_enter_plays(app_for):
    """Enter on a region narrows the decision panel to the airships that may go there (a standard one and
    the explore slot); Enter again places one; then Enter on a chip plays it at once (one move)."""
    app = app_for("play", play=spec(seed=7, seats=("person", "bot:heuristic", "bot:heuristic")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot) and table(pilot).view_obj.asking == "act")
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        board = screen.board
        assert board.spatial
        region = next(k for k in board.choosable() if k.startswith("r:"))
        board.focus()
        board._set_cursor(region)
        await pilot.pause()
        assert "╔" in board_text(screen)  # the region under the cursor is framed double
        await pilot.press("enter")
        decisions = screen.query_one("#decisions")
        await until(pilot, lambda: decisions.narrowed == region)
        r = int(region[2:])
        assert decisions.shown and all(region in c.targets for c in decisions.shown)
        places = [c.move for c in decisions.shown if isinstance(c.move, Place)]
        assert any(p.explore for p in places) and any(not p.explore for p in places)
        assert all(getattr(c.move, "region", getattr(c.move, "where", r)) == r for c in decisions.shown)
        at = t.match.cursor
        await pilot.press("enter")
        await until(pilot, lambda: t.match.cursor > at and my_turn(pilot))
        assert isinstance(t.match.line[at].move, Place) and t.match.line[at].move.region == r
        assert screen.view_obj.asking == "chip" and screen.view_obj.pending_region == r
        chips = [k for k in board.choosable() if k.startswith("chip:")]
        assert chips and board.cursor in chips
        board.focus()
        board._set_cursor("chip:7")
        await pilot.pause()
        at = t.match.cursor
        await pilot.press("enter")  # one move involves the chip: it is played, no narrowing
        await until(pilot, lambda: t.match.cursor > at)
        assert t.match.line[at].move == Chip(7)
        await until(pilot, lambda: my_turn(pilot) or t.match.view(0).asking == "")
        mine = [sh for sh in t.match.view(0).regions[r].ships if sh.side == 0]
        assert mine and mine[0].chip == 7  # Ann sees her own chip
        assert "R7" in board_text(screen)


async def test_a_click_on_a_site_narrows_to_the_buildings_there(app_for, data):
    """Sites are drawn between the regions they join (a 3-region site carries ∴); a click on one narrows
    the decision panel to what may be built there."""
    from engine.games.fractured_sky import content as C
    from engine.games.fractured_sky.state import Build

    def can_build(m: Any, seat: int) -> bool:
        return seat == 0 and any(isinstance(mv, Build) and mv.kind != C.SKIMMER for mv in m.legal(0))

    m = game(can_build, 3, {}, SEED + 1, CREATED)
    assert can_build(m, m.to_act()[0])
    app = app_for("load", path=str(saved_game(data, "build.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        board = screen.board
        text = board_text(screen)
        assert "∴" in text and "‹·›" in text  # free sites one may build on
        site = next(k for k in board.choosable() if k.startswith("s:"))
        k = int(site[2:])
        there = [c for c in screen.choices if site in c.targets]
        assert there and all(isinstance(c.move, Build) and c.move.where == k for c in there)
        t = app.hub.tables[screen.table_id]
        at = t.match.cursor
        x, y = board.positions[site]
        await pilot.click(board, offset=(x + 1, y))  # inside the ‹·› (x is where its bracket starts)
        decisions = screen.query_one("#decisions")
        if len(there) > 1:  # a market and a fortress: the panel narrows to them
            await until(pilot, lambda: decisions.narrowed == site)
            assert [c.move for c in decisions.shown] == [c.move for c in there]
            assert decisions.narrow_label.endswith("site")
        else:  # one thing to build there: the click builds it
            await until(pilot, lambda: t.match.cursor > at)
            assert t.match.line[at].move == there[0].move


# ---------------------------------------------------------------- pass-and-play


async def test_the_curtain_hides_chips_at_a_shared_keyboard(app_for):
    """Ann and Bo at one keyboard: the curtain comes down between them, and Bo's board shows Ann's airship
    face down (``R?``) while Ann's showed her chip."""
    app = app_for("play", play=spec(seed=11, seats=("person", "person", "bot:heuristic")))
    async with app.run_test(size=(120, 40)) as pilot:
        t = None
        while True:
            await until(pilot, lambda: curtain(pilot) is not None or my_turn(pilot))
            if curtain(pilot) is not None:
                await pilot.press("enter")
                continue
            screen = table(pilot)
            t = app.hub.tables[screen.table_id]
            if t.match.to_act() == (0,):
                break
            await pilot.press("1")
            await pilot.pause()
        view = screen.view_obj
        assert view.seat == 0
        if view.asking == "draft":
            await pilot.press("1")
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "act")
        place = next(c for c in screen.choices if isinstance(c.move, Place) and not c.move.explore
                     and not c.move.flagship)
        await pilot.press(place.hotkey)
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "chip")
        chip = next(c for c in screen.choices if c.move == Chip(6))
        await pilot.press(chip.hotkey)
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.seat == 0 and "R6" in board_text(screen)
                    or curtain(pilot) is not None)
        ann_saw = "R6" in board_text(screen) if curtain(pilot) is None else True
        await until(pilot, lambda: curtain(pilot) is not None, timeout=60)
        assert ann_saw
        assert "R6" not in " ".join(str(w.render()) for w in curtain(pilot).query("*"))
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.seat == 1)
        r = place.move.region
        ann = [sh for sh in screen.view_obj.regions[r].ships if sh.side == 0]
        assert ann and ann[0].chip == -1
        assert "R6" not in board_text(screen) and "R?" in board_text(screen)


# ---------------------------------------------------------------- the reveal


async def test_the_reveal_is_shown_region_by_region(app_for, data):
    """At the round-end reveal the region being resolved has a heavy frame and its ranking, the reveal
    panel lists each region's troop power and what each side took, and the next reward moves it on."""
    m = game(rewarding, 1, SOLO, SEED + SEED_OFFSET, CREATED)
    path = saved_game(data, "reveal.plank", m)
    app = app_for("load", path=str(path))
    async with app.run_test(size=(200, 60)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        view = screen.view_obj
        r = view.reward_region
        reg = view.regions[r]
        text = board_text(screen)
        assert "┏" in text and f"▸{reg.name}" in text
        assert f"Reveal of round {view.round}" in text
        assert all(sh.chip >= 0 for sh in reg.ships)  # every chip face up
        ranking = ">".join(f"{'RBG'[x]}{reg.power[x]}" for x in reg.ranks)
        assert ranking in text.replace(" ", "")
        assert any(k.startswith("reward:") for k in screen.board.choosable())
        star = next(c for c in screen.choices if isinstance(c.move, Reward))
        at = t.match.cursor
        await pilot.press(star.hotkey)
        await until(pilot, lambda: t.match.cursor > at and (my_turn(pilot) or screen.view_obj.reward_region != r))
        after = screen.view_obj.regions[r]
        assert after.taken and after.taken[0][0] == 0  # Ann's reward is on the board and in the panel
        assert "→" in board_text(screen)


async def test_chip_ten_shows_the_letter_it_is_chosen_by_and_that_letter_plays_it(app_for):
    """Chips 0–9 are their own keys; chip 10 has a letter, and the board names it (‹a=10›)."""
    app = app_for("play", play=spec(seed=7, seats=("person", "bot:heuristic", "bot:heuristic")))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot) and table(pilot).view_obj.asking == "act")
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        await pilot.press(next(c.hotkey for c in screen.choices if isinstance(c.move, Place)))
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "chip")
        key_of = {c.move.value: c.hotkey for c in screen.choices if isinstance(c.move, Chip)}
        assert 10 in key_of and not key_of[10].isdigit()
        shown = board_text(screen)
        for value, key in key_of.items():
            assert value == 10 or key == str(value)
            label = f"{key}=10" if value == 10 else str(value)
            assert f"‹{label}›" in shown or f"[{label}]" in shown, (label, shown)
        at = t.match.cursor
        await pilot.press(key_of[10])
        await until(pilot, lambda: t.match.cursor > at)
        assert t.match.line[at].move == Chip(10)


# ---------------------------------------------------------------- a big terminal


def screen_rows(app: Any) -> list[str]:
    """What the terminal shows now, row by row (only what is on screen, not what is scrolled away)."""
    import io

    from rich.console import Console

    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text().splitlines()


def legend_on_screen(rows: list[str]) -> str:
    """The legend as the screen shows it: from its first words, each of its lines up to the gap
    before the next column (the legend's own words are two spaces apart at most)."""
    first = "R? airship (chip face down)"
    r0 = next((r for r, row in enumerate(rows) if first in row), None)
    assert r0 is not None, "\n".join(rows)
    c0 = rows[r0].index(first)
    pieces = []
    for r, row in enumerate(rows[r0:], r0):
        part = row[c0:]
        if r > r0 and not (part.startswith("  ") and part[2:3].strip()):
            break  # the legend's continuation lines are indented by two
        pieces.append(part.split("   ")[0].split("│")[0])
    return " ".join(" ".join(pieces).split())


@pytest.mark.parametrize("name", ["fractured-sky-table", "fractured-sky-reveal"])
async def test_the_whole_legend_is_on_screen_at_200x60(name, tmp_path, monkeypatch):
    """At 200×60 the legend sits under the map, and the facts that do not fit beside the map go under
    it too: the reveal (solo, with guardians, flagships and the automa's cards) no longer pushes the
    legend below the board's bottom."""
    from tui.games.fractured_sky import words as W
    from tui.screenshots import SCENES

    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    scene = next(s for s in SCENES if s.name == name)
    app = scene.setup(tmp_path / "data")
    async with app.run_test(size=(200, 60)) as pilot:
        if scene.prepare is not None:
            await scene.prepare(pilot)
        await pilot.pause(0.2)
        rows = screen_rows(app)
        assert legend_on_screen(rows) == " ".join(W.LEGEND.split())
        board = table(pilot).board
        assert board.virtual_size.height <= board.scrollable_content_region.height  # nothing to scroll to
