"""The referee's reading of the whole rulebook (issue 17, "Done means"): a test for every checkable sentence of
the seed that no other test checked (docs/rules/shiver-me-timbers-referee.md lists them all). Each test quotes
its sentence and is built from a constructed state."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.shiver import RULES, chart, scoring
from engine.games.shiver import content as C
from engine.games.shiver.rules import combat, monsters, trade, treasure, turn
from engine.games.shiver.rules.common import (
    DIE_BLUE,
    K_REFIT,
    S_HIRE,
    S_HUNT,
    S_LEAD,
    S_LEARN,
    S_LOSE,
    S_PICK,
    S_PLUNDER,
    S_REACT,
    S_REFIT,
    S_STACK,
    S_TURN,
    roll_green,
    roll_red,
    roll_white,
    speed,
    strength,
    the_graph,
    upgrade_price,
)
from engine.games.shiver.state import (
    DUEL_BOARD,
    DUEL_FORT,
    DUEL_MERCHANT,
    DUEL_NONE,
    LURE_CODE,
    MERCHANT_TARGET,
    Act,
    ClaimGoal,
    ClaimMission,
    DigGoods,
    EndTurn,
    Hunt,
    Improve,
    Lead,
    Pass,
    Peek,
    Play,
    Plunder,
    Sail,
    Strike,
    Target,
)
from tests.engine.shiver.helpers import new, play, quick_game, set_wind, to_turn
from tests.engine.shiver.test_turns import _meet

T = {t.name: i for i, t in enumerate(C.TREASURES)}
M = {m.name: i for i, m in enumerate(C.MISSIONS)}


def bare(players: int = 2, seed: int = 1):
    """A Quick Start game at the start of round 1 with nobody holding a crew or ritual card (no windows)."""
    s = quick_game(players, seed)
    for i in range(players):
        s.crew[i] = []
        s.rits[i] = []
    return s


def acts(s, seat: int) -> set[int]:
    return {m.action for m in RULES.legal(s, seat) if isinstance(m, Act)}


def sea(s, fog: bool) -> int:
    g = the_graph(s)
    return next(n for n in range(6, g.n) if g.kind[n] == chart.SEA and g.fog[n] == fog)


# ---------------------------------------------------------------- Box Content


def test_the_box_content_is_the_engines_content():
    # seed: "10 Life goals", "6 Islands", "2 Monsters", "4 Long sea routes", "6 Short sea routes", "39 Mission cards",
    # "36 Treasure cards", "27 Crew cards", "27 Ritual cards", "20 Wind and event cards", "30 Duel cards",
    # "24 Monster hunt cards", "6 Title cards", "7 Wish cards", "Map counters: 28 Merchants, 6 Fortresses,
    # 11 Family members, 6 Pest markers, 6 Monster markers, 4 Soulmate markers"
    assert len(C.LIFE_GOALS) == 10 and len(C.ISLANDS) == 6 and len(C.MONSTERS) == 2
    assert len(C.LONG_TILES) == 4 and len(C.SHORT_TILES) == 6
    assert len(C.MISSIONS) == 39
    assert len(C.TREASURES) - len(C.FAMILY_CARDS) == 36  # the three family cards join them (Lost family)
    assert sum(c.copies for c in C.CREW) == 27 and sum(c.copies for c in C.RITUALS) == 27
    assert len(C.WIND_CARDS) == 20 and len(C.EVENTS) == 20
    assert len(C.DUEL_CARDS) == 30 and len(C.HUNT_CARDS) == 24
    assert len(C.TITLES) == 6 and len(C.WISHES) == 7
    assert len(C.MERCHANTS) == 28 and C.FORTRESSES == 6 and len(C.FAMILY) == 11
    assert C.PEST_MARKERS == 6 and len(C.MONSTER_MARKERS) == 6 and len(C.SOULMATES) == 4
    # "each containing: ... 6 Talent markers, 6 Origin markers, ... 5 Progress markers, 10 Life goal markers"
    assert len(C.TALENTS) == 6 and C.ORIGIN_MARKERS == 6  # one origin per island
    assert C.PROGRESS_MARKERS == 5 and C.GOAL_MARKERS == 10
    s = quick_game(4, 2)
    assert len(s.crew_deck) == 9 and sum(s.crew_deck) + sum(len(h) for h in s.crew) == 27
    assert len(s.hunt_deck) == 24 and sorted(s.monster_markers) == list(range(6))


def test_merchants_come_from_four_nations():
    # seed: "Merchants come from four nations (from left to right): The English, the Spanish, the French, and the Dutch."
    assert C.NATIONS == ("English", "Spanish", "French", "Dutch")
    assert {m.nation for m in C.MERCHANTS} == {0, 1, 2, 3}


def test_nationality_matters_where_a_mission_names_it():
    # seed: "It will only matter when certain mission or treasure cards reference it – for example, when the governor
    # sends you out to defeat an English ship."
    s = bare()
    convoy = M["The English Convoy"]
    s.missions[0] = [convoy]
    s.m_prog[0] = [0]
    node = the_graph(s).anchors[0]
    spanish = next(i for i, m in enumerate(C.MERCHANTS) if m.nation == 1 and not m.hunter and not m.treasure)
    english = next(i for i, m in enumerate(C.MERCHANTS) if m.nation == 0 and not m.hunter and not m.treasure)
    s.merchant[node] = spanish
    combat.take_merchant(s, 0, node, [])
    assert ClaimMission(convoy) not in RULES.legal(s, 0)
    s.merchant[node] = english
    combat.take_merchant(s, 0, node, [])
    assert ClaimMission(convoy) in RULES.legal(s, 0)


def rng_rolling(face_i: int) -> Rng:
    """A generator whose next d6 roll is the die's face number ``face_i``."""
    return next(Rng(k) for k in range(1, 1000) if Rng(k).below(6) == face_i)


