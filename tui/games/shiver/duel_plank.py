"""The duel plank, drawn above the sea while a duel is fought: both captains with their strength and
speed, the prelude's push, the plank's spaces with the centre and both halves and the miniature where
it stands, the card just played, whose move it is, and — for the side you decide for — your cards,
both sides of each, the playable ones as chips.

Beside it, the other fights: a **gunfight** shows the red die its target rolled and what the roll
did (or the hit on a merchant), and a **monster hunt** shows the monster's 15-space track with its
marks and every captain's progress marker, and the hunt card drawn with its options, then what they
did. Both stay up from the fight until the next action is announced or the turn ends.

Everything comes from ``View.duel`` and ``View.hunts`` (engine/games/shiver/state.py ``DuelView``,
``HuntView``) and from the seat's own log (``Scene.recent``: the events' machine facts and words): no
rule is re-derived here. Moves: ``Strike`` and ``Parry`` are the chips ``duel:r:<card>`` /
``duel:b:<card>`` (the adapter maps them), ``Lead`` is ``duel:lead:<side>``.
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


# ---------------------------------------------------------------- what just happened: gunfights and hunts

NEW_ACTION = ("announce", "end-turn", "round")  # a new action, turn or round: what came before is no longer "just now"
DIE_FACES = {"strength": "STR", "speed": "SPD", "hull": "HUL", "empty": "·", "advance 1": "+1", "advance 2": "+2",
             "advance 3": "+3"}
BLUE_MARK, RED_MARK = "◇", "✸"  # a space of a hunt track that rolls the blue or the red die


def add_words(b: Block, head: Line, words: str, style: Any, indent: int = 5, most: int = 3) -> None:
    """``head`` and then ``words`` wrapped to the block's width under it (at most ``most`` lines, the last cut)."""
    line = head
    rows = 1
    for word in words.split():
        if line.width + 1 + len(word) > b.width and line.width > indent:
            if rows == most:
                break
            b.add(line)
            rows += 1
            line = Line(" " * indent)
        line.add(("" if line.width in (0, indent) or line.text.plain.endswith(" ") else " ") + word, style)
    b.add(line)


def just_now(events: list[Any]) -> list[Any]:
    """The seat's events since the last action was announced or a turn or round began."""
    out: list[Any] = []
    for e in reversed(events):
        if e.kind in NEW_ACTION:
            break
        out.append(e)
    out.reverse()
    return out


def die_face(face: str) -> str:
    return DIE_FACES.get(face, "BITE" if face.startswith("the monster bites") else face[:4].upper())


def die_lines(board: Any, die: str, face: str, indent: str, words: list[tuple[str, Any]]) -> list[Line]:
    """A die drawn as a box with its face in it, the words beside its three lines."""
    style = board.paint(f"sea--die-{die}")
    label = die_face(face).center(5)
    lines = [Line(indent), Line(indent), Line(indent)]
    lines[0].add("╭─────╮", style)
    lines[1].add("│", style).add(label, board.paint("strong")).add("│", style)
    lines[2].add("╰─────╯", style)
    for i, (text, paint) in enumerate(words[:3]):
        lines[i].add("  " + text, paint)
    return lines


def gunfight_block(board: Any, scene: Any, w: int, compact: bool) -> Block | None:
    """The last gunfight of this action: who fired on whom, the red die the target rolled and what it did."""
    recent = just_now(scene.recent)
    at = next((i for i in range(len(recent) - 1, -1, -1) if recent[i].kind in ("gunfight", "gunfight-miss")), -1)
    if at < 0:
        return None
    shot = recent[at]
    data = shot.data or {}
    b = Block(w)
    strong, muted, accent = board.paint("strong"), board.paint("muted"), board.paint("accent")
    head = Line(" ✸ ", accent)
    head.add("Gunfight: ", strong)
    shooter = data.get("seat", -1)
    target = data.get("target", -1)
    if shot.kind == "gunfight-miss" or target < 0:
        add_words(b, head, shot.text, muted, 3, 2 if compact else 3)  # the merchant: a hit, or out of range
        if shot.kind == "gunfight" and not compact:
            b.add(Line("   every damage marker costs the merchant 1 strength when it is boarded", muted))
        return b
    if shooter >= 0:
        head.add(board.letter(scene, shooter))
        head.add(f" {scene.name(shooter)} fires on ", strong)
    head.add(board.letter(scene, target))
    head.add(f" {scene.name(target)}", strong)
    b.add(head)
    roll = next((e for e in recent[at + 1:] if e.kind == "roll" and (e.data or {}).get("die") == "red"), None)
    if roll is None:
        return b
    face = (roll.data or {}).get("face", "")
    after = next((e for e in recent[recent.index(roll) + 1:] if e.kind in ("lose", "no-harm")), None)
    what = after.text if after is not None else f"{scene.name(target)} dodges the shot"
    if compact:
        line = Line("   red die ", muted)
        line.add(f"▕{die_face(face)}▏", board.paint("sea--die-red"))
        line.add(f" {face}:", strong)
        add_words(b, line, what, muted, 5, 2)
        return b
    for line in die_lines(board, "red", face, "   ", [("", muted), (f"the red die: {face}", strong),
                                                        (what, muted)]):
        b.add(line)
    return b


