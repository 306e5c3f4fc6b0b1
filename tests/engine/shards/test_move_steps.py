"""The answers to an ability's question, played as a trick's last card, with their exact events
(issue 10 item 9: the 55 mutants of rules/moves.py that survived the rule tests). The ability
card is the trick's last card in every test, so each answer must pass its event list on to the
trick's end (``next_player(s, None)`` lost "… wins trick 1 …"). Also: the Renewal's "discards
nothing" only when nothing went and its draws after one or two discards, the decline words of a
Swap not used, the Swap's event and the swapped-in card's ability told, a Theft with one victim
or none, and Odium theft's bookkeeping with a thief who is not seat 0.

Mutation run: ``make mutants-after GAME=shards TESTS='tests/engine/shards/test_move_steps.py'``.
"""

from __future__ import annotations

from engine.core.rules import Event
from engine.games.shards import RULES
from engine.games.shards.content import RANK, card_name
from engine.games.shards.rules.moves import steal
from engine.games.shards.state import (
    ADD_REVEALED,
    DECLINE,
    PLAY_MOVES,
    PUT_BACK,
    RENEWAL,
    SWAP,
    TAKE,
    THEFT,
    Discard,
    State,
    SubtractRevealed,
    Swap,
)
from tests.engine.shards.helpers import Cards, act, table

A, H, K = 0, 1, 2
BIT = {A: 1, H: 2, K: 4}
SHARDS = ("Cultivation", "Devotion", "Honor", "Odium")


def _last_card(k: Cards, ability: str, rest: list[int], shards: tuple[str, ...] = SHARDS,
               deck: list[int] | None = None, area: list[int] | None = None,
               h_rest: list[int] | None = None) -> tuple[State, int, int, int]:
    """Azure leads Honor 10, Hoid follows with Honor 12, Khriss (no Honor in hand) plays
    ``ability`` last. Returns the state and the three played cards."""
    h10, h12, card = k("Honor 10"), k("Honor 12"), k(ability)
    areas = [[], [], list(area or [])]
    s = table(k, [[h10], [h12, *(h_rest or [])], [card, *rest]], trump="Honor", shards=shards, deck=deck,
              areas=areas)
    act(s, A, PLAY_MOVES[h10])
    act(s, H, PLAY_MOVES[h12])
    act(s, K, PLAY_MOVES[card])
    return s, h10, h12, card


def _won(seat: int, card: int, rank: int | None = None) -> Event:
    r = RANK[card] if rank is None else rank
    now = f" (now {r})" if r != RANK[card] else ""
    return Event(f"{('Azure', 'Hoid', 'Khriss')[seat]} wins trick 1 with {card_name(card)}{now}", seat, None,
                 False, "trick-won", {"seat": seat, "trick": 1, "card": card_name(card), "rank": r})


def _draws(seat: int, card: int) -> list[Event]:
    who = ("Azure", "Hoid", "Khriss")[seat]
    others = tuple(i for i in (A, H, K) if i != seat)
    return [Event(f"{who} draws {card_name(card)}", seat, (seat,), True, "draw", {"seat": seat, "card": card_name(card)}),
            Event(f"{who} draws a card", seat, others, False, "draw", {"seat": seat})]


def _discard(seat: int, card: int) -> Event:
    who = ("Azure", "Hoid", "Khriss")[seat]
    return Event(f"{who} discards {card_name(card)}", seat, None, False, "discard",
                 {"seat": seat, "card": card_name(card)})


def _taking(s: State, seat: int) -> None:
    """The trick is complete: its winner chooses the card to take (three different cards)."""
    assert s.trick_no == 1 and s.step == TAKE and RULES.to_act(s) == (seat,)


# ------------------------------------------------------------------ Cultivation renewal


def test_a_renewal_of_one_card_draws_one_when_the_player_stops():
    k = Cards()
    o11, o12, top = k("Odium 11"), k("Odium 12"), k("Devotion 10")
    s, _, h12, _ = _last_card(k, "Cultivation 6", [o11, o12], deck=[top])
    assert s.step == RENEWAL
    assert act(s, K, Discard(o11)) == [_discard(K, o11)]
    assert s.step == RENEWAL and s.count == 1  # "up to 2": one more may go
    # no "discards nothing": a card went; the one card is drawn, then the trick ends
    assert act(s, K, DECLINE) == [*_draws(K, top), _won(H, h12)]
    assert s.hands[K] == sorted([o12, top]) and s.discard == [o11]
    _taking(s, H)


