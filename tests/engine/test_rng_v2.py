"""The second random generator (SHAKE-128, strike-out deals): pinned, exact, and versioned.

Version 1's golden values live in ``test_core.py`` and must never change; these
pin version 2 the same way, and recompute it from its description with hashlib
alone, so a refactor can't quietly change how every new table deals.
"""

from __future__ import annotations

import hashlib
import struct
from collections import Counter
from itertools import islice

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter

from games.core import rng as rng_module
from games.core.cards import STANDARD_DECK
from games.core.rng import RNG_ALGO, Rng, dealt_from, rng_for

CARDS = STANDARD_DECK.cards


def _spec_words(seed: int, counter: int, count: int) -> list[int]:
    """Operation ``counter``'s words, from the module docstring: SHAKE-128 of tag ‖ seed ‖ counter."""
    data = b"cardroom-rng-2:B" + (seed & (2**128 - 1)).to_bytes(16, "big") + counter.to_bytes(8, "big")
    return list(struct.unpack(f">{count}I", hashlib.shake_128(data).digest(4 * count)))


def _spec_deal(seed: int, items: list[str], k: int) -> list[str]:
    """Fisher and Yates' strike-out with rejection, one word at a time (the slow, obvious way)."""
    words = iter(_spec_words(seed, 0, 4 * len(items)))
    pool, out = list(items), []
    for _ in range(min(k, len(items) - 1)):
        n = len(pool)
        w = next(words)
        while w >= 2**32 - 2**32 % n:
            w = next(words)
        out.append(pool.pop(w % n))
    return out + pool


def test_version_two_is_what_new_tables_get() -> None:
    assert RNG_ALGO == 2
    assert rng_for(5) == Rng(5, 0, 2)
    assert Rng(5) == Rng(5, 0, 1)  # a bare Rng is the first generator: what old states hold


def test_v2_stream_is_pinned() -> None:
    """Golden values: if these change, every table dealt since version 2 replays differently."""
    first = list(islice(rng_module._words(rng_module._input(rng_for(12345))), 6))
    assert first == [473285107, 1319880464, 2772130457, 3657969702, 313180527, 2570015684]
    assert first == _spec_words(12345, 0, 6)
    draws, r = [], rng_for(1)
    for _ in range(8):
        v, r = r.below(100)
        draws.append(v)
    assert draws == [82, 0, 79, 91, 38, 25, 25, 19]
    assert draws == [_spec_words(1, c, 1)[0] % 100 for c in range(8)]  # no word rejected for 100
    assert r == Rng(1, 8, 2)


def test_v2_full_deck_is_pinned() -> None:
    deck, after = rng_for(12345).shuffled(CARDS)
    assert deck == (
        "Td", "6s", "9s", "9c", "5h", "2c", "Ad", "Qs", "Kh", "3c", "4c", "4s", "6d", "4d", "8d", "2d",
        "Jd", "Ks", "Tc", "Qd", "7c", "Kc", "2h", "8s", "6h", "Qh", "Ac", "3s", "3h", "As", "Ts", "3d",
        "7s", "7d", "Th", "Jh", "5c", "4h", "Js", "7h", "8h", "9h", "8c", "Jc", "5s", "Ah", "Qc", "9d",
        "2s", "5d", "6c", "Kd",
    )
    assert list(deck) == _spec_deal(12345, list(CARDS), 52)
    assert after == Rng(12345, 1, 2)
    assert rng_for(12345).shuffled_batched(CARDS) == (deck, after)  # one shuffle in version 2
    assert rng_for(12345).shuffled(range(10))[0] == (7, 9, 1, 3, 5, 8, 2, 0, 6, 4)


@given(st.integers(min_value=-(2**70), max_value=2**130), st.integers(min_value=0, max_value=60))
def test_a_partial_deal_is_the_top_of_the_full_shuffle(seed: int, k: int) -> None:
    top, after = rng_for(seed).dealt(CARDS, k)
    full, _ = rng_for(seed).shuffled(CARDS)
    assert sorted(top) == sorted(CARDS)
    cut = min(k, len(CARDS) - 1)
    assert top[:cut] == full[:cut]
    assert list(top[cut:]) == [c for c in CARDS if c not in top[:cut]]  # the rest keep their order
    assert list(top) == _spec_deal(seed, list(CARDS), k)
    assert dealt_from(seed, CARDS, k) == top and after == Rng(seed, 1, 2)


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=70))
def test_v2_shuffles_any_length(seed: int, n: int) -> None:
    deck, after = rng_for(seed).shuffled(range(n))
    assert sorted(deck) == list(range(n)) and after.counter == 1


