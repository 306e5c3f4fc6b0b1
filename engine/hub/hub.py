"""The hub: tables (a Match plus seats and watchers), sessions, bots, autosave.

The hub is authoritative. Clients send requests (engine.hub.protocol); the hub
checks them, applies moves, autosaves, and pushes every attached client an
Update built from *its own* view — a seat's view, or the public view for a
watcher — with only the events it may see and its legal moves. The local app
uses it in-process; the SSH server uses it across processes over a socket.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import itertools
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from engine import bots, games
from engine.bots import sample_for
from engine.core.match import UNDO_POLICIES, Match, UndoRefused, new_seed, undo_policy
from engine.core.rules import ASKING_PASS, IllegalMove, SeatInfo, StaleCommand
from engine.core.savefile import SaveError
from engine.hub import names
from engine.hub import protocol as P
from engine.hub.botpool import BotPool

log = logging.getLogger("gangplank.hub")

CHAT_KEPT = 200
CHAT_REPLAYED = 50  # lines of a table's chat sent to someone who (re)joins it
MAX_SAVES = 200  # a user's own saves at a server
MAX_SAVE_BYTES = 32 * 1024 * 1024
_WALL = time.time() - time.monotonic()  # the hub's clock (monotonic) in epoch seconds, for clients
LOBBY_EVERY = 0.5  # seconds between lobby updates at most (a burst of connections is one update)
COVER_LEVELS = ("heuristic", "random")  # who plays for an idle or absent person


class HubError(Exception):
    """A request the hub refuses; the text goes back to the client as a Notice."""


class SaveMeta(msgspec.Struct, omit_defaults=True):
    """Beside a save kept at a server: where it came from and whose seats it had."""

    table: str = ""
    people: list[str] = []  # the owner of each person seat ("" for a bot's)


class TableMeta(msgspec.Struct, omit_defaults=True):
    """What a table needs besides its save file to come back after a restart."""

    id: str
    spec: P.TableSpec
    owner: str
    seats: list[P.SeatStatus]
    created: str = ""
    always_ask: list[int] = []  # the seats whose players asked to be asked even when they can only pass


class Session:
    """One connected client: a user, how to reach them, and what they hold."""

    def __init__(self, sid: int, user: str, deliver: Callable[[P.Msg], None]) -> None:
        self.id = sid
        self.user = user
        self.deliver = deliver
        self.seats: dict[str, set[int]] = {}  # table id -> seats held
        self.watching: set[str] = set()
        self.lobby = False
        self.lobby_seen = b""  # the last lobby this session was sent
        self.sent: dict[tuple[str, int | None], int] = {}  # events already sent per (table, seat)
        self.chat_due: set[str] = set()  # tables whose chat history this client is still to get
        self.closed = False

    def send(self, msg: P.Msg) -> None:
        if not self.closed:
            try:
                self.deliver(msg)
            except Exception:  # noqa: BLE001 - one broken client must not stop a table
                log.exception("delivering to session %s failed", self.id)
                self.closed = True


class Table:
    """A game and the people around it. ``match`` is None while seats are still open:
    the game is dealt when the last seat is taken, so everyone's name is in it."""

    def __init__(self, tid: str, match: Match | None, spec: P.TableSpec, owner: str,
                 seats: list[P.SeatStatus], created: str) -> None:
        self.id = tid
        self.match = match
        self.rules = games.get(spec.game)
        self.spec = spec
        self.owner = owner
        self.seats = seats
        self.created = created
        self.sessions: dict[int, Session] = {}
        self.chat: list[P.ChatLine] = []
        self.thinking: dict[int, asyncio.Task[None]] = {}
        self.owing_since: dict[int, float] = {}
        self.offline_since: dict[int, float] = {}
        self.epoch = 0  # bumps on undo/redo: a bot's answer from an older epoch is dropped
        self.show_seed = False  # a local table: the seed is the player's own
        self._covered: tuple[int, list[int]] = (-1, [])
        self.always_ask: set[int] = set()  # seats whose players want to be asked even when they can only pass
        self.passed_for: set[int] = set()  # moves (by place in the line) that were passes the table made

    # seats -------------------------------------------------------------------

    def bot_level(self, seat: int) -> str | None:
        st = self.seats[seat]
        if st.kind.startswith("bot:"):
            return st.kind[4:]
        return st.covered_by or None

    def is_person(self, seat: int) -> bool:
        kind = self.seats[seat].kind
        return not kind.startswith("bot:") and kind != "automa"

    def is_automa(self, seat: int) -> bool:
        """A seat the rules play themselves (its only move is a forced one): the table plays it."""
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "automa"

    def passes_for(self, seat: int) -> bool:
        """Whether the table answers this seat's pass-only asks itself (a person, present, who did
        not choose "always ask me"; a bot, or a bot standing in, answers like any other ask)."""
        st = self.seats[seat]
        return st.kind == "person" and not st.covered_by and seat not in self.always_ask

    def controls(self, user: str, seat: int) -> bool:
        if not 0 <= seat < len(self.seats):
            return False
        st = self.seats[seat]
        return st.kind == "person" and st.owner == user

    @property
    def game(self) -> Match:
        """The match, or a refusal while the table still waits for players."""
        if self.match is None:
            raise HubError(f"the game starts when every seat is taken (waiting for {', '.join(self.waiting_for())})")
        return self.match

    def waiting_for(self) -> list[str]:
        return [s.name if s.kind == "open" else s.kind[9:] for s in self.seats
                if s.kind == "open" or s.kind.startswith("reserved:")]

    def open_seats(self) -> bool:
        return any(s.kind == "open" or s.kind.startswith("reserved:") for s in self.seats)

    @property
    def status(self) -> str:
        if self.match is None:
            return "waiting"
        if self.match.is_over():
            return "finished"
        return "playing"

    def covered_moves(self) -> list[int]:
        """Per seat, the moves a stand-in bot made for its absent person (kept in the save)."""
        m = self.match
        if m is None:
            return [0] * len(self.seats)
        key = m.state_id if m.cursor == len(m.line) else -2
        if self._covered[0] != key or key == -2:
            counts = [0] * len(self.seats)
            for p in m.moves:
                if p.by and 0 <= p.seat < len(counts):
                    counts[p.seat] += 1
            self._covered = (key, counts)
        return self._covered[1]

    def cover_at(self, seat: int) -> float:
        """When (epoch seconds) a bot stands in for this absent or idle person; 0: not pending."""
        st = self.seats[seat]
        limit = self.spec.idle_timeout
        m = self.match
        if st.kind != "person" or st.covered_by or limit <= 0 or m is None or m.is_over():
            return 0.0
        since = [t for t in (self.offline_since.get(seat), self.owing_since.get(seat)) if t is not None]
        if not since:
            return 0.0
        return round(_WALL + min(since) + limit, 1)

    def info(self) -> P.TableInfo:
        m = self.match
        view = m.view(None) if m is not None else None
        watchers = sorted({s.user for s in self.sessions.values() if self.id in s.watching})
        covered = self.covered_moves()
        over = m is not None and m.is_over()
        return P.TableInfo(
            id=self.id,
            game=self.rules.id,
            title=self.rules.title,
            players=self.spec.players,
            seats=[msgspec.structs.replace(s, thinking=i in self.thinking, cover_at=self.cover_at(i),
                                           covered_moves=covered[i] if i < len(covered) else 0)
                   for i, s in enumerate(self.seats)],
            status=self.status,
            owner=self.owner,
            name=self.spec.name,
            watchers=watchers,
            round=int(getattr(view, "round", 0) or 0),
            moves=m.cursor if m is not None else 0,
            created=self.created,
            undo=m.header.undo if m is not None else self.spec.undo,
            bot_delay=self.spec.bot_delay,
            idle_timeout=self.spec.idle_timeout,
            options=m.header.options if m is not None else self.spec.options,
            saved=m is not None and (m.autosave_path is not None or over),
            # the seed decides every hidden card: at a server it stays secret until the game ends
            seed=self.spec.seed if (self.show_seed or self.spec.open_seed or over) else None,
            open_seed=self.spec.open_seed,
        )

    def meta(self) -> TableMeta:
        return TableMeta(self.id, self.spec, self.owner, self.seats, self.created, sorted(self.always_ask))


