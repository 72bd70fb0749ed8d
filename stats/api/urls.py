from django.urls import path

from stats.api import views

urlpatterns = [
    path(
        "events/<int:event_id>/factions/",
        views.EventFactionsView.as_view(),
        name="api-event-factions",
    ),
    path("factions/", views.FactionsView.as_view(), name="api-factions"),
]
