"""What the table shows (the issue "The table reads like a real card room"), game by game.

Only what is shown is tested here; the rules tests elsewhere say what happens.
"""

from __future__ import annotations

import pytest
from test_renfield_support import RENFIELD as R
from test_renfield_support import SCURRO as S
from test_renfield_support import act as ract
from test_renfield_support import deal as rdeal
from test_renfield_support import finish

import games
from games.core.poker.ui import LABELS, pot_headline
from games.core.rng import Rng
from games.core.views import Choice, PickCards
from games.core.wording import by_count, seat_list
from games.frankenstein import Frankenstein
from games.rage import Rage, RageOptions
from games.razz import Razz
from games.renfield.profile import RENFIELD as PROFILE
from games.renfield.results import won_with
from games.tresotti import Tresotti, TresottiOptions
from tests.support.playout import random_playout

RAGE, TRESOTTI, RAZZ, FRANK = Rage(), Tresotti(), Razz(), Frankenstein()


def turn(game, state, *actions):
    """Apply actions, each by the one seat to act; returns the state and all events."""
    events = []
    for action in actions:
        (seat,) = game.to_act(state)
        state, evs = game.apply(state, seat, action)
        events.extend(evs)
    return state, events


def card_choices(view) -> list[str]:
    return [c.action for c in view.prompt if isinstance(c, Choice) and c.group == "cards"]


# ------------------------------------------------------------ shared wording
def test_seat_lists_and_one_or_several_sentences() -> None:
    assert seat_list([2]) == "⟦seat:2⟧"
    assert seat_list([0, 2]) == "⟦seat:0⟧ and ⟦seat:2⟧"
    assert seat_list([0, 1, 3]) == "⟦seat:0⟧, ⟦seat:1⟧ and ⟦seat:3⟧"
    assert by_count([1], "{who} wins.", "{who} share.") == "⟦seat:1⟧ wins."
    assert by_count([1, 2], "{who} wins.", "{who} share.") == "⟦seat:1⟧ and ⟦seat:2⟧ share."


def test_renfield_headline_grammar_for_one_and_several_winners() -> None:
    rule = "the fewest bugs (at least one) of the players still in"
    assert won_with(PROFILE, (3,), 24, 0) == (
        "⟦seat:3⟧ wins with 24 bugs: the fewest bugs, at least one, of the players still in."
    )
    assert won_with(PROFILE, (0, 2), 24, 0) == f"⟦seat:0⟧ and ⟦seat:2⟧ tie with 24 bugs, {rule}, and share the pot."
    assert won_with(PROFILE, (0, 1, 2), 1, 2) == (
        f"⟦seat:0⟧, ⟦seat:1⟧ and ⟦seat:2⟧ tie with 1 bug, {rule}, and share the pot. $2 stays in the pot."
    )


def test_poker_headlines_name_no_chip_amounts() -> None:
    assert pot_headline([([1], "7-5-4-3-A low")]) == "⟦seat:1⟧ wins with 7-5-4-3-A low."
    assert pot_headline([([0, 2], "a flush"), ([0, 2], "a flush")]) == (
        "⟦seat:0⟧ and ⟦seat:2⟧ tie with a flush and split the pot."
    )
    assert pot_headline([([1], "two pair"), ([2], "jack high")]) == (
        "⟦seat:1⟧ wins the main pot with two pair. ⟦seat:2⟧ wins a side pot with jack high."
    )


# ------------------------------------------------------------ tricks
def test_rage_current_trick_names_who_is_winning_not_who_led() -> None:
    hands = [["R5", "R6"], ["Y1", "G1"], ["B1", "B2"]]  # yellow is trump (the stock's first colour)
    state = RAGE.new_state(RageOptions(first_hand=2), 3, 7, hands=hands, stock=("Y9", "R13", "G13"), dealer=2)
    state, _ = turn(RAGE, state, "bid:0", "bid:0", "bid:0", "play:R5", "play:Y1")
    (pile,) = RAGE.view(state, None).public.piles
    assert pile.name == "Current trick" and not pile.taken
    assert pile.plays == ((0, "🟥 Red 5"), (1, "🟨 Yellow 1")) and pile.winner == 1  # the trump, not the leader
    assert pile.text == "🟥 Red 5, 🟨 Yellow 1" and pile.cards == ("R5", "Y1")
    state, _ = turn(RAGE, state, "play:B1")
    (pile,) = RAGE.view(state, None).public.piles
    assert pile.name == "Last trick" and pile.taken and pile.winner == 1 == state.play.last_winner
    assert [s for s, _label in pile.plays] == [0, 1, 2]
    # the next lead: both piles, each under its own name
    state, _ = turn(RAGE, state, "play:G1")
    names = [p.name for p in RAGE.view(state, None).public.piles]
    assert names == ["Current trick", "Last trick"]


