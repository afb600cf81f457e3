"""What a seat sees of a Renfield-family hand, in the shared render model.

Only public facts go on the table (taken bugs, money, the trick, Stud up-cards,
revealed auction lots); a seat's own hand is added for that seat alone.
A seat line says each thing once: its bugs, what it paid into this hand (the
front end adds the chips at the table, so no stack here) and its face-up
cards as labels. A hand is shown as players hold it, in the suit order then by
rank; that order is for the eyes only, the state keeps the cards as dealt.
"""

from __future__ import annotations

from games.core.game import Game
from games.core.i18n import N_, _
from games.core.views import (
    AskAmount,
    Choice,
    PickCards,
    Pile,
    Prompt,
    SeatLine,
    SeatView,
    TableView,
    hand_choices,
)

from .common import MAX_DISCARD, SEATS, TRICKS
from .lookups import Lookups
from .options import AUCTION_CEILING
from .piles import trick_piles
from .profile import DeckProfile
from .state import AUCTION, BETTING, BID, DISCARD, DONE, OFFER, ORDER, PLAY, FamilyState

MAX_COMPONENTS = 25
#: The Draw variant's betting buttons, whole: with the money put in, or a word alone.
_BETTING_BUTTONS = {"bet": N_("Bet {amount}"), "call": N_("Call {amount}"), "raise": N_("Raise {amount}")}
_BETTING_WORDS = {"check": N_("Check"), "fold": N_("Fold")}


def render(game: Game, lk: Lookups, state: FamilyState, seat: int | None) -> SeatView:
    """What ``seat`` sees (None: a spectator); ``game`` answers who acts and what is legal."""
    p = lk.profile
    to_act = game.to_act(state)
    table = TableView(
        title=_("{game} ({variant})").format(game=game.shown_title, variant=game.describe_options(state.options)),
        summary=_summary(state),
        seats=_seat_lines(p, state, to_act),
        facts=_facts(p, state),
        piles=_piles(lk, state),
        recent=state.recent,
        pots=(state.pot,) if state.pot or state.phase != DONE else (),
        unit=p.unit,
    )
    if seat is None:
        return SeatView(public=table)
    hand = state.hands[seat]
    shown = tuple(sorted(hand, key=p.hand_order(state.order).__getitem__))
    notes: list[str] = []
    prompt: tuple[Prompt, ...] = ()
    if seat in to_act:
        prompt = _prompt(game, lk, state, seat, shown, notes)
    elif state.phase == PLAY and state.active[seat]:
        prompt = hand_choices(shown, (), p.card_text)
    return SeatView(
        public=table,
        seat=seat,
        hand=hand,
        hand_text=_hand_text(p, shown, state.side.up[seat]),
        hand_groups=_hand_groups(shown, state.side.up[seat]),
        notes=tuple(notes),
        prompt=prompt[:MAX_COMPONENTS],
    )


def _seat_lines(p: DeckProfile, state: FamilyState, to_act: frozenset[int]) -> tuple[SeatLine, ...]:
    """A line per seat: its bugs, what it paid (or received), its roles, and its face-up cards."""
    side = state.side
    done = state.phase == DONE
    lines = []
    for s in range(state.n):
        up = side.up[s]
        if not side.dealt_in[s]:
            text = _("sitting out")
        else:
            bits = [p.points(state.bugs[s])]
            if done and s in side.winners:
                bits.append(_("wins the pot") if len(side.winners) == 1 else _("shares the pot"))
            elif state.net[s] <= 0:
                bits.append(_("paid {m}").format(m=p.money(-state.net[s])))
            else:  # an Auction seller's half of the price
                bits.append(_("received {m}").format(m=p.money(state.net[s])))
            if s == state.bidder:
                bits.append(_("bidder"))
            if s == state.dealer:
                bits.append(_("dealer"))
            if not state.active[s]:
                bits.append(_("folded"))
            text = " · ".join(bits)
        if up:  # face-up cards (Stud, bought lots): their labels, once
            text += " — " + " ".join(p.deck.label(c) for c in up)
        # chips move as the hand goes (bids, trick costs); once it is settled the table's stacks say it
        staked = 0 if done else -state.net[s]
        lines.append(SeatLine(s, text, s in to_act, not state.active[s], tuple(up), staked=staked))
    return tuple(lines)


