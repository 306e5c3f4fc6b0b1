"""One game as a log of moves, with snapshots for undo, redo and seeking.

The live state is mutated in place by the rules. Snapshots (encoded states) are
kept every ``SNAPSHOT_EVERY`` moves, so any position is one decode plus fewer
than ``SNAPSHOT_EVERY`` replayed moves away: undo and seek never replay a game
from the start.

The log is one line of moves; ``cursor`` says how many of them are applied.
Moves past the cursor are the redo line. Playing the next redo move again keeps
the redo line; playing anything else cuts it.
"""

from __future__ import annotations

import datetime as _dt
import os
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engine.core import savefile
from engine.core.codec import clone, decoder, encode, short_hash, state_hash
from engine.core.options import OptionError
from engine.core.rules import Config, Event, IllegalMove, Result, Rules, SeatInfo, StaleCommand
from engine.core.savefile import Header, MoveRecord, SaveError, UndoRecord
from engine.core.version import VERSION

SNAPSHOT_EVERY = 32
UNDO_POLICIES = ("off", "turn", "practice")
# saves written before the practice policy had its name call it "free": they load as practice
OLD_UNDO_NAMES = {"free": "practice"}


def undo_policy(name: str) -> str:
    """The policy a name stands for (an old save's "free" is "practice")."""
    return OLD_UNDO_NAMES.get(name, name)


class Played(msgspec.Struct):
    seat: int
    move: Any
    t_ms: int  # wall clock, milliseconds since the epoch
    hash32: int
    reveal: bool
    events: list[Event]
    by: str = ""  # "": the seat's own player; "bot:<level>": a bot standing in for an absent person


class UndoRefused(Exception):
    """Undo or redo is not allowed now; the message says why."""


def _now_ms() -> int:
    return int(time.time() * 1000)


def app_version() -> str:
    return VERSION


# The kernel knows no game: the package above it installs how a game id becomes its Rules
# (``engine/__init__.py`` installs the game registry's ``get``).
_lookup: Callable[[str], Rules] | None = None


def use_games(lookup: Callable[[str], Rules]) -> None:
    """Install how ``Match.new`` and ``Match.load`` find a game's Rules by its id."""
    global _lookup
    _lookup = lookup


def find_rules(game: str) -> Rules:
    """The Rules of a game id (KeyError for a game this install does not have)."""
    if _lookup is None:
        raise KeyError(game)
    return _lookup(game)


