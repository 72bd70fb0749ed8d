"""The contract's missions endpoints: the tournament pool and the seeded generator."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import Invalid, NotFound
from common.seeds import SEED_MAX
from missions.eleventh.matrix import DISPOSITION_IDS, LAYOUT_LETTERS
from missions.pack.registry import pack_keys
from missions.services.missions import (
    eleventh_matrix,
    eleventh_primaries,
    eleventh_secondaries,
    mission_generate_query,
    mission_lookup,
    mission_packs,
    mission_pool,
    mission_underdog,
)


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
    code = serializers.CharField(
        help_text=gettext_lazy("Shareable: the same code gives the same mission.")
    )
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
    edition = serializers.CharField(help_text=gettext_lazy('The game edition, e.g. "10th", "8th".'))
    kind = serializers.ChoiceField(
        ["cards", "classic", "matrix"],
        help_text=(
            gettext_lazy(
                "cards: drawn from decks; classic: rolled on tables; matrix: each player's primary "
                "from the two Force Dispositions (11th edition)."
            )
        ),
    )
    generates = serializers.CharField(help_text=gettext_lazy("What one generated mission holds."))
    code_prefix = serializers.CharField(
        help_text=gettext_lazy("Starts every shareable code of the pack.")
    )


class RuleSerializer(serializers.Serializer):
    name = serializers.CharField()
    summary = serializers.CharField()


class RollSerializer(serializers.Serializer):
    what = serializers.CharField(help_text=gettext_lazy("What the roll decided."))
    dice = serializers.CharField(help_text=gettext_lazy('"D6", "D3" or "D4".'))
    value = serializers.IntegerField()
    result = serializers.CharField()


class ClassicMissionDefSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    table = serializers.CharField()
    number = serializers.IntegerField(help_text=gettext_lazy("Its result on the table."))
    markers = serializers.JSONField(help_text=gettext_lazy('A count, or dice such as "D3+2".'))
    primary = serializers.CharField()
    placement = serializers.CharField()
    map_rule = serializers.CharField()
    tactical_rule = serializers.CharField()
    special_rules = RuleSerializer(many=True)


class ClassicMapSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    confidence = serializers.CharField(
        help_text=gettext_lazy("H, M, L–M or L, as in the facts gathered.")
    )
    approximate = serializers.BooleanField()
    summary = serializers.CharField()
    source = serializers.CharField()
    table_edge = serializers.CharField()
    mirrored = serializers.BooleanField(help_text=gettext_lazy("Drawn across the other diagonal."))
    width = serializers.FloatField()
    height = serializers.FloatField()


class ClassicMissionSerializer(serializers.Serializer):
    """A mission of a table pack (8th, 7th edition, Only War) with every roll made."""

    pack = serializers.CharField()
    kind = serializers.ChoiceField(["classic"])
    edition = serializers.CharField()
    seed = serializers.IntegerField()
    code = serializers.CharField(
        help_text=gettext_lazy("Shareable: the same code gives the same mission.")
    )
    rolls = RollSerializer(many=True)
    mission = ClassicMissionDefSerializer()
    deployment = ClassicMapSerializer()
    marker_count = serializers.IntegerField()
    special_rules = RuleSerializer(many=True)
    game_length = RuleSerializer()
    secondaries = RuleSerializer(many=True)
    rules = RuleSerializer(many=True)
    notes = serializers.ListField(child=serializers.CharField())


# The 11th-edition pack (kind "matrix"). Dispositions and layouts are plain strings in
# answers (their ids and letters are listed in the help texts and docs/api.md).
_DISPOSITIONS_HELP = "A Force Disposition id: " + ", ".join(DISPOSITION_IDS) + "."


class WindowSerializer(serializers.Serializer):
    moment = serializers.CharField(
        help_text=gettext_lazy(
            "end_of_your_command_phase, end_of_your_turn, end_of_either_turn or end_of_battle."
        )
    )
    rounds = serializers.ListField(
        child=serializers.IntegerField(), help_text=gettext_lazy("Battle rounds.")
    )
    vp = serializers.IntegerField(
        help_text=gettext_lazy("Flat, or per thing counted when `per` is set.")
    )
    per = serializers.CharField(allow_null=True)
    condition = serializers.CharField(help_text=gettext_lazy("In our own words."))
    adds_to_previous = serializers.BooleanField(
        help_text=gettext_lazy("A bonus on top of the line before.")
    )
    best_of = serializers.CharField(
        allow_null=True,
        help_text=gettext_lazy("Of lines sharing this tag, only the best met pays."),
    )
    max_vp = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy("Most at one scoring (null: only the caps bound it)."),
    )
    text = serializers.CharField(help_text=gettext_lazy("The whole line in words."))


class ActionSerializer(serializers.Serializer):
    name = serializers.CharField()
    summary = serializers.CharField()
    per_turn = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("null: any number.")
    )
    from_round = serializers.IntegerField()


class PrimarySerializer(serializers.Serializer):
    """An 11th-edition primary mission: our summary, its scoring windows and caps."""

    id = serializers.CharField()
    name = serializers.CharField(help_text=gettext_lazy("The printed name."))
    summary = serializers.CharField()
    disposition = serializers.CharField(help_text=_DISPOSITIONS_HELP)
    opponent_disposition = serializers.CharField(help_text=_DISPOSITIONS_HELP)
    mirror = serializers.BooleanField()
    max_vp_game = serializers.IntegerField()
    max_vp_round = serializers.IntegerField()
    windows = WindowSerializer(many=True)
    actions = ActionSerializer(many=True)


class MatchupSideSerializer(serializers.Serializer):
    player = serializers.CharField(help_text=gettext_lazy('"a" or "b".'))
    disposition = serializers.CharField(help_text=_DISPOSITIONS_HELP)
    disposition_name = serializers.CharField()
    primary = PrimarySerializer()


class MatchupSerializer(serializers.Serializer):
    """An 11th-edition matchup: each player's own primary from the two dispositions, and the
    terrain layout."""

    pack = serializers.CharField()
    kind = serializers.CharField(help_text=gettext_lazy('"matrix".'))
    edition = serializers.CharField()
    seed = serializers.IntegerField()
    code = serializers.CharField(
        help_text=gettext_lazy("Shareable: the same code gives the same matchup.")
    )
    dispositions = serializers.ListField(
        child=serializers.CharField(), help_text="[a, b]. " + _DISPOSITIONS_HELP
    )
    disposition_names = serializers.ListField(child=serializers.CharField())
    primary_a = serializers.CharField(
        help_text=gettext_lazy("Player a's primary, by its printed name.")
    )
    primary_b = serializers.CharField(
        help_text=gettext_lazy("Player b's primary, by its printed name.")
    )
    primary_a_id = serializers.CharField()
    primary_b_id = serializers.CharField()
    mirror = serializers.BooleanField(help_text=gettext_lazy("Both players play the same primary."))
    pairing = serializers.CharField(help_text=gettext_lazy("The unordered pairing's id."))
    layout = serializers.CharField(help_text=gettext_lazy('"A", "B" or "C".'))
    layout_available = serializers.BooleanField(
        help_text=gettext_lazy("False for the 15 layouts the data does not hold yet.")
    )
    deployment = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("The layout's map, or null.")
    )
    deployment_id = serializers.CharField(allow_null=True)
    sides = MatchupSideSerializer(many=True)
    data_version = serializers.CharField()


class MatrixCellSerializer(serializers.Serializer):
    own = serializers.CharField(help_text=_DISPOSITIONS_HELP)
    opponent = serializers.CharField(help_text=_DISPOSITIONS_HELP)
    primary_id = serializers.CharField()
    primary = serializers.CharField(help_text=gettext_lazy("The printed name."))
    mirror = serializers.BooleanField()


class AwardSerializer(serializers.Serializer):
    timing = serializers.CharField(
        help_text=gettext_lazy(
            "end_of_your_turn, end_of_opponent_turn (or of round 5) or end_of_either_turn."
        )
    )
    rounds = serializers.ListField(child=serializers.IntegerField())
    vp = serializers.IntegerField()
    per = serializers.CharField(allow_null=True)
    up_to = serializers.IntegerField(allow_null=True)
    condition = serializers.CharField()
    adds_to_previous = serializers.BooleanField()
    best_of = serializers.CharField(allow_null=True)
    max_vp = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()


class WhenDrawnSerializer(serializers.Serializer):
    effect = serializers.CharField(help_text=gettext_lazy("redraw, may_replace or choose."))
    optional = serializers.BooleanField()
    summary = serializers.CharField()
    rounds = serializers.ListField(child=serializers.IntegerField())
    while_active = serializers.ListField(child=serializers.CharField())
    opponent_lacks = serializers.CharField(allow_null=True)


class SecondaryCardSerializer(serializers.Serializer):
    """An 11th-edition secondary card, in our words."""

    id = serializers.CharField()
    name = serializers.CharField()
    summary = serializers.CharField()
    fixed_capable = serializers.BooleanField()
    excludes_aircraft_and_shocked = serializers.BooleanField()
    fixed = AwardSerializer(many=True)
    tactical = AwardSerializer(many=True)
    max_vp_fixed_game = serializers.IntegerField(allow_null=True)
    max_vp_tactical = serializers.IntegerField(allow_null=True)
    when_drawn = WhenDrawnSerializer(many=True)


ANY_MISSION = PolymorphicProxySerializer(
    component_name="AnyMission",
    serializers=[MissionSerializer, ClassicMissionSerializer, MatchupSerializer],
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
                description="The player who split the table into halves; on equal Power the "
                "Underdog is the other player, who assigned the halves.",
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
            OpenApiParameter(
                "a",
                str,
                enum=list(DISPOSITION_IDS),
                required=False,
                description="pack=eleventh only: player a's Force Disposition (default: rolled).",
            ),
            OpenApiParameter(
                "b",
                str,
                enum=list(DISPOSITION_IDS),
                required=False,
                description="pack=eleventh only: player b's Force Disposition (default: rolled).",
            ),
            OpenApiParameter(
                "layout",
                str,
                enum=list(LAYOUT_LETTERS),
                required=False,
                description="pack=eleventh only: the terrain layout letter (default: rolled).",
            ),
        ],
        responses=ANY_MISSION,
    )
    def get(self, request):
        """A generated mission of the pack; for `eleventh`, a matchup of two dispositions."""
        return Response(mission_generate_query(request.query_params).to_dict())


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


class EleventhMatrixView(APIView):
    @extend_schema(responses=MatrixCellSerializer(many=True))
    def get(self, request):
        """The 25 cells of the 11th-edition disposition matrix: each player's own primary."""
        return Response(eleventh_matrix())


class EleventhPrimariesView(APIView):
    @extend_schema(responses=PrimarySerializer(many=True))
    def get(self, request):
        """The 25 11th-edition primaries with their scoring windows, in our words."""
        return Response(eleventh_primaries())


class EleventhSecondariesView(APIView):
    @extend_schema(responses=SecondaryCardSerializer(many=True))
    def get(self, request):
        """The 18 11th-edition secondary cards, in our words."""
        return Response(eleventh_secondaries())
