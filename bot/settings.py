"""The bot's settings: environment variables (and ``.env``), validated once at start-up.

A missing or malformed setting stops the bot with one line that names the
setting and points to ``.env.example`` — never a traceback.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

ENV_NAMES = {
    "discord_token": "DISCORD_TOKEN",
    "db_path": "CARDROOM_DB",
    "dev_guild": "CARDROOM_DEV_GUILD",
    "log_level": "CARDROOM_LOG_LEVEL",
}
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(Exception):
    """One friendly line for the operator."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    discord_token: SecretStr = Field(description="The bot token from the Developer Portal (Bot → Reset Token).")
    db_path: str = Field("data/cardroom.sqlite3", min_length=1, description="Where the SQLite database lives.")
    dev_guild: int | None = Field(None, gt=0, description="A server id: sync commands there only (instant).")
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING, ERROR or CRITICAL.")

    @field_validator("discord_token")
    @classmethod
    def _token_shape(cls, v: SecretStr) -> SecretStr:
        token = v.get_secret_value().strip()
        if not token or any(ch.isspace() for ch in token) or token.count(".") != 2:
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
        return logging.getLevelName(self.log_level)


def load_settings(environ: Mapping[str, str] | None = None, *, dotenv_path: str | None = ".env") -> Settings:
    """Read ``.env`` (if any, without overriding the real environment), then validate."""
    if environ is None:
        if dotenv_path:
            from dotenv import load_dotenv

            load_dotenv(dotenv_path, override=False)
        environ = os.environ
    raw = {field: environ[name] for field, name in ENV_NAMES.items() if environ.get(name, "").strip() != ""}
    try:
        return Settings.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err.get("loc") else "?"
        name = ENV_NAMES.get(field, field.upper())
        if err.get("type") == "missing":
            problem = "is missing"
        else:
            problem = "is invalid: " + str(err.get("msg", "bad value")).removeprefix("Value error, ")
        raise SettingsError(f"Setting {name} {problem} (see .env.example).") from None
