from django.urls import path

from series.api import views

base = "series/<int:series_id>/"

urlpatterns = [
    path("series/", views.SeriesListView.as_view(), name="api-series-list"),
    path(base, views.SeriesView.as_view(), name="api-series"),
    path(base + "table/", views.SeriesTableView.as_view(), name="api-series-table"),
    path(base + "events/", views.SeriesEventsView.as_view(), name="api-series-events"),
    path(
        base + "events/<int:event_id>/",
        views.SeriesEventView.as_view(),
        name="api-series-event",
    ),
]
