"""Shiver Me Timbers over real SSH: two people and a bot play a whole game on a drafted map, each in
their own session; the lobby shows the game and its options."""

import asyncio
import re

import pytest

from tests.ssh.client import Client, ServerProcess, take_turns

END = re.compile(r"(\S)  End your turn")
GAME = re.compile(r"‹ ([^›]+?) ›")


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path / "srv", "--idle-timeout", "600")
    yield srv
    srv.stop()


async def shiver_form(c: Client) -> None:
    """From the lobby to the New table form with Shiver Me Timbers chosen (the game cycler has the focus)."""
    await c.wait_for("New table")
    c.send("n")
    await c.wait_for("Start the game")
    loop = asyncio.get_running_loop()
    for _ in range(8):
        shown = GAME.search(c.term.text())
        if shown and shown.group(1) == "Shiver Me Timbers":
            break
        c.send("\x1b[C")
        end = loop.time() + 10
        while (now := GAME.search(c.term.text())) and shown and now.group(1) == shown.group(1):
            assert loop.time() < end, c.term.text()
            await asyncio.sleep(0.05)
    await c.wait_for("‹ Shiver Me Timbers ›")


def shiver_key(text: str) -> str:
    """End the turn when that is offered, else take the first choice."""
    ending = END.search(text)
    return ending.group(1) if ending else "1"


async def test_two_people_and_a_bot_build_the_map_and_play_shiver_over_ssh(server):
    ann = await Client.connect(server.port, "ann", 120, 40)
    await shiver_form(ann)
    ann.send("\t" * 8)  # game, players, then name/kind/colour per seat: the third seat's kind
    ann.send("\x1b[C" * 3)  # Open seat → Reserved → Bot · random → Bot · heuristic
    await ann.wait_for("heuristic")
    # the options: the map is built in a draft
    text = ann.term.text()
    assert "quick-start" in text
    for _ in range(6):  # on to the map option: a step right shows "draft" once it has the focus
        ann.send("\t")
        await asyncio.sleep(0.3)
        ann.send("\x1b[C")
        await asyncio.sleep(0.3)
        if "‹ draft ›" in ann.term.text():
            break
        ann.send("\x1b[D")  # not there yet: put back what the step changed
    await ann.wait_for("‹ draft ›")
    ann.send("\x13")  # ctrl+s: start
    await ann.wait_for("waiting for players")

    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("map: draft", "Shiver Me Timbers", "ann's table")  # the lobby shows the game and its options
    bob.send("j")
    await ann.wait_for("Setup")
    await bob.wait_for("Setup")
    await take_turns([ann, bob], shiver_key, timeout=300)
    final = ann.term.text()
    assert "Ranking" in final and "ann" in final and "bob" in final
    assert "Life goals" in final or "seals" in final.lower()
    for c in (ann, bob):
        await c.close()
