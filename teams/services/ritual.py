"""The captains' pairing ritual of a team match: read it as captain or organiser, act in it.

Each action runs under the match's row lock, checks the asker's role (captain A, captain B,
or an organiser or judge acting for either team), hands the choice to the pure engine
(teams/engine/ritual.py), saves the new state with the action in the log, and writes an audit
entry in words. A commit is logged without the name chosen (the log must not leak a secret);
the reveal names both sides' choices. When the ritual ends the games are created with their
tables by `team_match_pair_players`.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Forbidden, Invalid, NotFound
from teams.engine import ritual as engine
from teams.models.ritual import RitualSetting, TeamMatchRitual
from teams.models.teams import Team, TeamMatch
from teams.services.common import require_team_event
from teams.services.matches import team_match_pair_players
from tournament.models import Event, Player
from tournament.services.audit.log import audit_record
from tournament.services.audit.words import audit_words_register
from tournament.services.events.access import (
    event_hidden_from,
    require_judge,
    require_organiser,
    user_can_judge,
    user_can_manage,
)
from tournament.services.events.archive import event_require_writable

AUDIT_ACTION = "team_ritual"
NOT_CAPTAIN = gettext_lazy(
    "Only the two captains of this match, or its organisers, take part in its ritual."
)
NO_MATCH = gettext_lazy("No such team match.")
STEP_WORDS = {
    engine.STEP_CHAMPION: "champion",
    engine.STEP_DEFENDER: "defender",
    engine.STEP_ATTACKERS: "attackers",
    engine.STEP_CHOICE: "choice of attacker",
    engine.STEP_DONE: "done",
}


# Setting ---------------------------------------------------------------------------------------


def ritual_variant_of(event: Event) -> str:
    setting = RitualSetting.objects.filter(event_id=event.pk).first()
    return setting.variant if setting else engine.DEFAULT_VARIANT


def ritual_setting_update(*, event_id: int, variant, user) -> str:
    """Choose the ritual variant for the event's team matches not yet started."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise NotFound("event", "not_found", gettext("No such event."))
        require_organiser(user, event)
        require_team_event(event)
        if variant not in engine.VARIANTS:
            names = ", ".join(engine.VARIANTS)
            raise Invalid(
                "variant",
                "invalid_choice",
                gettext("The ritual variant must be one of %(names)s.") % {"names": names},
            )
        before = ritual_variant_of(event)
        if before == variant:
            return variant
        RitualSetting.objects.update_or_create(event=event, defaults={"variant": variant})
        audit_record(
            event=event,
            action="team_ritual_variant",
            target=f"event:{event.pk}",
            user=user,
            before={"variant": before},
            after={"variant": variant},
        )
        return variant


# Reading ---------------------------------------------------------------------------------------


def _match(match_id: int, *, lock: bool = False) -> TeamMatch:
    rows = TeamMatch.objects.select_related(
        "team_round__event", "team_a__captain", "team_b__captain"
    )
    if lock:
        rows = rows.select_for_update(of=("self",))
    match = rows.filter(pk=match_id).first()
    if match is None:
        raise NotFound("match", "not_found", NO_MATCH)
    return match


def _hidden_from(event: Event, *, user=None, player: Player | None = None) -> bool:
    """A hidden event's match exists only for its staff and its own players."""
    if player is not None and player.event_id == event.pk:
        return False
    return event_hidden_from(user, event)


def ritual_match_require_known(*, match_id: int, user=None, player: Player | None = None) -> None:
    """404 (`match` `not_found`, as for a match that never was) unless the asker may know the
    match exists: checked before a signed-out visitor is asked to sign in or send a key."""
    match = _match(match_id)
    if _hidden_from(match.team_round.event, user=user, player=player):
        raise NotFound("match", "not_found", NO_MATCH)


