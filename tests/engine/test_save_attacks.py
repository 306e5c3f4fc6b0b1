"""Saves made by an attacker or a careless disk: each is refused on one line, fast, or loads what is sound.

Issue 9's drill, items 7, 8, 11, 12, 13, 14 and 16: deep nesting, a stalling resynchronisation,
a header that does not match its game, a record that vanished, a seek that wrote what the loader
refused, a damaged file called "ok", and autosaves that were never fsynced.
"""

from __future__ import annotations

import os
import zlib

import msgspec
import pytest

from engine import Match, SaveError
from engine.cli import main
from engine.core import savefile
from engine.core.codec import state_hash


def _pepper(moves: int | None = None, seed: int = 1, undo: str = "practice") -> Match:
    m = Match.new("pepper", players=3, seed=seed, undo=undo)
    while not m.is_over() and (moves is None or m.cursor < moves):
        seat = m.to_act()[0]
        legal = m.legal(seat)
        m.play(seat, legal[m.cursor % len(legal)])
    return m


# ------------------------------------------------------------------ 7: nesting and record size


def test_a_deeply_nested_record_is_refused_on_one_line():
    m = _pepper(6)
    deep = b"\x91" * 200_000 + b"\x01"  # 200,000 arrays in arrays: valid msgpack, CRC-valid frame
    for payload in (b"\x94\x00" + deep + b"\x00\x00", deep):
        data = m.to_bytes() + savefile.frame(payload)
        with pytest.raises(SaveError) as e:
            Match.from_bytes(data, "deep.plank")
        assert "\n" not in str(e.value) and "deep.plank" in str(e.value)
    header = savefile.MAGIC + bytes([savefile.FORMAT]) + savefile.frame(deep)
    with pytest.raises(SaveError):
        Match.from_bytes(header, "deep.plank")


@pytest.mark.parametrize("depth", [savefile.MAX_DEPTH + 1, 40, 20_000])
def test_a_deep_record_under_the_size_limit_is_refused_by_its_depth_before_it_is_decoded(depth, monkeypatch):
    # a correctly chained record whose move is nested deeper than MAX_DEPTH but short enough to
    # pass the size check: only the depth check stands between it and the decoder
    m = _pepper(5)
    writer = savefile.Writer(m.header)
    chunks = [writer.start()] + [writer.record(savefile.MoveRecord(p.seat, p.move, 0, p.hash32)) for p in m.moves]
    # [seat 0, move [[[...1...]]], dt 0, hash 0, by "", link] written by hand (too deep to encode)
    body = b"\x96\x00" + b"\x91" * depth + b"\x01" + b"\x00\x00\xa0" + savefile._LINK_TAIL
    writer.link = savefile._link(writer.link, body)
    chunks.append(savefile.frame(body + writer.link))
    data = b"".join(chunks)
    assert len(chunks[-1]) < savefile.MAX_RECORD
    decoded: list[int] = []
    real = savefile._any.decode

    class Spy:
        def decode(self, buf):
            decoded.append(len(buf))
            return real(buf)

    monkeypatch.setattr(savefile, "_any", Spy())
    with pytest.raises(SaveError, match="nested too deeply") as e:
        Match.from_bytes(data, "deep.plank")
    assert "\n" not in str(e.value)
    assert len(decoded) == m.cursor  # the moves before it were decoded; the deep one never was


def test_a_record_over_the_size_limit_is_refused_before_it_is_decoded():
    m = _pepper(3)
    big = msgspec.msgpack.encode([0, [2, 1], 0, 0, "x" * (savefile.MAX_RECORD + 10)])
    with pytest.raises(SaveError, match="claims"):
        Match.from_bytes(m.to_bytes() + savefile.frame(big) + m.to_bytes()[-20:], "big.plank")


def test_verify_of_a_deeply_nested_save_is_one_line(tmp_path, capsys):
    path = tmp_path / "deep.plank"
    path.write_bytes(_pepper(4).to_bytes() + savefile.frame(b"\x91" * 200_000 + b"\x01"))
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert "internal error" not in err and "RecursionError" not in err and err.count("\n") == 1