def test_the_white_die_pays_an_extra_action_200_gold_or_an_upgrade():
    # seed: "Roll the white die. The rewards are: 1 extra action / 200 Gold / 1 upgrade"
    assert [C.WHITE_FACES[f] for f in sorted(set(C.WHITE_DIE))] == ["1 extra action", "200 Gold", "1 upgrade"]
    for i, face in enumerate(C.WHITE_DIE):
        s = bare()
        s.step = 0
        s.rng = rng_rolling(i)
        ev: list = []
        roll_white(s, 0, ev, "at the Ancient Shipyard", 0)
        said = next(e.text for e in ev if e.kind == "roll")
        assert said.endswith(C.WHITE_FACES[face])
        gained = (s.actions - 3, s.gold[0] - 300, [e & 31 for e in s.stack] == [K_REFIT])
        # what the die says is what the captain gets (the 200 Gold face once paid an upgrade instead)
        assert gained == {"1 extra action": (1, 0, False), "200 Gold": (0, 200, False),
                          "1 upgrade": (0, 0, True)}[C.WHITE_FACES[face]], (i, said, gained)


def test_the_green_die_gives_a_unit_and_the_red_die_costs_an_upgrade():
    # seed: "Roll the green die. If you roll a resource, take 1 unit"; "Roll the red die. If you roll an icon, lose 1
    # of these upgrades."
    for i, face in enumerate(C.GREEN_DIE):
        s = bare()
        s.step = 0
        s.cargo[0] = [0, 0, 0]
        s.rng = rng_rolling(i)
        roll_green(s, 0, None, "")
        if face <= C.G_SUGAR:
            assert s.cargo[0] == [1 if r == face else 0 for r in range(3)]
        elif face == C.G_EMPTY:
            assert s.cargo[0] == [0, 0, 0] and not s.stack
    for i, face in enumerate(C.RED_DIE):
        s = bare()
        s.rng = rng_rolling(i)
        roll_red(s, 0, None, "")
        lost = {C.R_STRENGTH: (3, 2, 3), C.R_SPEED: (2, 3, 3), C.R_HULL: (3, 3, 2), C.R_EMPTY: (3, 3, 3)}[face]
        assert (s.spd[0], s.stg[0], s.hul[0]) == lost


# ---------------------------------------------------------------- Golden Rules, the ship


def test_an_effect_never_brings_an_attribute_below_one():
    # seed: "Actions, cards and effects which would reduce a player's strength, speed or hull to less than one,
    # reduce it to one instead."
    s = bare()
    s.spd[1] = s.stg[1] = s.hul[1] = 1
    s.cargo[1] = [0, 0, 0]
    for i in range(6):  # every face of the red die, on a ship at 1/1/1
        s.rng = rng_rolling(i)
        roll_red(s, 1, None, "")
        assert (s.spd[1], s.stg[1], s.hul[1]) == (1, 1, 1)
    # a lost fight costs "1 upgrade of their choice": a ship with none left loses nothing
    assert combat.lose_options(s, 1) == []
    s.stg[1] = 2
    assert combat.lose_options(s, 1) == [C.STRENGTH]


def test_temporary_strength_may_rise_above_seven_and_is_no_upgrade():
    # seed: "some cards or markers might increase your speed or strength temporarily, e.g. until end of turn,
    # sometimes even up to 8 or more. Note that these are not upgrades, and therefore are not tracked on your
    # miniature."
    s = bare()
    s.stg[0] = 7
    s.crew[0] = [C.SELLSWORD]
    s.gold[0] = 1000
    set_wind(s, 2)
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, Act(C.ACT_TRAVEL))
    assert s.step == S_REACT
    play(s, 0, Play(C.SELLSWORD, 0))
    assert strength(s, 0) == 8 and s.stg[0] == 7


