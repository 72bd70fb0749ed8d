"""Pure pairing and standings engine (no Django): Swiss pairing by optimal matching, standings."""

from .check import check_pairing, validate_pairing
from .context import PairingContext, build_context, pair_cost, pairing_cost
from .errors import EngineError
from .greedy import greedy_pair_round
from .metrics import known_metrics
from .pairing import pair_round
from .records import (
    Flag,
    GameRecord,
    PairResult,
    PlayerEntry,
    RoundPairing,
    StandingRow,
)
from .standings import compute_standings

__all__ = [
    "EngineError",
    "Flag",
    "GameRecord",
    "PairResult",
    "PairingContext",
    "PlayerEntry",
    "RoundPairing",
    "StandingRow",
    "build_context",
    "check_pairing",
    "compute_standings",
    "greedy_pair_round",
    "known_metrics",
    "pair_cost",
    "pair_round",
    "pairing_cost",
    "validate_pairing",
]