def test_rage_wild_card_label_says_its_colour() -> None:
    hands = [["WILD", "R6"], ["R7", "G1"], ["B1", "B2"]]
    state = RAGE.new_state(RageOptions(first_hand=2), 3, 7, hands=hands, stock=("Y9", "R13", "G13"), dealer=2)
    state, _ = turn(RAGE, state, "bid:0", "bid:0", "bid:0", "play:WILD=R", "play:R7")
    (pile,) = RAGE.view(state, None).public.piles
    assert pile.plays == ((0, "Wild Rage (🟥 Red)"), (1, "🟥 Red 7")) and pile.winner == 0


def test_tresotti_piles_use_trump_and_courses() -> None:
    from test_tresotti import act, split_deal, stacked

    hands, plays = split_deal("B40")
    state = act(stacked(hands), "bid:3", "pass", "pass", *plays[:11])
    current, last = TRESOTTI.view(state, None).public.piles
    assert current.name == "Current trick" and current.plays == ((0, "2 🏆"), (1, "40 🔔")) and current.winner == 0
    assert last.name == "Last trick" and last.taken and last.winner == state.play.last_winner
    state = act(state, plays[11])
    (last,) = TRESOTTI.view(state, None).public.piles
    assert last.cards == ("C2", "B40", "C8") and last.winner == 2 and last.taken


def test_renfield_death_card_trick_is_taken_by_nobody() -> None:
    hands = [
        ["T1", "S14", "P3", "P4", "P5", "P6"],
        ["T17", "T3", "T4", "T5", "T6", "T7"],
        ["S13", "P7", "P8", "P9", "P10", "P11"],
    ]
    s = ract(R, rdeal(R, hands, death_cards=("S13", "S14")), "bid:1", "pass", "pass", "order:TPS", "play:T17")
    (pile,) = R.view(s, 0).public.piles
    assert pile.winner == 1 and pile.plays == ((1, "17🔧"),)
    s = ract(R, s, "play:S13")
    (pile,) = R.view(s, 0).public.piles
    assert pile.name == "Current trick" and pile.winner is None and "nobody" in pile.text
    s = ract(R, s, "play:T1")
    piles = {p.name: p for p in R.view(s, 0).public.piles}
    last = piles["Last trick"]
    assert last.taken and last.winner is None and "nobody" in last.text
    assert last.plays == ((1, "17🔧"), (2, "13🪦"), (0, "1🔧")) and last.cards == ("T17", "S13", "T1")


def test_renfield_wild_card_shows_what_it_was_played_as() -> None:
    hands = [["T2", "S3", "P1", "P2", "P3", "P4"], ["T1", "T3", "T4", "T5", "T6", "T7"], ["S1", "P7", "P8", "P9", "P10", "P11"]]
    s = ract(R, rdeal(R, hands, wild_cards=("S1",)), "bid:1", "pass", "pass", "order:TPS", "play:T3")
    s = ract(R, s, "play:S1=T17")
    (pile,) = R.view(s, 0).public.piles
    assert pile.plays == ((1, "3🔧"), (2, "1🪦 as 17🔧")) and pile.winner == 2


# ------------------------------------------------------------ field names
def _cases():
    for game in games.all_games():
        for preset in game.presets:
            yield pytest.param(game.id, preset, id=f"{game.id}-{preset}")


@pytest.mark.parametrize(("game_id", "preset"), list(_cases()))
def test_no_two_fields_of_a_view_share_a_name(game_id: str, preset: str) -> None:
    game = games.get_game(game_id)
    options = game.presets[preset]
    low, high = game.seat_limits(options)
    seats = min(low + 1, high)
    seen = set()

    def check(before, seat, action, after) -> None:
        pub = game.view(after, seat).public
        names = [p.name for p in pub.piles] + [label for label, _value in pub.facts]
        if pub.sheet is not None:
            names.append(pub.sheet.title)
        assert len(names) == len(set(names)), names
        seen.update(names)

    for seed in range(2):
        random_playout(game, game.new_state(options, seats, seed), Rng(seed + 50), on_step=check)
    assert seen


