"""A round, its games, clock and mission, and the bodies that pair and change rounds."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictModelSerializer,
    seed_field,
)
from missions.api.views import MissionSummarySerializer
from missions.eleventh.matrix import LAYOUT_LETTERS
from missions.services.missions import mission_summary, pool_codes, round_mission_details
from tournament.api.serializers.results import ResultSerializer, current_result
from tournament.models import Game, Round
from tournament.services.live.clock import round_clock_state
from tournament.services.rounds.eleventh import game_fields
from tournament.services.rounds.extensions import MAX_MINUTES, REASON_LIMIT, game_ends_at

# The pack's mission pool (named in the schema).
MISSION_CODES = pool_codes("leviathan")
# A round's mission may be given in either case ("k" is "K"), as the pages allow.
MISSION_CODE_CHOICES = [*MISSION_CODES, *(code.lower() for code in MISSION_CODES)]


class GameSerializer(StrictModelSerializer):
    table = serializers.IntegerField(source="table_number", allow_null=True)
    round = serializers.IntegerField(source="round.number")
    result = serializers.SerializerMethodField()
    primary_a = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "11th edition: player A's own primary (printed name); null for other packs, "
            "byes, or when a player had no disposition."
        )
    )
    primary_b = serializers.SerializerMethodField(
        help_text=gettext_lazy("11th edition: player B's primary.")
    )
    layout = serializers.SerializerMethodField(
        help_text=gettext_lazy("11th edition: the layout letter.")
    )
    layout_available = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "11th edition: whether the data holds this layout (15 of 45 are missing)."
        )
    )
    deployment = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "11th edition: the layout's deployment map name (null where missing)."
        )
    )
    extra_minutes = serializers.IntegerField(
        read_only=True,
        help_text=gettext_lazy("Minutes staff gave this table beyond the round's end."),
    )
    ends_at = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "When this table's time is up: the round clock's end plus the table's "
            "extra minutes; null while the round's clock is not running (not started, paused)."
        )
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
            "extra_minutes",
            "ends_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_ends_at(self, game: Game) -> str | None:
        ends = game_ends_at(game, game.round.clock_ends_at)
        return ends.isoformat() if ends else None

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
        allow_null=True,
        help_text=gettext_lazy("When a running clock ends (null unless running or finished)."),
    )
    remaining_s = serializers.IntegerField(
        help_text=gettext_lazy(
            "Seconds left, rounded up (the whole length before the start, 0 once finished)."
        )
    )
    length_s = serializers.IntegerField(
        help_text=gettext_lazy("The planned length, extensions included.")
    )
    started_at = serializers.DateTimeField(allow_null=True)


class ClockInputSerializer(StrictSerializer):
    action = serializers.ChoiceField(choices=["start", "pause", "resume", "extend"])
    minutes = StrictIntegerField(
        required=False,
        min_value=-720,
        max_value=720,
        range_code="range",
        help_text=gettext_lazy(
            "start: the length (1 to 720, default the event's round length); "
            "extend: required, minutes to add, negative to shorten (not 0, and not past the end)."
        ),
    )


class GameExtensionInputSerializer(StrictSerializer):
    minutes = StrictIntegerField(
        min_value=1,
        max_value=MAX_MINUTES,
        range_code="range",
        help_text=f"Minutes this table gets beyond the round's end (1 to {MAX_MINUTES}).",
    )
    reason = StrictCharField(
        max_length=REASON_LIMIT,
        help_text=gettext_lazy("Why (logged with the extension; staff read it)."),
    )


class RoundMissionSerializer(MissionSummarySerializer):
    """A round's mission: the pool mission's object, and for a pack without a pool (8th, 7th
    edition, Only War) also what the generator rolled (`code` is then its shareable code,
    whose page is /missions/{code}/)."""

    pack = serializers.CharField(
        required=False, help_text=gettext_lazy("Packs without a pool only.")
    )
    name = serializers.CharField(required=False, help_text=gettext_lazy("The mission's name."))
    table = serializers.CharField(
        required=False, help_text=gettext_lazy("The mission table it came from.")
    )
    victory = serializers.CharField(
        required=False, help_text=gettext_lazy("How the mission scores VP.")
    )
    special_rules = serializers.ListField(child=serializers.CharField(), required=False)
    approximate = serializers.BooleanField(
        required=False,
        help_text=gettext_lazy("The deployment map's geometry is of low confidence."),
    )
    markers = serializers.IntegerField(required=False, help_text=gettext_lazy("Objective markers."))
    tactical_rule = serializers.CharField(
        required=False,
        help_text=gettext_lazy("Maelstrom missions: how Tactical Objectives are generated."),
    )
    secondaries = serializers.ListField(child=serializers.CharField(), required=False)


class RoundSerializer(StrictModelSerializer):
    games = serializers.SerializerMethodField()
    mission = serializers.SerializerMethodField()
    clock = serializers.SerializerMethodField()
    layout = serializers.SerializerMethodField(
        help_text=gettext_lazy(
            "11th edition, per_round layout policy: the letter named for the round "
            "(null otherwise; each game carries its own `layout`)."
        )
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
                gettext(
                    "Must be a pool code such as %(join)s, or a generated "
                    "mission code of the event's pack."
                )
                % {"join": ", ".join(MISSION_CODES[:3])},
                code="unknown_mission",
            )
        value = super().to_internal_value(data).strip()
        return value.upper() if value in MISSION_CODE_CHOICES else value


class PairingInputSerializer(StrictSerializer):
    player_a = StrictIntegerField(min_value=1)
    player_b = StrictIntegerField(
        min_value=1, allow_null=True, required=False, help_text=gettext_lazy("None: a bye.")
    )
    table = StrictIntegerField(min_value=1, max_value=32767, required=False, allow_null=True)


class RoundInputSerializer(StrictSerializer):
    seed = seed_field(required=False, help_text="Same seed, same draw (default: random).")
    force = StrictBooleanField(
        required=False,
        default=False,
        help_text=gettext_lazy(
            "Pair although results are missing, players are not checked in, or (11th "
            "edition) players have no disposition (409 no_disposition otherwise)."
        ),
    )
    mission = MissionCodeField(
        required=False,
        help_text=gettext_lazy(
            "A pool code of the event's pack, or a generated mission code of a pack "
            "without a pool (default: the event's mission order, or the round's generated mission)."
        ),
    )
    pairings = PairingInputSerializer(
        many=True, required=False, help_text="Manual pairings instead of the engine's."
    )
    layout = serializers.ChoiceField(
        choices=LAYOUT_LETTERS,
        required=False,
        help_text=gettext_lazy(
            "11th-edition events with the per_round layout policy: the round's layout "
            "letter (required there, 400 not_per_round for the other policies)."
        ),
    )


class GameLayoutInputSerializer(StrictSerializer):
    layout = serializers.ChoiceField(
        choices=LAYOUT_LETTERS,
        help_text=gettext_lazy("The game's new layout letter (11th edition only)."),
    )


class RepairInputSerializer(StrictSerializer):
    seed = seed_field(required=False, help_text="Same seed, same draw (default: random).")
    force = serializers.BooleanField(
        default=False,
        help_text=gettext_lazy("Pair even though some active players are not checked in."),
    )


class MissionChoiceSerializer(StrictSerializer):
    mission = MissionCodeField(
        help_text=gettext_lazy(
            "A pool code of the event's pack, or a generated mission code of a pack without a pool."
        )
    )
