"""Shiver Me Timbers' own screenshot and snapshot scenes (the frame's are in tui/screenshots.py).

Three players (Ann at the keyboard, heuristic bots for Bo and Cy) on the Quick Start map, a
drafted map for the draft, a duel in the same game, and a finished game for the results. Two more
games are steered a little (Ann's moves chosen by a short plan, everything else by the bots) to
show the other fights: Ann sails to a slower captain and fires on him (the gunfight's die), and
Ann lures the Sea Serpent with a First Mate and hunts it (its track and the hunt card).
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


class Gunfight:
    """Ann's plan: sail to a slower captain on a sea space one voyage away, and fire on him; the scene stops at
    her next decision (the gunfight's die still shown)."""

    seed_offset = SEED_OFFSET + 5

    def __init__(self) -> None:
        self.to = -1
        self.fired = -1

    def steer(self, m: Any, seat: int) -> Any:
        from engine.games.shiver import content as C
        from engine.games.shiver.rules.common import speed
        from engine.games.shiver.state import Act, Sail, Target

        s, v = m.state, m.view(0)
        if seat != 0 or self.fired >= 0:
            return None
        slower = [i for i in range(1, s.players) if speed(s, i) < speed(s, 0) and s.pos[i] >= 6]
        if v.asking == "turn" and s.actions >= 2 and self.to < 0:
            here = [i for i in slower if s.pos[i] == s.pos[0]]
            if here and Act(C.ACT_GUNFIGHT) in m.legal(0):
                return Act(C.ACT_GUNFIGHT)
            near = [i for i in slower if v.voyage_actions and v.voyage_actions[s.pos[i]] == 1]
            if near:
                self.to = s.pos[near[0]]
                return Act(C.ACT_TRAVEL)
        if v.asking == "travel" and self.to >= 0:
            return Sail(self.to)
        if v.asking == "turn" and self.to >= 0 and Act(C.ACT_GUNFIGHT) in m.legal(0):
            return Act(C.ACT_GUNFIGHT)
        if v.asking == "target" and s.act == C.ACT_GUNFIGHT:
            players = [mv for mv in m.legal(0) if isinstance(mv, Target) and mv.code < s.players]
            if players:
                self.fired = m.cursor
                return players[0]
        return None

    def stop(self, m: Any, seat: int) -> bool:
        return self.fired >= 0 and m.cursor > self.fired and seat == 0 and m.view(0).asking == "turn"


class Hunt:
    """Ann's plan: lure the Sea Serpent with her First Mate to the spot nearest her ship, sail there and hunt it;
    the scene stops at her third hunt card."""

    seed_offset = SEED_OFFSET + 1
    cards = 3

    def __init__(self) -> None:
        self.to = -1
        self.hunts = 0

    def steer(self, m: Any, seat: int) -> Any:
        from engine.games.shiver import content as C
        from engine.games.shiver.rules.common import the_graph
        from engine.games.shiver.state import LURE_CODE, Act, Play, Sail

        if seat != 0:
            return None
        s, v = m.state, m.view(0)
        serpent = s.monster_at[C.MON_SERPENT]
        lures = [mv for mv in m.legal(0) if isinstance(mv, Play) and mv.card == C.FIRST_MATE and mv.arg >= LURE_CODE]
        if lures and serpent < 0:
            dist = the_graph(s).dist[s.pos[0]]
            return min(lures, key=lambda mv: dist[mv.arg - LURE_CODE])
        if serpent >= 0 and v.asking == "turn" and s.actions >= 1:
            if Act(C.ACT_HUNT) in m.legal(0):
                return Act(C.ACT_HUNT)
            if v.voyage_actions and v.voyage_actions[serpent] == 1:
                self.to = serpent
                return Act(C.ACT_TRAVEL)
        if v.asking == "travel" and self.to >= 0:
            to, self.to = self.to, -1
            return Sail(to)
        return None

    def stop(self, m: Any, seat: int) -> bool:
        if seat == 0 and m.view(0).asking == "hunt":
            self.hunts += 1
            return self.hunts >= self.cards
        return False


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
             seed: int = kit.SEED + SEED_OFFSET, steer: Callable[[Any, int], Any] | None = None) -> Any:
        kinds = ["person", "bot:heuristic", "bot:heuristic"]

        infos = [SeatInfo(name=n, kind=k) for n, k in zip(NAMES, kinds, strict=True)]
        m = Match.new("shiver", 3, seed=seed, seats=infos, undo="turn", options=options or {})
        m.header.created = kit.CREATED
        while not m.is_over():
            seat = m.to_act()[0]
            if stop is not None and stop(m, seat):
                break
            move = steer(m, seat) if steer is not None else None
            if move is None:
                sample, bot_seed = sample_for(m.rules, m.state, seat, seed, m.cursor)
                move = decide(m.rules, sample, seat, "heuristic", bot_seed)
            m.play(seat, move)
        return m

    def loaded(name: str, stop: Callable[[Any, int], bool] | None, options: dict[str, str] | None = None
               ) -> Callable[[Path], Any]:
        def setup(data: Path) -> Any:
            path = kit.saved_game(data, name, game(stop, options))
            return kit.make_app(data, "load", path=str(path))

        return setup

    def steered(name: str, plan: type[Gunfight] | type[Hunt]) -> Callable[[Path], Any]:
        def setup(data: Path) -> Any:
            # the first game from the plan's seed on where the plan comes off (which one does moves with the
            # bots' play; a few seeds are tried, deterministically)
            for k in range(24):
                p = plan()
                m = game(p.stop, None, kit.SEED + p.seed_offset + 7 * k, p.steer)
                if not m.is_over():
                    break
            path = kit.saved_game(data, name, m)
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
        kit.Scene("shiver-gunfight", steered("shiver-gunfight.plank", Gunfight), kit.to_table,
                  "Shiver Me Timbers: a gunfight, the red die its target rolled and what it did"),
        kit.Scene("shiver-hunt", steered("shiver-hunt.plank", Hunt), kit.to_table,
                  "Shiver Me Timbers: a monster hunt, the track and the hunt card drawn"),
    ]
