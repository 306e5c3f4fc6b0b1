"""Variants: Calm Skies and Twin Charters, exactly as written."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.cracks import crack
from engine.games.shardwake.rules.end import cleanup, game_end
from engine.games.shardwake.rules.storm import storm_forecast, storm_phase
from engine.games.shardwake.state import ACCUSE, BIDDING, DISCARD, OVER, Accuse, Bid, Keep, Place

from .helpers import act, current, fresh, harbor, to_placement, visible_text


def test_calm_skies_removes_the_charter_office_and_weather_station():
    # seed: "Remove the Charter Office and the Weather Station."
    s = to_placement(4, variant="calm-skies")
    legal = RULES.legal(s, current(s))
    assert Place(harbor("charter_office")) not in legal and Place(harbor("weather_station")) not in legal
    v = RULES.view(s, None)
    assert {h.key for h in v.harbor if not h.open} == {"charter_office", "weather_station", "drydock"}  # drydock: 5 only


def test_calm_skies_reveals_all_three_storms_at_setup():
    # seed: "Reveal all three Storm cards at setup so players can plan ahead."
    s = fresh(4, variant="calm-skies")
    assert len(s.forecast) == 3
    v = RULES.view(s, None)
    assert [f.round for f in v.forecast] == [2, 4, 6] and all(f.threshold > 0 for f in v.forecast)
    assert any(e.reveal and "Calm Skies" in e.text for e in RULES.setup_events(s))


def test_calm_skies_strikes_use_the_revealed_cards_in_order():
    s = to_placement(4, variant="calm-skies")
    first = s.forecast[0]
    s.round = 2
    storm_phase(s, None)
    assert s.phase == BIDDING
    for seat in range(4):
        act(s, Bid(0), seat)
    assert s.storm_log[-1][1] == first
    assert [f.round for f in RULES.view(s, None).forecast] == [4, 6]


def test_calm_skies_skips_accusations_and_agendas_stay_hidden_until_the_end():
    # seed: "Skip Accusations. Agendas stay hidden until the end."
    s = to_placement(4, variant="calm-skies")
    assert RULES.view(s, 1).revealed_agendas == []
    game_end(s, None)
    assert s.phase == OVER and RULES.to_act(s) == ()
    r = RULES.result(s)
    assert all("Accusation" not in label and "Secret" not in label for line in r.breakdown for label, _ in line)


def test_twin_charters_deals_two_agendas_each():
    # seed: "At setup, deal each player 2 Agenda cards."
    s = fresh(3, variant="twin-charters")
    assert all(len(a) == 2 for a in s.agendas)
    assert sorted(g for a in s.agendas for g in a) == sorted(C.AGENDA_DECK)


def test_twin_charters_secret_discard_at_the_end_of_round_3():
    # seed: "At the end of Round 3, secretly discard one; you score only the one you keep."
    s = to_placement(3, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.LEDGER], [C.SYNDICATE, C.COVENANT]]
    s.round = 3
    cleanup(s, None)
    assert s.phase == DISCARD and RULES.to_act(s) == (0, 1, 2)
    ev = act(s, Keep(1), 0)
    assert "Ledger" not in visible_text(ev, 1) and "Ledger" in visible_text(ev, 0)
    assert RULES.view(s, 1).seats[0].has_kept and RULES.view(s, 1).kept == -1
    assert RULES.view(s, 0).kept == C.LEDGER
    act(s, Keep(0), 1)
    act(s, Keep(0), 2)
    assert s.round == 4
    from engine.games.shardwake.scoring import kept
    assert [kept(s, x) for x in range(3)] == [C.LEDGER, C.COVENANT, C.SYNDICATE]


def test_twin_charters_threshold_hidden_until_after_the_bids():
    # seed: "The Forecast card is placed face-down, and only its name is announced. Reveal the Threshold after the bids."
    s = to_placement(3, variant="twin-charters")
    top = s.storm_deck[-1]
    storm_forecast(s, None)
    assert s.forecast == [top]
    v = RULES.view(s, 0)
    assert v.forecast[0].name == C.storm_of(top).name and v.forecast[0].threshold == -1 and v.forecast[0].face_down
    # the other copy might be the one on the table, as far as a player knows
    copies = {RULES.determinize(s, 0, Rng.seeded(k)).forecast[0] for k in range(40)}
    assert copies <= {top, top ^ 1} and (len(copies) == 2 or (top ^ 1) not in s.storm_deck)
    s.round = 2
    storm_phase(s, None)
    ev = []
    for seat in range(3):
        ev = act(s, Bid(0), seat)
    assert any(e.reveal and f"Threshold {C.threshold(top, 3)}" in e.text for e in ev)
    assert RULES.view(s, 1).history.storms[-1].threshold == C.threshold(top, 3)


def test_twin_charters_weather_station_shows_the_face_down_forecast():
    s = to_placement(3, variant="twin-charters")
    storm_forecast(s, None)
    seat = current(s)
    act(s, Place(harbor("weather_station")))
    card = s.forecast[0]
    assert RULES.view(s, seat).storm_peek == [card, C.threshold(card, 3)]
    other = (seat + 1) % 3
    assert RULES.view(s, other).storm_peek == []
    # the visitor's knowledge survives its own determinization
    assert all(RULES.determinize(s, seat, Rng.seeded(k)).forecast[0] == card for k in range(10))


def test_twin_charters_accusations_name_player_and_kept_guild_for_4():
    # seed: "Accusations must name both a player and their Guild. Correct accusations earn +4."
    s = to_placement(3, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.LEDGER], [C.SYNDICATE, C.COVENANT]]
    s.discarded = [0, 1, 0]  # kept: Ledger, Covenant, Covenant
    game_end(s, None)
    assert s.phase == ACCUSE
    act(s, Accuse(1, C.COVENANT), 0)  # right
    act(s, Accuse(0, C.SYNDICATE), 1)  # the discarded card: wrong
    act(s, Accuse(0, C.LEDGER), 2)  # right
    r = RULES.result(s)
    acc = [x["accusations"] for x in r.details["sources"]]
    assert acc == [4 + 0, 0 + 0, 4 + 2]


def test_twin_charters_a_game_ending_early_still_keeps_one_agenda():
    s = to_placement(3, variant="twin-charters")
    for i in range(len(s.tiles) - 2):
        crack(s, i, 4, -1, None)
    cleanup(s, None)
    assert s.phase == DISCARD
    for seat in range(3):
        act(s, RULES.legal(s, seat)[0], seat)
    assert s.phase == ACCUSE
