"""The hub: seats belong to people, views stay private, bots play, tables survive restarts."""

import asyncio
import os

import msgspec
import pytest

from engine.core.codec import state_hash
from engine.hub import protocol as P
from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.transport import LocalConnection, SocketConnection, SocketServer


class Client:
    def __init__(self, conn):
        self.conn = conn
        self.msgs: list = []
        conn.on_message = self.msgs.append

    def of(self, kind):
        return [m for m in self.msgs if isinstance(m, kind)]

    def last_update(self, seat="any"):
        ups = [m for m in self.msgs if isinstance(m, P.Update) and (seat == "any" or m.seat == seat)]
        return ups[-1] if ups else None

    def errors(self):
        return [m.text for m in self.msgs if isinstance(m, P.Notice) and m.level == "error"]


async def until(cond, timeout=10.0):
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not cond():
        if loop.time() > end:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.005)


def spec(*kinds, undo="turn", seed=4, **kw):
    return P.TableSpec("pepper", len(kinds), [P.SeatSpec(k) for k in kinds], {"rounds": 3}, seed=seed,
                       undo=undo, **kw)


@pytest.fixture
async def hub(tmp_path):
    h = Hub(tmp_path / "data", BotPool(workers=0), tick=0.02)
    h.start()
    yield h
    await h.close()


async def play_person(client, seat, table_id, until_over=True):
    """Play the first legal move whenever it is this seat's turn."""
    while True:
        up = client.last_update(seat)
        if up and up.result is not None:
            return up
        if up and up.legal:
            await client.conn.send(P.Play(table_id, seat, up.legal[0].move, up.state_id))
        await asyncio.sleep(0.002)


async def test_person_against_bots_plays_a_whole_game(hub):
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "bot:random", "bot:ismcts:50")))
    joined = c.of(P.Joined)[0]
    assert joined.seats == [0]
    final = await asyncio.wait_for(play_person(c, 0, joined.table), 20)
    assert final.result is not None and len(final.result.scores) == 3
    # only seat 0's own hand ever reached this client
    assert all(u.seat == 0 for u in c.of(P.Update))
    assert not c.errors()


async def test_watcher_sees_only_the_public_view(hub):
    owner = Client(LocalConnection(hub, "ann"))
    await owner.conn.send(P.CreateTable(spec("person", "bot:random")))
    tid = owner.of(P.Joined)[0].table
    watcher = Client(LocalConnection(hub, "bob"))
    await watcher.conn.send(P.Watch(tid))
    up = watcher.last_update()
    assert up.seat is None and up.view["hand"] == [] and up.legal == []
    assert owner.last_update(0).view["hand"]
    assert all(e.to is None for u in watcher.of(P.Update) for e in u.events)


async def test_a_second_user_cannot_act_for_a_seat(hub):
    ann = Client(LocalConnection(hub, "ann"))
    await ann.conn.send(P.CreateTable(spec("person", "open")))
    tid = ann.of(P.Joined)[0].table
    bob = Client(LocalConnection(hub, "bob"))
    await bob.conn.send(P.Sit(tid, 1))
    up = ann.last_update(0)
    mallory = Client(LocalConnection(hub, "mallory"))
    await mallory.conn.send(P.Play(tid, 0, up.legal[0].move, up.state_id))
    assert "seat 1 is not yours" in mallory.errors()
    await mallory.conn.send(P.Sit(tid, 0))
    await mallory.conn.send(P.Sit(tid, 1))
    errors = mallory.errors()
    assert any("belongs to ann" in e for e in errors) and any("belongs to bob" in e for e in errors)
    await bob.conn.send(P.Play(tid, 0, up.legal[0].move, up.state_id))
    assert "seat 1 is not yours" in bob.errors()
    assert hub.tables[tid].match.cursor == 0


