"""The contract's missions endpoints: the tournament pool and the seeded generator."""

from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from missions.pack.registry import pack_keys
from missions.services import (
    mission_generate,
    mission_lookup,
    mission_packs,
    mission_pool,
    mission_underdog,
)
from tournament.errors import Invalid, NotFound
from tournament.services.rounds import SEED_MAX


class MissionSummarySerializer(serializers.Serializer):
    """A pool mission of the pack: the contract's `mission` object."""

    code = serializers.CharField()
    primary = serializers.CharField()
    mission_rule = serializers.CharField()
    deployment = serializers.CharField()
    terrain_layouts = serializers.ListField(child=serializers.IntegerField())


PACK_PARAM = OpenApiParameter("pack", str, enum=list(pack_keys()), default="leviathan")


class MarkerSerializer(serializers.Serializer):
    id = serializers.CharField()
    x = serializers.FloatField()
    y = serializers.FloatField()
    tag = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())


class MissionSerializer(serializers.Serializer):
    """A whole mission: its cards, deployment and objective markers (inches)."""

    pack = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    code = serializers.CharField(help_text="Shareable: the same code gives the same mission.")
    pool_code = serializers.CharField(allow_null=True)
    deployment = serializers.CharField()
    mission_rules = serializers.ListField(child=serializers.CharField())
    primary = serializers.CharField()
    discarded = serializers.ListField(child=serializers.CharField())
    terrain_layouts = serializers.ListField(child=serializers.IntegerField())
    hidden_supplies_corners = serializers.ListField(
        child=serializers.ListField(child=serializers.FloatField())
    )
    markers = MarkerSerializer(many=True)
    removed_markers = MarkerSerializer(many=True)
    notes = serializers.ListField(child=serializers.CharField())
    placement = serializers.DictField(required=False)


class PackSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    edition = serializers.CharField(help_text='The game edition, e.g. "10th", "8th".')
    kind = serializers.ChoiceField(
        ["cards", "classic"], help_text="cards: drawn from decks; classic: rolled on tables."
    )
    generates = serializers.CharField(help_text="What one generated mission holds.")
    code_prefix = serializers.CharField(help_text="Starts every shareable code of the pack.")


class RuleSerializer(serializers.Serializer):
    name = serializers.CharField()
    summary = serializers.CharField()


class RollSerializer(serializers.Serializer):
    what = serializers.CharField(help_text="What the roll decided.")
    dice = serializers.CharField(help_text='"D6", "D3" or "D4".')
    value = serializers.IntegerField()
    result = serializers.CharField()


class ClassicMissionDefSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    table = serializers.CharField()
    number = serializers.IntegerField(help_text="Its result on the table.")
    markers = serializers.JSONField(help_text='A count, or dice such as "D3+2".')
    primary = serializers.CharField()
    placement = serializers.CharField()
    map_rule = serializers.CharField()
    tactical_rule = serializers.CharField()
    special_rules = RuleSerializer(many=True)


class ClassicMapSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    confidence = serializers.CharField(help_text="H, M, L–M or L, as in the facts gathered.")
    approximate = serializers.BooleanField()
    summary = serializers.CharField()
    source = serializers.CharField()
    table_edge = serializers.CharField()
    mirrored = serializers.BooleanField(help_text="Drawn across the other diagonal.")
    width = serializers.FloatField()
    height = serializers.FloatField()


class ClassicMissionSerializer(serializers.Serializer):
    """A mission of a table pack (8th, 7th edition, Only War) with every roll made."""

    pack = serializers.CharField()
    kind = serializers.ChoiceField(["classic"])
    edition = serializers.CharField()
    seed = serializers.IntegerField()
    code = serializers.CharField(help_text="Shareable: the same code gives the same mission.")
    rolls = RollSerializer(many=True)
    mission = ClassicMissionDefSerializer()
    deployment = ClassicMapSerializer()
    marker_count = serializers.IntegerField()
    special_rules = RuleSerializer(many=True)
    game_length = RuleSerializer()
    secondaries = RuleSerializer(many=True)
    rules = RuleSerializer(many=True)
    notes = serializers.ListField(child=serializers.CharField())


ANY_MISSION = PolymorphicProxySerializer(
    component_name="AnyMission",
    serializers=[MissionSerializer, ClassicMissionSerializer],
    resource_type_field_name=None,
)


# Named in the schema as UnderdogPlayerEnum (settings' ENUM_NAME_OVERRIDES): another "player"
# choice field elsewhere would otherwise share the name PlayerEnum.
UNDERDOG_PLAYERS = ["a", "b"]


class UnderdogSerializer(serializers.Serializer):
    player = serializers.ChoiceField(UNDERDOG_PLAYERS)
    command_rerolls = serializers.IntegerField()
    reason = serializers.CharField()


class PacksView(APIView):
    @extend_schema(responses=PackSerializer(many=True))
    def get(self, request):
        """Every mission pack the generator knows."""
        return Response(mission_packs())


class UnderdogView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("power_a", {"type": "integer", "minimum": 0}, required=True),
            OpenApiParameter("power_b", {"type": "integer", "minimum": 0}, required=True),
            OpenApiParameter(
                "split_by",
                str,
                enum=["a", "b"],
                default="a",
                description="The player who split the table: the Underdog on equal Power.",
            ),
        ],
        responses=UnderdogSerializer,
    )
    def get(self, request):
        """Only War: the Underdog and its Command re-rolls from the two Power Levels."""
        q = request.query_params
        return Response(
            mission_underdog(
                power_a=q.get("power_a"), power_b=q.get("power_b"), split_by=q.get("split_by", "a")
            )
        )


class PoolView(APIView):
    @extend_schema(parameters=[PACK_PARAM], responses=MissionSummarySerializer(many=True))
    def get(self, request):
        return Response(mission_pool(pack_key=request.query_params.get("pack", "leviathan")))


class GenerateView(APIView):
    @extend_schema(
        parameters=[
            PACK_PARAM,
            OpenApiParameter(
                "seed",
                {"type": "integer", "minimum": 0, "maximum": SEED_MAX},
                required=False,
                description="Same seed, same mission (default: random).",
            ),
        ],
        responses=ANY_MISSION,
    )
    def get(self, request):
        mission = mission_generate(
            pack_key=request.query_params.get("pack", "leviathan"),
            seed=request.query_params.get("seed"),
        )
        return Response(mission.to_dict())


class MissionCodeView(APIView):
    @extend_schema(responses=ANY_MISSION)
    def get(self, request, code: str):
        """The mission behind a shareable code (a generated one, or a pool letter)."""
        try:
            mission = mission_lookup(code=code)
        except Invalid as exc:
            # A code in the path that names no mission is a missing resource, not a bad body.
            raise NotFound.from_errors(exc.errors) from exc
        return Response(mission.to_dict())
