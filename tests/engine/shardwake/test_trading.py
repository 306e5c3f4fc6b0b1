"""Trading: once per turn before placing, one proposal to one player, accept or decline."""

from __future__ import annotations

from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.state import RELIC_ITEM, Answer, Cancel, Offer, Place, Send, Trade

from .helpers import act, current, outer, to_placement


def _other(s, seat):
    return next(p for p in range(s.players) if p != seat)


def test_propose_one_trade_to_one_player_before_placing():
    # seed: "Once per turn, before placing, the active player may propose one trade to one player."
    s = to_placement(4, seed=2)
    seat = current(s)
    legal = RULES.legal(s, seat)
    assert {m.partner for m in legal if isinstance(m, Trade)} == {p for p in range(4) if p != seat}
    partner = _other(s, seat)
    act(s, Trade(partner))
    act(s, Offer(0, C.AETHER))
    act(s, Offer(1, C.BRASS))
    act(s, Send())
    assert RULES.to_act(s) == (partner,)
    act(s, Answer(False), partner)
    # back to the proposer, who must now place: no second trade this turn
    assert RULES.to_act(s) == (seat,)
    assert not any(isinstance(m, Trade) for m in RULES.legal(s, seat))


def test_after_placing_the_trade_is_gone_for_that_turn_but_back_next_turn():
    s = to_placement(4, seed=2)
    seat = current(s)
    act(s, Place(2 * outer(s)[0] + 1))
    nxt = current(s)
    assert nxt != seat and any(isinstance(m, Trade) for m in RULES.legal(s, nxt))


def test_any_mix_of_resources_and_relics():
    # seed: "Trades may include any mix of resources and Relics."
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    s.relics[seat] = [C.relic(0, 2)]
    s.relics[partner] = [C.relic(3, 4)]
    act(s, Trade(partner))
    legal = RULES.legal(s, seat)
    assert Offer(0, RELIC_ITEM + C.relic(0, 2)) in legal and Offer(1, RELIC_ITEM + C.relic(3, 4)) in legal
    act(s, Offer(0, RELIC_ITEM + C.relic(0, 2)))
    act(s, Offer(0, C.BALLAST))
    act(s, Offer(1, RELIC_ITEM + C.relic(3, 4)))
    act(s, Send())
    act(s, Answer(True), partner)
    assert s.relics[seat] == [C.relic(3, 4)] and s.relics[partner] == [C.relic(0, 2)]
    assert s.res[seat][C.BALLAST] == 1 and s.res[partner][C.BALLAST] == 3


def test_each_side_must_give_at_least_one_item():
    # seed: "Each side must give at least one item"
    s = to_placement(4, seed=2)
    seat = current(s)
    act(s, Trade(_other(s, seat)))
    assert Send() not in RULES.legal(s, seat)
    act(s, Offer(0, C.AETHER))
    assert Send() not in RULES.legal(s, seat)
    act(s, Offer(1, C.BALLAST))
    assert Send() in RULES.legal(s, seat)


def test_the_two_sides_cant_be_identical():
    # seed: "you can't swap 1 Aether for 1 Aether."
    s = to_placement(4, seed=2)
    seat = current(s)
    act(s, Trade(_other(s, seat)))
    act(s, Offer(0, C.AETHER))
    act(s, Offer(1, C.AETHER))
    assert Send() not in RULES.legal(s, seat)
    act(s, Offer(1, C.AETHER))  # 1 Aether for 2 Aether differs
    assert Send() in RULES.legal(s, seat)


def test_you_can_only_offer_what_you_hold_and_ask_for_what_they_hold():
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    s.res[partner] = [0, 1, 0]
    act(s, Trade(partner))
    asks = {m.item for m in RULES.legal(s, seat) if isinstance(m, Offer) and m.side == 1}
    assert asks == {C.BALLAST}
    act(s, Offer(1, C.BALLAST))
    assert not any(isinstance(m, Offer) and m.side == 1 for m in RULES.legal(s, seat))


def test_accepted_trade_gives_both_a_handshake():
    # seed: "If the trade is accepted, both players take 1 Handshake token."
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    act(s, Trade(partner))
    act(s, Offer(0, C.AETHER))
    act(s, Offer(1, C.BRASS))
    act(s, Send())
    act(s, Answer(True), partner)
    assert s.handshakes[seat] == 1 and s.handshakes[partner] == 1
    assert s.res[seat] == [1, 2, 2] and s.res[partner] == [3, 2, 0]
    assert s.trade_log[-1][:4] == [1, seat, partner, 1]


def test_declined_trade_gives_no_handshake_and_moves_nothing():
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    act(s, Trade(partner))
    act(s, Offer(0, C.AETHER))
    act(s, Offer(1, C.BRASS))
    act(s, Send())
    act(s, Answer(False), partner)
    assert s.handshakes == [0, 0, 0, 0]
    assert s.res[seat] == [2, 2, 1] and s.res[partner] == [2, 2, 1]


def test_a_received_relic_scores_no_renown():
    # seed: "If you receive a traded Relic, you keep the card but gain no Renown for it"
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    s.relics[partner] = [C.relic(1, 4)]
    act(s, Trade(partner))
    act(s, Offer(0, C.AETHER))
    act(s, Offer(1, RELIC_ITEM + C.relic(1, 4)))
    act(s, Send())
    act(s, Answer(True), partner)
    assert s.relics[seat] == [C.relic(1, 4)]
    assert s.renown[seat] == 0 and s.renown[partner] == 0
    assert s.traded_relics[seat] == 1


def test_promises_are_not_binding_the_trade_is_settled_at_once():
    # seed: "Promises are allowed but not binding." Nothing is owed after the answer.
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    act(s, Trade(partner))
    act(s, Offer(0, C.AETHER))
    act(s, Offer(1, C.BRASS))
    act(s, Send())
    act(s, Answer(True), partner)
    assert s.trade_stage == 0 and s.trade_give == [] and s.trade_get == []
    assert RULES.to_act(s) == (seat,)


def test_dropping_a_draft_spends_the_trade():
    s = to_placement(4, seed=2)
    seat = current(s)
    act(s, Trade(_other(s, seat)))
    act(s, Cancel())
    assert not any(isinstance(m, Trade) for m in RULES.legal(s, seat))


def test_the_trade_in_progress_is_public():
    s = to_placement(4, seed=2)
    seat = current(s)
    partner = _other(s, seat)
    act(s, Trade(partner))
    act(s, Offer(0, C.AETHER))
    for viewer in [*range(4), None]:
        tr = RULES.view(s, viewer).trade
        assert tr is not None and tr.proposer == seat and tr.partner == partner and tr.give == [C.AETHER]


def test_proposals_hold_at_most_three_items_each_way():
    s = to_placement(4, seed=2)
    seat = current(s)
    s.res[seat] = [5, 5, 5]
    act(s, Trade(_other(s, seat)))
    for _ in range(C.TRADE_MAX_ITEMS):
        act(s, Offer(0, C.AETHER))
    assert not any(isinstance(m, Offer) and m.side == 0 for m in RULES.legal(s, seat))
