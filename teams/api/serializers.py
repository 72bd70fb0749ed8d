"""Shapes of the team API's bodies and answers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    name_field,
    seed_field,
    text_field,
)
from missions.eleventh.matrix import LAYOUT_LETTERS
from teams.engine.standings import TEAM_METRICS
from teams.models.teams import Team


class MemberSerializer(StrictSerializer):
    id = serializers.IntegerField(read_only=True)
    name = name_field(120)
    faction = text_field(120, required=False)
    club = text_field(120, required=False)
    captain = StrictBooleanField(
        required=False,
        help_text=gettext_lazy("Make this player the team's captain (the first one is)."),
    )


class MemberPrivateSerializer(MemberSerializer):
    private_key = serializers.CharField(read_only=True)


class TeamInputSerializer(StrictSerializer):
    name = name_field(120)


class TeamUpdateSerializer(StrictSerializer):
    name = name_field(120, required=False)
    captain = StrictIntegerField(
        required=False,
        help_text=gettext_lazy("Player id of one of the team's players (400 not_member)."),
    )
    dropped = StrictBooleanField(
        required=False, help_text=gettext_lazy("A dropped team is paired no more.")
    )


class TeamSerializer(serializers.ModelSerializer):
    """A team with its players; organisers and judges also see each player's `private_key`
    and the captain's key (`captain_key`), the one the captain's ritual pages take."""

    captain = serializers.IntegerField(source="captain_id", allow_null=True, read_only=True)
    members = serializers.SerializerMethodField()
    full = serializers.SerializerMethodField()

    class Meta:
        model = Team
        fields = ["id", "name", "captain", "dropped", "first_round", "full", "members"]
        read_only_fields = fields

    def _private(self) -> bool:
        return bool(self.context.get("private"))

    @extend_schema_field(MemberPrivateSerializer(many=True))
    def get_members(self, team: Team) -> list[dict]:
        cls = MemberPrivateSerializer if self._private() else MemberSerializer
        rows = []
        for member in team.members.all():
            player = member.player
            data = cls(
                {
                    "id": player.pk,
                    "name": player.name,
                    "faction": player.faction,
                    "club": player.club,
                    "captain": player.pk == team.captain_id,
                    "private_key": player.private_key,
                }
            ).data
            rows.append(data)
        return rows

    def get_full(self, team: Team) -> bool:
        return team.members.count() >= team.event.team_size


class TeamPrivateSerializer(TeamSerializer):
    captain_key = serializers.SerializerMethodField()

    class Meta(TeamSerializer.Meta):
        fields = [*TeamSerializer.Meta.fields, "captain_key"]
        read_only_fields = fields

    def get_captain_key(self, team: Team) -> str | None:
        return team.captain_key


class TeamImportSerializer(StrictSerializer):
    csv = StrictCharField(
        help_text=gettext_lazy(
            "Lines `team,name,faction[,club]` (a header line naming them may come "
            "first). Every line or none; an error names its line."
        )
    )


class BandSerializer(StrictSerializer):
    up_to = StrictIntegerField(min_value=0, allow_null=True)
    points = StrictIntegerField(min_value=10, max_value=20)


class TeamScoringSerializer(StrictSerializer):
    score_table = BandSerializer(
        many=True,
        allow_null=True,
        required=False,
        help_text="Bands of VP difference: a game won by up to `up_to` (null: any larger) "
        "gives the winner `points` of 20 and the loser the rest. Null: the WTC 20-0 table. "
        "Checked: the first band scores 10, bands ascend and cover every difference, points "
        "never fall (400 score_table).",
    )
    draw_margin = StrictIntegerField(
        min_value=0,
        max_value=160,
        allow_null=True,
        required=False,
        help_text=gettext_lazy(
            "A match is drawn while the teams' scores differ by at most this (default "
            "10); beyond it the higher score wins. Null: the default."
        ),
    )
    bye_score = StrictIntegerField(
        min_value=0,
        max_value=160,
        allow_null=True,
        required=False,
        help_text=gettext_lazy(
            "A bye's team score (default: the narrowest winning score). Null: default."
        ),
    )
    tiebreaks = serializers.ListField(
        child=serializers.ChoiceField(choices=sorted(TEAM_METRICS)),
        allow_null=True,
        required=False,
        help_text=gettext_lazy("Team tie-breaks after match points (default game_points, vp)."),
    )


class TeamScoringOutSerializer(StrictSerializer):
    score_table = BandSerializer(many=True)
    custom_table = serializers.BooleanField()
    draw_margin = serializers.IntegerField()
    bye_score = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    team_size = serializers.IntegerField()
    match_points_total = serializers.IntegerField(
        help_text=gettext_lazy("The points of one team match (20 per game).")
    )


class TeamRoundInputSerializer(StrictSerializer):
    seed = seed_field(required=False, allow_null=True)
    force = StrictBooleanField(
        default=False,
        help_text=gettext_lazy(
            "Pair although the last round's matches are not finished (or, 11th edition, "
            "players have no disposition: 409 no_disposition otherwise)."
        ),
    )
    layout = serializers.ChoiceField(
        choices=LAYOUT_LETTERS,
        required=False,
        help_text=gettext_lazy(
            "11th-edition events with the per_round layout policy: the round's letter."
        ),
    )


class NamedSerializer(StrictSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MatchGameSerializer(StrictSerializer):
    game = serializers.IntegerField(
        help_text=gettext_lazy("The game's id: results go to /api/games/{id}/.")
    )
    table = serializers.IntegerField(allow_null=True)
    player_a = NamedSerializer()
    player_b = NamedSerializer()
    status = serializers.CharField(
        help_text=gettext_lazy("pending, confirmed, disputed or missing.")
    )
    vp_a = serializers.IntegerField(allow_null=True)
    vp_b = serializers.IntegerField(allow_null=True)
    points_a = serializers.IntegerField(allow_null=True)
    points_b = serializers.IntegerField(allow_null=True)
    primary_a = serializers.CharField(
        allow_null=True,
        help_text=gettext_lazy("11th edition: player A's own primary (null otherwise)."),
    )
    primary_b = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("11th edition: player B's.")
    )
    layout = serializers.CharField(
        allow_null=True, help_text=gettext_lazy("11th edition: A, B or C.")
    )
    layout_available = serializers.BooleanField(allow_null=True)
    deployment = serializers.CharField(allow_null=True)


class TeamMatchSerializer(StrictSerializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    team_a = NamedSerializer()
    team_b = NamedSerializer(allow_null=True)
    bye = serializers.BooleanField()
    tables = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text=gettext_lazy("First and last table."),
    )
    players_paired = serializers.BooleanField()
    players_paired_by = serializers.CharField(allow_null=True)
    games = MatchGameSerializer(many=True)
    complete = serializers.BooleanField()
    score_a = serializers.IntegerField()
    score_b = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField(
        allow_null=True,
        help_text=gettext_lazy("won, drawn or lost (team A's), bye; null until complete."),
    )


class TeamRoundSerializer(StrictSerializer):
    number = serializers.IntegerField()
    round = serializers.IntegerField(
        help_text=gettext_lazy("The round holding the individual games.")
    )
    seed = serializers.IntegerField(allow_null=True)
    pairing_cost = serializers.DictField()
    mission_code = serializers.CharField(allow_blank=True)
    stage = serializers.ChoiceField(
        choices=["swiss", "playoff"],
        help_text=gettext_lazy(
            '"playoff": a knockout round of a team bracket (never in the team standings).'
        ),
    )
    matches = TeamMatchSerializer(many=True)


class PairSerializer(StrictSerializer):
    player_a = StrictIntegerField(help_text=gettext_lazy("A player of team A."))
    player_b = StrictIntegerField(help_text=gettext_lazy("A player of team B."))


class MatchPairingInputSerializer(StrictSerializer):
    pairs = PairSerializer(
        many=True,
        help_text="Every player of each team exactly once; tables follow the list's order "
        "(400 pairs: wrong_team, paired_twice, unpaired).",
    )


class TeamStandingsRowSerializer(StrictSerializer):
    rank = serializers.IntegerField(min_value=1)
    tied = serializers.BooleanField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    dropped = serializers.BooleanField()
    mp = serializers.FloatField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    played = serializers.IntegerField()
    record = serializers.CharField()
    game_points = serializers.IntegerField()
    vp = serializers.IntegerField()
    tiebreak_values = serializers.ListField(child=serializers.FloatField())
    display = serializers.DictField(child=serializers.CharField())
    final_place = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text=gettext_lazy(
            "Events with a team bracket: the team's final place once it is finished "
            "(null until then); absent otherwise. The rows stay in the team Swiss order."
        ),
    )


class UnfinishedMatchSerializer(StrictSerializer):
    round = serializers.IntegerField()
    match = serializers.IntegerField()
    teams = serializers.ListField(child=serializers.CharField())
    games = serializers.IntegerField()
    confirmed = serializers.IntegerField()
    players_paired = serializers.BooleanField()


class TeamStandingsSerializer(StrictSerializer):
    tiebreaks = serializers.ListField(child=serializers.CharField())
    tiebreak_labels = serializers.ListField(child=serializers.CharField())
    provisional = serializers.BooleanField()
    unfinished_matches = UnfinishedMatchSerializer(
        many=True, help_text="Matches not counted yet: results missing or unconfirmed."
    )
    rows = TeamStandingsRowSerializer(many=True)
