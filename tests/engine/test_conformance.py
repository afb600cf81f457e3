"""One suite for every registered game (OpenSpiel's random_sim_test, as pytest).

A game joins by registering; it then has to pass every check here for every
preset and many seeds before it can reach a table.
"""

from __future__ import annotations

import re

import pytest

import games
from games.core.errors import GameError, IllegalAction, NotYourTurn
from games.core.replay import record_of, replay
from games.core.rng import Rng
from games.core.views import AskAmount, Choice, PickCards
from tests.support.playout import random_playout
from tests.support.view_json import view_json

#: A string in JSON text (its escapes kept): a card code the view holds anywhere is one of them.
JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
HAND_SEEDS = range(12)  # chip games: one state per hand, so many short playouts
GAME_SEEDS = range(4)  # sheet games: one state is a whole game of many deals


def _cases():
    for game in games.all_games():
        for preset in game.presets:
            yield pytest.param(game.id, preset, id=f"{game.id}-{preset}")


def _seat_counts(game, options):
    low, high = game.seat_limits(options)
    return sorted({low, high, (low + high) // 2})


def _view_cards(view) -> set[str]:
    """Every card code a view exposes, in any structured field."""
    found: set[str] = set(view.hand)
    pub = view.public
    for line in pub.seats:
        found.update(line.cards)
    for pile in pub.piles:
        found.update(pile.cards)
    for p in view.prompt:
        if isinstance(p, PickCards):
            found.update(p.cards)
        elif isinstance(p, Choice) and ":" in p.action:
            found.update(p.action.split(":", 1)[1].split(","))
    return found


def _check_view_limits(view) -> None:
    choices = [p for p in view.prompt if isinstance(p, Choice)]
    for c in choices:
        assert 0 < len(c.label) <= 80, c.label
        assert len(c.action) <= 60, c.action
    for p in view.prompt:
        if isinstance(p, AskAmount):
            assert p.minimum <= p.maximum
        if isinstance(p, PickCards):
            # Any number of cards (the adapter pages menus beyond 25), each card once, one label each.
            assert len(set(p.cards)) == len(p.cards) == len(p.labels)
            assert 0 <= p.min_count <= p.max_count <= len(p.cards)
    pub = view.public
    assert len(pub.title) <= 256
    assert len(pub.seats) <= 25


@pytest.mark.parametrize(("game_id", "preset"), list(_cases()))
def test_random_playouts_keep_every_contract(game_id: str, preset: str) -> None:
    game = games.get_game(game_id)
    options = game.presets[preset]
    for seats in _seat_counts(game, options):
        carry = None
        for seed in HAND_SEEDS if game.hand_by_hand else GAME_SEEDS:
            dealer = seed % seats
            state = game.new_state(options, seats, seed, dealer=dealer, carry=carry)
            first = game.dump(state)
            assert game.dump(game.new_state(options, seats, seed, dealer=dealer, carry=carry)) == first
            steps = 0

            def check(before, seat, action, after, _seats=seats):
                nonlocal steps
                steps += 1
                out = game.outcome(before)
                to_act = game.to_act(before)
                assert (out is None) == bool(to_act)
                for s in to_act:
                    assert game.legal_actions(before, s), f"seat {s} to act with no legal action"
                snapshot = game.dump(before)
                # out of turn, junk and illegal actions raise and change nothing
                for other in range(_seats):
                    if other not in to_act:
                        with pytest.raises(NotYourTurn):
                            game.apply(before, other, action)
                with pytest.raises(IllegalAction):
                    game.apply(before, seat, "no-such-action:xyz")
                assert game.dump(before) == snapshot
                # codec round-trips byte-identically
                if steps % 3 == 0:
                    loaded = game.load(snapshot)
                    assert loaded == before
                    assert game.dump(loaded) == snapshot
                # redaction: nobody sees another seat's private cards
                if steps % 2 == 0:
                    for viewer in [None, *range(_seats)]:
                        view = game.view(before, viewer)
                        _check_view_limits(view)
                        shown = _view_cards(view)
                        strings = set(JSON_STRING.findall(view_json(view)))  # every text the view holds
                        for owner in range(_seats):
                            if owner == viewer:
                                continue
                            secret = game.private_cards(before, owner)
                            leaked = secret & shown
                            assert not leaked, f"seat {viewer} sees {owner}'s {leaked}"
                            for card in secret:
                                assert card not in strings, f"{card} of seat {owner} leaks to {viewer}"

            final, log, out = random_playout(game, state, Rng(seed + 1000), on_step=check)
            assert game.to_act(final) == frozenset()
            assert game.legal_actions(final, 0) == ()
            with pytest.raises(GameError):
                game.apply(final, 0, log[-1][1])
            # chips are conserved: what the hand paid out came from the carried pot
            assert len(out.payoffs) == seats and len(out.placings) == seats
            assert sum(out.payoffs) == out.carried_in - out.carried_out
            if not game.uses_chips:
                assert all(p == 0 for p in out.payoffs)
            # what decided each seat's result: one short text per seat, naming nobody
            assert len(out.details) == seats and all(d and "⟦" not in d for d in out.details), out.details
            assert out.summary and "Seat" not in out.summary
            # replaying the log gives the same state; determinism
            record = record_of(game, options, seats, seed, log, dealer=dealer, carry=carry)
            assert game.dump(replay(game, record)) == game.dump(final)
            assert game.dump(game.load(game.dump(final))) == game.dump(final)
            if game.hand_by_hand:
                # the next hand starts from what this one carried out
                carry = out.carry

@pytest.mark.parametrize("game_id", [g.id for g in games.all_games()])
def test_options_and_presets_are_well_formed(game_id: str) -> None:
    game = games.get_game(game_id)
    assert game.Options.model_config.get("frozen") and game.Options.model_config.get("extra") == "forbid"
    base = game.Options()
    for name, field in game.Options.model_fields.items():
        assert field.description, f"{game_id}.{name} needs a description"
    assert game.presets, "every game has at least one preset"
    for preset in game.presets.values():
        assert isinstance(preset, game.Options)
        low, high = game.seat_limits(preset)
        assert game.min_players <= low <= high <= game.max_players
    assert game.rules_summary
    assert game() is game
    assert base == game().Options()
    with pytest.raises(ValueError):
        game.Options(no_such_option=1)


def test_unknown_game_is_a_game_error() -> None:
    with pytest.raises(games.UnknownGame):
        games.get_game("snap")
