"""Match: legality, stale commands, undo policies, redo, seek, and a rules bug that must not corrupt."""

import pytest

from engine import IllegalMove, Match, StaleCommand, UndoRefused
from engine.games.pepper import Bid, Draw, Play


def _new(undo="turn", players=3, seed=11) -> Match:
    return Match.new("pepper", players=players, seed=seed, undo=undo, options={"rounds": 30})


def test_illegal_moves_are_refused_and_change_nothing():
    m = _new()
    before = m.state_hash()
    with pytest.raises(IllegalMove, match="not Blue's turn"):
        m.play(1, Draw())
    with pytest.raises(IllegalMove, match="not legal now"):
        m.play(0, Play(99))
    with pytest.raises(IllegalMove, match="not legal now"):
        m.play(0, Bid(1))
    with pytest.raises(IllegalMove):
        m.play(0, "draw")  # garbage from outside
    assert m.state_hash() == before and m.cursor == 0 and m.state_id == 0


def test_stale_commands_are_refused():
    m = _new()
    sid = m.state_id
    m.play(0, Draw(), state_id=sid)
    with pytest.raises(StaleCommand):
        m.play(1, Draw(), state_id=sid)
    m.play(1, Draw(), state_id=m.state_id)
    with pytest.raises(StaleCommand):
        m.undo(state_id=sid)


def test_undo_policy_off():
    m = _new("off")
    m.play(0, m.legal(0)[-1])
    ok, why = m.can_undo(0)
    assert not ok and "off" in why
    with pytest.raises(UndoRefused):
        m.undo(0)


def test_undo_policy_turn_stops_at_reveals_and_other_seats():
    m = _new("turn")
    play = next(mv for mv in m.legal(0) if isinstance(mv, Play))
    m.play(0, Draw())  # drawing reveals a card to seat 0
    assert m.can_undo(0) == (False, "something was revealed since (a draw or a secret)")
    m.play(1, next(mv for mv in m.legal(1) if isinstance(mv, Play)))
    ok, why = m.can_undo(0)
    assert not ok and "Blue has acted since" in why
    m2 = _new("turn")
    m2.play(0, play)
    # playing a card face up reveals it as well in Pepper
    assert not m2.can_undo(0)[0]


def test_undo_policy_turn_allows_a_secret_bid_before_others_bid():
    m = _new("turn", players=2)
    while m.state.phase != "bid":
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[-1])
    m.play(0, Bid(2))
    assert m.can_undo(0) == (True, "")
    assert not m.can_undo(1)[0]
    h = m.state_hash()
    m.undo(0)
    assert 0 in m.to_act()
    m.redo(0)
    assert m.state_hash() == h
    m.play(1, Bid(0))  # the reveal: now nobody can take the bid back
    assert not m.can_undo(1)[0]


def test_practice_undo_redo_and_cutting_the_redo_line():
    m = _new("practice")
    hashes = [m.state_hash()]
    for _ in range(40):
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
        hashes.append(m.state_hash())
    for k in range(40, 0, -1):
        m.undo()
        assert m.state_hash() == hashes[k - 1]
    for k in range(1, 41):
        m.redo()
        assert m.state_hash() == hashes[k]
    m.seek(10)
    seat = m.to_act()[0]
    m.play(seat, m.line[10].move)  # the same move again keeps the redo line
    assert len(m.line) == 40
    m.seek(10)
    seat = m.to_act()[0]
    other = [mv for mv in m.legal(seat) if mv != m.line[10].move][0]
    m.play(seat, other)  # a different move cuts it
    assert len(m.line) == 11 and not m.can_redo()[0]


def test_seek_and_state_at_do_not_replay_from_start():
    m = _new("practice", players=2, seed=3)
    hashes = [m.state_hash()]
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[-1])
        hashes.append(m.state_hash())
    from engine.core.codec import state_hash

    for k in range(len(hashes)):
        assert state_hash(m.state_at(k)) == hashes[k]
    m.seek(5)
    assert m.state_hash() == hashes[5] and m.cursor == 5
    with pytest.raises(ValueError):
        m.seek(len(hashes) + 3)


def test_a_rules_bug_leaves_the_state_as_it_was(monkeypatch):
    m = _new("practice")
    m.play(0, Draw())
    before = m.state_hash()
    rules = m.rules
    real = rules.apply

    def broken(s, seat, move, quiet=False):
        if seat != 1:
            return real(s, seat, move, quiet)
        s.scores[seat] += 1000
        raise RuntimeError("bug")

    monkeypatch.setattr(rules, "apply", broken)
    with pytest.raises(RuntimeError):
        m.play(1, Draw())
    monkeypatch.setattr(rules, "apply", real)
    assert m.state_hash() == before and m.cursor == 1


def test_new_checks_player_count_and_policy():
    with pytest.raises(ValueError, match="2–4 players"):
        Match.new("pepper", players=7)
    with pytest.raises(ValueError, match="undo policy"):
        Match.new("pepper", players=2, undo="sometimes")


def test_events_respect_visibility():
    m = _new("practice", players=2)
    m.play(0, Draw())
    drawn = m.state.hands[0][-1]
    mine = [e.text for e in m.events(0)]
    theirs = [e.text for e in m.events(1)]
    assert f"seat 0 draws {drawn}" in mine
    assert f"seat 0 draws {drawn}" not in theirs
    assert any("draws a card" in t for t in theirs)
    assert f"seat 0 draws {drawn}" not in [e.text for e in m.events(None)]


def test_an_old_save_whose_policy_is_free_loads_as_practice(tmp_path):
    m = _new("practice")
    m.header.undo = "free"  # what saves said before the policy was named practice
    path = tmp_path / "old.plank"
    m.save(path)
    loaded = Match.load(path)
    assert loaded.header.undo == "practice"
    assert Match.new("pepper", players=3, seed=1, undo="free").header.undo == "practice"
