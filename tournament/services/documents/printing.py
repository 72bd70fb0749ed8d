"""What the printed documents show, gathered in a handful of queries, and rendering by kind."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, Invalid, NotFound
from missions.classic.types import ClassicMission
from missions.eleventh.layouts import layout_for
from missions.eleventh.matrix import DISPOSITION_NAMES
from missions.eleventh.primaries import primary_for_matchup
from missions.engine.generator import mission_from_code, pool_mission
from missions.pack.combat_patrol import SUMMARY as COMBAT_PATROL_SUMMARY
from missions.pack.errors import MissionError
from missions.pack.registry import get_pack
from missions.pack.types import CardKind
from missions.scoring.rules import outcome
from tournament.extensions import PRINT_LISTS_HOOKS, ROUND_NOTE_HOOKS
from tournament.models import Event, Game, RoundStage
from tournament.models.event import BattleSize
from tournament.models.game import TABLE_ORDER
from tournament.printing.data import (
    CardText,
    EleventhGame,
    EleventhSide,
    EventInfo,
    MissionInfo,
    Pairing,
    RoundPrint,
    Seat,
    StandingsPrint,
)
from tournament.printing.render import KINDS, ROUND_KINDS, render_round, render_standings
from tournament.services.documents.exports import has_game_clocks
from tournament.services.events.language import event_language
from tournament.services.live.clock import round_timing_words
from tournament.services.players.public import public_names_of, rows_named_for_public
from tournament.services.results.progress import standings_status
from tournament.services.rounds.names import round_seeds, round_stage_name
from tournament.services.rounds.records import event_games
from tournament.services.standings.standings import (
    format_record,
    metric_heading,
    metric_label,
    standings_compute,
    standings_final_first,
)


def event_info(event: Event) -> EventInfo:
    dates = ""
    if event.start_date:
        # The month named in the active language: the event's, when a print job renders.
        dates = date_format(event.start_date, "d M Y")
        if event.end_date and event.end_date != event.start_date:
            dates += " – " + date_format(event.end_date, "d M Y")
    return EventInfo(
        id=event.pk,
        name=event.name,
        venue=event.venue,
        dates=dates,
        paper_size=event.paper_size,
        tiebreaks=tuple(event.tiebreaks or ()),
        time_zone=event.time_zone,
    )


@lru_cache(maxsize=64)
def mission_info(pack_key: str, code: str) -> MissionInfo | None:
    """The mission a round plays, with every summary the sheets print; None when unset."""
    if not code:
        return None
    try:
        pack = get_pack(pack_key)
        mission = mission_from_code(code) if "-" in code else pool_mission(pack, code)
    except MissionError:
        return None
    if isinstance(mission, ClassicMission):
        return classic_mission_info(mission)
    pack = mission.pack

    def text(card) -> CardText:
        fixed = card.kind is CardKind.SECONDARY and card.fixed_capable
        note = gettext("Fixed or Tactical") if fixed else ""
        return CardText(card.name, card.summary, note)

    return MissionInfo(
        code=mission.pool_code or mission.code,
        deployment=mission.deployment.name,
        primary=text(mission.primary),
        rules=tuple(text(c) for c in mission.mission_rules),
        secondaries=tuple(text(c) for c in pack.secondaries),
        gambits=tuple(text(c) for c in pack.gambits),
        caps=pack.caps,
        mission=mission,
    )


# 8th and 7th edition games may go on to battle round 7; Only War lasts five.
CLASSIC_ROUNDS = {"eighth": 7, "seventh": 7, "only_war": 5}


SHEET_PACK_RULES = ("Boots on the Ground",)


def classic_mission_info(mission: ClassicMission) -> MissionInfo:
    """A rolled classic mission as the sheets print it: its primary, special rules, the
    pack's shared rules and bonus objectives; no Leviathan caps."""
    rules = tuple(CardText(r.name, r.summary) for r in mission.special_rules)
    # Who controls a marker decides the score: 8th edition's Chapter Approved 2019 rule that
    # Flyers never do goes on the sheet (the other matched play rules are on the mission page).
    rules = (
        *(CardText(r.name, r.summary) for r in mission.pack.rules if r.name in SHEET_PACK_RULES),
        *rules,
    )
    if mission.mission.tactical_rule:
        rules = (CardText(gettext("Tactical Objectives"), mission.mission.tactical_rule), *rules)
    return MissionInfo(
        code=mission.code,
        deployment=mission.deployment.name,
        primary=CardText(mission.mission.name, mission.mission.primary),
        rules=rules,
        secondaries=tuple(CardText(r.name, r.summary) for r in mission.secondaries),
        gambits=(),
        caps=None,
        mission=mission,
        name=mission.mission.name,
        approximate=mission.deployment.approximate,
        tactical_rule=mission.mission.tactical_rule,
        game_length=CardText(mission.game_length.name, mission.game_length.summary),
        max_battle_rounds=CLASSIC_ROUNDS.get(mission.pack.key, 7),
        bonuses=tuple(r.name for r in mission.secondaries),
    )


