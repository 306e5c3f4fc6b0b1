"""The view's machine-readable facts: what a seat is asked, the step the game is at, the card
winning the trick and each scoring area's sheet (the TUI reads them; it re-derives no rule)."""

from __future__ import annotations

from engine.games.shards import RULES
from engine.games.shards.scoring import score_sheet
from engine.games.shards.state import PLAY_MOVES, TAKE, Take
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2


def test_asking_is_for_the_seat_in_turn_and_stage_for_everyone():
    k = Cards()
    s = table(k, [[k("Honor 3")], [k("Honor 5")], [k("Honor 7")]], trump="Ruin")
    views = [RULES.view(s, seat) for seat in (A, H, K, None)]
    assert [v.asking for v in views] == ["play", "", "", ""]
    assert [v.stage for v in views] == ["play"] * 4


def test_winning_follows_trump_then_lead_and_the_last_tie():
    k = Cards()
    p8, p8b = k("Preservation 8 rise"), k("Preservation 8 rise")  # +1 per Preservation scored: none
    r10, a12 = k("Ruin 10"), k("Autonomy 12")
    s = table(k, [[p8, k("Honor 2")], [p8b, k("Honor 3")], [r10, k("Ruin 11")], [a12, k("Autonomy 13")]],
              trump="Ruin")
    assert RULES.view(s, None).winning == -1  # no card yet
    act(s, A, PLAY_MOVES[p8])
    assert RULES.view(s, H).winning == 0
    act(s, H, PLAY_MOVES[p8b])
    assert RULES.view(s, None).winning == 1  # a tie: the later card wins
    act(s, K, PLAY_MOVES[r10])  # no Preservation in hand: a trump
    assert RULES.view(s, None).winning == 2
    act(s, 3, PLAY_MOVES[a12])  # neither the lead nor trump, however high: Khriss wins
    assert s.prev_winner == K and RULES.view(s, None).winning == -1


def test_winning_with_a_trump_played_off_suit():
    k = Cards()
    h5, a9, r10 = k("Honor 5"), k("Autonomy 9"), k("Ruin 10")
    s = table(k, [[h5, k("Honor 2")], [a9, k("Autonomy 10")], [r10, k("Ruin 11")]], trump="Autonomy")
    act(s, A, PLAY_MOVES[h5])
    act(s, H, PLAY_MOVES[a9])  # no Honor in hand: a trump
    assert RULES.view(s, K).winning == 1
    act(s, K, PLAY_MOVES[r10])  # neither lead nor trump
    assert s.step == TAKE and RULES.view(s, None).winning == 1
    assert [v.asking for v in (RULES.view(s, A), RULES.view(s, H))] == ["", "take"]
    act(s, H, Take(r10))
    assert RULES.view(s, None).winning == -1 and RULES.view(s, H).asking == "play"


def test_every_scoring_area_has_its_sheet_as_it_stands():
    k = Cards()
    areas = [[k("Honor 1"), k("Ruin -1"), k("Autonomy 12")], [], [k("Preservation 16")]]
    s = table(k, [[k("Honor 3")], [k("Honor 5")], [k("Honor 7")]], trump="Ruin", areas=areas)
    for seat in (A, H, None):
        v = RULES.view(s, seat)
        for i, area in enumerate(areas):
            sheet = score_sheet(area, s.shards, 3)
            assert v.sheets[i].total == sheet.total == v.scores[i]
            assert v.sheets[i].lines == sheet.lines and v.sheets[i].notes == sheet.notes
    assert RULES.view(s, None).sheets[0].lines[0] == ("Scoring abilities", -2)


def test_the_secret_discard_says_it_is_secret_once_in_the_prompt_not_on_every_card():
    from engine import Match
    from engine.core.rng import Rng

    for seed in range(60):
        m = Match.new("shards", players=3, seed=seed, options={"shards": ["Cultivation"]}, undo="practice")
        rng = Rng.seeded(seed)
        for _ in range(40):
            seat = m.to_act()[0]
            v = m.view(seat)
            if v.asking == "cultivation-discard":
                texts = [m.rules.label(v, mv) for mv in m.legal(seat)]
                assert texts and not any("secret" in str(t) for t in texts), texts
                assert "secret" in v.prompt
                return
            legal = m.legal(seat)
            m.play(seat, legal[rng.below(len(legal))])
    raise AssertionError("no Cultivation trump discard came up")
