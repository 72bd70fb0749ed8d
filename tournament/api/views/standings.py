from datetime import UTC, datetime

from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.views import APIView

from common.api.bodies import StrictSerializer
from common.errors import Forbidden, Invalid
from tournament.api.permissions import visible_event
from tournament.caching import cached
from tournament.caching.cached import event_etag, standings_computed, standings_status_computed
from tournament.caching.conditional import cached_json, etag_matches
from tournament.caching.replay import replayable
from tournament.caching.revision import event_revisions
from tournament.models import PenaltyKind
from tournament.services.events.access import user_can_judge
from tournament.services.players.public import names_audience, rows_named_for_public
from tournament.services.results.progress import standings_status

AS_OF = "X-Standings-As-Of"

ROUND = OpenApiParameter(
    "round", OpenApiTypes.INT, description="Standings as of this round (default: all rounds)."
)
PROVISIONAL = OpenApiParameter(
    "provisional",
    OpenApiTypes.INT,
    enum=[0, 1],
    description="1: also count results awaiting confirmation and disputed ones. "
    "Organisers and judges of the event only (403 otherwise).",
)


def _as_of(request) -> int | None:
    as_of = request.query_params.get("round")
    if as_of is not None and not as_of.isdigit():
        raise Invalid("round", "invalid", gettext("Must be a round number."))
    return int(as_of) if as_of else None


def _headers(status) -> dict[str, str]:
    return {
        "X-Results-Unconfirmed": str(status.unconfirmed),
        "X-Results-Disputed": str(status.disputed),
        "X-Results-Missing": str(status.missing),
        "X-Standings-After-Round": str(status.last_complete),
    }


class PenaltyMarkSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=PenaltyKind.choices)
    round = serializers.IntegerField(min_value=1)
    vp = serializers.IntegerField(min_value=0)
    mark = serializers.CharField(
        help_text=gettext_lazy('A short mark: "W", "YC", "RC", "−VP", "GL".')
    )
    words = serializers.CharField(help_text=gettext_lazy('In words: "Yellow card, round 2".'))


class StandingsRowSerializer(StrictSerializer):
    """One row; each of the event's tie-break metrics (and `owr`, `vp`) is a further number
    key, and `display` holds every value as people read it."""

    rank = serializers.IntegerField(min_value=1)
    tied = serializers.BooleanField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    faction = serializers.CharField(allow_blank=True)
    club = serializers.CharField(allow_blank=True)
    dropped = serializers.BooleanField()
    mp = serializers.FloatField()
    wins = serializers.IntegerField(min_value=0)
    draws = serializers.IntegerField(min_value=0)
    losses = serializers.IntegerField(min_value=0)
    byes = serializers.IntegerField(min_value=0)
    played = serializers.IntegerField(min_value=0)
    record = serializers.CharField()
    tiebreak_values = serializers.ListField(
        child=serializers.FloatField(),
        help_text=gettext_lazy("The event's tie-break metrics, in order."),
    )
    penalties = PenaltyMarkSerializer(
        many=True,
        help_text="Penalties and cards given to the player (kind and round; never the reason). "
        "A vp_penalty's VP are already taken from `vp`; a game_loss is counted in the record.",
    )
    display = serializers.DictField(child=serializers.CharField())


