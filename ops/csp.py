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

HEADER = "Content-Security-Policy"


def policy(nonce: str) -> str:
    own = f"'self' 'nonce-{nonce}'"
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src {own}",
            f"style-src {own}",
            # QR codes and maps are inline SVG; the API docs' stylesheet draws icons as data:.
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            # The offline service worker (/sw.js) and nothing else runs as a worker.
            "worker-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "frame-ancestors 'none'",
            "form-action 'self'",
        ]
    )


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.csp_nonce = secrets.token_urlsafe(18)
        response = self.get_response(request)
        # Django's debug error pages (DEBUG on, never served) style themselves inline.
        debug_page = settings.DEBUG and response.status_code >= 400
        if HEADER not in response and not debug_page:
            response[HEADER] = policy(request.csp_nonce)
        return response