async def test_a_table_waits_for_its_players_and_deals_with_their_names(tmp_path):
    h = Hub(tmp_path, BotPool(workers=0), local=False)
    ann = Client(LocalConnection(h, "ann"))
    await ann.conn.send(P.CreateTable(spec("person", "reserved:kim", "open", seed=None)))
    tid = ann.of(P.Joined)[0].table
    t = h.tables[tid]
    assert t.match is None and ann.of(P.Waiting) and not ann.of(P.Update)
    assert ann.of(P.Waiting)[-1].table.status == "waiting"
    up = P.Play(tid, 0, [1], 0)
    await ann.conn.send(up)
    assert any("waiting for kim, Green" in e for e in ann.errors())
    bob = Client(LocalConnection(h, "bob"))
    await bob.conn.send(P.Sit(tid, 1))
    assert any("reserved for kim" in e for e in bob.errors())
    await bob.conn.send(P.Sit(tid, 2))
    await bob.conn.send(P.Leave(tid))  # leaving before the deal gives the seat back
    assert t.seats[2].kind == "open"
    await bob.conn.send(P.Sit(tid, 2))
    # a restart before the deal keeps the waiting table
    await h.close()
    h = Hub(tmp_path, BotPool(workers=0), local=False)
    assert h.restore() == []
    t = h.tables[tid]
    assert t.match is None and t.seats[2].owner == "bob"
    kim = Client(LocalConnection(h, "kim"))
    await kim.conn.send(P.Sit(tid, 1))
    assert t.match is not None  # the last seat is taken: dealt
    assert [s.name for s in t.match.header.seats] == ["ann", "kim", "bob"]
    assert kim.last_update(1).legal or kim.last_update(1).to_act
    await h.close()


async def test_illegal_stale_and_garbage_moves_change_nothing(hub):
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "person")))
    tid = c.of(P.Joined)[0].table
    t = hub.tables[tid]
    before = t.match.state_hash()
    up = c.last_update(0)
    await c.conn.send(P.Play(tid, 0, [2, 99], up.state_id))  # play a card not in hand
    await c.conn.send(P.Play(tid, 0, ["nonsense"], up.state_id))
    await c.conn.send(P.Play(tid, 1, up.legal[0].move, up.state_id))  # not seat 1's turn
    await c.conn.send(P.Play(tid, 0, up.legal[0].move, up.state_id + 5))  # stale
    errs = c.errors()
    assert any("illegal move" in e for e in errs)
    assert any("not a Pepper move" in e for e in errs)
    assert any("not Blue's turn" in e for e in errs)
    assert any("moved on" in e for e in errs)
    assert t.match.state_hash() == before


async def test_practice_undo_takes_back_to_the_persons_last_decision(hub):
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "bot:random", "bot:random", undo="practice")))
    tid = c.of(P.Joined)[0].table
    t = hub.tables[tid]
    up = c.last_update(0)
    await c.conn.send(P.Play(tid, 0, up.legal[-1].move, up.state_id))
    await until(lambda: 0 in t.match.to_act() and t.match.cursor >= 3)
    start_hash = state_hash(t.match.state_at(0))
    up = c.last_update(0)
    assert up.can_undo
    await c.conn.send(P.Undo(tid, 0, up.state_id))
    assert t.match.cursor == 0 and t.match.state_hash() == start_hash
    after = c.last_update(0)
    assert after.log_start == len(t.match.events(0)) and after.events == []
    assert after.can_redo and after.legal


async def test_turn_policy_refuses_undo_after_a_bot_moved(hub):
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "bot:random", undo="turn")))
    tid = c.of(P.Joined)[0].table
    t = hub.tables[tid]
    up = c.last_update(0)
    await c.conn.send(P.Play(tid, 0, up.legal[-1].move, up.state_id))
    await until(lambda: t.match.cursor >= 2)
    up = c.last_update(0)
    assert not up.can_undo and up.undo_why
    await c.conn.send(P.Undo(tid, 0, up.state_id))
    assert any("cannot undo" in e for e in c.errors())


async def test_tables_come_back_after_a_restart(tmp_path):
    data = tmp_path / "data"
    h1 = Hub(data, BotPool(workers=0))
    c = Client(LocalConnection(h1, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "person")))
    tid = c.of(P.Joined)[0].table
    for _ in range(3):
        up = c.last_update(h1.tables[tid].match.to_act()[0])
        await c.conn.send(P.Play(tid, up.seat, up.legal[0].move, up.state_id))
    h = h1.tables[tid].match.state_hash()
    await h1.close()
    h2 = Hub(data, BotPool(workers=0))
    assert h2.restore() == []
    t = h2.tables[tid]
    assert t.match.state_hash() == h and t.match.cursor == 3
    assert [s.owner for s in t.seats] == ["ann", "ann"] and not any(s.online for s in t.seats)
    c2 = Client(LocalConnection(h2, "ann"))
    await c2.conn.send(P.Sit(tid, t.match.to_act()[0]))
    up = c2.last_update()
    await c2.conn.send(P.Play(tid, up.seat, up.legal[0].move, up.state_id))
    assert t.match.cursor == 4
    await h2.close()


