"""Who acts, what they are asked and their exact menu in each phase and step: a full draft on
either side, the Placement menu's costs and closed or shared spaces, the islands a Brace or a
Charter may go to, and where a moved Claim may come from. Written to kill the mutants of
rules/legal.py that survived the rule tests (docs/mutation.md)."""

from __future__ import annotations

from engine.games.shardwake import content as C
from engine.games.shardwake.rules.legal import (
    asking,
    draft_moves,
    legal,
    placements,
    targets,
    to_act,
)
from engine.games.shardwake.state import (
    ACCUSE,
    ANSWERING,
    BIDDING,
    DISCARD,
    DRAFTING,
    FALLEN,
    HARBOR_BASE,
    ORDER,
    OVER,
    PENDING_CLAIM,
    PENDING_TARGET,
    RELIC_ITEM,
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
    Trade,
)

from .helpers import deep, harbor, outer, to_placement


def _placing():
    s = to_placement(4, seed=2)
    s.order = [2, 0, 3, 1]
    s.turn = 1
    return s


def test_a_full_draft_offers_nothing_more_on_that_side_only():
    s = _placing()
    s.trade_stage = DRAFTING
    s.trade_partner = 3
    s.res[0] = [3, 1, 0]
    s.res[3] = [0, 5, 5]
    s.relics[0], s.relics[3] = [], []
    s.trade_give = [0] * C.TRADE_MAX_ITEMS
    s.trade_get = [1]
    assert draft_moves(s, 0) == [Offer(1, 1), Offer(1, 2), Send(), Cancel()]
    s.trade_give = [0]
    s.trade_get = [1] * (C.TRADE_MAX_ITEMS - 1) + [2]
    assert draft_moves(s, 0) == [Offer(0, 0), Offer(0, 1), Send(), Cancel()]
    s.trade_get = []
    assert draft_moves(s, 0) == [Offer(0, 0), Offer(0, 1), Offer(1, 1), Offer(1, 2), Cancel()]
    assert legal(s, 0) == draft_moves(s, 0)
    assert to_act(s) == (0,) and asking(s, 0, (0,)) == "draft" and asking(s, 3, (0,)) == ""


def test_answering_is_the_partners_alone():
    s = _placing()
    s.trade_stage = ANSWERING
    s.trade_partner = 3
    assert to_act(s) == (3,) and asking(s, 3, (3,)) == "answer" and asking(s, None, (3,)) == ""
    assert legal(s, 3) == [Answer(True), Answer(False)]


def test_a_placement_menu_pays_for_each_space_and_skips_taken_ones():
    s = _placing()
    s.fallen = [FALLEN if i not in (outer(s)[0], deep(s)[0]) else 0 for i in range(len(s.tiles))]
    o, d = outer(s)[0], deep(s)[0]
    s.harbor = [-1] * len(s.harbor)
    s.harbor[harbor("ballast_yard") - HARBOR_BASE] = 2  # taken
    s.harbor[harbor("drydock") - HARBOR_BASE] = -2  # closed (4 players)
    s.harbor[harbor("open_moorings") - HARBOR_BASE] = 1  # shared: still open
    s.docks = [-1] * len(s.docks)
    s.braced = [0] * len(s.tiles)
    s.res[0] = [1, 0, 0]  # an Outer Salvage yes, a Deep one no (1 Brass), no Charter
    want = sorted([2 * o, 2 * o + 1, 2 * d + 1] + [harbor(k) for k in (
        "aether_well", "foundry", "shipwright", "weather_station", "guild_hall", "open_moorings")])
    assert sorted(m.space for m in placements(s, 0) if isinstance(m, Place)) == want
    s.res[0] = [1, 0, 1]
    assert {2 * d, harbor("charter_office")} <= {m.space for m in placements(s, 0)}
    s.res[0] = [0, 0, 1]
    assert 2 * o not in {m.space for m in placements(s, 0)}
    s.docks[2 * o] = 3
    s.docks[2 * d + 1] = 1
    s.res[0] = [1, 0, 1]
    spaces = {m.space for m in placements(s, 0)}
    assert 2 * o not in spaces and 2 * d + 1 not in spaces and 2 * o + 1 in spaces and 2 * d in spaces
    s.caches[d] = []
    assert 2 * d not in {m.space for m in placements(s, 0)}
    s.docks[2 * o] = 0  # seat 0's own ship (seat numbers start at 0)
    assert 2 * o not in {m.space for m in placements(s, 0)}


def test_no_brace_when_every_standing_island_is_braced_and_no_charter_when_none_stands():
    s = _placing()
    s.res[0] = [1, 1, 1]
    s.braced = [1] * len(s.tiles)
    spaces = {m.space for m in placements(s, 0)}
    assert harbor("shipwright") not in spaces and harbor("charter_office") in spaces
    s.braced[deep(s)[0]] = 0
    s.fallen[deep(s)[0]] = FALLEN  # the one unbraced island has fallen
    assert harbor("shipwright") not in {m.space for m in placements(s, 0)}
    s.fallen = [FALLEN] * len(s.tiles)
    spaces = {m.space for m in placements(s, 0)}
    assert harbor("charter_office") not in spaces and harbor("shipwright") not in spaces
    assert not any(sp < HARBOR_BASE for sp in spaces)
    assert {harbor(k) for k in ("aether_well", "foundry", "weather_station", "guild_hall", "open_moorings")} <= spaces


