"""The runtime's service layer: tables and the economy over ``data``. Never imports discord."""

from .economy import Economy
from .errors import (
    AlreadyClaimed,
    BadPhase,
    DatabaseUnreachable,
    ForeignTable,
    InsufficientChips,
    NoTable,
    NotAllowed,
    NotHost,
    NotSeated,
    ServiceError,
    StalePrompt,
    TableAlreadyOpen,
    TableElsewhere,
    TableFull,
)
from .models import ActResult, AuditReport, GuildSettings, SeatInfo, StartResult, TableCore, TableSnapshot
from .tables import TableService, utcnow

__all__ = [
    "ActResult",
    "AlreadyClaimed",
    "AuditReport",
    "BadPhase",
    "DatabaseUnreachable",
    "Economy",
    "ForeignTable",
    "GuildSettings",
    "InsufficientChips",
    "NoTable",
    "NotAllowed",
    "NotHost",
    "NotSeated",
    "SeatInfo",
    "ServiceError",
    "StalePrompt",
    "StartResult",
    "TableAlreadyOpen",
    "TableCore",
    "TableElsewhere",
    "TableFull",
    "TableService",
    "TableSnapshot",
    "utcnow",
]