# ------------------------------------------------------------ sorted hands
def test_rage_hand_is_sorted_by_colour_then_number_action_cards_last() -> None:
    hands = [["R5", "WILD", "CHANGE", "OUT"], ["OUT", "G3", "R7", "G2"], ["B1", "B2", "B3", "B4"]]
    state = RAGE.new_state(RageOptions(first_hand=4), 3, 7, hands=hands, stock=("Y9",), dealer=2)
    state, _ = turn(RAGE, state, "bid:1", "bid:2", "bid:0", "play:R5")
    v = RAGE.view(state, 1)
    assert v.hand_text == "🟥 Red 7, 🟩 Green 2, 🟩 Green 3, Out Rage"
    assert card_choices(v) == ["play:R7", "play:G2", "play:G3", "play:OUT"]
    assert v.hand == ("OUT", "G3", "R7", "G2") == state.play.hands[1]  # the state keeps the order dealt


def test_tresotti_hand_is_sorted_by_suit_then_rank() -> None:
    hands = [
        ["F3", "F4", "F5", "F6", "F7", "F8", "F9", "FA", "F30"],
        ["B2", "C9", "B9", "F20", "BA", "C2", "F10", "B3", "CQ"],
        ["C3", "C4", "C5", "C6", "C7", "C8", "B4", "B5", "B6"],
    ]
    state = TRESOTTI.new_state(TresottiOptions(), 3, 5, hands=hands, dealer=2)
    v = TRESOTTI.view(state, 1)
    assert v.hand_text == "10 🚩, 20 🚩, 2 🔔, 3 🔔, 9 🔔, Ace 🔔, 2 🏆, 9 🏆, Queen 🏆"
    assert v.hand == tuple(hands[1])
    # Dearworth reads the Ace low and the doubles as royals
    state = TRESOTTI.new_state(TresottiOptions(dearworth=True), 3, 5, hands=hands, dealer=2)
    assert TRESOTTI.view(state, 1).hand_text.startswith("10 🚩, 20 🚩, Ace 🔔, 2 🔔, 3 🔔, 9 🔔,")


def test_renfield_hand_text_and_buttons_follow_the_suit_order() -> None:
    hands = [["S16", "T6", "P7", "T8", "S9", "P10"], ["S17", "T1", "T2", "T3", "T4", "T5"], ["P1", "P3", "P4", "P5", "P6", "S7"]]
    s = ract(R, rdeal(R, hands), "pass", "pass")  # seat 0 (the dealer) must take the lead
    v = R.view(s, 0)
    before = [line.split(" · ")[0] for line in v.hand_text.split("\n")]
    assert before == ["6🔧", "8🔧", "7🦴", "10🦴", "9🪦", "16🪦"]  # the default order, Tools > Parts > Stones
    s = ract(R, s, "order:SPT")
    v = R.view(s, 0)
    assert [line.split(" · ")[0] for line in v.hand_text.split("\n")] == ["9🪦", "16🪦", "7🦴", "10🦴", "6🔧", "8🔧"]
    assert card_choices(v) == ["play:S9", "play:S16", "play:P7", "play:P10", "play:T6", "play:T8"]
    assert s.hands[0] == tuple(hands[0]) and v.hand == tuple(hands[0])


def test_poker_hands_read_ace_first() -> None:
    razz = RAZZ.new_state(None, 2, 7, hands=[("Kc", "Ad", "5h"), ("4c", "2c", "Qs")], stock=())
    assert RAZZ.view(razz, 0).hand_text == "Down: A♦ K♣ · Up: 5♥"
    frank = FRANK.new_state(None, 2, 5, hands=[("2c", "Ks", "9d", "Kd", "7h"), ("Qs", "Qd", "3c", "8h", "Td")])
    v = FRANK.view(frank, 0)
    assert v.hand_text == "Your hand: K♠ K♦ 9♦ 7♥ 2♣ (a pair of kings)"
    assert v.hand == ("2c", "Ks", "9d", "Kd", "7h")
    frank, _ = turn(FRANK, frank, "check", "check")
    (pick,) = [p for p in FRANK.view(frank, 1).prompt if isinstance(p, PickCards)]
    assert pick.cards == ("Qs", "Qd", "Td", "8h", "3c") and pick.labels == tuple(LABELS[c] for c in pick.cards)


