"""The table: automa seats from the player count, wrong options and counts as one-line errors."""

from __future__ import annotations

import pytest

from engine import Match
from engine.cli import main
from engine.core.options import OptionError
from engine.games.fractured_sky import RULES


@pytest.mark.parametrize("players,kinds", [
    (1, ["person", "automa", "automa"]),
    (2, ["person", "person", "automa"]),
    (3, ["person", "person", "person"]),
    (5, ["person"] * 5),
])
def test_a_match_seats_the_automa_for_one_or_two_players(players, kinds):
    m = Match.new("fractured-sky", players=players, seed=1)
    assert [s.kind for s in m.header.seats] == kinds
    assert m.header.players == len(kinds)
    assert m.header.options.get("automa", 0) == kinds.count("automa")
    assert len({s.name for s in m.header.seats}) == len(kinds)


def test_aliases_find_the_game():
    for name in ("fractured-sky", "fractured", "fractured-sky-awakening"):
        assert Match.new(name, players=3, seed=1).rules is RULES


def test_a_saved_solo_game_loads_as_the_same_table(tmp_path):
    m = Match.new("fractured-sky", players=1, seed=4)
    while m.cursor < 12:
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
    path = tmp_path / "solo.plank"
    m.save(path)
    again = Match.load(path)
    assert again.state_hash() == m.state_hash()
    assert [s.kind for s in again.header.seats] == ["person", "automa", "automa"]


@pytest.mark.parametrize("players,options,words", [
    (1, {"automa": "1"}, "with 1 player the automa plays 2 sides"),
    (2, {"automa": "2"}, "with 2 players the automa plays 1 side"),
    (4, {"automa": "1"}, "only joins 1 or 2 players"),
    (3, {"automa": "3"}, "automa must be a whole number from 0 to 2"),
    (3, {"automa": "lots"}, "automa must be a whole number from 0 to 2"),
    (3, {"guardians": "yes"}, "has no option 'guardians'"),
    (6, {}, "is for 1–5 players, not 6"),
    (0, {}, "is for 1–5 players, not 0"),
])
def test_a_wrong_option_or_count_is_a_one_line_error(players, options, words):
    with pytest.raises(OptionError) as err:
        Match.new("fractured-sky", players=players, seed=1, options=options)
    text = str(err.value)
    assert words in text and "\n" not in text


def test_the_command_line_says_it_in_one_line(capsys):
    code = main(["selfplay", "fractured-sky", "--players", "4", "--option", "automa=1", "--games", "1"])
    err = capsys.readouterr().err
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and "automa" in err


def test_one_player_selfplay_plays_the_automa(capsys):
    code = main(["selfplay", "fractured-sky", "--players", "1", "--games", "1", "--bots", "heuristic",
                 "--jobs", "1", "--json"])
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert '"automa"' in lines[0]