def test_the_player_to_the_right_plays_the_fortress():
    # seed: "When a player attacks a merchant or a fortress, the player to their right takes the role of the other
    # captain."
    s = bare(3)
    s.pos[0] = C.PORT_ROYAL
    s.stg[0] = 7
    s.fortress[C.PORT_ROYAL] = next(i for i, f in enumerate(C.FORTRESSES_DATA) if f.strength >= 5)
    play(s, 0, Act(C.ACT_RAID))
    assert s.duel == DUEL_FORT and s.duel_seats == [0, combat.right_of(s, 0)] == [0, 2]


# ---------------------------------------------------------------- Islands


def test_each_island_offers_the_actions_the_rulebook_gives_it():
    # seed: "Port Royal is the seat of the governor. Here, you can acquire missions, sell goods and treasures, enquire
    # about hidden treasures, or upgrade your ship." "São Tomé, La Juanita, and St. David are trade posts. Each
    # produces one resource which can be bought there. Alternatively, you can sell other goods or treasures, enquire
    # about treasures, or upgrade your ship." "The Bay ... fearless crew members ... You can also enquire about
    # treasures or upgrade your ship here." "Isla Oscura ... a powerful shaman will teach you arcane rituals. They
    # also know about hidden treasures and can upgrade your ship."
    base = {C.ACT_TRAVEL, C.ACT_SCOUT, C.ACT_UPGRADE, C.ACT_SELL, C.ACT_RAID}
    want = {
        C.PORT_ROYAL: base | {C.ACT_MISSION},
        C.SAO_TOME: base | {C.ACT_BUY},
        C.ST_DAVID: base | {C.ACT_BUY},
        C.LA_JUANITA: base | {C.ACT_BUY},
        C.THE_BAY: base | {C.ACT_HIRE},
        C.ISLA_OSCURA: base | {C.ACT_LEARN},
    }
    for isl, expected in want.items():
        s = bare()
        s.pos[0] = isl
        s.gold[0] = 3000
        s.cargo[0] = [1, 1, 0]
        s.t_ship[0] = [T["Drake's Rapier"]]  # a treasure with a price tag: it sells anywhere
        assert acts(s, 0) == expected, C.ISLANDS[isl].name
    # The Bay and Isla Oscura buy no goods: with only goods aboard there is nothing to sell there
    for isl in (C.THE_BAY, C.ISLA_OSCURA):
        s = bare()
        s.pos[0] = isl
        s.cargo[0] = [1, 1, 1]
        assert C.ACT_SELL not in acts(s, 0) and C.ACT_BUY not in acts(s, 0)


# ---------------------------------------------------------------- Life goals


def test_any_goal_met_may_be_claimed_even_one_not_chosen_in_secret():
    # seed: "Whenever you meet the requirements on one of the life goals, mark it with one of your tokens – even if
    # it's not one of your chosen secret goals." "If you are the first player to achieve this goal, place your token
    # on the spot marked with "10"."
    s = bare(2, 5)
    explorer = next(g for g, lg in enumerate(C.LIFE_GOALS) if lg.kind == C.G_ISLANDS)
    if explorer not in s.goals:
        s.goals[2] = explorer
    s.secret[0] = [g for g in s.goals if g != explorer][:2]
    s.visited[0] = 0b111111
    assert ClaimGoal(explorer) in RULES.legal(s, 0)
    play(s, 0, ClaimGoal(explorer))
    s.over = True
    lines = dict(scoring.breakdown(s, 0))
    assert lines["Life goals"] == 10 and lines["Secret goals"] == 0


# ---------------------------------------------------------------- Travel


def test_travel_may_end_anywhere_on_the_way():
    # seed: "You can end your journey at any time, as soon as you reach your destination"
    s = bare()
    set_wind(s, 2)
    s.pos[0] = C.PORT_ROYAL
    play(s, 0, Act(C.ACT_TRAVEL))
    g = the_graph(s)
    reach = {m.node for m in RULES.legal(s, 0) if isinstance(m, Sail)}
    assert reach == {n for n in range(g.n) if n != C.PORT_ROYAL and g.dist[C.PORT_ROYAL][n] <= 5}


def test_an_honorable_trader_may_be_left_fired_on_or_boarded():
    # seed: "If you encounter an honorable trader, you can decide if you want to return the marker face-down and
    # continue your travels, attack them with your cannons (p. 24), or board them (p. 25)."
    s = bare()
    set_wind(s, 2)
    g = the_graph(s)
    anchor = next(a for a in g.anchors if g.dist[C.PORT_ROYAL][a] == 2)
    s.merchant[anchor] = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL and not m.hunter
                              and m.speed == 1)
    s.pos[0] = C.PORT_ROYAL
    s.spd[0] = 3
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(anchor))
    play(s, 0, Peek(anchor))
    to_turn(s)
    assert s.step == S_TURN and s.m_up[anchor] == 0  # back face down
    assert {C.ACT_TRAVEL, C.ACT_GUNFIGHT, C.ACT_BOARD} <= acts(s, 0)


