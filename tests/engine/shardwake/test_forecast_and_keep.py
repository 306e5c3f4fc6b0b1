"""The Forecast in each variant and Twin Charters' Agenda discard, step by step with their words,
data and audience. Written to kill the mutants that survived the rule tests in test_storms.py and
test_variants.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.end import keep_agenda
from engine.games.shardwake.rules.storm import storm_forecast
from engine.games.shardwake.state import DISCARD
from engine.games.shardwake.text import who

from .helpers import to_placement


def test_the_standard_forecast_reveals_the_top_card_with_its_threshold_and_fail_effect():
    s = to_placement(4, seed=3)
    s.round = 1
    s.knows_top = [0, 1, 0, 0]  # seat 1 looked at the top card at the Weather Station
    card = s.storm_deck[-1]
    deck = len(s.storm_deck)
    ev: list[Event] = []
    storm_forecast(s, ev)
    st = C.storm_of(card)
    need = C.threshold(card, 4)
    assert s.forecast == [card] and len(s.storm_deck) == deck - 1
    assert s.knows_forecast == [0, 1, 0, 0] and s.knows_top == [0, 0, 0, 0]
    assert ev == [Event(f"Forecast: {st.name}, Threshold {need}; if it fails: {st.fail_text}.", reveal=True,
                        kind="storm", data={"what": "forecast", "storm": st.name, "threshold": need})]


def test_twin_charters_announces_only_the_name():
    s = to_placement(3, seed=3, variant="twin-charters")
    s.round = 1
    card = s.storm_deck[-1]
    ev: list[Event] = []
    storm_forecast(s, ev)
    name = C.storm_of(card).name
    assert s.forecast == [card]
    assert ev == [Event(f"Forecast (face down): {name}. Its Threshold stays hidden until the bids.", reveal=True,
                        kind="storm", data={"what": "forecast", "storm": name, "threshold": -1})]


def test_calm_skies_names_the_next_of_its_three_storms_and_draws_nothing():
    s = to_placement(4, seed=3, variant="calm-skies")
    forecast, deck = list(s.forecast), list(s.storm_deck)
    for rnd, k in ((1, 0), (3, 1), (5, 2)):
        s.round = rnd
        ev: list[Event] = []
        storm_forecast(s, ev)
        name = C.storm_of(forecast[k]).name
        assert ev == [Event(f"Forecast: {name} strikes next round.", kind="storm",
                            data={"what": "forecast", "storm": name, "threshold": C.threshold(forecast[k], 4)})]
    assert s.forecast == forecast and s.storm_deck == deck


def test_keeping_an_agenda_is_public_which_one_only_to_its_holder():
    s = to_placement(3, seed=4, variant="twin-charters")
    s.agendas = [[C.SYNDICATE, C.LEDGER], [C.COVENANT, C.SYNDICATE], [C.LEDGER, C.COVENANT]]
    s.round = 3
    s.phase = DISCARD
    s.discarded = [-1, -1, -1]
    ev: list[Event] = []
    keep_agenda(s, 0, 1, ev)
    assert s.discarded == [0, -1, -1] and s.phase == DISCARD and s.round == 3  # the others still choose
    assert ev == [
        Event(f"{who(s, 0)} discards an Agenda face down.", 0, kind="keep", data={"seat": 0}),
        Event(f"{who(s, 0)} keeps Gilded Ledger.", 0, (0,), kind="keep", data={"seat": 0, "guild": "Gilded Ledger"}),
    ]
    keep_agenda(s, 1, 0, None)
    assert s.discarded == [0, 1, -1] and s.round == 3
    keep_agenda(s, 2, 1, [])
    assert s.discarded == [0, 1, 0] and s.round == 4 and s.phase != DISCARD  # Round 4 begins
