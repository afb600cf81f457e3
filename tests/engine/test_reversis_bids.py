"""Reversis: the party, the led aces and Quinola, the reversis and the espagnolette."""

from __future__ import annotations

from test_reversis_support import G, act, deal, ended, keep_all, play, texts

from games.core.pots import POT
from games.reversis.ending import party_stake
from games.reversis.state import (
    ESPAGNOLETTE,
    LED_ACE,
    LED_QUINOLA,
    PARTY,
    QUINOLA_POT,
    REMISE,
    REVERSIS,
    evolve,
)

# ------------------------------------------------------------------ the party


def test_fewest_points_win_the_party_most_lose_it_and_the_loser_pays_4_plus_the_talon() -> None:
    s, events = ended({0: ["As"], 1: ["Ks", "Kh"], 2: ["Qs"], 3: ["2s"]}, (3, 3, 3, 2), talon=("Ad", "Jh", "2c", "3c"))
    assert (s.winner, s.loser) == (3, 1)
    assert s.pots.paid(1, 3, {PARTY}) == 2 * (4 + 4 + 1)  # 4 plus the talon's points, across: double
    assert "⟦seat:3⟧ wins the party and ⟦seat:1⟧ loses it: sitting across" in texts(events)
    out = G.outcome(s)
    assert out.summary == s.summary and out.scores == (4, 6, 2, 0)
    assert out.details[3].endswith("won the party") and out.details[1].endswith("lost the party")
    assert out.details[0] == "4 points in 3 tricks"


def test_across_the_table_the_payment_doubles() -> None:
    s, _events = ended({0: ["As"], 1: ["Ks", "Kh"], 2: ["Qs"], 3: ["2s"]}, (3, 3, 2, 3), talon=("2c", "3c", "4c", "5c"))
    assert (s.winner, s.loser) == (3, 1) and s.pots.paid(1, 3, {PARTY}) == 8
    s, _ = ended({0: ["2s"], 1: ["Ks", "Kh"], 2: ["Qs"], 3: ["Jh"]}, (3, 3, 2, 3), talon=("2c", "3c", "4c", "5c"))
    assert (s.winner, s.loser) == (0, 1) and s.pots.paid(1, 0, {PARTY}) == 4
    assert party_stake(s, 0, 2) == 8


def test_historical_talon_values() -> None:
    hist = deal(historical_talon=True)
    s, _ = ended({1: ["Ks"]}, (3, 3, 3, 2), talon=("Ad", "Jh", "2c", "3c"), state=hist)
    assert (s.winner, s.loser) == (3, 1) and s.pots.paid(1, 3, {PARTY}) == 2 * (4 + 5 + 4)


def test_ties_go_to_fewer_tricks_then_the_dealer_then_to_the_left_for_winner_and_loser_rv9() -> None:
    # winner: 0 points for seats 1 and 2; seat 2 has fewer tricks
    s, _ = ended({0: ["As"], 1: [], 2: [], 3: ["Ah"]}, (3, 3, 2, 3))
    assert s.winner == 2
    # loser: seats 0 and 3 tie on 4 points and 3 tricks: the dealer (0) first
    assert s.loser == 0
    s, _ = ended({0: ["As"], 1: [], 2: [], 3: ["Ah"]}, (3, 3, 2, 3), dealer=1)
    assert s.loser == 3  # dealer 1, then 2, then 3 before 0
    # loser among equal points: the one with fewer tricks
    s, _ = ended({0: ["As"], 1: [], 2: [], 3: ["Ah"]}, (4, 3, 2, 2))
    assert s.loser == 3


def test_a_seat_never_wins_and_loses_the_same_party() -> None:
    taken = {s: ["Ks", "Jh"] if s else ["Kh", "Jd"] for s in range(4)}
    s, _ = ended(taken, (2, 3, 3, 3))
    assert s.winner == 0 and s.loser == 1


