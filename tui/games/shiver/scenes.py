"""Shiver Me Timbers' own screenshot and snapshot scenes (the frame's are in tui/screenshots.py).

Three players (Ann at the keyboard, heuristic bots for Bo and Cy) on the Quick Start map, a
drafted map for the draft, a duel in the same game, and a finished game for the results.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import Match, SeatInfo
from engine.bots import decide, sample_for

if TYPE_CHECKING:
    from types import ModuleType

    from tui.screenshots import Scene

NAMES = ["Ann", "Bo", "Cy"]
SEED_OFFSET = 7  # kit.SEED + 7: by round 5 Ann hunts a treasure and holds cards


def midgame(m: Any, seat: int) -> bool:
    """Ann's turn in round 5 or later, a treasure on her track or in her hand, cards to play."""
    s = m.state
    if seat != 0 or m.view(0).asking != "turn" or s.round < 5 or s.actions != 3:
        return False
    return (s.track[0] >= 0 or bool(s.t_hand[0])) and bool(s.crew[0] or s.rits[0] or s.missions[0])


def dueling(m: Any, seat: int) -> bool:
    """Ann attacks in a duel (round 5 of the scenes' game), two cards already played: the plank, her cards."""
    v = m.view(0)
    return seat == 0 and v.duel is not None and v.asking == "strike" and bool(v.duel.hand) and len(v.duel.discard) >= 2


def drafting(m: Any, seat: int) -> bool:
    """Ann places a route and an island in the map-building draft (her second turn)."""
    s = m.state
    return seat == 0 and m.view(0).asking == "place" and s.draft_need == 3 and len(s.routes) >= 9


def eventful(m: Any, seat: int) -> bool:
    """Ann's turn in an events game, an event face up whose option she may take now."""
    s = m.state
    if seat != 0 or m.view(0).asking != "turn" or s.event < 0 or s.actions != 3:
        return False
    return any(type(mv).__name__ == "UseEvent" for mv in m.legal(0))


def equipping(m: Any, seat: int) -> bool:
    """An epic game's setup: Ann chooses the first of her ship's three free upgrades."""
    return seat == 0 and m.view(0).asking == "refit" and m.state.round == 0


def scenes(kit: ModuleType) -> list[Scene]:
    def game(stop: Callable[[Any, int], bool] | None, options: dict[str, str] | None = None,
             seed: int = kit.SEED + SEED_OFFSET) -> Any:
        kinds = ["person", "bot:heuristic", "bot:heuristic"]

        infos = [SeatInfo(name=n, kind=k) for n, k in zip(NAMES, kinds, strict=True)]
        m = Match.new("shiver", 3, seed=seed, seats=infos, undo="turn", options=options or {})
        m.header.created = kit.CREATED
        while not m.is_over():
            seat = m.to_act()[0]
            if stop is not None and stop(m, seat):
                break
            sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
            m.play(seat, decide(m.rules, sample, seat, "heuristic", bot_seed))
        return m

    def loaded(name: str, stop: Callable[[Any, int], bool] | None, options: dict[str, str] | None = None
               ) -> Callable[[Path], Any]:
        def setup(data: Path) -> Any:
            path = kit.saved_game(data, name, game(stop, options))
            return kit.make_app(data, "load", path=str(path))

        return setup

    async def voyage(pilot: Any) -> None:
        """The cursor on the island farthest from Ann's ship: the way there and what it costs."""
        await kit.to_table(pilot)
        board = pilot.app.screen.query_one("#board")
        view = board.scene.view
        far = max(range(6), key=lambda i: view.voyage_spaces[i] if i < len(view.voyage_spaces) else -1)
        board.focus()
        board._set_cursor(f"n:{far}")
        await pilot.pause()

    async def sailing(pilot: Any) -> None:
        """Travel announced: every space in reach shows the movement it costs."""
        await voyage(pilot)
        await pilot.press("enter")
        await kit.until(pilot, lambda: kit.table_ready(pilot) and pilot.app.screen.view_obj.asking == "travel")

    async def aiming(pilot: Any) -> None:
        """The draft: a long route chosen in the tray, aimed from an island — drawn before committing."""
        await kit.to_table(pilot)
        board = pilot.app.screen.query_one("#board")
        view = board.scene.view
        tiles = [p for p in board._pieces(view) if p.startswith("tile:") and p != "tile:0"] or \
            [p for p in board._pieces(view) if p.startswith("tile:")]
        board.focus()
        board._pick_piece(tiles[-1])
        tile = int(tiles[-1].split(":")[1])
        port = next(p for p in view.ports if p.tile == tile and not p.fails)
        board._set_cursor(f"port:{port.x}:{port.y}:{port.dir}:{tile}")
        await pilot.pause()

    table = loaded("shiver.plank", midgame)
    return [
        kit.Scene("shiver-table", table, voyage, "Shiver Me Timbers: the sea-route map, a voyage, the tableau"),
        kit.Scene("shiver-travel", table, sailing, "Shiver Me Timbers: where to sail, and what each space costs"),
        kit.Scene("shiver-draft", loaded("shiver-draft.plank", drafting, {"map": "draft"}), aiming,
                  "Shiver Me Timbers: building the map, a route aimed before it is placed"),
        kit.Scene("shiver-results", loaded("shiver-over.plank", None), kit.results_up,
                  "Shiver Me Timbers: every score explained"),
        kit.Scene("shiver-duel", loaded("shiver-duel.plank", dueling), kit.to_table,
                  "Shiver Me Timbers: a duel on the plank, your cards and the last one played"),
        kit.Scene("shiver-event", loaded("shiver-event.plank", eventful, {"events": "yes"}), kit.to_table,
                  "Shiver Me Timbers: the events module, the event of the round and its option"),
        kit.Scene("shiver-epic", loaded("shiver-epic.plank", equipping, {"epic": "yes"}), kit.to_table,
                  "Shiver Me Timbers: an epic game's setup, the ship's three free upgrades"),
    ]
