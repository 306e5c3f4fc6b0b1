"""Fractured Sky over real SSH: two people (and the automa the rules seat beside them) play a whole
game with the recommended expansions, each in their own session; each sees the sky map."""

import asyncio
import re

import pytest

from tests.ssh.client import Client, ServerProcess, take_turns

GAME = re.compile(r"‹ ([^›]+?) ›")


@pytest.fixture
def server(tmp_path):
    srv = ServerProcess(tmp_path / "srv", "--idle-timeout", "600")
    yield srv
    srv.stop()


async def sky_form(c: Client, title: str) -> None:
    """From the lobby to the New table form with Fractured Sky chosen (the game cycler has the focus)."""
    await c.wait_for("New table")
    c.send("n")
    await c.wait_for("Start the game")
    loop = asyncio.get_running_loop()
    for _ in range(8):
        shown = GAME.search(c.term.text())
        if shown and shown.group(1) == title:
            break
        c.send("\x1b[C")
        end = loop.time() + 10
        while (now := GAME.search(c.term.text())) and shown and now.group(1) == shown.group(1):
            assert loop.time() < end, c.term.text()
            await asyncio.sleep(0.05)
    await c.wait_for(f"‹ {title} ›")


def sky_key(text: str) -> str:
    """The first choice; at a chip, one the board offers (a chip's hotkey is its value: ‹0› ‹2› …)."""
    chips = re.findall(r"‹(\d)›", text) if "face-down chip" in text else []
    return chips[0] if chips else "1"


async def test_two_people_and_the_automa_play_fractured_sky_over_ssh(server):
    from engine import games

    title = games.get("fractured-sky").title
    ann = await Client.connect(server.port, "ann", 120, 40)
    await sky_form(ann, title)
    ann.send("\t")  # the player count: 3 → 2 (the automa joins two people)
    ann.send("\x1b[D")
    await ann.wait_for("recommends bounties and payloads")
    ann.send("\x13")  # ctrl+s: start
    await ann.wait_for("waiting for players")

    bob = await Client.connect(server.port, "bob", 120, 40)
    await bob.wait_for("ann's table", title)
    bob.send("j")
    await ann.wait_for("public starfall")
    await bob.wait_for("public starfall")
    # the sky map, and the automa's seat: waited for, not read once (a frame may reach the client in pieces)
    await bob.wait_for("Desert")
    await bob.wait_for("automa")
    await take_turns([ann, bob], sky_key, timeout=400)
    final = ann.term.text()
    assert "Ranking" in final and "ann" in final and "bob" in final
    assert "Starfalls" in final or "starfalls" in final
    for c in (ann, bob):
        await c.close()
