"""Trading: once per turn, before placing, the active player may propose one trade.

seed: "Each side must give at least one item, and the two sides can't be identical."
A proposal is drafted one item at a time (``Offer``), then sent and answered.
"""

from __future__ import annotations

from engine.core.rules import Event, say
from engine.games.shardwake.state import ANSWERING, DRAFTING, NO_TRADE, RELIC_ITEM, State
from engine.games.shardwake.text import item_name, items_text, who


def partners(s: State, seat: int) -> list[int]:
    """Who ``seat`` may propose to: both sides must have something to give."""
    # seed: "Each side must give at least one item"
    res, relics = s.res, s.relics
    if not (sum(res[seat]) > 0 or relics[seat]):
        return []
    return [p for p in range(s.players) if p != seat and (sum(res[p]) > 0 or relics[p])]


def stock(s: State, seat: int, taken: list[int]) -> list[int]:
    """Items ``seat`` holds beyond those already in the draft: cubes, then Relics as first held."""
    res = s.res[seat]
    if taken:
        out = [r for r in range(3) if res[r] > taken.count(r)]
    else:
        out = [r for r in range(3) if res[r] > 0]
    relics = s.relics[seat]
    if relics:
        seen: set[int] = set()
        for code in relics:
            if code not in seen:
                seen.add(code)
                if relics.count(code) > taken.count(RELIC_ITEM + code):
                    out.append(RELIC_ITEM + code)
    return out


def sendable(s: State) -> bool:
    # seed: "Each side must give at least one item, and the two sides can't be identical."
    return bool(s.trade_give) and bool(s.trade_get) and sorted(s.trade_give) != sorted(s.trade_get)


def start_trade(s: State, seat: int, partner: int, ev: list[Event] | None) -> None:
    # seed: "Once per turn, before placing, the active player may propose one trade to one player."
    s.traded = True
    s.trade_stage = DRAFTING
    s.trade_partner = partner
    s.trade_give = []
    s.trade_get = []
    if ev is not None:
        say(ev, "trade-draft", f"{who(s, seat)} drafts a trade with {who(s, partner)}.", seat, partner=partner)


def offer(s: State, seat: int, side: int, item: int, ev: list[Event] | None) -> None:
    """Add one item to the draft: side 0 the proposer gives it, side 1 asks for it."""
    (s.trade_give if side == 0 else s.trade_get).append(item)
    if ev is not None:
        what = "offers" if side == 0 else "asks for"
        say(ev, "trade-item", f"{who(s, seat)} {what} 1 {item_name(item)}.", seat,
            side="give" if side == 0 else "get", item=item_name(item))


def send_trade(s: State, seat: int, ev: list[Event] | None) -> None:
    s.trade_stage = ANSWERING
    if ev is not None:
        say(ev, "trade-propose", f"{who(s, seat)} proposes to {who(s, s.trade_partner)}: gives "
            f"{items_text(s.trade_give)} for {items_text(s.trade_get)}.", seat, partner=s.trade_partner,
            give=[item_name(i) for i in s.trade_give], get=[item_name(i) for i in s.trade_get])


def cancel_trade(s: State, seat: int, ev: list[Event] | None) -> None:
    """Drop the draft: the trade for this turn is spent."""
    clear_trade(s)
    if ev is not None:
        say(ev, "trade-drop", f"{who(s, seat)} drops the trade.", seat)


def answer_trade(s: State, seat: int, accept: bool, ev: list[Event] | None) -> None:
    proposer = s.order[s.turn]
    give, get = s.trade_give, s.trade_get
    s.trade_log.append([s.round, proposer, seat, 1 if accept else 0, len(give), *give, *get])
    if accept:
        transfer(s, proposer, seat, give)
        transfer(s, seat, proposer, get)
        # seed: "If the trade is accepted, both players take 1 Handshake token."
        s.handshakes[proposer] += 1
        s.handshakes[seat] += 1
        if ev is not None:
            say(ev, "trade-answer", f"{who(s, seat)} accepts: both take a Handshake.", seat, proposer=proposer,
                accept=True)
    elif ev is not None:
        say(ev, "trade-answer", f"{who(s, seat)} declines.", seat, proposer=proposer, accept=False)
    clear_trade(s)


def clear_trade(s: State) -> None:
    s.trade_stage = NO_TRADE
    s.trade_partner = -1
    s.trade_give = []
    s.trade_get = []


def transfer(s: State, src: int, dst: int, items: list[int]) -> None:
    for it in items:
        if it < RELIC_ITEM:
            s.res[src][it] -= 1
            s.res[dst][it] += 1
        else:
            # seed: "If you receive a traded Relic, you keep the card but gain no Renown for it"
            code = it - RELIC_ITEM
            s.relics[src].remove(code)
            s.relics[dst].append(code)
            s.traded_relics[dst] += 1
