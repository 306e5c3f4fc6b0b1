"""The score sheet's lines and notes and the result's tie-break words and details (issue 10
item 9: the mutants of scoring.py that survived the rule tests were the Ruin −1 penalty outside
the Wildcard/Claim search, several Claims, a Wildcard counted as Devotion on the sheet, which
card each note names, the tie-break sentences and the keys of ``details``).

``best_counts`` is cached; each test here starts with an empty cache, so that the search
(``_spread``) runs in every test and not only in the first one to meet a position."""

from __future__ import annotations

import pytest

from engine.games.shards import RULES
from engine.games.shards.content import PENALTY_POINTS, SHARD_BY_NAME, card_name
from engine.games.shards.scoring import best_counts, score, score_sheet
from engine.games.shards.state import OVER
from tests.engine.shards.helpers import Cards, table


@pytest.fixture(autouse=True)
def _fresh_search():
    best_counts.cache_clear()


def _shards(*names: str) -> list[int]:
    return sorted(SHARD_BY_NAME[n.lower()] for n in names)


def test_ruin_penalties_without_a_wildcard_or_claim():
    k = Cards()
    sh = _shards("Autonomy", "Honor", "Preservation", "Ruin")
    area = k.many("Ruin -1", "Ruin -1", "Honor 11", "Honor 12")
    # Honor ×2 = 3, Ruin ×2 = 3, two −1s at −2 each
    assert score(area, sh, 3) == 3 + 3 + 2 * PENALTY_POINTS == 2
    sheet = score_sheet(area, sh, 3)
    assert sheet.total == 2
    assert sheet.lines == [("Scoring abilities", 2 * PENALTY_POINTS), ("Honor ×2", 3), ("Ruin ×2", 3)]
    assert sheet.notes == [f"2 × Ruin −1: {PENALTY_POINTS} each"]


def test_the_sheet_never_counts_a_wildcard_as_devotion():
    k = Cards()
    sh = _shards("Autonomy", "Devotion", "Honor", "Ruin")
    area = k.many("Devotion 10", "Devotion 11", "Devotion 12", "Devotion 0")
    sheet = score_sheet(area, sh, 3)
    # as Devotion it would make Devotion ×4 (10 points); it counts as another Shard: 6 + 1
    assert sheet.total == 7
    assert len(sheet.notes) == 1 and sheet.notes[0].startswith("Devotion 0 counts as ")
    assert "Devotion 0 counts as Devotion" not in sheet.notes
    assert ("Devotion ×3", 6) in sheet.lines


def test_every_claim_counts_and_each_is_named_once():
    k = Cards()
    sh = _shards("Autonomy", "Dominion", "Honor", "Ruin")
    claims = k.many("Dominion 2", "Dominion 3", "Dominion 4")
    others = k.many("Honor 11", "Honor 12", "Honor 13", "Autonomy 11")
    sheet = score_sheet(claims + others, sh, 3)
    # three Claims turn three cards into Dominion: Dominion ×6 (21) + one card left (1)
    assert sheet.total == score(claims + others, sh, 3) == 22
    assert ("Dominion ×6", 21) in sheet.lines
    assert len(sheet.notes) == 3
    assert sorted(n.split(" makes ")[0] for n in sheet.notes) == sorted(card_name(c) for c in claims)
    targets = [n.split(" makes ")[1].removesuffix(" count as Dominion") for n in sheet.notes]
    assert len(set(targets)) == 3 and set(targets) <= {card_name(c) for c in others}


def test_several_wildcards_are_each_named_once():
    k = Cards()
    sh = _shards("Autonomy", "Devotion", "Honor", "Ruin")
    wild = k.many("Devotion 0", "Devotion 1", "Devotion 2")
    area = wild + k.many("Devotion 10", "Honor 11", "Autonomy 11")
    sheet = score_sheet(area, sh, 3)
    assert sheet.total == score(area, sh, 3)
    assert sum(p for _, p in sheet.lines) == sheet.total
    assert len(sheet.notes) == 3
    assert sorted(n.split(" counts as ")[0] for n in sheet.notes) == sorted(card_name(c) for c in wild)


def test_claims_that_name_wildcards_and_the_other_wildcards_each_appear_once():
    k = Cards()
    sh = _shards("Devotion", "Dominion", "Honor", "Ruin")
    claims = k.many("Dominion 2", "Dominion 3")
    wild = k.many("Devotion 0", "Devotion 1", "Devotion 2")
    sheet = score_sheet(claims + wild, sh, 3)
    # no other card to claim: both Claims name a wildcard; all three count as Dominion
    assert sheet.total == 15 and sheet.lines == [("Dominion ×5", 15)]
    named = [n.removesuffix(" count as Dominion").split(" makes ") for n in sheet.notes if " makes " in n]
    alone = [n.split(" counts as ") for n in sheet.notes if " counts as " in n]
    assert sorted(c for c, _ in named) == [card_name(c) for c in claims]
    assert [d for _, d in alone] == ["Dominion"]
    assert sorted([w for _, w in named] + [w for w, _ in alone]) == [card_name(c) for c in wild]


