"""The hand panel: drawing it, and its own buttons (sort, pages of cards, picks across pages).

None of the buttons is an action: they change the player's ``Draft``
(``cogs.ui.drafts``) and re-draw the panel in place, except **Confirm**, whose
picks ``cogs.ui.flows`` sends as one action (``kind:c1,c2,…``) exactly as a
one-menu pick would. A wrong number of picks is refused privately and nothing
is sent.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import guarded, send_ephemeral
from bot.service.callers import Caller
from bot.service.computers import mention
from bot.service.errors import StalePrompt
from bot.service.models import TableSnapshot
from games.core.i18n import _
from games.core.views import PickCards, Prompt

from . import comeback, messages, paging, pictures, render
from . import components as c
from .drafts import Draft, Drafts
from .embeds import EMBED_DESCRIPTION, EMBED_TOTAL
from .handtext import SORTS
from .host import TableHost, host_of


def bot_of(interaction: discord.Interaction) -> TableHost:
    return host_of(interaction.client)


def drafts_of(bot: TableHost) -> Drafts:
    """The players' panel states (sort order, page, picks), kept beside their panels."""
    return bot.publisher.panels.drafts


async def panel_payload(
    bot: TableHost, table_id: int, user_id: int, *, guild_id: Caller
) -> tuple[dict[str, Any], int]:
    """The user's hand panel as it should look now, and the table version it shows.

    ``guild_id``: the server the click came from (another server's table is refused)."""
    snap = await bot.tables.get(table_id, guild_id=guild_id)
    images = bot.publisher.images
    await images.ensure(snap.guild_id)
    return panel_of(snap, user_id, drafts_of(bot), images=images)


def panel_of(
    snap: TableSnapshot, user_id: int, drafts: Drafts | None = None, *, images: pictures.ImageSwitch | None = None
) -> tuple[dict[str, Any], int]:
    """The user's hand panel drawn from one snapshot (an action's own result is enough), with its picture."""
    off_table = user_id in snap.busted or user_id in snap.lobby
    if snap.is_open and snap.status == "playing" and off_table and snap.seat_of(user_id) is None:
        return comeback.off_table_payload(snap, user_id)  # out of chips, or dealt in next hand: where they stand
    away = any(i.user_id == user_id and i.away for i in snap.seats)
    if snap.paused and snap.result is not None and snap.seat_of(user_id) is not None:
        embed, view = messages.paused_panel(snap, user_id)
        if away:
            embed, view = away_panel(snap.id, embed)
        return {"content": None, "embed": embed, "view": view, "attachments": []}, snap.seq
    sv, seq = snap.hand_view(user_id)
    mine = user_id in snap.to_act_users
    waiting = ", ".join(mention(u) for u in snap.to_act_users)
    draft = drafts.peek(snap.id, user_id) if drafts is not None else None
    embed, view = render.hand_panel(
        sv, snap.id, seq, names=messages.seat_names(snap), plain_names=messages.plain_names(snap),
        deadline=snap.deadline if mine else None, waiting_for="" if mine else waiting, draft=draft,
        hint=mine and snap.hints_on and bool(sv.prompt),
    )
    if away:
        embed, view = away_panel(snap.id, embed)
    files = pictures.hand_files(snap, sv, (draft or Draft()).sort, embed, images)
    return {"content": None, "embed": embed, "view": view, "attachments": files}, seq


def away_panel(table_id: int, embed: discord.Embed) -> tuple[discord.Embed, discord.ui.View]:
    """An away player's panel: their hand, read only, and the way back to their seat."""
    note = _("🤖 The computer is playing your seat. Press **I'm back** to play it yourself again.")
    rest = len(embed) - len(embed.description or "")  # Discord counts an embed's text in total
    embed.description = render.clip(f"{note}\n\n{embed.description or ''}".strip(), min(EMBED_DESCRIPTION, EMBED_TOTAL - rest))
    view = discord.ui.View(timeout=None)
    view.add_item(c.LobbyButton(table_id, "back", label=_("I'm back"), style=discord.ButtonStyle.success, row=0))
    view.add_item(c.HandButton(table_id, label=_("Refresh"), row=0))
    return embed, render.detached(view)


def remember_panel(interaction: discord.Interaction, table_id: int, seq: int) -> None:
    """This interaction now shows the user's panel: later turns can update it without a click."""
    bot_of(interaction).publisher.panels.shown(table_id, interaction.user.id, interaction, seq)


