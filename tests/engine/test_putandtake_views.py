"""Put and Take: what the table and each panel show, card by card (the brief's pace and privacy)."""

from __future__ import annotations

from test_putandtake_support import GAME, NOTHING, deal, turn

from games.core.views import Choice
from tests.support.view_json import view_json

HANDS = [[], ["7s", "7h", "2c", "3c", "4c"], ["7d", "9c", "9d", "Tc", "Jc"]]
PUT_CARDS = ["7c", "9s", "2d", "3d", "4d"]


def test_the_table_shows_turned_cards_next_stake_and_pot() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING])
    facts = dict(GAME.view(state, None).public.facts)
    assert GAME.view(state, None).public.pots == (0,) and facts == {"Stakes": "1-2-3-4-5", "Next card": "put round, card 1 of 5: 1 a card"}
    state, _ = turn(state, 2)
    pub = GAME.view(state, None).public
    assert dict(pub.facts)["Next card"] == "put round, card 3 of 5: 3 a card" and pub.pots == (7,)
    (pile,) = pub.piles
    assert pile.name == "Put round cards" and pile.cards == ("7c", "9s") and pile.text == "7♣ 9♠"
    assert pub.title == "Put and Take — put round" and pub.summary == "⟦seat:0⟧ turns the next card."
    assert pub.seats[1].text == "5 cards · put in 2 · took 0" and pub.seats[0].to_act


def test_every_turn_is_an_event_naming_who_paid_how_much() -> None:
    state, events = turn(deal(HANDS, [*PUT_CARDS, *NOTHING]), 3)
    assert [e.text for e in events] == [
        "Put round, card 1 of 5: 7♣, 1 a card. ⟦seat:1⟧ puts 2 in the pot. ⟦seat:2⟧ puts 1 in the pot.",
        "Put round, card 2 of 5: 9♠, 2 a card. ⟦seat:2⟧ puts 4 in the pot.",
        "Put round, card 3 of 5: 2♦, 3 a card. ⟦seat:1⟧ puts 3 in the pot.",
    ]
    state, events = turn(state, 7)
    assert "Nobody holds that rank." in events[-2].text  # the fifth take card, Q♠
    assert GAME.view(state, None).public.recent[-1] == events[-1].text


def test_the_dealer_gets_one_button_next_card() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING])
    mine = GAME.view(state, 0)
    assert mine.prompt == (Choice("turn", "Next card", "primary"),) and mine.hand == ()
    assert "dealer" in mine.hand_text
    assert GAME.view(state, 1).prompt == ()
    done, _ = turn(state, 10)
    assert GAME.view(done, 0).prompt == ()


def test_hands_are_private() -> None:
    state = deal(HANDS, [*PUT_CARDS, *NOTHING])
    mine = GAME.view(state, 1)
    assert mine.hand == ("2c", "3c", "4c", "7s", "7h") and mine.hand_text == "2♣ 3♣ 4♣ 7♠ 7♥"
    assert GAME.private_cards(state, 1) == frozenset(HANDS[1])
    for viewer in (None, 0, 2):
        text = view_json(GAME.view(state, viewer))
        assert not any(f'"{c}"' in text or GAME.view(state, 1).hand_text in text for c in HANDS[1])
    done, _ = turn(state, 10)
    assert GAME.private_cards(done, 1) == frozenset(HANDS[1])  # never shown, even after the hand


def test_the_result_names_each_net_once_and_the_dealers_leftover() -> None:
    state, _ = turn(deal(HANDS, [*PUT_CARDS, "2h", "9h", "Kd", "Kc", "Qs"]), 10)
    out = GAME.outcome(state)
    assert out is not None
    assert out.payoffs == (19 - 1 - 4, -13, -1)
    assert out.details == ("dealer: kept 14 left in the pot", "put in 14, took 1", "put in 5, took 4")
    pub = GAME.view(state, None).public
    assert pub.title == "Put and Take — hand over" and pub.summary == out.summary
    assert pub.seats[0].text == "dealer (holds no cards) · keeps 14 from the pot"
    assert not any("+" in line.text or "-1" in line.text for line in pub.seats)  # nets: the result's, once
