"""What happens on each click, select and modal: reload from the service, act, re-render.

Nothing is cached between clicks: every handler asks the service for the
current table, so a panel can never show a stale hand and a restart loses
nothing. The click itself is answered with the re-rendered private panel
(``edit_message``) while the public message is edited in the background by
the publisher, so the answer never waits on a rate-limited channel edit.

The components' callbacks call ``act``, ``ask_amount``, ``show_hand``,
``lobby``, ``option_select``, ``pick_page``, ``panel_verb`` (the last two
from ``cogs.ui.panelflow``) and ``watch`` (``cogs.ui.watchflow``): this module
is their ``ClickHandlers``, handed to them by the ``cogs.tables`` extension's ``setup``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from pydantic import BaseModel

from bot.errors import guarded, report, send_ephemeral
from bot.service import ActResult
from bot.service.computers import mention
from bot.service.errors import BadPhase, NoTable, NotHost, NotSeated, StalePrompt
from games.core.errors import GameError
from games.core.i18n import _
from games.core.views import AskAmount, Prompt

from . import hintflow, messages, panelflow, pictures, render
from .again import play_again as play_again
from .hintoption import HINTS
from .host import TableHost, host_of
from .language import speak_to_reader
from .options import OptionField, coerce_choice, fields_of, show_value
from .panelflow import drafts_of as drafts_of
from .panelflow import panel_of as panel_of
from .panelflow import panel_payload as panel_payload
from .panelflow import pick_page as pick_page
from .panelflow import remember_panel as remember_panel
from .panelflow import update_panel as update_panel
from .perms import is_admin as is_admin
from .watchflow import watch as watch

T = TypeVar("T")


def bot_of(interaction: discord.Interaction) -> TableHost:
    return host_of(interaction.client)


class ServerOnly(GameError):
    """A server command without a server or channel (``guild_only`` keeps direct messages out)."""

    def __init__(self) -> None:
        super().__init__(_("This command only works in a server channel."))


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server a ``guild_only`` command was used in."""
    if interaction.guild_id is None:
        raise ServerOnly()
    return interaction.guild_id


def channel_id_of(interaction: discord.Interaction) -> int:
    """The channel a ``guild_only`` command was used in."""
    if interaction.channel_id is None:
        raise ServerOnly()
    return interaction.channel_id


MODAL_TIMEOUT = 15 * 60.0

#: Discord drops an interaction not answered within 3 s; past this we defer first.
DEFER_AFTER = 2.0


async def within_deadline(interaction: discord.Interaction, work: Awaitable[T], *, update: bool) -> T:
    """Run ``work``; if it is still running after ``DEFER_AFTER`` seconds (a busy table lock,
    a slow disk), acknowledge the interaction so Discord keeps it alive, then finish.

    A timer, not a second task: the usual, fast case costs no extra trip through the event loop.
    """
    deferring: list[asyncio.Future[Any]] = []

    def defer() -> None:
        if not interaction.response.is_done():
            ack = interaction.response.defer() if update else interaction.response.defer(ephemeral=True, thinking=True)
            deferring.append(asyncio.ensure_future(ack))

    timer = asyncio.get_running_loop().call_later(DEFER_AFTER, defer)
    try:
        return await work
    finally:
        timer.cancel()
        if deferring:  # the answer must follow the acknowledgement, not race it
            await deferring[0]


@guarded
async def show_hand(interaction: discord.Interaction, table_id: int, *, in_place: bool) -> None:
    """My hand (a new private panel) or Refresh (the same panel, updated)."""
    payload, seq = await within_deadline(
        interaction, panel_payload(bot_of(interaction), table_id, interaction.user.id, guild_id=interaction.guild_id),
        update=in_place,
    )
    if in_place:
        await update_panel(interaction, payload)
    else:
        payload.pop("content", None)
        if interaction.response.is_done():
            await interaction.followup.send(**pictures.for_send(payload), ephemeral=True)
        else:
            await interaction.response.send_message(**pictures.for_send(payload), ephemeral=True)
    remember_panel(interaction, table_id, seq)