async def test_an_idle_seat_is_covered_by_a_bot_and_handed_back(tmp_path):
    h = Hub(tmp_path, BotPool(workers=0), tick=0.01)
    h.start()
    c = Client(LocalConnection(h, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "person", idle_timeout=0.05)))
    tid = c.of(P.Joined)[0].table
    t = h.tables[tid]
    await until(lambda: t.match.is_over())  # nobody pressed a key: the stand-ins finished the game
    away = [m.text for m in c.of(P.ChatLine) if "away" in m.text]
    assert any(a.startswith("Red") for a in away) and any(a.startswith("Blue") for a in away)

    await c.conn.send(P.CreateTable(spec("person", "person", idle_timeout=0.05)))
    t = h.tables[c.of(P.Joined)[-1].table]
    await until(lambda: t.seats[0].covered_by != "")
    await c.conn.send(P.Sit(t.id, 0))  # the owner is back
    assert t.seats[0].covered_by == ""
    await h.close()


async def test_owner_can_hand_an_idle_seat_to_a_bot(hub):
    ann = Client(LocalConnection(hub, "ann"))
    await ann.conn.send(P.CreateTable(spec("open", "person")))
    tid = ann.of(P.Joined)[0].table
    bob = Client(LocalConnection(hub, "bob"))
    await bob.conn.send(P.Sit(tid, 0))
    await bob.conn.send(P.Kick(tid, 1))
    assert "only the table's owner" in bob.errors()[0]
    await ann.conn.send(P.Kick(tid, 0))
    t = hub.tables[tid]
    await until(lambda: t.match.cursor >= 1)
    assert t.seats[0].covered_by


async def test_finished_games_can_be_replayed_with_everything(hub):
    from engine import Match

    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("bot:random", "bot:random")))
    tid = c.of(P.Joined)[0].table
    await c.conn.send(P.GetReplay(tid))
    t = hub.tables[tid]
    await until(lambda: t.match.is_over())
    await c.conn.send(P.GetReplay(tid))
    data = c.of(P.ReplayData)[-1].data
    assert Match.from_bytes(data).state_hash() == t.match.state_hash()
    assert any("once it has ended" in e for e in c.errors())


async def test_bots_think_in_a_worker_process(tmp_path):
    h = Hub(None, BotPool(workers=1))
    c = Client(LocalConnection(h, "ann"))
    await c.conn.send(P.CreateTable(spec("bot:random", "bot:ismcts:30")))
    t = h.tables[c.of(P.Joined)[0].table]
    await until(lambda: t.match.is_over(), timeout=60)
    assert t.match.result() is not None
    await h.close()


async def test_socket_transport_and_hostile_clients(tmp_path):
    h = Hub(None, BotPool(workers=0))
    path = tmp_path / "sock" / "hub.sock"
    server = SocketServer(h, path)
    await server.start()
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    h.tokens["tok-ann"] = "ann"
    ann = Client(SocketConnection(path, "tok-ann"))
    await ann.conn.open()
    await ann.conn.send(P.CreateTable(spec("person", "bot:random")))
    await until(lambda: ann.last_update(0) is not None)
    up = ann.last_update(0)
    await ann.conn.send(P.Play(up.table.id, 0, up.legal[0].move, up.state_id))
    await until(lambda: h.tables[up.table.id].match.cursor >= 1)

    # a wrong token is turned away
    intruder = Client(SocketConnection(path, "guess"))
    await intruder.conn.open()
    await asyncio.wait_for(intruder.conn.closed.wait(), 5)
    assert any("token" in e for e in intruder.errors())

    # garbage frames get notices; an oversized frame closes the connection
    reader, writer = await asyncio.open_unix_connection(str(path))
    writer.write(len(P.encode(P.Hello("tok-ann"))).to_bytes(4, "big") + P.encode(P.Hello("tok-ann")))
    for junk in (b"\xc1\xc1", b"\x93\x01\x02\x03", msgspec.msgpack.encode({"type": "play"})):
        writer.write(len(junk).to_bytes(4, "big") + junk)
    writer.write((P.MAX_MESSAGE + 1).to_bytes(4, "big"))
    await writer.drain()
    got = await asyncio.wait_for(reader.read(1 << 16), 5)
    while True:
        more = await asyncio.wait_for(reader.read(1 << 16), 5)
        if not more:
            break
        got += more
    assert got.count(b"malformed message") == 3 and b"over the limit" in got
    writer.close()
    # the table played on regardless
    assert h.tables[up.table.id].match.cursor >= 1
    await ann.conn.close()
    await server.close()
    await h.close()


