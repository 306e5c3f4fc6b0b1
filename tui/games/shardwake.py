"""Shardwake at the table: the island ring, status words, seat facts, board keys, trades, results.

Symbols read without colour (every seat also has its letter):

- ``○`` an Outer island, ``●`` a Deep one; ``▪``/``▫`` filled and empty Crack slots; ``✚`` a Brace;
  ``◊`` a Relic left in an island's Cache; ``⚓`` the docks (Salvage ``S``, Moor ``M``);
  ``✕`` a Fallen island (its Void side shows ``░``); ``⛵`` the Hired Skiff; ``≋`` a storm.
- Guilds: ``▼`` Chasm Syndicate (ruin), ``▲`` Keel Covenant (preservation), ``¤`` Gilded Ledger (commerce).
- Cubes: ``Ae`` Aether, ``Ba`` Ballast, ``Br`` Brass.

Board keys name the things a move involves:

- ``i:<n>``  island n (ring order)          - ``d:<space>``  one of its docks (2n Salvage, 2n+1 Moor)
- ``h:<k>``  Harbor space k                 - ``s:<seat>``  a seat (an Accusation's target)
- ``bid:<n>``  a storm bid                  - ``acc:<seat>:<guild>``  an Accusation
- ``keep:<card>``  the Agenda kept (Twin Charters)
- ``give:<item>`` / ``ask:<item>``  a draft's items; ``send`` / ``drop`` the draft; ``yes`` / ``no`` an answer
- ``skiff:1`` / ``skiff:0``  the Skiff fallback; ``noclaim`` place no Claim; ``idle`` a ship sits out
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.binding import Binding

from engine.core.rules import Result
from engine.games.shardwake import content as C
from engine.games.shardwake.state import HARBOR_BASE, RELIC_ITEM
from engine.games.shardwake.text import PHASE_NAMES, items_text
from engine.hub import protocol as P
from tui.games.base import Column, GameAdapter, Status
from tui.widgets.board import Board
from tui.widgets.palette import seat_letter

# phases, by the view's phase words
CLAIMS, ORDER, PLACEMENT, BIDDING, DISCARD, ACCUSE, OVER = range(7)

RES_SHORT = ("Ae", "Ba", "Br")
GUILD_GLYPHS = ("▼", "▲", "¤")
OUTER, DEEP = "○", "●"
STORM = "≋"
SKIFF = "⛵"

# Harbor spaces in a few words (the detail line and wide boards)
SPACE_SHORT = {
    "aether_well": "+2Ae",
    "ballast_yard": "+2Ba",
    "foundry": "+1Ae +1Br",
    "shipwright": "Brace +1Ba",
    "charter_office": "1Br → Claim",
    "weather_station": "+1Ba, peek",
    "guild_hall": "+1Ba +1Br",
    "drydock": "Brace +1Ae",
}


def phase_of(view: Any) -> int:
    """The phase number from the view's words ("Placement phase: trade offer" is placement)."""
    for i, name in enumerate(PHASE_NAMES):
        if view.phase.startswith(name):
            return i
    return PLACEMENT


def cubes(amounts: list[int] | tuple[int, ...], sep: str = " ") -> str:
    """``+2Ae +1Br`` style: only the cubes there are."""
    return sep.join(f"{n}{RES_SHORT[r]}" for r, n in enumerate(amounts) if n)


def guild(g: int, short: bool = False) -> str:
    """``▲ Keel Covenant`` (``▲ Covenant`` short)."""
    return f"{GUILD_GLYPHS[g]} {(C.GUILD_SHORT if short else C.GUILDS)[g]}"


def item_name(item: int) -> str:
    """A trade item: a cube's name, or a Relic's ("Tidebone 3")."""
    return C.RESOURCES[item] if item < RELIC_ITEM else C.relic_name(item - RELIC_ITEM)


def goods(view: Any, seat: int) -> list[tuple[int, int]]:
    """What ``seat`` could trade: (item, how many) — cubes first, then Relics by name."""
    sv = view.seats[seat]
    out = [(r, n) for r, n in enumerate(sv.resources) if n]
    counts: dict[int, int] = {}
    for code in sv.relics:
        counts[RELIC_ITEM + code] = counts.get(RELIC_ITEM + code, 0) + 1
    out += sorted(counts.items(), key=lambda kv: (C.relic_type(kv[0] - RELIC_ITEM), kv[0]))
    return out


def items_words(items: list[int]) -> str:
    """``2 Aether, Tidebone 3`` (``nothing`` for none)."""
    return items_text(items, item_name)


def storm_now(view: Any) -> Any:
    """The Forecast card that strikes this round (or the next one), if any is showing."""
    return view.forecast[0] if view.forecast else None


def name_of(view: Any, seat: int) -> str:
    return view.names[seat] if 0 <= seat < len(view.names) else f"Seat {seat + 1}"


