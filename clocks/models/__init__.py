from clocks.models.clocks import ClockSettings, GameClock

__all__ = ["ClockSettings", "GameClock"]
