"""The 11th-edition event pack (Warhammer Event Companion with the Chapter Approved deck).

Mission, matchup, secondary-card, deployment and terrain-layout data adapted from 40kdc-data
(https://github.com/wn-mitch/40kdc-data), (c) 2026 Alpaca Software and the 40kdc community
contributors, licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/).
Changes: converted to Strategium's format; descriptive text rewritten. The credit does not
suggest that the licensor endorses Strategium. Pinned data version: see `matrix.DATA_VERSION`.
"""
