"""Creating and configuring events."""

from __future__ import annotations

import datetime
import logging
import random

from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext

from common.errors import Conflict, Forbidden, Invalid
from missions.scoring.rules import scoring_rules
from missions.services.missions import (
    mission_pack_check,
    mission_pack_edition,
    mission_seed_draw,
    pool_codes,
)
from tournament.extensions import EVENT_UPDATE_CHECKS
from tournament.localtime import zone_is_known
from tournament.models import (
    Event,
    EventStaff,
    Player,
    PlayerStatus,
    PrintJob,
    Round,
    RoundStage,
    StaffRole,
)
from tournament.models.event import (
    BATTLE_SIZE_POINTS,
    TEAM_SIZE_MAX,
    TEAM_SIZE_MIN,
    BattleSize,
    EventKind,
    EventStatus,
    PaperSize,
    PublicNames,
)
from tournament.services.audit.log import audit_changes, audit_record, undo_check, undoable
from tournament.services.audit.targets import audit_edit_check, audit_restore, audit_restores
from tournament.services.events.access import require_organiser, user_can_create_events
from tournament.services.events.archive import event_require_writable
from tournament.services.events.extra_fields import (
    extra_clean,
    extra_editable,
    extra_read,
    extra_split,
    extra_write,
)
from tournament.services.events.language import language_choices, language_is_offered
from tournament.services.events.settings import EDITABLE
from tournament.services.events.status import event_status_clean
from tournament.services.players.checkin import check_in_settings_clean
from tournament.services.players.names import text_checked
from tournament.services.players.registration import registration_move_up
from tournament.services.rounds.eleventh import layout_policy_clean, table_layouts_clean
from tournament.services.standings.standings import metric_names, owr_floor_clean

BOOLEAN_SETTINGS = (
    "hidden",
    "avoid_same_club",
    "check_in_required",
    "review_pairings",
    "check_in_open",
    "registration_open",
    "registration_approval",
    "archived",
    "status_auto",
)
# More places than any venue holds is a typing slip, not a cap.
PLACES_MAX = 10_000


def _check_tiebreaks(value) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise Invalid("tiebreaks", "invalid", gettext("Must be a list of metric names."))
    known = metric_names()
    for name in value:
        if name not in known:
            raise Invalid(
                "tiebreaks",
                "unknown_metric",
                gettext("Unknown metric '%(name)s'; choose from %(join)s.")
                % {"name": name, "join": ", ".join(sorted(known))},
            )
    if len(set(value)) != len(value):
        raise Invalid("tiebreaks", "duplicate", gettext("Each metric may appear once."))
    return value


def _check_mission_order(value, pack: str) -> list[str]:
    codes = pool_codes(pack)
    if not codes and value:
        raise Invalid(
            "mission_order",
            "no_pool",
            gettext("This mission pack has no mission pool: each round gets a generated mission."),
        )
    if not isinstance(value, list) or any(code not in codes for code in value):
        raise Invalid(
            "mission_order",
            "unknown_mission",
            gettext("Must list pool codes from %(join)s.") % {"join": ", ".join(codes)},
        )
    return value


def _check_pack(value) -> str:
    """A pack the missions app knows and the results can be scored by."""
    if not isinstance(value, str) or not value.strip():
        raise Invalid("mission_pack", "unknown_pack", gettext("Must name a mission pack."))
    key = value.strip()
    mission_pack_check(key)
    scoring_rules(key)
    return key


def _drawn_order(pack: str, seed) -> list[str]:
    codes = pool_codes(pack)
    random.Random(seed).shuffle(codes)
    return codes


def _clean_choices(clean: dict) -> None:
    if "battle_size" in clean:
        if clean["battle_size"] not in BattleSize.values:
            raise Invalid("battle_size", "invalid_choice", gettext("Unknown battle size."))
        clean.setdefault("points_limit", BATTLE_SIZE_POINTS[BattleSize(clean["battle_size"])])
    for field in BOOLEAN_SETTINGS:
        if field in clean and not isinstance(clean[field], bool):
            raise Invalid(field, "invalid", gettext("Must be true or false."))
    if "kind" in clean and clean["kind"] not in EventKind.values:
        raise Invalid("kind", "invalid_choice", gettext("Must be singles or team."))
    if "status" in clean and clean["status"] not in EventStatus.values:
        raise Invalid("status", "invalid_choice", gettext("Unknown status."))
    if "paper_size" in clean and clean["paper_size"] not in PaperSize.values:
        raise Invalid("paper_size", "invalid_choice", gettext("Must be A4 or letter."))
    if "public_names" in clean and clean["public_names"] not in PublicNames.values:
        raise Invalid(
            "public_names", "invalid_choice", gettext("Must be full, initial or nickname.")
        )
    if "time_zone" in clean and not zone_is_known(clean["time_zone"]):
        raise Invalid(
            "time_zone",
            "unknown_time_zone",
            gettext("Must be a time zone name such as Europe/London or America/New_York."),
        )
    if "language" in clean and not language_is_offered(clean["language"]):
        raise Invalid(
            "language",
            "invalid_choice",
            gettext("Must be one of the site's languages: %(codes)s.")
            % {"codes": ", ".join(code for code, _ in language_choices())},
        )