def _role(match: TeamMatch, *, user, player: Player | None) -> str:
    """ "a" or "b" for a captain, "organiser" for the event's organisers and judges."""
    event = match.team_round.event
    if player is not None:
        for side, team in (("a", match.team_a), ("b", match.team_b)):
            if team is not None and team.captain_id == player.pk:
                return side
        if _hidden_from(event, player=player):
            raise NotFound("match", "not_found", NO_MATCH)  # as if it did not exist
        raise Forbidden("key", "not_captain", NOT_CAPTAIN)
    if user is None or not user_can_judge(user, event):
        if event.hidden:
            raise NotFound("match", "not_found", NO_MATCH)
        require_judge(user, event)
    return "organiser"


def _players(team: Team) -> list[Player]:
    return [m.player for m in team.members.select_related("player").order_by("player__name")]


def captain_matches(*, player: Player) -> list[TeamMatch]:
    """The team matches this player captains with an opponent, the latest round first."""
    return list(
        TeamMatch.objects.filter(Q(team_a__captain=player) | Q(team_b__captain=player))
        .exclude(team_b=None)
        .select_related("team_round", "team_a", "team_b")
        .order_by("-team_round__number", "number")
    )


def _fresh_state(match: TeamMatch) -> dict:
    if match.team_b_id is None:
        raise Conflict(
            "match", "bye", gettext("A team with a bye has no opponent to pair against.")
        )
    event = match.team_round.event
    try:
        return engine.new_ritual(
            [p.pk for p in _players(match.team_a)],
            [p.pk for p in _players(match.team_b)],
            variant=ritual_variant_of(event),
        )
    except engine.RitualError as err:
        raise Invalid.from_rule(err) from err


def _names(match: TeamMatch) -> dict[int, Player]:
    ids = [m.player_id for m in match.team_a.members.all()]
    if match.team_b_id:
        ids += [m.player_id for m in match.team_b.members.all()]
    return {p.pk: p for p in Player.objects.filter(pk__in=ids)}


def ritual_state(*, match_id: int, user=None, player: Player | None = None) -> dict:
    """The ritual as the asker may see it (captain A, captain B or organiser)."""
    match = _match(match_id)
    role = _role(match, user=user, player=player)
    row = TeamMatchRitual.objects.filter(match_id=match.pk).first()
    if row is None and match.players_paired_at is not None:
        raise Conflict(
            "match", "paired_without_ritual", gettext("This match was paired by the organiser.")
        )
    state = row.state if row is not None else _fresh_state(match)
    return _present(match, state, role)


def _present(match: TeamMatch, state: dict, role: str) -> dict:
    people = _names(match)

    def person(pid):
        p = people.get(pid)
        return {"id": pid, "name": p.name if p else "?", "faction": p.faction if p else ""}

    def people_of(value):
        if value is None:
            return None
        if isinstance(value, list):
            return [person(v) for v in value]
        return person(value)

    side = role if role in engine.SIDES else None
    seen = engine.view(state, side)
    acting = [side] if side else list(engine.SIDES)
    options = {
        s: [person(p) for p in engine.options(state, s)]
        for s in acting
        if not engine.is_done(state) and not state["pending"][s]
    }
    tables = _tables(match, state)
    return {
        "match": {
            "id": match.pk,
            "event_id": match.team_round.event_id,
            "round": match.team_round.number,
            "number": match.number,
            "team_a": {"id": match.team_a_id, "name": match.team_a.name},
            "team_b": {"id": match.team_b_id, "name": match.team_b.name},
        },
        "you": role,
        "variant": seen["variant"],
        "variant_label": seen["variant_label"],
        "size": seen["size"],
        "round": seen["round"],
        "step": seen["step"],
        "step_label": STEP_WORDS[seen["step"]],
        "done": seen["done"],
        "version": seen["version"],
        "committed": seen["committed"],
        "my_choice": people_of(seen.get("my_choice")),
        "options": options,
        "pool": {s: [person(p) for p in seen["pool"][s]] for s in engine.SIDES},
        "current": {
            step: {s: people_of(v) for s, v in by_side.items()}
            for step, by_side in seen["current"].items()
        },
        "games": [
            {"table": tables.get(i), "a": person(g["a"]), "b": person(g["b"]), "how": g["how"]}
            for i, g in enumerate(seen["games"])
        ],
        "record": ritual_words(match, state, people),
    }


