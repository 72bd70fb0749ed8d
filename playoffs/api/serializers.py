"""Bodies and answers of the play-off API."""

from __future__ import annotations

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.api.bodies import StrictSerializer
from common.api.fields import StrictBooleanField, StrictIntegerField
from playoffs.engine import FORMATS, KNOCKOUT_TIEBREAKS
from playoffs.engine.team_tiebreak import TEAM_KNOCKOUT_TIEBREAKS
from playoffs.services.playoffs import SEEDINGS


def _range(help_text: str):
    return serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=128),
        min_length=2,
        max_length=2,
        required=False,
        allow_null=True,
        help_text=help_text,
    )


class PlayoffInputSerializer(StrictSerializer):
    format = serializers.ChoiceField(
        choices=FORMATS,
        help_text=gettext_lazy(
            '"single" elimination (optionally after a qualifier), "double" elimination, '
            'or "shadow" (one round for a seed range while the others rest).'
        ),
    )
    size = StrictIntegerField(
        min_value=2, max_value=64, help_text=gettext_lazy("Players in the bracket (2 to 64).")
    )
    qualifier = _range(
        "[first, last]: these seeds play in first (first v last, ...); each winner takes the "
        "place of the higher seed of their game. The LVO's is [5, 12] for a top 8."
    )
    shadow = _range("[first, last]: seeds below the bracket who play one shadow round.")
    grand_final_reset = StrictBooleanField(
        default=True,
        help_text=gettext_lazy(
            "Double elimination: a second grand final if the losers' bracket winner wins the first."
        ),
    )
    seeding = serializers.ChoiceField(
        choices=SEEDINGS,
        default="standings",
        help_text=gettext_lazy(
            '"standings": the Swiss ranking\'s order; "organiser": the `seeds` given.'
        ),
    )
    seeds = serializers.ListField(
        child=StrictIntegerField(),
        required=False,
        help_text=gettext_lazy("Player ids (team ids in a team event), best seed first."),
    )
    knockout_tiebreak = serializers.ChoiceField(
        choices=list({**KNOCKOUT_TIEBREAKS, **TEAM_KNOCKOUT_TIEBREAKS}),
        default="higher_seed",
        help_text=gettext_lazy(
            "Who goes through on equal VP: the higher seed, the most primary VP, or the "
            "organiser's decision (POST .../playoffs/decide/). A team event's bracket (a team "
            "match within the draw margin): higher_seed, game_points (more game points, then VP, "
            "then seed), primary_vp (the team's players' primary VP summed) or organiser."
        ),
    )
    third_place = StrictBooleanField(
        default=False,
        help_text=gettext_lazy(
            "Single elimination of 4 or more: the losing semi-finalists play for 3rd "
            "(placings follow that match)."
        ),
    )
    force = StrictBooleanField(
        default=False,
        help_text=gettext_lazy("Cut although the Swiss is not finished (409 otherwise)."),
    )


class PlayoffSeedsInputSerializer(StrictSerializer):
    # A PATCH may leave every field out: it then changes nothing and answers the bracket.
    seeds = serializers.ListField(
        child=StrictIntegerField(),
        required=False,
        help_text=gettext_lazy(
            "Player ids (team ids in a team event), best seed first (same count). "
            "Left out: nothing changes."
        ),
    )


class PlayoffDecideInputSerializer(StrictSerializer):
    game = StrictIntegerField(
        required=False, help_text=gettext_lazy("The knockout game's id (singles).")
    )
    match = StrictIntegerField(
        required=False, help_text=gettext_lazy("A team bracket's knockout team match id.")
    )
    winner = StrictIntegerField(
        help_text=gettext_lazy("The id of the player (or team) who goes through.")
    )


class PlayoffSlotSerializer(serializers.Serializer):
    seed = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("A team bracket's team id (player is then null).")
    )
    name = serializers.CharField()


class PlayoffMatchGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    vp_a = serializers.IntegerField(allow_null=True)
    vp_b = serializers.IntegerField(allow_null=True)
    result_status = serializers.CharField(allow_null=True)


class PlayoffTeamMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        help_text=gettext_lazy("The team match (teams API: /api/matches/{id}/).")
    )
    round = serializers.IntegerField()
    tables = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    players_paired = serializers.BooleanField()
    complete = serializers.BooleanField()
    score_a = serializers.IntegerField(allow_null=True)
    score_b = serializers.IntegerField(allow_null=True)
    drawn = serializers.BooleanField(
        required=False,
        help_text=gettext_lazy("Complete and within the draw margin: the tie rule decided."),
    )


class PlayoffWinnerSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(allow_null=True)


class PlayoffMatchSerializer(serializers.Serializer):
    id = serializers.CharField()
    stage = serializers.CharField(
        help_text=gettext_lazy(
            "W winners', L losers', GF grand final, Q qualifier, S shadow, 3P third-place match."
        )
    )
    label = serializers.CharField()
    round = serializers.IntegerField(
        help_text=gettext_lazy("Knockout round (1 = the first after the cut).")
    )
    a = PlayoffSlotSerializer(allow_null=True, help_text="null while an earlier match decides it.")
    b = PlayoffSlotSerializer(allow_null=True)
    bye = serializers.BooleanField()
    game = PlayoffMatchGameSerializer(allow_null=True)
    team_match = PlayoffTeamMatchSerializer(
        allow_null=True, help_text="A team bracket's knockout team match (game is then null)."
    )
    winner = PlayoffWinnerSerializer(allow_null=True)


class PlayoffChampionSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class PlayoffSerializer(serializers.Serializer):
    format = serializers.CharField()
    size = serializers.IntegerField()
    entrants = serializers.ChoiceField(
        choices=["players", "teams"], help_text=gettext_lazy('"teams": a team event\'s bracket.')
    )
    third_place = serializers.BooleanField()
    qualifier = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    shadow = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    grand_final_reset = serializers.BooleanField()
    seeding = serializers.CharField()
    knockout_tiebreak = serializers.CharField()
    knockout_tiebreak_text = serializers.CharField()
    after_round = serializers.IntegerField()
    started = serializers.BooleanField()
    complete = serializers.BooleanField()
    seeds = PlayoffSlotSerializer(many=True)
    matches = PlayoffMatchSerializer(many=True)
    champion = PlayoffChampionSerializer(allow_null=True)


class PlayoffPlacingSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("A team bracket's team id.")
    )
    name = serializers.CharField()
    decided_by = serializers.ChoiceField(choices=["playoffs", "swiss"])


class PlayoffPlacingsSerializer(serializers.Serializer):
    complete = serializers.BooleanField()
    champion = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy("The champion's player id (team id in a team bracket)."),
    )
    placings = PlayoffPlacingSerializer(many=True)
