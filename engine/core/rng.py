"""Our own deterministic generator: SplitMix64 (Steele, Lea, Flood 2014; Vigna's reference code).

It lives inside a game's state as a plain 64-bit integer, so a move log replays
identically on every Python version and machine, and undo never re-rolls.

Published test vector (seed 1234567, first five outputs of Vigna's splitmix64.c):
6457827717110365317, 3203168211198807973, 9817491932198370423,
4593380528125082431, 16408922859458223821.
"""

from __future__ import annotations

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
        """Fisher–Yates, in place, from the end."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * MUL1) & MASK64
            z = ((z ^ (z >> 27)) * MUL2) & MASK64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())
