"""What a seat sees of a Renfield-family hand, in the shared render model.

Only public facts go on the table (taken bugs, money, the trick, Stud up-cards,
revealed auction lots); a seat's own hand is added for that seat alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.i18n import _
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

from .options import AUCTION_CEILING
from .rules import MAX_DISCARD, TRICKS, _seat
from .state import AUCTION, BETTING, BID, DISCARD, DONE, OFFER, ORDER, PLAY, FamilyState

if TYPE_CHECKING:
    from .rules import RenfieldFamily

MAX_COMPONENTS = 25


def render(game: RenfieldFamily, state: FamilyState, seat: int | None) -> SeatView:
    p = game.profile
    o = state.options
    label = p.deck.label
    money = p.money
    to_act = game.to_act(state)
    side = state.side

    lines = []
    for s in range(state.n):
        if not side.dealt_in[s]:
            text = _("{who} · sitting out").format(who=_seat(s))
        else:
            text = _("{who} · {b} · {m}").format(who=_seat(s), b=p.points(state.bugs[s]), m=_signed(p, state.net[s]))
            if s == state.bidder:
                text += " · " + _("bidder")
            if s == state.dealer:
                text += " · " + _("dealer")
            if not state.active[s]:
                text += " · " + _("out")
        lines.append(SeatLine(s, text, s in to_act, not state.active[s], tuple(side.up[s])))

    facts: list[tuple[str, str]] = [(_("Pot"), money(state.pot))]
    names = p.deck.suit_names
    if o.flatline:
        facts.append((_("Suits"), _("Flatline: all equal, rank only")))
    elif state.order:
        facts.append((_("Suit order"), " > ".join(names[s] for s in state.order)))
    if state.bidder >= 0:
        bid = p.points(state.bid) if o.blaze else money(state.bid)
        facts.append((_("Lead bid"), f"{_seat(state.bidder)}: {bid}"))
    if state.phase == PLAY:
        facts.append((_("Trick"), _("{k} of {n}").format(k=state.tricks_done + 1, n=TRICKS)))
    if o.wild_cards:
        facts.append((_("Wild"), ", ".join(label(c) for c in o.wild_cards)))
    if o.death_cards:
        facts.append((_("Death cards"), ", ".join(label(c) for c in o.death_cards)))

    piles: list[Pile] = []
    if state.trick.plays:
        plays = state.trick.plays
        text = ", ".join(
            f"{_seat(s)}: {game._label_play(c, x)}" for (s, c), x in zip(plays, state.played_as, strict=True)
        )
        piles.append(Pile(_("Trick"), state.trick.cards, text))
    if state.score.last_trick:
        piles.append(Pile(_("Last trick"), state.score.last_trick, ", ".join(label(c) for c in state.score.last_trick)))
    if side.lot:
        who = _("the pack") if side.seller < 0 else _seat(side.seller)
        piles.append(Pile(_("On auction"), (side.lot,), _("{card} from {who}").format(card=label(side.lot), who=who)))
    if side.discards:
        piles.append(Pile(_("Out of play"), side.discards, ", ".join(label(c) for c in side.discards)))

    table = TableView(
        title=f"{game.title} ({game.describe_options(o)})",
        summary=_summary(game, state),
        seats=tuple(lines),
        facts=tuple(facts),
        piles=tuple(piles),
        recent=state.recent,
    )
    if seat is None:
        return SeatView(public=table)
    hand = state.hands[seat]
    notes: list[str] = []
    prompt: tuple[Prompt, ...] = ()
    if seat in to_act:
        prompt = _prompt(game, state, seat, notes)
    elif state.phase == PLAY and state.active[seat]:
        prompt = hand_choices(hand, (), p.card_text)
    return SeatView(
        public=table,
        seat=seat,
        hand=hand,
        hand_text="\n".join(p.card_text(c) for c in hand),
        notes=tuple(notes),
        prompt=prompt[:MAX_COMPONENTS],
    )


def _signed(p, amount: int) -> str:
    return ("+" if amount > 0 else "") + p.money(amount)


def _summary(game: RenfieldFamily, state: FamilyState) -> str:
    if state.phase == DONE:
        return state.side.summary
    turn = _seat(state.turn) if state.turn >= 0 else ""
    return {
        BETTING: _("Draw: betting round, {who} to act.").format(who=turn),
        DISCARD: _("Draw: discard up to four cards."),
        AUCTION: _("Auction: {who} to bid.").format(who=turn),
        OFFER: _("Auction: {who} puts a card up.").format(who=turn),
        BID: _("Bidding for the lead: {who} to bid.").format(who=turn),
        ORDER: _("{who} orders the suits.").format(who=turn),
        PLAY: _("{who} to play.").format(who=turn),
    }.get(state.phase, "")


def _prompt(game: RenfieldFamily, state: FamilyState, seat: int, notes: list[str]) -> tuple[Prompt, ...]:
    p = game.profile
    label = p.deck.label
    legal = game.legal_actions(state, seat)
    hand = state.hands[seat]
    phase = state.phase
    out: list[Prompt] = []
    if phase in (BID, AUCTION):
        bids = [int(a[4:]) for a in legal if a.startswith("bid:")]
        if bids:
            blaze = phase == BID and state.options.blaze
            what = p.point_word + "s" if blaze else ("coins" if not p.coin_symbol else "dollars")
            ask = _("Bid ({lo}-{hi} {what})").format(lo=bids[0], hi=bids[-1], what=what)
            out.append(AskAmount("bid", ask, bids[0], bids[-1]))
            out.append(Choice(f"bid:{bids[0]}", _("Bid {m}").format(m=_amount(p, bids[0], blaze)), "primary"))
            if phase == AUCTION and bids[-1] == AUCTION_CEILING:
                out.append(Choice(f"bid:{AUCTION_CEILING}", _("Buy now for {m}").format(m=p.money(AUCTION_CEILING))))
        out.append(Choice("pass", _("Pass")))
    elif phase == ORDER:
        names = p.deck.suit_names
        for a in legal:
            out.append(Choice(a, " > ".join(names[s] for s in a[6:])))
    elif phase == BETTING:
        br = state.side.betting
        assert br is not None
        for a in legal:
            amount = br.amount_for(seat, a)
            text = a.capitalize() + (f" {p.money(amount)}" if amount else "")
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
        for choice in hand_choices(hand, legal, p.card_text):
            face = f"{choice.action}={choice.action[5:]}"  # a wild card played as itself
            if face in legal:
                choice = Choice(face, choice.label, "primary", True, "cards")
            out.append(choice)
        if "fold" in legal:
            out.append(Choice("fold", _("Fold"), "danger"))
        if "buy" in legal:
            price = game._trick_cost(state.trick.cards)
            out.append(Choice("buy", _("Buy out ({m})").format(m=p.money(price)), "danger"))
        wild = [a for a in legal if "=" in a]
        if wild:
            notes.append(_("Wild cards: play one as itself, or as the highest or lowest card of a suit."))
            out.extend(_wild_choices(p, wild))
    return tuple(out)


def _wild_choices(p, wild: list[str]) -> list[Choice]:
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


def _amount(p, n: int, blaze: bool) -> str:
    return p.points(n) if blaze else p.money(n)
