"""Developer tools that drive the real bot through SimCord (not shipped with the bot).

- ``tools.simtable``: plays a table as users would (shared with the e2e tests).
- ``tools.transcript``: ``python -m tools.transcript GAME`` writes what every player saw.
"""
