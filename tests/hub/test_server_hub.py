"""The hub as an SSH server runs it (``local=False``): every client may be hostile.

Issue 9: saves are names in the user's own folder and no client is sent a server path (1); the
seed is the server's secret until the game ends (2); presence at a networked table — a player
who drops is shown away with a countdown, a stand-in bot's moves are recorded as its own, and a
player who comes back lands at their seat with the table's chat (17).
"""

from __future__ import annotations

import asyncio
import time

import msgspec
import pytest

from engine import Match
from engine.hub import protocol as P
from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.transport import LocalConnection

from .test_hub import Client, until


def connect(hub: Hub, user: str) -> Client:
    """A client that hears everything from the first message on (Welcome, a rejoin's Joined)."""
    msgs: list = []
    conn = LocalConnection(hub, user, on_message=msgs.append)
    c = Client.__new__(Client)
    c.conn, c.msgs = conn, msgs
    return c


def pepper(*kinds, **kw) -> P.TableSpec:
    return P.TableSpec("pepper", len(kinds), [P.SeatSpec(k) for k in kinds], {"rounds": 3}, undo="turn", **kw)


@pytest.fixture
async def server(tmp_path):
    h = Hub(tmp_path / "srv", BotPool(workers=0), tick=0.01, local=False)
    h.start()
    yield h
    await h.close()


async def play_out(hub: Hub, tid: str, clients: dict[int, Client]) -> None:
    t = hub.tables[tid]
    while not t.match.is_over():
        seat = t.match.to_act()[0]
        c = clients[seat]
        up = c.last_update(seat)
        await c.conn.send(P.Play(tid, seat, up.legal[0].move, up.state_id))


def everything_sent(*clients: Client) -> bytes:
    return b"".join(P.encode(m) for c in clients for m in c.msgs)


# ------------------------------------------------------------------ 1: saves are names, never paths


async def test_save_as_is_a_name_in_the_users_own_folder_and_no_client_sees_a_server_path(server, tmp_path):
    ann = connect(server, "ann")
    await ann.conn.send(P.WatchLobby(True))
    await ann.conn.send(P.CreateTable(pepper("person", "bot:random")))
    tid = ann.of(P.Joined)[0].table
    kim = connect(server, "kim")
    await kim.conn.send(P.Watch(tid))
    await until(lambda: server.tables[tid].match.cursor >= 1 or 0 in server.tables[tid].match.to_act())
    table_dir = tmp_path / "srv" / "tables"
    victim = next(table_dir.glob("*.plank"))
    before = victim.read_bytes()
    for bad in ("/tmp/x", f"../tables/{tid}", "../../x", ".hidden", "a\\b", "x" * 65, "", "a\x00b"):
        await ann.conn.send(P.SaveCopy(tid, bad))
    errors = ann.errors()
    assert len(errors) == 8 and all("\n" not in e for e in errors)
    assert victim.read_bytes() == before
    assert not any(p.name == "x.plank" for p in tmp_path.rglob("*"))
    await ann.conn.send(P.SaveCopy(tid, "my game.plank", ref="r1"))
    saved = tmp_path / "srv" / "users" / "ann" / "saves" / "my game.plank"
    assert saved.exists() and Match.load(saved).cursor == server.tables[tid].match.cursor
    assert any(m.ref == "r1" and m.level == "info" for m in ann.of(P.Notice))
    # somebody else's copy goes to their own folder, and only from a table they are at
    bob = connect(server, "bob")
    await bob.conn.send(P.SaveCopy(tid, "theirs"))
    assert any("join or watch" in e for e in bob.errors())
    await kim.conn.send(P.SaveCopy(tid, "watched"))
    assert (tmp_path / "srv" / "users" / "kim" / "saves" / "watched.plank").exists()
    # opening by path is refused at a server; by name it is one of your own saves only
    await ann.conn.send(P.OpenSave(path=str(victim)))
    await bob.conn.send(P.OpenSave(name="my game"))
    assert any("by name" in e for e in ann.errors()) and any("no save called" in e for e in bob.errors())
    await ann.conn.send(P.ListSaves())
    assert [e.name for e in ann.of(P.Saves)[-1].saves] == ["my game"]
    sent = everything_sent(ann, kim, bob)
    assert str(tmp_path).encode() not in sent and b"/srv/" not in sent and b".plank" not in sent


