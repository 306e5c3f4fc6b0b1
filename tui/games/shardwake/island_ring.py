"""Shardwake's board: the islands in a ring around the Harbor, drawn with the line API.

Everything comes from the shown seat's view. The islands sit in ring order — along the
top left to right, down the right side, back along the bottom, up the left side — around
the Harbor, with the Storm Forecast and the turn order beside it while there is room. Each
island shows its kind (``○`` Outer, ``●`` Deep), its majority values, its Crack slots
(``▪`` filled, ``▫`` empty, ``✚`` a Brace), its Cache (``◊`` per Relic left), the Claims by
seat letter, and who is docked at Salvage (``⚓S``) and Moor (``⚓M``); a Fallen island shows
``✕`` and its Void side ``░``. Above the ring sits what the seat is asked now (a storm bid,
an Accusation, a trade to answer); below it the thing under the cursor in words, and the
seat's own secrets (its Agenda, its bid, a Weather Station peek), which only its view holds.

At 80×24 the ring folds into a list: one line per island, the Harbor in two columns.
The arrow keys move the cursor to the nearest choosable thing in their direction.
"""

from __future__ import annotations

from typing import Any

import msgspec
from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache

from engine.games.shardwake import content as C
from tui.games.shardwake.words import (
    DEEP,
    GUILD_GLYPHS,
    OUTER,
    SKIFF,
    SPACE_SHORT,
    STORM,
    counted,
    cubes,
    goods,
    guild,
    item_name,
    items_words,
    name_of,
)
from tui.widgets.blocks import FRAMES, Block, Line, beside, key_style, stack
from tui.widgets.board import Board, Scene
from tui.widgets.palette import seg

COMPACT_BELOW = 60  # narrower boards (and the 80×24 layout) fold the ring into a list
BOX_MAX = 34  # the widest an island box grows


_encode = msgspec.msgpack.Encoder().encode


def ring_slots(n: int) -> tuple[list[int | None], list[int | None], list[int | None]]:
    """Islands (by ring index) for the top row, the sides (left, right) and the bottom row.

    Clockwise: the top left to right, down the right side, the bottom right to left, up the left.
    """
    if n <= 6:
        top = list(range(min(3, n)))
        rest = list(range(len(top), n))
        bottom: list[int | None] = [None, None, None]
        for col, i in zip((2, 1, 0), rest, strict=False):
            bottom[col] = i
        if n == 5:  # the two bottom islands at the ends, under the Forecast and the order
            bottom = [4, None, 3]
        return list(top), [None, None], bottom
    top = [0, 1, 2]
    return list(top), [7 if n > 7 else None, 3], [6, 5, 4]


