"""Trading's edges (issue 10 item 9: the mutants of rules/trading.py that survived the trade
tests): a proposer with nothing to give has no partner, a Relic already in the draft is not
offered again, the proposal's words name both sides, and a transfer of Relic code 0 (Sunglass 1,
whose trade item is exactly ``RELIC_ITEM``) or of two Relics to one seat.

Mutation run: ``make mutants-after GAME=shardwake TESTS='tests/engine/shardwake/test_mut_trading.py …'``.
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake.rules import trading as T
from engine.games.shardwake.state import RELIC_ITEM
from engine.games.shardwake.text import who

from .helpers import to_placement


def test_a_seat_with_no_cube_and_no_relic_has_nobody_to_propose_to():
    s = to_placement(4, seed=2)
    s.res = [[0, 0, 0], [1, 0, 0], [0, 0, 0], [0, 0, 1]]
    s.relics = [[], [], [C.relic(2, 1)], []]
    assert T.partners(s, 0) == []  # "Each side must give at least one item": seat 0 has none
    assert T.partners(s, 1) == [2, 3]  # seat 2 gives a Relic, seat 3 a Brass
    s.relics[0] = [C.relic(0, 1)]
    assert T.partners(s, 0) == [1, 2, 3]


def test_a_relic_already_in_the_draft_is_not_offered_again():
    s = to_placement(4, seed=2)
    tide, star = C.relic(1, 2), C.relic(3, 1)
    s.res[0] = [1, 0, 0]
    s.relics[0] = [tide, star, tide]
    assert T.stock(s, 0, []) == [0, RELIC_ITEM + tide, RELIC_ITEM + star]
    # one Tidebone 2 drafted: the second is still there to offer
    assert T.stock(s, 0, [RELIC_ITEM + tide]) == [0, RELIC_ITEM + tide, RELIC_ITEM + star]
    # both drafted (and the Starchart): nothing of them left, the Aether still is
    assert T.stock(s, 0, [RELIC_ITEM + tide, RELIC_ITEM + tide]) == [0, RELIC_ITEM + star]
    assert T.stock(s, 0, [RELIC_ITEM + star, 0]) == [RELIC_ITEM + tide]


def test_the_proposal_names_what_goes_each_way():
    s = to_placement(4, seed=2)
    proposer = s.order[s.turn]
    partner = (proposer + 1) % 4
    s.res[proposer] = [2, 0, 0]
    s.relics[partner] = [C.relic(1, 2)]
    T.start_trade(s, proposer, partner, None)
    T.offer(s, proposer, 0, 0, None)
    T.offer(s, proposer, 0, 0, None)
    T.offer(s, proposer, 1, RELIC_ITEM + C.relic(1, 2), None)
    ev: list[Event] = []
    T.send_trade(s, proposer, ev)
    assert ev == [Event(f"{who(s, proposer)} proposes to {who(s, partner)}: gives 2 Aether for Relic Tidebone 2.",
                        proposer, kind="trade-propose",
                        data={"seat": proposer, "partner": partner, "give": ["Aether", "Aether"],
                              "get": ["Relic Tidebone 2"]})]


def test_relic_code_0_and_two_relics_at_once_change_hands():
    s = to_placement(4, seed=2)
    sun1, clock1 = C.relic(0, 1), C.relic(2, 1)
    assert sun1 == 0 and RELIC_ITEM + sun1 == RELIC_ITEM
    s.relics = [[sun1, clock1], [], [], []]
    s.res = [[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1]]
    s.traded_relics = [0, 0, 0, 0]
    T.transfer(s, 0, 1, [RELIC_ITEM + sun1, RELIC_ITEM + clock1])
    assert s.relics == [[], [sun1, clock1], [], []]
    assert s.res == [[1, 1, 1]] * 4  # no cube moved
    assert s.traded_relics == [0, 2, 0, 0]  # both received Relics score no Renown
