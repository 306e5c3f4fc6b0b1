"""Cleanup and the end of the game step by step: what Cleanup returns and flips, when a game ends,
Twin Charters' discard at the end of Round 3 or at an early end, the Accusations and the reveal,
with the exact state change and the exact events (words, kind, data, audience, reveal). Written to
kill the mutants of rules/end.py that survived the rule tests in test_end.py and
test_forecast_and_keep.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake import scoring
from engine.games.shardwake.rules.end import accuse, cleanup, finish, game_end, keep_agenda
from engine.games.shardwake.state import (
    ACCUSE,
    ANSWERING,
    DISCARD,
    FALLEN,
    NO_TRADE,
    OVER,
    STANDING,
    VOID,
)
from engine.games.shardwake.text import who

from .helpers import to_placement


def _fall(s, keep: int) -> None:
    """Every island but the first ``keep`` has fallen earlier (Void); none falls this round."""
    s.fallen = [STANDING if i < keep else VOID for i in range(len(s.tiles))]


def test_cleanup_returns_ships_and_skiff_keeps_closed_spaces_and_flips_fallen_islands():
    s = to_placement(4, seed=2)
    s.round = 1
    s.docks = [0] * len(s.docks)
    s.harbor = [-2] + [1] * (len(s.harbor) - 1)
    s.skiff = 2
    s.fallen = [FALLEN, VOID] + [STANDING] * (len(s.tiles) - 2)
    s.renown = [1, 2, 3, 4]
    rounds = len(s.by_round)
    cleanup(s, [])
    assert s.docks == [-1] * len(s.docks)
    assert s.harbor[0] == -2 and s.harbor[1:] == [-1] * (len(s.harbor) - 1)
    assert s.fallen == [VOID, VOID] + [STANDING] * (len(s.tiles) - 2)
    assert len(s.by_round) == rounds + 1 and s.by_round[-1] == [1, 2, 3, 4]
    assert s.round == 2 and s.phase != ACCUSE
    assert s.skiff in (-1, *range(4))  # the Order phase of Round 2 may hand it out again


def test_cleanup_with_3_standing_goes_on_and_with_2_standing_ends():
    s = to_placement(4, seed=2)
    _fall(s, 3)
    cleanup(s, [])
    assert s.round == 2 and s.phase != ACCUSE
    s = to_placement(4, seed=2)
    _fall(s, 2)
    s.fallen[1] = FALLEN  # fell this round: it does not stand
    ev: list[Event] = []
    cleanup(s, ev)
    assert s.round == 1 and s.phase == ACCUSE and s.accusations == [-1] * 4
    assert ev == []  # the Accusations are asked, nothing is said yet


def test_twin_charters_cleanup_of_round_3_waits_for_the_discard_and_remembers_an_ending():
    for keep, ending in ((3, False), (2, True)):
        s = to_placement(3, seed=2, variant="twin-charters")
        s.round = 3
        _fall(s, keep)
        s.discarded = [-1] * 3
        cleanup(s, [])
        assert s.phase == DISCARD and s.round == 3 and s.ending is ending


def test_twin_charters_cleanup_of_round_3_after_the_discard_goes_on():
    s = to_placement(3, seed=2, variant="twin-charters")
    s.round = 3
    s.discarded = [0, 1, 0]
    cleanup(s, [])
    assert s.round == 4 and s.phase != DISCARD


def test_twin_charters_cleanup_of_round_1_or_5_does_not_ask_for_the_discard():
    for rnd in (1, 5):
        s = to_placement(3, seed=2, variant="twin-charters")
        s.round = rnd
        s.discarded = [-1] * 3
        cleanup(s, [])
        assert s.round == rnd + 1 and s.phase != DISCARD


def _discarding(rnd: int, ending: bool = False):
    s = to_placement(3, seed=4, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.SYNDICATE], [C.LEDGER, C.COVENANT]]
    s.round = rnd
    s.phase = DISCARD
    s.discarded = [1, 0, -1]
    s.ending = ending
    return s


def test_the_last_discard_of_round_3_starts_round_4():
    s = _discarding(3)
    ev: list[Event] = []
    keep_agenda(s, 2, 0, ev)
    assert s.discarded == [1, 0, 1] and s.round == 4 and s.phase not in (DISCARD, ACCUSE) and not s.ending
    names = ", ".join(who(s, x) for x in s.order)
    assert ev[2] == Event(f"Round 4. Turn order: {names}", kind="order", data={"round": 4, "order": s.order})


def test_the_last_discard_of_an_ending_game_goes_to_the_accusations():
    s = _discarding(3, ending=True)
    keep_agenda(s, 2, 1, [])
    assert s.discarded == [1, 0, 0] and s.round == 3 and s.phase == ACCUSE and s.ending is False
    for rnd in (6, 2):  # after the last storm, or an early end before Round 3 was over
        s = _discarding(rnd)
        keep_agenda(s, 2, 1, [])
        assert s.phase == ACCUSE and s.round == rnd and s.accusations == [-1] * 3


def test_game_end_in_twin_charters_before_the_discard_asks_for_it_and_remembers_the_end():
    s = to_placement(3, seed=4, variant="twin-charters")
    s.round = 2
    s.discarded = [0, -1, 1]
    game_end(s, [])
    assert s.phase == DISCARD and s.ending is True


def test_game_end_stops_a_trade_and_asks_for_accusations():
    s = to_placement(4, seed=2)
    s.trade_stage = ANSWERING
    ev: list[Event] = []
    game_end(s, ev)
    assert s.trade_stage == NO_TRADE and s.phase == ACCUSE and s.accusations == [-1] * 4 and ev == []


def test_calm_skies_skips_the_accusations_and_reveals_at_once():
    s = to_placement(4, seed=2, variant="calm-skies")
    ev: list[Event] = []
    game_end(s, ev)
    assert s.phase == OVER and s.over and s.accusations == []
    assert [e.kind for e in ev] == ["agendas", "score"]


def test_each_accusation_is_laid_face_down_and_named_only_to_its_accuser():
    s = to_placement(4, seed=2)
    game_end(s, None)
    ev: list[Event] = []
    accuse(s, 1, 3, C.LEDGER, ev)
    assert s.accusations == [-1, 3 * 3 + C.LEDGER, -1, -1] and s.phase == ACCUSE
    assert ev == [
        Event(f"{who(s, 1)} lays an Accusation face down.", 1, kind="accuse", data={"seat": 1}),
        Event(f"{who(s, 1)} accuses {who(s, 3)} of being Gilded Ledger.", 1, (1,), kind="accuse",
              data={"seat": 1, "target": 3, "guild": "Gilded Ledger"}),
    ]


def test_the_last_accusation_reveals_them_all_then_the_agendas_and_the_scores():
    s = to_placement(3, seed=2)
    s.agendas = [[C.LEDGER], [C.SYNDICATE], [C.COVENANT]]
    game_end(s, None)
    accuse(s, 0, 1, C.SYNDICATE, None)
    accuse(s, 2, 0, C.COVENANT, None)
    assert s.phase == ACCUSE
    ev: list[Event] = []
    accuse(s, 1, 0, C.LEDGER, ev)
    assert s.accusations == [1 * 3 + C.SYNDICATE, 0 * 3 + C.LEDGER, 0 * 3 + C.COVENANT]
    assert s.phase == OVER and s.over
    r = scoring.result(s)
    a, b, c = who(s, 0), who(s, 1), who(s, 2)
    assert ev[2:] == [
        Event(f"Accusations revealed: {a} names {b} as Syndicate; {b} names {a} as Ledger; {c} names {a} as Covenant",
              reveal=True, kind="accusations",
              data={"accusations": [{"target": 1, "guild": "Chasm Syndicate"}, {"target": 0, "guild": "Gilded Ledger"},
                                    {"target": 0, "guild": "Keel Covenant"}]}),
        Event(f"Agendas revealed: {a} Gilded Ledger; {b} Chasm Syndicate; {c} Keel Covenant", reveal=True,
              kind="agendas", data={"agendas": ["Gilded Ledger", "Chasm Syndicate", "Keel Covenant"]}),
        Event("Final scores: " + ", ".join(f"{who(s, x)} {r.scores[x]}" for x in range(3)), kind="score",
              data={"scores": list(r.scores)}),
    ]


def test_the_reveal_names_the_kept_agenda_in_twin_charters():
    s = to_placement(3, seed=4, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.SYNDICATE], [C.LEDGER, C.COVENANT]]
    s.discarded = [0, 1, 1]
    ev: list[Event] = []
    finish(s, ev)
    assert ev[0].data == {"agendas": ["Gilded Ledger", "Keel Covenant", "Gilded Ledger"]}


def test_without_a_log_the_end_changes_the_same_state():
    a, b = to_placement(4, seed=2), to_placement(4, seed=2)
    for x, ev in ((a, []), (b, None)):
        _fall(x, 2)
        cleanup(x, ev)
        for seat in range(4):
            accuse(x, seat, (seat + 1) % 4, seat % 3, ev)
    assert a == b and a.phase == OVER


def test_a_calm_skies_game_ending_at_cleanup_reveals_at_once():
    s = to_placement(4, seed=2, variant="calm-skies")
    _fall(s, 2)
    ev: list[Event] = []
    cleanup(s, ev)
    assert s.phase == OVER and [e.kind for e in ev] == ["agendas", "score"]
