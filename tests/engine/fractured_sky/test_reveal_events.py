"""The reveal's events word by word: each hidden starfall, and each region's chips (with payloads
and a troop power that differs from them), its sides' troop power, its ranks and Mythtusk's
reward order, with every data field. Written to kill the mutants of rules/end_of_round.py's
``reveal_events`` that survived test_reveal.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules.end_of_round import reveal_events
from engine.games.fractured_sky.state import STAR_PUBLIC
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.helpers import fresh

NR = C.N_REGIONS


def _revealed():
    s = fresh(3, 4, payloads=True)
    n, ships = s.n, s.n * C.SHIPS
    s.hid_cards, s.hid_ship = [4], [4]  # side 1's second airship drew a hidden starfall for region 4
    s.ship_region = [-1] * ships
    s.ship_chip = [-1] * ships
    s.ship_power = [-1] * ships
    s.pl_ship = [[] for _ in range(ships)]
    s.power = [0] * (NR * n)
    s.ranks = [[] for _ in range(NR)]
    s.rw_ranks = [[] for _ in range(NR)]
    s.rewards = [[] for _ in range(NR)]
    s.starfalls = [0] * NR
    s.carry = [0] * NR
    s.ship_region[0], s.ship_chip[0], s.ship_power[0] = 2, 3, 3
    s.ship_region[4], s.ship_chip[4], s.pl_ship[4] = 2, 5, [0]
    s.ship_power[4] = 5 + C.PAYLOADS[0] + 3  # a power adds 3
    s.ship_region[7], s.ship_chip[7], s.ship_power[7] = 6, 0, 0
    s.power[2 * n + 0], s.power[2 * n + 1] = 3, 5 + C.PAYLOADS[0] + 3
    s.power[8 * n + 0] = 2  # a skimmer, no airship
    s.ranks[2], s.rw_ranks[2] = [1, 0], [0, 1]  # Mythtusk swapped the first two
    s.ranks[8], s.rw_ranks[8] = [0], [0]
    s.rewards[2] = [STAR_PUBLIC, 1]
    s.starfalls[2], s.carry[8] = 1, 1
    return s


def test_the_reveal_says_every_hidden_starfall_and_region():
    s = _revealed()
    a, b, c = (who(s, x) for x in range(3))
    hidden = [0] * NR
    hidden[4] = 1
    ev: list[Event] = []
    reveal_events(s, hidden, ev)
    p = C.PAYLOADS[0]
    big = 5 + p + 3

    def data(r, ships, ship_power, payloads, power, ranks, order, rewards, pub, hid, kept):
        return {"region": r, "ships": ships, "ship_power": ship_power, "payloads": payloads, "power": power,
                "ranks": ranks, "reward_order": order, "rewards": rewards, "public_starfalls": pub,
                "hidden_starfalls": hid, "kept": kept}

    assert ev == [
        Event(f"{b}'s hidden starfall drops in {region_name(4)}.", 1, reveal=True, kind="reveal_hidden",
              data={"side": 1, "card": 0, "region": 4}),
        Event(f"{region_name(2)}: chips {a} 3, {b} 5+{p} (power {big}); troop power {a} 3, {b} {big}; "
              f"ranks: {b} > {a} (Mythtusk: {a} > {b} take rewards).", reveal=True, kind="reveal_region",
              data=data(2, [[0, 0, 3], [1, 4, 5]], [3, big], [[], [p]], [3, big, 0], [1, 0], [0, 1],
                        [STAR_PUBLIC, 1], 1, 0, 0)),
        Event(f"{region_name(6)}: chips {c} 0; troop power {c} 0; ranks: nobody.", reveal=True, kind="reveal_region",
              data=data(6, [[2, 7, 0]], [0], [[]], [0, 0, 0], [], [], [], 0, 0, 0)),
        Event(f"{region_name(8)}: chips none; troop power {a} 2; ranks: {a}.", reveal=True, kind="reveal_region",
              data=data(8, [], [], [], [2, 0, 0], [0], [0], [], 0, 0, 1)),
    ]


def test_without_payloads_the_chips_are_the_tokens_alone():
    s = _revealed()
    s.payloads = False
    s.ship_power[4] = 5
    s.power[2 * s.n + 1] = 5
    ev: list[Event] = []
    reveal_events(s, [0] * NR, ev)
    a, b = who(s, 0), who(s, 1)
    assert ev[1].text.startswith(f"{region_name(2)}: chips {a} 3, {b} 5; troop power {a} 3, {b} 5; ")
    assert ev[1].data is not None and ev[1].data["payloads"] == [[], []]


def test_the_reveal_counts_each_hidden_starfall_and_each_airships_power():
    from engine.games.fractured_sky.rules.end_of_round import reveal
    from engine.games.fractured_sky.state import N_TALLY, STAR_HIDDEN, T_PAYLOAD_POWER

    s = fresh(3, 4, payloads=True)
    ships = s.n * C.SHIPS
    s.ship_region = [-1] * ships
    s.ship_chip = [-1] * ships
    s.pl_ship = [[] for _ in range(ships)]
    s.ship_region[0], s.ship_chip[0], s.pl_ship[0] = 0, 4, [0]  # region 0, with a payload
    s.hid_cards, s.hid_ship, s.hid_known = [3, 3], [0, 0], [1, 1]
    s.starfalls = [0] * NR
    s.tally[T_PAYLOAD_POWER] = 2
    reveal(s, None)
    assert s.rewards[3][:2] == [STAR_HIDDEN, STAR_HIDDEN] and STAR_HIDDEN not in s.rewards[3][2:]
    assert s.ship_power[0] == 4 + C.PAYLOADS[0] and s.ship_power[1:] == [-1] * (ships - 1)
    assert s.tally[0 * N_TALLY + T_PAYLOAD_POWER] == 2 + C.PAYLOADS[0]
    assert s.power[0 * s.n + 0] == 4 + C.PAYLOADS[0] and s.ranks[0] == [0]


def test_the_round_end_says_the_flagships_return_only_with_flagships():
    from engine.games.fractured_sky.rules.end_of_round import finish_cleanup

    for flagships in (True, False):
        s = fresh(3, 4, flagships=flagships)
        ev: list[Event] = []
        finish_cleanup(s, ev)
        line = Event("Flagships: every board returns to the centre of the table.", kind="flagships_return")
        assert (ev[0] == line) is flagships and (line in ev) is flagships