def test_led_aces_and_a_led_quinola_are_collected_by_the_winner_automatically() -> None:
    s, events = ended(
        {0: ["As"], 1: ["Ks", "Kh"], 2: ["Qs"], 3: ["2s"]}, (3, 3, 3, 2),
        led_aces=((0, "Ad"), (1, "As"), (3, "Ac")), quinola_seat=1, quinola_led=True,
    )
    assert s.winner == 3
    assert s.pots.paid(0, 3, {LED_ACE}) == 2 and s.pots.paid(1, 3, {LED_ACE}) == 1
    assert s.pots.paid(3, 3, {LED_ACE}) == 0
    assert s.pots.paid(1, 3, {LED_QUINOLA}) == 10
    assert s.pots.paid(0, 3, {LED_QUINOLA}) == 5 and s.pots.paid(2, 3, {LED_QUINOLA}) == 5
    assert "⟦seat:1⟧ led the Quinola" in texts(events)


def test_a_quinola_led_by_the_partys_winner_pays_nothing_rv6() -> None:
    s, _ = ended({0: ["As"], 1: ["Ks", "Kh"], 2: ["Qs"], 3: ["2s"]}, (3, 3, 3, 2), quinola_seat=3, quinola_led=True)
    assert s.winner == 3 and not [e for e in s.pots.journal if e.tag == LED_QUINOLA]


# ------------------------------------------------------------------ reversis

# Dealer 0; seat 1 leads its nine spades from the top and takes the first nine tricks.
REVERSIS_HANDS = {
    1: ["As", "Ks", "Qs", "Js", "9s", "8s", "7s", "6s", "5s", "2h", "3h"],
    2: ["4s", "Ah", "Kh", "Qh", "9h", "8h", "Ad", "Kd", "Qd", "Jd", "9d"],
    3: ["3s", "Jh", "7h", "6h", "Ac", "Kc", "Qc", "Jc", "9c", "8c", "7c"],
    0: ["2s", "5h", "4h", "8d", "7d", "6d", "5d", "4d", "3d", "2d", "6c", "5c"],
}
FIRST_NINE = [
    ("As", "4s", "3s", "2s"),
    ("Ks", "Ad", "Jh", "5h"),  # an ace (2) and the Quinola (5 and the pot) discarded on seat 1
    ("Qs", "Ah", "Ac", "4h"),
    ("Js", "Kd", "Kc", "8d"),
    ("9s", "Qd", "Qc", "7d"),
    ("8s", "Jd", "Jc", "6d"),
    ("7s", "9d", "9c", "5d"),
    ("6s", "Qh", "8c", "4d"),
    ("5s", "9h", "7c", "3d"),
]


def _nine_tricks(hands: dict | None = None, nine: list | None = None):
    s = keep_all(deal(hands or REVERSIS_HANDS, face_down=["4c", "3c", "2c"]), discard="6c")
    start = s.pots
    nine = nine or FIRST_NINE
    for trick in nine[:8]:
        s, _ = play(s, *trick)
    assert s.pots.net != start.net  # payments were made…
    s, events = play(s, *nine[8])
    return s, start, events


def test_the_first_nine_tricks_start_the_reversis_and_refund_every_ace_and_quinola_payment() -> None:
    s, start, events = _nine_tricks()
    assert s.reversis == 1 and [e.amount for e in s.pots.taken(3, QUINOLA_POT)] == [25]
    assert s.pots.net == start.net and s.pots.pots == start.pots  # …and are all refunded, the pot too
    assert "the reversis is on" in texts(events) and "refunded" in texts(events)
    assert dict(G.view(s, None).public.facts)["Reversis"] == "⟦seat:1⟧ took the first nine tricks"


def test_a_broken_reversis_pays_64_to_the_tenth_tricks_winner_only_and_no_party_rv7_rv8() -> None:
    s, start, _ = _nine_tricks()
    s, events = play(s, "2h", "Kh", "7h", "2d")  # no forced-ace or Quinola payments any more
    assert s.broken_by == 2 and s.pots.paid(1, 2, {REVERSIS}) == 64
    s, _more = play(s, "8h", "6h", "5c", "3h")
    out = G.outcome(s)
    assert out.payoffs == (start.net[0], start.net[1] - 64, start.net[2] + 64, start.net[3])
    assert not [e for e in s.pots.journal if e.tag in (PARTY, LED_ACE)]  # the led A♠ is not collected
    assert "⟦seat:2⟧ breaks the reversis: ⟦seat:1⟧ pays ⟦seat:2⟧ 64." in texts(events)
    assert out.summary == "⟦seat:2⟧ broke the reversis of ⟦seat:1⟧ and was paid 64."


