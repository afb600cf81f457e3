"""``python -m bot``: read the settings, then run the bot until interrupted."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from .settings import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"cardroom: {exc}", file=sys.stderr)
        return 2

    from .client import CardroomBot
    from .logsetup import setup_logging

    setup_logging(settings.log_level_number)
    bot = CardroomBot(db_path=settings.db_path, dev_guild=settings.dev_guild)
    # log_handler=None: our own logging set-up stays in charge.
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
