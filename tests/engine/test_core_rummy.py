"""games.core.rummy and games.core.teams: identity, partnerships, every meld-rule knob, the builder."""

from __future__ import annotations

import pytest

from games.core.rummy.cards import (
    by_rank,
    deck_ids,
    face_of,
    grouped_text,
    is_joker,
    label,
    rank_of,
    sort_cards,
    suit_of,
)
from games.core.rummy.melds import (
    RUN,
    SET,
    MeldRules,
    arrange_run,
    check_add,
    check_new,
    is_book,
    meld_points,
)
from games.core.rummy.turns import NEW, PAGE, parse_pick, pick_prompts, targets, without
from games.core.teams import (
    all_teams,
    members,
    partner_of,
    per_seat,
    seat_placings,
    team_of,
    team_placings,
    teams_extra,
)

BURRACO = MeldRules()
SAMBA = MeldRules(
    max_size=7, max_wilds=2, run_wilds=0, aces="high", run_lowest=4, wild_natural_in_runs=False,
    forbidden=frozenset({"3S", "3C", "3H", "3D"}), one_set_per_rank=False,
)


def cards(text: str) -> list[str]:
    """``"7S 8S JK"`` → ids, each face's copies numbered in order (7S.1, 7S.2 …)."""
    seen: dict[str, int] = {}
    out = []
    for face in text.split():
        seen[face] = seen.get(face, 0) + 1
        out.append(f"{face}.{seen[face]}")
    return out


def faces(meld) -> str:
    return " ".join(face_of(c) for c in meld.cards)


# ------------------------------------------------------------------ identity


def test_ids_name_physical_cards_and_labels_show_the_face() -> None:
    two = deck_ids(2, 4)
    assert len(two) == 108 and len(set(two)) == 108
    assert len(deck_ids(3, 6)) == 162
    assert two.count("QS.2") == 1 and "QS.3" not in two and "JK.4" in two and "JK.5" not in two
    assert face_of("QS.2") == face_of("QS.1") == "QS" and face_of("JK.3") == "JK"
    assert label("QS.2") == "Q♠" and label("TH.1") == "10♥" and label("JK.3") == "Joker"
    assert rank_of("QS.2") == "Q" and suit_of("QS.2") == "S" and is_joker("JK.1") and rank_of("JK.1") == ""


def test_hands_sort_by_suit_or_rank_and_group() -> None:
    hand = ["JK.1", "2H.1", "AS.1", "3S.2", "KH.1", "3S.1"]
    assert sort_cards(hand) == ("3S.1", "3S.2", "AS.1", "2H.1", "KH.1", "JK.1")
    assert sort_cards(hand, order="rank")[:3] == ("2H.1", "3S.1", "3S.2")
    assert by_rank("AS.1") > by_rank("KH.1")  # the ace sorts high
    assert grouped_text(hand) == "3♠ 3♠ A♠ · 2♥ K♥ · Joker"


# ------------------------------------------------------------------ teams


def test_partners_sit_across_and_share_placings() -> None:
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert partner_of(0) == 2 and partner_of(3) == 1
    assert members(1) == (1, 3) and all_teams() == ((0, 2), (1, 3))
    assert per_seat([10, -5]) == (10, -5, 10, -5)
    assert seat_placings(team_placings([300, 500])) == (2, 1, 2, 1)
    assert seat_placings(team_placings([500, 500])) == (1, 1, 1, 1)
    assert seat_placings(team_placings([500, 500], winner=0)) == (1, 2, 1, 2)
    assert teams_extra() == {"teams": [[0, 2], [1, 3]]}
    with pytest.raises(ValueError):
        team_of(0, 3)


# ------------------------------------------------------------------ sets


def test_sets_one_wild_no_set_of_wilds() -> None:
    m = check_new(cards("5S 5H 2D"), BURRACO)
    assert m is not None and m.kind == SET and m.key == "5" and m.wilds == ("2D.1",)
    assert check_new(cards("5S 5H JK 2D"), BURRACO) is None  # two wilds
    assert check_new(cards("2S 2H 2D"), BURRACO) is None  # a set of 2s
    assert check_new(cards("JK JK 5S"), SAMBA) is None  # Samba: two naturals at least
    assert check_new(cards("5S 5H JK 2D"), SAMBA) is not None  # Samba: two wilds
    assert check_new(cards("5S 5H"), BURRACO) is None  # min size 3
    assert check_new(cards("5S 6H 7D"), BURRACO) is None