async def test_a_run_of_moves_is_all_or_nothing(hub):
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "person")))
    tid = c.of(P.Joined)[0].table
    t = hub.tables[tid]
    up = c.last_update(0)
    draw = [1]  # Pepper's Draw
    await c.conn.send(P.PlayMany(tid, 0, [[2, 99], draw], up.state_id))  # the first one is illegal
    await c.conn.send(P.PlayMany(tid, 0, [draw, [2, 99]], up.state_id))  # a draw shows something: nothing after it
    errors = c.errors()
    assert any("illegal run of moves" in e and "not legal" in e for e in errors)
    assert any("move 1 of 2 shows something new" in e for e in errors)
    assert t.match.cursor == 0 and len(t.match.line) == 0
    up = c.last_update(0)
    await c.conn.send(P.PlayMany(tid, 0, [draw], up.state_id))
    assert t.match.cursor == 1


async def test_restore_twice_does_not_duplicate_tables(tmp_path):
    data = tmp_path / "data"
    h1 = Hub(data, BotPool(workers=0))
    c = Client(LocalConnection(h1, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "person")))
    await h1.close()
    h2 = Hub(data, BotPool(workers=0))
    assert h2.restore() == [] and h2.restore() == []
    assert len(h2.tables) == 1
    await h2.close()


async def test_bot_workers_start_when_stderr_is_not_a_file(monkeypatch):
    import io
    import sys

    from engine import games

    class NoFile(io.StringIO):
        def fileno(self) -> int:
            return -1  # what Textual's stand-in for stderr answers

    monkeypatch.setattr(sys, "stderr", NoFile())
    pool = BotPool(workers=1)
    rules = games.get("pepper")
    from engine.core.rules import Config

    s = rules.setup(Config(2, 5, rules.Options()))
    move = await asyncio.wait_for(pool.choose(rules, "random", 0, s, 7), 60)
    assert move in rules.legal(s, 0)
    pool.close()


async def test_a_socket_client_that_never_reads_is_dropped_and_the_table_plays_on(tmp_path, monkeypatch):
    from engine.hub import transport

    monkeypatch.setattr(transport, "MAX_PENDING_BYTES", 20_000)
    h = Hub(None, BotPool(workers=0))
    path = tmp_path / "hub.sock"
    server = SocketServer(h, path)
    await server.start()
    h.tokens["t"] = "lazy"
    reader, writer = await asyncio.open_unix_connection(str(path))
    hello = P.encode(P.Hello("t"))
    writer.write(len(hello).to_bytes(4, "big") + hello)
    long_game = P.TableSpec("pepper", 2, [P.SeatSpec("bot:random"), P.SeatSpec("bot:random")], {"rounds": 400})
    create = P.encode(P.CreateTable(long_game))
    writer.write(len(create).to_bytes(4, "big") + create)
    await writer.drain()
    writer.transport.pause_reading()  # and never reads again
    await until(lambda: h.tables and h.sessions)
    t = next(iter(h.tables.values()))
    await until(lambda: not h.sessions, timeout=30)  # more than it would read piled up: dropped
    await until(lambda: t.match.is_over(), timeout=60)
    assert t.match.result() is not None  # the table played to the end regardless
    writer.close()
    await server.close()
    await h.close()


class SlowBots(BotPool):
    """Bots that take longer to think the lower their seat (``reverse``: the higher)."""

    def __init__(self, reverse: bool) -> None:
        super().__init__(workers=0)
        self.reverse = reverse

    async def choose(self, rules, level, seat, sample, bot_seed, budget=None):
        await asyncio.sleep(0.004 * ((seat + 1) if self.reverse else (4 - seat)))
        return await super().choose(rules, level, seat, sample, bot_seed, budget)


async def test_bots_answering_one_simultaneous_choice_play_in_seat_order(tmp_path):
    """Pepper's secret bids are simultaneous: which bot thinks faster must not change the game."""
    logs = []
    for reverse in (False, True):
        h = Hub(tmp_path / str(reverse), SlowBots(reverse))
        c = Client(LocalConnection(h, "ann"))
        await c.conn.send(P.CreateTable(spec("bot:random", "bot:random", "bot:random")))
        t = next(iter(h.tables.values()))
        await until(lambda t=t: t.match is not None and t.match.is_over(), timeout=30)
        logs.append([(p.seat, p.move) for p in t.match.moves])
        await h.close()
    assert logs[0] == logs[1]


