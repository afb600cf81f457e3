"""Fairmarket's computer player: its worth model, no plainly bad order, no peeking, and it beats the baseline.

The plainly bad order (docs/ai.md, ## Fairmarket): a *sure high* — a card of a station's high suit above
its table card with no unseen card of that suit above it — set where it cannot take the high, while that
station gets a card that cannot take the high there, when swapping the two must gain coins on every deal.
"""

from __future__ import annotations

import random

import pytest

from games.ai.baselines import baseline_for
from games.ai.duplicate import duplicate_match
from games.ai.players.fairmarket import LEVELS, MarketPlayer, player, station_worth
from games.ai.search import EASY, NORMAL, STRONG, computer_player
from games.fairmarket import cards as fm
from games.fairmarket.game import Fairmarket
from games.fairmarket.state import STATIONS, FairmarketState

GAME = Fairmarket()
STORY = frozenset({"P", "C", "Q"})
#: Presets where a sure high is always worth taking (a Jackpot or Jack's purse may reward taking little).
PLAIN = [name for name, o in GAME.presets.items() if not (o.jackpot or o.seaside)]


def _rank(card: str, stories: bool) -> int:
    return 0 if stories and fm.rank(card) in STORY else fm.RANK_VALUE[fm.rank(card)]


def can_be_high(card: str, table_card: str, stories: bool) -> bool:
    if stories and fm.rank(card) in STORY:
        return False  # a player's story card acts (or counterfeits as rank zero): it never takes the high
    return fm.suit(card) == fm.suit(table_card) and _rank(card, stories) > _rank(table_card, stories)


def sure_high(state: FairmarketState, seat: int, card: str, k: int) -> bool:
    """``card`` takes station k's high whatever the others set (no unseen card of the suit outranks it)."""
    stories = state.options.allben
    table_card = state.table[k]
    if not can_be_high(card, table_card, stories):
        return False
    seen = set(state.hands[seat]) | set(state.table)
    return not any(
        c not in seen and can_be_high(c, table_card, stories) and _rank(c, stories) > _rank(card, stories)
        for c in fm.CARDS
    )


def wasted_sure_high(state: FairmarketState, seat: int, order: tuple[str, ...]) -> str | None:
    """The plainly bad order, or None. A sure high A at station k, off at station j where it takes at
    most ``worth_j``, while k gets a card B that cannot take the high: swapping gains at least
    ``sure_k − 1 − worth_j`` (A takes station k's pot less at most two low coins — with Allben less a
    Cut and the tithes too; B took at most the low coin there)."""
    stories = state.options.allben
    if stories and any(fm.rank(c) in ("P", "Q") for c in order):
        return None  # a Put or a Quit changes which of its cards this seat plays at all
    for k in range(STATIONS):
        b = order[k]
        if can_be_high(b, state.table[k], stories):
            continue
        pot = state.pot(k)
        sure = pot // 2 - (state.n - 1) - 2 if stories else pot - 2
        for j, a in enumerate(order):
            if j == k or not sure_high(state, seat, a, k):
                continue
            worth_j = state.pot(j) if can_be_high(a, state.table[j], stories) else 1
            if sure - 1 > worth_j:
                return f"{fm.label(a)} is sure to take station {k + 1} ({pot}) but sits on {j + 1}; {fm.label(b)} there"
    return None


def _stacked(carry: dict[str, object] | None = None) -> FairmarketState:
    """Seat 0 holds the Ace of flags, the only flag station carries six coins (a pot of ten)."""
    hands = [("FA", "B2", "C2", "B3", "C3"), ("F2", "F3", "F4", "F5", "F6"), ("F7", "F8", "F9", "F10", "B4"),
             ("B5", "B6", "B7", "B8", "B9")]
    table = ("F20", "B40", "C40", "B50", "C50")
    return GAME.new_state(GAME.presets["standard"], 4, 1, hands=hands, stock=table, carry=carry)


def test_the_detector_catches_a_wasted_sure_high() -> None:
    state = _stacked({"stations": [6, 0, 0, 0, 0]})
    assert sure_high(state, 0, "FA", 0) and not sure_high(state, 0, "B2", 0)
    assert wasted_sure_high(state, 0, ("B2", "FA", "C2", "B3", "C3")) is not None  # the Ace idles on bells
    assert wasted_sure_high(state, 0, ("FA", "B2", "C2", "B3", "C3")) is None
    # a four-coin pot: the swap gains the Ace at most what the low coins could cost, so it is not "plainly" bad
    assert wasted_sure_high(_stacked(), 0, ("B2", "FA", "C2", "B3", "C3")) is None


def test_every_strength_takes_a_sure_high_pot() -> None:
    state = _stacked({"stations": [6, 0, 0, 0, 0]})
    for name in ("easy", "normal", "strong"):
        order = player(STRENGTHS[name], None).order_for(GAME, state, 0, random.Random(0))
        assert order[0] == "FA", (name, order)


