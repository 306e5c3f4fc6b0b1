"""The fast paths a random playout runs give what the plain rules give: the turn's menu against one built
from ``action_available`` and ``combat_actions``, the public scores against ``breakdown`` — in every position
of random games with combat."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.core.rules import Config
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules import missions, turn
from engine.games.shiver.rules.common import (
    ACT,
    CLAIM_GOAL,
    CLAIM_MISSION,
    DIG_GOODS,
    DISCARD_CARD,
    DISCARD_GOODS,
    END_TURN,
    GOAL_TEST,
    HIDE_GOLD,
    HIDE_TREASURE,
    RETURN_CARD,
    S_TURN,
    START_HUNT,
)
from engine.games.shiver.scoring import breakdown, public_scores, secret_points
from engine.games.shiver.state import HIDE_AMOUNTS, MISSION_CODE, RITUAL_CODE


def plain_turn_menu(s, seat):
    """The turn's menu as the rules read (one check per action, then every free action)."""
    if s.turn_done:
        return [END_TURN]
    out = []
    pos, tr = s.pos[seat], s.track[seat]
    if s.actions > 0:
        out.append(ACT[C.ACT_TRAVEL])
        if pos < 6:
            out.extend(ACT[k] for k in C.ISLANDS[pos].actions if turn.action_available(s, seat, k))
            if s.talent[seat] == C.MYSTIC and pos != C.ISLA_OSCURA and turn.crew.can_learn(s, seat):
                out.append(ACT[C.ACT_LEARN])
            if tr >= 0 and C.TREASURES[tr].island == pos:
                out.append(ACT[C.ACT_DIG])
        out.extend(ACT[k] for k in turn.combat_actions(s, seat))
    cargo = s.cargo[seat]
    if pos < 6:
        if tr < 0:
            out.extend(START_HUNT[c] for c in s.t_hand[seat] if C.TREASURES[c].island == pos)
        elif C.TREASURES[tr].island == pos and cargo[C.TREASURES[tr].res]:
            out.append(DIG_GOODS)
    out.extend(CLAIM_MISSION[c] for c in missions.claimable(s, seat))
    for gi, g in enumerate(s.goals):
        test, target = GOAL_TEST[g]
        if seat not in s.claims[gi] and test(s, seat) >= target:
            out.append(CLAIM_GOAL[g])
    if s.gold[seat]:
        out.extend(HIDE_GOLD[a] for a in HIDE_AMOUNTS if s.gold[seat] >= a)
        out.append(HIDE_GOLD[0])
    out.extend(HIDE_TREASURE[c] for c in s.t_ship[seat])
    out.extend(DISCARD_GOODS[r] for r in range(3) if cargo[r])
    out.extend(DISCARD_CARD[c] for c in s.t_hand[seat])
    if tr >= 0:
        out.append(DISCARD_CARD[tr])
    out.extend(DISCARD_CARD[MISSION_CODE + m] for m in s.missions[seat])
    out.extend(RETURN_CARD[t] for t in sorted(set(s.crew[seat])))
    out.extend(RETURN_CARD[RITUAL_CODE + t] for t in sorted(set(s.rits[seat])))
    out.append(END_TURN)
    return out


def test_the_fast_turn_menu_and_public_scores_agree_with_the_plain_rules():
    menus = fights = 0
    for seed in range(16):
        players = 2 + seed % 3
        s = RULES.setup(Config(players, seed, RULES.options_from({"map": "draft" if seed % 4 == 3 else "quick-start"})))
        rng = Rng.seeded(seed)
        while RULES.to_act(s):
            seat = RULES.to_act(s)[0]
            if s.step == S_TURN:
                assert RULES.legal(s, seat) == plain_turn_menu(s, seat)
                menus += 1
                fights += any(m in (ACT[C.ACT_GUNFIGHT], ACT[C.ACT_BOARD], ACT[C.ACT_RAID]) for m in RULES.legal(s, seat))
                if s.actions == 0:
                    for i in range(players):
                        assert public_scores(s)[i] == sum(v for _, v in breakdown(s, i)) - secret_points(s, i)
            moves = RULES.legal(s, seat)
            RULES.apply(s, seat, moves[rng.below(len(moves))], True)
    assert menus > 2000 and fights > 200