def test_the_fogbank_gives_the_attacker_one_more_strength():
    # seed: "Whenever a player attacks a ship on one of the seven Fogbank spaces, they get +1 strength for the attack."
    g = the_graph(bare())
    assert sum(1 for n in range(g.n) if g.fog[n]) == 7
    for fog, push in ((False, 0), (True, 1)):
        s = bare()
        node = sea(s, fog)
        s.pos[0] = s.pos[1] = node
        play(s, 0, Act(C.ACT_BOARD))
        play(s, 0, Target(1))
        assert s.duel == DUEL_BOARD and s.duel_stg == [3 + push, 3] and s.duel_pos == push


def test_a_monster_on_the_fogbank_clears_the_fog():
    # seed: "You may not choose a spot which is already occupied by a monster tile. As long as the monster is alive,
    # the ability of the special spot cannot be used." — the Fogbank's ability is its fog
    s = bare()
    g = the_graph(s)
    heart = next(n for n in g.spots if g.spot[n] == C.SPOT_FOG)
    node = sea(s, True)
    s.pos[0] = s.pos[1] = node
    s.monster_at[C.MON_KRAKEN] = heart
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(1))
    assert s.duel_stg == [3, 3] and s.duel_pos == 0


# ---------------------------------------------------------------- Upgrade, the examples


def test_upgrade_example_2_strength_and_example_3_hull():
    # seed: "Example 2 – Strength: To upgrade your strength from 3 to 4 (don't forget to count the cannon at the
    # bow!), add a 4th cannon and pay 400 Gold." "Example 3 – Hull: To upgrade your hull from 4 to 5, add a cargo
    # insert and a disc and pay 500 Gold. Rotate the new disc to hull-colored to indicate it's empty."
    s = bare()
    s.pos[0] = C.ST_DAVID
    s.gold[0] = 2000
    play(s, 0, Act(C.ACT_UPGRADE))
    play(s, 0, Improve(C.STRENGTH))
    to_turn(s)
    assert s.stg[0] == 4 and s.gold[0] == 1600
    s.hul[0] = 4
    s.cargo[0] = [2, 1, 1]  # a full hold of 4
    play(s, 0, Act(C.ACT_UPGRADE))
    play(s, 0, Improve(C.HULL))
    to_turn(s)
    assert s.hul[0] == 5 and s.gold[0] == 1100
    assert s.cargo[0] == [2, 1, 1] and s.hul[0] - sum(s.cargo[0]) == 1  # the new disc is empty


def test_several_upgrades_take_several_actions():
    # seed: "If you want to upgrade several attributes or to increase any attribute by more than 1, you have to spend
    # several actions."
    s = bare()
    s.pos[0] = C.PORT_ROYAL
    s.gold[0] = 5000
    play(s, 0, Act(C.ACT_UPGRADE))
    play(s, 0, Improve(C.SPEED))
    to_turn(s)
    assert s.step == S_TURN and s.spd[0] == 4 and s.actions == 2


# ---------------------------------------------------------------- the chest and plunder


def duel_won_by(s, winner: int, loser: int) -> None:
    """Board at sea with strength 7 against 1: a difference above 3 pushes the loser off at once."""
    node = sea(s, False)
    s.pos[0] = s.pos[1] = node
    s.stg[winner], s.stg[loser] = 7, 1
    s.turn = s.actor = winner
    s.actions = 3
    s.turn_done = False
    play(s, winner, Act(C.ACT_BOARD))
    play(s, winner, Target(loser))
    assert s.step == S_PLUNDER and s.actor == winner


def test_the_chest_is_safe_from_plunder():
    # seed: "Anything you hide there will be safe from opponents, but you won't be able to access it until scoring."
    s = bare()
    rapier, jewels = T["Drake's Rapier"], T["Crown Jewels"]
    s.gold[1], s.chest[1] = 200, 3000
    s.t_ship[1], s.t_chest[1] = [rapier], [jewels]
    s.cargo[1] = [0, 0, 0]
    duel_won_by(s, 0, 1)
    assert set(RULES.legal(s, 0)) == {Plunder(0, 0), Plunder(2, rapier)}  # nothing from the chest
    play(s, 0, Plunder(0, 0))
    assert s.gold[1] == 100 and s.chest[1] == 3000 and s.t_chest[1] == [jewels]