def test_one_set_per_rank_is_a_knob() -> None:
    first = check_new(cards("9S 9H 9D"), BURRACO)
    assert first is not None
    again = ["9C.1", "9S.2", "9H.2"]
    assert check_new(again, BURRACO, [first]) is None
    assert check_new(again, SAMBA, [first]) is not None


def test_max_size_closes_books_at_seven() -> None:
    seven = check_new(cards("8S 8H 8D 8C 8S 8H 8D"), SAMBA)
    assert seven is not None and is_book(seven, SAMBA)
    assert check_add(seven, ["8C.2"], SAMBA) is None  # Samba: closed at seven
    assert check_add(seven, ["8C.2"], BURRACO) is not None  # Burraco: no cap (BU-6)
    assert not is_book(check_new(cards("8S 8H 8D"), BURRACO), BURRACO)


def test_forbidden_faces_unless_going_out() -> None:
    rules = MeldRules(forbidden=frozenset({"3S", "3C"}), forbidden_going_out=True, max_wilds=0)
    black = cards("3S 3C 3S")
    assert check_new(black, rules) is None
    assert check_new(black, rules, going_out=True) is not None
    assert check_new(black, MeldRules(forbidden=frozenset({"3S", "3C"})), going_out=True) is None


# ------------------------------------------------------------------ runs


def test_runs_of_one_suit_in_sequence() -> None:
    m = check_new(cards("7S 9S 8S"), BURRACO)
    assert m is not None and m.kind == RUN and faces(m) == "7S 8S 9S" and m.clean
    assert check_new(cards("7S 8H 9S"), BURRACO) is None
    assert check_new(cards("7S 8S TS"), BURRACO) is None


