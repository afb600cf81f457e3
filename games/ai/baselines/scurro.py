"""Scurro's rule-based baseline: Renfield's (one engine, another deck)."""

from __future__ import annotations

from .renfield import Baseline

__all__ = ["Baseline"]