def test_the_ship_marker_goes_to_the_first_pirate_only_and_later_winners_still_plunder():
    # seed: "When you are defeated by another player, hand him your ship marker so that he can track Victory Points.
    # Once you have given away the marker, players who defeat you will not receive Victory Points (but can still take
    # resources, treasure, or gold from you, p. 25)."
    s = bare(3)
    s.gold[1] = 1000
    duel_won_by(s, 0, 1)
    assert s.ship_marker[1] == 0
    play(s, 0, Plunder(0, 0))
    assert s.gold[1] == 500
    before = dict(scoring.breakdown(s, 2))["Ships defeated"]
    s.pos[2] = s.pos[1]
    s.crew = [[], [], []]
    s.rits = [[], [], []]
    node = s.pos[1]
    s.stg[2], s.stg[1] = 7, 1
    s.turn = s.actor = 2
    s.actions = 3
    s.step = S_TURN
    s.pos[0] = C.PORT_ROYAL
    s.pos[2] = node
    play(s, 2, Act(C.ACT_BOARD))
    play(s, 2, Target(1))
    assert s.ship_marker[1] == 0  # still the first pirate's
    assert Plunder(0, 0) in RULES.legal(s, 2)
    play(s, 2, Plunder(0, 0))
    assert s.gold[1] == 250 and dict(scoring.breakdown(s, 2))["Ships defeated"] == before


def test_a_stolen_treasure_gives_no_one_time_bonus():
    # seed: "Note that you only get the bonus if you raise the treasure, not if you steal it or receive it as a
    # reward."
    s = bare()
    payroll = T["Buried Payroll"]  # one-time: 800 Gold
    assert C.TREASURES[payroll].bonus == C.B_GOLD
    s.t_ship[1] = [payroll]
    s.gold[1] = 0
    s.cargo[1] = [0, 0, 0]
    duel_won_by(s, 0, 1)
    gold = s.gold[0]
    play(s, 0, Plunder(2, payroll))
    assert s.t_ship[0] == [payroll] and s.gold[0] == gold and s.raised[0] == 0


# ---------------------------------------------------------------- the aftermath: ties


def test_a_tie_against_a_merchant_ends_the_turn_and_the_merchant_stays():
    # seed: "If the duel ends in a tie, the player ends their turn and the merchant remains in its spot."
    s = bare()
    node = the_graph(s).anchors[0]
    mid = next(i for i, m in enumerate(C.MERCHANTS) if m.size == C.SMALL and not m.hunter and m.strength == 3
               and m.speed <= 3)
    s.merchant[node] = mid
    s.pos[0] = node
    play(s, 0, Act(C.ACT_BOARD))
    play(s, 0, Target(MERCHANT_TARGET + node))
    assert s.duel == DUEL_MERCHANT and s.duel_pos == 0 and s.step == S_LEAD
    play(s, s.actor, Lead(0))
    play(s, 0, Strike(-1))
    play(s, 1, Strike(-1))  # both pass right after one another: back in the centre
    assert s.duel == DUEL_NONE and s.turn_done and s.merchant[node] == mid and s.defeated[0] == []
    assert (s.spd[0], s.stg[0], s.hul[0]) == (3, 3, 3)  # a tie costs no upgrade
    while s.step != S_TURN:
        play(s, s.actor, Pass())
    assert RULES.legal(s, 0) == [EndTurn()]


def test_a_tie_against_a_fortress_ends_the_turn():
    # seed: "If the duel ends in a tie, the player ends their turn."
    s = bare()
    s.pos[0] = C.PORT_ROYAL
    fid = next(i for i, f in enumerate(C.FORTRESSES_DATA) if f.rule not in (C.F_WALLS, C.F_REINFORCED))
    s.fortress[C.PORT_ROYAL] = fid
    s.stg[0] = C.FORTRESSES_DATA[fid].strength
    play(s, 0, Act(C.ACT_RAID))
    while s.step == S_REACT:
        play(s, s.actor, Pass())
    assert s.duel == DUEL_FORT and s.duel_pos == 0
    play(s, s.actor, Lead(0))
    play(s, 0, Strike(-1))
    play(s, 1, Strike(-1))
    assert s.duel == DUEL_NONE and s.turn_done and s.forts_won[0] == [] and s.fortress_up[C.PORT_ROYAL] == 1
    assert (s.spd[0], s.stg[0], s.hul[0]) == (3, C.FORTRESSES_DATA[fid].strength, 3)


# ---------------------------------------------------------------- Monsters


def test_ships_on_the_spot_stay_and_the_hunt_waits_while_you_are_away():
    # seed: "Ships on the spot remain there and can travel on or fight the monster during their next turn." "If you
    # leave the monster tile during the hunt, leave your progress markers on the track. You can continue the hunt
    # when you return – if the monster is still there."
    s = bare()
    g = the_graph(s)
    spot = g.spots[0]
    s.pos[1] = spot  # a ship already on the spot
    s.crew[0] = [C.FIRST_MATE]
    s.gold[0] = 1000
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Play(C.FIRST_MATE, LURE_CODE + spot))
    assert s.monster_at[C.MON_SERPENT] == spot and s.pos[1] == spot
    s.hunt_pos[1][C.MON_SERPENT] = 6
    s.pos[1] = C.PORT_ROYAL  # sailing away: the marker stays
    assert s.hunt_pos[1][C.MON_SERPENT] == 6
    s.pos[1] = spot
    s.turn = s.actor = 1
    s.step = S_TURN
    s.actions = 3
    assert Act(C.ACT_HUNT) in RULES.legal(s, 1)
    hp = s.hunt_pos[1][C.MON_SERPENT]
    play(s, 1, Act(C.ACT_HUNT))
    assert s.hunt_pos[1][C.MON_SERPENT] >= hp  # the hunt goes on from where it was (not space 1 again)