def track_line(board: Any, scene: Any, h: Any, compact: bool, cell: int = 2) -> Line:
    """``start ▕· · · R ◇ · …Ψ▏``: the 15 spaces, their marks, and each captain's marker on its space (``cell``
    columns a space; two captains on one space show both letters)."""
    muted = board.paint("muted")
    marks = {sp: mk for sp, mk in h.marks}
    line = Line("   ", muted)
    if not compact:
        line.add("start ", muted)
    line.add("▕", muted)
    lead = " " if cell >= 3 else ""
    for space in range(1, h.length + 1):
        here = [seat for seat, p in enumerate(h.track) if p == space]
        if here:
            mark = Line()
            for seat in here[:2]:
                mark.add(board.letter(scene, seat))
            text = mark.text
            line.add(lead if len(here) == 1 else "")
            line.add(text)
            line.add(" " * (cell - len(lead if len(here) == 1 else "") - text.cell_len))
            continue
        if space == h.length:
            glyph, paint = MONSTER_SIGN, board.paint("sea--hunter")
        elif space in marks:
            red = marks[space] == 1
            glyph, paint = (RED_MARK if red else BLUE_MARK), board.paint("sea--die-red" if red else "sea--die-blue")
        else:
            glyph, paint = "·", muted
        line.add(lead + glyph + " " * (cell - len(lead) - 1), paint)
    line.add("▏", muted)
    if not compact:
        line.add(" slain", muted)
    return line


def ruler_line(h: Any, cell: int) -> str:
    """The space numbers under a wide track."""
    return "   " + " " * len("start ▕") + "".join(str(k).center(cell) for k in range(1, h.length + 1))


MONSTER_SIGN = "Ψ"


def hunt_block(board: Any, scene: Any, w: int, compact: bool) -> Block | None:
    """A monster hunt: the track and the hunt card being resolved (or, just after, the card drawn and what it did)."""
    view = scene.view
    live = next((h for h in view.hunts if h.card >= 0), None)
    recent = just_now(scene.recent)
    drawn = next((e for e in reversed(recent) if e.kind == "hunt-card"), None)
    if live is not None:
        monster, card = live.monster, live.card
    elif drawn is not None:
        facts = drawn.data or {}
        monster, card = facts.get("monster", -1), facts.get("card", -1)
    else:
        return None
    h = live or next((x for x in view.hunts if x.monster == monster), None)
    strong, muted = board.paint("strong"), board.paint("muted")
    b = Block(w)
    name = h.name if h is not None else C.MONSTERS[monster].name if 0 <= monster < len(C.MONSTERS) else "monster"
    head = Line(" Ψ ", board.paint("sea--hunter"))
    head.add(f"Monster hunt — the {name}" if not compact else f"Hunt: {name}", strong)
    if h is not None:
        hunters = [seat for seat, p in enumerate(h.track) if p > 0]
        if hunters and not compact:
            head.add(" · ", muted)
            for seat in hunters:
                head.add(board.letter(scene, seat))
                head.add(f" on {h.track[seat]} ", muted)
    b.add(head)
    if h is not None:
        cell = 3 if not compact and w >= 66 else 2
        line = track_line(board, scene, h, compact, cell)
        if compact:
            for seat in (seat for seat, p in enumerate(h.track) if p > 0):
                line.add(" ")
                line.add(board.letter(scene, seat))
                line.add(f" {h.track[seat]}/{h.length}", muted)
        legend = f"   {BLUE_MARK} blue die  {RED_MARK} red die"
        if line.width + len(legend) <= w:
            line.add(legend, muted)
        b.add(line)
        if cell >= 3:
            b.add(Line(ruler_line(h, cell), muted))
    if card >= 0:
        line = Line("   Card: " if not compact else "   ", muted)
        line.add(C.HUNT_CARDS[card].name, strong)
        options = C.HUNT_CARDS[card].options
        words = C.hunt_option_words(options[0]) if len(options) == 1 else "  ".join(
            f"{i + 1}) {C.hunt_option_words(o)}" for i, o in enumerate(options))
        add_words(b, line, words, muted, 5, 3)
    if live is None and drawn is not None:
        after = recent[recent.index(drawn) + 1:]
        done = [e for e in after if e.kind in ("hunt-option", "roll", "hunt-advance", "lose", "no-harm", "test-failed",
                                                "monster-slain", "hunt-stack", "monster-marker")]
        if done:
            line = Line("   ", muted)
            rolls = [e for e in done if e.kind == "roll"]
            for e in rolls[-1:]:
                face = (e.data or {}).get("face", "")
                die = (e.data or {}).get("die", "blue")
                line.add(f"{die} die ", muted)
                line.add(f"▕{die_face(face)}▏", board.paint(f"sea--die-{die}"))
            words = "; ".join(e.text for e in done if e.kind != "roll")
            add_words(b, line, words, muted, 5, 2 if compact else 3)
    return b