def test_the_reversis_broken_by_the_quinola_pays_54() -> None:
    hands = {k: list(v) for k, v in REVERSIS_HANDS.items()}
    hands[2][hands[2].index("Kh")] = "Jh"
    hands[3][hands[3].index("Jh")] = "Kh"
    nine = [tuple("Kh" if c == "Jh" else c for c in t) for t in FIRST_NINE]
    s, _start, _ = _nine_tricks(hands, nine)
    s, _events = play(s, "2h", "Jh", "7h", "2d")
    assert s.broken_by == 2 and s.pots.paid(1, 2, {REVERSIS}) == 54
    assert not [e for e in s.pots.journal if e.tag == "quinola-forced"]


def test_a_reversis_player_who_played_the_quinola_in_the_first_nine_pays_a_remise_when_broken() -> None:
    s, _start, _ = _nine_tricks()
    s = evolve(s, quinola_seat=1, quinola_trick=4)  # as if seat 1 had led the J♥ in trick 5
    s, events = play(s, "2h", "Kh", "7h", "2d")
    assert s.pots.paid(1, POT, {REMISE}) == 25 and s.pots.pots == (50,)
    assert "remise of 25" in texts(events)


def test_a_made_reversis_collects_32_from_across_and_16_from_the_others() -> None:
    s, _events = ended({}, (0, 11, 0, 0), reversis=1)
    assert s.pots.paid(3, 1, {REVERSIS}) == 32 and s.pots.paid(0, 1, {REVERSIS}) == 16
    assert s.pots.paid(2, 1, {REVERSIS}) == 16 and not [e for e in s.pots.journal if e.tag == PARTY]
    assert s.summary == "⟦seat:1⟧ makes the reversis: ⟦seat:3⟧ pays 32, ⟦seat:0⟧ and ⟦seat:2⟧ 16 each."


def test_a_made_reversis_takes_the_most_recent_pot_if_its_player_played_the_quinola_in_the_first_nine() -> None:
    base = deal(carry={"pots": "40,50", "remises": 1, "deals": 1})
    s, events = ended({}, (0, 11, 0, 0), reversis=1, quinola_seat=1, quinola_trick=8, state=base)
    assert "takes Pot 2 (55 chips)" in texts(events)
    assert [e.amount for e in s.pots.taken(1, QUINOLA_POT)] == [55] and s.pots.pots == (40,)
    s, _ = ended({}, (0, 11, 0, 0), reversis=1, quinola_seat=1, quinola_trick=9, state=base)
    assert not s.pots.taken(1, QUINOLA_POT)


def test_a_made_reversis_pays_every_way_in_play() -> None:
    hands = {k: list(v) for k, v in REVERSIS_HANDS.items()}
    hands[1][-2:] = ["Ah", "Kh"]
    hands[2][1:3] = ["2h", "3h"]
    nine = [tuple({"Ah": "2h"}.get(c, c) for c in t) for t in FIRST_NINE]
    s = keep_all(deal(hands, face_down=["4c", "3c", "2c"]), discard="6c")
    start = s.pots
    for trick in nine:
        s, _ = play(s, *trick)
    s, _ = play(s, "Ah", "3h", "7h", "2d", "Kh", "8h", "6h", "5c")
    out = G.outcome(s)
    assert s.reversis == 1 and s.broken_by == -1
    assert out.payoffs == (start.net[0] - 16, start.net[1] + 64, start.net[2] - 16, start.net[3] - 32)


# -------------------------------------------------------------- espagnolette

ESP_HANDS = {1: ["5s"], 2: ["As", "Ah", "Ad", "Ac", "2s"], 3: ["Ks"], 0: ["3s"]}


def test_four_aces_may_renounce_in_the_first_nine_tricks_others_must_follow() -> None:
    s = keep_all(deal(ESP_HANDS))
    assert s.eligible == 2
    s, _ = play(s, "5s")
    legal = G.legal_actions(s, 2)
    assert set(legal) == {f"play:{c}" for c in s.play.hands[2]} and legal[0] in ("play:As", "play:2s")
    assert any("espagnolette" in n for n in G.view(s, 2).notes)
    s, events = play(s, "Ad")
    assert s.espagnolette == 2 and "renounces" in texts(events)
    assert set(G.legal_actions(s, 3)) == {f"play:{c}" for c in s.play.hands[3] if c.endswith("s")}


