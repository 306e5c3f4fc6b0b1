"""People at one table over real SSH: the real app in each session, screens read with pyte.

A server runs on a free port with its own data dir; asyncssh clients request a pty
and type keys; what they see is what a terminal would show.
"""

import asyncio
import re

import pytest

from tests.ssh.client import Client, ServerProcess

TURN = re.compile(r"(\w+) — your move")
HAND = re.compile(r"│ (Your hand|Hand )")  # the board's hand row (full or compact)
GAME = re.compile(r"‹ ([^›]+?) ›")  # the New game screen's game cycler


async def new_table(c: Client, bot_in_last_seat: bool = True) -> None:
    """From the lobby: a Shards table for 3 — me, an open seat, and a heuristic bot."""
    await shards_form(c)
    if bot_in_last_seat:
        c.send("\t" * 8)  # game, players, then name/kind/colour per seat: the third seat's kind
        c.send("\x1b[C" * 3)  # Open seat → Reserved → Bot · random → Bot · heuristic
        await c.wait_for("heuristic")
    c.send("\x13")  # ctrl+s: start


async def shards_form(c: Client) -> None:
    """From the lobby to the New table form, Shards of Creation chosen (the game cycler has the focus)."""
    await c.wait_for("New table")
    c.send("n")
    await c.wait_for("Start the game")
    for _ in range(8):  # the game cycler has the focus: step to Shards of Creation
        shown = GAME.search(c.term.text())
        if shown and shown.group(1) == "Shards of Creation":
            break
        c.send("\x1b[C")
        # one step at a time: look again only once the cycler shows the next game (a slow
        # machine would otherwise step past it)
        loop = asyncio.get_running_loop()
        end = loop.time() + 10
        while (now := GAME.search(c.term.text())) and shown and now.group(1) == shown.group(1):
            assert loop.time() < end, c.term.text()
            await asyncio.sleep(0.05)
    await c.wait_for("‹ Shards of Creation ›")


async def ann_and_bob_at_a_table(port: int) -> tuple[Client, Client]:
    """Ann sets up a table (a bot in its last seat), Bob takes the open seat: the game is dealt."""
    ann = await Client.connect(port, "ann", 120, 40)
    await new_table(ann)
    bob = await Client.connect(port, "bob", 120, 40)
    await bob.wait_for("ann's table")
    bob.send("j")
    await bob.wait_for("Round 1 of 3")
    return ann, bob


async def my_move_if_any(c: Client) -> bool:
    """Press the first choice when this screen says it is my move."""
    if TURN.search(c.term.text()):
        c.send("1")
        return True
    return False


async def play_until_over(clients: list[Client], timeout: float = 240) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not all("Ranking" in c.term.text() for c in clients):
        if loop.time() > end:
            raise AssertionError("the game did not end:\n" + "\n---\n".join(c.term.text() for c in clients))
        pressed = False
        for c in clients:
            if "Ranking" not in c.term.text():
                pressed |= await my_move_if_any(c)
        await asyncio.sleep(0.15 if pressed else 0.05)


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path / "srv", "--idle-timeout", "3")
    yield srv
    srv.stop()


async def test_two_people_and_a_bot_play_a_whole_game_and_a_watcher_sees_no_cards(server):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await new_table(ann)
    await ann.wait_for("waiting for players")
    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("ann's table")
    bob.send("j")  # the only open seat
    await ann.wait_for("Round 1 of 3")
    await bob.wait_for("Round 1 of 3")
    # each sees the other at the table (the players panel may reach the client after the header)
    await ann.wait_for("bob")
    await bob.wait_for("ann")

    kim = await Client.connect(server.port, "kim", 120, 40)
    await kim.wait_for("ann's table")
    kim.send("w")
    watched = await kim.wait_for("Watching", "Round 1 of 3", "Scoring")  # the watcher's board is drawn
    # a player's board shows their hand; a watcher's never shows one, nor anyone's secret
    await ann.wait_until(lambda screen: "ann — " in screen and bool(HAND.search(screen)), "ann's hand shown")
    assert not HAND.search(watched) and "(secret)" not in watched

    await play_until_over([ann, bob])
    final = ann.term.text()
    assert "Ranking" in final and "ann" in final and "bob" in final
    for c in (ann, bob, kim):
        await c.close()