def player_link(private_key: str) -> str:
    """A player's private page: printed only on their own card of the door sheet."""
    return f"{settings.SITE_URL.rstrip('/')}/p/{private_key}/"


def public_pairings_link(event: Event, round_number: int) -> str:
    """The round's public pairings page (find my table, the standings a click away), or ""
    when the event is hidden and the public cannot open it."""
    if event.hidden:
        return ""
    path = reverse("event-pairings", args=[event.pk])
    return f"{settings.SITE_URL.rstrip('/')}{path}?round={round_number}"


def records_before(event: Event, round_number: int) -> dict[int, str]:
    """Each player's W-D-L over the rounds before `round_number` (byes count as wins)."""
    tally: dict[int, Counter] = {}
    for g in event_games(event, as_of_round=round_number - 1):
        if g.vp_a is None:
            continue
        result = outcome(g.vp_a, g.vp_b if g.player_b is not None else None)
        for pid, side in ((g.player_a, "a"), (g.player_b, "b")):
            if pid is None:
                continue
            key = "d" if result == "draw" else ("w" if result == side else "l")
            tally.setdefault(pid, Counter())[key] += 1
    return {pid: format_record(c["w"], c["d"], c["l"]) for pid, c in tally.items()}


def _seat(player, records: dict[int, str], lists: dict[int, str], names: dict | None) -> Seat:
    return Seat(
        player_id=player.pk,
        # Sheets and packs go on the wall and to both players: the public name (issue 36).
        name=names.get(player.pk, player.name) if names is not None else player.name,
        faction=player.faction,
        record=records.get(player.pk, format_record(0, 0, 0)),
        army_list=lists.get(player.pk, ""),
    )


ELEVENTH = "eleventh"
# What an 11th-edition game stores: each side's disposition when it was paired, the letter.
ELEVENTH_FIELDS = ("disposition_a", "disposition_b", "layout")


def eleventh_game(disposition_a: str, disposition_b: str, letter: str) -> EleventhGame:
    """Each side's own primary (once both dispositions are known) and the layout."""
    both = bool(disposition_a and disposition_b)

    def side(own: str, other: str) -> EleventhSide:
        primary = primary_for_matchup(own, other) if both else None
        return EleventhSide(DISPOSITION_NAMES.get(own, ""), primary)

    return EleventhGame(
        a=side(disposition_a, disposition_b),
        b=side(disposition_b, disposition_a),
        letter=letter,
        layout=layout_for(disposition_a, disposition_b, letter) if both and letter else None,
    )


def army_lists_printed(event: Event) -> dict[int, str]:
    lists: dict[int, str] = {}
    for hook in PRINT_LISTS_HOOKS:
        lists.update(hook(event))
    return lists


def round_print_note(*, event: Event, round_) -> str:
    # A Combat Patrol event's sheets say the battle size's battlefield and sequence.
    patrol = COMBAT_PATROL_SUMMARY if event.battle_size == BattleSize.COMBAT_PATROL else ""
    if round_.stage == RoundStage.SWISS:
        return patrol
    return " ".join(filter(None, (patrol, *(hook(event, round_) for hook in ROUND_NOTE_HOOKS))))


