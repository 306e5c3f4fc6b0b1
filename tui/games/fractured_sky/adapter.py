"""Fractured Sky at the table: status words, the players panel's columns, the board keys each
move involves, the New game screen's hints, and the results explained.

Board keys and signs are listed in ``tui/games/fractured_sky/words.py``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.rules import Result
from engine.games.fractured_sky import content as C
from engine.games.fractured_sky.state import (
    PAYLOAD,
    SCOUT_CARD,
    SCOUT_SHIP,
    SCOUT_TOP,
    STAR,
    AutomaTurn,
    Build,
    Chip,
    Draft,
    Forage,
    Guide,
    Load,
    Order,
    Place,
    Redeploy,
    Refill,
    Reward,
    Scout,
    View,
)
from engine.hub import protocol as P
from tui.games.base import Column, GameAdapter, Paint, Status
from tui.games.fractured_sky import words as W
from tui.games.fractured_sky.results import (
    bounty_table,
    objective_table,
    sources_table,
    tiebreak_table,
)
from tui.games.fractured_sky.sky_regions import SkyRegions
from tui.widgets.board import Board
from tui.widgets.palette import seat_letter

RECOMMENDED = ("The document recommends bounties and payloads always, then flagships or guardians "
               "(ticked for you; payloads need 2+ people)")


class FracturedSkyAdapter(GameAdapter[View]):
    has_secrets = True  # chips, payloads and hidden starfalls are secret: a curtain between persons
    heading_kinds = ("public_starfall", "sequence")
    columns = (
        Column("★", 2),
        Column("g w i", 5),
        Column("✈", 1, compact=False),  # airships left to place this round
    )
    kind_column = True
    option_hidden = ("automa",)  # the rules fill it in from the player count
    option_help = {
        "payloads": RECOMMENDED + ".",
        "bounties": "Five public races instead of the round objectives (2+ people).",
        "rift": "Rift starfalls worth 1–3 on the bounties and Cloudseer's card (with bounties or guardians).",
    }

    def make_board(self) -> Board:
        return SkyRegions(self, id="board")

    def option_defaults(self, players: int) -> dict[str, Any]:
        """The document's recommendation for this many people (pre-ticked), the rest off."""
        on = C.recommended(players)
        return {name: name in on for name in (*C.EXPANSIONS, "rift")}

    # ---------------------------------------------------------------- words

    def status(self, view: View) -> Status:
        if view.phase == "Game over":
            return Status(f"Round {view.round} of {view.rounds}", "game over", "over")
        detail = view.phase
        if view.reward_region >= 0:
            detail = f"rewards in {view.regions[view.reward_region].name}"
        return Status(f"Round {view.round} of {view.rounds}", detail, view.asking or "wait")

    def cells(self, view: View, seat: int) -> list[str]:
        sv = view.sides[seat]
        res = " ".join(str(n) for n in sv.resources)
        return [str(sv.total), res, str(sv.ships_left)]

    def choice_text(self, view: View, move: Any, text: str, paint: Paint) -> Text:
        out = Text()
        mark = ""
        match move:
            case Place(explore=True):
                mark = W.EXPLORE
            case Place(flagship=True):
                mark = W.FLAGSHIP
            case Place():
                mark = "✈"
            case Build(kind=k):
                mark = W.SKIMMER if k == C.SKIMMER else W.BUILDING[C.BUILDINGS[k]]
            case Reward(code=c):
                mark = W.STAR if c == STAR else (W.PAYLOAD if c == PAYLOAD else "◇")
            case Chip():
                mark = "◆"
        if mark:
            out.append(mark, style=paint("accent"))
            out.append(" ")
        out.append(text)
        return out

    # ---------------------------------------------------------------- keys

    def natural_key(self, view: View, move: Any) -> str | None:
        # the board offers chips by value (‹0› ‹1› … ‹7›): the value is the key (10 takes a letter)
        if isinstance(move, Chip) and 0 <= move.value <= 9:
            return str(move.value)
        return None

    def targets(self, view: View, move: Any) -> tuple[str, ...]:
        match move:
            case Place(region=r):
                return (f"r:{r}",)
            case Chip(value=v):
                return (f"chip:{v}",)
            case Build(kind=k, where=w):
                return (f"r:{w}",) if k == C.SKIMMER else (f"s:{w}",)
            case Scout(target=t, index=i):
                if t == SCOUT_TOP:
                    return ("deck",)
                if t == SCOUT_SHIP:
                    return (f"ship:{i}",)
                if t == SCOUT_CARD:
                    return (f"hid:{i}",)
            case Forage(resource=res):
                return (f"forage:{res}",)
            case Order(space=k):
                return (f"track:{k}",)
            case Reward(code=c):
                return (f"reward:{c}",)
            case Draft(board=b):
                return (f"fl:{b}",)
            case Load(value=v):
                return ("loadnone",) if v < 0 else (f"load:{v}",)
            case Guide(region=r) | Refill(region=r):
                return (f"r:{r}",)
            case Redeploy(region=r):
                return ("stay",) if r < 0 else (f"r:{r}",)
            case AutomaTurn():
                return ()
        return ()

    def key_label(self, view: View, key: str) -> str:
        kind, _, rest = key.partition(":")
        if kind == "r" and rest.isdigit():
            return view.regions[int(rest)].name
        if kind == "s" and rest.isdigit():
            return W.site_name(view, int(rest)) + " site"
        if kind == "ship":
            return "This airship"
        return "Narrowed"

    # --------------------------------------------------------------- results

    def result_panels(self, result: Result, info: P.TableInfo, view: Any) -> list[tuple[str, Any]]:
        """Every side's starfalls by source, the objectives or bounties claimed, and the tie-breaks."""
        who = [f"{seat_letter(st.colour, i)} {st.name}" for i, st in enumerate(info.seats)]
        panels: list[tuple[str, Any]] = [("1. Starfalls, by where each came from", sources_table(result, who))]
        if view is not None and getattr(view, "bounties", None):
            panels.append(("2. Bounties: the first to reach one took a starfall, later claimants resources",
                           bounty_table(view, who)))
        elif view is not None and getattr(view, "objectives", None):
            panels.append(("2. Objectives: one a round, its leader took a starfall", objective_table(view, who)))
        panels.append((f"{len(panels) + 1}. Ties: resources left, then buildings, then the turn-order track",
                       tiebreak_table(result, who)))
        return panels