def test_a_renewal_of_two_cards_draws_two():
    k = Cards()
    o11, o12, o13 = k("Odium 11"), k("Odium 12"), k("Odium 13")
    d10, d11 = k("Devotion 10"), k("Devotion 11")
    s, _, h12, _ = _last_card(k, "Cultivation 6", [o11, o12, o13], deck=[d10, d11])
    act(s, K, Discard(o11))
    assert act(s, K, Discard(o12)) == [_discard(K, o12), *_draws(K, d10), *_draws(K, d11), _won(H, h12)]
    assert s.hands[K] == sorted([o13, d10, d11]) and s.discard == [o11, o12]
    _taking(s, H)


def test_a_renewal_declined_at_once_discards_nothing_and_draws_nothing():
    k = Cards()
    o11, top = k("Odium 11"), k("Devotion 10")
    s, _, h12, _ = _last_card(k, "Cultivation 6", [o11], deck=[top])
    assert act(s, K, DECLINE) == [
        Event("Khriss discards nothing", K, None, False, "decline", {"seat": K}), _won(H, h12)]
    assert s.hands[K] == [o11] and s.deck[-1] == top and s.discard == []
    _taking(s, H)


# ------------------------------------------------------------------ Devotion swap


def test_a_swap_not_used_is_told_with_the_card():
    k = Cards()
    o11, o6 = k("Odium 11"), k("Odium 6")
    s, _, h12, d5 = _last_card(k, "Devotion 5", [o11], area=[o6])
    assert s.step == SWAP
    assert act(s, K, DECLINE) == [
        Event("Khriss does not use Devotion 5's ability", K, None, False, "decline",
              {"seat": K, "card": "Devotion 5"}), _won(H, h12)]
    assert s.trick[2] == d5 and s.areas[K] == [o6]
    _taking(s, H)


def test_a_swap_is_told_and_the_swapped_in_card_acts_aloud():
    k = Cards()
    o11, o6, c11 = k("Odium 11"), k("Odium 6"), k("Cultivation 11")
    s, _, h12, d5 = _last_card(k, "Devotion 5", [o11], area=[o6, c11])
    ev = act(s, K, Swap(o6))
    # Odium rise: +2 for each different Shard in the scoring area, now Cultivation and Devotion
    rank = RANK[o6] + 2 * 2
    assert ev == [
        Event("Khriss swaps Devotion 5 with Odium 6 from their scoring area", K, None, False, "swap",
              {"seat": K, "card": "Devotion 5", "scored": "Odium 6"}),
        Event(f"Khriss's Odium 6 rises by 4 to {rank}", K, None, False, "rise",
              {"seat": K, "card": "Odium 6", "by": 4, "rank": rank}),
        _won(H, h12)]
    assert s.trick[2] == o6 and s.trick_ranks[2] == rank and s.areas[K] == [c11, d5] and s.swapped == []
    _taking(s, H)


# ------------------------------------------------------------------ Odium theft


def test_a_theft_with_one_victim_takes_from_them_aloud():
    k = Cards()
    c11, h3, top = k("Cultivation 11"), k("Honor 3"), k("Devotion 10")
    s, _, h12, _ = _last_card(k, "Odium 1", [c11], deck=[top], h_rest=[h3])
    assert s.step == THEFT
    # Azure's hand is empty: Hoid is the only victim, and the random card is Hoid's Honor 3
    assert act(s, K, Discard(c11)) == [
        _discard(K, c11),
        Event("Khriss takes a random card from Hoid's hand", K, (A,), False, "steal", {"seat": K, "victim": H}),
        Event("Khriss takes Honor 3 from Hoid's hand", K, (K, H), True, "steal",
              {"seat": K, "victim": H, "card": "Honor 3"}),
        *_draws(H, top), _won(H, h12)]
    assert s.hands[K] == [h3] and s.hands[H] == [top] and s.discard == [c11]
    assert s.known == [h3 << 4 | BIT[H] | BIT[K]]
    _taking(s, H)


