"""What a seat may see (``view``), and re-drawing what it may not (``determinize``).

Nothing here is on the playout hot path: it builds the structs the table, the bots and
the network read. A view carries the facts a screen needs (``asking``, ``stage``, the card
``winning`` the trick, every scoring area's sheet), so no screen re-derives a rule.
"""

from __future__ import annotations

from engine.core.codec import clone
from engine.core.rng import Rng
from engine.games.shards import scoring, text
from engine.games.shards.content import (
    ABILITIES,
    KIND,
    PLAY_ABILITY,
    SHARD_NAMES,
    SHARD_OF,
    SHARDS,
    card_name,
)
from engine.games.shards.rules.legal import LEGAL
from engine.games.shards.rules.tricks import strongest
from engine.games.shards.state import (
    CARD_VIEWS,
    CULTIVATION_DISCARD,
    DECAY,
    DEVOTION_PLACE,
    GROWTH,
    ODIUM_AREA,
    ODIUM_SEIZE,
    OVER,
    PLAY,
    RENEWAL,
    STEP_NAMES,
    TAKE,
    CardView,
    Discard,
    Pending,
    Place,
    Play,
    SheetView,
    State,
    TrickOutcome,
    TrickPlay,
    View,
)

# ``View.stage``: the step the game is at, whoever is asked ("over" when the game is over)
STAGES: tuple[str, ...] = (*STEP_NAMES[:OVER], "over")


def _pending(s: State) -> Pending | None:
    """The ability or trump effect being resolved, and what it has shown (None: none)."""
    step = s.step
    if step in (PLAY, OVER):
        return None
    if step == TAKE:
        return Pending(s.turn, "Trick won")
    if step in (CULTIVATION_DISCARD, DEVOTION_PLACE):
        return Pending(-1, f"{SHARD_NAMES[s.trump]} trump")
    if step in (ODIUM_AREA, ODIUM_SEIZE):
        return Pending(s.turn, "Odium trump", area=s.target)
    c = s.trick[s.pos]
    revealed = CARD_VIEWS[s.deck[-1]] if step in (GROWTH, DECAY) else None
    return Pending(
        s.turn,
        f"{card_name(c)} — {ABILITIES[PLAY_ABILITY[c]].name}",
        CARD_VIEWS[c],
        revealed,
        s.count if step == RENEWAL else 0,
        rank=s.trick_ranks[s.pos],
    )


def view(s: State, seat: int | None) -> View:
    """Everything ``seat`` may know (``None``: a spectator, public information only)."""
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
            kinds = [KIND[m.card] for m in LEGAL[step](s, seat) if isinstance(m, Play | Discard | Place)]
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
    sheets = []
    for a in s.areas:
        sheet = scoring.score_sheet(a, s.shards, n)
        sheets.append(SheetView(sheet.total, sheet.lines, sheet.notes))
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
        phase=text.phase(s),
        to_act=s.acting,
        prompt=text.prompt(s, seat),
        asking=STEP_NAMES[step] if seat is not None and seat in s.acting else "",
        stage=STAGES[step],
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
        winning=strongest(s.trick, s.trick_ranks, s.trump) if s.trick else -1,
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
        scores=[sheet.total for sheet in sheets],
        sheets=sheets,
        round_scores=[list(r) for r in s.round_scores],
    )


# ================================================================= hidden information


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``s``: other hands (but the cards ``seat`` knows),
    other seats' secret picks, the deck order (but a revealed top card) and the trump deck
    order are re-drawn, and the state's generator is re-seeded."""
    d: State = clone(s)
    n = d.players
    bit = 1 << seat
    mine = [e >> 4 for e in d.known if e & bit] if d.known else ()
    deck = d.deck
    top = deck.pop() if d.top_known and deck else -1
    pool = deck
    picks = d.picks
    for i in range(n):
        if i == seat:
            continue
        if mine:
            pool.extend(c for c in d.hands[i] if c not in mine)
            if picks:
                pool.extend(c for c in picks[i] if c not in mine)
        else:
            pool.extend(d.hands[i])
            if picks:
                pool.extend(picks[i])
    rng.shuffle(pool)
    for i in range(n):
        if i == seat:
            continue
        hand = d.hands[i]
        if mine:
            keep = [c for c in hand if c in mine]
            k = len(hand) - len(keep)
        else:
            keep = []
            k = len(hand)
        if k:
            keep.extend(pool[-k:])
            del pool[-k:]
        keep.sort()
        d.hands[i] = keep
        if picks:
            p = picks[i]
            pk = [c for c in p if c in mine] if mine else []
            k = len(p) - len(pk)
            if k:
                pk.extend(pool[-k:])
                del pool[-k:]
            picks[i] = pk
    if top >= 0:
        pool.append(top)
    d.deck = pool
    if len(d.trump_deck) > 1:
        rng.shuffle(d.trump_deck)
    # what other seats privately know is not ours to keep: only our knowledge stays true
    if d.known:
        d.known = [e for e in d.known if e & bit]
    d.rng = Rng(rng.next_u64())
    return d
