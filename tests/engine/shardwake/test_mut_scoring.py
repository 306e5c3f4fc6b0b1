"""Final scoring's edges (issue 10 item 9: the mutants of scoring.py that survived the scoring
tests): island majority over the whole ring (a fallen island or a tie for 1st before the next
island must not stop the count, nor a tie wipe the islands before it), a seat placing on two
islands named in one breakdown line, Accusations of the third and fourth seats in ``details``,
no tie-break note without a tie, the Agenda's words for one Fall token or Handshake and for the
Handshake cap, and the Agenda a Twin Charters seat scores before the Keep.

Mutation run: ``make mutants-after GAME=shardwake TESTS='tests/engine/shardwake/test_mut_scoring.py …'``.
"""

from __future__ import annotations

from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.end import game_end
from engine.games.shardwake.scoring import agenda_points, kept, majority_places
from engine.games.shardwake.state import OVER, STANDING, VOID, Accuse

from .helpers import act, fresh, to_placement


def _ring():
    """Four islands in ring order: 1st and 2nd; fallen (with Claims); tied for 1st; a lone 1st."""
    s = to_placement(4, seed=2)
    s.claims = [[0] * 4 for _ in s.tiles]
    i0, i1, i2, i3 = range(4)
    s.claims[i0] = [2, 1, 0, 0]
    s.claims[i1] = [0, 0, 3, 0]
    s.claims[i2] = [0, 1, 1, 0]
    s.claims[i3] = [0, 0, 0, 2]
    s.fallen = [STANDING] * len(s.tiles)
    s.fallen[i1] = VOID
    return s, [C.ISLANDS[s.tiles[i]] for i in range(4)]


def test_majority_counts_every_standing_island_of_the_ring_in_order():
    s, t = _ring()
    assert majority_places(s) == [
        (0, 0, t[0].first, "1st"), (0, 1, t[0].second, "2nd"),
        # island 1 has fallen: no majority there, and the count goes on
        (2, 1, t[2].second, "tied 1st"), (2, 2, t[2].second, "tied 1st"),
        (3, 3, t[3].first, "1st"),
    ]


def _ended(s):
    """Game end with Accusations aimed at the third and fourth seats (``target * 3 + guild``; seats 2
    and 3 hold different Guilds, so reading the wrong target changes the verdict)."""
    s.res = [[0, 0, 0], [1, 0, 0], [2, 2, 0], [0, 0, 3]]
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.COVENANT], [C.LEDGER]]
    s.falls = [0, 0, 0, 0]
    s.handshakes = [0, 0, 1, 2]
    s.relics = [[], [], [], []]
    s.sources = [[1, 0, 0], [0, 0, 0], [7, 0, 0], [0, 2, 0]]
    game_end(s, None)
    for seat, (target, guild) in enumerate([(3, C.LEDGER), (2, C.SYNDICATE), (3, C.COVENANT), (2, C.COVENANT)]):
        act(s, Accuse(target, guild), seat)
    assert s.phase == OVER
    return RULES.result(s)


def test_the_result_names_two_islands_in_one_line_and_accusations_of_seats_2_and_3():
    s, t = _ring()
    r = _ended(s)
    # seat 1 places 2nd on island 0 and tied 1st on island 2: one line names both
    assert r.breakdown[1][2] == (f"1. Island majority ({t[0].name} {t[0].second}, {t[2].name} {t[2].second})",
                                 t[0].second + t[2].second)
    d = r.details
    assert d["accusations"] == [[3, C.LEDGER], [2, C.SYNDICATE], [3, C.COVENANT], [2, C.COVENANT]]
    assert d["accusation_correct"] == [True, False, False, True]
    assert d["majorities"] == [list(m) for m in majority_places(s)]


def test_no_tie_no_tiebreak_note():
    s, _ = _ring()
    r = _ended(s)
    assert len(set(r.scores)) == 4  # every score differs
    assert r.tiebreak == ""
    assert r.ranking == [[x] for x in sorted(range(4), key=lambda x: -r.scores[x])]


def test_the_agenda_words_for_one_token_and_the_handshake_cap():
    s = fresh(4, seed=2)
    cap = s.handshake_cap
    full = C.handshake_full("standard")
    value = s.fall_value
    for n, words in [(0, f"0 Fall tokens × {value}"), (1, f"1 Fall token × {value}"), (2, f"2 Fall tokens × {value}")]:
        s.falls[0] = n
        assert agenda_points(s, 0, C.SYNDICATE) == (n * value, words)
    for n, words in [(1, "1 Handshake"), (2, "2 Handshakes"), (cap, f"{cap} Handshakes"),
                     (cap + 1, f"{cap + 1} Handshakes, {cap} counted")]:
        s.handshakes[0] = n
        assert agenda_points(s, 0, C.LEDGER) == (C.handshake_points(n, cap, full),
                                                 f"{words}: 2 each for {full}, then 1 each")


def test_twin_charters_before_the_keep_scores_the_first_agenda_dealt():
    s = fresh(3, seed=6, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.SYNDICATE], [C.LEDGER, C.COVENANT]]
    assert s.discarded == [-1, -1, -1]
    assert [kept(s, x) for x in range(3)] == [C.SYNDICATE, C.COVENANT, C.LEDGER]  # the bots' estimate reads it
    s.discarded = [0, 1, 0]  # the guild discarded: 0 the first dealt, 1 the second
    assert [kept(s, x) for x in range(3)] == [C.LEDGER, C.COVENANT, C.COVENANT]
