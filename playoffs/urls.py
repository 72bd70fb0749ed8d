from django.urls import path

from playoffs.views import public

urlpatterns = [
    path("events/<int:event_id>/playoffs/", public.event_playoffs, name="event-playoffs"),
    path(
        "events/<int:event_id>/playoffs/bracket.pdf",
        public.event_playoffs_pdf,
        name="event-playoffs-pdf",
    ),
]
