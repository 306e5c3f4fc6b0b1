"""End game scoring: scoring abilities resolved at best, sets, Resonance, tie-breaks."""

from __future__ import annotations

import pytest

from engine.games.shards import RULES
from engine.games.shards.content import SHARD_BY_NAME
from engine.games.shards.scoring import best_counts, score, score_sheet
from engine.games.shards.state import OVER
from tests.engine.shards.helpers import Cards, table


@pytest.fixture(autouse=True)
def _fresh_search():
    """``best_counts`` is cached: start each test without the positions earlier tests met, so
    that the search itself runs here (a mutation run forks from a process that ran them all)."""
    best_counts.cache_clear()


def _shards(*names: str) -> list[int]:
    return sorted(SHARD_BY_NAME[n.lower()] for n in names)


ADHR = _shards("Autonomy", "Devotion", "Honor", "Ruin")


def test_sets_are_triangular():
    k = Cards()
    sh = _shards("Autonomy", "Honor", "Preservation", "Ruin")
    for n in range(1, 9):
        area = [k(f"Honor {r}") for r in range(n)]
        assert score(area, sh, 3) == n * (n + 1) // 2
        k.used.clear()


def test_a_wildcard_completes_a_resonance_set_when_that_is_best():
    k = Cards()
    area = k.many("Autonomy 1", "Autonomy 9", "Autonomy 10", "Devotion 10", "Honor 4", "Devotion 0")
    sheet = score_sheet(area, ADHR, 3)
    # as Ruin: Autonomy 6 + Devotion 1 + Honor 1 + Ruin 1 + Resonance 5 = 14 (as Autonomy: 12)
    assert sheet.total == 14
    assert "Devotion 0 counts as Ruin" in sheet.notes
    assert ("Resonance ×1", 5) in sheet.lines


def test_two_wildcards_are_assigned_together():
    k = Cards()
    area = k.many("Autonomy 1", "Autonomy 9", "Autonomy 10", "Devotion 10", "Honor 4",
                  "Devotion 0", "Devotion 1")
    # one to Ruin, one to Autonomy: 10 + 1 + 1 + 1 + 5 = 18 (both Autonomy 17, both Ruin 16)
    assert score(area, ADHR, 3) == 18


def test_a_wildcard_never_counts_as_devotion():
    k = Cards()
    area = k.many("Devotion 10", "Devotion 11", "Devotion 12", "Devotion 0")
    # as Devotion it would make 4 Devotion (10 points); it must be another Shard: 6 + 1
    assert score(area, ADHR, 3) == 7


def test_dominion_claim_names_the_card_that_costs_least():
    k = Cards()
    sh = _shards("Autonomy", "Dominion", "Honor", "Ruin")
    area = k.many("Dominion 2", "Honor 1", "Honor 2", "Honor 3", "Ruin 9")
    sheet = score_sheet(area, sh, 3)
    # Ruin 9 becomes Dominion: Dominion 3 + Honor 6 = 9 (Honor would give 3 + 3 + 1 = 7)
    assert sheet.total == 9
    assert sheet.notes == ["Dominion 2 makes Ruin 9 count as Dominion"]


def test_dominion_claim_is_mandatory_even_when_it_hurts():
    k = Cards()
    sh = _shards("Autonomy", "Dominion", "Honor", "Ruin")
    area = k.many("Dominion 2", "Honor 1", "Autonomy 12", "Ruin 9")
    # without the claim: 4 + Resonance 5 = 9; a card must turn into Dominion: 3 + 1 + 1 = 5
    assert score(area, sh, 3) == 5


def test_dominion_claim_without_a_valid_target_is_ignored():
    k = Cards()
    sh = _shards("Autonomy", "Dominion", "Honor", "Ruin")
    assert score(k.many("Dominion 2", "Dominion 12"), sh, 3) == 3


def test_claim_and_wildcard_together():
    k = Cards()
    sh = _shards("Devotion", "Dominion", "Honor", "Ruin")
    area = k.many("Dominion 3", "Devotion 1", "Devotion 10", "Honor 2", "Honor 3")
    # best: the wildcard is named by the claim (counts as Dominion) and Ruin stays empty, or
    # the wildcard is Ruin and an Honor becomes Dominion: Dv 1 + Dm 2 (3) + H 1 + R 1 + 5 = 11
    sheet = score_sheet(area, sh, 3)
    assert sheet.total == 11
    assert sum(p for _, p in sheet.lines) == 11


