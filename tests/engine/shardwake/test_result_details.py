"""The final result line by line: the breakdown's labels and points in the document's order, and
every figure of ``details`` (the lab's and the JSON log's source). Written to kill the mutants that
survived the scoring tests in test_end.py (docs/mutation.md)."""

from __future__ import annotations

from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.end import game_end
from engine.games.shardwake.state import OVER, SRC_LOSSES, SRC_RELICS, SRC_STORMS, Accuse
from engine.games.shardwake.text import who

from .helpers import act, outer, to_placement


def _ended():
    s = to_placement(4, seed=2)
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims_left = [C.CLAIMS] * 4
    s.res = [[1, 2, 0], [0, 0, 0], [3, 3, 1], [0, 0, 0]]
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.LEDGER], [C.LEDGER]]
    s.falls = [2, 1, 0, 0]
    s.handshakes = [0, 0, 3, 1]
    s.relics = [[C.relic(0, 1)], [C.relic(0, 1), C.relic(1, 1), C.relic(2, 1)], [], []]
    s.sources = [[5, 3, -2], [4, 1, 0], [0, 0, 0], [0, 0, 0]]
    s.renown = [6, 5, 0, 0]
    s.round = 5
    i = outer(s)[0]
    s.claims[i] = [2, 1, 0, 0]
    game_end(s, None)
    # Seat 0 names seat 1 a Covenant (right), seat 1 names seat 0 a Ledger (wrong),
    # seats 2 and 3 name seat 0 a Syndicate (right, both)
    for seat, (target, guild) in enumerate([(1, C.COVENANT), (0, C.LEDGER), (0, C.SYNDICATE), (0, C.SYNDICATE)]):
        act(s, Accuse(target, guild), seat)
    assert s.phase == OVER
    return s, i


def test_the_breakdown_names_each_line_in_the_documents_order():
    s, i = _ended()
    r = RULES.result(s)
    island = C.ISLANDS[s.tiles[i]]
    first, second = island.first, island.second
    assert r.breakdown[0] == [
        ("Relics salvaged (Renown during play)", 5),
        ("Storms weathered (Renown during play)", 3),
        ("Dead Calm losses", -2),
        (f"1. Island majority ({island.name} {first})", first),
        (f"2. Accusation (named {who(s, 1)} as Covenant: right)", 3),
        (f"2. Secret exposed (named right by {who(s, 2)}, {who(s, 3)})", 0),
        ("3. Agenda: Chasm Syndicate (2 Fall tokens × 2)", 4),
        ("4. Leftovers (3 resources)", 1),
    ]
    assert r.breakdown[1][2:] == [
        (f"1. Island majority ({island.name} {second})", second),
        (f"2. Accusation (named {who(s, 0)} as Ledger: wrong)", 0),
        (f"2. Secret exposed (named right by {who(s, 0)})", 0),
        ("3. Agenda: Keel Covenant (0 full set(s) × 9, 1 set(s) of 3 × 4)", 4),
        ("4. Leftovers (0 resources)", 0),
    ]
    assert r.breakdown[1][:2] == [("Relics salvaged (Renown during play)", 4),
                                  ("Storms weathered (Renown during play)", 1)]  # no losses: no line
    assert r.breakdown[2][2] == ("1. Island majority (none)", 0)
    assert r.breakdown[2][4] == ("2. Secret kept (nobody named your Guild)", 2)
    assert r.scores == [sum(v for _, v in lines) for lines in r.breakdown]
    assert r.scores[0] == 5 + 3 - 2 + first + 3 + 0 + 4 + 1


