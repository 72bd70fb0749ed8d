"""The play-offs in the event document (an optional `playoffs` section): the cut's settings,
its seeds by the file's player keys, and which bracket match each knockout game plays (by the
file's game keys). Registered with the exchange app's export and import (hooks.py)."""

from __future__ import annotations

from exchange.services import exchange_fields as fields
from exchange.services.exchange_ext import ExchangeExtension, exchange_extension_register
from exchange.services.exchange_fields import bad
from playoffs.engine import FORMATS, KNOCKOUT_TIEBREAKS
from playoffs.models import Playoff, PlayoffGame

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
)


def _keys(event) -> dict:
    return {}


def _dump(event, keys) -> dict:
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        return {}
    games = PlayoffGame.objects.filter(playoff=playoff).order_by("game_id")
    return {
        "playoffs": {
            **fields.dump_fields(PLAYOFF, playoff),
            "seeds": [keys.player(p) for p in playoff.seeds],
            "games": [
                {"match": g.match, "game": keys.games[g.game_id], "decided": g.decided}
                for g in games
            ],
        }
    }


def _read(document: dict, known: dict):
    data = document.get("playoffs")
    if data is None:
        return None, {}
    if not isinstance(data, dict):
        raise bad("playoffs", "must be an object.")
    values = fields.load_fields(PLAYOFF, data, "playoffs")
    seeds = fields.as_list(data.get("seeds"), "playoffs.seeds")
    for i, seed in enumerate(seeds):
        if not isinstance(seed, str) or seed not in known["player"]:
            raise bad(f"playoffs.seeds[{i}]", f"no player '{seed}' in this file.")
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
    return (values, seeds, games), {}


def _write(event, plan, ids) -> None:
    if plan is None:
        return
    values, seeds, games = plan
    players = ids.kinds["player"]
    playoff = Playoff.objects.create(event=event, seeds=[players[s] for s in seeds], **values)
    PlayoffGame.objects.bulk_create(
        PlayoffGame(playoff=playoff, match=m, game_id=ids.kinds["game"][g], decided=d)
        for m, g, d in games
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