class ShardwakeAdapter(GameAdapter):
    has_secrets = True
    heading_kinds = ("storm",)
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
        from tui.widgets.island_ring import IslandRing

        return IslandRing(self, id="board")

    # ---------------------------------------------------------------- words

    def status(self, view: Any) -> Status:
        ph = phase_of(view)
        rnd = f"Round {view.round} of {C.ROUNDS}"
        if ph == OVER:
            return Status(rnd, "game over", "over")
        if ph == CLAIMS:
            return Status(rnd, "setup: starting Claims", "setup")
        if ph == ORDER:
            return Status(rnd, "order phase: the Skiff", "order")
        if ph == DISCARD:
            return Status(rnd, "end of Round 3: keep one Agenda", "discard")
        if ph == ACCUSE:
            return Status(rnd, "final scoring: secret Accusations", "accuse")
        card = storm_now(view)
        if ph == BIDDING:
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

    def cells(self, view: Any, seat: int) -> list[str]:
        sv = view.seats[seat]
        ph = phase_of(view)
        done = ""
        if ph == BIDDING:
            done = "✓" if sv.has_bid else "…"
        elif ph == ACCUSE:
            done = "✓" if sv.has_accused else "…"
        elif ph == DISCARD:
            done = "✓" if sv.has_kept else "…"
        ships = f"{sv.ships_left}{'+' if view.skiff == seat else ''}"
        return [
            str(sv.renown),
            " ".join(f"{n:>2}" for n in sv.resources),
            f"{len(sv.relics)} {sv.falls} {sv.handshakes}",
            f"{ships} {sv.claims_left:>2}",
            done,
        ]

    def place_words(self, view: Any, space: int) -> str:
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

    def choice_text(self, view: Any, move: Any, text: str, paint: Any) -> Text:
        name = type(move).__name__
        mark = ""
        if name == "Place":
            mark = "⌂" if move.space >= HARBOR_BASE else ("⚓" if move.space & 1 else "◊")
            text = self.place_words(view, move.space)
        elif name == "Bid":
            mark = STORM
        elif name == "Accuse":
            mark = GUILD_GLYPHS[move.guild]
        elif name == "Keep":
            g = view.agendas[move.card] if move.card < len(view.agendas) else -1
            mark = GUILD_GLYPHS[g] if g >= 0 else ""
        elif name == "Answer":
            mark = "✓" if move.accept else "✗"
        elif name == "SkiffChoice":
            mark = SKIFF if move.take else ""
        out = Text()
        if mark:
            out.append(mark, style=paint("accent"))
            out.append(" ")
        out.append(text)
        return out

    # ---------------------------------------------------------------- keys

    def targets(self, view: Any, move: Any) -> tuple[str, ...]:
        name = type(move).__name__
        if name == "Place":
            if move.space >= HARBOR_BASE:
                return (f"h:{move.space - HARBOR_BASE}",)
            return (f"i:{move.space >> 1}", f"d:{move.space}")
        if name in ("Target", "StartClaim"):
            return (f"i:{move.island}",)
        if name == "MoveClaim":
            return (f"i:{move.island}",) if move.island >= 0 else ("noclaim",)
        if name == "Offer":
            return (f"{'give' if move.side == 0 else 'ask'}:{move.item}",)
        if name == "Send":
            return ("send",)
        if name == "Cancel":
            return ("drop",)
        if name == "Answer":
            return ("yes",) if move.accept else ("no",)
        if name == "Bid":
            return (f"bid:{move.ballast}",)
        if name == "Keep":
            return (f"keep:{move.card}",)
        if name == "Accuse":
            return (f"s:{move.target}", f"acc:{move.target}:{move.guild}")
        if name == "SkiffChoice":
            return (f"skiff:{int(move.take)}",)
        if name == "Idle":
            return ("idle",)
        return ()  # Trade(partner): the trade dialog (t) or the decision panel

    def key_label(self, view: Any, key: str) -> str:
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
        return [c.move for c in screen.choices if type(c.move).__name__ in ("Trade", "Offer", "Send")]

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
        from tui.screens.trade import TradeDialog

        view = screen.view_obj
        partners = [m.partner for m in moves if type(m).__name__ == "Trade"]
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
        panels: list[tuple[str, Any]] = [("1. Island majority", majority_table(view, who))]
        if view.revealed_accusations:
            panels.append(("2. Accusations", accusation_text(view, who)))
        panels.append(("3. Agendas revealed", agenda_text(result, view, who)))
        panels.append(("4. Leftovers and the storms", leftovers_text(result, view, who)))
        return panels


