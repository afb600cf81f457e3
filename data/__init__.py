"""Storage: one SQLite database (aiosqlite), numbered migrations and the chip ledger.

No Discord here; ``bot.service`` builds on these modules.
"""
