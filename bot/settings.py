"""The bot's settings: environment variables (and ``.env``), validated once at start-up.

A missing or malformed setting stops the bot with one line that names the
setting and points to ``.env`` / ``.env.example`` — never a traceback. The
token is checked for its shape only (Discord alone knows whether it is
right), but the placeholder shipped in ``.env.example`` is recognised, so a
newcomer who copied the file without editing it is told the token is "not set
yet" instead of being sent to Discord and refused there.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from enum import IntEnum

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from bot.shards import ShardPlan, parse_ids
from data.store import POSTGRES_SCHEMES, is_postgres_url

ENV_NAMES = {
    "discord_token": "DISCORD_TOKEN",
    "db_path": "CARDROOM_DB",
    "dev_guild": "CARDROOM_DEV_GUILD",
    "log_level": "CARDROOM_LOG_LEVEL",
    "log_format": "CARDROOM_LOG_FORMAT",
    "shard_count": "CARDROOM_SHARD_COUNT",
    "shard_ids": "CARDROOM_SHARD_IDS",
    "db_give_up_seconds": "CARDROOM_DB_GIVE_UP_SECONDS",
}
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
SHARED_DB_NEEDS_POSTGRES = (
    "Setting CARDROOM_DB is a SQLite file, but CARDROOM_SHARD_IDS runs only some shards in this process. "
    "Several processes share one database only on PostgreSQL: set CARDROOM_DB=postgresql://… (see .env.example)."
)


#: The unedited value of DISCORD_TOKEN in ``.env.example`` (a test keeps the two in step).
TOKEN_PLACEHOLDER = "paste.your-token.here"
TOKEN_NOT_SET_YET = "Setting DISCORD_TOKEN is not set yet: paste your bot token into .env (see .env.example)."


class ExitCode(IntEnum):
    """``python -m bot``'s exit codes: scripts and service managers can tell the failures apart."""

    STOPPED = 0  # stopped on purpose: Ctrl-C or SIGTERM
    BUG = 1  # an unexpected error: the traceback is printed
    SETTINGS = 2  # a setting is missing or malformed
    TOKEN_REFUSED = 3  # Discord answered 401 to the token
    UNREACHABLE = 4  # no network, DNS failure, connection refused, timeout, Discord 5xx
    DATABASE = 5  # the database can't be opened or migrated: a wrong path, password or database name
    DATABASE_AWAY = 6  # PostgreSQL can't be reached (down, restarting) for CARDROOM_DB_GIVE_UP_SECONDS: retried


class StartupError(Exception):
    """Start-up stopped for a reason the operator can fix: one friendly line and an exit code.

    ``python -m bot`` prints ``cardroom: <message>`` and exits with ``exit_code``,
    never a traceback.
    """

    exit_code: ExitCode = ExitCode.BUG

    def __init__(self, message: str, *, exit_code: ExitCode | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class SettingsError(StartupError):
    """A setting is missing or malformed."""

    exit_code = ExitCode.SETTINGS


class _NotSetYet(ValueError):
    """The token is empty or still the placeholder: reported as "not set yet", not "invalid"."""


class _Mismatch(ValueError):
    """Two settings disagree: the whole line is worded here, naming the setting to change."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    discord_token: SecretStr = Field(description="The bot token from the Developer Portal (Bot → Reset Token).")
    db_path: str = Field(
        "data/cardroom.sqlite3", min_length=1,
        description="A SQLite file, or a postgresql:// URL (needed when several processes share the database).",
    )
    dev_guild: int | None = Field(None, gt=0, description="A server id: sync commands there only (instant).")
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING, ERROR or CRITICAL.")
    log_format: str = Field("text", description="text (one readable line) or json (one object per line).")
    shard_count: int | None = Field(None, ge=1, description="How many gateway shards the whole bot runs.")
    shard_ids: tuple[int, ...] | None = Field(None, description="This process's shards: 0,1 or 0-3 or 0-1,3.")
    db_give_up_seconds: float = Field(
        120.0, gt=0, le=86_400,
        description="How long PostgreSQL may stay unreachable before the process exits (code 6) to be restarted.",
    )

    @field_validator("db_path")
    @classmethod
    def _db(cls, v: str) -> str:
        db = v.strip()
        scheme, sep, rest = db.partition("://")
        if sep and scheme.lower() not in POSTGRES_SCHEMES:
            raise ValueError("must be a SQLite file path or a postgresql:// URL")
        if sep and not rest.strip("/"):
            raise ValueError("must name the server and database, e.g. postgresql://cardroom@localhost/cardroom")
        return db

    @field_validator("log_format")
    @classmethod
    def _format(cls, v: str) -> str:
        fmt = v.strip().lower()
        if fmt not in LOG_FORMATS:
            raise ValueError(f"must be {' or '.join(LOG_FORMATS)}")
        return fmt

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _ids(cls, v: object) -> object:
        return parse_ids(v) if isinstance(v, str) else v

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None and self.shard_count is None:
            raise _Mismatch(
                "Setting CARDROOM_SHARD_IDS needs CARDROOM_SHARD_COUNT, the bot's total number of shards "
                "(see .env.example)."
            )
        too_big = [i for i in self.shard_ids or () if self.shard_count is not None and i >= self.shard_count]
        if too_big:
            raise _Mismatch(
                f"Setting CARDROOM_SHARD_IDS is invalid: shard {too_big[0]} is not below "
                f"CARDROOM_SHARD_COUNT={self.shard_count}; ids run from 0 (see .env.example)."
            )
        if self.shards.is_partial and not is_postgres_url(self.db_path):
            raise _Mismatch(SHARED_DB_NEEDS_POSTGRES)
        return self

    @property
    def shards(self) -> ShardPlan:
        return ShardPlan(self.shard_count, self.shard_ids)

    @field_validator("discord_token")
    @classmethod
    def _token_shape(cls, v: SecretStr) -> SecretStr:
        token = v.get_secret_value().strip()
        if not token or token == TOKEN_PLACEHOLDER:
            raise _NotSetYet()
        if any(ch.isspace() for ch in token):
            # Often "Bot MTIz…" or a token pasted twice: say what is wrong, not only that it is.
            raise ValueError("must be the bot token alone, without spaces")
        if token.count(".") != 2 or "" in token.split("."):
            raise ValueError("must be the bot token (three dot-separated parts)")
        return SecretStr(token)

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        level = v.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]


def load_settings(environ: Mapping[str, str] | None = None, *, dotenv_path: str | None = ".env") -> Settings:
    """Read ``.env`` (if any, without overriding the real environment), then validate."""
    if environ is None:
        if dotenv_path:
            from dotenv import load_dotenv

            load_dotenv(dotenv_path, override=False)
        environ = os.environ
    raw = {field: environ[name] for field, name in ENV_NAMES.items() if environ.get(name, "").strip() != ""}
    if "discord_token" not in raw:
        # Absent, empty and blank all mean the same to the operator: the token is still to be pasted.
        raise SettingsError(TOKEN_NOT_SET_YET)
    try:
        return Settings.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err.get("loc") else "?"
        name = ENV_NAMES.get(field, field.upper())
        cause = (err.get("ctx") or {}).get("error")
        if isinstance(cause, _NotSetYet):
            raise SettingsError(TOKEN_NOT_SET_YET) from None
        if isinstance(cause, _Mismatch):
            raise SettingsError(str(cause)) from None
        if err.get("type") == "missing":
            problem = "is missing"
        else:
            problem = "is invalid: " + str(err.get("msg", "bad value")).removeprefix("Value error, ")
        raise SettingsError(f"Setting {name} {problem} (see .env.example).") from None
