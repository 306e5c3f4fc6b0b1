"""What a seat may see, the words for moves, and the final result.

Nothing here is on the playout hot path: it builds the structs and strings the
table, the log and the decision panel show.
"""

from __future__ import annotations

from typing import Any

from engine.core.rules import Result
from engine.games.shards import scoring
from engine.games.shards.content import (
    ABILITIES,
    ABILITY,
    AUTONOMY,
    DEVOTION,
    DOMINION,
    KIND,
    PLAY_ABILITY,
    PRESERVATION,
    RANK,
    ROUNDS,
    RUIN,
    SHARD_NAMES,
    SHARD_OF,
    SHARDS,
    TRICKS,
    card_name,
)
from engine.games.shards.rules import LEGAL
from engine.games.shards.state import (
    CARD_VIEWS,
    CULL,
    CULTIVATION_DISCARD,
    DECAY,
    DEVOTION_PLACE,
    GROWTH,
    ODIUM_AREA,
    ODIUM_SEIZE,
    OVER,
    PLAY,
    PRESERVE,
    RELEASE,
    RENEWAL,
    STEP_NAMES,
    SWAP,
    TAKE,
    THEFT,
    THEFT_VICTIM,
    AddRevealed,
    CardView,
    ChooseArea,
    Decline,
    Discard,
    Pending,
    Place,
    Play,
    PutBack,
    State,
    Steal,
    SubtractRevealed,
    Swap,
    Take,
    TakeFromDiscard,
    TakeScored,
    TrickOutcome,
    TrickPlay,
    View,
)

# ================================================================= phase and prompt


def _phase(s: State) -> str:
    step = s.step
    if step == OVER:
        return "Game over"
    if step in (CULTIVATION_DISCARD, DEVOTION_PLACE):
        return f"Round {s.round} of {ROUNDS} — setup: {SHARD_NAMES[s.trump]} trump"
    if step in (ODIUM_AREA, ODIUM_SEIZE):
        return f"Round {s.round} of {ROUNDS} — round end: Odium trump"
    return f"Round {s.round} of {ROUNDS} — trick {s.trick_no} of {s.tricks}"


def _ability_card(s: State) -> int:
    return s.trick[s.pos]


def _prompt(s: State, seat: int | None) -> str:
    step = s.step
    names = s.names
    if step == OVER:
        return "The game is over"
    if step in (CULTIVATION_DISCARD, DEVOTION_PLACE):
        if seat is not None and seat in s.acting:
            k = s.owed[seat]
            if step == CULTIVATION_DISCARD:
                return (f"Cultivation trump: discard {k} more card{'s' if k > 1 else ''} "
                        "(everyone chooses in secret; all discards are revealed at once)")
            return ("Devotion trump: place a card from your hand in your scoring area "
                    "(everyone chooses in secret), then draw a card")
        waiting = ", ".join(names[i] for i in s.acting)
        what = "discards" if step == CULTIVATION_DISCARD else "placements"
        return f"Waiting for {waiting} to choose their {what} in secret"
    who = names[s.turn]
    you = seat == s.turn
    subject = "You" if you else who
    subj = "you" if you else who
    if step == PLAY:
        if not s.trick:
            if s.trump == AUTONOMY:
                return (f"{subject}: lead a card — not Autonomy unless the hand holds only Autonomy "
                        "(Autonomy trump)")
            return f"{subject}: lead a card (any Shard)"
        lead = SHARD_NAMES[SHARD_OF[s.trick[0]]]
        return f"{subject}: play a card — follow {lead} if able"
    if step == TAKE:
        rule = {
            RUIN: " — Ruin trump: the lowest-rank card",
            DOMINION: " — Dominion trump: the highest-rank card",
            PRESERVATION: " — Preservation trump: or a Preservation card from the discard pile",
        }.get(s.trump, "")
        return f"{subject} won the trick: choose a card for the scoring area{rule}"
    if step in (ODIUM_AREA, ODIUM_SEIZE):
        if step == ODIUM_AREA:
            return (f"{subject} (fewest scoring cards): choose a largest scoring area to take a card "
                    "from, or take nothing (Odium trump)")
        return (f"{subject}: take one card from {names[s.target]}'s scoring area, or take nothing "
                "(Odium trump)")
    c = card_name(_ability_card(s))
    if step == RELEASE:
        return f"{c}: {subj} may discard an Autonomy card from hand and draw a card"
    if step == GROWTH:
        x = s.deck[-1]
        return (f"{c} revealed {card_name(x)}: discard it and add {RANK[x]} to {c}, "
                "or put it back")
    if step == RENEWAL:
        return f"{c}: discard up to 2 cards ({s.count} so far), then draw as many"
    if step == SWAP:
        return f"{c}: {subj} may swap it with a card in the scoring area (that card then acts)"
    if step == CULL:
        return f"{c}: discard the lowest-rank card (several tie)"
    if step == THEFT:
        return f"{c}: discard a card, then take a random card from another player's hand"
    if step == THEFT_VICTIM:
        return f"{c}: choose whose hand to take a random card from"
    if step == PRESERVE:
        return f"{c}: discard a card"
    if step == DECAY:
        x = s.deck[-1]
        return (f"{c} revealed {card_name(x)}: discard it and subtract {RANK[x]} from another "
                "player's played card, or put it back")
    return ""


