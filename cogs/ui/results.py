"""How a result reads: each player by name, what decided it, and what their chips did.

One function per place a result appears (the public message during the beat
between hands, the old hand's message, the finished table, the hand panel),
all from the service's structured ``HandResult`` — never from event text, so
a result is shown once and its chip figures are the ledger's.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.service.computers import mention
from bot.service.results import HandResult, ResultLine, TeamLine
from games.core.i18n import _
from games.core.wording import number, signed

from . import render
from .embeds import FIELD_VALUE

WINNER = "🥇"
#: The story's last lines a result shows ("How it ended").
STORY_LINES = 12


def won(line: ResultLine, result: HandResult) -> bool:
    """Whether the player won by the game's rules: a medal means that, never just "listed first".

    A hand played for chips is won by taking chips (the one who showed the best hand but paid
    more than they took, or folded, won nothing); a game's final standings by the first place
    alone (nobody, when all share it); a deal in the middle of a game, or standings of a table
    ended early, by nobody yet.
    """
    if result.kind == "hand" and line.net is not None:
        return line.net > 0
    if result.kind in ("hand", "final"):
        return line.placing == 1 and any(other.placing != 1 for other in result.lines)
    return False


def in_order(result: HandResult) -> tuple[ResultLine, ...]:
    """The lines as shown: a chip hand by chips won (its winners first), anything else by placing."""
    if result.kind == "hand" and all(line.net is not None for line in result.lines):
        return tuple(sorted(result.lines, key=lambda line: (-(line.net or 0), line.placing)))
    return result.ranked


def _place(line: ResultLine, result: HandResult) -> str:
    if len(result.lines) < 2:
        return ""
    if won(line, result):
        return WINNER
    if result.kind == "hand" and line.net is not None:
        return ""  # the chips say where they stand
    return f"{line.placing}."


def result_line(line: ResultLine, result: HandResult) -> str:
    """One player's line, e.g. "🥇 <@1> — 24 bugs · **+28 chips** (now 128)"."""
    who = mention(line.user_id)
    bits: list[str] = []
    if line.detail:
        bits.append(line.detail)
    if result.kind == "deal" and line.score is not None:
        total = "" if line.total is None else number(line.total)
        bits.append(_("**{score}** this deal · {total} in all").format(score=signed(line.score), total=total))
    elif line.total is not None and line.net is None and number(line.total) not in line.detail and str(line.total) not in line.detail:
        so_far = result.kind == "ended"
        total = number(line.total)
        bits.append(_("**{total}** so far").format(total=total) if so_far else _("**{total}**").format(total=total))
    if line.net is not None:
        one = abs(line.net) == 1
        chips = (_("**{net} chip**") if one else _("**{net} chips**")).format(net=signed(line.net))
        if line.chips is not None:
            chips = _("{chips} (now {n})").format(chips=chips, n=line.chips)
        elif result.kind == "ended":
            chips = _("{chips} this session").format(chips=chips)
        bits.append(chips)
    place = _place(line, result)
    body = " · ".join(bits)
    head = f"{place} {who}".strip()
    return f"{head} — {body}" if body else head


def team_text(team: TeamLine) -> str:
    """``<@1> & <@3> 2,150`` (the winners' score in bold)."""
    who = " & ".join(mention(u) for u in team.user_ids)
    if team.score is None:
        return who
    score = number(team.score, grouped=True)
    return f"{who} **{score}**" if team.placing == 1 else f"{who} {score}"


def teams_text(result: HandResult) -> str:
    """The teams best first on one line: ``🥇 Ann & Cy **2,150** — Bo & Di 1,400``."""
    if not result.teams:
        return ""
    first = result.teams[0]
    decided = result.kind in ("hand", "final")  # a deal in mid-game has a leader, not a winner
    head = f"{WINNER} " if decided and first.placing == 1 and any(t.placing > 1 for t in result.teams) else ""
    return head + " — ".join(team_text(t) for t in result.teams)


def result_lines(result: HandResult) -> str:
    return "\n".join(result_line(line, result) for line in in_order(result))


def hints_text(result: HandResult) -> str:
    """Who asked for hints this hand, one whole sentence each: "@bob used 2 hints."."""
    return "\n".join(
        (_("{who} used 1 hint.") if n == 1 else _("{who} used {n} hints.")).format(who=mention(u), n=n)
        for u, n in result.hints
    )


def story_tail(story: Sequence[str], limit: int = FIELD_VALUE) -> str:
    """The last whole lines of the story that fit in a field: never a line (or a mention) cut in two."""
    kept: list[str] = []
    size = 0
    for line in reversed(story):
        size += len(line) + (1 if kept else 0)
        if size > limit and kept:
            break
        kept.append(line)
    return "\n".join(reversed(kept))


def story_cut(result: HandResult) -> bool:
    """Whether the result's story leaves lines out (then the table's cards are shown beside it)."""
    shown = story_tail(result.story[-STORY_LINES:])
    return len(result.story) > STORY_LINES or shown.count("\n") + 1 < min(len(result.story), STORY_LINES)


def add_result(b: render.EmbedBudget, result: HandResult, *, with_headline: bool = False) -> None:
    """The result as embed fields: the players, the carried pot, and the score sheet if there is one."""
    if with_headline and result.headline:
        b.field(_("What happened"), result.headline)
    if result.story:
        b.field(_("How it ended"), story_tail(result.story[-STORY_LINES:]))
    if result.teams:
        b.field(_("Teams"), teams_text(result))
    name = {
        "hand": _("Result of hand {n}").format(n=result.number),
        "deal": _("Deal {n}").format(n=result.number),
        "final": _("Final standings"),
        "ended": _("Standings"),
    }.get(result.kind, _("Result"))
    b.field(name, result_lines(result))
    if result.hints:
        b.field(_("💡 Hints"), hints_text(result))
    if result.pot:
        b.field(_("Carried to the next hand"), render.chips_text(result.pot), inline=True)
    if result.session:  # the table's last hand: where everyone ends up
        final = HandResult("ended", result.number, "", result.session)
        b.field(_("Final standings"), result_lines(final))
    if result.sheet is not None and len(result.sheet.rows) > 1:  # one row says no more than the lines
        names = [mention(line.user_id) for line in result.lines]
        b.field(*render.sheet_text(result.sheet, names))


def result_embed(
    title: str, result: HandResult, *, colour: discord.Colour | None = None, extra: Sequence[str] = ()
) -> render.EmbedBudget:
    """An embed whose description is the headline and whose fields are the result."""
    b = render.EmbedBudget(title, colour if colour is not None else render.COLOUR_DONE)
    b.description("\n".join([result.headline, *extra]) if result.headline else "\n".join(extra))
    add_result(b, result)
    return b


__all__ = ["STORY_LINES", "add_result", "hints_text", "result_embed", "result_line", "result_lines", "signed", "story_cut", "team_text", "teams_text"]