async def test_a_player_who_drops_comes_back_to_the_same_seat(server):
    ann, bob = await ann_and_bob_at_a_table(server.port)
    await bob.close()  # the connection drops
    await ann.wait_for("bob has left the table")  # at once, in the table's chat
    ann.send("/")
    await asyncio.sleep(0.5)
    ann.send("are you there\r")
    await ann.wait_for("you: are you there")

    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("bob — ")  # straight back to his seat, not the lobby
    await bob.wait_for("Your hand")  # his own hand, as it was
    await bob.wait_for("ann: are you there")  # and what was said while he was away
    await bob.close()
    await ann.close()


async def test_an_idle_seat_is_played_by_a_bot_and_handed_back(server):
    ann, bob = await ann_and_bob_at_a_table(server.port)
    await bob.close()  # bob is away longer than the table's 3 s
    # ann keeps playing; bob's stand-in plays for him
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while "plays for them" not in ann.term.text():
        assert loop.time() < end, ann.term.text()
        await my_move_if_any(ann)
        await asyncio.sleep(0.2)
    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("bob — ")  # back at his seat: the stand-in stops
    await asyncio.sleep(1)
    bob.send("\x1b")  # to the lobby: the seat is his, no stand-in
    await bob.wait_for("ann's table")
    await bob.wait_gone("bot plays for now")  # the lobby's list follows the hub within a second or two
    await bob.close()
    await ann.close()


async def test_a_second_user_cannot_take_a_seat_that_is_not_theirs(server):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await new_table(ann, bot_in_last_seat=False)
    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("ann's table")
    bob.send("j")
    await bob.wait_for("Which seat?")
    bob.send("\r")
    await bob.wait_for("waiting for players")
    mal = await Client.connect(server.port, "mal", 120, 40)
    await mal.wait_for("ann's table")
    mal.send("j")  # only the last open seat is offered, never ann's or bob's
    text = await mal.wait_for("Round 1 of 3", "mal — ")
    assert not re.search(r"(ann|bob) — your move", text)
    for c in (ann, bob, mal):
        await c.close()


async def test_the_table_resumes_after_a_server_restart(tmp_path):
    data = tmp_path / "srv"
    srv = ServerProcess(data)
    try:
        ann = await Client.connect(srv.port, "ann", 120, 40)
        await new_table(ann)
        bob = await Client.connect(srv.port, "bob", 120, 40)
        await bob.wait_for("ann's table")
        bob.send("j")
        await ann.wait_for("Round 1 of 3")
        for _ in range(3):  # a few moves each
            for c in (ann, bob):
                await my_move_if_any(c)
            await asyncio.sleep(0.5)
        await ann.close()
        await bob.close()
    finally:
        srv.stop()
    srv = ServerProcess(data, port=srv.port)
    try:
        ann = await Client.connect(srv.port, "ann", 120, 40)
        await ann.wait_for("ann — ", "Round 1 of 3")  # back at her seat: the table as it was, from her seat
        ann.send("\x1b")
        await ann.wait_for("ann's table", "playing")
        await ann.close()
    finally:
        srv.stop()


async def test_resizing_relays_out_the_table(server):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await new_table(ann)
    await ann.wait_for("waiting for players")
    ann.resize(80, 24)

    def fits(screen: str) -> bool:  # the side panel's box closes inside 80 columns (cut off, it would not)
        lines = screen.splitlines()
        return "waiting for players" in screen and any(
            "Waiting for players" in line and line.rstrip().endswith("╮") for line in lines)

    await ann.wait_until(fits, "laid out again at 80 columns")
    await ann.close()


async def test_garbage_on_the_terminal_changes_nothing(server):
    ann, bob = await ann_and_bob_at_a_table(server.port)
    # keys that open another screen on purpose (a digit plays, / chats, ? shows the rules) are left out
    junk = bytes(b for b in range(256) if b not in (0x10, 0x11, 0x1b) and chr(b) not in "123456789abcdefghijklmnopqrstuvwxyz/?\r\n\t ")
    bob.send(junk * 20)
    bob.send("\x1b[200~" + "1" * 100_000 + "\x1b[201~")  # a huge paste
    await asyncio.sleep(2)
    await bob.wait_for("bob — ")  # still at his table, still answering
    ann.send("x")  # ann's session is unaffected
    await ann.wait_for("ann — ")
    for c in (ann, bob):
        await c.close()
    # whatever the keys did, the game is a legal one: its save replays to every recorded hash
    from engine import Match

    saves = list((server.data_dir / "tables").glob("*.plank"))
    assert saves
    for path in saves:
        assert Match.load(path, strict=False).problems == []