def test_a_rejected_word_is_skipped() -> None:
    limit = 2**32 - 2**32 % 52
    assert rng_module._uniform(iter([2**32 - 1, limit, limit - 1, 7]), [52, 3]) == [(limit - 1) % 52, 7 % 3]


def test_the_loop_free_path_and_the_rejecting_walk_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forcing the walk (a plan whose 'smallest limit' is 2**31) must not change any deal."""
    expected = {seed: rng_for(seed).dealt(CARDS, 43)[0] for seed in range(300)}
    radices, _safe, _marker, layout = rng_module._deal_plan(52, 43)
    monkeypatch.setitem(rng_module._DEAL_PLANS, (52, 43), (radices, 2**31, b"", layout))
    walked = 0
    for seed, deck in expected.items():
        data = rng_module._input(rng_for(seed))
        raw = hashlib.shake_128(data).digest(layout.size)
        walked += max(layout.unpack(raw)) >= 2**31
        assert rng_for(seed).dealt(CARDS, 43)[0] == deck
    assert walked > 250  # nearly every deal took the walk


def test_below_takes_as_many_words_as_n_needs() -> None:
    assert {rng_for(seed).below(1)[0] for seed in range(10)} == {0}
    for n in (2, 100, 2**32, 2**32 + 1, 2**64, 10**30):
        values = [rng_for(seed).below(n)[0] for seed in range(40)]
        assert all(0 <= v < n for v in values)
        assert max(values) > n // 4
    big = [rng_for(seed).below(10**30)[0] for seed in range(40)]
    assert len(set(big)) == 40 and max(big) > 2**64  # three words a draw
    with pytest.raises(ValueError):
        rng_for(1).below(0)


def test_v2_deals_are_roughly_uniform() -> None:
    tops = Counter(rng_for(seed).dealt(CARDS, 1)[0][0] for seed in range(26000))
    assert len(tops) == 52 and all(380 < c < 620 for c in tops.values()), tops
    perms = Counter(rng_for(seed).shuffled("abcd")[0] for seed in range(24000))
    assert len(perms) == 24 and all(850 < c < 1150 for c in perms.values()), perms


def test_every_operation_moves_the_generator_on() -> None:
    r = rng_for(3)
    a, r1 = r.shuffled(CARDS)
    b, r2 = r1.shuffled(CARDS)
    assert (r1.counter, r2.counter) == (1, 2) and a != b
    _x, r3 = r2.below(10)
    assert r3 == Rng(3, 3, 2)
    assert r.dealt(CARDS, 0) == (CARDS, r1)  # nothing drawn, still one step


def test_derive_keeps_the_version() -> None:
    child = rng_for(7).derive("hand:1")
    assert child == Rng(428817384406658303, 0, 2) == rng_for(7).derive("hand:1")
    assert child != rng_for(7).derive("hand:2")
    assert Rng(7).derive("hand:1").algo == 1 and Rng(7).derive("hand:1").seed != child.seed


def test_a_state_saved_without_a_version_loads_as_version_one() -> None:
    adapter = TypeAdapter(Rng)
    assert adapter.validate_python({"seed": 5, "counter": 3}) == Rng(5, 3, 1)
    assert adapter.validate_python(adapter.dump_python(rng_for(5), mode="json")) == rng_for(5)


def test_an_unknown_version_never_deals() -> None:
    with pytest.raises(ValueError, match="version 3"):
        rng_for(1, 3)
    with pytest.raises(ValueError):
        Rng(1, 0, 3).shuffled(CARDS)
    with pytest.raises(ValueError):
        Rng(1, 0, 3).below(5)
    with pytest.raises(ValueError):
        dealt_from(1, CARDS, 10, algo=3)
    with pytest.raises(ValueError):
        Rng(1, 0, 0).derive("x")


def test_version_one_partial_deal_is_its_batched_shuffle() -> None:
    assert Rng(9).dealt(CARDS, 5) == Rng(9).shuffled_batched(CARDS)
    assert dealt_from(9, CARDS, 5, algo=1) == Rng(9).shuffled_batched(CARDS)[0]
