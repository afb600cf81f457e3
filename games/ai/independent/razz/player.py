"""The player: one reading of the view, one equity sum, then a handful of betting rules.

Tuning lives on the class (the opponents' down-card skew, the value thresholds heads-up and
multiway, the bluff rates) so a variant can be tried by subclassing without touching the rules.
A reading problem must never cost a move: any failure falls back to checking or calling.
"""

from __future__ import annotations

import random
from typing import Any

from games.core.game import Game

from .lows import Opponent, board_key, equity, rank
from .reading import Aggression, Reading, acted, read, to_call, unseen_ranks
from .spot import Spot
from .third import third


class Independent:
    name = "independent"

    # tuning: opponents' down-card skew, value thresholds (heads-up, multiway), bluff rates
    W_BASE = 0.65
    W_AGGR = 0.65
    BET_HU, BET_MW = 0.52, 0.42
    RAISE_HU, RAISE_MW = 0.62, 0.5
    SEMI_BLUFF = 0.5
    RIVER_BLUFF = 0.25

    def __init__(self) -> None:
        self._aggr = Aggression()

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> str:
        legal = list(game.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        action: str | None
        try:
            action = self._decide(game, state, seat, rng, legal)
        except Exception:  # never let a reading problem cost a move
            action = None
        if action is None or action not in legal:
            for fallback in ("check", "call", "bring-in"):
                if fallback in legal:
                    return fallback
            return legal[0]
        return action

    def _decide(self, game: Game, state: Any, seat: int, rng: random.Random, legal: list[str]) -> str:
        r = read(game, state, seat)
        v, pub, lines, mine = r.view, r.public, r.lines, r.mine
        _ante, _bring_in, small, big = r.stakes
        street = len(mine)
        bet = small if street <= 4 else big
        handkey = tuple(v.hand[:2]) + tuple(lines[seat].cards[:1])
        self._aggr.track(pub, street, handkey)

        opp_seats = [s for s, sl in lines.items() if s != seat and not sl.out and sl.cards]
        unseen = unseen_ranks(r)
        pool = sum(unseen.values())
        my_ranks = [rank(c) for c in mine]
        opps, boards = self._opponents(r, street, opp_seats)
        if not opps:
            return "check" if "check" in legal else legal[0]

        eq = equity(my_ranks, 7 - street, opps, unseen, pool)
        pot = pub.pots[0] if pub.pots else 0
        owed = to_call(v, legal, bet)

        # how my board looks to them, against theirs: drives steals and semi-bluffs
        my_up = [rank(c) for c in lines[seat].cards]
        my_board = board_key(my_up)
        best_board = all(board_key(b) > my_board for b in boards.values())
        fair = 1.0 / (len(opp_seats) + 1)
        spot = Spot(
            legal, street, eq, fair, my_ranks, my_up, boards, opp_seats, best_board, r.level, pot, owed
        )
        if street == 3:
            return third(spot)
        return self._later(spot, rng)

    def _opponents(
        self, r: Reading, street: int, opp_seats: list[int]
    ) -> tuple[list[Opponent], dict[int, list[int]]]:
        """Each live opponent for the equity (down cards skewed by how they bet), and their boards."""
        acted_now = acted(r.public) if street == 3 else set()
        opps = []
        boards = {}
        for s in opp_seats:
            up = list(r.lines[s].cards) + [c for c in r.community if c not in r.lines[s].cards]
            boards[s] = [rank(c) for c in r.lines[s].cards]
            dealt = street  # every live player holds as many cards as I do
            hidden = dealt - len(up)
            future = 7 - dealt
            now = self._aggr.now(street, s)
            before = self._aggr.before(street, s)
            if street == 3:
                if now:
                    w = 0.45
                elif s in acted_now:
                    w = 0.7
                else:
                    w = 0.85  # still to act, or brought in: anything
            else:
                w = self.W_BASE
            w *= self.W_AGGR ** min(now, 2) * 0.85 ** min(before, 3)
            opps.append(([rank(c) for c in up], hidden, future, w))
        return opps, boards

    def _later(self, spot: Spot, rng: random.Random) -> str:
        """4th street to the river: value bets and raises on equity, calls on pot odds, some bluffs."""
        legal, eq, street, best_board = spot.legal, spot.eq, spot.street, spot.best_board
        heads_up = spot.n_opp == 1
        bet_thr = self.BET_HU if heads_up else self.BET_MW
        raise_thr = self.RAISE_HU if heads_up else self.RAISE_MW
        reraise_cap = 4 if not heads_up else (6 if eq > 0.85 else 4)
        implied = {4: 0.8, 5: 0.85, 6: 0.92}.get(street, 1.0)

        if "check" in legal:  # nobody has bet
            if "bet" in legal and eq > bet_thr:
                return "bet"
            # board-driven semi-bluff: my board clearly best, a live draw, no one has shown strength
            if (
                "bet" in legal
                and street < 7
                and best_board
                and eq > spot.fair * 0.75
                and not any(self._aggr.now(street - 1, s) for s in spot.opp_seats)
                and rng.random() < self.SEMI_BLUFF
            ):
                return "bet"
            if (
                "bet" in legal
                and street == 7
                and heads_up
                and best_board
                and eq > 0.3
                and rng.random() < self.RIVER_BLUFF
            ):
                return "bet"  # occasional river bluff with the scarier board
            return "check"

        # facing a bet
        need = spot.to_call / (spot.pot + spot.to_call) if spot.pot + spot.to_call else 1.0
        if "raise" in legal and eq > raise_thr and spot.level < reraise_cap:
            return "raise"
        if (
            "raise" in legal
            and spot.level < 2
            and street < 7
            and best_board
            and eq > 0.4
            and rng.random() < 0.3
        ):
            return "raise"  # semi-bluff raise with the best board and a good draw
        if eq >= need * implied:
            return "call"
        return "fold" if "fold" in legal else "call"
