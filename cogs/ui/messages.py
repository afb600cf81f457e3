"""The public table message for each phase: lobby, playing, hand over, finished.

Built from a ``TableSnapshot`` only (the game's spectator view for play), so
the same function serves the first send, every edit, and the re-render after a
restart. Only the player(s) to act are ever pinged.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.service import knockouts
from bot.service.computers import STRENGTHS, is_computer, mention, strength_label
from bot.service.models import TableSnapshot
from games import Game
from games.core.i18n import _

from . import components as c
from . import pictures, render, results, tablerender
from .hintoption import hints_option, hints_shown
from .options import OptionField, fields_of, variant_menu
from .watchitems import add_watch

NO_MENTIONS = discord.AllowedMentions.none()
OPTION_CHOICE_ROWS = 2  # rows left for per-field choice selects in the lobby


def seat_names(snap: TableSnapshot) -> list[str]:
    """Seat index → a mention (rendered as the member's name, never a ping inside an embed)."""
    size = max((s.seat for s in snap.seats), default=-1) + 1
    names = [_("Seat {n}").format(n=i + 1) for i in range(size)]
    for info in snap.seats:
        names[info.seat] = mention(info.user_id)
    return names


def plain_names(snap: TableSnapshot) -> list[str]:
    """Seat index → the display name, for the places where a mention can't render (labels)."""
    size = max((s.seat for s in snap.seats), default=-1) + 1
    names = [_("a player")] * size
    for info in snap.seats:
        names[info.seat] = mention(info.user_id) if is_computer(info.user_id) else info.name or _("a player")
    return names


def listed(snap: TableSnapshot, user_id: int) -> str:
    """A player in the lobby's list: a computer player shows its strength."""
    strength = snap.strength_of(user_id)
    if strength is None:
        return mention(user_id)
    return _("{who} (computer, {strength})").format(who=mention(user_id), strength=strength_label(strength))


def _who(users: tuple[int, ...]) -> str:
    return ", ".join(mention(u) for u in users) or "—"


NUMBERS_PER_MODAL = 5  # a modal holds at most five text inputs


def number_fields(game: Game) -> list[OptionField]:
    return [f for f in fields_of(game.Options) if f.kind in ("int", "float")]


def lobby_view(snap: TableSnapshot) -> discord.ui.View:
    game = snap.game
    t = snap.id
    view = discord.ui.View(timeout=None)
    view.add_item(c.LobbyButton(t, "join", label=_("Join"), style=discord.ButtonStyle.success, row=0))
    view.add_item(c.LobbyButton(t, "leave", label=_("Leave"), row=0))
    view.add_item(c.LobbyButton(t, "start", label=_("Start"), style=discord.ButtonStyle.primary, row=0))
    view.add_item(c.LobbyButton(t, "cancel", label=_("Cancel"), style=discord.ButtonStyle.danger, row=0))
    fields = fields_of(game.Options)
    pages = -(-len(number_fields(game)) // NUMBERS_PER_MODAL)
    row = 1
    if pages == 1:
        view.add_item(c.LobbyButton(t, "num0", label=_("Numbers…"), row=0))
    elif pages > 1:
        for page in range(min(pages, render.ROW_BUTTONS)):
            view.add_item(c.LobbyButton(t, f"num{page}", label=_("Numbers {i}/{n}").format(i=page + 1, n=pages), row=1))
        row = 2
    if variant_menu(game):
        opts = [
            discord.SelectOption(label=render.clip(game.preset_label(name), 100), value=name[:100], default=(name == snap.preset))
            for name in list(game.presets)[: render.SELECT_OPTIONS]
        ]
        view.add_item(c.OptionSelect(t, "preset", options=opts, placeholder=_("Variant (host)"), row=row))
        row += 1
    view.add_item(computer_select(snap, row=row))
    row += 1
    current = snap.options
    bools = [f for f in fields if f.kind == "bool"][: render.SELECT_OPTIONS - 1]
    # the game's on/off rules and the 💡 Hint option (always there: every table has hints)
    opts = [
        discord.SelectOption(
            label=render.clip(f.label, 100),
            value=f.name,
            description=render.clip(f.description, 100) or None,
            default=bool(getattr(current, f.name, False)),
        )
        for f in bools
    ]
    opts.append(hints_option(snap))
    view.add_item(
        c.OptionSelect(
            t, "bool", options=opts, min_values=0, max_values=len(opts),
            placeholder=_("House rules and hints: tick to turn on (host)"), row=row,
        )
    )
    row += 1
    for f in [f for f in fields if f.kind == "choice" and len(f.choices) > 1][: render.ROWS - row]:
        value = getattr(current, f.name, None)
        opts = [
            discord.SelectOption(
                label=render.clip(_("{option}: {value}").format(option=f.label, value=f.show(v)), 100),
                value=str(v)[:100], default=(v == value),
            )
            for v in f.choices[: render.SELECT_OPTIONS]
        ]
        view.add_item(c.OptionSelect(t, f"f:{f.name}", options=opts, placeholder=render.clip(f.label, 150), row=row))
        row += 1
    add_watch(view, t)
    return render.detached(view)


def lobby_embed(snap: TableSnapshot) -> discord.Embed:
    game = snap.game
    low, high = game.seat_limits(snap.options)
    b = render.EmbedBudget(_("{game} — table #{id}").format(game=game.shown_title, id=snap.id), render.COLOUR_LOBBY)
    lines = [_("Press **Join** to take a seat. The host presses **Start** when everyone is in.")]
    if snap.deadline is not None:  # the idle close: any join, leave or option change moves it on
        lines.append(_("If nobody starts it, this table closes {when}.").format(when=render.relative_time(snap.deadline)))
    b.description("\n".join(lines))
    b.field(_("Variant"), game.describe_options(snap.options), inline=True)
    b.field(_("Host"), mention(snap.host_id), inline=True)
    seated = len(snap.lobby)
    players = (
        _("{n} of {k}").format(n=seated, k=low) if low == high
        else _("{n} ({low}–{high})").format(n=seated, low=low, high=high)
    )
    b.field(_("Players"), players, inline=True)
    if snap.chips and snap.buy_in_auto:
        k = max(len(snap.lobby), low)
        b.field(_("Buy-in"), _("{n} chips (as the rules suggest for {k} players)").format(n=snap.buy_in, k=k), inline=True)
    elif snap.chips:
        b.field(_("Buy-in"), _("{n} chips").format(n=snap.buy_in), inline=True)
    b.field(_("Turn timer"), _("{n} s").format(n=snap.turn_seconds), inline=True)
    b.field(_("💡 Hints"), hints_shown(snap), inline=True)
    b.field(_("Seated"), "\n".join(f"{i + 1}. {listed(snap, u)}" for i, u in enumerate(snap.lobby)) or "—")
    changed = [
        _("{option}: **{value}**").format(option=f.label, value=f.show(getattr(snap.options, f.name, None)))
        for f in fields_of(game.Options)
        if getattr(snap.options, f.name, None) != getattr(game.Options(), f.name, None)
    ]
    if changed:
        b.field(_("House rules"), "\n".join(changed))
    if snap.recent:
        b.field(_("Recent"), "\n".join(snap.recent[-3:]))
    return b.embed


def computer_select(snap: TableSnapshot, *, row: int) -> c.OptionSelect:
    """The host's menu of computer players: add one of a strength, or remove one who is seated."""
    opts = [
        discord.SelectOption(
            label=_("Add a computer player ({strength})").format(strength=strength_label(s)), value=f"add:{s}", emoji="🤖"
        )
        for s in STRENGTHS
    ]
    opts += [
        discord.SelectOption(label=render.clip(_("Remove {who}").format(who=mention(u)), 100), value=f"remove:{u}")
        for u, _s in snap.computers
    ][: render.SELECT_OPTIONS - len(opts)]
    return c.OptionSelect(snap.id, "computer", options=opts, placeholder=_("Computer players (host)"), row=row)


def _between_deals(snap: TableSnapshot) -> bool:
    """The beat after one deal of a game that holds several (Rage, a game of Écarté), not after a hand."""
    return snap.result is not None and snap.result.kind == "deal"


def next_label(snap: TableSnapshot) -> str:
    people = [i.user_id for i in snap.seats if not i.by_computer]
    ready, seated = len([u for u in people if u in snap.ready]), len(people)
    if not _between_deals(snap):
        return _("Next hand ({ready}/{seated} ready)").format(ready=ready, seated=seated)
    return _("Next deal ({ready}/{seated} ready)").format(ready=ready, seated=seated)


def playing_view(snap: TableSnapshot) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if snap.paused:
        view.add_item(c.LobbyButton(snap.id, "next", label=next_label(snap), style=discord.ButtonStyle.primary, row=0))
    view.add_item(c.HandButton(snap.id, label=_("My hand"), row=0))
    if snap.game.hand_by_hand and snap.closing_by is None:  # a closing table has no next hand to join
        view.add_item(c.LobbyButton(snap.id, "join", label=_("Join next hand"), style=discord.ButtonStyle.success, row=0))
    view.add_item(c.LobbyButton(snap.id, "leave", label=_("Leave"), row=0))
    add_watch(view, snap.id)
    return render.detached(view)


def _header(snap: TableSnapshot) -> str:
    """A tournament table's level first (it stays in place while the recent lines scroll), then a
    pending close, who joins or leaves next hand, and the latest timeouts (one line, not a pile of them)."""
    lines = [knockouts.level_text(snap.level, snap.options)] if snap.level is not None else []
    if snap.closing_by is not None:
        lines.append(_("The table will close after this hand."))
    waiting = [u for u in snap.lobby if snap.seat_of(u) is None]
    if waiting:
        lines.append(_("Joining next hand: {who}").format(who=_who(tuple(waiting))))
    late = [i for i in snap.seats if i.timeouts and not i.away]
    if late:
        who = ", ".join(
            _("{who} ({n} in a row)").format(who=mention(i.user_id), n=i.timeouts) if i.timeouts > 1
            else mention(i.user_id)
            for i in late
        )
        lines.append(_("⏰ Ran out of time: {who}").format(who=who))
    away = [i.user_id for i in snap.seats if i.away]
    if away:
        lines.append(_("🤖 The computer plays for {who} until they're back.").format(who=_who(tuple(away))))
    leaving = [i.user_id for i in snap.seats if i.leaving]
    if leaving:
        lines.append(_("Leaving after this hand: {who}").format(who=_who(tuple(leaving))))
    return "\n".join(lines)


def _footer(snap: TableSnapshot) -> str:
    game = snap.game
    if game.hand_by_hand and snap.chips and game.unit_note:
        return _("Table #{id} · hand {n} · buy-in {buy_in} chips · {unit}").format(
            id=snap.id, n=snap.hand_no, buy_in=snap.buy_in, unit=_(game.unit_note)
        )
    if game.hand_by_hand and snap.chips:
        return _("Table #{id} · hand {n} · buy-in {buy_in} chips").format(id=snap.id, n=snap.hand_no, buy_in=snap.buy_in)
    if game.hand_by_hand:
        return _("Table #{id} · hand {n}").format(id=snap.id, n=snap.hand_no)
    return _("Table #{id}").format(id=snap.id)


def playing_embed(snap: TableSnapshot) -> discord.Embed:
    game = snap.game
    if snap.paused and snap.result is not None:
        return paused_embed(snap)
    public = game.view(snap.state, None).public
    return render.table_embed(
        public,
        names=seat_names(snap),
        chips=snap.stacks if snap.chips else (),
        deadline=snap.deadline,
        footer=_footer(snap),
        header=_header(snap),
        plain_names=plain_names(snap),
    )


def paused_embed(snap: TableSnapshot) -> discord.Embed:
    """The beat between hands: the result stays up until the next deal."""
    result = snap.result
    assert result is not None
    if not _between_deals(snap):
        title = _("{game} — hand {n} result").format(game=snap.game.shown_title, n=result.number)
        when = _("Next hand {when}. Press **Next hand** when you're ready.")
    else:
        title = _("{game} — deal {n} result").format(game=snap.game.shown_title, n=result.number)
        when = _("Next deal {when}. Press **Next deal** when you're ready.")
    extra = [when.format(when=render.relative_time(snap.deadline))] if snap.deadline is not None else []
    header = _header(snap)
    b = results.result_embed(title, result, colour=render.COLOUR_PLAYING, extra=[*extra, header] if header else extra)
    if snap.state is not None and results.story_cut(result):
        # The story keeps only its last lines: the table as the hand left it (every station,
        # the melds) lets players check what the cut lines said.
        public = snap.game.view(snap.state, None).public
        for (name, value, inline), _loose in tablerender.pile_fields(public.piles, seat_names(snap), plain_names(snap)):
            b.field(name, value, inline=inline)
    b.footer(_footer(snap))
    return b.embed


def paused_panel(snap: TableSnapshot, user_id: int) -> tuple[discord.Embed, discord.ui.View]:
    """A player's panel during the beat: the result (their own line first), and Next."""
    embed = paused_embed(snap)
    embed.colour = render.COLOUR_HAND
    view = discord.ui.View(timeout=None)
    if user_id in snap.ready:
        left = len(snap.waiting_for_next)
        label = _("Ready — waiting for {n} more").format(n=left)
        view.add_item(c.LobbyButton(snap.id, "next", label=label, disabled=True, row=0))
    else:
        view.add_item(c.LobbyButton(snap.id, "next", label=next_label(snap), style=discord.ButtonStyle.primary, row=0))
    view.add_item(c.HandButton(snap.id, label=_("Refresh"), row=0))
    return embed, render.detached(view)


def finished_embed(snap: TableSnapshot) -> discord.Embed:
    game = snap.game
    if snap.status == "void":
        title = _("{game} — table closed (#{id})").format(game=game.shown_title, id=snap.id)
    else:
        title = _("{game} — table finished (#{id})").format(game=game.shown_title, id=snap.id)
    if snap.result is not None:
        # The result says it all; the events that led to it were shown as they happened.
        return results.result_embed(title, snap.result).embed
    b = render.EmbedBudget(title, render.COLOUR_DONE)
    b.description("\n".join([snap.outcome_summary or "", *snap.recent[-2:]]).strip())
    return b.embed


def finished_view(snap: TableSnapshot) -> discord.ui.View | None:
    """An ended table's one button: **Play again** (a new lobby; ``cogs.ui.again``). A lobby that
    closed before any hand (cancelled, or idle) has none: there is nothing to play again."""
    if snap.hand_no == 0:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(c.AgainButton(snap.id, label=_("Play again")))
    return render.detached(view)


def hand_over_embed(snap: TableSnapshot, hand_no: int) -> discord.Embed:
    """What the previous hand's message turns into when the next hand gets a fresh message."""
    game = snap.game
    title = _("{game} — hand {n} is over").format(game=game.shown_title, n=hand_no)
    result = snap.result
    if result is not None and result.kind == "hand" and result.number == hand_no:
        return results.result_embed(title, result).embed
    b = render.EmbedBudget(title, render.COLOUR_DONE)
    b.description(_("See the next message for the new hand."))
    return b.embed


def _table_picture(snap: TableSnapshot, embed: discord.Embed, images: pictures.ImageSwitch | None) -> dict[str, Any]:
    """The table picture's part of the payload: ``picture`` says what it shows (unchanged: no re-upload)."""
    if snap.paused and snap.result is not None:
        return {"attachments": [], "picture": None}
    pic = pictures.table_pic(snap, snap.game.view(snap.state, None).public, plain_names(snap), images)
    return {"attachments": pictures.table_files(pic, embed), "picture": pic}


def public_message(snap: TableSnapshot, images: pictures.ImageSwitch | None = None) -> dict[str, Any]:
    """kwargs for ``edit`` of the public table message (``pictures.for_send`` makes them ``send``'s).

    With ``images`` (the servers' picture setting) a hand in play carries ``table.png``.
    """
    if snap.status == "lobby":
        return {
            "content": _("{host} opened a table of **{game}**.").format(host=mention(snap.host_id), game=snap.game.shown_title),
            "embed": lobby_embed(snap),
            "view": lobby_view(snap),
            "allowed_mentions": NO_MENTIONS,
            "attachments": [],
        }
    if snap.status == "playing" and snap.state is not None:
        thinking = {i.user_id for i in snap.seats if i.by_computer}
        to_act = [u for u in snap.to_act_users if u not in thinking]
        if to_act:
            content = _("▶ {who} — your turn.").format(who=_who(tuple(to_act)))
        elif snap.to_act_users:
            content = _("▶ The computer is thinking for {who}…").format(who=_who(snap.to_act_users))
        elif snap.paused and not _between_deals(snap):
            content = _("Hand {n} is over.").format(n=snap.hand_no)
        elif snap.paused:
            content = _("A deal is over.")
        else:
            content = _("Waiting for the next hand…")
        embed = playing_embed(snap)
        return {
            "content": content,
            "embed": embed,
            "view": playing_view(snap),
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                                        users=[discord.Object(u) for u in to_act]),
            **_table_picture(snap, embed, images),
        }
    return {
        "content": "",
        "embed": finished_embed(snap),
        "view": finished_view(snap),
        "allowed_mentions": NO_MENTIONS,
        "attachments": [],
    }