def _facts(p: DeckProfile, state: FamilyState) -> tuple[tuple[str, str], ...]:
    o = state.options
    label = p.deck.label
    facts: list[tuple[str, str]] = []
    if o.flatline:
        facts.append((_("Suits"), _("Flatline: all equal, rank only")))
    elif state.order:
        facts.append((_("Suit order"), p.order_text(state.order)))
    if state.bidder >= 0:
        bid = p.points(state.bid) if o.blaze else p.money(state.bid)
        facts.append((_("Lead bid"), f"{SEATS[state.bidder]}: {bid}"))
    if state.phase == PLAY:
        facts.append((_("Tricks played"), _("{k} of {n}").format(k=state.tricks_done, n=TRICKS)))
    if o.wild_cards:
        facts.append((_("Wild"), ", ".join(label(c) for c in o.wild_cards)))
    if o.death_cards:
        facts.append((_("Death cards"), ", ".join(label(c) for c in o.death_cards)))
    return tuple(facts)


def _piles(lk: Lookups, state: FamilyState) -> tuple[Pile, ...]:
    """The tricks, the card on auction, and the cards out of play."""
    label = lk.profile.deck.label
    side = state.side
    piles = list(trick_piles(lk, state))
    if side.lot:
        who = _("the pack") if side.seller < 0 else SEATS[side.seller]
        piles.append(Pile(_("On auction"), (side.lot,), _("{card} from {who}").format(card=label(side.lot), who=who)))
    if side.discards:
        piles.append(Pile(_("Out of play"), side.discards, ", ".join(label(c) for c in side.discards)))
    return tuple(piles)


def _hand_text(p: DeckProfile, shown: tuple[str, ...], up: tuple[str, ...]) -> str:
    """A card a line, with its values; with face-up cards (Stud, bought lots), down and up apart."""
    if not up:
        return "\n".join(p.card_text(c) for c in shown)
    down = [p.card_text(c) for c in shown if c not in up]
    face_up = [p.card_text(c) for c in shown if c in up]
    return "\n".join([_("Down:"), *down, _("Up:"), *face_up] if down else [_("Up:"), *face_up])


