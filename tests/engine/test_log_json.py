"""``gangplank log FILE --json``: the record of a game speaks in names and carries its machine form
(docs/log-json.md)."""

from __future__ import annotations

import json
import re

import pytest

from engine import Match
from engine.cli import main
from engine.core.rng import Rng

GAMES = [("shards", 3, 5), ("shardwake", 4, 6), ("shardwake", 3, 7), ("pepper", 3, 8)]


def _play(game: str, players: int, seed: int, moves: int | None = None) -> Match:
    options = {"variant": "twin-charters"} if (game, players) == ("shardwake", 3) else None
    m = Match.new(game, players=players, seed=seed, options=options, undo="practice")
    rng = Rng.seeded(seed)
    while not m.is_over() and (moves is None or m.cursor < moves):
        seat = m.to_act()[rng.below(len(m.to_act()))]
        legal = m.legal(seat)
        m.play(seat, legal[rng.below(len(legal))])
    return m


def _log(path, capsys) -> dict:
    assert main(["log", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _events(doc: dict) -> list[dict]:
    return [*doc["setup"], *(e for mv in doc["moves"] for e in mv["events"])]


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_a_finished_games_events_name_their_seats_and_carry_a_kind(game, players, seed, tmp_path, capsys):
    m = _play(game, players, seed)
    path = tmp_path / "done.plank"
    m.save(path)
    doc = _log(path, capsys)
    assert doc["finished"] and doc["header"]["seed"] == seed and doc["result"]["scores"]
    events = _events(doc)
    assert len(events) > len(doc["moves"]) // 2
    private = 0
    for e in events:
        assert set(e) == {"text", "seat", "kind", "data", "to"}
        assert "You " not in e["text"] and not re.search(r"\byour?\b", e["text"], re.I), e["text"]
        assert e["kind"], f"an event without a kind: {e['text']}"
        assert isinstance(e["data"], dict)
        if e["seat"] >= 0:
            assert e["data"].get("seat") == e["seat"], e
        if e["to"] is not None:
            private += 1
    assert private > 0, "a finished game's record shows the private events too"
    # every move in its machine form, once the game is over
    for mv in doc["moves"]:
        assert mv["move"]["type"] in {t.__name__ for t in m.rules.Move.__args__}


@pytest.mark.parametrize("game, players, seed", GAMES[:2])
def test_an_unfinished_games_log_withholds_every_secret(game, players, seed, tmp_path, capsys):
    m = _play(game, players, seed, moves=30)
    path = tmp_path / "half.plank"
    m.save(path)
    doc = _log(path, capsys)
    assert not doc["finished"] and doc["header"]["seed"] is None and "start_hash" not in doc["header"]
    assert all("move" not in mv for mv in doc["moves"])
    assert all(e["to"] is None for e in _events(doc))
