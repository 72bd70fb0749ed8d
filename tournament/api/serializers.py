"""API shapes. Output follows docs/api.md; input types are checked here and the
domain rules (caps, pairing, permissions) in the services."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.urls import reverse
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
from missions.api.views import MissionSummarySerializer
from missions.eleventh.matrix import DISPOSITION_IDS, LAYOUT_LETTERS
from missions.pack.registry import pack_keys
from missions.services.missions import mission_summary, pool_codes, round_mission_details
from tournament.engine.scoring.eleventh import PER_ROUND, ROUNDS, SECONDARY_MODES, SIDES
from tournament.engine.scoring.rules import LEVIATHAN_CAPS, VP_CEILING
from tournament.extensions import EXTRA_SERIALIZER_FIELDS, EXTRA_STAFF_READ
from tournament.localtime import zone_names
from tournament.models import Event, Game, Player, PlayerStatus, Result, Round
from tournament.models.event import TEAM_SIZE_MAX, TEAM_SIZE_MIN, EventKind, LayoutPolicy
from tournament.services.events.events import PLACES_MAX
from tournament.services.live.clock import round_clock_state
from tournament.services.players.registration import registration_factions, registration_position
from tournament.services.rounds.eleventh import game_fields
from tournament.services.standings.standings import OWR_FLOOR_PATTERN, metric_names


class ExtraFieldsMixin:
    extra_fields_of = ""
    # The staff's shape (PlayerPrivateSerializer): shows EXTRA_STAFF_READ too.
    extra_fields_staff = False

    def get_fields(self):
        fields = super().get_fields()
        for make in EXTRA_SERIALIZER_FIELDS[self.extra_fields_of]:
            fields.update(make())
        if not self.extra_fields_staff:
            for name in EXTRA_STAFF_READ[self.extra_fields_of] & set(fields):
                fields[name].write_only = True
        return fields


# The pack's scores that have only two values, and its mission pool (named in the schema).
GAMBIT_CHOICES = [(v, str(v)) for v in (0, LEVIATHAN_CAPS.gambit)]
BATTLE_READY_CHOICES = [(v, str(v)) for v in (0, LEVIATHAN_CAPS.battle_ready)]
MISSION_CODES = pool_codes("leviathan")
# A round's mission may be given in either case ("k" is "K"), as the pages allow.
MISSION_CODE_CHOICES = [*MISSION_CODES, *(code.lower() for code in MISSION_CODES)]


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
        help_text="Planned rounds; not fewer than those paired (400 below_played).",
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
        help_text="The floor of the owr_floor metric: each opponent's win rate counts at no "
        'less than this fraction, written like "0.33" (default, as BCP counts it), "1/3" or "0" '
        "(400 invalid/above_one).",
    )
    mission_pack = serializers.ChoiceField(
        choices=pack_keys(),
        required=False,
        help_text="The pack rounds take their missions from and results are scored by (keys "
        "of GET /api/missions/packs/; default leviathan). Fixed once a round is paired "
        "(409 rounds_paired).",
    )
    mission_order = MissionOrderField(required=False)
    round_minutes = StrictIntegerField(
        min_value=1,
        max_value=720,
        range_code="range",
        allow_null=True,
        required=False,
        help_text="Minutes a round's clock runs; null: the battle size's usual length "
        "(Incursion 120, Strike Force 180, Onslaught 240).",
    )
    places = StrictIntegerField(
        min_value=1,
        max_value=PLACES_MAX,
        range_code="range",
        allow_null=True,
        required=False,
        help_text="Cap on approved players (and sign-ups awaiting approval); null: no cap. "
        "Beyond it sign-ups join the waiting list.",
    )
    players_count = serializers.SerializerMethodField(
        help_text="Approved players (sign-ups pending or waiting are not counted)."
    )
    time_zone = serializers.ChoiceField(
        choices=sorted(zone_names()),
        required=False,
        help_text="IANA time zone of the venue; the event's pages, PDFs and audit log show "
        "times in it (API times stay ISO 8601 with their offset).",
    )
    archived = StrictBooleanField(
        required=False,
        help_text="Archived events leave the lists and refuse changes (409 event_archived) "
        "until set back to false.",
    )
    rounds_paired = serializers.SerializerMethodField()
    painting_max = StrictIntegerField(
        min_value=1,
        max_value=100,
        range_code="range",
        required=False,
        help_text="Painting scores run from 0 to this (default 20).",
    )
    weight_battle = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        required=False,
        help_text="Overall ranking: weight of the battle share (match points over rounds). "
        "The three weights may not all be 0 (400 all_zero).",
    )
    weight_painting = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        required=False,
        help_text="Overall ranking: weight of the painting share (score over the maximum).",
    )
    weight_sports = StrictIntegerField(
        min_value=0,
        max_value=100,
        range_code="range",
        required=False,
        help_text="Overall ranking: weight of the sportsmanship share (favourite votes over "
        "games against an opponent).",
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
        help_text='The venue\'s networks as address ranges ("192.0.2.0/24", "2001:db8::/32"); '
        "players check in only from them (403 not_at_venue otherwise). Empty: from anywhere. "
        "400 invalid_network for what is not a range.",
    )
    kind = serializers.ChoiceField(
        choices=EventKind.choices,
        required=False,
        help_text="singles (default) or team; fixed once a round is paired (400 rounds_paired).",
    )
    team_size = StrictIntegerField(
        min_value=TEAM_SIZE_MIN,
        max_value=TEAM_SIZE_MAX,
        range_code="range",
        required=False,
        help_text="Players per team of a team event, 3 to 8 (default 5); not below a team's "
        "members (400 team_size).",
    )
    layout_policy = serializers.ChoiceField(
        choices=LayoutPolicy.choices,
        required=False,
        help_text="11th-edition events: where each game's layout letter comes from. "
        "rolled_per_table (default): rolled for each table from the round's seed; per_round: "
        "named when pairing (`layout` of POST .../rounds/); per_table: `table_layouts`, "
        "tables not named there roll.",
    )
    table_layouts = serializers.DictField(
        child=serializers.ChoiceField(choices=LAYOUT_LETTERS),
        required=False,
        help_text='The per_table policy\'s letters by table number: {"1": "A", "2": "C"}.',
    )

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "rounds",
            "tiebreaks",
            "owr_floor",
            "start_date",
            "end_date",
            "venue",
            "battle_size",
            "points_limit",
            "status",
            "status_auto",
            "bye_vp",
            "hidden",
            "avoid_same_club",
            "check_in_required",
            "review_pairings",
            "check_in_open",
            "check_in_opens_at",
            "check_in_closes_at",
            "check_in_networks",
            "paper_size",
            "mission_pack",
            "mission_order",
            "mission_seed",
            "round_minutes",
            "registration_open",
            "places",
            "registration_approval",
            "time_zone",
            "archived",
            "painting_max",
            "weight_battle",
            "weight_painting",
            "weight_sports",
            "kind",
            "team_size",
            "layout_policy",
            "table_layouts",
            "players_count",
            "rounds_paired",
            "created_at",
            "seed",
        ]
        read_only_fields = ["id", "created_at", "mission_seed"]
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

    def get_rounds_paired(self, event: Event) -> int:
        counted = getattr(event, "rounds_count", None)
        return counted if counted is not None else event.rounds.count()


class EventDeleteSerializer(StrictSerializer):
    confirm = StrictCharField(
        help_text="The event's name, exactly: without it nothing is deleted (400 confirm)."
    )


class PlayerSerializer(ExtraFieldsMixin, StrictModelSerializer):
    extra_fields_of = "player"
    name = name_field(120)
    faction = text_field(120, required=False)
    club = text_field(120, required=False)
    # Written by anyone who may edit the player; read by staff only (PlayerPrivateSerializer).
    email = text_field(254, required=False, write_only=True)
    first_round = StrictIntegerField(min_value=1, max_value=30, required=False)
    fixed_table = StrictIntegerField(min_value=1, max_value=32767, allow_null=True, required=False)
    disposition = serializers.ChoiceField(
        choices=["", *DISPOSITION_IDS],
        allow_blank=True,
        required=False,
        help_text="11th-edition events: the player's Force Disposition (empty: not chosen yet). "
        "400 not_in_pack for another pack's event.",
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "event",
            "name",
            "faction",
            "club",
            "email",
            "battle_ready",
            "checked_in",
            "dropped",
            "dropped_after_round",
            "first_round",
            "fixed_table",
            "status",
            "disposition",
        ]
        read_only_fields = ["id", "event", "dropped_after_round", "status"]


class PlayerPrivateSerializer(PlayerSerializer):
    """What an organiser sees: the private key to hand out as a link or QR code, the email and
    the army list."""

    extra_fields_staff = True
    email = text_field(254, required=False)

    class Meta(PlayerSerializer.Meta):
        fields = [*PlayerSerializer.Meta.fields, "private_key"]
        read_only_fields = [*PlayerSerializer.Meta.read_only_fields, "private_key"]


class PlayerSavedSerializer(PlayerPrivateSerializer):
    """The answer to adding or changing a player: the player, and what to check."""

    warnings = serializers.ListField(
        child=serializers.DictField(),
        read_only=True,
        help_text="`faction` `unknown_faction` when the faction is not in the faction list.",
    )

    class Meta(PlayerPrivateSerializer.Meta):
        fields = [*PlayerPrivateSerializer.Meta.fields, "warnings"]
        read_only_fields = [*PlayerPrivateSerializer.Meta.read_only_fields, "warnings"]


class BattleRoundSerializer(StrictSerializer):
    """One battle round of an 11th-edition result's breakdown."""

    primary = StrictIntegerField(min_value=0, max_value=PER_ROUND)
    secondary = StrictIntegerField(min_value=0, max_value=PER_ROUND)


