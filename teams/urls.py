from django.urls import path

from teams.api import ritual as ritual_api
from teams.views import organiser, public
from teams.views import ritual as ritual_pages

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
    path(
        "api/team-matches/<int:match_id>/ritual/",
        ritual_api.RitualView.as_view(),
        name="api-ritual",
    ),
    path(
        "api/events/<int:event_id>/ritual-setting/",
        ritual_api.RitualSettingView.as_view(),
        name="api-ritual-setting",
    ),
    path("p/<str:key>/ritual/", ritual_pages.captain_rituals, name="team-rituals-captain"),
    path(
        "p/<str:key>/ritual/<int:match_id>/",
        ritual_pages.captain_ritual,
        name="team-ritual-captain",
    ),
    path(
        "manage/events/<int:event_id>/team-matches/<int:match_id>/ritual/",
        ritual_pages.organiser_ritual,
        name="manage-team-ritual",
    ),
    path(
        "manage/events/<int:event_id>/team-rounds/<int:number>/print/<str:kind>/",
        ritual_pages.team_print,
        name="manage-team-print",
    ),
]
