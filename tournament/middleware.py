"""Event pages show times in the event's own time zone.

One place for every event-scoped page (organiser, player, public, print): the URL names the
event (`event_id`), a player (`key`) or a print job (`job_id`), the event's zone is activated
for the request, and templates and `tournament.localtime` convert to it. Other pages keep the
site's zone. The zone is deactivated after each request, so a thread never carries one
event's zone into the next request.
"""

from __future__ import annotations

from django.db import DatabaseError
from django.utils import timezone

from tournament.localtime import zone
from tournament.services.events.events import event_time_zone_find


class EventTimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.path.startswith("/api/"):
            return  # the API answers ISO 8601 times with their offset: no zone to look up
        try:
            name = event_time_zone_find(
                event_id=view_kwargs.get("event_id"),
                player_key=view_kwargs.get("key"),
                print_job_id=view_kwargs.get("job_id"),
            )
        except DatabaseError:
            # The view will meet the same fault and answer it (503, see ops.middleware).
            return

        if name:
            timezone.activate(zone(name))
