"""The team API: thin views over teams.services."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api.bodies import refuse_body
from common.errors import Forbidden, Invalid
from teams.api.serializers import (
    MatchPairingInputSerializer,
    MemberPrivateSerializer,
    MemberSerializer,
    TeamImportSerializer,
    TeamInputSerializer,
    TeamMatchSerializer,
    TeamPrivateSerializer,
    TeamRoundInputSerializer,
    TeamRoundSerializer,
    TeamScoringOutSerializer,
    TeamScoringSerializer,
    TeamSerializer,
    TeamStandingsSerializer,
    TeamUpdateSerializer,
)
from teams.models.teams import Team, TeamMatch
from teams.services.matches import team_match_pair_players, team_match_unpair
from teams.services.rounds import team_round_create
from teams.services.scoring import team_scoring_get, team_scoring_update
from teams.services.standings import (
    team_match_view,
    team_round_data,
    team_standings_compute,
)
from teams.services.teams import (
    team_create,
    team_delete,
    team_member_add,
    team_update,
    teams_import,
    teams_named_for_public,
    teams_with_members,
)
from tournament.api.permissions import require_write_access, visible_event
from tournament.services.events.access import user_can_judge

PROVISIONAL = OpenApiParameter(
    "provisional",
    OpenApiTypes.INT,
    enum=[0, 1],
    description="1: also count results awaiting confirmation and disputed ones. "
    "Organisers and judges of the event only (403 otherwise).",
)


def _team_out(request, event, team, **kwargs):
    private = user_can_judge(request.user, event)
    if not private:
        # The public reads the event's public names (issue 36).
        teams = teams_named_for_public(event, team if kwargs.get("many") else [team])
        team = teams if kwargs.get("many") else teams[0]
    cls = TeamPrivateSerializer if private else TeamSerializer
    return cls(team, context={"private": private}, **kwargs).data


def _provisional(request, event) -> bool:
    wanted = request.query_params.get("provisional")
    if wanted not in (None, "", "0", "1"):
        raise Invalid("provisional", "invalid", gettext("Must be 0 or 1."))
    if wanted == "1":
        if not user_can_judge(request.user, event):
            raise Forbidden(
                "provisional",
                "not_staff",
                gettext("Only the event's organisers and judges see these."),
            )
        return True
    return False


class TeamListView(APIView):
    serializer_class = TeamSerializer

    @extend_schema(
        operation_id="events_teams_list",
        responses=TeamPrivateSerializer(many=True),
        description="Teams with their players; organisers and judges also see the players' "
        "and captains' private keys.",
    )
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return Response(_team_out(request, event, teams_with_members(event), many=True))

    @extend_schema(request=TeamInputSerializer, responses={201: TeamPrivateSerializer})
    def post(self, request, event_id: int):
        """Enter a team (409 not_team_event in a singles event; 409 duplicate name)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = TeamInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        team = team_create(event=event, user=request.user, name=body.validated_data["name"])
        return Response(_team_out(request, event, team), status=status.HTTP_201_CREATED)


