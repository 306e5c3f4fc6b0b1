"""Shiver Me Timbers' fights through the keyboard, as a player makes them: board a merchant (its cards chosen
by the bot to the attacker's right), board another captain, and board a merchant at a shared keyboard where
the person to the attacker's right chooses the merchant's cards behind the pass-and-play curtain — and the
attacker's hand is never on the screen while they do. (The fortress raid is in test_shiver.py.)

Every position is reached by playing moves from a seeded game (the purposeful test player), never by
editing a state."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from rich.console import Console

from engine import Match, SeatInfo
from engine.core.rng import Rng
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_TURN, strength
from engine.games.shiver.state import (
    DUEL_BOARD,
    DUEL_MERCHANT,
    DUEL_NONE,
    MERCHANT_TARGET,
    Act,
    Lead,
    Parry,
    Plunder,
    Strike,
    Target,
)
from tests.engine.shiver.helpers import purposeful
from tests.tui.conftest import my_turn, table, until
from tests.tui.test_shiver import board_text, curtain, press_move
from tui.games.shiver.duel_plank import card_words
from tui.screenshots import CREATED, saved_game

BOARD = Act(C.ACT_BOARD)
DUEL_MOVES = (Lead, Strike, Parry)


def screen_text(app: Any) -> str:
    """Everything on the screen now, as plain text (the board, the decision panel, the log)."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def no_cards(s: Any) -> bool:
    return not any(s.crew) and not any(s.rits)  # no reaction window: every curtain is the duel's


def played_to(kinds: list[str], want: Callable[[Any], bool], players: int | None = None, seeds: int = 120,
              longest: int = 700) -> Match:
    """The first position ``want`` accepts in seeded games of the purposeful test player."""
    players = players or len(kinds)
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    for seed in range(1, seeds):
        m = Match.new("shiver", players, seed=seed, seats=[SeatInfo(name=n, kind=k) for n, k in
                                                           zip(names, kinds, strict=True)], undo="turn")
        m.header.created = CREATED
        rng = Rng.seeded(seed)
        while m.cursor < longest and not m.is_over():
            if want(m.state):
                return m
            seat, mv = purposeful(m.state, rng)
            m.play(seat, mv)
    raise AssertionError("no such position in the seeded games")


def merchant_to_board(s: Any) -> bool:
    """Ann's turn, an action left, alone with a merchant on a sea space she can fight (strengths within 3)."""
    if s.step != S_TURN or s.turn != 0 or s.actions < 1 or s.turn_done or not no_cards(s):
        return False
    node = s.pos[0]
    if node < 6 or node >= len(s.merchant) or s.merchant[node] < 0 or s.pos.count(node) > 1:
        return False
    m = C.MERCHANTS[s.merchant[node]]
    return abs(strength(s, 0) - max(1, m.strength - s.m_damage[node])) <= 2


def captain_to_board(s: Any) -> bool:
    """Ann's turn, an action left, on a sea space with Bo and no merchant (strengths within 2)."""
    if s.step != S_TURN or s.turn != 0 or s.actions < 1 or s.turn_done or not no_cards(s):
        return False
    node = s.pos[0]
    return (node >= 6 and s.pos[1] == node and (node >= len(s.merchant) or s.merchant[node] < 0)
            and abs(strength(s, 0) - strength(s, 1)) <= 2)


async def fight_it_out(pilot: Any, screen: Any, t: Any, by_board: bool = True) -> list[Any]:
    """Ann's duel moves through the keyboard until the duel is over: Enter on a plank chip when the board's
    cursor rests on one, else the move's hotkey. Returns the moves she made."""
    made = []
    turn = 0
    while t.match.state.duel != DUEL_NONE:
        await until(pilot, lambda: t.match.state.duel == DUEL_NONE or my_turn(pilot))
        if t.match.state.duel == DUEL_NONE:
            break
        at = t.match.cursor
        board = screen.board
        if by_board and turn % 2 == 0 and board.cursor and board.cursor.startswith("duel:") \
                and board.cursor in board.scene.targets():
            board.focus()
            await pilot.press("enter")
            if screen.query_one("#decisions").narrowed is not None:
                await pilot.press("enter")
            await until(pilot, lambda at=at: t.match.cursor > at)
        else:
            move = next(c.move for c in screen.choices if isinstance(c.move, DUEL_MOVES))
            await press_move(pilot, screen, move)
        made.append(t.match.line[at].move)
        turn += 1
    return made


async def test_boarding_a_merchant_through_the_keyboard(app_for, data):
    """Ann boards the merchant on her space; Bo, a bot at her right, plays the merchant."""
    m = played_to(["person", "bot:heuristic"], merchant_to_board)
    node = m.state.pos[0]
    mid = m.state.merchant[node]
    app = app_for("load", path=str(saved_game(data, "board-merchant.plank", m)))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        await press_move(pilot, screen, BOARD)
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "target")
        await press_move(pilot, screen, Target(MERCHANT_TARGET + node))
        assert t.match.state.duel == DUEL_MERCHANT  # (strengths within 2: no push off the plank at once)
        assert t.match.state.duel_seats == [0, 1]  # the bot to Ann's right decides for the merchant
        await until(pilot, lambda: my_turn(pilot) or t.match.state.duel == DUEL_NONE)
        if t.match.state.duel != DUEL_NONE:
            text = board_text(screen)
            assert "⚔ merchant:" in text and "☠" in text
        made = await fight_it_out(pilot, screen, t)
        assert made and all(isinstance(mv, DUEL_MOVES) for mv in made)
        s = t.match.state
        won = mid in s.defeated[0]
        assert won or s.merchant[node] == mid  # taken, or still there face up after a loss or a tie
        assert any(p.move == Target(MERCHANT_TARGET + node) and p.seat == 0 for p in t.match.line)


