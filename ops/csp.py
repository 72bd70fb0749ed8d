"""A Content-Security-Policy on every answer: scripts, styles, images, fonts and requests only
from this site; inline scripts and styles only with the nonce made for this request (templates
read it as `request.csp_nonce`); no plugins, no framing, forms post only here.

A page that an attacker manages to inject markup into then runs none of it. Inline `style=`
attributes and `on...=` handlers cannot carry a nonce, so templates keep none (a test checks).
The policy is outermost, so answers the public replay (tournament/caching/replay.py) carry it too.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import DisallowedHost

from ops.push.server import stream_url

HEADER = "Content-Security-Policy"


def policy(nonce: str, *, push_origin: str = "") -> str:
    own = f"'self' 'nonce-{nonce}'"
    # The push server (game clocks' streams and players' taps) is this host's other port,
    # which is another origin: without it here, browsers refuse the stream and the tap.
    connect = f"connect-src 'self' {push_origin}" if push_origin else "connect-src 'self'"
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src {own}",
            f"style-src {own}",
            # QR codes and maps are inline SVG; the API docs' stylesheet draws icons as data:.
            "img-src 'self' data:",
            "font-src 'self'",
            connect,
            # The offline service worker (/sw.js) and nothing else runs as a worker.
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-ancestors 'none'",
            "form-action 'self'",
        ]
    )


def push_origin(request) -> str:
    """The push server's origin as this request's pages name it, or "" when none runs."""
    if not settings.PUSH_PORT:
        return ""
    try:
        return stream_url(request, "")
    except DisallowedHost:
        return ""


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.csp_nonce = secrets.token_urlsafe(18)
        response = self.get_response(request)
        # Django's debug error pages (DEBUG on, never served) style themselves inline.
        debug_page = settings.DEBUG and response.status_code >= 400
        if HEADER not in response and not debug_page:
            response[HEADER] = policy(request.csp_nonce, push_origin=push_origin(request))
        return response