# (field named in errors, setting, lowest, highest); the nullable ones may be left empty.
# The API calls the planned rounds `rounds`, so errors name that.
_WHOLE_NUMBERS = [
    ("rounds", "planned_rounds", 1, 30),
    ("bye_vp", "bye_vp", 0, 100),
    ("round_minutes", "round_minutes", 1, 720),
    ("places", "places", 1, PLACES_MAX),
    ("painting_max", "painting_max", 1, 100),
    ("weight_battle", "weight_battle", 0, 100),
    ("weight_painting", "weight_painting", 0, 100),
    ("weight_sports", "weight_sports", 0, 100),
    ("team_size", "team_size", TEAM_SIZE_MIN, TEAM_SIZE_MAX),
]
WEIGHTS = ("weight_battle", "weight_painting", "weight_sports")
NULLABLE_NUMBERS = {"round_minutes", "places"}


def _whole_in(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _check_weights(clean: dict, event: Event | None) -> None:
    # All three at 0 would leave the overall ranking nothing to rank by.
    if any(w in clean for w in WEIGHTS):
        weights = [clean.get(w, getattr(event, w) if event else 1) for w in WEIGHTS]
        if not sum(weights):
            raise Invalid(
                "weight_battle",
                "all_zero",
                gettext("At least one overall-ranking weight must be above 0."),
            )


def _clean_missions(clean: dict, event: Event | None) -> None:
    if "mission_pack" in clean:
        clean["mission_pack"] = _check_pack(clean["mission_pack"])
    pack = clean.get("mission_pack") or (event.mission_pack if event else "leviathan")
    if event is not None and pack != event.mission_pack and "mission_order" not in clean:
        # Another pack: its own pool order (or none), drawn afresh.
        clean["mission_order"] = _drawn_order(pack, None)
    if "mission_order" in clean:
        clean["mission_order"] = _check_mission_order(clean["mission_order"], pack)
    size = clean.get("battle_size", event.battle_size if event else None)
    if size == BattleSize.COMBAT_PATROL and mission_pack_edition(pack) != "10th":
        # Combat Patrol (seed 004) is a 10th-edition battle size; no other pack plays it.
        raise Invalid(
            "battle_size",
            "combat_patrol_10th_only",
            gettext(
                "Combat Patrol is a 10th-edition battle size: it needs the Leviathan (10th "
                "edition) mission pack."
            ),
        )
    # 11th-edition layouts: kept whatever the pack, so a pack switched back finds them.
    if "layout_policy" in clean:
        clean["layout_policy"] = layout_policy_clean(clean["layout_policy"])
    if "table_layouts" in clean:
        clean["table_layouts"] = table_layouts_clean(clean["table_layouts"])


def _check_kind(clean: dict, event: Event) -> None:
    if clean.get("kind", event.kind) != event.kind and event.rounds.exists():
        raise Invalid(
            "kind",
            "rounds_paired",
            gettext("Singles or teams cannot change once a round is paired."),
        )
    # Apps built on events (teams) judge the settings they depend on; they register here,
    # so this app never imports them.
    for check in EVENT_UPDATE_CHECKS:
        check(event, clean)


def _clean(changes: dict, event: Event | None) -> dict:
    # Other apps' settings (rosters: the list deadline) are cleaned by those apps.
    clean = extra_clean("event", changes)
    _clean_choices(clean)
    if "name" in clean and not str(clean["name"]).strip():
        raise Invalid("name", "blank", gettext("This field may not be blank."))
    # The one text check (engine/names.py), as player names have it.
    for field in ("name", "venue"):
        if field in clean:
            clean[field] = text_checked(clean[field], field=field)
    for field, setting, low, high in _WHOLE_NUMBERS:
        value = clean.get(setting)
        if value is None and setting in NULLABLE_NUMBERS:
            continue
        if setting in clean and not _whole_in(value, low, high):
            raise Invalid(
                field,
                "range",
                gettext("Must be a whole number from %(low)s to %(high)s.")
                % {"low": format(low, ","), "high": format(high, ",")},
            )
    planned = clean.get("planned_rounds")
    # The planned rounds are the Swiss ones: knockout rounds (numbered after them) are not.
    swiss = event.rounds.filter(stage=RoundStage.SWISS).count() if event is not None else 0
    if planned is not None and planned < swiss:
        raise Invalid("rounds", "below_played", gettext("Rounds already paired cannot be removed."))
    if "tiebreaks" in clean:
        clean["tiebreaks"] = _check_tiebreaks(clean["tiebreaks"])
    if "owr_floor" in clean:
        clean["owr_floor"] = owr_floor_clean(clean["owr_floor"])
    if event is not None:
        _check_kind(clean, event)
    event_status_clean(clean=clean, event=event)
    _check_weights(clean, event)
    _clean_missions(clean, event)
    check_in_settings_clean(clean, event)
    start, end = clean.get("start_date"), clean.get("end_date")
    if event is not None:
        start = start or event.start_date
        end = end or event.end_date
    if start and end and end < start:
        raise Invalid("end_date", "before_start", gettext("Must not be before the start date."))
    return clean


# The bye VP suggested at creation for packs whose scoring is far smaller than Leviathan's
# (60 of a capped 100). 8th and 7th edition games have no cap: a solid win holds two markers
# at 3 VP each (seed 000 around line 2207, "Take and Hold"; 7th's Crusade alike) and scores
# the three 1 VP bonus objectives (seed 000 around line 2209, Slay the Warlord; First Blood
# and Linebreaker): 2 x 3 + 3 = 9. Other packs keep the model's 60; the organiser may change it.
CLASSIC_BYE_VP = 2 * 3 + 3
BYE_VP_BY_PACK = {"eighth": CLASSIC_BYE_VP, "seventh": CLASSIC_BYE_VP}


def bye_vp_default(pack: str) -> int:
    """The bye VP a new event of `pack` starts with (existing events keep their setting)."""
    return BYE_VP_BY_PACK.get(pack, Event._meta.get_field("bye_vp").default)


@transaction.atomic
def event_create(*, user, name: str, rounds: int, seed: int | None = None, **settings) -> Event:
    """Create an event; its creator becomes its organiser. The mission order is drawn at
    random."""
    if not user_can_create_events(user):
        raise Forbidden(
            "user", "not_organiser", gettext("Only organiser accounts may create events.")
        )
    unknown = sorted(set(settings) - {*EDITABLE, *extra_editable("event")})
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not an event setting."))
    clean = _clean({"name": name, "planned_rounds": rounds, **settings}, None)
    if "mission_order" not in clean:
        clean["mission_order"] = _drawn_order(clean.get("mission_pack", "leviathan"), seed)
    if "bye_vp" not in clean:
        clean["bye_vp"] = bye_vp_default(clean.get("mission_pack", "leviathan"))
    # The seed generated missions come from: the creation seed when given (same seed, same
    # missions), otherwise drawn.
    clean["mission_seed"] = mission_seed_draw(seed)
    own, theirs = extra_split("event", clean)
    event = Event.objects.create(**own)
    extra_write("event", event, theirs, fresh=True)
    EventStaff.objects.create(event=event, user=user, role=StaffRole.ORGANISER, added_by=user)
    audit_record(event=event, action="event_create", target=f"event:{event.pk}", user=user)
    return event


def _logged(values: dict) -> dict:
    """Settings as the audit log's JSON holds them: dates in ISO form."""
    return {k: v.isoformat() if isinstance(v, datetime.date) else v for k, v in values.items()}


@transaction.atomic
def event_update(*, event: Event, user, changes: dict) -> Event:
    """Change settings; every field that changes is logged in one undoable entry, and a save
    that changes nothing logs nothing."""
    require_organiser(user, event)
    unknown = sorted(set(changes) - {*EDITABLE, *extra_editable("event")})
    if unknown:
        raise Invalid(unknown[0], "unknown_field", gettext("Not an editable event setting."))
    event = Event.objects.select_for_update().get(pk=event.pk)
    if changes.get("battle_size", event.battle_size) == event.battle_size:
        # Re-sending the same battle size (as the settings form always does) must not reset
        # a points limit set on its own.
        changes = {**changes, "points_limit": changes.get("points_limit", event.points_limit)}
    clean = _clean(changes, event)
    extras = extra_read("event", event)
    before = {k: extras[k] if k in extras else getattr(event, k) for k in clean}
    changed = [k for k in clean if before[k] != clean[k]]
    if not changed:
        return event
    if clean.get("archived", True):
        # An archived event takes one change: being unarchived (with anything sent beside it).
        event_require_writable(event)
    if "mission_pack" in changed and event.rounds.exists():
        # Paired rounds hold the old pack's missions and their results its scoring: refused
        # rather than leaving a round with a mission or a score the new pack cannot read.
        raise Conflict(
            "mission_pack",
            "rounds_paired",
            gettext(
                "The mission pack cannot change once round 1 is paired: its missions and scores "
                "follow the pack. Delete the paired rounds first."
            ),
        )
    own, theirs = extra_split("event", {k: clean[k] for k in changed})
    for key in own:
        setattr(event, key, clean[key])
    saved = list(own)
    if "mission_pack" in changed and event.mission_seed is None:
        # An event made before mission seeds existed gets one now, kept by exports, so its
        # generated round missions stay the same wherever it is imported.
        event.mission_seed = mission_seed_draw(event.pk)
        saved.append("mission_seed")
    if saved:
        event.save(update_fields=saved)
    extra_write("event", event, theirs)
    audit_changes(
        event=event,
        action="event_update",
        target=f"event:{event.pk}",
        user=user,
        before=_logged(before),
        after=_logged(clean),
        fields=changed,
    )
    if "places" in changed:
        # More places (or none): the waiting list moves up into them at once.
        registration_move_up(event=event)
    return event


audit_restores("event_update", "event", EDITABLE, extras=True)


@undo_check("event_update")
def _check_event_update(entry) -> list[str]:
    event = audit_edit_check(entry, "Settings")
    if "mission_pack" in entry.after and event.rounds.exists():
        raise Conflict(
            "entry",
            "rounds_paired",
            gettext("The mission pack cannot change back once a round is paired with it."),
        )
    return []


@undoable("event_update")
def _undo_event_update(entry) -> None:
    audit_restore(entry)


logger = logging.getLogger(__name__)


def event_delete(*, event: Event, user, confirm) -> str:
    """Delete the event and everything in it (players, rounds, results, log, print jobs).

    Only with `confirm` equal to the event's name as typed by the organiser: nothing else
    can bring it back. Returns the deleted event's name."""
    require_organiser(user, event)
    typed = " ".join(str(confirm or "").split())
    if not typed:
        raise Invalid(
            "confirm",
            "required",
            gettext("Type the event's name, %(name)s, to delete it.") % {"name": event.name},
        )
    if typed != " ".join(event.name.split()):
        raise Invalid(
            "confirm",
            "mismatch",
            gettext("That is not the event's name; type %(name)s exactly.") % {"name": event.name},
        )
    files = []
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        pk, name = event.pk, event.name
        files = [job.file for job in PrintJob.objects.filter(event=event) if job.file]
        # Rounds first: their games hold players by a protected key.
        event.rounds.all().delete()
        event.delete()
        transaction.on_commit(lambda: _delete_files(files))
    # The audit log went with the event; the server's log keeps who deleted what.
    logger.info("event %s (%s) deleted by %s", pk, name, user.get_username())
    return name


def _delete_files(files) -> None:
    for stored in files:
        stored.storage.delete(stored.name)


def event_time_zone_find(
    *, event_id: int | None = None, player_key: str | None = None, print_job_id=None
) -> str | None:
    """The time zone of the event a page is about, found from what its URL names."""
    if event_id is not None:
        events = Event.objects.filter(pk=event_id)
    elif player_key:
        events = Event.objects.filter(Q(players__private_key=player_key))
    elif print_job_id is not None:
        events = Event.objects.filter(print_jobs__pk=print_job_id)
    else:
        return None
    return events.values_list("time_zone", flat=True).first()


def events_counted(events):
    """`events` with `approved_players` and `rounds_count`, each one subquery in the same
    statement: a list of events reads no players (an event may have a thousand)."""
    players = (
        Player.objects.filter(event=OuterRef("pk"), status=PlayerStatus.APPROVED)
        .order_by()
        .values("event")
        .annotate(n=Count("pk"))
        .values("n")
    )
    rounds = (
        Round.objects.filter(event=OuterRef("pk"))
        .order_by()
        .values("event")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return events.annotate(
        approved_players=Coalesce(Subquery(players), 0),
        rounds_count=Coalesce(Subquery(rounds), 0),
    )
