"""Seat colours as component classes, so every colour lives in the .tcss files.

Widgets that paint seats (log, players, decisions, boards) mix in ``Painted`` and
ask for ``seat_style("red")``; the colours come from ``tui/styles/app.tcss``,
which maps them to theme variables (``$seat-red``), different in dark and light.
A seat is also always shown with its letter, so colour never carries meaning alone.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text

SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "cyan", "white")


def seg(text: str, style: Style | str = "") -> Text:
    """A Text whose words carry ``style`` as a span (a Text's own style would also colour
    everything appended to it later)."""
    out = Text()
    out.append(text, style=style)
    return out


def seat_letter(colour: str, seat: int = 0) -> str:
    """The letter that stands for a seat: its colour's initial (R, B, G, Y, P ...)."""
    return colour[:1].upper() if colour else str(seat + 1)


class Painted:
    """Mixin for widgets that draw seats in their colours (a game's board adds its own classes).

    The widget carries the CSS class ``painted`` (a mixin is not a CSS type), so
    ``.painted > .seat--red`` in app.tcss reaches every painted widget.
    """

    DEFAULT_CLASSES: ClassVar[str] = "painted"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *(f"seat--{c}" for c in SEAT_COLOURS),
        *(f"badge--{c}" for c in SEAT_COLOURS),
        "muted",
        "strong",
        "accent",
        "good",
        "bad",
        "legal",
        "illegal",
        "cursor",
        "changed",
        "heading",
        "key",
    }

    def __init_subclass__(cls, **kwargs: object) -> None:
        # Textual collects component classes from DOMNode classes only: copy ours in.
        cls.COMPONENT_CLASSES = set(cls.__dict__.get("COMPONENT_CLASSES", set())) | PAINT_CLASSES
        super().__init_subclass__(**kwargs)

    def paint(self, name: str) -> Style:
        """The style of component class ``name`` (cached until the styles change)."""
        cache: dict[str, Style] | None = self.__dict__.get("_paints")
        if cache is None:
            cache = self.__dict__["_paints"] = {}
        style = cache.get(name)
        if style is None:
            style = cache[name] = self.get_component_rich_style(  # type: ignore[attr-defined]
                name, partial=True, default=Style())
        return style

    def notify_style_update(self) -> None:
        self.__dict__.pop("_paints", None)
        super().notify_style_update()  # type: ignore[misc]

    def seat_style(self, colour: str) -> Style:
        return self.paint(f"seat--{colour}" if colour in SEAT_COLOURS else "strong")

    def seat_mark(self, colour: str, seat: int = 0) -> Text:
        """``R`` in the seat's colour."""
        return seg(seat_letter(colour, seat), self.seat_style(colour))

    def seat_badge(self, colour: str, seat: int = 0) -> Text:
        """`` R `` on the seat's colour: the letter reads without colour too."""
        name = f"badge--{colour}" if colour in SEAT_COLOURS else "strong"
        return seg(f" {seat_letter(colour, seat)} ", self.paint(name))

    def seat_tag(self, colour: str, name: str, seat: int = 0) -> Text:
        """``R Red`` — the badge and the seat's name in its colour."""
        out = self.seat_badge(colour, seat)
        out.append(" ")
        out.append(name, style=self.seat_style(colour))
        return out


PAINT_CLASSES = frozenset(Painted.COMPONENT_CLASSES)