def _draws_then_asks_again(m, seat):
    """A Play by ``seat`` after which it draws a card privately and must choose again (or None)."""
    from engine.core.codec import clone

    for move in m.legal(seat):
        if type(move).__name__ != "Play":
            continue
        s = clone(m.state)
        before = list(s.hands[seat])
        events = m.rules.apply(s, seat, move)
        if seat in m.rules.to_act(s) and any(e.to == (seat,) and e.reveal for e in events):
            drawn = [c for c in s.hands[seat] if c not in before]
            if drawn:
                return move, drawn[0], s
    return None


async def test_a_refused_run_of_moves_tells_nothing_about_a_card_drawn_on_the_way(hub):
    """The drill's probe: [Play a draw-then-discard card, Discard X], refused or not by the drawn card."""
    from engine.games.shards.state import Discard

    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(P.TableSpec("shards", 3, [P.SeatSpec("person")] * 3, seed=11, undo="off")))
    tid = c.of(P.Joined)[0].table
    t = hub.tables[tid]
    m = t.match
    found = None
    while found is None:
        assert not m.is_over(), "no position found where a play draws a card and asks again"
        seat = m.to_act()[0]
        found = _draws_then_asks_again(m, seat)
        if found is None:
            up = c.last_update(seat)
            await c.conn.send(P.Play(tid, seat, up.legal[-1].move, up.state_id))
    play, drawn, after = found
    # a card nobody holds and that was not drawn
    nowhere = next(card for card in range(len(m.rules.legal(after, seat)) + 200)
                   if all(card not in h for h in after.hands) and card not in after.deck[-3:])
    before = m.state_hash()
    answers = []
    for guess in (nowhere, drawn):
        n = len(c.errors())
        up = c.last_update(seat)
        run = msgspec.to_builtins([play, Discard(guess)])
        await c.conn.send(P.PlayMany(tid, seat, run, up.state_id))
        answers.append(c.errors()[n:])
        assert m.state_hash() == before and m.cursor == len(m.line)
    assert answers[0] and answers[0] == answers[1]  # the same refusal, whatever the guess
    up = c.last_update(seat)
    await c.conn.send(P.PlayMany(tid, seat, msgspec.to_builtins([play]), up.state_id))  # alone, it is fine
    assert m.state_hash() != before


async def test_a_damaged_table_is_set_aside_and_the_others_come_back(tmp_path):
    from engine.core import savefile

    data = tmp_path / "data"
    h1 = Hub(data, BotPool(workers=0))
    c = Client(LocalConnection(h1, "ann"))
    for _ in range(3):
        await c.conn.send(P.CreateTable(spec("person", "person")))
    ids = [j.table for j in c.of(P.Joined)]
    await h1.close()
    tables = data / "tables"
    deep = tables / f"{ids[0]}.plank"
    deep.write_bytes(deep.read_bytes() + savefile.frame(b"\x91" * 200_000 + b"\x01"))  # RecursionError bait
    (tables / f"{ids[1]}.json").write_bytes(b"{not json")
    h2 = Hub(data, BotPool(workers=0))
    problems = h2.restore()
    assert list(h2.tables) == [ids[2]]
    assert len(problems) == 2 and all("\n" not in p for p in problems)
    aside = sorted(p.name for p in (tables / "damaged").iterdir())
    assert any(n.startswith(ids[0]) and n.endswith(".plank") for n in aside)
    assert any(n.startswith(ids[0]) and n.endswith(".json") for n in aside)
    assert any(n.startswith(ids[1]) and n.endswith(".json") for n in aside)
    assert not (tables / f"{ids[0]}.plank").exists() and not (tables / f"{ids[1]}.json").exists()
    assert h2.restore() == []  # set aside once, not reported again
    await h2.close()


async def test_a_move_is_acknowledged_only_after_it_is_on_disk(hub, monkeypatch):
    order: list[str] = []
    real = os.fsync

    def fsync(fd):
        order.append("fsync")
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(spec("person", "person")))
    tid = c.of(P.Joined)[0].table
    c.conn.on_message = lambda msg: (c.msgs.append(msg), order.append(type(msg).__name__))
    for _ in range(4):
        seat = hub.tables[tid].match.to_act()[0]
        up = c.last_update(seat)
        order.clear()
        await c.conn.send(P.Play(tid, seat, up.legal[0].move, up.state_id))
        assert "fsync" in order and "Update" in order
        assert order.index("fsync") < order.index("Update")
