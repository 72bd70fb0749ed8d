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
    PaperSize,
    PublicNames,
)
from tournament.models.game import Game
from tournament.models.penalty import Penalty, PenaltyKind
from tournament.models.player import Player, PlayerStatus
from tournament.models.printjob import PrintJob, PrintJobStatus
from tournament.models.result import Result, ResultSource, ResultStatus
from tournament.models.round import Round, RoundRecord, RoundStage, RoundStatus
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
    "PaintingScore",
    "PaperSize",
    "Penalty",
    "PenaltyKind",
    "Player",
    "PlayerStatus",
    "PrintJob",
    "PrintJobStatus",
    "PublicNames",
    "Result",
    "ResultSource",
    "ResultStatus",
    "Round",
    "RoundRecord",
    "RoundStage",
    "RoundStatus",
    "SportsVote",
    "StaffRole",
    "Table",
]
