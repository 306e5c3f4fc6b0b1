"""The rules of a game, from ``docs/rules/<game>.md``.

A long document (Fractured Sky's is 90 KB) takes seconds to lay out as Markdown, so the
screen opens on its first sections and lays out the rest in a thread, one section at a
time; a document once laid out at a width is kept, and opens at once the next time.
Tables too wide to read as columns are shown as one block per row (``Header: cell``).
"""

from __future__ import annotations

import io
import re
import threading
import time
from dataclasses import dataclass, field

from rich.console import Console
from rich.markdown import Markdown
from rich.segment import Segment
from rich.style import Style
from rich.theme import Theme
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from engine import games
from tui.paths import rules_doc
from tui.widgets.footer import KeysFooter

KEPT = 12  # documents laid out and kept (every game at two widths and two themes, about)
BATCH_SECONDS = 0.4  # the rest of a document reaches the screen at most this often
MIN_WIDEST = 32  # a table whose widest column would get fewer cells than this is shown by rows


READING_KEYS = (("down", "scroll_down"), ("up", "scroll_up"), ("pagedown,space", "page_down"),
                ("pageup", "page_up"), ("home", "scroll_home"), ("end", "scroll_end"))


def rules_text(game: str) -> str:
    """The document's Markdown, or a friendly note if it is missing."""
    try:
        rules = games.get(game)
        title, doc = rules.title, rules.doc
    except KeyError:
        title = doc = game
    path = rules_doc(doc)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return (f"# {title}\n\nThe rules document for {title} is not written yet.\n\n"
                f"It will live in `docs/rules/{path.name}`.")


# ------------------------------------------------------------ the document as sections


def sections(markdown: str) -> list[str]:
    """The document cut before each heading (never inside a code block)."""
    out: list[list[str]] = [[]]
    fenced = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("#") and out[-1]:
            out.append([])
        out[-1].append(line)
    return ["\n".join(s) for s in out if any(x.strip() for x in s)]


