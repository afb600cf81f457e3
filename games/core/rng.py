"""A seeded, counter-mode random generator whose position lives in the state.

``random.shuffle`` is not promised to give the same order across Python
versions, so a saved table could replay differently after an upgrade. This
generator depends only on BLAKE2b and our own Fisher–Yates, and it is a value:
drawing returns the next generator instead of mutating one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
RNG_ALGO = 1  # bump if the stream ever changes; stored with every table


@dataclass(frozen=True, slots=True)
class Rng:
    seed: int
    counter: int = 0

    def _block(self, i: int) -> int:
        key = (self.seed & ((1 << 128) - 1)).to_bytes(16, "big")
        digest = hashlib.blake2b(i.to_bytes(8, "big"), key=key, digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> tuple[int, Rng]:
        """An unbiased integer in ``[0, n)`` (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        i = self.counter
        while (x := self._block(i)) >= limit:
            i += 1
        return x % n, Rng(self.seed, i + 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher–Yates with our own draws, so the order never depends on CPython."""
        xs = list(items)
        key = (self.seed & ((1 << 128) - 1)).to_bytes(16, "big")
        i = self.counter
        blake = hashlib.blake2b
        for top in range(len(xs) - 1, 0, -1):
            n = top + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                x = int.from_bytes(blake(i.to_bytes(8, "big"), key=key, digest_size=8).digest(), "big")
                i += 1
                if x < limit:
                    break
            j = x % n
            xs[top], xs[j] = xs[j], xs[top]
        return tuple(xs), Rng(self.seed, i)

    def shuffled_batched(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher–Yates whose swap indices come several to a draw (mixed radix).

        Each ``below(r1·r2·…)`` with the product under 2**63 yields one uniform
        digit per radix, so a 51-card deck takes 5 hash calls instead of 50.
        Same distribution as ``shuffled``, a different (also pinned) stream.
        The draws are ``below``'s, inlined; the digit plan depends only on the length.
        """
        xs = list(items)
        plan = _PLANS.get(len(xs))
        if plan is None:
            plan = _PLANS[len(xs)] = _batch_plan(len(xs))
        if not plan:
            return tuple(xs), self
        key = (self.seed & ((1 << 128) - 1)).to_bytes(16, "big")
        i = self.counter
        blake = hashlib.blake2b
        from_bytes = int.from_bytes
        for product, limit, radices in plan:
            while (x := from_bytes(blake(i.to_bytes(8, "big"), key=key, digest_size=8).digest(), "big")) >= limit:
                i += 1  # rejected: keeps the draw unbiased
            i += 1
            value = x % product
            for n in radices:  # the element at n - 1 swaps with a uniform one of the first n
                j = value % n  # divmod, without the call and the pair
                value //= n
                xs[n - 1], xs[j] = xs[j], xs[n - 1]
        return tuple(xs), Rng(self.seed, i)

    def derive(self, label: str) -> Rng:
        """An independent stream, e.g. one per hand, reproducible from the seed alone."""
        key = (self.seed & ((1 << 128) - 1)).to_bytes(16, "big")
        digest = hashlib.blake2b(label.encode(), key=key, digest_size=8).digest()
        return Rng(int.from_bytes(digest, "big") >> 1)


def _batch_plan(size: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """``shuffled_batched``'s draws for ``size`` items: (product, rejection limit, radices) each."""
    plan = []
    top = size - 1
    while top > 0:
        radices: list[int] = []
        product = 1
        t = top
        while t > 0 and product * (t + 1) < (1 << 63):
            product *= t + 1
            radices.append(t + 1)
            t -= 1
        plan.append((product, (1 << 64) - ((1 << 64) % product), tuple(radices)))
        top = t
    return tuple(plan)


_PLANS: dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]] = {}