class Hub:
    """All tables of one place (a terminal, or an SSH server)."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, pool: BotPool | None = None,
                 tick: float = 1.0, local: bool = True, idle_timeout: float = 180.0,
                 names_verified: bool = True) -> None:
        # local: one keyboard, one user (the SSH server says False: every client may be hostile,
        # seeds are secret, saves are names in each user's own folder, never paths)
        self.local = local
        self.names_verified = names_verified  # False: anyone may connect under any name
        self.idle_timeout = idle_timeout  # the default wait before a bot stands in for a person
        self.data_dir = Path(data_dir) if data_dir else None
        self.pool = pool if pool is not None else BotPool(workers=1)
        self.tables: dict[str, Table] = {}
        self.sessions: dict[int, Session] = {}
        self._ids = itertools.count(1)
        self._tick = tick
        self._ticker: asyncio.Task[None] | None = None
        self._lobby_dirty = False
        self._lobby_timer: asyncio.TimerHandle | None = None
        self._lobby_sent = -1e9
        self.tokens: dict[str, str] = {}  # session token -> user (handed out by the SSH server)

    # life cycle ----------------------------------------------------------------

    @property
    def tables_dir(self) -> Path | None:
        return self.data_dir / "tables" if self.data_dir else None

    def start(self) -> None:
        """Start the idle watcher (call inside the running event loop)."""
        if self._ticker is None:
            self._ticker = asyncio.get_running_loop().create_task(self._watch_idle())

    async def close(self) -> None:
        if self._ticker:
            self._ticker.cancel()
        if self._lobby_timer is not None:
            self._lobby_timer.cancel()
        for t in self.tables.values():
            for task in list(t.thinking.values()):
                task.cancel()
            if t.match is not None:
                t.match.stop_autosave()
        self.pool.close()

    def restore(self) -> list[str]:
        """Bring back every table saved in the data dir; return one line for each that cannot.

        A table whose files cannot be read is moved to ``tables/damaged/`` (and logged), so one
        bad file never stops the others, nor the server, from starting.
        """
        problems: list[str] = []
        d = self.tables_dir
        if d is None or not d.is_dir():
            return problems
        for meta_path in sorted(d.glob("*.json")):
            if meta_path.stem in self.tables:
                continue  # already here (restore is safe to call twice)
            plank = meta_path.with_suffix(".plank")
            try:
                meta = msgspec.json.decode(meta_path.read_bytes(), type=TableMeta)
                if meta.id != meta_path.stem:
                    raise ValueError(f"it names table {meta.id!r}")
                m = Match.load(plank) if plank.exists() else None  # no save yet: still waiting
                t = Table(meta.id, m, meta.spec, meta.owner, meta.seats, meta.created)
            except Exception as e:  # noqa: BLE001 - whatever is wrong with one table, the rest start
                why = str(e).replace(str(d) + os.sep, "") if isinstance(e, SaveError) else f"{type(e).__name__}: {e}"
                problem = f"table {meta_path.stem}: {why}"
                self._set_aside(meta_path, plank)
                log.warning("set aside a table that cannot be restored (in tables/damaged): %s", problem)
                problems.append(problem)
                continue
            for st in t.seats:
                st.online = False
                st.thinking = False
                if st.kind == "person":
                    st.covered_by = ""
            t.always_ask = {i for i in meta.always_ask if 0 <= i < len(t.seats)}
            if m is not None and not m.is_over():
                m.autosave_to(plank)
            t.show_seed = self.local
            self.tables[t.id] = t
            self._after_change(t)
        return problems

    def _set_aside(self, *paths: Path) -> None:
        assert self.tables_dir is not None
        aside = self.tables_dir / "damaged"
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        for p in paths:
            if p.exists():
                aside.mkdir(parents=True, exist_ok=True)
                try:
                    os.replace(p, aside / f"{p.stem}.{stamp}{p.suffix}")
                except OSError as e:
                    log.error("could not set %s aside: %s", p.name, e.strerror)

    # sessions ------------------------------------------------------------------

    def connect(self, user: str, deliver: Callable[[P.Msg], None]) -> Session:
        s = Session(next(self._ids), user, deliver)
        self.sessions[s.id] = s
        s.send(P.Welcome(user, s.id, self.names_verified))
        if not self.local:
            self._rejoin(s)
        self._lobby_changed()
        return s

    def _rejoin(self, session: Session) -> None:
        """Someone comes back: straight to their seat at the game they left (the latest one)."""
        candidates = []
        for t in self.tables.values():
            mine = [i for i, st in enumerate(t.seats) if st.kind == "person" and st.owner == session.user]
            if t.status == "finished" or not mine or any(t.seats[i].online for i in mine):
                continue  # over, not theirs, or they are at it in another session already
            m = t.match
            last = m.line[m.cursor - 1].t_ms if m is not None and m.cursor else 0
            candidates.append((t.status == "playing", last, t.created, t.id, mine))
        if not candidates:
            return
        *_, tid, mine = max(candidates)
        t = self.tables[tid]
        for seat in mine:
            self.attach(session, t, seat)
            self._return_owner(t, seat)
        self._joined(session, t, sorted(session.seats.get(t.id, ())))
        self.chat_line(t, "table", f"{session.user} is back")
        self._after_change(t)

    def disconnect(self, session: Session) -> None:
        session.closed = True
        self.sessions.pop(session.id, None)
        now = time.monotonic()
        for tid in list(session.seats) + list(session.watching):
            t = self.tables.get(tid)
            if t is None:
                continue
            t.sessions.pop(session.id, None)
            self._refresh_presence(t, now)
            self._say_away(t, session.seats.get(tid, set()))
            self._broadcast(t)
        self._lobby_changed()

    def _say_away(self, t: Table, seats: set[int]) -> None:
        """Tell the table at once that a player has gone, and when a bot will stand in."""
        if self.local or t.match is None or t.match.is_over():
            return
        gone = [i for i in sorted(seats) if t.is_person(i) and not t.seats[i].online and not t.seats[i].covered_by]
        for i in gone:
            name = t.seats[i].name
            limit = t.spec.idle_timeout
            when = f"a bot plays for them if they are not back within {_duration(limit)}" if limit > 0 \
                else "the game waits for them"
            self.chat_line(t, "table", f"{name} has left the table; {when}")

    async def handle(self, session: Session, msg: P.Msg) -> None:
        """Carry out one request; a refusal comes back to the sender as an error Notice."""
        handler = _HANDLERS.get(type(msg))
        if handler is None:
            session.send(P.Notice(f"unexpected message {type(msg).__name__}", "error"))
            return
        try:
            await handler(self, session, msg)
        except HubError as e:
            session.send(P.Notice(str(e), "error", getattr(msg, "table", ""), getattr(msg, "ref", "")))

    # tables --------------------------------------------------------------------

    def _table(self, tid: str) -> Table:
        t = self.tables.get(tid)
        if t is None:
            raise HubError(f"there is no table {tid!r}")
        return t

    def _new_id(self) -> str:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        for n in itertools.count(1):
            tid = f"{stamp}-{n}"
            if tid not in self.tables and not (self.tables_dir and (self.tables_dir / f"{tid}.json").exists()):
                return tid
        raise AssertionError("unreachable")

    def create_table(self, session: Session, spec: P.TableSpec) -> Table:
        try:
            rules = games.get(spec.game)
        except KeyError:
            raise HubError(f"unknown game {spec.game!r}") from None
        if spec.players not in rules.players:
            raise HubError(f"{rules.title} is for {rules.players.start}–{rules.players.stop - 1} players")
        if len(spec.seats) > spec.players:
            raise HubError("more seats than players")
        if not 0 <= spec.bot_delay <= 30:
            raise HubError("bot delay must be 0–30 s")
        if spec.idle_timeout < 0:
            spec = msgspec.structs.replace(spec, idle_timeout=self.idle_timeout)
        seat_specs = list(spec.seats) + [P.SeatSpec("open")] * (spec.players - len(spec.seats))
        for i, ss in enumerate(seat_specs):
            kind = ss.kind
            if kind.startswith("bot:"):
                try:
                    bots.make(kind[4:], rules, 0)
                except ValueError as e:
                    raise HubError(str(e)) from None
            elif kind.startswith("reserved:"):
                if not 0 < len(kind) - 9 <= 32:
                    raise HubError(f"seat {i + 1}: reserved for whom?")
                if not self.local and names.user_name_problem(kind[9:]):
                    raise HubError(f"seat {i + 1}: no user can be called {ascii(kind[9:])} here")
            elif kind not in ("person", "open"):
                raise HubError(f"seat {i + 1}: a seat is person, bot:LEVEL, open or reserved:USER, not {kind!r}")
            problem = names.seat_name_problem(ss.name) if ss.name and not self.local else ""
            if problem:
                raise HubError(f"seat {i + 1}: {problem}")
        spec = msgspec.structs.replace(spec, undo=undo_policy(spec.undo))
        if spec.undo not in UNDO_POLICIES:
            raise HubError(f"undo policy must be off, turn or practice, not {spec.undo!r}")
        try:
            rules.options_from(spec.options or None)
        except (ValueError, msgspec.ValidationError) as e:
            raise HubError(f"bad option for {rules.title}: {e}") from None
        if not self.local and spec.seed is not None and not spec.open_seed:
            raise HubError("a chosen seed needs an open-seed table (the seed decides every hidden card)")
        if spec.seed is None:
            spec = msgspec.structs.replace(spec, seed=new_seed())  # the OS's secure generator
        colours = rules.colours
        seats = []
        for i, ss in enumerate(seat_specs):
            colour = ss.colour or colours[i % len(colours)]
            name = ss.name[:24]
            if ss.kind == "person" and not self.local and name in ("", colour.capitalize()):
                name = session.user[:24]  # over the network a person is known by their name
            elif not name:
                name = colour.capitalize()
            owner = session.user if ss.kind == "person" else ""
            seats.append(P.SeatStatus(i, name, colour, ss.kind, owner=owner))
        created = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        t = Table(self._new_id(), None, spec, session.user, seats, created)
        t.show_seed = self.local
        if not t.open_seats():
            self._deal(t)  # every seat is taken: the game starts now
        self._register(t)
        return t

    def _deal(self, t: Table) -> None:
        """Every seat is taken: set the game up, with everyone's names in it."""
        spec = t.spec
        infos = [SeatInfo(name=st.name, kind=st.kind, colour=st.colour) for st in t.seats]
        try:
            t.match = Match.new(t.rules.id, spec.players, seed=spec.seed, options=spec.options or None,
                                seats=infos, undo=spec.undo, name=spec.name[:60])
        except (ValueError, msgspec.ValidationError) as e:
            raise HubError(str(e)) from None
        t.created = t.match.header.created
        for i, info in enumerate(t.match.header.seats[len(t.seats):], start=len(t.seats)):
            # the rules seated an automa beside the people (kind "automa"): the table plays it
            t.seats.append(P.SeatStatus(i, info.name, info.colour, info.kind, owner=""))
        if self.tables_dir is not None:
            t.match.autosave_to(self.tables_dir / f"{t.id}.plank")
            self._write_meta(t)

    def open_save(self, session: Session, path: str = "", name: str = "", replay: bool = False) -> Table | None:
        """Continue a saved game as a new table (or, at a server, send its replay when it may be shown).

        A local hub opens a file by path. A server opens only the user's own saves, by name, and
        never lets a copy show what its game still hides: an unfinished copy continues only if every
        person seat in it was the user's; otherwise it can be replayed once its game has ended.
        """
        if self.local and path:
            try:
                m = Match.load(path)
            except SaveError as e:
                raise HubError(str(e)) from None
        else:
            if path:
                raise HubError("saves at a server are opened by name, from your own saves")
            name, plank = self._save_path(session.user, name)
            m, entry = self._load_save(session.user, name, plank)
            if replay or entry.finished or (entry.can_replay and not entry.can_continue):
                if not entry.can_replay:
                    raise HubError(entry.why or "an unfinished game cannot be replayed: it would show every hand")
                session.send(P.ReplayData("", m.to_bytes()))
                return None
            if not entry.can_continue:
                raise HubError(entry.why or f"{name} cannot be continued here")
        h = m.header
        spec = P.TableSpec(h.game, h.players, [P.SeatSpec(s.kind, s.name, s.colour) for s in h.seats],
                           h.options, h.seed, h.undo, name=h.name)
        seats = [P.SeatStatus(i, s.name, s.colour, s.kind if s.kind.startswith("bot:") or s.kind == "automa"
                              else "person", owner="" if s.kind.startswith("bot:") or s.kind == "automa"
                              else session.user)
                 for i, s in enumerate(h.seats)]
        t = Table(self._new_id(), m, spec, session.user, seats, h.created)
        for w in m.warnings:
            session.send(P.Notice(w, "info", t.id))
        self._register(t)
        return t

    # a user's own saves ------------------------------------------------------------

    def saves_dir(self, user: str) -> Path | None:
        """A user's saves: ``saves/`` in a local hub's data dir, ``users/<user>/saves/`` at a server."""
        if self.data_dir is None:
            return None
        if self.local:
            return self.data_dir / "saves"
        return self.data_dir / "users" / names.folder_name(user) / "saves"

    def _save_path(self, user: str, name: str) -> tuple[str, Path]:
        try:
            name = names.save_name(name)
        except ValueError as e:
            raise HubError(str(e)) from None
        folder = self.saves_dir(user)
        if folder is None:
            raise HubError("this table server keeps no saves")
        return name, folder / f"{name}{names.SAVE_SUFFIX}"

    def save_copy(self, session: Session, t: Table, name: str) -> str:
        """Keep a copy of a table's game among the user's saves; return the name it was kept under."""
        m = t.game
        if session.id not in t.sessions:
            raise HubError("join or watch the table to keep a copy of its game")
        name, path = self._save_path(session.user, name)
        folder = path.parent
        if not self.local and not path.exists() and folder.is_dir() \
                and sum(1 for _ in folder.glob(f"*{names.SAVE_SUFFIX}")) >= MAX_SAVES:
            raise HubError(f"you have {MAX_SAVES} saves here already: delete some first (the saves list, x)")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            m.save(path)
            if not self.local:
                meta = SaveMeta(t.id, [st.owner if st.kind == "person" else "" for st in t.seats])
                tmp = path.with_suffix(".json.tmp")
                tmp.write_bytes(msgspec.json.encode(meta))
                os.replace(tmp, path.with_suffix(".json"))
        except OSError as e:
            log.error("saving a copy of table %s for %s failed: %s", t.id, session.user, e)
            raise HubError(f"could not save: {e.strerror or 'the disk refused'}") from None
        return name

    def _load_save(self, user: str, name: str, plank: Path) -> tuple[Match, P.SaveEntry]:
        try:
            with open(plank, "rb") as f:
                data = f.read(MAX_SAVE_BYTES + 1)
        except FileNotFoundError:
            raise HubError(f"you have no save called {name!r}") from None
        except OSError as e:
            raise HubError(f"{name}: cannot read it ({e.strerror})") from None
        try:
            m = Match.from_bytes(data, name)
        except SaveError as e:
            raise HubError(str(e)) from None
        return m, self._entry(user, name, m, _read_save_meta(plank))

    def _entry(self, user: str, name: str, m: Match, meta: SaveMeta | None) -> P.SaveEntry:
        h = m.header
        over = m.is_over()
        entry = P.SaveEntry(name, m.rules.title, ", ".join(s.name for s in h.seats), m.cursor, over,
                            h.created.replace("T", " ").rstrip("Z")[:16])
        if over:
            entry.can_replay = True
        elif self.local:
            entry.can_continue = True
        elif meta is None:
            entry.why = "where this save came from is not known, so it cannot be opened here"
        elif all(owner in ("", user) for owner in meta.people):
            entry.can_continue = True  # every person seat was yours: nothing in it is hidden from you
        else:
            source = self.tables.get(meta.table)
            if source is not None and source.status == "finished":
                entry.can_replay = True  # its game has ended: everything in it may be shown now
            elif source is not None:
                entry.why = "its game is still being played: the copy opens (as a replay) once that game is over"
            else:
                entry.why = "its game is no longer on this server, so the copy cannot show the others' seats"
        return entry

    def list_saves(self, user: str) -> P.Saves:
        folder = self.saves_dir(user)
        where = "your saves folder" if self.local else "your saves on this server"
        if folder is None or not folder.is_dir():
            return P.Saves([], where)
        files = []
        for p in folder.glob(f"*{names.SAVE_SUFFIX}"):
            try:
                files.append((p.stat().st_mtime, p))
            except OSError:
                continue
        out = []
        for _, p in sorted(files, key=lambda x: (-x[0], x[1].name)):
            name = p.name[: -len(names.SAVE_SUFFIX)]
            try:
                m, entry = self._load_save(user, name, p)
            except HubError as e:
                entry = P.SaveEntry(name, problem=str(e))
            out.append(entry)
        return P.Saves(out, where)

    def delete_save(self, user: str, name: str) -> str:
        name, path = self._save_path(user, name)
        if not path.exists():
            raise HubError(f"you have no save called {name!r}")
        try:
            path.unlink()
            path.with_suffix(".json").unlink(missing_ok=True)
        except OSError as e:
            raise HubError(f"could not delete {name}: {e.strerror}") from None
        return name

    def rename_save(self, user: str, name: str, new_name: str) -> tuple[str, str]:
        """Rename one of a user's saves; return both names as kept. Both are names in the user's own
        folder (never paths), and a save already called ``new_name`` is never replaced."""
        name, path = self._save_path(user, name)
        new_name, new = self._save_path(user, new_name)
        if not path.is_file():
            raise HubError(f"you have no save called {name!r}")
        if new_name == name:
            raise HubError(f"that is its name already: {name!r}")
        same_file = new.exists() and os.path.samefile(path, new)  # a new case on a case-blind disk
        if new.exists() and not same_file:
            raise HubError(f"there is a save called {new_name!r} already: choose another name")
        try:
            names.move_without_replacing(path, new, same_file)
            meta = path.with_suffix(".json")
            if meta.exists():
                os.replace(meta, new.with_suffix(".json"))
        except FileExistsError:
            raise HubError(f"there is a save called {new_name!r} already: choose another name") from None
        except OSError as e:
            raise HubError(f"could not rename {name}: {e.strerror or 'the disk refused'}") from None
        return name, new_name

    def _register(self, t: Table) -> None:
        t.show_seed = self.local
        self.tables[t.id] = t
        if self.tables_dir is not None:
            self.tables_dir.mkdir(parents=True, exist_ok=True)
            if t.match is not None and t.match.autosave_path is None and not t.match.is_over():
                t.match.autosave_to(self.tables_dir / f"{t.id}.plank")
            self._write_meta(t)
        self._lobby_changed()

    def _write_meta(self, t: Table) -> None:
        if self.tables_dir is None:
            return
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        path = self.tables_dir / f"{t.id}.json"
        tmp = path.with_suffix(".json.tmp")
        tmp.write_bytes(msgspec.json.encode(t.meta()))
        os.replace(tmp, path)

    def attach(self, session: Session, t: Table, seat: int | None) -> None:
        if session.id not in t.sessions:
            session.chat_due.add(t.id)  # the chat so far follows the Joined (see _joined)
        if seat is None:
            session.watching.add(t.id)
        else:
            session.seats.setdefault(t.id, set()).add(seat)
        t.sessions[session.id] = session

    def _joined(self, session: Session, t: Table, seats: list[int], watching: bool = False, ref: str = "") -> None:
        """Tell a client it is at a table, then what was said there (it opens the table screen first)."""
        session.send(P.Joined(t.id, seats, watching=watching, ref=ref, game=t.rules.id))
        if t.id in session.chat_due:
            session.chat_due.discard(t.id)
            for line in t.chat[-CHAT_REPLAYED:]:
                session.send(line)

    def sit(self, session: Session, t: Table, seat: int, accept_open_seed: bool = False,
            accept_practice: bool = False) -> None:
        if not 0 <= seat < len(t.seats):
            raise HubError(f"seat {seat + 1} does not exist at this table")
        st = t.seats[seat]
        user = session.user
        if st.kind == "open" or st.kind.startswith("reserved:"):
            if st.kind.startswith("reserved:") and st.kind[9:] != user:
                raise HubError(f"seat {seat + 1} is reserved for {st.kind[9:]}")
            if t.spec.open_seed and not accept_open_seed:
                raise HubError(f"this table's seed is open ({t.owner} chose it): whoever knows it can work out "
                               "every hidden card; sit down only if you accept that")
            if t.spec.undo == "practice" and not accept_practice:
                raise HubError(f"this is a practice table ({t.owner} chose it): anyone may take back any move, "
                               "even after a card or a secret was revealed; sit down only if you accept that")
            st.kind, st.owner = "person", user
            if not st.name or st.name == st.colour.capitalize():
                st.name = user[:24]
            self._write_meta(t)
        elif st.kind == "person":
            if st.owner != user:
                raise HubError(f"seat {seat + 1} belongs to {st.owner}")
        else:
            raise HubError(f"seat {seat + 1} is a bot's")
        back = st.kind == "person" and st.owner == user and not st.online and t.match is not None \
            and not t.match.is_over() and not self.local and session.id not in t.sessions
        self.attach(session, t, seat)
        if t.match is None and not t.open_seats():
            self._deal(t)  # the last seat is taken: the game starts
        self._return_owner(t, seat)
        if back:
            self.chat_line(t, "table", f"{user} is back")

    def _return_owner(self, t: Table, seat: int) -> None:
        """The owner is back: their bot stand-in stops."""
        st = t.seats[seat]
        if st.covered_by:
            st.covered_by = ""
            task = t.thinking.pop(seat, None)
            if task:
                task.cancel()
        t.owing_since.pop(seat, None)
        if t.match is not None and seat in t.match.to_act():
            t.owing_since[seat] = time.monotonic()
        t.offline_since.pop(seat, None)

    # moves ---------------------------------------------------------------------

    def play(self, session: Session, t: Table, seat: int, raw_move: Any, state_id: int) -> None:
        if not t.controls(session.user, seat):
            raise HubError(f"seat {seat + 1} is not yours")
        try:
            move = P.typed_move(t.rules, raw_move)
        except (msgspec.ValidationError, TypeError):
            raise HubError(f"that is not a {t.rules.title} move") from None
        m = t.game
        if t.seats[seat].covered_by:
            self._return_owner(t, seat)
        t.passed_for.discard(m.cursor)
        try:
            m.play(seat, move, state_id=state_id)
        except StaleCommand:
            self._send_update(t, session, seat)
            raise HubError("the table moved on before your move arrived; look again") from None
        except IllegalMove as e:
            raise HubError(f"illegal move: {e.why}") from None
        t.owing_since.pop(seat, None)
        self._after_change(t)

    def play_many(self, session: Session, t: Table, seat: int, raw_moves: list[Any], state_id: int) -> None:
        """Apply a run of one seat's moves, all or none, checked before any is applied.

        A run may not go on past a move that shows the seat something new (a draw): were it
        refused afterwards, the refusal would tell what was drawn (see ``Match.check_run``).
        """
        if not t.controls(session.user, seat):
            raise HubError(f"seat {seat + 1} is not yours")
        if not raw_moves or len(raw_moves) > 64:
            raise HubError("a run of moves holds 1–64 moves")
        try:
            moves = [P.typed_move(t.rules, raw) for raw in raw_moves]
        except (msgspec.ValidationError, TypeError):
            raise HubError(f"that is not a run of {t.rules.title} moves") from None
        m = t.game
        if state_id != m.state_id:
            self._send_update(t, session, seat)
            raise HubError("the table moved on before your move arrived; look again")
        try:
            m.check_run(seat, moves)
        except IllegalMove as e:
            raise HubError(f"illegal run of moves: {e.why}") from None
        if t.seats[seat].covered_by:
            self._return_owner(t, seat)
        t.passed_for.difference_update(range(m.cursor, m.cursor + len(moves)))
        m.play_run(seat, moves)
        t.owing_since.pop(seat, None)
        self._after_change(t)

    def undo(self, session: Session, t: Table, seat: int, state_id: int) -> None:
        if not t.controls(session.user, seat):
            raise HubError(f"seat {seat + 1} is not yours")
        m = t.game
        ok, why = self.can_undo(t, seat)
        if not ok:
            raise HubError(f"cannot undo: {why}")
        if state_id != m.state_id:
            raise HubError("the table moved on; look again")
        self._stop_bots(t)
        try:
            if m.header.undo == "practice":
                while m.cursor:
                    undone = m.undo()
                    if t.is_person(undone.seat):
                        break
            else:
                passes = self._table_passes(t)
                for _ in range(passes):
                    m.undo()  # the passes the table made go back with the move they answered
                try:
                    m.undo(seat)
                except UndoRefused:
                    for _ in range(passes):
                        m.redo()
                    raise
        except UndoRefused as e:
            raise HubError(f"cannot undo: {e}") from None
        self._after_change(t)

    def redo(self, session: Session, t: Table, seat: int, state_id: int) -> None:
        if not t.controls(session.user, seat):
            raise HubError(f"seat {seat + 1} is not yours")
        m = t.game
        if state_id != m.state_id:
            raise HubError("the table moved on; look again")
        ok, why = m.can_redo(seat)
        if not ok:
            raise HubError(f"cannot redo: {why}")
        self._stop_bots(t)
        m.redo(seat)
        while m.cursor in t.passed_for and m.can_redo()[0]:
            m.redo()  # and the passes the table made after it
        if m.header.undo == "practice":
            while m.can_redo()[0] and not t.is_person(m.line[m.cursor].seat):
                m.redo()
        self._after_change(t)

    def can_undo(self, t: Table, seat: int | None) -> tuple[bool, str]:
        m = t.match
        if seat is None:
            return False, "watching"
        if m is None:
            return False, "the game has not started"
        if m.header.undo == "practice":
            if m.cursor == 0:
                return False, "nothing to undo"
            if not any(t.is_person(p.seat) for p in m.line[: m.cursor]):
                return False, "no move of yours to take back"
            return True, ""
        passes = self._table_passes(t)
        if not passes:
            return m.can_undo(seat)
        if m.header.undo == "off":
            return m.can_undo(seat)
        # the table's passes on top go back with the move below them: that move decides
        below = m.line[m.cursor - passes - 1] if m.cursor > passes else None
        if below is None:
            return False, "nothing to undo"
        if below.seat != seat:
            return False, f"{m.seat_name(below.seat)} has acted since"
        if below.reveal or any(p.reveal for p in m.line[m.cursor - passes: m.cursor]):
            return False, "something was revealed since (a draw or a secret)"
        return True, ""

    @staticmethod
    def _table_passes(t: Table) -> int:
        """How many of the last moves were passes the table made for a seat (see ``ASKING_PASS``)."""
        m = t.game
        n = 0
        while m.cursor - n > 0 and m.cursor - n - 1 in t.passed_for:
            n += 1
        return n

    def _stop_bots(self, t: Table) -> None:
        t.epoch += 1
        for task in list(t.thinking.values()):
            task.cancel()
        t.thinking.clear()

    # after every change -----------------------------------------------------------

    def _after_change(self, t: Table) -> None:
        now = time.monotonic()
        if t.match is None:
            self._refresh_presence(t, now)
            self._broadcast(t)
            self._lobby_changed()
            return
        acting = t.match.to_act()
        for seat in list(t.owing_since):
            if seat not in acting:
                del t.owing_since[seat]
        for seat in acting:
            t.owing_since.setdefault(seat, now)
        if t.match.is_over():
            t.match.stop_autosave()
            for st in t.seats:
                st.covered_by = ""
        self._refresh_presence(t, now)
        self._broadcast(t)
        self._schedule_bots(t)
        self._schedule_passes(t)
        self._lobby_changed()

    def _refresh_presence(self, t: Table, now: float) -> None:
        held = {seat for s in t.sessions.values() for seat in s.seats.get(t.id, ())}
        for i, st in enumerate(t.seats):
            online = i in held
            if st.online and not online:
                t.offline_since[i] = now
            if online:
                t.offline_since.pop(i, None)
            st.online = online

    def _broadcast(self, t: Table) -> None:
        if t.match is None:
            waiting = P.Waiting(t.info())
            for s in list(t.sessions.values()):
                s.send(waiting)
            return
        for s in list(t.sessions.values()):
            for seat in sorted(s.seats.get(t.id, ())):
                self._send_update(t, s, seat)
            if t.id in s.watching:
                self._send_update(t, s, None)

    def _send_update(self, t: Table, s: Session, seat: int | None) -> None:
        m = t.game
        view = m.view(seat)
        acting = m.to_act()
        legal = m.legal(seat) if seat is not None and seat in acting and not t.bot_level(seat) else []
        label = t.rules.label
        choices = [P.MoveChoice(mv, *label(view, mv)) for mv in legal]
        visible = m.events(seat, everything=m.is_over())
        key = (t.id, seat)
        start = min(s.sent.get(key, 0), len(visible))
        s.sent[key] = len(visible)
        can_undo, undo_why = self.can_undo(t, seat)
        can_redo, redo_why = m.can_redo(seat) if seat is not None else (False, "watching")
        auto = seat is not None and len(legal) == 1 and self._passing(t, seat, view)
        s.send(P.Update(
            table=t.info(), seat=seat, state_id=m.state_id, view=view, legal=choices, to_act=list(acting),
            log_start=start, events=visible[start:], cursor=m.cursor, can_undo=can_undo, undo_why=undo_why,
            can_redo=can_redo, redo_why=redo_why, result=m.result(), auto_pass=auto,
            always_ask=seat is not None and seat in t.always_ask,
        ))

    # passes the table makes ----------------------------------------------------------

    @staticmethod
    def _passing(t: Table, seat: int, view: Any) -> bool:
        """The seat is asked only to pass, and the table passes for it (see ``ASKING_PASS``)."""
        return getattr(view, "asking", "") == ASKING_PASS and t.passes_for(seat)

    def _schedule_passes(self, t: Table) -> None:
        """Answer the pass-only asks of persons who did not choose "always ask me": after the ask
        went out to everyone (so every other seat sees the same, whoever answers), as its own move."""
        m = t.match
        if m is None or m.is_over():
            return
        due = next((seat for seat in m.to_act() if self._passing(t, seat, m.view(seat))), None)
        if due is None:
            return
        state_id = m.state_id
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._pass_for(t, due, state_id)
            return
        loop.call_soon(self._pass_for, t, due, state_id)

    def _pass_for(self, t: Table, seat: int, state_id: int) -> None:
        m = t.match
        if m is None or m.state_id != state_id or seat not in m.to_act():
            return  # the table moved on (an undo, a change of mind): nothing to answer
        legal = m.legal(seat)
        if len(legal) != 1 or not self._passing(t, seat, m.view(seat)):
            return  # "always ask me" was switched on meanwhile
        t.passed_for.add(m.cursor)
        m.play(seat, legal[0])
        t.owing_since.pop(seat, None)
        self._after_change(t)

    # bots ------------------------------------------------------------------------

    def _schedule_bots(self, t: Table) -> None:
        if t.match is None or t.match.is_over():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        for seat in t.match.to_act():
            if t.is_automa(seat) and seat not in t.thinking:
                t.thinking[seat] = loop.create_task(self._automa_turn(t, seat))
                continue
            level = t.bot_level(seat)
            if level and seat not in t.thinking:
                t.thinking[seat] = loop.create_task(self._bot_turn(t, seat, level))

    async def _automa_turn(self, t: Table, seat: int) -> None:
        """An automa seat's forced move, played after the table's bot delay (so it can be followed)."""
        epoch = t.epoch
        m = t.game
        try:
            self._broadcast(t)
            if t.spec.bot_delay > 0:
                await asyncio.sleep(t.spec.bot_delay)
        except asyncio.CancelledError:
            return
        finally:
            if t.thinking.get(seat) is asyncio.current_task():
                del t.thinking[seat]
        legal = m.legal(seat) if seat in m.to_act() else []
        if t.epoch != epoch or not legal:
            self._schedule_bots(t)
            return
        t.passed_for.discard(m.cursor)
        m.play(seat, legal[0])
        self._after_change(t)

    async def _bot_turn(self, t: Table, seat: int, level: str) -> None:
        loop = asyncio.get_running_loop()
        start = loop.time()
        epoch = t.epoch
        m = t.game
        try:
            self._broadcast(t)  # show who is thinking
            sample, bot_seed = sample_for(t.rules, m.state, seat, m.header.seed, m.cursor)
            move = await self.pool.choose(t.rules, level, seat, sample, bot_seed)
            wait = t.spec.bot_delay - (loop.time() - start)
            if wait > 0:
                await asyncio.sleep(wait)
            # bots answering one simultaneous choice play in seat order, whichever thought faster:
            # the same game (and the same log) every time
            earlier = [task for other, task in t.thinking.items()
                       if other < seat and task is not asyncio.current_task()]
            if earlier:
                await asyncio.wait(earlier)
        except asyncio.CancelledError:
            return
        except Exception:  # noqa: BLE001 - a crashed bot must not stall the table
            log.exception("bot %s for seat %s failed; playing its first legal move", level, seat)
            legal = m.legal(seat)
            move = legal[0] if legal else None
        finally:
            if t.thinking.get(seat) is asyncio.current_task():
                del t.thinking[seat]
        if t.epoch != epoch or seat not in m.to_act() or t.bot_level(seat) is None or move is None:
            self._schedule_bots(t)
            return
        by = f"bot:{level}" if t.is_person(seat) else ""  # a stand-in: the record says the bot played it
        t.passed_for.discard(m.cursor)
        try:
            m.play(seat, move, by=by)
        except IllegalMove:
            log.error("bot %s for seat %s chose an illegal move %r", level, seat, move)
            m.play(seat, m.legal(seat)[0], by=by)
        self._after_change(t)

    async def _watch_idle(self) -> None:
        while True:
            await asyncio.sleep(self._tick)
            now = time.monotonic()
            for t in list(self.tables.values()):
                self._cover_idle(t, now)
            if self._lobby_dirty:
                self._send_lobby()

    def _cover_idle(self, t: Table, now: float) -> None:
        limit = t.spec.idle_timeout
        if limit <= 0 or t.match is None or t.match.is_over():
            return
        changed = False
        for seat in t.match.to_act():
            st = t.seats[seat]
            if st.kind != "person" or st.covered_by:
                continue
            idle = now - t.owing_since.get(seat, now)
            away = now - t.offline_since[seat] if seat in t.offline_since else 0.0
            if idle >= limit or away >= limit:
                self.cover(t, seat)
                changed = True
        if changed:
            self._after_change(t)

    def cover(self, t: Table, seat: int) -> None:
        level = next(lvl for lvl in COVER_LEVELS if lvl in bots.levels(t.rules))
        t.seats[seat].covered_by = level
        self.chat_line(t, "table", f"{t.seats[seat].name} is away; a {level} bot plays for them until they return")

    # lobby & chat ----------------------------------------------------------------

    def _lobby_changed(self) -> None:
        """Something the lobby shows may have changed: tell its viewers, at most every LOBBY_EVERY s."""
        self._lobby_dirty = True
        if self._lobby_timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        wait = max(0.0, self._lobby_sent + LOBBY_EVERY - loop.time())
        self._lobby_timer = loop.call_later(wait, self._send_lobby)

    def lobby(self) -> P.Lobby:
        """What the lobby shows: tables without per-move detail (it would change on every move)."""
        tables = []
        for t in self.tables.values():
            info = t.info()
            info.moves = 0
            for st in info.seats:
                st.thinking = False
            tables.append(info)
        online = sorted({s.user for s in self.sessions.values()})
        return P.Lobby(tables, online)

    def _send_lobby(self) -> None:
        self._lobby_timer = None
        if not self._lobby_dirty:
            return
        self._lobby_dirty = False
        try:
            self._lobby_sent = asyncio.get_running_loop().time()
        except RuntimeError:
            pass
        listeners = [s for s in self.sessions.values() if s.lobby]
        if not listeners:
            return
        msg = self.lobby()
        data = P.encode(msg)
        for s in listeners:
            if s.lobby_seen != data:  # nothing new for this one: say nothing
                s.lobby_seen = data
                s.send(msg)

    def chat_line(self, t: Table, user: str, text: str) -> None:
        line = P.ChatLine(t.id, user, text, time.time())
        t.chat.append(line)
        del t.chat[:-CHAT_KEPT]
        for s in list(t.sessions.values()):
            s.send(line)


