"""An independent rule-based Razz player (seven-card stud, A-5 low, fixed limit).

Rules it plays by (from the rules text and the engine's summary):
- Ace-to-five low: aces low, straights and flushes ignored, pairs bad; best five of seven cards.
- Everyone antes; two down and one up; the highest door card (K worst, suits S>H>D>C) must
  bring in or complete; later streets the best (lowest) board opens. 4th-6th up, 7th down
  (a shared face-up card if the stub runs short).
- Fixed limit: small bet on 3rd/4th, big bet from 5th; a bet and three raises (uncapped
  heads-up in the standard preset). Folding only when facing a bet.

How it plays (no peeking: only ``game.view(state, seat)`` and ``game.legal_actions``):
- Every live hand's final low is summarised by its top card (5..K, or "paired"). For each
  threshold t, the chance that a hand ends with five different ranks <= t is worked out from
  the cards it still needs, the live outs (unseen cards: the deck less my cards and every up
  card, folded boards included) and the cards still to come. Opponents' down cards are drawn
  from the same unseen pool, but skewed toward low cards (they stayed in), more so for a
  player who bet or raised.
- My equity against all of them (ties inside a top card split by my second card when my
  low is made) drives the action: value bet / raise above thresholds that depend on the
  number of opponents, call on pot odds (with some implied odds before 7th), fold otherwise.
- 3rd street adds the classic rules: steal (complete) with a low door against high doors,
  don't chase with three big cards, bring in cheaply with a high door card.
- Board-driven semi-bluffs when my up cards look clearly better than every other board.
- Heads-up raising is stopped at a sane level unless the hand is near the nuts.

Ported whole into a package (the equity in ``lows``, the reading of the view in ``reading``,
3rd street in ``third``, the rest in ``player``) with its behaviour unchanged: it stays a yardstick
only if it plays exactly as it did when it was measured.
"""

from __future__ import annotations

from .player import Independent

__all__ = ["Independent"]
