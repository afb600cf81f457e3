"""An independent rule-based Écarté player (classic 19th-century practice, no search).

Rules it follows:
- Exchange: play without proposing (non-dealer) / refuse (dealer) with a *jeu de règle*:
  three trumps; two trumps with a king, a guarded queen or three cards of one suit (or with
  the master trump); one trump with four of a suit or three court cards including a king;
  no trump with three kings. Stricter when the opponent stands at 3 (a vulnerable loss
  would give them the game), looser when they stand at 4 (any loss ends it). After the
  first exchange, play/refuse with a jeu de règle, otherwise keep exchanging.
- Discard: keep trumps, kings and a queen beside its king; throw the rest (lowest first
  when the stock limits the discard).
- Always show the king of trumps.
- Lead: cash sure winners when they make the point; draw trumps from strength (master
  trump first, or the lowest of three or more); then masters of plain suits (shortest
  suit first, never into a known void while trumps may be out); else the top of the
  longest plain suit. Keep leading winners for the vole; with the deal decided, throw low.
- Follow: win as cheaply as the duty to head/trump allows; else throw the least useful card.
- Card counting: every trick seen, the upcard and its own discards are remembered per deal,
  and voids the opponent has shown (it did not follow / did not trump).

Uses only ``game.view(state, seat)`` and ``game.legal_actions(state, seat)``.
"""

from __future__ import annotations

from .player import Independent

__all__ = ["Independent"]