def _pending(s: State) -> Pending | None:
    step = s.step
    if step in (PLAY, OVER):
        return None
    if step == TAKE:
        return Pending(s.turn, "Trick won")
    if step in (CULTIVATION_DISCARD, DEVOTION_PLACE):
        return Pending(-1, f"{SHARD_NAMES[s.trump]} trump")
    if step in (ODIUM_AREA, ODIUM_SEIZE):
        return Pending(s.turn, "Odium trump", area=s.target)
    c = _ability_card(s)
    revealed = CARD_VIEWS[s.deck[-1]] if step in (GROWTH, DECAY) else None
    return Pending(
        s.turn,
        f"{card_name(c)} — {ABILITIES[PLAY_ABILITY[c]].name}",
        CARD_VIEWS[c],
        revealed,
        s.count if step == RENEWAL else 0,
        rank=s.trick_ranks[s.pos],
    )


# ================================================================= the view


def view(s: State, seat: int | None) -> View:
    n = s.players
    step = s.step
    cv = CARD_VIEWS
    hand: list[CardView] = []
    legal_cards: list[int] = []
    my_picks: list[CardView] = []
    if seat is not None:
        hand = [cv[c] for c in s.hands[seat]]
        if seat in s.acting:
            # the hand cards the open menu lets this seat play, discard or place
            kinds = [KIND[m.card] for m in LEGAL[step](s, seat) if type(m) in (Play, Discard, Place)]
            legal_cards = [c for c in s.hands[seat] if KIND[c] in kinds]
        if s.picks:
            my_picks = [cv[c] for c in s.picks[seat]]
    known: list[list[CardView]] = [[] for _ in range(n)]
    if s.known:
        want = (1 << n) - 1
        for e in s.known:
            mask = e & 15
            if (seat is None and mask == want) or (seat is not None and mask >> seat & 1):
                c = e >> 4
                for i in range(n):
                    if i != seat and (c in s.hands[i] or (s.picks and c in s.picks[i])):
                        known[i].append(cv[c])
        for lst in known:
            lst.sort(key=lambda x: x.id)
    last = None
    if s.prev_winner >= 0:
        last = TrickOutcome(
            [TrickPlay(p, cv[c], r) for p, c, r in zip(s.prev_seats, s.prev_cards, s.prev_ranks, strict=True)],
            s.prev_winner,
            cv[s.prev_taken] if s.prev_taken >= 0 else None,
            s.prev_from_discard,
        )
    return View(
        seat=seat,
        round=s.round,
        phase=_phase(s),
        to_act=s.acting,
        prompt=_prompt(s, seat),
        asking=STEP_NAMES[step],
        players=n,
        names=list(s.names),
        shards=[SHARD_NAMES[sh] for sh in s.shards],
        trump=SHARD_NAMES[s.trump],
        trump_text=SHARDS[s.trump].trump,
        past_trumps=[SHARD_NAMES[t] for t in s.trumps[:-1]],
        lead=SHARD_NAMES[SHARD_OF[s.trick[0]]] if s.trick else "",
        trick_no=min(s.trick_no, s.tricks),
        tricks=s.tricks,
        trick=[TrickPlay(p, cv[c], r) for p, c, r in zip(s.trick_seats, s.trick, s.trick_ranks, strict=True)],
        hand=hand,
        legal_cards=legal_cards,
        hand_sizes=[len(h) for h in s.hands],
        areas=[[cv[c] for c in a] for a in s.areas],
        discard=[cv[c] for c in s.discard],
        deck_size=len(s.deck),
        trump_deck_size=len(s.trump_deck),
        first_player=s.first,
        leader=s.trick_seats[0] if s.trick else s.turn,
        pending=_pending(s),
        deck_top=cv[s.deck[-1]] if s.top_known and s.deck else None,
        known=known,
        my_picks=my_picks,
        picks_made=[len(p) for p in s.picks],
        picks_owed=list(s.owed),
        last_trick=last,
        scores=[scoring.score(a, s.shards, n) for a in s.areas],
        round_scores=[list(r) for r in s.round_scores],
    )


