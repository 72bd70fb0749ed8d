from django.urls import path

from teams.views import organiser, public

manage = "manage/events/<int:event_id>/"

urlpatterns = [
    path("events/<int:event_id>/teams/", public.event_teams, name="event-teams"),
    path(
        "events/<int:event_id>/team-pairings/",
        public.event_team_pairings,
        name="event-team-pairings",
    ),
    path(
        "events/<int:event_id>/team-standings/",
        public.event_team_standings,
        name="event-team-standings",
    ),
    path(manage + "teams/", organiser.teams_page, name="manage-teams"),
    path(manage + "teams/add/", organiser.team_add, name="manage-team-add"),
    path(manage + "teams/import/", organiser.teams_import_page, name="manage-teams-import"),
    path(manage + "teams/scoring/", organiser.scoring_page, name="manage-team-scoring"),
    path(manage + "teams/<int:team_id>/", organiser.team_page, name="manage-team"),
    path(
        manage + "teams/<int:team_id>/members/add/",
        organiser.member_add,
        name="manage-team-member-add",
    ),
    path(
        manage + "teams/<int:team_id>/delete/",
        organiser.team_delete_view,
        name="manage-team-delete",
    ),
    path(manage + "team-rounds/", organiser.team_rounds_page, name="manage-team-rounds"),
    path(manage + "team-rounds/pair/", organiser.team_round_pair, name="manage-team-round-pair"),
    path(
        manage + "team-matches/<int:match_id>/pair/",
        organiser.match_pair,
        name="manage-team-match-pair",
    ),
    path(
        manage + "team-matches/<int:match_id>/unpair/",
        organiser.match_unpair,
        name="manage-team-match-unpair",
    ),
]