def test_a_monster_defeated_may_be_summoned_again():
    # seed: "The monster can be summoned again later."
    s = bare()
    spot = the_graph(s).spots[0]
    s.monster_at[C.MON_SERPENT] = spot
    assert not monsters.can_summon(s, C.MON_SERPENT)
    monsters.defeat(s, 0, C.MON_SERPENT, [])
    assert s.monster_at[C.MON_SERPENT] == -1 and monsters.can_summon(s, C.MON_SERPENT)


def test_the_monster_hunt_does_not_count_reaching_the_tile_as_an_action():
    # seed: "When you reach it, place a progress marker on the first space of the hunt track. This does not count as
    # an action." "To advance on the track, spend an action to draw and resolve the top card"
    s = bare()
    spot = the_graph(s).spots[0]
    s.monster_at[C.MON_KRAKEN] = spot
    s.pos[0] = spot
    play(s, 0, Act(C.ACT_HUNT))
    assert s.actions == 2 and s.hunt_pos[0][C.MON_KRAKEN] >= 1  # one action: the card drawn


# ---------------------------------------------------------------- the round and the limited pieces


def test_the_merchants_are_limited_to_the_pieces_in_the_box():
    # seed: "All other tokens, assets, goods, etc. are limited per game pieces."
    s = bare()
    g = the_graph(s)
    for a in g.anchors:
        s.merchant[a] = -1
    s.m_stack = s.m_stack[-1:]  # one merchant left in the stack
    play(s, 0, EndTurn())
    play(s, 1, EndTurn())
    assert sum(1 for a in g.anchors if s.merchant[a] >= 0) == 1 and s.m_stack == [] and s.round == 2


# ---------------------------------------------------------------- Endgame scoring


def test_defeated_ships_fortresses_and_monsters_score_their_seals():
    # seed: "You score all points on the wax seals you collected. This includes: points on defeated ships, monsters &
    # fortresses"
    s = bare()
    s.over = True
    mid = next(i for i, m in enumerate(C.MERCHANTS) if m.vp > 0)
    s.defeated[0] = [mid]
    s.ship_marker[1] = 0
    s.forts_won[0] = [0]
    s.monsters_won[0] = [2]
    lines = dict(scoring.breakdown(s, 0))
    assert lines["Ships defeated"] == C.MERCHANTS[mid].vp + C.SHIP_MARKER_VP
    assert lines["Fortresses and monsters"] == C.FORTRESSES_DATA[0].vp + C.MONSTER_MARKERS[2].vp
    assert C.FORTRESSES_DATA[0].vp > 0 and C.MONSTER_MARKERS[2].vp > 0


def test_the_markers_left_for_life_goals_in_a_regular_game():
    # seed: "You will select one origin marker during set-up, and place it on your tableau. You will use the remaining
    # ones to mark life goals you achieved during the game."
    s = bare(4)
    assert turn.markers_left(s, 0) == C.ORIGIN_MARKERS - 1 == len(s.goals)


def test_the_decks_merchants_and_fortresses_are_shuffled_and_the_crew_and_rituals_are_not():
    # seed: "Shuffle the fortresses." "Shuffle the small merchant ships" "Shuffle the wind and event deck" "Shuffle the
    # treasure and mission decks." "Place the crew and ritual decks nearby. Don't shuffle them – the cards are chosen."
    a, b = quick_game(4, 41), quick_game(4, 42)
    assert a.t_deck != b.t_deck and a.m_deck != b.m_deck and a.wind_deck != b.wind_deck
    assert a.fortress != b.fortress and a.merchant != b.merchant and a.m_stack != b.m_stack
    assert sorted(a.t_deck) == sorted(b.t_deck) and sorted(a.m_deck) == sorted(b.m_deck)
    assert a.crew_deck == b.crew_deck and a.rit_deck == b.rit_deck


# ---------------------------------------------------------------- the monster hunt cards


def hunting(card_name: str, index: int = 0):
    """Captain 0 on the Kraken's spot, 4 spaces up its track, with ``card_name`` on top of the hunt deck."""
    s = bare()
    spot = the_graph(s).spots[0]
    s.monster_at[C.MON_KRAKEN] = spot
    s.pos[0] = spot
    s.hunt_pos[0][C.MON_KRAKEN] = 4
    card = [i for i, h in enumerate(C.HUNT_CARDS) if h.name == card_name][index]
    s.hunt_deck.remove(card)
    s.hunt_deck.append(card)
    s.cargo[0] = [1, 0, 0]
    s.gold[0] = 1000
    play(s, 0, Act(C.ACT_HUNT))
    assert s.step == S_HUNT and s.hunt_card == card
    return s


