"""Army list pages (their names are the ones the tournament app's pages link to)."""

from django.urls import path

from rosters.views import armylists
from rosters.views import patrols as patrol_views

manage = "manage/events/<int:event_id>/"

urlpatterns = [
    path("events/<int:event_id>/lists/", armylists.public_lists, name="event-lists"),
    path("p/<str:key>/list/", armylists.player_list_submit, name="player-list"),
    path(manage + "lists/", armylists.list_review_page, name="manage-lists"),
    path(
        manage + "lists/<int:player_id>/review/", armylists.list_review, name="manage-list-review"
    ),
    path(
        manage + "lists/<int:player_id>/overrule/",
        armylists.list_overrule,
        name="manage-list-overrule",
    ),
    path(
        manage + "lists/<int:player_id>/recorded/",
        armylists.list_recorded,
        name="manage-list-recorded",
    ),
    path(manage + "patrols/", patrol_views.patrols_page, name="manage-patrols"),
    path(
        manage + "patrols/<int:patrol_id>/",
        patrol_views.patrol_page,
        name="manage-patrol",
    ),
    path(
        manage + "patrols/<int:patrol_id>/delete/",
        patrol_views.patrol_delete_view,
        name="manage-patrol-delete",
    ),
]
