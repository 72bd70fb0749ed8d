from django.urls import path

from exchange.api import old_events, sheets, views

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
    # Files for ranking circuits and spreadsheets.
    path(
        "events/<int:event_id>/players.csv",
        sheets.PlayerSheetCsvView.as_view(),
        name="api-player-sheet-csv",
    ),
    path(
        "events/<int:event_id>/event.csv",
        sheets.EventSheetCsvView.as_view(),
        name="api-event-sheet-csv",
    ),
    path("events/<int:event_id>/itc.csv", sheets.ItcFormCsvView.as_view(), name="api-itc-csv"),
    path("events/<int:event_id>/ntr.txt", sheets.NtrTextView.as_view(), name="api-ntr-txt"),
    path(
        "events/<int:event_id>/event.xlsx",
        sheets.WorkbookView.as_view(),
        name="api-event-xlsx",
    ),
]
