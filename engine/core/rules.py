"""The game-agnostic contract every game implements (see DESIGN.md, "The kernel").

A game is a ``Rules`` object plus msgspec types for its state, moves and views.
State is plain data and is mutated in place by ``apply``; the ``Match`` keeps
snapshots so undo and seeking never depend on a game's own cooperation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

import msgspec

from engine.core.options import OptionError, options_from, validate
from engine.core.rng import Rng

Seat = int


class SeatInfo(msgspec.Struct, omit_defaults=True):
    """Who sits in a seat. ``kind`` is ``person``, ``bot:<level>`` or ``open``."""

    name: str
    kind: str = "person"
    colour: str = ""


class Config(msgspec.Struct):
    """What ``Rules.setup`` needs: player count, seed, the game's options struct, seat names."""

    players: int
    seed: int
    options: Any = None
    names: list[str] = []  # the players' names, for the events' plain words


class Event(msgspec.Struct, omit_defaults=True):
    """Something that happened, in plain words.

    ``to`` lists the seats that may see it (``None``: everyone). ``reveal``
    marks new information coming to light (a draw, a shown card, a revealed
    secret): undo under the ``turn`` policy cannot cross it. ``seat`` is the
    seat the event is about (for colouring the log), or -1.
    """

    text: str
    seat: int = -1
    to: tuple[int, ...] | None = None
    reveal: bool = False
    kind: str = ""
    data: dict[str, Any] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


def say(ev: list[Event], kind: str, text: str, seat: Seat = -1, to: tuple[Seat, ...] | None = None,
        reveal: bool = False, **data: object) -> None:
    """Add one event to ``ev``: its words and its machine form (``kind``; ``data`` holds the
    seat it is about, if any, beside the facts given as keywords: plain ints, strs, lists)."""
    facts: dict[str, object] = {"seat": seat, **data} if seat >= 0 else dict(data)
    ev.append(Event(text, seat, to, reveal, kind, facts))


class Result(msgspec.Struct):
    """A finished game: scores, ranking with ties resolved, and an explained breakdown.

    ``ranking`` is a list of places; each place is a list of seats that share it.
    ``breakdown[seat]`` is an ordered list of (label, points) lines adding up to
    ``scores[seat]``. ``tiebreak`` explains in words how ties were settled.
    """

    scores: list[int]
    ranking: list[list[int]]
    breakdown: list[list[tuple[str, int]]]
    tiebreak: str = ""
    details: dict[str, Any] = {}

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.ranking else []


class IllegalMove(Exception):
    """A move that is not in ``legal()`` for that seat now. The state is unchanged."""

    def __init__(self, seat: Seat, move: object, why: str) -> None:
        self.seat = seat
        self.move = move
        self.why = why
        super().__init__(f"illegal move by seat {seat}: {move!r} — {why}")


class StaleCommand(Exception):
    """A command made against an older state than the current one."""

    def __init__(self, expected: int, got: int) -> None:
        self.expected = expected
        self.got = got
        super().__init__(f"stale command: made against state {got}, the table is at state {expected}")


# A view's ``asking`` when the seat is asked only so that nobody learns it has nothing to decide:
# its one legal move (a pass) is the whole menu. A table answers it for the seat, unless that
# seat's player asked to be asked every time ("always ask me", to bluff); everybody else sees
# the same either way, because the ask itself comes from what all can see.
ASKING_PASS = "pass"


class View(Protocol):
    """What every game's view has (views are msgspec Structs; each game adds its own facts).

    ``asking`` is the step the seat is asked about, machine-readable (``"play"``, ``"bid"``;
    ``""`` when the seat is asked nothing; ``ASKING_PASS`` when its only move is a pass a
    table answers for it): screens and bots read it, never ``phase`` or ``prompt``, which
    are words for people.
    """

    seat: int | None
    round: int
    phase: str
    to_act: tuple[int, ...]
    prompt: str
    asking: str


