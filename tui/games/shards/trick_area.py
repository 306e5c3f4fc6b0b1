"""Shards of Creation's board: trump, the trick, your hand, every scoring area.

Drawn with the line API from the view alone. Cards show their Shard as a symbol,
a letter and a colour; legal cards have solid corners, others dashed ones, the
cursor a double frame, so nothing depends on colour alone. Ranks an ability
changed show the new rank with an arrow.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.style import Style
from rich.text import Text

from tui.games.shards.words import GLYPHS, chip, glyph, kind, shard_class
from tui.widgets.blocks import FRAMES, key_style
from tui.widgets.board import Board, Scene
from tui.widgets.palette import seat_letter, seg


class TrickArea(Board):
    """The Shards of Creation table, in words and card frames."""
    COMPONENT_CLASSES = {*(f"shard--{k.lower()}" for k in GLYPHS), *(f"shardbg--{k.lower()}" for k in GLYPHS)}

    def __init__(self, adapter: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.adapter = adapter

    def show(self, scene: Scene) -> None:
        old = self.scene
        targets = scene.targets()
        if old is not None and targets and self.cursor not in targets and (
                old.view.asking != scene.view.asking or not old.targets()):
            self.cursor = None  # newly asked: the cursor goes to something to choose (it may read on after)
        super().show(scene)

    # ------------------------------------------------------------- helpers

    def _shard(self, shard: str) -> Style:
        return self.paint(shard_class(shard))

    def _card(self, card: Any, key: str | None, mode: str, inner: int, rank: int | None = None) -> list[Text]:
        """A framed card, 4 lines: the Shard's symbol and letter (• if it has an ability), the rank.

        A rank changed by an ability shows as ``10→2▼``.
        """
        tl, tr, bl, br, h, v = FRAMES[mode]
        shard_style = self._shard(card.shard)
        frame = shard_style if mode != "idle" else self.paint("muted")
        if mode == "cursor":
            frame = self.paint("cursor")
        meta = key_style(key) if key else Style()
        sym, letter = GLYPHS.get(card.shard, ("?", card.shard[:1]))
        mark = "•" if card.ability else " "
        body_style = (shard_style + Style(bold=mode in ("legal", "cursor"))) if mode != "idle" else self.paint("muted")
        lines = [seg(tl + h * inner + tr, frame + meta)]
        top = seg(v, frame + meta)
        face = f"{sym}{letter}" if inner < 4 else f"{sym} {letter}"
        top.append(face.ljust(inner - 1) + mark, style=body_style + meta)
        top.append(v, style=frame + meta)
        lines.append(top)
        mid = seg(v, frame + meta)
        if rank is not None and rank != card.rank:
            arrow = "▲" if rank > card.rank else "▼"
            now = f"→{rank}{arrow}"
            printed = str(card.rank)
            mid.append(" " * max(0, inner - len(printed) - len(now)), style=body_style + meta)
            mid.append(printed, style=body_style + meta)
            mid.append(now, style=self.paint("changed") + meta)
        elif inner < 4:
            mid.append(f"{card.rank:>{inner}}", style=body_style + meta)
        else:
            mid.append(f"{card.rank:>{inner - 1}} ", style=body_style + meta)
        mid.append(v, style=frame + meta)
        lines.append(mid)
        lines.append(seg(bl + h * inner + br, frame + meta))
        return lines

    def _chip(self, card: Any, key: str | None, mode: str, rank: int | None = None) -> Text:
        """A one-line card for small terminals: ``✗R7`` in its Shard's colour."""
        meta = key_style(key) if key else Style()
        text = chip(card, rank)
        if mode == "cursor":
            return seg(f"[{text}]", self.paint("cursor") + meta)
        if mode == "idle":
            return seg(f" {text} ", self.paint("muted") + meta)
        style = self._shard(card.shard) + meta
        if mode == "legal":
            return seg(f"‹{text}›", style + Style(bold=True))
        return seg(f" {text} ", style)

    @staticmethod
    def _row(blocks: list[list[Text]], gap: int = 1, indent: int = 2) -> list[Text]:
        """Lay out framed cards side by side."""
        if not blocks:
            return []
        height = max(len(b) for b in blocks)
        out = []
        for y in range(height):
            line = Text(" " * indent)
            for i, b in enumerate(blocks):
                if i:
                    line.append(" " * gap)
                width = max(part.cell_len for part in b)
                part = b[y] if y < len(b) else Text("")
                line.append_text(part)
                line.append(" " * (width - part.cell_len))
            out.append(line)
        return out

    @staticmethod
    def _flow(chips: list[Text], width: int, indent: int, first: int | None = None) -> list[Text]:
        """Chips wrapped into lines no wider than ``width`` (continuation lines indented)."""
        lines: list[Text] = []
        line = Text(" " * (indent if first is None else first))
        for c in chips:
            if line.cell_len + c.cell_len > width and line.cell_len > indent:
                lines.append(line)
                line = Text(" " * indent)
            line.append_text(c)
        lines.append(line)
        return lines

    # ------------------------------------------------------------- drawing

    def draw(self, scene: Scene, width: int) -> list[Text]:
        view = scene.view
        targets = scene.targets()
        compact = scene.compact or width < 60
        gap = [] if compact else [Text("")]
        lines: list[Text] = []
        lines += self._trump_lines(view, width, compact)
        lines += gap
        if view.stage not in ("cultivation-discard", "devotion-place") or view.trick:
            lines += self._trick_lines(scene, targets, width, compact)
        lines += self._pending_lines(scene, targets, width, compact)
        lines += gap
        if scene.everything and scene.all_views:
            for seat, v in enumerate(scene.all_views):
                lines += self._hand_lines(scene, v, seat, set(), width, True, title_only=False)
        elif view.seat is not None:
            lines += self._hand_lines(scene, view, view.seat, targets, width, compact)
        lines += self._discard_lines(scene, targets, width, compact)
        lines += gap
        lines += self._area_lines(scene, targets, width, compact)
        return lines

    def _trump_lines(self, view: Any, width: int, compact: bool) -> list[Text]:
        line = seg(" Trump ", self.paint("heading"))
        if view.trump:
            line.append(f" {glyph(view.trump)} {view.trump} ", style=self._shard(view.trump) + Style(bold=True,
                                                                                                  reverse=True))
        shards = seg(" Shards ", self.paint("heading"))
        for s in view.shards:
            shards.append(f" {glyph(s)}", style=self._shard(s) + Style(bold=True))
            if not compact:
                shards.append(f" {s}", style=self._shard(s))
        if view.past_trumps and not compact:
            shards.append("   before: ", style=self.paint("muted"))
            shards.append(" ".join(glyph(t) for t in view.past_trumps), style=self.paint("muted"))
        counts = Text()
        counts.append(f"Deck {view.deck_size}", style=self.paint("muted"))
        revealing = view.pending is not None and view.pending.revealed is not None
        if view.deck_top is not None and not revealing:  # a revealed card put back: everyone knows it
            counts.append(" top", style=self.paint("muted"))
            counts.append_text(self._chip(view.deck_top, None, "plain"))
        counts.append(f"  Discard {len(view.discard)}" if not compact else f" Disc {len(view.discard)}",
                      style=self.paint("muted"))
        if not compact:
            counts.append(f"  Trumps left {view.trump_deck_size}", style=self.paint("muted"))
        if compact:
            for s in view.shards:
                line.append(f" {glyph(s)}", style=self._shard(s) + Style(bold=True))
            if view.past_trumps:
                line.append("  was ", style=self.paint("muted"))
                line.append(" ".join(glyph(t) for t in view.past_trumps), style=self.paint("muted"))
            return [line]
        out = [self._spread(line, counts, width)]
        if view.trump_text and not compact:
            out += self.wrap(seg(f" {view.trump_text}", self.paint("muted")), width - 1, 1)
        out.append(shards)
        return out

    @staticmethod
    def _spread(left: Text, right: Text, width: int) -> Text:
        """``left`` and ``right`` on one line, pushed apart (or just joined if tight)."""
        pad = width - 1 - left.cell_len - right.cell_len
        out = left.copy()
        out.append(" " * max(2, pad))
        out.append_text(right)
        return out

    def _trick_lines(self, scene: Scene, targets: set[str], width: int, compact: bool) -> list[Text]:
        view = scene.view
        head = Text(" ")
        head.append(f"Trick {view.trick_no} of {view.tricks}" if not compact else f"Trick {view.trick_no}/{view.tricks}",
                    style=self.paint("strong"))
        if view.lead:
            head.append("  lead ", style=self.paint("muted"))
            head.append(f"{glyph(view.lead)} {view.lead}", style=self._shard(view.lead))
        elif view.stage == "play" and 0 <= view.leader < len(view.names):
            head.append(f"  {view.names[view.leader]} leads", style=self.paint("muted"))
        if compact:
            counts = seg(f"Deck {view.deck_size} Disc {len(view.discard)}", self.paint("muted"))
            head = self._spread(head, counts, width) if head.cell_len + counts.cell_len + 3 < width else head
        out = [head]
        if not view.trick and view.last_trick is not None and not targets & {"rev"}:
            return out + self._last_trick_lines(scene, width)
        leading = view.winning  # the engine says which card wins the trick now
        n = view.players
        order = [(view.leader + i) % n for i in range(n)]
        played = {p.seat: (i, p) for i, p in enumerate(view.trick)}
        choosing = any(k.startswith("t:") for k in targets)
        if compact:
            chips: list[Text] = []
            for seat in order:
                colour = scene.colour(seat)
                one = self.seat_badge(colour, seat)
                if seat in played:
                    i, p = played[seat]
                    key = f"t:{p.card.id}"
                    one.append_text(self._chip(p.card, key, self.mode(key, targets, choosing), p.rank))
                    one.append("★ " if i == leading else "  ", style=self.paint("accent"))
                else:
                    one.append(" …   ", style=self.paint("muted"))
                chips.append(one)
            out += self._flow(chips, width - 1, 1)
            if targets & {f"t:{p.card.id}" for p in view.trick}:
                self.rows.append([f"t:{p.card.id}" for p in view.trick if f"t:{p.card.id}" in targets])
            return out
        inner = 10 if width >= 150 else 8 if width >= 110 else 6  # a big terminal shows big cards
        blocks: list[list[Text]] = []
        for seat in order:
            colour = scene.colour(seat)
            tag = self.seat_badge(colour, seat)
            tag.append(" ")
            name = scene.name(seat)
            tag.append(name if len(name) <= 8 else name[:7] + "…", style=self.seat_style(colour))
            if seat in played:
                i, p = played[seat]
                key = f"t:{p.card.id}"
                block = self._card(p.card, key, self.mode(key, targets, choosing), inner, p.rank)
                if i == leading:
                    tag.append(" ★", style=self.paint("accent"))
                block = block + [tag]
            else:
                st = scene.info.seats[seat] if scene.info and seat < len(scene.info.seats) else None
                mark = "…" if st is not None and st.thinking else ("?" if seat in view.to_act else " ")
                muted = self.paint("muted")
                block = [seg("┌" + "╌" * inner + "┐", muted), seg("╎  " + mark.ljust(inner - 2) + "╎", muted),
                         seg("╎" + " " * inner + "╎", muted), seg("└" + "╌" * inner + "┘", muted), tag]
            blocks.append(block)
        out += self._row(blocks, gap=1, indent=1)
        keys = [f"t:{p.card.id}" for p in view.trick if f"t:{p.card.id}" in targets]
        if keys:
            self.rows.append(keys)
        return out

    def _pending_lines(self, scene: Scene, targets: set[str], width: int, compact: bool) -> list[Text]:
        view = scene.view
        p = view.pending
        if p is None or view.stage in ("over", "play"):
            return []
        line = seg(" » ", self.paint("accent"))
        if 0 <= p.seat < view.players:
            line.append_text(self.seat_tag(scene.colour(p.seat), scene.name(p.seat), p.seat))
            line.append(": ")
        line.append(p.what, style=self.paint("strong"))
        if p.revealed is not None:
            mode = "cursor" if self.is_cursor("rev") else ("legal" if "rev" in targets else "plain")
            line.append("  revealed", style=self.paint("muted"))
            line.append_text(self._chip(p.revealed, "rev", mode))
            if "rev" in targets:
                self.rows.append(["rev"])
        out = self.wrap(line, width - 1, 3)
        if view.my_picks:
            picks = seg("    set aside: ", self.paint("muted"))
            for c in view.my_picks:
                picks.append_text(self._chip(c, None, "plain"))
            out.append(picks)
        if view.stage in ("cultivation-discard", "devotion-place"):
            made = seg("    chosen so far: ", self.paint("muted"))
            for seat in range(view.players):
                made.append_text(self.seat_badge(scene.colour(seat), seat))
                owed = view.picks_owed[seat] if seat < len(view.picks_owed) else 0
                made.append(" ✓  " if owed == 0 else f" {owed} to go  ", style=self.paint("muted"))
            out.append(made)
        return out

    def _hand_lines(self, scene: Scene, view: Any, seat: int, targets: set[str], width: int, compact: bool,
                    title_only: bool = False) -> list[Text]:
        colour = scene.colour(seat)
        title = Text(" ")
        if scene.everything:
            title.append_text(self.seat_tag(colour, scene.name(seat), seat))
            title.append(f"'s hand · {len(view.hand)}", style=self.paint("muted"))
        elif not scene.live:  # a replay from one seat's view names whose hand it is
            title.append_text(self.seat_tag(colour, scene.name(seat), seat))
            title.append(f"'s hand · {len(view.hand)} cards", style=self.paint("muted"))
        else:
            title.append("Your hand", style=self.paint("strong"))
            title.append(f" · {len(view.hand)} cards", style=self.paint("muted"))
            if view.legal_cards and view.stage == "play" and not compact:
                title.append("   solid frames can be played", style=self.paint("muted"))
        out = [] if compact else [title]
        hand = sorted(view.hand, key=lambda c: (view.shards.index(c.shard) if c.shard in view.shards else 9,
                                                c.rank, c.id))
        choosing = any(k.startswith("h:") for k in targets)
        keys: list[str] = []
        if compact:
            chips: list[Text] = [seg(" Hand " if not scene.everything else f" {scene.name(seat)[:5]} ", self.paint("strong"))]
            last_shard = None
            for c in hand:
                key = f"h:{kind(c)}"
                if last_shard is not None and c.shard != last_shard:
                    chips.append(Text(" "))
                last_shard = c.shard
                chips.append(self._chip(c, key, self.mode(key, targets, choosing)))
                if key not in keys and not scene.everything:
                    keys.append(key)
            out += self._flow(chips, width - 1, 6, 0) if hand else [chips[0] + seg(" —", self.paint("muted"))]
        else:
            inner = self._hand_inner(len(hand), width)
            groups: list[list[list[Text]]] = []
            last_shard = None
            row: list[list[Text]] = []
            row_width = 2
            for c in hand:
                key = f"h:{kind(c)}"
                gap = 1 if last_shard is not None and c.shard != last_shard else 0
                if row and row_width + inner + 2 + gap > width - 1:
                    groups.append(row)
                    row, row_width, gap = [], 2, 0
                if gap:
                    row.append([Text(" ")] * 4)
                    row_width += 1
                last_shard = c.shard
                row.append(self._card(c, key, self.mode(key, targets, choosing), inner))
                row_width += inner + 2
                if key not in keys and not scene.everything:
                    keys.append(key)
            if row:
                groups.append(row)
            for g in groups:
                out += self._row(g, gap=0, indent=1)
            if not hand:
                out.append(seg("   —", self.paint("muted")))
        if keys:
            self.rows.append(keys)
        if hand and not scene.everything:
            out += self._detail_lines(view, hand, width, compact)
        known = [k for k in view.known if k] if hasattr(view, "known") else []
        if known and not scene.everything:
            line = seg(" You know: ", self.paint("muted"))
            for s, cards in enumerate(view.known):
                if cards:
                    line.append(f"{scene.name(s)} holds ", style=self.paint("muted"))
                    for c in cards:
                        line.append_text(self._chip(c, None, "plain"))
                    line.append("  ")
            out.append(line)
        return out

    @staticmethod
    def _hand_inner(cards: int, width: int) -> int:
        """How wide a hand card is inside its frame: 3 cells, more when the whole hand fits
        on one line even so (a big terminal shows bigger cards)."""
        for inner in (6, 5, 4):
            if cards * (inner + 2) + 8 <= width - 1:
                return inner
        return 3

    def _card_words(self, card: Any, compact: bool) -> Text:
        line = Text("   ")
        line.append(f"{glyph(card.shard)} {card.shard} {card.rank}", style=self._shard(card.shard) + Style(bold=True))
        if card.ability:
            line.append(f" — {card.ability}: {card.text}", style=self.paint("muted"))
        else:
            line.append(" — no ability", style=self.paint("muted"))
        return line

    def _detail_lines(self, view: Any, hand: list[Any], width: int, compact: bool) -> list[Text]:
        """The card under the cursor in full words, in as many lines as the wordiest card in the
        hand takes (one at 80×24), so moving the cursor never moves what is below."""
        cursor = self.cursor or ""
        card = next((c for c in hand if f"h:{kind(c)}" == cursor), None)
        room = max(len(self.wrap(self._card_words(c, compact), width - 1, 5)) for c in hand)
        if compact:
            room = min(room, 2)  # at 80×24: two lines (the rest, cut, is in the decision panel)
        if card is not None:
            lines = self.wrap(self._card_words(card, compact), width - 1, 5)
        else:
            lines = [seg("   ← → ↑ ↓ over a card: what it does", self.paint("muted"))]
        if len(lines) > room:
            lines = lines[:room]
            lines[-1].truncate(width - 2)  # (cut, and marked once)
            lines[-1].rstrip()
            lines[-1].append("…")
        return lines + [Text("")] * (room - len(lines))

    def _discard_lines(self, scene: Scene, targets: set[str], width: int, compact: bool) -> list[Text]:
        view = scene.view
        keys = [k for k in targets if k.startswith("d:")]
        if not keys:
            return []
        chips = [seg(" Discard pile: ", self.paint("muted"))]
        seen: list[str] = []
        for c in view.discard:
            key = f"d:{kind(c)}"
            if key in targets and key not in seen:
                seen.append(key)
                chips.append(self._chip(c, key, self.mode(key, targets, True)))
        self.rows.append(seen)
        return self._flow(chips, width - 1, 1)

    def _area_lines(self, scene: Scene, targets: set[str], width: int, compact: bool) -> list[Text]:
        view = scene.view
        out = [] if compact else [seg(" Scoring areas", self.paint("strong"))]
        shards = list(view.shards)
        seat_keys: list[str] = []
        card_keys: list[str] = []
        name_w = max(len(n[:8]) for n in view.names) if view.names else 4
        for seat in range(view.players):
            colour = scene.colour(seat)
            area = view.areas[seat]
            seat_key = f"s:{seat}"
            line = Text(" ")
            name = scene.name(seat)[:8].ljust(name_w)
            if self.is_cursor(seat_key):  # as wide as without the cursor: nothing beside it moves
                tag = self.seat_badge(colour, seat)
                tag.append_text(seg(f"[{name}]", self.paint("cursor")))
                tag.append(" ")
            else:
                tag = self.seat_tag(colour, name, seat)
                tag.append(" ◂" if seat_key in targets else "  ", style=self.paint("legal"))
            tag.stylize(key_style(seat_key))
            line.append_text(tag)
            if seat_key in targets:
                seat_keys.append(seat_key)
            pad = name_w + 7 - line.cell_len
            line.append(" " * max(1, pad))
            counts = Counter(c.shard for c in area)
            wild = sum(1 for c in area if c.scoring and c.shard not in shards)
            for s in shards:
                n = counts.get(s, 0)
                style = self._shard(s) if n else self.paint("muted")
                line.append(f"{glyph(s)}{n:<2}", style=style)
                line.append(" ")
            if wild:
                line.append(f"+{wild}", style=self.paint("muted"))
            score = view.scores[seat] if seat < len(view.scores) else 0
            line.append(f" {score:>3} {'pt ' if abs(score) == 1 else 'pts'}", style=self.paint("strong"))
            if seat == view.seat and not compact and area:
                line.append("  now", style=self.paint("muted"))
            out.append(line)
            # the cards themselves, where a move picks one (Swap, the Odium trump's seizure)
            picks = [c for c in area if f"a:{seat}:{kind(c)}" in targets]
            if picks:
                chips: list[Text] = []
                seen: list[str] = []
                for c in area:
                    key = f"a:{seat}:{kind(c)}"
                    if key in seen:
                        continue
                    seen.append(key)
                    chips.append(self._chip(c, key, self.mode(key, targets, True)))
                    if key in targets:
                        card_keys.append(key)
                out += self._flow(chips, width - 1, 5)
            if seat == view.seat and area and not compact:
                sheet = view.sheets[seat].lines
                text = seg("      = ", self.paint("muted"))
                text.append(" + ".join(f"{pts} ({label})" for label, pts in sheet), style=self.paint("muted"))
                out += self.wrap(text, width - 1, 8)
        if card_keys:
            self.rows.append(card_keys)
        if seat_keys:
            self.rows.append(seat_keys)
        return out

    def _last_trick_lines(self, scene: Scene, width: int) -> list[Text]:
        view = scene.view
        last = view.last_trick
        if last is None:
            return []
        chips = [seg("Last trick", self.paint("muted"))]
        for p in last.plays:
            one = seg(" " + seat_letter_of(scene, p.seat), self.seat_style(scene.colour(p.seat)))
            one.append_text(self._chip(p.card, None, "plain", p.rank))
            chips.append(one)
        won = seg(" → ", self.paint("muted"))
        won.append(scene.name(last.winner), style=self.seat_style(scene.colour(last.winner)))
        chips.append(won)
        if last.taken is not None:
            kept = seg(" kept", self.paint("muted"))
            kept.append_text(self._chip(last.taken, None, "plain"))
            if last.from_discard:
                kept.append("from the discard pile", style=self.paint("muted"))
            chips.append(kept)
        return self._flow(chips, width - 1, 3, 1)


def seat_letter_of(scene: Scene, seat: int) -> str:
    return seat_letter(scene.colour(seat), seat)