def test_ruin_penalty_counts_in_any_shard():
    k = Cards()
    sh = _shards("Autonomy", "Dominion", "Honor", "Ruin")
    area = k.many("Ruin -1", "Ruin -1", "Dominion 2")
    # the claim makes one Ruin −1 a Dominion card: still −2 each; Ruin 1 + Dominion 3 − 4 = 0
    assert score(area, sh, 3) == 0


def test_resonance_tables_by_player_count():
    k = Cards()
    sh5 = _shards("Autonomy", "Devotion", "Honor", "Ruin", "Odium")
    area = k.many("Autonomy 9", "Devotion 10", "Honor 4", "Ruin 9", "Odium 12")
    assert score(area, sh5, 4) == 5 + 8
    area2 = area + k.many("Autonomy 10", "Devotion 11", "Honor 5", "Ruin 10", "Odium 13")
    assert score(area2, sh5, 4) == 5 * 3 + 16
    k.used.clear()
    four = k.many("Autonomy 9", "Devotion 10", "Honor 4", "Ruin 9")
    assert score(four, ADHR, 2) == score(four, ADHR, 3) == 4 + 5


def test_resonance_for_every_count_on_the_scoring_aid():
    """The aid's table, row by row: 5/10/20/40/80/160 (2–3 players), 8/16/32/64/128/256 (4)."""
    table_by = {2: (0, 5, 10, 20, 40, 80, 160), 3: (0, 5, 10, 20, 40, 80, 160),
                4: (0, 8, 16, 32, 64, 128, 256)}
    for players, totals in table_by.items():
        names = ("Autonomy", "Devotion", "Honor", "Ruin") + (("Odium",) if players == 4 else ())
        shards = _shards(*names)
        for sets in range(1, 7):
            k = Cards()
            # ranks without an ability (Devotion 8–13; the others 11–16)
            area = [k(f"{n} {r + (8 if n == 'Devotion' else 11)}") for n in names for r in range(sets)]
            singles = len(names) * sets * (sets + 1) // 2
            assert score(area, shards, players) == singles + totals[sets], (players, sets)


def test_resonance_beyond_the_aid_keeps_doubling():
    k = Cards()
    area = [k(f"{s} {r}") for s in ("Autonomy", "Honor", "Ruin") for r in (10, 11, 12, 13, 14, 15)]
    area += k.many("Devotion 8", "Devotion 9", "Devotion 10", "Devotion 11", "Devotion 12", "Devotion 13")
    assert score(area, ADHR, 3) == 4 * 21 + 160


def _finished(areas):
    k = Cards()
    s = table(k, [[], [], []], trump="Honor", areas=areas(k), round=3)
    s.step, s.acting = OVER, ()
    s.round_scores = [[0, 0, 0]] * 3
    return s


def test_tie_on_points_goes_to_fewer_scoring_cards():
    s = _finished(lambda k: [k.many("Honor 1", "Honor 2"), k.many("Honor 3", "Ruin 9", "Autonomy 9"),
                             k.many("Honor 4")])
    res = RULES.result(s)
    assert res.scores == [3, 3, 1]
    assert res.ranking == [[0], [1], [2]]
    assert "fewer cards" in res.tiebreak and "Azure" in res.tiebreak


def test_a_full_tie_is_a_shared_victory():
    s = _finished(lambda k: [k.many("Honor 1", "Honor 2"), k.many("Ruin 9", "Ruin 10"), k.many("Honor 4")])
    res = RULES.result(s)
    assert res.ranking == [[0, 1], [2]]
    assert res.winners == [0, 1]
    assert "share the victory" in res.tiebreak


def test_the_view_shows_live_scores_from_the_scoring_areas():
    k = Cards()
    s = table(k, [[k("Honor 8")], [k("Honor 10")], [k("Honor 11")]], trump="Ruin",
              areas=[k.many("Honor 1", "Honor 2"), [], k.many("Ruin -1")])
    assert RULES.view(s, None).scores == [3, 0, -1]
    assert RULES.result(s) is None