class Match:
    """A game in progress or finished: header, move log, live state, snapshots."""

    def __init__(self, rules: Rules, header: Header, options: Any) -> None:
        self.rules = rules
        self.header = header
        self.options = options
        names = [seat.name for seat in header.seats]
        self.state = rules.setup(Config(header.players, header.seed, options, names))
        self._state_type = type(self.state)
        self.start_events: list[Event] = list(rules.setup_events(self.state))
        self._snapshots: dict[int, bytes] = {0: encode(self.state)}
        self.line: list[Played] = []
        self.cursor = 0
        self.state_id = 0  # bumps on every change: commands made against an older id are stale
        self.warnings: list[str] = []
        self.problems: list[str] = []  # hash mismatches found by a non-strict load (verify)
        self._autosave: savefile.Appender | None = None
        self._last_t = _now_ms()

    # ----------------------------------------------------------------- creation

    @classmethod
    def new(
        cls,
        game: str | Rules,
        players: int,
        seed: int | None = None,
        options: dict[str, Any] | msgspec.Struct | None = None,
        seats: Sequence[SeatInfo | str] | None = None,
        undo: str = "turn",
        name: str = "",
    ) -> Match:
        rules = find_rules(game) if isinstance(game, str) else game
        undo = undo_policy(undo)
        if undo not in UNDO_POLICIES:
            raise OptionError(f"the undo policy must be one of {', '.join(UNDO_POLICIES)}, not {undo!r}")
        if seed is None:
            seed = new_seed()
        if isinstance(options, msgspec.Struct):
            opts = options
        else:
            opts = rules.options_from(options)
        rules.check(players, opts)
        # a game may seat an automa beside the people (the seats it plays are kind "automa")
        players, opts = rules.table(players, opts)
        seat_infos = _seat_infos(rules, players, seats, rules.automa_seats(players, opts))
        header = Header(
            game=rules.id,
            rules_version=rules.version,
            players=players,
            seed=seed,
            options=msgspec.to_builtins(opts),
            seats=seat_infos,
            undo=undo,
            app_version=app_version(),
            created=_dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            name=name,
        )
        m = cls(rules, header, opts)
        m.header.start_hash = short_hash(m.state)
        return m

    # ------------------------------------------------------------------- queries

    @property
    def moves(self) -> list[Played]:
        """The applied moves (the log up to the cursor)."""
        return self.line[: self.cursor]

    def to_act(self) -> tuple[int, ...]:
        return self.rules.to_act(self.state)

    def legal(self, seat: int) -> list[Any]:
        if seat not in self.rules.to_act(self.state):
            return []
        return self.rules.legal(self.state, seat)

    def view(self, seat: int | None) -> Any:
        return self.rules.view(self.state, seat)

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def is_over(self) -> bool:
        return not self.rules.to_act(self.state)

    def state_hash(self) -> str:
        return state_hash(self.state)

    def describe(self, seat: int, move: Any) -> str:
        return self.rules.describe(self.state, seat, move)

    def events(self, seat: int | None, upto: int | None = None, everything: bool = False) -> list[Event]:
        """Events the seat may see, from setup to move ``upto`` (default: the cursor)."""
        upto = self.cursor if upto is None else upto
        out = [e for e in self.start_events if everything or e.visible_to(seat)]
        for p in self.line[:upto]:
            out.extend(e for e in p.events if everything or e.visible_to(seat))
        return out

    # ------------------------------------------------------------------- playing

    def check(self, seat: int, move: Any) -> None:
        """Raise IllegalMove (with the reason) unless ``move`` is legal for ``seat`` now."""
        acting = self.rules.to_act(self.state)
        if not acting:
            raise IllegalMove(seat, move, "the game is over")
        if seat not in acting:
            names = ", ".join(self.seat_name(s) for s in acting)
            raise IllegalMove(seat, move, f"it is not {self.seat_name(seat)}'s turn (waiting for {names})")
        if move not in self.rules.legal(self.state, seat):
            raise IllegalMove(seat, move, "that move is not legal now")

    def play(self, seat: int, move: Any, state_id: int | None = None, by: str = "") -> list[Event]:
        """Check and apply a move from outside; return the events it caused.

        ``by`` names a bot that made the move for an absent person (``"bot:heuristic"``):
        the log and the save keep it, so the results can say who really played.
        """
        if state_id is not None and state_id != self.state_id:
            raise StaleCommand(self.state_id, state_id)
        self.check(seat, move)
        return self._play(seat, move, by=by)

    def check_run(self, seat: int, moves: Sequence[Any]) -> None:
        """Raise IllegalMove unless ``moves`` can be played by ``seat`` in a row, knowing only its view.

        The run is tried on a copy of the state, and every move but the last must leave
        ``seat`` to act and show it nothing new (no reveal, no event meant for it alone):
        so whether a run is refused depends only on what the seat already knows. A run
        that went on after a draw would be refused or not depending on the card drawn.
        """
        if not moves:
            raise IllegalMove(seat, None, "an empty run of moves")
        s = self.state_at(self.cursor)
        rules = self.rules
        for i, move in enumerate(moves):
            if not i:
                self.check(seat, move)  # the usual words: not this seat's turn, the game is over...
            elif seat not in rules.to_act(s):
                raise IllegalMove(seat, move, f"move {i + 1} of {len(moves)}: the turn has passed by then")
            elif move not in rules.legal(s, seat):
                raise IllegalMove(seat, move, f"move {i + 1} of {len(moves)} is not legal then")
            if i == len(moves) - 1:
                break
            events = rules.apply(s, seat, move)
            if any(e.reveal or (e.to is not None and seat in e.to) for e in events):
                raise IllegalMove(seat, move, f"move {i + 1} of {len(moves)} shows something new: "
                                  "the moves after it must wait until you have seen it")

    def play_run(self, seat: int, moves: Sequence[Any], state_id: int | None = None) -> list[Event]:
        """Play several moves of one seat in a row, all or none (see ``check_run``); one fsync."""
        if state_id is not None and state_id != self.state_id:
            raise StaleCommand(self.state_id, state_id)
        self.check_run(seat, moves)
        out: list[Event] = []
        if self._autosave is not None:
            self._autosave.hold()
        try:
            for move in moves:
                out.extend(self._play(seat, move))
        finally:
            if self._autosave is not None:
                self._autosave.release()
        return out

    def _play(self, seat: int, move: Any, t_ms: int | None = None, by: str = "") -> list[Event]:
        try:
            events = self.rules.apply(self.state, seat, move)
        except Exception:
            self.state = self._rebuild(self.cursor)  # a rules bug must not leave a half-applied move
            raise
        t = _now_ms() if t_ms is None else t_ms
        played = Played(seat, move, t, short_hash(self.state), any(e.reveal for e in events), events, by)
        if self.cursor < len(self.line):
            nxt = self.line[self.cursor]
            if nxt.seat == seat and nxt.move == move and nxt.by == by:
                self.line[self.cursor] = played
            else:
                self._cut(self.cursor)
                self.line.append(played)
        else:
            self.line.append(played)
        self.cursor += 1
        if self.cursor % SNAPSHOT_EVERY == 0:
            self._snapshots[self.cursor] = encode(self.state)
        self.state_id += 1
        if self._autosave is not None:
            dt = max(0, min(t - self._last_t, 0xFFFFFFFF))
            self._autosave.append(MoveRecord(seat, move, dt, played.hash32, by))
        self._last_t = t
        return events

    def _cut(self, n: int) -> None:
        del self.line[n:]
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]

    # -------------------------------------------------------------- undo & seek

    def can_undo(self, seat: int | None = None) -> tuple[bool, str]:
        """Whether ``seat`` may take back the last move now, and if not, why."""
        if self.cursor == 0:
            return False, "nothing to undo"
        policy = self.header.undo
        if policy == "off":
            return False, "takebacks are off at this table"
        if policy == "practice":
            return True, ""  # everyone at the table agreed to a sandbox: reveals included
        last = self.line[self.cursor - 1]
        if seat is not None and last.seat != seat:
            return False, f"{self.seat_name(last.seat)} has acted since"
        if last.reveal:
            return False, "something was revealed since (a draw or a secret)"
        return True, ""

    def can_redo(self, seat: int | None = None) -> tuple[bool, str]:
        if self.cursor >= len(self.line):
            return False, "nothing to redo"
        if self.header.undo == "off":
            return False, "takebacks are off at this table"
        nxt = self.line[self.cursor]
        if self.header.undo == "turn" and seat is not None and nxt.seat != seat:
            return False, f"the next move was {self.seat_name(nxt.seat)}'s"
        return True, ""

    def undo(self, seat: int | None = None, state_id: int | None = None) -> Played:
        """Take back the last move (policy permitting); it stays on the redo line."""
        if state_id is not None and state_id != self.state_id:
            raise StaleCommand(self.state_id, state_id)
        ok, why = self.can_undo(seat)
        if not ok:
            raise UndoRefused(why)
        undone = self.line[self.cursor - 1]
        self._goto(self.cursor - 1)
        return undone

    def redo(self, seat: int | None = None, state_id: int | None = None) -> list[Event]:
        if state_id is not None and state_id != self.state_id:
            raise StaleCommand(self.state_id, state_id)
        ok, why = self.can_redo(seat)
        if not ok:
            raise UndoRefused(why)
        nxt = self.line[self.cursor]
        return self._play(nxt.seat, nxt.move, by=nxt.by)

    def drop_redo(self) -> None:
        """Forget the moves past the cursor (the redo line)."""
        self._cut(self.cursor)

    def seek(self, n: int) -> None:
        """Move to the position after ``n`` moves of the line (no undo policy: for replay)."""
        if not 0 <= n <= len(self.line):
            raise ValueError(f"move {n} is outside the game (0–{len(self.line)})")
        self._goto(n)

    def _goto(self, n: int) -> None:
        if n == self.cursor:
            return
        old = self.cursor
        self.state = self._rebuild(n)
        self.cursor = n
        self.state_id += 1
        if self._autosave is None:
            return
        if n < old:
            self._autosave.append(UndoRecord("undo", n))
            return
        # forward: the moves played again, as the loader reads them (it never takes back to a later move)
        self._autosave.hold()
        try:
            last = self.line[old - 1].t_ms if old else self._last_t
            for p in self.line[old:n]:
                self._autosave.append(MoveRecord(p.seat, p.move, max(0, min(p.t_ms - last, 0xFFFFFFFF)),
                                                 p.hash32, p.by))
                last = p.t_ms
            self._last_t = last
        finally:
            self._autosave.release()

    def state_at(self, n: int) -> Any:
        """A fresh copy of the state after ``n`` moves (the match is not changed)."""
        if n == self.cursor:
            return clone(self.state)
        return self._rebuild(n)

    def _rebuild(self, n: int) -> Any:
        k = max(k for k in self._snapshots if k <= n)
        s = decoder(self._state_type).decode(self._snapshots[k])
        apply = self.rules.apply
        for p in self.line[k:n]:
            apply(s, p.seat, p.move, True)
        return s

    # ---------------------------------------------------------------- seat names

    def seat_name(self, seat: int) -> str:
        seats = self.header.seats
        return seats[seat].name if 0 <= seat < len(seats) else f"seat {seat}"

    # ------------------------------------------------------------- save & load

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the whole applied log to ``path`` (atomically, in the current format)."""
        savefile.write_atomic(path, self._file_chunks())

    def to_bytes(self) -> bytes:
        """The save file's bytes (what ``save`` writes)."""
        return b"".join(self._file_chunks())

    def _file_chunks(self, writer: savefile.Writer | None = None) -> list[bytes]:
        writer = writer or savefile.Writer(self.header)
        chunks = [writer.start()]
        last = None
        for p in self.line[: self.cursor]:
            dt = 0 if last is None else max(0, min(p.t_ms - last, 0xFFFFFFFF))
            last = p.t_ms
            chunks.append(writer.record(MoveRecord(p.seat, p.move, dt, p.hash32, p.by)))
        return chunks

    def autosave_to(self, path: str | os.PathLike[str]) -> None:
        """From now on, append every move to ``path`` (the file is written afresh first)."""
        self.stop_autosave()
        writer = savefile.Writer(self.header)
        savefile.write_atomic(path, self._file_chunks(writer))
        self._autosave = savefile.Appender(path, writer)
        self._last_t = self.line[self.cursor - 1].t_ms if self.cursor else _now_ms()

    def stop_autosave(self) -> None:
        if self._autosave is not None:
            self._autosave.close()
            self._autosave = None

    @property
    def autosave_path(self) -> str | None:
        return str(self._autosave.path) if self._autosave else None

    @classmethod
    def load(cls, path: str | os.PathLike[str], strict: bool = True) -> Match:
        """Load a save; problems raise SaveError (one line); dropped tails become warnings.

        With ``strict=False`` a move that does not replay to its recorded hash is
        noted in ``problems`` instead (that is what ``gangplank verify`` reports).
        """
        loaded = savefile.read(path)
        return cls.from_loaded(loaded, str(path), strict)

    @classmethod
    def from_bytes(cls, data: bytes, source: str = "save", strict: bool = True) -> Match:
        return cls.from_loaded(savefile.parse(data, source), source, strict)

    @classmethod
    def from_loaded(cls, loaded: savefile.Loaded, source: str, strict: bool = True) -> Match:
        h = loaded.header
        try:
            rules = find_rules(h.game)
        except KeyError:
            raise SaveError(f"{source} is a game of {h.game!r}, which this Gangplank does not know") from None
        _check_header(h, rules, source)
        try:
            opts = msgspec.convert(h.options, rules.Options)
            rules.check(h.players, opts)
        except (msgspec.ValidationError, OptionError) as e:
            raise SaveError(f"{source} has options this version does not accept ({e})") from None
        try:
            m = cls(rules, h, opts)
        except Exception as e:  # noqa: BLE001 - a damaged header must not show a traceback
            raise SaveError(f"{source} cannot be set up ({type(e).__name__}: {e})") from None
        m.warnings.extend(loaded.warnings)

        def mismatch(move_no: int, what: str) -> None:
            text = _mismatch(source, move_no, h, rules, what)
            if strict:
                raise SaveError(text)
            m.problems.append(text)

        if h.start_hash and short_hash(m.state) != h.start_hash:
            mismatch(0, "the starting position differs")
        t = _created_ms(h.created)
        for i, rec in enumerate(loaded.records):
            if isinstance(rec, UndoRecord):
                if rec.moves > m.cursor:
                    raise SaveError(f"{source} takes back to move {rec.moves} but has only {m.cursor}")
                m._goto(rec.moves)
                continue
            t += rec.dt_ms
            try:
                move = msgspec.convert(rec.move, rules.Move)
            except msgspec.ValidationError:
                raise SaveError(f"{source}: record {i + 1} holds no {rules.title} move") from None
            if not 0 <= rec.seat < h.players:
                raise SaveError(f"{source}: record {i + 1} is played by seat {rec.seat + 1} of {h.players}")
            if rec.by and not rec.by.startswith("bot:"):
                raise SaveError(f"{source}: record {i + 1} says it was played by {rec.by!r}")
            try:
                m.check(rec.seat, move)
            except IllegalMove as e:
                raise SaveError(
                    _mismatch(source, m.cursor + 1, h, rules, f"{m.seat_name(rec.seat)}'s move is illegal: {e.why}")
                ) from None
            try:
                m._play(rec.seat, move, t_ms=t, by=rec.by)
            except Exception as e:  # noqa: BLE001 - a move the rules choke on is a damaged save, not a crash
                raise SaveError(f"{source}: move {m.cursor + 1} cannot be replayed ({type(e).__name__})") from None
            if m.line[m.cursor - 1].hash32 != rec.hash32:
                mismatch(m.cursor, "the state differs from the recorded one")
        del m.line[m.cursor :]
        if h.rules_version != rules.version:
            m.warnings.append(
                f"saved with {rules.title} rules v{h.rules_version}; this Gangplank has v{rules.version}"
            )
        m.state_id = 0
        return m


