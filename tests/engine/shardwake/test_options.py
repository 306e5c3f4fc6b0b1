"""Options: variants and the designer's first-adjustment knobs, from loose strings."""

from __future__ import annotations

import pytest

from engine import Match
from engine.games.shardwake import RULES

from .helpers import deep, fresh


def test_defaults():
    o = RULES.options_from({})
    assert (o.variant, o.fall_value, o.deep_slots, o.skiff, o.handshake_cap) == ("standard", 2, 3, "both", 6)


def test_loose_strings_and_dashes():
    o = RULES.options_from({"variant": "calm-skies", "fall-value": "3", "deep_slots": "4", "handshake-cap": "4",
                            "skiff": "choose"})
    assert (o.variant, o.fall_value, o.deep_slots, o.skiff, o.handshake_cap) == ("calm-skies", 3, 4, "choose", 4)


@pytest.mark.parametrize(
    "bad",
    [{"variant": "stormy"}, {"fall_value": "5"}, {"deep_slots": "2"}, {"skiff": "never"},
     {"handshake_cap": "lots"}, {"handshake_cap": "-1"}, {"colour": "red"}],
)
def test_bad_option_is_one_clear_line(bad):
    with pytest.raises(ValueError) as e:
        RULES.options_from(bad)
    assert "\n" not in str(e.value) and str(e.value)


def test_deep_slots_option_gives_deep_islands_4_slots():
    # seed: "or raise Deep Islands to 4 Crack slots"
    s = fresh(4, deep_slots="4")
    assert all(s.slots[i] == 4 for i in deep(s))


def test_twin_charters_needs_three_players():
    with pytest.raises(ValueError, match="3 players"):
        Match.new("shardwake", players=4, seed=1, options={"variant": "twin-charters"})
    Match.new("shardwake", players=3, seed=1, options={"variant": "twin-charters"})


def test_setup_refuses_an_out_of_range_options_struct():
    from engine.core.rules import Config
    from engine.games.shardwake.state import Options

    with pytest.raises(ValueError, match="handshake-cap must be a whole number from 0 to 25"):
        RULES.setup(Config(4, 1, Options(handshake_cap=40)))
