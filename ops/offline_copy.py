"""Which answers a phone may keep as its offline copy (issue 33).

The service worker (static/js/sw.js) keeps a page for reading without the network only when the
answer says `X-Offline-Copy: page`. A worker cannot see cookies, so the server decides: only the
pages a player reads at the table (their private page, the public pairings and standings, the
game tracker), only a whole page (never an htmx fragment, which shares the page's address), and
never an answer that belongs to a signed-in session, so no organiser's or judge's view of a page
is left on a phone for the next person to read offline."""

from __future__ import annotations

from django.conf import settings

HEADER = "X-Offline-Copy"
# URL names of the pages kept offline; a player's page is one address per key, so the copy is
# that key holder's own.
OFFLINE_PAGES = frozenset(
    {"player-home", "event-pairings", "event-standings", "tracker-game", "tracker"}
)


def offline_copy_allowed(request, response) -> bool:
    match = getattr(request, "resolver_match", None)
    if request.method != "GET" or response.status_code != 200 or match is None:
        return False
    if match.url_name not in OFFLINE_PAGES or request.headers.get("HX-Request"):
        return False
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    session = settings.SESSION_COOKIE_NAME
    return session not in request.COOKIES and session not in response.cookies


class OfflineCopyMiddleware:
    """Outside the session middleware, so it sees the session cookie that one sets."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if offline_copy_allowed(request, response):
            response[HEADER] = "page"
        return response
