"""The contract's missions endpoints: the tournament pool and the seeded generator."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from missions.pack.registry import pack_keys
from missions.services import mission_generate, mission_lookup, mission_pool
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
        responses=MissionSerializer,
    )
    def get(self, request):
        mission = mission_generate(
            pack_key=request.query_params.get("pack", "leviathan"),
            seed=request.query_params.get("seed"),
        )
        return Response(mission.to_dict())


class MissionCodeView(APIView):
    @extend_schema(responses=MissionSerializer)
    def get(self, request, code: str):
        """The mission behind a shareable code (a generated one, or a pool letter)."""
        try:
            mission = mission_lookup(code=code)
        except Invalid as exc:
            # A code in the path that names no mission is a missing resource, not a bad body.
            raise NotFound.from_errors(exc.errors) from exc
        return Response(mission.to_dict())
