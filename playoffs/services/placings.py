"""Final placings: the bracket decides its players' places (later eliminations higher, equal
ones by seed, that is by the Swiss), then everyone else in their Swiss order."""

from __future__ import annotations

from playoffs.models import Playoff
from playoffs.services.bracket import playoff_read
from playoffs.services.team_bracket import team_placings_rest
from tournament.models import Event
from tournament.services.standings.standings import standings_compute


def playoff_placings(
    *, event: Event, rows: list[dict] | None = None, team_rows: list[dict] | None = None
) -> dict:
    """{"complete", "champion", "placings": [{"place", "player", "team", "name",
    "decided_by"}]}; placings are empty until the bracket is finished. A team bracket places
    teams (`team` set, `player` null), the rest by the team standings."""
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        return {"complete": False, "champion": None, "placings": []}
    read = playoff_read(playoff)
    order = read["placings"]
    if order is None:
        return {"complete": False, "champion": None, "placings": []}
    teams = playoff.entrants == "teams"
    if teams:
        ranked = team_placings_rest(event, team_rows)
    else:
        if rows is None:
            rows = standings_compute(event=event)
        ranked = [(r["player"], r["name"]) for r in rows]
    names = dict(ranked)
    bracket = [playoff.seeds[seed - 1] for seed in order]
    placed = set(bracket)
    rest = [pid for pid, _ in ranked if pid not in placed]
    out = [
        {
            "place": i + 1,
            "player": None if teams else pid,
            "team": pid if teams else None,
            "name": names.get(pid, ""),
            "decided_by": how,
        }
        for i, (pid, how) in enumerate(
            [(p, "playoffs") for p in bracket] + [(p, "swiss") for p in rest]
        )
    ]
    champion = playoff.seeds[read["champion"] - 1] if read["champion"] else None
    return {"complete": True, "champion": champion, "placings": out}


def standings_final_place(event: Event, rows: list[dict]) -> None:
    """The standings rows' `final_place` (a hook the tournament app calls): the place the
    finished play-offs give, null until then; events without play-offs get no key."""
    if not Playoff.objects.filter(event=event, entrants="players").exists():
        return  # a team bracket places teams, not the players of these rows
    places = {p["player"]: p["place"] for p in playoff_placings(event=event, rows=rows)["placings"]}
    for row in rows:
        row["final_place"] = places.get(row["player"])


def team_standings_final_place(event: Event, rows: list[dict]) -> None:
    """The team standings rows' `final_place` (a hook the teams app calls): the place a
    finished team bracket gives, null until then. The rows are passed on, so reading the
    placings does not compute the team standings again (nor call this hook back)."""
    if not Playoff.objects.filter(event=event, entrants="teams").exists():
        return
    placed = playoff_placings(event=event, team_rows=rows)["placings"]
    places = {p["team"]: p["place"] for p in placed}
    for row in rows:
        row["final_place"] = places.get(row["team"])
