"""The contract's missions endpoints: the tournament pool and the seeded generator."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from missions.services import mission_generate, mission_lookup, mission_pool


class PoolView(APIView):
    @extend_schema(parameters=[OpenApiParameter("pack", str, default="leviathan")])
    def get(self, request):
        return Response(mission_pool(pack_key=request.query_params.get("pack", "leviathan")))


class GenerateView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("pack", str, default="leviathan"),
            OpenApiParameter("seed", int, required=False),
        ]
    )
    def get(self, request):
        mission = mission_generate(
            pack_key=request.query_params.get("pack", "leviathan"),
            seed=request.query_params.get("seed"),
        )
        return Response(mission.to_dict())


class MissionCodeView(APIView):
    def get(self, request, code: str):
        return Response(mission_lookup(code=code).to_dict())
