"""Play-offs after the Swiss: top cuts, qualifiers, shadow rounds, double elimination, pods."""
