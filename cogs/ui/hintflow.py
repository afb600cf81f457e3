"""The 💡 Hint button on the hand panel: the strong computer player's move, and why, privately.

The click is checked by the service first (hints on, the player's own decision, the panel current:
a refusal is one private line and changes nothing), then acknowledged at once (Discord wants an
answer within 3 s) while the advice is worked out in the computer players' worker pool
(``Thinker.advise``, with a time budget); the hint is counted (``TableService.count_hint``) and
shown to the player alone. The move is named the way the panel's own button names it (the seat's
prompt, with players' plain names), so the hint reads like the panel.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.thinking import decision_seed
from games.ai.advice import Advice
from games.core.i18n import _
from games.core.views import AskAmount, Choice, PickCards, Prompt

from . import messages, render
from .host import host_of

#: The button's text (the verb its custom id carries is ``hint``).
HINT = "hint"


def action_label(prompt: Sequence[Prompt], action: str) -> tuple[str, str]:
    """(the action as the panel names it, just its cards or amount) — e.g. ("Stand", "Stand"),
    ("Discard 1–3 cards: 8♦, 7♣", "8♦, 7♣"); the action itself when no prompt names it."""
    for p in prompt:
        if isinstance(p, Choice) and p.action == action:
            return p.label, p.label
    kind, _sep, rest = action.partition(":")
    for p in prompt:
        if isinstance(p, PickCards) and p.kind == kind:
            codes = [c for c in rest.split(",") if c]
            cards = _(", ").join(p.labels[p.cards.index(c)] if c in p.cards else c for c in codes)
            return _("{what}: {cards}").format(what=p.label, cards=cards), cards
        if isinstance(p, AskAmount) and p.kind == kind:
            return _("{what}: {n}").format(what=p.label, n=rest), rest
    return action, action


def hint_text(advice: Advice, prompt: Sequence[Prompt]) -> str:
    """The hint as the player reads it, in the language spoken now."""
    label, cards = action_label(prompt, advice.action)
    values: dict[str, object] = dict(advice.reason.values)
    for name, other in advice.reason.actions:
        values[name] = action_label(prompt, other)[0]
    sentence = _(advice.reason.text).format(action=label, cards=cards, **values)
    return _("💡 {hint}").format(hint=sentence)


async def hint(interaction: discord.Interaction, table_id: int, seq: int) -> None:
    """The 💡 Hint click (``flows.panel_verb``); errors are reported privately by its caller."""
    bot = host_of(interaction.client)
    user, guild = interaction.user.id, interaction.guild_id
    snap, seat = await bot.tables.hint_question(table_id, user, seq, guild_id=guild)
    await interaction.response.defer(ephemeral=True, thinking=True)
    advice = await bot.thinker.advise(snap.game_id, snap.state, seat, decision_seed(table_id, seq, seat))
    await bot.tables.count_hint(table_id, user, seq, guild_id=guild)
    prompt = render.labelled(snap.game.view(snap.state, seat).prompt, messages.plain_names(snap))
    await interaction.followup.send(hint_text(advice, prompt), ephemeral=True)


__all__ = ["HINT", "action_label", "hint", "hint_text"]
