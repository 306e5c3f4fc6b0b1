"""The rulebook's worked examples, played move by move."""

from __future__ import annotations

from engine.games.shards import RULES
from engine.games.shards.scoring import score_sheet
from engine.games.shards.state import (
    DECLINE,
    PLAY_MOVES,
    TAKE,
    Discard,
    SubtractRevealed,
    Take,
)
from tests.engine.shards.helpers import Cards, act, table, texts

AZURE, HOID, KHRISS = 0, 1, 2


def example_1():
    """In a 3-player game, Autonomy is the trump Shard for the current round."""
    k = Cards()
    ruin10, ruin7, honor8, aut1 = k("Ruin 10"), k("Ruin 7"), k("Honor 8"), k("Autonomy 1")
    azure = [ruin10, *k.many("Honor 3", "Preservation 8 renewal", "Preservation 16")]
    hoid = [ruin7, *k.many("Honor 5", "Preservation 8 renewal", "Honor 12")]
    khriss = [aut1, *k.many("Autonomy 9", "Preservation 8 renewal", "Honor 13")]
    s = table(k, [azure, hoid, khriss], trump="Autonomy", deck=[honor8], leader=AZURE)
    return s, (ruin10, ruin7, honor8, aut1)


def test_example_1_ruin_lowers_azure_and_khriss_wins_with_trump():
    s, (ruin10, ruin7, honor8, aut1) = example_1()
    # 1. Azure plays a Ruin 10 (a card with no ability). The lead Shard for the trick is Ruin.
    act(s, AZURE, PLAY_MOVES[ruin10])
    assert RULES.view(s, HOID).lead == "Ruin"
    assert RULES.to_act(s) == (HOID,)
    # 2. Hoid follows the lead and plays a Ruin 7.
    assert PLAY_MOVES[ruin7] in RULES.legal(s, HOID)
    assert all(m.card in (ruin7,) for m in RULES.legal(s, HOID)), "Hoid must follow Ruin"
    ev = act(s, HOID, PLAY_MOVES[ruin7])
    # 3. ... reveal the top card of the draw deck ... The top is an Honor 8
    assert any("reveals Honor 8" in t for t in texts(ev, AZURE))
    assert any(e.reveal for e in ev)
    assert RULES.view(s, KHRISS).pending.revealed.id == honor8
    ev = act(s, HOID, SubtractRevealed(ruin10))
    # ... so the rank of Azure's Ruin is now only 2.
    assert s.trick_ranks[0] == 2
    assert honor8 in s.discard
    assert "Hoid discards Honor 8 and lowers Azure's Ruin 10 to 2" in texts(ev)
    v = RULES.view(s, KHRISS)
    assert (v.trick[0].card.rank, v.trick[0].rank) == (10, 2)
    # 4. Khriss does not have any Ruin cards, so she can play any card from her hand.
    assert len(RULES.legal(s, KHRISS)) == len(s.hands[KHRISS])
    act(s, KHRISS, PLAY_MOVES[aut1])
    # 5. The ability says "may," so Khriss chooses not to use its ability.
    assert DECLINE in RULES.legal(s, KHRISS)
    hand_before = list(s.hands[KHRISS])
    act(s, KHRISS, DECLINE)
    assert s.hands[KHRISS] == hand_before
    # 6. With Autonomy as the trump Shard, Khriss's card is the strongest: she wins the trick.
    assert s.step == TAKE and RULES.to_act(s) == (KHRISS,)
    assert set(RULES.legal(s, KHRISS)) == {Take(ruin10), Take(ruin7), Take(aut1)}
    # 7. Khriss chooses the Ruin 7 ... and places the other played cards into the discard pile.
    ev = act(s, KHRISS, Take(ruin7))
    assert "Khriss takes Ruin 7 into their scoring area" in texts(ev)
    assert s.areas == [[], [], [ruin7]]
    assert ruin10 in s.discard and aut1 in s.discard
    # 8. As the winner of the trick, Khriss is the first player for the next trick.
    assert RULES.to_act(s) == (KHRISS,)
    assert s.trick == [] and s.trick_no == 2
    last = RULES.view(s, AZURE).last_trick
    assert last.winner == KHRISS and last.taken.id == ruin7


