"""The panel of someone who is no longer seated, and the busted player's way back (issue 26).

An open private panel used to stay on the last result it showed once its player left the table
(out of chips, removed, gone): the panel keeper could not draw a hand for them and let the panel be.
Now it shows where they stand (``cogs.ui.flows.lobby`` answers the button): a player who ran out of chips gets **Buy back in (N chips)**, which
seats them from the next hand (the buy-in is taken at that deal, through the ledger); anyone else is
told the table went on without them. A press by anyone the table doesn't remember as busted (a
forged id, a stale panel after coming back) is refused privately and changes nothing.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.service.models import TableSnapshot
from games.core.i18n import _

from . import components as c
from . import render


def off_table_panel(snap: TableSnapshot, user_id: int) -> tuple[discord.Embed, discord.ui.View]:
    """The panel of ``user_id``, who isn't seated at this open table (any more, or not yet)."""
    title = _("{game} — table #{id}").format(game=snap.game.shown_title, id=snap.id)
    view = discord.ui.View(timeout=None)
    if user_id in snap.busted:
        text = _(
            "You ran out of chips and left this table; it plays on without you (hand {hand}). Press **Buy back in**"
            " to be dealt in again from the next hand: the buy-in of {n} chips is taken from your wallet then."
            " Short of chips? Claim free chips with /daily, or play a table with a smaller buy-in (/play … buy_in:)."
        ).format(hand=snap.hand_no, n=snap.buy_in)
        view.add_item(rebuy_button(snap))
    elif user_id in snap.lobby:
        text = _("You're in from the next hand: your cards come with the next deal.")
    elif snap.scoped:  # a tournament's table: knocked out (or moved to another table)
        text = _(
            "You're not seated at this tournament table any more; it plays on without you (hand {hand}). Knocked out?"
            " You can still watch it here, and the tournament's channel links every table still playing."
        ).format(hand=snap.hand_no)
    else:
        text = _("You're not seated at this table any more; it plays on without you (hand {hand}).").format(
            hand=snap.hand_no
        )
    view.add_item(c.HandButton(snap.id, label=_("Refresh"), row=0))
    embed = discord.Embed(title=title, description=text, colour=render.COLOUR_HAND)
    return embed, render.detached(view)


def off_table_payload(snap: TableSnapshot, user_id: int, _drafts: object = None) -> tuple[dict[str, Any], int]:
    """``off_table_panel`` as a panel edit (the panel keeper's way to draw a player who left)."""
    embed, view = off_table_panel(snap, user_id)
    return {"content": None, "embed": embed, "view": view, "attachments": []}, snap.seq


def rebuy_button(snap: TableSnapshot) -> c.LobbyButton:
    label = _("Buy back in ({n} chips)").format(n=snap.buy_in)
    return c.LobbyButton(snap.id, "rebuy", label=label, style=discord.ButtonStyle.success, row=0)


__all__ = ["off_table_panel", "off_table_payload", "rebuy_button"]
