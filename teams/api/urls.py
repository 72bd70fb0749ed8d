from django.urls import path

from teams.api import sheets, views

urlpatterns = [
    path("events/<int:event_id>/teams/", views.TeamListView.as_view(), name="api-teams"),
    path(
        "events/<int:event_id>/teams/import/",
        views.TeamImportView.as_view(),
        name="api-teams-import",
    ),
    path(
        "events/<int:event_id>/teams/<int:team_id>/",
        views.TeamDetailView.as_view(),
        name="api-team",
    ),
    path(
        "events/<int:event_id>/teams/<int:team_id>/members/",
        views.TeamMemberView.as_view(),
        name="api-team-members",
    ),
    path(
        "events/<int:event_id>/team-scoring/",
        views.TeamScoringView.as_view(),
        name="api-team-scoring",
    ),
    path(
        "events/<int:event_id>/team-rounds/",
        views.TeamRoundListView.as_view(),
        name="api-team-rounds",
    ),
    path(
        "events/<int:event_id>/team-rounds/<int:number>/",
        views.TeamRoundDetailView.as_view(),
        name="api-team-round",
    ),
    path(
        "events/<int:event_id>/team-matches/<int:match_id>/",
        views.TeamMatchView.as_view(),
        name="api-team-match",
    ),
    path(
        "events/<int:event_id>/team-matches/<int:match_id>/pairings/",
        views.TeamMatchPairingView.as_view(),
        name="api-team-match-pairings",
    ),
    path(
        "events/<int:event_id>/team-standings/",
        views.TeamStandingsView.as_view(),
        name="api-team-standings",
    ),
    path(
        "events/<int:event_id>/teams.csv",
        sheets.TeamSheetCsvView.as_view(),
        name="api-team-sheet-csv",
    ),
]