# ------------------------------------------------------------------ a copy never shows what its game hides


async def test_a_copy_of_a_game_with_other_people_opens_only_as_a_replay_once_it_is_over(server):
    ann, bob = connect(server, "ann"), connect(server, "bob")
    await ann.conn.send(P.CreateTable(pepper("person", "open")))
    tid = ann.of(P.Joined)[0].table
    await bob.conn.send(P.Sit(tid, 1))
    await bob.conn.send(P.SaveCopy(tid, "peek"))
    await bob.conn.send(P.ListSaves())
    entry = bob.of(P.Saves)[-1].saves[0]
    assert not entry.can_continue and not entry.can_replay and "still being played" in entry.why
    await bob.conn.send(P.OpenSave(name="peek"))
    await bob.conn.send(P.OpenSave(name="peek", replay=True))
    assert sum("still being played" in e for e in bob.errors()) == 2
    assert not bob.of(P.ReplayData) and len(server.tables) == 1
    await play_out(server, tid, {0: ann, 1: bob})
    await bob.conn.send(P.OpenSave(name="peek"))
    assert bob.of(P.ReplayData)  # the game is over: now everything in the copy may be shown


async def test_a_copy_of_your_own_game_against_bots_continues_as_a_new_table(server):
    ann = connect(server, "ann")
    await ann.conn.send(P.CreateTable(pepper("person", "bot:random")))
    tid = ann.of(P.Joined)[0].table
    await ann.conn.send(P.SaveCopy(tid, "solo"))
    await ann.conn.send(P.OpenSave(name="solo", ref="o"))
    joined = [j for j in ann.of(P.Joined) if j.ref == "o"]
    assert joined and joined[0].seats == [0] and joined[0].table != tid


# ------------------------------------------------------------------ 2: the seed is the server's secret