def counted(names: list[str]) -> str:
    """``2 Ballast, Tidebone 3`` from a list of item names."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(f"{k} ×{n}" if n > 1 and k.startswith("Relic") else f"{n} {k}" if k in C.RESOURCES else k
                     for k, n in counts.items()).replace("Relic ", "")


def majority_places(claims: list[int], first: int, second: int) -> list[tuple[int, int, str]]:
    """(seat, points, why) per seat that places (the rule as scoring.island_majority applies it)."""
    counts = sorted({c for c in claims if c > 0}, reverse=True)
    if not counts:
        return []
    top = [p for p, c in enumerate(claims) if c == counts[0]]
    if len(top) > 1:
        return [(p, second, "tied 1st") for p in top]
    out = [(top[0], first, "1st")]
    if len(counts) > 1:
        out += [(p, second, "2nd") for p, c in enumerate(claims) if c == counts[1]]
    return out


def majority_table(view: Any, who: list[str]) -> Table:
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("Island", no_wrap=True)
    table.add_column("1st/2nd", justify="right", no_wrap=True)
    for w in who:
        table.add_column(w.split(" ", 1)[0], justify="right", no_wrap=True)
    table.add_column("Scored")
    for isl in view.islands:
        name = f"{DEEP if isl.deep else OUTER} {isl.name}"
        values = f"{isl.majority[0]}/{isl.majority[1]}"
        if isl.state != "standing":
            falls = [f for f in view.history.falls if f.island == isl.index]
            holders = ", ".join(who[p].split(" ", 1)[0] for p in falls[-1].holders) if falls else ""
            when = f" in Round {falls[-1].round}" if falls else ""
            table.add_row(Text(name, style="dim"), values, *(["·"] * len(who)),
                          Text(f"✕ fell{when}: no majority; Fall tokens to {holders or 'nobody'}", style="dim"))
            continue
        places = majority_places(isl.claims, isl.majority[0], isl.majority[1])
        scored = ", ".join(f"{who[p].split(' ', 1)[0]} +{pts} ({why})" for p, pts, why in places) or "nobody"
        table.add_row(name, values, *(str(c) if c else "·" for c in isl.claims), scored)
    return table


def accusation_text(view: Any, who: list[str]) -> Text:
    reward = C.TWIN_ACCUSE_REWARD if view.variant == "twin-charters" else C.ACCUSE_REWARD
    kept = [a[0] for a in view.revealed_agendas]
    out = Text()
    exposed: dict[int, list[int]] = {}
    for x, acc in enumerate(view.revealed_accusations):
        if not acc:
            continue
        target, g = acc
        right = kept[target] == g
        if right:
            exposed.setdefault(target, []).append(x)
        out.append(f"{who[x]} named {who[target].strip()} as {guild(g)}: ")
        out.append("✓ right" if right else "✗ wrong", style="bold green" if right else "bold red")
        out.append(f" (+{reward})\n" if right else f" (they are {guild(kept[target], short=True)})\n")
    out.append("\n")
    for x in range(len(who)):
        if x in exposed:
            out.append(f"{who[x]}: secret exposed by {', '.join(who[a].strip() for a in exposed[x])} (no +{C.SECRET_KEPT})\n",
                       style="dim")
        else:
            out.append(f"{who[x]}: nobody named their Guild — secret kept, +{C.SECRET_KEPT}\n")
    out.rstrip()
    return out


def _line(result: Result, seat: int, prefix: str) -> tuple[str, int]:
    for label, pts in result.breakdown[seat]:
        if label.startswith(prefix):
            return label, pts
    return "", 0


def agenda_text(result: Result, view: Any, who: list[str]) -> Text:
    out = Text()
    for x, agendas in enumerate(view.revealed_agendas):
        label, pts = _line(result, x, "3. Agenda")
        how = label.split(" (", 1)[1].rstrip(")") if " (" in label else ""
        out.append(f"{who[x]}  ")
        out.append(guild(agendas[0]), style="bold")
        if len(agendas) > 1:
            out.append(f" (kept; {guild(agendas[1], short=True)} discarded)", style="dim")
        out.append(f" — {how}: " if how else " — ")
        out.append(f"+{pts}\n", style="bold")
    out.rstrip()
    return out


def leftovers_text(result: Result, view: Any, who: list[str]) -> Text:
    out = Text()
    for x in range(len(who)):
        label, pts = _line(result, x, "4. Leftovers")
        held = label.split("(", 1)[1].split(" ", 1)[0] if "(" in label else "?"
        out.append(f"{who[x]}: {held} resources left, +1 per 3 → +{pts}\n")
    if view.history.storms:
        out.append("\n")
    for st in view.history.storms:
        bids = "  ".join(f"{who[x].split(' ', 1)[0]} {b}" for x, b in enumerate(st.bids))
        out.append(f"{STORM} Round {st.round} {st.name}, Threshold {st.threshold}: bids {bids} = {st.total} ")
        if st.passed:
            top = max(st.bids)
            tops = ", ".join(who[x].split(" ", 1)[0] for x, b in enumerate(st.bids) if b == top)
            out.append("✓ held", style="bold green")
            out.append(f" ({tops} +{C.STORM_TOP_REWARD}, other bidders +{C.STORM_OTHER_REWARD})\n")
        else:
            out.append("✗ broke through\n", style="bold red")
    out.rstrip()
    return out