def test_no_space_left_means_idle_and_trades_follow_the_places():
    s = _placing()
    s.fallen = [FALLEN] * len(s.tiles)
    s.harbor = [1] * len(s.harbor)
    s.harbor[harbor("open_moorings") - HARBOR_BASE] = -2  # (not in this variant)
    s.res = [[1, 0, 0], [0, 0, 0], [1, 0, 0], [0, 1, 0]]
    s.relics = [[], [], [], []]
    assert legal(s, 0) == [Idle(), Trade(2), Trade(3)]
    s.traded = True
    assert legal(s, 0) == [Idle()]


def test_targets_of_a_brace_and_of_a_charter():
    s = _placing()
    a, b = outer(s)[0], deep(s)[0]
    s.braced = [0] * len(s.tiles)
    s.braced[a] = 1
    s.fallen[b] = FALLEN
    standing = [i for i in range(len(s.tiles)) if i != b]
    assert targets(s, harbor("shipwright")) == [i for i in standing if i != a]
    assert targets(s, harbor("charter_office")) == standing
    s.pending, s.pending_space = PENDING_TARGET, harbor("shipwright")
    assert asking(s, 0, (0,)) == "target"
    assert [m.island for m in legal(s, 0)] == [i for i in standing if i != a]


def test_a_moved_claim_comes_from_another_standing_island_or_none():
    s = _placing()
    d, o1, o2 = deep(s)[0], outer(s)[0], outer(s)[1]
    s.claims = [[0] * 4 for _ in s.tiles]
    s.claims[d][0] = 1  # the destination itself
    s.claims[o1][0] = 2
    s.claims[o2][0] = 1
    s.fallen[o2] = FALLEN
    s.claims[0][0] = 1 if 0 not in (d, o1, o2) else s.claims[0][0]
    s.pending, s.pending_space = PENDING_CLAIM, 2 * d
    want = sorted({o1} | ({0} if 0 not in (d, o1, o2) else set()))
    assert legal(s, 0) == [MoveClaim(i) for i in want] + [MoveClaim(-1)]
    assert asking(s, 0, (0,)) == "move-claim"


def test_every_other_phase_asks_its_seats_for_its_decision():
    s = _placing()
    assert to_act(s) == (0,) and asking(s, 0, (0,)) == "place" and asking(s, 2, (0,)) == ""
    s.phase, s.bids = BIDDING, [2, -1, 0, -1]
    s.res[1] = [0, 2, 0]
    assert to_act(s) == (1, 3) and asking(s, 1, (1, 3)) == "bid" and legal(s, 1) == [Bid(0), Bid(1), Bid(2)]
    s.phase, s.accusations = ACCUSE, [-1, 4, -1, 0]
    assert to_act(s) == (0, 2) and asking(s, 2, (0, 2)) == "accuse"
    assert legal(s, 2) == [Accuse(t, g) for t in (0, 1, 3) for g in range(3)]
    s.phase = ORDER
    assert to_act(s) == (2,) and asking(s, 2, (2,)) == "skiff" and legal(s, 2) == [SkiffChoice(True), SkiffChoice(False)]
    s.phase, s.discarded = DISCARD, [0, -1, 1, -1]
    s.agendas = [[0, 1], [2, 2], [1, 0], [0, 2]]
    assert to_act(s) == (1, 3) and asking(s, 3, (1, 3)) == "keep"
    assert legal(s, 1) == [Keep(0)] and legal(s, 3) == [Keep(0), Keep(1)]
    s.phase = OVER
    assert to_act(s) == () and legal(s, 0) == [] and asking(s, 0, ()) == ""


def test_relics_are_offered_once_per_kind_held():
    s = _placing()
    s.trade_stage, s.trade_partner = DRAFTING, 1
    r1, r2 = C.relic(0, 1), C.relic(2, 2)
    s.res[0], s.res[1] = [0, 0, 0], [0, 0, 0]
    s.relics[0], s.relics[1] = [r1, r1, r2], [r2]
    s.trade_give, s.trade_get = [RELIC_ITEM + r1], []
    assert draft_moves(s, 0) == [Offer(0, RELIC_ITEM + r1), Offer(0, RELIC_ITEM + r2), Offer(1, RELIC_ITEM + r2),
                                 Cancel()]


def test_a_fallen_island_first_in_the_ring_leaves_the_others_open():
    s = _placing()
    s.fallen = [FALLEN] + [0] * (len(s.tiles) - 1)
    s.docks = [-1] * len(s.docks)
    s.res[0] = [0, 0, 0]
    spaces = {m.space for m in placements(s, 0)}
    assert 1 not in spaces and {2 * i + 1 for i in range(1, len(s.tiles))} <= spaces
