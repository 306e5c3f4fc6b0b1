"""What the table sees of setup, event by event: the islands, the turn order, each secret Agenda (to
its holder only) and, in Calm Skies, the three storms. Written to kill the mutants that survived the
setup tests in test_setup.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.setup import setup_events
from engine.games.shardwake.text import who

from .helpers import fresh


def test_setup_events_name_the_islands_the_order_and_each_agenda_to_its_holder():
    s = fresh(4, seed=5)
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.LEDGER], [C.SYNDICATE]]
    ev = setup_events(s)
    tiles = [C.ISLANDS[t] for t in s.tiles]
    islands = ", ".join(f"{t.name} ({'Deep' if t.deep else 'Outer'})" for t in tiles)
    assert ev[0] == Event(f"Islands: {islands}", kind="islands",
                          data={"islands": [t.name for t in tiles], "deep": [t.deep for t in tiles]})
    assert "(Deep)" in islands and "(Outer)" in islands
    assert ev[1] == Event("Turn order: " + ", ".join(who(s, x) for x in s.order), reveal=True, kind="order",
                          data={"round": 1, "order": list(s.order)})
    assert ev[2:] == [
        Event(f"{who(s, seat)}'s secret Agenda: {C.GUILDS[s.agendas[seat][0]]}", seat, (seat,), True, "agenda",
              {"seat": seat, "guilds": [C.GUILDS[s.agendas[seat][0]]]})
        for seat in range(4)
    ]


def test_twin_charters_names_both_agendas_and_calm_skies_the_three_storms():
    s = fresh(3, seed=6, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.COVENANT], [C.LEDGER, C.SYNDICATE]]
    ev = setup_events(s)
    assert ev[2].text == f"{who(s, 0)}'s secret Agenda: Chasm Syndicate and Gilded Ledger"
    assert ev[2].data == {"seat": 0, "guilds": ["Chasm Syndicate", "Gilded Ledger"]}
    assert len(ev) == 5  # no storms announced outside Calm Skies
    s = fresh(4, seed=7, variant="calm-skies")
    ev = setup_events(s)
    storms = [{"name": C.storm_of(c).name, "threshold": C.threshold(c, 4)} for c in s.forecast]
    assert len(storms) == 3
    assert ev[-1] == Event("Calm Skies: the three storms are "
                           + ", ".join(f"{x['name']} (Threshold {x['threshold']})" for x in storms),
                           reveal=True, kind="storm", data={"what": "calm-skies", "storms": storms})