async def test_boarding_a_captain_through_the_keyboard(app_for, data):
    """Ann boards Bo (a bot) on their sea space: a direct duel, and the winner's reward chosen by the keyboard
    when Ann wins."""
    m = played_to(["person", "bot:heuristic"], captain_to_board)
    app = app_for("load", path=str(saved_game(data, "board-captain.plank", m)))
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        await press_move(pilot, screen, BOARD)
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "target")
        await press_move(pilot, screen, Target(1))
        assert t.match.state.duel == DUEL_BOARD
        assert t.match.state.duel_seats == [0, 1]  # a direct duel: each captain decides for their own side
        await until(pilot, lambda: my_turn(pilot) or t.match.state.duel == DUEL_NONE)
        if t.match.state.duel != DUEL_NONE:
            assert "Duel — boarding:" in board_text(screen) and "☠" in board_text(screen)
        made = await fight_it_out(pilot, screen, t, by_board=False)
        assert all(isinstance(mv, DUEL_MOVES) for mv in made)
        await until(pilot, lambda: my_turn(pilot) or t.match.state.turn != 0)
        if my_turn(pilot) and screen.view_obj.asking == "plunder":
            await press_move(pilot, screen, next(c.move for c in screen.choices if isinstance(c.move, Plunder)))
            assert isinstance(t.match.line[-1].move, Plunder) and t.match.line[-1].seat == 0
        assert any(p.move == Target(1) and p.seat == 0 for p in t.match.line)


async def test_the_merchant_is_played_behind_the_curtain_by_the_person_to_the_right(app_for, data):
    """Three persons at one keyboard: Ann boards a merchant, and Cy — at her right — chooses the merchant's cards.
    Every curtain of the duel is Ann's or Cy's (never Bo's), and while Cy chooses, no card of Ann's hand is on
    the screen: only the merchant's."""
    m = played_to(["person", "person", "person"], merchant_to_board)
    node = m.state.pos[0]
    app = app_for("load", path=str(saved_game(data, "hotseat-merchant.plank", m)))
    curtains: list[int] = []
    cy_turns = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: curtain(pilot) is not None)
        assert curtain(pilot).seat == 0
        await pilot.press("enter")
        await until(pilot, lambda: my_turn(pilot))
        screen = table(pilot)
        t = app.hub.tables[screen.table_id]
        await press_move(pilot, screen, BOARD)
        await until(pilot, lambda: my_turn(pilot) and screen.view_obj.asking == "target")
        await press_move(pilot, screen, Target(MERCHANT_TARGET + node))
        assert t.match.state.duel == DUEL_MERCHANT and t.match.state.duel_seats == [0, 2]  # Cy plays the merchant
        while t.match.state.duel != DUEL_NONE:
            await until(pilot, lambda: curtain(pilot) is not None or my_turn(pilot) or t.match.state.duel == DUEL_NONE)
            if t.match.state.duel == DUEL_NONE:
                break
            if curtain(pilot) is not None:
                curtains.append(curtain(pilot).seat)
                assert screen_text(app).count("Pass the keyboard to") == 1  # the curtain covers the table
                await pilot.press("enter")
                continue
            s = t.match.state
            shown = screen.model.shown
            assert shown == s.actor
            if shown == 2:
                cy_turns += 1
                v = screen.view_obj
                assert v.duel.my_side == 1 and v.duel.hand == sorted(s.duel_hands[1])
                words = screen_text(app)
                assert "The cards you hold for" in words and "Your cards:" not in words
                theirs = {card_words(c) for c in s.duel_hands[1]}
                for c in s.duel_hands[0]:  # Ann's hand: never on Cy's screen
                    if card_words(c) not in theirs:
                        assert card_words(c) not in words
                offered = [c.move.card for c in screen.choices if isinstance(c.move, (Strike, Parry))]
                assert all(c < 0 or c in s.duel_hands[1] for c in offered)
                bad = [(e.kind, e.to, e.text) for e in screen.model.log() if e.to is not None and 2 not in e.to]
                assert not bad, bad  # nothing but what Cy may see in her log
            move = next(c.move for c in screen.choices if isinstance(c.move, DUEL_MOVES))
            await press_move(pilot, screen, move)
    assert curtains and set(curtains) <= {0, 2} and 2 in curtains
    assert cy_turns >= 1


# ---------------------------------------------------------------- the other fights drawn: the gunfight's die, the hunt


async def _scene_board(name: str, data: Any, size: tuple[int, int]) -> tuple[str, Any]:
    from tui.screenshots import SCENES, to_table

    scene = next(s for s in SCENES if s.name == name)
    app = scene.setup(data)
    async with app.run_test(size=size) as pilot:
        await to_table(pilot)
        screen = table(pilot)
        return board_text(screen), screen.view_obj


async def test_a_gunfight_shows_the_red_die_and_what_it_did(data):
    text, view = await _scene_board("shiver-gunfight", data, (80, 24))
    assert "✸ Gunfight:" in text and "fires on" in text and "red die ▕" in text
    wide, _ = await _scene_board("shiver-gunfight", data, (120, 40))
    assert "╭─────╮" in wide and "the red die:" in wide


async def test_a_monster_hunt_shows_its_track_and_the_card_drawn(data):
    text, view = await _scene_board("shiver-hunt", data, (80, 24))
    hunt = next(h for h in view.hunts if h.card >= 0)
    assert view.asking == "hunt" and "Ψ Hunt: Sea Serpent" in text
    assert f"{hunt.track[0]}/{hunt.length}" in text and C.HUNT_CARDS[hunt.card].name in text
    assert text.count("◇") >= 2  # the serpent's coils on the track