def test_the_details_hold_every_figure_under_its_key():
    s, i = _ended()
    r = RULES.result(s)
    d = r.details
    island = C.ISLANDS[s.tiles[i]]
    assert d["sources"][0] == {"relics": 5, "storms": 3 + -2, "majority": island.first, "accusations": 3,
                               "agenda": 4, "leftovers": 1}
    assert d["sources"][2]["accusations"] == d["sources"][3]["accusations"] == 3 + 2  # right, and kept
    assert d["agendas"] == [C.SYNDICATE, C.COVENANT, C.LEDGER, C.LEDGER]
    assert d["agenda_names"] == ["Chasm Syndicate", "Keel Covenant", "Gilded Ledger", "Gilded Ledger"]
    assert d["dealt"] == [[0], [1], [2], [2]]
    assert d["accusations"] == [[1, C.COVENANT], [0, C.LEDGER], [0, C.SYNDICATE], [0, C.SYNDICATE]]
    assert d["accusation_correct"] == [True, False, True, True]
    assert d["by_round"] == [list(x) for x in s.by_round]
    assert d["majorities"] == [[i, 0, island.first, '1st'], [i, 1, island.second, '2nd']]
    assert d["agenda_how"][0] == "2 Fall tokens × 2" and d["agenda_how"][2].startswith("3 Handshakes")
    assert d["resources_left"] == [3, 0, 7, 0]
    assert d["falls"] == [2, 1, 0, 0] and d["handshakes"] == [0, 0, 3, 1] and d["relics"] == [1, 3, 0, 0]
    assert d["rounds"] == 5
    assert set(d) == {"sources", "agendas", "agenda_names", "dealt", "accusations", "accusation_correct",
                      "by_round", "majorities", "agenda_how", "resources_left", "falls", "handshakes", "relics",
                      "rounds"}
    assert SRC_RELICS == 0 and SRC_STORMS == 1 and SRC_LOSSES == 2


def test_the_tiebreak_notes_go_from_the_highest_score_down():
    s, _ = _ended()
    # force two ties: seats 0 and 1 on one score, seats 2 and 3 on a lower one
    s.sources = [[0, 0, 0]] * 4
    s.claims = [[0] * 4 for _ in s.tiles]
    s.accusations = [-1, -1, -1, -1]
    s.falls = [0, 0, 0, 0]
    s.handshakes = [0, 0, 0, 0]
    s.res = [[3, 0, 0], [0, 3, 0], [0, 0, 0], [0, 0, 0]]
    s.relics = [[C.relic(0, 1)], [], [], []]
    r = RULES.result(s)
    assert r.scores[0] == r.scores[1] > r.scores[2] == r.scores[3]
    notes = r.tiebreak.split("; ")
    assert notes == [f"{who(s, 0)}, {who(s, 1)} tie on {r.scores[0]} Renown: more Relics, then more Ballast, decide",
                     f"{who(s, 2)}, {who(s, 3)} tie on {r.scores[2]} Renown, Relics and Ballast: they share the place"]
    assert r.ranking == [[0], [1], [2, 3]]


def test_relic_sets_full_sets_first_then_as_many_sets_of_three_as_the_rest_make():
    # "+9 for each set of all 4 types, then +4 for each set of 3 different types among the Relics
    # left over": counts per type (Sunglass, Tidebone, Clockheart, Starchart) → (fours, threes)
    from engine.games.shardwake.scoring import relic_sets

    def relics(counts):
        return [C.relic(t, 1) for t, n in enumerate(counts) for _ in range(n)]

    cases = {
        (0, 0, 0, 0): (0, 0), (1, 0, 0, 0): (0, 0), (0, 1, 1, 1): (0, 1), (1, 1, 1, 0): (0, 1),
        (2, 2, 2, 2): (2, 0), (5, 1, 1, 1): (1, 0), (3, 3, 2, 0): (0, 2), (0, 3, 2, 2): (0, 2),
        (4, 4, 4, 1): (1, 3), (3, 3, 1, 1): (1, 0), (2, 2, 2, 0): (0, 2), (0, 0, 2, 3): (0, 0),
        (1, 2, 3, 4): (1, 1), (4, 3, 2, 1): (1, 1), (3, 3, 3, 3): (3, 0), (6, 4, 2, 0): (0, 2),
    }
    for counts, want in cases.items():
        assert relic_sets(relics(counts)) == want, counts
