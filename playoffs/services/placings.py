"""Final placings: the bracket decides its players' places (later eliminations higher, equal
ones by seed, that is by the Swiss), then everyone else in their Swiss order."""

from __future__ import annotations

from playoffs.models import Playoff
from playoffs.services.bracket import playoff_read
from tournament.models import Event
from tournament.services.standings import standings_compute


def playoff_placings(*, event: Event, rows: list[dict] | None = None) -> dict:
    """{"complete", "champion", "placings": [{"place", "player", "name", "decided_by"}]};
    placings are empty until the bracket is finished."""
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        return {"complete": False, "champion": None, "placings": []}
    read = playoff_read(playoff)
    order = read["placings"]
    if order is None:
        return {"complete": False, "champion": None, "placings": []}
    if rows is None:
        rows = standings_compute(event=event)
    names = {r["player"]: r["name"] for r in rows}
    bracket = [playoff.seeds[seed - 1] for seed in order]
    placed = set(bracket)
    rest = [r["player"] for r in rows if r["player"] not in placed]
    out = [
        {"place": i + 1, "player": pid, "name": names.get(pid, ""), "decided_by": how}
        for i, (pid, how) in enumerate(
            [(p, "playoffs") for p in bracket] + [(p, "swiss") for p in rest]
        )
    ]
    champion = playoff.seeds[read["champion"] - 1] if read["champion"] else None
    return {"complete": True, "champion": champion, "placings": out}


def standings_final_place(event: Event, rows: list[dict]) -> None:
    """The standings rows' `final_place` (a hook the tournament app calls): the place the
    finished play-offs give, null until then; events without play-offs get no key."""
    if not Playoff.objects.filter(event=event).exists():
        return
    places = {p["player"]: p["place"] for p in playoff_placings(event=event, rows=rows)["placings"]}
    for row in rows:
        row["final_place"] = places.get(row["player"])