def _private_lines(result: ActResult, seat: int | None) -> str | None:
    """What the engine told only this seat (e.g. the card drawn), with players' names in."""
    names = messages.seat_names(result.snapshot)
    lines = [render.named(e.text, names) for e in result.events if e.private_to is not None and e.private_to == seat]
    return "\n".join(lines)[:2000] or None


async def _act(interaction: discord.Interaction, table_id: int, seq: int, action: str) -> None:
    """One action from a private panel; the panel is re-rendered in place."""
    panels = bot_of(interaction).publisher.panels
    panels.answering(table_id, interaction.user.id, True)
    try:
        payload, shown = await within_deadline(
            interaction, _act_payload(interaction, table_id, seq, action), update=True
        )
        await update_panel(interaction, payload)
    finally:
        panels.answering(table_id, interaction.user.id, False)
    if shown is not None:
        remember_panel(interaction, table_id, shown)


#: The click handler: ``_act`` with its errors reported to the user (``submit_amount`` reports its own).
act = guarded(_act)


async def _act_payload(
    interaction: discord.Interaction, table_id: int, seq: int, action: str
) -> tuple[dict[str, Any], int | None]:
    bot = bot_of(interaction)
    user = interaction.user.id
    result = await bot.tables.act(table_id, user, action, seq=seq, guild_id=interaction.guild_id)
    note = _private_lines(result, result.seat)
    try:
        payload, shown = panel_of(result.snapshot, user, drafts_of(bot), images=bot.publisher.images)
        payload["content"] = note
        return payload, shown
    except (NotSeated, NoTable, BadPhase):
        # The table closed with this action: show how it ended.
        return {"content": note, "embed": messages.finished_embed(result.snapshot), "view": None, "attachments": []}, None


# ------------------------------------------------------------------ amounts


def _amount_prompt(prompt: tuple[Prompt, ...], kind: str) -> AskAmount | None:
    for p in prompt:
        if isinstance(p, AskAmount) and p.kind == kind:
            return p
    return None


