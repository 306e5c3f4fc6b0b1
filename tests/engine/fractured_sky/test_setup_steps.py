"""Setup and the round start step by step: the table's refusals in words, each expansion's setup,
the starting gold by turn order, and the setup and round-start events of every expansion with
their exact words, kind, data and reveal flag. Written to kill the mutants of rules/setup.py that
survived test_setup.py, test_options.py and test_awakening.py (docs/mutation.md)."""

from __future__ import annotations

import pytest

from engine.core.options import OptionError
from engine.core.rules import Config, Event
from engine.games.fractured_sky import RULES
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.rules import setup as SU
from engine.games.fractured_sky.state import Options
from engine.games.fractured_sky.text import region_name, who
from tests.engine.fractured_sky.helpers import fresh

NR = C.N_REGIONS


def _expected_start(s) -> list[Event]:
    ev = []
    if s.guardians:
        for k, g in enumerate(s.gd_card):
            if g >= 0:
                ev.append(Event(f"{C.GUARDIANS[g].name} starts this round in {region_name(s.gd_start[k])}'s "
                                "explore slot.", reveal=True, kind="guardian_start",
                                data={"guardian": g, "slot": k, "region": s.gd_start[k]}))
    ev.append(Event(f"Round {s.round}: the public starfall drops in {region_name(s.public)}.", reveal=True,
                    kind="public_starfall", data={"round": s.round, "region": s.public}))
    if s.objectives:
        obj = C.OBJECTIVES[s.objectives[s.round - 1]]
        ev.append(Event(f"This round's objective: {obj.name} — {obj.text}", kind="objective_card",
                        data={"round": s.round, "card": s.objectives[s.round - 1]}))
    return ev


def test_the_base_games_setup_events():
    s = fresh(3, 4)
    names = ", ".join(who(s, x) for x in s.order)
    cards = "; ".join(f"round {k + 1}: {C.OBJECTIVES[c].name}" for k, c in enumerate(s.objectives))
    assert SU.setup_events(s) == [
        Event(f"Objectives: {cards}", kind="objectives", data={"cards": list(s.objectives)}),
        Event(f"Turn order: {names}; each side starts with 1 more gold for every side ahead of it.", kind="order",
              data={"order": list(s.order)}),
        *_expected_start(s),
    ]
    assert len(s.objectives) == C.ROUNDS and "round 1: " in cards and f"round {C.ROUNDS}: " in cards


def test_later_sides_start_with_more_gold():
    s = fresh(4, 6)
    base = C.START_RESOURCES[C.GOLD]
    for k, x in enumerate(s.order):
        assert s.res[x * 3 + C.GOLD] == base + k * C.START_GOLD_PER_PLACE


def test_the_payloads_setup_event():
    s = fresh(3, 4, payloads=True)
    ev = SU.setup_events(s)
    regions = [r for r in range(NR) if s.pl_region[r] >= 0]
    assert regions == list(range(NR))  # region 0 too
    assert ev[2] == Event(f"Payloads: one face down in every region; {len(s.pl_supply)} left beside the board.",
                          kind="payload_setup", data={"regions": regions, "supply": len(s.pl_supply)})


def test_the_flagships_setup_event():
    s = fresh(3, 4, flagships=True)
    ev = SU.setup_events(s)
    text = ", ".join(f"{b.name} {'AB'[s.fl_face[k]]} ({C.power_name(k * 2 + s.fl_face[k])})"
                     for k, b in enumerate(C.FLAGSHIPS))
    assert ev[2] == Event(f"Flagships: {text}.", kind="flagship_setup", data={"faces": list(s.fl_face)})


def test_the_guardians_setup_event_and_their_starts():
    s = fresh(3, 4, guardians=True)
    ev = SU.setup_events(s)
    a, b = (C.GUARDIANS[g].name for g in s.gd_card)
    assert ev[2] == Event(f"Guardians in play: {a} (left), {b} (right).", reveal=True, kind="guardian_setup",
                          data={"guardians": list(s.gd_card)})
    starts = [e for e in ev if e.kind == "guardian_start"]
    assert len(starts) == 2 and starts == _expected_start(s)[:2] and ev[3:5] == starts


@pytest.mark.parametrize("rift", [False, True])
def test_the_bounties_setup_event_with_or_without_the_rift(rift):
    s = fresh(3, 4, bounties=True, rift=rift)
    assert s.bounties and s.rift is rift and s.objectives == []
    assert s.haul == [0] * (NR * s.n) and len(s.bounty) == C.BOUNTY_SLOTS
    ev = SU.setup_events(s)
    text = "; ".join(C.BOUNTIES[b].name + (f" (Rift starfall worth {s.rift_on[k]})" if s.rift_on[k] else "")
                     for k, b in enumerate(s.bounty))
    assert ev[1] == Event(f"Bounties, left to right: {text}.", kind="bounties",
                          data={"cards": list(s.bounty), "rift": list(s.rift_on)})
    if rift:
        assert all(s.rift_on) and "Rift starfall worth" in text
    else:
        assert s.rift_on == [0] * C.BOUNTY_SLOTS and "Rift" not in text