# ------------------------------------------------------------------ 8: resynchronising is linear


@pytest.mark.parametrize("claim", [1 << 20, 200_000, 60_000])  # 1 MiB: the drill's record
def test_resynchronising_after_a_cut_record_checksums_each_byte_a_bounded_number_of_times(monkeypatch, claim):
    m = _pepper(6)
    good = m.to_bytes()
    # a record that claims more than is left, then bytes whose every other offset claims 16 KiB
    tail = savefile._varint(claim) + bytes([0xFF, 0x7F]) * (claim // 2 - 5_000)
    data = good + tail
    checked = [0]
    crc = zlib.crc32

    def counting(buf, *rest):
        checked[0] += len(buf)
        return crc(buf, *rest)

    monkeypatch.setattr(savefile.zlib, "crc32", counting)
    try:
        loaded = Match.from_bytes(data, "cut.plank")
    except SaveError as e:
        assert "\n" not in str(e)
    else:
        assert loaded.cursor == m.cursor and loaded.warnings
    assert checked[0] <= 8 * len(data), f"{checked[0]:,} bytes checksummed for a {len(data):,}-byte file"


# ------------------------------------------------------------------ 11: the header is checked first


@pytest.mark.parametrize("seats", [1, 5])
def test_a_header_whose_seats_do_not_match_its_players_is_refused(tmp_path, capsys, seats):
    m = _pepper(4)
    h = msgspec.structs.replace(m.header, seats=[msgspec.structs.replace(m.header.seats[0])] * seats)
    path = tmp_path / "seats.plank"
    path.write_bytes(savefile.file_start(h))
    assert main(["verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert "internal error" not in err and "seats" in err and err.count("\n") == 1


# ------------------------------------------------------------------ 12: records are chained


def _trade_then_cancel() -> tuple[Match, int]:
    """A Shardwake game in which a seat drafts a trade, offers an item, then cancels it."""
    from engine.games.shardwake.state import Cancel, Offer, Trade

    m = Match.new("shardwake", players=3, seed=2)
    while True:
        seat = m.to_act()[0]
        legal = m.legal(seat)
        trades = [mv for mv in legal if isinstance(mv, Trade)]
        if trades:
            break
        m.play(seat, legal[0])
    m.play(seat, trades[0])
    offer = next(mv for mv in m.legal(seat) if isinstance(mv, Offer))
    m.play(seat, offer)
    offered_at = m.cursor  # record number of the Offer (record 0 is the header)
    assert Cancel() in m.legal(seat)
    m.play(seat, Cancel())
    for _ in range(5):
        s = m.to_act()[0]
        m.play(s, m.legal(s)[0])
    return m, offered_at


def test_a_deleted_record_is_detected_even_when_the_rest_replays():
    m, offered_at = _trade_then_cancel()
    chunks = m._file_chunks()
    without_offer = b"".join(chunks[:offered_at] + chunks[offered_at + 1 :])
    with pytest.raises(SaveError, match="missing, out of order or altered"):
        Match.from_bytes(without_offer, "cut.plank")
    with pytest.raises(SaveError, match="missing, out of order or altered"):
        Match.from_bytes(without_offer, "cut.plank", strict=False)  # verify: never "ok"


def test_every_deleted_swapped_or_duplicated_record_is_detected():
    m = _pepper(30)
    chunks = m._file_chunks()
    n = len(chunks)
    variants = []
    for i in range(1, n - 1):  # deleting the last one is a cut at a record boundary: a shorter game
        variants.append(chunks[:i] + chunks[i + 1 :])
    for i in range(1, n - 1):
        swapped = list(chunks)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        variants.append(swapped)
        variants.append(chunks[: i + 1] + [chunks[i]] + chunks[i + 1 :])
    for v in variants:
        with pytest.raises(SaveError) as e:
            Match.from_bytes(b"".join(v), "edited.plank", strict=False)
        assert "\n" not in str(e.value)


def test_a_format_1_save_still_loads_and_is_rewritten_in_the_new_format(tmp_path):
    m = _pepper(20)
    old = savefile.MAGIC + b"\x01" + savefile.frame(msgspec.msgpack.encode(m.header))
    last = None
    for p in m.moves:
        dt = 0 if last is None else p.t_ms - last
        last = p.t_ms
        old += savefile.frame(msgspec.msgpack.encode([p.seat, p.move, dt, p.hash32]))
    loaded = Match.from_bytes(old, "old.plank")
    assert loaded.state_hash() == m.state_hash() and loaded.warnings == []
    path = tmp_path / "old.plank"
    loaded.save(path)
    assert path.read_bytes()[len(savefile.MAGIC)] == savefile.FORMAT == 2
    assert Match.load(path).state_hash() == m.state_hash()


# ------------------------------------------------------------------ 13: seeking under autosave


def test_seeking_forward_under_autosave_writes_what_the_loader_reads(tmp_path):
    path = tmp_path / "auto.plank"
    m = _pepper(12)
    m.autosave_to(path)
    m.seek(9)
    m.seek(12)
    assert Match.load(path).state_hash() == m.state_hash()
    m.seek(4)
    m.seek(10)
    again = Match.load(path)
    assert again.cursor == 10 and again.state_hash() == m.state_hash()
    m.stop_autosave()


# ------------------------------------------------------------------ 14: a damaged file is never "ok"


def test_verify_of_a_file_with_a_dropped_tail_is_not_ok(tmp_path, capsys):
    m = _pepper()
    data = bytearray(m.to_bytes())
    data[-2] ^= 0xFF  # the last record fails its checksum
    path = tmp_path / "tail.plank"
    path.write_bytes(bytes(data))
    code = main(["verify", str(path)])
    out = capsys.readouterr().out
    assert code == 3 and code not in (0, 1, 2)
    assert "ok" not in out.split(":", 1)[1].split()[0] and "dropped" in out
    path.write_bytes(m.to_bytes())
    assert main(["verify", str(path)]) == 0


# ------------------------------------------------------------------ 16: autosave fsyncs every move


def test_autosave_fsyncs_each_record_before_the_move_returns(tmp_path, monkeypatch):
    synced: list[int] = []
    real = os.fsync

    def fsync(fd):
        synced.append(os.fstat(fd).st_size)
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    path = tmp_path / "auto.plank"
    m = _pepper(2)
    m.autosave_to(path)
    for _ in range(5):
        before = len(synced)
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0])
        # the file as it is after the move was synced before play() returned
        assert len(synced) > before and synced[-1] == path.stat().st_size
    m.stop_autosave()


def test_round_trip_keeps_states(tmp_path):
    m = _pepper()
    loaded = Match.from_bytes(m.to_bytes())
    assert state_hash(loaded.state) == m.state_hash()


# ------------------------------------------------------------------ 17: who really played


def test_the_record_says_which_moves_a_stand_in_bot_made(tmp_path, capsys):
    import json

    m = Match.new("pepper", players=2, seed=4, seats=["person", "person"], undo="off")
    m.header.seats[0].name, m.header.seats[1].name = "ann", "bob"
    while not m.is_over():
        seat = m.to_act()[0]
        m.play(seat, m.legal(seat)[0], by="bot:heuristic" if seat == 1 and m.cursor > 6 else "")
    covered = sum(1 for p in m.moves if p.by)
    path = tmp_path / "covered.plank"
    m.save(path)
    again = Match.load(path)
    assert [p.by for p in again.moves] == [p.by for p in m.moves]
    assert main(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"bob (bot covered {covered} moves)" in out and "ann (bot covered" not in out
    assert "(heuristic bot for them)" in out
    assert main(["log", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sum(1 for mv in doc["moves"] if mv.get("by") == "bot:heuristic") == covered