def print_round_data(*, event: Event, round_number: int) -> RoundPrint:
    round_ = event.rounds.filter(number=round_number).first()
    if round_ is None:
        raise NotFound(
            "round",
            "not_found",
            gettext("%(name)s has no round %(round_number)s.")
            % {"name": event.name, "round_number": round_number},
        )
    # Lists go on paper only when the rosters app gives them (once published, like on pages).
    lists = army_lists_printed(event)
    fields = ("id", "name", "nickname", "faction")
    eleventh = event.mission_pack == ELEVENTH
    games = (
        Game.objects.filter(round=round_)
        .select_related("player_a", "player_b")
        .only(
            "table_number",
            "attacker_id",
            "player_b_id",
            "extra_minutes",
            *(ELEVENTH_FIELDS if eleventh else ()),
            *(f"player_a__{f}" for f in fields),
            *(f"player_b__{f}" for f in fields),
        )
        .order_by(*TABLE_ORDER)
    )
    records = records_before(event, round_number)
    names = public_names_of(event)
    pairings = []
    for g in games:
        attacker = None
        if g.attacker_id is not None:
            attacker = "a" if g.attacker_id == g.player_a_id else "b"
        pairings.append(
            Pairing(
                table=g.table_number,
                a=_seat(g.player_a, records, lists, names),
                b=_seat(g.player_b, records, lists, names) if g.player_b_id else None,
                attacker=attacker,
                eleventh=(
                    eleventh_game(g.disposition_a, g.disposition_b, g.layout)
                    if eleventh and g.player_b_id
                    else None
                ),
                extra_minutes=g.extra_minutes,
            )
        )
    # Byes last: nobody needs a sheet for them, but the lists show them.
    pairings.sort(key=lambda p: (p.is_bye, p.table or 0))
    return RoundPrint(
        event=event_info(event),
        number=round_number,
        mission=None if eleventh else mission_info(event.mission_pack, round_.mission_code),
        pairings=tuple(pairings),
        printed_at=timezone.now(),
        timing=round_timing_words(round_=round_),
        eleventh=eleventh,
        note=round_print_note(event=event, round_=round_),
        public_link=public_pairings_link(event, round_number),
        stage=round_stage_name(event=event, round_=round_),
        seeds=tuple(sorted(round_seeds(event=event, round_=round_).items())),
        game_clocks=has_game_clocks(event),
    )


def print_standings_data(*, event: Event, as_of_round: int | None = None) -> StandingsPrint:
    """Standings as of `as_of_round` (None: every round so far) with the registry's headings."""
    rows = standings_compute(event=event, as_of_round=as_of_round)
    # Printed standings go on the wall: the public names (issue 36).
    rows = standings_final_first(rows_named_for_public(event, rows))
    status = standings_status(event=event, as_of_round=as_of_round)
    # The latest standings say how far the results have come; a past round's only what waits.
    said = (status.heading, status.waiting) if as_of_round is None else (status.waiting,)
    tiebreaks = event.tiebreaks or ()
    return StandingsPrint(
        event=event_info(event),
        as_of_round=as_of_round,
        columns=tuple((name, metric_heading(name)) for name in tiebreaks),
        labels=tuple(metric_label(name) for name in tiebreaks),
        rows=tuple(rows),
        printed_at=timezone.now(),
        status_text=" · ".join(t for t in said if t),
    )


def print_check(*, event: Event, kind: str, round_number: int | None) -> None:
    """Raise `Invalid` naming the argument when a document request cannot be printed."""
    if kind not in (*KINDS, "bundle"):
        raise Invalid(
            "kind",
            "invalid_choice",
            gettext("Must be one of %(join)s, bundle.") % {"join": ", ".join(KINDS)},
        )
    if kind in ROUND_KINDS or kind == "bundle":
        if round_number is None:
            raise Invalid(
                "round",
                "required",
                gettext("The %(kind)s document needs a round number.") % {"kind": kind},
            )
        if not event.rounds.filter(number=round_number).exists():
            raise Invalid(
                "round",
                "not_found",
                gettext("%(name)s has no round %(round_number)s.")
                % {"name": event.name, "round_number": round_number},
            )


