"""The event's shape. Output follows docs/api.md; input types are checked here and the
domain rules in the services."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictModelSerializer,
    name_field,
    seed_field,
    text_field,
)
from missions.eleventh.matrix import LAYOUT_LETTERS
from missions.pack.registry import pack_keys
from missions.scoring.rules import LEVIATHAN_CAPS
from tournament.api.serializers.extra import ExtraFieldsMixin
from tournament.api.serializers.rounds import MISSION_CODES
from tournament.localtime import zone_names
from tournament.models import Event, PlayerStatus
from tournament.models.event import TEAM_SIZE_MAX, TEAM_SIZE_MIN, EventKind, LayoutPolicy
from tournament.services.events.events import PLACES_MAX
from tournament.services.events.settings import API_SETTINGS, FIXED
from tournament.services.standings.presets import event_tiebreak_preset, preset_names
from tournament.services.standings.standings import OWR_FLOOR_PATTERN, metric_names


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "string", "enum": sorted(metric_names())},
        "uniqueItems": True,
        "description": "Tie-break metrics in order, each at most once.",
    }
)
class TiebreaksField(serializers.ListField):
    child = StrictCharField()


@extend_schema_field(
    {
        "type": "array",
        "items": {"type": "string", "enum": MISSION_CODES},
        "description": "Mission pool codes of the event's pack, in the order rounds use them.",
    }
)
class MissionOrderField(serializers.ListField):
    child = StrictCharField()


class EventSerializer(ExtraFieldsMixin, StrictModelSerializer):
    extra_fields_of = "event"
    name = name_field(200)
    venue = text_field(200, required=False)
    rounds = StrictIntegerField(
        source="planned_rounds",
        min_value=1,
        max_value=30,
        help_text=gettext_lazy("Planned rounds; not fewer than those paired (400 below_played)."),
    )
    bye_vp = StrictIntegerField(
        min_value=0, max_value=LEVIATHAN_CAPS.total, range_code="range", required=False
    )
    tiebreaks = TiebreaksField(required=False)
    owr_floor = StrictCharField(
        max_length=20,
        required=False,
        # The syntax in the schema (clients and fuzzers see it); a value above 1 is refused by
        # the service (400 above_one: no JSON Schema keyword compares numerator and denominator).
        validators=[
            RegexValidator(
                OWR_FLOOR_PATTERN,
                'Must be a fraction from 0 to 1 written like "1/3" (or "0" for no floor).',
                code="invalid",
            )
        ],
        help_text=gettext_lazy(
            "The floor of the owr_floor metric: each opponent's win rate counts at no "
            'less than this fraction, written like "0.33" (default, as BCP counts it), "1/3" '
            'or "0" (400 invalid/above_one).'
        ),
    )
    mission_pack = serializers.ChoiceField(
        choices=pack_keys(),
        required=False,
        help_text=gettext_lazy(
            "The pack rounds take their missions from and results are scored by (keys "
            "of GET /api/missions/packs/; default leviathan). Fixed once a round is paired "
            "(409 rounds_paired)."
        ),
    )
    mission_order = MissionOrderField(required=False)
    round_minutes = StrictIntegerField(
        min_value=1,
        max_value=720,
        range_code="range",
        allow_null=True,
        required=False,
        help_text=gettext_lazy(
            "Minutes a round's clock runs; null: the battle size's usual length "
            "(Incursion 120, Strike Force 180, Onslaught 240)."
        ),
    )
    places = StrictIntegerField(
        min_value=1,
        max_value=PLACES_MAX,
        range_code="range",
        allow_null=True,
        required=False,
        help_text=gettext_lazy(
            "Cap on approved players (and sign-ups awaiting approval); null: no cap. "
            "Beyond it sign-ups join the waiting list."
        ),
    )
    players_count = serializers.SerializerMethodField(
        help_text=gettext_lazy("Approved players (sign-ups pending or waiting are not counted).")
    )
    time_zone = serializers.ChoiceField(
        choices=sorted(zone_names()),
        required=False,
        help_text=gettext_lazy(
            "IANA time zone of the venue; the event's pages, PDFs and audit log show "
            "times in it (API times stay ISO 8601 with their offset)."
        ),
    )
    # The choices are the site's complete languages, so the published schema lists them.
    language = serializers.ChoiceField(
        choices=[code for code, _ in settings.LANGUAGES],
        required=False,
        help_text=gettext_lazy(
            "What is printed and shown to everyone at once (pairings, scoresheets, table "
            "packs, standings PDF, door sheet, big screen) is in this language: a code of the "
            "site's complete languages such as en-gb (default: the site's). 400 invalid_choice "
            "otherwise."
        ),
    )
    archived = StrictBooleanField(
        required=False,
        help_text=gettext_lazy(
            "Archived events leave the lists and refuse changes (409 event_archived) "
            "until set back to false."
        ),
    )
    rounds_paired = serializers.SerializerMethodField()
    # Read-only: the order is set through tiebreaks and owr_floor, so a body never says it twice.
    tiebreak_preset = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "The named tie-break order the event's tiebreaks (and owr_floor) make: companion "
            '(["owr", "vp"], the Tournament Companion\'s), bcp (["owr_floor", "vp"] with '
            'owr_floor "0.33", as Best Coast Pairings ranks) or custom for any other. Set it '
            "through tiebreaks and owr_floor."
        )
    )
    painting_max = StrictIntegerField(
        min_value=1,
        max_value=100,
        range_code="range",
        required=False,
        help_text=gettext_lazy("Painting scores run from 0 to this (default 20)."),
    )
    weight_battle = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        required=False,
        help_text=gettext_lazy(
            "Overall ranking: weight of the battle share (match points over rounds). "
            "The three weights may not all be 0 (400 all_zero)."
        ),
    )
    weight_painting = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        required=False,
        help_text=gettext_lazy(
            "Overall ranking: weight of the painting share (score over the maximum)."
        ),
    )
    weight_sports = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        required=False,
        help_text=gettext_lazy(
            "Overall ranking: weight of the sportsmanship share (favourite votes over "
            "games against an opponent)."
        ),
    )

    seed = seed_field(
        required=False,
        write_only=True,
        help_text="Creation only: the seed of the drawn mission order and of generated missions "
        "(same seed, same missions; default random).",
    )
    check_in_networks = serializers.ListField(
        child=StrictCharField(max_length=50),
        max_length=20,
        required=False,
        help_text=gettext_lazy(
            'The venue\'s networks as address ranges ("192.0.2.0/24", "2001:db8::/32"); '
            "players check in only from them (403 not_at_venue otherwise). Empty: from anywhere. "
            "400 invalid_network for what is not a range."
        ),
    )
    kind = serializers.ChoiceField(
        choices=EventKind.choices,
        required=False,
        help_text=gettext_lazy(
            "singles (default) or team; fixed once a round is paired (400 rounds_paired)."
        ),
    )
    team_size = StrictIntegerField(
        min_value=TEAM_SIZE_MIN,
        max_value=TEAM_SIZE_MAX,
        range_code="range",
        required=False,
        help_text=gettext_lazy(
            "Players per team of a team event, 3 to 8 (default 5); not below a team's "
            "members (400 team_size)."
        ),
    )
    layout_policy = serializers.ChoiceField(
        choices=LayoutPolicy.choices,
        required=False,
        help_text=gettext_lazy(
            "11th-edition events: where each game's layout letter comes from. "
            "rolled_per_table (default): rolled for each table from the round's seed; per_round: "
            "named when pairing (`layout` of POST .../rounds/); per_table: `table_layouts`, "
            "tables not named there roll."
        ),
    )
    table_layouts = serializers.DictField(
        child=serializers.ChoiceField(choices=LAYOUT_LETTERS),
        required=False,
        help_text=gettext_lazy(
            'The per_table policy\'s letters by table number: {"1": "A", "2": "C"}.'
        ),
    )

    class Meta:
        model = Event
        fields = [
            "id",
            *API_SETTINGS,
            "players_count",
            "rounds_paired",
            "created_at",
            "seed",
            "tiebreak_preset",
        ]
        read_only_fields = ["id", "created_at", *FIXED]
        # Rules across fields, which the schema can only say in words.
        extra_kwargs = {
            "end_date": {"help_text": "Not before start_date (400 before_start)."},
            "status": {
                "help_text": "registration, running or finished. While status_auto is true it "
                "follows the event (running once round 1 is paired, finished once the last "
                "round is complete); a different status sent alone sets it by hand."
            },
            "status_auto": {
                "help_text": "true: status follows the event; false: it stays as the organiser "
                "set it. With true, a status other than the one due is 400 automatic."
            },
            "mission_seed": {
                "help_text": "Packs without a pool (8th, 7th edition, Only War) generate round "
                "n's mission from this seed and n."
            },
            "check_in_open": {
                "help_text": "Players check themselves in from their private page or POST "
                ".../players/{pid}/check-in/ with their key while this is on (default false)."
            },
            "check_in_opens_at": {
                "help_text": "Optional: players check in from this moment (409 check_in_not_yet "
                "before)."
            },
            "check_in_closes_at": {
                "help_text": "Optional: players check in until this moment (409 check_in_over "
                "after); after check_in_opens_at (400 before_opens)."
            },
            "review_pairings": {
                "help_text": "A newly paired round stays unreleased (only the staff see its "
                "games; results 409 not_released) until POST .../rounds/{n}/release/. "
                "Default false."
            },
        }

    def get_players_count(self, event: Event) -> int:
        # The event list counts in its own query (services.events.events_counted).
        counted = getattr(event, "approved_players", None)
        if counted is not None:
            return counted
        return event.players.filter(status=PlayerStatus.APPROVED).count()

    @extend_schema_field({"type": "string", "enum": list(preset_names())})
    def get_tiebreak_preset(self, event: Event) -> str:
        return event_tiebreak_preset(event)

    def get_rounds_paired(self, event: Event) -> int:
        counted = getattr(event, "rounds_count", None)
        return counted if counted is not None else event.rounds.count()


class EventDeleteSerializer(StrictSerializer):
    confirm = StrictCharField(
        help_text=gettext_lazy(
            "The event's name, exactly: without it nothing is deleted (400 confirm)."
        )
    )
