from django.urls import path

from exchange import old_events_page, views

urlpatterns = [
    path("manage/events/import/", views.event_import_page, name="manage-event-import"),
    path(
        "manage/events/import/old/",
        old_events_page.old_event_import_page,
        name="manage-old-event-import",
    ),
    path(
        "manage/events/<int:event_id>/export/",
        views.event_export_download,
        name="manage-export",
    ),
]
