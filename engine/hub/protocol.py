"""The hub's wire protocol: tagged msgspec messages, length-framed msgpack on a socket.

Clients send requests; the hub answers with updates built from each client's own
view. A game's views and moves travel as plain msgpack data and are turned back
into the game's types on the client with ``typed_view`` / ``typed_moves``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.rules import Event, Result, Rules

MAX_MESSAGE = 1 << 20  # a client message over a MiB is refused (and the connection closed)
MAX_CHAT = 500  # characters in one chat line


class Msg(msgspec.Struct, tag_field="type", omit_defaults=True):
    pass


# ------------------------------------------------------------ client -> hub


class SeatSpec(msgspec.Struct, omit_defaults=True):
    """A seat at a new table: ``person`` (the creator's), ``bot:<level>``, ``open``, ``reserved:<user>``."""

    kind: str = "person"
    name: str = ""
    colour: str = ""


class TableSpec(msgspec.Struct, omit_defaults=True):
    game: str
    players: int
    seats: list[SeatSpec] = []
    options: dict[str, Any] = {}
    seed: int | None = None
    undo: str = "turn"
    bot_delay: float = 0.0
    idle_timeout: float = -1.0  # seconds before a bot stands in for an idle or absent person; -1: the hub's default, 0: never
    name: str = ""
    # At a server the seed is drawn by the server and kept secret until the game ends; an "open
    # seed" table lets its creator choose it, is marked in the lobby, and deals only when every
    # player who sits down has accepted that the seed is known.
    open_seed: bool = False


class Hello(Msg, tag="hello"):
    token: str = ""  # the session token the SSH server handed this client (socket transport)
    client: str = "tui"


class WatchLobby(Msg, tag="lobby"):
    on: bool = True


class CreateTable(Msg, tag="create"):
    spec: TableSpec
    ref: str = ""


class OpenSave(Msg, tag="open-save"):
    """Continue a saved game as a new table: a file at a local hub, one of your saves (by name) at a
    server. ``replay``: step through it instead (a finished game, everything shown)."""

    path: str = ""
    name: str = ""
    replay: bool = False
    ref: str = ""


class SaveCopy(Msg, tag="save-copy"):
    """Keep a copy of a table's game under a name among your own saves (never a path)."""

    table: str
    name: str
    ref: str = ""


class ListSaves(Msg, tag="list-saves"):
    """Your saves (answered with Saves)."""


class DeleteSave(Msg, tag="delete-save"):
    name: str


class RenameSave(Msg, tag="rename-save"):
    """Give one of your saves another name (both names, never paths; an existing save is never replaced)."""

    name: str
    new_name: str


class Sit(Msg, tag="sit"):
    table: str
    seat: int
    accept_open_seed: bool = False  # at an open-seed table: yes, I know everyone can know the seed
    accept_practice: bool = False  # at a practice table: yes, anyone may take back anything, reveals too


class Watch(Msg, tag="watch"):
    table: str


class Leave(Msg, tag="leave"):
    table: str


class Play(Msg, tag="play"):
    table: str
    seat: int
    move: Any
    state_id: int


class PlayMany(Msg, tag="play-many"):
    """Several moves of one seat in a row, all or none (a decision built in one dialog)."""

    table: str
    seat: int
    moves: list[Any]
    state_id: int


class Undo(Msg, tag="undo"):
    table: str
    seat: int
    state_id: int


class Redo(Msg, tag="redo"):
    table: str
    seat: int
    state_id: int


class Chat(Msg, tag="chat"):
    table: str
    text: str


class Kick(Msg, tag="kick"):
    """The table owner hands an idle seat to a bot until its owner returns."""

    table: str
    seat: int


class Settings(Msg, tag="settings"):
    table: str
    bot_delay: float | None = None
    idle_timeout: float | None = None


class SeatSettings(Msg, tag="seat-settings"):
    """A player's own settings for their seat (only they see them).

    ``always_ask``: be asked even when the only move is a pass (a view's ``asking`` is
    ``"pass"``), so that nobody can tell from how fast you pass whether you could have played;
    off, the table passes for you at once."""

    table: str
    seat: int
    always_ask: bool | None = None


class GetReplay(Msg, tag="get-replay"):
    table: str


class Ping(Msg, tag="ping"):
    n: int = 0


ClientMsg = (
    Hello | WatchLobby | CreateTable | OpenSave | SaveCopy | ListSaves | DeleteSave | RenameSave | Sit | Watch
    | Leave
    | Play | PlayMany | Undo | Redo | Chat | Kick | Settings | SeatSettings | GetReplay | Ping
)


# ------------------------------------------------------------ hub -> client


class SeatStatus(msgspec.Struct, omit_defaults=True):
    seat: int
    name: str
    colour: str
    kind: str  # person | bot:<level> | open | reserved:<user>
    owner: str = ""
    online: bool = False
    covered_by: str = ""  # a bot level playing for an absent or idle owner
    thinking: bool = False
    cover_at: float = 0.0  # an absent or idle person: when (epoch seconds) a bot will stand in; 0: not pending
    covered_moves: int = 0  # moves a stand-in bot made for this seat so far


class TableInfo(msgspec.Struct, omit_defaults=True):
    id: str
    game: str
    title: str
    players: int
    seats: list[SeatStatus]
    status: str  # waiting | playing | finished
    owner: str = ""
    name: str = ""
    watchers: list[str] = []
    round: int = 0
    moves: int = 0
    created: str = ""
    undo: str = "turn"
    bot_delay: float = 0.0
    idle_timeout: float = 180.0
    options: dict[str, Any] = {}
    saved: bool = False  # the game is saved as it goes: a copy can be kept (SaveCopy)
    seed: int | None = None  # shown at a local table, an open-seed table, and once the game is over
    open_seed: bool = False


class MoveChoice(msgspec.Struct, array_like=True):
    move: Any
    group: str
    text: str


class Welcome(Msg, tag="welcome"):
    user: str
    session: int
    names_verified: bool = True  # False: anyone may connect under any name (``--auth open``)


class SaveEntry(msgspec.Struct, omit_defaults=True):
    """One of a user's saves, as the Load screen lists it."""

    name: str
    title: str = ""
    players: str = ""
    moves: int = 0
    finished: bool = False
    created: str = ""
    problem: str = ""  # a damaged file: why it cannot be opened
    can_continue: bool = False
    can_replay: bool = False
    why: str = ""  # why it can be neither continued nor replayed yet


class Saves(Msg, tag="saves"):
    saves: list[SaveEntry]
    where: str = ""  # in words ("your saves on this server"), never a path


class Lobby(Msg, tag="lobby-update"):
    tables: list[TableInfo]
    online: list[str]


class Joined(Msg, tag="joined"):
    table: str
    seats: list[int]
    watching: bool = False
    ref: str = ""
    game: str = ""  # the game's id, so the client opens the right table screen at once


class Update(Msg, tag="update"):
    table: TableInfo
    seat: int | None
    state_id: int
    view: Any
    legal: list[MoveChoice]
    to_act: list[int]
    log_start: int  # the events below replace this seat's log from this index on
    events: list[Event]
    cursor: int
    can_undo: bool = False
    undo_why: str = ""
    can_redo: bool = False
    redo_why: str = ""
    result: Result | None = None
    auto_pass: bool = False  # this seat's only move is a pass the table makes for it (it is not asked)
    always_ask: bool = False  # this seat's player asked to be asked even then (their own setting)


class Waiting(Msg, tag="waiting"):
    """The table waits for players: the game is dealt when the last seat is taken."""

    table: TableInfo


class ChatLine(Msg, tag="chat-line"):
    table: str
    user: str
    text: str
    t: float


class Notice(Msg, tag="notice"):
    text: str
    level: str = "info"  # info | error
    table: str = ""
    ref: str = ""


class ReplayData(Msg, tag="replay-data"):
    table: str
    data: bytes


class Left(Msg, tag="left"):
    table: str


class Pong(Msg, tag="pong"):
    n: int = 0


HubMsg = Welcome | Lobby | Joined | Update | Waiting | ChatLine | Notice | ReplayData | Left | Pong | Saves

_client_enc = msgspec.msgpack.Encoder()
client_decoder = msgspec.msgpack.Decoder(ClientMsg)
hub_decoder = msgspec.msgpack.Decoder(HubMsg)
encode = _client_enc.encode


def typed_view(rules: Rules, view: Any) -> Any:
    """The game's View from plain data (as it arrives over a transport)."""
    if isinstance(view, rules.View):
        return view
    return msgspec.convert(view, rules.View)


def typed_move(rules: Rules, move: Any) -> Any:
    return msgspec.convert(move, rules.Move)
