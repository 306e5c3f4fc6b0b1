"""Our own deterministic generator: SplitMix64 (Steele, Lea, Flood 2014; Vigna's reference code).

It lives inside a game's state as a plain 64-bit integer, so a move log replays
identically on every Python version and machine, and undo never re-rolls.

Published test vector (seed 1234567, first five outputs of Vigna's splitmix64.c):
6457827717110365317, 3203168211198807973, 9817491932198370423,
4593380528125082431, 16408922859458223821.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MUL1 = 0xBF58476D1CE4E5B9
MUL2 = 0x94D049BB133111EB

TEST_VECTOR_SEED = 1234567
TEST_VECTOR = (
    6457827717110365317,
    3203168211198807973,
    9817491932198370423,
    4593380528125082431,
    16408922859458223821,
)


def mix64(z: int) -> int:
    """SplitMix64's output function (a strong 64-bit bit mixer)."""
    z = ((z ^ (z >> 30)) * MUL1) & MASK64
    z = ((z ^ (z >> 27)) * MUL2) & MASK64
    return z ^ (z >> 31)


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed derived from several parts (a table seed and a seat, say)."""
    h = 0x6A09E667F3BCC908
    for part in parts:
        if isinstance(part, str):
            for byte in part.encode():
                h = mix64((h + GOLDEN + byte) & MASK64)
        else:
            h = mix64((h + GOLDEN + (part & MASK64)) & MASK64)
    return h


class Rng(msgspec.Struct, array_like=True):
    """SplitMix64 state. Stored in a game's state; encodes as ``[state]``."""

    state: int = 0

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls(seed & MASK64)

    def next_u64(self) -> int:
        s = (self.state + GOLDEN) & MASK64
        self.state = s
        z = ((s ^ (s >> 30)) * MUL1) & MASK64
        z = ((z ^ (z >> 27)) * MUL2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` by multiply-shift (bias below n / 2**64)."""
        s = (self.state + GOLDEN) & MASK64
        self.state = s
        z = ((s ^ (s >> 30)) * MUL1) & MASK64
        z = ((z ^ (z >> 27)) * MUL2) & MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates, in place, from the end: the swap at position ``i`` takes ``below(i + 1)``.

        The outputs for a list of 6 to 256 items are mixed all at once (``_lanes``); the swaps are the
        same as one ``below`` at a time (``shuffle_steps``), only cheaper."""
        n = len(items)
        if not _PACKED_MIN <= n <= _PACKED_MAX:
            shuffle_steps(self, items)
            return
        s0 = self.state
        lanes = _lanes(s0, n)
        i = n - 1
        for t in range(0, 2 * i, 2):
            j = (lanes[t] * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = (s0 + (n - 1) * GOLDEN) & MASK64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())


def shuffle_steps(rng: Rng, items: list[Any]) -> None:
    """``Rng.shuffle`` one output at a time (the reference; short and very long lists use it)."""
    state = rng.state
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN) & MASK64
        z = ((state ^ (state >> 30)) * MUL1) & MASK64
        z = ((z ^ (z >> 27)) * MUL2) & MASK64
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.state = state


# SplitMix64's outputs for a whole shuffle at once: one 128-bit lane per output in a single Python int,
# lane t holding the state after t + 1 steps. The mixer's shifts, xors and multiplications act on every
# lane together (each step masked back to 64 bits a lane, so nothing spills into the next lane).
_LANE = 128
_PACKED_MIN, _PACKED_MAX = 6, 256
_PACKED: dict[int, tuple[int, int, int, int]] = {}


def _lanes(s0: int, n: int) -> array[int]:
    c = _PACKED.get(n)
    if c is None:
        k = n - 1
        rep = sum(1 << (_LANE * t) for t in range(k))
        steps = sum((t + 1) << (_LANE * t) for t in range(k))
        c = _PACKED[n] = (rep, steps * GOLDEN, rep * MASK64, k * _LANE // 8)
    rep, golden, mask, size = c
    z = (s0 * rep + golden) & mask
    z = ((z ^ (z >> 30)) & mask) * MUL1 & mask
    z = ((z ^ (z >> 27)) & mask) * MUL2 & mask
    z = (z ^ (z >> 31)) & mask
    out = array("Q")
    out.frombytes(z.to_bytes(size, "little"))  # (the low 64 bits of lane t at index 2t)
    return out
