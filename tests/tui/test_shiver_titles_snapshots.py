"""Shiver Me Timbers at the table with titles (issue 17, part B): Ann holds a title card and works on a
title quest, its three tasks shown with the one done — at 80×24 and 120×40.

The game is the scenes' three-player Quick Start game (Ann at the keyboard, heuristic bots), a few seeds on,
with Ann played by an eager heuristic captain: at Port Royal she acquires a mission while she holds fewer than
two title quests (until round 12), she takes a title quest of the trade, sea or treasure roads whenever one is
shown, and she values the quests' tasks three times as much as the bots do. It stops at her turn once she holds
a title and a quest with a task done — in the first of a few seeds where that happens (the bots' play decides).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Match, SeatInfo
from engine.bots import decide, sample_for
from engine.core.bot import Decision
from engine.games.shiver import content as C
from engine.games.shiver.bots import HeuristicBot
from engine.games.shiver.state import Act, Take
from tui import screenshots as kit

SIZES = ((80, 24), (120, 40))
SEEDS = [kit.SEED + k for k in range(5, 25)]
EASY = (C.T_BARON, C.T_TIDES, C.T_KEEPER)  # the quests of the roads without a fight


class Eager(HeuristicBot):
    """A heuristic captain who wants titles: every open task of a quest is worth three times as much."""

    def _quest_tasks(self, cx: Any, add: Any, rounds_left: int) -> None:
        super()._quest_tasks(cx, lambda value, island, action, actions: add(value * 3, island, action, actions),
                             rounds_left)


def _nudge(m: Any, seat: int, move: Any) -> Any:
    v = m.view(seat)
    if v.asking == "pick" and v.shown_deck == "mission":
        quest = next((c for c in v.shown if C.MISSIONS[c].kind == C.TITLE and C.MISSIONS[c].a in EASY), None)
        if quest is not None:
            return Take(quest)
    if v.asking == "turn" and v.round <= 12 and Act(C.ACT_MISSION) in m.legal(0) and sum(
            C.MISSIONS[c].kind == C.TITLE for c in m.state.missions[0]) < 2:
        return Act(C.ACT_MISSION)
    return move


def _titled(m: Any, seat: int) -> bool:
    s = m.state
    if seat != 0 or m.view(0).asking != "turn" or s.actions != 3:
        return False
    return 0 in s.title_of and any(C.MISSIONS[c].kind == C.TITLE and s.m_prog[0][j]
                                   for j, c in enumerate(s.missions[0]))


def titled_game() -> Any:
    for seed in SEEDS:
        m = _play(seed)
        if m is not None:
            return m
    raise AssertionError("Ann never held a title with a quest in progress")


def _play(seed: int) -> Any:
    infos = [SeatInfo(name=n, kind=k) for n, k in zip(["Ann", "Bo", "Cy"],
                                                      ["person", "bot:heuristic", "bot:heuristic"], strict=True)]
    m = Match.new("shiver", 3, seed=seed, seats=infos, undo="turn")
    m.header.created = kit.CREATED
    while not m.is_over():
        seat = m.to_act()[0]
        if _titled(m, seat):
            return m
        sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
        if seat == 0:
            legal = m.rules.legal(sample, 0)
            move = Eager(m.rules, bot_seed).choose(Decision(m.rules, 0, m.rules.view(sample, 0), legal, sample))
            m.play(0, _nudge(m, 0, move))
        else:
            m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
    return None


def _setup(data: Path) -> Any:
    m = titled_game()
    path = kit.saved_game(data, "shiver-titles.plank", m)
    return kit.make_app(data, "load", path=str(path))


async def _quest_in_view(pilot: Any) -> None:
    """The cursor on the last task of Ann's title quest in her tableau: the board scrolls to the quest and its
    three tasks, and the line above the map tells the whole quest."""
    await kit.to_table(pilot)
    board = pilot.app.screen.query_one("#board")
    view = board.scene.view
    quest = next(c for c in view.missions if C.MISSIONS[c].kind == C.TITLE)
    board.focus()
    board._set_cursor(f"quest:{quest}:2")
    await pilot.pause()


def test_the_scene_shows_a_title_held_and_a_quest_in_progress():
    m = titled_game()
    sv = m.view(0).seats[0]
    assert sv.titles and any(d for d in sv.quest_tasks)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_shiver_titles(size, snap_compare, tmp_path, monkeypatch):
    monkeypatch.setenv("GANGPLANK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GANGPLANK_EXAMPLES_DIR", str(tmp_path / "data" / "examples"))
    app = _setup(tmp_path / "data")
    assert snap_compare(app, terminal_size=size, run_before=_quest_in_view)
