"""Addresses of the pairing ritual: API, the captain's phone page, the organiser's page."""

from django.urls import path

from teams.api import ritual as api
from teams.views import ritual as pages

urlpatterns = [
    path("api/team-matches/<int:match_id>/ritual/", api.RitualView.as_view(), name="api-ritual"),
    path(
        "api/events/<int:event_id>/ritual-setting/",
        api.RitualSettingView.as_view(),
        name="api-ritual-setting",
    ),
    path("p/<str:key>/ritual/", pages.captain_rituals, name="team-rituals-captain"),
    path("p/<str:key>/ritual/<int:match_id>/", pages.captain_ritual, name="team-ritual-captain"),
    path(
        "manage/events/<int:event_id>/team-matches/<int:match_id>/ritual/",
        pages.organiser_ritual,
        name="manage-team-ritual",
    ),
    path(
        "manage/events/<int:event_id>/team-rounds/<int:number>/print/<str:kind>/",
        pages.team_print,
        name="manage-team-print",
    ),
]
