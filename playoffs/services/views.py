"""The play-offs as the API and pages show them: every match with its players (seed and
name), game, table and winner, in round order; who the champion is once it is decided."""

from __future__ import annotations

from playoffs.engine import ABSENT, KNOCKOUT_TIEBREAKS
from playoffs.engine.team_tiebreak import TEAM_KNOCKOUT_TIEBREAKS
from playoffs.models import Playoff
from playoffs.services.bracket import entrant_names, playoff_read, seed_player
from playoffs.services.team_bracket import team_of_player
from tournament.models import Event
from tournament.services.players.public import public_names_of


def _who(playoff: Playoff, pid) -> dict:
    """A seed's id under its kind: "player", or "team" in a team event's bracket (the other
    null), so a reader never mistakes a team's id for a player's."""
    teams = playoff.entrants == "teams"
    return {"player": None if teams else pid, "team": pid if teams else None}


def _slot(playoff: Playoff, seed, names) -> dict | None:
    if seed is None:
        return None  # still to be decided by an earlier match
    if seed == ABSENT:
        return {"seed": None, "player": None, "team": None, "name": "Bye"}
    pid = seed_player(playoff, seed)
    return {"seed": seed, **_who(playoff, pid), "name": names.get(pid, "")}


def playoff_tiebreak_text(playoff: Playoff) -> str:
    rules = TEAM_KNOCKOUT_TIEBREAKS if playoff.entrants == "teams" else KNOCKOUT_TIEBREAKS
    return rules[playoff.knockout_tiebreak]


def playoff_view(*, event: Event, public: bool = False) -> dict | None:
    """`public`: players by the event's public names (issue 36; teams keep their names)."""
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        return None
    read = playoff_read(playoff)
    names = entrant_names(playoff, playoff.seeds)
    shown = public_names_of(event) if public and playoff.entrants == "players" else None
    if shown is not None:
        names = {pid: shown.get(pid, name) for pid, name in names.items()}
    matches = []
    for s in read["states"]:
        slot = read["slots"].get(s.match.id)
        game = slot.game if slot and playoff.entrants == "players" else None
        result = read["results"].get(game.pk) if game else None
        void = s.seed_a == ABSENT and s.seed_b == ABSENT
        if void and s.match.reset_of:
            continue  # a grand-final reset that was not needed
        matches.append(
            {
                "id": s.match.id,
                "stage": s.match.stage,
                "label": s.match.label,
                "round": s.round,
                "a": _slot(playoff, s.seed_a, names),
                "b": _slot(playoff, s.seed_b, names),
                "bye": s.walkover and not void,
                "game": None
                if game is None
                else {
                    "id": game.pk,
                    "round": game.round.number,
                    "table": game.table_number,
                    "vp_a": result.vp_a if result else None,
                    "vp_b": result.vp_b if result else None,
                    "result_status": result.status if result else None,
                },
                "team_match": read["team_matches"].get(s.match.id),
                "winner": None
                if s.winner in (None, ABSENT)
                else {"seed": s.winner, **_who(playoff, seed_player(playoff, s.winner))},
            }
        )
    champion = seed_player(playoff, read["champion"])
    return {
        "format": playoff.format,
        "size": playoff.size,
        "entrants": playoff.entrants,
        "third_place": playoff.third_place,
        "qualifier": [playoff.qualifier_from, playoff.qualifier_to]
        if playoff.qualifier_from
        else None,
        "shadow": [playoff.shadow_from, playoff.shadow_to] if playoff.shadow_from else None,
        "grand_final_reset": playoff.grand_final_reset,
        "seeding": playoff.seeding,
        "knockout_tiebreak": playoff.knockout_tiebreak,
        "knockout_tiebreak_text": playoff_tiebreak_text(playoff),
        "after_round": playoff.after_round,
        "started": bool(read["slots"]),
        "complete": read["placings"] is not None,
        "seeds": [
            {"seed": i + 1, **_who(playoff, pid), "name": names.get(pid, "")}
            for i, pid in enumerate(playoff.seeds)
        ],
        "matches": matches,
        "champion": None
        if champion is None
        else {**_who(playoff, champion), "name": names[champion]},
    }


def player_next_game(*, event: Event, player_id: int) -> dict | None:
    """The player's knockout game still to play, or the one they wait for: who and where."""
    view = playoff_view(event=event)
    if view is None:
        return None
    key, me = "player", player_id
    if view["entrants"] == "teams":
        # A team bracket: the player's team's next match, at its first table.
        key, me = "team", team_of_player(player_id)
        if me is None:
            return None
    for m in view["matches"]:
        sides = [m["a"], m["b"]]
        mine = [x for x in sides if x and x[key] == me]
        if not mine or m["winner"] is not None or m["bye"]:
            continue
        other = sides[1] if sides[0] is mine[0] else sides[0]
        played = m["game"] or m["team_match"]
        table = None
        if m["game"]:
            table = m["game"]["table"]
        elif m["team_match"] and m["team_match"]["tables"]:
            table = m["team_match"]["tables"][0]
        return {
            "label": m["label"],
            "opponent": other["name"] if other else None,
            "table": table,
            "round": played["round"] if played else None,
        }
    return None


def stage_words(labels: list[str]) -> str:
    """Matches' labels as one stage in words: "quarter-finals", "the final", "semi-finals and
    the third-place match" (each label once; a label of several matches in the plural)."""
    parts = []
    for label in dict.fromkeys(labels):
        count = labels.count(label)
        words = label[0].lower() + label[1:]
        if count > 1 and words.endswith(("final", "qualifier", "match")):
            words += "es" if words.endswith("match") else "s"
        elif count == 1:
            words = f"the {words}"
        parts.append(words)
    return " and ".join(parts)


def playoff_next_stage(*, event: Event) -> str:
    """The stage the next knockout round pairs, in words ("the semi-finals"), or ""."""
    view = playoff_view(event=event)
    if view is None:
        return ""
    todo = [
        m
        for m in view["matches"]
        if m["winner"] is None and not m["bye"] and m["game"] is None and not m["team_match"]
    ]
    if not todo:
        return ""
    first = min(m["round"] for m in todo)
    words = stage_words([m["label"] for m in todo if m["round"] == first])
    return words if words.startswith("the ") else f"the {words}"


def round_stage_words(*, event: Event, round_) -> str:
    """A paired knockout round's stage in words, from its games ("Quarter-finals")."""
    view = playoff_view(event=event)
    if view is None:
        return ""
    labels = [
        m["label"] for m in view["matches"] if m["game"] and m["game"]["round"] == round_.number
    ]
    if not labels and view["entrants"] == "teams":
        labels = [
            m["label"]
            for m in view["matches"]
            if m["team_match"] and m["team_match"].get("round") == round_.number
        ]
    words = stage_words(labels)
    words = words.removeprefix("the ")
    return words[:1].upper() + words[1:]