class ReportingModal(discord.ui.Modal):
    """A modal whose failures reach the user as every other error does (``bot.errors.report``)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Runs before ``on_submit``, in its task: the answer is written in the submitter's language."""
        return speak_to_reader(interaction)

    async def on_error(  # type: ignore[override]  # discord.py's Modal.on_error (no item) narrows BaseView's
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        await report(interaction, error)


class AmountModal(ReportingModal):
    """Asks for a number in the prompt's range; the range is re-checked on submit."""

    def __init__(self, table_id: int, seq: int, ask: AskAmount) -> None:
        # A modal left open is forgotten after 15 minutes (an interaction token's life).
        super().__init__(title=render.clip(ask.label, 45) or _("Amount"), timeout=MODAL_TIMEOUT)
        self.table_id, self.seq, self.kind = table_id, seq, ask.kind
        self.amount: discord.ui.TextInput[AmountModal] = discord.ui.TextInput(
            label=render.clip(_("A whole number from {lo} to {hi}").format(lo=ask.minimum, hi=ask.maximum), 45),
            placeholder=f"{ask.minimum}–{ask.maximum}",
            min_length=1,
            max_length=12,
            custom_id="amount",
        )
        self.add_item(self.amount)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await submit_amount(interaction, self.table_id, self.seq, self.kind, self.amount.value)


@guarded
async def ask_amount(interaction: discord.Interaction, table_id: int, seq: int, kind: str) -> None:
    sv, current = await bot_of(interaction).tables.hand_view(table_id, interaction.user.id, guild_id=interaction.guild_id)
    ask = _amount_prompt(sv.prompt, kind)
    if ask is None or current != seq:
        raise StalePrompt()
    await interaction.response.send_modal(AmountModal(table_id, seq, ask))


@guarded
async def submit_amount(interaction: discord.Interaction, table_id: int, seq: int, kind: str, text: str) -> None:
    sv, _current = await bot_of(interaction).tables.hand_view(table_id, interaction.user.id, guild_id=interaction.guild_id)
    ask = _amount_prompt(sv.prompt, kind)
    if ask is None:
        raise StalePrompt()
    try:
        n = int(text.strip().replace(",", "").replace("_", ""))
    except ValueError:
        n = None
    if n is None or not ask.minimum <= n <= ask.maximum:
        await send_ephemeral(
            interaction,
            _("Please enter a whole number from {lo} to {hi}.").format(lo=ask.minimum, hi=ask.maximum),
        )
        return
    await _act(interaction, table_id, seq, f"{kind}:{n}")


# ------------------------------------------------------------------- lobby


@guarded
async def lobby(interaction: discord.Interaction, table_id: int, verb: str) -> None:
    bot = bot_of(interaction)
    user = interaction.user.id
    guild = interaction.guild_id  # the service refuses another server's table, and a direct message
    svc = bot.tables
    if verb == "next":
        snap = await svc.ready(table_id, user, guild_id=guild)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            payload, seq = await panel_payload(bot, table_id, user, guild_id=guild)
            await interaction.response.edit_message(**payload)
            remember_panel(interaction, table_id, seq)
        else:
            await interaction.response.defer()
    elif verb == "join":
        snap = await svc.join(table_id, user, name=interaction.user.display_name, guild_id=guild)
        if snap.status == "playing":
            await send_ephemeral(interaction, _("You're in — you'll be dealt in at the next hand."))
        else:
            await interaction.response.defer()
    elif verb == "leave":
        snap = await svc.leave(table_id, user, guild_id=guild)
        if snap.status == "playing" and snap.seat_of(user) is not None:
            await send_ephemeral(interaction, _("You'll leave at the end of this hand; your chips go back to your wallet."))
        else:
            await send_ephemeral(interaction, _("You left the table."))
    elif verb == "start":
        result = await svc.start(table_id, user, guild_id=guild)
        if result.refused:
            lines = [_("{who}: {why}").format(who=mention(u), why=why) for u, why in result.refused]
            await send_ephemeral(interaction, _("Started. Not seated:\n{players}").format(players="\n".join(lines)))
        else:
            await interaction.response.defer()
    elif verb == "rebuy":  # the busted player's Buy back in (``cogs.ui.comeback``): dealt in at the next hand
        snap = await svc.rebuy(table_id, user, name=interaction.user.display_name, guild_id=guild)
        text = _("You're back in: you'll be dealt in at the next hand, and the buy-in of {n} chips is taken then.")
        await send_ephemeral(interaction, text.format(n=snap.buy_in))
    elif verb == "back":
        await svc.back(table_id, user, guild_id=guild)
        payload, seq = await panel_payload(bot, table_id, user, guild_id=guild)
        await interaction.response.edit_message(**payload)
        remember_panel(interaction, table_id, seq)
    elif verb == "cancel":
        await svc.cancel(table_id, user, is_admin=is_admin(interaction), guild_id=guild)
        await interaction.response.defer()
    elif verb.startswith("num"):
        snap = await svc.get(table_id, guild_id=guild)
        if snap.host_id != user:
            raise NotHost()
        if snap.status != "lobby":
            raise BadPhase(_("Options can only be changed before the table starts."))
        page = int(verb[3:] or 0)
        size = messages.NUMBERS_PER_MODAL
        nums = messages.number_fields(snap.game)[page * size : (page + 1) * size]
        if not nums:
            raise StalePrompt()
        await interaction.response.send_modal(NumbersModal(table_id, nums, snap.options))


@guarded
async def option_select(interaction: discord.Interaction, table_id: int, what: str, values: list[str]) -> None:
    svc = bot_of(interaction).tables
    user = interaction.user.id
    guild = interaction.guild_id
    snap = await svc.get(table_id, guild_id=guild)
    fields = {f.name: f for f in fields_of(snap.game.Options)}
    if what == "preset":
        await svc.set_options(table_id, user, preset=values[0] if values else None, guild_id=guild)
    elif what == "bool":
        changes = {name: (name in values) for name, f in fields.items() if f.kind == "bool"}
        if any(getattr(snap.options, name) != on for name, on in changes.items()):
            await svc.set_options(table_id, user, changes=changes, guild_id=guild)
        if (HINTS in values) != snap.hints_on:
            await svc.set_hints(table_id, user, HINTS in values, guild_id=guild)
    elif what == "computer" and values:
        verb, _sep, arg = values[0].partition(":")
        if verb == "add":
            await svc.add_computer(table_id, user, arg, guild_id=guild)
        elif verb == "remove" and arg.lstrip("-").isdigit():
            await svc.remove_computer(table_id, user, int(arg), guild_id=guild)
        else:
            raise StalePrompt()
    elif what.startswith("f:") and what[2:] in fields and values:
        f = fields[what[2:]]
        await svc.set_options(table_id, user, changes={f.name: coerce_choice(f, values[0])}, guild_id=guild)
    await interaction.response.defer()


class NumbersModal(ReportingModal):
    """The numeric options of a game (up to five per modal), validated by the game's model."""

    def __init__(self, table_id: int, fields: list[OptionField], current: BaseModel) -> None:
        super().__init__(title=_("Table options"), timeout=MODAL_TIMEOUT)
        self.table_id = table_id
        self.fields = fields
        self.inputs: list[discord.ui.TextInput[NumbersModal]] = []
        for f in fields:
            hint = ""
            if f.minimum is not None or f.maximum is not None:
                hint = f"{'' if f.minimum is None else f.minimum}–{'' if f.maximum is None else f.maximum}"
            box: discord.ui.TextInput[NumbersModal] = discord.ui.TextInput(
                label=render.clip(f.label, 45),
                default=show_value(getattr(current, f.name, "")),
                placeholder=render.clip(hint or f.description, 100) or None,
                required=True,
                max_length=12,
                custom_id=f.name,
            )
            self.inputs.append(box)
            self.add_item(box)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await submit_numbers(interaction, self.table_id, self.fields, [i.value for i in self.inputs])


@guarded
async def submit_numbers(interaction: discord.Interaction, table_id: int, fields: list[OptionField], values: list[str]) -> None:
    changes: dict[str, Any] = {}
    for f, text in zip(fields, values, strict=True):
        try:
            changes[f.name] = int(text.strip()) if f.kind == "int" else float(text.strip())
        except ValueError:
            await send_ephemeral(interaction, _("**{label}** must be a number.").format(label=f.label))
            return
    await bot_of(interaction).tables.set_options(table_id, interaction.user.id, changes=changes, guild_id=interaction.guild_id)
    await send_ephemeral(interaction, _("Options updated."))



@guarded
async def panel_verb(interaction: discord.Interaction, table_id: int, seq: int, verb: str) -> None:
    """A panel button (``panelflow.panel_verb``); Confirm sends the picks as one action; 💡 Hint
    answers privately (``hintflow``)."""
    if verb == hintflow.HINT:
        await hintflow.hint(interaction, table_id, seq)
        return
    action = await panelflow.panel_verb(interaction, table_id, seq, verb)
    if action is not None:
        panelflow.sent(interaction, table_id, action)  # before the panel is re-drawn…
        try:
            await _act(interaction, table_id, seq, action)
        except Exception:
            draft = drafts_of(bot_of(interaction)).of(table_id, interaction.user.id)
            draft.picks[action.split(":", 1)[0]] = action.split(":", 1)[1].split(",")  # …kept if refused
            raise