def new_seed() -> int:
    """A seed nobody can guess (the OS's secure generator), small enough for any JSON reader."""
    return secrets.randbits(53)


def _created_ms(created: str) -> int:
    try:
        when = _dt.datetime.strptime(created, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=_dt.UTC)
    except ValueError:
        return 0
    return int(when.timestamp() * 1000)


def _check_header(h: Header, rules: Rules, source: str) -> None:
    """What the rest of the loader relies on: one line for each way a header can be wrong."""
    if h.players not in rules.players:
        raise SaveError(f"{source} says {h.players} players, which {rules.title} does not allow")
    if len(h.seats) != h.players:
        raise SaveError(f"{source} says {h.players} players but names {len(h.seats)} seats")
    for i, seat in enumerate(h.seats):
        if not seat.name or len(seat.name) > 64 or len(seat.kind) > 64 or len(seat.colour) > 32:
            raise SaveError(f"{source} has an unreadable seat {i + 1} in its header")
    h.undo = undo_policy(h.undo)  # written as practice the next time the file is saved
    if h.undo not in UNDO_POLICIES:
        raise SaveError(f"{source} has an unknown undo policy {h.undo!r}")
    if not -(1 << 63) <= h.seed < (1 << 64):
        raise SaveError(f"{source} has a seed out of range")


def _mismatch(source: str, move_no: int, h: Header, rules: Rules, what: str) -> str:
    if h.rules_version != rules.version:
        return (
            f"{source} was saved with {rules.title} rules v{h.rules_version} and no longer replays "
            f"under v{rules.version} (move {move_no}: {what})"
        )
    return f"{source} does not replay: move {move_no}: {what}"


def _seat_infos(
    rules: Rules, players: int, seats: Sequence[SeatInfo | str] | None, automa: Sequence[int] = ()
) -> list[SeatInfo]:
    colours = rules.colours
    default_names = [c.capitalize() for c in colours]
    out: list[SeatInfo] = []
    for i in range(players):
        given = seats[i] if seats is not None and i < len(seats) else None
        if i in automa:
            given = SeatInfo(name=given.name if isinstance(given, SeatInfo) else "", kind="automa")
        if isinstance(given, SeatInfo):
            info = msgspec.structs.replace(given)
        elif isinstance(given, str):
            info = SeatInfo(name=default_names[i % len(default_names)], kind=given)
        else:
            info = SeatInfo(name=default_names[i % len(default_names)])
        if not info.colour:
            info.colour = colours[i % len(colours)]
        if not info.name:
            info.name = info.colour.capitalize()
        out.append(info)
    return out