def print_document(*, event: Event, kind: str, round_number: int | None = None) -> bytes:
    """One whole document as PDF bytes (the bundle goes through a print job instead), in the
    event's language whoever asks: it is read by everyone at once."""
    print_check(event=event, kind=kind, round_number=round_number)
    if kind == "bundle":
        raise Invalid("kind", "use_job", gettext("The bundle is made by a print job."))
    with event_language(event):
        if kind == "standings":
            return render_standings(print_standings_data(event=event, as_of_round=round_number))
        return render_round(kind, print_round_data(event=event, round_number=round_number))


def print_job_create(*, event: Event, user, kind: str, round_number: int | None = None):
    """A print job for a document (or a round's bundle). The caller, an interface, queues it
    (`tournament.tasks.print_job_queue`): services never import tasks, so data flows one way,
    interfaces -> services -> engines."""
    from tournament.models import PrintJob  # noqa: PLC0415
    from tournament.services.events.access import require_judge  # noqa: PLC0415

    require_judge(user, event)
    print_check(event=event, kind=kind, round_number=round_number)
    round_ = event.rounds.filter(number=round_number).first() if round_number else None
    return PrintJob.objects.create(event=event, round=round_, kind=kind, created_by=user)


# What each document is called on the Print page, in its job list and when it is ready.
PRINT_LABELS = {
    "bundle": gettext_lazy("Round bundle"),
    "pairings": gettext_lazy("Pairings by table"),
    "pairings-alpha": gettext_lazy("Pairings A-Z"),
    "scoresheets": gettext_lazy("Scoresheets"),
    "table-packs": gettext_lazy("Table packs"),
    "fallback": gettext_lazy("Paper pack"),
    "standings": gettext_lazy("Standings"),
}


def print_job_title(job) -> str:
    """'Scoresheets, round 1': the document a job makes, as the organiser chose it."""
    label = str(PRINT_LABELS.get(job.kind, job.kind))
    if not job.round_id:
        return label
    return gettext("%(document)s, round %(number)s") % {
        "document": label,
        "number": job.round.number,
    }


def print_job_filename(job) -> str:
    """The downloaded PDF's name, after the event like the CSV downloads
    ('spring-gt-round-1-scoresheets.pdf')."""
    round_tag = f"-round-{job.round.number}" if job.round_id else ""
    return f"{slugify(job.event.name) or 'event'}{round_tag}-{job.kind}.pdf"


def print_job_stalled(job) -> bool:
    """Started but silent for too long: its worker has probably stopped (it may be retried)."""
    if job.status not in ("running", "merging"):
        return False
    return (timezone.now() - job.updated_at).total_seconds() > settings.PRINT_STALL_SECONDS


def print_job_retry(*, job_id: int, user):
    """Check that a failed or stalled job may run again; the caller queues it, and the run
    renders only what is missing (parts already written are kept)."""
    from tournament.models import PrintJob  # noqa: PLC0415
    from tournament.services.events.access import require_judge  # noqa: PLC0415

    job = PrintJob.objects.select_related("event").filter(pk=job_id).first()
    if job is None:
        raise NotFound("job", "not_found", gettext("No such print job."))
    require_judge(user, job.event)
    if job.status != "failed" and not print_job_stalled(job):
        raise Conflict("job", "not_retryable", gettext("This print job is not failed or stalled."))
    return job


def print_job_status(job) -> dict:
    stalled = print_job_stalled(job)
    return {
        "id": job.pk,
        "kind": job.kind,
        "title": print_job_title(job),
        "filename": print_job_filename(job),
        "status": job.status,
        "stalled": stalled,
        "can_retry": stalled or job.status == "failed",
        "retry": reverse("print-job-retry", args=[job.pk]),
        "parts_done": job.parts_done,
        "parts_total": job.parts_total,
        "percent": job.percent,
        "pages": job.pages,
        "error": job.error,
        "download": reverse("print-job-download", args=[job.pk]) if job.status == "done" else None,
    }