def _tables(match: TeamMatch, state: dict) -> dict[int, int]:
    """Once the games exist, each ritual game's table (by its place in the ritual)."""
    if not engine.is_done(state):
        return {}
    by_pair = {}
    for mg in match.match_games.select_related("game"):
        g = mg.game
        by_pair[frozenset((g.player_a_id, g.player_b_id))] = g.table_number
    return {
        i: by_pair.get(frozenset((g["a"], g["b"])))
        for i, g in enumerate(state["games"])
        if frozenset((g["a"], g["b"])) in by_pair
    }


def ritual_words(match: TeamMatch, state: dict, people: dict[int, Player] | None = None) -> list:
    """Each revealed step of the ritual in words, then the games, for pages and print."""
    people = people if people is not None else _names(match)
    team = {"a": match.team_a.name, "b": match.team_b.name if match.team_b_id else "—"}

    def name(pid):
        p = people.get(pid)
        return p.name if p else "?"

    lines = []
    for entry in state["history"]:
        rnd, step = entry["round"], entry["step"]
        head = f"Round {rnd}: " if rnd else ""
        if step == engine.STEP_CHAMPION:
            words = [f"{team[s]} named {name(entry[s])} as champion" for s in engine.SIDES]
        elif step == engine.STEP_DEFENDER:
            words = [f"{team[s]} put forward {name(entry[s])} as defender" for s in engine.SIDES]
        elif step == engine.STEP_ATTACKERS:
            verb = "had only" if entry.get("forced") else "sent"
            words = [
                f"{team[s]} {verb} {name(entry[s][0])} and {name(entry[s][1])} as attackers"
                for s in engine.SIDES
            ]
        else:
            words = [f"{team[s]} chose {name(entry[s])}" for s in engine.SIDES]
        lines.append(head + "; ".join(words) + ".")
    return lines


# Acting ----------------------------------------------------------------------------------------


def _action(data: dict, role: str) -> tuple[str, dict]:
    if not isinstance(data, dict):
        raise Invalid("non_field_errors", "invalid", gettext("The action must be a JSON object."))
    if role == "organiser":
        side = data.get("side")
        if side not in engine.SIDES:
            raise Invalid(
                "side", "required", gettext("Say which team you act for: side 'a' or 'b'.")
            )
    else:
        side = role
        if data.get("side") not in (None, side):
            raise Forbidden(
                "side", "not_your_side", gettext("A captain acts only for their own team.")
            )
    step = data.get("step")
    if not isinstance(step, str):
        raise Invalid("step", "required", gettext("Say which step you act on."))
    action = {"step": step}
    if step == engine.STEP_ATTACKERS:
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, int) for p in players):
            raise Invalid(
                "players", "invalid", gettext("Give the two attackers as a list of player ids.")
            )
        action["players"] = players
    else:
        pid = data.get("player")
        if not isinstance(pid, int) or isinstance(pid, bool):
            raise Invalid("player", "invalid", gettext("Give the player as a player id."))
        action["player"] = pid
    return side, action


def _lock_event_of(match_id: int) -> Event:
    """Lock the match's event first: the order the team services take their locks (the event,
    then the match), so the ritual's last action, which pairs the match, cannot deadlock."""
    event_id = (
        TeamMatch.objects.filter(pk=match_id).values_list("team_round__event_id", flat=True).first()
    )
    if event_id is None:
        raise NotFound("match", "not_found", NO_MATCH)
    return Event.objects.select_for_update().get(pk=event_id)


