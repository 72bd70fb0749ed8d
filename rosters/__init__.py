"""Army lists read into their parts and checked against the muster rules of an edition.

Pure engines (no ORM) in `rosters.engine`: the parser and printer of pasted list text, the
checks per edition. The rules data (detachments, enhancements, units) is pinned in
`rosters.data`; see that module for its source and credit.
"""