_ROUNDS_HELP = (
    "11th edition only (400 not_in_pack elsewhere): exactly five battle rounds, each "
    f"primary and secondary 0 to {PER_ROUND}; they must add up to primary and secondary when "
    "those are given, and supply them when not. Errors name the entry (`rounds_a[2].primary`)."
)
_SIDE_HELP = "11th edition only: `a` or `b` (player A's or player B's side)."
_MODE_HELP = "11th edition only: `fixed` or `tactical` secondaries."


def _rounds_field(**kwargs):
    return serializers.ListField(
        child=BattleRoundSerializer(),
        min_length=ROUNDS,
        max_length=ROUNDS,
        allow_null=True,
        help_text=_ROUNDS_HELP,
        **kwargs,
    )


class ResultSerializer(StrictModelSerializer):
    outcome = serializers.CharField(read_only=True)
    confirmed = serializers.SerializerMethodField()
    rounds_a = _rounds_field(read_only=True)
    rounds_b = _rounds_field(read_only=True)
    attacker = serializers.ChoiceField(choices=SIDES, allow_null=True, read_only=True)
    first_turn = serializers.ChoiceField(choices=SIDES, allow_null=True, read_only=True)
    secondaries_a = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, read_only=True
    )
    secondaries_b = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, read_only=True
    )

    class Meta:
        model = Result
        fields = [
            "game",
            "version",
            "vp_a",
            "vp_b",
            "primary_a",
            "secondary_a",
            "gambit_a",
            "battle_ready_a",
            "tactical_a",
            "primary_b",
            "secondary_b",
            "gambit_b",
            "battle_ready_b",
            "tactical_b",
            *Result.RECORD,
            "outcome",
            "ended",
            "power_a",
            "power_b",
            "status",
            "confirmed",
            "is_current",
            "source",
            "entered_at",
            "confirmed_at",
        ]
        read_only_fields = fields

    def get_confirmed(self, result: Result) -> bool:
        return result.status == "confirmed"


