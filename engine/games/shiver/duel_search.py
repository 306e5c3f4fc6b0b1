"""The duel on its own, for searching bots: a lean copy of the plank that ISMCTS plays instead of the
whole game while a duel's cards are being chosen.

Inside a duel nothing but the duel can happen: the two sides' cards, the miniature and whose move it
is decide everything until one captain falls or both pass. So a search from a duel position needs
neither the map nor the hands of crew cards, and its rollouts can stop where the duel ends and score
that ending. ``focus(s, seat)`` builds such a duel from a (determinized) game state; ``DUEL`` plays it
with the game's own duel menus (``combat.strike_legal`` and the rest read the same field names) and
the same neutral bot, so the moves searched are the moves the game will accept.

Scores: a won duel is worth 1 to the seat deciding for the winner, a lost one 0; a tie is worth a
little less than half to the captain who started the fight (their turn ends for nothing; stone walls
make it a loss for a raider) and a little more to the other side, half each in the duel for victory.
Seats outside the duel score ½ whatever happens (their statistics are never read).

``tests/engine/shiver/test_duel_search.py`` plays random duels in the game and here side by side and
checks that every menu and every position agree.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.games.shiver import content as C
from engine.games.shiver.rules.combat import (
    fort_rule,
    lead_chooser,
    lead_legal,
    neutral_answer,
    neutral_attack,
    parry_legal,
    strike_legal,
    swap_legal,
)
from engine.games.shiver.rules.common import S_LEAD, S_OVER, S_PARRY, S_STRIKE, S_SWAP
from engine.games.shiver.state import (
    DUEL_FINAL,
    DUEL_HUNTER,
    DUEL_NONE,
    Lead,
    Parry,
    State,
    Strike,
    Swap,
)

TIE_STARTER = 0.4  # what a tie is worth to the captain who started the fight (side 0, the captain in a hunter's)
DUEL_STEPS = frozenset((S_LEAD, S_SWAP, S_STRIKE, S_PARRY))


class Duel:
    """The plank and the cards (field names as in ``State``), who decides for each side, and the few
    facts of the fight the rest of the duel needs."""

    __slots__ = ("actor", "chooser", "duel_card", "duel_deck", "duel_aside", "duel_feint", "duel_hands",
                 "duel_passes", "duel_pos", "duel_seats", "duel_swaps", "duel_turn", "players", "rng", "step",
                 "tie", "walls", "winner")

    def __init__(self) -> None:
        self.players = 2
        self.duel_seats: list[int] = [-1, -1]
        self.duel_hands: list[list[int]] = [[], []]
        self.duel_deck: list[int] = []
        self.duel_aside: list[int] = []
        self.duel_pos = self.duel_turn = self.duel_passes = self.duel_swaps = 0
        self.duel_card = -1
        self.duel_feint = False
        self.step = S_OVER
        self.actor = -1
        self.chooser = 0  # who chooses who attacks first (after a Resilient Ships swap); -1 the lot
        self.walls = False  # stone walls: a duel ending in the centre is lost by the raider
        self.tie = (0.5, 0.5)  # what a tie is worth to each side
        self.winner = -2  # -2 still fighting, -1 a tie, else the side that won
        self.rng = Rng(0)

    def copy(self) -> Duel:
        d = Duel.__new__(Duel)
        d.players = self.players
        d.duel_seats = self.duel_seats
        d.duel_hands = [list(self.duel_hands[0]), list(self.duel_hands[1])]
        d.duel_deck = list(self.duel_deck)
        d.duel_aside = list(self.duel_aside)
        d.duel_pos, d.duel_turn, d.duel_passes, d.duel_swaps = (self.duel_pos, self.duel_turn, self.duel_passes,
                                                                self.duel_swaps)
        d.duel_card, d.duel_feint = self.duel_card, self.duel_feint
        d.step, d.actor, d.chooser, d.walls, d.tie, d.winner = (self.step, self.actor, self.chooser, self.walls,
                                                                self.tie, self.winner)
        d.rng = Rng(self.rng.state)
        return d


def focus(s: State, seat: int) -> Duel | None:
    """The duel being fought in ``s`` while its cards are chosen (None at any other moment)."""
    if s.duel == DUEL_NONE or s.step not in DUEL_STEPS:
        return None
    d = Duel()
    d.players = s.players
    d.duel_seats = list(s.duel_seats)
    d.duel_hands = [list(s.duel_hands[0]), list(s.duel_hands[1])]
    d.duel_deck = list(s.duel_deck)
    d.duel_aside = list(s.duel_aside)
    d.duel_pos, d.duel_turn, d.duel_passes, d.duel_swaps = s.duel_pos, s.duel_turn, s.duel_passes, s.duel_swaps
    d.duel_card, d.duel_feint = s.duel_card, s.duel_feint
    d.step, d.actor = s.step, s.actor
    d.chooser = lead_chooser(s)
    d.walls = fort_rule(s) == C.F_WALLS
    if s.duel == DUEL_FINAL:
        d.tie = (0.5, 0.5)
    else:
        starter = 1 if s.duel == DUEL_HUNTER else 0  # the captain met by a pirate hunter is side 1
        d.tie = (TIE_STARTER, 1 - TIE_STARTER) if starter == 0 else (1 - TIE_STARTER, TIE_STARTER)
    d.rng = Rng(s.rng.state)
    return d


# ---------------------------------------------------------------- the rules of the lean duel (as combat.py's)


def _ask(d: Duel, step: int, side: int) -> None:
    seat = d.duel_seats[side]
    if seat >= 0:
        d.step = step
        d.actor = seat
        return
    hand = d.duel_hands[side]  # the neutral bot decides at once
    if step == S_LEAD:
        _lead(d, side)
    elif step == S_SWAP:
        _swap(d, -1)
    elif step == S_STRIKE:
        _strike(d, neutral_attack(hand))
    else:
        _parry(d, neutral_answer(d, hand, side))


def _finish(d: Duel) -> None:
    pos = d.duel_pos
    win = 0 if pos > 0 else 1 if pos < 0 else -1
    if win < 0 and d.walls:
        win = 1
    d.winner = win
    d.step = S_OVER
    d.actor = -1


def _lead(d: Duel, side: int) -> None:
    d.duel_turn = side
    _ask(d, S_STRIKE, side)


def _choose_lead(d: Duel) -> None:
    if d.chooser < 0:
        d.duel_turn = d.rng.below(2)
        _ask(d, S_STRIKE, d.duel_turn)
        return
    d.duel_turn = d.chooser
    _ask(d, S_LEAD, d.chooser)


def _swap(d: Duel, card: int) -> None:
    side = d.duel_turn
    if card >= 0:
        d.duel_hands[side].remove(card)
        d.duel_aside.append(card)
        d.duel_swaps -= 1
        if d.duel_swaps > 0 and d.duel_hands[side]:
            _ask(d, S_SWAP, side)
            return
    n = len(d.duel_aside)
    deck = d.duel_deck
    d.duel_hands[side].extend([deck.pop() for _ in range(min(n, len(deck)))])
    d.duel_swaps = 0
    _choose_lead(d)


def _strike(d: Duel, card: int) -> None:
    side = d.duel_turn
    if card < 0:
        d.duel_pos += -1 if side == 0 else 1
        d.duel_passes += 1
        d.duel_feint = False
        if abs(d.duel_pos) > C.PLANK or d.duel_passes >= 2:
            _finish(d)
            return
        d.duel_turn = 1 - side
        _ask(d, S_STRIKE, 1 - side)
        return
    d.duel_hands[side].remove(card)
    d.duel_passes = 0
    red = C.DUEL_CARDS[card].red
    if red == C.RED_FEINT:
        d.duel_feint = True
        _ask(d, S_STRIKE, side)
        return
    if red == C.RED_RIGG:
        d.duel_feint = False
        deck = d.duel_deck
        d.duel_hands[side].extend([deck.pop() for _ in range(min(C.RIGG_DRAW, len(deck)))])
        d.duel_turn = 1 - side
        _ask(d, S_STRIKE, 1 - side)
        return
    d.duel_card = card
    _ask(d, S_PARRY, 1 - side)


def _parry(d: Duel, card: int) -> None:
    side = 1 - d.duel_turn
    wounds = C.DUEL_CARDS[d.duel_card].wounds
    if card >= 0:
        d.duel_hands[side].remove(card)
        wounds = C.insulted(wounds) if C.DUEL_CARDS[card].blue == C.BLUE_INSULT else 0
    d.duel_card = -1
    d.duel_feint = False
    d.duel_pos += -wounds if side == 0 else wounds
    if abs(d.duel_pos) > C.PLANK:
        _finish(d)
        return
    d.duel_turn = side
    _ask(d, S_STRIKE, side)


class DuelGame:
    """The lean duel as a game for ``engine.bots.ismcts`` (to_act, legal, apply, determinize, rewards)."""

    id = "shiver-duel"

    @staticmethod
    def to_act(d: Duel) -> tuple[int, ...]:
        return (d.actor,) if d.step != S_OVER else ()

    @staticmethod
    def legal(d: Duel, seat: int) -> list[Any]:
        step = d.step
        if step == S_STRIKE:
            return strike_legal(d, seat)
        if step == S_PARRY:
            return parry_legal(d, seat)
        if step == S_LEAD:
            return lead_legal(d, seat)
        return swap_legal(d, seat)

    @staticmethod
    def apply(d: Duel, seat: int, move: Any, quiet: bool = False) -> list[Any]:
        t = type(move)
        if t is Strike:
            _strike(d, move.card)
        elif t is Parry:
            _parry(d, move.card)
        elif t is Lead:
            _lead(d, move.side)
        elif t is Swap:
            _swap(d, move.card)
        else:
            raise ValueError(f"not a duel move: {move!r}")
        return []

    @staticmethod
    def determinize(d: Duel, seat: int, rng: Rng) -> Duel:
        """Re-deal what ``seat`` cannot see: the hands it does not decide for, the deck, the cards set aside."""
        out = d.copy()
        hidden = [side for side in (0, 1) if out.duel_seats[side] != seat]
        pool = out.duel_deck + out.duel_aside
        for side in hidden:
            pool.extend(out.duel_hands[side])
        rng.shuffle(pool)
        for side in hidden:
            n = len(out.duel_hands[side])
            out.duel_hands[side] = pool[len(pool) - n:]
            del pool[len(pool) - n:]
        n = len(out.duel_aside)
        out.duel_aside = pool[len(pool) - n:] if n else []
        if n:
            del pool[len(pool) - n:]
        out.duel_deck = pool
        out.rng = Rng(rng.next_u64())
        return out

    @staticmethod
    def result(d: Duel) -> None:
        return None

    @staticmethod
    def estimate(d: Duel) -> None:
        return None

    @staticmethod
    def rewards(d: Duel) -> list[float]:
        out = [0.5] * d.players
        w = d.winner
        if w == -2:  # cut short: the side standing in the other's half is ahead
            w = 0 if d.duel_pos > 0 else 1 if d.duel_pos < 0 else -1
        for side in (0, 1):
            seat = d.duel_seats[side]
            if seat >= 0:
                out[seat] = d.tie[side] if w == -1 else 1.0 if w == side else 0.0
        return out


DUEL = DuelGame()


def search_focus(s: State, seat: int) -> tuple[DuelGame, Duel] | None:
    """``Rules.search_focus``: search the duel alone while its cards are chosen."""
    d = focus(s, seat)
    return None if d is None else (DUEL, d)
