"""Shiver Me Timbers at the table: status words, seat facts, board keys, the pass key and the
"always ask me" setting, and the results explained.

Board keys and symbols are listed in ``tui/games/shiver/words.py``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from engine.core.rules import Result, Rules
from engine.games.shiver import View
from engine.games.shiver import content as C
from engine.games.shiver.chart import xy
from engine.games.shiver.state import (
    MISSION_CODE,
    RITUAL_CODE,
    TREASURE_ITEM,
    Act,
    Buy,
    ChooseDeck,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    DiscardCard,
    DiscardGoods,
    Drop,
    Dump,
    EndTurn,
    Gain,
    HideTreasure,
    Improve,
    Lead,
    Parry,
    Pass,
    Peek,
    PickGoals,
    PickStart,
    PlaceIsland,
    PlaceRoute,
    Play,
    ReturnCard,
    Rotate,
    Sail,
    SellDone,
    SellPick,
    StartHunt,
    Strike,
    Take,
)
from engine.hub import protocol as P
from tui.games.base import Column, GameAdapter, Paint, Status
from tui.games.shiver.results import family_table, goals_table, gold_table, has_family, seals_table
from tui.games.shiver.sea_map import SeaMap
from tui.widgets.board import Board
from tui.widgets.palette import seat_letter


class ShiverAdapter(GameAdapter[View]):
    has_secrets = True
    heading_kinds = ("round",)
    columns = (
        Column("VP", 3),  # what the table can count (secret goals' bonus hidden)
        Column("Gold", 6),
        Column("Ship", 5, compact=False),  # speed/strength/hull
        Column("Cards", 5, compact=False),  # crew, rituals, treasure cards in hand
        Column("✓", 1),  # a secret choice made, or passed in the reaction window
    )
    keys = (
        Binding("p", "game('pass')", "Pass", tooltip="Pass in the reaction window"),
        Binding("A", "game('always_ask')", "Always ask",
                tooltip="Be asked in the reaction window even when you can only pass (so a pass tells nothing)"),
    )
    kind_column = False
    option_help = {
        "map": "Quick Start: the rulebook's map. Draft: everyone places islands and routes in turn.",
        "events": "The events module: from round 2 the back of last round's wind card is the event of the round.",
        "epic": "Epic mode: all ten life goals, three secret ones, ships 2/2/2 with three free upgrades; the end "
                "only on the second-to-last goal.",
    }

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self._ports: tuple[View, dict[tuple[int, int, int], list[str]]] | None = None

    def make_board(self) -> Board:
        return SeaMap(self, id="board")

    # ---------------------------------------------------------------- words

    def status(self, view: View) -> Status:
        if view.over:
            return Status(f"Round {view.round}", "game over", "over")
        if not view.round:
            return Status("Setup", view.phase.removeprefix("Setup: "), "setup")
        detail = view.phase.split(": ", 1)[1] if ": " in view.phase else view.phase
        tail = " (final round)" if view.ending else ""
        return Status(f"Round {view.round}{tail}", detail, "window" if view.window else "turn")

    def cells(self, view: View, seat: int) -> list[str]:
        sv = view.seats[seat]
        mark = ""
        if view.asking in ("goals", "start") or (not view.round and not sv.chosen):
            mark = "✓" if sv.chosen else "…"
        elif view.window and sv.in_window:
            mark = "✓" if sv.passed else ("▸" if seat == view.window_seat else "…")
        equipping = getattr(view, "epic", False) and sv.origin >= 0  # epic setup: the free upgrades, in the open
        ship = f"{sv.speed}/{sv.strength}/{sv.hull}" if view.round or equipping else ""
        cards = f"{sv.crew_cards} {sv.ritual_cards} {sv.treasure_cards}" if view.round else ""
        return [str(sv.score) if view.round else "", f"{sv.gold:,}" if view.round else "", ship, cards, mark]

    def choice_text(self, view: View, move: Any, text: str, paint: Paint) -> Text:
        out = Text()
        mark = ""
        match move:
            case Sail():
                mark = "→"
            case Pass():
                mark = "–"
            case Play():
                mark = "✦"
            case ClaimGoal() | ClaimMission():
                mark = "★"
        if mark:
            out.append(mark, style=paint("accent"))
            out.append(" ")
        out.append(text)
        return out

    # ---------------------------------------------------------------- keys

    def _port_keys(self, view: View) -> dict[tuple[int, int, int], list[str]]:
        """PlaceRoute (tile, site, dir) -> the aimed ports on the board that stand for it."""
        if self._ports is not None and self._ports[0] is view:  # (the view itself, held: an id can be reused)
            return self._ports[1]
        out: dict[tuple[int, int, int], list[str]] = {}
        for p in view.ports:
            if not p.fails:
                out.setdefault((p.tile, p.site, p.move_dir), []).append(f"port:{p.x}:{p.y}:{p.dir}:{p.tile}")
        self._ports = (view, out)
        return out

    def natural_key(self, view: View, move: Any) -> str | None:
        # the board offers purchases by count (‹1› ‹2›…): the count is the key
        if isinstance(move, Buy) and 0 <= move.units <= 9:
            return str(move.units)
        return None

    def targets(self, view: View, move: Any) -> tuple[str, ...]:
        match move:
            case Sail(node=n):
                return (f"n:{n}",)
            case Act(action=k):
                return (f"act:{k}",)
            case Strike(card=c):
                return (f"duel:r:{c}",) if c >= 0 else ("duel:pass",)
            case Parry(card=c):
                return (f"duel:b:{c}",) if c >= 0 else ("duel:take",)
            case Lead(side=side):
                return (f"duel:lead:{side}",)
            case EndTurn():
                return ("end",)
            case Pass():
                return ("pass",)
            case Play(card=card, arg=arg):
                key = f"crew:{card}" if card < RITUAL_CODE else f"rit:{card - RITUAL_CODE}"
                effect = C.CREW[card].effect if card < RITUAL_CODE else C.RITUALS[card - RITUAL_CODE].effect
                if effect == C.E_PLAGUE or (effect == C.E_SPY and arg >= 0):
                    return (key, f"n:{arg}")
                return (key,)
            case Improve(attr=a):
                return (f"attr:{a}",)
            case Buy(units=n):
                return (f"buy:{n}",)
            case SellPick(item=item):
                return (f"cargo:{item}",) if item < TREASURE_ITEM else (f"tre:{item - TREASURE_ITEM}",)
            case SellDone():
                return ("sell",)
            case Peek(node=n):
                return (f"n:{n}",) if n >= 0 else ("peek:none",)
            case Gain(res=r):
                return (f"gain:{r}",)
            case Dump(res=r):
                return (f"dump:{r}",)
            case Take(card=c):
                if view.asking in ("hire", "learn"):
                    return (f"deck:{c}",)
                if view.shown_deck == "wish":
                    return (f"wish:{c}",)
                if view.shown_deck == "soulmate":
                    return (f"soul:{c}",)
                return (f"take:{c}",)
            case Drop(card=c):
                kind = {"treasure": "tcard", "mission": "mis", "crew": "crew", "ritual": "rit",
                        "wish": "wish"}.get(view.dropping, "")
                return (f"{kind}:{c}",) if kind else ()
            case DiscardGoods(res=r):
                return (f"cargo:{r}",)
            case DiscardCard(card=c):
                return (f"mis:{c - MISSION_CODE}",) if c >= MISSION_CODE else (f"tcard:{c}",)
            case ReturnCard(card=c):
                return (f"crew:{c}",) if c < RITUAL_CODE else (f"rit:{c - RITUAL_CODE}",)
            case HideTreasure(card=c):
                return (f"tre:{c}",)
            case ClaimMission(card=c):
                return (f"wish:{c - C.WISH_CODE}",) if c >= C.WISH_CODE else (f"mis:{c}",)
            case ClaimGoal(goal=g):
                return (f"goal:{g}",)
            case StartHunt(card=c):
                return (f"tcard:{c}",)
            case DigGoods():
                me = view.seat
                return (f"tcard:{view.seats[me].track}",) if me is not None else ()
            case PickGoals(a=a, b=b, c=c):
                return (f"goal:{a}", f"goal:{b}", f"goal:{c}") if c >= 0 else (f"goal:{a}", f"goal:{b}")
            case PickStart(origin=o, talent=t):
                return (f"origin:{o}", f"talent:{t}")
            case ChooseDeck(deck=d):
                return ("deck-m",) if d == 0 else ("deck-t",)
            case PlaceIsland(island=i, site=site):
                x, y = xy(site)
                return (f"site:{x}:{y}:{i}",)
            case PlaceRoute(tile=t, site=site, dir=d):
                return tuple(self._port_keys(view).get((t, site, d), ()))
            case Rotate(route=k, pivot=pivot, turn=turn):
                return (f"rot:{k}:{pivot}:{turn}",)
        return ()

    def key_label(self, view: View, key: str) -> str:
        kind, _, rest = key.partition(":")
        if kind == "n":
            node = int(rest)
            return C.ISLANDS[node].name if node < 6 else "this space"
        if kind == "goal":
            g = C.LIFE_GOALS[int(rest)]
            return f"{g.number} {g.name}"
        if kind == "origin":
            return f"Origin {C.ISLANDS[int(rest)].name}"
        if kind == "talent":
            return f"Talent {C.TALENTS[int(rest)].name}"
        if kind == "crew":
            return C.CREW[int(rest)].name
        if kind == "rit":
            return C.RITUALS[int(rest)].name
        if kind == "cargo":
            return C.RESOURCES[int(rest)]
        if kind in ("tcard", "tre"):
            return C.TREASURES[int(rest)].name
        if kind == "mis":
            return C.MISSIONS[int(rest)].name
        if kind == "quest":
            card, task = (int(x) for x in rest.split(":"))
            return C.TITLES[C.MISSIONS[card].a].tasks[task].text
        if kind == "wish":
            return C.WISHES[int(rest)].name
        if kind == "soul":
            return C.SOULMATES[int(rest)].name
        if kind == "port":
            return "Aimed here"
        if kind == "site":
            return "This site"
        return "Narrowed"

    # ------------------------------------------------------------ game keys

    def game_action_state(self, screen: Any, name: str) -> bool | None:
        up = screen.model.current()
        if up is None or up.seat is None or up.result is not None:
            return False
        if name == "pass":
            return True if any(isinstance(c.move, Pass) for c in screen.choices) else None
        if name == "always_ask":
            return True
        return False

    async def game_action(self, screen: Any, name: str) -> None:
        if name == "pass":
            passes = [c.move for c in screen.choices if isinstance(c.move, Pass)]
            if passes:
                await screen.play_moves(passes)
            else:
                screen.notify("Nothing to pass now: the reaction window asks you when you may play a card.",
                              severity="warning")
        elif name == "always_ask":
            await screen.toggle_always_ask()

    # --------------------------------------------------------------- results

    def result_panels(self, result: Result, info: P.TableInfo, view: Any) -> list[tuple[str, Any]]:
        """Every score explained: life goals 10/5 and the secret +5, every seal by its source, Gold."""
        if not result.details or "claims" not in result.details:
            return []
        who = [f"{seat_letter(st.colour, i)} {st.name}" for i, st in enumerate(info.seats)]
        return [
            ("1. Life goals: 10 for the first, 5 after; +5 for each secret goal reached", goals_table(result, who)),
            ("2. Wax seals, by where each came from", seals_table(result, who)),
            ("3. Gold: a point per full 1,000 (ship and chest together)", gold_table(result, who)),
            *([("4. Family and soulmates: the seals on their markers", family_table(result, who))]
              if has_family(result) else []),
        ]
