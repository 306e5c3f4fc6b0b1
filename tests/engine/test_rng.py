from engine.core.rng import TEST_VECTOR, TEST_VECTOR_SEED, Rng, derive_seed, mix64


def test_splitmix64_published_vector():
    r = Rng.seeded(TEST_VECTOR_SEED)
    assert tuple(r.next_u64() for _ in range(5)) == TEST_VECTOR


def test_below_matches_next_u64_and_stays_in_range():
    a, b = Rng.seeded(42), Rng.seeded(42)
    for n in (1, 2, 3, 7, 52, 1000, 2**40):
        x = a.below(n)
        assert 0 <= x < n
        assert x == (b.next_u64() * n) >> 64


def test_shuffle_is_a_permutation_and_deterministic():
    items = list(range(60))
    r1, r2 = Rng.seeded(7), Rng.seeded(7)
    a, b = list(items), list(items)
    r1.shuffle(a)
    r2.shuffle(b)
    assert a == b and sorted(a) == items and a != items
    assert r1.state == r2.state


def test_shuffle_spreads_positions():
    counts = [0] * 5
    r = Rng.seeded(3)
    for _ in range(5000):
        xs = [0, 1, 2, 3, 4]
        r.shuffle(xs)
        counts[xs.index(0)] += 1
    assert all(800 < c < 1200 for c in counts), counts


def test_derive_seed_distinguishes_parts():
    seeds = {derive_seed(1, seat, ply) for seat in range(4) for ply in range(50)}
    assert len(seeds) == 200
    assert derive_seed("a", 1) != derive_seed("b", 1)
    assert mix64(0) == 0 and mix64(1) != 1


def test_shuffle_is_one_below_per_swap_whatever_the_length():
    """The shuffle mixes many outputs at once for mid-sized lists; it is exactly Fisher–Yates with one
    ``below(i + 1)`` per position, from the end, for every length and state (saved games depend on it)."""
    from engine.core.rng import shuffle_steps

    seeds = Rng.seeded(2024)
    for n in [*range(0, 40), 63, 64, 65, 127, 128, 200, 255, 256, 257, 300]:
        for _ in range(4):
            start = seeds.next_u64()
            fast, steps, slow = Rng(start), Rng(start), Rng(start)
            a, b, c = [f"x{k}" for k in range(n)], [f"x{k}" for k in range(n)], [f"x{k}" for k in range(n)]
            fast.shuffle(a)
            shuffle_steps(steps, b)
            for i in range(n - 1, 0, -1):
                j = slow.below(i + 1)
                c[i], c[j] = c[j], c[i]
            assert a == b == c and fast.state == steps.state == slow.state, (n, start)
    edge = Rng(2**64 - 1)  # the state wraps round 2**64 within a shuffle
    a, b = list(range(30)), list(range(30))
    edge.shuffle(a)
    ref = Rng(2**64 - 1)
    shuffle_steps(ref, b)
    assert a == b and edge.state == ref.state