# ------------------------------------------------------------ stud
def test_razz_panel_shows_down_and_up_cards() -> None:
    hands = [("Ah", "As", "7c", "4d"), ("2c", "3c", "Kh", "Qh"), ("5c", "6c", "Qs", "Jd")]
    s = RAZZ.new_state(None, 3, 7, hands=hands, stock=())
    v = RAZZ.view(s, 0)
    assert v.hand_text == "Down: A♠ A♥ · Up: 7♣" and v.hand == ("Ah", "As")
    while s.street == 3:
        (seat,) = RAZZ.to_act(s)
        s, _ = RAZZ.apply(s, seat, next(a for a in ("bring-in", "call", "check") if a in s.legal))
    assert RAZZ.view(s, 0).hand_text == "Down: A♠ A♥ · Up: 4♦ 7♣"


def test_renfield_stud_hand_text_groups_down_and_up_cards() -> None:
    from test_renfield_variants import STUD

    s = rdeal(R, STUD, stud=True)
    text = R.view(s, 1).hand_text.split("\n")
    assert text[0] == "Down:" and text[4] == "Up:" and len(text) == 9
    assert [line.split(" · ")[0] for line in text[5:]] == ["5🔧", "6🔧", "7🔧", "17🔧"]
    # the face-up cards are on the public line once, as labels
    line = R.view(s, 0).public.seats[1]
    assert line.cards == ("T17", "T5", "T6", "T7") and line.text.endswith(" — 17🔧 5🔧 6🔧 7🔧")


# ------------------------------------------------------------ seat lines
def test_chip_games_give_the_stacks_after_the_antes_and_the_pot_as_numbers() -> None:
    s = RAZZ.new_state(None, 3, 7, stacks=(50, 40, 30))
    pub = RAZZ.view(s, None).public
    assert all("put in" not in line.text and "stack" not in line.text for line in pub.seats)
    assert sum(line.stack or 0 for line in pub.seats) + sum(pub.pots) == 120 and pub.pots[0] > 0
    f = FRANK.new_state(None, 3, 7, stacks=(50, 40, 30))
    pub = FRANK.view(f, None).public
    assert [line.stack for line in pub.seats] == [49, 39, 29] and pub.pots == (3,)


def test_renfield_seat_line_says_what_the_seat_paid() -> None:
    hands = [["S16", "T6", "P7", "T8", "S9", "P10"], ["S17", "T1", "T2", "T3", "T4", "T5"], ["P1", "P3", "P4", "P5", "P6", "S7"]]
    s = ract(R, rdeal(R, hands), "bid:3", "pass", "pass")
    lines = [line.text for line in R.view(s, None).public.seats]
    assert lines[1] == "0 bugs · paid $3 · bidder" and lines[0] == "0 bugs · paid $0 · dealer"
    scurro = ract(S, rdeal(S, [["F3", "F4", "F5", "F6", "F7", "F8"], ["B3", "B4", "B5", "B6", "B7", "B8"],
                               ["C3", "C4", "C5", "C6", "C7", "C8"]]))
    assert S.view(scurro, None).public.seats[0].text.startswith("0 points · paid 1 coin")


@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_face_up_cards_are_printed_once_as_labels(game_id: str) -> None:
    game = games.get_game(game_id)
    options = next(iter(o for o in game.presets.values() if getattr(o, "stud", False)), game.Options())
    deck = getattr(getattr(game, "profile", None), "deck", None)
    name_of = deck.label if deck is not None else LABELS.get

    def check(before, seat, action, after) -> None:
        for line in game.view(after, None).public.seats:
            assert "stack" not in line.text
            if line.cards:
                shown = " ".join(name_of(c) for c in line.cards)
                assert line.text.endswith(shown) and line.text.count(shown) == 1, line.text
                assert line.text == shown or line.text.endswith(" — " + shown), line.text

    random_playout(game, game.new_state(options, game.seat_limits(options)[0], 3), Rng(4), on_step=check)


# ------------------------------------------------------------ results
def test_razz_split_pot_headline_and_details() -> None:
    hands = [("Ac", "2c", "Kh", "3c", "4c", "5c", "Qd"), ("Ad", "2d", "Ks", "3d", "4d", "5d", "Qh")]
    s = RAZZ.new_state(None, 2, 7, hands=hands, stock=())
    s, _ = turn(RAZZ, s, "bring-in", "call")
    while RAZZ.outcome(s) is None:
        s, _ = turn(RAZZ, s, "check")
    out = RAZZ.outcome(s)
    assert out.summary == "⟦seat:1⟧ and ⟦seat:0⟧ tie with 5-4-3-2-A low and split the pot."
    assert out.details == ("5-4-3-2-A low", "5-4-3-2-A low")
    assert "⟦seat:0⟧ shows" in s.recent[-1]  # the showdown itself stays in the log


