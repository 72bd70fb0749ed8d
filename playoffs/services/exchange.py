"""The play-offs in the event document (an optional `playoffs` section): the cut's settings,
its seeds by the file's player keys (team keys in a team bracket), and which bracket match
each knockout game plays (by the file's game keys) or, in a team bracket, each knockout team
match (by the teams section's match keys). Registered with the exchange app's export and
import (hooks.py), after the teams app, whose keys it names."""

from __future__ import annotations

from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services import fields
from exchange.services.fields import bad
from playoffs.engine import FORMATS, KNOCKOUT_TIEBREAKS
from playoffs.models import ENTRANTS, Playoff, PlayoffGame, PlayoffTeamMatch

PLAYOFF = fields._specs(
    ("format", "str", False, FORMATS),
    ("size", "int"),
    ("qualifier_from", "int", True),
    ("qualifier_to", "int", True),
    ("shadow_from", "int", True),
    ("shadow_to", "int", True),
    ("grand_final_reset", "bool"),
    ("seeding", "str", False, ("standings", "organiser")),
    ("knockout_tiebreak", "str", False, tuple(KNOCKOUT_TIEBREAKS)),
    ("after_round", "int"),
    # Added with the third-place match and team brackets: older files read as before.
    ("third_place", "bool", False, (), True, False),
    ("entrants", "str", False, ENTRANTS, True, "players"),
)


def _keys(event) -> dict:
    return {}


def _dump(event, keys) -> dict:
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        return {}
    games = PlayoffGame.objects.filter(playoff=playoff).order_by("game_id")
    teams = playoff.entrants == "teams"
    out = {
        **fields.dump_fields(PLAYOFF, playoff),
        "seeds": [keys.extra["team"][t] if teams else keys.player(t) for t in playoff.seeds],
        "games": [
            {"match": g.match, "game": keys.games[g.game_id], "decided": g.decided} for g in games
        ],
    }
    if teams:
        links = PlayoffTeamMatch.objects.filter(playoff=playoff).order_by("team_match_id")
        out["team_matches"] = [
            {
                "match": link.match,
                "team_match": keys.extra["teammatch"][link.team_match_id],
                "decided": link.decided,
            }
            for link in links
        ]
    return {"playoffs": out}


def _read(document: dict, known: dict):
    data = document.get("playoffs")
    if data is None:
        return None, {}
    if not isinstance(data, dict):
        raise bad("playoffs", "must be an object.")
    values = fields.load_fields(PLAYOFF, data, "playoffs")
    seeds = fields.as_list(data.get("seeds"), "playoffs.seeds")
    kind = "team" if values["entrants"] == "teams" else "player"
    for i, seed in enumerate(seeds):
        if not isinstance(seed, str) or seed not in known.get(kind, ()):
            raise bad(f"playoffs.seeds[{i}]", f"no {kind} '{seed}' in this file.")
    games = []
    for i, item in enumerate(fields.as_list(data.get("games", []), "playoffs.games")):
        path = f"playoffs.games[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("match"), str):
            raise bad(path, "must be an object with a match.")
        if item.get("game") not in known["game"]:
            raise bad(f"{path}.game", f"no game '{item.get('game')}' in this file.")
        decided = item.get("decided", "")
        if decided not in ("", "a", "b"):
            raise bad(f"{path}.decided", 'must be "", "a" or "b".')
        games.append((item["match"], item["game"], decided))
    team_matches = []
    for i, item in enumerate(fields.as_list(data.get("team_matches", []), "playoffs.team_matches")):
        path = f"playoffs.team_matches[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("match"), str):
            raise bad(path, "must be an object with a match.")
        if item.get("team_match") not in known.get("teammatch", ()):
            raise bad(
                f"{path}.team_match", f"no team match '{item.get('team_match')}' in this file."
            )
        decided = item.get("decided", "")
        if decided not in ("", "a", "b"):
            raise bad(f"{path}.decided", 'must be "", "a" or "b".')
        team_matches.append((item["match"], item["team_match"], decided))
    return (values, seeds, games, team_matches), {}


def _write(event, plan, ids) -> None:
    if plan is None:
        return
    values, seeds, games, team_matches = plan
    entrants = ids.kinds["team" if values["entrants"] == "teams" else "player"]
    playoff = Playoff.objects.create(event=event, seeds=[entrants[s] for s in seeds], **values)
    PlayoffGame.objects.bulk_create(
        PlayoffGame(playoff=playoff, match=m, game_id=ids.kinds["game"][g], decided=d)
        for m, g, d in games
    )
    PlayoffTeamMatch.objects.bulk_create(
        PlayoffTeamMatch(
            playoff=playoff, match=m, team_match_id=ids.kinds["teammatch"][t], decided=d
        )
        for m, t, d in team_matches
    )


EXTENSION = ExchangeExtension(
    name="playoffs",
    keys=_keys,
    dump=_dump,
    read=_read,
    write=_write,
    sections=("playoffs",),
)


def register() -> None:
    exchange_extension_register(EXTENSION)