_RESULT_NUMBERS = ("version", "vp_a", "vp_b", *(f"{p}_{s}" for s in "ab" for p in Result.BREAKDOWN))
_RESULT_VALUES = (*_RESULT_NUMBERS, *Result.RECORD)
_WHEN = serializers.DateTimeField()


def result_data(result: Result) -> dict:
    """What ResultSerializer(result).data gives, built directly: every result a phone sends is
    answered with it, and the serializer's machinery costs more than the rest of the answer
    (tests check that the two agree)."""
    data = {"game": result.game_id}
    for name in _RESULT_VALUES:
        data[name] = getattr(result, name)
    status = str(result.status)
    data.update(
        outcome=result.outcome,
        ended=result.ended,
        power_a=result.power_a,
        power_b=result.power_b,
        status=status,
        confirmed=status == "confirmed",
        is_current=result.is_current,
        source=str(result.source),
        entered_at=_WHEN.to_representation(result.entered_at),
        confirmed_at=_WHEN.to_representation(result.confirmed_at),
    )
    return {name: data[name] for name in ResultSerializer.Meta.fields}


# The schema's words for the body name the scoring rules by their path before the "one shape"
# step (now tournament/engine/scoring/rules.py): that step kept the schema byte-identical.
class ResultInputSerializer(StrictSerializer):
    """Documents the body: a bare total per side, or a breakdown per side (parts left out
    count as 0). The event's pack decides which parts exist and their caps, and
    `tournament.scoring.clean_result` enforces them: Leviathan has primary, secondary, gambit
    and battle_ready (primary plus gambit at most 50, total at most 100); 8th and 7th edition
    have primary, secondary (0 to 3) and tactical with no cap on the total; Only War has
    primary only; 11th edition has primary and secondary (each at most 45) and battle_ready
    (0 or 10), total at most 100, and the optional game record below. The limits below are
    Leviathan's; the other packs accept up to 999. A total must equal its breakdown."""

    vp_a = StrictIntegerField(required=False, min_value=0, max_value=LEVIATHAN_CAPS.total)
    vp_b = StrictIntegerField(required=False, min_value=0, max_value=LEVIATHAN_CAPS.total)
    primary_a = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.primary_and_gambit
    )
    secondary_a = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.secondary
    )
    gambit_a = serializers.ChoiceField(choices=GAMBIT_CHOICES, required=False)
    battle_ready_a = serializers.ChoiceField(choices=BATTLE_READY_CHOICES, required=False)
    tactical_a = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text="8th and 7th edition only (400 not_in_pack elsewhere).",
    )
    primary_b = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.primary_and_gambit
    )
    secondary_b = StrictIntegerField(
        required=False, min_value=0, max_value=LEVIATHAN_CAPS.secondary
    )
    gambit_b = serializers.ChoiceField(choices=GAMBIT_CHOICES, required=False)
    battle_ready_b = serializers.ChoiceField(choices=BATTLE_READY_CHOICES, required=False)
    tactical_b = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text="8th and 7th edition only (400 not_in_pack elsewhere).",
    )
    outcome = serializers.ChoiceField(
        choices=["a_wins", "b_wins", "draw"],
        required=False,
        help_text="Who won when the battle ended early (a concession or a tabled side); "
        "otherwise it must agree with the VP. The VP stay required.",
    )
    ended = serializers.ChoiceField(
        choices=["time", "concession", "tabled"],
        required=False,
        help_text="How the battle ended; concession and tabled need `outcome` (not a draw).",
    )
    power_a = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text="Only War: the army's Power Level (equal VP: the lower one wins).",
    )
    power_b = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=VP_CEILING,
        help_text="Only War: the army's Power Level (equal VP: the lower one wins).",
    )
    rounds_a = _rounds_field(required=False)
    rounds_b = _rounds_field(required=False)
    attacker = serializers.ChoiceField(
        choices=SIDES, allow_null=True, required=False, help_text=_SIDE_HELP
    )
    first_turn = serializers.ChoiceField(
        choices=SIDES, allow_null=True, required=False, help_text=_SIDE_HELP
    )
    secondaries_a = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, required=False, help_text=_MODE_HELP
    )
    secondaries_b = serializers.ChoiceField(
        choices=SECONDARY_MODES, allow_null=True, required=False, help_text=_MODE_HELP
    )


