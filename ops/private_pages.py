"""Pages opened with a private key or a tracker token are never stored.

A player's page, their result forms and their game's tracker, a standalone tracker and their
API answers show what only the key's holder may see; `Cache-Control: private, no-store` keeps
them out of any shared cache (a venue proxy) and off the disk of a borrowed phone. Public
pages keep their own caching (ETags, 304s)."""

from __future__ import annotations

from ops.logmask import SECRET_PATH

PRIVATE = "private, no-store"


def is_private_request(request) -> bool:
    if SECRET_PATH.search(request.path):
        return True
    if request.GET.get("key") or request.GET.get("token"):
        return True
    return request.headers.get("Authorization", "").startswith("Key ")


class PrivatePagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_private_request(request):
            response["Cache-Control"] = PRIVATE
        return response