@runtime_checkable
class Rules(Protocol):
    """One game's rules. Names follow DESIGN.md.

    Contract (tests in tests/engine/harness.py check it for every game):

    - ``setup(config)`` returns a fresh State. All chance comes from an ``Rng``
      stored in the state (seeded from ``config.seed``).
    - ``to_act(s)`` lists the seats that owe a decision now; several seats mean
      a simultaneous (secret) choice; an empty tuple means the game is over.
    - ``legal(s, seat)`` is the finite, non-empty menu for a seat in ``to_act``
      (large choices are split into several small menus). Moves are frozen,
      ``array_like`` tagged msgspec Structs, so they hash, compare and encode small.
    - ``apply(s, seat, move, quiet=False)`` mutates ``s`` in place and returns
      the events (``quiet=True`` may skip building them: playouts, replays).
      It trusts its input: the Match checks moves against ``legal`` first.
    - ``view(s, seat)`` is everything ``seat`` may know (``None``: a spectator,
      public information only): a msgspec Struct with the fields of ``View``.
    - ``result(s)`` is ``None`` until the game is over.
    - ``determinize(s, seat, rng)`` returns a new full state that ``seat`` cannot
      tell from ``s``: every hidden thing (other hands, deck order, secret
      bids, the state's own generator) re-drawn consistently with its view.
      ``view(determinize(s, seat, rng), seat) == view(s, seat)`` always.
    - ``describe(s, seat, move)`` is a log line for a move about to be applied.
    - ``label(view, move)`` is ``(group, text)`` for the decision panel,
      computed from the acting seat's view only.
    - ``estimate(s)`` is each seat's expected final score from here, or ``None``
      when the game has no estimate (searching bots then play rollouts to the end).
    - ``check(players, options)`` raises ``OptionError`` (one line) for a player
      count or an option the game does not allow together.
    - ``table(players, options)`` is the number of seats a game for that many people
      needs and the options that record why (one seat each, unless the game seats an
      automa); ``automa_seats(players, options)`` lists the seats the rules play
      themselves (kind ``automa``: their only legal move is a forced one).
    """

    id: str
    title: str
    version: int  # rules version: bump when the same log would replay differently
    players: range
    aliases: tuple[str, ...]  # other names a player may type for the game
    doc: str  # the stem of its rules document in docs/rules/
    hidden: bool  # a test game: playable, never offered in menus
    bench_players: int  # the player count ``gangplank bench`` measures
    colours: tuple[str, ...]
    Options: type[msgspec.Struct]
    State: type[msgspec.Struct]
    Move: Any  # the tagged union of the game's move Structs
    View: type[msgspec.Struct]
    asking: frozenset[str]  # every step a view's ``asking`` can name ("" — nothing asked — aside)

    def info(self) -> GameInfo: ...

    def options_from(self, values: Mapping[str, Any] | None) -> Any: ...

    def check(self, players: int, options: Any) -> None: ...

    def table(self, players: int, options: Any) -> tuple[int, Any]: ...

    def automa_seats(self, players: int, options: Any) -> tuple[int, ...]: ...

    def setup(self, config: Config) -> Any: ...

    def setup_events(self, s: Any) -> list[Event]: ...

    def to_act(self, s: Any) -> tuple[Seat, ...]: ...

    def legal(self, s: Any, seat: Seat) -> list[Any]: ...

    def apply(self, s: Any, seat: Seat, move: Any, quiet: bool = False) -> list[Event]: ...

    def view(self, s: Any, seat: Seat | None) -> Any: ...

    def result(self, s: Any) -> Result | None: ...

    def estimate(self, s: Any) -> list[float] | None: ...

    def determinize(self, s: Any, seat: Seat, rng: Rng) -> Any: ...

    def describe(self, s: Any, seat: Seat, move: Any) -> str: ...

    def label(self, view: Any, move: Any) -> tuple[str, str]: ...


class GameInfo(msgspec.Struct):
    """Static facts about a game, for menus and the command line."""

    id: str
    title: str
    players: tuple[int, int]
    version: int


class RulesBase:
    """Shared defaults for games. Subclasses set the class attributes."""

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int] = 1
    players: ClassVar[range]
    aliases: ClassVar[tuple[str, ...]] = ()
    doc: ClassVar[str] = ""  # defaults to the id (``docs/rules/<id>.md``)
    hidden: ClassVar[bool] = False
    bench_players: ClassVar[int] = 0  # 0: the smallest player count
    Options: ClassVar[type[msgspec.Struct]]
    State: ClassVar[type[msgspec.Struct]]
    Move: ClassVar[Any]
    View: ClassVar[type[msgspec.Struct]]
    asking: ClassVar[frozenset[str]]  # every step a view's ``asking`` can name, besides ""
    # Seat colours offered by default; a letter makes a colour readable without colour.
    colours: ClassVar[tuple[str, ...]] = ("red", "blue", "green", "yellow", "purple")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "id" in cls.__dict__:
            if not cls.__dict__.get("doc"):
                cls.doc = cls.id
            if not cls.__dict__.get("bench_players") and "players" in cls.__dict__:
                cls.bench_players = cls.players.start

    def info(self) -> GameInfo:
        return GameInfo(self.id, self.title, (self.players.start, self.players.stop - 1), self.version)

    def options_from(self, values: Mapping[str, Any] | None) -> Any:
        """The Options struct from loose key/value pairs (strings from a command line or a form)."""
        return options_from(self.title, self.Options, values)

    def check(self, players: int, options: Any) -> None:
        """Refuse a player count the game does not allow (games add their own option rules)."""
        if players not in self.players:
            lo, hi = self.players.start, self.players.stop - 1
            raise OptionError(f"{self.title} is for {lo}–{hi} players, not {players}")
        if isinstance(options, msgspec.Struct):
            validate(self.title, options)

    def is_over(self, s: Any) -> bool:
        return not self.to_act(s)  # type: ignore[attr-defined]

    def setup_events(self, s: Any) -> list[Event]:
        """What the table sees happen at setup (deals, reveals). Default: nothing."""
        return []

    def table(self, players: int, options: Any) -> tuple[int, Any]:
        """The seats a game for ``players`` people needs, and the options that record why.

        Default: one seat each. A game with an automa (Fractured Sky) adds the seats it
        plays itself, and records them in its options so a saved game sets up the same.
        """
        return players, options

    def automa_seats(self, players: int, options: Any) -> tuple[int, ...]:
        """Seats the rules play themselves (seat kind ``automa``): each time such a seat is
        asked, its only legal move is a forced one, played without thinking."""
        return ()

    def estimate(self, s: Any) -> list[float] | None:
        """Expected final scores from here; ``None``: this game has no estimate."""
        return None

    def label(self, view: Any, move: Any) -> tuple[str, str]:
        """(group, text) for the decision panel, computed from the view alone."""
        return ("Moves", repr(move))
