"""The deployment examples in ``deploy/`` parse, say what ``docs/deploy.md`` says, and would run.

No YAML parser is a dependency, so the compose file is read with a few
regular expressions: enough to see its services and each one's shards.
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from bot.settings import ENV_NAMES, ExitCode
from bot.shards import ShardPlan, parse_ids

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
DOCS = (ROOT / "docs" / "deploy.md").read_text()


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None, comment_prefixes=("#", ";"))
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read_string((DEPLOY / name).read_text())
    return parser


def services(text: str) -> dict[str, str]:
    """Top-level compose services → their block of text."""
    body = text.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    names = list(re.finditer(r"^  ([a-z0-9-]+):\n", body, re.M))
    return {m[1]: body[m.end() : nxt.start() if nxt else len(body)] for m, nxt in zip(names, [*names[1:], None], strict=True)}


def test_every_example_is_named_in_the_guide() -> None:
    files = sorted(p.name for p in DEPLOY.iterdir())
    assert files == ["Dockerfile", "Dockerfile.dockerignore", "cardroom.service", "cardroom@.service", "compose.yaml"]
    for name in files:
        assert f"deploy/{name}" in DOCS, name
    assert "```ini" not in DOCS  # the unit lives in deploy/, not in a copy here that could drift


def test_the_units_run_the_bot_and_stop_on_what_a_restart_cannot_fix() -> None:
    no_retry = " ".join(str(int(c)) for c in (ExitCode.SETTINGS, ExitCode.TOKEN_REFUSED, ExitCode.DATABASE))
    for name in ("cardroom.service", "cardroom@.service"):
        service = unit(name)["Service"]
        assert service["ExecStart"].endswith("/.venv/bin/python -m bot"), name
        assert service["RestartPreventExitStatus"] == no_retry, name
        # A PostgreSQL server that stayed away is retried: the process comes back when the server does.
        assert str(int(ExitCode.DATABASE_AWAY)) not in service["RestartPreventExitStatus"].split(), name
        assert service["Restart"] == "on-failure" and service["WorkingDirectory"] == "/srv/cardroom"
        assert unit(name)["Install"]["WantedBy"] == "multi-user.target"
    template = (DEPLOY / "cardroom@.service").read_text()
    assert "\nEnvironment=CARDROOM_SHARD_IDS=%i\n" in template
    # The guide's instances are shard ids the bot reads.
    for instance in re.findall(r"cardroom@([0-9][0-9,-]*)", DOCS):
        assert ShardPlan(4, parse_ids(instance)).is_partial


def test_compose_runs_each_of_four_shards_once_on_postgres() -> None:
    text = (DEPLOY / "compose.yaml").read_text()
    assert "\t" not in text  # YAML refuses tabs
    found = services(text)
    assert re.search(r"^    image: postgres:15$", found["postgres"], re.M)
    assert "pgdata:/var/lib/postgresql/data" in found["postgres"] and "healthcheck:" in found["postgres"]
    bots = {name: block for name, block in found.items() if name.startswith("bot-")}
    assert sorted(bots) == ["bot-0", "bot-1", "bot-2", "bot-3"]
    shared = text.split("x-bot-env: &bot-env\n", 1)[1].split("\n\n", 1)[0]
    assert 'CARDROOM_SHARD_COUNT: "4"' in shared and "CARDROOM_DB: postgresql://" in shared
    bot = text.split("x-bot: &bot\n", 1)[1].split("\n\n", 1)[0]
    assert "env_file: ../.env" in bot and "restart: unless-stopped" in bot and "condition: service_healthy" in bot
    assert "CARDROOM_DB_GIVE_UP_SECONDS" in DOCS and "code **6**" in DOCS  # the guide says what is restarted
    owned: list[int] = []
    for block in bots.values():
        assert "<<: *bot\n" in block and "<<: *bot-env\n" in block
        ids = re.findall(r'^      CARDROOM_SHARD_IDS: "([0-9,-]+)"$', block, re.M)
        assert len(ids) == 1, block
        plan = ShardPlan(4, parse_ids(ids[0]))
        assert plan.is_partial
        owned.extend(plan.ids or ())
    assert sorted(owned) == [0, 1, 2, 3]  # every shard run, none twice
    for name in re.findall(r"\b(CARDROOM_[A-Z_]+|DISCORD_TOKEN)\b", text):
        assert name in ENV_NAMES.values(), name