def current_result(game: Game) -> Result | None:
    # Uses the prefetched list when there is one, so listing a round costs two queries.
    for result in game.results.all():
        if result.is_current:
            return result
    return None


class GameSerializer(StrictModelSerializer):
    table = serializers.IntegerField(source="table_number", allow_null=True)
    round = serializers.IntegerField(source="round.number")
    result = serializers.SerializerMethodField()
    primary_a = serializers.SerializerMethodField(
        help_text="11th edition: player A's own primary (printed name); null for other packs, "
        "byes, or when a player had no disposition."
    )
    primary_b = serializers.SerializerMethodField(help_text="11th edition: player B's primary.")
    layout = serializers.SerializerMethodField(help_text="11th edition: the layout letter.")
    layout_available = serializers.SerializerMethodField(
        help_text="11th edition: whether the data holds this layout (15 of 45 are missing)."
    )
    deployment = serializers.SerializerMethodField(
        help_text="11th edition: the layout's deployment map name (null where missing)."
    )

    class Meta:
        model = Game
        fields = [
            "id",
            "round",
            "table",
            "player_a",
            "player_b",
            "attacker",
            "flags",
            "result",
            "primary_a",
            "primary_b",
            "layout",
            "layout_available",
            "deployment",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_primary_a(self, game: Game) -> str | None:
        return game_fields(game)["primary_a"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_primary_b(self, game: Game) -> str | None:
        return game_fields(game)["primary_b"]

    @extend_schema_field(serializers.ChoiceField(choices=LAYOUT_LETTERS, allow_null=True))
    def get_layout(self, game: Game) -> str | None:
        return game_fields(game)["layout"]

    @extend_schema_field(serializers.BooleanField(allow_null=True))
    def get_layout_available(self, game: Game) -> bool | None:
        return game_fields(game)["layout_available"]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_deployment(self, game: Game) -> str | None:
        return game_fields(game)["deployment"]

    @extend_schema_field(ResultSerializer(allow_null=True))
    def get_result(self, game: Game) -> dict | None:
        result = current_result(game)
        return ResultSerializer(result).data if result else None


class ClockSerializer(StrictSerializer):
    """A round's clock at the moment of the answer."""

    state = serializers.ChoiceField(choices=["not_started", "running", "paused", "finished"])
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="When a running clock ends (null unless running or finished)."
    )
    remaining_s = serializers.IntegerField(
        help_text="Seconds left, rounded up (the whole length before the start, 0 once finished)."
    )
    length_s = serializers.IntegerField(help_text="The planned length, extensions included.")
    started_at = serializers.DateTimeField(allow_null=True)


class ClockInputSerializer(StrictSerializer):
    action = serializers.ChoiceField(choices=["start", "pause", "resume", "extend"])
    minutes = StrictIntegerField(
        required=False,
        min_value=-720,
        max_value=720,
        range_code="range",
        help_text="start: the length (1 to 720, default the event's round length); "
        "extend: required, minutes to add, negative to shorten (not 0, and not past the end).",
    )


class RoundMissionSerializer(MissionSummarySerializer):
    """A round's mission: the pool mission's object, and for a pack without a pool (8th, 7th
    edition, Only War) also what the generator rolled (`code` is then its shareable code,
    whose page is /missions/{code}/)."""

    pack = serializers.CharField(required=False, help_text="Packs without a pool only.")
    name = serializers.CharField(required=False, help_text="The mission's name.")
    table = serializers.CharField(required=False, help_text="The mission table it came from.")
    victory = serializers.CharField(required=False, help_text="How the mission scores VP.")
    special_rules = serializers.ListField(child=serializers.CharField(), required=False)
    approximate = serializers.BooleanField(
        required=False, help_text="The deployment map's geometry is of low confidence."
    )
    markers = serializers.IntegerField(required=False, help_text="Objective markers.")
    tactical_rule = serializers.CharField(
        required=False, help_text="Maelstrom missions: how Tactical Objectives are generated."
    )
    secondaries = serializers.ListField(child=serializers.CharField(), required=False)


class RoundSerializer(StrictModelSerializer):
    games = serializers.SerializerMethodField()
    mission = serializers.SerializerMethodField()
    clock = serializers.SerializerMethodField()
    layout = serializers.SerializerMethodField(
        help_text="11th edition, per_round layout policy: the letter named for the round "
        "(null otherwise; each game carries its own `layout`)."
    )

    class Meta:
        model = Round
        fields = [
            "number",
            "stage",
            "released",
            "status",
            "method",
            "seed",
            "pairing_cost",
            "mission",
            "layout",
            "clock",
            "games",
        ]
        read_only_fields = fields
        extra_kwargs = {
            "stage": {
                "help_text": '"swiss", or "playoff" for a knockout round of the play-offs '
                "(numbered after the Swiss; never counted in its standings)."
            },
            "released": {
                "help_text": "False while the organiser reviews the pairings (the event's "
                "review_pairings): readers who are not staff then get only number, released "
                "and an empty games list."
            },
        }

    def to_representation(self, instance):
        if not instance.released and self.context.get("hide_unreleased"):
            return unreleased_round(instance.number)
        data = super().to_representation(instance)
        if self.context.get("without_clock"):
            # A cached answer: the clock is added fresh to each response (it moves each second).
            data.pop("clock", None)
        return data

    @extend_schema_field(serializers.ChoiceField(choices=LAYOUT_LETTERS, allow_null=True))
    def get_layout(self, round_: Round) -> str | None:
        return round_.layout or None

    @extend_schema_field(ClockSerializer)
    def get_clock(self, round_: Round) -> dict | None:
        if self.context.get("without_clock"):
            return None
        return round_clock_state(round_=round_).as_api()

    @extend_schema_field(GameSerializer(many=True))
    def get_games(self, round_: Round) -> list[dict]:
        games = round_.games.select_related("round").prefetch_related("results")
        return GameSerializer(games, many=True).data

    @extend_schema_field(RoundMissionSerializer(allow_null=True))
    def get_mission(self, round_: Round) -> dict | None:
        pack, code = round_.event.mission_pack, round_.mission_code
        summary = mission_summary(pack, code)
        if summary is not None:
            summary.update(round_mission_details(pack, code))
        return summary


def unreleased_round(number: int) -> dict:
    """What a reader who is not staff sees of a round still under review."""
    return {"number": number, "released": False, "games": []}


class MissionCodeField(StrictCharField):
    """A round's mission: a pool code of a pack with a pool ("C" or "c"), or a generated
    mission code of a pack without one ("EGT-8F3KQ2-7"). The service checks it against the
    event's pack (400 `unknown_mission`)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 40)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str) or not data.strip():
            raise serializers.ValidationError(
                f"Must be a pool code such as {', '.join(MISSION_CODES[:3])}, or a generated "
                "mission code of the event's pack.",
                code="unknown_mission",
            )
        value = super().to_internal_value(data).strip()
        return value.upper() if value in MISSION_CODE_CHOICES else value


class PairingInputSerializer(StrictSerializer):
    player_a = StrictIntegerField(min_value=1)
    player_b = StrictIntegerField(
        min_value=1, allow_null=True, required=False, help_text="None: a bye."
    )
    table = StrictIntegerField(min_value=1, max_value=32767, required=False, allow_null=True)


class RoundInputSerializer(StrictSerializer):
    seed = seed_field(required=False, help_text="Same seed, same draw (default: random).")
    force = StrictBooleanField(
        required=False,
        default=False,
        help_text="Pair although results are missing, players are not checked in, or (11th "
        "edition) players have no disposition (409 no_disposition otherwise).",
    )
    mission = MissionCodeField(
        required=False,
        help_text="A pool code of the event's pack, or a generated mission code of a pack "
        "without a pool (default: the event's mission order, or the round's generated mission).",
    )
    pairings = PairingInputSerializer(
        many=True, required=False, help_text="Manual pairings instead of the engine's."
    )
    layout = serializers.ChoiceField(
        choices=LAYOUT_LETTERS,
        required=False,
        help_text="11th-edition events with the per_round layout policy: the round's layout "
        "letter (required there, 400 not_per_round for the other policies).",
    )


class GameLayoutInputSerializer(StrictSerializer):
    layout = serializers.ChoiceField(
        choices=LAYOUT_LETTERS, help_text="The game's new layout letter (11th edition only)."
    )


class RepairInputSerializer(StrictSerializer):
    seed = seed_field(required=False, help_text="Same seed, same draw (default: random).")
    force = serializers.BooleanField(
        default=False, help_text="Pair even though some active players are not checked in."
    )


class MissionChoiceSerializer(StrictSerializer):
    mission = MissionCodeField(
        help_text="A pool code of the event's pack, or a generated mission code of a pack "
        "without a pool."
    )


class SignupInputSerializer(ExtraFieldsMixin, StrictSerializer):
    """A public sign-up. The services check the rest: registration open, the name unused."""

    extra_fields_of = "signup"

    name = name_field(120)
    faction = serializers.ChoiceField(choices=list(registration_factions()))
    club = text_field(120, required=False, default="")
    email = text_field(254, required=False, default="")
    disposition = serializers.ChoiceField(
        choices=["", *DISPOSITION_IDS],
        allow_blank=True,
        required=False,
        default="",
        help_text="11th-edition events: the Force Disposition (may be given later, until the "
        "list deadline or round 1). 400 not_in_pack for another pack's event.",
    )
    battle_ready = serializers.BooleanField(
        required=False, default=False, help_text="A fully painted army (+10 VP a game)."
    )


class SignupSerializer(StrictSerializer):
    """A sign-up as its player (and the organiser) sees it: where it stands, and the link."""

    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)
    faction = serializers.CharField(read_only=True)
    club = serializers.CharField(read_only=True)
    status = serializers.ChoiceField(choices=PlayerStatus.choices, read_only=True)
    position = serializers.SerializerMethodField(
        help_text="Place on the waiting list (1 is next); null unless waiting."
    )
    private_key = serializers.CharField(read_only=True)
    link = serializers.SerializerMethodField(help_text="The player's private page.")

    def get_position(self, player: Player) -> int | None:
        return registration_position(player=player)

    def get_link(self, player: Player) -> str:
        path = reverse("player-home", kwargs={"key": player.private_key})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path