async def update_panel(interaction: discord.Interaction, payload: dict[str, Any]) -> None:
    """Show ``payload`` in the message the click came from (also after a deferral)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**payload)
    else:
        await interaction.response.edit_message(**payload)


def _pick(prompt: tuple[Prompt, ...], kind: str) -> PickCards | None:
    return next((p for p in prompt if isinstance(p, PickCards) and p.kind == kind), None)


async def _redraw(interaction: discord.Interaction, table_id: int, note: str | None = None) -> None:
    """The panel again, from the table as it is now and the player's draft; ``note`` on top."""
    payload, seq = await panel_payload(bot_of(interaction), table_id, interaction.user.id, guild_id=interaction.guild_id)
    payload["content"] = note
    await update_panel(interaction, payload)
    remember_panel(interaction, table_id, seq)


async def _prompt_of(interaction: discord.Interaction, table_id: int) -> tuple[tuple[Prompt, ...], int, Draft]:
    """The player's prompt as the panel orders it, the table's seq, and their draft."""
    bot = bot_of(interaction)
    snap = await bot.tables.get(table_id, guild_id=interaction.guild_id)
    sv, seq = snap.hand_view(interaction.user.id)
    draft = drafts_of(bot).of(table_id, interaction.user.id)
    return paging.sorted_prompt(sv.prompt, sv.faces, draft.sort), seq, draft


@guarded
async def pick_page(
    interaction: discord.Interaction, table_id: int, seq: int, n: int, kind: str, values: list[str]
) -> None:
    """One page of a big pick was chosen: its cards replace that page's earlier picks."""
    prompt, current, draft = await _prompt_of(interaction, table_id)
    pick = _pick(prompt, kind)
    if pick is None:
        raise StalePrompt()
    offered = set(pick.cards)
    before = [card for card in draft.picks.get(kind, []) if card in offered]
    page = set(pick.cards[n * paging.PAGE : (n + 1) * paging.PAGE]) if current == seq else set()
    # A page drawn at an older seq may not list what it listed then: only add to the picks.
    after = [card for card in before if card not in page]
    after += [v for v in values if v in offered and v not in after]
    note = None
    if len(after) > pick.max_count:
        note = _("You can pick at most {n} cards ({k} chosen): nothing changed.").format(n=pick.max_count, k=len(after))
    else:
        draft.picks[kind] = after
        draft.focus = f"pick:{kind}"
    await _redraw(interaction, table_id, note)


async def panel_verb(interaction: discord.Interaction, table_id: int, seq: int, verb: str) -> str | None:
    """Sort, previous/next page, switch menus, clear the picks (the panel is re-drawn: None), or
    confirm them: the action to send (``kind:c1,c2,…``), or None after a private refusal.
    The picks stay in the draft until the action is taken (``sent``): a refused meld can be mended."""
    prompt, _current, draft = await _prompt_of(interaction, table_id)
    big, every = paging.focused(prompt, draft)
    if verb == "sort":
        draft.sort = SORTS[(SORTS.index(draft.sort) + 1) % len(SORTS)]
    elif verb in ("prev", "next"):
        draft.page = max(0, draft.page + (1 if verb == "next" else -1))
    elif verb == "focus" and big is not None:
        draft.focus = every[(every.index(big) + 1) % len(every)].key
        draft.page = 0
    elif verb == "clear" and big is not None and big.pick is not None:
        draft.picks[big.pick.kind] = []
    elif verb == "ok":
        if big is None or big.pick is None:
            raise StalePrompt()
        pick = big.pick
        cards = paging.picked(pick, draft)
        if not pick.min_count <= len(cards) <= pick.max_count:
            await send_ephemeral(interaction, _count_error(pick, len(cards)))
            return None
        return f"{pick.kind}:{','.join(cards)}"
    await _redraw(interaction, table_id)
    return None


def sent(interaction: discord.Interaction, table_id: int, action: str) -> None:
    """The picks of ``action`` were taken: forget them (and go back to the first page)."""
    draft = drafts_of(bot_of(interaction)).of(table_id, interaction.user.id)
    draft.picks.pop(action.split(":", 1)[0], None)
    draft.page = 0


def _count_error(pick: PickCards, n: int) -> str:
    if pick.min_count == pick.max_count:
        return _("Pick exactly {k} cards for “{what}” — you have picked {n}.").format(
            k=pick.min_count, what=pick.label, n=n
        )
    return _("Pick from {lo} to {hi} cards for “{what}” — you have picked {n}.").format(
        lo=pick.min_count, hi=pick.max_count, what=pick.label, n=n
    )
