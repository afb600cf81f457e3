"""An independent rule-based player for Scurro (``games.renfield:Scurro``, registry id "scurro").

Rules it plays by (Crab Fragment Labs' Scurro V1.0, as the engine resolves them):
- 51 cards: Flags, Bells, Cups, each 2..9, 10, 20..60, Page < Consort < Queen; six each.
- Points: 2-10 face value, 30-60 are 10, faces 0; each 20 taken doubles the taker's score.
  Coins: 3-9 cost 1, 10-60 cost 2, faces 3; each 2 in a trick doubles what the taker pays.
- Ante 1; one round of bidding (min 5) for the lead; the winner pays the bid into the pot,
  orders the suits (every card of a higher suit beats every card of a lower one) and leads.
- Follow suit if you can. The highest card takes the trick and pays its cost into the pot.
- With at least one point you may fold on your turn (no more costs, no more chance).
- After six tricks the lowest score of at least one point among those still in wins the pot;
  if all others fold, the last player wins.

How it plays (rules of thumb a good player uses, made into a small equity model, no search):
- Suit order (as bidder): the longest suit goes lowest, the shortest highest. Cards of the high
  suit must take tricks and can't be thrown on its leads; low-suit cards lose to any trump, and
  its 10-pointers can be dumped on others' tricks.
- Bidding, like a cautious poker player: a hand is worth what its best order adds over an order
  someone else picks (plus a little for the lead); bid the least that tops the table, never
  above that worth. Draw's poker round: raise the top fifth, fold the bottom fifth to a bet.
- Each card is judged by: the chance it ends up taking the trick (the unseen cards above it,
  who is still to play, the voids shown, and whether they'd rather duck: nobody with points
  wants a 20), the points and coins the trick will carry, and then the chance of winning the
  pot from everybody's scores (a rival below you may still be pushed up; a player on zero is a
  threat only while small tricks remain). Equity = P(win) * pot - coins paid - the expected cost
  of the dangerous cards still held. So it takes a cheap trick when it needs a point, ducks
  when it leads, throws its dangerous and high-point cards on others' tricks, and, as the only
  player with points, keeps taking tricks rather than let a zero-point player score low.
- It folds (with a point) when staying is worth less than nothing.

It reads only ``game.view(state, seat)`` and ``game.legal_actions(state, seat)``; it
remembers the tricks it has seen during the hand (the view shows the current and last
trick, and a seat still in is asked every trick).

The modules: ``cards`` (the deck's values), ``table`` and ``reading`` (the view and the memory of the
hand), ``odds`` and ``equity`` (the model), ``worth`` (a hand's worth per suit order, for the bids),
``player`` (the decisions).
"""

from __future__ import annotations

from .player import Independent

__all__ = ["Independent"]