def _ints(obj) -> set[int]:
    out: set[int] = set()
    stack = [msgspec.to_builtins(obj)]
    while stack:
        x = stack.pop()
        if isinstance(x, bool):
            continue
        if isinstance(x, int):
            out.add(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


async def test_the_seed_is_drawn_by_the_server_and_sent_to_nobody_until_the_game_ends(server, monkeypatch):
    import secrets

    drawn = 2**52 + 12345
    monkeypatch.setattr(secrets, "randbits", lambda k: drawn)
    ann = connect(server, "ann")
    await ann.conn.send(P.CreateTable(pepper("person", "open", seed=7)))
    assert any("open-seed table" in e for e in ann.errors()) and not server.tables
    await ann.conn.send(P.WatchLobby(True))
    await ann.conn.send(P.CreateTable(pepper("person", "open")))
    tid = ann.of(P.Joined)[0].table
    bob, kim = connect(server, "bob"), connect(server, "kim")
    await bob.conn.send(P.WatchLobby(True))
    await bob.conn.send(P.Sit(tid, 1))
    await kim.conn.send(P.Watch(tid))
    m = server.tables[tid].match
    assert m.header.seed == drawn
    clients = {0: ann, 1: bob}
    while m.cursor < 6:
        seat = m.to_act()[0]
        up = clients[seat].last_update(seat)
        await clients[seat].conn.send(P.Play(tid, seat, up.legal[0].move, up.state_id))
    await asyncio.sleep(0.6)  # a lobby update
    for c in (ann, bob, kim):
        assert all(drawn not in _ints(msg) for msg in c.msgs)
        assert all(u.table.seed is None for u in c.of(P.Update))
    await play_out(server, tid, clients)
    assert ann.last_update(0).table.seed == drawn  # the game is over: the seed may be known


async def test_an_open_seed_table_is_marked_and_deals_only_to_players_who_accept_it(server):
    ann = connect(server, "ann")
    await ann.conn.send(P.CreateTable(pepper("person", "open", seed=77, open_seed=True)))
    tid = ann.of(P.Joined)[0].table
    info = server.lobby().tables[0]
    assert info.open_seed and info.seed == 77
    bob = connect(server, "bob")
    await bob.conn.send(P.Sit(tid, 1))
    assert any("seed is open" in e for e in bob.errors()) and server.tables[tid].match is None
    await bob.conn.send(P.Sit(tid, 1, accept_open_seed=True))
    assert server.tables[tid].match.header.seed == 77


async def test_a_practice_table_deals_only_to_players_who_accept_it(server):
    ann = connect(server, "ann")
    spec = msgspec.structs.replace(pepper("person", "open"), undo="practice")
    await ann.conn.send(P.CreateTable(spec))
    tid = ann.of(P.Joined)[0].table
    assert server.lobby().tables[0].undo == "practice"
    bob = connect(server, "bob")
    await bob.conn.send(P.Sit(tid, 1))
    assert any("practice table" in e for e in bob.errors()) and server.tables[tid].match is None
    await bob.conn.send(P.Sit(tid, 1, accept_practice=True))
    assert server.tables[tid].match.header.undo == "practice"


async def test_a_local_table_shows_its_seed(tmp_path):
    h = Hub(tmp_path, BotPool(workers=0))
    ann = connect(h, "ann")
    await ann.conn.send(P.CreateTable(pepper("person", "bot:random", seed=31)))
    assert ann.last_update(0).table.seed == 31
    await h.close()


# ------------------------------------------------------------------ 17: presence


async def test_a_dropped_player_is_shown_away_at_once_with_a_countdown(tmp_path):
    h = Hub(tmp_path, BotPool(workers=0), tick=0.05, local=False, idle_timeout=120)
    h.start()
    ann, bob = connect(h, "ann"), connect(h, "bob")
    await ann.conn.send(P.CreateTable(pepper("person", "open")))
    tid = ann.of(P.Joined)[0].table
    await bob.conn.send(P.Sit(tid, 1))
    n = len(ann.msgs)
    await bob.conn.close()  # the connection drops
    news = ann.msgs[n:]
    seat = [u for u in news if isinstance(u, P.Update)][-1].table.seats[1]
    assert not seat.online and seat.cover_at == pytest.approx(time.time() + 120, abs=5)
    assert any(isinstance(c, P.ChatLine) and "bob has left the table" in c.text and "2 min" in c.text
               for c in news)
    await h.close()


async def test_a_stand_in_bots_moves_are_its_own_in_the_record_and_the_results(tmp_path):
    h = Hub(tmp_path, BotPool(workers=0), tick=0.01, local=False, idle_timeout=0.05)
    h.start()
    ann, bob = connect(h, "ann"), connect(h, "bob")
    await ann.conn.send(P.CreateTable(pepper("person", "open")))
    tid = ann.of(P.Joined)[0].table
    await bob.conn.send(P.Sit(tid, 1))
    t = h.tables[tid]
    await bob.conn.close()
    await until(lambda: t.match.is_over() or (t.seats[1].covered_by and t.match.cursor > 8), timeout=20)
    by_bot = [p for p in t.match.moves if p.by]  # (ann, idle for 0.05 s, has a stand-in too)
    assert any(p.seat == 1 for p in by_bot) and all(p.by.startswith("bot:") for p in by_bot)
    for seat in (0, 1):
        assert t.info().seats[seat].covered_moves == sum(p.seat == seat for p in by_bot)
    saved = Match.load(tmp_path / "tables" / f"{tid}.plank")
    assert [p.by for p in saved.moves] == [p.by for p in t.match.moves[: saved.cursor]]
    await h.close()


async def test_a_player_who_comes_back_lands_at_their_seat_with_the_chat(server):
    ann, bob = connect(server, "ann"), connect(server, "bob")
    await ann.conn.send(P.CreateTable(pepper("person", "open")))
    tid = ann.of(P.Joined)[0].table
    await bob.conn.send(P.Sit(tid, 1))
    await bob.conn.close()
    await ann.conn.send(P.Chat(tid, "where did bob go?"))
    bob = connect(server, "bob")
    kinds = [type(m).__name__ for m in bob.msgs]
    assert kinds[:2] == ["Welcome", "Joined"]
    joined = bob.of(P.Joined)[0]
    assert joined.table == tid and joined.seats == [1]
    said = [m.text for m in bob.of(P.ChatLine)]
    assert "where did bob go?" in said
    first_chat = next(i for i, m in enumerate(bob.msgs) if isinstance(m, P.ChatLine))
    assert first_chat > kinds.index("Joined")  # after Joined: the table screen is there to show it
    assert bob.last_update(1) is not None and server.tables[tid].seats[1].online


async def test_seat_names_and_reserved_names_that_pass_for_someone_else_are_refused(server):
    ann = connect(server, "ann")
    for seats in ([P.SeatSpec("person", "bob\u200b"), P.SeatSpec("open")],
                  [P.SeatSpec("person", "b\u043eb"), P.SeatSpec("open")],  # a Cyrillic о
                  [P.SeatSpec("person"), P.SeatSpec("reserved:kim\u2060")],
                  [P.SeatSpec("person", "bob "), P.SeatSpec("open")]):
        await ann.conn.send(P.CreateTable(P.TableSpec("pepper", 2, seats)))
    assert len(ann.errors()) == 4 and not server.tables
    await ann.conn.send(P.CreateTable(P.TableSpec("pepper", 2, [P.SeatSpec("person", "Storm Queen"),
                                                                P.SeatSpec("reserved:kim")])))
    assert len(server.tables) == 1


# ------------------------------------------------------------------ renaming a save over the network


async def test_a_save_is_renamed_by_name_in_the_users_own_folder_and_hostile_renames_change_nothing(server, tmp_path):
    ann, bob = connect(server, "ann"), connect(server, "bob")
    await ann.conn.send(P.CreateTable(pepper("person", "bot:random")))
    tid = ann.of(P.Joined)[0].table
    for name in ("first", "second"):
        await ann.conn.send(P.SaveCopy(tid, name))
    await bob.conn.send(P.CreateTable(pepper("person", "bot:random")))
    await bob.conn.send(P.SaveCopy(bob.of(P.Joined)[0].table, "bobs"))
    users = tmp_path / "srv" / "users"
    files = {p: p.read_bytes() for p in users.rglob("*") if p.is_file()}
    table_files = {p: p.read_bytes() for p in (tmp_path / "srv" / "tables").glob("*")}
    hostile = [("first", "../bob/saves/mine"), ("first", "/tmp/x"), ("first", ".hidden"), ("first", "a\x00b"),
               ("first", "x" * 65), ("first", ""), ("first", "a\\b"), ("../bob/saves/bobs", "stolen"),
               ("../../tables/" + tid, "t"), ("nosuch", "y"), ("first", "second"), ("first", "second.plank"),
               ("first", "first"), ("bobs", "mine")]
    for old, new in hostile:
        await ann.conn.send(P.RenameSave(old, new))
    errors = ann.errors()
    assert len(errors) == len(hostile) and all("\n" not in e and "Traceback" not in e for e in errors)
    assert sum("already" in e for e in errors) == 3 and sum("no save called" in e for e in errors) == 2
    assert {p: p.read_bytes() for p in users.rglob("*") if p.is_file()} == files  # nothing moved, nothing lost
    assert {p: p.read_bytes() for p in (tmp_path / "srv" / "tables").glob("*")} == table_files
    # a good name: the save and what the server knows of it move together, and the list says so
    before = (users / "ann" / "saves" / "first.plank").read_bytes()
    await ann.conn.send(P.RenameSave("first", "Friday night.plank"))
    saves = users / "ann" / "saves"
    assert not (saves / "first.plank").exists() and (saves / "Friday night.plank").read_bytes() == before
    assert (saves / "Friday night.json").exists() and not (saves / "first.json").exists()
    assert any(m.text == "Renamed “first” to “Friday night”" and m.level == "info" for m in ann.of(P.Notice))
    assert sorted(e.name for e in ann.of(P.Saves)[-1].saves) == ["Friday night", "second"]
    await ann.conn.send(P.OpenSave(name="Friday night", ref="o"))
    assert any(j.ref == "o" for j in ann.of(P.Joined))  # it still continues (its origin moved with it)
    sent = everything_sent(ann, bob)
    assert str(tmp_path).encode() not in sent and b".plank" not in sent


def test_a_rename_message_with_the_wrong_shape_is_refused_by_the_decoder():
    bad = msgspec.msgpack.encode({"type": "rename-save", "name": 1, "new_name": ["x"]})
    with pytest.raises(msgspec.ValidationError):
        P.client_decoder.decode(bad)
    missing = msgspec.msgpack.encode({"type": "rename-save", "name": "first"})
    with pytest.raises(msgspec.ValidationError):
        P.client_decoder.decode(missing)