class StandingsView(APIView):
    serializer_class = StandingsRowSerializer
    # Reads here refuse some callers (403: provisional standings): the schema says so.
    reads_are_guarded = True

    @extend_schema(
        parameters=[ROUND, PROVISIONAL],
        description="A bare list of rows, best first. Public standings count confirmed "
        "results and byes only. Headers: X-Results-Unconfirmed, X-Results-Disputed and "
        "X-Results-Missing count the results left out; X-Standings-After-Round names the "
        "last round with every result confirmed; X-Standings-Provisional is 1 when "
        "unconfirmed results were counted; X-Standings-As-Of is the moment (UTC) the rows "
        "hold: public standings may trail the newest confirmation by up to 5 s.",
        responses={200: StandingsRowSerializer(many=True)},
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        as_of = _as_of(request)
        wanted = request.query_params.get("provisional", "0")
        if wanted not in ("0", "1"):
            raise Invalid("provisional", "invalid", gettext("Must be 0 or 1."))
        provisional = wanted == "1"
        if provisional and not user_can_judge(request.user, event):
            raise Forbidden(
                "provisional",
                "not_staff",
                gettext("Only this event's organisers and judges may see provisional standings."),
            )

        # Organisers and judges read exactly; the public may trail by a few seconds while a
        # newer computation runs (services/cached.py), and is told as of when.
        staff = user_can_judge(request.user, event)
        exact = provisional or staff
        revisions = event_revisions(event_id=event.pk)  # first: the data is read after it
        revision = revisions.event if provisional else revisions.standings
        # The public reads the event's public names (issue 36): an answer of their own.
        variant = f"{as_of}:{int(provisional)}:{names_audience(event, staff=staff)}"
        newest = event_etag(event=event, revision=revision, name="standings", variant=variant)
        rows = None
        if not etag_matches(request, newest):
            # The rows the pages show too, computed once for both; the JSON is made once per
            # computation of the rows, under its revision (the one the ETag names).
            rows = standings_computed(
                event=event,
                as_of_round=as_of,
                provisional=provisional,
                revision=revision,
                exact=exact,
            )

        def compute():
            shown = rows.value if staff else rows_named_for_public(event, rows.value)
            return shown, {"X-Standings-Provisional": "1" if provisional else "0"}

        def counts():
            # The counts move with every entry, the standings only with confirmed ones: these
            # come from their own cheap computation, fresh on every answer (304s too).
            status = standings_status_computed(
                event=event, as_of_round=as_of, revision=revisions.event, exact=exact
            ).value
            return _headers(status)

        response = cached_json(
            request,
            event=event,
            name="standings",
            variant=variant,
            compute=compute,
            revision=revision if rows is None else rows.revision,
            fresh_headers=counts,
        )
        held = (
            rows.as_of_for(revision)
            if rows is not None
            else datetime.fromtimestamp(cached.clock(), UTC)
        )
        response[AS_OF] = held.strftime("%Y-%m-%dT%H:%M:%SZ")
        # Phones poll this at the end of a round: the public may be given it again for a
        # moment without the framework (tournament/caching/replay.py).
        return replayable(response)


class StandingsStatusSerializer(StrictSerializer):
    last_complete_round = serializers.IntegerField(
        help_text=gettext_lazy(
            "The highest round N with every game of rounds 1..N confirmed (0: none)."
        )
    )
    round_in_play = serializers.IntegerField(
        allow_null=True,
        help_text=gettext_lazy("The latest round while it lacks a confirmed result."),
    )
    in_play_confirmed = serializers.IntegerField(allow_null=True)
    in_play_games = serializers.IntegerField(
        allow_null=True, help_text=gettext_lazy("Games between two players; byes count at once.")
    )
    unconfirmed = serializers.IntegerField(help_text=gettext_lazy("Entries awaiting the opponent."))
    disputed = serializers.IntegerField()
    missing = serializers.IntegerField(help_text=gettext_lazy("Games with no result entered."))
    heading = serializers.CharField(help_text=gettext_lazy("The heading the standings pages show."))


class StandingsStatusView(APIView):
    serializer_class = StandingsStatusSerializer

    @extend_schema(parameters=[ROUND], responses=StandingsStatusSerializer)
    def get(self, request, event_id: int):
        """How far the results have come: what the published standings count and leave out."""
        event = visible_event(request, event_id)
        as_of = _as_of(request)

        def compute():
            status = standings_status(event=event, as_of_round=as_of)
            return status.as_dict(), _headers(status)

        return cached_json(
            request,
            event=event,
            name="status",
            variant=as_of,
            compute=compute,
            exact=user_can_judge(request.user, event),
            as_of_header=AS_OF,
        )
