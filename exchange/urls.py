from django.urls import path

from exchange import views

urlpatterns = [
    path("manage/events/import/", views.event_import_page, name="manage-event-import"),
    path(
        "manage/events/<int:event_id>/export/",
        views.event_export_download,
        name="manage-export",
    ),
]