def _read_save_meta(plank: Path) -> SaveMeta | None:
    try:
        return msgspec.json.decode(plank.with_suffix(".json").read_bytes(), type=SaveMeta)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return None


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:g} s"
    return f"{seconds / 60:g} min"


# ----------------------------------------------------------------- request handlers


async def _hello(hub: Hub, s: Session, msg: P.Hello) -> None:
    s.send(P.Welcome(s.user, s.id))


async def _lobby(hub: Hub, s: Session, msg: P.WatchLobby) -> None:
    s.lobby = msg.on
    if msg.on:
        lobby = hub.lobby()
        s.lobby_seen = P.encode(lobby)
        s.send(lobby)


def _join_new(hub: Hub, s: Session, t: Table, ref: str) -> None:
    """The one who made or opened a table takes their seats at it (or watches it)."""
    mine = [i for i, st in enumerate(t.seats) if st.kind == "person" and st.owner == s.user]
    for seat in mine:
        hub.attach(s, t, seat)
    if not mine:
        hub.attach(s, t, None)
    hub._joined(s, t, mine, watching=not mine, ref=ref)
    hub._after_change(t)


async def _create(hub: Hub, s: Session, msg: P.CreateTable) -> None:
    _join_new(hub, s, hub.create_table(s, msg.spec), msg.ref)


