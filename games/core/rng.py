"""A seeded, counter-mode random generator whose position lives in the state.

``random.shuffle`` is not promised to give the same order across Python
versions, so a saved table could replay differently after an upgrade. This
generator depends only on a standard hash and our own shuffles, and it is a
value: drawing returns the next generator instead of mutating one.

Two streams exist, and ``algo`` says which one a generator draws from. A
table deals with the version it was created under for as long as it lives
(the service stores ``RNG_ALGO`` in ``tables.rng_algo``), and a state that
holds a generator keeps it, so saved tables replay card for card:

* **1** (the first; ``Rng(seed)``, and every state saved before version 2):
  BLAKE2b keyed by the seed over a 64-bit counter, one hash per draw, and
  Durstenfeld's Fisher–Yates (``shuffled``) or its mixed-radix batch
  (``shuffled_batched``). About 50 µs (8 µs batched) for a 52-card deck.
* **2** (``RNG_ALGO``): each operation (a ``below``, a shuffle, a deal) is
  one call of SHAKE-128, FIPS 202's extendable-output function, on
  ``b"cardroom-rng-2:B"`` ‖ the seed (16 bytes, big-endian, modulo 2**128) ‖
  the counter (8 bytes, big-endian), and then the counter moves on by one.
  Its output is read as 32-bit big-endian words; a word becomes an index
  below ``n`` by rejection (one at or above the largest multiple of ``n``
  under 2**32 is skipped, so every index is exactly uniform). Cards are
  dealt by Fisher and Yates' original strike-out method: the next card is
  the ``j``-th of those still left, which is ``list.pop`` run by ``map``, so
  a deal has no per-card Python loop; ``dealt`` stops after the cards a
  game can use. About 5 µs for the 42 cards six Razz players can be dealt.

Measured for a 52-card deck (µs): BLAKE2b a draw 50; BLAKE2b mixed radix 8.5;
MT19937 (``random.Random``) with our own Fisher–Yates on ``getrandbits`` 9,
4 of them seeding, and its 2.5 KB state is no value to keep in a game state;
SHAKE-128 with Durstenfeld's swap loop 7.9; SHAKE-128 with the strike-out 5.
SHAKE rather than BLAKE2b because one call gives any length (BLAKE2b: 64 bytes).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import mod
from typing import TypeVar

from .fastvalue import builder

T = TypeVar("T")

_MASK128 = (1 << 128) - 1
_SPAN = 1 << 32  # v2 draws 32-bit words
RNG_ALGO = 2  # what new tables deal with; stored with every table (tables.rng_algo)
ALGOS = (1, 2)  # every stream a saved table may name


@dataclass(frozen=True, slots=True)
class Rng:
    """The generator at one position: ``seed``, how many operations (v2) or hashes (v1) are spent, the stream.

    ``algo`` defaults to 1 so a state saved before versions existed (no field) loads as what dealt it.
    New tables and states ask for ``Rng(seed, algo=RNG_ALGO)`` (or ``rng_for``).
    """

    seed: int
    counter: int = 0
    algo: int = 1

    def _block(self, i: int) -> int:
        key = (self.seed & _MASK128).to_bytes(16, "big")
        digest = hashlib.blake2b(i.to_bytes(8, "big"), key=key, digest_size=8).digest()
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> tuple[int, Rng]:
        """An unbiased integer in ``[0, n)`` (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        if self.algo != 1:
            return _below(_input(self), n), self._next()
        limit = (1 << 64) - ((1 << 64) % n)
        i = self.counter
        while (x := self._block(i)) >= limit:
            i += 1
        return x % n, _rng(self.seed, i + 1, 1)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher–Yates with our own draws, so the order never depends on CPython."""
        if self.algo != 1:
            return self.dealt(items, len(items))
        xs = list(items)
        key = (self.seed & _MASK128).to_bytes(16, "big")
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
        return tuple(xs), _rng(self.seed, i, 1)

    def shuffled_batched(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher–Yates whose swap indices come several to a draw (mixed radix).

        Each ``below(r1·r2·…)`` with the product under 2**63 yields one uniform
        digit per radix, so a 51-card deck takes 5 hash calls instead of 50.
        Same distribution as ``shuffled``, a different (also pinned) stream.
        The draws are ``below``'s, inlined; the digit plan depends only on the length.
        Version 2 has one shuffle, already a single hash call: ``shuffled``.
        """
        if self.algo != 1:
            return self.dealt(items, len(items))
        xs = list(items)
        plan = _PLANS.get(len(xs))
        if plan is None:
            plan = _PLANS[len(xs)] = _batch_plan(len(xs))
        if not plan:
            return tuple(xs), self
        key = (self.seed & _MASK128).to_bytes(16, "big")
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
        return tuple(xs), _rng(self.seed, i, 1)

    def dealt(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``items`` with a uniformly random sequence of ``k`` of them on top, then the rest.

        For a dealer who never deals past the top ``k`` (a stud hand of ``n``
        players uses at most ``7n + 1`` cards): those are exactly as random as
        in a full shuffle, and the cards under them keep their given order.
        Version 1 has no partial deal and shuffles everything (``shuffled_batched``).
        """
        if self.algo == 1:
            return self.shuffled_batched(items)
        return _strike_out(_input(self), items, k), self._next()

    def derive(self, label: str) -> Rng:
        """An independent stream, e.g. one per hand, reproducible from the seed alone (same version)."""
        key = (self.seed & _MASK128).to_bytes(16, "big")
        if self.algo != 1:
            _check(self.algo)
            digest = hashlib.shake_128(_DERIVE + key + label.encode()).digest(8)
            return Rng(int.from_bytes(digest, "big") >> 1, 0, self.algo)
        digest = hashlib.blake2b(label.encode(), key=key, digest_size=8).digest()
        return Rng(int.from_bytes(digest, "big") >> 1)

    def _next(self) -> Rng:
        return _rng(self.seed, self.counter + 1, self.algo)


_rng = builder(Rng)  # Rng(seed, counter, algo), about three times as fast (games/core/fastvalue.py)


def rng_for(seed: int, algo: int = RNG_ALGO) -> Rng:
    """A fresh generator on stream ``algo`` (the newest unless a saved table says otherwise)."""
    _check(algo)
    return _rng(seed, 0, algo)


def dealt_from(seed: int, items: Sequence[T], k: int, algo: int = RNG_ALGO) -> tuple[T, ...]:
    """``rng_for(seed, algo).dealt(items, k)[0]`` in one call: a table's deal, on every hand's path."""
    if algo == 2:
        return _strike_out(_BLOCK + (seed & _MASK128).to_bytes(16, "big") + _FIRST, items, k)
    return rng_for(seed, algo).dealt(items, k)[0]


def _check(algo: int) -> None:
    if algo not in ALGOS:  # e.g. a table saved by a newer release: never deal it another way
        raise ValueError(f"unknown random generator version {algo!r}")


# ---------------------------------------------------------------- version 2
_BLOCK = b"cardroom-rng-2:B"  # an operation's input: this, the 16-byte seed, the 8-byte counter
_FIRST = bytes(8)  # counter 0
_DERIVE = b"cardroom-rng-2:D"  # derive's input: this, the 16-byte seed, the label


def _input(rng: Rng) -> bytes:
    """What SHAKE-128 absorbs for ``rng``'s next operation (its output is that operation's words)."""
    _check(rng.algo)
    return _BLOCK + (rng.seed & _MASK128).to_bytes(16, "big") + rng.counter.to_bytes(8, "big")


def _words(data: bytes) -> Iterator[int]:
    """Every 32-bit word of SHAKE-128(``data``), in order (an XOF: a longer output extends a shorter)."""
    start, size = 0, 256
    while True:
        out = hashlib.shake_128(data).digest(size)
        yield from struct.unpack_from(f">{(size - start) // 4}I", out, start)
        start, size = size, 2 * size


def _uniform(words: Iterator[int], radices: Sequence[int]) -> list[int]:
    """An index below each radix in turn: the next word that isn't rejected, modulo the radix."""
    out = []
    for n in radices:
        limit = _SPAN - _SPAN % n
        w = next(words)
        while w >= limit:
            w = next(words)
        out.append(w % n)
    return out


def _strike_out(data: bytes, items: Sequence[T], k: int) -> tuple[T, ...]:
    """Fisher and Yates' original method for the top ``k``: each is the ``j``-th of those left.

    The indices (below ``len(items)``, then one fewer, …) come from SHAKE-128(``data``).
    Usually no word is rejected (a rejected word is at least the smallest limit, so it
    starts with the plan's 0xFF bytes, seldom seen anywhere: one 52-card deal in about
    10**5 looks closer, one in 7·10**6 really skips a word), and then the indices are
    the words modulo the radices with no Python loop; otherwise ``_uniform`` walks the
    same stream, skipping the rejected words.
    """
    pool = list(items)
    plan = _DEAL_PLANS.get((len(pool), k))
    if plan is None:
        plan = _DEAL_PLANS[len(pool), k] = _deal_plan(len(pool), k)
    radices, safe, marker, layout = plan
    if not radices:  # nothing to choose
        return tuple(pool)
    raw = hashlib.shake_128(data).digest(layout.size)
    words = layout.unpack(raw)
    if (marker and marker not in raw) or max(words) < safe:
        top = list(map(pool.pop, map(mod, words, radices)))
    else:
        top = list(map(pool.pop, _uniform(_words(data), radices)))
    top.extend(pool)
    return tuple(top)


def _deal_plan(size: int, k: int) -> tuple[tuple[int, ...], int, bytes, struct.Struct]:
    """``_strike_out``'s plan: the radices, the smallest rejection limit, the bytes every
    word at or above it starts with, and the words' layout (the last item needs no draw)."""
    radices = tuple(range(size, max(size - k, 1), -1))
    safe = min((_SPAN - _SPAN % n for n in radices), default=_SPAN)
    ones = 0  # how many leading bytes are 0xFF in every word from ``safe`` to 2**32 - 1
    while ones < 4 and (safe >> (24 - 8 * ones)) == (1 << (8 + 8 * ones)) - 1:
        ones += 1
    return radices, safe, b"\xff" * ones, struct.Struct(f">{len(radices)}I")


def _below(data: bytes, n: int) -> int:
    """An index below ``n`` from enough 32-bit words (big-endian) per candidate, by rejection."""
    if n <= _SPAN:
        w = int.from_bytes(hashlib.shake_128(data).digest(4), "big")
        if w < _SPAN - _SPAN % n:  # the usual case: the first word is taken
            return w % n
        return _uniform(_words(data), (n,))[0]
    count = ((n - 1).bit_length() + 31) // 32
    span = 1 << (32 * count)
    limit = span - span % n
    words = _words(data)
    while True:
        x = 0
        for _ in range(count):
            x = (x << 32) | next(words)
        if x < limit:
            return x % n


_DEAL_PLANS: dict[tuple[int, int], tuple[tuple[int, ...], int, bytes, struct.Struct]] = {}


# ---------------------------------------------------------------- version 1
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
