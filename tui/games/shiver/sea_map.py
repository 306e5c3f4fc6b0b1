"""Shiver Me Timbers' board: the sea-route map and the captain's tableau beside it.

Everything comes from the shown seat's view. The map (``chart_draw``) shows islands by their
two-letter code with a label (name, fortress ``▲`` face down or ``△`` raided, plague ``✚``, the
ships there), routes as chains of spaces (``·`` sea, ``≈`` fog, ``○`` anchor, ``◈`` special
spot), merchants on their anchors (``m`` / ``M`` face down, ``¤`` known honorable, ``h`` a pirate
hunter you peeked at, ``H`` a revealed one) and ships by seat letter. On your turn the cursor on a
space shows a cheapest way there and how many Travel actions it takes; choosing where to sail
marks every space in reach with the movement it costs. The map-building draft (and the Reckless
Smuggler's route) is played on the same map: pick a piece in the tray, then a place for it — a
route is aimed from an island or a spot by an arrow, drawn before you commit, with the rules of
map building it would keep or break.

Beside the map (below it on a narrow board) sits the tableau: your ship (sails, cannons, the
cargo discs), Gold and chest, your hand, the treasure track with its dice spaces, and the life
goals with their 10 and 5 spots; then every other captain's public side. At 80×24 the map is
drawn at its smallest and followed by a list of what is where.

The static chart is drawn once per layout and size (``chart_draw.static``, cached); each change
paints the things that move over a copy, and each map row becomes ``Text`` through a cache keyed
by what the row shows, so a cursor step rebuilds two rows and repaints only those.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.cache import LRUCache

from engine.games.shiver import content as C
from engine.games.shiver.chart import DIRS
from tui.games.shiver import chart_draw as D
from tui.games.shiver import words as W
from tui.games.shiver.duel_plank import gunfight_block, hunt_block, plank_block
from tui.games.shiver.raster import BLANK, Raster
from tui.widgets.blocks import Block, Line, beside, stack
from tui.widgets.board import Board, Scene
from tui.widgets.palette import seat_letter, seg

COMPACT_BELOW = 60  # narrower boards (and the 80×24 layout) draw the smallest map and a list
TABLEAU_W = 44  # the tableau beside the map
WIDE_TABLEAU_W = 46
TABLEAU_MIN = 36
PIECE = "piece:"


class SeaMap(Board):
    """The sea-route map, the draft on it, and the captains' tableaus."""

    spatial = True
    natural_height = False  # the map is drawn to the height it is given

    COMPONENT_CLASSES = {
        "sea--island", "sea--route", "sea--sea", "sea--fog", "sea--anchor", "sea--spot", "sea--spotname",
        "sea--merchant", "sea--trader", "sea--hunter", "sea--path", "sea--ghost", "sea--label", "sea--reach",
        "sea--cocoa", "sea--rum", "sea--sugar", "sea--secret", "sea--die-green", "sea--die-white",
        "sea--die-red", "sea--die-blue",
    }

    def __init__(self, adapter: Any, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.adapter = adapter
        self.piece: str | None = None  # the draft's tray: "isl:<i>", "tile:<t>" or "rotate"
        self._scrolled_to: str | None = None
        self._rows: LRUCache[tuple[object, ...], Text] = LRUCache(1024)  # a map row's Text by what it shows
        self._followed: str | None = None

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows.clear()  # drawn with the old theme's colours

    # ------------------------------------------------------------- input

    def show(self, scene: Scene) -> None:
        old = self.scene
        if old is None or old.view is not scene.view:
            # a new position: the cursor goes to something to choose now (a voyage keeps its goal)
            targets = scene.targets()
            keep = scene.view.asking == "travel" and (self.cursor or "").startswith("n:")
            if targets and self.cursor not in targets and not keep:
                self.cursor = None
        super().show(scene)

    def action_choose(self) -> None:
        if self.cursor is not None and self.cursor.startswith(PIECE):
            self._pick_piece(self.cursor[len(PIECE):])
            return
        if self.cursor is not None and self._sail_towards(self.cursor):
            return
        super().action_choose()

    def _sail_towards(self, key: str) -> bool:
        """On your turn, choosing a place you cannot choose yet starts a voyage there (Travel)."""
        scene = self.scene
        if scene is None or not key.startswith("n:") or key in scene.targets():
            return False
        view = scene.view
        node = int(key[2:])
        if view.asking != "turn" or "act:0" not in scene.targets() or not view.voyage_actions:
            return False
        if not 0 <= node < len(view.voyage_actions) or view.voyage_actions[node] <= 0:
            return False
        self.post_message(self.Chosen(self, "act:0"))
        return True

    def _pick_piece(self, piece: str) -> None:
        """A piece from the tray: the cursor goes to the first place it may go."""
        self.piece = piece
        kind, _, n = piece.partition(":")
        prefix = {"isl": "site:", "tile": "port:", "rotate": "rot:"}.get(kind, "")
        suffix = {"isl": f":{n}", "tile": f":{n}"}.get(kind, "")
        targets = sorted(self.scene.targets()) if self.scene else []
        first = next((k for k in targets if k.startswith(prefix) and k.endswith(suffix)), None)
        if first is not None:
            self.cursor = first
        self.redraw()
        self.post_message(self.Pointed(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        key = self.meta_key(event.style.meta)
        if key is None or self.scene is None:
            return
        if key.startswith(PIECE):
            self.focus()
            self._set_cursor(key)
            self._pick_piece(key[len(PIECE):])
            return
        if key in self.choosable() or key in self.scene.targets():
            self.focus()
            if key in self.choosable():
                self._set_cursor(key)
            if not self._sail_towards(key):
                self.post_message(self.Chosen(self, key))

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

    # ------------------------------------------------------------- paints

    def style(self, name: str) -> Style:
        if name.startswith("seat--") or name in ("muted", "strong", "accent", "good", "bad", "legal", "illegal",
                                                 "cursor", "changed", "heading", "key"):
            return self.paint(name)
        return self.paint(name)

    def _seat_style_name(self, scene: Scene, seat: int) -> str:
        return f"seat--{scene.colour(seat)}" if scene.colour(seat) else "strong"

    # ------------------------------------------------------------- drawing

    def draw(self, scene: Scene, width: int) -> list[Text]:
        view = scene.view
        targets = scene.targets()
        w = max(24, width - 1)
        compact = scene.compact or w < COMPACT_BELOW
        stops: list[str] = []
        self._settle_piece(view, targets)
        self._follow_voyage(view, targets)
        blocks: list[Block] = [self._head(scene, w, compact)]
        blocks += self._asked(scene, targets, w, compact, stops)
        used = sum(b.height for b in blocks) + self._detail_rows(scene.view, compact)
        room = (self.scrollable_content_region.height or 24) - used
        sea = self._sea_and_tableau(scene, targets, w, compact, stops, room)  # before the words: it settles the cursor
        blocks += self._detail(scene, w, compact)
        blocks += sea
        out = stack([b for b in blocks if b.lines])
        stops = list(dict.fromkeys(stops))
        self.rows = [[k for k in stops if k in targets] + [k for k in stops if k not in targets]]
        return out.lines

    def _settle_piece(self, view: Any, targets: set[str]) -> None:
        """The draft's tray: keep the chosen piece while it can still be placed, else the first that can."""
        if view.asking not in ("place", "route"):
            self.piece = None
            return
        pieces = self._pieces(view)
        if self.piece not in pieces:
            self.piece = pieces[0] if pieces else None

    def _pieces(self, view: Any) -> list[str]:
        """The tray: the pieces that can be placed now (an island only where a route leads to nothing)."""
        targets = self.scene.targets() if self.scene else set()
        out: list[str] = []
        if view.asking == "place" and "island" in view.draft_placing:
            out += [f"isl:{i.island}" for i in view.islands if not i.placed
                    and any(k.startswith("site:") and k.endswith(f":{i.island}") for k in targets)]
        tiles = list(dict.fromkeys(p.tile for p in view.ports))
        out += [f"tile:{t}" for t in tiles if any(k.startswith("port:") and k.endswith(f":{t}") for k in targets)]
        if view.rotations:
            out.append("rotate")
        return out

    def _follow_voyage(self, view: Any, targets: set[str]) -> None:
        """Choosing where to sail after pointing at a far place: the cursor goes to the farthest
        space on the way there that this Travel action reaches."""
        if view.asking != "travel" or not self.cursor or not self.cursor.startswith("n:"):
            self._followed = None
            return
        if self.cursor in targets or self._followed == self.cursor:
            return
        node = int(self.cursor[2:])
        way = D.path_to(view, node)
        reach = [n for n in way if f"n:{n}" in targets]
        if reach:
            self._followed = f"n:{reach[-1]}"
            self.cursor = self._followed

    # ------------------------------------------------------------- top lines

    def _head(self, scene: Scene, w: int, compact: bool) -> Block:
        view = scene.view
        b = Block(w)
        line = Line(" ")
        if view.round:
            wind = view.wind
            name = view.wind_name
            line.add("Wind ", self.paint("muted"))
            line.add(f"{wind}", self.paint("accent"))
            if view.wind_set >= 0:
                line.add(" (Power of Ik)", self.paint("muted"))
            elif name and not compact:
                line.add(f" {name}", self.paint("muted"))
            line.add(f" · {view.wind_left} wind cards left" if not compact else f" · deck {view.wind_left}",
                     self.paint("muted"))
            if view.ending:
                line.add(" · final round", self.paint("bad"))
            if not compact and view.turn >= 0 and not view.over:
                line.add(" · ", self.paint("muted"))
                line.add(self.letter(scene, view.turn))
                line.add(f" {W.name_of(view, view.turn)}'s turn, {view.actions_left} action"
                         f"{'s' if view.actions_left != 1 else ''} left", self.paint("muted"))
        else:
            line.add(view.phase, self.paint("heading"))
        b.add(line)
        event = getattr(view, "event", -1)
        if view.round and event >= 0:  # the events module: this round's event, for everyone to see
            ev_line = Line(" Event ", self.paint("muted"))
            ev_line.add(view.event_name, self.paint("accent"))
            words = f": {view.event_text}" + (" (taken this turn)" if view.event_used else "")
            room = max(10, w - ev_line.width - 1)
            if compact or len(words) <= room:
                ev_line.add(words, self.paint("muted"))
                b.add(ev_line)
            else:  # two lines: the event is what the round is about
                cut = words.rfind(" ", 0, room)
                cut = cut if cut > 0 else room
                ev_line.add(words[:cut], self.paint("muted"))
                b.add(ev_line)
                b.add(Line("   " + words[cut:].lstrip(), self.paint("muted")))
        return b

    # ------------------------------------------------------------- what is asked now

    def _chips(self, b: Block, head: Line, chips: list[tuple[str, str]], targets: set[str], stops: list[str],
               indent: int = 3) -> None:
        line = head
        for key, label in chips:
            if line.width + len(label) + 3 > b.width and line.width > indent:
                b.add(line)
                line = Line(" " * indent)
            self.chip(line, key, label, targets)
            line.add(" ")
            stops.append(key)
        b.add(line)

    def _asked(self, scene: Scene, targets: set[str], w: int, compact: bool, stops: list[str]) -> list[Block]:
        view = scene.view
        if view.duel is not None:
            plank = plank_block(self, scene, targets, w, compact, stops)
            return [plank, *self._asked_words(scene, targets, w, compact, stops)]
        fights = [b for b in (gunfight_block(self, scene, w, compact), hunt_block(self, scene, w, compact)) if b]
        return [*fights, *self._asked_words(scene, targets, w, compact, stops)]

    def _asked_words(self, scene: Scene, targets: set[str], w: int, compact: bool, stops: list[str]) -> list[Block]:
        view = scene.view
        asking = view.asking
        b = Block(w)
        mine = view.seat is not None and view.seat in view.to_act
        if view.window:
            self._window(scene, targets, b, compact, stops)
        elif view.over and scene.live:
            b.add(Line(" The game is over: F shows the scores explained.", self.paint("strong")))
        if not mine:
            if not view.window and not view.over:
                waiting = ", ".join(W.name_of(view, s) for s in view.to_act)
                if waiting:
                    b.add(Line(f" Waiting for {waiting}", self.paint("muted")))
            return [b] if b.lines else []
        head = Line(f" {view.prompt}" if view.prompt else " ", self.paint("strong"))
        if asking == "turn":
            chips = [(f"act:{k}", W.ACTION_SHORT[k]) for k in range(len(W.ACTION_SHORT)) if f"act:{k}" in targets]
            chips.append(("end", "End turn"))
            head = Line(f" {view.actions_left} action{'s' if view.actions_left != 1 else ''} left: ",
                        self.paint("strong"))
            self._chips(b, head, chips, targets, stops)
        elif asking == "travel":
            sv = view.seats[view.seat]
            b.add(Line(f" Where do you sail? Movement {sv.movement} (speed {sv.speed_now} + wind {view.wind}"
                       f"{', Tramp +1' if sv.talent == C.TRAMP else ''}) — every space in reach shows what it costs",
                       self.paint("strong")))
        elif asking in ("react", "pass"):
            pass  # the window's lines say it
        elif asking == "goals":
            if getattr(view, "secret_count", 2) == 3:  # the epic mode
                b.add(Line(" Choose three secret life goals: pick one on the board below, then the other two in the list.",
                           self.paint("strong")))
            else:
                b.add(Line(" Choose two secret life goals: pick one on the board below, then its partner.",
                           self.paint("strong")))
        elif asking == "start":
            self._start_panel(scene, targets, b, compact, stops)
        elif asking == "deck":
            self._chips(b, head, [("deck-m", "the mission deck"), ("deck-t", "the treasure deck")], targets, stops)
        elif asking == "pick" and view.shown_deck in ("wish", "soulmate"):
            self._wish_panel(scene, targets, b, stops)
        elif asking == "drop" and view.dropping == "wish":
            self._wish_panel(scene, targets, b, stops)
        elif asking == "pick":
            self._pick_panel(scene, targets, b, compact, stops)
        elif asking in ("hire", "learn"):
            self._deck_panel(scene, targets, b, compact, stops)
        elif asking == "buy":
            chips = [(f"buy:{n}", str(n)) for n in range(1, 8) if f"buy:{n}" in targets]
            self._chips(b, Line(" Buy how many units (100 G each)? ", self.paint("strong")), chips, targets, stops)
        elif asking == "sell":
            picked = view.sell_pick
            words = ", ".join((C.RESOURCES[i] if i < 100 else C.TREASURES[i - 100].name) for i in picked) or "nothing yet"
            b.add(Line(f" Sell: choose goods and treasures, then sell. Chosen: {words}", self.paint("strong")))
            chips = [(c.targets[0], c.text) for c in scene.choices if c.targets and c.targets[0] != "sell"]
            self._chips(b, Line("   "), [*chips, ("sell", "Sell what you chose")], targets, stops)
        elif asking == "peek":
            self._chips(b, Line(" Peek at a merchant (m/M on the map)? ", self.paint("strong")),
                        [("peek:none", "Leave it")], targets, stops)
        elif asking in ("gain", "dump", "overboard"):
            if asking == "gain":
                chips = [(f"gain:{r}", C.RESOURCES[r]) for r in range(3)]
            else:
                chips = [(f"dump:{r}", f"1 {C.RESOURCES[r]} overboard") for r in range(3) if f"dump:{r}" in targets]
                if "dump:-1" in targets:
                    chips.append(("dump:-1", "leave the new unit"))
            self._chips(b, head, chips, targets, stops)
        elif asking in ("place", "route"):
            self._tray(scene, targets, b, compact, stops)
        elif view.prompt:
            b.add(head)
        return [b] if b.lines else []

    def _window(self, scene: Scene, targets: set[str], b: Block, compact: bool, stops: list[str]) -> None:
        """The reaction window: whose card play it is, who passed, who may still play."""
        view = scene.view
        kind = {"announce": "announced", "prelude": "— the prelude of a duel"}.get(view.window, "ended")
        act = view.action or "an action"
        line = Line(" ⚑ ", self.paint("accent"))
        line.add(f"{act} {kind} — crew & rituals: " if not compact else "cards: ", self.paint("strong"))
        for s, sv in enumerate(view.seats):
            if not sv.in_window:
                continue
            mark = "▸" if s == view.window_seat else ("✓" if sv.passed else "…")
            line.add(mark, self.paint("accent" if s == view.window_seat else "muted"))
            line.add(self.letter(scene, s))
            line.add(" passed " if sv.passed and not compact else " ", self.paint("muted"))
        me = view.seat
        if scene.live and me is not None and me < len(view.seats) and view.seats[me].in_window and not compact:
            line.add("  always ask me: ", self.paint("muted"))
            line.add("on" if scene.always_ask else "off", self.paint("accent" if scene.always_ask else "muted"))
            line.add(" (A)", self.paint("muted"))
        b.add(line)
        if me is None or me not in view.to_act:
            return
        if view.asking == "pass":
            words = " Nothing you hold can be played now: "
            words += "press P to pass." if scene.choices else "the table passes for you."
            b.add(Line(words, self.paint("strong")))
            if not compact:
                b.add(Line("   (A: always ask me, even then — so nobody can tell a pass from a bluff)",
                           self.paint("muted")))
            self._chips(b, Line("   "), [("pass", "Pass")], targets, stops)
            return
        chips = [(k, self._card_label(k)) for k in self._playable_keys(targets)]
        chips.append(("pass", "Pass (P)"))
        self._chips(b, Line(" Play: " if not compact else " ", self.paint("strong")), chips, targets, stops)

    def _playable_keys(self, targets: set[str]) -> list[str]:
        return sorted(k for k in targets if k.startswith(("crew:", "rit:")))

    def _card_label(self, key: str) -> str:
        kind, _, n = key.partition(":")
        return C.CREW[int(n)].name if kind == "crew" else C.RITUALS[int(n)].name

    def _start_panel(self, scene: Scene, targets: set[str], b: Block, compact: bool, stops: list[str]) -> None:
        b.add(Line(" Choose your origin and your talent (secret until everyone has chosen):", self.paint("strong")))
        self._chips(b, Line(" Origin: ", self.paint("muted")),
                    [(f"origin:{i}", C.ISLANDS[i].name) for i in range(6)], targets, stops, 9)
        self._chips(b, Line(" Talent: ", self.paint("muted")),
                    [(f"talent:{t}", C.TALENTS[t].name) for t in range(6)], targets, stops, 9)

    def _wish_panel(self, scene: Scene, targets: set[str], b: Block, stops: list[str]) -> None:
        """The soulmate quest's choices: the neighbour's discard, the kept wish, the soulmate marker."""
        view = scene.view
        b.add(Line(f" {view.prompt}", self.paint("strong")))
        if view.shown_deck == "soulmate":
            for k in view.shown:
                sm = C.SOULMATES[k]
                line = Line("   ")
                self.chip(line, f"soul:{k}", sm.name, targets)
                line.add(f" {sm.blurb}; {sm.vp} seals", self.paint("muted"))
                stops.append(f"soul:{k}")
                b.add(line)
            return
        cards = view.shown if view.shown_deck == "wish" else view.wishes_shown
        for w in cards:
            line = Line("   ")
            self.chip(line, f"wish:{w}", C.WISHES[w].name, targets)
            line.add(f" {C.WISHES[w].text}", self.paint("muted"))
            stops.append(f"wish:{w}")
            b.add(line)

    def _pick_panel(self, scene: Scene, targets: set[str], b: Block, compact: bool, stops: list[str]) -> None:
        view = scene.view
        deck = view.shown_deck
        b.add(Line(f" Choose one of these {deck} cards (the others go to the bottom of the deck):",
                   self.paint("strong")))
        for c in view.shown:
            line = Line("   ")
            key = f"take:{c}"
            if deck == "mission":
                m = C.MISSIONS[c]
                self.chip(line, key, m.name, targets)
                line.add(f" {C.MISSION_KINDS[m.kind]}: {m.text}", self.paint("muted"))
            else:
                t = C.TREASURES[c]
                self.chip(line, key, t.name, targets)
                line.add(f" {C.ISLANDS[t.island].name}, {t.length} spaces, {t.vp} seal{'s' if t.vp != 1 else ''}",
                         self.paint("muted"))
            stops.append(key)
            b.add(line)
        if "take:-1" in targets:
            line = Line("   ")
            self.chip(line, "take:-1", "neither", targets)
            stops.append("take:-1")
            b.add(line)

    def _deck_panel(self, scene: Scene, targets: set[str], b: Block, compact: bool, stops: list[str]) -> None:
        view = scene.view
        crew = view.asking == "hire"
        b.add(Line(f" Choose a {'crew card' if crew else 'ritual'} (copies left in the deck):", self.paint("strong")))
        for t, n in enumerate(view.deck_types):
            card = C.CREW[t] if crew else C.RITUALS[t]
            key = f"deck:{t}"
            line = Line("   ")
            self.chip(line, key, card.name, targets)
            cost = f"{card.gold} G" if crew else (W.goods_text(view.ritual_costs[t]) if view.ritual_costs
                                                  else W.ritual_cost(card))
            line.add(f" ×{n} · {cost}" + ("" if compact else f" · {card.text}"), self.paint("muted"))
            stops.append(key)
            b.add(line)

    def _tray(self, scene: Scene, targets: set[str], b: Block, compact: bool, stops: list[str]) -> None:
        """The pieces still to place (the draft) or the Smuggler's routes: pick one, then where."""
        view = scene.view
        pieces = self._pieces(view)
        head = Line(" Place: " if view.asking == "place" else " The smuggler's route: ", self.paint("strong"))
        chips = []
        for p in pieces:
            kind, _, n = p.partition(":")
            if kind == "isl":
                label = C.ISLANDS[int(n)].name
            elif kind == "tile":
                t = C.ROUTES[int(n)]
                label = "Short route" if t.length == C.SHORT else W.SPOT_SHORT.get(C.SPOT_NAMES[t.spot], t.name) + " route"
            else:
                label = "Rotate a route" if not view.draft_rotated else "Rotated"
            chips.append((PIECE + p, label))
        line = head
        for key, label in chips:
            if line.width + len(label) + 3 > b.width and line.width > 3:
                b.add(line)
                line = Line("   ")
            sel = key[len(PIECE):] == self.piece
            if self.is_cursor(key):
                line.add(f"[{label}]", self.paint("cursor"), key)
            elif sel:
                line.add(f"«{label}»", self.paint("accent"), key)
            else:
                line.add(f"‹{label}›", self.paint("legal"), key)
            line.add(" ")
            stops.append(key)
        b.add(line)
        if view.asking == "place" and "island" in view.draft_placing and not any(p.startswith("isl:") for p in pieces):
            b.add(Line("   (your island goes where a route leads to nothing: place your route first)", self.paint("muted")))
        if not compact:
            hint = {"isl": "then ◌ where a route leads to nothing",
                    "tile": "then an arrow from an island or a special spot (the route is drawn before you commit)",
                    "rotate": "then a ↻ / ↺: the route (and an island tied only to it) turns one arrow"}
            kind = (self.piece or "").partition(":")[0]
            if kind in hint:
                b.add(Line(f"   {hint[kind]}", self.paint("muted")))

    # ------------------------------------------------------------- the map and the tableau

    def _sea_and_tableau(self, scene: Scene, targets: set[str], w: int, compact: bool, stops: list[str],
                         room: int = 0) -> list[Block]:
        view = scene.view
        geo = D.geo_of(view)
        extras = self._draft_points(view)
        pts = D.points_of(geo) + extras
        height = self.scrollable_content_region.height or 30
        out: list[Block] = []
        if not pts:
            out.append(self._empty_sea(scene, w))
            out += self._tableau_blocks(scene, targets, w, compact, stops)
            return out
        if not compact:
            tab_w = WIDE_TABLEAU_W if w >= 140 else TABLEAU_W
            room = w - tab_w - 2
            frame = D.frame_for(pts, room, max(12, height - 6)) if room >= 40 else None
            if frame is not None and frame.w <= room and frame.sx >= 3:
                sea = self._sea(scene, geo, frame, targets, stops)
                tab = stack(self._tableau_blocks(scene, targets, w - frame.w - 2, compact, stops, side=True))
                out.append(beside([stack([sea, self._legend(w=frame.w)]), tab], gap=2))
                out += self._others(scene, w, compact)
                return out
        frame = D.frame_for(pts, w, None if compact else max(10, height - 8), smallest=compact)
        out.append(self._sea(scene, geo, frame, targets, stops, max(6, room) if compact else 0, w))
        if not compact:
            out.append(self._legend(w))
        if compact:
            out += self._where(scene, w, targets, stops)
        out += self._tableau_blocks(scene, targets, w, compact, stops)
        out += self._others(scene, w, compact)
        return out

    def _legend(self, w: int) -> Block:
        b = Block(w)
        words = (f"{W.SEA} sea {W.FOG} fog {W.ANCHOR} anchor {W.SPOT} spot {W.MONSTER} monster · m M merchant "
                 f"¤ honorable h H hunter · {W.FORTRESS} fortress {W.PLAGUE} plague")
        for part in Text(words).wrap(self.app.console, max(10, w - 2)):
            b.add(Line(" ").add(seg(str(part), self.paint("muted"))))
        return b

    def _empty_sea(self, scene: Scene, w: int) -> Block:
        b = Block(w)
        b.add(Line(""))
        b.add(Line("   The sea is empty: the first island goes in the middle of the table.", self.paint("muted")))
        b.add(Line(""))
        return b

    def _draft_points(self, view: Any) -> list[tuple[int, int]]:
        """While the map is built: a lattice step of open sea around it, for the pieces to come (a long
        route aimed outwards shows its first half; the map grows as pieces are placed)."""
        if view.asking not in ("place", "route") or view.seat not in view.to_act:
            return []
        pts = [(i.x * 4, i.y * 4) for i in view.islands if i.placed]
        pts += [(r.ax * 4, r.ay * 4) for r in view.routes] + [(r.bx * 4, r.by * 4) for r in view.routes]
        out = []
        for x, y in pts:
            out += [(x - 4, y - 4), (x + 4, y + 4)]
        return out

    def _sea(self, scene: Scene, geo: D.Geo, frame: D.Frame, targets: set[str], stops: list[str],
             rows_max: int = 0, cols_max: int = 0) -> Block:
        """The map; on a small screen (``rows_max``) only the rows around the cursor, so the words above
        it and the thing under the cursor are on screen together (the window follows the cursor)."""
        view = scene.view
        st = D.static(geo, frame, view.players, view.asking in ("place", "route"))
        r = st.raster.copy()
        if view.asking in ("place", "route") and view.seat in view.to_act:
            self._draft(scene, st, r, targets, stops)
        self._spaces(scene, st, r, targets, stops)
        self._labels(scene, st, r)
        self._cursor(st, r)
        rows = self._rows
        paint = self.paint
        top, bottom, left = 0, r.h, 0
        width = frame.w
        if (rows_max and r.h > rows_max) or (cols_max and r.w > cols_max):
            fy = next((y for y in range(r.h) if self.cursor in r.key[y]), None)
            if fy is not None:
                fx = r.key[fy].index(self.cursor)
            else:
                me = view.seats[view.seat].node if view.seat is not None and view.seat < len(view.seats) else -1
                fx, fy = st.node_at.get(me, (r.w // 2, r.h // 2))
            if rows_max and r.h > rows_max:
                top = max(0, min(fy - rows_max // 2, r.h - rows_max))
                bottom = top + rows_max
            if cols_max and r.w > cols_max:
                left = max(0, min(fx - cols_max // 2, r.w - cols_max))
                width = cols_max
        b = Block(width)
        for y in range(top, bottom):
            k = r.row_key(y)
            text = rows.get(k)
            if text is None:
                text = rows[k] = r.text(y, paint)
            b.lines.append(text[left:left + width] if width != r.w else text)
        return b

    # ------------------------------------------------------------- the things on the map

    def _spaces(self, scene: Scene, st: D.Static, r: Raster, targets: set[str], stops: list[str]) -> None:
        view = scene.view
        asking = view.asking
        mine = view.seat is not None and view.seat in view.to_act
        travel = asking == "travel" and mine
        dests = {n: c for n, c in view.destinations} if travel else {}
        cur = self.cursor or ""
        way: list[int] = []
        if cur.startswith("n:") and view.voyage_via and not view.window:
            way = D.path_to(view, int(cur[2:]))
        on_way = set(way)
        # the way there first: its connectors, then its spaces
        for p, q in zip(way, way[1:], strict=False):
            pa, pb = D.node_point(view, p), D.node_point(view, q)
            if pa is None or pb is None:
                continue
            for (x, y) in st.links.get(frozenset((pa, pb)), ()):
                r.restyle(x, y, "sea--path")
        merchants = {mv.node: mv for mv in view.merchants}
        for node, (x, y) in st.node_at.items():
            key = f"n:{node}"
            if node < 6:
                style = "sea--island"
                if key in targets or node in dests:
                    style = "sea--reach"
                r.put(x, y, C.ISLANDS[node].short, style, key)
                stops.append(key)
                continue
            nv = view.nodes[node] if node < len(view.nodes) else None
            if nv is None:
                continue
            glyph = r.get(x, y)
            style = r.st[y][x]
            mv = merchants.get(node)
            if mv is not None:
                glyph = W.merchant_token(mv)
                style = ("sea--hunter" if mv.honorable == "no" else
                         "sea--trader" if glyph == "¤" else "sea--merchant")
                stops.append(key)
            elif nv.kind == "spot":
                stops.append(key)
            if nv.monster:
                glyph, style = W.MONSTER, "sea--hunter"  # a monster on the spot switches its ability off
            if node in on_way and mv is None and nv.kind != "spot":
                glyph, style = W.PATH, "sea--path"
            if node in dests:
                cost = dests[node]
                if mv is None and nv.kind not in ("spot",):
                    glyph, style = (str(cost) if cost < 10 else "+"), "legal"
                else:
                    style = "sea--reach"  # a merchant or a spot keeps its sign: underlined
                stops.append(key)
            elif key in targets:
                style = "sea--reach"
                stops.append(key)
            r.put(x, y, glyph, style, key)
        # ships at sea: letters on their space, then along the route to the right
        at_sea: dict[int, list[int]] = {}
        for s, sv in enumerate(view.seats):
            if sv.node >= 6:
                at_sea.setdefault(sv.node, []).append(s)
        for node, seats in at_sea.items():
            if node not in st.node_at:
                continue
            x, y = st.node_at[node]
            key = f"n:{node}"
            stops.append(key)
            first = x + (1 if node in merchants else 0)
            for i, s in enumerate(seats):
                cx = first + i
                if cx == x or r.get(cx, y) in (BLANK, *D.CONNECTORS):
                    r.put(cx, y, seat_letter(scene.colour(s), s), self._seat_style_name(scene, s), key)
        if view.voyage_actions and mine and asking == "turn":
            here = view.seats[view.seat].node
            if here >= 0:
                stops.append(f"n:{here}")

    def _labels(self, scene: Scene, st: D.Static, r: Raster) -> None:
        view = scene.view
        for isl, (lx, ly, room) in st.labels.items():
            iv = view.islands[isl]
            key = f"n:{isl}"
            name = iv.name if room > view.players + 3 else ""
            x = lx
            if name:
                style = "sea--label"
                if self.cursor == key:
                    style = "accent"
                r.put(x, ly, name, style, key)
                x += len(name) + 1
            if name and (view.round or view.over):
                fort = W.FORTRESS if iv.fortress == "face down" else W.FORTRESS_RAIDED
                r.put(x, ly, fort, "muted", key)
                x += 1
            if iv.pest == "plague":
                r.put(x, ly, W.PLAGUE, "bad", key)
                x += 1
            elif iv.pest == "immune" and name:
                r.put(x, ly, "°", "muted", key)
                x += 1
            if iv.ships:
                x += 1 if name else 0
                for s in iv.ships:
                    r.put(x, ly, seat_letter(scene.colour(s), s), self._seat_style_name(scene, s), key)
                    x += 1

    def _cursor(self, st: D.Static, r: Raster) -> None:
        key = self.cursor or ""
        if not key:
            return
        cells = [(x, y) for y in range(r.h) for x in range(r.w) if r.key[y][x] == key] if not key.startswith("n:") \
            else self._node_cells(st, r, key)
        if not cells:
            return
        for x, y in cells:
            r.restyle(x, y, "cursor")
        y = cells[0][1]
        row = [c for c in cells if c[1] == y]
        x0 = min(c[0] for c in row)
        x1 = max(c[0] for c in row)
        if r.get(x0 - 1, y) in (BLANK, *D.CONNECTORS):
            r.put(x0 - 1, y, "[", "accent")
        if r.get(x1 + 1, y) in (BLANK, *D.CONNECTORS):
            r.put(x1 + 1, y, "]", "accent")

    def _node_cells(self, st: D.Static, r: Raster, key: str) -> list[tuple[int, int]]:
        node = int(key[2:])
        at = st.node_at.get(node)
        if at is None:
            return []
        x, y = at
        out = [(x, y)]
        if node < 6:
            out.append((x + 1, y))
        else:
            cx = x + 1
            while r.key[y][cx] == key if 0 <= cx < r.w else False:
                out.append((cx, y))
                cx += 1
        return out

    # ------------------------------------------------------------- the draft on the map

    def _draft(self, scene: Scene, st: D.Static, r: Raster, targets: set[str], stops: list[str]) -> None:
        view = scene.view
        f = st.frame
        piece = self.piece or ""
        kind, _, n = piece.partition(":")
        cur = self.cursor or ""
        if kind == "isl":
            for key in sorted(k for k in targets if k.startswith("site:") and k.endswith(f":{n}")):
                _, x, y, _i = key.split(":")
                cx, cy = f.cell(int(x) * 4, int(y) * 4)
                r.put(cx, cy, "◌", "legal", key)
                stops.append(key)
            if cur.startswith("site:"):
                _, x, y, i = cur.split(":")
                cx, cy = f.cell(int(x) * 4, int(y) * 4)
                r.put(cx, cy, C.ISLANDS[int(i)].short, "sea--ghost", cur)
        elif kind == "tile":
            tile = int(n)
            focus = tuple(cur.split(":")[1:3]) if cur.startswith("port:") else None
            for p in view.ports:
                if p.tile != tile or p.fails & 4:  # a taken port: nothing to aim there
                    continue
                if p.fails and focus != (str(p.x), str(p.y)):
                    continue  # a port that breaks a rule shows beside the island or spot being aimed from
                dx, dy = DIRS[p.dir]
                ax, ay = f.cell(p.x * 4, p.y * 4)
                cx, cy = f.cell(p.x * 4 + dx, p.y * 4 + dy)
                if dx > 0 and (p.x, p.y) in self._island_xy(view):
                    cx = max(cx, ax + 2)
                key = f"port:{p.x}:{p.y}:{p.dir}:{tile}"
                if r.get(cx, cy) not in (BLANK, *D.CONNECTORS):
                    continue
                r.put(cx, cy, W.ARROWS[p.dir], "sea--reach" if not p.fails else "muted", key)
                stops.append(key)
            if cur.startswith("port:"):
                _, x, y, d, t = cur.split(":")
                port = self._port(view, int(x), int(y), int(d), int(t))
                if port is not None:
                    self._ghost(st, r, view, int(t), int(x), int(y), int(d), port.fails, port.other, cur)
        elif kind == "rotate":
            for rv in view.rotations:
                key = f"rot:{rv.route}:{rv.pivot}:{rv.turn}"
                dx, dy = DIRS[rv.dir]
                length = view.routes[rv.route].length
                cx, cy = f.cell((rv.x + dx * length) * 4 - dx, (rv.y + dy * length) * 4 - dy)
                r.put(cx, cy, "↺" if rv.turn > 0 else "↻", "legal", key)
                stops.append(key)
            if cur.startswith("rot:"):
                rv = next((x for x in view.rotations if f"rot:{x.route}:{x.pivot}:{x.turn}" == cur), None)
                if rv is not None:
                    for (cx, cy) in st.route_cells.get(rv.route, ()):
                        r.restyle(cx, cy, "muted")
                    self._ghost(st, r, view, view.routes[rv.route].tile, rv.x, rv.y, rv.dir, 0, -1, cur)
                    if rv.island >= 0:
                        cx, cy = f.cell(rv.ix * 4, rv.iy * 4)
                        r.put(cx, cy, C.ISLANDS[rv.island].short, "sea--ghost", cur)

    def _island_xy(self, view: Any) -> set[tuple[int, int]]:
        return {(i.x, i.y) for i in view.islands if i.placed}

    def _port(self, view: Any, x: int, y: int, d: int, tile: int) -> Any:
        return next((p for p in view.ports if p.x == x and p.y == y and p.dir == d and p.tile == tile), None)

    def _ghost(self, st: D.Static, r: Raster, view: Any, tile: int, x: int, y: int, d: int, fails: int, other: int,
               key: str) -> None:
        """A route drawn where it would go: in the ghost colour when it fits, else marked as breaking a rule."""
        f = st.frame
        style = "sea--ghost" if not fails else "bad"
        if other >= 0:
            for (cx, cy) in st.route_cells.get(other, ()):
                r.restyle(cx, cy, "bad")
        rt = D.route_geo(-1, tile, x, y, d)
        pts = [rt.a, *((sp.qx, sp.qy) for sp in rt.spaces), rt.b]
        isl = self._island_xy(view)
        cells = [f.cell(*p) for p in pts]
        if (x, y) in isl and cells[1][0] > cells[0][0]:
            cells[0] = (cells[0][0] + 1, cells[0][1])
        for a, b in zip(cells, cells[1:], strict=False):
            D.link(r, a, b, style)
        for sp in rt.spaces:
            cx, cy = f.cell(sp.qx, sp.qy)
            glyph, _ = D.space_glyph(sp)
            free = r.get(cx, cy) in (BLANK, *D.CONNECTORS, *W.ARROWS)
            if free or fails:
                r.put(cx, cy, glyph if free else "✕", style, key)
        bx, by = cells[-1]
        if r.get(bx, by) == BLANK:
            r.put(bx, by, "◌", style)

    # ------------------------------------------------------------- under the cursor

    def _detail(self, scene: Scene, w: int, compact: bool) -> list[Block]:
        text = self._detail_text(scene)
        b = Block(w)
        lines = Text(text or " ").wrap(self.app.console, w - 2) if text else [Text("")]
        keep = self._detail_rows(scene.view, compact)
        lines = list(lines)[:keep]
        while len(lines) < keep:
            lines.append(Text(""))  # the same height whatever is under the cursor: the board never jumps
        for part in lines:
            b.add(Line(" ").add(seg(str(part), self.paint("muted"))))
        return [b]

    def _detail_rows(self, view: Any, compact: bool) -> int:
        """The words under the cursor take the same rows whatever is there (the board never jumps);
        a route being aimed needs three for its checklist."""
        return 3 if not compact or view.asking in ("place", "route") else 2

    def _detail_text(self, scene: Scene) -> str:
        view = scene.view
        key = self.cursor or ""
        kind, _, rest = key.partition(":")
        if kind == "n":
            return self._node_text(scene, int(rest))
        if kind == "port":
            x, y, d, t = (int(v) for v in rest.split(":"))
            return self._port_text(view, x, y, d, t)
        if kind == "rot":
            k, pivot, turn = (int(v) for v in rest.split(":"))
            rv = next((r for r in view.rotations if (r.route, r.pivot, r.turn) == (k, pivot, turn)), None)
            words = f"Turn {W.route_name(view, k)} one arrow {'left' if turn > 0 else 'right'} about its " \
                    f"{view.routes[k].ends[pivot] if k < len(view.routes) else 'end'} end"
            if rv is not None and rv.island >= 0:
                words += f"; {C.ISLANDS[rv.island].name} turns with it"
            return words + " (one rotation a turn, before you place your own route)."
        if kind == "site":
            _, _, i = rest.split(":")
            return f"{C.ISLANDS[int(i)].name} here, where a route leads to nothing: {C.ISLANDS[int(i)].blurb}."
        if kind == "piece":
            p, _, n = rest.partition(":")
            if p == "isl":
                return f"{C.ISLANDS[int(n)].name}: {C.ISLANDS[int(n)].blurb}."
            if p == "tile":
                tile = C.ROUTES[int(n)]
                if tile.length == C.SHORT:
                    return "A short route: 3 spaces, an anchor in the middle (one step of the grid)."
                spot = C.SPOT_NAMES[tile.spot]
                return f"The {tile.name}: 7 spaces, two anchors, the {spot} in the middle (two steps); {W.SPOT_DOES[spot]}."
            return "Turn one route already on the map one arrow to the left or right before placing yours."
        if kind in ("crew", "deck") and view.asking != "learn":
            crew = C.CREW[int(rest)]
            return f"{crew.name} ({crew.gold} G): {crew.text}"
        if kind == "rit" or (kind == "deck" and view.asking == "learn"):
            rit = C.RITUALS[int(rest)]
            cost = W.goods_text(view.ritual_costs[int(rest)]) if view.ritual_costs else W.ritual_cost(rit)
            return f"{rit.name} ({cost}): {rit.text}"
        # (the cursor may still hold a key of the position before — drawn once before it settles —
        # so a card number is looked up only in the deck it belongs to now)
        if kind == "take" and not view.shown_deck:
            return ""
        if kind == "wish":
            wish = C.WISHES[int(rest)]
            return f"The wish {wish.name}: {wish.text} (counted from the moment it is kept)"
        if kind == "soul":
            sm = C.SOULMATES[int(rest)]
            return f"The soulmate {sm.name}: {sm.blurb}; {sm.vp} seals at the end."
        if kind in ("tcard", "tre", "take") and view.shown_deck != "mission":
            if not 0 <= int(rest) < len(C.TREASURES):
                return ""
            tr = C.TREASURES[int(rest)]
            dice = " ".join(f"{W.DICE[d]}{sp}" for sp, d in tr.dice)
            return (f"{tr.name} — {C.ISLANDS[tr.island].name}, {tr.length} spaces (dice {dice}); discard 1 "
                    f"{C.RESOURCES[tr.res]} to advance {tr.advance}; sells for {tr.price or 'nothing'}; "
                    f"{tr.vp} seal{'s' if tr.vp != 1 else ''}.")
        if kind == "quest":
            rest = rest.split(":")[0]
        if kind in ("mis", "take", "quest") and 0 <= int(rest) < len(C.MISSIONS):
            m = C.MISSIONS[int(rest)]
            if m.kind == C.TITLE and kind != "take" and view.seat is not None:
                return W.quest_words(m.a, W.quest_done(view.seats[view.seat], int(rest)))
            return f"{m.name} ({C.MISSION_KINDS[m.kind]}): {m.text}"
        if kind == "goal":
            g = next((x for x in view.goals if x.goal == int(rest)), None)
            if g is not None:
                return f"{g.number} {g.name}: {g.text}"
        if kind == "origin":
            isl = C.ISLANDS[int(rest)]
            return f"Start on {isl.name}: {isl.blurb}."
        if kind == "talent":
            talent = C.TALENTS[int(rest)]
            return f"{talent.name}: {talent.text}"
        if kind == "act":
            return C.ACTION_NAMES[int(rest)]
        return ""

    def _node_text(self, scene: Scene, node: int) -> str:
        view = scene.view
        parts: list[str] = []
        if node < 6:
            iv = view.islands[node]
            words = f"{iv.name}: {W.island_offers(node)}" if W.island_offers(node) else iv.name
            words += f" · fortress {iv.fortress}"
            if iv.pest == "plague":
                words += " · PLAGUE: no trade this round"
            elif iv.pest == "immune":
                words += " · immune to the plague"
            parts.append(words)
        elif node < len(view.nodes):
            nv = view.nodes[node]
            parts.append(W.node_words(view, node))
            if nv.monster:
                parts.append(f"the {nv.monster} lurks here: the spot's ability is off while it lives")
            elif nv.spot:
                parts.append(W.SPOT_DOES.get(nv.spot, ""))
            if nv.merchant >= 0:
                parts.append(W.merchant_words(view.merchants[nv.merchant]))
        ships = [W.name_of(view, s) for s, sv in enumerate(view.seats) if sv.node == node and node >= 0]
        if ships:
            parts.append("ships: " + ", ".join(ships))
        if view.voyage_actions and 0 <= node < len(view.voyage_actions):
            n = view.voyage_actions[node]
            cost = view.voyage_spaces[node]
            if n == 0:
                parts.append("your ship is here")
            elif n > 0:
                parts.append(f"{n} Travel action{'s' if n != 1 else ''} from your ship ({cost} spaces)")
            else:
                parts.append("out of reach this turn" if cost >= 0 else "no way there")
        for d_node, cost in view.destinations:
            if d_node == node:
                parts.append(f"sail here: {cost} of your movement")
        return " · ".join(p for p in parts if p)

    def _port_text(self, view: Any, x: int, y: int, d: int, tile: int) -> str:
        port = self._port(view, x, y, d, tile)
        if port is None:
            return ""
        t = C.ROUTES[tile]
        name = "Short route" if t.length == C.SHORT else t.name
        here = next((i.name for i in view.islands if i.placed and (i.x, i.y) == (x, y)), None)
        if here is None:
            here = next((C.SPOT_NAMES[C.ROUTES[r.tile].spot] for r in view.routes if r.length == 2
                         and ((r.ax + r.bx) // 2, (r.ay + r.by) // 2) == (x, y)), "the spot")
        checks = []
        for bit, ok_words, bad_words in W.FAILS:
            if port.fails & bit:
                extra = f" {W.route_name(view, port.other)}" if bit in (4, 8, 16) and port.other >= 0 else ""
                checks.append(f"✗ {bad_words}{extra}")
            elif ok_words and (bit != 32 or t.length == C.LONG):
                checks.append(f"✓ {ok_words}")
        verdict = "Enter places it." if not port.fails else "Cannot go here."
        return f"{name}, {here} → {W.DIR_WORDS[d]}: " + " · ".join(checks) + f". {verdict}"

    # ------------------------------------------------------------- what is where (80×24)

    def _where(self, scene: Scene, w: int, targets: set[str], stops: list[str]) -> list[Block]:
        view = scene.view
        b = Block(w)
        for iv in view.islands:
            if not iv.placed:
                continue
            key = f"n:{iv.island}"
            line = Line(" ")
            line.add(iv.short, self.paint("cursor" if self.cursor == key else "sea--island"), key)
            line.add(" ")
            line.add(iv.name, self.paint("sea--label"), key)
            line.pad_to(16)
            for s in iv.ships:
                line.add(self.letter(scene, s))
            line.pad_to(21)
            line.add(W.island_offers(iv.island), self.paint("muted"))
            b.add(line)
            stops.append(key)
        at_sea = [(s, sv) for s, sv in enumerate(view.seats) if sv.node >= 6]
        if at_sea:
            line = Line(" At sea: ", self.paint("muted"))
            for s, sv in at_sea:
                line.add(self.letter(scene, s))
                line.add(f" {W.node_words(view, sv.node)}  ", self.paint("muted"))
            b.add(line)
        if view.merchants:
            counts: dict[str, int] = {}
            for mv in view.merchants:
                tok = W.merchant_token(mv)
                counts[tok] = counts.get(tok, 0) + 1
            words = {"m": "small", "M": "large", "¤": "honorable", "h": "hunter (you know)", "H": "hunter"}
            line = Line(" Merchants: ", self.paint("muted"))
            line.add("  ".join(f"{tok} {n} {words.get(tok, '')}" for tok, n in counts.items()), self.paint("muted"))
            b.add(line)
        return [b]

    # ------------------------------------------------------------- the tableau

    def _tableau_blocks(self, scene: Scene, targets: set[str], w: int, compact: bool, stops: list[str],
                        side: bool = False) -> list[Block]:
        view = scene.view
        if view.seat is None or view.seat >= len(view.seats):
            if scene.everything and scene.all_views:
                return [self._secrets_block(scene, w)]
            return [self._goal_block(scene, targets, w, stops)]
        if view.seats[view.seat].origin < 0:  # setup: no ship yet, only the goals to choose from
            return [self._goal_block(scene, targets, w, stops)]
        wishes = self._wish_block(scene, w)
        if side or compact or w < 72:
            return [*wishes, self._ship_block(scene, targets, w, stops), self._hand_block(scene, targets, w, stops),
                    self._goal_block(scene, targets, w, stops)]
        half = (w - 2) // 2
        left = stack([self._ship_block(scene, targets, half, stops), self._hand_block(scene, targets, half, stops)])
        right = self._goal_block(scene, targets, w - half - 2, stops)
        return [*wishes, beside([left, right], gap=2)]

    def _ship_block(self, scene: Scene, targets: set[str], w: int, stops: list[str]) -> Block:
        view = scene.view
        me = view.seat
        sv = view.seats[me]
        b = Block(w)
        head = Line(" ")
        head.add(self.letter(scene, me))
        head.add(f" {scene.whose(me)} ship", self.paint("heading"))
        if sv.origin >= 0:
            head.add(f" · from {C.ISLANDS[sv.origin].name}", self.paint("muted"))
        if sv.talent >= 0:
            head.add(f" · {C.TALENTS[sv.talent].name}", self.paint("muted"))
        b.add(head)
        self._bow(scene, b, me, w)
        rows = (("Speed", sv.speed, sv.speed_now, W.SAIL, "sails"), ("Strength", sv.strength, sv.strength_now,
                                                                      W.CANNON, "cannons"))
        for a, (name, base, now, mark, _) in enumerate(rows):
            key = f"attr:{a}"
            line = Line(" ")
            line.add(f"{name:<9}", self.paint("cursor" if self.cursor == key else
                                                "legal" if key in targets else "muted"), key)
            line.add(mark * base, self.paint("accent"), key)
            line.add(W.SLOT * (C.MAX_ATTR - base), self.paint("muted"), key)
            line.add(f" {base}")
            if now != base:
                line.add(f" → {now} now", self.paint("good"))
            if key in targets:
                stops.append(key)
            b.add(line)
        key = "attr:2"
        line = Line(" ")
        line.add(f"{'Hull':<9}", self.paint("cursor" if self.cursor == key else "legal" if key in targets else "muted"),
                 key)
        discs = 0
        for res, n in enumerate(sv.cargo):
            for _ in range(n):
                ck = f"cargo:{res}"
                line.add(W.GOODS[res], self.paint("cursor" if self.cursor == ck else
                                                  "sea--reach" if ck in targets else W_GOOD[res]), ck)
                if ck in targets:
                    stops.append(ck)
                discs += 1
        line.add(W.EMPTY_DISC * max(0, sv.hull - discs), self.paint("muted"), key)
        line.add(W.SLOT * (C.MAX_ATTR - sv.hull), self.paint("muted"))
        line.add(f" {sv.hull}")
        if key in targets:
            stops.append(key)
        b.add(line)
        line = Line(" ")
        line.add(f"{'Gold':<9}", self.paint("muted"))
        line.add(W.gold(sv.gold), self.paint("accent"))
        line.add(f" · chest {W.gold(sv.chest_gold)}", self.paint("muted"))
        if sv.chest_treasures:
            line.add(" + " + ", ".join(C.TREASURES[c].name for c in sv.chest_treasures), self.paint("muted"))
        b.add(line)
        if view.round and sv.movement:
            b.add(Line(f" {'Movement':<9}{sv.movement} a Travel action (speed {sv.speed_now} + wind {view.wind}"
                       f"{' + Tramp' if sv.talent == C.TRAMP else ''}"
                       f"{' + Lord of the Tides' if C.T_TIDES in sv.titles else ''})", self.paint("muted")))
        return b

    def _bow(self, scene: Scene, b: Block, me: int, w: int) -> None:
        """The bow of the tableau: the rescued family, the soulmate, the ring and the quest (issue 17). Rows
        appear once there is something to show."""
        view = scene.view
        fam = view.family[me] if me < len(view.family) else []
        if fam:
            words = ", ".join(C.FAMILY[f].name for f in fam)
            seals = sum(C.FAMILY[f].vp for f in fam)
            for i, part in enumerate(Text(f"{words} ({seals} seals)").wrap(self.app.console, max(10, w - 11))):
                b.add(Line(f" {'Family' if i == 0 else '':<9}", self.paint("muted")).add(seg(str(part), self.paint("good"))))
        q = view.quests[me] if me < len(view.quests) else None
        if q is None:
            return
        if q.soulmate >= 0:
            sm = C.SOULMATES[q.soulmate]
            b.add(Line(f" {'Soulmate':<9}", self.paint("muted")).add(seg(f"♥ {sm.name}: {sm.blurb}, {sm.vp} seals",
                                                                        self.paint("good"))))
        elif q.kept >= 0:
            wish = C.WISHES[q.kept]
            mark = " ✓ reveal it now" if q.met else ""
            prog = f" {min(q.progress, q.target):,}/{q.target:,}" if q.target else ""
            line = Line(f" {'Wish':<9}", self.paint("muted"))
            line.add(f"♡ {wish.name}", self.paint("accent"))
            line.add(f"{prog}{mark}", self.paint("good" if q.met else "muted"))
            b.add(line)
            for part in Text(f"{wish.text} (ring: {q.ring}; secret)").wrap(self.app.console, max(10, w - 11)):
                b.add(Line(" " * 10).add(seg(str(part), self.paint("muted"))))

    def _wish_block(self, scene: Scene, w: int) -> list[Block]:
        """A quest opening: the wishes on the table, whose ring, and who discards (everybody sees it)."""
        view = scene.view
        if view.wish_for < 0 or not view.wishes_shown:
            return []
        b = Block(w)
        q = view.quests[view.wish_for] if view.wish_for < len(view.quests) else None
        head = Line(" ♡ ", self.paint("accent"))
        head.add(self.letter(scene, view.wish_for))
        head.add(f" {W.name_of(view, view.wish_for)} found a ring" + (f" ({q.ring})" if q and q.ring else ""),
                 self.paint("heading"))
        b.add(head)
        for wv in view.wishes_shown:
            b.add(Line(f"   {C.WISHES[wv].name}: {C.WISHES[wv].text}"))
        if view.wish_discarded >= 0:
            b.add(Line(f"   discarded: {C.WISHES[view.wish_discarded].name}", self.paint("muted")))
        if view.wish_chooser >= 0:
            who = "you discard" if view.wish_chooser == view.seat else f"{W.name_of(view, view.wish_chooser)} discards"
            b.add(Line(f"   the right-hand neighbour — {who} one", self.paint("muted")))
        else:
            who = "you keep" if view.wish_for == view.seat else f"{W.name_of(view, view.wish_for)} keeps"
            b.add(Line(f"   {who} one of the two in secret", self.paint("muted")))
        return [b]

    def _item(self, line: Line, key: str, label: str, targets: set[str], stops: list[str], style: str = "") -> None:
        if self.cursor == key:
            line.add(f"[{label}]", self.paint("cursor"), key)
        elif key in targets:
            line.add(f"‹{label}›", self.paint("legal"), key)
        else:
            line.add(f" {label} ", self.paint(style) if style else Style(), key)
        stops.append(key)

    def _hand_block(self, scene: Scene, targets: set[str], w: int, stops: list[str]) -> Block:
        view = scene.view
        sv = view.seats[view.seat]
        b = Block(w)

        def row(title: str, items: list[tuple[str, str, str]], empty: str = "—") -> None:
            line = Line(f" {title:<9}", self.paint("muted"))
            if not items:
                line.add(empty, self.paint("muted"))
            for key, label, style in items:
                if line.width + len(label) + 2 > w and line.width > 10:
                    b.add(line)
                    line = Line(" " * 10)
                self._item(line, key, label, targets, stops, style)
            b.add(line)

        row("Crew", [(f"crew:{t}", C.CREW[t].name, "") for t in view.crew])
        row("Rituals", [(f"rit:{t}", C.RITUALS[t].name, "") for t in view.rituals])
        row("Treasure", [(f"tcard:{c}", W.treasure_line(c), "") for c in view.treasure_hand])
        missions = [(f"mis:{c}", C.MISSIONS[c].name + (" ◦" if C.MISSIONS[c].kind == C.SECRET else ""),
                     "sea--secret" if C.MISSIONS[c].kind == C.SECRET else "") for c in view.missions]
        row("Missions", missions)
        self._quests(b, view, sv, w, targets, stops)
        if sv.ship_treasures:
            row("On board", [(f"tre:{c}", C.TREASURES[c].name, "accent") for c in sv.ship_treasures])
        self._track(scene, b, sv, w, targets, stops)
        if view.known_treasures and w >= 30:
            known = ", ".join(f"{C.TREASURES[k.card].name} ({'on top' if k.from_top == 0 else f'{k.from_top} under the top'})"
                              for k in sorted(view.known_treasures, key=lambda k: k.from_top)[:3])
            b.add(Line(f" {'You know':<9}{known}", self.paint("muted")))
        return b

    def _quests(self, b: Block, view: Any, sv: Any, w: int, targets: set[str], stops: list[str]) -> None:
        """The title cards you hold (the tableau's centre), then your title quests, each with its three tasks and
        which are done."""
        for t in sv.titles:
            line = Line(f" {'Title':<9}", self.paint("muted"))
            line.add(C.TITLES[t].name, self.paint("accent"))
            line.add(f" ({W.TITLE_SHORT[t]})", self.paint("muted"))
            b.add(line)
        for c in view.missions:
            m = C.MISSIONS[c]
            if m.kind != C.TITLE:
                continue
            done = W.quest_done(sv, c)
            line = Line(f" {'Quest':<9}", self.paint("muted"))
            line.add(m.name, self.paint("strong"))
            line.add(f" {W.quest_marks(done)} {bin(done).count('1')}/3 · {sv.free_markers} marker"
                     f"{'s' if sv.free_markers != 1 else ''} free", self.paint("muted"))
            b.add(line)
            for i, t in enumerate(C.TITLES[m.a].tasks):
                key = f"quest:{c}:{i}"
                mark = W.TASK_DONE if done >> i & 1 else W.TASK_OPEN
                text = t.text if len(t.text) <= w - 13 else t.text[: max(3, w - 14)] + "…"
                style = self.paint("cursor") if self.cursor == key else (
                    Style() if done >> i & 1 else self.paint("muted"))
                b.add(Line(" " * 10).add(f"{mark} ", self.paint("accent" if done >> i & 1 else "muted"))
                      .add(text, style, key))
                stops.append(key)

    def _track(self, scene: Scene, b: Block, sv: Any, w: int, targets: set[str], stops: list[str]) -> None:
        if sv.track < 0:
            b.add(Line(f" {'Track':<9}no treasure hunt", self.paint("muted")))
            return
        t = C.TREASURES[sv.track]
        key = f"tcard:{sv.track}"
        line = Line(f" {'Track':<9}", self.paint("muted"))
        self._item(line, key, t.name, targets, stops, "accent")
        line.add(f" {sv.track_pos}/{t.length} on {C.ISLANDS[t.island].short}", self.paint("muted"))
        b.add(line)
        dice = dict(t.dice)
        line = Line(" " * 10)
        room = w - 11
        step = 1 if t.length <= room else 2
        for sp in range(0, t.length + 1, step):
            if sp == sv.track_pos or (step == 2 and sp < sv.track_pos < sp + 2):
                line.add("●", self.paint("accent"))
            elif sp == t.length:
                line.add("◆", self.paint("strong"))
            elif sp in dice:
                k = dice[sp]
                line.add(W.DICE[k], self.paint(("sea--die-green", "sea--die-white", "sea--die-green", "sea--die-red")[k]))
            else:
                line.add("·", self.paint("muted"))
        b.add(line)

    def _goal_block(self, scene: Scene, targets: set[str], w: int, stops: list[str]) -> Block:
        view = scene.view
        b = Block(w)
        head = Line(" Life goals", self.paint("heading"))
        head.pad_to(max(head.width + 1, w - 12))
        head.add("10    5", self.paint("muted"))
        b.add(head)
        me = view.seat
        for g in view.goals:
            key = f"goal:{g.goal}"
            line = Line(" ")
            secret = me is not None and g.goal in view.my_goals
            line.add(W.STAR if secret else " ", self.paint("sea--secret"))
            name = f"{g.number} {g.name}"
            prog = ""
            if me is not None and g.progress and me < len(g.progress) and g.target:
                done = g.progress[me]
                prog = f" {min(done, g.target):,}/{g.target:,}" if g.target < 1000 else f" {done // 100 / 10:g}/{g.target / 1000:g}k"
            room = w - 14 - len(prog) - 1
            label = name if len(name) <= room else name[: max(3, room - 1)] + "…"
            if self.cursor == key:
                line.add(label, self.paint("cursor"), key)
            elif key in targets:
                line.add(label, self.paint("legal"), key)
            else:
                line.add(label, Style(), key)
            line.add(prog, self.paint("muted"))
            line.pad_to(max(line.width + 1, w - 12))
            if g.claims:
                line.add(self.letter(scene, g.claims[0]))
            else:
                line.add("·", self.paint("muted"))
            line.add("    ")
            for s in g.claims[1:]:
                line.add(self.letter(scene, s))
            if not g.claims[1:]:
                line.add("·", self.paint("muted"))
            stops.append(key)
            b.add(line)
        if me is not None and view.my_goals:
            b.add(Line(f" {W.STAR} your secret goals (+5 each if claimed) — only you see this", self.paint("muted")))
        return b

    def _secrets_block(self, scene: Scene, w: int) -> Block:
        """A finished game shown with everything: each captain's secret goals."""
        b = Block(w)
        b.add(Line(" Secret life goals", self.paint("heading")))
        view = scene.view
        for s, v in enumerate(scene.all_views):
            line = Line(" ")
            line.add(self.letter(scene, s))
            names = [C.LIFE_GOALS[g].name for g in getattr(v, "my_goals", [])]
            line.add(f" {W.name_of(view, s)}: {', '.join(names) or '—'}")
            b.add(line)
        return b

    def _others(self, scene: Scene, w: int, compact: bool) -> list[Block]:
        """Every other captain's public side of the tableau."""
        view = scene.view
        if compact:
            return []
        b = Block(w)
        others = [s for s in range(view.players) if s != view.seat]
        if not others:
            return []
        b.add(Line(""))
        b.add(Line(" Captains", self.paint("heading")))
        for s in others:
            sv = view.seats[s]
            line = Line(" ")
            line.add(self.letter(scene, s))
            line.add(f" {W.name_of(view, s)}", self.style(self._seat_style_name(scene, s)))
            if sv.origin >= 0:
                line.add(f" · {C.ISLANDS[sv.origin].short} {C.TALENTS[sv.talent].name}", self.paint("muted"))
            line.add(f" · {W.SAIL}{sv.speed} {W.CANNON}{sv.strength} hull {sv.hull}", self.paint("muted"))
            line.add(" · ")
            for res, n in enumerate(sv.cargo):
                line.add(W.GOODS[res] * n, self.paint(W_GOOD[res]))
            line.add(W.EMPTY_DISC * max(0, sv.hull - sum(sv.cargo)), self.paint("muted"))
            line.add(f" · {W.gold(sv.gold)}", self.paint("accent"))
            if sv.chest_gold or sv.chest_treasures:
                line.add(f" (chest {W.gold(sv.chest_gold)}{' +' + str(len(sv.chest_treasures)) + 'T' if sv.chest_treasures else ''})",
                         self.paint("muted"))
            b.add(line)
            facts = [f"crew {sv.crew_cards}", f"rituals {sv.ritual_cards}", f"treasure cards {sv.treasure_cards}"]
            if sv.secret_missions:
                facts.append(f"secret missions {sv.secret_missions}")
            if sv.missions_open:
                done_of = sv.quest_tasks or [0] * len(sv.missions_open)
                facts.append("missions: " + ", ".join(
                    C.MISSIONS[c].name + (f" {W.quest_marks(d)}" if C.MISSIONS[c].kind == C.TITLE else "")
                    for c, d in zip(sv.missions_open, done_of, strict=False)))
            if sv.titles:
                facts.append("titles: " + ", ".join(f"{C.TITLES[t].name} ({W.TITLE_SHORT[t]})" for t in sv.titles))
            if sv.ship_treasures:
                facts.append("on board: " + ", ".join(C.TREASURES[c].name for c in sv.ship_treasures))
            if sv.track >= 0:
                facts.append(f"hunting {C.TREASURES[sv.track].name} {sv.track_pos}/{C.TREASURES[sv.track].length}")
            if sv.missions_done:
                facts.append(f"{len(sv.missions_done)} missions done")
            if s < len(view.family) and view.family[s]:
                facts.append("family: " + ", ".join(C.FAMILY[f].name for f in view.family[s]))
            q = view.quests[s] if s < len(view.quests) else None
            if q is not None and q.soulmate >= 0:
                facts.append(f"soulmate: {C.SOULMATES[q.soulmate].name}")
            elif q is not None and len(q.pair) == 2:
                facts.append(f"quest ({q.ring}): the wish {C.WISHES[q.pair[0]].name} or {C.WISHES[q.pair[1]].name}, "
                             "secret")
            words = " · ".join(facts)
            for part in Text(words).wrap(self.app.console, max(10, w - 4)):
                b.add(Line("   ").add(seg(str(part), self.paint("muted"))))
        return [b]


W_GOOD = W.GOOD_CLASSES
