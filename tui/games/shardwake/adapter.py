"""Shardwake at the table: status words, seat facts, board keys, the trade key, results.

Symbols and board keys are listed in ``tui/games/shardwake/words.py``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding

from engine.core.rules import Result
from engine.games.shardwake import View
from engine.games.shardwake import content as C
from engine.games.shardwake.state import (
    HARBOR_BASE,
    Accuse,
    Answer,
    Bid,
    Cancel,
    Idle,
    Keep,
    MoveClaim,
    Offer,
    Place,
    Send,
    SkiffChoice,
    StartClaim,
    Target,
    Trade,
)
from engine.hub import protocol as P
from tui.games.base import Column, GameAdapter, Paint, Status
from tui.games.shardwake.island_ring import IslandRing
from tui.games.shardwake.results import accusation_text, agenda_text, leftovers_text, majority_table
from tui.games.shardwake.trade import TradeDialog
from tui.games.shardwake.words import (
    GUILD_GLYPHS,
    SKIFF,
    SPACE_SHORT,
    STORM,
    cubes,
    name_of,
    storm_now,
)
from tui.widgets.board import Board
from tui.widgets.palette import seat_letter


class ShardwakeAdapter(GameAdapter[View]):
    has_secrets = True
    heading_kinds = ("storm",)
    summary_kinds = ("storm", "fall")
    folded_kinds = ("trade-draft", "trade-item")  # the proposal line names the whole offer
    columns = (
        Column("Rn", 2),
        Column("Ae Ba Br", 8),
        Column("◊ ✕ H", 5, compact=False),  # Relics, Fall tokens, Handshakes
        Column("⛵ Cl", 4, compact=False),  # ships left (+ the Skiff), Claims left
        Column("✓", 1),  # a secret choice made (bid, Accusation, Agenda kept), never what it was
    )
    keys = (Binding("t", "game('trade')", "Trade…", tooltip="Build a trade offer from both sides' goods"),)
    kind_column = False  # five columns of public facts need the players panel's room
    option_help = {
        "variant": "Calm Skies: first game, storms known, no Accusations. Twin Charters: 3 players, expert.",
    }

    def make_board(self) -> Board:
        return IslandRing(self, id="board")

    # ---------------------------------------------------------------- words

    def status(self, view: View) -> Status:
        ph = view.stage  # the engine says the phase, machine-readable
        rnd = f"Round {view.round} of {C.ROUNDS}"
        if ph == "over":
            return Status(rnd, "game over", "over")
        if ph == "claims":
            return Status(rnd, "setup: starting Claims", "setup")
        if ph == "order":
            return Status(rnd, "order phase: the Skiff", "order")
        if ph == "discard":
            return Status(rnd, "end of Round 3: keep one Agenda", "discard")
        if ph == "accuse":
            return Status(rnd, "final scoring: secret Accusations", "accuse")
        card = storm_now(view)
        if ph == "bidding":
            name = card.name if card is not None else "the storm"
            return Status(rnd, f"{STORM} {name} strikes: secret bids", "storm")
        detail = f"placement, {name_of(view, view.current)}'s turn" if view.current >= 0 else "placement"
        if view.trade is not None:
            detail += " · trade offer"
        if card is not None:
            detail += f" · {STORM} {card.name} " + ("strikes this round" if card.round == view.round
                                                  else f"in Round {card.round}")
        elif view.round % 2 == 1 and view.round < C.ROUNDS:
            detail += f" · {STORM} forecast at round end"
        return Status(rnd, detail, "placement")

    def cells(self, view: View, seat: int) -> list[str]:
        sv = view.seats[seat]
        ph = view.stage  # the engine says the phase, machine-readable
        done = ""
        if ph == "bidding":
            done = "✓" if sv.has_bid else "…"
        elif ph == "accuse":
            done = "✓" if sv.has_accused else "…"
        elif ph == "discard":
            done = "✓" if sv.has_kept else "…"
        ships = f"{sv.ships_left}{'+' if view.skiff == seat else ''}"
        return [
            str(sv.renown),
            " ".join(f"{n:>2}" for n in sv.resources),
            f"{len(sv.relics)} {sv.falls} {sv.handshakes}",
            f"{ships} {sv.claims_left:>2}",
            done,
        ]

    def place_words(self, view: View, space: int) -> str:
        """A placement in a few words: what it costs, gives and does to the island."""
        if space >= HARBOR_BASE:
            sp = view.harbor[space - HARBOR_BASE]
            return f"{sp.name}: {SPACE_SHORT.get(sp.key, sp.text)}"
        isl = view.islands[space >> 1]
        if space & 1:
            return f"Moor {isl.name}: +{cubes(isl.moor_gives, ' +')}, Claim"
        words = f"Salvage {isl.name} ({cubes(isl.salvage_cost)}): Relic, Claim, "
        if isl.braced:
            return words + "the Brace takes the Crack"
        words += f"Crack {isl.cracks + 1}/{isl.slots}"
        return words + (" — it Falls!" if isl.cracks + 1 >= isl.slots else "")

    def choice_text(self, view: View, move: Any, text: str, paint: Paint) -> Text:
        mark = ""
        match move:
            case Place(space=space):
                mark = "⌂" if space >= HARBOR_BASE else ("⚓" if space & 1 else "◊")
                text = self.place_words(view, space)
            case Bid():
                mark = STORM
            case Accuse(guild=g):
                mark = GUILD_GLYPHS[g]
            case Keep(card=card):
                g = view.agendas[card] if card < len(view.agendas) else -1
                mark = GUILD_GLYPHS[g] if g >= 0 else ""
            case Answer(accept=accept):
                mark = "✓" if accept else "✗"
            case SkiffChoice(take=take):
                mark = SKIFF if take else ""
        out = Text()
        if mark:
            out.append(mark, style=paint("accent"))
            out.append(" ")
        out.append(text)
        return out

    # ---------------------------------------------------------------- keys

    def natural_key(self, view: View, move: Any) -> str | None:
        # the board offers bids by amount (‹0› ‹1› ‹2›…): the amount is the key
        if isinstance(move, Bid) and 0 <= move.ballast <= 9:
            return str(move.ballast)
        return None

    def targets(self, view: View, move: Any) -> tuple[str, ...]:
        match move:
            case Place(space=space) if space >= HARBOR_BASE:
                return (f"h:{space - HARBOR_BASE}",)
            case Place(space=space):
                return (f"i:{space >> 1}", f"d:{space}")
            case Target(island=i) | StartClaim(island=i):
                return (f"i:{i}",)
            case MoveClaim(island=i):
                return (f"i:{i}",) if i >= 0 else ("noclaim",)
            case Offer(side=side, item=item):
                return (f"{'give' if side == 0 else 'ask'}:{item}",)
            case Send():
                return ("send",)
            case Cancel():
                return ("drop",)
            case Answer(accept=accept):
                return ("yes",) if accept else ("no",)
            case Bid(ballast=n):
                return (f"bid:{n}",)
            case Keep(card=card):
                return (f"keep:{card}",)
            case Accuse(target=t, guild=g):
                return (f"s:{t}", f"acc:{t}:{g}")
            case SkiffChoice(take=take):
                return (f"skiff:{int(take)}",)
            case Idle():
                return ("idle",)
        return ()  # Trade(partner): the trade dialog (t) or the decision panel

    def key_label(self, view: View, key: str) -> str:
        """Words for a board key (the decision panel says what it is narrowed to)."""
        kind, _, rest = key.partition(":")
        if kind == "i":
            isl = view.islands[int(rest)]
            return f"{isl.name} ({'Deep' if isl.deep else 'Outer'} island)"
        if kind == "h":
            return f"{view.harbor[int(rest)].name} (Harbor)"
        if kind == "s":
            return f"Accuse {name_of(view, int(rest))}"
        if kind == "d":
            sp = int(rest)
            return f"{'Moor' if sp & 1 else 'Salvage'} at {view.islands[sp >> 1].name}"
        return "Narrowed"

    # -------------------------------------------------------------- trading

    def trade_moves(self, screen: Any) -> list[Any]:
        """The shown seat's legal trade moves now (Trade to start one, Offer/Send to finish a draft)."""
        up = screen.model.current()
        if up is None or not up.legal or up.seat not in up.to_act:
            return []
        return [c.move for c in screen.choices if isinstance(c.move, Trade | Offer | Send)]

    def game_action_state(self, screen: Any, name: str) -> bool | None:
        if name == "trade":
            return bool(self.trade_moves(screen))
        return False

    async def game_action(self, screen: Any, name: str) -> None:
        if name != "trade":
            return
        moves = self.trade_moves(screen)
        up = screen.model.current()
        if not moves or up is None or up.seat is None:
            screen.notify("No trade now: propose one on your turn, before you place a ship.", severity="warning")
            return
        view = screen.view_obj
        partners = [m.partner for m in moves if isinstance(m, Trade)]
        colours = [st.colour for st in up.table.seats]

        async def done(run: list[Any] | None) -> None:
            if run:
                await screen.play_moves(run)

        screen.app.push_screen(TradeDialog(view, up.seat, partners, colours), done)

    # --------------------------------------------------------------- results

    def breakdown(self, result: Result) -> list[list[tuple[str, int]]]:
        """Rows shared by every seat ("Island majority"); the details are in the panels below."""
        out = []
        for lines in result.breakdown:
            mine = []
            for label, pts in lines:
                short = label.split(" (", 1)[0]
                short = short.split(". ", 1)[1] if short[:1].isdigit() else short
                if short.startswith("Agenda: "):
                    short = "Agenda"
                if short == "Secret exposed":
                    short = "Secret kept"
                mine.append((short, pts))
            out.append(mine)
        return out

    def result_panels(self, result: Result, info: P.TableInfo, view: Any) -> list[tuple[str, Any]]:
        """The hidden scores explained: majorities, Accusations, Agendas, leftovers, storms."""
        if view is None or not getattr(view, "revealed_agendas", None):
            return []
        who = [f"{seat_letter(st.colour, i)} {st.name}" for i, st in enumerate(info.seats)]
        wide = max(len(w) for w in who)
        who = [w.ljust(wide) for w in who]
        panels: list[tuple[str, Any]] = [("1. Island majority", majority_table(result, view, who))]
        if view.revealed_accusations:
            panels.append(("2. Accusations", accusation_text(view, who)))
        panels.append(("3. Agendas revealed", agenda_text(result, view, who)))
        panels.append(("4. Leftovers and the storms", leftovers_text(result, view, who)))
        return panels


