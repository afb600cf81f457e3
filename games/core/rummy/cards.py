"""Physical cards with identity for games played with several decks (Samba, Burraco).

A card id names one physical card: its face and which copy it is, ``"QS.2"`` is
the second queen of spades, ``"JK.3"`` the third joker. Ids are what state,
actions, views, select values and logs carry, so two identical queens are never
confused; labels show the face only (``"Q♠"``, ``"Joker"``).

Faces are two characters: a rank (``A 2 … 9 T J Q K``) and a suit (``S H D C``),
or ``JK`` for a joker. Positions in a run: ace 1 (low) or 14 (high), 2–13 the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..i18n import N_, _
from ..views import CardFace

RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER = "JK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = {"T": "10"}
#: Run position of each rank (the ace low; ``ACE_HIGH`` is its high place).
POSITION = {r: i + 1 for i, r in enumerate(RANKS)}
ACE_HIGH = 14
#: The rank at each run position, 1–14.
RANK_AT = {**{i + 1: r for i, r in enumerate(RANKS)}, ACE_HIGH: "A"}


def face_of(card: str) -> str:
    """The face of a physical card: ``"QS.2"`` → ``"QS"``, ``"JK.3"`` → ``"JK"``."""
    return card[:2]


def is_joker(card: str) -> bool:
    return card[:2] == JOKER


def rank_of(card: str) -> str:
    """The rank character of a card or face (``""`` for a joker)."""
    return "" if card[:2] == JOKER else card[0]


def suit_of(card: str) -> str:
    """The suit character of a card or face (``""`` for a joker)."""
    return "" if card[:2] == JOKER else card[1]


def faces(*, jokers: bool = False) -> tuple[str, ...]:
    """The 52 faces suit by suit (and the joker's face)."""
    out = tuple(r + s for s in SUITS for r in RANKS)
    return (*out, JOKER) if jokers else out


def deck_ids(decks: int, jokers: int) -> tuple[str, ...]:
    """Every physical card of ``decks`` standard decks plus ``jokers`` jokers, copy by copy."""
    out = [f"{face}.{copy}" for copy in range(1, decks + 1) for face in faces()]
    out.extend(f"{JOKER}.{k}" for k in range(1, jokers + 1))
    return tuple(out)


#: The joker's label, the one card named by a word: in the reader's language ("ジョーカー").
JOKER_LABEL = N_("Joker")


def face_label(face: str) -> str:
    if face == JOKER:
        return _(JOKER_LABEL)
    return _suited_label(face)


@lru_cache(maxsize=512)
def _suited_label(face: str) -> str:
    return RANK_LABELS.get(face[0], face[0]) + SUIT_SYMBOLS[face[1]]


class _Labels(dict[str, str]):
    """The label of each card id, made once (a taken pile is told card by card)."""

    def __missing__(self, card: str) -> str:
        if card[:2] == JOKER:  # a word, in the language spoken now: not kept
            return face_label(JOKER)
        text = self[card] = face_label(card[:2])
        return text


_LABELS = _Labels()


def label(card: str) -> str:
    """What players read: the face only (``"QS.2"`` → ``"Q♠"``, ``"TH.1"`` → ``"10♥"``)."""
    return _LABELS[card]


def labels(cards: Iterable[str]) -> str:
    return " ".join(map(_LABELS.__getitem__, cards))


def by_suit(card: str) -> tuple[int, int, str]:
    """Sort key: suit by suit (♠ ♥ ♦ ♣), ace high within a suit, jokers last; then the copy."""
    if card[:2] == JOKER:
        return (len(SUITS), 0, card)
    rank = POSITION[card[0]]
    return (SUITS.index(card[1]), ACE_HIGH if rank == 1 else rank, card)


def by_rank(card: str) -> tuple[int, int, str]:
    """Sort key: rank by rank (2 … K, A), suits in order within a rank, jokers last."""
    if card[:2] == JOKER:
        return (ACE_HIGH + 1, 0, card)
    rank = POSITION[card[0]]
    return (ACE_HIGH if rank == 1 else rank, SUITS.index(card[1]), card)


def sort_cards(cards: Iterable[str], *, order: str = "suit") -> tuple[str, ...]:
    """``cards`` sorted for display: by suit (default) or by rank."""
    return tuple(sorted(cards, key=by_rank if order == "rank" else by_suit))


def grouped_text(cards: Iterable[str], *, order: str = "suit") -> str:
    """A hand as text, one group per suit (or per rank): ``"♠ 3♠ 9♠ · ♥ Q♥ Q♥ · Joker"``."""
    shown = sort_cards(cards, order=order)
    groups: list[list[str]] = []
    last: object = None
    for card in shown:
        key = by_rank(card)[0] if order == "rank" else by_suit(card)[0]
        if key != last:
            groups.append([])
            last = key
        groups[-1].append(label(card))
    return " · ".join(" ".join(g) for g in groups)


def card_face(card: str) -> CardFace:
    """The ``CardFace`` of a card id, for a hand shown grouped by suit or by rank: ranks 2 … K, A
    (ace high), suits ♠ ♥ ♦ ♣ as ``by_suit``; a joker has no rank and no suit (grouped last)."""
    if card[:2] == JOKER:  # labelled in the language spoken now: not kept
        return CardFace(card, face_label(JOKER), rank_order=ACE_HIGH + 1, suit_order=len(SUITS))
    return _suited_face(card)


@lru_cache(maxsize=1024)
def _suited_face(card: str) -> CardFace:
    rank = card[0]
    place = POSITION[rank]
    return CardFace(
        card, face_label(card[:2]), RANK_LABELS.get(rank, rank), SUIT_SYMBOLS[card[1]],
        ACE_HIGH if place == 1 else place, SUITS.index(card[1]),
    )


def hand_faces(cards: Iterable[str]) -> tuple[CardFace, ...]:
    """A hand as faces (``SeatView.faces``): the panel groups and sorts it, the player's choice."""
    return tuple(card_face(c) for c in cards)


__all__ = [
    "ACE_HIGH", "JOKER", "POSITION", "RANKS", "RANK_AT", "SUITS", "by_rank", "by_suit", "card_face", "deck_ids",
    "face_label", "face_of", "faces", "grouped_text", "hand_faces", "is_joker", "label", "labels", "rank_of",
    "sort_cards", "suit_of",
]
