from tournament.models.announcement import Announcement
from tournament.models.audit import AuditEntry
from tournament.models.awards import PaintingScore, SportsVote
from tournament.models.event import (
    BattleSize,
    Event,
    EventChange,
    EventKind,
    EventStatus,
    LayoutPolicy,
    ListPublication,
    PaperSize,
)
from tournament.models.game import Game
from tournament.models.player import ListStatus, Player, PlayerStatus
from tournament.models.printjob import PrintJob, PrintJobStatus
from tournament.models.result import Result, ResultSource, ResultStatus
from tournament.models.round import Round, RoundStatus
from tournament.models.staff import EventStaff, StaffRole
from tournament.models.table import Table

__all__ = [
    "Announcement",
    "AuditEntry",
    "BattleSize",
    "Event",
    "EventChange",
    "EventKind",
    "EventStaff",
    "EventStatus",
    "Game",
    "LayoutPolicy",
    "ListPublication",
    "ListStatus",
    "PaintingScore",
    "PaperSize",
    "Player",
    "PlayerStatus",
    "PrintJob",
    "PrintJobStatus",
    "Result",
    "ResultSource",
    "ResultStatus",
    "Round",
    "RoundStatus",
    "SportsVote",
    "StaffRole",
    "Table",
]
