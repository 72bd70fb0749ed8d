from django.urls import path

from exchange.views import events as views
from exchange.views import old_events as old_events_page

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
