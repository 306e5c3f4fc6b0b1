"""New game: the game, the seats (person or bot, names, colours), options, seed, takebacks.

Choices among a few values are ``Cycler`` widgets (Left/Right), names and the seed
are inputs, and a game's list options (Shards of Creation's Shards) are ticks.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, SelectionList, Static

from engine import bots, games
from engine.core.rules import Rules
from tui.games import adapter_for
from tui.play import PlaySpec
from tui.screens.rules import RulesScreen
from tui.widgets.cycler import Cycler
from tui.widgets.footer import KeysFooter
from tui.widgets.palette import SEAT_COLOURS, seat_letter
from tui.widgets.ticks import TickList
from tui.words import UNDO_WORDS

MAX_SEATS = 5
UNDO_CHOICES = (("Own turn", "turn"), ("Practice", "practice"), ("Off", "off"))
DELAY_CHOICES = tuple((f"{d:g} s", d) for d in (0.0, 0.3, 0.6, 1.0, 2.0))
SEED_CHOICES = (  # at a server: a secret seed is shown when the game ends; an open one, to all from the start
    ("Secret — drawn by the server", False),
    ("Open — chosen here, known to all", True),
)


def kind_choices(rules: Rules, remote: bool = False) -> list[tuple[str, str]]:
    """Who may sit in a seat: a person here (or, on a server, you, an open seat, a reserved one), a bot."""
    if remote:
        out = [("You", "person"), ("Open seat", "open"), ("Reserved for…", "reserved")]
    else:
        out = [("Person", "person")]
    for level in bots.levels(rules):
        label = "ISMCTS" if level == "ismcts" else level
        out.append((f"Bot · {label}", f"bot:{level}"))
    return out


class SeatRow(Horizontal):
    """One seat: its letter, person or bot, a name and a colour."""
    def __init__(self, index: int) -> None:
        super().__init__(classes="seat-row", id=f"seat-{index}")
        self.index = index

    def compose(self) -> ComposeResult:
        colour = SEAT_COLOURS[self.index]
        yield Static(f" {seat_letter(colour)} ", classes=f"seat-badge badge-{colour}")
        yield Cycler([("Person", "person")], "person", classes="seat-kind")
        yield Input(colour.capitalize(), classes="seat-name", compact=True, max_length=24)
        yield Cycler([(c.capitalize(), c) for c in SEAT_COLOURS], colour, classes="seat-colour")

    @on(Cycler.Changed, ".seat-colour")
    def _recolour(self, event: Cycler.Changed) -> None:
        colour = str(event.value)
        badge = self.query_one(".seat-badge", Static)
        for c in SEAT_COLOURS:
            badge.remove_class(f"badge-{c}")
        badge.add_class(f"badge-{colour}")
        badge.update(f" {seat_letter(colour)} ")
        name = self.query_one(".seat-name", Input)
        if name.value.lower() in SEAT_COLOURS:
            name.value = colour.capitalize()


class NewGameScreen(Screen[None]):
    """A form; Ctrl+S (or the Start button) opens the table."""
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("ctrl+n", "reseed", "New seed"),
        Binding("escape", "back", "Back"),
        Binding("f1", "rules", "Rules", key_display="F1", priority=True),  # (keys typed next go to the rules)
    ]

    def __init__(self, game: str | None = None, remote: bool = False) -> None:
        super().__init__()
        self.remote = remote  # a table on a server: open and reserved seats, stand-ins for the idle

        self.games = [(games.get(g).title, g) for g in games.ids()]
        self.wanted = game
        self.game = game or ""
        self._option_fields: list[tuple[str, Any, Widget]] = []
        self._options_touched = False  # the player set an option: a new player count keeps it

    @property
    def rules(self) -> Any:
        return games.get(self.game)

    def compose(self) -> ComposeResult:
        settings = getattr(self.app, "settings", None)
        wanted = self.wanted or (settings.last_game if settings else None)
        ids = [g for _, g in self.games]
        self.game = wanted if wanted in ids else ids[0]
        with VerticalScroll(id="new-game"):
            yield Static("New game", classes="screen-title")
            with Horizontal(classes="form-row"):
                yield Label("Game", classes="form-label")
                yield Cycler(self.games, self.game, id="game")
                yield Label("Players", classes="form-label short")
                yield Cycler([("2", 2)], 2, id="player-count")
                yield Static("", id="player-range", classes="muted")
            with Horizontal(classes="form-row top"):
                yield Label("Seats", classes="form-label")
                with Vertical(id="seats"):
                    for i in range(MAX_SEATS):
                        yield SeatRow(i)
            with Horizontal(classes="form-row top"):
                yield Label("Options", classes="form-label")
                yield Vertical(id="options")
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                if self.remote:  # at a server the seed is a secret unless everyone agrees it is not
                    yield Cycler(SEED_CHOICES, False, id="seed-mode")
                yield Input(str(self._new_seed()), type="integer", compact=True, id="seed")
                yield Button("New seed", compact=True, id="reseed")
            with Horizontal(classes="form-row"):
                yield Label("Takebacks", classes="form-label")
                yield Cycler(UNDO_CHOICES, "turn", id="undo")
                yield Static(UNDO_WORDS["turn"].split(" — ", 1)[1], id="undo-help", classes="muted")
            with Horizontal(classes="form-row"):
                yield Label("Bot delay", classes="form-label")
                yield Cycler(DELAY_CHOICES, self._delay(), id="delay")
            with Horizontal(classes="form-row"):
                yield Label("", classes="form-label")
                yield Button("Start the game", variant="primary", id="start")
        yield KeysFooter()

    def _delay(self) -> float:
        settings = getattr(self.app, "settings", None)
        d = settings.bot_delay if settings else 0.6
        return min((v for _, v in DELAY_CHOICES), key=lambda v: abs(v - d))

    def _new_seed(self) -> int:
        fixed = getattr(self.app, "fixed_seed", None)
        return fixed if fixed is not None else random.SystemRandom().randrange(1, 10**9)

    def on_mount(self) -> None:
        self.set_class(self.app.size.height < 30, "compact")
        for inp in self.query(Input):
            inp.cursor_blink = False
        settings = getattr(self.app, "settings", None)
        if settings and settings.names:
            for i, name in enumerate(settings.names[:MAX_SEATS]):
                if name:
                    self.query_one(f"#seat-{i} .seat-name", Input).value = name
        self._game_changed()
        self._seed_mode_changed()
        self.query_one("#game", Cycler).focus()

    @property
    def open_seed(self) -> bool:
        return not self.remote or bool(self.query_one("#seed-mode", Cycler).value)

    @on(Cycler.Changed, "#seed-mode")
    def _seed_mode_changed(self) -> None:
        for widget in (self.query_one("#seed", Input), self.query_one("#reseed", Button)):
            widget.display = self.open_seed
        self.refresh_bindings()  # (Ctrl+N, New seed, only while there is a seed to see)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reseed" and self.is_mounted:
            try:
                return self.open_seed
            except NoMatches:  # (before the form is composed)
                return True
        return True

    # ------------------------------------------------------------- the form

    @on(Cycler.Changed, "#game")
    def _on_game(self, event: Cycler.Changed) -> None:
        if event.value != self.game and isinstance(event.value, str):
            self.game = event.value
            self._game_changed()

    def _game_changed(self) -> None:
        rules = self.rules
        lo, hi = rules.players.start, rules.players.stop - 1
        self.query_one("#player-count", Cycler).set_choices([(str(n), n) for n in range(lo, hi + 1)],
                                                              min(max(3, lo), hi))
        self.query_one("#player-range", Static).update(f" {lo}–{hi}")
        kinds = kind_choices(rules, self.remote)
        default_bot = "bot:heuristic" if ("Bot · heuristic", "bot:heuristic") in kinds else "bot:random"
        others = "open" if self.remote else default_bot
        for i, row in enumerate(self.query(SeatRow)):
            row.query_one(".seat-kind", Cycler).set_choices(kinds, "person" if i == 0 else others)
        self._build_options()
        self._seats_changed()

    @on(Cycler.Changed, "#player-count")
    @on(Cycler.Changed, ".seat-kind")
    def _seats_changed(self) -> None:
        n = self.players
        for row in self.query(SeatRow):
            row.display = row.index < n
        if not self._options_touched:
            self._apply_option_defaults()

    def _apply_option_defaults(self) -> None:
        """The game's suggested options for this many players (a document's recommendation)."""
        self._defaults = adapter_for(self.rules.id).option_defaults(self.players)
        for name, _t, widget in self._option_fields:
            if name in self._defaults and isinstance(widget, Cycler):
                widget.value = self._defaults[name]

    @on(Cycler.Changed, "#options Cycler")
    def _option_changed(self, event: Cycler.Changed) -> None:
        # (setting the defaults posts Changed too: only a value off the defaults is the player's)
        defaults = getattr(self, "_defaults", {})
        self._options_touched = any(name in defaults and isinstance(widget, Cycler) and widget.value != defaults[name]
                                    for name, _t, widget in self._option_fields)

    @on(Cycler.Changed, "#undo")
    def _undo_changed(self, event: Cycler.Changed) -> None:
        """What the chosen policy allows, in one line."""
        self.query_one("#undo-help", Static).update(UNDO_WORDS[str(event.value)].split(" — ", 1)[1])

    @property
    def players(self) -> int:
        value = self.query_one("#player-count", Cycler).value
        return value if isinstance(value, int) else self.rules.players.start

    def _build_options(self) -> None:
        box = self.query_one("#options", Vertical)
        box.remove_children()
        self._option_fields = []
        self._options_touched = False
        rules = self.rules
        adapter = adapter_for(rules.id)
        choices = adapter.option_choices
        widgets: list[Widget] = []
        info = msgspec.inspect.type_info(rules.Options)
        assert isinstance(info, msgspec.inspect.StructType)
        for f in info.fields:
            if f.name in adapter.option_hidden:
                continue
            default = f.default if f.default is not msgspec.NODEFAULT else (
                f.default_factory() if f.default_factory is not msgspec.NODEFAULT else None)
            label = f.name.replace("_", " ").capitalize()
            t = f.type
            widget: Widget
            if isinstance(t, msgspec.inspect.LiteralType):
                widget = Cycler([(str(v), v) for v in t.values], default)
            elif isinstance(t, msgspec.inspect.BoolType):
                widget = Cycler([("no", False), ("yes", True)], bool(default))  # reads without colour
            elif isinstance(t, msgspec.inspect.ListType) and f.name in choices:
                widget = TickList(*((lab, value, value in (default or [])) for lab, value in choices[f.name]),
                                       compact=True)
            elif isinstance(t, msgspec.inspect.IntType):
                widget = Input(str(default if default is not None else ""), type="integer", compact=True)
            else:
                text = ", ".join(map(str, default)) if isinstance(default, list) else str(default or "")
                widget = Input(text, compact=True)
            widget.add_class("option-field")
            field: Widget = widget
            if f.name in adapter.option_help:
                field = Vertical(widget, Static(adapter.option_help[f.name], classes="option-help"),
                                 classes="option-box")
            row = Horizontal(Label(label, classes="option-label"), field, classes="option-row")
            widgets.append(row)
            self._option_fields.append((f.name, t, widget))
        if not widgets:
            widgets.append(Static("This game has no options.", classes="muted"))
        box.mount_all(widgets)

    def option_values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, t, widget in self._option_fields:
            if isinstance(widget, Cycler):
                out[name] = widget.value
            elif isinstance(widget, SelectionList):
                out[name] = list(widget.selected)
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if isinstance(t, msgspec.inspect.IntType):
                    if text:
                        out[name] = int(text)
                elif isinstance(t, msgspec.inspect.ListType):
                    out[name] = [x.strip() for x in text.split(",") if x.strip()]
                elif text:
                    out[name] = text
        return out

    # -------------------------------------------------------------- actions

    @on(Button.Pressed, "#reseed")
    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(random.SystemRandom().randrange(1, 10**9))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.game))

    @on(Button.Pressed, "#start")
    async def action_start(self) -> None:
        spec = self.play_spec()
        if spec is None:
            return
        app: Any = self.app
        app.settings.last_game = self.game
        app.settings.names = spec.names
        if spec.bot_delay is not None:
            app.settings.bot_delay = spec.bot_delay
        app.keep_settings()
        self.app.pop_screen()
        await app.open_new_table(spec)

    def play_spec(self) -> Any:
        """The form as a PlaySpec, or None (with a notification) if something is wrong."""
        n = self.players
        rows = [r for r in self.query(SeatRow) if r.index < n]
        kinds = [str(r.query_one(".seat-kind", Cycler).value) for r in rows]
        names = [r.query_one(".seat-name", Input).value.strip() for r in rows]
        colours = [str(r.query_one(".seat-colour", Cycler).value) for r in rows]
        if len(set(colours)) < len(colours):
            self.notify("Two seats have the same colour; give each seat its own.", severity="warning")
            return None
        if any(not name for name in names):
            self.notify("Every seat needs a name.", severity="warning")
            return None
        for i, kind in enumerate(kinds):
            if kind == "reserved":  # the name is the user the seat waits for
                kinds[i] = f"reserved:{names[i]}"
        seed_text = self.query_one("#seed", Input).value.strip() if self.open_seed else ""
        try:
            options = self.option_values()
            self.rules.options_from(options)
        except (ValueError, msgspec.ValidationError) as e:
            self.notify(f"Options: {e}", severity="warning")
            return None
        undo = str(self.query_one("#undo", Cycler).value)
        delay = self.query_one("#delay", Cycler).value
        return PlaySpec(self.game, n, kinds, names, int(seed_text) if seed_text else None, options, undo,
                        float(delay) if isinstance(delay, (int, float)) else None, colours, remote=self.remote,
                        open_seed=self.remote and self.open_seed)
