from django.urls import path

from exchange.api import old_events, views

urlpatterns = [
    path("events/import/", views.EventImportView.as_view(), name="api-event-import"),
    path("events/import/bcp/", old_events.BcpImportView.as_view(), name="api-event-import-bcp"),
    path(
        "events/import/rounds-csv/",
        old_events.RoundsCsvImportView.as_view(),
        name="api-event-import-rounds-csv",
    ),
    path(
        "events/<int:event_id>/export/",
        views.EventExportView.as_view(),
        name="api-event-export",
    ),
]
