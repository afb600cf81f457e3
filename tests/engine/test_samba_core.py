"""The rummy core's pieces Samba added (SHARED(core)): combining two sets under every cap (SB-7)."""

from __future__ import annotations

from games.core.rummy.melds import MeldRules, check_combine, check_new

SAMBA = MeldRules(max_size=7, max_wilds=2, run_wilds=0, aces="high", run_lowest=4, one_set_per_rank=False)


def ids(text: str) -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for face in text.split():
        seen[face] = seen.get(face, 0) + 1
        out.append(f"{face}.{seen[face]}")
    return out


def test_two_sets_of_a_rank_combine_into_one() -> None:
    a = check_new(["QS.1", "QH.1", "QD.1"], SAMBA)
    b = check_new(["QC.1", "QS.2", "JK.1"], SAMBA)
    assert a is not None and b is not None
    both = check_combine(a, b, SAMBA)
    assert both is not None and both.key == "Q" and len(both.cards) == 6 and both.wilds == ("JK.1",)


def test_combining_keeps_the_caps_seven_cards_and_two_wilds() -> None:
    a = check_new(["QS.1", "QH.1", "QD.1", "QC.1"], SAMBA)
    b = check_new(["QS.2", "QH.2", "QD.2", "QC.2"], SAMBA)
    assert a is not None and b is not None and check_combine(a, b, SAMBA) is None  # 8 cards
    c = check_new(["KS.1", "KH.1", "2H.1", "JK.1"], SAMBA)
    d = check_new(["KD.1", "KC.1", "2S.1"], SAMBA)
    assert c is not None and d is not None and check_combine(c, d, SAMBA) is None  # 3 wilds


def test_runs_and_different_ranks_never_combine() -> None:
    a = check_new(["4S.1", "5S.1", "6S.1"], SAMBA)
    b = check_new(["7S.1", "8S.1", "9S.1"], SAMBA)
    assert a is not None and b is not None and check_combine(a, b, SAMBA) is None
    q = check_new(["QS.1", "QH.1", "QD.1"], SAMBA)
    k = check_new(["KS.1", "KH.1", "KD.1"], SAMBA)
    assert q is not None and k is not None and check_combine(q, k, SAMBA) is None


def test_card_faces_for_the_grouped_hand() -> None:
    from games.core.rummy.cards import card_face, hand_faces

    ten, ace, joker = hand_faces(["TS.1", "AH.2", "JK.3"])
    assert (ten.code, ten.label, ten.rank, ten.suit) == ("TS.1", "10♠", "10", "♠")
    assert ace.rank_order > card_face("KH.1").rank_order > ten.rank_order  # aces high, as the hand sorts
    assert (joker.label, joker.rank, joker.suit) == ("Joker", "", "")  # grouped under its own label
    assert card_face("QS.1").code != card_face("QS.2").code and card_face("QS.1").label == card_face("QS.2").label
