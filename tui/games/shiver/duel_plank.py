"""The duel plank, drawn above the sea while a duel is fought: both captains with their strength and
speed, the prelude's push, the plank's spaces with the centre and both halves and the miniature where
it stands, the card just played, whose move it is, and — for the side you decide for — your cards,
both sides of each, the playable ones as chips.

Everything comes from ``View.duel`` (engine/games/shiver/state.py ``DuelView``): no rule is re-derived
here. Moves: ``Strike`` and ``Parry`` are the chips ``duel:r:<card>`` / ``duel:b:<card>`` (the adapter
maps them), ``Lead`` is ``duel:lead:<side>``.
"""

from __future__ import annotations

from typing import Any

from engine.games.shiver import content as C
from tui.widgets.blocks import Block, Line

MINIATURE = "☠"


def plank_line(d: Any, w: int) -> str:
    """``A's edge ▕·│·│·│◆│·│·│·▏ B's edge`` with the miniature on its space (off the plank: beyond an edge)."""
    cells = []
    for p in range(-d.plank, d.plank + 1):
        mark = MINIATURE if p == d.pos else ("◆" if p == 0 else "·")
        cells.append(mark)
    left = MINIATURE if d.pos < -d.plank else " "
    right = MINIATURE if d.pos > d.plank else " "
    return f"{left}▕{'│'.join(cells)}▏{right}"


def short(name: str) -> str:
    """A side's name for a narrow plank: "the English merchant" -> "English"."""
    words = name.split()
    if words and words[0] == "the" and len(words) >= 3:
        return words[1]
    return name[:12]


def card_words(c: int) -> str:
    return f"{C.red_words(c)} / {C.blue_words(c)}"


def plank_block(board: Any, scene: Any, targets: set[str], w: int, compact: bool, stops: list[str]) -> Block:
    view = scene.view
    d = view.duel
    b = Block(w)
    if d is None:
        return b
    strong, muted, accent = board.paint("strong"), board.paint("muted"), board.paint("accent")
    head = Line(" ⚔ ", accent)
    head.add(f"Duel — {d.kind}: " if not compact else f"{d.kind}: ", strong)
    for side in (0, 1):
        seat = d.ships[side]
        if seat >= 0:
            head.add(board.letter(scene, seat))
        words = (f" {d.names[side]} (strength {d.strength[side]}, speed {d.speed[side]})" if not compact else
                 f" {short(d.names[side])} {d.strength[side]}")
        head.add(words, strong if side == d.turn else muted)
        if side == 0:
            head.add(" vs ", muted)
    b.add(head)
    if not compact and d.foe:
        b.add(Line(f"   {d.foe}", muted))
    push = d.push
    pushed = f"prelude push {abs(push)} by {d.names[0 if push > 0 else 1]}" if push else "prelude: no push"
    row = Line(f"   {short(d.names[0])}'s edge ", muted)
    row.add(plank_line(d, w), accent)
    row.add(f" {short(d.names[1])}'s edge", muted)
    if not compact:
        row.add(f"   ({pushed}; {d.hand_sizes[0]} and {d.hand_sizes[1]} cards, deck {d.deck})", muted)
    b.add(row)
    now = {"prelude": "the prelude: crew and ritual cards change the strengths",
           "lead": f"{d.names[d.turn]} chooses who attacks first",
           "swap": f"{d.names[d.turn]}'s bigger ship may swap {d.swaps} cards",
           "attack": f"{d.names[d.turn]} attacks" + (" again after a Feint (no guard can block it)" if d.feint else ""),
           "answer": f"{d.names[1 - d.turn]} answers {C.red_words(d.attack)}" if d.attack >= 0 else ""}.get(d.phase, "")
    line = Line("   ", muted)
    if d.last_words:
        line.add(f"Last: {d.last_words}. ", muted)
    line.add(f"Now: {now}" if now else "", strong)
    b.add(line)
    if d.my_side >= 0 and d.hand:
        mine = view.seat is not None and view.seat in view.to_act
        own = d.ships[d.my_side] == view.seat
        b.add(Line("   Your cards:" if own else f"   The cards you hold for {d.names[d.my_side] if not compact else short(d.names[d.my_side])}:", strong))
        cards = Line("     ")
        for c in d.hand:
            key = f"duel:r:{c}" if f"duel:r:{c}" in targets else f"duel:b:{c}"
            if mine and key in targets:
                board.chip(cards, key, card_words(c), targets)
                stops.append(key)
            else:
                cards.add(card_words(c), muted)
            cards.add("  ")
            if cards.width > w - 26:
                b.add(cards)
                cards = Line("     ")
        if cards.width > 5:
            b.add(cards)
    extra = [(k, t) for k, t in (("duel:pass", "Pass and retreat 1"), ("duel:take", "Take the wounds"),
                                 ("duel:lead:0", f"{d.names[0]} attacks first"),
                                 ("duel:lead:1", f"{d.names[1]} attacks first")) if k in targets]
    if extra:
        line = Line("   ")
        for key, label in extra:
            board.chip(line, key, label, targets)
            line.add("  ")
            stops.append(key)
        b.add(line)
    return b
