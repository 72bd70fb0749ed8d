"""The play-offs as the API and pages show them: every match with its players (seed and
name), game, table and winner, in round order; who the champion is once it is decided."""

from __future__ import annotations

from playoffs.engine import ABSENT, KNOCKOUT_TIEBREAKS
from playoffs.models import Playoff
from playoffs.services.bracket import names_of, playoff_read, seed_player
from tournament.models import Event


def _slot(playoff: Playoff, seed, names) -> dict | None:
    if seed is None:
        return None  # still to be decided by an earlier match
    if seed == ABSENT:
        return {"seed": None, "player": None, "name": "Bye"}
    pid = seed_player(playoff, seed)
    return {"seed": seed, "player": pid, "name": names.get(pid, "")}


def playoff_view(*, event: Event) -> dict | None:
    playoff = Playoff.objects.filter(event=event).first()
    if playoff is None:
        return None
    read = playoff_read(playoff)
    names = names_of(playoff.seeds)
    matches = []
    for s in read["states"]:
        slot = read["slots"].get(s.match.id)
        game = slot.game if slot else None
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
                "winner": None
                if s.winner in (None, ABSENT)
                else {"seed": s.winner, "player": seed_player(playoff, s.winner)},
            }
        )
    champion = seed_player(playoff, read["champion"])
    return {
        "format": playoff.format,
        "size": playoff.size,
        "qualifier": [playoff.qualifier_from, playoff.qualifier_to]
        if playoff.qualifier_from
        else None,
        "shadow": [playoff.shadow_from, playoff.shadow_to] if playoff.shadow_from else None,
        "grand_final_reset": playoff.grand_final_reset,
        "seeding": playoff.seeding,
        "knockout_tiebreak": playoff.knockout_tiebreak,
        "knockout_tiebreak_text": KNOCKOUT_TIEBREAKS[playoff.knockout_tiebreak],
        "after_round": playoff.after_round,
        "started": bool(read["slots"]),
        "complete": read["placings"] is not None,
        "seeds": [
            {"seed": i + 1, "player": pid, "name": names.get(pid, "")}
            for i, pid in enumerate(playoff.seeds)
        ],
        "matches": matches,
        "champion": None
        if champion is None
        else {
            "player": champion,
            "name": names[champion],
        },
    }


def player_next_game(*, event: Event, player_id: int) -> dict | None:
    """The player's knockout game still to play, or the one they wait for: who and where."""
    view = playoff_view(event=event)
    if view is None:
        return None
    for m in view["matches"]:
        sides = [m["a"], m["b"]]
        mine = [x for x in sides if x and x["player"] == player_id]
        if not mine or m["winner"] is not None or m["bye"]:
            continue
        other = sides[1] if sides[0] is mine[0] else sides[0]
        return {
            "label": m["label"],
            "opponent": other["name"] if other else None,
            "table": m["game"]["table"] if m["game"] else None,
            "round": m["game"]["round"] if m["game"] else None,
        }
    return None
