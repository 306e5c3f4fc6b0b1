"""Random-game property checks with the events module and in the epic mode: legality, replay, undo,
saves, no leaks (the resampling leak test over secret goals — three of them in epic mode), every game
ends — and the events actually take effect in the sample."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Match
from engine.bots import make
from engine.bots.base import Decision
from engine.core.codec import clone, decode, encode
from engine.core.rng import Rng, derive_seed
from engine.games.shiver import RULES
from engine.games.shiver import content as C
from engine.games.shiver.rules.common import S_GOALS
from engine.games.shiver.state import PickGoals, State, UseEvent
from tests.engine.harness import _check_views, check_random_game
from tests.engine.leaks import check_private_decisions
from tests.engine.shiver.helpers import purposeful

EVENTS = {"events": "yes"}
EPIC = {"epic": "yes"}
BOTH = {"events": "yes", "epic": "yes"}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [61, 62])
def test_random_games_with_events(players, seed, tmp_path):
    check_random_game("shiver", players, seed, options=EVENTS, tmp=tmp_path, views_every=3)


def test_random_games_with_events_on_a_drafted_map(tmp_path):
    check_random_game("shiver", 3, 63, options={**EVENTS, "map": "draft"}, tmp=tmp_path, views_every=3)


def test_the_events_take_effect_in_purposeful_games():
    """Over a few games every event is face up somewhere, options are taken, and their effects are logged."""
    faced: Counter[int] = Counter()
    kinds: Counter[str] = Counter()
    used: Counter[int] = Counter()
    for seed in range(6):
        m = Match.new("shiver", players=4, seed=70 + seed, options=EVENTS)
        s = m.state
        rng = Rng.seeded(seed)
        steps = 0
        while RULES.to_act(s) and steps < 20000:
            steps += 1
            seat, mv = purposeful(s, rng)
            opts = [x for x in RULES.legal(s, seat) if isinstance(x, UseEvent)]
            if opts and rng.below(2) == 0:
                mv = opts[rng.below(len(opts))]
            if s.event >= 0:
                faced[C.WIND_EVENT[s.event]] += 1
            if isinstance(mv, UseEvent):
                used[C.WIND_EVENT[s.event]] += 1
            for e in RULES.apply(s, seat, mv):
                kinds[e.kind] += 1
        assert s.over
    assert len(faced) >= 15, faced  # nearly every event came up
    assert kinds["event"] >= 6 * 15  # one announced every round from the second
    options = {k for k, e in enumerate(C.EVENTS) if e.choice}
    assert len(set(used) & options) >= 6, used  # options were taken, of many kinds
    assert kinds["event-use"] == sum(used.values())


# ---------------------------------------------------------------- epic: random play, then bots to the end


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_in_epic_mode_keeps_every_property(players):
    """Uniform random play claims too few goals to end an epic game (the end waits for the 9th goal); its
    first 3,000 moves check legality, views, label and describe, msgpack, undo and redo."""
    m = Match.new("shiver", players=players, seed=80 + players, options=BOTH, undo="practice")
    rng = Rng.seeded(players)
    for step in range(3000):
        if m.is_over():
            break
        acting = m.to_act()
        seat = acting[rng.below(len(acting))]
        legal = m.legal(seat)
        assert legal
        view = m.view(seat)
        for mv in legal:
            assert RULES.label(view, mv)[1]
        assert decode(encode(m.state), State) == m.state
        if step % 5 == 0:
            _check_views(m, rng)
        mv = legal[rng.below(len(legal))]
        assert RULES.describe(m.state, seat, mv)
        before = m.state_hash()
        m.play(seat, mv)
        h = m.state_hash()
        if step % 7 == 0:
            m.undo()
            assert m.state_hash() == before
            m.redo()
            assert m.state_hash() == h
    assert m.state.round >= 2 and len(m.state.goals) == 10


def _bot_game(players: int, seed: int, options: dict[str, str]) -> Match:
    m = Match.new("shiver", players=players, seed=seed, options=options, undo="practice")
    bots = [make("heuristic", RULES, derive_seed(seed, x)) for x in range(players)]
    rng = Rng.seeded(seed)
    steps = 0
    while not m.is_over():
        steps += 1
        assert steps < 30000, f"the epic game did not end (round {m.state.round})"
        seat = m.to_act()[0]
        legal = m.legal(seat)
        mv = legal[0] if len(legal) == 1 else bots[seat].choose(Decision(RULES, seat, m.view(seat), legal, None))
        assert mv in legal
        if steps % 97 == 0:
            _check_views(m, rng)
        m.play(seat, mv)
    return m


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 1), (4, 2)])
def test_epic_bot_games_end_on_the_second_to_last_goal_and_replay(players, seed, tmp_path):
    m = _bot_game(players, seed, BOTH)
    s = m.state
    assert s.trigger == 1 and sum(1 for c in s.claims if c) >= 9  # only the goals end an epic game
    assert all(len(x) == 3 for x in s.secret)
    assert all(sum(1 for c in s.claims if i in c) <= 7 for i in range(players))  # seven markers each
    res = m.result()
    assert res is not None and res.details["secret_goals"] == [list(x) for x in s.secret]
    path = tmp_path / "epic.plank"
    m.save(path)
    again = Match.load(path)
    assert again.state_hash() == m.state_hash() and again.result() == res


# ---------------------------------------------------------------- secrets, by resampling


def _resample_goals(s: State, x: int, move: object, rng: Rng) -> State:
    """The same state but seat ``x``'s secret goals (what only ``x`` knows) drawn again — as many as it hid.
    With a move: a PickGoals is kept as it is (nothing is hidden yet when it is chosen)."""
    d = clone(s)
    if d.secret[x] and not (move is not None and isinstance(move, PickGoals)):
        pool = list(d.goals)
        rng.shuffle(pool)
        d.secret[x] = sorted(pool[: len(d.secret[x])])
    return d


@pytest.mark.parametrize("options,players", [(EVENTS, 2), (EVENTS, 3), (BOTH, 2)])
def test_secret_goals_never_leak_by_resampling(options, players):
    compared = check_private_decisions("shiver", players, 90 + players, options, _resample_goals, samples=1)
    assert compared > 150


def test_a_goal_pick_is_asked_of_everyone_at_once_whatever_they_hide():
    s = Match.new("shiver", players=3, seed=5, options=EPIC).state
    assert s.step == S_GOALS and RULES.to_act(s) == (0, 1, 2)
    RULES.apply(s, 1, PickGoals(2, 5, 8))
    assert RULES.to_act(s) == (0, 2)
    assert RULES.view(s, 0).seats[1].chosen and RULES.view(s, 0).my_goals == []
