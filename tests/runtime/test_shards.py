"""Shard processes: the plan, its settings, the client it picks, and logs that name the shards."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from types import SimpleNamespace

import discord
import pytest
from discord.ext import commands

from bot.client import CardroomBot, ShardedCardroomBot, make_bot
from bot.logsetup import setup_logging
from bot.settings import SHARED_DB_NEEDS_POSTGRES, SettingsError, is_postgres_url, load_settings
from bot.shards import ShardPlan, compact, parse_ids, shard_of

TOKEN = "MTIz.abc.def-ghi"
PG = "postgresql://cardroom:s3cret@db.internal:5432/cardroom"
#: Real-looking snowflakes (the shard lives in the timestamp bits, above bit 22).
GUILDS = [81384788765712384, 1456074443980800013, 613425648685547541, *range(1 << 22, 1 << 30, 97_531_337)]


def settings(**env: str):  # type: ignore[no-untyped-def]
    return load_settings({"DISCORD_TOKEN": TOKEN, **env})


# --- the plan ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 4, 16, 1000])
def test_shard_of_is_discords_own_formula(count: int) -> None:
    for guild_id in GUILDS:
        guild = SimpleNamespace(id=guild_id, _state=SimpleNamespace(shard_count=count))
        assert shard_of(guild_id, count) == discord.Guild.shard_id.fget(guild)  # type: ignore[attr-defined]


def test_every_guild_belongs_to_exactly_one_process_of_a_split() -> None:
    processes = [ShardPlan(4, parse_ids(ids)) for ids in ("0", "1-2", "3")]
    assert [p.is_partial for p in processes] == [True, True, True]
    for guild_id in GUILDS:
        assert sum(p.owns(guild_id) for p in processes) == 1
    assert ShardPlan().owns(GUILDS[0]) and ShardPlan(4).owns(GUILDS[0])
    assert not ShardPlan().is_partial and not ShardPlan(4).is_partial and not ShardPlan(4, (3, 1, 0, 2)).is_partial


@pytest.mark.parametrize(
    ("text", "ids"), [("0,1", (0, 1)), ("0-3", (0, 1, 2, 3)), ("0-1,3", (0, 1, 3)), (" 5, 2 ", (2, 5)), ("7", (7,))]
)
def test_ids_are_read_in_the_documented_forms(text: str, ids: tuple[int, ...]) -> None:
    assert parse_ids(text) == ids


@pytest.mark.parametrize(
    ("text", "needle"), [("0,,1", "'' is not"), ("a", "'a' is not"), ("3-1", "backwards"), ("0-2,2", "twice"),
                         ("-1", "'-1' is not"), ("1-", "'1-' is not")],
)
def test_bad_ids_say_what_is_wrong(text: str, needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        parse_ids(text)


def test_a_plan_refuses_what_cannot_run() -> None:
    for count, ids, needle in [(None, (0,), "need a shard count"), (4, (4,), "not below"), (0, None, "at least 1"),
                               (4, (1, 1), "twice"), (4, (), "no shard ids")]:
        with pytest.raises(ValueError, match=needle):
            ShardPlan(count, ids)


def test_plans_describe_themselves() -> None:
    assert (ShardPlan().label(), ShardPlan().describe()) == ("all", "all shards")
    assert (ShardPlan(4).label(), ShardPlan(4).describe()) == ("all/4", "all 4 shards")
    assert (ShardPlan(4, (0, 1, 2, 3)).label(), ShardPlan(4, (1, 0)).describe()) == ("all/4", "shards 0,1 of 4")
    assert ShardPlan(16, (9, 0, 1, 2, 3, 6, 7)).label() == "0-3,6,7,9/16"
    assert compact(parse_ids("0-2,4,5,7-9")) == "0-2,4,5,7-9"


# --- settings ---------------------------------------------------------------------------------------


def test_shard_settings_and_a_postgresql_database() -> None:
    s = settings(CARDROOM_SHARD_COUNT="4", CARDROOM_SHARD_IDS="2-3", CARDROOM_DB=PG, CARDROOM_LOG_FORMAT="JSON")
    assert (s.shards, s.db_path, s.log_format) == (ShardPlan(4, (2, 3)), PG, "json")
    assert settings().shards == ShardPlan() and settings().log_format == "text"
    # Every shard in one process keeps one database user: SQLite is fine.
    assert settings(CARDROOM_SHARD_COUNT="4").shards == ShardPlan(4)
    assert settings(CARDROOM_SHARD_COUNT="2", CARDROOM_SHARD_IDS="0-1").shards.is_partial is False
    assert settings(CARDROOM_DB="postgres://localhost/cardroom").db_path == "postgres://localhost/cardroom"
    assert is_postgres_url(PG) and is_postgres_url("POSTGRES://h/d") and not is_postgres_url("data/x.sqlite3")


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"CARDROOM_SHARD_IDS": "0,1"}, "Setting CARDROOM_SHARD_IDS needs CARDROOM_SHARD_COUNT"),
        ({"CARDROOM_SHARD_COUNT": "4", "CARDROOM_SHARD_IDS": "0,4", "CARDROOM_DB": PG},
         "Setting CARDROOM_SHARD_IDS is invalid: shard 4 is not below CARDROOM_SHARD_COUNT=4"),
        ({"CARDROOM_SHARD_COUNT": "4", "CARDROOM_SHARD_IDS": "0-1,1", "CARDROOM_DB": PG},
         "Setting CARDROOM_SHARD_IDS is invalid: shard 1 is listed twice"),
        ({"CARDROOM_SHARD_COUNT": "4", "CARDROOM_SHARD_IDS": "one"}, "Setting CARDROOM_SHARD_IDS is invalid: 'one'"),
        ({"CARDROOM_SHARD_COUNT": "0"}, "Setting CARDROOM_SHARD_COUNT is invalid"),
        ({"CARDROOM_SHARD_COUNT": "four"}, "Setting CARDROOM_SHARD_COUNT is invalid"),
        ({"CARDROOM_LOG_FORMAT": "xml"}, "Setting CARDROOM_LOG_FORMAT is invalid: must be text or json"),
        ({"CARDROOM_DB": "mysql://x/y"}, "Setting CARDROOM_DB is invalid: must be a SQLite file path or a postgresql"),
        ({"CARDROOM_DB": "postgresql://"}, "Setting CARDROOM_DB is invalid: must name the server and database"),
    ],
)
def test_each_mistake_is_one_line_naming_its_setting(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError) as info:
        settings(**env)
    text = str(info.value)
    assert text.startswith(message) and text.endswith("(see .env.example).") and "\n" not in text


def test_some_shards_on_sqlite_are_refused_naming_the_database() -> None:
    with pytest.raises(SettingsError) as info:
        settings(CARDROOM_SHARD_COUNT="4", CARDROOM_SHARD_IDS="0,1", CARDROOM_DB="data/cardroom.sqlite3")
    assert str(info.value) == SHARED_DB_NEEDS_POSTGRES
    assert "Setting CARDROOM_DB" in str(info.value) and "set CARDROOM_DB=postgresql://" in str(info.value)


# --- the client -------------------------------------------------------------------------------------


def test_a_plan_picks_discords_sharded_client() -> None:
    bot = make_bot(ShardPlan(4, (1, 3)), db_path=PG)
    assert isinstance(bot, ShardedCardroomBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_ids, bot.shard_count, bot.shard_plan) == ([1, 3], 4, ShardPlan(4, (1, 3)))
    assert not bot._syncs_commands()  # the process with shard 0 syncs the slash commands
    whole = make_bot(ShardPlan(4), db_path="x.sqlite3")
    assert isinstance(whole, ShardedCardroomBot) and (whole.shard_ids, whole.shard_count) == (None, 4)
    assert whole._syncs_commands()
    single = make_bot(ShardPlan(), db_path="x.sqlite3")
    assert type(single) is CardroomBot and not isinstance(single, discord.AutoShardedClient)
    assert single.shard_plan == ShardPlan() and single._syncs_commands()


def test_the_service_is_told_which_guilds_are_this_processs() -> None:
    bot = make_bot(ShardPlan(4, (1, 3)), db_path=PG)
    whole = make_bot(ShardPlan(4), db_path="x.sqlite3")
    owns = bot.shard_plan.owns
    assert [owns(g) for g in GUILDS] == [shard_of(g, 4) in (1, 3) for g in GUILDS]
    assert all(whole.shard_plan.owns(g) for g in GUILDS)


# --- logs -------------------------------------------------------------------------------------------


@pytest.fixture
def root_logging() -> Iterator[None]:
    root = logging.getLogger()
    saved = root.handlers[:], root.level, logging.getLogger("discord").level
    yield
    root.handlers[:], level, discord_level = saved
    root.setLevel(level)
    logging.getLogger("discord").setLevel(discord_level)


def test_json_lines_carry_the_shards_and_what_was_passed(root_logging: None, capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(logging.INFO, fmt="json", shards=ShardPlan(4, (0, 1)))
    log = logging.getLogger("cardroom.tables")
    log.info("table %s ended", 42, extra={"table": 42, "guild": 81384788765712384})
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        log.exception("listener failed")
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 2
    first, second = (json.loads(line) for line in lines)
    assert first["time"].endswith("+00:00") and "T" in first["time"]
    assert {k: first[k] for k in ("level", "logger", "message", "shards", "shard_count", "process")} == {
        "level": "INFO", "logger": "cardroom.tables", "message": "table 42 ended",
        "shards": [0, 1], "shard_count": 4, "process": os.getpid(),
    }
    assert (first["table"], first["guild"]) == (42, 81384788765712384) and "exc" not in first
    assert second["level"] == "ERROR" and "RuntimeError: boom" in second["exc"] and "table" not in second


def test_one_process_for_all_shards_says_all(root_logging: None, capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(logging.INFO, fmt="json")
    logging.getLogger("cardroom").info("ready")
    line = json.loads(capsys.readouterr().err)
    assert (line["shards"], line["shard_count"]) == ("all", None)


def test_text_lines_name_the_shards_of_a_partial_process(root_logging: None, capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(logging.INFO, shards=ShardPlan(4, (0, 1)))
    logging.getLogger("cardroom").info("loaded %d open table(s)", 3)
    setup_logging(logging.INFO, shards=ShardPlan(4))
    logging.getLogger("cardroom").info("loaded %d open table(s)", 5)
    partial, whole = capsys.readouterr().err.strip().splitlines()
    assert partial.endswith(" INFO    [shards 0,1/4] cardroom: loaded 3 open table(s)")
    assert whole.endswith(" INFO    cardroom: loaded 5 open table(s)") and "shards" not in whole


def test_asyncpgs_pool_retries_are_one_line_each(root_logging: None, capsys: pytest.CaptureFixture[str]) -> None:
    """While PostgreSQL is away asyncpg's pool logs a retry every few seconds; a traceback each time
    would bury the bot's own lines."""
    setup_logging(logging.INFO)
    setup_logging(logging.INFO)  # twice (a restart in one process): still one filter
    pool = logging.getLogger("asyncpg.pool")
    try:
        raise ConnectionRefusedError(111, "Connection refused")
    except ConnectionRefusedError:
        pool.warning("Failed to restore the pool connection floor; retrying", exc_info=True)
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert "Failed to restore the pool connection floor; retrying (ConnectionRefusedError:" in lines[0]
    assert len(pool.filters) == 1
