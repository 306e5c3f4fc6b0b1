"""Shardwake's trade dialog: build an offer from both sides' goods, send it in one go.

The rules (seed and "Designed here"): once per turn, before placing; each side gives at
least one item; the two sides are not the same goods; at most 3 items each way. The dialog
keeps to them as you build, and sends ``Trade``, one ``Offer`` per item and ``Send`` as a
single ``PlayMany`` (all or none). Cancel sends nothing. Opened during a draft begun step by
step in the decision panel, it continues that draft: the items already in it stay.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from engine.games.shardwake import content as C
from engine.games.shardwake.state import Offer, Send, Trade
from tui.games.shardwake.words import goods, item_name, items_words, name_of
from tui.widgets.blocks import key_style
from tui.widgets.palette import Painted, seat_letter, seg

GIVE, GET = 0, 1
PARTNER_ROW = -1


class TradeSheet(Painted, Widget, can_focus=True):
    """The offer being built: the partner, both sides' goods with counts, the rules, Send/Cancel."""

    def __init__(self, dialog: TradeDialog, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.dialog = dialog

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.render().wrap(self.app.console, max(20, width)))

    def render(self) -> Text:
        d = self.dialog
        view = d.view
        muted, strong = self.paint("muted"), self.paint("strong")
        width = max(40, self.size.width or 70)
        col = (width - 2) // 2
        out = Text()
        # the partner
        out.append("Trade with  ", style=strong)
        for p in d.partners:
            colour = d.colours[p] if p < len(d.colours) else ""
            label = f"{seat_letter(colour, p)} {name_of(view, p)}"
            if p == d.partner:
                style = self.paint("cursor") if d.row == PARTNER_ROW else self.seat_style(colour) + Style(reverse=True)
                out.append(f" {label} ", style=style + key_style(f"p:{p}"))
            else:
                out.append(f" {label} ", style=self.seat_style(colour) + key_style(f"p:{p}"))
            out.append(" ")
        if d.locked:
            out.append(" (the draft you began)", style=muted)
        elif len(d.partners) > 1:
            out.append(" ←→ on this row", style=muted)
        out.append("\n\n")
        # both sides' goods
        cap = C.TRADE_MAX_ITEMS
        heads = [f"You give · {len(d.items(GIVE))} of {cap}", f"You get from {name_of(view, d.partner)} · "
                 f"{len(d.items(GET))} of {cap}"]
        cols = [self._column(GIVE, col), self._column(GET, col)]
        head = Text()
        for side in (GIVE, GET):
            head.append(heads[side].ljust(col)[:col], style=self.paint("heading"))
            if side == GIVE:
                head.append("  ")
        out.append_text(head)
        out.append("\n")
        for y in range(max(len(cols[0]), len(cols[1]))):
            for side in (GIVE, GET):
                part = cols[side][y] if y < len(cols[side]) else Text(" " * col)
                out.append_text(part)
                if side == GIVE:
                    out.append("  ")
            out.append("\n")
        # the offer and the rules
        out.append("\n")
        give, get = d.items(GIVE), d.items(GET)
        out.append("Offer: ", style=strong)
        out.append(f"you give {items_words(give)}", style=self.paint("bad") if give else muted)
        out.append("  ⇄  ")
        out.append(f"you get {items_words(get)}", style=self.paint("good") if get else muted)
        out.append("\n")
        for ok, words in d.checks():
            out.append("✓ " if ok else "✗ ", style=self.paint("good") if ok else self.paint("bad"))
            out.append(words + "  ", style="" if ok else muted)
        out.append("\n")
        ready = d.ready()
        out.append(" Send the offer (Enter) ", style=(self.paint("cursor") if ready else muted) + key_style("send"))
        out.append("   ")
        out.append(" Cancel (Esc) ", style=self.paint("key") + key_style("cancel"))
        out.append("\n")
        out.append("↑↓ goods · ←→ side · + − or 0–3 how many · Enter send · Esc cancel", style=muted)
        return out

    def _column(self, side: int, col: int) -> list[Text]:
        d = self.dialog
        lines = []
        for n, (item, have) in enumerate(d.stock(side)):
            chosen = d.counts[side].get(item, 0)
            here = d.row == n and d.side == side
            line = Text()
            line.append("▶ " if here else "  ", style=self.paint("accent"))
            name = item_name(item)
            line.append(name[:14].ljust(14), style=(self.paint("cursor") if here else Style()) + key_style(f"row:{side}:{item}"))
            line.append(f" ×{have:<2}", style=self.paint("muted"))
            line.append(" − ", style=self.paint("key") + key_style(f"dec:{side}:{item}"))
            line.append(f"{chosen:^3}", style=self.paint("strong") if chosen else self.paint("muted"))
            line.append(" + ", style=self.paint("key") + key_style(f"inc:{side}:{item}"))
            line.truncate(col, pad=True)
            lines.append(line)
        if not lines:
            lines.append(seg("  nothing to trade".ljust(col), self.paint("muted")))
        return lines

    def on_click(self, event: events.Click) -> None:
        key = event.style.meta.get("key")
        if isinstance(key, str):
            self.dialog.clicked(key)