def test_station_worth_counts_high_low_and_the_tables_share() -> None:
    # table 20 of flags, pot 6, three players
    assert station_worth("F20", ("B2", "C9"), 6, 3, "F60") == 5  # the high: the pot less the low coin
    assert station_worth("F20", ("B9", "C9"), 6, 3, "B2") == pytest.approx(1 + 5 / 3)  # the low; the table keeps 5
    assert station_worth("FA", ("B9", "C9"), 6, 3, "C8") == pytest.approx(1 + 5 / 3)
    assert station_worth("FA", ("B9", "C9"), 6, 3, "C60") == pytest.approx(4 / 3)  # 9s tie low: just the share
    # Allben: a lone Queen acts and takes nothing; two Queens counterfeit (rank zero, and the low here)
    assert station_worth("F20", ("B2", "C9"), 6, 3, "FQ") == 5  # the base game: a Queen is just high
    assert station_worth("F20", ("B2", "C9"), 6, 3, "FQ", stories=True) == pytest.approx(5 / 3)
    assert station_worth("F20", ("BQ", "C9"), 6, 3, "FQ", stories=False) == 5
    assert station_worth("F20", ("B2", "CQ"), 6, 3, "BQ", stories=True) == pytest.approx(1 + 4 / 3)  # tied low


def _scan(strength_name: str, hands: int, start: int = 0) -> tuple[int, int]:
    """(orders scanned, orders where a sure high existed), asserting none is plainly bad."""
    seen = chances = 0
    for i in range(start, start + hands):
        preset = PLAIN[i % len(PLAIN)]
        lo, hi = GAME.seat_limits(GAME.presets[preset])
        n = lo + i % (hi - lo + 1)
        carry = {"stations": [(3 * i + 2 * k) % 7 for k in range(STATIONS)]} if i % 3 else None
        state = GAME.new_state(GAME.presets[preset], n, 7_000 + i, dealer=i % n, carry=carry)
        for seat in range(n):
            p = player(STRENGTHS[strength_name], None)
            order = p.order_for(GAME, state, seat, random.Random(i * 10 + seat))
            assert sorted(order) == sorted(state.hands[seat])
            bad = wasted_sure_high(state, seat, order)
            assert bad is None, (preset, n, state.table, order, bad)
            seen += 1
            chances += any(sure_high(state, seat, c, k) for c in order for k in range(STATIONS))
    return seen, chances


STRENGTHS = {"easy": EASY, "normal": NORMAL, "strong": STRONG}


@pytest.mark.parametrize(("name", "hands", "start"), [("easy", 120, 0), ("normal", 40, 0), ("strong", 2, 3)])
def test_no_plainly_bad_order_in_every_plain_variant(name: str, hands: int, start: int) -> None:
    """Every preset without a Jackpot or Jack, 2–6 seats, some pots carried: no wasted sure high
    (strong, slow, on two hands where sure highs are held)."""
    seen, chances = _scan(name, hands, start)
    assert seen >= hands * 2 and chances >= max(1, seen // 5)  # the scan meets sure highs often enough to mean something


def test_the_order_is_placed_card_by_card_then_confirmed_and_never_a_vote() -> None:
    for preset in ("standard", "allben jackpot", "seaside jack"):
        state = GAME.new_state(GAME.presets[preset], 3, 5)
        players = [computer_player(GAME, "normal") for _ in range(3)]
        rng = random.Random(5)
        steps = 0
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            action = players[seat].choose(GAME, state, seat, rng)
            assert action.startswith("place:") or action == "confirm", action
            state, _ = GAME.apply(state, seat, action)
            steps += 1
        assert steps == 3 * 5  # four placings (the fifth card goes on its own) and a confirmation each


@pytest.mark.parametrize("preset", ["standard", "lighton jackpot", "two players seaside jack"])
def test_the_order_depends_only_on_what_the_seat_sees(preset: str) -> None:
    """The no-peeking swap: the others holding something else changes nothing."""
    for seed in range(3):
        n = 2 if "two" in preset else 3 + seed
        state = GAME.new_state(GAME.presets[preset], n, seed)
        other = GAME.sample_hidden(state, 0, random.Random(seed))
        assert other.hands != state.hands
        first = MarketPlayer("normal", LEVELS["normal"]).order_for(GAME, state, 0, random.Random(9))
        again = MarketPlayer("normal", LEVELS["normal"]).order_for(GAME, other, 0, random.Random(9))
        assert first == again


def test_normal_beats_the_baseline() -> None:
    """A cheap duplicate match (the figures in docs/ai.md are from longer ones)."""
    baseline = baseline_for("fairmarket")
    assert baseline is not None
    result = duplicate_match(GAME, lambda: player(NORMAL, None), lambda: baseline, deals=30, seed=3)
    assert result.low > 0, result.line()


def test_the_bots_clock_caps_the_work() -> None:
    """On the bot's clock a strength stops sampling (and playing out) when its budget is spent."""
    readings: list[float] = []

    def clock() -> float:  # ten seconds pass between readings: the budget is spent at once
        readings.append(10.0 * len(readings))
        return readings[-1]

    state = GAME.new_state(GAME.presets["allben jackpot"], 4, 2)
    order = MarketPlayer("strong", LEVELS["strong"], clock).order_for(GAME, state, 0, random.Random(0))
    assert sorted(order) == sorted(state.hands[0])
    assert len(readings) <= 4  # the start, two samples, one order played out (uncapped: hundreds)
