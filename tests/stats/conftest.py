"""The 11th-edition event mid-round of the results tests: the statistics by Force Disposition
are read from its games."""

from tests.tournament.eleventh.results.conftest import eleventh, paired11  # noqa: F401