async def _open_save(hub: Hub, s: Session, msg: P.OpenSave) -> None:
    t = hub.open_save(s, msg.path, msg.name, msg.replay)
    if t is not None:
        _join_new(hub, s, t, msg.ref)


async def _save_copy(hub: Hub, s: Session, msg: P.SaveCopy) -> None:
    t = hub._table(msg.table)
    name = hub.save_copy(s, t, msg.name)
    where = "in your saves folder (Load lists it)" if hub.local else \
        "among your saves on this server (l in the lobby lists them)"
    s.send(P.Notice(f"Saved a copy as “{name}” {where}", "info", t.id, msg.ref))


async def _list_saves(hub: Hub, s: Session, msg: P.ListSaves) -> None:
    loop = asyncio.get_running_loop()
    s.send(await loop.run_in_executor(None, hub.list_saves, s.user))


async def _delete_save(hub: Hub, s: Session, msg: P.DeleteSave) -> None:
    name = hub.delete_save(s.user, msg.name)
    s.send(P.Notice(f"Deleted “{name}”", "info"))
    s.send(hub.list_saves(s.user))


async def _rename_save(hub: Hub, s: Session, msg: P.RenameSave) -> None:
    name, new_name = hub.rename_save(s.user, msg.name, msg.new_name)
    s.send(P.Notice(f"Renamed “{name}” to “{new_name}”", "info"))
    s.send(hub.list_saves(s.user))


