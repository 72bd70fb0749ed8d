from django.urls import path

from rosters import patrol_views

manage = "manage/events/<int:event_id>/"

urlpatterns = [
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