def _finished(areas, players=3):
    k = Cards()
    s = table(k, [[] for _ in range(players)], trump="Honor", areas=areas(k), round=3)
    s.step, s.acting = OVER, ()
    s.round_scores = [[0] * players] * 3
    return s


def test_a_tie_below_the_winner_goes_to_fewer_cards_and_is_explained():
    s = _finished(lambda k: [k.many("Honor 11", "Honor 12", "Honor 13"), k.many("Ruin 11", "Ruin 12"),
                             k.many("Autonomy 11", "Honor 14", "Preservation 16")])
    res = RULES.result(s)
    assert res.scores == [6, 3, 3]
    assert res.ranking == [[0], [1], [2]]
    assert res.tiebreak == "Hoid and Khriss tie on 3 points: fewer cards in the scoring area ranks higher (Hoid 2, Khriss 3)"


def test_two_shared_places_are_explained_from_the_highest_score_down():
    s = _finished(lambda k: [k.many("Honor 11", "Honor 12"), k.many("Ruin 11", "Ruin 12"),
                             k.many("Autonomy 11", "Preservation 16"), k.many("Honor 13", "Ruin 13")], players=4)
    res = RULES.result(s)
    assert res.scores == [3, 3, 2, 2]
    assert res.ranking == [[0, 1], [2, 3]]
    assert res.tiebreak == ("Azure and Hoid tie on 3 points with 2 scoring cards each: they share the victory; "
                            "Khriss and Vasher tie on 2 points with 2 scoring cards each: they share their place")


def test_no_ties_and_the_details_of_the_result():
    s = _finished(lambda k: [k.many("Honor 11"), k.many("Ruin 11", "Ruin 12"), k.many("Ruin -1")])
    s.round_scores = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    s.trumps = [SHARD_BY_NAME["ruin"], SHARD_BY_NAME["autonomy"], SHARD_BY_NAME["honor"]]
    res = RULES.result(s)
    assert res.scores == [1, 3, 1 + PENALTY_POINTS]
    assert res.ranking == [[1], [0], [2]]
    assert res.tiebreak == "No ties: every player has a different total"
    zero = {"Autonomy": 0, "Honor": 0, "Preservation": 0, "Ruin": 0}
    assert res.details == {
        "by_round": [[1, 4, 7], [2, 5, 8], [3, 6, 9]],
        "scoring_abilities": [[], [], [f"1 × Ruin −1: {PENALTY_POINTS} each"]],
        "cards": [1, 2, 1],
        "counts": [{**zero, "Honor": 1}, {**zero, "Ruin": 2}, {**zero, "Ruin": 1}],
        "trumps": ["Ruin", "Autonomy", "Honor"],
    }


def _who(sheet) -> tuple[list[str], list[str]]:
    """The Claims and the cards (wildcards or claimed cards) the notes name, each as often as named."""
    claims, cards = [], []
    for n in sheet.notes:
        if " makes " in n:
            c, target = n.removesuffix(" count as Dominion").split(" makes ")
            claims.append(c)
            cards.append(target)
        elif " counts as " in n:
            cards.append(n.split(" counts as ")[0])
    return sorted(claims), sorted(cards)


def test_two_claims_on_wildcards_and_two_free_wildcards_name_each_card_once():
    k = Cards()
    sh = _shards("Devotion", "Dominion", "Honor", "Ruin")
    claims = k.many("Dominion 2", "Dominion 3")
    wild = k.many("Devotion 0", "Devotion 1", "Devotion 2", "Devotion 3")
    sheet = score_sheet(claims + wild, sh, 3)
    assert sheet.total == 21 and sheet.lines == [("Dominion ×6", 21)]
    assert _who(sheet) == ([card_name(c) for c in claims], [card_name(c) for c in wild])


def test_a_claim_on_a_wildcard_and_claims_on_cards_name_each_card_once():
    k = Cards()
    sh = _shards("Devotion", "Dominion", "Honor", "Ruin")
    claims = k.many("Dominion 2", "Dominion 3", "Dominion 4")
    area = claims + k.many("Devotion 3", "Dominion 8", "Honor 7", "Ruin 11")
    sheet = score_sheet(area, sh, 3)
    assert sheet.total == score(area, sh, 3) and sum(p for _, p in sheet.lines) == sheet.total
    named_claims, named = _who(sheet)
    assert named_claims == sorted(card_name(c) for c in claims)
    assert len(named) == len(set(named)) == 3 and "Devotion 3" in named


def test_a_full_tie_below_the_winner_shares_a_place_not_the_victory():
    s = _finished(lambda k: [k.many("Honor 11", "Honor 12", "Honor 13"), k.many("Ruin 11", "Ruin 12"),
                             k.many("Autonomy 11", "Autonomy 12")])
    res = RULES.result(s)
    assert res.scores == [6, 3, 3] and res.ranking == [[0], [1, 2]] and res.winners == [0]
    assert res.tiebreak == "Hoid and Khriss tie on 3 points with 2 scoring cards each: they share their place"
