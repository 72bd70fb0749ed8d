"""Series tables from events' final placings: pure, exact (Fraction), no ORM."""
