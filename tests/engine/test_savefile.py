"""The .plank format: every kind of damage gets one clear line, or a load that keeps the good part."""

import msgspec
import pytest

from engine import Match, SaveError
from engine.bots import RandomBot, decision_for
from engine.core import savefile
from engine.core.codec import state_hash
from engine.core.rng import Rng


def _played(seed=1, players=3, undo="practice") -> Match:
    m = Match.new("pepper", players=players, seed=seed, undo=undo)
    bot, rng = RandomBot(seed=seed), Rng(seed)
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, bot.choose(decision_for(m.rules, m.state, seat, rng)))
    return m


@pytest.fixture(scope="module")
def game():
    m = _played()
    return m, savefile.MAGIC + bytes([savefile.FORMAT]), b"".join(m._file_chunks())


def _prefix_hashes(m: Match) -> list[str]:
    return [state_hash(m.state_at(k)) for k in range(m.cursor + 1)]


def test_round_trip(game, tmp_path):
    m, _, data = game
    loaded = Match.from_bytes(data)
    assert loaded.state_hash() == m.state_hash()
    assert [(p.seat, p.move) for p in loaded.moves] == [(p.seat, p.move) for p in m.moves]
    assert loaded.warnings == [] and loaded.result() == m.result()


def test_truncation_at_every_byte(game):
    m, _, data = game
    hashes = _prefix_hashes(m)
    header_end = len(savefile.file_start(m.header))
    for cut in range(len(data)):
        try:
            loaded = Match.from_bytes(data[:cut], "cut.plank")
        except SaveError as e:
            assert cut < header_end, f"cut at {cut}: a save with a whole header must load ({e})"
            assert "\n" not in str(e) and "cut.plank" in str(e)
            continue
        assert cut >= header_end
        assert loaded.state_hash() == hashes[loaded.cursor]
        frame_boundary = any(cut == len(b"".join(m._file_chunks()[: i + 1])) for i in range(m.cursor + 1))
        assert bool(loaded.warnings) != frame_boundary, f"cut at {cut}: warning expected only mid-record"


def test_flipped_bytes_never_load_wrong_data(game):
    m, _, data = game
    hashes = _prefix_hashes(m)
    for pos in range(len(data)):
        damaged = bytearray(data)
        damaged[pos] ^= 0xFF
        try:
            loaded = Match.from_bytes(bytes(damaged), "flip.plank")
        except SaveError as e:
            assert "\n" not in str(e)
            continue
        # only a damaged last record may be dropped, with a warning; the rest is intact
        assert loaded.warnings, f"flip at {pos} loaded silently"
        assert loaded.cursor == m.cursor - 1
        assert loaded.state_hash() == hashes[loaded.cursor]


def test_random_bytes_empty_and_foreign_files(tmp_path):
    rng = Rng(99)
    for n in (1, 5, 64, 4096):
        blob = bytes(rng.below(256) for _ in range(n))
        with pytest.raises(SaveError):
            Match.from_bytes(blob)
    with pytest.raises(SaveError, match="empty"):
        Match.from_bytes(b"")
    with pytest.raises(SaveError, match="not a Gangplank save"):
        Match.from_bytes(msgspec.msgpack.encode({"game": "shards", "moves": [1, 2, 3]}))
    with pytest.raises(SaveError, match="not a Gangplank save"):
        Match.from_bytes(b"PK\x03\x04 a zip file")
    with pytest.raises(SaveError, match="no such file"):
        Match.load(tmp_path / "missing.plank")
    with pytest.raises(SaveError, match="directory"):
        Match.load(tmp_path)


def _forged(m: Match, keep: int, *records) -> bytes:
    """The first ``keep`` moves of ``m`` and then other records, chained as a forger would."""
    w = savefile.Writer(m.header)
    out = [w.start()]
    for p in m.moves[:keep]:
        out.append(w.record(savefile.MoveRecord(p.seat, p.move, 0, p.hash32, p.by)))
    for fields in records:
        payload = msgspec.msgpack.encode([*fields, bytes(savefile.LINK)])[: -savefile.LINK]
        w.link = savefile._link(w.link, payload)
        out.append(savefile.frame(payload + w.link))
    return b"".join(out)


def test_other_msgpack_inside_a_valid_frame(game):
    _, start, _ = game
    with pytest.raises(SaveError, match="header"):
        Match.from_bytes(start + savefile.frame(msgspec.msgpack.encode([1, 2, 3])))
    m = _played(seed=2)
    with pytest.raises(SaveError, match="unknown shape"):
        Match.from_bytes(_forged(m, 2, ["x", 1, 2]))
    with pytest.raises(SaveError, match="no Pepper move"):
        Match.from_bytes(_forged(m, 2, [0, ["nope"], 0, 0, ""]))
    with pytest.raises(SaveError, match="unknown shape"):
        Match.from_bytes(_forged(m, 2, [0, [1], 0, 0]))  # a format 1 record in a format 2 file


def test_newer_format_and_unknown_game(game):
    m, _, data = game
    newer = savefile.MAGIC + bytes([savefile.FORMAT + 1]) + data[len(savefile.MAGIC) + 1 :]
    with pytest.raises(SaveError, match="newer Gangplank"):
        Match.from_bytes(newer)
    h = msgspec.structs.replace(m.header, game="chess")
    with pytest.raises(SaveError, match="does not know"):
        Match.from_bytes(savefile.file_start(h))


def test_tampered_move_is_caught_by_hash(game):
    m, _, _ = game
    # a forger who rebuilds the chain still meets the state hashes
    w = savefile.Writer(m.header)
    out = [w.start()]
    for i, p in enumerate(m.moves):
        out.append(w.record(savefile.MoveRecord(p.seat, p.move, 0, p.hash32 ^ (i == 2), p.by)))
    bad = b"".join(out)
    with pytest.raises(SaveError, match="move 3: the state differs"):
        Match.from_bytes(bad)
    lenient = Match.from_bytes(bad, strict=False)
    assert len(lenient.problems) == 1 and "move 3" in lenient.problems[0]
    assert lenient.cursor == m.cursor


def test_autosave_appends_each_move_and_survives_a_kill(tmp_path):
    path = tmp_path / "auto.plank"
    m = Match.new("pepper", players=2, seed=5, undo="practice")
    m.autosave_to(path)
    sizes = [path.stat().st_size]
    bot, rng = RandomBot(seed=1), Rng(1)
    for _ in range(6):
        seat = m.to_act()[0]
        m.play(seat, bot.choose(decision_for(m.rules, m.state, seat, rng)))
        sizes.append(path.stat().st_size)  # flushed: visible to another reader at once
    assert all(b > a for a, b in zip(sizes, sizes[1:], strict=False))
    m.undo()
    m.undo()
    assert Match.load(path).state_hash() == m.state_hash()
    seat = m.to_act()[0]
    m.play(seat, m.legal(seat)[-1])
    # a torn write: the last frame only half on disk
    data = path.read_bytes()
    path.write_bytes(data[:-3])
    torn = Match.load(path)
    assert torn.cursor == m.cursor - 1 and torn.warnings
    assert torn.state_hash() == state_hash(m.state_at(m.cursor - 1))
    m.stop_autosave()


def test_save_is_atomic_and_overwrites(tmp_path):
    m = _played(seed=3)
    path = tmp_path / "a" / "b.plank"
    m.save(path)
    m.save(path)
    assert Match.load(path).state_hash() == m.state_hash()
    assert [p.name for p in path.parent.iterdir()] == ["b.plank"]