def ritual_act(*, match_id: int, data: dict, user=None, player: Player | None = None) -> dict:
    """Commit one side's choice; returns the ritual as the asker now sees it."""
    with transaction.atomic():
        _lock_event_of(match_id)
        match = _match(match_id, lock=True)
        role = _role(match, user=user, player=player)
        event_require_writable(match.team_round.event)
        side, action = _action(data, role)
        row = TeamMatchRitual.objects.select_for_update().filter(match_id=match.pk).first()
        if row is None:
            if match.players_paired_at is not None:
                raise Conflict(
                    "match", "already_paired", gettext("This match's players are paired.")
                )
            state = _fresh_state(match)
            row = TeamMatchRitual(
                match=match,
                variant=state["variant"],
                state=state,
                started_by=user if user is not None and user.is_authenticated else None,
            )
        version = data.get("version")
        # Stale only if this side's options changed since the page was read: the other
        # side's hidden commit does not count, so both captains may choose at once.
        if version is not None and not engine.is_current(row.state, side, version):
            raise Conflict(
                "version",
                "stale",
                gettext("The ritual moved on since this page was loaded: look again and choose."),
            )
        try:
            new = engine.apply(row.state, side, action)
        except engine.RitualError as err:
            raise Invalid.from_rule(err) from err
        by = "organiser" if role == "organiser" else "captain"
        row.log = [
            *row.log,
            {
                "side": side,
                "action": action,
                "by": by,
                "user": user.pk if by == "organiser" else None,
                "at": timezone.now().isoformat(),
            },
        ]
        row.state = new
        if engine.is_done(new):
            row.finished_at = timezone.now()
        row.save()
        _audit(match, row, side, action, new, user=user, player=player)
        if engine.is_done(new):
            _pair_games(match, new, user=user)
        return _present(match, new, role)


def _audit(match, row, side, action, new, *, user, player) -> None:
    team = match.team_a if side == "a" else match.team_b
    step = STEP_WORDS[action["step"]]
    words = f"{team.name} made its {step} choice in team match {match.number}"
    if new["history"] and new["version"] and not any(new["pending"].values()):
        # This action revealed the step: the entry names what both sides chose.
        revealed = ritual_words(match, {"history": [new["history"][-1]]})
        if new["history"][-1].get("forced") and len(new["history"]) > 1:
            revealed = ritual_words(match, {"history": new["history"][-2:]})
        words += ". " + " ".join(revealed)
    audit_record(
        event=match.team_round.event,
        action=AUDIT_ACTION,
        target=f"team_match:{match.pk}",
        user=user,
        player=player,
        after={"words": words, "version": new["version"]},
    )


def _pair_games(match: TeamMatch, state: dict, *, user) -> None:

    pairs = [(g["a"], g["b"]) for g in state["games"]]
    # A judge may run the ritual but only organisers pair: the games are then the ritual's own.
    event = match.team_round.event
    by = user if user is not None and user_can_manage(user, event) else None
    team_match_pair_players(match=match, pairs=pairs, user=by, source="ritual")


def _words(entry) -> str:
    return (entry.after or {}).get("words", entry.target)


def _variant_words(entry) -> str:
    before = (entry.before or {}).get("variant", "")
    after = (entry.after or {}).get("variant", "")

    def label(key):
        return engine.VARIANTS.get(key, {}).get("label", key)

    return f"Pairing ritual: {label(before)} → {label(after)}"


def register_words() -> None:
    audit_words_register(AUDIT_ACTION, "Pairing ritual", _words)
    audit_words_register("team_ritual_variant", "Pairing ritual variant", _variant_words)


def ritual_reset(*, match_id: int, user) -> None:
    """Start a match's ritual again (organisers): allowed while its players are not paired,
    e.g. after a captain's slip or after the pairing it made was undone. Logged with the record
    of the ritual taken back."""
    with transaction.atomic():
        event = _lock_event_of(match_id)
        if _hidden_from(event, user=user):
            raise NotFound("match", "not_found", NO_MATCH)
        require_organiser(user, event)
        event_require_writable(event)
        match = _match(match_id, lock=True)
        row = TeamMatchRitual.objects.select_for_update().filter(match_id=match.pk).first()
        if row is None:
            raise Conflict("match", "not_started", gettext("This match's ritual has not started."))
        if match.match_games.exists():
            raise Conflict(
                "match",
                "already_paired",
                gettext(
                    "The players of %(name)s v %(name2)s are paired; take back that pairing first."
                )
                % {"name": match.team_a.name, "name2": match.team_b.name},
            )
        record = ritual_words(match, row.state)
        row.delete()
        audit_record(
            event=event,
            action=AUDIT_ACTION,
            target=f"team_match:{match.pk}",
            user=user,
            before={"record": record},
            after={
                "words": f"The ritual of {match.team_a.name} v {match.team_b.name} was started "
                "again"
            },
        )
