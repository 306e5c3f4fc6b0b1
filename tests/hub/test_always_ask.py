"""A seat asked only to pass (``asking == "pass"``): the table passes for it unless its player chose
"always ask me" — and every other seat sees exactly the same game either way."""

import asyncio

import msgspec
import pytest

from engine.core.rng import Rng
from engine.hub import protocol as P
from engine.hub.botpool import BotPool
from engine.hub.hub import Hub
from engine.hub.transport import LocalConnection
from tests.engine.shiver.helpers import purposeful

SEED = 8
MOVES = 600  # a game in which seat 1 is asked only to pass, again and again


class Client:
    def __init__(self, conn):
        self.conn = conn
        self.msgs: list = []
        conn.on_message = self.msgs.append

    def updates(self, seat):
        return [m for m in self.msgs if isinstance(m, P.Update) and m.seat == seat]


@pytest.fixture
async def hub(tmp_path):
    h = Hub(tmp_path / "data", BotPool(workers=0), tick=0.02)
    h.start()
    yield h
    await h.close()


def seen(up: P.Update) -> bytes:
    """What a seat is shown by one Update (everything but the table's clockwork)."""
    return msgspec.msgpack.encode((up.view, up.to_act, [(e.text, e.seat) for e in up.events], up.legal,
                                   up.cursor, up.state_id, up.result))


async def play(hub: Hub, always_ask: bool) -> tuple[list[bytes], int, int]:
    """Three persons at one keyboard play the same purposeful game; seat 1 may ask to be asked.
    Returns what seat 0 saw, how many pass-only asks seat 1 met, and how many it answered itself."""
    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(P.TableSpec("shiver", 3, [P.SeatSpec("person")] * 3, seed=SEED)))
    tid = next(m for m in c.msgs if isinstance(m, P.Joined)).table
    t = hub.tables[tid]
    if always_ask:
        await c.conn.send(P.SeatSettings(tid, 1, always_ask=True))
    loop = asyncio.get_running_loop()
    end = loop.time() + 120
    while t.match.cursor < MOVES and not t.match.is_over():
        assert loop.time() < end, "the game stalled"
        m = t.match
        seat = m.to_act()[0]
        ups = c.updates(seat)
        up = ups[-1] if ups else None
        if up is None or up.state_id != m.state_id or up.auto_pass:
            await asyncio.sleep(0.001)  # its Update is on its way, or the table answers for it
            continue
        _, move = purposeful(m.state, Rng.seeded(m.cursor))
        await c.conn.send(P.Play(tid, seat, msgspec.to_builtins(move), up.state_id))
        await asyncio.sleep(0)
    await asyncio.sleep(0.05)
    mine = c.updates(1)
    asked = {u.state_id for u in mine if u.view["asking"] == "pass" and u.cursor < MOVES}
    by_table = {u.state_id for u in mine if u.auto_pass and u.cursor < MOVES}
    return [seen(u) for u in c.updates(0) if u.cursor <= MOVES], len(asked), len(asked) - len(by_table)


async def test_the_table_passes_for_a_seat_that_cannot_play_and_nobody_can_tell(hub):
    quiet, asked, answered = await play(hub, always_ask=False)
    assert asked > 0, "the game must meet pass-only asks for this test to mean anything"
    assert answered == 0  # each one was answered by the table
    bluff, asked2, answered2 = await play(hub, always_ask=True)
    assert asked2 == asked and answered2 == asked  # asked every time, answered by the player
    assert quiet == bluff  # seat 0 saw the very same game, update for update


async def test_always_ask_is_the_players_own_and_only_for_their_seat(hub):
    ann = Client(LocalConnection(hub, "ann"))
    await ann.conn.send(P.CreateTable(P.TableSpec("shiver", 2, [P.SeatSpec("person"), P.SeatSpec("reserved:bob")],
                                                  seed=SEED)))
    tid = next(m for m in ann.msgs if isinstance(m, P.Joined)).table
    bob = Client(LocalConnection(hub, "bob"))
    await bob.conn.send(P.Sit(tid, 1))
    await bob.conn.send(P.SeatSettings(tid, 0, always_ask=True))  # not his seat
    assert any(isinstance(m, P.Notice) and "not yours" in m.text for m in bob.msgs)
    before = len(ann.updates(0))
    await bob.conn.send(P.SeatSettings(tid, 1, always_ask=True))
    assert bob.updates(1)[-1].always_ask
    assert len(ann.updates(0)) == before  # nobody else hears of it
    assert hub.tables[tid].meta().always_ask == [1]  # kept with the table (a server restart keeps it)


async def test_a_pass_the_table_made_goes_back_with_the_move_it_answered(hub):
    """Ann announces Travel, the table passes for Bo (he holds nothing playable): Ann may still take her
    announcement back under the 'own turn' policy — Bo's pass goes with it, and comes back with a redo."""
    from engine.games.shiver.state import Act, EndTurn, Pass

    c = Client(LocalConnection(hub, "ann"))
    await c.conn.send(P.CreateTable(P.TableSpec("shiver", 2, [P.SeatSpec("person")] * 2, seed=1, undo="turn")))
    tid = next(m for m in c.msgs if isinstance(m, P.Joined)).table
    t = hub.tables[tid]
    m = t.match
    while m.cursor < 42:  # the purposeful game up to Bo ending his turn
        seat = m.to_act()[0]
        _, move = purposeful(m.state, Rng.seeded(m.cursor))
        await c.conn.send(P.Play(tid, seat, msgspec.to_builtins(move), m.state_id))
        await asyncio.sleep(0)
    assert m.cursor == 42 and m.to_act() == (1,)
    await c.conn.send(P.Play(tid, 1, msgspec.to_builtins(EndTurn()), m.state_id))
    await c.conn.send(P.Play(tid, 0, msgspec.to_builtins(Act(0)), m.state_id))
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while m.cursor < 45:
        assert loop.time() < end
        await asyncio.sleep(0.005)
    assert [(p.seat, p.move) for p in m.line[42:45]] == [(1, EndTurn()), (0, Act(0)), (1, Pass())]
    ann = c.updates(0)[-1]
    assert ann.can_undo, ann.undo_why
    await c.conn.send(P.Undo(tid, 0, m.state_id))
    assert m.cursor == 43 and m.to_act() == (0,)  # Ann's announcement and Bo's pass, both taken back
    await c.conn.send(P.Redo(tid, 0, m.state_id))
    assert m.cursor == 45 and [p.move for p in m.line[43:45]] == [Act(0), Pass()]
    # a pass Bo made himself is his own move: Ann cannot take hers back past it
    t.passed_for.clear()
    assert not hub.can_undo(t, 0)[0]
