"""The factions a player may choose when signing up: one list for the sign-up form, its checks
and the demo data. Names only (the army rules themselves are not the project's to hold)."""

from __future__ import annotations

FACTIONS = (
    "Adepta Sororitas",
    "Adeptus Custodes",
    "Adeptus Mechanicus",
    "Aeldari",
    "Astra Militarum",
    "Black Templars",
    "Blood Angels",
    "Chaos Daemons",
    "Chaos Knights",
    "Chaos Space Marines",
    "Dark Angels",
    "Death Guard",
    "Drukhari",
    "Genestealer Cults",
    "Grey Knights",
    "Imperial Knights",
    "Leagues of Votann",
    "Necrons",
    "Orks",
    "Space Marines",
    "Space Wolves",
    "T'au Empire",
    "Thousand Sons",
    "Tyranids",
    "World Eaters",
)