class IslandRing(Board):
    """The Shardwake table: islands, Harbor, Forecast, turn order, and what the seat is asked."""

    spatial = True

    COMPONENT_CLASSES = {"ring--crack", "ring--relic", "ring--brace", "ring--void", "ring--storm", "ring--secret"}

    def __init__(self, adapter: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.adapter = adapter
        self._trades_seen: dict[int | None, int] = {}
        self._scrolled_to: str | None = None
        self._boxes: LRUCache[tuple[Any, ...], Block] = LRUCache(64)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._boxes.clear()  # drawn with the old theme's colours

    # ------------------------------------------------------------- paints

    def _frame_style(self, mode: str) -> Style:
        return {"cursor": self.paint("accent"), "legal": self.paint("legal"), "idle": self.paint("illegal")}.get(
            mode, self.paint("muted"))

    def _name_style(self, mode: str) -> Style:
        return {"cursor": self.paint("cursor"), "legal": self.paint("legal"), "idle": self.paint("muted")}.get(
            mode, self.paint("strong"))

    def _occupant(self, scene: Scene, seat: int, skiff: bool, roomy: bool) -> Text:
        if seat < 0:
            return seg("·", self.paint("muted"))
        out = self.letter(scene, seat)
        if skiff and roomy:
            out.append(SKIFF)
        return out

    # ------------------------------------------------------------- showing

    def show(self, scene: Scene) -> None:
        self._announce_trades(scene)
        super().show(scene)

    def _announce_trades(self, scene: Scene) -> None:
        """A trade you proposed was answered: say so (a bot answers in its own time; not in replays)."""
        view = scene.view
        trades = view.history.trades
        seen = self._trades_seen.get(view.seat)
        self._trades_seen[view.seat] = len(trades)
        if seen is None or len(trades) <= seen or not scene.live:
            return
        for tr in trades[seen:]:
            if view.seat != tr.proposer:
                continue
            who = name_of(view, tr.partner)
            deal = f"you give {counted(tr.give)} for {counted(tr.get)}"
            if tr.accepted:
                self.notify(f"{who} accepts: {deal}. You both take a Handshake.", title="Trade", timeout=6)
            else:
                self.notify(f"{who} declines: {deal}.", title="Trade", severity="warning", timeout=6)

    def redraw(self) -> None:
        super().redraw()
        if self.cursor != self._scrolled_to:
            self._scrolled_to = self.cursor
            self._keep_cursor_in_view()

    def _keep_cursor_in_view(self) -> None:
        pos = self.positions.get(self.cursor or "")
        if pos is None:
            return
        y = pos[1]
        top = round(self.scroll_offset.y)
        height = self.scrollable_content_region.height
        if height <= 0:
            return
        if y < top:
            self.scroll_to(y=max(0, y - 1), animate=False)
        elif y >= top + height:
            self.scroll_to(y=y - height + 2, animate=False)

    def on_click(self, event: events.Click) -> None:
        key = self.meta_key(event.style.meta)
        if key is None or self.scene is None:
            return
        if key in self.choosable() or key in self.scene.targets():
            self.focus()
            if key in self.choosable():
                self._set_cursor(key)
            self.post_message(self.Chosen(self, key))

    # ------------------------------------------------------------- drawing

    def draw(self, scene: Scene, width: int) -> list[Text]:
        targets = scene.targets()
        w = max(20, width - 1)
        compact = scene.compact or w < COMPACT_BELOW
        out = Block(w)
        blocks: list[Block] = []
        if compact:
            blocks.append(self._compact_head(scene, w))
        else:
            blocks.append(self._status(scene, w))
        blocks += self._asked(scene, targets, w, compact)
        if compact:
            blocks += self._compact_ring(scene, targets, w)
        else:
            blocks += self._ring(scene, targets, w)
        if compact:  # the seat's own Agenda before the news, in the few lines there are
            blocks += self._mine(scene, w, compact)
            blocks += self._detail(scene, w, compact)
            blocks += self._trade_news(scene, w)
        else:
            blocks += self._trade_news(scene, w)
            blocks += self._detail(scene, w, compact)
            blocks += self._mine(scene, w, compact)
        for b in blocks:
            y0 = out.height
            for k, (x, y) in b.keys.items():
                out.keys.setdefault(k, (x, y0 + y))
            out.lines.extend(b.lines)
        self.positions = dict(out.keys)
        order = sorted((pos[1], pos[0], k) for k, pos in out.keys.items() if k in targets and not k.startswith("d:"))
        rows: dict[int, list[str]] = {}
        for y, _x, k in order:
            rows.setdefault(y, []).append(k)
        self.rows = list(rows.values())
        return out.lines

    # ---------------------------------------------------------------- top

    def _round_track(self, view: Any) -> Text:
        out = Text()
        for r in range(1, C.ROUNDS + 1):
            label = f"{r}{STORM if r % 2 == 0 else ''}"
            if r == view.round:
                out.append(f"[{label}]", style=self.paint("accent"))
            else:
                out.append(f" {label} ", style=self.paint("muted") if r < view.round else "")
        return out

    def _status(self, scene: Scene, w: int) -> Block:
        view = scene.view
        left = Line(" Round ", self.paint("heading"))
        left.add(self._round_track(view))
        supply = view.supply
        right = Text(f"Supply {supply[0]} Ae  {supply[1]} Ba  {supply[2]} Br", style=self.paint("muted"))
        if left.width + right.cell_len + 2 <= w:
            left.pad_to(w - right.cell_len)
            left.add(right)
        b = Block(w)
        b.add(left)
        return b

    def _compact_head(self, scene: Scene, w: int) -> Block:
        """Turn order, the Skiff and the Forecast on one line."""
        view = scene.view
        line = Line(" Order ", self.paint("muted"))
        for n, seat in enumerate(view.order):
            if n:
                line.add(" ")
            if seat == view.current:
                line.add("▸", self.paint("accent"))
            line.add(self.letter(scene, seat))
            if seat == view.skiff:
                line.add(SKIFF)
        card = view.forecast[0] if view.forecast else None
        storm = Text()
        if card is not None:
            need = "?" if card.threshold < 0 else str(card.threshold)
            storm.append(f"{STORM} {card.name} R{card.round} need {need}", style=self.paint("accent"))
        else:
            storm.append(f"{STORM} deck {view.storm_deck}", style=self.paint("muted"))
        if line.width + storm.cell_len + 2 <= w:
            line.pad_to(w - storm.cell_len)
        else:
            line.add("  ")
        line.add(storm)
        b = Block(w)
        b.add(line)
        return b

    # ---------------------------------------------------- what is asked now

    def _asked(self, scene: Scene, targets: set[str], w: int, compact: bool) -> list[Block]:
        view = scene.view
        ph = view.stage  # the engine says the phase, machine-readable
        b = Block(w)
        mine = view.seat is not None and view.seat in view.to_act
        if ph == "bidding":
            self._bid_panel(scene, targets, b, compact)
        elif ph == "accuse":
            self._accuse_panel(scene, targets, b, compact)
        elif ph == "discard":
            self._keep_panel(scene, targets, b)
        elif ph == "order" and mine:
            line = Line(" You trail by 5 or more: ", self.paint("strong"))
            self.chip(line, "skiff:1", f"{SKIFF} take the Skiff", targets)
            line.add(" ")
            self.chip(line, "skiff:0", "stay first", targets)
            b.add(line)
        elif view.trade is not None:
            self._trade_panel(scene, targets, b, compact)
        elif mine and view.pending:
            line = Line(f" {view.prompt}", self.paint("strong"))
            if "noclaim" in targets:
                line.add("  ")
                self.chip(line, "noclaim", "place none", targets)
            b.add(line)
        elif mine and "idle" in targets:
            line = Line(" No space you can use: ", self.paint("strong"))
            self.chip(line, "idle", "the ship sits out", targets)
            b.add(line)
        elif mine and ph != "placement" and view.prompt:
            b.add(Line(f" {view.prompt}", self.paint("strong")))
        if not b.lines:
            return []
        if not compact:
            b.add(Line(""))
        return [b]

    def _wrap_chips(self, b: Block, head: Line, chips: list[tuple[str, str]], targets: set[str],
                    indent: int) -> None:
        line = head
        for key, label in chips:
            if line.width + len(label) + 3 > b.width and line.width > indent:
                b.add(line)
                line = Line(" " * indent)
            self.chip(line, key, label, targets)
            line.add(" ")
        b.add(line)

    def _bid_panel(self, scene: Scene, targets: set[str], b: Block, compact: bool) -> None:
        view = scene.view
        card = view.forecast[0] if view.forecast else None
        head = Line(f" {STORM} ", self.paint("ring--storm"))
        if card is not None:
            head.add(f"{card.name} strikes!", self.paint("ring--storm"))
            need = "hidden until the bids" if card.threshold < 0 else str(card.threshold)
            head.add(f"  Threshold {need}", self.paint("strong"))
        b.add(head)
        if card is not None and not compact:
            for part in self._wrapped(f"If the bids fall short: {card.fail}.", b.width - 4, self.paint("muted")):
                b.add(Line("   ").add(part.text))
            met = "If they meet it: the top bidder +3 Renown, every other bidder +1."
            for part in self._wrapped(met, b.width - 4, self.paint("muted")):
                b.add(Line("   ").add(part.text))
        made = Line(" Fists closed: " if not compact else " Bids: ", self.paint("muted"))
        for s in range(view.players):
            made.add(self.letter(scene, s))
            made.add("✓ " if view.seats[s].has_bid else "… ", self.paint("muted"))
        if not compact:
            made.add("  Bid Ballast is spent either way.", self.paint("muted"))
        b.add(made)
        if view.seat is None:
            return
        ballast = view.seats[view.seat].resources[C.BALLAST]
        if view.my_bid >= 0:
            b.add(Line(f" You bid {view.my_bid} Ballast — secret until every fist is closed.", self.paint("strong")))
            return
        chips = [(f"bid:{n}", self.amount_label(scene, f"bid:{n}", n)) for n in range(ballast + 1)]
        head = Line(f" {scene.whose(view.seat)} bid (of {ballast} Ballast): " if not compact else " Bid: ",
                    self.paint("strong"))
        self._wrap_chips(b, head, chips, targets, 6 if compact else 4)

    def _evidence(self, view: Any, seat: int, compact: bool = False) -> str:
        """What everyone can see of a seat: the things each Guild scores."""
        sv = view.seats[seat]
        types = len({C.relic_type(c) for c in sv.relics})
        if compact:
            return f"✕{sv.falls} H{sv.handshakes} ◊{types}"
        return f"✕{sv.falls} H{sv.handshakes} ◊{len(sv.relics)}/{types}t"

    def _accuse_panel(self, scene: Scene, targets: set[str], b: Block, compact: bool) -> None:
        view = scene.view
        made = Line(" Accuse one opponent: name the Guild you suspect." if not compact else " Accuse: pick a Guild",
                    self.paint("strong"))
        if made.width + 9 + 3 * view.players <= b.width:  # on the same line: the table needs the room at 120×40
            made.add("   Laid: ", self.paint("muted"))
        else:
            b.add(made)
            made = Line(" Accusations laid: ", self.paint("muted"))
        for s in range(view.players):
            made.add(self.letter(scene, s))
            made.add("✓ " if view.seats[s].has_accused else "… ", self.paint("muted"))
        b.add(made)
        if view.seat is None:
            return
        if view.my_accusation:
            t, g = view.my_accusation
            b.add(Line(f" You named {name_of(view, t)} as {guild(g)} — secret until all are laid.",
                       self.paint("strong")))
            return
        if not compact:
            b.add(Line("   Guilds score: ✕ Falls ▼ · H Handshakes ¤ · ◊ Relics/types ▲", self.paint("muted")))
        for t in range(view.players):
            if t == view.seat:
                continue
            line = Line(" ")
            mode = "cursor" if self.is_cursor(f"s:{t}") else "plain"
            width = 5 if compact else 8
            name = seg(name_of(view, t)[:width].ljust(width), self.paint("cursor") if mode == "cursor"
                       else self.seat_style(scene.colour(t)))
            line.add(self.letter(scene, t), key=f"s:{t}")
            line.add(" ")
            line.add(name, key=f"s:{t}")
            line.add(f" {self._evidence(view, t, compact):<{9 if compact else 14}}", self.paint("muted"))
            for g in range(3):
                label = guild(g, short=True) if not compact else GUILD_GLYPHS[g] + C.GUILD_SHORT[g][:3]
                self.chip(line, f"acc:{t}:{g}", label, targets)
                line.add(" ")
            b.add(line)

    def _keep_panel(self, scene: Scene, targets: set[str], b: Block) -> None:
        view = scene.view
        b.add(Line(" End of Round 3: keep one Agenda, discard the other face down.", self.paint("strong")))
        if view.seat is None or not view.agendas:
            return
        if view.kept >= 0:
            b.add(Line(f" You keep {guild(view.kept)}.", self.paint("strong")))
            return
        line = Line(" Keep: ")
        for i, g in enumerate(view.agendas):
            self.chip(line, f"keep:{i}", guild(g), targets)
            line.add(" ")
        b.add(line)

    def _trade_panel(self, scene: Scene, targets: set[str], b: Block, compact: bool) -> None:
        view = scene.view
        tr = view.trade
        proposer, partner = name_of(view, tr.proposer), name_of(view, tr.partner)
        gives, gets = items_words(tr.give), items_words(tr.get)
        if tr.stage == "answering":
            if view.seat == tr.partner:
                head = Line(" Trade offer from ", self.paint("strong"))
                head.add(self.letter(scene, tr.proposer))
                head.add(f" {proposer}", self.paint("strong"))
                b.add(head)
                b.add(Line(f"   you get  {gives}", self.paint("good")))
                b.add(Line(f"   you give {gets}", self.paint("bad")))
                line = Line("   ")
                self.chip(line, "yes", "✓ Accept", targets)
                line.add("  ")
                self.chip(line, "no", "✗ Decline", targets)
                line.add("   both take a Handshake if you accept" if not compact else "", self.paint("muted"))
                b.add(line)
            else:
                line = Line(f" {proposer} offers {partner}: {gives} for {gets}", self.paint("strong"))
                line.add(f" — waiting for {partner}'s answer", self.paint("muted"))
                b.add(line)
            return
        if view.seat != tr.proposer:
            b.add(Line(f" {proposer} is drafting a trade with {partner}…", self.paint("muted")))
            return
        b.add(Line(f" Trade with {partner}: you give {gives}, you get {gets}", self.paint("strong")))
        give = [(f"give:{it}", f"+{item_name(it)}") for it, _n in goods(view, tr.proposer)]
        ask = [(f"ask:{it}", f"+{item_name(it)}") for it, _n in goods(view, tr.partner)]
        self._wrap_chips(b, Line("   give ", self.paint("muted")), give, targets, 8)
        self._wrap_chips(b, Line("   ask  ", self.paint("muted")), ask, targets, 8)
        line = Line("   ")
        self.chip(line, "send", "Send", targets)
        line.add(" ")
        self.chip(line, "drop", "Drop it", targets)
        line.add("  T builds it in one dialog" if not compact else "", self.paint("muted"))
        b.add(line)

    # ---------------------------------------------------------------- ring

    def _ring(self, scene: Scene, targets: set[str], w: int) -> list[Block]:
        view = scene.view
        n = len(view.islands)
        bw = min(BOX_MAX, (w - 2) // 3)
        choosing = any(k[:2] in ("i:", "h:") for k in targets)
        top, sides, bottom = ring_slots(n)

        def isl(i: int | None) -> Block:
            if i is None:
                return Block(bw)
            return self._island_box(scene, view.islands[i], bw, targets, choosing)

        harbor = self._harbor_box(scene, bw, targets, choosing)
        rows = [beside([isl(i) for i in top])]
        if sides[0] is None and sides[1] is None:
            height = max(harbor.height, self._forecast_box(scene, bw, 0).height, len(view.seats) + 3)
            if height > harbor.height:
                harbor = self._harbor_box(scene, bw, targets, choosing, height)
            middle = [self._forecast_box(scene, bw, height), harbor, self._order_box(scene, bw, height)]
        else:  # islands beside the Harbor too, the Forecast and the order under them
            left, right = isl(sides[0]), isl(sides[1])
            height = max(harbor.height, right.height + len(view.seats) + 3)
            middle = [stack([left, self._forecast_box(scene, bw, height - left.height)]), harbor,
                      stack([right, self._order_box(scene, bw, height - right.height)])]
        rows.append(beside(middle))
        rows.append(beside([isl(i) for i in bottom]))
        ring = Block(w)
        extra = self._captains(scene, w - rows[0].width - 3) if w - rows[0].width - 3 >= 30 else None
        for r in rows:
            y0 = ring.height
            for k, (x, y) in r.keys.items():
                ring.keys.setdefault(k, (x + 1, y0 + y))
            for line in r.lines:
                ring.add(Text(" ") + line)
        if extra is not None:
            ring = beside([ring_trim(ring, rows[0].width + 1), extra], gap=2)
            ring.width = w
        return [ring]

    def _island_box(self, scene: Scene, isl: Any, bw: int, targets: set[str], choosing: bool) -> Block:
        """An island's box, from a small cache: a cursor step redraws two islands, not six."""
        mode = self.mode(f"i:{isl.index}", targets, choosing)
        falls = tuple((f.round, tuple(f.holders)) for f in scene.view.history.falls if f.island == isl.index)
        colours = tuple(scene.colour(s) for s in range(len(isl.claims)))
        cache_key = (_encode(isl), mode, bw, colours, falls)
        box = self._boxes.get(cache_key)
        if box is None:
            box = self._boxes[cache_key] = self._draw_island(scene, isl, bw, mode)
        return box

    def _draw_island(self, scene: Scene, isl: Any, bw: int, mode: str) -> Block:
        key = f"i:{isl.index}"
        tl, tr, bl, br, h, v = FRAMES[mode]
        frame = self._frame_style(mode) + key_style(key)
        inner = bw - 4
        roomy = inner >= 26
        fallen = isl.state != "standing"
        b = Block(bw)
        # top border: kind, name, majority
        top = Line(tl + " ", frame, key)
        top.add(DEEP if isl.deep else OUTER, (self.paint("muted") if fallen else self.paint("accent")) + key_style(key))
        top.add(" ", frame, key)
        name_style = self.paint("muted") if fallen and mode != "cursor" else self._name_style(mode)
        majority = ""
        room = bw - 4 - 2 - len(majority)
        name = isl.name if len(isl.name) <= room else isl.name[: max(1, room - 1)] + "…"
        top.add(name, name_style + key_style(key))
        top.add(" " + h * max(0, bw - 2 - top.width - len(majority) - 1), frame, key)
        if majority:
            top.add(majority, self.paint("muted") + key_style(key))
        top.add(h * max(0, bw - 1 - top.width) + tr, frame, key)
        b.add(top)

        def body(line: Line) -> None:
            full = Line(v + " ", frame, key)
            for k, x in line.keys.items():
                full.keys.setdefault(k, x + 2)
            line.text.truncate(inner, overflow="ellipsis", pad=True)
            line.text.stylize_before(key_style(key))  # a dock's own key wins over the island's
            full.text.append_text(line.text)
            full.add(" " + v, frame, key)
            b.add(full)

        if fallen:
            void = isl.state == "void"
            falls = [f for f in scene.view.history.falls if f.island == isl.index]
            line = Line("✕ ", self.paint("bad"))
            line.add("Void" if void else "Fell", self.paint("bad"))
            if falls:
                line.add(f" · fell R{falls[-1].round}" if void else f" in Round {falls[-1].round}",
                         self.paint("muted"))
            body(line)
            tokens = Line("Fall tokens: " if roomy else "✕ ", self.paint("muted"))
            holders = falls[-1].holders if falls else []
            for s in holders:
                tokens.add(self.letter(scene, s))
                tokens.add(" ")
            if not holders:
                tokens.add("nobody", self.paint("muted"))
            body(tokens)
            if void:
                body(Line("░" * inner, self.paint("ring--void")))
            else:
                body(self._docks(scene, isl, inner, roomy))
        else:
            cracks = Line("Cracks " if roomy else "", self.paint("muted"))
            cracks.add("▪" * isl.cracks, self.paint("ring--crack"))
            cracks.add("▫" * (isl.slots - isl.cracks), self.paint("muted"))
            if isl.braced:
                cracks.add(" ✚", self.paint("ring--brace"))
                if roomy:
                    cracks.add(" braced", self.paint("ring--brace"))
            cache = Text()
            cache.append("Relics " if roomy else "", style=self.paint("muted"))
            cache.append("◊" * isl.cache, style=self.paint("ring--relic"))
            cache.append("·" * (C.CACHE_SIZE - isl.cache), style=self.paint("muted"))
            cracks.pad_to(inner - cache.cell_len)
            cracks.add(cache)
            body(cracks)
            claims = Line("Claims " if roomy else "", self.paint("muted"))
            if any(isl.claims):
                for s, c in enumerate(isl.claims):
                    if c:
                        claims.add(self.letter(scene, s))
                        claims.add(f"{c} ")
            else:
                claims.add("no Claims", self.paint("muted"))
            if not roomy:
                value = f"{isl.majority[0]}/{isl.majority[1]}"
                claims.pad_to(inner - len(value))
                claims.add(value, self.paint("muted"))
            body(claims)
            if roomy:
                body(Line(f"Majority {isl.majority[0]}/{isl.majority[1]} · Moor +{cubes(isl.moor_gives, ' +')}",
                          self.paint("muted")))
            body(self._docks(scene, isl, inner, roomy))
        bottom = Line(bl + h * (bw - 2) + br, frame, key)
        b.add(bottom)
        return b

    def _docks(self, scene: Scene, isl: Any, inner: int, roomy: bool) -> Line:
        line = Line()
        for dock, (label, seat, skiff) in enumerate((("S", isl.salvage, isl.salvage_skiff),
                                                     ("M", isl.moor, isl.moor_skiff))):
            dkey = f"d:{2 * isl.index + dock}"
            if dock:
                line.add("  " if roomy else " ")
            word = ("Salvage " if dock == 0 else "Moor ") if roomy else f"{label}:"
            line.add(f"⚓{word}" if roomy or not dock else word, self.paint("muted"), dkey)
            occ = self._occupant(scene, seat, skiff, roomy)
            occ.stylize(key_style(dkey))
            line.add(occ)
        gives = Text("+" + cubes(isl.moor_gives, ""), style=self.paint("muted"))
        if isl.state == "standing" and not roomy and line.width + gives.cell_len + 1 <= inner:
            line.pad_to(inner - gives.cell_len)
            line.add(gives)
        return line

    def _harbor_box(self, scene: Scene, bw: int, targets: set[str], choosing: bool, height: int = 0) -> Block:
        view = scene.view
        inner = bw - 4
        frame = self.paint("muted")
        b = Block(bw)
        top = Line("╭ ⌂ ", frame)
        top.add("The Harbor", self.paint("heading"))
        top.add(" " + "─" * max(0, bw - top.width - 2) + "╮", frame)
        b.add(top)
        for sp in view.harbor:
            if not sp.open:
                continue
            key = f"h:{sp.index}"
            mode = self.mode(key, targets, choosing)
            line = Line("│ ", frame)
            mark = {"cursor": "▶", "legal": "›"}.get(mode, " ")
            text = Line(mark, self.paint("legal") if mode == "legal" else self.paint("accent"), key)
            text.add(sp.name, self._name_style(mode) if mode != "plain" else "", key)
            short = SPACE_SHORT.get(sp.key, "")
            occ = self._occupant(scene, sp.occupant, sp.skiff, inner >= 26)
            if inner >= 30 and short and 17 + len(short) + occ.cell_len + 1 <= inner:
                text.pad_to(17)
                text.add(short, self.paint("muted"), key)
            text.pad_to(inner - occ.cell_len)
            text.add(occ)
            text.text.truncate(inner, overflow="ellipsis", pad=True)
            line.add(text.text)
            for k, x in text.keys.items():
                line.keys.setdefault(k, x + 2)
            line.add(" │", frame)
            b.add(line)
        while b.height < height - 1:
            b.add(Line("│" + " " * (bw - 2) + "│", frame))
        b.add(Line("╰" + "─" * (bw - 2) + "╯", frame))
        return b

    def _panel(self, title: str, bw: int, height: int, body: list[Line]) -> Block:
        """A framed side panel of ``height`` lines (at least its content)."""
        frame = self.paint("muted")
        inner = bw - 4
        b = Block(bw)
        top = Line("╭ ", frame)
        top.add(title, self.paint("heading"))
        top.add(" " + "─" * max(0, bw - top.width - 2) + "╮", frame)
        b.add(top)
        rows = max(len(body), height - 2)
        for i in range(rows):
            line = Line("│ ", frame)
            part = body[i] if i < len(body) else Line()
            part.text.truncate(inner, overflow="ellipsis", pad=True)
            line.add(part.text)
            for k, x in part.keys.items():
                line.keys.setdefault(k, x + 2)
            line.add(" │", frame)
            b.add(line)
        b.add(Line("╰" + "─" * (bw - 2) + "╯", frame))
        return b

    def _wrapped(self, text: str, width: int, style: Style | str) -> list[Line]:
        return [Line(str(part), style) for part in Text(text).wrap(self.app.console, max(8, width))]

    def _forecast_box(self, scene: Scene, bw: int, height: int) -> Block:
        view = scene.view
        inner = bw - 4
        body: list[Line] = []
        room = max(0, height - 2)
        if view.variant == "calm-skies" and view.forecast:
            for card in view.forecast:
                line = Line(f"R{card.round} ", self.paint("muted"))
                line.add(card.name, self.paint("strong"))
                line.pad_to(inner - 3)
                line.add(f"{card.threshold:>3}", self.paint("accent"))
                body.append(line)
            first = view.forecast[0]
            body += self._wrapped(f"fails: {first.fail}", inner, self.paint("muted"))
        elif view.forecast:
            card = view.forecast[0]
            body.append(Line(card.name, self.paint("ring--storm")))
            when = "strikes this round" if card.round == view.round else f"strikes in Round {card.round}"
            body.append(Line(when, self.paint("strong")))
            if card.face_down:
                body.append(Line("Threshold hidden", self.paint("muted")))
            else:
                body.append(Line(f"Threshold {card.threshold}", self.paint("strong")))
            body += self._wrapped(f"fails: {card.fail}", inner, self.paint("muted"))
        else:
            words = f"Revealed at the end of Round {view.round}" if view.round % 2 == 1 else "No storm showing"
            body += self._wrapped(words, inner, self.paint("muted"))
        past = view.history.storms
        if past and len(body) + 1 < room:
            s = past[-1]
            line = Line(f"R{s.round} {s.name} {s.total}{'≥' if s.passed else '<'}{s.threshold} ", self.paint("muted"))
            line.add("✓" if s.passed else "✗", self.paint("good") if s.passed else self.paint("bad"))
            body.append(line)
        if view.variant != "calm-skies" and len(body) < max(room, 1):
            body.append(Line(f"Storm deck {view.storm_deck}", self.paint("muted")))
        if room:
            body = body[:room]
        return self._panel(f"{STORM} Storm Forecast", bw, height, body)

    def _order_box(self, scene: Scene, bw: int, height: int) -> Block:
        view = scene.view
        inner = bw - 4
        body: list[Line] = []
        for n, seat in enumerate(view.order):
            line = Line("▸" if seat == view.current else " ", self.paint("accent"))
            line.add(f"{n + 1} ", self.paint("muted"))
            line.add(self.letter(scene, seat))
            line.add(" ")
            style = self.seat_style(scene.colour(seat))
            renown = f"{view.seats[seat].renown:>3}"
            marks = (3 if seat == view.skiff else 0) + (2 if seat == view.seat else 0)
            line.add(name_of(view, seat)[: max(3, inner - line.width - marks - len(renown) - 1)], style)
            if seat == view.skiff:
                line.add(f" {SKIFF}")
            if seat == view.seat:
                line.add(" ◂", self.paint("muted"))
            line.pad_to(inner - len(renown))
            line.add(renown, self.paint("strong"))
            body.append(line)
        room = max(0, height - 2)
        if view.skiff >= 0 and len(body) < room:
            line = Line(f"{SKIFF} Skiff: ", self.paint("muted"))
            line.add(self.letter(scene, view.skiff))
            line.add(f" {name_of(view, view.skiff)}", self.paint("muted"))
            body.append(line)
        return self._panel("Order · Renown", bw, height, body)

    def _captains(self, scene: Scene, width: int) -> Block:
        """Beside a wide ring: each seat's public holdings (what the Guilds score)."""
        view = scene.view
        width = min(width, 48)
        b = Block(width)
        b.add(Line("Captains", self.paint("heading")))
        for seat, sv in enumerate(view.seats):
            head = Line()
            head.add(self.letter(scene, seat))
            head.add(f" {name_of(view, seat)}", self.seat_style(scene.colour(seat)))
            head.add(f"  {sv.renown} Renown", self.paint("strong"))
            b.add(head)
            b.add(Line(f"  {cubes(sv.resources) or 'no cubes'} · ✕{sv.falls} Falls · H{sv.handshakes} Handshakes",
                       self.paint("muted")))
            relics = ", ".join(sv.relic_names) if sv.relic_names else "no Relics"
            for part in self._wrapped(f"◊ {relics}", width - 2, ""):
                b.add(Line("  ").add(part.text))
        storms = view.history.storms
        if storms:
            b.add(Line(""))
            b.add(Line("Storms", self.paint("heading")))
            for s in storms:
                line = Line(f"R{s.round} {s.name} {s.total}/{s.threshold} ", self.paint("muted"))
                line.add("held" if s.passed else "broke", self.paint("good") if s.passed else self.paint("bad"))
                line.add("  ")
                for seat, bid in enumerate(s.bids):
                    line.add(self.letter(scene, seat))
                    line.add(f"{bid} ")
                b.add(line)
        return b

    def _compact_ring(self, scene: Scene, targets: set[str], w: int) -> list[Block]:
        view = scene.view
        choosing = any(k[:2] in ("i:", "h:") for k in targets)
        b = Block(w)
        most = max([1] + [sum(1 for c in isl.claims if c) for isl in view.islands])
        spaced = w - 19 - 3 * most >= 15  # "R2 B1 G1" while the names still fit, else "R2B1G1"
        claims_w = max(6, (3 if spaced else 2) * most)
        name_w = max(8, w - 19 - claims_w)
        for isl in view.islands:
            key = f"i:{isl.index}"
            mode = self.mode(key, targets, choosing)
            line = Line({"cursor": "▶", "legal": "›"}.get(mode, " "), self.paint("accent"), key)
            fallen = isl.state != "standing"
            line.add(DEEP if isl.deep else OUTER, self.paint("muted" if fallen else "accent"), key)
            line.add(" ", "", key)
            name = isl.name if len(isl.name) <= name_w else isl.name[: name_w - 1] + "…"
            style = self.paint("muted") if fallen and mode != "cursor" else self._name_style(mode)
            line.add(name.ljust(name_w), style, key)
            if fallen:
                line.add(" ✕ Void " if isl.state == "void" else " ✕ FELL ", self.paint("bad"))
                falls = [f for f in view.history.falls if f.island == isl.index]
                for s in falls[-1].holders if falls else []:
                    line.add(self.letter(scene, s))
            else:
                line.add(" ")
                line.add("▪" * isl.cracks, self.paint("ring--crack"))
                line.add("▫" * (isl.slots - isl.cracks), self.paint("muted"))
                line.add("✚" if isl.braced else " ", self.paint("ring--brace"))
                line.add(" " * (4 - isl.slots))
                line.add(" ")
                line.add("◊" * isl.cache, self.paint("ring--relic"))
                line.add("·" * (C.CACHE_SIZE - isl.cache), self.paint("muted"))
                line.add(" ")
                for s, c in enumerate(isl.claims):
                    if c:
                        line.add(self.letter(scene, s))
                        line.add(f"{c} " if spaced else str(c))
            docks = Line("⚓", self.paint("muted"))
            for dock, seat in enumerate((isl.salvage, isl.moor)):
                occ = self._occupant(scene, seat, False, False)
                occ.stylize(key_style(f"d:{2 * isl.index + dock}"))
                docks.add(occ)
            if line.width + docks.width + 1 <= w:
                line.pad_to(w - docks.width)
                start = line.width
                line.add(docks.text)
                for k, x in docks.keys.items():
                    line.keys.setdefault(k, start + x)
            b.add(line)
        spaces = [sp for sp in view.harbor if sp.open]
        half = (len(spaces) + 1) // 2
        cell = w // 2
        for r in range(half):
            line = Line()
            for sp in (spaces[r], spaces[r + half] if r + half < len(spaces) else None):
                if sp is None:
                    continue
                key = f"h:{sp.index}"
                mode = self.mode(key, targets, choosing)
                start = line.width
                part = Line({"cursor": "▶", "legal": "›"}.get(mode, " "), self.paint("accent"), key)
                part.add(" ", "", key)
                part.add(sp.name, self._name_style(mode) if mode != "plain" else "", key)
                occ = self._occupant(scene, sp.occupant, False, False)
                part.pad_to(cell - 2)
                part.add(occ)
                part.text.truncate(cell, overflow="ellipsis", pad=True)
                line.add(part.text)
                for k, x in part.keys.items():
                    line.keys.setdefault(k, start + x)
            b.add(line)
        return [b]

    # ------------------------------------------------------------- bottom

    def _trade_news(self, scene: Scene, w: int) -> list[Block]:
        """The last answered trade of this round, for everyone to see."""
        view = scene.view
        trades = [t for t in view.history.trades if t.round == view.round]
        if not trades or view.trade is not None or view.stage not in ("placement", "order"):
            return []  # (a storm's bids and the Accusations need the line more than the news)
        tr = trades[-1]
        line = Line(" Last trade: ", self.paint("muted"))
        line.add(self.letter(scene, tr.proposer))
        line.add(f" {name_of(view, tr.proposer)} → ")
        line.add(self.letter(scene, tr.partner))
        line.add(f" {name_of(view, tr.partner)}: {counted(tr.give)} for {counted(tr.get)} ")
        line.add("✓ accepted" if tr.accepted else "✗ declined", self.paint("good") if tr.accepted else self.paint("bad"))
        b = Block(w)
        b.add(line)
        return [b]

    def _detail(self, scene: Scene, w: int, compact: bool) -> list[Block]:
        """The island or Harbor space under the cursor, in words."""
        view = scene.view
        key = self.cursor or ""
        kind, _, rest = key.partition(":")
        text = ""
        if kind == "i":
            isl = view.islands[int(rest)]
            cost = cubes(isl.salvage_cost)
            text = (f"{DEEP if isl.deep else OUTER} {isl.name}, {'Deep' if isl.deep else 'Outer'}: "
                    f"Salvage {cost} (a Relic, {isl.cache} left; +Claim, +Crack {isl.cracks}/{isl.slots}) · "
                    f"Moor +{cubes(isl.moor_gives, ' +')}, +Claim · majority {isl.majority[0]}/{isl.majority[1]}")
        elif kind == "h":
            sp = view.harbor[int(rest)]
            text = f"⌂ {sp.name}: {sp.text}"
        room = 1 if compact else 2
        # the lines are kept while anything on the ring can be pointed at, so that moving the
        # cursor (on or off an island, to a longer text) never moves what is below
        ring = any(k[:2] in ("i:", "h:") for k in scene.targets())
        if not text and not ring:
            return []
        b = Block(w)
        lines = list(Text(text).wrap(self.app.console, w - 2)) if text else []
        for part in lines[:room]:
            b.add(Line(" ").add(seg(str(part), self.paint("muted"))))
        while b.height < room:
            b.add(Line(""))
        return [b]

    def _mine(self, scene: Scene, w: int, compact: bool) -> list[Block]:
        """The shown seat's secrets and holdings (never another seat's), or everything after the game."""
        view = scene.view
        b = Block(w)
        if scene.everything and scene.all_views:
            line = Line(" Agendas: ", self.paint("heading"))
            for seat, v in enumerate(scene.all_views):
                if v.agendas:
                    line.add(self.letter(scene, seat))
                    line.add(" " + " / ".join(guild(g, short=True) for g in v.agendas) + "  ")
            b.add(line)
            return [b]
        if view.seat is None or not view.agendas:
            return [] if not b.lines else [b]
        whose = scene.whose(view.seat)
        agenda = Line(f" {whose} Agenda " if len(view.agendas) == 1 else f" {whose} Agendas ", self.paint("heading"))
        if view.kept >= 0:
            agenda.add(guild(view.kept), self.paint("ring--secret"))
            other = [g for g in view.agendas]
            other.remove(view.kept)
            agenda.add(f" (kept; {guild(other[0], short=True)} discarded)" if other else "", self.paint("muted"))
            scores = [view.kept]
        else:
            agenda.add("  /  ".join(guild(g) for g in view.agendas), self.paint("ring--secret"))
            scores = list(dict.fromkeys(view.agendas))
        agenda.add("  (secret)" if compact else "  secret: only you see this", self.paint("muted"))
        b.add(agenda)
        if not compact:
            for g in scores:
                words = C.guild_score_text(g, view.variant, view.players, view.fall_value, view.handshake_cap)
                b.add(Line(f"   {GUILD_GLYPHS[g]} {words}", self.paint("muted")))
        sv = view.seats[view.seat]
        hold = Line(" You hold ", self.paint("muted"))
        hold.add(cubes(sv.resources) or "no cubes")
        hold.add(" · ")
        hold.add(", ".join(sv.relic_names) if sv.relic_names else "no Relics")
        hold.add(f" · ✕{sv.falls} H{sv.handshakes}", self.paint("muted"))
        b.add(hold)
        if view.storm_peek:
            card, threshold = view.storm_peek
            peek = Line(" ⌂ Weather Station: ", self.paint("muted"))
            peek.add(f"the next storm is {C.storm_of(card).name}, Threshold {threshold}", self.paint("accent"))
            peek.add(" — only you know", self.paint("muted"))
            b.add(peek)
        return [b]


def ring_trim(block: Block, width: int) -> Block:
    """``block`` cut to ``width`` cells (the ring, before a panel goes beside it)."""
    out = Block(width, keys=dict(block.keys))
    for line in block.lines:
        line = line.copy()
        line.truncate(width, pad=True)
        out.lines.append(line)
    return out