async def _sit(hub: Hub, s: Session, msg: P.Sit) -> None:
    t = hub._table(msg.table)
    hub.sit(s, t, msg.seat, msg.accept_open_seed, msg.accept_practice)
    hub._joined(s, t, sorted(s.seats.get(t.id, ())))
    hub._after_change(t)


async def _watch(hub: Hub, s: Session, msg: P.Watch) -> None:
    t = hub._table(msg.table)
    hub.attach(s, t, None)
    hub._joined(s, t, [], watching=True)
    hub._after_change(t)


async def _leave(hub: Hub, s: Session, msg: P.Leave) -> None:
    t = hub._table(msg.table)
    held = s.seats.pop(t.id, set())
    s.watching.discard(t.id)
    s.chat_due.discard(t.id)
    if t.match is None:  # leaving before the deal gives the seat back to the table
        for seat in held:
            st = t.seats[seat]
            if st.owner == s.user and s.user != t.owner:
                st.kind, st.owner, st.name = "open", "", st.colour.capitalize()
        hub._write_meta(t)
    for key in [k for k in s.sent if k[0] == t.id]:
        del s.sent[key]
    t.sessions.pop(s.id, None)
    s.send(P.Left(t.id))
    hub._refresh_presence(t, time.monotonic())
    hub._say_away(t, held)
    hub._after_change(t)


