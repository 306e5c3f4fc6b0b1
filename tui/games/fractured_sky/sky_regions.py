"""Fractured Sky's board: the sky map (ten regions in rows of 3, 4 and 3, the building sites on
their borders), drawn with the line API, and beside it the table's public facts.

Everything comes from the shown seat's view. Each region is a box at its place on the board
(``RegionView.row``/``col``): its name, what it produces (``g w i``), its explore slot
(``◎``), the airships in it by seat letter and chip (``R?`` face down to you, ``R7`` a chip you
know — your own, or one you scouted — and every chip once revealed), skimmers (``≈R``), the
starfalls that dropped there (``★``, ``☆`` a revealed hidden one), a payload token (``▪``), a
guardian (``♠``) and the rewards by rank (``★ gi ii g``: 1st takes a starfall, 2nd 1 gold and 1
iron, …). The sites sit between the regions they connect: in the gap between two neighbours on
a row, or on the strip between two rows (a site where three regions meet carries ``∴``).
During the round-end rewards the region being resolved is drawn with a heavy frame (``┏``)
and its ranking; the reveal panel lists every region's troop power, ranks and rewards taken.

Beside the map (below it on a narrower board): the round, the public starfall, the turn order
and next round's track, what you pick now (your chips, payloads, a reward), every side's
resources and pieces, and the expansions (bounties, flagships, guardians, the automa's card).
On a wide board the legend sits under the map, and the facts that would make the column beside
it longer than the map and the legend go under the legend (the two columns as even as whole
blocks allow), so a big terminal shows it all. At 80×24 the map folds into a list, one line per
region.

Region boxes are cached by what they show (an LRU keyed by the region's view, its frame and
width), so a cursor step rebuilds two boxes; the canvas repaints only the lines that changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache

from engine.games.fractured_sky.state import STAR
from tui.games.fractured_sky import words as W
from tui.widgets.blocks import FRAMES, Block, Line, beside, key_positions, stack
from tui.widgets.board import Board, Scene
from tui.widgets.palette import seat_letter, seg

COMPACT_BELOW = 60  # narrower boards (and the 80×24 layout) fold the map into a list
SIDE_BESIDE = 118  # from this board width the table's facts sit beside the map
SIDE_W = 50
MAP_MAX = 120
GAP = 4  # between two boxes on a row: room for a site
HEAVY = ("┏", "┓", "┗", "┛", "━", "┃")

_encode = msgspec.msgpack.Encoder().encode


class Sheet:
    """Text placed at (x, y): a board laid out by coordinates rather than by rows."""

    def __init__(self) -> None:
        self.rows: list[list[tuple[int, Text]]] = []

    def put(self, x: int, y: int, text: Text) -> None:
        while len(self.rows) <= y:
            self.rows.append([])
        self.rows[y].append((x, text))

    def block(self, x: int, y: int, block: Block) -> None:
        for k, line in enumerate(block.lines):
            self.put(x, y + k, line)

    def lines(self, width: int) -> list[Text]:
        out = []
        for row in self.rows:
            line = Text()
            for x, t in sorted(row, key=lambda p: p[0]):
                cur = line.cell_len
                if x < cur:
                    t = t[cur - x:]
                elif x > cur:
                    line.append(" " * (x - cur))
                line.append_text(t)
            line.truncate(width)
            out.append(line)
        return out


class SkyRegions(Board):
    """The sky map, the reveal, and the table's facts beside it."""

    spatial = True
    # the log keeps this game's stylesheet height: the facts beside the map come and go with the
    # step (a draft, the reveal), and a log that followed them would jump from move to move
    natural_height = False

    COMPONENT_CLASSES = {
        "sky--gold", "sky--wood", "sky--iron", "sky--star", "sky--site", "sky--triple", "sky--guardian",
        "sky--payload", "sky--resolving", "sky--secret", "sky--flagship",
    }

    def __init__(self, adapter: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.adapter = adapter
        self._boxes: LRUCache[tuple[Any, ...], Block] = LRUCache(128)
        self._scrolled_to: str | None = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._boxes.clear()  # drawn with the old theme's colours

    # ------------------------------------------------------------- input

    def show(self, scene: Scene) -> None:
        old = self.scene
        if old is None or old.view is not scene.view:
            targets = scene.targets()
            if targets and self.cursor not in targets:
                self.cursor = None  # a new decision: the cursor goes to something to choose now
        super().show(scene)

    def on_click(self, event: events.Click) -> None:
        key = self.meta_key(event.style.meta)
        if key is None or self.scene is None:
            return
        if key in self.choosable() or key in self.scene.targets():
            self.focus()
            if key in self.choosable():
                self._set_cursor(key)
            self.post_message(self.Chosen(self, key))

    def redraw(self) -> None:
        super().redraw()
        if self.cursor != self._scrolled_to:
            self._scrolled_to = self.cursor
            pos = self.positions.get(self.cursor or "")
            height = self.scrollable_content_region.height
            if pos is not None and height > 0:
                top = round(self.scroll_offset.y)
                if pos[1] < top:
                    self.scroll_to(y=max(0, pos[1] - 2), animate=False)
                elif pos[1] >= top + height:
                    self.scroll_to(y=pos[1] - height + 3, animate=False)

    # ------------------------------------------------------------- paints

    def res_style(self, r: int) -> Style:
        return self.paint(W.RES_CLASSES[r])

    def res_text(self, res: list[int] | tuple[int, ...]) -> Text:
        out = Text()
        for r, n in enumerate(res):
            if n:
                out.append(W.RES[r] * n, style=self.res_style(r))
        if not out.plain:
            out.append("–", style=self.paint("muted"))
        return out

    def reward_text(self, rv: Any) -> Text:
        if rv.payload:
            return seg(W.PAYLOAD, self.paint("sky--payload"))
        if rv.starfall:
            return seg(W.reward_sign(rv), self.paint("sky--star"))
        return self.res_text(rv.resources)

    def _frame_style(self, mode: str) -> Style:
        return {"cursor": self.paint("accent"), "legal": self.paint("legal"), "idle": self.paint("illegal"),
                "resolving": self.paint("sky--resolving")}.get(mode, self.paint("muted"))

    def _name_style(self, mode: str) -> Style:
        return {"cursor": self.paint("cursor"), "legal": self.paint("legal"), "idle": self.paint("muted"),
                "resolving": self.paint("sky--resolving")}.get(mode, self.paint("strong"))

    # ------------------------------------------------------------- drawing

    def draw(self, scene: Scene, width: int) -> list[Text]:
        targets = scene.targets()
        w = max(24, width - 1)
        compact = scene.compact or w < COMPACT_BELOW
        top = [self._head(scene, w, compact), *self._asked(scene, targets, w)]
        if compact:
            body = [self._list(scene, targets, w), *self._facts(scene, targets, w, compact)]
        elif w >= SIDE_BESIDE:
            body = [self._beside(scene, targets, w)]
        else:
            body = [self._map(scene, targets, w), *self._facts(scene, targets, w, compact)]
        blocks = [*top, *body, self._detail(scene, w)]
        out = stack([b for b in blocks if b.height])
        lines = out.lines
        positions = key_positions(lines)
        positions.update(out.keys)  # a region's place is its box's middle, not its first letter
        self.positions = positions
        order = sorted((pos[1], pos[0], k) for k, pos in positions.items() if k in targets)
        rows: dict[int, list[str]] = {}
        for y, _x, k in order:
            rows.setdefault(y, []).append(k)
        self.rows = list(rows.values())
        return lines

    def _beside(self, scene: Scene, targets: set[str], w: int) -> Block:
        """A wide board: the map with its legend under it, the facts in a column beside it. When
        the facts run longer than the map, the last of them go under the legend, at the map's
        width: the two columns as even as whole blocks allow (the shorter board), so nothing —
        the legend least of all — falls below the board's bottom on a big terminal."""
        map_w = min(MAP_MAX, w - SIDE_W - 2)
        side_w = w - map_w - 2
        sky = stack([self._map(scene, targets, map_w), self._legend(map_w, gap=True)])
        makers = self._fact_makers(scene, targets, False)
        side = [make(side_w) for make in makers]
        beside_h = sum(b.height for b in side)
        under: list[Block] = []  # the last blocks at the map's width, drawn only as far as they are needed
        best = (max(sky.height, beside_h), len(side))  # (height, blocks beside): the lowest, then the most beside
        for k in range(len(side) - 1, -1, -1):
            if beside_h <= sky.height + sum(b.height for b in under):
                break  # the left column is the taller already: moving more under it only adds
            under.insert(0, makers[k](map_w))
            beside_h -= side[k].height
            height = max(sky.height + sum(b.height for b in under), beside_h)
            if height < best[0]:
                best = (height, k)
        k = best[1]
        return beside([stack([sky, *under[len(under) - (len(side) - k):]]), stack(side[:k])], gap=2)

    def _legend(self, w: int, gap: bool = False) -> Block:
        b = Block(w)
        if gap:
            b.add(Line(""))
        for piece in self.wrap(seg(W.LEGEND, self.paint("muted")), w, 2):
            b.add(piece)
        return b

    # ---------------------------------------------------------------- head

    def _head(self, scene: Scene, w: int, compact: bool) -> Block:
        view = scene.view
        b = Block(w)
        public = view.regions[view.public_starfall] if 0 <= view.public_starfall < len(view.regions) else None
        if compact:  # one line: the round, the public starfall, the hidden deck
            line = Line()
            line.add(f"Round {view.round}/{view.rounds} ", self.paint("heading"))
            line.add(f"{W.STAR} ", self.paint("sky--star"))
            line.add(public.name if public else "—", self.paint("strong"))
            line.add(f"  deck {view.hidden_deck}", self.paint("muted"))
            if view.deck_top >= 0:
                line.add(f" top {view.regions[view.deck_top].short}", self.paint("sky--secret"))
            b.add(line)
            return b
        line = Line()
        line.add(f"Round {view.round} of {view.rounds}", self.paint("heading"))
        line.add(f"  {view.phase}", self.paint("muted"))
        if 0 <= view.sequence_step < len(view.sequence):
            line.add(f" · step {view.sequence_step + 1}/{len(view.sequence)}: {view.sequence[view.sequence_step]}",
                     self.paint("muted"))
        b.add(line)
        line = Line()
        line.add(f"{W.STAR} public starfall: ", self.paint("sky--star"))
        line.add(public.name if public else "—", self.paint("strong"))
        line.add(f"   hidden deck {view.hidden_deck}", self.paint("muted"))
        if view.deck_top >= 0:
            line.add(" (top: ", self.paint("muted"))
            line.add(view.regions[view.deck_top].short, self.paint("sky--secret"))
            line.add(")", self.paint("muted"))
        if view.expansions:
            line.add("   " + ", ".join(view.expansions), self.paint("muted"))
        b.add(line)
        return b

    # ------------------------------------------------------- what you pick now

    def _asked(self, scene: Scene, targets: set[str], w: int) -> list[Block]:
        """The choosable things that live off the map: your chips, payloads, the track, rewards."""
        view = scene.view
        out: list[Block] = []
        keys = sorted(targets)  # (a set: sorted, so the same position draws the same every time)
        chips = [k for k in keys if k.startswith("chip:")]
        loads = [k for k in keys if k.startswith("load")]
        track = [k for k in keys if k.startswith("track:")]
        rewards = [k for k in keys if k.startswith("reward:")]
        drafts = [k for k in keys if k.startswith("fl:")]
        misc = [k for k in keys if k in ("deck", "stay") or k.startswith(("hid:", "forage:"))]
        b = Block(w)
        if chips:
            line = Line("  Chip: ", self.paint("strong"))
            for k in sorted(chips, key=lambda k: int(k.split(":")[1])):
                self.chip(line, k, self.amount_label(scene, k, int(k.split(":")[1])), targets)
            me = view.sides[scene.seat] if scene.seat is not None else None
            if me is not None and me.budget >= 0:
                line.add(f"  printed power left {me.budget}", self.paint("muted"))
            b.add(line)
        if loads:
            line = Line("  Payload: ", self.paint("strong"))
            for k in sorted(loads):
                if k == "loadnone":
                    self.chip(line, k, "no more", targets)
                else:
                    self.chip(line, k, f"+{k.split(':')[1]}", targets)
            b.add(line)
        if track:
            line = Line("  Next round: ", self.paint("strong"))
            for k in sorted(track):
                space = int(k.split(":")[1])
                extra = view.track_rewards[space] if space < len(view.track_rewards) else ""
                self.chip(line, k, W.ordinal(space) + (f" +{extra}" if extra else ""), targets)
            b.add(line)
        if rewards:
            r = view.reward_region
            line = Line(f"  {view.regions[r].short} reward: " if r >= 0 else "  Reward: ", self.paint("strong"))
            seen: set[str] = set()
            for rv in view.regions[r].left if r >= 0 else []:
                k = f"reward:{STAR if rv.starfall else rv.code}"  # Reward(STAR) takes the first starfall left
                if k in targets and k not in seen:
                    seen.add(k)
                    self.chip(line, k, W.reward_sign(rv), targets)
            b.add(line)
        if drafts:
            line = Line("  Flagship: ", self.paint("strong"))
            for k in drafts:
                fl = view.flagships[int(k.split(":")[1])]
                self.chip(line, k, f"{fl.name} {fl.face}", targets)
            b.add(line)
        scouts = [k for k in misc if k == "deck" or k.startswith("hid:")]
        if scouts:
            line = Line("  Scout: ", self.paint("strong"))
            for k in scouts:
                if k == "deck":
                    self.chip(line, k, "deck top", targets)
                else:
                    hid = view.hidden[int(k.split(":")[1])]
                    self.chip(line, k, f"{self._letter_str(scene, hid.holder)}'s {W.HIDDEN_STAR}", targets)
            line.add("  ship: an airship's chip on the map", self.paint("muted"))
            b.add(line)
        forage = [k for k in misc if k.startswith("forage:")]
        if forage:
            line = Line("  Forage: ", self.paint("strong"))
            for k in forage:
                self.chip(line, k, W.RES[int(k.split(":")[1])], targets)
            b.add(line)
        if "stay" in misc:
            line = Line("  Grimroot: ", self.paint("strong"))
            self.chip(line, "stay", "stay", targets)
            line.add("  or a region to redeploy to", self.paint("muted"))
            b.add(line)
        if b.height:
            out.append(b)
        return out

    def _letter_str(self, scene: Scene, side: int) -> str:
        return seat_letter(scene.colour(side), side)

    # ---------------------------------------------------------------- the map

    def _map(self, scene: Scene, targets: set[str], w: int) -> Block:
        view = scene.view
        u = (w + GAP) / 8  # the last box ends at the map's edge
        box_w = int(2 * u) - GAP
        choosing = bool(targets)
        rows: dict[int, list[Any]] = {}
        for reg in view.regions:
            rows.setdefault(reg.row, []).append(reg)
        # the boxes, row by row, each row as tall as its tallest box
        built: dict[int, list[tuple[Any, int, Block]]] = {}
        centre: dict[int, float] = {}
        for row in sorted(rows):
            boxes = []
            for reg in sorted(rows[row], key=lambda r: r.col):
                x0 = round(reg.col * u)
                boxes.append((reg, x0, self._region_box(scene, reg, box_w, targets, choosing)))
                centre[reg.index] = x0 + box_w / 2
            h = max(b.height for _, _, b in boxes)
            for _, _, box in boxes:
                self._pad_box(box, h)
            built[row] = boxes
        # the sites: on a row between two neighbours, or on the strip below a row (in lanes)
        region_row = {reg.index: reg.row for reg in view.regions}
        inline: list[tuple[int, int, Text]] = []  # row, x, label
        strips: dict[int, list[tuple[int, int, int, Text]]] = {}  # row -> (lane, x, site, label)
        pending: dict[int, list[tuple[float, int]]] = {}
        for site in view.sites:
            rws = sorted({region_row[r] for r in site.regions})
            x = sum(centre[r] for r in site.regions) / len(site.regions)
            if len(rws) == 1:
                label = self._site_text(scene, site, targets, choosing)
                inline.append((rws[0], round(x - label.cell_len / 2), label))
            else:
                pending.setdefault(rws[0], []).append((x, site.index))
        for row, sites in pending.items():
            ends = [-10, -10]
            for x, k in sorted(sites):
                label = self._site_text(scene, view.sites[k], targets, choosing)
                sx = round(x - label.cell_len / 2)
                lane = 0 if sx > ends[0] else 1
                strips.setdefault(row, []).append((lane, sx, k, label))
                ends[lane] = sx + label.cell_len
        sheet = Sheet()
        keys: dict[str, tuple[int, int]] = {}
        mid: dict[int, int] = {}
        y = 0
        for row in sorted(built):
            h = built[row][0][2].height
            for reg, x0, box in built[row]:
                sheet.block(x0, y, box)
                keys[f"r:{reg.index}"] = (x0 + box.width // 2, y + h // 2)
                for bk, (kx, ky) in box.keys.items():
                    keys.setdefault(bk, (x0 + kx, y + ky))
            mid[row] = y + h // 2
            y += h
            lanes = 1 + max((lane for lane, *_ in strips.get(row, [])), default=-1)
            for lane, sx, site_k, label in strips.get(row, []):
                sheet.put(sx, y + lane, label)
                keys.setdefault(f"s:{site_k}", (sx + 1, y + lane))
            y += lanes
        for row, sx, label in inline:
            sheet.put(sx, mid[row], label)
        block = Block(w)
        for line in sheet.lines(w):
            block.add(line)
        for name, pos in key_positions(block.lines).items():
            if name.startswith("s:"):
                keys.setdefault(name, pos)
        block.keys.update(keys)
        return block

    def _pad_box(self, box: Block, h: int) -> None:
        """Stretch a box to its row's height: blank framed lines above the bottom border."""
        if box.height >= h:
            return
        bottom = box.lines.pop()
        side = box.lines[-1][:1] if box.lines else Text("│")
        edge = box.lines[-1][-1:] if box.lines else Text("│")
        while box.height < h - 1:
            line = Text()
            line.append_text(side)
            line.append(" " * (box.width - 2))
            line.append_text(edge)
            box.lines.append(line)
        box.lines.append(bottom)

    def _site_text(self, scene: Scene, site: Any, targets: set[str], choosing: bool) -> Text:
        key = f"s:{site.index}"
        letter = self._letter_str(scene, site.owner) if site.owner >= 0 else ""
        label = W.site_label(site, letter)
        line = Line()
        if self.is_cursor(key):
            line.add(f"[{label}]", self.paint("cursor"), key)
        elif key in targets:
            line.add(f"‹{label}›", self.paint("legal"), key)
        else:
            style = self.seat_style(scene.colour(site.owner)) if site.owner >= 0 else self.paint(
                "sky--triple" if len(site.regions) == 3 else "sky--site")
            line.add(f" {label} ", style, key)
        return line.text

    def _region_box(self, scene: Scene, reg: Any, width: int, targets: set[str], choosing: bool) -> Block:
        view = scene.view
        key = f"r:{reg.index}"
        mode = self.mode(key, targets, choosing)
        resolving = view.reward_region == reg.index
        if resolving and mode != "cursor":
            mode = "resolving"
        ship_keys = tuple(f"ship:{sh.ship}" for sh in reg.ships)
        cursor_in = self.cursor if self.cursor in ship_keys else None
        legal_ships = tuple(k for k in ship_keys if k in targets)
        guardian = next((g for g in view.guardians if g.region == reg.index), None)
        flag = {f.index: f for f in view.flagships}
        colours = tuple(scene.colour(x) for x in range(view.players))
        secrets = tuple(_encode(v.regions[reg.index]) for v in scene.all_views) if scene.everything else ()
        cache_key = (_encode(reg), secrets, mode, width, cursor_in, legal_ships, colours,
                     _encode(guardian) if guardian else b"", tuple(f.name for f in view.flagships),
                     view.reward_region)
        box = self._boxes.get(cache_key)
        if box is not None:
            return Block(box.width, list(box.lines), dict(box.keys))
        box = self._build_box(scene, reg, width, mode, targets, guardian, flag)
        self._boxes[cache_key] = box
        return Block(box.width, list(box.lines), dict(box.keys))

    def _build_box(self, scene: Scene, reg: Any, width: int, mode: str, targets: set[str], guardian: Any,
                   flag: dict[int, Any]) -> Block:
        key = f"r:{reg.index}"
        tl, tr, bl, br, hz, vt = HEAVY if mode == "resolving" else FRAMES["plain" if mode == "resolving" else mode]
        fs = self._frame_style(mode)
        inner = width - 2
        box = Block(width)
        head = Line()
        head.add(tl + hz, fs, key)
        name = ("▸" if mode == "resolving" else "") + (reg.name if len(reg.name) <= inner - 1 else reg.short)
        name = name[: max(1, inner - 1)]
        head.add(name, self._name_style(mode), key)
        head.add(hz * max(0, inner - 1 - len(name)) + tr, fs, key)
        box.add(head)

        def framed(content: Line) -> None:
            line = Line()
            line.add(vt, fs, key)
            text = content.text
            text.truncate(inner, overflow="ellipsis", pad=True)
            for k, x in content.keys.items():
                if x < inner:
                    line.keys.setdefault(k, 1 + x)
            line.text.append_text(text)
            line.add(vt, fs, key)
            box.add(line)

        # what it produces, the explore slot, the guardian
        line = Line()
        for r in reg.produces:
            line.add(W.RES[r], self.res_style(r), key)
        line.add(" ", "", key)
        line.add(W.EXPLORE, self.paint("muted"), key)
        if reg.explore >= 0:
            line.add(self.letter(scene, reg.explore))
        elif guardian is None:
            line.add("·", self.paint("muted"), key)
        if guardian is not None:
            line.add(("" if reg.explore < 0 and not guardian.moved else " ") + W.GUARDIAN + guardian.name[:5]
                     + ("!" if guardian.moved else ""), self.paint("sky--guardian"), key)
        framed(line)
        # airships and skimmers, on as many lines as they need
        revealed = any(p >= 0 for p in reg.power)
        pieces: list[tuple[Text, str | None]] = []  # each piece with its own key (a ship to scout)
        for sh in reg.ships:
            chip = f"ship:{sh.ship}"
            text = self._ship_text(scene, sh, flag, revealed)
            if self.is_cursor(chip):
                pieces.append((seg(f"[{text.plain}]", self.paint("cursor")), chip))
            elif chip in targets:
                pieces.append((seg(f"‹{text.plain}›", self.paint("legal")), chip))
            else:
                pieces.append((text, None))
        for side, n in enumerate(reg.skimmers):
            for _ in range(n):
                pieces.append((seg(W.SKIMMER, self.paint("muted")) + self.letter(scene, side), None))
        line = Line()
        for text, own in pieces:
            if line.width and line.width + text.cell_len > inner:
                framed(line)
                line = Line()
            line.add(text, key=own or key)
            if not own:
                line.add(" ", "", key)
        if not line.width:
            line.add("—", self.paint("muted"), key)
        framed(line)
        # starfalls, payload, Cloudseer's starfall, kept starfalls
        line = Line()
        if reg.public_starfalls:
            line.add(f"{W.STAR}{reg.public_starfalls} ", self.paint("sky--star"), key)
        if reg.hidden_starfalls:
            line.add(f"{W.HIDDEN_STAR}{reg.hidden_starfalls} ", self.paint("sky--star"), key)
        if reg.cloud_starfall:
            line.add(f"{W.CLOUD_STAR}{reg.cloud_starfall} ", self.paint("sky--star"), key)
        if reg.carried:
            line.add(f"kept {reg.carried} ", self.paint("sky--star"), key)
        if reg.payload:
            line.add(W.PAYLOAD + " ", self.paint("sky--payload"), key)
        if line.width:
            framed(line)
        # after the reveal: troop power in rank order; otherwise the rewards by rank
        if revealed and (reg.ranks or any(p > 0 for p in reg.power)):
            line = Line()
            for k, side in enumerate(reg.ranks):
                if k:
                    line.add(">", self.paint("muted"), key)
                line.add(self.letter(scene, side), key=key)
                line.add(str(reg.power[side]), self.paint("strong"), key)
            framed(line)
        line = Line()
        rewards = reg.left if view_phase_rewards(scene) and reg.left else reg.rewards
        if view_phase_rewards(scene) and not reg.left and reg.taken:
            for side, code, _rank in reg.taken:
                line.add(self.letter(scene, side), key=key)
                rv = next((x for x in reg.rewards if x.code == code), None)
                line.add(self.reward_text(rv) if rv is not None else Text("?"), key=key)
                line.add(" ", "", key)
        else:
            ranked = inner >= 18  # room for the rank before each reward
            for k, rv in enumerate(rewards):
                if k:
                    line.add(" ", "", key)
                if ranked:
                    line.add(f"{k + 1}:", self.paint("muted"), key)
                line.add(self.reward_text(rv), key=key)
        framed(line)
        foot = Line()
        foot.add(bl + hz * inner + br, fs, key)
        box.add(foot)
        return box

    def _ship_text(self, scene: Scene, sh: Any, flag: dict[int, Any], revealed: bool) -> Text:
        if scene.everything and sh.chip < 0 and sh.side < len(scene.all_views):
            # a replay with everything shown: the chip as its own side sees it
            own = next((x for x in scene.all_views[sh.side].regions[sh.region].ships if x.ship == sh.ship), None)
            if own is not None:
                sh = own
        out = self.letter(scene, sh.side)
        if sh.flagship >= 0:
            out.append(W.FLAGSHIP, style=self.paint("sky--flagship"))
        if sh.explore:
            out.append(W.EXPLORE, style=self.paint("muted"))
        if sh.chip >= 0:
            mine = scene.seat == sh.side and not revealed
            out.append(str(sh.chip), style=self.paint("sky--secret" if mine else "strong"))
        else:
            out.append("?", style=self.paint("muted"))
        if sh.payload_values:
            out.append("".join(f"+{v}" for v in sh.payload_values), style=self.paint("sky--payload"))
        elif sh.payloads:
            out.append(W.PAYLOAD * sh.payloads, style=self.paint("sky--payload"))
        if revealed and sh.power >= 0 and sh.power != sh.chip + sum(sh.payload_values):
            out.append(f"={sh.power}", style=self.paint("accent"))
        return out

    # ------------------------------------------------------------- compact list

    def _list(self, scene: Scene, targets: set[str], w: int) -> Block:
        view = scene.view
        b = Block(w)
        flag = {f.index: f for f in view.flagships}
        for reg in view.regions:
            key = f"r:{reg.index}"
            line = Line()
            mark = "▸" if view.reward_region == reg.index else " "
            line.add(mark, self.paint("sky--resolving"))
            label = reg.short[:10].ljust(10)
            if self.is_cursor(key):
                line.add(f"[{label}]", self.paint("cursor"), key)
            elif key in targets:
                line.add(f"‹{label}›", self.paint("legal"), key)
            else:
                line.add(f" {label} ", self.paint("strong"), key)
            if reg.explore >= 0:
                line.add(W.EXPLORE, self.paint("muted"))
                line.add(self.letter(scene, reg.explore))
            else:
                line.add(W.EXPLORE + "·", self.paint("muted"))
            line.add(" ")
            revealed = any(p >= 0 for p in reg.power)
            for sh in reg.ships:
                chip = f"ship:{sh.ship}"
                text = self._ship_text(scene, sh, flag, revealed)
                if self.is_cursor(chip):
                    line.add(f"[{text.plain}]", self.paint("cursor"), chip)
                elif chip in targets:
                    line.add(f"‹{text.plain}›", self.paint("legal"), chip)
                else:
                    line.add(text)
                    line.add(" ")
            for side, n in enumerate(reg.skimmers):
                for _ in range(n):
                    line.add(W.SKIMMER, self.paint("muted"))
                    line.add(self.letter(scene, side))
                    line.add(" ")
            if reg.public_starfalls or reg.hidden_starfalls:
                line.add(W.STAR * reg.public_starfalls + W.HIDDEN_STAR * reg.hidden_starfalls + " ",
                         self.paint("sky--star"))
            if reg.payload:
                line.add(W.PAYLOAD + " ", self.paint("sky--payload"))
            if reg.guardian >= 0:
                g = next((x for x in view.guardians if x.region == reg.index), None)
                line.add(W.GUARDIAN + (g.name[:4] if g else "") + ("!" if g and g.moved else "") + " ",
                         self.paint("sky--guardian"))
            if revealed and reg.ranks:
                for k, side in enumerate(reg.ranks):
                    if k:
                        line.add(">", self.paint("muted"))
                    line.add(self.letter(scene, side))
                    line.add(str(reg.power[side]))
                line.add(" ")
            if not revealed:
                rewards = reg.rewards
                line.add("│", self.paint("muted"))
                for rv in rewards:
                    line.add(" ")
                    line.add(self.reward_text(rv))
            b.add(line)
        # the sites, when one can be chosen or is built
        sites = [s for s in view.sites if s.owner >= 0 or f"s:{s.index}" in targets]
        if sites:
            line = Line(" Sites ", self.paint("muted"))
            for s in sites:
                piece = Line()
                text = self._site_text(scene, s, targets, True)
                piece.add(text)
                piece.add(W.site_name(view, s.index).replace("–", "-")[:14] + " ", self.paint("muted"))
                if line.width + piece.width > w:
                    b.add(line)
                    line = Line("       ")
                line.text.append_text(piece.text)
            b.add(line)
        return b

    # ------------------------------------------------------------- the facts

    def _facts(self, scene: Scene, targets: set[str], w: int, compact: bool) -> list[Block]:
        out = [make(w) for make in self._fact_makers(scene, targets, compact)]
        if not compact:
            out.append(self._legend(w))
        return out

    def _fact_makers(self, scene: Scene, targets: set[str], compact: bool) -> list[Callable[[int], Block]]:
        """The blocks of facts in order, each drawn at the width it is given."""
        view = scene.view
        out: list[Callable[[int], Block]] = [lambda w: self._order(scene, targets, w)]
        if view.reward_region >= 0 or (view.reveal_round == view.round and view.phase == "Game over"):
            out.append(lambda w: self._reveal(scene, w))
        out.append(lambda w: self._sides(scene, w, compact))
        if view.bounties:
            out.append(lambda w: self._bounties(scene, w))
        elif view.objectives and not compact:
            out.append(lambda w: self._objectives(scene, w))
        if view.flagships:
            out.append(lambda w: self._flagships(scene, targets, w))
        if view.guardians:
            out.append(lambda w: self._guardians(scene, w))
        if view.automa_cards:
            out.append(lambda w: self._automa(scene, w))
        return out

    def _title(self, b: Block, text: str) -> None:
        b.add(Line(""))
        b.add(Line(text, self.paint("heading")))

    def _order(self, scene: Scene, targets: set[str], w: int) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, "Turn order")
        line = Line("  this round ", self.paint("muted"))
        for side in view.order:
            if side == view.current:
                line.add("▸", self.paint("accent"))
            line.add(self.letter(scene, side))
            line.add(" ")
        b.add(line)
        line = Line("  next round ", self.paint("muted"))
        for k, side in enumerate(view.track):
            key = f"track:{k}"
            extra = view.track_rewards[k] if k < len(view.track_rewards) else ""
            line.add(f"{W.ordinal(k)}:", self.paint("muted"))
            if side >= 0:
                line.add(self.letter(scene, side))
            elif key in targets:
                self.chip(line, key, "·", targets)
            else:
                line.add("·", self.paint("muted"))
            if extra:
                line.add(f"(+{W.res_letters([int(extra.split()[0]), 0, 0])})", self.paint("sky--gold"))
            line.add(" ")
        b.add(line)
        return b

    def _sides(self, scene: Scene, w: int, compact: bool) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, "Sides  ★ starfalls · g w i · airships left · M F ≈ built")
        for sv in view.sides:
            line = Line("  ")
            line.add(self.letter(scene, sv.side))
            line.add(f" {sv.name[:8]:<8} ", self.seat_style(scene.colour(sv.side)))
            line.add(f"★{sv.total:<2} ", self.paint("sky--star"))
            for r, n in enumerate(sv.resources):
                line.add(f"{n}{W.RES[r]} ", self.res_style(r))
            line.add(f"✈{sv.ships_left} ", self.paint("muted"))
            line.add(f"M{sv.markets} F{sv.fortresses} ≈{sv.skimmers}", self.paint("muted"))
            if sv.payloads:
                line.add(f" {W.PAYLOAD}{sv.payloads}", self.paint("sky--payload"))
            if sv.flagship >= 0 and sv.flagship < len(view.flagships):
                line.add(f" {W.FLAGSHIP}{view.flagships[sv.flagship].name[:4]}", self.paint("sky--flagship"))
            if sv.kind == "automa":
                line.add(" automa", self.paint("muted"))
            b.add(line)
            if sv.chips:
                line = Line("    your chips ", self.paint("muted"))
                line.add(" ".join(str(c) for c in sv.chips), self.paint("sky--secret"))
                if sv.budget >= 0:
                    line.add(f"  (≤{sv.budget} more)", self.paint("muted"))
                if sv.payload_values:
                    line.add("  payloads " + " ".join(f"+{v}" for v in sv.payload_values), self.paint("sky--payload"))
                b.add(line)
        mine = [h for h in view.hidden if h.region >= 0]
        if mine:
            line = Line("  hidden starfalls you know: ", self.paint("muted"))
            for h in mine:
                line.add(self.letter(scene, h.holder))
                line.add(f"→{view.regions[h.region].short} ", self.paint("sky--secret"))
            b.add(line)
        return b

    def _reveal(self, scene: Scene, w: int) -> Block:
        """The round-end reveal, region by region: troop power, ranks, what each side took."""
        view = scene.view
        b = Block(w)
        self._title(b, f"Reveal of round {view.round}: regions in order")
        for reg in view.regions:
            if not reg.ranks and not reg.taken:
                continue
            line = Line()
            if reg.index == view.reward_region:
                line.add("▸ ", self.paint("sky--resolving"))
            elif view.reward_region < 0 or reg.index < view.reward_region:
                line.add("✓ ", self.paint("good"))
            else:
                line.add("  ")
            line.add(f"{reg.short[:10]:<10} ", self.paint("strong"))
            for k, side in enumerate(reg.reward_order or reg.ranks):
                line.add(f"{k + 1}.", self.paint("muted"))
                line.add(self.letter(scene, side))
                line.add(f"{reg.power[side]} ")
                got = [code for s, code, _ in reg.taken if s == side]
                for code in got:
                    rv = next((x for x in reg.rewards if x.code == code), None)
                    line.add("→", self.paint("muted"))
                    line.add(self.reward_text(rv) if rv is not None else Text("?"))
                    line.add(" ")
            b.add(line)
        return b

    def _bounties(self, scene: Scene, w: int) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, "Bounties (scored left to right; the first to reach one takes ★)")
        for bv in view.bounties:
            line = Line(f"  {bv.slot + 1} ", self.paint("muted"))
            line.add(f"{bv.name}: ", self.paint("strong"))
            line.add(bv.text + " ")
            if bv.rift:
                line.add(f"Rift ★{bv.rift} ", self.paint("sky--star"))
            if bv.claims:
                line.add("claimed ", self.paint("muted"))
                for k, side in enumerate(bv.claims):
                    line.add(self.letter(scene, side))
                    if k == 0:
                        line.add("★", self.paint("sky--star"))
                    line.add(" ")
            else:
                line.add(f"then {W.res_letters(bv.resources)}", self.paint("muted"))
            for piece in self.wrap(line.text, w, 6):
                b.add(piece)
        return b

    def _objectives(self, scene: Scene, w: int) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, "Objectives (one a round; the leader takes ★)")
        for ob in view.objectives:
            line = Line(f"  {ob.round} ", self.paint("accent" if ob.round == view.round else "muted"))
            line.add(f"{ob.name}: ", self.paint("strong"))
            line.add(ob.text + " ")
            if ob.leader >= 0:
                line.add("★", self.paint("sky--star"))
                line.add(self.letter(scene, ob.leader))
            for piece in self.wrap(line.text, w, 4):
                b.add(piece)
        return b

    def _flagships(self, scene: Scene, targets: set[str], w: int) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, "Flagships")
        for fl in view.flagships:
            key = f"fl:{fl.index}"
            line = Line("  ")
            if fl.side >= 0:
                line.add(self.letter(scene, fl.side))
            else:
                line.add("·", self.paint("muted"))
            line.add(" ")
            label = f"{fl.name} {fl.face}"
            if key in targets or self.is_cursor(key):
                self.chip(line, key, label, targets)
            else:
                line.add(label, self.paint("sky--flagship"))
            line.add(f" {fl.power}", self.paint("strong"))
            if fl.gold:
                line.add(f" +{fl.gold}g", self.paint("sky--gold"))
            if fl.region >= 0:
                line.add(f" in {view.regions[fl.region].short}", self.paint("muted"))
            line.add(f" — {fl.text}", self.paint("muted"))
            for piece in self.wrap(line.text, w, 4)[:2]:
                b.add(piece)
        return b

    def _guardians(self, scene: Scene, w: int) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, f"Guardians ({view.guardian_deck} face down)")
        for g in view.guardians:
            line = Line(f"  {W.GUARDIAN} ", self.paint("sky--guardian"))
            line.add(f"{g.name} ", self.paint("strong"))
            where = view.regions[g.region].short if 0 <= g.region < len(view.regions) else "?"
            if g.moved:
                line.add(f"moved to {where} by ", self.paint("accent"))
                line.add(self.letter(scene, g.mover) if g.mover >= 0 else Text("?"))
                line.add(" (active) ")
            else:
                line.add(f"in {where}'s explore slot (unmoved) ", self.paint("muted"))
            if g.starfall:
                line.add(f"{W.CLOUD_STAR}{g.starfall} ", self.paint("sky--star"))
            line.add(f"[{g.slot}] ", self.paint("muted"))
            line.add(g.text, self.paint("muted"))
            for piece in self.wrap(line.text, w, 4)[:3]:
                b.add(piece)
        return b

    def _automa(self, scene: Scene, w: int) -> Block:
        view = scene.view
        b = Block(w)
        self._title(b, "The automa's market card")
        for card in view.automa_cards:
            line = Line("  ")
            line.add(self.letter(scene, card.side))
            line.add(f" {card.name}: ", self.paint("strong"))
            steps = [("✓" if k < card.done else "·") + step for k, step in enumerate(card.plan)]
            line.add(" ".join(steps) + " ")
            line.add(f"chips {'/'.join(map(str, card.values))} · track {card.track} · "
                     f"last space {card.last} · markets {card.income} · ties from "
                     f"{view.regions[card.heading].short}", self.paint("muted"))
            for piece in self.wrap(line.text, w, 4):
                b.add(piece)
        return b

    # ------------------------------------------------------------- the detail

    def _detail(self, scene: Scene, w: int) -> Block:
        """The thing under the cursor in words."""
        view = scene.view
        b = Block(w)
        key = self.cursor or ""
        kind, _, rest = key.partition(":")
        if kind == "r" and rest.isdigit():
            reg = view.regions[int(rest)]
            text = Text()
            text.append(f"{reg.name}", style=self.paint("strong"))
            text.append(f": produces {' and '.join(('gold', 'wood', 'iron')[r] for r in reg.produces)} "
                        f"(markets collect {('gold', 'wood', 'iron')[reg.good]}); rewards by rank: "
                        + " · ".join(f"{W.ordinal(k)} {rv.text}" for k, rv in enumerate(reg.rewards)),
                        style=self.paint("muted"))
        elif kind == "s" and rest.isdigit():
            site = view.sites[int(rest)]
            text = Text()
            text.append(W.site_name(view, site.index), style=self.paint("strong"))
            kind_words = "three regions meet (+1 gold to build)" if len(site.regions) == 3 else "a border"
            owner = (f"{site.kind} of {view.names[site.owner]}" if site.owner >= 0 else "free")
            text.append(f": {kind_words}; {owner}", style=self.paint("muted"))
        else:
            return b
        b.add(Line(""))
        for piece in self.wrap(text, w, 2):
            b.add(piece)
        return b


def view_phase_rewards(scene: Scene) -> bool:
    return bool(scene.view.reward_region >= 0)
