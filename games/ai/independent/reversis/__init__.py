"""An independent rule-based Reversis player (four players, 48 cards without 10s, Ace high).

Rules it plays by (seed text 004 + DECISIONS §4.2/§5.2, as the engine implements them):
- Fewest card points taken (A 4, K 3, Q 2, J 1) wins the party, most loses it; the loser pays
  the winner 4 + the talon's points (double across the table).
- An ace discarded on another suit is paid for by the trick's taker (A♦ 2, others 1); an ace played
  to its own suit's lead pays the leader. Led aces pay the party winner at the end.
- The Quinola (J♥) discarded on another suit: taker pays 5 and the discarder takes the latest pot.
  J♥ played to a heart lead: pays the leader 10, the other two pay him 5 each, plus a remise.
- Exchange: the dealer must discard one card; the others may swap one card for the face-down one.
- Reversis: whoever takes the first nine tricks is on; breaking it on trick 10/11 is paid 64.
- Espagnolette (four aces, or three and the J♥): renounce in the first nine tricks, take no trick.

How it plays: in the exchange, drop the J♥ unless three or more hearts guard it (two with a
short side suit), else the most dangerous card (aces, short honours, a singleton that makes a
void); keep four aces / three and the J♥ for the espagnolette. Lead low cards someone must
overtake (a modelled chance of winning the trick against what taking it costs), fish for the
Quinola with low hearts and for bare aces with low cards, run out a short suit when holding the J♥,
and lead a bare J♥ rather than wait to be forced. Follow with the highest card that still ducks;
when every card wins, the lowest if someone behind may overtake, else shed the highest. Void:
dump the J♥, then aces (A♦ first), then the most exposed honour. Late on, take a trick from a
player who has them all; break a reversis for the 64. It remembers each trick it sees (every one,
at its next turn) for card counting and voids.
"""

from __future__ import annotations

from .player import Independent

__all__ = ["Independent"]