async def _play(hub: Hub, s: Session, msg: P.Play) -> None:
    hub.play(s, hub._table(msg.table), msg.seat, msg.move, msg.state_id)


async def _play_many(hub: Hub, s: Session, msg: P.PlayMany) -> None:
    hub.play_many(s, hub._table(msg.table), msg.seat, msg.moves, msg.state_id)


async def _undo(hub: Hub, s: Session, msg: P.Undo) -> None:
    hub.undo(s, hub._table(msg.table), msg.seat, msg.state_id)


async def _redo(hub: Hub, s: Session, msg: P.Redo) -> None:
    hub.redo(s, hub._table(msg.table), msg.seat, msg.state_id)


async def _chat(hub: Hub, s: Session, msg: P.Chat) -> None:
    t = hub._table(msg.table)
    if s.id not in t.sessions:
        raise HubError("join or watch the table to talk there")
    text = "".join(ch for ch in msg.text if ch.isprintable())[: P.MAX_CHAT].strip()
    if text:
        hub.chat_line(t, s.user, text)


async def _kick(hub: Hub, s: Session, msg: P.Kick) -> None:
    t = hub._table(msg.table)
    if t.owner != s.user:
        raise HubError("only the table's owner can hand a seat to a bot")
    if not 0 <= msg.seat < len(t.seats) or t.seats[msg.seat].kind != "person":
        raise HubError("only a person's seat can be handed to a bot")
    if t.seats[msg.seat].owner == s.user:
        raise HubError("that seat is yours")
    hub.cover(t, msg.seat)
    hub._after_change(t)