def _hand_groups(shown: tuple[str, ...], up: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The cards as ``_hand_text`` groups them: down then up, each in the hand's order."""
    down = tuple(c for c in shown if c not in up)
    face_up = tuple(c for c in shown if c in up)
    return tuple(g for g in (down, face_up) if g)


def _summary(state: FamilyState) -> str:
    if state.phase == DONE:
        return state.side.summary
    turn = SEATS[state.turn] if state.turn >= 0 else ""
    return {
        BETTING: _("Draw: betting round, {who} to act.").format(who=turn),
        DISCARD: _("Draw: discard up to four cards."),
        AUCTION: _("Auction: {who} to bid.").format(who=turn),
        OFFER: _("Auction: {who} puts a card up.").format(who=turn),
        BID: _("Bidding for the lead: {who} to bid.").format(who=turn),
        ORDER: _("{who} orders the suits.").format(who=turn),
        PLAY: _("{who} to play.").format(who=turn),
    }.get(state.phase, "")


def _prompt(
    game: Game, lk: Lookups, state: FamilyState, seat: int, hand: tuple[str, ...], notes: list[str]
) -> tuple[Prompt, ...]:
    """What ``seat`` may do now; ``hand`` is its hand in display order (buttons follow it)."""
    p = lk.profile
    label = p.deck.label
    legal = game.legal_actions(state, seat)
    phase = state.phase
    out: list[Prompt] = []
    if phase in (BID, AUCTION):
        bids = [int(a[4:]) for a in legal if a.startswith("bid:")]
        if bids:
            blaze = phase == BID and state.options.blaze
            if blaze:
                ask = (_("Bid ({lo}-{hi} bugs)") if p.point_word == "bug" else _("Bid ({lo}-{hi} points)")).format(
                    lo=bids[0], hi=bids[-1]
                )
            else:
                ask = (_("Bid ({lo}-{hi} coins)") if not p.coin_symbol else _("Bid ({lo}-{hi} dollars)")).format(
                    lo=bids[0], hi=bids[-1]
                )
            out.append(AskAmount("bid", ask, bids[0], bids[-1]))
            out.append(Choice(f"bid:{bids[0]}", _("Bid {m}").format(m=_amount(p, bids[0], blaze)), "primary"))
            if phase == AUCTION and bids[-1] == AUCTION_CEILING:
                out.append(Choice(f"bid:{AUCTION_CEILING}", _("Buy now for {m}").format(m=p.money(AUCTION_CEILING))))
        out.append(Choice("pass", _("Pass")))
    elif phase == ORDER:
        notes.append(
            _(
                "You won the lead: choose the suit order, highest suit first. A card of a higher suit "
                "beats any card of a lower suit, whatever its rank, and you lead the first trick."
            )
        )
        for a in legal:
            out.append(Choice(a, p.order_text(a[6:])))
    elif phase == BETTING:
        br = state.side.betting
        assert br is not None
        for a in legal:
            amount = br.amount_for(seat, a)
            text = _(_BETTING_BUTTONS[a]).format(amount=p.money(amount)) if amount else _(_BETTING_WORDS[a])
            out.append(Choice(a, text, "danger" if a == "fold" else "secondary"))
    elif phase == DISCARD:
        out.append(
            PickCards(
                "discard", _("Discard up to four"), hand, tuple(label(c) for c in hand), 0, min(MAX_DISCARD, len(hand))
            )
        )
        out.append(Choice("discard:", _("Keep all")))
    elif phase == OFFER:
        out.extend(hand_choices(hand, legal, label, prefix="offer"))
        notes.append(_("Choose a card to put up for auction."))
    elif phase == PLAY:
        out.extend(_play_prompt(lk, state, legal, hand, notes))
    return tuple(out)


def _play_prompt(
    lk: Lookups, state: FamilyState, legal: tuple[str, ...], hand: tuple[str, ...], notes: list[str]
) -> list[Prompt]:
    """A button per card (a wild card's as itself), the ways out of the hand, and wild identities."""
    p = lk.profile
    out: list[Prompt] = []
    for choice in hand_choices(hand, legal, p.card_text):
        face = f"{choice.action}={choice.action[5:]}"  # a wild card played as itself
        if face in legal:
            choice = Choice(face, choice.label, "primary", True, "cards")
        out.append(choice)
    if "fold" in legal:
        out.append(Choice("fold", _("Fold"), "danger"))
    if "buy" in legal:
        price = lk.trick_cost(state.trick.cards)
        out.append(Choice("buy", _("Buy out ({m})").format(m=p.money(price)), "danger"))
    wild = [a for a in legal if "=" in a]
    if wild:
        notes.append(_("Wild cards: play one as itself, or as the highest or lowest card of a suit."))
        out.extend(_wild_choices(p, wild))
    return out


def _wild_choices(p: DeckProfile, wild: list[str]) -> list[Choice]:
    """For each wild card and suit it may take, the highest identity (to take the trick)
    and the lowest (to duck it): the identities that decide a trick, in few enough
    choices to fit Discord's controls. Every identity stays a legal action."""
    best: dict[tuple[str, str], str] = {}
    worst: dict[tuple[str, str], str] = {}
    for a in wild:
        card, ident = a[5:].split("=")
        key = (card, p.deck.suit[ident])
        if key not in best or p.rank[ident] > p.rank[best[key]]:
            best[key] = ident
        if key not in worst or p.rank[ident] < p.rank[worst[key]]:
            worst[key] = ident
    label = p.deck.label
    out: list[Choice] = []
    for key, high in best.items():
        card = key[0]
        for x in dict.fromkeys((high, worst[key])):
            if x == card:
                continue  # the card as itself has its own button
            out.append(Choice(f"play:{card}={x}", _("{c} as {x}").format(c=label(card), x=label(x)), "primary", True, "wild"))
    return out


def _amount(p: DeckProfile, n: int, blaze: bool) -> str:
    return p.points(n) if blaze else p.money(n)