def test_renfield_one_winner_headline_and_details() -> None:
    hands = [["T1", "T9", "P4", "S3", "S4", "S5"], ["T17", "T2", "P1", "P3", "P5", "P6"], ["T3", "T4", "T5", "T6", "T7", "T8"]]
    s, out = finish(R, rdeal(R, hands))
    bugs = s.bugs
    (winner,) = s.side.winners
    assert out.summary == (
        f"⟦seat:{winner}⟧ wins with {PROFILE.points(bugs[winner])}: the fewest bugs, at least one, of the players still in."
    )
    assert out.details == tuple(
        PROFILE.points(b) if b else "0 bugs (a winner needs at least one)" for b in bugs
    )
    assert "$" not in out.summary


def test_frankenstein_details_say_when_the_zombie_won() -> None:
    from test_frankenstein import _zombie_deal, act, checks, start

    s = checks(start(_zombie_deal()))
    s = act(s, (1, "discard:8d,9c"), (2, "discard:"), (0, "discard:5h,6h,7h"))
    out = FRANK.outcome(checks(s))
    assert out.summary.startswith("The Zombie beats ⟦seat:1⟧ with a straight to the 9")
    assert out.details[1].endswith("beaten by the Zombie") and len(out.details) == 3


@pytest.mark.parametrize(("game", "options"), [(RAGE, RageOptions(first_hand=3)), (TRESOTTI, TresottiOptions(target=8))])
def test_sheet_games_close_each_deal_and_show_the_sheet(game, options) -> None:
    state = game.new_state(options, 3, 11)
    closing = []

    def check(before, seat, action, after) -> None:
        _state, events = game.apply(before, seat, action)
        ends = [e for e in events if e.ends_deal]
        assert len(ends) <= 1
        if ends:
            closing.append(ends[0].text)
            assert ends[0].text.startswith(f"Deal {len(after.sheet.rows)} scores")
        sheet = game.view(after, None).public.sheet
        if not after.sheet.rows:
            assert sheet is None
            return
        assert [label for label, _row in sheet.rows] == [f"Deal {k}" for k in range(1, len(after.sheet.rows) + 1)]
        assert tuple(row for _label, row in sheet.rows) == after.sheet.rows and sheet.totals == after.sheet.totals
        assert all("pts" not in line.text and "sheet" not in line.text for line in game.view(after, None).public.seats)

    final, _log, out = random_playout(game, state, Rng(12), on_step=check)
    assert len(closing) == len(final.sheet.rows) >= 1
    assert out.details == tuple(f"{t} points" if t != 1 else "1 point" for t in final.sheet.totals)


def test_rage_shows_the_trump_once() -> None:
    state = RAGE.new_state(RageOptions(first_hand=2), 3, 7, hands=[["R5", "R6"], ["Y1", "G1"], ["B1", "B2"]],
                           stock=("Y9", "R13", "G13"), dealer=2)
    pub = RAGE.view(state, None).public
    assert [p.name for p in pub.piles] == [] and dict(pub.facts)["Trump"] == "🟨 Yellow (the 9 is turned up)"


def test_suit_orders_show_the_suit_icons() -> None:
    assert PROFILE.order_text("TSP") == "🔧 Tools > 🪦 Stones > 🦴 Parts"
    hands = [["F3", "F4", "F5", "F6", "F7", "F8"], ["B3", "B4", "B5", "B6", "B7", "B8"], ["C3", "C4", "C5", "C6", "C7", "C8"]]
    s = ract(S, rdeal(S, hands), "pass", "pass")
    labels = {c.action: c.label for c in S.view(s, 0).prompt}
    assert labels["order:CBF"] == "🏆 Cups > 🔔 Bells > 🚩 Flags"
    s = ract(S, s, "order:CBF")
    assert dict(S.view(s, 0).public.facts)["Suit order"] == "🏆 Cups > 🔔 Bells > 🚩 Flags"
    assert "🏆 Cups > 🔔 Bells > 🚩 Flags" in s.recent[-1]