def _cells(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|") and not row.endswith("\\|"):
        row = row[:-1]
    return [c.strip() for c in re.split(r"(?<!\\)\|", row)]


def _plain_len(cell: str) -> int:
    return len(re.sub(r"[*`]", "", cell))


def readable_tables(section: str, width: int) -> str:
    """Each table that cannot give its widest column ``MIN_WIDEST`` cells, as a block per row."""
    lines = section.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not (lines[i].startswith("|") and i + 1 < len(lines) and re.match(r"^\|?\s*:?-{3,}", lines[i + 1])):
            out.append(lines[i])
            i += 1
            continue
        j = i + 2
        while j < len(lines) and lines[j].startswith("|"):
            j += 1
        head, rows = _cells(lines[i]), [_cells(r) for r in lines[i + 2:j]]
        natural = [max([_plain_len(head[k])] + [_plain_len(r[k]) for r in rows if k < len(r)])
                   for k in range(len(head))]
        others = sum(natural) - max(natural) + 3 * len(head) + 1
        if sum(natural) + 3 * len(head) + 1 <= width or width - others >= MIN_WIDEST:
            out.extend(lines[i:j])  # it reads well as columns
        else:
            for r in rows:
                out.append(f"**{r[0]}**" if r and r[0] else "**—**")
                out.append("")
                for k in range(1, len(head)):
                    if k < len(r) and r[k] and r[k] not in ("—", "-"):
                        out.append(f"- *{head[k]}:* {r[k]}")
                out.append("")
        i = j
    return "\n".join(out)


@dataclass
class Layout:
    """A document laid out at one width: its lines, and where each heading starts."""

    lines: list[Strip] = field(default_factory=list)
    headings: list[tuple[int, str, int]] = field(default_factory=list)  # (level, title, line)
    done: bool = False


_laid_out: dict[tuple[str, int, str], Layout] = {}  # (document, width, theme) -> its layout
_lock = threading.Lock()


def _console(width: int, theme: Theme) -> Console:
    """A console of our own for laying out (one per thread; it never prints)."""
    return Console(width=width, theme=theme, color_system="truecolor", force_terminal=True,
                   highlight=False, file=io.StringIO())


def lay_out(section: str, width: int, console: Console) -> list[Strip]:
    """One section as lines of the given width."""
    md = Markdown(readable_tables(section, width), hyperlinks=False)
    rendered = console.render_lines(md, console.options.update(width=width), pad=False)
    return [Strip(Segment.simplify(line)) for line in rendered]


def heading_of(section: str) -> tuple[int, str] | None:
    first = section.lstrip().splitlines()[0] if section.strip() else ""
    m = re.match(r"^(#+)\s+(.*)$", first)
    return (len(m.group(1)), m.group(2).strip()) if m else None


class RulesDocument(ScrollView, can_focus=True):
    """The document drawn line by line (Textual's line API) from its cached layout."""

    # ScrollView's reading keys, kept until the first lines are laid out when they come before them
    BINDINGS = [Binding(key, f"read('{action}')", show=False) for key, action in READING_KEYS]

    class LaidOut(Message):
        """The whole document is laid out (the contents can list every heading)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.source = ""
        self.layout_now = Layout()
        self._key: tuple[str, int, str] | None = None
        self._wanted: int | None = None  # where reading keys typed before the end was laid out go

    def read(self, action: str) -> None:
        """Scroll as a reading key says; before the document is all laid out, to where it will be
        (kept, and gone to as the lines arrive)."""
        y = self.scroll_offset.y if self._wanted is None else self._wanted
        page = max(1, self.scrollable_content_region.height or self.app.size.height)
        moves = {"scroll_down": y + 1, "scroll_up": y - 1, "page_down": y + page, "page_up": y - page,
                 "scroll_home": 0, "scroll_end": 1 << 30}
        self._wanted = max(0, moves[action])
        self._scroll_now(final=self.layout_now.done)

    def _scroll_to_wanted(self, final: bool = False) -> None:
        if self._wanted is not None:
            self.call_after_refresh(self._scroll_now, final)

    def _scroll_now(self, final: bool = False) -> None:
        if self._wanted is not None:
            # (forced: before the first arrangement the scrollbar is not there to allow it)
            self.scroll_to(0, min(self._wanted, self.max_scroll_y), animate=False, force=True)
            if final:
                self._wanted = None

    def show(self, markdown: str) -> None:
        self.source = markdown
        self._key = None
        self._wanted = None
        self.scroll_to(0, 0, animate=False, immediate=True)  # (deferred, it would undo a key typed meanwhile)
        self._lay_out()

    def on_resize(self) -> None:
        self._lay_out()

    def _theme(self) -> tuple[str, Theme]:
        t = self.app.current_theme
        accent, primary = t.accent or t.foreground or "", t.primary or ""
        muted = str(self.app.theme_variables.get("gp-muted", ""))
        styles = {
            "markdown.h1": f"bold {accent}", "markdown.h2": f"bold {primary}", "markdown.h3": f"bold {primary}",
            "markdown.h4": "bold", "markdown.h5": "bold", "markdown.h6": "bold",
            "markdown.code": f"bold {primary}", "markdown.code_block": "", "markdown.block_quote": muted,
            "markdown.item.bullet": f"bold {accent}", "markdown.item.number": f"bold {accent}",
            "markdown.link": f"underline {primary}", "markdown.link_url": f"underline {primary}",
            "markdown.hr": muted, "markdown.h1.border": accent, "markdown.table.border": muted,
            "markdown.table.header": "bold", "markdown.em": "italic", "markdown.strong": "bold",
        }
        return t.name, Theme({k: Style.parse(v) if v else Style() for k, v in styles.items()})

    def _lay_out(self) -> None:
        width = self.scrollable_content_region.width or self.size.width
        if not width or not self.source:
            return
        width = max(20, width - 1)
        name, theme = self._theme()
        key = (self.source, width, name)
        if key == self._key:
            return
        self._key = key
        with _lock:
            found = _laid_out.get(key)
        if found is not None and found.done:
            self._use(found)
            return
        layout = Layout()
        with _lock:
            while len(_laid_out) >= KEPT:  # the oldest first (a dict keeps its order)
                del _laid_out[next(iter(_laid_out))]
            _laid_out[key] = layout
        parts = sections(self.source)
        console = _console(width, theme)
        n = 0
        while n < len(parts) and len(layout.lines) < self.size.height:  # the first screenful, now
            self._add(layout, parts[n], lay_out(parts[n], width, console))
            n += 1
        self._use(layout)
        if n < len(parts):  # the rest once the first screenful is drawn
            self.call_after_refresh(self._rest, key, layout, parts[n:], width, theme)
        else:
            layout.done = True

    @staticmethod
    def _add(layout: Layout, section: str, lines: list[Strip]) -> None:
        head = heading_of(section)
        if layout.lines:
            layout.lines.append(Strip([]))  # the blank line Markdown keeps between blocks
        if head is not None:
            layout.headings.append((head[0], head[1], len(layout.lines)))
        layout.lines.extend(lines)

    @work(thread=True, exclusive=True, group="rules-layout")
    def _rest(self, key: tuple[str, int, str], layout: Layout, parts: list[str], width: int, theme: Theme) -> None:
        # Sent to the screen in a few batches, not a section at a time: each batch lays the
        # screen out again (the scrollbar), which cost the first second a repaint per heading.
        console = _console(width, theme)
        batch: list[tuple[str, list[Strip]]] = []
        due = time.monotonic() + BATCH_SECONDS
        worker = get_current_worker()
        for part in parts:
            batch.append((part, lay_out(part, width, console)))
            if self._key != key or worker.is_cancelled:  # another document, or the screen closed
                with _lock:
                    _laid_out.pop(key, None)  # unfinished, and no longer wanted
                return
            if time.monotonic() >= due:
                self.app.call_from_thread(self._more, key, layout, batch)
                batch, due = [], time.monotonic() + BATCH_SECONDS
        if batch:
            self.app.call_from_thread(self._more, key, layout, batch)
        self.app.call_from_thread(self._finished, key, layout)

    def _more(self, key: tuple[str, int, str], layout: Layout, batch: list[tuple[str, list[Strip]]]) -> None:
        for part, lines in batch:
            self._add(layout, part, lines)
        if key == self._key:
            self._use(layout)

    def _finished(self, key: tuple[str, int, str], layout: Layout) -> None:
        layout.done = True
        if key == self._key:
            self._scroll_to_wanted(final=True)
            self.post_message(self.LaidOut())

    def _use(self, layout: Layout) -> None:
        self.layout_now = layout
        width = max((s.cell_length for s in layout.lines), default=0)
        self.virtual_size = Size(width, len(layout.lines))
        self.refresh()
        self._scroll_to_wanted()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        n = scroll_y + y
        lines = self.layout_now.lines
        width = self.scrollable_content_region.width
        if n >= len(lines):
            return Strip.blank(width, self.rich_style)
        return lines[n].crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def text(self) -> str:
        """The document as laid out so far, in plain words (for tests)."""
        return "\n".join(s.text for s in self.layout_now.lines)

    def go_to_line(self, line: int) -> None:
        self.scroll_to(0, line, animate=False)


class RulesScreen(Screen[None]):
    """The rules document with a table of contents; G switches to another game's rules."""
    BINDINGS = [
        # A priority Back: a key typed right after it goes to the screen below, not to the rules.
        Binding("escape,q", "back", "Back", priority=True),
        Binding("g", "next_game", "Other game"),
        Binding("t", "toc", "Contents"),
        # Keys typed while the screen opens reach it before the document has the focus.
        *(Binding(key, f"read('{action}')", show=False) for key, action in READING_KEYS),
    ]

    def __init__(self, game: str = "") -> None:
        super().__init__()

        self.games = games.ids()
        self.game = game if game else (self.games[0] if self.games else "")

    def compose(self) -> ComposeResult:
        yield Static(id="rules-title", classes="screen-title")
        with Horizontal(id="rules-body"):
            toc = OptionList(id="rules-toc")
            toc.display = False  # hidden from the start: a key typed with F1 must not land in it
            yield toc
            yield RulesDocument(id="rules")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._title()
        doc = self.query_one(RulesDocument)
        doc.show(rules_text(self.game))
        doc.focus()

    @property
    def document(self) -> RulesDocument:
        return self.query_one(RulesDocument)

    def _title(self) -> None:
        try:
            title = games.get(self.game).title
        except KeyError:
            title = self.game
        self.query_one("#rules-title", Static).update(f"Rules — {title}")

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_read(self, action: str) -> None:
        """A reading key that reached the screen itself (the document had no focus yet)."""
        doc = self.document
        doc.read(action)
        doc.focus()

    def action_toc(self) -> None:
        toc = self.query_one("#rules-toc", OptionList)
        toc.display = not toc.display
        if toc.display:
            self._fill_toc()
            toc.focus()
        else:
            self.document.focus()

    def _fill_toc(self) -> None:
        toc = self.query_one("#rules-toc", OptionList)
        toc.clear_options()
        for level, title, line in self.document.layout_now.headings:
            if level <= 3:
                toc.add_option(Option(("  " * (level - 1)) + title, id=f"l{line}"))

    @on(RulesDocument.LaidOut)
    def _laid_out(self) -> None:
        if self.query_one("#rules-toc").display:
            self._fill_toc()

    @on(OptionList.OptionSelected, "#rules-toc")
    def _toc_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.document.go_to_line(int(event.option.id[1:]))
            self.document.focus()

    async def action_next_game(self) -> None:
        if not self.games:
            return
        i = self.games.index(self.game) if self.game in self.games else -1
        self.game = self.games[(i + 1) % len(self.games)]
        self._title()
        self.document.show(rules_text(self.game))
        if self.query_one("#rules-toc").display:
            self._fill_toc()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_game":
            return len(self.games) > 1
        return True