def test_example_2_three_way_tie_goes_to_the_last_tied_card():
    """Example 2: As the first player, Khriss leads the next trick. Autonomy is still trump."""
    k = Cards()
    renewal_k, renewal_h = k("Preservation 8 renewal"), k("Preservation 8 renewal")
    rise_a = k("Preservation 8 rise")
    azure = [rise_a, *k.many("Honor 3", "Ruin 12")]
    hoid = [renewal_h, *k.many("Honor 5", "Ruin 13")]
    khriss = [renewal_k, *k.many("Autonomy 9", "Honor 13")]
    ruin7 = k("Ruin 7")
    draw_k, draw_h = k("Honor 0"), k("Honor 1")
    s = table(k, [azure, hoid, khriss], trump="Autonomy", leader=KHRISS, trick_no=2,
              deck=[draw_k, draw_h], areas=[[], [], [ruin7]])
    # 1. Khriss plays a Preservation 8: draw a card from the draw deck, then discard a card.
    act(s, KHRISS, PLAY_MOVES[renewal_k])
    assert draw_k in s.hands[KHRISS]
    assert RULES.legal(s, KHRISS) == [Discard(c) for c in s.hands[KHRISS]]
    act(s, KHRISS, Discard(draw_k))
    assert len(s.hands[KHRISS]) == 2 and draw_k in s.discard
    # 2. Azure follows with a Preservation 8: +1 rank for each Preservation card in her
    # scoring area. She does not have any, so its rank remains an 8.
    assert RULES.to_act(s) == (AZURE,)
    assert RULES.legal(s, AZURE) == [PLAY_MOVES[rise_a]]
    act(s, AZURE, PLAY_MOVES[rise_a])
    assert s.trick_ranks[1] == 8
    # 3. Hoid also follows the lead and plays a Preservation 8: draw, then discard.
    act(s, HOID, PLAY_MOVES[renewal_h])
    act(s, HOID, Discard(draw_h))
    # 4. With a three-way tie, Hoid wins the trick, since he played the last tied card.
    assert s.trick_ranks == [8, 8, 8]
    assert s.step == TAKE and RULES.to_act(s) == (HOID,)
    # 5. Hoid transfers the Preservation card he played to his scoring area and places the
    # other played cards into the discard pile. He is the first player for the next trick.
    act(s, HOID, Take(renewal_h))
    assert s.areas[HOID] == [renewal_h]
    assert renewal_k in s.discard and rise_a in s.discard
    assert RULES.to_act(s) == (HOID,) and s.trick_no == 3 and s.step == 0


def test_scoring_example_is_49_points():
    """Hoid has 2 Honor, 1 Ruin (a -1), 3 Autonomy and 8 Preservation cards: 49 points."""
    k = Cards()
    area = k.many("Honor 3", "Honor 11", "Ruin -1", "Autonomy 2", "Autonomy 10", "Autonomy 14",
                  *["Preservation 8"] * 8)
    shards = [0, 4, 6, 7]  # Autonomy, Honor, Preservation, Ruin
    sheet = score_sheet(area, shards, 3)
    assert sheet.total == 49
    assert sheet.lines == [
        ("Scoring abilities", -2),
        ("Autonomy ×3", 6),
        ("Honor ×2", 3),
        ("Preservation ×8", 36),
        ("Ruin ×1", 1),
        ("Resonance ×1", 5),
    ]


def test_scoring_example_through_the_final_result():
    k = Cards()
    hoid = k.many("Honor 3", "Honor 11", "Ruin -1", "Autonomy 2", "Autonomy 10", "Autonomy 14",
                  *["Preservation 8"] * 8)
    azure = k.many("Honor 4", "Ruin 12")
    s = table(k, [[], [], []], trump="Honor", areas=[azure, hoid, []], round=3)
    s.step, s.acting = 15, ()
    s.round_scores = [[0, 0, 0], [1, 20, 0], [2, 49, 0]]
    res = RULES.result(s)
    assert res.scores == [2, 49, 0]
    assert res.ranking == [[HOID], [AZURE], [KHRISS]]
    assert sum(p for _, p in res.breakdown[HOID]) == 49
    assert res.details["by_round"][HOID] == [0, 20, 49]
    assert res.breakdown[AZURE] == [("Honor ×1", 1), ("Ruin ×1", 1)]