def test_three_aces_and_the_quinola_qualify_three_aces_alone_do_not() -> None:
    s = keep_all(deal({1: ["5s"], 2: ["As", "Ah", "Ad", "Jh", "2s"], 3: ["Ks"], 0: ["3s", "Ac"]}))
    assert s.eligible == 2
    s = keep_all(deal({1: ["5s"], 2: ["As", "Ah", "Ad", "2s"], 3: ["Ks"], 0: ["3s", "Ac", "Jh"]}))
    assert s.eligible == -1


def test_the_espagnolette_player_must_follow_on_the_last_two_tricks() -> None:
    s = keep_all(deal(ESP_HANDS))
    s, _ = play(s, "5s")
    late = evolve(s, play=type(s.play)(s.play.hands, s.play.trick, (3, 3, 0, 3), s.play.taken))
    assert set(G.legal_actions(late, 2)) == {f"play:{c}" for c in s.play.hands[2] if c.endswith("s")}


def test_a_clean_espagnolette_wins_the_party_even_against_another_trickless_player_rv10() -> None:
    s, events = ended({0: ["Ks"], 1: ["Qs"], 3: []}, (6, 5, 0, 0), espagnolette=2)
    assert s.winner == 2 and s.loser == 0 and s.pots.paid(0, 2, {PARTY}) == 8  # across: doubled
    assert "⟦seat:2⟧ makes the espagnolette and wins the party" in texts(events)


def test_an_espagnolette_player_who_takes_a_trick_loses_pays_back_double_and_returns_the_pot() -> None:
    base = keep_all(deal())
    mark = base.pots.mark
    pots = base.pots.pay(1, 2, 2, "ace").pay(3, 2, 5, "quinola")
    pots, won = pots.capture(2, QUINOLA_POT, (10, 5, 5, 5))
    base = evolve(base, pots=pots, mark=mark)
    s, events = ended({0: ["Ks"], 1: ["Qs"], 2: ["2s"], 3: ["Kh", "Qh"]}, (5, 3, 1, 2), espagnolette=2, state=base)
    assert "pays ⟦seat:3⟧ back double: 10" in texts(events)
    assert s.loser == 2 and s.winner == 1
    assert s.pots.paid(2, 1, {ESPAGNOLETTE}) == 4 and s.pots.paid(2, 3, {ESPAGNOLETTE}) == 10
    assert s.pots.paid(2, POT, {ESPAGNOLETTE}) == won == 25
    assert s.pots.paid(2, POT, {REMISE}) == 25 and s.pots.pots == (25, 50)
    assert "fails the espagnolette" in s.summary


def test_against_a_made_reversis_the_espagnolette_player_alone_pays_64() -> None:
    s, _ = ended({}, (0, 11, 0, 0), reversis=1, espagnolette=2)
    assert s.pots.paid(2, 1, {REVERSIS}) == 64
    assert s.pots.paid(3, 1, {REVERSIS}) == 0 and s.pots.paid(0, 1, {REVERSIS}) == 0


def test_breaking_the_reversis_spares_the_espagnolette_penalty() -> None:
    base = keep_all(deal())
    mark = base.pots.mark
    base = evolve(base, pots=base.pots.pay(1, 2, 64, REVERSIS), mark=mark)
    s, _ = ended({2: ["Ks"]}, (0, 10, 1, 0), reversis=1, broken_by=2, espagnolette=2, state=base)
    assert not [e for e in s.pots.journal if e.tag in (ESPAGNOLETTE, PARTY)]
    assert s.winner == 2


def test_the_exchange_runs_before_eligibility_is_judged() -> None:
    s = deal({1: ["5s"], 2: ["As", "Ah", "Ad", "2s"], 3: ["Ks"], 0: ["3s"]}, face_down=["9h", "Ac", "9d"])
    s, _ = act(s, f"discard:{s.play.hands[0][-1]}", "discard:", "discard:2s", "discard:")
    assert "Ac" in s.play.hands[2] and s.eligible == 2
