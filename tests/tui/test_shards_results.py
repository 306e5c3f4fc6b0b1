"""Shards of Creation's results: every scoring area shown card by card."""

from __future__ import annotations

from rich.console import Console

from engine.hub import protocol as P
from tui.games.shards.adapter import ShardsAdapter
from tui.games.shards.words import glyph
from tui.screenshots import bot_game


def test_the_results_show_each_scoring_area_card_by_card() -> None:
    m = bot_game("shards", 3, seed=2024, names=["Ann", "Bo", "Cy"])
    assert m.is_over()
    view = m.view(None)
    info = P.TableInfo("t", "shards", "Shards of Creation", 3,
                       [P.SeatStatus(i, n, c, "person") for i, (n, c) in enumerate(
                           zip(("Ann", "Bo", "Cy"), ("red", "blue", "green"), strict=True))], "finished")
    panels = ShardsAdapter(m.rules).result_panels(m.rules.result(m.state), info, view)
    assert [title for title, _ in panels] == ["Scoring areas, card by card"]
    console = Console(width=200, record=True, color_system=None)
    console.print(panels[0][1])
    lines = console.export_text().splitlines()
    header, rows = lines[0], lines[1:]
    columns = list(view.shards)
    for shard in columns:
        assert f"{glyph(shard)} {shard}" in header
    starts = [header.index(f"{glyph(shard)} {shard}") for shard in columns]
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        row = next(r for r in rows if f" {name} " in f"{r} ")
        for k, shard in enumerate(columns):
            end = starts[k + 1] if k + 1 < len(starts) else len(row)
            cell = row[starts[k]:end].split()
            want = [f"{c.rank}{'*' if c.scoring else ''}"
                    for c in sorted(view.areas[seat], key=lambda c: c.rank) if c.shard == shard]
            assert cell == (want or ["·"]), (name, shard)
    assert sum(len(a) for a in view.areas) > 0