def test_the_hunt_cards_offer_choices_bonuses_dangers_tests_and_a_look_at_the_deck():
    # seed: "Most cards offer you a choice, e.g. to sacrifice resources or upgrades, or to roll the red die to advance a
    # certain number of spaces. Some offer bonuses (Brief respite), while others represent dangers (Too heavy) which you
    # have to face during the monster hunt. Some cards let you discard resources to speed up the hunt. Others require
    # you to pass tests before you can continue. Some cards will let you choose bonuses. Others allow you to stack the
    # deck in your favor."
    s = hunting("Bait the beast")  # 1 Cocoa or 1 Rum for 3 spaces, or 1 space
    assert RULES.legal(s, 0) == [Hunt(0), Hunt(2)]  # no Rum aboard: that choice is not offered
    play(s, 0, Hunt(0))
    assert s.cargo[0] == [0, 0, 0] and s.hunt_pos[0][C.MON_KRAKEN] >= 7
    s = hunting("Brief respite")  # a bonus: 300 Gold, or 2 spaces
    play(s, 0, Hunt(0))
    assert s.gold[0] == 1300
    s = hunting("Too heavy", 1)  # a danger: a hull upgrade, or 3 spaces back
    play(s, 0, Hunt(1))
    assert s.hunt_pos[0][C.MON_KRAKEN] == 1 and s.hul[0] == 3
    s = hunting("Harpoons!")  # a test of strength 5 for 4 spaces
    play(s, 0, Hunt(0))
    assert s.hunt_pos[0][C.MON_KRAKEN] == 4 and s.stg[0] == 2  # failed: no advance, a strength upgrade lost
    s = hunting("Harpoons!")
    s.stg[0] = 5
    play(s, 0, Hunt(0))
    assert s.hunt_pos[0][C.MON_KRAKEN] >= 8 and s.stg[0] == 5
    s = hunting("Outrun the coils")  # speed helps you maneuver: a test of speed 5 for 3 spaces
    s.spd[0] = 5
    play(s, 0, Hunt(0))
    assert s.hunt_pos[0][C.MON_KRAKEN] >= 7 and s.spd[0] == 5
    s = hunting("Ram it")  # the hull helps survive: a test of hull 5 for 3 spaces
    s.hul[0] = 5
    play(s, 0, Hunt(0))
    assert s.hunt_pos[0][C.MON_KRAKEN] >= 7 and s.hul[0] == 5
    s = hunting("Old sailor's lore")  # a look at the top card, to leave it or put it at the bottom
    top = s.hunt_deck[-1]
    play(s, 0, Hunt(0))
    assert s.step == S_STACK and RULES.view(s, 0).hunt_seen == top and RULES.view(s, 1).hunt_seen == -1
    play(s, 0, Hunt(1))
    assert s.hunt_deck[0] == top and s.hunt_deck[-1] != top


def test_a_monster_tile_is_passed_without_stopping():
    # seed: "You can pass any player ships, merchants, and even monster tiles without stopping."
    s = bare()
    set_wind(s, 3)
    s.spd[0] = 5  # movement 8: St. David to The Bay straight through the Floating Market
    g = the_graph(s)
    s.monster_at[C.MON_KRAKEN] = next(n for n in g.spots if g.spot[n] == C.SPOT_MARKET)
    s.pos[0] = C.ST_DAVID
    play(s, 0, Act(C.ACT_TRAVEL))
    play(s, 0, Sail(C.THE_BAY))
    to_turn(s)
    assert s.pos[0] == C.THE_BAY


def test_crew_cards_are_played_in_a_raids_prelude_and_move_the_miniature():
    # seed: "Then, players can play crew and ritual cards as usual." (a fortress raid's prelude)
    s = bare()
    s.pos[0] = C.PORT_ROYAL
    fid = next(i for i, f in enumerate(C.FORTRESSES_DATA) if f.strength == 5)
    s.fortress[C.PORT_ROYAL] = fid
    s.stg[0] = 4
    s.crew[0] = [C.SELLSWORD]
    s.gold[0] = 1000
    play(s, 0, Act(C.ACT_RAID))
    while s.step == S_REACT and not s.duel:
        play(s, s.actor, Pass())  # the raid's announce window
    assert s.duel == DUEL_FORT and s.duel_pos == -1 and s.step == S_REACT and s.actor == 0
    play(s, 0, Play(C.SELLSWORD, 0))
    while s.step == S_REACT:
        play(s, s.actor, Pass())
    assert s.duel_pos == 0 and s.step == S_LEAD  # strength 5 against 5: the miniature back in the centre


