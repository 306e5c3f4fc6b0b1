"""The Rules object's own small methods (issue 10 item 9: the mutants of rules/__init__.py that
survived the rule tests were setup without options, the check of options made directly and
the decision panel's label)."""

from __future__ import annotations

import pytest

from engine.core.options import OptionError
from engine.core.rules import Config
from engine.games.shards import RULES
from engine.games.shards.content import card_name
from engine.games.shards.state import PLAY_MOVES, Options
from tests.engine.shards.helpers import Cards, table


def test_setup_without_options_is_the_default_game():
    s = RULES.setup(Config(3, 7))
    assert s == RULES.setup(Config(3, 7, Options()))


def test_a_play_is_labelled_with_its_card():
    k = Cards()
    h11 = k("Honor 11")
    s = table(k, [[h11], [k("Honor 12")], [k("Honor 13")]], trump="Ruin")
    assert RULES.label(RULES.view(s, 0), PLAY_MOVES[h11]) == ("Play a card", card_name(h11))


def test_options_made_directly_are_checked_with_a_clear_message():
    with pytest.raises(OptionError, match="option shards must be"):
        RULES.check(3, Options(shards=["Nonsense"]))  # type: ignore[list-item]