class TradeDialog(ModalScreen[list[Any] | None]):
    """Build a trade offer; dismisses with the moves to send (or None)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "send", "Send the offer", priority=True),
        Binding("up", "row(-1)", "Up", show=False),
        Binding("down", "row(1)", "Down", show=False),
        Binding("left", "side(-1)", "Left", show=False),
        Binding("right", "side(1)", "Right", show=False),
        Binding("plus,equals_sign,space", "count(1)", "More", show=False),
        Binding("minus,backspace", "count(-1)", "Fewer", show=False),
    ]

    def __init__(self, view: Any, seat: int, partners: list[int], colours: list[str]) -> None:
        super().__init__(classes="trade")
        self.view = view
        self.seat = seat
        self.colours = colours
        draft = view.trade if view.trade is not None and view.trade.proposer == seat else None
        self.locked: tuple[list[int], list[int]] | None = (list(draft.give), list(draft.get)) if draft else None
        self.partners = [draft.partner] if draft else list(partners)
        self.partner = self.partners[0] if self.partners else -1
        self.counts: list[dict[int, int]] = [{}, {}]
        if self.locked:
            for side in (GIVE, GET):
                for it in self.locked[side]:
                    self.counts[side][it] = self.counts[side].get(it, 0) + 1
        self.side = GIVE
        self.row = 0 if self.locked or len(self.partners) <= 1 else PARTNER_ROW

    # ------------------------------------------------------------- the offer

    def stock(self, side: int) -> list[tuple[int, int]]:
        return goods(self.view, self.seat if side == GIVE else self.partner)

    def items(self, side: int) -> list[int]:
        return [it for it, n in sorted(self.counts[side].items()) for _ in range(n)]

    def checks(self) -> list[tuple[bool, str]]:
        give, get = self.items(GIVE), self.items(GET)
        cap = C.TRADE_MAX_ITEMS
        return [
            (bool(give) and bool(get), "both sides give"),
            (not give or not get or sorted(give) != sorted(get), "not the same both ways"),
            (len(give) <= cap and len(get) <= cap, f"at most {cap} items each way"),
        ]

    def ready(self) -> bool:
        return self.partner >= 0 and all(ok for ok, _ in self.checks())

    def moves(self) -> list[Any]:
        """Trade (unless continuing a draft), one Offer per new item, Send."""
        out: list[Any] = [] if self.locked else [Trade(self.partner)]
        for side in (GIVE, GET):
            already = list(self.locked[side]) if self.locked else []
            for it in self.items(side):
                if it in already:
                    already.remove(it)
                else:
                    out.append(Offer(side, it))
        out.append(Send())
        return out

    def _least(self, side: int, item: int) -> int:
        return self.locked[side].count(item) if self.locked else 0

    def change(self, side: int, item: int, to: int) -> None:
        have = dict(self.stock(side)).get(item, 0)
        others = sum(n for it, n in self.counts[side].items() if it != item)
        to = max(self._least(side, item), min(to, have, C.TRADE_MAX_ITEMS - others))
        if to:
            self.counts[side][item] = to
        else:
            self.counts[side].pop(item, None)
        self._refresh()

    # ------------------------------------------------------------- screen

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="trade-dialog"):
            yield Static("Propose a trade", classes="dialog-title")
            yield Static("Once a turn, before you place. If accepted, you both take a Handshake.",
                         classes="dialog-text muted")
            yield TradeSheet(self, id="trade-sheet")

    def on_mount(self) -> None:
        self.query_one(TradeSheet).focus()

    def _refresh(self) -> None:
        self.query_one(TradeSheet).refresh(layout=True)

    def _row_item(self) -> int | None:
        stock = self.stock(self.side)
        return stock[self.row][0] if 0 <= self.row < len(stock) else None

    def action_row(self, step: int) -> None:
        n = len(self.stock(self.side))
        if self.row == PARTNER_ROW:
            if step > 0 and n:
                self.row = 0
        elif self.row + step < 0:
            if not self.locked and len(self.partners) > 1:
                self.row = PARTNER_ROW
        else:
            self.row = max(0, min(n - 1, self.row + step))
        self._refresh()

    def action_side(self, step: int) -> None:
        if self.row == PARTNER_ROW:
            if self.locked or not self.partners:
                return
            i = self.partners.index(self.partner)
            self.partner = self.partners[(i + step) % len(self.partners)]
            self.counts[GET] = {}  # their goods changed
        else:
            self.side = GET if step > 0 else GIVE
            self.row = max(0, min(self.row, len(self.stock(self.side)) - 1))
        self._refresh()

    def action_count(self, step: int) -> None:
        item = self._row_item()
        if item is not None:
            self.change(self.side, item, self.counts[self.side].get(item, 0) + step)

    def on_key(self, event: events.Key) -> None:
        if event.character in ("0", "1", "2", "3"):
            item = self._row_item()
            if item is not None:
                self.change(self.side, item, int(event.character))
            event.stop()

    def clicked(self, key: str) -> None:
        kind, _, rest = key.partition(":")
        if kind == "p" and not self.locked:
            self.row = PARTNER_ROW
            if int(rest) != self.partner:
                self.partner = int(rest)
                self.counts[GET] = {}
            self._refresh()
        elif kind in ("inc", "dec", "row"):
            side, item = (int(x) for x in rest.split(":"))
            self.side = side
            self.row = next((n for n, (it, _h) in enumerate(self.stock(side)) if it == item), 0)
            if kind == "row":
                self._refresh()
            else:
                self.change(side, item, self.counts[side].get(item, 0) + (1 if kind == "inc" else -1))
        elif kind == "send":
            self.action_send()
        elif kind == "cancel":
            self.action_cancel()

    def action_send(self) -> None:
        if not self.ready():
            why = next(words for ok, words in self.checks() if not ok)
            self.notify(f"Not yet: {why}.", severity="warning", timeout=4)
            return
        self.dismiss(self.moves())

    def action_cancel(self) -> None:
        self.dismiss(None)