class TeamDetailView(APIView):
    serializer_class = TeamSerializer

    @extend_schema(responses=TeamPrivateSerializer)
    def get(self, request, event_id: int, team_id: int):
        event = visible_event(request, event_id)
        team = get_object_or_404(teams_with_members(event), pk=team_id)
        return Response(_team_out(request, event, team))

    @extend_schema(request=TeamUpdateSerializer, responses=TeamPrivateSerializer)
    def patch(self, request, event_id: int, team_id: int):
        """Rename, name the captain (one of the team's players) or drop the team."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        team = get_object_or_404(Team, event=event, pk=team_id)
        read = _team_out(request, event, teams_with_members(event).get(pk=team_id))
        body = TeamUpdateSerializer(data=request.data, context={"read": read})
        body.is_valid(raise_exception=True)
        team_update(team=team, user=request.user, changes=dict(body.validated_data))
        return Response(_team_out(request, event, teams_with_members(event).get(pk=team_id)))

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, team_id: int):
        """Delete a team and its players; one already paired is refused with 409
        team_has_matches (drop it instead)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        team = get_object_or_404(Team, event=event, pk=team_id)
        refuse_body(request)
        team_delete(team=team, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamMemberView(APIView):
    serializer_class = MemberSerializer

    @extend_schema(request=MemberSerializer, responses={201: MemberPrivateSerializer})
    def post(self, request, event_id: int, team_id: int):
        """Add a player to the team: 409 team_full at the event's team size, 400 faction
        duplicate_faction when a team mate already plays that faction."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        team = get_object_or_404(Team, event=event, pk=team_id)
        body = MemberSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        player = team_member_add(team=team, user=request.user, **body.validated_data)
        team.refresh_from_db()
        data = {
            "id": player.pk,
            "name": player.name,
            "faction": player.faction,
            "club": player.club,
            "captain": team.captain_id == player.pk,
            "private_key": player.private_key,
        }
        return Response(MemberPrivateSerializer(data).data, status=status.HTTP_201_CREATED)


class TeamImportView(APIView):
    serializer_class = TeamImportSerializer

    @extend_schema(request=TeamImportSerializer, responses={201: TeamPrivateSerializer(many=True)})
    def post(self, request, event_id: int):
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = TeamImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        teams = teams_import(event=event, user=request.user, text=body.validated_data["csv"])
        rows = teams_with_members(event).filter(pk__in=[t.pk for t in teams])
        return Response(_team_out(request, event, rows, many=True), status=201)


class TeamScoringView(APIView):
    serializer_class = TeamScoringOutSerializer

    @extend_schema(responses=TeamScoringOutSerializer)
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return Response(team_scoring_get(event=event).as_dict())

    @extend_schema(request=TeamScoringSerializer, responses=TeamScoringOutSerializer)
    def patch(self, request, event_id: int):
        """Change the team scoring; null puts a setting back to its default."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        read = team_scoring_get(event=event).as_dict()
        body = TeamScoringSerializer(data=request.data, context={"read": read})
        body.is_valid(raise_exception=True)
        # The table goes to the service as sent: it checks the bands and names the failing one.
        changes = dict(body.validated_data)
        if "score_table" in changes and changes["score_table"] is not None:
            # A null band stays null, so the service refuses it by its place (not a TypeError).
            changes["score_table"] = [
                None if b is None else dict(b) for b in changes["score_table"]
            ]
        scoring = team_scoring_update(event=event, user=request.user, changes=changes)
        return Response(scoring.as_dict())


class TeamRoundListView(APIView):
    serializer_class = TeamRoundSerializer

    @extend_schema(operation_id="events_team_rounds_list", responses=TeamRoundSerializer(many=True))
    def get(self, request, event_id: int):
        event = visible_event(request, event_id)
        return Response([team_round_data(team_round=r) for r in event.team_rounds.all()])

    @extend_schema(request=TeamRoundInputSerializer, responses={201: TeamRoundSerializer})
    def post(self, request, event_id: int):
        """Pair the next team round by team Swiss (409 results_missing while the last round's
        matches are unfinished unless forced; 409 team_not_full)."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        body = TeamRoundInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        team_round = team_round_create(
            event_id=event.pk,
            user=request.user,
            seed=body.validated_data.get("seed"),
            force=body.validated_data["force"],
            layout=body.validated_data.get("layout"),
        )
        return Response(team_round_data(team_round=team_round), status=201)


class TeamRoundDetailView(APIView):
    # Provisional reads refuse the public (403): the schema says so.
    reads_are_guarded = True

    serializer_class = TeamRoundSerializer

    @extend_schema(parameters=[PROVISIONAL])
    def get(self, request, event_id: int, number: int):
        event = visible_event(request, event_id)
        team_round = get_object_or_404(event.team_rounds, number=number)
        provisional = _provisional(request, event)
        return Response(team_round_data(team_round=team_round, provisional=provisional))


def _match(event, match_id: int) -> TeamMatch:
    return get_object_or_404(
        TeamMatch.objects.select_related("team_round__event", "team_a", "team_b"),
        team_round__event=event,
        pk=match_id,
    )


class TeamMatchView(APIView):
    # Provisional reads refuse the public (403): the schema says so.
    reads_are_guarded = True

    serializer_class = TeamMatchSerializer

    @extend_schema(parameters=[PROVISIONAL])
    def get(self, request, event_id: int, match_id: int):
        event = visible_event(request, event_id)
        match = _match(event, match_id)
        return Response(team_match_view(match=match, provisional=_provisional(request, event)))


class TeamMatchPairingView(APIView):
    serializer_class = MatchPairingInputSerializer

    @extend_schema(request=MatchPairingInputSerializer, responses={201: TeamMatchSerializer})
    def post(self, request, event_id: int, match_id: int):
        """The organiser pairs the match's players (the captains' ritual does it through the
        same service): its games are made at the match's tables."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        match = _match(event, match_id)
        body = MatchPairingInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        pairs = [(p["player_a"], p["player_b"]) for p in body.validated_data["pairs"]]
        team_match_pair_players(match=match, pairs=pairs, user=request.user)
        return Response(team_match_view(match=match), status=201)

    @extend_schema(responses=TeamMatchSerializer)
    def delete(self, request, event_id: int, match_id: int):
        """Take the player pairings back while no game of the match has a result."""
        event = visible_event(request, event_id)
        require_write_access(request, event)
        match = _match(event, match_id)
        refuse_body(request)
        team_match_unpair(match=match, user=request.user)
        return Response(team_match_view(match=match))


class TeamStandingsView(APIView):
    # Provisional reads refuse the public (403): the schema says so.
    reads_are_guarded = True

    serializer_class = TeamStandingsSerializer

    @extend_schema(parameters=[PROVISIONAL])
    def get(self, request, event_id: int):
        """Teams by record (match points), then the team tie-breaks, compared exactly; a
        match counts once all its games have confirmed results (byes at once). Individual
        standings of the event's players: /api/events/{id}/standings/."""
        event = visible_event(request, event_id)
        return Response(
            team_standings_compute(event=event, provisional=_provisional(request, event))
        )
