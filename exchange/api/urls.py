from django.urls import path

from exchange.api import views

urlpatterns = [
    path("events/import/", views.EventImportView.as_view(), name="api-event-import"),
    path(
        "events/<int:event_id>/export/",
        views.EventExportView.as_view(),
        name="api-event-export",
    ),
]
