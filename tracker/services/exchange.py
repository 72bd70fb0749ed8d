"""The tracker's section of the event document (docs/export-format.md, `tracked_games`): each
tracked game of the event with its engine state and every accepted action. Registered with the
exchange app's export and import at start-up (apps.py), which never import this app.

An action's actor names a player or an account by id ("player:12"); in the file it becomes the
player's key or the username ("player:p-3"), like the log's references.
"""

from __future__ import annotations

from exchange.extensions import ExchangeExtension, exchange_extension_register
from exchange.services import fields
from exchange.services.fields import bad
from exchange.services.importing.check import key_ref, refs_checker
from exchange.services.importing.write import restamp
from tracker.models import TrackedAction, TrackedGame, new_tracker_token

SECTION = "tracked_games"
TRACKED = fields._specs(
    ("token", "str"),
    ("pack_key", "str"),
    ("mission_code", "str"),
    ("initial_args", "json"),
    ("state", "json"),
    ("finished", "bool"),
    ("created_at", "datetime"),
    ("updated_at", "datetime"),
)
ACTION = fields._specs(
    ("seq", "int"), ("actor", "str"), ("action", "json"), ("created_at", "datetime")
)


def map_actor(actor: str, mapper) -> str:
    """A tracker action's actor: "player:<id>", "user:<id>", "link" or "system"."""
    kind, sep, ident = (actor or "").partition(":")
    if sep and kind in ("player", "user"):
        return f"{kind}:{mapper(kind, ident)}"
    return actor


def _keys(event) -> dict:
    return {}  # no log entry names a tracked game


def _dump(event, keys) -> dict:
    # Always written, empty for an event nobody tracked: files have always had the section.
    tracked = TrackedGame.objects.filter(game__round__event=event).select_related("result")
    tracked = sorted(tracked, key=lambda t: keys.games[t.game_id])
    actions: dict[int, list[TrackedAction]] = {}
    for action in TrackedAction.objects.filter(tracked__in=tracked).order_by("tracked", "seq"):
        actions.setdefault(action.tracked_id, []).append(action)
    return {
        SECTION: [
            {
                **fields.dump_fields(TRACKED, t),
                "game": keys.games[t.game_id],
                "result_version": t.result.version if t.result_id else None,
                "actions": [
                    {**fields.dump_fields(ACTION, a), "actor": map_actor(a.actor, keys.ref)}
                    for a in actions.get(t.pk, [])
                ],
            }
            for t in tracked
        ]
    }


def _read_actions(data: dict, path: str, known: dict) -> list:
    actions, seqs = [], set()
    for j, row in enumerate(fields.as_list(data.get("actions"), f"{path}.actions")):
        where = f"{path}.actions[{j}]"
        action = fields.load_fields(ACTION, row, where)
        if action["seq"] in seqs:
            raise bad(f"{where}.seq", f"a second action number {action['seq']}.")
        seqs.add(action["seq"])
        map_actor(action["actor"], refs_checker(known, f"{where}.actor", set()))
        if action["actor"].startswith("user:"):
            known["usernames"].add(action["actor"][5:])
        actions.append(action)
    return actions


def _read(document: dict, known: dict) -> tuple[list, dict]:
    """A file written before the tracker existed has no section: nothing tracked."""
    plan, tokens, games = [], set(), set()
    versions = known["result_versions"]
    for i, data in enumerate(fields.as_list(document.get(SECTION, []), SECTION)):
        path = f"{SECTION}[{i}]"
        values = fields.load_fields(TRACKED, data, path)
        game = key_ref(data, "game", path, known["game"], "game", null=False)
        if game in games:
            raise bad(f"{path}.game", f"game '{game}' is tracked twice.")
        games.add(game)
        if values["token"] in tokens:
            raise bad(f"{path}.token", "the same link as another tracked game.")
        tokens.add(values["token"])
        version = data.get("result_version")
        if version is not None and version not in versions[game]:
            raise bad(f"{path}.result_version", f"game '{game}' has no result version {version}.")
        plan.append((values, game, version, _read_actions(data, path, known)))
    return plan, {}


def _write(event, plan: list, ids) -> None:
    _write_tracked(plan, ids)


def _write_tracked(plan: list, ids) -> None:
    # Like private keys: kept only for a trusted importer, else all renewed (a kept free link
    # and a renewed taken one would tell an importer which links exist here).
    taken = set(
        TrackedGame.objects.filter(token__in=[v["token"] for v, *_ in plan]).values_list(
            "token", flat=True
        )
        if ids.trusted
        else (v["token"] for v, *_ in plan)
    )
    rows = []
    for values, game, version, _ in plan:
        data = dict(values)
        if data["token"] in taken:
            data["token"] = new_tracker_token()
            ids.report.new_tokens += 1
        tracked = TrackedGame(
            **data,
            game_id=ids.kinds["game"][game],
            result_id=ids.results.get((game, version)) if version is not None else None,
        )
        rows.append((tracked, values))
    TrackedGame.objects.bulk_create([t for t, _ in rows])
    restamp(TrackedGame, rows, created_at=True, updated_at=True)
    actions = []
    for (tracked, _), (_, _, _, items) in zip(rows, plan, strict=True):
        for values in items:
            action = TrackedAction(
                tracked=tracked,
                seq=values["seq"],
                actor=map_actor(values["actor"], ids.ref),
                action=values["action"],
            )
            actions.append((action, values))
    TrackedAction.objects.bulk_create([a for a, _ in actions], batch_size=500)
    restamp(TrackedAction, actions, created_at=True)


EXTENSION = ExchangeExtension(
    name=SECTION,
    keys=_keys,
    dump=_dump,
    read=_read,
    write=_write,
    sections=(SECTION,),
    order=0,
)


def register() -> None:
    exchange_extension_register(EXTENSION)