# ================================================================= words for moves


def _ability_words(c: int) -> str:
    a = ABILITY[c]
    return f" — {ABILITIES[a].short}" if a else ""


def _gain(v: View, card: int) -> int:
    """How much taking ``card`` adds to the viewer's score right now."""
    if v.seat is None:
        return 0
    shards = [SHARD_NAMES.index(x) for x in v.shards]
    area = [x.id for x in v.areas[v.seat]]
    return scoring.score([*area, card], shards, v.players) - scoring.score(area, shards, v.players)


def _points(n: int) -> str:
    return f"{n:+d} point{'s' if abs(n) != 1 else ''} now"


def label(v: View, move: Any) -> tuple[str, str]:
    """(group, text) for the decision panel, from the view alone."""
    t = type(move)
    asking = v.asking
    names = v.names
    if t is Play:
        return ("Play a card", card_name(move.card) + _ability_words(move.card))
    if t is Discard:
        c = move.card
        if asking == "cultivation-discard":
            return ("Cultivation trump: discard", f"Discard {card_name(c)} (secret until all choose)")
        return ("Discard", f"Discard {card_name(c)}")
    if t is Place:
        return ("Devotion trump: place", f"Place {card_name(move.card)} in your scoring area "
                f"({_points(_gain(v, move.card))})")
    if t is Decline:
        text = {
            "release": "Keep your Autonomy cards",
            "renewal": "Discard no more, draw now",
            "swap": "Do not swap",
            "odium-area": "Take nothing",
            "odium-seize": "Take nothing",
        }.get(asking, "Decline")
        return ("Decline", text)
    p = v.pending
    revealed = p.revealed if p is not None else None
    if t is AddRevealed:
        x = revealed.rank if revealed else 0
        card = p.card if p is not None else None
        now = p.rank if p is not None else 0
        what = f"{card.shard} {card.rank}" if card else "your card"
        shown = f"{revealed.shard} {revealed.rank}" if revealed else "the revealed card"
        return ("Growth", f"Discard {shown} and raise {what} to {now + x}")
    if t is PutBack:
        shown = f"{revealed.shard} {revealed.rank}" if revealed else "the revealed card"
        return ("Revealed card", f"Put {shown} back on the draw deck")
    if t is SubtractRevealed:
        x = revealed.rank if revealed else 0
        for play in v.trick:
            if play.card.id == move.card:
                return ("Decay", f"Subtract {x} from {names[play.seat]}'s {card_name(move.card)} "
                        f"({play.rank} → {play.rank - x})")
        return ("Decay", f"Subtract {x} from {card_name(move.card)}")
    if t is Swap:
        return ("Swap", f"Swap with {card_name(move.card)} from your scoring area"
                + _ability_words(move.card))
    if t is Steal:
        return ("Steal", f"Take a random card from {names[move.seat]}'s hand "
                f"({v.hand_sizes[move.seat]} cards)")
    if t is Take:
        whose = ""
        for play in v.trick:
            if play.card.id == move.card:
                whose = "your " if play.seat == v.seat else f"{names[play.seat]}'s "
        return ("Take a card", f"Take {whose}{card_name(move.card)} ({_points(_gain(v, move.card))})")
    if t is TakeFromDiscard:
        return ("Take from the discard pile", f"Take {card_name(move.card)} from the discard pile "
                f"({_points(_gain(v, move.card))})")
    if t is ChooseArea:
        return ("Odium trump", f"Take from {names[move.seat]}'s scoring area "
                f"({len(v.areas[move.seat])} cards)")
    if t is TakeScored:
        owner = p.area if p is not None else -1
        whose = f"{names[owner]}'s" if owner >= 0 else "the"
        return ("Odium trump", f"Take {card_name(move.card)} from {whose} scoring area "
                f"({_points(_gain(v, move.card))})")
    return ("Moves", repr(move))


