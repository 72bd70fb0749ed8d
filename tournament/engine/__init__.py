"""Pure pairing and standings engine (no Django): Swiss pairing by optimal matching, standings."""

from tournament.engine.display import format_points, format_record, json_points
from tournament.engine.errors import EngineError
from tournament.engine.pairing.check import check_pairing, validate_pairing
from tournament.engine.pairing.context import PairingContext, build_context, pair_cost, pairing_cost
from tournament.engine.pairing.greedy import greedy_pair_round
from tournament.engine.pairing.pairing import pair_round
from tournament.engine.records import (
    Flag,
    GameRecord,
    PairResult,
    PlayerEntry,
    RoundPairing,
    StandingRow,
)
from tournament.engine.standings.metrics import (
    REGISTRY,
    Metric,
    format_metric,
    known_metrics,
    metric_info,
    metric_json,
)
from tournament.engine.standings.standings import compute_standings

__all__ = [
    "REGISTRY",
    "EngineError",
    "Flag",
    "GameRecord",
    "Metric",
    "PairResult",
    "PairingContext",
    "PlayerEntry",
    "RoundPairing",
    "StandingRow",
    "build_context",
    "check_pairing",
    "compute_standings",
    "format_metric",
    "format_points",
    "format_record",
    "greedy_pair_round",
    "json_points",
    "known_metrics",
    "metric_info",
    "metric_json",
    "pair_cost",
    "pair_round",
    "pairing_cost",
    "validate_pairing",
]
