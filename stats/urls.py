from django.urls import path

from stats.views import factions

urlpatterns = [
    path("events/<int:event_id>/factions/", factions.event_factions, name="event-factions"),
    path(
        "events/<int:event_id>/factions.pdf", factions.event_factions_pdf, name="event-factions-pdf"
    ),
    path("factions/", factions.factions, name="factions"),
    path("factions.pdf", factions.factions_pdf, name="factions-pdf"),
]