def describe(s: State, seat: int, move: Any) -> str:
    """One log line for a move about to be applied (secret picks stay secret)."""
    who = s.names[seat]
    t = type(move)
    if t is Play:
        return f"{who} plays {card_name(move.card)}"
    if t is Discard:
        if s.step == CULTIVATION_DISCARD:
            return f"{who} chooses a card to discard"
        return f"{who} discards {card_name(move.card)}"
    if t is Place:
        return f"{who} chooses a card to place"
    if t is Decline:
        if s.step in (ODIUM_AREA, ODIUM_SEIZE):
            return f"{who} takes nothing"
        if s.step == RENEWAL:
            return f"{who} stops discarding"
        return f"{who} does not use {card_name(s.trick[s.pos])}'s ability"
    if t is AddRevealed:
        x = s.deck[-1]
        return f"{who} discards {card_name(x)} and adds {RANK[x]} to {card_name(s.trick[s.pos])}"
    if t is PutBack:
        return f"{who} puts {card_name(s.deck[-1])} back on the draw deck"
    if t is SubtractRevealed:
        x = s.deck[-1]
        q = s.trick.index(move.card)
        r = s.trick_ranks[q]
        return (f"{who} reveals {card_name(x)} and lowers {s.names[s.trick_seats[q]]}'s "
                f"{card_name(move.card)} from {r} to {r - RANK[x]}")
    if t is Swap:
        return f"{who} swaps {card_name(s.trick[s.pos])} with {card_name(move.card)} from their scoring area"
    if t is Steal:
        return f"{who} takes a random card from {s.names[move.seat]}'s hand"
    if t is Take:
        return f"{who} wins the trick and takes {card_name(move.card)}"
    if t is TakeFromDiscard:
        return f"{who} wins the trick and takes {card_name(move.card)} from the discard pile"
    if t is ChooseArea:
        return f"{who} chooses {s.names[move.seat]}'s scoring area"
    if t is TakeScored:
        return f"{who} takes {card_name(move.card)} from {s.names[s.target]}'s scoring area"
    return f"{who}: {move!r}"


# ================================================================= result


def final_result(s: State) -> Result:
    """seed: "the player with the highest total wins. If tied for highest total, the player
    with the least amount of cards in their Scoring Area wins the tie. If there is still a
    tie, they share the victory." """
    n = s.players
    sheets = [scoring.score_sheet(a, s.shards, n) for a in s.areas]
    scores = [sh.total for sh in sheets]
    sizes = [len(a) for a in s.areas]
    order = sorted(range(n), key=lambda i: (-scores[i], sizes[i], i))
    ranking: list[list[int]] = []
    for i in order:
        if ranking and scores[ranking[-1][0]] == scores[i] and sizes[ranking[-1][0]] == sizes[i]:
            ranking[-1].append(i)
        else:
            ranking.append([i])
    notes: list[str] = []
    names = s.names
    for total in sorted(set(scores), reverse=True):
        tied = [i for i in order if scores[i] == total]
        if len(tied) < 2:
            continue
        who = " and ".join(names[i] for i in tied)
        if len({sizes[i] for i in tied}) == 1:
            share = "share the victory" if order[0] in tied else "share their place"
            notes.append(f"{who} tie on {total} points with {sizes[tied[0]]} scoring cards each: they {share}")
        else:
            parts = ", ".join(f"{names[i]} {sizes[i]}" for i in tied)
            notes.append(f"{who} tie on {total} points: fewer cards in the scoring area ranks higher ({parts})")
    by_round = [[r[i] for r in s.round_scores] for i in range(n)]
    return Result(
        scores=scores,
        ranking=ranking,
        breakdown=[sh.lines for sh in sheets],
        tiebreak="; ".join(notes) or "No ties: every player has a different total",
        details={
            "by_round": by_round,
            "scoring_abilities": [sh.notes for sh in sheets],
            "cards": sizes,
            "counts": [dict(zip((SHARD_NAMES[x] for x in s.shards), sheets[i].counts, strict=True))
                       for i in range(n)],
            "trumps": [SHARD_NAMES[t] for t in s.trumps],
        },
    )


def estimate(s: State) -> list[float]:
    """Each seat's expected final score: its score now plus the cards still to come, each
    worth about what one more card of an average Shard would add."""
    n = s.players
    if s.step == OVER:
        return [float(scoring.score(a, s.shards, n)) for a in s.areas]
    tricks_left = max(0, s.tricks - s.trick_no + 1) + (ROUNDS - s.round) * TRICKS
    last_cards = (ROUNDS - s.round) + (0 if s.trump == DEVOTION else 1)
    to_come = tricks_left / n + last_cards
    k = len(s.shards)
    out = []
    for a in s.areas:
        counts = [0] * 8
        for c in a:
            counts[SHARD_OF[c]] += 1
        marginal = sum(counts[sh] + 1 for sh in s.shards) / k
        out.append(scoring.score(a, s.shards, n) + to_come * (marginal + 0.5 * to_come / k))
    return out

