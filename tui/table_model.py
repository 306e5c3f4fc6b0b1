"""What a client knows about one table: the latest Update per held seat and each seat's log.

Pure data, no Textual: the table screen renders from it, and tests can feed it
hub messages directly. Pass-and-play decisions (whose view to show, when to draw
the curtain) are made here so they can be tested without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.rules import Event
from engine.hub import protocol as P


@dataclass
class TableModel:
    """One table as seen by one client holding ``seats`` (empty: a watcher)."""

    table_id: str
    seats: list[int]
    watching: bool = False
    info: P.TableInfo | None = None
    updates: dict[int | None, P.Update] = field(default_factory=dict)
    logs: dict[int | None, list[Event]] = field(default_factory=dict)
    chat: list[P.ChatLine] = field(default_factory=list)
    latest: P.Update | None = None
    shown: int | None = None  # the seat whose view is on screen (None: the public view)

    def __post_init__(self) -> None:
        if self.seats and self.shown is None:
            self.shown = self.seats[0]

    # ------------------------------------------------------------------ input

    def apply(self, up: P.Update) -> None:
        """Take in an Update: the seat's view, legal moves and new log lines."""
        self.updates[up.seat] = up
        self.info = up.table
        if self.latest is None or up.state_id >= self.latest.state_id:
            self.latest = up
        log = self.logs.setdefault(up.seat, [])
        del log[up.log_start:]
        log.extend(up.events)

    def add_chat(self, line: P.ChatLine) -> None:
        self.chat.append(line)
        del self.chat[:-200]

    # ---------------------------------------------------------------- queries

    @property
    def to_act(self) -> list[int]:
        return list(self.latest.to_act) if self.latest else []

    @property
    def over(self) -> bool:
        return self.latest is not None and self.latest.result is not None

    def persons(self) -> list[int]:
        """The person seats this client holds (pass-and-play: everyone at this keyboard)."""
        return list(self.seats)

    def mine_to_act(self) -> list[int]:
        """Our seats that owe a decision now (not those whose only move is a pass the table makes)."""
        held = set(self.seats)
        return [s for s in self.to_act if s in held and self.asked(s)]

    def asked(self, seat: int) -> bool:
        """The seat's own Update for this position has come, and the table does not pass for it."""
        up = self.updates.get(seat)
        return up is not None and self.is_current(up) and not up.auto_pass



    def next_shown(self) -> int | None:
        """The seat whose view should be on screen now.

        The seat to act if it is ours (the current one first, so a seat with several
        decisions in a row keeps the screen); otherwise whoever was shown last.
        """
        if not self.seats:
            return None
        mine = self.mine_to_act()
        if self.shown in mine:
            return self.shown
        if mine:
            return mine[0]
        return self.shown if self.shown is not None else self.seats[0]

    def current(self) -> P.Update | None:
        """The shown seat's Update, if it is up to date with the table."""
        up = self.updates.get(self.shown)
        if up is None:
            return None
        return up

    def is_current(self, up: P.Update) -> bool:
        return self.latest is None or up.state_id >= self.latest.state_id

    def log(self, seat: int | None = None) -> list[Event]:
        return self.logs.get(self.shown if seat is None else seat, [])

    def seat_name(self, seat: int) -> str:
        if self.info and 0 <= seat < len(self.info.seats):
            return self.info.seats[seat].name
        return f"Seat {seat + 1}"
