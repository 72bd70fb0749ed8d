"""The current factions: one list for every form, the CSV import, the checks and the demo data.

Faction ids and names are adapted from 40kdc-data (https://github.com/wn-mitch/40kdc-data),
(c) 2026 Alpaca Software and the 40kdc community contributors, licensed under CC BY 4.0
(https://creativecommons.org/licenses/by/4.0/). Changes: only the ids and names were taken;
the Space Marine chapters without an army of their own are folded into Space Marines, and
the names use plain apostrophes and the names players type at events. Names only: the army
rules themselves are not the project's to hold.
"""

from __future__ import annotations

import unicodedata

# (id, name), by name: the sign-up list shows them in this order.
FACTION_IDS = (
    ("adepta-sororitas", "Adepta Sororitas"),
    ("adeptus-custodes", "Adeptus Custodes"),
    ("adeptus-mechanicus", "Adeptus Mechanicus"),
    ("aeldari", "Aeldari"),
    ("astra-militarum", "Astra Militarum"),
    ("black-templars", "Black Templars"),
    ("blood-angels", "Blood Angels"),
    ("chaos-daemons", "Chaos Daemons"),
    ("chaos-knights", "Chaos Knights"),
    ("chaos-space-marines", "Chaos Space Marines"),
    ("dark-angels", "Dark Angels"),
    ("death-guard", "Death Guard"),
    ("deathwatch", "Deathwatch"),
    ("drukhari", "Drukhari"),
    ("emperors-children", "Emperor's Children"),
    ("genestealer-cults", "Genestealer Cults"),
    ("grey-knights", "Grey Knights"),
    ("agents-of-the-imperium", "Imperial Agents"),
    ("imperial-knights", "Imperial Knights"),
    ("leagues-of-votann", "Leagues of Votann"),
    ("necrons", "Necrons"),
    ("orks", "Orks"),
    ("adeptus-astartes", "Space Marines"),
    ("space-wolves", "Space Wolves"),
    ("tau-empire", "T'au Empire"),
    ("thousand-sons", "Thousand Sons"),
    ("tyranids", "Tyranids"),
    ("world-eaters", "World Eaters"),
)
FACTIONS = tuple(name for _, name in FACTION_IDS)

# Other spellings people type, to the list's name (matched after folding, see `_fold`).
ALIASES = {
    "Tau Empire": "T'au Empire",
    "Tau": "T'au Empire",
    "T'au": "T'au Empire",
    "Agents of the Imperium": "Imperial Agents",
    "Adeptus Astartes": "Space Marines",
    "Ultramarines": "Space Marines",
    "Imperial Fists": "Space Marines",
    "Iron Hands": "Space Marines",
    "Raven Guard": "Space Marines",
    "Salamanders": "Space Marines",
    "White Scars": "Space Marines",
    "Crimson Fists": "Space Marines",
    "Sisters of Battle": "Adepta Sororitas",
    "Custodes": "Adeptus Custodes",
    "Admech": "Adeptus Mechanicus",
    "Ad Mech": "Adeptus Mechanicus",
    "Eldar": "Aeldari",
    "Craftworlds": "Aeldari",
    "Imperial Guard": "Astra Militarum",
    "Guard": "Astra Militarum",
    "Daemons": "Chaos Daemons",
    "CSM": "Chaos Space Marines",
    "Dark Eldar": "Drukhari",
    "GSC": "Genestealer Cults",
    "Votann": "Leagues of Votann",
    "Tsons": "Thousand Sons",
}


def _fold(text: str) -> str:
    """Case, accents, apostrophes (’ or ') and spacing do not make a different faction."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = "".join(c for c in text.casefold() if c.isalnum() or c.isspace())
    return " ".join(text.split())


_KNOWN = {
    **{_fold(name): name for name in FACTIONS},
    **{_fold(alias): name for alias, name in ALIASES.items()},
    **{_fold(fid.replace("-", " ")): name for fid, name in FACTION_IDS},
}


def faction_known(typed: str) -> str | None:
    """The list's name for a typed faction (any known spelling), or None when it is not one."""
    return _KNOWN.get(_fold(typed))


def faction_canonical(typed: str) -> str:
    """The list's name when the typed faction is one, else the text as typed (spaces tidied)."""
    tidy = " ".join(typed.split())
    return faction_known(tidy) or tidy