def test_the_blue_die_is_rolled_in_the_monster_hunt_and_does_what_it_shows():
    # seed: "Roll the blue die. This only happens during the monster hunt."
    for i, face in enumerate(C.BLUE_DIE):
        s = hunting("Into the maelstrom")  # roll the blue die, or 1 space
        s.rng = rng_rolling(i)
        play(s, 0, Hunt(0))
        assert s.last_roll[-1] == DIE_BLUE * 10 + i
        moved = s.hunt_pos[0][C.MON_KRAKEN] - 4
        if face == C.B_BITE:
            assert moved == 0 and s.step == S_LOSE  # "lose 1 upgrade of your choice"
        elif face == C.B_EMPTY:
            assert moved == 0 and s.step != S_LOSE
        else:
            assert moved >= face + 1  # advance 1, 2 or 3 (a mark landed on may roll again)


def test_the_epic_setup_asks_everyone_for_three_secret_goals_in_its_own_words():
    # seed: "Select 3 instead of 2 goals" — the phase every seat (and a replay) reads says three, not two
    s = new(3, 7, {"epic": "yes"})
    assert all(RULES.view(s, seat).phase == "Setup: choose three secret life goals" for seat in (0, 1, 2, None))
    assert RULES.view(new(3, 7), None).phase == "Setup: choose two secret life goals"


def test_the_fourth_life_goal_ends_a_four_player_game():
    # seed: "As soon as any player claims the second-to-last life goal (e.g. the 4th life goal in a four-player-game),
    # this triggers the endgame."
    s = bare(4, 9)
    kinds = (C.G_ISLANDS, C.G_SOLD, C.G_SHIP, C.G_MISSIONS, C.G_RAISED, C.G_RITUALS, C.G_CHEST)
    s.goals = [g for g, lg in enumerate(C.LIFE_GOALS) if lg.kind in kinds][:5]  # goals _meet knows how to meet
    assert len(s.goals) == len(s.claims) == 5
    for g in s.goals:
        _meet(s, 0, g)
    for k, g in enumerate(s.goals[:4]):
        assert not s.ending
        play(s, 0, ClaimGoal(g))
        assert s.ending == (k == 3)


def test_every_one_time_bonus_is_taken_when_the_treasure_is_raised():
    # seed: "If the card shows a one-time bonus (marked with the shovel icon), get the bonus right away."
    asked = {C.B_UPGRADE: S_REFIT, C.B_CREW: S_HIRE, C.B_RITUAL: S_LEARN, C.B_TREASURE: S_PICK}
    kinds = set()
    for card, t in enumerate(C.TREASURES):
        if t.family >= 0 or t.ring or t.bonus not in (C.B_GOLD, C.B_GOODS, C.B_ACTION, *asked):
            continue
        kinds.add(t.bonus)
        s = bare()
        s.pos[0] = t.island
        s.track[0] = card
        s.track_pos[0] = t.length - 1
        s.cargo[0] = [0, 0, 0]
        s.cargo[0][t.res] = 1
        s.hul[0] = 7
        play(s, 0, DigGoods())
        assert card in s.t_ship[0] and s.raised[0] == 1, t.name
        if t.bonus == C.B_GOLD:
            assert s.gold[0] == 300 + t.value, t.name
        elif t.bonus == C.B_GOODS:
            assert s.cargo[0][t.value % 10] == t.value // 10, t.name
        elif t.bonus == C.B_ACTION:
            assert s.actions == 3 + t.value, t.name
        else:
            assert s.step == asked[t.bonus] and s.actor == 0, t.name
    assert kinds == {C.B_GOLD, C.B_GOODS, C.B_ACTION, *asked}  # every kind the deck holds was raised once


def test_every_lasting_bonus_works_while_the_treasure_is_on_the_ship_and_not_from_the_chest():
    # seed: "If the card shows a lasting bonus (marked with the windrose), you will profit from this bonus as long as
    # the treasure is on your ship."
    measure = {
        C.L_STRENGTH: lambda s: strength(s, 0),
        C.L_SPEED: lambda s: speed(s, 0),
        C.L_DIG: lambda s: treasure.dig_power(s, 0) - strength(s, 0),
        C.L_SELL: lambda s: trade.unit_price(s, 0, C.PORT_ROYAL, C.RUM),
        C.L_DISCOUNT: lambda s: -upgrade_price(s, 0, 5),
        C.L_SCOUT: lambda s: treasure.scout_look(s, 0),
    }
    kinds = set()
    for card, t in enumerate(C.TREASURES):
        if t.bonus not in measure:
            continue
        kinds.add(t.bonus)
        s = bare()
        before = measure[t.bonus](s)
        s.t_ship[0] = [card]
        assert measure[t.bonus](s) == before + t.value, t.name
        s.t_ship[0], s.t_chest[0] = [], [card]  # hidden in the chest: no longer on the ship
        assert measure[t.bonus](s) == before, t.name
    assert kinds == set(measure)
