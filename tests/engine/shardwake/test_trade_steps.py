"""A trade step by step: drafting, proposing, answering and dropping, with what each step changes
(Handshakes add up, the trade log records the answer) and its words and data. Written to kill the
mutants that survived the rule tests in test_trading.py (docs/mutation.md)."""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shardwake.rules import trading as T
from engine.games.shardwake.state import ANSWERING, DRAFTING, NO_TRADE, RELIC_ITEM
from engine.games.shardwake.text import item_name, who

from .helpers import to_placement


def _drafted():
    s = to_placement(4, seed=2)
    s.round = 2
    proposer = s.order[s.turn]
    partner = (proposer + 1) % 4
    s.res[proposer] = [2, 1, 0]
    s.res[partner] = [0, 0, 1]
    s.handshakes = [3, 3, 3, 3]
    s.trade_log = []
    ev: list[Event] = []
    T.start_trade(s, proposer, partner, ev)
    T.offer(s, proposer, 0, 0, ev)  # gives 1 Aether
    T.offer(s, proposer, 1, 2, ev)  # asks for 1 Brass
    return s, proposer, partner, ev


def test_drafting_and_proposing_say_what_goes_each_way():
    s, proposer, partner, ev = _drafted()
    assert s.traded and s.trade_stage == DRAFTING and s.trade_partner == partner
    assert s.trade_give == [0] and s.trade_get == [2] and T.sendable(s)
    assert ev == [
        Event(f"{who(s, proposer)} drafts a trade with {who(s, partner)}.", proposer, kind="trade-draft",
              data={"seat": proposer, "partner": partner}),
        Event(f"{who(s, proposer)} offers 1 {item_name(0)}.", proposer, kind="trade-item",
              data={"seat": proposer, "side": "give", "item": item_name(0)}),
        Event(f"{who(s, proposer)} asks for 1 {item_name(2)}.", proposer, kind="trade-item",
              data={"seat": proposer, "side": "get", "item": item_name(2)}),
    ]
    ev = []
    T.send_trade(s, proposer, ev)
    assert s.trade_stage == ANSWERING
    assert len(ev) == 1 and ev[0].kind == "trade-propose" and ev[0].seat == proposer
    assert ev[0].data == {"seat": proposer, "partner": partner, "give": [item_name(0)], "get": [item_name(2)]}
    assert ev[0].text.startswith(f"{who(s, proposer)} proposes to {who(s, partner)}: gives ")


def test_an_accepted_trade_moves_the_items_and_adds_a_handshake_each():
    s, proposer, partner, _ = _drafted()
    T.send_trade(s, proposer, None)
    ev: list[Event] = []
    T.answer_trade(s, partner, True, ev)
    assert s.res[proposer] == [1, 1, 1] and s.res[partner] == [1, 0, 0]
    assert s.handshakes[proposer] == 4 and s.handshakes[partner] == 4
    assert sum(s.handshakes) == 3 * 4 + 2
    assert s.trade_log == [[2, proposer, partner, 1, 1, 0, 2]]
    assert ev == [Event(f"{who(s, partner)} accepts: both take a Handshake.", partner, kind="trade-answer",
                        data={"seat": partner, "proposer": proposer, "accept": True})]
    assert s.trade_stage == NO_TRADE and s.trade_partner == -1 and s.trade_give == [] and s.trade_get == []


def test_a_declined_trade_changes_nothing_but_the_log():
    s, proposer, partner, _ = _drafted()
    T.send_trade(s, proposer, None)
    res = [list(r) for r in s.res]
    ev: list[Event] = []
    T.answer_trade(s, partner, False, ev)
    assert s.res == res and s.handshakes == [3, 3, 3, 3]
    assert s.trade_log == [[2, proposer, partner, 0, 1, 0, 2]]
    assert ev == [Event(f"{who(s, partner)} declines.", partner, kind="trade-answer",
                        data={"seat": partner, "proposer": proposer, "accept": False})]


def test_dropping_a_draft_spends_the_trade_and_says_so():
    s, proposer, _, _ = _drafted()
    ev: list[Event] = []
    T.cancel_trade(s, proposer, ev)
    assert s.traded and s.trade_stage == NO_TRADE and s.trade_partner == -1 and s.trade_give == []
    assert ev == [Event(f"{who(s, proposer)} drops the trade.", proposer, kind="trade-drop",
                        data={"seat": proposer})]


def test_a_traded_relic_changes_hands_and_is_counted_as_traded():
    s, proposer, partner, _ = _drafted()
    s.relics[proposer] = [5, 9]
    s.traded_relics = [0, 0, 0, 0]
    T.transfer(s, proposer, partner, [RELIC_ITEM + 9, 1])
    assert s.relics[proposer] == [5] and s.relics[partner][-1] == 9
    assert s.traded_relics[partner] == 1 and s.traded_relics[proposer] == 0
    assert s.res[proposer] == [2, 0, 0] and s.res[partner] == [0, 1, 1]
