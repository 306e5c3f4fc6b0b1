"""A new game's state field by field, and the starting Claims step by step with their events
(issue 10 item 9: the mutants of rules/setup.py that survived the setup tests — the starting
values of ``docks``, ``sources``, ``ships_left`` and ``discarded``, the Claims left after the
starting Claim, and the start-claim event's kind, seat and data).

Mutation run: ``make mutants-after GAME=shardwake TESTS='tests/engine/shardwake/test_mut_setup.py …'``.
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.state import CLAIMS, PLACEMENT

from .helpers import act, fresh


def test_a_new_game_starts_with_empty_docks_no_renown_sources_and_no_ships_out():
    for players in (3, 4, 5):
        s = fresh(players, seed=3)
        n = len(s.tiles)
        assert s.docks == [-1] * (2 * n)  # two docks (Salvage, Moor) per island, all empty
        assert s.sources == [[0, 0, 0] for _ in range(players)]  # Relics, storms, Dead Calm losses
        assert s.renown == [0] * players
        # the ships come out when Placement starts; during the starting Claims nobody has any
        assert s.ships_left == [0] * players
        assert [v.ships_left for v in RULES.view(s, 0).seats] == [0] * players
        assert s.discarded == [-1] * players  # "-1 none yet" (Twin Charters' Keep)
        assert s.claims_left == [C.CLAIMS] * players and s.phase == CLAIMS


def test_the_starting_claims_in_reverse_turn_order_each_with_its_event():
    s = fresh(4, seed=3)
    seen = []
    while s.phase == CLAIMS:
        seat = RULES.to_act(s)[0]
        assert seat == s.order[s.turn]
        move = RULES.legal(s, seat)[0]
        ev = act(s, move, seat)
        i = move.island  # an Outer island's index
        assert not C.ISLANDS[s.tiles[i]].deep
        assert ev == [Event(f"{s.names[seat]} stakes a Claim on {C.ISLANDS[s.tiles[i]].name}.", seat,
                            kind="start-claim", data={"seat": seat, "island": i})]
        assert s.claims[i][seat] == 1 and s.claims_left[seat] == C.CLAIMS - 1
        seen.append(seat)
    assert seen == s.order[::-1]  # seed: "In reverse turn order"
    assert s.claims_left == [C.CLAIMS - 1] * 4 and sum(map(sum, s.claims)) == 4
    assert s.phase == PLACEMENT and s.ships_left == [C.SHIPS] * 4 and s.turn == 0
