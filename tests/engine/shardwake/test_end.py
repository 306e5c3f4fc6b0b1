"""The end of the game, final scoring in the document's order, secret Accusations, tie-breaks."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.games.shardwake import RULES
from engine.games.shardwake import content as C
from engine.games.shardwake.rules.cracks import crack
from engine.games.shardwake.rules.end import cleanup, game_end
from engine.games.shardwake.rules.storm import storm_phase
from engine.games.shardwake.state import ACCUSE, OVER, Accuse, Bid

from .helpers import act, outer, to_placement, visible_text


def ending(players=4, seed=2, **opts):
    s = to_placement(players, seed, **opts)
    s.claims = [[0] * players for _ in s.tiles]
    s.claims_left = [C.CLAIMS] * players
    s.res = [[0, 0, 0] for _ in range(players)]
    return s


def accuse_all(s, picks):
    ev = []
    for seat, (target, guild) in enumerate(picks):
        ev = act(s, Accuse(target, guild), seat)
    return ev


def test_game_ends_after_the_storm_phase_of_round_6():
    # seed: "The game ends after the Storm Phase of Round 6."
    s = to_placement(4, seed=2)
    s.round = 6
    s.forecast = [s.storm_deck.pop()]
    storm_phase(s, None)
    for seat in range(4):
        act(s, Bid(0), seat)
    assert s.phase == ACCUSE and s.round == 6


def test_game_ends_at_the_end_of_a_round_with_2_or_fewer_islands_standing():
    # seed: "It also ends at the end of any round in which 2 or fewer islands remain standing."
    s = to_placement(4, seed=2)
    for i in range(len(s.tiles) - 3):
        crack(s, i, 4, -1, None)
    cleanup(s, None)
    assert s.phase != ACCUSE and s.round == 2
    s2 = to_placement(4, seed=2)
    for i in range(len(s2.tiles) - 2):
        crack(s2, i, 4, -1, None)
    cleanup(s2, None)
    assert s2.phase == ACCUSE


def test_accusations_are_simultaneous_and_secret_until_all_are_in():
    s = ending()
    game_end(s, None)
    assert RULES.to_act(s) == (0, 1, 2, 3)
    assert all(m.target != 0 for m in RULES.legal(s, 0))  # one opponent, not yourself
    assert len(RULES.legal(s, 0)) == 9
    ev = act(s, Accuse(2, C.LEDGER), 0)
    for other in (1, 2, 3, None):
        v = RULES.view(s, other)
        assert v.seats[0].has_accused and v.my_accusation == [] and v.revealed_accusations == []
        assert "Ledger" not in visible_text(ev, other)
    assert RULES.view(s, 0).my_accusation == [2, C.LEDGER]
    drawn = {RULES.determinize(s, 1, Rng.seeded(k)).accusations[0] for k in range(30)}
    assert len(drawn) > 1


def test_agendas_never_appear_in_another_seats_view_before_the_reveal():
    s = ending()
    game_end(s, None)
    for seat in range(3):
        act(s, Accuse((seat + 1) % 4, 0), seat)
    for seat in range(4):
        v = RULES.view(s, seat)
        assert v.revealed_agendas == [] and v.agendas == s.agendas[seat]
    ev = act(s, Accuse(0, 0), 3)
    assert any(e.reveal and "Agendas revealed" in e.text and e.to is None for e in ev)
    assert RULES.view(s, None).revealed_agendas == [[a[0]] for a in s.agendas]


def test_island_majority_first_and_second():
    # seed: "the player with the most Claims gains the 1st value, and the runner-up gains the 2nd value."
    s = ending()
    i = outer(s)[0]
    tile = C.ISLANDS[s.tiles[i]]
    s.claims[i] = [3, 2, 1, 0]
    from engine.games.shardwake.scoring import island_majority
    maj = island_majority(s)
    assert maj[0] == [(i, tile.first)] and maj[1] == [(i, tile.second)] and maj[2] == [] and maj[3] == []


def test_players_tied_for_first_each_gain_the_second_value_and_no_second_place():
    # seed: "Players tied for 1st each gain the 2nd value, and no 2nd place is awarded."
    s = ending()
    i = outer(s)[0]
    tile = C.ISLANDS[s.tiles[i]]
    s.claims[i] = [2, 2, 1, 0]
    from engine.games.shardwake.scoring import island_majority
    maj = island_majority(s)
    assert maj[0] == [(i, tile.second)] and maj[1] == [(i, tile.second)] and maj[2] == []


def test_players_tied_for_second_each_gain_the_second_value():
    # designed here: "players tied for 2nd each gain the 2nd value"
    s = ending()
    i = outer(s)[0]
    tile = C.ISLANDS[s.tiles[i]]
    s.claims[i] = [3, 1, 1, 0]
    from engine.games.shardwake.scoring import island_majority
    maj = island_majority(s)
    assert maj[0] == [(i, tile.first)] and maj[1] == [(i, tile.second)] and maj[2] == [(i, tile.second)]
    assert maj[3] == []


def test_you_need_at_least_one_claim_to_place():
    s = ending()
    i = outer(s)[0]
    s.claims[i] = [1, 0, 0, 0]
    from engine.games.shardwake.scoring import island_majority
    maj = island_majority(s)
    assert maj[0] == [(i, C.ISLANDS[s.tiles[i]].first)] and all(m == [] for m in maj[1:])


def test_fallen_islands_score_no_majority():
    s = ending()
    i = outer(s)[0]
    s.claims[i] = [1, 0, 0, 0]
    crack(s, i, 4, -1, None)
    from engine.games.shardwake.scoring import island_majority
    assert island_majority(s)[0] == []


def _finish(s, picks):
    game_end(s, None)
    accuse_all(s, picks)
    assert s.phase == OVER
    return RULES.result(s)


def test_correct_accusation_plus_3_and_secret_kept_plus_2():
    # seed: "A correct accusation earns the accuser +3 Renown." / "If no opponent correctly named your Guild, you gain +2"
    s = ending()
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.LEDGER], [C.LEDGER]]
    r = _finish(s, [(1, C.COVENANT), (0, C.LEDGER), (3, C.LEDGER), (0, C.COVENANT)])
    src = r.details["sources"]
    assert [x["accusations"] for x in src] == [3 + 2, 0 + 0, 3 + 2, 0 + 0]
    assert r.details["accusation_correct"] == [True, False, True, False]


def test_agenda_scores_syndicate_falls_covenant_sets_ledger_handshakes():
    s = ending()
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.LEDGER], [C.LEDGER]]
    s.falls = [3, 3, 0, 0]
    s.relics[1] = [C.relic(0, 1), C.relic(1, 1), C.relic(2, 1), C.relic(3, 1), C.relic(0, 2), C.relic(1, 2), C.relic(2, 2)]
    s.handshakes = [5, 0, 8, 2]
    r = _finish(s, [(1, 0), (0, 0), (0, 1), (0, 1)])
    agenda = [x["agenda"] for x in r.details["sources"]]
    assert agenda[0] == 3 * 2  # the designer's first adjustment, applied: +2 per Fall token
    assert agenda[1] == C.SET4_VALUE + C.SET3_VALUE == 9 + 4
    assert agenda[2] == C.handshake_points(8, 6) == 4 * 2 + 2 * 1  # counted at most 6
    assert agenda[3] == 4


def test_twin_charters_syndicate_scores_one_more_per_fall_token():
    s = ending(3, variant="twin-charters")
    assert s.fall_value == 3
    s = ending(3, variant="twin-charters", fall_value="3")
    assert s.fall_value == 4
    assert ending(3).fall_value == 2 and ending(3, variant="calm-skies").fall_value == 2


def test_the_ledger_taper_by_variant():
    assert [C.handshake_full(v) for v in ("standard", "calm-skies", "twin-charters")] == [4, 2, 3]
    assert C.handshake_points(6, 6, 3) == 3 * 2 + 3 * 1


def test_calm_skies_ledger_tapers_after_two_handshakes():
    s = ending(4, variant="calm-skies")
    s.agendas = [[C.LEDGER], [C.COVENANT], [C.LEDGER], [C.SYNDICATE]]
    s.handshakes = [5, 0, 2, 0]
    game_end(s, None)
    assert s.phase == OVER  # Calm Skies skips Accusations
    agenda = [x["agenda"] for x in RULES.result(s).details["sources"]]
    assert agenda[0] == 2 * 2 + 3 * 1 and agenda[2] == 2 * 2


def test_calm_skies_at_3_players_a_full_set_is_8_and_the_first_fall_token_3():
    # designed (rules v4): the one table with its own Agenda values (docs/rules/shardwake.md)
    s = ending(3, variant="calm-skies")
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.SYNDICATE]]
    s.falls = [3, 0, 0]
    s.relics[1] = [C.relic(0, 1), C.relic(1, 1), C.relic(2, 1), C.relic(3, 1), C.relic(0, 2), C.relic(1, 2), C.relic(2, 2)]
    game_end(s, None)
    assert s.phase == OVER
    r = RULES.result(s)
    agenda = [x["agenda"] for x in r.details["sources"]]
    assert agenda == [3 + 2 + 2, 8 + 4, 0]  # no Fall token, no bonus
    how = r.details["agenda_how"]
    assert how[0] == "3 Fall tokens × 2, the first +1 more" and how[1].startswith("1 full set(s) × 8")
    assert how[2] == "0 Fall tokens × 2"


def test_the_calm_skies_values_stay_at_3_players():
    # 4 players in Calm Skies, and 3 players in the other variants, keep +9 and +2 a token
    for players, variant in ((4, "calm-skies"), (5, "calm-skies"), (3, "standard"), (3, "twin-charters")):
        assert C.set_values(variant, players) == (9, 4)
        assert C.fall_points(3, 2, variant, players) == 6
    assert C.set_values("calm-skies", 3) == (8, 4)
    assert [C.fall_points(n, 2, "calm-skies", 3) for n in range(4)] == [0, 3, 5, 7]
    s = ending(4, variant="calm-skies")
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.LEDGER], [C.LEDGER]]
    s.falls = [2, 0, 0, 0]
    s.relics[1] = [C.relic(0, 1), C.relic(1, 1), C.relic(2, 1), C.relic(3, 1)]
    game_end(s, None)
    agenda = [x["agenda"] for x in RULES.result(s).details["sources"]]
    assert agenda[:2] == [2 * 2, 9]


def test_the_agenda_panel_names_the_tables_values():
    """The Agenda panel says what the Guild scores here: each text's numbers are the scoring's own."""
    def text(g: int, variant: str, players: int, fall: int = 2, cap: int = 6) -> str:
        return C.guild_score_text(g, variant, players, fall, cap)

    assert text(C.SYNDICATE, "standard", 4) == f"Fall tokens: +{C.fall_points(1, 2, 'standard', 4)} Renown each"
    assert text(C.SYNDICATE, "twin-charters", 3, fall=3) == "Fall tokens: +3 Renown each"
    assert text(C.SYNDICATE, "calm-skies", 3).endswith(f", the first +{C.fall_points(1, 2, 'calm-skies', 3)}")
    assert text(C.COVENANT, "calm-skies", 4).startswith(f"Relic sets: +{C.SET4_VALUE} per set of all 4")
    assert text(C.COVENANT, "calm-skies", 3).startswith(f"Relic sets: +{C.CALM3_SET4_VALUE} per set")
    for variant in ("standard", "calm-skies", "twin-charters"):
        full = C.handshake_full(variant)
        words = text(C.LEDGER, variant, 3, cap=5)
        assert f"for the first {full}," in words and words.endswith("each up to 5")
        assert C.handshake_points(full, 5, full) == full * C.HANDSHAKE_VALUE
        assert "Calm Skies" not in words and "option" not in words  # only this table's values


def test_fall_value_option_makes_fall_tokens_worth_3():
    s = ending(fall_value="3")
    s.agendas = [[C.SYNDICATE], [C.COVENANT], [C.LEDGER], [C.LEDGER]]
    s.falls = [3, 0, 0, 0]
    r = _finish(s, [(1, 0), (0, 0), (0, 1), (0, 1)])
    assert r.details["sources"][0]["agenda"] == 9


def test_handshake_cap_option():
    s = ending(handshake_cap="4")
    s.agendas = [[C.LEDGER], [C.COVENANT], [C.LEDGER], [C.SYNDICATE]]
    s.handshakes = [9, 0, 0, 0]
    r = _finish(s, [(1, 0), (0, 0), (0, 1), (0, 1)])
    assert r.details["sources"][0]["agenda"] == 4 * 2


def test_leftovers_one_renown_per_three_resources():
    # seed: "Leftovers: +1 Renown for every 3 resources you hold, in any mix."
    s = ending()
    s.res = [[3, 3, 2], [2, 0, 0], [1, 1, 1], [0, 0, 0]]
    r = _finish(s, [(1, 0), (0, 0), (0, 1), (0, 1)])
    assert [x["leftovers"] for x in r.details["sources"]] == [2, 0, 1, 0]


def test_scoring_order_and_breakdown_add_up():
    s = ending()
    s.renown = [7, 0, 0, 0]
    s.sources[0] = [5, 3, -1]
    i = outer(s)[0]
    s.claims[i] = [2, 0, 0, 0]
    r = _finish(s, [(1, 0), (0, 0), (0, 1), (0, 1)])
    labels = [label for label, _ in r.breakdown[0]]
    steps = [lbl[:2] for lbl in labels if lbl[:1].isdigit()]
    assert steps == ["1.", "2.", "2.", "3.", "4."]
    for seat in range(4):
        assert sum(v for _, v in r.breakdown[seat]) == r.scores[seat]


def test_ties_go_to_more_relics_then_more_ballast_then_shared():
    # seed: "Ties go to the player with more Relics, then more Ballast."
    s = ending()
    s.agendas = [[C.LEDGER], [C.LEDGER], [C.COVENANT], [C.COVENANT]]
    # nobody accuses correctly: everyone gets +2 for a kept secret
    s.relics = [[C.relic(0, 1)], [C.relic(0, 1)], [], []]
    s.renown = [1, 1, 0, 0]
    s.sources = [[1, 0, 0], [1, 0, 0], [0, 0, 0], [0, 0, 0]]
    s.res = [[0, 2, 0], [0, 1, 0], [0, 0, 0], [0, 0, 0]]
    r = _finish(s, [(1, 0), (0, 0), (0, 0), (0, 0)])
    assert r.scores[0] == r.scores[1]
    assert r.ranking[0] == [0] and r.ranking[1] == [1]
    assert "Relics" in r.tiebreak
    s2 = ending()
    s2.agendas = [[C.LEDGER], [C.LEDGER], [C.COVENANT], [C.COVENANT]]
    r2 = _finish(s2, [(1, 0), (0, 0), (0, 0), (0, 0)])
    assert r2.ranking == [[0, 1, 2, 3]] and "share" in r2.tiebreak


def test_result_is_none_until_the_end():
    s = to_placement(4, seed=2)
    assert RULES.result(s) is None


def test_by_round_renown_for_the_chart():
    s = to_placement(4, seed=2)
    s.renown = [1, 2, 3, 4]
    cleanup(s, None)
    assert s.by_round[-1] == [1, 2, 3, 4]


def test_everyone_collects_but_only_your_guild_scores_its_item():
    # seed: "Every player collects Fall tokens, Handshakes, and Relics, but only your Guild scores its item."
    s = ending()
    s.agendas = [[C.LEDGER], [C.COVENANT], [C.SYNDICATE], [C.SYNDICATE]]
    s.falls = [4, 4, 0, 0]
    s.handshakes = [0, 5, 5, 0]
    s.relics[3] = [C.relic(0, 1), C.relic(1, 1), C.relic(2, 1), C.relic(3, 1)]
    r = _finish(s, [(1, 0), (0, 0), (0, 0), (0, 0)])
    assert [x["agenda"] for x in r.details["sources"]] == [0, 0, 0, 0]