def test_a_theft_with_nobody_to_take_from_draws_the_thiefs_card_back():
    k = Cards()
    c11, top = k("Cultivation 11"), k("Devotion 10")
    s, _, h12, _ = _last_card(k, "Odium 1", [c11], deck=[top])
    # "they will draw the same number of cards from the draw deck to replenish their hand"
    assert act(s, K, Discard(c11)) == [_discard(K, c11), *_draws(K, top), _won(H, h12)]
    assert s.hands[K] == [top] and s.discard == [c11] and s.known == []
    _taking(s, H)


def test_a_theft_by_seat_1_keeps_the_thief_and_victim_knowing_and_forgets_the_rest():
    k = Cards()
    victim = k.many("Honor 11", "Honor 12", "Honor 13", "Honor 14")
    other = k("Ruin 11")  # in Azure's hand: the theft changes nothing about it
    played = k("Odium 1")
    s = table(k, [[other], [k("Honor 2")], victim], trump="Ruin", shards=("Autonomy", "Honor", "Odium", "Ruin"))
    s.trick, s.trick_seats, s.trick_ranks = [played], [H], [RANK[played]]
    everyone = BIT[A] | BIT[H] | BIT[K]
    s.known = [victim[0] << 4 | BIT[A], victim[1] << 4 | BIT[A],  # only Azure knew these two
               victim[2] << 4 | everyone, victim[3] << 4 | everyone,
               other << 4 | BIT[A] | BIT[H]]
    ev: list[Event] = []
    steal(s, H, K, ev)  # Hoid (seat 1) takes from Khriss (seat 2)
    stolen = next(c for c in victim if c in s.hands[H])
    # whichever card went: Azure-only entries of cards still in Khriss's hand are forgotten,
    # the others keep only thief and victim (Hoid and Khriss), the entry after them stays,
    # and the stolen card is known to Hoid and Khriss
    after = {victim[0]: 0, victim[1]: 0, victim[2]: BIT[H] | BIT[K], victim[3]: BIT[H] | BIT[K],
             other: BIT[A] | BIT[H]}
    assert s.known == [c << 4 | m for c, m in after.items() if m and c != stolen] + [stolen << 4 | BIT[K] | BIT[H]]
    name = card_name(stolen)
    assert ev[:2] == [
        Event("Hoid takes a random card from Khriss's hand", H, (A,), False, "steal", {"seat": H, "victim": K}),
        Event(f"Hoid takes {name} from Khriss's hand", H, (H, K), True, "steal",
              {"seat": H, "victim": K, "card": name})]
    assert len(s.hands[K]) == 4 and s.turn == K


# ------------------------------------------------------------------ growth and decay as the last card


def test_growth_added_on_the_last_card_ends_the_trick_aloud():
    k = Cards()
    top = k("Odium 14")
    s, _, h12, c3 = _last_card(k, "Cultivation 3", [], deck=[top])
    assert act(s, K, ADD_REVEALED) == [
        Event("Khriss discards Odium 14 and raises Cultivation 3 to 17", K, None, False, "growth",
              {"seat": K, "discarded": "Odium 14", "card": "Cultivation 3", "rank": RANK[c3] + RANK[top]}),
        _won(H, h12)]
    _taking(s, H)


def test_growth_put_back_on_the_last_card_ends_the_trick_aloud():
    k = Cards()
    top = k("Odium 14")
    s, _, h12, _ = _last_card(k, "Cultivation 3", [], deck=[top])
    assert act(s, K, PUT_BACK) == [
        Event("Khriss puts Odium 14 back on the draw deck", K, None, False, "put-back", {"seat": K, "card": "Odium 14"}),
        _won(H, h12)]
    assert s.deck[-1] == top
    _taking(s, H)


def test_decay_on_the_last_card_can_turn_the_trick():
    k = Cards()
    top = k("Autonomy 9")
    s, h10, h12, _ = _last_card(k, "Ruin 5", [], shards=("Autonomy", "Honor", "Preservation", "Ruin"), deck=[top])
    lowered = RANK[h12] - RANK[top]  # 12 - 9 = 3: Azure's Honor 10 is now the strongest
    assert act(s, K, SubtractRevealed(h12)) == [
        Event(f"Khriss discards Autonomy 9 and lowers Hoid's Honor 12 to {lowered}", K, None, False, "decay",
              {"seat": K, "discarded": "Autonomy 9", "owner": H, "card": "Honor 12", "rank": lowered}),
        _won(A, h10)]
    _taking(s, A)
