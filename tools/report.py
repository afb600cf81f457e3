"""The transcript as Markdown: a header, every message version in order, and the counts.

The counts are what the transcript is for besides reading: how many messages
each player got, and how many clicks an action cost them (a player who keeps
their panel open should need one click per action once the bot refreshes
panels by itself).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .mdrender import quote
from .recorder import Entry, Recorder, Section
from .simtable import ACTION_CLICKS, ACTIONS, COMMANDS, MY_HAND, NEXT_CLICKS, OTHER_CLICKS, REFUSED, SUBMITS


@dataclass
class Meta:
    game_id: str
    title: str
    kind: str
    options: str
    players: list[str]
    seed: int
    plan: str
    command: str
    ended: str = ""
    problems: list[str] = field(default_factory=list)


def _cause(e: Entry) -> str:
    if e.actor and e.what:
        return f" (after {e.actor}: {e.what})"
    return f" (after {e.what})" if e.what else ""


def heading(e: Entry) -> str:
    if e.owner is None:
        return f"### public #{e.number} — {'new message' if e.created else 'edited'}{_cause(e)}"
    if e.kind == "form":
        return f"### {e.owner} — form (after {e.what})" if e.actor == e.owner else f"### {e.owner} — form{_cause(e)}"
    if e.actor == e.owner:
        state = "" if e.created else ", updated"
        return f"### {e.owner} — {e.kind} #{e.number}{state} (after {e.what})"
    state = "sent" if e.created else "edited"
    return f"### {e.owner} — {e.kind} #{e.number}, {state} by the bot on its own{_cause(e)}"


def _ratio(clicks: int, actions: int) -> str:
    return f"{clicks / actions:.2f}" if actions else "—"


COLUMNS = (
    "player", "ephemeral messages", "versions", "of them bot edits", "action clicks", "My hand",
    "Next hand", "other clicks", "modal submits", "commands", "actions", "refused", "clicks per action",
)


def counts_table(rec: Recorder, counts: dict[str, Counter[str]], players: list[str]) -> list[str]:
    """One row per player and a total; clicks per action = (action clicks + My hand) / actions."""
    rows = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    total: Counter[str] = Counter()
    for name in players:
        c = counts.get(name, Counter())
        msgs, versions = rec.private_messages(name)
        row = Counter({"msgs": msgs, "versions": versions, "bot": rec.bot_edits(name)}) + c
        total.update(row)
        rows.append(_row(name, row))
    rows.append(_row("**all**", total))
    return rows


def _row(name: str, c: Counter[str]) -> str:
    keys = ("msgs", "versions", "bot", ACTION_CLICKS, MY_HAND, NEXT_CLICKS, OTHER_CLICKS, SUBMITS, COMMANDS,
            ACTIONS, REFUSED)
    cells = [name, *(str(c[k]) for k in keys), _ratio(c[ACTION_CLICKS] + c[MY_HAND], c[ACTIONS])]
    return "| " + " | ".join(cells) + " |"


def to_markdown(meta: Meta, rec: Recorder, counts: dict[str, Counter[str]]) -> str:
    out = [
        f"# Cardroom transcript — {meta.title}",
        "",
        f"- **Game:** `{meta.game_id}` ({meta.kind})",
        f"- **Options:** {meta.options}",
        f"- **Players:** {', '.join(meta.players)} ({meta.players[0]} hosts)",
        f"- **Seed:** {meta.seed} (the players' choices and the bot's deals)",
        f"- **Plan:** {meta.plan}",
        f"- **Ended:** {meta.ended}",
        f"- **Command:** `{meta.command}`",
        "",
        "Public messages are what everyone in the channel sees; a player's entries are "
        "their ephemeral messages (hand panels, replies), which only they see. Each version "
        "of a message is shown once; identical consecutive versions are left out.",
    ]
    for item in rec.entries:
        if isinstance(item, Section):
            out += ["", f"## {item.title}"]
            continue
        out += ["", heading(item), "", quote(item.lines)]
    public, versions = rec.public_messages()
    out += [
        "",
        "## Counts",
        "",
        f"- Public messages: {public} ({versions} versions shown; {rec.collapsed} identical edits left out)",
        "- Clicks per action = (clicks on action controls + My hand clicks) / actions taken; "
        "opening an amount form is one click, its submit is counted apart.",
        "",
        *counts_table(rec, counts, meta.players),
    ]
    out += ["", "## Players", ""]
    for name in meta.players:
        c = counts.get(name, Counter())
        msgs, versions = rec.private_messages(name)
        out.append(
            f"- **{name}:** {c[ACTIONS]} actions, {c[ACTION_CLICKS]} action clicks, {c[MY_HAND]} My hand, "
            f"{msgs} ephemeral messages ({versions} versions, {rec.bot_edits(name)} shown by the bot on its own)"
        )
    out += ["", "## Problems", ""]
    out += [f"- {p}" for p in meta.problems] or ["None."]
    return "\n".join(out) + "\n"