async def _settings(hub: Hub, s: Session, msg: P.Settings) -> None:
    t = hub._table(msg.table)
    if t.owner != s.user:
        raise HubError("only the table's owner can change its settings")
    if msg.bot_delay is not None:
        if not 0 <= msg.bot_delay <= 30:
            raise HubError("bot delay must be 0–30 seconds")
        t.spec.bot_delay = msg.bot_delay
    if msg.idle_timeout is not None:
        if msg.idle_timeout < 0:
            raise HubError("the idle timeout cannot be negative")
        t.spec.idle_timeout = msg.idle_timeout
    hub._write_meta(t)
    hub._after_change(t)


async def _seat_settings(hub: Hub, s: Session, msg: P.SeatSettings) -> None:
    t = hub._table(msg.table)
    if not t.controls(s.user, msg.seat):
        raise HubError(f"seat {msg.seat + 1} is not yours")
    if msg.always_ask is not None:
        if msg.always_ask:
            t.always_ask.add(msg.seat)
        else:
            t.always_ask.discard(msg.seat)
    hub._write_meta(t)
    for seat in sorted(s.seats.get(t.id, ())):
        if seat == msg.seat:
            hub._send_update(t, s, seat)  # only this player learns the setting changed
    hub._schedule_passes(t)


async def _get_replay(hub: Hub, s: Session, msg: P.GetReplay) -> None:
    t = hub._table(msg.table)
    if t.match is None or not t.match.is_over():
        raise HubError("a game can be replayed with everything shown once it has ended")
    data = t.match.to_bytes()
    s.send(P.ReplayData(t.id, data))


async def _ping(hub: Hub, s: Session, msg: P.Ping) -> None:
    s.send(P.Pong(msg.n))


_HANDLERS: dict[type, Callable[[Hub, Session, Any], Any]] = {
    P.Hello: _hello,
    P.WatchLobby: _lobby,
    P.CreateTable: _create,
    P.OpenSave: _open_save,
    P.SaveCopy: _save_copy,
    P.ListSaves: _list_saves,
    P.DeleteSave: _delete_save,
    P.RenameSave: _rename_save,
    P.Sit: _sit,
    P.Watch: _watch,
    P.Leave: _leave,
    P.Play: _play,
    P.PlayMany: _play_many,
    P.Undo: _undo,
    P.Redo: _redo,
    P.Chat: _chat,
    P.Kick: _kick,
    P.Settings: _settings,
    P.SeatSettings: _seat_settings,
    P.GetReplay: _get_replay,
    P.Ping: _ping,
}
