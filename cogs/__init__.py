"""Slash commands and the generic Discord UI (``cogs.ui``) over the service layer."""