def test_aces_high_or_low_but_one_ace() -> None:
    assert faces(check_new(cards("AS 2S 3S"), BURRACO)) == "AS 2S 3S"
    assert faces(check_new(cards("QS KS AS"), BURRACO)) == "QS KS AS"
    assert check_new(cards("QS KS AS AS"), BURRACO) is None
    assert check_new(cards("QS KS AS"), MeldRules(aces="low")) is None
    assert check_new(cards("AS 2S 3S"), MeldRules(aces="high")) is None
    full = check_new(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"), BURRACO)
    assert full is not None and check_add(full, ["JK.1"], BURRACO) is None  # an ace at each end


def test_a_wild_fills_a_gap_or_sits_at_the_low_end() -> None:
    gap = check_new(cards("7S JK 9S"), BURRACO)
    assert gap is not None and faces(gap) == "7S JK 9S" and gap.stands_for("JK.1") == "8S"
    low = check_new(cards("7S 8S JK"), BURRACO)
    assert faces(low) == "JK 7S 8S" and low.stands_for("JK.1") == "6S"
    high = check_new(cards("7S 8S JK"), MeldRules(wild_low=False))
    assert faces(high) == "7S 8S JK"
    # below a 2 the wild would be an ace: it goes on top (the text's 2-3-4♥-★)
    assert faces(check_new(cards("2H 3H 4H JK"), BURRACO)) == "2H 3H 4H JK"


def test_a_two_of_the_suit_is_natural_in_its_place() -> None:
    m = check_new(cards("2H 3H 4H"), BURRACO)
    assert m is not None and m.clean
    assert check_new(cards("2H 3H 4H"), SAMBA) is None  # Samba: 2s are wild only, escaleras clean
    off = check_new(cards("2S 3H 4H"), BURRACO)
    assert off is not None and off.wilds == ("2S.1",) and faces(off) == "2S 3H 4H"
    assert off.stands_for("2S.1") == "2H" and not off.clean
    both = check_new(cards("2H 3H 4H JK"), BURRACO)
    assert both is not None and both.wilds == ("JK.1",)  # one wild: the joker


def test_pressing_a_natural_two_into_service_and_replacing_a_wild() -> None:
    run = check_new(cards("2H 3H 4H"), BURRACO)
    grown = check_add(run, ["6H.1"], BURRACO)
    assert grown is not None and faces(grown) == "3H 4H 2H 6H" and grown.stands_for("2H.1") == "5H"
    # the 5♥ replaces the 2, which goes back to its own (natural) place
    back = check_add(grown, ["5H.1"], BURRACO)
    assert back is not None and faces(back) == "2H 3H 4H 5H 6H" and back.clean
    # a wild may not replace a wild to free the 2 as a natural
    assert check_add(grown, ["JK.1"], BURRACO) is None
    # another 2♥ may sit naturally while the first one stays the wild
    second = check_add(grown, ["2H.2"], BURRACO)
    assert second is not None and second.wilds == ("2H.1",) and faces(second) == "2H 3H 4H 2H 6H"


def test_a_wild_moves_up_when_the_run_grows_and_back_when_replaced() -> None:
    run = check_new(cards("7S 8S JK"), BURRACO)
    up = check_add(run, ["TS.1"], BURRACO)
    assert up is not None and faces(up) == "7S 8S JK TS"
    replaced = check_add(up, ["9S.1"], BURRACO)
    assert replaced is not None and faces(replaced) == "JK 7S 8S 9S TS"
    fixed = MeldRules(wilds_move=False)
    assert check_add(check_new(cards("7S 8S JK"), fixed), ["TS.1"], fixed) is None
    assert check_add(check_new(cards("7S 8S JK"), fixed), ["9S.1"], fixed) is not None


def test_run_knobs_for_samba() -> None:
    assert check_new(cards("4S 5S 6S"), SAMBA) is not None
    assert check_new(cards("3S 4S 5S"), SAMBA) is None  # below the floor (and black 3s)
    assert check_new(cards("4H 5H JK"), SAMBA) is None  # no wilds in escaleras
    assert check_new(cards("QS KS AS"), SAMBA) is not None
    assert arrange_run(cards("JK 2S"), BURRACO) is None


def test_no_merging_runs_and_suits_must_match() -> None:
    a = check_new(cards("3S 4S 5S"), BURRACO)
    assert check_add(a, cards("6H"), BURRACO) is None
    assert check_add(a, ["3S.1"], BURRACO) is None  # the same physical card twice
    assert check_add(a, [], BURRACO) is None


def test_meld_points_by_face() -> None:
    m = check_new(cards("7S 8S JK"), BURRACO)
    assert meld_points(m.cards, lambda c: 30 if c.startswith("JK") else 5) == 40


# ------------------------------------------------------------------ the builder


def test_picks_targets_and_paging() -> None:
    hand = tuple(cards("7S 8S 9S KH KD"))
    assert parse_pick("pick:7S.1,8S.1", hand, ()) == ("7S.1", "8S.1")
    assert parse_pick("pick:7S.1", hand, ("7S.1",)) is None
    assert parse_pick("pick:7S.1,7S.1", hand, ()) is None
    assert parse_pick("pick:QS.1", hand, ()) is None
    assert parse_pick("pick:", hand, ()) is None and parse_pick("play:7S.1", hand, ()) is None
    run = check_new(cards("4S 5S 6S"), BURRACO)
    got = dict(targets(["7S.1", "8S.1", "9S.1"], [run], BURRACO))
    assert set(got) == {NEW, "meld:0"} and faces(got["meld:0"]) == "4S 5S 6S 7S 8S 9S"
    assert targets([], [run], BURRACO) == ()
    assert without(hand, ["7S.1"]) == hand[1:]
    many = deck_ids(1, 0)[:40]
    pages = pick_prompts(many, label, "Pick")
    assert [len(p.cards) for p in pages] == [PAGE, 15] and pages[1].label == "Pick (2 of 2)"
    assert all(p.kind == "pick" and p.min_count == 1 and p.max_count == len(p.cards) for p in pages)