def test_the_rift_with_guardians_alone_has_its_whole_pile():
    s = fresh(3, 4, guardians=True, rift=True)
    assert C.CLOUDSEER not in s.gd_card and s.cloud_star == 0  # (this seed: nothing drawn from the pile yet)
    assert s.rift and not s.bounties and sorted(s.rift_pile) == sorted(C.RIFT_STARFALLS)


def test_the_automa_reveals_its_card_each_round():
    s = fresh(1, 4)
    assert s.automa == 2 and s.n == 3
    ev = SU.round_start_events(s)
    autos = [e for e in ev if e.kind == "automa_card"]
    want = []
    for side in (1, 2):
        card = C.AUTOMA_DECK[s.ai_card[side]]
        want.append(Event(f"{who(s, side)} (automa) reveals {card.name}: power {'/'.join(map(str, card.values))}.",
                          side, reveal=True, kind="automa_card", data={"side": side, "card": s.ai_card[side]}))
    assert autos == want and s.ai_card[0] == -1


def test_cloudseers_starfall_is_announced_with_its_worth_under_the_rift():
    for rift in (False, True):
        s = fresh(3, 4, guardians=True, rift=rift)
        s.gd_card = [C.CLOUDSEER, C.CRAGJAW]
        s.cloud_star = 3 if rift else 1
        ev = [e for e in SU.round_start_events(s) if e.kind == "cloudseer_starfall"]
        text = "Cloudseer's card holds a Rift starfall worth 3." if rift else "Cloudseer's card holds a starfall."
        assert ev == [Event(text, kind="cloudseer_starfall", data={"worth": s.cloud_star})]
        s.cloud_star = 0
        assert not any(e.kind == "cloudseer_starfall" for e in SU.round_start_events(s))


@pytest.mark.parametrize(("players", "opts", "words"), [
    (0, {}, "Fractured Sky is for 1–5 players, not 0"),
    (6, {}, "Fractured Sky is for 1–5 players, not 6"),
    (1, {"automa": 1}, "Fractured Sky option automa: with 1 player the automa plays 2 sides (automa=2), not 1"),
    (2, {"automa": 2}, "Fractured Sky option automa: with 2 players the automa plays 1 side (automa=1), not 2"),
    (4, {"automa": 1}, "Fractured Sky option automa: the automa only joins 1 or 2 players at a table of 3 sides, "
                       "not 4"),
    (1, {"payloads": True}, "Fractured Sky option payloads: payloads are for 2–5 players, not solo "
                            "(the document: Players: 2-5)"),
    (1, {"bounties": True}, "Fractured Sky option bounties: bounties are for 2–5 players, not solo "
                            "(the document: Players: 2-5)"),
    (3, {"rift": True}, "Fractured Sky option rift: Rift starfalls lie on the bounties and on Cloudseer's card; "
                        "switch on bounties or guardians too"),
])
def test_the_table_refuses_in_words(players, opts, words):
    with pytest.raises(OptionError) as err:
        SU.table(players, Options(**opts))
    assert str(err.value) == words


def test_the_table_of_sides():
    assert SU.table(1, None) == (3, Options(automa=2))
    assert SU.table(2, {"payloads": True}) == (3, Options(automa=1, payloads=True))
    assert SU.table(3, Options(automa=2)) == (3, Options(automa=2))  # a saved solo game
    assert SU.table(5, None) == (5, Options())
    SU.table(2, Options(automa=1, bounties=True))  # two people may play bounties


def test_names_given_and_seat_names_after_them():
    s = SU.setup(Config(3, 2, Options(), names=["Ann"]))
    t = SU.setup(Config(3, 2, Options()))
    assert s.names == ["Ann", *t.names[1:]] and t.names[0] != "Ann"
    assert RULES.setup(Config(3, 2, None)) == RULES.setup(Config(3, 2, Options()))


def test_guardian_0_and_an_empty_slot_at_the_round_start():
    s = fresh(3, 4, guardians=True)
    s.gd_card, s.gd_start = [C.CINDERWING, -1], [5, -1]
    ev = [e for e in SU.round_start_events(s) if e.kind == "guardian_start"]
    assert ev == [Event(f"{C.GUARDIANS[0].name} starts this round in {region_name(5)}'s explore slot.", reveal=True,
                        kind="guardian_start", data={"guardian": 0, "slot": 0, "region": 5})]
