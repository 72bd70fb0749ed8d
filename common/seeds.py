"""The one bound on every stored pairing or mission seed: a signed 64-bit integer, the widest
whole number every database the project runs on stores (read by rounds, the API's seed field and
the mission generators)."""

SEED_MAX = 2**63 - 1
